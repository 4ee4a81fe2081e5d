"""Asteroids: the largest number of all-asteroid triangles that share no cell.

Three paths to the same number:

- :func:`packing_reference` — plain include/exclude over every all-asteroid triangle, written
  to be obviously right (exponential; tests use it on small pads);
- :func:`packing_cpsat` — a CP-SAT model, one boolean per triangle, each cell used at most once
  (one worker, fixed seed, must prove optimality);
- :func:`packing` — the production path: split into independent groups of triangles, then an
  exact memoised search per group; a group too big for it goes to CP-SAT.

Hypothesis tests pit the three against each other (tests/hubble/test_hubble_engines_agree.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from spacebowl_print.core import cpsat
from spacebowl_print.games.hubble.model.geometry import ASTEROID, PadGeometry
from spacebowl_print.games.hubble.rules.cpsat import solve_proved

POINTS_PER_TRIANGLE = 8
SEARCH_LIMIT = 20_000
"""Memoised states per group before the fast path hands the group to CP-SAT."""


def asteroid_triangles(cells: str, geo: PadGeometry) -> list[tuple[int, int, int]]:
    """Every triangle of the pad whose three cells are asteroids, in the geometry's order."""
    return [t for t in geo.triangles if all(cells[c] == ASTEROID for c in t)]


def packing_reference(cells: str, geo: PadGeometry) -> int:
    """The packing by plain include/exclude search over the asteroid triangles, found here
    from the neighbour lists (not from the geometry's triangle table)."""
    tris: list[frozenset[int]] = []
    for a in range(geo.size):
        if cells[a] != ASTEROID:
            continue
        for b in geo.neighbours[a]:
            for c in geo.neighbours[a]:
                if a < b < c and cells[b] == cells[c] == ASTEROID and c in geo.neighbours[b]:
                    tris.append(frozenset((a, b, c)))

    best = 0

    def search(i: int, used: frozenset[int], count: int) -> None:
        nonlocal best
        best = max(best, count)
        if i == len(tris) or count + (len(tris) - i) <= best:
            return
        if not tris[i] & used:
            search(i + 1, used | tris[i], count + 1)
        search(i + 1, used, count)

    search(0, frozenset(), 0)
    return best


def packing_cpsat(cells: str, geo: PadGeometry) -> int:
    """The packing by CP-SAT: one boolean per asteroid triangle, each cell used at most once.
    Raises ``RuntimeError`` unless the solver proves its answer optimal."""
    tris = asteroid_triangles(cells, geo)
    if not tris:
        return 0
    return _cpsat(tris)


def _cpsat(tris: Sequence[tuple[int, ...]]) -> int:
    cp_model = cpsat.cp_model()  # imported on first use, with signals held back

    model = cp_model.CpModel()
    use = [model.new_bool_var(f"t{i}") for i in range(len(tris))]
    by_cell: dict[int, list[int]] = {}
    for i, t in enumerate(tris):
        for c in t:
            by_cell.setdefault(c, []).append(i)
    for members in by_cell.values():
        if len(members) > 1:
            model.add_at_most_one(use[i] for i in members)
    model.maximize(sum(use))
    return round(solve_proved(model, "the asteroid packing").objective_value)


def _groups(tris: Sequence[tuple[int, int, int]]) -> list[list[tuple[int, int, int]]]:
    """Split triangles into groups that share no cell with another group (union–find)."""
    parent = list(range(len(tris)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[int, int] = {}
    for i, t in enumerate(tris):
        for c in t:
            if c in owner:
                parent[find(i)] = find(owner[c])
            else:
                owner[c] = i
    groups: dict[int, list[tuple[int, int, int]]] = {}
    for i, t in enumerate(tris):
        groups.setdefault(find(i), []).append(t)
    return list(groups.values())


class _TooBig(Exception):
    pass


def _group_packing(tris: Sequence[tuple[int, int, int]]) -> int:
    """Exact packing of one group: branch on the lowest cell still covered by a remaining
    triangle (left unused, or covered by one of its triangles), memoised on the set of
    remaining triangles."""
    n = len(tris)
    if n <= 2:
        return 1  # one triangle, or two that share a cell (a group is linked by cells)
    cells = sorted({c for t in tris for c in t})
    cell_mask = {c: 0 for c in cells}
    for i, t in enumerate(tris):
        for c in t:
            cell_mask[c] |= 1 << i
    clash = [0] * n
    for i, t in enumerate(tris):
        for c in t:
            clash[i] |= cell_mask[c]
    memo: dict[int, int] = {}

    def best(remaining: int) -> int:
        if remaining == 0:
            return 0
        hit = memo.get(remaining)
        if hit is not None:
            return hit
        if len(memo) > SEARCH_LIMIT:
            raise _TooBig
        x = cells[0]
        for c in cells:
            if cell_mask[c] & remaining:
                x = c
                break
        around = cell_mask[x] & remaining
        value = best(remaining & ~around)  # x stays unused
        m = around
        while m:
            i = (m & -m).bit_length() - 1
            m &= m - 1
            value = max(value, 1 + best(remaining & ~clash[i]))
        memo[remaining] = value
        return value

    return best((1 << n) - 1)


def packing(cells: str, geo: PadGeometry) -> int:
    """The largest number of cell-disjoint all-asteroid triangles (production path)."""
    return packing_of_triangles(tuple(asteroid_triangles(cells, geo)))


@lru_cache(maxsize=1 << 13)  # bounded: about 90 new groups a day on a long site
def packing_of_triangles(tris: tuple[tuple[int, int, int], ...]) -> int:
    """The packing of the given triangles (cached: players ask about the same groups often)."""
    total = 0
    for group in _groups(tris):
        if len(group) == 1:
            total += 1
            continue
        try:
            total += _group_packing(group)
        except _TooBig:
            total += _cpsat(group)
    return total
