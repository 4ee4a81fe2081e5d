"""The par solver: a play log for a solo challenge that a good player could hope to match.

A solo challenge lists every roll in advance, so par is a planning problem with full
information. The solver works in three steps:

1. **Star plans** (:mod:`~.par_plans`). For each dealt card it ranks the placements whose
   red stars the rolls can supply (a small max-flow of star-bearing rolls into quadrants),
   preferring edge cells (they matter least to comets, planets and asteroid triangles) and
   few stars the player must choose, and pairs them into up to ``plans`` plans of disjoint
   cells.
2. **Beam search** (:mod:`~.par_beam`). For each plan, for a plan-free variant that values
   stars by the best placement still open (:class:`~.par_plans.FreeStars`), and for a
   variant blind to stars, it goes roll by roll keeping the ``width`` most promising pads. A
   pad is valued by its exact score without stars plus a few potentials
   (:mod:`~.par_gains`): stars on the plan's red cells (which no other icon may take while
   the card can still be completed; a card whose missing stars the remaining rolls can no
   longer bring is given up and its cells freed), lone comets that may still be joined, lone
   planets on lines that may still pair, two asteroids that may still make a triangle, and
   empty cells still to fill. Fogs are tried when nothing can be placed or when the pad is
   nearly full, so the last icons go where they score. The beams of all the plans advance
   together, and every child of every pad of every beam is valued at once with numpy
   (:mod:`~.par_tables`); ``ParSettings(reference=True)`` values them one by one instead
   (:mod:`~.par_reference`), with the same result bit for bit.
3. **Exact choice.** Every finished pad is scored (its board's running score without stars,
   the engine's stars) against the
   greedy player's total; the best log wins (earliest on ties) and is polished turn by turn
   (:func:`~.par_polish.polish`). If it still does not beat greedy (rare), the plan-free
   searches run again four times wider, then endings of greedy's own log are replanned, and
   the winner is polished again.
4. **The exact model** (:mod:`~.par_lns`): on pads of at most 64 cells, the hill climb
   (:mod:`~.par_climb`: late-acceptance hill climbing over whole plays, seeded runs from
   the beam's log, scored from bitmasks by a compiled kernel); on larger pads the beam
   search again, wider (``ExactSettings.beam_width``; the better of the two logs), then
   large-neighbourhood search on the CP-SAT model of the whole challenge
   (:mod:`~.par_model`) from that log, and that model's bound; then the icon-count
   relaxation's proved upper bound on any play's total (:mod:`~.par_bound`; the lower of
   the two is ``ParResult.bound``, and the par is the best possible where it equals the
   par). The final log is replayed by the legality checker.

Everything is deterministic: no clocks, no unseeded randomness, integer scores, a fixed
number of climbing moves, CP-SAT with one worker, fixed seeds and deterministic time limits;
the work is bounded by the beam width, the number of plans, the moves and the CP-SAT budget
(``benchmarks/bench_hubble.py`` measures it beside the reference path,
``benchmarks/bench_hubble_par.py`` against an independent search).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from spacebowl_print.core.errors import InputError, InternalError
from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    Fog,
    PlayLog,
    Turn,
    challenge_to_json,
    play_to_json,
)
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import STAR
from spacebowl_print.games.hubble.model.pad import MAX_FOG, Pad
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import Score, score_pad, score_to_json
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par_beam import beam_searches
from spacebowl_print.games.hubble.solve.par_bound import count_bound
from spacebowl_print.games.hubble.solve.par_climb import best_climb
from spacebowl_print.games.hubble.solve.par_lns import solve_exact
from spacebowl_print.games.hubble.solve.par_node import Node
from spacebowl_print.games.hubble.solve.par_plans import FreeStars, Plan, star_plans
from spacebowl_print.games.hubble.solve.par_polish import polish, unambiguous
from spacebowl_print.games.hubble.solve.par_settings import ExactSettings, ParSettings


@dataclass(frozen=True)
class ParResult:
    """A par play: the log, the finished pad (replayed by the legality checker), its score,
    which plan produced it, and the proved upper bound on any play's total (None when the
    exact model was not run)."""

    play: PlayLog
    pad: Pad
    score: Score
    plan: str
    bound: int | None = None


WIDE = 4
"""When no plan beats the greedy player (rare), the plan-free searches run again this many
times wider."""


TAIL_STARTS = (4, 7, 10, 14, 18)
"""Last resort: replan the last 4, 7, … turns of the greedy player's own log."""


MAX_PAR_CELLS = 256
"""Largest pad (in cells) the par solver takes: measured on this project's 2-core machine
(``hubble par`` on ``hubble challenge --seed 3 --size WxH``, stop 33), 8×8 takes 3.9 CPU
seconds (the hill climb; numba's import included), 12×12 5.7 s, 16×16 13.2 s at a peak of
about 590 MB; the exact model grows faster than the cells, so a pad much past 16×16 would
take minutes and gigabytes. The standard pad is 6×8 (48 cells)."""


