"""The fast move generator: the tube network as a graph of *directed segments*.

Every tube is cut into segments between *nodes* (knots, rhomb centres, triangle centres);
each node maps each of the 12 directions (see ``model.board``) to at most one segment. A
drift is a breadth-first search over directed segments, where what may follow a segment
depends only on the node it arrives at and the direction it arrives from:

* triangle centre or cross-less rhomb centre (a fork): any other segment there;
* a sphere (complete inside knot, module, rhomb centre with a cross): stop there, or go on
  along the segment in the opposite direction if the sphere holds no counter;
* an incomplete or rim knot, the other astronaut's sphere, the other player's module: nothing.

The rules forbid using a segment twice; this search forgets which segments a walk used. It
still finds exactly the destinations of the rules' walks: wherever a walk could only reuse a
segment backwards (out along a stick, round a loop, back along the stick) the same place is
reachable from the fork or start where the stick began, with fewer segments used. The
reference engine (``rules/reference.py``), which enumerates real trails, checks this on
random positions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from spacebowl_print.games.tomtube.model.board import (
    COLOURS,
    MODULES,
    NEUTRAL,
    board,
)
from spacebowl_print.games.tomtube.model.position import Move, Position, coverage
from spacebowl_print.games.tomtube.model.tiles import TileSet

BLOCKED, KNOT, MODULE, ENERGY, FORK, TRI = range(6)
COLOUR_BIT = {c: 1 << i for i, c in enumerate(COLOURS)}
ALL_COLOURS = sum(COLOUR_BIT.values())


@cache
def _knot_dirs() -> dict[tuple[int, str, int], tuple[int, int]]:
    """(knot, "e"/"t", edge or triangle) → (direction at the knot, direction back)."""
    b = board()
    out: dict[tuple[int, str, int], tuple[int, int]] = {}
    for e in b.edges:
        c = b.edge_xy(e.index)
        for k in e.knots:
            p = b.knot_xy(k)
            out[(k, "e", e.index)] = (b.dir_between(p, c), b.dir_between(c, p))
    for t in b.triangles:
        c = b.triangle_xy(t.index)
        for k in t.knots:
            p = b.knot_xy(k)
            out[(k, "t", t.index)] = (b.dir_between(p, c), b.dir_between(c, p))
    return out


@cache
def _sharp_dirs() -> dict[tuple[int, int], tuple[int, int]]:
    """(rhomb position, sharp knot) → (direction at the knot, direction at the centre)."""
    b = board()
    out = {}
    for p in b.rhomb_positions:
        c = b.edge_xy(p.edge)
        for k in p.sharp:
            out[(p.index, k)] = (b.dir_between(b.knot_xy(k), c), b.dir_between(c, b.knot_xy(k)))
    return out


@cache
def _corner_table() -> dict[tuple[int, int], tuple[int, int, int, int]]:
    b = board()
    return {(p.index, s): b.corners(p.index, s) for p in b.rhomb_positions for s in p.sharp}


@dataclass
class Network:
    """The tube network of one position: nodes (0..60 are the knots, then rhomb centres,
    then triangle centres), node kinds, node names, and segments ``(a, b, colour bit)`` with
    ``ports[node][direction] = (segment, other end)``."""

    kinds: list[int]
    names: list[str]
    ports: list[dict[int, int]]
    seg_ends: list[tuple[int, int, int, int]]  # (a, dir at a, b, dir at b)
    seg_colour: list[int]
    node_of: dict[str, int]
    tube_ends: list[int]  # per knot: how many tubes end there


def build(pos: Position, tiles: TileSet) -> Network:
    """The network of ``pos`` (see :class:`Network`)."""
    b = board()
    nk = len(b.knots)
    cov = coverage(pos)
    kinds = [BLOCKED] * nk
    for k in b.inside_knots:
        if all(t in cov or t in b.module_triangles for t in b.knot_triangles[k]):
            kinds[k] = KNOT
    net = Network(kinds, [k.name for k in b.knots], [{} for _ in range(nk)], [], [], {},
                  [0] * nk)
    _add_module_tubes(net)
    _add_rhomb_tubes(net, pos, tiles)
    _add_triangle_tubes(net, pos)
    net.node_of.update(
        {n: i for i, n in enumerate(net.names) if net.kinds[i] in (KNOT, MODULE, ENERGY)})
    return net


def _segment(net: Network, a: int, da: int, bnode: int, db: int, colour: str) -> None:
    """A tube of ``colour`` from node ``a`` (leaving in direction ``da``) to node ``bnode``
    (arriving from ``db``)."""
    s = len(net.seg_ends)
    net.seg_ends.append((a, da, bnode, db))
    net.seg_colour.append(COLOUR_BIT[colour])
    net.ports[a][da] = s
    net.ports[bnode][db] = s


def _centre_node(net: Network, kind: int, name: str) -> int:
    """A new node at a rhomb's or triangle's centre."""
    node = len(net.kinds)
    net.kinds.append(kind)
    net.names.append(name)
    net.ports.append({})
    return node


def _add_module_tubes(net: Network) -> None:
    """The modules and their printed neutral tubes."""
    b = board()
    kd = _knot_dirs()
    names = net.names
    for m in b.modules:
        net.kinds[m.knot] = MODULE
        for n in m.tubes_to:
            e = b.edge_index[f"{min(names[m.knot], names[n])}-{max(names[m.knot], names[n])}"]
            _segment(net, m.knot, kd[(m.knot, "e", e)][0], n, kd[(n, "e", e)][0], NEUTRAL)
            net.tube_ends[m.knot] += 1
            net.tube_ends[n] += 1


def _add_rhomb_tubes(net: Network, pos: Position, tiles: TileSet) -> None:
    """Each placed rhomb's centre (a fork, or an energy sphere under a cross) and its tubes
    to the corners."""
    b = board()
    kd = _knot_dirs()
    sd = _sharp_dirs()
    ct = _corner_table()
    for r in pos.rhombs:
        tile = tiles[r.id]
        p = b.position_index[r.at]
        rp = b.rhomb_positions[p]
        node = _centre_node(net, ENERGY if tile.cross else FORK, r.at)
        corners = ct[(p, b.knot_index[r.s1])]
        for k, colour in zip(corners, tile.corners, strict=True):
            if colour is None:
                continue
            if k in rp.sharp:
                at_knot, at_centre = sd[(p, k)]
            else:
                at_knot, at_centre = kd[(k, "e", rp.edge)]
            _segment(net, k, at_knot, node, at_centre, colour)
            net.tube_ends[k] += 1


def _add_triangle_tubes(net: Network, pos: Position) -> None:
    """Each tube triangle's centre and its two tubes."""
    b = board()
    kd = _knot_dirs()
    for tr in pos.triangles:
        if tr.tube is None:
            continue
        t = b.triangle_index[tr.at]
        node = _centre_node(net, TRI, tr.at)
        for kn in tr.tube:
            k = b.knot_index[kn]
            at_knot, at_centre = kd[(k, "t", t)]
            _segment(net, k, at_knot, node, at_centre, tr.owner)
            net.tube_ends[k] += 1


