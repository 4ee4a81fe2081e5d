"""Self-play between two simple greedy players, to tune and report on a tile set.

The player ("greedy for points, seeded random tie-break"):

* **while rhombs can be placed:** if a move gains points now (the counter taken, less what
  it pays: control 2, energy 1, or 3 / 2 when an alien must be exchanged first), make the
  best one; coming home with both solar counters (bonus) beats everything. Otherwise, if a
  goal (an own solar module still holding its counter, else home) is at most ``NEAR`` moves
  away by :func:`plan`, make the first move towards it. Otherwise place the top rhomb: of
  ``candidates`` random (position, s1) choices, the one maximising (best gain the placer
  could then make) − (best gain the opponent, who moves next, could make) + 0.1 × (places
  the placer can reach by free drift). Isolated triangles get the placer's tube triangles
  first, turned to join two inside corners where possible (chosen at random), then blanks.
* **once nothing can be placed:** head for the next goal along a :func:`plan` route; when
  no solar counter is left to fetch (or no route exists), take the best move that gains
  points, else go home. Stranding is checked (exactly) for both astronauts before every
  turn.
* **bonus phase:** the trailing player goes home along :func:`plan` routes without taking
  solar counters; the turns they take are the leader's bonus (if they are lost the bonus
  is the turns taken until then).

Each game is seeded (stack order and tie-breaks), so a run is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spacebowl_print.core.errors import InternalError
from spacebowl_print.core.workers import worker_map
from spacebowl_print.games.tomtube.model.board import (
    BASES,
    MODULES,
    PLAYERS,
    SOLARS,
    TOM,
    board,
    other,
)
from spacebowl_print.games.tomtube.model.position import (
    STOCK_KINDS,
    VALUES,
    Fill,
    Move,
    Pass,
    Placement,
    Position,
    start_position,
)
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.rules.network import (
    ALL_COLOURS,
    COLOUR_BIT,
    Network,
    build,
    can_pay,
    drift_targets,
    free_positions,
    jump_targets,
    legal_moves,
)
from spacebowl_print.games.tomtube.rules.play import (
    at_home,
    fill_owner,
    isolated_after,
    place,
    play,
    score,
)
from spacebowl_print.games.tomtube.solve.wayhome import can_reach_base

TURN_CAP = 400
NEAR = 8  # while placing, a player walks to a goal this many moves away rather than place
HOME_WITH_BONUS = 100.0
LATE = 10
"""Placing is nearly over when this few rhomb positions are free (or rhombs are left): the
players then keep a way home open (see :meth:`Game.phase_one_turn`)."""
SAFE_PLACEMENT = 3.0
"""What a late placement that leaves the placer a way home is worth (in points)."""


@dataclass
class GameResult:
    """How one game ended: ``end`` is ``bonus``, ``home`` (without bonus), ``stranded`` or
    ``capped`` (turn cap reached); ``turns`` counts every turn of both players."""

    seed: int
    winner: str | None
    scores: dict[str, int]
    end: str
    turns: int
    counters_placed: int
    bonus: int = 0
    lost: list[str] = field(default_factory=list)
    placed: dict[str, int] = field(default_factory=dict)
    """Counters put on the board by placements, by kind (energy, control, alien)."""


def _cost(pos: Position, player: str, pay: str | None) -> float:
    if pay is None:
        return 0.0
    if pos.astronauts[player].held[pay] >= 1:
        return float(VALUES[pay])
    return 5.0 - 4.0 + VALUES[pay]  # alien out, control and two energy in, then pay


def move_gain(pos: Position, player: str, mv: Move, can_place_now: bool) -> float:
    """Points a move gains at once (counter taken less payment)."""
    a = pos.astronauts[player]
    if MODULES.get(mv.to) == (player, "base"):
        if can_place_now and a.held["solar"] >= 2:
            return HOME_WITH_BONUS
        return -_cost(pos, player, mv.pay)
    kind = pos.counters.get(mv.to)
    return (VALUES[kind] if kind else 0.0) - _cost(pos, player, mv.pay)


def _best_gain(pos: Position, tiles: TileSet, net: Network, player: str) -> tuple[float, int]:
    view = pos.with_(to_move=player)
    moves = legal_moves(view, tiles, net)
    gains = [move_gain(view, player, m, True) for m in moves]
    free = sum(1 for m in moves if m.pay is None)
    return (max(gains) if gains else 0.0), free


def plan(pos: Position, tiles: TileSet, net: Network, player: str, goals: set[str],
         max_depth: int = 12) -> tuple[int, Move] | None:
    """A cheap route planner for the players: breadth-first over spheres with the moves
    ``player`` could make from each (drifts stop at today's counters; paid moves allowed
    while they hold the payment), to the nearest of ``goals``. Returns (moves, first move)
    or None. Base entries are allowed only as goals."""
    me = pos.astronauts[player]
    them = pos.astronauts[other(player)].at
    blocked = [net.node_of[them]] if them in net.node_of else []
    stops = [net.node_of[n] for n in pos.counters if n in net.node_of]
    start = net.node_of.get(me.at)
    if start is None:
        return None
    free = COLOUR_BIT[player] | COLOUR_BIT["neutral"]
    paid_drift = can_pay(pos, player, "control")
    paid_jump = can_pay(pos, player, "energy")
    base = BASES[player]
    first: dict[int, Move] = {}
    seen = {start}
    frontier = [start]
    for depth in range(1, max_depth + 1):
        nxt = []
        for n in frontier:
            options: list[tuple[int, str | None, str]] = []
            options += [(t, None, "drift") for t in
                        sorted(drift_targets(net, n, player, free, blocked, stops))]
            if paid_drift:
                options += [(t, "control", "drift") for t in
                            sorted(drift_targets(net, n, player, ALL_COLOURS, blocked, stops))]
            if paid_jump:
                options += [(t, "energy", "jump") for t in
                            sorted(jump_targets(net, pos, n, blocked))]
            for t, pay, kind in options:
                if t in seen:
                    continue
                seen.add(t)
                mv = first.get(n) or Move(kind, net.names[t], pay)
                first[t] = mv
                if net.names[t] in goals:
                    return depth, mv
                if net.names[t] != base:
                    nxt.append(t)
        frontier = nxt
        if not frontier:
            break
    return None


def goals_of(pos: Position, player: str) -> set[str]:
    """Where ``player`` heads: their solar modules still holding a counter, else home."""
    solar = {m for m in SOLARS[player] if pos.counters.get(m) == "solar"}
    return solar or {BASES[player]}


def choose_fills(pos: Position, at: str, rng: random.Random) -> tuple[Fill, ...]:
    """Cover the triangles a placement on ``at`` isolates: tubes first (joining two inside
    corners where it can, chosen at random), then blanks, while anyone has triangles."""
    b = board()
    iso = isolated_after(pos, at)
    if not iso:
        return ()
    used = {pl: [0, 0] for pl in PLAYERS}
    fills = []
    for t in iso:
        owner = fill_owner(pos, used)
        if owner is None:
            break
        a = pos.astronauts[owner]
        if a.tubes_left - used[owner][0] > 0:
            knots = t.split("-")
            rng.shuffle(knots)
            knots.sort(key=lambda k: b.knots[b.knot_index[k]].rim)  # stable: random ties
            pair = sorted(knots[:2])
            fills.append(Fill(t, (pair[0], pair[1])))
            used[owner][0] += 1
        else:
            fills.append(Fill(t, None))
            used[owner][1] += 1
    return tuple(fills)


class Game:
    """One self-play game in progress."""

    def __init__(self, tiles: TileSet, seed: int, candidates: int = 10) -> None:
        self.tiles = tiles
        self.rng = random.Random(seed)
        self.seed = seed
        ids = tiles.ids()
        self.rng.shuffle(ids)
        self.pos = start_position(ids)
        self.candidates = candidates
        self._net: tuple[object, Network] | None = None
        self.turns = 0
        self.counters_placed = 0
        self.placed = dict.fromkeys(STOCK_KINDS, 0)

    def placing_possible(self) -> bool:
        return bool(self.pos.stack) and bool(free_positions(self.pos))

    def network(self, pos: Position) -> Network:
        """The tube network of ``pos``, built once per set of placed pieces (moves do not
        change it; a placement makes a new tuple of rhombs)."""
        if self._net is None or self._net[0] is not pos.rhombs:
            self._net = (pos.rhombs, build(pos, self.tiles))
        return self._net[1]

    def late(self) -> bool:
        """Whether placing is nearly over (:data:`LATE`)."""
        return len(self.pos.stack) <= LATE or len(free_positions(self.pos)) <= LATE

    def choose_placement(self, late: bool = False) -> Placement:
        b = board()
        pos, me = self.pos, self.pos.to_move
        options = [(p, s) for p in free_positions(pos) for s in b.rhomb_positions[p].sharp]
        picks = self.rng.sample(options, min(self.candidates, len(options)))
        best: tuple[float, float] | None = None
        chosen: Placement | None = None
        for p, s in picks:
            rp = b.rhomb_positions[p]
            pl = Placement(rp.name, b.knots[s].name, choose_fills(pos, rp.name, self.rng))
            after = place(pos, self.tiles, pl)
            net = build(after, self.tiles)
            mine, reach = _best_gain(after, self.tiles, net, me)
            theirs, _ = _best_gain(after, self.tiles, net, other(me))
            safe = late and can_reach_base(after, self.tiles, me, cap=5_000, net=net)
            value = (mine - theirs + 0.1 * reach + SAFE_PLACEMENT * safe, self.rng.random())
            if best is None or value > best:
                best, chosen = value, pl
        if chosen is None:
            raise InternalError("no placement was chosen among the candidates")
        return chosen

    def phase_one_turn(self) -> None:
        """A turn while rhombs can be placed (see the module docstring). Late in this phase
        (:meth:`late`) a player who has a way home keeps one: they skip moves after which
        they could not reach their base on the board as it is, and prefer placements that
        leave them a way home."""
        pos, me = self.pos, self.pos.to_move
        late = self.late()
        net = self.network(pos)
        keep_safe = late and can_reach_base(pos, self.tiles, me, cap=5_000, net=net)

        def safe(mv: Move) -> bool:
            return not keep_safe or can_reach_base(play(pos, self.tiles, mv), self.tiles, me,
                                                   cap=5_000, net=net)

        moves = legal_moves(pos, self.tiles, net)
        scored = [(move_gain(pos, me, m, True), self.rng.random(), m) for m in moves]
        for gain, _r, mv in sorted(scored, key=lambda x: (x[0], x[1]), reverse=True):
            if gain <= 0:
                break
            if safe(mv):
                self.pos = play(pos, self.tiles, mv)
                return
        route = plan(pos, self.tiles, net, me, goals_of(pos, me), max_depth=NEAR)
        if route is not None and not (MODULES.get(route[1].to) == (me, "base")
                                      and pos.astronauts[me].held["solar"] < 2) \
                and safe(route[1]):
            self.pos = play(pos, self.tiles, route[1])
            return
        pl = self.choose_placement(late)
        self.pos = place(pos, self.tiles, pl)
        for where, kind in self.pos.counters.items():
            if where not in pos.counters:  # a placement only adds counters
                self.placed[kind] += 1
        self.counters_placed = sum(self.placed.values())

    def phase_two_move(self, player: str, *, for_points: bool = True) -> None:
        """``player``'s move once nothing can be placed (or in the bonus phase): the wished
        move (see the module docstring), or the next wish when it would leave the player no
        way home (a player with none left has already lost)."""
        pos = self.pos.with_(to_move=player)
        net = self.network(pos)
        moves = legal_moves(pos, self.tiles, net)
        if not moves:
            self.pos = play(pos, self.tiles, Pass())
            return
        a = pos.astronauts[player]
        goals = goals_of(pos, player) if for_points else {BASES[player]}
        if for_points and a.held["solar"] < 2 and goals == {BASES[player]}:
            goals = set()  # solar counters gone: gather points, then go home
        route = plan(pos, self.tiles, net, player, goals) if goals else None
        wishes: list[Move] = []
        if for_points and (route is None or goals != {BASES[player]}):
            scored = [(move_gain(pos, player, m, False), self.rng.random(), m) for m in moves
                      if MODULES.get(m.to) != (player, "base")]
            gainful = sorted((x for x in scored if x[0] > 0), key=lambda x: (x[0], x[1]),
                             reverse=True)
            if gainful and (route is None or route[0] > 1):
                wishes += [x[2] for x in gainful]
        if route is not None:
            wishes.append(route[1])
        home = plan(pos, self.tiles, net, player, {BASES[player]}, max_depth=40)
        if home is not None:
            wishes.append(home[1])
        away = [m for m in moves if MODULES.get(m.to) != (player, "base")]
        wishes.append(self.rng.choice(away or moves))
        for mv in wishes:
            after = play(pos, self.tiles, mv)
            if at_home(after, player) or can_reach_base(after, self.tiles, player, cap=5_000,
                                                        net=net):
                self.pos = after
                return
        self.pos = play(pos, self.tiles, wishes[0])

    def run(self) -> GameResult:
        """Play to the end and report."""
        while self.turns < TURN_CAP:
            me = self.pos.to_move
            if self.placing_possible():
                self.phase_one_turn()
                self.turns += 1
                if at_home(self.pos, me) and self.pos.astronauts[me].held["solar"] >= 2:
                    return self._bonus_phase(me)
                continue
            lost = [pl for pl in PLAYERS if not at_home(self.pos, pl)
                    and not can_reach_base(self.pos, self.tiles, pl, cap=20_000,
                                           net=self.network(self.pos))]
            if lost:
                return self._result("stranded", lost=lost)
            was_home = at_home(self.pos, me)
            self.phase_two_move(me)
            self.turns += 1
            if at_home(self.pos, me) and not was_home:
                return self._result("home")
        return self._result("capped")

    def _bonus_phase(self, leader: str) -> GameResult:
        trailing = other(leader)
        taken = 0
        counters = {n: k for n, k in self.pos.counters.items()
                    if not (k == "solar" and MODULES[n][0] == trailing)}
        self.pos = self.pos.with_(counters=counters, to_move=trailing)
        while not at_home(self.pos, trailing) and taken < TURN_CAP:
            if not can_reach_base(self.pos, self.tiles, trailing, cap=20_000,
                                  net=self.network(self.pos)):
                return self._result("bonus", bonus=(leader, taken), lost=[trailing])
            self.phase_two_move(trailing, for_points=False)
            self.pos = self.pos.with_(to_move=trailing)
            taken += 1
            self.turns += 1
        return self._result("bonus", bonus=(leader, taken))

    def _result(self, end: str, lost: Sequence[str] = (),
                bonus: tuple[str, int] | None = None) -> GameResult:
        scores = {pl: score(self.pos.astronauts[pl],
                            bonus[1] if bonus and bonus[0] == pl else 0, pl in lost)
                  for pl in PLAYERS}
        winner = None
        if scores[TOM] != scores["dave"]:
            winner = max(scores, key=lambda pl: scores[pl])
        return GameResult(self.seed, winner, scores, end, self.turns, self.counters_placed,
                          bonus[1] if bonus else 0, list(lost), dict(self.placed))


def play_game(tiles: TileSet, seed: int, candidates: int = 10) -> GameResult:
    """One seeded game between two greedy players."""
    return Game(tiles, seed, candidates).run()


def _one(args: tuple[TileSet, int, int]) -> GameResult:
    return play_game(*args)


def self_play(tiles: TileSet, games: int, seed: int, workers: int = 1,
              candidates: int = 10) -> list[GameResult]:
    """``games`` seeded games (game i uses seed ``seed * 1_000_003 + i``), in order; with
    ``workers`` > 1 they run in parallel processes with the same results."""
    jobs = [(tiles, seed * 1_000_003 + i, candidates) for i in range(games)]
    return worker_map(_one, jobs, workers)  # core.workers: interrupts are ours alone


def summarise(results: Sequence[GameResult]) -> dict[str, Any]:
    """The self-play table: first-player (Tom) wins, second-player wins, draws, the
    first-player rate (wins plus half the draws: the figure tuned to 45–55 %), how games
    ended, mean length in turns (both players' turns), mean counters placed, mean scores."""
    n = len(results)
    if not n:
        return {"games": 0}
    ends = {e: sum(1 for r in results if r.end == e) / n
            for e in ("bonus", "home", "stranded", "capped")}
    return {
        "games": n,
        "first_player_wins": round(sum(1 for r in results if r.winner == TOM) / n, 4),
        "second_player_wins": round(sum(1 for r in results if r.winner == "dave") / n, 4),
        "draws": round(sum(1 for r in results if r.winner is None) / n, 4),
        # the target figure: a draw counts half a win for each player
        "first_player_rate": round((sum(1 for r in results if r.winner == TOM)
                                    + 0.5 * sum(1 for r in results if r.winner is None)) / n, 4),
        "ended_with_bonus": round(ends["bonus"], 4),
        "ended_home_without_bonus": round(ends["home"], 4),
        "ended_by_stranding": round(ends["stranded"], 4),
        "capped": round(ends["capped"], 4),
        "mean_turns": round(sum(r.turns for r in results) / n, 2),
        "mean_counters_placed": round(sum(r.counters_placed for r in results) / n, 2),
        **{f"mean_{k}_placed": round(sum(r.placed.get(k, 0) for r in results) / n, 2)
           for k in STOCK_KINDS},
        "mean_score_tom": round(sum(r.scores[TOM] for r in results) / n, 2),
        "mean_score_dave": round(sum(r.scores["dave"] for r in results) / n, 2),
    }
