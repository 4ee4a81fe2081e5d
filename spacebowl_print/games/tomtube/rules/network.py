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

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
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
    inner: frozenset[int] = frozenset()  # edges inside a placed rhomb (no jump across)
    flow: tuple[list[int], list[tuple[int, ...]], list[int], list[int],
                list[tuple[int, ...]]] | None = None  # see _flow
    memo: dict[object, object] = field(default_factory=dict)
    """What searches derive from this network alone, kept for the next search on it."""


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
                  [0] * nk, frozenset(b.rhomb_positions[b.position_index[r.at]].edge
                                      for r in pos.rhombs))
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


def _flow(net: Network) -> tuple[list[int], list[tuple[int, ...]], list[int], list[int],
                                  list[tuple[int, ...]]]:
    """The network as directed segments ``d = 2·segment + o`` (``o`` 0: from the segment's
    first end to its second, 1: back), built once per network: the node each arrives at,
    the directed segments that may follow it at a fork or triangle centre (every other
    segment there), the one straight ahead at a sphere (−1 for none), each one's colour
    bit, and the directed segments leaving each node."""
    got = net.flow
    if got is not None:
        return got
    ends = net.seg_ends
    nd = 2 * len(ends)
    arrive = [0] * nd
    cont: list[tuple[int, ...]] = [()] * nd
    ahead = [-1] * nd
    colour = [0] * nd
    leave: list[list[int]] = [[] for _ in net.kinds]
    for s, (a, _da, b, _db) in enumerate(ends):
        leave[a].append(2 * s)
        leave[b].append(2 * s + 1)
    for s, (a, da, b, db) in enumerate(ends):
        for o, (node, arr) in enumerate(((b, db), (a, da))):
            d = 2 * s + o
            arrive[d] = node
            colour[d] = net.seg_colour[s]
            if net.kinds[node] in (FORK, TRI):
                cont[d] = tuple(x for x in leave[node] if x // 2 != s)
            else:
                straight = net.ports[node].get((arr + 6) % 12)
                if straight is not None:
                    ahead[d] = 2 * straight + (0 if ends[straight][0] == node else 1)
    got = (arrive, cont, ahead, colour, [tuple(x) for x in leave])
    net.flow = got
    return got


def drift_targets(net: Network, start: int, player: str, colours: int,
                  blocked: Iterable[int], counters: Iterable[int]) -> set[int]:
    """Nodes where a drift from ``start`` by ``player`` along segments whose colour bit is in
    ``colours`` may end. ``blocked``: nodes never entered nor passed (the other astronaut);
    ``counters``: spheres holding a counter (entering one ends the drift)."""
    arrive, cont, ahead, colour, leave = _flow(net)
    stop_here = set(counters)
    no_go = set(blocked)
    kinds, names = net.kinds, net.names
    seen: set[int] = set()
    todo = [d for d in leave[start] if colour[d] & colours]
    seen.update(todo)
    out: set[int] = set()
    while todo:
        d = todo.pop()
        node = arrive[d]
        kind = kinds[node]
        if kind == BLOCKED or node in no_go:
            continue
        if kind >= FORK:  # a fork or a triangle's bend: any other segment
            for d2 in cont[d]:
                if d2 not in seen and colour[d2] & colours:
                    seen.add(d2)
                    todo.append(d2)
            continue
        if kind == MODULE and MODULES[names[node]][0] != player:
            continue
        if node != start:
            out.add(node)
        if node in stop_here:
            continue
        d2 = ahead[d]
        if d2 >= 0 and d2 not in seen and colour[d2] & colours:
            seen.add(d2)
            todo.append(d2)
    return out


def jump_targets(net: Network, pos: Position, start: int, blocked: Collection[int]
                 ) -> set[int]:
    """Knot spheres one edge from knot sphere ``start`` across an edge that is not the inner
    edge of a placed rhomb (empty unless ``start`` is a knot sphere). ``pos`` is the
    position ``net`` was built from (its placed rhombs are in ``net.inner``)."""
    kinds = net.kinds
    if start >= len(_edge_between()) or kinds[start] != KNOT:
        return set()
    inner = net.inner
    return {n for n, e in _edge_between()[start]
            if kinds[n] == KNOT and e not in inner and n not in blocked}


@cache
def _edge_between() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per knot: (neighbour, the edge between them)."""
    b = board()
    return tuple(tuple((n, b.edge_index["-".join(sorted((k.name, b.knots[n].name)))])
                       for n in b.neighbours[k.index]) for k in b.knots)


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
