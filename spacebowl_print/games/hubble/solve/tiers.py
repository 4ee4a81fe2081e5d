"""Difficulty tiers of Hubble's solo challenges (1 easiest to 5 hardest), graded by what a
player must see (docs/hubble.md, "Difficulty tiers").

The human model (:mod:`~.human`) names five techniques; the player of tier *k* knows the
first *k* and keeps the best total any of them reaches. A challenge's **target** is
:data:`TARGET` (four fifths) of what the fifth technique (the full search) reaches, rounded up; the
challenge is **tier k** when the tier-*k* player reaches the target and the tier-(*k*−1)
player does not (tier 1: the greedy player reaches it). So a tier-1 day is one the obvious
play solves, and a tier-5 day needs the full search. The grade depends on the challenge
alone (not on the printed par, which the exact model may raise further), so a day is graded
before its par is solved.

:func:`daily_for_tier` picks a day's challenge of a wanted tier: it grades the challenges of
``(seed, day, attempt)`` for attempts 0, 1, … in a fixed order (playing only the techniques
the grade needs) until one is of the tier, within :data:`CANDIDATES` tries (a tier-5 day:
:data:`TOP_GRADES`); if none is, it takes the one whose tier is nearest (the first on ties)
and records that tier, never the wanted one. Then it solves that one challenge's par. The
result depends on its arguments alone, so a day can be solved in any process and prints the
same in every booklet.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.games.hubble.model.challenge import Challenge
from spacebowl_print.games.hubble.model.constellations import Constellation, ConstellationSet
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.human import TECHNIQUES, HumanModel
from spacebowl_print.games.hubble.solve.par import (
    ParSettings,
    greedy_floor,
    par_entry,
    solve_par,
)

TIERS = (1, 2, 3, 4, 5)
TARGET = (4, 5)
"""A tier's target: this fraction (numerator, denominator) of the total the full search (the
fifth technique) reaches, rounded up: integers, so the grade is exact on every machine. Four
fifths spreads random standard challenges most evenly over the tiers
(``python benchmarks/bench_hubble.py --tiers``)."""
CANDIDATES = 40
"""Challenges :func:`daily_for_tier` looks at per day, at most (techniques 1–4)."""
GRADES = 8
"""Challenges :func:`daily_for_tier` grades truly per day of tiers 1–4, at most (with the full
search)."""
TOP_GRADES = 16
"""Challenges :func:`daily_for_tier` grades truly for a tier-5 day, at most, in attempt order
and without a provisional grade (:func:`provisional` cannot see tier 5): on 24 tier-5 days of
the standard pad (the Sundays from 2027-01-03, seed 1), 23 have a tier-5 challenge among
their first 16 candidates, found after 7.2 true grades on average."""
FULL_OVER_FOUR = (107, 100)
"""The full search's total over the tier-4 player's, about (the median over random standard
challenges): only for :func:`provisional`."""


@dataclass(frozen=True)
class Grade:
    """A challenge's grade: its tier, the target, and the totals of the tier players it
    took to decide (index k − 1: the player who knows techniques 1 to k; a player not
    needed is None)."""

    tier: int
    target: int
    players: tuple[int | None, ...]

    @property
    def technique(self) -> str:
        """The technique the tier adds: what a player must see to reach the target."""
        return TECHNIQUES[self.tier - 1]


def target_of(best: int) -> int:
    """The target for a challenge the full search scores ``best`` on."""
    num, den = TARGET
    return -(-best * num // den)


def grade(challenge: Challenge, cards: Sequence[Constellation],
          model: HumanModel | None = None) -> Grade:
    """The tier of ``challenge`` (see the module): the first k whose player reaches the
    target. Plays the techniques in order and stops at the first that reaches it."""
    model = model or HumanModel(challenge, cards)
    target = target_of(model.technique(5))
    players: list[int | None] = [None] * len(TIERS)
    for k in TIERS:
        players[k - 1] = model.player(k)
        if model.player(k) >= target:
            return Grade(k, target, tuple(players))
    raise AssertionError("the tier-5 player reaches the full search's total")


def is_tier(challenge: Challenge, cards: Sequence[Constellation], tier: int,
            model: HumanModel | None = None) -> bool:
    """Whether ``challenge`` is of ``tier``, playing only what that takes: the full player
    (the target), the tier's player and the one below it."""
    model = model or HumanModel(challenge, cards)
    target = target_of(model.technique(5))
    if tier > 1 and model.player(tier - 1) >= target:
        return False
    return model.player(tier) >= target


def greedy_total(challenge: Challenge, cards: Sequence[Constellation]) -> int:
    """The engine's total of the greedy player's pad."""
    return greedy_floor(challenge, cards)[1]


CLASS_EPOCH = dt.date(2001, 1, 1)
"""Classroom puzzles have codes, not dates; puzzle ``k`` of a set is made as the day
``CLASS_EPOCH + k`` would be (from the set's own seed, so never the same as a booklet's)."""