def solve_par(challenge: Challenge, cards: Sequence[Constellation],
              settings: ParSettings | None = None, beam: ParResult | None = None
              ) -> ParResult:
    """The par play of ``challenge`` with its dealt ``cards`` (the set's cards named by
    ``challenge.constellations``, in order): :func:`beam_par`, then, unless
    ``settings.exact`` is None, the exact model's search and bound. ``beam`` is
    :func:`beam_par`'s result when the caller has it already (the same settings).
    Deterministic: the same challenge and settings always give the same log."""
    settings = settings or ParSettings()
    start = beam if beam is not None else beam_par(challenge, cards, settings)
    if settings.exact is None:
        return start
    climbed = _climbed(challenge, cards, start, settings.exact)
    if climbed is not None:
        # the icon-count relaxation's bound: on every standard day tried far below the exact
        # model's (docs/hubble.md, *Par against the bound*), so that one is not solved here
        return replace(climbed, bound=_ceiling(challenge, cards, climbed.score.total,
                                               None, settings.exact))
    if (wide_width := settings.exact.beam_width(challenge.geometry.size)) > settings.width:
        # the wider beam's par, where it scores more (the narrow one is the tiers' and the
        # classroom's; keeping the better of the two, the narrow one on ties, makes the
        # par the same whether or not the caller had the narrow beam already)
        wide = beam_par(challenge, cards, replace(settings, width=wide_width))
        if wide.score.total > start.score.total:
            start = wide
    exact = solve_exact(challenge, cards, start.play, settings.exact)
    if exact.total <= start.score.total:
        return replace(start, bound=_ceiling(challenge, cards, start.score.total, exact.bound,
                                             settings.exact))
    pad = replay(challenge, exact.play)  # the checker, not the search, has the last word
    score = score_pad(pad, cards)
    if score.total != exact.total:
        raise InternalError(f"par search scored {exact.total}, the replayed pad {score.total}")
    return ParResult(exact.play, pad, score, f"{start.plan}, LNS",
                     _ceiling(challenge, cards, score.total, exact.bound, settings.exact))


def _ceiling(challenge: Challenge, cards: Sequence[Constellation], total: int,
             exact_bound: int | None, settings: ExactSettings) -> int | None:
    """The lower of the proved bounds: the icon-count relaxation's (:mod:`~.par_bound`) and
    ``exact_bound`` (the exact model's, None if not solved); None when neither proved one.
    A bound below ``total``, a legal play's, would be a bug and is never published."""
    found = [b for b in (count_bound(challenge, cards, settings.count_time), exact_bound)
             if b is not None]
    if not found:
        return None
    if min(found) < total:
        raise InternalError(f"a proved bound ({min(found)}) below a legal play ({total})")
    return min(found)


def _climbed(challenge: Challenge, cards: Sequence[Constellation], start: ParResult,
             settings: ExactSettings) -> ParResult | None:
    """The best of the hill climb's runs from ``start`` (each from ``start``; the earliest
    run on ties, ``start`` itself when none scores more), or None when the climb does not
    take the challenge (:func:`~.par_climb.climbs`) or has no runs."""
    if not settings.climbs:
        return None
    best = best_climb(challenge, cards, start.play, settings.climbs)
    if best is None:
        return None
    if best[1] <= start.score.total:
        return start
    pad = replay(challenge, best[0])  # the checker, not the kernel, has the last word
    score = score_pad(pad, cards)
    if score.total != best[1]:
        raise InternalError(f"par climb scored {best[1]}, the replayed pad {score.total}")
    return ParResult(best[0], pad, score, f"{start.plan}, climbed")


def beam_par(challenge: Challenge, cards: Sequence[Constellation],
             settings: ParSettings | None = None, plans: Sequence[Plan] | None = None,
             greedy: tuple[PlayLog, int] | None = None) -> ParResult:
    """The beam search's par (steps 1–3 of the module), without the exact model; ``plans``
    are :func:`plans_for`'s for ``settings``, and ``greedy`` :func:`greedy_floor`'s, when
    the caller has them already."""
    geo = challenge.geometry
    if geo.size > MAX_PAR_CELLS:
        # short: with the file's name in front, a longer line is shortened in the middle
        # (why the limit: MAX_PAR_CELLS, docs/errors.md)
        raise InputError(f"the par solver takes pads of at most {MAX_PAR_CELLS} cells "
                         f"(16×16); this one is {geo.cols}×{geo.rows}", "pad")
    settings = settings or ParSettings()
    log, floor = greedy if greedy is not None else greedy_floor(challenge, cards)
    best = _Best(challenge, cards, floor, list(log.turns), "greedy")
    plans = list(plans) if plans is not None else plans_for(challenge, cards, settings)
    for plan, finals in zip(plans, beam_searches(challenge, plans, settings), strict=True):
        best.consider(finals, settings.width, plan.label)
    best.polish(settings.reference)
    if best.total <= floor:
        _search_harder(best, log.turns, plans[-2:], settings, floor)
        best.polish(settings.reference)
    play = PlayLog(challenge.id, tuple(best.turns))
    pad = replay(challenge, play)  # the checker, not the search, has the last word
    score = score_pad(pad, cards)
    if score.total != best.total:  # the search and the checker must agree
        raise InternalError(f"par search scored {best.total}, the replayed pad {score.total}")
    return ParResult(play, pad, score, best.label)


