"""What drawing icons is worth to the par solver's beam search: the exact score gain without
stars plus the change of the potentials (:class:`~.par_settings.Weights`): stars on the plan,
lone comets, lone planets on lines, asteroid pairs that may still make a triangle, and the
empty cell spent.

:func:`group_delta` values two or three icons of one kind on one triangle together;
:func:`single_delta` values one icon by the cheapest route for each kind. Each kind's step
adds its terms to the running value ``d``. Values are whole units
(:data:`~.par_settings.SCALE` a point, :class:`~.par_settings.Units`), so every sum is exact
whatever the order of its additions: the numpy path may add them in any order, on any CPU.

This is the scalar valuation, one pad and one group of cells at a time: the reference path
(:mod:`~.par_reference`) and the tests use it; the solver values whole beams at once with
:mod:`~.par_tables`, which must give the same integers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spacebowl_print.games.hubble.model.geometry import (
    ASTEROID,
    BLANK,
    COMET,
    GALAXY,
    PLANET,
    STAR,
)
from spacebowl_print.games.hubble.rules.scoring import GALAXY_POINTS, comet_group_points
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.par_plans import Plan
from spacebowl_print.games.hubble.solve.par_settings import SCALE, Units


def group_delta(board: Board, icon: str, cs: Sequence[int], plan: Plan, w: Units,
                progress: Sequence[int]) -> int:
    """Score gain plus the change of the potentials of drawing ``icon`` in every cell of
    ``cs`` (two or three cells of one triangle: they all touch)."""
    d = -w.empty_cell * len(cs)
    step = _TOGETHER.get(icon)
    return d if step is None else step(d, board, cs, plan, w, progress)


def single_delta(board: Board, c: int, icon: str, plan: Plan, w: Units,
                 progress: Sequence[int]) -> int:
    """:func:`group_delta` of drawing one icon, by the cheapest route for each kind."""
    d = -w.empty_cell
    step = _ALONE.get(icon)
    return d if step is None else step(d, board, c, plan, w, progress)


# --------------------------------------------------------------------------- by kind, together

def _group_stars(d: int, board: Board, cs: Sequence[int], plan: Plan, w: Units,
                 progress: Sequence[int]) -> int:
    """Each star in turn, counting the plan's red stars as they are drawn."""
    now = list(progress)
    for c in cs:
        d += plan.star_value(c, now, w)
        if c in plan.red and now[plan.red[c]] >= 0:
            now[plan.red[c]] += 1
    return d


def _group_comets(d: int, board: Board, cs: Sequence[int], plan: Plan, w: Units,
                  progress: Sequence[int]) -> int:
    """The new comets join each other and every group they touch."""
    sizes = _touched_comet_groups(board, cs)
    return d + SCALE * (comet_group_points(len(cs) + sum(sizes.values())) - sum(
        comet_group_points(v) for v in sizes.values()))


def _group_planets(d: int, board: Board, cs: Sequence[int], plan: Plan, w: Units,
                   progress: Sequence[int]) -> int:
    """Per line through the new planets: its points after less before, and the potential of
    a first planet on an empty line."""
    geo = board.geo
    inc: dict[int, int] = {}
    for c in cs:
        for ln in geo.lines_of[c]:
            inc[ln] = inc.get(ln, 0) + 1
    for ln, k in inc.items():
        n = board.line_pl[ln]
        d += SCALE * ((n + k if n + k >= 2 else 0) - (n if n >= 2 else 0))
        if n == 0 and k == 1:
            d += w.lone_planet_line
    return d


def _group_galaxies(d: int, board: Board, cs: Sequence[int], plan: Plan, w: Units,
                    progress: Sequence[int]) -> int:
    """The rise of the poorest quadrant's count, and the spare galaxies above it."""
    geo = board.geo
    gal = board.gal.copy()
    low = min(gal)
    for c in cs:
        gal[geo.quadrant[c]] += 1
    new_low = min(gal)
    spare = sum(g - new_low for g in gal) - sum(g - low for g in board.gal)
    return d + SCALE * GALAXY_POINTS * (new_low - low) + w.spare_galaxy * max(0, spare)


