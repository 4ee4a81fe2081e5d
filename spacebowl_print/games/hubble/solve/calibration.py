"""Calibrating the standard pad (docs/hubble.md, "Calibration").

The standard size is the even W×H that looks like a stargazing pad (W/H between 3:4 and 4:3,
:func:`near_square`) and, over at least 200 random solo challenges, puts the one-ply greedy
player (:mod:`~spacebowl_print.games.hubble.solve.greedy`) at a median total of 76–91 and the
par solver at a median of 100 or more, so that the solo title bands mean the same on our pad
as in the rulebook. When no near-square size does, the standard pad is the near-square size
whose greedy median lies nearest the band (:func:`choose_standard`), and :func:`drift` says
how far the titles then drift. :data:`CALIBRATION` is the measured table; it is re-measured by
:data:`MEASUREMENT_COMMAND` (about ten minutes of CPU).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

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
SHAPE = (Fraction(3, 4), Fraction(4, 3))
"""Least and greatest W/H (columns over rows) of a pad that looks like a stargazing pad."""
PAR_WINDOW = 10
"""Par is measured on the sizes whose greedy median lies within this many points of the band:
a size farther off cannot qualify, nor be the nearest while some size lies within it (the
table shows one does)."""
HEX_ASPECT = 3 ** 0.5
"""A hex's width across its flats over its circumradius (row pitch is 1.5 radii)."""


def near_square(cols: int, rows: int) -> bool:
    """Whether a ``cols`` × ``rows`` pad has the stargazing shape: W/H within :data:`SHAPE`."""
    lo, hi = SHAPE
    return lo <= Fraction(cols, rows) <= hi


def printed_aspect(cols: int, rows: int) -> float:
    """The printed grid's width over its height (pointy-top hexes, every other row shifted
    half a hex): (W + ½)·√3 / (1.5·(H − 1) + 2)."""
    return (cols + 0.5) * HEX_ASPECT / (1.5 * (rows - 1) + 2.0)


def band_distance(greedy: float) -> float:
    """How far a greedy median lies outside :data:`GREEDY_BAND`: negative below it, positive
    above, 0 inside."""
    lo, hi = GREEDY_BAND
    return greedy - lo if greedy < lo else greedy - hi if greedy > hi else 0.0


@dataclass(frozen=True)
class SizeRow:
    """Medians over the challenges of one size (``par`` is ``None`` where not measured)."""

    cols: int
    rows: int
    greedy: float
    par: float | None = None

    @property
    def qualifies(self) -> bool:
        """Near-square, greedy median in the band and par median at the floor or above."""
        lo, hi = GREEDY_BAND
        return (near_square(self.cols, self.rows) and lo <= self.greedy <= hi
                and self.par is not None and self.par >= PAR_FLOOR)


# Measured with MEASUREMENT_COMMAND (seed 1, 200 challenges per size, the shipped set): every
# near-square even size up to 12×12; par where the greedy median lies within PAR_WINDOW of the
# band.
CALIBRATION: tuple[SizeRow, ...] = (
    SizeRow(4, 4, 15.0, None),
    SizeRow(6, 6, 50.5, None),
    SizeRow(6, 8, 73.0, 97.0),
    SizeRow(8, 6, 70.0, 92.5),
    SizeRow(8, 8, 102.0, None),
    SizeRow(8, 10, 132.0, None),
    SizeRow(10, 8, 135.0, None),
    SizeRow(10, 10, 170.0, None),
    SizeRow(10, 12, 213.0, None),
    SizeRow(12, 10, 214.0, None),
    SizeRow(12, 12, 262.0, None),
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


def needs_par(greedy: float) -> bool:
    """Whether the calibration measures par on a size with this greedy median."""
    return abs(band_distance(greedy)) <= PAR_WINDOW


def table_markdown(rows: Sequence[SizeRow]) -> str:
    """The calibration table as docs/hubble.md prints it."""
    lo, hi = GREEDY_BAND
    out = [f"| size | cells | printed width : height | greedy median | off {lo}–{hi} by | "
           f"par median | qualifies (greedy in band, par ≥ {PAR_FLOOR}) |",
           "|---|---|---|---|---|---|---|"]
    for row in rows:
        par = "—" if row.par is None else f"{row.par:g}"
        off = band_distance(row.greedy)
        out.append(f"| {row.cols}×{row.rows} | {row.cols * row.rows} | "
                   f"{printed_aspect(row.cols, row.rows):.2f} | {row.greedy:g} | "
                   f"{'0' if not off else f'{off:+g}'} | {par} | "
                   f"{'yes' if row.qualifies else 'no'} |")
    return "\n".join(out)


def choose_standard(rows: Sequence[SizeRow]) -> SizeRow:
    """The standard size among the near-square ``rows``: the qualifying size whose greedy
    median is nearest the middle of the band; when none qualifies, the size whose greedy
    median lies nearest the band (then one whose par reaches the floor, fewer cells, fewer
    columns). ``ValueError`` when no row is near-square."""
    lo, hi = GREEDY_BAND
    square = [r for r in rows if near_square(r.cols, r.rows)]
    if not square:
        raise ValueError("no measured size is near-square")
    ok = [r for r in square if r.qualifies]
    if ok:
        return min(ok, key=lambda r: (abs(r.greedy - (lo + hi) / 2), r.cols * r.rows, r.cols))
    return min(square, key=lambda r: (abs(band_distance(r.greedy)),
                                      not (r.par is not None and r.par >= PAR_FLOOR),
                                      r.cols * r.rows, r.cols))


def drift(row: SizeRow) -> tuple[float, float | None]:
    """How far the chosen size leaves the calibration's targets: (greedy median minus the
    nearest edge of the band, par median minus the floor when it falls short — else 0; None
    when par was not measured). Negative numbers mean the titles are harder to earn."""
    par = None if row.par is None else min(0.0, row.par - PAR_FLOOR)
    return band_distance(row.greedy), par