def drift_targets(net: Network, start: int, player: str, colours: int,
                  blocked: Iterable[int], counters: Iterable[int]) -> set[int]:
    """Nodes where a drift from ``start`` by ``player`` along segments whose colour bit is in
    ``colours`` may end. ``blocked``: nodes never entered nor passed (the other astronaut);
    ``counters``: spheres holding a counter (entering one ends the drift)."""
    stop_here = set(counters)
    no_go = set(blocked)
    kinds, ports, ends, col = net.kinds, net.ports, net.seg_ends, net.seg_colour
    seen: set[int] = set()
    todo: list[int] = []

    def push(s: int, from_node: int) -> None:
        d = 2 * s + (0 if ends[s][0] == from_node else 1)
        if d not in seen and col[s] & colours:
            seen.add(d)
            todo.append(d)

    for s in ports[start].values():
        push(s, start)
    out: set[int] = set()
    while todo:
        d = todo.pop()
        s, o = divmod(d, 2)
        a, _da, bn, db = ends[s]
        node, arr = (bn, db) if o == 0 else (a, _da)
        if node in no_go:
            continue
        kind = kinds[node]
        if kind == BLOCKED:
            continue
        if kind in (FORK, TRI):
            for s2 in ports[node].values():
                if s2 != s:
                    push(s2, node)
            continue
        if kind == MODULE and MODULES[net.names[node]][0] != player:
            continue
        if node != start:
            out.add(node)
        if node in stop_here:
            continue
        ahead = ports[node].get((arr + 6) % 12)
        if ahead is not None:
            push(ahead, node)
    return out


