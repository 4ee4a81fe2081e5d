"""The par solver's index arrays: a pad geometry (:class:`GeoArrays`, per size) and a star
plan (:class:`PlanArrays`, :class:`PlanSet`) as numpy arrays, the icon codes, and the
constants every numpy valuation shares (:data:`EXACT`, :data:`NEG`). The valuation itself is
:mod:`~.par_tables`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from spacebowl_print.games.hubble.model.geometry import ICONS, PadGeometry, geometry
from spacebowl_print.games.hubble.rules.scoring import comet_group_points
from spacebowl_print.games.hubble.solve.par_plans import FreeStars, Plan
from spacebowl_print.games.hubble.solve.par_settings import Units, Weights, weight_units

GAL, PLA, AST, COM, STA, BLA = range(6)
"""Icon codes: positions in ``GPACS.``."""
OFF = 6
"""The code of the sentinel cell past the last one: neither empty nor any icon."""
CODE = {icon: k for k, icon in enumerate(ICONS)}
SUBSETS = ((0, 1), (0, 2), (1, 2), (0, 1, 2))
"""Positions of a triangle that can hold icons of one kind together."""

EXACT = Weights(star_red=0.0, star_curve=1.0, star_done=0.0, star_purple=0.0, free_star=0.0,
                lone_comet=0.0, lone_planet_line=0.0, asteroid_pair=0.0, spare_galaxy=0.0,
                empty_cell=0.0, fog=0.0)
"""Weights under which a value is :data:`SCALE` × the exact score gain without stars."""
EXACT_UNITS = weight_units(EXACT)

NEG = -(2 ** 62)
"""The value of a move that is not allowed: below every real value, and far from
overflowing when a pad's value is added to it."""

# numpy arrays by what they hold (the stubs' dtypes do not follow the arithmetic closely
# enough to be worth spelling out); values are int64 in whole units
Int = NDArray[Any]
Value = NDArray[Any]
Bool = NDArray[Any]


def _pad(rows: Sequence[Sequence[int]], width: int, fill: int) -> Int:
    out = np.full((len(rows), width), fill, dtype=np.int64)
    for i, row in enumerate(rows):
        out[i, :len(row)] = row
    return out


@dataclass(frozen=True, eq=False)
class Scope:
    """What a roll of two quadrants reaches: the triangles a Scope may use (``tris``, their
    cells ``cells``), and the cells of the two quadrants in order (``here``, the sentinel
    last), where the tables of single icons and the fogs live; ``local`` are the triangles'
    cells as positions in ``here``."""

    tris: Int  # (ns,)
    cells: Int  # (ns, 3)
    here: Int  # (m + 1,)
    local: Int  # (ns, 3)


@dataclass(frozen=True, eq=False)
class GeoArrays:
    """A pad geometry as index arrays. Cell ``n`` is a sentinel (code :data:`OFF`, on no
    line, in no comet group), triangle ``nt`` a sentinel made of it, line ``L`` a sentinel."""

    geo: PadGeometry
    n: int
    nt: int
    lines: int
    quadrant: Int  # (n,)
    tri: Int  # (nt + 1, 3)
    nb: Int  # (n + 1, 6) neighbours
    lines_of: Int  # (n + 1, 3)
    others: Int  # (n + 1, 6, 2): the other two cells of each triangle through a cell …
    tris_of: Int  # (n + 1, 6): … and that triangle
    cgp: Int  # points of a comet group by size
    planet_lines: Int  # (nt, 4, 9): per subset the distinct lines through its cells …
    planet_k: Int  # … and how many of its cells each holds (first-seen order)
    touch: Int  # (nt, 4, 15): per subset the triangles through its cells (first-seen order)
    touch_mine: Bool  # (nt, 4, 15, 3): which of the subset's cells each of them holds
    quad_inc: Int  # (nt, 4, 4): per subset its cells per quadrant
    scope: dict[frozenset[int], Scope]


