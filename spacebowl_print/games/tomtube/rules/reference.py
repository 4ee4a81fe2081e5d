"""The reference move generator: tubes as line pieces in exact integer coordinates, drifts as
a depth-first enumeration of *trails* (walks that never use a piece twice), exactly as the
rules say. Written to be obviously right, not fast; it shares nothing with
``rules/network.py`` but the board's knot list and the position data.

Coordinates: knot (x, y) sits at ``(6·(2x + y), 6·y)`` — an affine image of the printed
board, so "exactly opposite" (``u = −k·v``, k > 0) means the same as on paper, and every edge
midpoint and triangle centre has integer coordinates.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from functools import cache

from spacebowl_print.core.errors import InternalError
from spacebowl_print.games.tomtube.model.board import MODULES, board
from spacebowl_print.games.tomtube.model.position import Move, Position
from spacebowl_print.games.tomtube.model.tiles import TileSet

Point = tuple[int, int]
Piece = tuple[Point, Point, str]


def _pt(name: str) -> Point:
    k = board().knots[board().knot_index[name]]
    return (6 * (2 * k.x + k.y), 6 * k.y)


def _mid(*pts: Point) -> Point:
    n = len(pts)
    return (sum(p[0] for p in pts) // n, sum(p[1] for p in pts) // n)


def _cross(u: Point, v: Point) -> int:
    return u[0] * v[1] - u[1] * v[0]


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


class Scene:
    """The board of one position as points and tube pieces."""

    def __init__(self, pos: Position, tiles: TileSet) -> None:
        b = board()
        self.knot_at: dict[Point, str] = {_pt(k.name): k.name for k in b.knots}
        self.rim = {k.name for k in b.knots if k.rim}
        covered: set[frozenset[str]] = set()  # triangles, as their three knots' names
        for m in MODULES:
            for t in _triangle_knots():
                if m in t:
                    covered.add(t)
        self.pieces: list[Piece] = []
        self.centre_of: dict[Point, tuple[str, bool]] = {}  # rhomb centre → (position, cross)
        self._add_rhombs(pos, tiles, covered)
        self.tri_centres: set[Point] = set()
        self._add_triangles(pos, covered)
        for m in MODULES:
            inside = [k.name for k in b.knots if not k.rim
                      and _is_neighbour(_pt(m), _pt(k.name))]
            for n in inside:
                self.pieces.append((_pt(m), _pt(n), "neutral"))
        # A knot is complete when all six triangles around it are covered.
        self.complete: set[str] = set()
        for k in b.knots:
            if k.rim:
                continue
            around = [t for t in _triangle_knots() if k.name in t]
            if all(t in covered for t in around):
                self.complete.add(k.name)
        self.at_point: dict[Point, list[int]] = defaultdict(list)
        for i, (p, q, _) in enumerate(self.pieces):
            self.at_point[p].append(i)
            self.at_point[q].append(i)
        self.point_of: dict[str, Point] = {n: p for p, n in self.knot_at.items()}
        for p, (n, cross) in self.centre_of.items():
            if cross:
                self.point_of[n] = p
        self.inner_edges = {r.at for r in pos.rhombs}

    def _add_rhombs(self, pos: Position, tiles: TileSet, covered: set[frozenset[str]]
                    ) -> None:
        """Each placed rhomb: the two triangles it covers, its centre, its tube pieces from
        the corners to the centre."""
        for r in pos.rhombs:
            blunt = r.at.split("-")
            sharp = sorted({n for t in _triangle_knots() for n in t
                            if set(blunt) <= t} - set(blunt))
            for s in sharp:
                covered.add(frozenset([*blunt, s]))
            c = _mid(_pt(blunt[0]), _pt(blunt[1]))
            tile = tiles[r.id]
            self.centre_of[c] = (r.at, tile.cross)
            s1 = r.s1
            s2 = sharp[0] if sharp[1] == s1 else sharp[1]
            # Counter-clockwise on the page (y down) is clockwise in these coordinates, where
            # y grows downwards as well: b1 is the blunt corner with a negative cross product.
            u = _sub(_pt(s1), c)
            b1 = next(x for x in blunt if _cross(u, _sub(_pt(x), c)) < 0)
            b2 = blunt[0] if b1 == blunt[1] else blunt[1]
            for corner, colour in zip((s1, b1, s2, b2), tile.corners, strict=True):
                if colour:
                    self.pieces.append((_pt(corner), c, colour))

    def _add_triangles(self, pos: Position, covered: set[frozenset[str]]) -> None:
        """Each player's triangle: the triangle it covers, and for a tube triangle its
        centre and its two tube pieces."""
        for tr in pos.triangles:
            covered.add(frozenset(tr.at.split("-")))
            if tr.tube:
                c = _mid(*(_pt(n) for n in tr.at.split("-")))
                self.tri_centres.add(c)
                self.pieces.append((_pt(tr.tube[0]), c, tr.owner))
                self.pieces.append((_pt(tr.tube[1]), c, tr.owner))

    def name(self, p: Point) -> str:
        if p in self.knot_at:
            return self.knot_at[p]
        return self.centre_of[p][0]

    def what(self, p: Point) -> str:
        """``sphere``, ``blocked`` (incomplete or rim knot) or ``through`` (fork, triangle)."""
        if p in self.knot_at:
            n = self.knot_at[p]
            if n in MODULES or n in self.complete:
                return "sphere"
            return "blocked"
        if p in self.centre_of:
            return "sphere" if self.centre_of[p][1] else "through"
        return "through"


@cache
def _triangle_knots() -> tuple[frozenset[str], ...]:
    """Every triangle of the board as the set of its three knots' names."""
    return tuple(frozenset(t.name.split("-")) for t in board().triangles)


