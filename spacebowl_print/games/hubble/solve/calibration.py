"""Calibrating the standard pad (docs/hubble.md, "Calibrating the standard pad").

The standard size is the even W×H that, over at least 200 random solo challenges, puts the
one-ply greedy player (:mod:`~spacebowl_print.games.hubble.solve.greedy`) at a median total of
76–91 and the par solver at a median of 100 or more, so that the solo title bands mean the
same on our pad as in the seed game. :data:`CALIBRATION` is the measured table; it is
re-measured by :data:`MEASUREMENT_COMMAND` (about ten minutes of CPU).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spacebowl_print.games.hubble.model.constellations import ConstellationSet
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.challenges import sample_challenges
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par import solve_par

GREEDY_BAND = (76, 91)
PAR_FLOOR = 100
CHALLENGES = 200
SEED = 1
MEASUREMENT_COMMAND = "python benchmarks/bench_hubble.py --calibrate"


@dataclass(frozen=True)
class SizeRow:
    """Medians over the challenges of one size (``par`` is ``None`` where not measured)."""

    cols: int
    rows: int
    greedy: float
    par: float | None = None

    @property
    def qualifies(self) -> bool:
        lo, hi = GREEDY_BAND
        return lo <= self.greedy <= hi and self.par is not None and self.par >= PAR_FLOOR


# Measured with MEASUREMENT_COMMAND (seed 1, 200 challenges per size, the shipped set).
CALIBRATION: tuple[SizeRow, ...] = ()


def greedy_median(cset: ConstellationSet, cols: int, rows: int, count: int = CHALLENGES,
                  seed: int = SEED) -> float:
    """The greedy player's median total (stars of the dealt cards included) on ``count``
    random challenges of ``cols`` × ``rows``."""
    totals = []
    for ch in sample_challenges(seed, count, cset.names, cols, rows):
        pad = replay(ch, greedy_play(ch))
        totals.append(score_pad(pad, cset.pick(ch.constellations)).total)
    return float(statistics.median(totals))


def par_median(cset: ConstellationSet, cols: int, rows: int, count: int = CHALLENGES,
               seed: int = SEED, advance: Callable[[int], None] | None = None) -> float:
    """The par solver's median total on the same challenges as :func:`greedy_median`."""
    totals = []
    for ch in sample_challenges(seed, count, cset.names, cols, rows):
        totals.append(solve_par(ch, cset.pick(ch.constellations)).score.total)
        if advance:
            advance(1)
    return float(statistics.median(totals))


def choose_standard(rows: Sequence[SizeRow]) -> SizeRow:
    """The qualifying size whose greedy median is nearest the middle of the band (fewest
    cells on a tie); ``ValueError`` when none qualifies."""
    lo, hi = GREEDY_BAND
    ok = [r for r in rows if r.qualifies]
    if not ok:
        raise ValueError("no measured size qualifies")
    return min(ok, key=lambda r: (abs(r.greedy - (lo + hi) / 2), r.cols * r.rows, r.cols))
