"""Shortest lines of one astronaut's own moves, by breadth-first search over
(sphere, held counters, counters left on the board), the other astronaut standing still.

Used for "way home" puzzles (home holding both solar counters, entering the base only with
the last move), for the stranding test (can they reach their base at all?) and by the
self-play players in the phase where nobody can place any more.

Payments follow the rules: a drift along every colour pays one control, a jump one energy;
when the player holds none of the kind they pay, an alien is exchanged right before the
payment (if the stock has 1 control and 2 energy), as the puzzles' Decision says. Stock
counts follow from conservation: what the player pays or exchanges goes to the stock.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from spacebowl_print.games.tomtube.model.board import BASES, MODULES, NEUTRAL, other
from spacebowl_print.games.tomtube.model.position import Move, Position
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.rules.network import (
    ALL_COLOURS,
    COLOUR_BIT,
    Network,
    build,
    drift_targets,
    jump_targets,
)

# State: (sphere node, energy, control, alien, solar, bitmask of board counters taken)
State = tuple[int, int, int, int, int, int]
KIND_INDEX = {"energy": 1, "control": 2, "alien": 3, "solar": 4}


@dataclass
class Step:
    """One move and the state it leads to (``exchanged``: an alien was exchanged first)."""

    move: Move
    state: State
    exchanged: bool


class WayHome:
    """The move graph of one player in one position with no placing, explored lazily.

    ``ignore_other``: the other astronaut is taken off the board (for the stranding test,
    where they will move on); otherwise their sphere can be neither entered nor passed.
    ``take_solar``: whether entering a module holding a solar counter takes it (False in the
    bonus phase, where the trailing player collects no solar counters: their solar counters
    are then treated as absent).
    """

    def __init__(self, pos: Position, tiles: TileSet, player: str, *,
                 ignore_other: bool = False, take_solar: bool = True) -> None:
        self.pos = pos
        self.player = player
        self.net: Network = build(pos, tiles)
        net = self.net
        them = pos.astronauts[other(player)].at
        self.blocked = [] if ignore_other or them not in net.node_of else [net.node_of[them]]
        items = sorted((n, k) for n, k in pos.counters.items() if n in net.node_of
                       and (take_solar or k != "solar"))
        self.counter_nodes = [net.node_of[n] for n, _ in items]
        self.counter_kinds = [KIND_INDEX[k] for _, k in items]
        self.bit_of = {node: 1 << i for i, node in enumerate(self.counter_nodes)}
        self.base = net.node_of[BASES[player]]
        me = pos.astronauts[player]
        h = me.held
        self.start: State = (net.node_of[me.at], h["energy"], h["control"], h["alien"],
                             h["solar"], 0)
        # Stock of (energy, control, alien) when nothing has been taken, paid or exchanged.
        self.stock0 = (pos.stock["energy"], pos.stock["control"], pos.stock["alien"])
        self.held0 = (h["energy"], h["control"], h["alien"])
        self._targets: dict[tuple[int, int, int], list[int]] = {}
        self._taken: dict[int, tuple[int, int, int]] = {}
        self._jumps: dict[int, list[int]] = {}
        self.free_colours = COLOUR_BIT[player] | COLOUR_BIT[NEUTRAL]
        self._radj: dict[int, list[int]] | None = None
        self._dist: dict[int, dict[int, int]] = {}
        # Own solar modules still holding their counter: (node, bit in the taken mask).
        self.solar_left = [(n, self.bit_of[n]) for n, k in
                           zip(self.counter_nodes, self.counter_kinds, strict=True)
                           if k == KIND_INDEX["solar"] and MODULES[net.names[n]][0] == player]

    def stock(self, s: State) -> tuple[int, int, int]:
        """The stock's (energy, control, alien) in state ``s`` (counters are conserved)."""
        got = self._taken.get(s[5])
        if got is None:
            taken = [0, 0, 0, 0, 0]
            for i, k in enumerate(self.counter_kinds):
                if s[5] >> i & 1:
                    taken[k] += 1
            got = (self.stock0[0] + self.held0[0] + taken[1], self.stock0[1] + self.held0[1]
                   + taken[2], self.stock0[2] + self.held0[2] + taken[3])
            self._taken[s[5]] = got
        return (got[0] - s[1], got[1] - s[2], got[2] - s[3])

    def _drift(self, node: int, mask: int, colours: int) -> list[int]:
        key = (node, mask, colours)
        got = self._targets.get(key)
        if got is None:
            left = [n for n in self.counter_nodes if not mask & self.bit_of[n]]
            got = sorted(drift_targets(self.net, node, self.player, colours, self.blocked, left),
                         key=lambda n: self.net.names[n])
            self._targets[key] = got
        return got

    def _jump(self, node: int) -> list[int]:
        got = self._jumps.get(node)
        if got is None:
            got = sorted(jump_targets(self.net, self.pos, node, self.blocked),
                         key=lambda n: self.net.names[n])
            self._jumps[node] = got
        return got

    def _pay(self, s: State, kind: int) -> tuple[list[int], bool] | None:
        """Held counts after paying one counter of ``kind`` (1 energy, 2 control), with an
        alien exchange when needed; None if impossible."""
        held = list(s[1:5])
        if held[kind - 1] >= 1:
            held[kind - 1] -= 1
            return held, False
        e, c, _a = self.stock(s)
        if held[2] >= 1 and c >= 1 and e >= 2:
            held[2] -= 1
            held[0] += 2
            held[1] += 1
            held[kind - 1] -= 1
            return held, True
        return None

    def _arrive(self, s: State, node: int, held: list[int]) -> State:
        mask = s[5]
        bit = self.bit_of.get(node, 0)
        if bit and not mask & bit:
            held = list(held)
            held[self.counter_kinds[self.counter_nodes.index(node)] - 1] += 1
            mask |= bit
        return (node, held[0], held[1], held[2], held[3], mask)

    def steps(self, s: State) -> Iterator[Step]:
        """Every move from state ``s`` in the order ``legal_moves`` lists them."""
        node, mask = s[0], s[5]
        names = self.net.names
        held = list(s[1:5])
        for t in self._drift(node, mask, self.free_colours):
            yield Step(Move("drift", names[t], None), self._arrive(s, t, held), False)
        paid = self._pay(s, 2)
        if paid is not None:
            for t in self._drift(node, mask, ALL_COLOURS):
                yield Step(Move("drift", names[t], "control"), self._arrive(s, t, paid[0]),
                           paid[1])
        paid = self._pay(s, 1)
        if paid is not None:
            for t in self._jump(node):
                yield Step(Move("jump", names[t], "energy"), self._arrive(s, t, paid[0]),
                           paid[1])

    def _dist_to(self, target: int) -> dict[int, int]:
        """Moves from each sphere to ``target`` in the *relaxed* game: every drift is paid
        for, every jump too, and no counter stops a drift. A real line is never shorter, so
        these are lower bounds for pruning."""
        got = self._dist.get(target)
        if got is not None:
            return got
        if self._radj is None:
            self._radj = {n: [] for n in self.net.node_of.values()}
            for n in self.net.node_of.values():
                if n in self.blocked:
                    continue
                nxt = drift_targets(self.net, n, self.player, ALL_COLOURS, self.blocked, [])
                nxt |= jump_targets(self.net, self.pos, n, self.blocked)
                for t in nxt:
                    self._radj[t].append(n)
        got = {target: 0}
        todo = deque([target])
        while todo:
            t = todo.popleft()
            for n in self._radj[t]:
                if n not in got:
                    got[n] = got[t] + 1
                    todo.append(n)
        self._dist[target] = got
        return got

    def lower_bound(self, s: State, need_solar: bool) -> int:
        """At least this many more moves are needed from ``s`` to finish (a huge number
        when it cannot be done even in the relaxed game)."""
        far = 1 << 20
        home = self._dist_to(self.base)
        if not need_solar or s[4] >= 2:
            return home.get(s[0], far)
        left = [n for n, bit in self.solar_left if not s[5] & bit]
        need = 2 - s[4]
        if len(left) < need:
            return far
        if need == 1:
            return min(self._dist_to(m).get(s[0], far) + home.get(m, far) for m in left)
        a, b = left[0], left[1]
        da, db = self._dist_to(a), self._dist_to(b)
        return min(da.get(s[0], far) + db.get(a, far) + home.get(b, far),
                   db.get(s[0], far) + da.get(b, far) + home.get(a, far))

    def shortest(self, *, need_solar: bool = True, max_depth: int = 30,
                 cap: int = 500_000, start: State | None = None) -> list[Step] | None:
        """A shortest line home (ending on the base, which only the last move enters; with
        ``need_solar`` the player must then hold both solar counters). ``None`` if there is
        none within ``max_depth`` moves or ``cap`` states; ties are broken by move order, so
        the answer is deterministic."""
        s0 = self.start if start is None else start
        parent: dict[State, tuple[State, Step] | None] = {s0: None}
        frontier = [s0] if self.lower_bound(s0, need_solar) <= max_depth else []
        for depth in range(max_depth):
            nxt: list[State] = []
            for s in frontier:
                for st in self.steps(s):
                    t = st.state
                    if t[0] == self.base:
                        if need_solar and t[4] < 2:
                            continue  # entering the base ends the game: not a way home
                        line = [st]
                        back = parent[s]
                        while back is not None:
                            line.append(back[1])
                            back = parent[back[0]]
                        return line[::-1]
                    if t not in parent:
                        parent[t] = (s, st)
                        # A* style pruning with an admissible bound keeps the answer exact.
                        if depth + 1 + self.lower_bound(t, need_solar) > max_depth:
                            continue
                        nxt.append(t)
                        if len(parent) > cap:
                            return None
            if not nxt:
                return None
            frontier = nxt
        return None


