"""The par solver's knobs: how hard it works (:class:`ParSettings`) and the potentials its
beam search adds to a pad's exact score without stars (:class:`Weights`).

The beam ranks pads by their value, so a value decides which log is printed. Values are
therefore integers in units of 1/:data:`SCALE` point (:class:`Units`): every weight is
rounded to a whole unit once, in plain Python, and from there on every sum is an integer sum,
exact in any order and on any CPU (numpy's vectorised float sums are not: AVX-512 and AVX2
builds may round the same sum differently)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SCALE = 25200
"""Units per point: 2⁴·3²·5²·7, so that a weight of a tenth or a half point, shared over 1
to 10 red stars, is a whole number of units."""


def units(points: float) -> int:
    """``points`` in whole units (rounded half to even, in plain Python)."""
    return round(points * SCALE)


@dataclass(frozen=True)
class Weights:
    """The potentials of the beam search's valuation (points per item)."""

    star_red: float = 4.0  # × the card's value, shared over its red stars …
    star_curve: float = 1.0  # … growing as (stars drawn / red stars) ** curve
    star_done: float = 0.0  # × the card's value, once all its red stars are drawn
    star_purple: float = 1.0  # × the card's bonus
    free_star: float = 0.8  # without a plan: × the card's value, shared over its red stars
    lone_comet: float = 0.5
    lone_planet_line: float = 0.5
    asteroid_pair: float = 0.5
    spare_galaxy: float = 0.0
    empty_cell: float = 1.5
    fog: float = 3.0


@dataclass(frozen=True)
class Units:
    """The weights the valuation adds, in whole units (:data:`SCALE` a point); the star
    weights that multiply a card's value stay ratios, applied once per plan
    (:func:`~.par_plans.star_plans`, :class:`~.par_plans.FreeStars`) and rounded there."""

    star_curve: float
    star_done: float
    lone_comet: int
    lone_planet_line: int
    asteroid_pair: int
    spare_galaxy: int
    empty_cell: int
    fog: int


@cache
def weight_units(w: Weights) -> Units:
    """``w``'s additive weights in whole units."""
    return Units(w.star_curve, w.star_done, units(w.lone_comet), units(w.lone_planet_line),
                 units(w.asteroid_pair), units(w.spare_galaxy), units(w.empty_cell),
                 units(w.fog))


STANDARD_CELLS = 48
"""The standard pad's cells (6 × 8), where the wide beam has its full width."""


@dataclass(frozen=True)
class ClimbSettings:
    """One run of the hill climb (:mod:`~.par_climb`): ``steps`` moves, the late-acceptance
    ``history`` (moves back) and the generator's ``seed``."""

    steps: int = 500_000
    history: int = 500
    seed: int = 1


CLIMBS = tuple(ClimbSettings(seed=seed) for seed in (1, 2, 3, 4))
"""Four runs from the beam's par, the best kept: runs from one start end far apart (on
2027-01-07 four runs of 3,000,000 moves ended at 121, 123, 123 and 130), so for the same
moves more runs find more. On 32 standard days (16 from 2027-06-01, 16 from 2027-07-01) with
2,000,000 moves or fewer: 2 runs of 800,000 averaged 129.6, 3 of 550,000 130.4, 4 of 400,000
130.5, 4 of 500,000 130.8, 6 of 330,000 130.6, 8 of 250,000 130.1 (docs/hubble.md, *Par*)."""


@dataclass(frozen=True)
class ExactSettings:
    """The exact path's fixed, deterministic budget: the hill climb's runs on pads of at most
    64 cells; beam width and CP-SAT deterministic seconds on larger ones; the bound's time
    (docs/hubble.md, *Par*)."""

    width: int = 64
    """The beam search again this wide before the exact model (its par is kept only when it
    scores more than the narrow beam's): 0.5 CPU-s on the standard pad, and the widest gain
    per second. Narrower on larger pads (:meth:`beam_width`)."""
    window: int = 5
    """Each step frees this many rolls, drawn at random …"""
    steps: int = 4
    """… this many times …"""
    step_time: float = 0.06
    """… each for this long."""
    bound_time: float = 0.5
    """For the whole model, from the final play: its proved bound (pads of more than 64
    cells only: on smaller ones the icon-count relaxation's is far lower)."""
    count_time: float = 1.0
    """For the icon-count relaxation (:mod:`~.par_bound`): its proved bound, the lower of
    the two where both are solved. On the 100 standard days it solves to optimality in 0.3
    CPU-s on average."""
    climbs: tuple[ClimbSettings, ...] = CLIMBS
    """Where the hill climb takes the pad (at most 64 cells, two cards), its runs from the
    beam's par replace the wide beam and the random neighbourhoods (``width``, ``window``,
    ``steps`` and ``step_time`` are for larger pads): one run of 1,000,000 moves took the
    par of 12 standard days (2027-03-01 on) from 94.3 to 124.0 in 0.8 CPU-s, and four
    neighbourhoods after it added 0.2 on average for 0.6 CPU-s more."""

    def beam_width(self, cells: int) -> int:
        """The wide beam's width on a pad of ``cells`` cells: ``width`` up to the standard
        pad's 48 cells, shrinking in proportion above (a beam's work grows with the pad: at
        64 pads a 12×12 par took 9.2 CPU-s instead of 5.1), never below 8."""
        return max(8, self.width * STANDARD_CELLS // max(STANDARD_CELLS, cells))


@dataclass(frozen=True)
class ParSettings:
    """How hard the solver works: beam width, number of star plans, fog window."""

    width: int = 8
    plans: int = 6
    fog_window: int = 16  # fogs are tried once this few cells are empty
    weights: Weights = Weights()
    exact: ExactSettings | None = ExactSettings()
    """The large-neighbourhood search and the bound on the CP-SAT model (None: the beam
    search's par alone, without a bound)."""
    reference: bool = False
    """Value the beam's children and polish with the scalar reference paths (slow: tests
    and benchmarks compare the fast paths against them; the result is the same)."""

    @property
    def units(self) -> Units:
        """The weights in whole units."""
        return weight_units(self.weights)
