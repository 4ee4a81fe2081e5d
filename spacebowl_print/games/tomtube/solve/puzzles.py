""""Way home" puzzles: generation (seeded), difficulty, and an independent verifier.

A puzzle is a position where no rhomb can be placed any more; the player to move is alone
(the other astronaut stays where they are) and must come home holding both solar counters
in the fewest moves. Reaching the base ends the game, so a line enters the base only with
its last move. An alien exchange is never written in a line: it happens right before a
payment the player could not otherwise make.

Generation: fill a board by random placements (random tiles, turns and isolated-triangle
fills, counters put by the rules) until no position is free; put the player's astronaut on
a random sphere, one or both of their solar counters still on the modules (the others
held), the other astronaut on another sphere, a few counters already taken, small random
holdings (sometimes both solar counters already held); keep the position when its shortest
answer has 3–8 moves, at most ``count / 6`` of each length while the candidates last (so the
lengths spread). Difficulty: the answer
length, then the number of *decoys* — first moves after which the player can still get home
with both solar counters, but only in more moves than the answer.

:func:`verify_entry` shares no search code with the generator: it replays the line with the
reference engine (``rules/reference.py``) and proves minimality with its own breadth-first
search over (sphere, held counters, stock, counters on the board).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.tomtube.model.board import (
    BASES,
    MODULES,
    PLAYERS,
    SOLARS,
    board,
    other,
)
from spacebowl_print.games.tomtube.model.position import (
    STOCK_KINDS,
    TOTALS,
    Fill,
    Move,
    Placement,
    Position,
    position_to_json,
    start_position,
)
from spacebowl_print.games.tomtube.model.position_read import move_from_json, position_from_json
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.rules import reference
from spacebowl_print.games.tomtube.rules.network import build, free_positions
from spacebowl_print.games.tomtube.rules.play import fill_owner, isolated_after, place
from spacebowl_print.games.tomtube.solve.wayhome import WayHome

MIN_MOVES = 3
MAX_MOVES = 8


def full_board(tiles: TileSet, rng: random.Random, limit: int | None = None) -> Position:
    """Random placements from the start until no rhomb can be placed (or ``limit``
    placements are made)."""
    b = board()
    ids = tiles.ids()
    rng.shuffle(ids)
    pos = start_position(ids)
    while pos.stack and (free := free_positions(pos)) and (limit is None or limit > 0):
        limit = None if limit is None else limit - 1
        p = b.rhomb_positions[rng.choice(free)]
        used = {pl: [0, 0] for pl in PLAYERS}
        fills = []
        for t in isolated_after(pos, p.name):
            owner = fill_owner(pos, used)
            if owner is None:
                break
            a = pos.astronauts[owner]
            if a.tubes_left - used[owner][0] > 0 and (a.blanks_left - used[owner][1] == 0
                                                      or rng.random() < 0.7):
                ks = sorted(rng.sample(t.split("-"), 2))
                fills.append(Fill(t, (ks[0], ks[1])))
                used[owner][0] += 1
            else:
                fills.append(Fill(t, None))
                used[owner][1] += 1
        pos = place(pos, tiles, Placement(p.name, b.knots[rng.choice(p.sharp)].name,
                                          tuple(fills)))
    return pos


def candidate(pos: Position, tiles: TileSet, rng: random.Random, player: str) -> Position:
    """A puzzle candidate on a full board ``pos`` for ``player`` (see module docstring)."""
    net = build(pos, tiles)
    spheres = sorted(net.node_of)
    counters = {n: k for n, k in pos.counters.items() if k == "solar" or rng.random() < 0.8}
    mine = list(SOLARS[player])
    # Both solar counters already held makes a plain way home: short answers for the
    # booklet's first pages.
    on_board = rng.choices([0, 1, 2], weights=[1, 6, 3])[0]
    keep = set(rng.sample(mine, on_board))
    for m in mine:
        if m not in keep:
            counters.pop(m, None)
    spots = [s for s in spheres if s != BASES[player] and s not in counters
             and (s not in MODULES or MODULES[s][0] == player)]
    at = rng.choice(spots)
    theirs = [s for s in spheres if s != at and (s not in MODULES or MODULES[s][0] != player)
              and s not in counters]
    them = rng.choice(theirs)
    held = {player: {"energy": rng.randint(0, 2), "control": rng.randint(0, 1),
                     "alien": int(rng.random() < 0.3), "solar": 2 - on_board},
            other(player): {"energy": rng.randint(0, 2), "control": 0, "alien": 0,
                            "solar": 0}}
    js = position_to_json(pos)
    js["counters"] = counters
    js["astronauts"][player]["at"] = at
    js["astronauts"][other(player)]["at"] = them
    board_count = {k: sum(1 for v in counters.values() if v == k) for k in TOTALS}
    for k in STOCK_KINDS:
        room = TOTALS[k] - board_count[k]
        for pl in (player, other(player)):
            held[pl][k] = min(held[pl][k], room)
            room -= held[pl][k]
        js["stock"][k] = min(pos.stock[k], room)
    for pl in PLAYERS:
        js["astronauts"][pl]["held"] = held[pl]
    js["to_move"] = player
    return position_from_json(js, tiles)


def decoys(pos: Position, tiles: TileSet, n: int) -> int:
    """First moves after which a way home with both solar counters still exists, but only
    longer than ``n`` moves in all (searched up to ``n + 3``)."""
    wh = WayHome(pos, tiles, pos.to_move)
    count = 0
    for st in wh.steps(wh.start):
        if st.state[0] == wh.base:
            continue
        rest = wh.shortest(start=st.state, max_depth=n + 2, cap=100_000)
        if rest is not None and 1 + len(rest) > n:
            count += 1
    return count


def generate(tiles: TileSet, count: int, seed: int,
             advance: Callable[[int], None] | None = None) -> tuple[dict[str, Any],
                                                                    dict[str, int]]:
    """``count`` puzzles from ``seed`` as the manifest ``{"game", "title", "seed",
    "puzzles"}`` (sorted by answer length, then decoys; ids 1..count), and figures:
    candidates tried and boards filled."""
    rng = random.Random(seed)
    found: list[tuple[int, int, int, dict[str, Any]]] = []
    tried = boards = 0
    seen: set[str] = set()
    lengths = range(MIN_MOVES, MAX_MOVES + 1)
    quota = -(-count // len(lengths))  # spread answers over 3..8 moves
    per_length = dict.fromkeys(lengths, 0)
    while len(found) < count:
        full = full_board(tiles, rng)
        boards += 1
        for _ in range(8):
            if len(found) >= count:
                break
            player = PLAYERS[tried % 2]
            tried += 1
            pos = candidate(full, tiles, rng, player)
            wh = WayHome(pos, tiles, player)
            line = wh.shortest(max_depth=MAX_MOVES, cap=200_000)
            if line is None or len(line) < MIN_MOVES:
                continue
            # Quotas keep the lengths spread; after many candidates any length is taken.
            if per_length[len(line)] >= quota and tried < 40 * count:
                continue
            per_length[len(line)] += 1
            js = position_to_json(pos)
            key = repr(js)
            if key in seen:
                continue
            seen.add(key)
            n = len(line)
            entry = {"id": 0, "position": js,
                     "answer": {"moves": n, "line": [st.move.to_json() for st in line]}}
            found.append((n, decoys(pos, tiles, n), len(found), entry))
            if advance:
                advance(1)
    found.sort(key=lambda f: (f[0], f[1], f[2]))
    puzzles = []
    for i, (_n, _d, _o, entry) in enumerate(found, start=1):
        entry["id"] = i
        puzzles.append(entry)
    manifest = {"game": "tomtube", "title": "Tom Tube: the way home", "seed": seed,
                "puzzles": puzzles}
    return manifest, {"candidates": tried, "boards": boards}


def difficulty(entry: dict[str, Any], tiles: TileSet | None = None) -> dict[str, int]:
    """An entry's difficulty: answer length and decoys (for tiering a booklet)."""
    ts = tiles or shipped_tiles()
    pos = position_from_json(entry["position"], ts)
    n = int(entry["answer"]["moves"])
    return {"moves": n, "decoys": decoys(pos, ts, n)}


