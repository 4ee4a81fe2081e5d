""""Way home" puzzles: one puzzle of a wanted difficulty tier from a seed and a key
(:func:`puzzle_for`), a whole set (:func:`generate`), and the independent check
(:func:`verify_entry`, from :mod:`.verify`).

A puzzle is a position where no rhomb can be placed any more; the player to move is alone
(the other astronaut stays where they are) and must come home holding both solar counters
in the fewest moves. Reaching the base ends the game, so a line enters the base only with
its last move. An alien exchange is never written in a line: the player may exchange at any
moment of their turn, but for a shortest line it only matters right before a payment they
could not otherwise make, which is where the engine makes it.

Making one (:func:`make_puzzle`): fill a board by random placements (random tiles, turns and
isolated-triangle fills, counters put by the rules) until no position is free; put the
player's astronaut on a random sphere, none, one or both of their solar counters still on
the modules (the others held; how often each depends on the tier wanted), the other
astronaut on another sphere, a few counters already taken, small random holdings. Its
shortest answer (3–8 moves) and its decoys (:mod:`.tiers`) give its tier; candidates come
from ``(seed, key, attempt)`` alone until the tier is the one wanted, at most
:data:`ATTEMPTS` of them (then the closest tier found, recorded as it is).

Manifest entry (``docs/tomtube.md``): ``{"id": key, "tier": t, "position": {…}, "answer":
{"moves": n, "line": [moves]}, "decoys": d}``.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Sequence
from typing import Any

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
    Astronaut,
    Fill,
    Placement,
    Position,
    position_to_json,
    start_position,
)
from spacebowl_print.games.tomtube.model.position_read import position_from_json
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.rules.network import Network, build, free_positions
from spacebowl_print.games.tomtube.rules.play import fill_owner, isolated_after, place
from spacebowl_print.games.tomtube.solve.tiers import (
    MAX_MOVES,
    MIN_MOVES,
    SLACK,
    TIERS,
    tier_lengths,
    tier_of,
)
from spacebowl_print.games.tomtube.solve.verify import shipped_tiles, verify_entry
from spacebowl_print.games.tomtube.solve.wayhome import WayHome, first_moves, relaxed_bound

ATTEMPTS = 60
"""Candidates tried for one puzzle before settling for the closest tier."""
PER_BOARD = 10
"""Candidates made on one filled board (attempts 0–9 share board 0, and so on)."""
SOLAR_ON_BOARD = {1: (6, 1, 0), 2: (5, 2, 0), 3: (3, 4, 0), 4: (1, 6, 0), 5: (1, 6, 1)}
"""Per tier wanted: weights of 0, 1 or 2 of the player's solar counters still on their
modules (the rest already held). Short answers come from both held, long ones from fetching
one; fetching both takes more than 8 moves on almost every board of the shipped set."""


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


def candidate(pos: Position, tiles: TileSet, rng: random.Random, player: str,
              net: Network | None = None, solar_weights: Sequence[int] = (1, 6, 3),
              lengths: Sequence[int] = ()) -> Position:
    """A puzzle candidate on a full board ``pos`` for ``player`` (see the module docstring);
    ``solar_weights``: how often 0, 1 or 2 of their solar counters are still to fetch;
    ``lengths``: answer lengths wanted — the player then starts where the relaxed game
    (:func:`~.wayhome.relaxed_bound`) takes from two moves fewer than the shortest of them
    to the longest (anywhere if no sphere does)."""
    net = net if net is not None else build(pos, tiles)
    spheres = sorted(net.node_of)
    counters = {n: k for n, k in pos.counters.items() if k == "solar" or rng.random() < 0.8}
    mine = list(SOLARS[player])
    on_board = rng.choices([0, 1, 2], weights=solar_weights)[0]
    keep = sorted(rng.sample(mine, on_board))
    for m in mine:
        if m not in keep:
            counters.pop(m, None)
    spots = [s for s in spheres if s != BASES[player] and s not in counters
             and (s not in MODULES or MODULES[s][0] == player)]
    if lengths:
        stops = [net.node_of[m] for m in keep]
        near = [s for s in spots if min(lengths) - 2
                <= relaxed_bound(net, pos, player, net.node_of[s], stops) <= max(lengths)]
        spots = near or spots
    at = rng.choice(spots)
    theirs = [s for s in spheres if s != at and (s not in MODULES or MODULES[s][0] != player)
              and s not in counters]
    them = rng.choice(theirs)
    held = {player: {"energy": rng.randint(0, 2), "control": rng.randint(0, 1),
                     "alien": int(rng.random() < 0.3), "solar": 2 - on_board},
            other(player): {"energy": rng.randint(0, 2), "control": 0, "alien": 0,
                            "solar": 0}}
    board_count = {k: sum(1 for v in counters.values() if v == k) for k in TOTALS}
    stock = {}
    for k in STOCK_KINDS:
        # Counters of a kind in play never exceed the box: board, then holdings, then stock.
        room = TOTALS[k] - board_count[k]
        for pl in (player, other(player)):
            held[pl][k] = min(held[pl][k], room)
            room -= held[pl][k]
        stock[k] = min(pos.stock[k], room)
    spot = {player: at, other(player): them}
    astronauts = {pl: Astronaut(spot[pl], held[pl], pos.astronauts[pl].tubes_left,
                                pos.astronauts[pl].blanks_left) for pl in PLAYERS}
    return Position(pos.rhombs, pos.triangles, pos.stack, counters, astronauts, stock, player)


def decoys(pos: Position, tiles: TileSet, n: int) -> int:
    """First moves after which a way home with both solar counters still exists, but only
    longer than ``n`` moves in all (at most ``n +`` :data:`SLACK`)."""
    return len(first_moves(WayHome(pos, tiles, pos.to_move), n, SLACK)[1])


def _entry(key: str, pos: Position, wh: WayHome, line: list[Any], n_decoys: int
           ) -> dict[str, Any]:
    n = len(line)
    return {"id": key, "tier": tier_of(n, n_decoys), "position": position_to_json(pos),
            "answer": {"moves": n, "line": [st.move.to_json() for st in line]},
            "decoys": n_decoys}


def make_puzzle(tiles: TileSet, seed: int, key: str, tier: int
                ) -> tuple[dict[str, Any], dict[str, int]]:
    """:func:`puzzle_for`, and what it took: candidates tried and boards filled."""
    if tier not in TIERS:
        raise ValueError(f"tier must be one of {TIERS}, got {tier!r}")
    lengths = tier_lengths(tier)
    weights = SOLAR_ON_BOARD[tier]
    # Candidates no attempt matched: (tier distance, attempt, position, graph, line, decoys).
    pool: list[tuple[int, int, Position, WayHome, list[Any], int]] = []
    full = start_position([])
    net: Network | None = None
    boards = 0
    for attempt in range(ATTEMPTS):
        if attempt % PER_BOARD == 0:
            full = full_board(tiles, random.Random(f"tomtube:{seed}:{key}:board{boards}"))
            net = build(full, tiles)
            boards += 1
        rng = random.Random(f"tomtube:{seed}:{key}:{attempt}")
        player = PLAYERS[rng.randrange(2)]
        pos = candidate(full, tiles, rng, player, net, weights, lengths)
        wh = WayHome(pos, tiles, player, net=net)
        line = wh.shortest(max_depth=MAX_MOVES, cap=200_000)
        if line is None or len(line) < MIN_MOVES:
            continue
        n = len(line)
        if n not in lengths and pool and pool[0][0] <= _distance(n, tier):
            continue  # cannot beat what the pool has
        d = len(first_moves(wh, n, SLACK)[1])
        got = tier_of(n, d)
        if got == tier:
            return _entry(key, pos, wh, line, d), {"candidates": attempt + 1,
                                                    "boards": boards}
        pool.append((abs(got - tier), attempt, pos, wh, line, d))
        pool.sort(key=lambda c: (c[0], c[1]))
    if not pool:
        raise RuntimeError(f"no way-home puzzle found for seed {seed}, key {key!r}")
    _dist, _attempt, pos, wh, line, d = pool[0]
    return _entry(key, pos, wh, line, d), {"candidates": ATTEMPTS, "boards": boards}


def _distance(n: int, tier: int) -> int:
    """The least tier distance a puzzle of ``n`` moves can have from ``tier``."""
    return min(abs(tier_of(n, d) - tier) for d in range(13))


def puzzle_for(tiles: TileSet, seed: int, key: str, tier: int) -> dict[str, Any]:
    """One manifest entry ``{"id": key, "tier", "position", "answer": {"moves", "line"},
    "decoys"}`` of difficulty ``tier`` (1–5), made from ``(seed, key)`` alone: the same
    arguments give the same entry in any process. When no candidate of that tier turns up
    within :data:`ATTEMPTS`, the entry has the closest tier found, and says so in
    ``tier``."""
    return make_puzzle(tiles, seed, key, tier)[0]


def spread_tiers(count: int) -> list[int]:
    """Tiers for ``count`` puzzles, spread evenly over 1–5 in order."""
    return [TIERS[i * len(TIERS) // count] for i in range(count)]


def _make(args: tuple[TileSet, int, str, int]) -> tuple[dict[str, Any], dict[str, int]]:
    return make_puzzle(*args)


def generate(tiles: TileSet, count: int, seed: int,
             advance: Callable[[int], None] | None = None, *,
             tiers: Sequence[int] | None = None, jobs: int = 1
             ) -> tuple[dict[str, Any], dict[str, int]]:
    """``count`` puzzles from ``seed`` as the manifest ``{"game", "title", "seed",
    "puzzles"}``: puzzle *i* (1-based, key ``"i"``) asks :func:`puzzle_for` for ``tiers[i]``
    (default: spread evenly over 1–5); then sorted easiest first (tier, answer length,
    decoys) and numbered 1..count. ``jobs`` > 1 makes them in that many processes, with the
    same result. Figures: candidates tried, boards filled, puzzles off their tier."""
    wanted = list(tiers) if tiers is not None else spread_tiers(count)
    if len(wanted) != count:
        raise ValueError("give one tier a puzzle")
    jobs_args = [(tiles, seed, str(i + 1), t) for i, t in enumerate(wanted)]
    made: list[tuple[dict[str, Any], dict[str, int]]] = []
    if jobs <= 1:
        for a in jobs_args:
            made.append(_make(a))
            if advance:
                advance(1)
    else:

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for got in pool.imap(_make, jobs_args):
                made.append(got)
                if advance:
                    advance(1)
    order = sorted(range(count), key=lambda i: (made[i][0]["tier"],
                                                made[i][0]["answer"]["moves"],
                                                made[i][0]["decoys"], i))
    puzzles = []
    for k, i in enumerate(order, start=1):
        entry = dict(made[i][0])
        entry["id"] = k
        puzzles.append(entry)
    figures = {"candidates": sum(f["candidates"] for _, f in made),
               "boards": sum(f["boards"] for _, f in made),
               "off_tier": sum(1 for (e, _), t in zip(made, wanted, strict=True)
                               if e["tier"] != t)}
    manifest = {"game": "tomtube", "title": "Tom Tube: the way home", "seed": seed,
                "puzzles": puzzles}
    return manifest, figures


def difficulty(entry: dict[str, Any], tiles: TileSet | None = None) -> dict[str, int]:
    """An entry's difficulty: answer length, decoys and tier (computed again)."""
    ts = tiles or shipped_tiles()
    pos = position_from_json(entry["position"], ts)
    n = int(entry["answer"]["moves"])
    d = decoys(pos, ts, n)
    return {"moves": n, "decoys": d, "tier": tier_of(n, d)}


__all__ = ["ATTEMPTS", "MAX_MOVES", "MIN_MOVES", "candidate", "decoys", "difficulty",
           "full_board", "generate", "make_puzzle", "puzzle_for", "shipped_tiles",
           "spread_tiers", "verify_entry"]