@cache
def geo_arrays(cols: int, rows: int) -> GeoArrays:
    """The index arrays of a ``cols`` × ``rows`` pad (cached per size)."""
    geo = geometry(cols, rows)
    n, nt, nl = geo.size, len(geo.triangles), len(geo.lines)
    tri = np.array([*geo.triangles, (n, n, n)], dtype=np.int64)
    nb = _pad([*geo.neighbours, ()], 6, n)
    lines_of = _pad([*geo.lines_of, ()], 3, nl)
    others = np.full((n + 1, 6, 2), n, dtype=np.int64)
    tris_of = _pad([*geo.triangles_of, ()], 6, nt)
    for c in range(n):
        for j, t in enumerate(geo.triangles_of[c]):
            others[c, j] = [x for x in geo.triangles[t] if x != c]
    planet_lines = np.full((nt, 4, 9), nl, dtype=np.int64)
    planet_k = np.zeros((nt, 4, 9), dtype=np.int64)
    touch = np.full((nt, 4, 15), nt, dtype=np.int64)
    touch_mine = np.zeros((nt, 4, 15, 3), dtype=np.bool_)
    quad_inc = np.zeros((nt, 4, 4), dtype=np.int64)
    for t, cells in enumerate(geo.triangles):
        for s, subset in enumerate(SUBSETS):
            cs = [cells[p] for p in subset]
            inc: dict[int, int] = {}
            seen: dict[int, None] = {}
            for c in cs:
                quad_inc[t, s, geo.quadrant[c]] += 1
                for ln in geo.lines_of[c]:
                    inc[ln] = inc.get(ln, 0) + 1
                for u in geo.triangles_of[c]:
                    seen.setdefault(u, None)
            planet_lines[t, s, :len(inc)] = list(inc)
            planet_k[t, s, :len(inc)] = list(inc.values())
            touch[t, s, :len(seen)] = list(seen)
            for j, u in enumerate(seen):
                touch_mine[t, s, j, :len(cs)] = [c in geo.triangles[u] for c in cs]
    scope = {}
    for a in range(4):
        for b in range(a + 1, 4):
            tris = np.array(geo.scope_triangles(a, b), dtype=np.int64)
            here = np.array([c for c in range(n) if geo.quadrant[c] in (a, b)] + [n])
            local = np.full(n + 1, len(here) - 1, dtype=np.int64)
            local[here] = np.arange(len(here))
            scope[frozenset({a, b})] = Scope(tris, tri[tris], here, local[tri[tris]])
    cgp = np.array([comet_group_points(k) for k in range(n + 2)], dtype=np.int64)
    return GeoArrays(geo, n, nt, nl, np.array(geo.quadrant, dtype=np.int64), tri, nb, lines_of,
                     others, tris_of, cgp, planet_lines, planet_k, touch, touch_mine, quad_inc,
                     scope)


@dataclass(frozen=True, eq=False)
class PlanArrays:
    """A plan as arrays: each cell's red slot (-1: none), purple points, whether it is a
    cell of the plan, per slot the worth of its next star after k stars, and the plan-free
    stars' placements."""

    red_slot: Int  # (n + 1,)
    purple: Value  # (n + 1,)
    plan_any: Bool  # (n + 1,)
    star_worth: Value  # (slots, max size)
    free: list[tuple[Int, Bool, int]]  # per card: each placement's red cells, as indices
    # (placements × red stars) and as a mask (placements × n), and the worth of one star


def plan_arrays(plan: Plan, ga: GeoArrays, w: Units) -> PlanArrays:
    """The arrays of ``plan`` on ``ga``'s pad under weights ``w``."""
    n = ga.n
    red_slot = np.full(n + 1, -1, dtype=np.int64)
    purple = np.zeros(n + 1, dtype=np.int64)
    for c, j in plan.red.items():
        red_slot[c] = j
    for c, v in plan.purple.items():
        purple[c] = v
    plan_any = (red_slot >= 0) | np.isin(np.arange(n + 1), list(plan.purple))
    slots = len(plan.sizes)
    worth = np.zeros((slots, max(plan.sizes, default=0)), dtype=np.int64)
    first = {j: c for c, j in sorted(plan.red.items(), reverse=True)}
    for j in range(slots):
        for k in range(plan.sizes[j]):
            progress = [0] * slots
            progress[j] = k
            worth[j, k] = plan.star_value(first[j], progress, w)
    free = [] if plan.free_stars is None else _free_arrays(plan.free_stars, n)
    return PlanArrays(red_slot, purple, plan_any, worth, free)


def _free_arrays(free: FreeStars, n: int) -> list[tuple[Int, Bool, int]]:
    out = []
    for red_cells, _, per_star in free.cards:
        red = (np.array(red_cells, dtype=np.int64) if red_cells
               else np.zeros((0, 1), dtype=np.int64))  # a card too big for the pad
        mask = np.zeros((len(red_cells), n), dtype=np.bool_)
        mask[np.arange(len(red_cells))[:, None], red] = True
        out.append((red, mask, per_star))
    return out


class PlanSet:
    """Several plans' arrays stacked, one row a plan (built once per search)."""

    def __init__(self, plans: Sequence[PlanArrays]) -> None:
        self.plans = list(plans)
        self.red_slot = np.stack([pa.red_slot for pa in plans])
        self.purple = np.stack([pa.purple for pa in plans])
        self.plan_any = np.stack([pa.plan_any for pa in plans])
        self.has_free = np.array([bool(pa.free) for pa in plans])
        slots = max(1, *(pa.star_worth.shape[0] for pa in plans))
        size = max(1, *(pa.star_worth.shape[1] for pa in plans))
        self.worth = np.zeros((len(plans), slots, size), dtype=np.int64)
        for i, pa in enumerate(plans):
            self.worth[i, :pa.star_worth.shape[0], :pa.star_worth.shape[1]] = pa.star_worth
