"""The Hubble pad's geometry: cells, names, axial coordinates, neighbours, quadrants,
triangles and lines, for any even W×H from 4×4 to 26×26.

Cells are numbered row by row from the top left (``index = row * cols + col``, 0-based).
Rows are *offset*: the even-numbered rows of the printed pad (1-based rows 2, 4, …, i.e.
0-based odd rows) sit half a hex to the right. Axial coordinates follow docs/hubble.md:
``q = col − (row − row mod 2) / 2``, axial row = ``row`` (0-based), six neighbour steps
(±1, 0), (0, ±1), (+1, −1), (−1, +1), and a turn by 60° maps (q, r) to (−r, q + r).

Everything is precomputed once per size (:func:`geometry` caches), because the players ask
for neighbours and triangles millions of times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show

ICONS = "GPACS."
"""Dice faces and pad characters: galaxy, planet, asteroid, comet, star, blank/empty."""
GALAXY, PLANET, ASTEROID, COMET, STAR, BLANK = "G", "P", "A", "C", "S", "."
DRAWN_ICONS = "GPACS"

QUADRANTS = ("red", "blue", "yellow", "green")
"""Quadrant colours, by number: 0 red (top left), 1 blue (top right), 2 yellow (bottom
left), 3 green (bottom right)."""
RED, BLUE, YELLOW, GREEN = range(4)
ADJACENT = frozenset({frozenset({RED, BLUE}), frozenset({YELLOW, GREEN}),
                      frozenset({RED, YELLOW}), frozenset({BLUE, GREEN})})
"""Pairs of quadrants that share a border (red–green and blue–yellow only touch at a point)."""

MIN_SIDE = 4
MAX_SIDE = 26

AXIAL_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

_CELL_RE = re.compile(r"([A-Z])([1-9][0-9]?)")


def turn(q: int, r: int, k: int = 1) -> tuple[int, int]:
    """(q, r) turned ``k`` times by 60° about the origin: each turn maps (q, r) to (−r, q + r)."""
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


def adjacent(a: int, b: int) -> bool:
    """Whether quadrants ``a`` and ``b`` (numbers) share a border."""
    return frozenset({a, b}) in ADJACENT


def check_size(cols: int, rows: int) -> str | None:
    """Why ``cols`` × ``rows`` is not a pad size (``None`` if it is one)."""
    for what, n in (("cols", cols), ("rows", rows)):
        if not MIN_SIDE <= n <= MAX_SIDE or n % 2:
            return f"{what} must be an even number from {MIN_SIDE} to {MAX_SIDE}, got {n}"
    return None


@dataclass(frozen=True, eq=False)
class PadGeometry:
    """Precomputed geometry of a ``cols`` × ``rows`` pad (get one with :func:`geometry`)."""

    cols: int
    rows: int
    names: tuple[str, ...]
    axial: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    quadrant: tuple[int, ...]
    quadrant_cells: tuple[tuple[int, ...], ...]
    triangles: tuple[tuple[int, int, int], ...]
    triangles_of: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[int, ...], ...]
    line_direction: tuple[int, ...]
    lines_of: tuple[tuple[int, ...], ...]
    _axial_index: dict[tuple[int, int], int]
    _scope: dict[frozenset[int], tuple[int, ...]]

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.cols * self.rows

    def index(self, row: int, col: int) -> int:
        """The cell at 0-based ``row`` and ``col``."""
        return row * self.cols + col

    def at_axial(self, q: int, r: int) -> int | None:
        """The cell at axial (q, r), or ``None`` off the pad."""
        return self._axial_index.get((q, r))

    def parse_cell(self, name: object, *where: str) -> int:
        """The cell named ``name`` (``C4``: column letter, 1-based row); anything else, or a
        cell off this pad, is an :class:`InputError` at ``where``."""
        if not isinstance(name, str) or not (m := _CELL_RE.fullmatch(name)):
            raise InputError(f"not a cell name like C4, got {show(name)}", *where)
        col = ord(m.group(1)) - ord("A")
        row = int(m.group(2)) - 1
        if col >= self.cols or row >= self.rows:
            raise InputError(f"cell {name} is off the {self.cols}×{self.rows} pad", *where)
        return self.index(row, col)

    def scope_triangles(self, a: int, b: int) -> tuple[int, ...]:
        """Numbers of the triangles a Scope may use when quadrants ``a`` and ``b`` are rolled:
        all three cells in one of them, or spread over both when they are adjacent."""
        return self._scope[frozenset({a, b})]

    def triangle_allowed(self, tri: tuple[int, ...], a: int, b: int) -> bool:
        """Whether cells ``tri`` may take a Scope rolled in quadrants ``a`` and ``b``."""
        return _scope_fits({self.quadrant[c] for c in tri}, a, b)


def _quadrant(cols: int, rows: int, row: int, col: int) -> int:
    return (2 if row >= rows // 2 else 0) + (1 if col >= cols // 2 else 0)


def cell_name(col: int, row: int) -> str:
    """The name of the cell at 0-based ``col`` and ``row`` (``cell_name(2, 3) == "C4"``)."""
    return f"{chr(ord('A') + col)}{row + 1}"


@cache
def geometry(cols: int, rows: int) -> PadGeometry:
    """The geometry of a ``cols`` × ``rows`` pad (both even, 4 to 26); cached per size."""
    problem = check_size(cols, rows)
    if problem:
        raise ValueError(problem)
    n = cols * rows
    names = tuple(cell_name(i % cols, i // cols) for i in range(n))
    axial = tuple((i % cols - ((i // cols) - (i // cols) % 2) // 2, i // cols) for i in range(n))
    at = {a: i for i, a in enumerate(axial)}
    neighbours = tuple(
        tuple(sorted(at[(q + dq, r + dr)] for dq, dr in AXIAL_STEPS if (q + dq, r + dr) in at))
        for q, r in axial)
    quadrant = tuple(_quadrant(cols, rows, i // cols, i % cols) for i in range(n))
    quadrant_cells = tuple(tuple(i for i in range(n) if quadrant[i] == k) for k in range(4))
    triangles = _triangles(axial, at)
    triangles_of = tuple(tuple(t for t, tri in enumerate(triangles) if i in tri)
                         for i in range(n))
    lines, direction = _lines(axial)
    lines_of = tuple(tuple(j for j, line in enumerate(lines) if i in line) for i in range(n))
    return PadGeometry(cols, rows, names, axial, neighbours, quadrant, quadrant_cells, triangles,
                       triangles_of, lines, direction, lines_of, at,
                       _scope(triangles, quadrant))


def _triangles(axial: tuple[tuple[int, int], ...], at: dict[tuple[int, int], int]
               ) -> tuple[tuple[int, int, int], ...]:
    """Every triangle of three mutually neighbouring cells, by its cells (sorted)."""
    tris: set[tuple[int, int, int]] = set()
    for q, r in axial:
        # the two triangles whose top row starts at (q, r): one below a pair of cells in
        # this row, one below (q, r) alone
        for shape in (((0, 0), (1, 0), (0, 1)), ((0, 0), (-1, 1), (0, 1))):
            cells = [at.get((q + dq, r + dr)) for dq, dr in shape]
            if all(c is not None for c in cells):
                a, b, c = sorted(x for x in cells if x is not None)
                tris.add((a, b, c))
    return tuple(sorted(tris))


def _lines(axial: tuple[tuple[int, int], ...]
           ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every line of two cells or more, direction by direction, and each line's direction."""
    lines: list[tuple[int, ...]] = []
    direction: list[int] = []
    keys = (lambda q, r: r, lambda q, r: q, lambda q, r: -q - r)
    for d, key in enumerate(keys):
        groups: dict[int, list[int]] = {}
        for i, (q, r) in enumerate(axial):
            groups.setdefault(key(q, r), []).append(i)
        for k in sorted(groups):
            # a single cell never holds two planets; keep only real lines
            if len(groups[k]) >= 2:
                lines.append(tuple(sorted(groups[k], key=lambda i: axial[i][::-1])))
                direction.append(d)
    return tuple(lines), tuple(direction)


def _scope(triangles: tuple[tuple[int, int, int], ...], quadrant: tuple[int, ...]
           ) -> dict[frozenset[int], tuple[int, ...]]:
    """Per pair of rolled quadrants, the numbers of the triangles a Scope may use."""
    scope: dict[frozenset[int], tuple[int, ...]] = {}
    for a in range(4):
        for b in range(a + 1, 4):
            scope[frozenset({a, b})] = tuple(
                t for t, tri in enumerate(triangles)
                if _scope_fits({quadrant[c] for c in tri}, a, b))
    return scope


def _scope_fits(qs: set[int], a: int, b: int) -> bool:
    """Whether a triangle over quadrants ``qs`` may take a Scope rolled in ``a`` and ``b``:
    all in one of them, or over both when they are adjacent."""
    return (len(qs) == 1 and qs <= {a, b}) or (qs == {a, b} and adjacent(a, b))