def _group_asteroids(d: int, board: Board, cs: Sequence[int], plan: Plan, w: Units,
                     progress: Sequence[int]) -> int:
    """The exact packing gain, and the potential of every triangle the new asteroids touch
    that holds two asteroids and one empty cell off the plan."""
    geo = board.geo
    cells = board.cells
    d += SCALE * board.gain([(c, ASTEROID) for c in cs])
    placed = set(cs)
    seen: set[int] = set()
    for c in cs:
        for t in geo.triangles_of[c]:
            if t in seen:
                continue
            seen.add(t)
            tri = geo.triangles[t]
            n_ast = sum(1 for x in tri if x in placed or cells[x] == ASTEROID)
            free = sum(1 for x in tri if x not in placed and cells[x] == BLANK
                       and x not in plan.red and x not in plan.purple)
            if n_ast == 2 and free == 1:
                d += w.asteroid_pair
    return d


# --------------------------------------------------------------------------- by kind, one icon

def _one_star(d: int, board: Board, c: int, plan: Plan, w: Units,
              progress: Sequence[int]) -> int:
    """The star's worth on the plan."""
    return d + plan.star_value(c, progress, w)


def _one_comet(d: int, board: Board, c: int, plan: Plan, w: Units,
               progress: Sequence[int]) -> int:
    """A lone comet's potential, or the comet joining the groups it touches."""
    sizes = _touched_comet_groups(board, (c,))
    if not sizes:
        return d + w.lone_comet
    total = 1 + sum(sizes.values())
    return d + SCALE * (comet_group_points(total)
                        - sum(comet_group_points(v) for v in sizes.values()))


def _one_planet(d: int, board: Board, c: int, plan: Plan, w: Units,
                progress: Sequence[int]) -> int:
    """Per line through the planet: a first planet's potential, a pair's 2 points, or 1."""
    for ln in board.geo.lines_of[c]:
        n = board.line_pl[ln]
        if n == 0:
            d += w.lone_planet_line
        elif n == 1:
            d += 2 * SCALE
        else:
            d += SCALE
    return d


def _one_galaxy(d: int, board: Board, c: int, plan: Plan, w: Units,
                progress: Sequence[int]) -> int:
    """A galaxy in the one poorest quadrant scores; elsewhere it is spare."""
    gal = board.gal
    low = min(gal)
    if gal[board.geo.quadrant[c]] > low:
        return d + w.spare_galaxy
    if gal.count(low) == 1:
        return d + SCALE * GALAXY_POINTS
    return d


def _one_asteroid(d: int, board: Board, c: int, plan: Plan, w: Units,
                  progress: Sequence[int]) -> int:
    """Per triangle through the cell: the potential of an asteroid pair with an empty cell
    off the plan's red cells; the exact packing gain once a triangle is completed."""
    geo = board.geo
    cells = board.cells
    tris = geo.triangles
    reserved = plan.red
    new = False
    for t in geo.triangles_of[c]:
        a, b, e = tris[t]
        others = [x for x in (a, b, e) if x != c]
        n_ast = (cells[others[0]] == ASTEROID) + (cells[others[1]] == ASTEROID)
        if n_ast == 2:
            new = True
        elif n_ast == 1:
            free = [x for x in others if cells[x] == BLANK and x not in reserved]
            if free:
                d += w.asteroid_pair
    if new:
        d += SCALE * board.gain([(c, ASTEROID)])
    return d


_Step = Callable[[int, Board, Sequence[int], Plan, Units, Sequence[int]], int]
_OneStep = Callable[[int, Board, int, Plan, Units, Sequence[int]], int]

_TOGETHER: dict[str, _Step] = {STAR: _group_stars, COMET: _group_comets, PLANET: _group_planets,
                               GALAXY: _group_galaxies, ASTEROID: _group_asteroids}
"""Each kind's step for two or three icons of one triangle: (d, board, cells, plan,
weights, progress) → d with the icons' worth added (whole units)."""

_ALONE: dict[str, _OneStep] = {STAR: _one_star, COMET: _one_comet, PLANET: _one_planet,
                               GALAXY: _one_galaxy, ASTEROID: _one_asteroid}
"""Each kind's step for one icon: (d, board, cell, plan, weights, progress) → d."""


def _touched_comet_groups(board: Board, cs: Sequence[int]) -> dict[int, int]:
    """The comet groups next to the cells ``cs``: group id → size."""
    sizes: dict[int, int] = {}
    cg = board.cgroup
    for c in cs:
        for n in board.geo.neighbours[c]:
            g = cg[n]
            if g >= 0:
                sizes[g] = board.csize[g]
    return sizes
