"""The par's last and strongest step: large-neighbourhood search on the exact CP-SAT model of
the challenge (:mod:`~.par_model`), then the model's proved upper bound.

Starting from a legal play (the beam search's par), each step frees a few rolls drawn at
random, keeps every other roll's answer, and asks
CP-SAT for the best answers to the freed rolls (the incumbent's answers are the hint). A
play that the main engine scores higher (replayed by the legality checker, and alike under
both readings of star service) becomes the incumbent. Then the whole model is solved from
the incumbent for a fixed budget: its objective bound is a proved upper bound on every
play's score, recorded beside the par; where it equals the par, the par is the best possible.

Everything is deterministic: one worker, a fixed seed, deterministic time limits (never
wall-clock), neighbourhoods drawn from a generator seeded by the challenge's id. So the same
challenge gives the same par and bound on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core import cpsat
from spacebowl_print.games.hubble.model.challenge import Challenge, PlayLog, Turn
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.rules.cpsat import CPSAT_SEED
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.par_model import ParModel
from spacebowl_print.games.hubble.solve.par_polish import unambiguous
from spacebowl_print.games.hubble.solve.par_settings import ExactSettings


@dataclass(frozen=True)
class ExactResult:
    """The improved play, its total, and the proved upper bound on any play's total."""

    play: PlayLog
    total: int
    bound: int | None
    """None when the budget ran out before CP-SAT proved a bound."""
    improved_steps: int


def _solver(time: float, seed: int) -> Any:
    solver = cpsat.new_solver()
    p = solver.parameters
    p.num_workers = 1
    p.random_seed = seed
    p.max_deterministic_time = time
    p.linearization_level = 2  # the comets' and constellations' constraints in the LP
    p.cp_model_probing_level = 0  # probing the whole model would eat the bound's budget
    return solver


def _total(challenge: Challenge, cards: Sequence[Constellation], play: PlayLog) -> int | None:
    """The main engine's total of ``play``, or None when the pad would read differently
    under the other reading of star service (such a pad is never published)."""
    pad = replay(challenge, play)
    if not unambiguous("".join(pad.cells), cards, challenge.geometry):
        return None
    return score_pad(pad, cards).total


def neighbourhoods(challenge: Challenge, settings: ExactSettings
                   ) -> list[tuple[list[int], float]]:
    """The rolls each step frees, with its time: ``steps`` random sets of ``window`` rolls
    from a generator seeded by the challenge's id (random sets found more per CPU second
    than windows of consecutive rolls: they let far-apart rolls trade cells)."""
    count = len(challenge.rolls)
    rng = random.Random(f"hubble-lns|{challenge.id}|{count}")
    k = min(settings.window, count)
    return [(sorted(rng.sample(range(count), k)), settings.step_time)
            for _ in range(settings.steps)]


def _answers(play: PlayLog, count: int) -> list[Turn | None]:
    """One answer per roll: the log's turns, then None (the game is over)."""
    return [play.turns[i] if i < len(play.turns) else None for i in range(count)]


def improve(challenge: Challenge, cards: Sequence[Constellation], start: PlayLog,
            settings: ExactSettings) -> tuple[PlayLog, int, int]:
    """Large-neighbourhood search from the legal play ``start``: the best play found, its
    total and the number of steps that improved it."""
    best = start
    total = _total(challenge, cards, start)
    if total is None:
        raise ValueError("the starting play must read alike under both readings")
    count = len(challenge.rolls)
    improved = 0
    for k, (free, time) in enumerate(neighbourhoods(challenge, settings)):
        answers = _answers(best, count)
        fixed = {i: t for i, t in enumerate(answers) if i not in free}
        model = ParModel(challenge, cards, fixed)
        for lit, value in model.hint_values(best).items():
            model.model.add_hint(lit, value)
        model.model.add(model.objective >= total + 1)  # only a better play is worth a look
        solver = _solver(time, CPSAT_SEED + k)
        status = cpsat.solve(solver, model.model)
        if status not in (cpsat.cp_model().OPTIMAL, cpsat.cp_model().FEASIBLE):
            continue
        play = model.play(solver.boolean_value)
        found = _total(challenge, cards, play)
        if found is not None and found > total:
            best, total, improved = play, found, improved + 1
    return best, total, improved


def prove_bound(challenge: Challenge, cards: Sequence[Constellation], play: PlayLog,
                total: int, settings: ExactSettings) -> tuple[int | None, PlayLog, int]:
    """The whole model solved from ``play`` (worth ``total``) for the settings' bound
    budget: its proved upper bound on any play's total (never below ``total``; None when
    the budget ran out before the solver proved one), and the best play known after it with
    its total."""
    model = ParModel(challenge, cards)
    for lit, value in model.hint_values(play).items():
        model.model.add_hint(lit, value)
    solver = _solver(settings.bound_time, CPSAT_SEED)
    status = cpsat.solve(solver, model.model)
    cp = cpsat.cp_model()
    if status == cp.INFEASIBLE or status == cp.MODEL_INVALID:
        raise RuntimeError(f"the par model of {challenge.id} is {solver.status_name(status)}")
    # an integer objective's bound is whole, the float only carries it
    raw = solver.best_objective_bound
    bound = int(raw + 1e-6) if raw < 2 ** 40 else None
    if status in (cp.OPTIMAL, cp.FEASIBLE):
        found = model.play(solver.boolean_value)
        score = _total(challenge, cards, found)
        if score is not None and score > total:
            play, total = found, score
    elif bound is not None and bound <= total:
        # UNKNOWN (the usual end on the standard pad: the relaxation's bound, no solution
        # yet) carries a proved bound, except when the budget ran out before presolve ended
        # (big pads): then the response holds its default 0.0, which must not read as "the
        # par is the best possible"; a real bound lies above a play the model has not
        # matched, so one at or below the play's total is taken for no bound at all
        bound = None
    if bound is None or bound < total:
        return None, play, total  # no finite bound, or one the play itself refutes
    return bound, play, total


def solve_exact(challenge: Challenge, cards: Sequence[Constellation], start: PlayLog,
                settings: ExactSettings | None = None) -> ExactResult:
    """:func:`improve` from ``start``, then :func:`prove_bound`."""
    settings = settings or ExactSettings()
    play, total, steps = improve(challenge, cards, start, settings)
    bound, play, total = prove_bound(challenge, cards, play, total, settings)
    return ExactResult(play, total, bound, steps)