@cache
def shipped_tiles() -> TileSet:
    """The shipped tile set (decks/tomtube-tiles.toml)."""
    from spacebowl_print.core.resources import decks_dir
    from spacebowl_print.games.tomtube.model.tiles import tiles_from_toml

    path = decks_dir() / "tomtube-tiles.toml"
    return tiles_from_toml(path.read_text(encoding="utf-8"), str(path))


# ---- the independent verifier -----------------------------------------------------------

Key = tuple[str, tuple[int, int, int, int], tuple[int, int, int], frozenset[tuple[str, str]]]


class _Replayer:
    """Moves of the lone player by the reference engine, states as plain values."""

    def __init__(self, pos: Position, tiles: TileSet) -> None:
        self.pos = pos
        self.tiles = tiles
        self.player = pos.to_move
        self.scene = reference.Scene(pos, tiles)
        self._memo: dict[tuple[str, frozenset[tuple[str, str]]], list[Move]] = {}

    def key(self, pos: Position) -> Key:
        a = pos.astronauts[self.player]
        return (a.at, (a.held["energy"], a.held["control"], a.held["alien"], a.held["solar"]),
                (pos.stock["energy"], pos.stock["control"], pos.stock["alien"]),
                frozenset(pos.counters.items()))

    def moves(self, pos: Position) -> list[Move]:
        """Legal moves (the reference engine; payability includes the alien exchange)."""
        a = pos.astronauts[self.player]
        held = a.held
        exchange = held["alien"] > 0 and pos.stock["control"] > 0 and pos.stock["energy"] > 1
        memo_key = (a.at, frozenset(pos.counters.items()))
        geo = self._memo.get(memo_key)
        if geo is None:
            own = frozenset({self.player, "neutral"})
            every = frozenset({"tom", "dave", "neutral"})
            geo = [Move("drift", n, None) for n in sorted(
                reference.drift_destinations(pos, self.tiles, self.player, own, self.scene))]
            geo += [Move("drift", n, "control") for n in sorted(
                reference.drift_destinations(pos, self.tiles, self.player, every, self.scene))]
            geo += [Move("jump", n, "energy") for n in sorted(
                reference.jump_destinations(pos, self.tiles, self.player, self.scene))]
            self._memo[memo_key] = geo
        return [m for m in geo if m.pay is None or held[m.pay] > 0 or exchange]

    def apply(self, pos: Position, mv: Move) -> Position:
        """The position after ``mv``; the player stays to move (they are alone)."""
        a = pos.astronauts[self.player]
        held = dict(a.held)
        stock = dict(pos.stock)
        if mv.pay is not None:
            if held[mv.pay] == 0:  # exchange an alien right before the payment
                held["alien"] -= 1
                stock["alien"] += 1
                held["control"] += 1
                held["energy"] += 2
                stock["control"] -= 1
                stock["energy"] -= 2
            held[mv.pay] -= 1
            stock[mv.pay] += 1
        counters = dict(pos.counters)
        if mv.to in counters:
            held[counters.pop(mv.to)] += 1
        astronauts = dict(pos.astronauts)
        astronauts[self.player] = type(a)(mv.to, held, a.tubes_left, a.blanks_left)
        return pos.with_(counters=counters, stock=stock, astronauts=astronauts)


