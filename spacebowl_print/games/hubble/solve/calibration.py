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


# Measured with MEASUREMENT_COMMAND (seed 1, 200 challenges per size, the shipped set); par
# only where the greedy median lies in the band.
CALIBRATION: tuple[SizeRow, ...] = (
    SizeRow(4, 4, 15.0, None),
    SizeRow(4, 6, 29.0, None),
    SizeRow(6, 4, 31.0, None),
    SizeRow(4, 8, 42.0, None),
    SizeRow(8, 4, 44.0, None),
    SizeRow(6, 6, 51.0, None),
    SizeRow(4, 10, 54.0, None),
    SizeRow(10, 4, 57.0, None),
    SizeRow(4, 12, 67.0, None),
    SizeRow(6, 8, 73.0, None),
    SizeRow(8, 6, 70.5, None),
    SizeRow(12, 4, 72.0, None),
    SizeRow(4, 14, 81.0, 106.0),
    SizeRow(14, 4, 84.0, 110.0),
    SizeRow(6, 10, 95.0, None),
    SizeRow(10, 6, 96.0, None),
    SizeRow(4, 16, 91.0, 120.0),
    SizeRow(8, 8, 102.0, None),
    SizeRow(16, 4, 95.5, None),
    SizeRow(6, 12, 116.0, None),
    SizeRow(12, 6, 118.0, None),
    SizeRow(8, 10, 132.5, None),
    SizeRow(10, 8, 135.0, None),
    SizeRow(6, 14, 139.0, None),
    SizeRow(14, 6, 140.5, None),
    SizeRow(6, 16, 161.5, None),
    SizeRow(8, 12, 164.0, None),
    SizeRow(12, 8, 169.5, None),
    SizeRow(16, 6, 162.0, None),
    SizeRow(10, 10, 170.0, None),
    SizeRow(8, 14, 194.5, None),
    SizeRow(14, 8, 197.5, None),
    SizeRow(10, 12, 212.5, None),
    SizeRow(12, 10, 215.0, None),
)


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


def table_markdown(rows: Sequence[SizeRow]) -> str:
    """The calibration table as docs/hubble.md prints it."""
    lo, hi = GREEDY_BAND
    out = [f"| size | cells | greedy median | par median | greedy in {lo}–{hi} and par ≥ "
           f"{PAR_FLOOR} |", "|---|---|---|---|---|"]
    for row in rows:
        par = "—" if row.par is None else f"{row.par:g}"
        out.append(f"| {row.cols}×{row.rows} | {row.cols * row.rows} | {row.greedy:g} | {par} | "
                   f"{'yes' if row.qualifies else ''} |")
    return "\n".join(out)


def choose_standard(rows: Sequence[SizeRow]) -> SizeRow:
    """The qualifying size whose greedy median is nearest the middle of the band (fewest
    cells on a tie); ``ValueError`` when none qualifies."""
    lo, hi = GREEDY_BAND
    ok = [r for r in rows if r.qualifies]
    if not ok:
        raise ValueError("no measured size qualifies")
    return min(ok, key=lambda r: (abs(r.greedy - (lo + hi) / 2), r.cols * r.rows, r.cols))
