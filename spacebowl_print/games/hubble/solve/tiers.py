"""Difficulty tiers of Hubble's solo challenges (1 easiest to 5 hardest), graded by measured
features of the solved challenge (docs/hubble.md, "Difficulty tiers").

A challenge is hard when the best play it allows lies far above the obvious play, and when
its rolls leave many ways to play. :func:`tier_features` measures both from the challenge,
its par total and the greedy player's total (the one-ply player of :mod:`~.greedy`):

- **par gap**: ``gap = par − greedy`` and ``gap_pct``, the gap in whole percent of the
  greedy total (so that it means the same on every pad size);
- **roll freedom**: the rolls whose two quadrants are adjacent (the Scope may then spread
  over both) and whose Scope holds at most one blank icon, in whole percent of the rolls
  (``freedom``); beside it, the counts it is made of (``split`` rolls of two opposite
  quadrants, ``blanks`` among the bag dice and the white die) and the rolls where the
  player chooses the third icon (``choices``).

``difficulty = gap_pct + freedom // 5``, and :func:`tier_of` cuts it at four thresholds per
pad size (:data:`THRESHOLDS`), measured over random challenges so that each tier holds about
a fifth of them (:func:`calibrate`; ``python benchmarks/bench_hubble.py --tiers``).

:func:`daily_for_tier` picks a day's challenge of a wanted tier: it tries the challenges of
``(seed, day, attempt)`` for attempts 0, 1, … in a fixed order and solves their pars until
one grades as the tier, within a bounded number of tries; if none does, it takes the one
whose tier is nearest and records that tier, never the wanted one. The result depends on its
arguments alone, so a day can be solved in any process and prints the same in every booklet.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.games.hubble.model.challenge import Challenge, chooses_third
from spacebowl_print.games.hubble.model.constellations import Constellation, ConstellationSet
from spacebowl_print.games.hubble.model.geometry import BLANK, adjacent
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.challenges import generate_challenge, sample_challenges
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par import par_entry, solve_par

TIERS = (1, 2, 3, 4, 5)
CANDIDATES = 24
"""Challenges :func:`daily_for_tier` looks at per day, at most (greedy player only)."""
SOLVES = 8
"""Pars :func:`daily_for_tier` solves per day, at most. A provisional tier is right about
half the time at the ends of the scale and a third of the time in the middle, so eight
solves miss a middle tier about one day in twelve; the average stays near three."""


@dataclass(frozen=True)
class Thresholds:
    """The difficulty at which tiers 2, 3, 4 and 5 begin on one pad size, and the median
    par there (which orders the candidates of :func:`daily_for_tier`)."""

    cuts: tuple[int, int, int, int]
    median_par: float


# Measured with ``python benchmarks/bench_hubble.py --tiers`` (seed 1, 200 challenges per
# size, the shipped constellation set). A size not listed uses the listed size nearest in
# cells (ties: the first).
THRESHOLDS: dict[tuple[int, int], Thresholds] = {
    (6, 8): Thresholds((30, 39, 48, 64), 97.0),  # the standard pad
    (14, 4): Thresholds((30, 39, 46, 57), 110.0),
    (8, 8): Thresholds((29, 37, 49, 60), 133.0),
    (10, 8): Thresholds((26, 32, 38, 47), 167.0),
}


@dataclass(frozen=True)
class TierFeatures:
    """What grades a solved challenge (see the module's docstring)."""

    cols: int
    rows: int
    par: int
    greedy: int
    gap: int
    gap_pct: int
    rolls: int
    choices: int
    blanks: int
    split: int
    freedom: int
    difficulty: int

    def to_json(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def tier_features(challenge: Challenge, par: int, greedy: int) -> TierFeatures:
    """The features of ``challenge`` solved with the par total ``par``, where the greedy
    player scores ``greedy``."""
    gap = par - greedy
    gap_pct = (100 * gap) // greedy if greedy > 0 else 100 * gap
    rolls = challenge.rolls
    blanks = sum((r.icons[0] == BLANK) + (r.icons[1] == BLANK) + (r.third == BLANK)
                 for r in rolls)
    split = sum(not adjacent(*r.quadrants) for r in rolls)
    open_rolls = sum(adjacent(*r.quadrants)
                     and (r.icons[0] == BLANK) + (r.icons[1] == BLANK) + (r.third == BLANK) <= 1
                     for r in rolls)
    freedom = (100 * open_rolls) // len(rolls) if rolls else 0
    choices = sum(chooses_third(i + 1) for i in range(len(rolls)))
    return TierFeatures(challenge.cols, challenge.rows, par, greedy, gap, gap_pct, len(rolls),
                        choices, blanks, split, freedom, gap_pct + freedom // 5)


def thresholds_for(cols: int, rows: int) -> Thresholds:
    """The tier thresholds of a ``cols`` × ``rows`` pad (the nearest measured size)."""
    if (cols, rows) in THRESHOLDS:
        return THRESHOLDS[cols, rows]
    return min(THRESHOLDS.items(), key=lambda kv: abs(kv[0][0] * kv[0][1] - cols * rows))[1]


def tier_of(features: TierFeatures) -> int:
    """The tier (1–5) of a challenge with these features: 1 plus the number of its pad
    size's thresholds that its difficulty reaches."""
    cuts = thresholds_for(features.cols, features.rows).cuts
    return 1 + sum(features.difficulty >= c for c in cuts)


def greedy_total(challenge: Challenge, cards: Sequence[Constellation]) -> int:
    """The engine's total of the greedy player's pad."""
    return score_pad(replay(challenge, greedy_play(challenge)), cards).total


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
    """What :func:`daily_for_tier` spent: candidates looked at (greedy runs) and pars
    solved, summed over the calls it is passed to."""

    days: int = 0
    candidates: int = 0
    solves: int = 0
    missed: int = 0


def daily_for_tier(seed: int, day: dt.date, tier: int, cset: ConstellationSet, cols: int,
                   rows: int, stats: TierStats | None = None) -> dict[str, Any]:
    """The manifest entry of ``day``'s challenge of ``tier``: ``{"id", "tier", "challenge",
    "par"}`` (:func:`~.manifest.make_entry` and the tier).

    Candidates (:func:`candidate`) are looked at in attempt order; each is graded as if its
    par were the size's median par (from its greedy total alone), and solved when that
    estimate is the wanted tier, until a solved one grades as ``tier``. With pars left to
    solve after :data:`CANDIDATES` candidates, the others are solved nearest estimate first.
    At most :data:`SOLVES` pars are solved; if none grades as ``tier``, the solved one of the
    nearest tier is taken (the earliest solved on ties) and its own tier is recorded."""
    if tier not in TIERS:
        raise ValueError(f"a tier is one of 1–5, got {tier}")
    stats = stats if stats is not None else TierStats()
    stats.days += 1
    median = thresholds_for(cols, rows).median_par
    waiting: list[tuple[int, int, Challenge, int]] = []
    solved: list[tuple[int, int, dict[str, Any]]] = []  # the misses

    def solve(ch: Challenge, greedy: int) -> dict[str, Any] | None:
        cards = cset.pick(ch.constellations)
        result = solve_par(ch, cards)
        stats.solves += 1
        got = tier_of(tier_features(ch, result.score.total, greedy))
        made = par_entry(ch, result)
        entry = {"id": made["id"], "tier": got, "challenge": made["challenge"],
                 "par": made["par"]}
        if got == tier:
            return entry
        solved.append((abs(got - tier), len(solved), entry))
        return None

    for attempt in range(CANDIDATES):
        if len(solved) >= SOLVES:
            break
        ch = candidate(seed, day, attempt, cset, cols, rows)
        greedy = greedy_total(ch, cset.pick(ch.constellations))
        stats.candidates += 1
        guess = tier_of(tier_features(ch, round(median), greedy))
        if guess != tier:
            waiting.append((abs(guess - tier), attempt, ch, greedy))
            continue
        found = solve(ch, greedy)
        if found is not None:
            return found
    for _, _, ch, greedy in sorted(waiting, key=lambda w: (w[0], w[1])):
        if len(solved) >= SOLVES:
            break
        found = solve(ch, greedy)
        if found is not None:
            return found
    stats.missed += 1
    return min(solved, key=lambda s: (s[0], s[1]))[2]


# --------------------------------------------------------------------------- calibration

@dataclass(frozen=True)
class Calibration:
    """Difficulties measured over random challenges of one size, and the thresholds that
    split them into five tiers as evenly as whole numbers allow."""

    cols: int
    rows: int
    difficulties: tuple[int, ...]
    pars: tuple[int, ...]
    thresholds: Thresholds

    def shares(self) -> tuple[float, ...]:
        """The share of the challenges in each tier, in percent."""
        cuts = self.thresholds.cuts
        tiers = [1 + sum(d >= c for c in cuts) for d in self.difficulties]
        return tuple(100 * tiers.count(t) / len(tiers) for t in TIERS)


def calibrate(cset: ConstellationSet, cols: int, rows: int, count: int = 200,
              seed: int = 1) -> Calibration:
    """Solve ``count`` random challenges of the size and cut their difficulties at the
    quintiles (each threshold the smallest difficulty of its fifth, so that a tier begins
    where a fifth of the challenges begins)."""
    diffs, pars = [], []
    for ch in sample_challenges(seed, count, cset.names, cols, rows):
        cards = cset.pick(ch.constellations)
        par = solve_par(ch, cards).score.total
        diffs.append(tier_features(ch, par, greedy_total(ch, cards)).difficulty)
        pars.append(par)
    ranked = sorted(diffs)
    cut_list = [ranked[(len(ranked) * k) // 5] for k in range(1, 5)]
    cuts = (cut_list[0], cut_list[1], cut_list[2], cut_list[3])
    return Calibration(cols, rows, tuple(diffs), tuple(pars),
                       Thresholds(cuts, float(statistics.median(pars))))
