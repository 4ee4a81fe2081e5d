"""The Tom Tube board: a side-4 hexagon of 96 unit triangles and 61 knots, six modules.

Knots have axial coordinates (x, y): row y from −4 (row ``A``, at the top of the printed
board) to +4 (row ``I``), ``max(|x|, |y|, |x+y|) ≤ 4``, numbered from the left within their
row. Drawing coordinates (:func:`Board.knot_xy`) are ``(x + y/2, y·√3/2)`` edge lengths with
the y axis pointing *down* the page (row A on top), as in SVG and as the printed board shows.

**Sort order.** Knots sort by row letter, then number (``A1 < A5 < B1``); because every knot
name is one letter and one digit this is plain string order. Edge and triangle names are their
knots sorted and joined with ``-`` (``A2-A3-B3``); lists of edges, triangles or spheres sort by
their names as strings, which is the same as sorting by their knots in order.

**Directions.** Around any point of the board we use 12 directions, numbered counter-clockwise
*as seen on the printed board* in steps of 30°, 0 pointing right: even numbers point along
edges to neighbouring knots, odd numbers through the centres of triangles. Direction ``d + 6``
(mod 12) is the exact opposite of ``d``; it is what "straight through" means at a sphere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from spacebowl_print.core.errors import InternalError

ROWS = "ABCDEFGHI"
SIDE = 4
SQRT3 = math.sqrt(3.0)

TOM = "tom"
DAVE = "dave"
NEUTRAL = "neutral"
PLAYERS = (TOM, DAVE)
COLOURS = (TOM, DAVE, NEUTRAL)

# Axial neighbour steps (the spec's six).
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

# module knot → (owner, kind)
MODULES: dict[str, tuple[str, str]] = {
    "A3": (TOM, "base"),
    "I3": (DAVE, "base"),
    "G1": (TOM, "solar"),
    "G7": (TOM, "solar"),
    "C1": (DAVE, "solar"),
    "C7": (DAVE, "solar"),
}
BASES = {TOM: "A3", DAVE: "I3"}
SOLARS = {TOM: ("G1", "G7"), DAVE: ("C1", "C7")}


def other(player: str) -> str:
    """The other player."""
    return DAVE if player == TOM else TOM


def knot_name(x: int, y: int) -> str:
    """The name of the knot at axial (x, y), e.g. ``E5`` for (0, 0)."""
    xmin = max(-SIDE, -SIDE - y)
    return f"{ROWS[y + SIDE]}{x - xmin + 1}"


def on_board(x: int, y: int) -> bool:
    """Whether axial (x, y) is a knot of the board."""
    return max(abs(x), abs(y), abs(x + y)) <= SIDE


def join(names: list[str] | tuple[str, ...]) -> str:
    """A sorted name of several knots (an edge or a triangle): ``A2-A3-B3``."""
    return "-".join(sorted(names))


def direction(dx: float, dy: float) -> int:
    """The nearest of the 12 directions (see module docstring) of the drawing-coordinate
    vector (dx, dy), where dy grows down the page."""
    # The page's y axis points down, so counter-clockwise as seen is atan2(-dy, dx).
    return round(math.degrees(math.atan2(-dy, dx)) / 30.0) % 12


@dataclass(frozen=True)
class Knot:
    """A knot: index in sorted order, name, axial coordinates, whether it is on the rim."""

    index: int
    name: str
    x: int
    y: int
    rim: bool


@dataclass(frozen=True)
class Triangle:
    """A unit triangle: index in sorted order, name, its three knots (indices, sorted)."""

    index: int
    name: str
    knots: tuple[int, int, int]


@dataclass(frozen=True)
class Edge:
    """An edge between two neighbouring knots, with the one or two triangles beside it."""

    index: int
    name: str
    knots: tuple[int, int]
    triangles: tuple[int, ...]


@dataclass(frozen=True)
class Module:
    """A printed module at a rim knot: owner, ``base`` or ``solar``, the 3 triangles it
    covers and the two inside knots its printed neutral tubes run to (sorted)."""

    knot: int
    name: str
    owner: str
    kind: str
    triangles: tuple[int, int, int]
    tubes_to: tuple[int, int]


@dataclass(frozen=True)
class RhombPos:
    """A rhomb position: an edge whose two triangles are both free. ``blunt`` are the edge's
    knots, ``sharp`` the two other knots (both sorted), ``triangles`` the two it covers."""

    index: int
    name: str
    edge: int
    blunt: tuple[int, int]
    sharp: tuple[int, int]
    triangles: tuple[int, int]


class Board:
    """The fixed geometry. Use the shared instance :func:`board`."""

    def __init__(self) -> None:
        self._knots()
        self._triangles()
        self._edges()
        self._modules()
        self._rhomb_positions()
        # Triangle neighbours across edges (for isolation).
        self.triangle_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(u for e in self.edges if len(e.triangles) == 2 and t.index in e.triangles
                         for u in e.triangles if u != t.index))
            for t in self.triangles)
        self.inside_knots: tuple[int, ...] = tuple(k.index for k in self.knots if not k.rim)
        # Per inside knot, its triangles not printed on a module (all covered: complete).
        self.knot_needs: tuple[tuple[int, frozenset[int]], ...] = tuple(
            (k, frozenset(t for t in self.knot_triangles[k] if t not in self.module_triangles))
            for k in self.inside_knots)
        # Per free triangle, its free neighbours across an edge (all covered: isolated).
        self.free_neighbours: dict[int, frozenset[int]] = {
            t: frozenset(u for u in self.triangle_neighbours[t]
                         if u not in self.module_triangles) for t in self.free_triangles}
        self._corners: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def _knots(self) -> None:
        """The knots in name order, and each knot's neighbours."""
        coords = sorted((y, x) for y in range(-SIDE, SIDE + 1) for x in range(-SIDE, SIDE + 1)
                        if on_board(x, y))
        self.knots: tuple[Knot, ...] = tuple(
            Knot(i, knot_name(x, y), x, y, max(abs(x), abs(y), abs(x + y)) == SIDE)
            for i, (y, x) in enumerate(coords))
        self.knot_index: dict[str, int] = {k.name: k.index for k in self.knots}
        at = {(k.x, k.y): k.index for k in self.knots}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(at[(k.x + dx, k.y + dy)] for dx, dy in STEPS
                         if (k.x + dx, k.y + dy) in at))
            for k in self.knots)

    def _triangles(self) -> None:
        """Every triangle of three mutually neighbouring knots, in name order."""
        tri_sets: set[tuple[int, int, int]] = set()
        for k in self.knots:
            for n in self.neighbours[k.index]:
                for m in self.neighbours[n]:
                    if m in self.neighbours[k.index]:
                        a, b, c = sorted((k.index, n, m))
                        tri_sets.add((a, b, c))
        # Knot indices follow name order, so sorting index triples sorts names too.
        self.triangles: tuple[Triangle, ...] = tuple(
            Triangle(i, join([self.knots[j].name for j in t]), t)
            for i, t in enumerate(sorted(tri_sets)))
        self.triangle_index = {t.name: t.index for t in self.triangles}

    def _edges(self) -> None:
        """Every edge with the triangles beside it, and each knot's triangles."""
        edge_pairs = sorted({(min(a, b), max(a, b)) for a in range(len(self.knots))
                             for b in self.neighbours[a]})
        self.edges: tuple[Edge, ...] = tuple(
            Edge(i, join([self.knots[a].name, self.knots[b].name]), (a, b),
                 tuple(t.index for t in self.triangles if a in t.knots and b in t.knots))
            for i, (a, b) in enumerate(edge_pairs))
        self.edge_index = {e.name: e.index for e in self.edges}
        self.knot_triangles: tuple[tuple[int, ...], ...] = tuple(
            tuple(t.index for t in self.triangles if k.index in t.knots) for k in self.knots)

    def _modules(self) -> None:
        """The six printed modules, the triangles they cover, the free triangles and the
        knots next to a module."""
        modules = []
        for name, (owner, kind) in MODULES.items():
            ki = self.knot_index[name]
            tris = self.knot_triangles[ki]
            inside = tuple(n for n in self.neighbours[ki] if not self.knots[n].rim)
            if len(tris) != 3 or len(inside) != 2:
                raise InternalError(f"module {name}: {len(tris)} triangles, {len(inside)} "
                                    "inner neighbours (the board geometry is broken)")
            modules.append(Module(ki, name, owner, kind, (tris[0], tris[1], tris[2]),
                                  (inside[0], inside[1])))
        self.modules: tuple[Module, ...] = tuple(sorted(modules, key=lambda m: m.knot))
        self.module_at: dict[int, Module] = {m.knot: m for m in self.modules}
        self.module_triangles: frozenset[int] = frozenset(
            t for m in self.modules for t in m.triangles)
        self.free_triangles: tuple[int, ...] = tuple(
            t.index for t in self.triangles if t.index not in self.module_triangles)
        # Knots next to a module never get a counter (Decision).
        self.next_to_module: frozenset[int] = frozenset(
            n for m in self.modules for n in self.neighbours[m.knot])

    def _rhomb_positions(self) -> None:
        """The rhomb positions: edges between two free triangles, with their sharp
        corners."""
        positions = []
        for e in self.edges:
            if len(e.triangles) == 2 and not set(e.triangles) & self.module_triangles:
                sharp = tuple(sorted(
                    next(k for k in self.triangles[t].knots if k not in e.knots)
                    for t in e.triangles))
                positions.append((e, (sharp[0], sharp[1])))
        self.rhomb_positions: tuple[RhombPos, ...] = tuple(
            RhombPos(i, e.name, e.index, e.knots, sharp, (e.triangles[0], e.triangles[1]))
            for i, (e, sharp) in enumerate(positions))
        self.position_index = {p.name: p.index for p in self.rhomb_positions}

    # ---- drawing coordinates -------------------------------------------------------------
    def knot_xy(self, knot: int) -> tuple[float, float]:
        """Drawing position of a knot in edge lengths, y down the page (row A on top)."""
        k = self.knots[knot]
        return (k.x + k.y / 2.0, k.y * SQRT3 / 2.0)

    def triangle_xy(self, tri: int) -> tuple[float, float]:
        """Drawing position of a triangle's centre."""
        pts = [self.knot_xy(k) for k in self.triangles[tri].knots]
        return (sum(p[0] for p in pts) / 3.0, sum(p[1] for p in pts) / 3.0)

    def edge_xy(self, edge: int) -> tuple[float, float]:
        """Drawing position of an edge's midpoint (a rhomb's centre)."""
        a, b = (self.knot_xy(k) for k in self.edges[edge].knots)
        return ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)

    def dir_between(self, p: tuple[float, float], q: tuple[float, float]) -> int:
        """The direction (0..11) from drawing point ``p`` to ``q``."""
        return direction(q[0] - p[0], q[1] - p[1])

    def corners(self, pos: int, s1: int) -> tuple[int, int, int, int]:
        """The corners ``(s1, b1, s2, b2)`` of rhomb position ``pos`` when ``s1`` (a sharp
        corner of it) gets the tile's ``s1``: counter-clockwise as seen on the printed board."""
        got = self._corners.get((pos, s1))
        if got is None:
            got = self._corners_of(pos, s1)
            self._corners[(pos, s1)] = got
        return got

    def _corners_of(self, pos: int, s1: int) -> tuple[int, int, int, int]:
        rp = self.rhomb_positions[pos]
        if s1 not in rp.sharp:
            raise ValueError("s1 must be a sharp corner of the position")
        s2 = rp.sharp[1] if s1 == rp.sharp[0] else rp.sharp[0]
        c = self.edge_xy(rp.edge)
        a = self.knot_xy(s1)
        b = self.knot_xy(rp.blunt[0])
        # Cross product in page coordinates (y down): negative means counter-clockwise as seen.
        cross = (a[0] - c[0]) * (b[1] - c[1]) - (a[1] - c[1]) * (b[0] - c[0])
        b1, b2 = (rp.blunt[0], rp.blunt[1]) if cross < 0 else (rp.blunt[1], rp.blunt[0])
        return (s1, b1, s2, b2)

    def drawing(self) -> dict[str, object]:
        """Everything a renderer needs, in drawing coordinates (edge lengths, y down, origin
        at the centre knot E5): knots, triangles, modules with their tubes, rhomb positions."""
        return {
            "knots": [{"name": k.name, "xy": self.knot_xy(k.index), "rim": k.rim}
                      for k in self.knots],
            "triangles": [{"name": t.name, "corners": [self.knot_xy(k) for k in t.knots],
                           "centre": self.triangle_xy(t.index),
                           "module": t.index in self.module_triangles}
                          for t in self.triangles],
            "modules": [{"name": m.name, "owner": m.owner, "kind": m.kind,
                         "xy": self.knot_xy(m.knot),
                         "triangles": [self.triangles[t].name for t in m.triangles],
                         "tubes": [[self.knot_xy(m.knot), self.knot_xy(n)] for n in m.tubes_to]}
                        for m in self.modules],
            "rhomb_positions": [{"name": p.name, "centre": self.edge_xy(p.edge),
                                 "blunt": [self.knots[k].name for k in p.blunt],
                                 "sharp": [self.knots[k].name for k in p.sharp]}
                                for p in self.rhomb_positions],
        }


@cache
def board() -> Board:
    """The one shared board (immutable)."""
    return Board()
