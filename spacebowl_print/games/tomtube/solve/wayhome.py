"""Shortest lines of one astronaut's own moves, by search over compact states
``(sphere, energy, control, alien, solar, taken)`` — plain tuples of small integers, the
last a bitmask of the board counters already taken — with the other astronaut standing
still.

Used for "way home" puzzles (home holding both solar counters, entering the base only with
the last move; the answer, the first moves on a shortest line and the *decoys*), for the
stranding test (can they reach their base at all?) and by the self-play players in the
phase where nobody can place any more.

Payments follow the rules: a drift along every colour pays one control, a jump one energy;
when the player holds none of the kind they pay, an alien is exchanged right before the
payment (if the stock has 1 control and 2 energy). The rules let a player exchange an alien
at any moment of their own turn; for reaching a place in few moves that freedom never
helps, so the search only exchanges when a payment needs it (docs/tomtube.md, *Alien
exchange*, has the argument; the independent verifier searches every moment anyway). Stock
counts follow from conservation: what the player pays or exchanges goes to the stock.

Moves inside the search are integers ``3 · sphere + kind`` (kind 0 a free drift, 1 a drift
paying control, 2 a jump paying energy), listed in the order of ``rules.network.legal_moves``;
:class:`~spacebowl_print.games.tomtube.model.position.Move` objects are made only for the
line returned.
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
FREE, PAID, JUMP = 0, 1, 2
FAR = 1 << 20
"""A distance meaning "not reachable"."""


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
                 ignore_other: bool = False, take_solar: bool = True,
                 net: Network | None = None) -> None:
        self.pos = pos
        self.player = player
        self.net: Network = net if net is not None else build(pos, tiles)
        net = self.net
        them = pos.astronauts[other(player)].at
        self.blocked = [] if ignore_other or them not in net.node_of else [net.node_of[them]]
        items = sorted((n, k) for n, k in pos.counters.items() if n in net.node_of
                       and (take_solar or k != "solar"))
        self.counter_nodes = [net.node_of[n] for n, _ in items]
        self.counter_kinds = [KIND_INDEX[k] for _, k in items]
        self.bit_of = {node: 1 << i for i, node in enumerate(self.counter_nodes)}
        # Per node: (bit, held index 1..4) of the counter on it, if any.
        self._counter_at = {node: (1 << i, k) for i, (node, k) in
                            enumerate(zip(self.counter_nodes, self.counter_kinds, strict=True))}
        self.base = net.node_of[BASES[player]]
        me = pos.astronauts[player]
        h = me.held
        self.start: State = (net.node_of[me.at], h["energy"], h["control"], h["alien"],
                             h["solar"], 0)
        # Energy and control in the stock plus what the player holds, before anything is
        # taken from the board: conserved by paying and exchanging.
        self._pool = (pos.stock["energy"] + h["energy"], pos.stock["control"] + h["control"])
        self._taken: dict[int, tuple[int, int]] = {}
        self._targets: dict[tuple[int, int, int], list[int]] = {}
        self._jumps: dict[int, list[int]] = {}
        self._succ: dict[State, list[tuple[int, State]]] = {}
        self.free_colours = COLOUR_BIT[player] | COLOUR_BIT[NEUTRAL]
        self._dist: dict[int, dict[int, int]] = {}
        self._bounds: dict[tuple[int, int, int], int] = {}
        # Own solar modules still holding their counter: (node, bit in the taken mask).
        self.solar_left = [(n, self.bit_of[n]) for n, k in
                           zip(self.counter_nodes, self.counter_kinds, strict=True)
                           if k == KIND_INDEX["solar"] and MODULES[net.names[n]][0] == player]
        self._solar_mask = sum(bit for _, bit in self.solar_left)

    # ---- moves ----------------------------------------------------------------------------

    def stock(self, s: State) -> tuple[int, int, int]:
        """The stock's (energy, control, alien) in state ``s`` (counters are conserved)."""
        e, c = self._pool_after(s[5])
        a = self.pos.stock["alien"] + self.pos.astronauts[self.player].held["alien"]
        a += sum(1 for i, k in enumerate(self.counter_kinds) if k == 3 and s[5] >> i & 1)
        return (e - s[1], c - s[2], a - s[3])

    def _pool_after(self, mask: int) -> tuple[int, int]:
        got = self._taken.get(mask)
        if got is None:
            e, c = self._pool
            for i, k in enumerate(self.counter_kinds):
                if mask >> i & 1:
                    e += k == 1
                    c += k == 2
            got = (e, c)
            self._taken[mask] = got
        return got

    def _drift(self, node: int, mask: int, colours: int) -> list[int]:
        key = (node, mask, colours)
        got = self._targets.get(key)
        if got is None:
            left = [n for n in self.counter_nodes if not mask & self.bit_of[n]]
            got = sorted(drift_targets(self.net, node, self.player, colours, self.blocked, left),
                         key=self.net.names.__getitem__)
            self._targets[key] = got
        return got

    def _jump(self, node: int) -> list[int]:
        got = self._jumps.get(node)
        if got is None:
            got = sorted(jump_targets(self.net, self.pos, node, self.blocked),
                         key=self.net.names.__getitem__)
            self._jumps[node] = got
        return got

    def successors(self, s: State) -> list[tuple[int, State]]:
        """``(move code, next state)`` for every move from ``s``, in the order
        ``legal_moves`` lists them (remembered: the graph is explored once)."""
        got = self._succ.get(s)
        if got is not None:
            return got
        node, e, c, a, sol, mask = s
        at = self._counter_at
        out: list[tuple[int, State]] = []

        def arrive(t: int, kind: int, e: int, c: int, a: int) -> None:
            ct = at.get(t)
            if ct is None or mask & ct[0]:
                out.append((3 * t + kind, (t, e, c, a, sol, mask)))
                return
            held = [e, c, a, sol]
            held[ct[1] - 1] += 1
            out.append((3 * t + kind, (t, held[0], held[1], held[2], held[3], mask | ct[0])))

        for t in self._drift(node, mask, self.free_colours):
            arrive(t, FREE, e, c, a)
        pool_e, pool_c = -1, -1
        if c >= 1:
            paid: tuple[int, int, int] | None = (e, c - 1, a)
        else:
            pool_e, pool_c = self._pool_after(mask)
            # Exchange first: the stock then holds pool − held of each kind.
            paid = (e + 2, c, a - 1) if a >= 1 and pool_c - c >= 1 and pool_e - e >= 2 else None
        if paid is not None:
            for t in self._drift(node, mask, ALL_COLOURS):
                arrive(t, PAID, *paid)
        if e >= 1:
            paid = (e - 1, c, a)
        else:
            if pool_e < 0:
                pool_e, pool_c = self._pool_after(mask)
            paid = (e + 1, c + 1, a - 1) if a >= 1 and pool_c - c >= 1 and pool_e - e >= 2 \
                else None
        if paid is not None:
            for t in self._jump(node):
                arrive(t, JUMP, *paid)
        self._succ[s] = out
        return out

    def move_of(self, code: int) -> Move:
        """The move a code stands for."""
        node, kind = divmod(code, 3)
        name = self.net.names[node]
        if kind == FREE:
            return Move("drift", name, None)
        if kind == PAID:
            return Move("drift", name, "control")
        return Move("jump", name, "energy")

    def step(self, s: State, code: int, t: State) -> Step:
        """The :class:`Step` of the move ``code`` from ``s`` to ``t``."""
        kind = code % 3
        exchanged = (kind == PAID and s[2] < 1) or (kind == JUMP and s[1] < 1)
        return Step(self.move_of(code), t, exchanged)

    def steps(self, s: State) -> Iterator[Step]:
        """Every move from state ``s`` in the order ``legal_moves`` lists them."""
        for code, t in self.successors(s):
            yield self.step(s, code, t)

    def done(self, t: State, need_solar: bool) -> bool:
        """Whether arriving in ``t`` finishes a way home."""
        return t[0] == self.base and (not need_solar or t[4] >= 2)

    # ---- lower bounds -----------------------------------------------------------------------

    def _dist_to(self, target: int) -> dict[int, int]:
        """:func:`relaxed_to` ``target`` (lower bounds for pruning)."""
        got = self._dist.get(target)
        if got is None:
            got = relaxed_to(self.net, self.pos, self.player, target)
            self._dist[target] = got
        return got

    def lower_bound(self, s: State, need_solar: bool = True) -> int:
        """At least this many more moves are needed from ``s`` to finish (:data:`FAR` or
        more when it cannot be done even in the relaxed game)."""
        left = self._solar_mask & ~s[5] if need_solar and s[4] < 2 else 0
        key = (s[0], left, s[4] if left else 2)
        got = self._bounds.get(key)
        if got is None:
            got = self._bound(s[0], left, key[2])
            self._bounds[key] = got
        return got

    def _bound(self, node: int, left_mask: int, solar: int) -> int:
        home = self._dist_to(self.base)
        if not left_mask:
            return home.get(node, FAR) if solar >= 2 else FAR
        left = [n for n, bit in self.solar_left if left_mask & bit]
        need = 2 - solar
        if len(left) < need:
            return FAR
        if need == 1:
            return min(self._dist_to(m).get(node, FAR) + home.get(m, FAR) for m in left)
        a, b = left[0], left[1]
        da, db = self._dist_to(a), self._dist_to(b)
        return min(da.get(node, FAR) + db.get(a, FAR) + home.get(b, FAR),
                   db.get(node, FAR) + da.get(b, FAR) + home.get(a, FAR))

    # ---- searches ---------------------------------------------------------------------------

    def shortest(self, *, need_solar: bool = True, max_depth: int = 30,
                 cap: int = 500_000, start: State | None = None) -> list[Step] | None:
        """A shortest line home (ending on the base, which only the last move enters; with
        ``need_solar`` the player must then hold both solar counters). ``None`` if there is
        none within ``max_depth`` moves or ``cap`` states; ties are broken by move order, so
        the answer is deterministic."""
        s0 = self.start if start is None else start
        parent: dict[State, tuple[State, int] | None] = {s0: None}
        frontier = [s0] if self.lower_bound(s0, need_solar) <= max_depth else []
        base = self.base
        for depth in range(max_depth):
            nxt: list[State] = []
            room = max_depth - depth - 1
            for s in frontier:
                for code, t in self.successors(s):
                    if t[0] == base:
                        if need_solar and t[4] < 2:
                            continue  # entering the base ends the game: not a way home
                        return self.line_from(parent, s, code, t)
                    if t not in parent:
                        parent[t] = (s, code)
                        # A* style pruning with an admissible bound keeps the answer exact.
                        if self.lower_bound(t, need_solar) > room:
                            continue
                        nxt.append(t)
                        if len(parent) > cap:
                            return None
            if not nxt:
                return None
            frontier = nxt
        return None

    def line_from(self, parent: dict[State, tuple[State, int] | None], s: State, code: int,
                  t: State) -> list[Step]:
        """The line a breadth-first search's ``parent`` links lead to: the moves from the
        start to ``s``, then the move ``code`` to ``t``."""
        line = [self.step(s, code, t)]
        back = parent[s]
        while back is not None:
            prev, c = back
            line.append(self.step(prev, c, s))
            s = prev
            back = parent[s]
        return line[::-1]

    def reaches(self, s: State, budget: int, fails: dict[State, int],
                need_solar: bool = True) -> bool:
        """Whether a way home from ``s`` takes at most ``budget`` moves: a depth-first search
        pruned by the lower bound, remembering in ``fails`` the largest budget each state is
        known to fail with (share it between calls on the same graph)."""
        if self.lower_bound(s, need_solar) > budget or fails.get(s, -1) >= budget:
            return False
        base = self.base
        for _code, t in self.successors(s):
            if t[0] == base:
                if not need_solar or t[4] >= 2:
                    return True
                continue
            if budget > 1 and self.reaches(t, budget - 1, fails, need_solar):
                return True
        fails[s] = budget
        return False