def jump_targets(net: Network, pos: Position, start: int, blocked: Iterable[int]) -> set[int]:
    """Knot spheres one edge from knot sphere ``start`` across an edge that is not the inner
    edge of a placed rhomb (empty unless ``start`` is a knot sphere)."""
    b = board()
    if start >= len(b.knots) or net.kinds[start] != KNOT:
        return set()
    inner = {b.rhomb_positions[b.position_index[r.at]].edge for r in pos.rhombs}
    no_go = set(blocked)
    out = set()
    for n in b.neighbours[start]:
        if net.kinds[n] != KNOT or n in no_go:
            continue
        e = b.edge_index[f"{min(b.knots[start].name, b.knots[n].name)}-"
                         f"{max(b.knots[start].name, b.knots[n].name)}"]
        if e not in inner:
            out.add(n)
    return out


def can_pay(pos: Position, player: str, kind: str) -> bool:
    """Whether ``player`` can pay one ``kind`` counter now: they hold one, or they hold an
    alien and the stock has the 1 control and 2 energy counters to exchange it for."""
    held = pos.astronauts[player].held
    if held.get(kind, 0) >= 1:
        return True
    return (held.get("alien", 0) >= 1 and pos.stock["control"] >= 1
            and pos.stock["energy"] >= 2)


def legal_moves(pos: Position, tiles: TileSet, net: Network | None = None) -> list[Move]:
    """The moves of the player to move, in the documented order: free drifts, then drifts
    paying control, then jumps paying energy, each by destination name. A paid drift is
    listed for every destination it reaches, a free drift may reach it too."""
    if net is None:
        net = build(pos, tiles)
    player = pos.to_move
    me = pos.astronauts[player]
    them = pos.astronauts["dave" if player == "tom" else "tom"]
    start = net.node_of.get(me.at)
    if start is None:
        return []
    blocked = [net.node_of[them.at]] if them.at in net.node_of else []
    counters = [net.node_of[n] for n in pos.counters if n in net.node_of]
    moves: list[Move] = []
    free = COLOUR_BIT[player] | COLOUR_BIT[NEUTRAL]
    for node in sorted(drift_targets(net, start, player, free, blocked, counters),
                       key=lambda n: net.names[n]):
        moves.append(Move("drift", net.names[node], None))
    if can_pay(pos, player, "control"):
        for node in sorted(drift_targets(net, start, player, ALL_COLOURS, blocked, counters),
                           key=lambda n: net.names[n]):
            moves.append(Move("drift", net.names[node], "control"))
    if can_pay(pos, player, "energy"):
        for node in sorted(jump_targets(net, pos, start, blocked), key=lambda n: net.names[n]):
            moves.append(Move("jump", net.names[node], "energy"))
    return moves


def free_positions(pos: Position) -> list[int]:
    """Rhomb positions (indices, ascending = by name) whose two triangles are both free."""
    b = board()
    cov = coverage(pos)
    return [p.index for p in b.rhomb_positions
            if p.triangles[0] not in cov and p.triangles[1] not in cov]


def placement_count(pos: Position) -> int:
    """The (position, s1) choices for the top rhomb: twice the free positions, 0 with an
    empty stack."""
    return 2 * len(free_positions(pos)) if pos.stack else 0