def verify_entry(entry: Any, tiles: TileSet | None = None) -> str | None:
    """``None`` if the manifest entry is right, else a one-line reason: the position must
    leave no rhomb to place; the line, replayed with the reference engine, must be legal,
    enter the base only with its last move and end there holding both solar counters; its
    length must be the stated answer; and no shorter line may exist (breadth-first search
    over every line of fewer moves)."""
    ts = tiles or shipped_tiles()
    read = _read_entry(entry, ts)
    if isinstance(read, str):
        return read
    pos, n, line = read
    if pos.stack and free_positions(pos):
        return "a rhomb can still be placed: not a way-home position"
    if len(line) != n:
        return f"the line has {len(line)} moves but the answer says {n}"
    rp = _Replayer(pos, ts)
    return _replay(rp, pos, line) or _shorter_line(rp, pos, n)


def _read_entry(entry: Any, ts: TileSet) -> tuple[Position, int, list[Move]] | str:
    """The entry's position, stated answer length and line; or why it cannot be read."""
    try:
        if not isinstance(entry, dict) or not {"id", "position", "answer"} <= set(entry):
            return "an entry needs the keys id, position, answer"
        pos = position_from_json(entry["position"], ts)
        answer = entry["answer"]
        if not isinstance(answer, dict) or set(answer) != {"moves", "line"}:
            return "answer has exactly the keys moves, line"
        n = answer["moves"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            return f"answer.moves must be a positive integer, got {n!r}"
        if not isinstance(answer["line"], list):
            return "answer.line must be a list of moves"
        line = []
        for i, raw in enumerate(answer["line"]):
            mv = move_from_json(raw)
            if not isinstance(mv, Move):
                return f"answer.line[{i}] is not a move (drift or jump)"
            line.append(mv)
    except InputError as err:
        return str(err)
    return pos, n, line


def _replay(rp: _Replayer, pos: Position, line: list[Move]) -> str | None:
    """Why ``line`` is not a way home from ``pos`` (None if it is): every move legal, the
    base entered only by the last, both solar counters held there."""
    player = pos.to_move
    base = BASES[player]
    cur = pos
    for i, mv in enumerate(line):
        if mv not in rp.moves(cur):
            return f"move {i + 1} ({mv.kind} to {mv.to}) is not legal there"
        cur = rp.apply(cur, mv)
        if mv.to == base and i != len(line) - 1:
            return f"move {i + 1} reaches the base before the end of the line"
    if cur.astronauts[player].at != base:
        return "the line does not end on the player's base"
    if cur.astronauts[player].held["solar"] < 2:
        return "the line comes home without both solar counters"
    return None


def _shorter_line(rp: _Replayer, pos: Position, n: int) -> str | None:
    """Proof of minimality: every line of fewer than ``n`` moves fails (else the reason
    naming the shorter line's length)."""
    player = pos.to_move
    base = BASES[player]
    frontier = [pos]
    seen = {rp.key(pos)}
    for depth in range(1, n):
        nxt = []
        for p in frontier:
            for mv in rp.moves(p):
                q = rp.apply(p, mv)
                if mv.to == base:
                    if q.astronauts[player].held["solar"] >= 2:
                        return f"a shorter line exists ({depth} moves)"
                    continue
                k = rp.key(q)
                if k not in seen:
                    seen.add(k)
                    nxt.append(q)
        frontier = nxt
    return None


__all__ = ["MAX_MOVES", "MIN_MOVES", "MODULES", "candidate", "decoys", "difficulty",
           "full_board", "generate", "shipped_tiles", "verify_entry"]