def relaxed_to(net: Network, pos: Position, player: str, target: int) -> dict[int, int]:
    """Moves from each sphere to ``target`` in the *relaxed* game: every drift is paid for,
    every jump too, no counter stops a drift and the other astronaut is not in the way. A
    real line is never shorter, so these are lower bounds. They depend on the network (built
    from ``pos``) and the player alone, so they are kept with the network."""
    memo = net.memo
    key = ("relaxed-distances", player, target)
    cached = memo.get(key)
    if isinstance(cached, dict):
        return cached
    found = memo.get(("relaxed-back", player))
    if isinstance(found, dict):
        radj: dict[int, list[int]] = found
    else:
        radj = {n: [] for n in net.node_of.values()}
        for n in net.node_of.values():
            nxt = drift_targets(net, n, player, ALL_COLOURS, (), ())
            nxt |= jump_targets(net, pos, n, ())
            for t in nxt:
                radj[t].append(n)
        memo[("relaxed-back", player)] = radj
    got = {target: 0}
    todo = deque([target])
    while todo:
        t = todo.popleft()
        for n in radj[t]:
            if n not in got:
                got[n] = got[t] + 1
                todo.append(n)
    memo[key] = got
    return got


def relaxed_bound(net: Network, pos: Position, player: str, node: int,
                  stops: list[int]) -> int:
    """At least this many moves from ``node`` to the player's base by way of every sphere in
    ``stops`` (one or two, in either order; :func:`relaxed_to`)."""
    base = net.node_of[BASES[player]]
    best = FAR
    for order in ([stops] if len(stops) < 2 else [stops, stops[::-1]]):
        total, here = 0, node
        for m in [*order, base]:
            total += relaxed_to(net, pos, player, m).get(here, FAR)
            here = m
        best = min(best, total)
    return best