def can_reach_base(pos: Position, tiles: TileSet, player: str, *, cap: int = 50_000) -> bool:
    """Whether ``player`` can still reach their base by their own moves with what they hold
    and can take on the way (the other astronaut taken as gone: they will move on). When
    the search exceeds ``cap`` states it answers True (not proven lost)."""
    wh = WayHome(pos, tiles, player, ignore_other=True)
    if wh.start[0] == wh.base:
        return True
    # Quick answers first: free drifts alone (always affordable) reaching the base prove it;
    # the base unreachable even with every payment free and no counter in the way proves
    # the opposite. The exact search runs only between the two.
    free = _reach(wh, [wh.free_colours], False)
    if wh.base in free:
        return True
    if wh.base not in _reach(wh, [ALL_COLOURS], True):
        return False
    seen = {wh.start}
    todo = [wh.start]
    while todo:
        s = todo.pop()
        for st in wh.steps(s):
            if st.state[0] == wh.base:
                return True
            if st.state not in seen:
                seen.add(st.state)
                todo.append(st.state)
                if len(seen) > cap:
                    return True
    return False


def _reach(wh: WayHome, colour_sets: list[int], jumps: bool) -> set[int]:
    """Spheres reachable from the start by drifts of the given colours (and jumps), with no
    counter stopping a drift (counters are taken on the way, so this over-reaches only where
    payments are concerned)."""
    seen = {wh.start[0]}
    todo = [wh.start[0]]
    while todo:
        n = todo.pop()
        nxt: set[int] = set()
        for colours in colour_sets:
            nxt |= drift_targets(wh.net, n, wh.player, colours, wh.blocked, [])
        if jumps:
            nxt |= jump_targets(wh.net, wh.pos, n, wh.blocked)
        for t in nxt:
            if t not in seen:
                seen.add(t)
                if t != wh.base:
                    todo.append(t)
    return seen