def slot_day(date: dt.date | None, number: int) -> dt.date:
    """The day a slot's challenge is made as: its date, or for a classroom slot (no date)
    the day :data:`CLASS_EPOCH` + its number."""
    return date or CLASS_EPOCH + dt.timedelta(days=number)


def candidate(seed: int, day: dt.date, attempt: int, cset: ConstellationSet, cols: int,
              rows: int) -> Challenge:
    """Candidate ``attempt`` for ``day``: attempt 0 is the day's plain challenge (the one an
    untiered booklet prints), the others are drawn from the seed marked with the attempt."""
    key: int | str = seed if attempt == 0 else f"{seed}/tier-attempt-{attempt}"
    return generate_challenge(key, day.isoformat(), cset.names, cols, rows)


@dataclass
class TierStats:
    """What :func:`daily_for_tier` spent: challenges graded, techniques played, pars solved
    and days without their tier, summed over the calls it is passed to."""

    days: int = 0
    candidates: int = 0
    plays: int = 0
    solves: int = 0
    missed: int = 0


def provisional(model: HumanModel, tier: int) -> int:
    """A cheap guess at the tier, seen from ``tier``: the target estimated as
    :data:`FULL_OVER_FOUR` of what technique 4 reaches, and only the players up to ``tier``
    played (so a guess above ``tier`` is ``tier + 1``). It orders the candidates that
    :func:`daily_for_tier` grades truly, never decides a grade. It never guesses 5 (the
    tier-4 player always reaches the guessed target), so tier-5 days do without it."""
    num, den = TARGET
    full_num, full_den = FULL_OVER_FOUR
    # technique 4 always, and the middle ones the guess may ask for, in one batch
    model.prepare((4, *range(2, min(tier, 4) + 1)))
    guess = -(-model.technique(4) * full_num * num // (full_den * den))
    return next((k for k in TIERS[:tier] if k < 5 and model.player(k) >= guess),
                min(tier + 1, 5))


def daily_for_tier(seed: int, day: dt.date, tier: int, cset: ConstellationSet, cols: int,
                   rows: int, stats: TierStats | None = None, exact: bool = True
                   ) -> dict[str, Any]:
    """The manifest entry of ``day``'s challenge of ``tier``: ``{"id", "tier", "challenge",
    "par"}`` (:func:`~.manifest.make_entry` and the tier). See the module. Without
    ``exact`` the par is the beam search's alone, without a bound (a classroom set, whose
    dozens of puzzles must be made in seconds).

    Candidates are looked at in attempt order; each is first graded provisionally
    (:func:`provisional`, without the full search and the techniques above the wanted
    tier) and graded truly only when that guess is the wanted tier. After
    :data:`CANDIDATES` candidates the others are graded truly, nearest guess first,
    until :data:`GRADES` true grades are spent; if none is of the tier, the one graded
    nearest it is taken (the first on ties) and its own tier recorded.

    A tier-5 day grades its candidates truly in attempt order, up to :data:`TOP_GRADES`:
    the guess cannot tell tier 5 (on 960 candidates of 24 tier-5 days, those it ranked
    first were tier 5 less often than the rest), and waiting for it cost 40 provisional
    grades a day (2.3 CPU-s) and found tier 5 on 12 of the 24 days; graded in order, 23 (1.1)."""
    if tier not in TIERS:
        raise ValueError(f"a tier is one of 1–5, got {tier}")
    stats = stats if stats is not None else TierStats()
    stats.days += 1
    waiting: list[tuple[int, int, HumanModel]] = []
    graded: list[tuple[int, int, HumanModel, int]] = []

    def true_grade(model: HumanModel, attempt: int) -> bool:
        got = grade(model.challenge, model.cards, model).tier
        graded.append((abs(got - tier), attempt, model, got))
        return got == tier

    found: HumanModel | None = None
    looked: list[HumanModel] = []
    guessed = tier < 5  # the guess cannot tell tier 5: every candidate is graded truly
    budget = GRADES if guessed else TOP_GRADES
    for attempt in range(CANDIDATES):
        if len(graded) >= budget:
            break
        ch = candidate(seed, day, attempt, cset, cols, rows)
        model = HumanModel(ch, cset.pick(ch.constellations))
        looked.append(model)
        stats.candidates += 1
        guess = provisional(model, tier) if guessed else tier
        if guess == tier and true_grade(model, attempt):
            found = model
            break
        if guess != tier:
            waiting.append((abs(guess - tier), attempt, model))
    if found is None:
        for _, attempt, model in sorted(waiting, key=lambda w: (w[0], w[1])):
            if len(graded) >= budget:
                break
            if true_grade(model, attempt):
                found = model
                break
    stats.plays += sum(len(m.plays) for m in looked)
    if found is None:
        stats.missed += 1
        _, _, found, got = min(graded, key=lambda g: (g[0], g[1]))
    else:
        got = tier
    result = solve_par(found.challenge, found.cards, None if exact else ParSettings(exact=None),
                       beam=found.beam)
    stats.solves += 1
    made = par_entry(found.challenge, result)
    return {"id": made["id"], "tier": got, "challenge": made["challenge"], "par": made["par"]}