def first_moves(wh: WayHome, n: int, horizon: int = 2) -> tuple[list[int], list[int]]:
    """For a way home of ``n`` moves at best: the codes of the first moves on a shortest line,
    and of the *decoys* — first moves (not into the base) after which the player can still
    get home with both solar counters, but only in more than ``n`` moves in all (within
    ``n + horizon``)."""
    fails: dict[State, int] = {}
    best: list[int] = []
    decoys: list[int] = []
    for code, t in wh.successors(wh.start):
        if t[0] == wh.base:
            if t[4] >= 2:
                best.append(code)
            continue
        if n > 1 and wh.reaches(t, n - 1, fails):
            best.append(code)
        elif wh.reaches(t, n - 1 + horizon, fails):
            decoys.append(code)
    return best, decoys


def can_reach_base(pos: Position, tiles: TileSet, player: str, *, cap: int = 50_000,
                   net: Network | None = None) -> bool:
    """Whether ``player`` can still reach their base by their own moves with what they hold
    and can take on the way (the other astronaut taken as gone: they will move on). When
    the search exceeds ``cap`` states it answers True (not proven lost). ``net``: the tube
    network of ``pos`` if already built (moves do not change it)."""
    wh = WayHome(pos, tiles, player, ignore_other=True, net=net)
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
        for _code, t in wh.successors(s):
            if t[0] == wh.base:
                return True
            if t not in seen:
                seen.add(t)
                todo.append(t)
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