def greedy_floor(challenge: Challenge, cards: Sequence[Constellation]) -> tuple[PlayLog, int]:
    """The greedy player's log and the engine's total of its pad: the floor every par
    beats (and the human model's first technique)."""
    greedy = greedy_play(challenge)
    return greedy, score_pad(replay(challenge, greedy), cards).total


def par_entry(challenge: Challenge, result: ParResult) -> dict[str, Any]:
    """The daily manifest entry of ``challenge`` solved as ``result``: ``{"id",
    "challenge", "par": {"total", "score", "play", "bound"}}`` (docs/hubble.md; no
    ``bound`` when the exact model was not run)."""
    geo = challenge.geometry
    par: dict[str, Any] = {"total": result.score.total,
                           "score": score_to_json(result.score, geo),
                           "play": play_to_json(result.play, geo)}
    if result.bound is not None:
        par["bound"] = result.bound
    return {"id": challenge.id, "challenge": challenge_to_json(challenge), "par": par}


def plans_for(challenge: Challenge, cards: Sequence[Constellation], settings: ParSettings
           ) -> list[Plan]:
    """The star plans, then the plan-free variant, then the variant blind to stars."""
    free = FreeStars(cards, challenge.geometry, settings.weights.free_star)
    return [*star_plans(challenge, cards, settings.plans, settings.weights),
            Plan({}, {}, label="free stars", free_stars=free), Plan({}, {}, label="no plan")]


class _Best:
    """The best log found so far: its turns, its total and which search found it."""

    def __init__(self, challenge: Challenge, cards: Sequence[Constellation], total: int,
                 turns: list[Turn], label: str) -> None:
        self.challenge = challenge
        self.cards = cards
        self.total = total
        self.turns = turns
        self.label = label
        self.star_memo: dict[bytes, int] = {}

    def consider(self, finals: list[Node], width: int, label: str) -> None:
        """Score the ``width`` most promising finished pads with the engine; a pad that
        scores more than the best (and alike under both readings) becomes the best."""
        geo = self.challenge.geometry
        finals.sort(key=lambda n: -n.h)
        for node in finals[:width]:
            cells = "".join(node.board.cells)
            # the board keeps the score without stars; the stars are scored once per set
            # of star cells (beams often finish with the same stars)
            total = node.board.score() + self.stars(cells)
            if total > self.total and unambiguous(cells, self.cards, geo):
                self.total, self.turns, self.label = total, node.turns(), label

    def stars(self, cells: str) -> int:
        """The engine's stars score of the pad ``cells``, memoised by its star cells."""
        key = bytes(x == STAR for x in cells)
        out = self.star_memo.get(key)
        if out is None:
            out = self.star_memo[key] = stars.best(cells, self.cards, self.challenge.geometry)[0]
        return out

    def polish(self, reference: bool = False) -> None:
        """Polish the best log; keep the result if it scores more."""
        better, score = polish(self.challenge, self.turns, self.cards, reference=reference)
        if score > self.total:
            self.turns, self.total, self.label = better, score, f"{self.label}, polished"


def _search_harder(best: _Best, greedy: Sequence[Turn], free_plans: Sequence[Plan],
                   settings: ParSettings, floor: int) -> None:
    """Still no better than greedy: search much wider without plans, then keep greedy's
    own opening and replan ever longer endings, until the best beats ``floor``."""
    challenge = best.challenge
    wide = replace(settings, width=settings.width * WIDE)
    for plan, finals in zip(free_plans, beam_searches(challenge, free_plans, wide), strict=True):
        best.consider(finals, wide.width, f"{plan.label}, wide")
    tail = replace(settings, width=settings.width * 2)
    for k in TAIL_STARTS:
        if best.total > floor:
            break
        keep = _tail_prefix(greedy, len(greedy) - k)
        for plan, finals in zip(free_plans, beam_searches(challenge, free_plans, tail, keep),
                                strict=True):
            best.consider(finals, tail.width,
                          f"greedy's first {len(keep)} turns, then {plan.label}")


def _tail_prefix(turns: Sequence[Turn], n: int) -> list[Turn]:
    """The first ``n`` turns (at least none), cut before the third fog."""
    out: list[Turn] = []
    fogs = 0
    for turn in turns[:max(n, 0)]:
        fogs += isinstance(turn, Fog)
        if fogs == MAX_FOG:
            break
        out.append(turn)
    return out