def _is_neighbour(p: Point, q: Point) -> bool:
    d = _sub(p, q)
    # Neighbour steps in these coordinates: (±12, 0) and (±6, ±6).
    return d in ((12, 0), (-12, 0), (6, 6), (-6, -6), (6, -6), (-6, 6))


def drift_destinations(pos: Position, tiles: TileSet, player: str,
                       colours: frozenset[str], scene: Scene | None = None) -> set[str]:
    """Every sphere a drift of ``player`` along tubes of ``colours`` can end at, by trying
    every trail from their sphere."""
    sc = scene or Scene(pos, tiles)
    me = pos.astronauts[player].at
    them = pos.astronauts["dave" if player == "tom" else "tom"].at
    return trails_end(sc, player, me, them, colours, pos.counters)


def trails_end(sc: Scene, player: str, me: str, them: str | None, colours: frozenset[str],
               counters: Collection[str]) -> set[str]:
    """Every sphere a drift of ``player`` from sphere ``me`` along tubes of ``colours`` can
    end at, by trying every trail: ``them`` is the other astronaut's sphere (``None``:
    nobody), ``counters`` the spheres holding a counter."""
    start = sc.point_of.get(me)
    if start is None:
        return set()
    found: set[str] = set()

    def arrive(p: Point, via: int, used: frozenset[int]) -> None:
        name = sc.name(p) if (p in sc.knot_at or p in sc.centre_of) else None
        if name is not None and name == them:
            return
        kind = sc.what(p)
        if kind == "blocked":
            return
        if kind == "through":
            for j in sc.at_point[p]:
                if j not in used and sc.pieces[j][2] in colours:
                    leave(p, j, used)
            return
        if name is None:
            raise InternalError("a sphere without a name")
        if name in MODULES and MODULES[name][0] != player:
            return
        if p != start:
            found.add(name)
        if name in counters:
            return
        a, q, _ = sc.pieces[via]
        came_from = _sub(q if a == p else a, p)
        for j in sc.at_point[p]:
            if j in used or sc.pieces[j][2] not in colours:
                continue
            a2, q2, _ = sc.pieces[j]
            go_to = _sub(q2 if a2 == p else a2, p)
            if _cross(came_from, go_to) == 0 and (came_from[0] * go_to[0]
                                                   + came_from[1] * go_to[1]) < 0:
                leave(p, j, used)

    def leave(p: Point, j: int, used: frozenset[int]) -> None:
        a, q, _ = sc.pieces[j]
        arrive(q if a == p else a, j, used | {j})

    for j in sc.at_point[start]:
        if sc.pieces[j][2] in colours:
            leave(start, j, frozenset())
    return found


def jump_destinations(pos: Position, tiles: TileSet, player: str,
                      scene: Scene | None = None) -> set[str]:
    """Complete inside knots next to the player's complete knot across an edge that is not a
    placed rhomb's inner edge, not held by the other astronaut."""
    sc = scene or Scene(pos, tiles)
    me = pos.astronauts[player].at
    them = pos.astronauts["dave" if player == "tom" else "tom"].at
    return jumps_from(sc, me, them)


def jumps_from(sc: Scene, me: str, them: str | None) -> set[str]:
    """Complete inside knots next to the complete knot ``me`` across an edge that is not a
    placed rhomb's inner edge, other than ``them``."""
    if me not in sc.complete:
        return set()
    out = set()
    for n in sc.complete:
        if n != them and _is_neighbour(sc.point_of[me], sc.point_of[n]):
            edge = "-".join(sorted((me, n)))
            if edge not in sc.inner_edges:
                out.add(n)
    return out


def legal_moves(pos: Position, tiles: TileSet) -> list[Move]:
    """The legal moves of the player to move, in the same order as ``network.legal_moves``."""
    player = pos.to_move
    sc = Scene(pos, tiles)
    held = pos.astronauts[player].held
    exchange = (held.get("alien", 0) > 0 and pos.stock["control"] > 0
                and pos.stock["energy"] > 1)
    own = frozenset({player, "neutral"})
    moves = [Move("drift", n, None) for n in sorted(drift_destinations(pos, tiles, player, own,
                                                                       sc))]
    if held.get("control", 0) > 0 or exchange:
        every = frozenset({"tom", "dave", "neutral"})
        moves += [Move("drift", n, "control")
                  for n in sorted(drift_destinations(pos, tiles, player, every, sc))]
    if held.get("energy", 0) > 0 or exchange:
        moves += [Move("jump", n, "energy")
                  for n in sorted(jump_destinations(pos, tiles, player, sc))]
    return moves
