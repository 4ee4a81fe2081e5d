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
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spacebowl_print.games.tomtube.model.board import (
    BASES,
    MODULES,
    NEUTRAL,
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
from spacebowl_print.games.tomtube.rules.network import (
    ALL_COLOURS,
    COLOUR_BIT,
    Network,
    build,
    drift_targets,
    free_positions,
    jump_targets,
)
from spacebowl_print.games.tomtube.rules.play import fill_owner, isolated_after, place
from spacebowl_print.games.tomtube.solve.human import Grade, grade
from spacebowl_print.games.tomtube.solve.tiers import (
    DECOY_CAP,
    FLOORS,
    MAX_MOVES,
    MIN_MOVES,
    SLACK,
    TIERS,
    keeps_floors,
    tier_lengths,
)
from spacebowl_print.games.tomtube.solve.verify import shipped_tiles, verify_entry
from spacebowl_print.games.tomtube.solve.wayhome import FAR, WayHome, first_moves

ATTEMPTS = 200
"""Candidates tried for one puzzle before settling for the closest tier."""
PER_BOARD = 10
"""Candidates made on one filled board (attempts 0–9 share board 0, and so on)."""


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


HOLDINGS: dict[int, tuple[tuple[int, int], tuple[int, int], float]] = {
    1: ((0, 0), (0, 0), 0.0), 2: ((1, 2), (0, 0), 0.0), 3: ((0, 2), (1, 2), 0.0),
    4: ((0, 1), (0, 1), 0.0), 5: ((0, 0), (0, 0), 1.0)}
"""Per tier wanted: the player's energy and control counters (ranges) and the chance they
hold an alien — what the tier's technique pays with (nothing at ★: walk home; energy at ★★:
jump; control at ★★★: ride; little at ★★★★: pay with what lies on the way; an alien at
★★★★★: exchange it)."""


def candidate(pos: Position, tiles: TileSet, rng: random.Random, player: str,
              net: Network | None = None, tier: int = 3, pickup: bool = False) -> Position:
    """A puzzle candidate on a full board ``pos`` for ``player`` (see the module docstring):
    with ``pickup`` one of their solar counters is still on its module (else both are
    held), they hold what :data:`HOLDINGS` gives ``tier``, and they start where the relaxed
    game of the tier's moves (:func:`relaxed_moves`) takes as many moves as the tier's
    answers may have (anywhere if no sphere does)."""
    net = net if net is not None else build(pos, tiles)
    spheres = sorted(net.node_of)
    counters = {n: k for n, k in pos.counters.items() if k == "solar" or rng.random() < 0.8}
    mine = list(SOLARS[player])
    keep = sorted(rng.sample(mine, 1)) if pickup else []
    for m in mine:
        if m not in keep:
            counters.pop(m, None)
    spots = [s for s in spheres if s != BASES[player] and s not in counters
             and (s not in MODULES or MODULES[s][0] == player)]
    lengths = tier_lengths(tier)
    stops = [net.node_of[m] for m in keep]
    near = [s for s in spots if min(lengths)
            <= relaxed_moves(net, pos, player, net.node_of[s], stops, tier) <= max(lengths)]
    at = rng.choice(near or spots)
    theirs = [s for s in spheres if s != at and (s not in MODULES or MODULES[s][0] != player)
              and s not in counters]
    them = rng.choice(theirs)
    (e_lo, e_hi), (c_lo, c_hi), alien = HOLDINGS[tier]
    held = {player: {"energy": rng.randint(e_lo, e_hi), "control": rng.randint(c_lo, c_hi),
                     "alien": int(rng.random() < alien), "solar": 2 - len(keep)},
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


def relaxed_moves(net: Network, pos: Position, player: str, node: int, stops: list[int],
                  tier: int) -> int:
    """Moves from ``node`` home by way of ``stops`` if every move of the tier's techniques
    were free and no counter stopped a drift: own and neutral drifts at ★, jumps too at ★★,
    drifts of every colour from ★★★ (a guide for where to start, not a bound the answer
    keeps: paying may take longer)."""
    colours = ALL_COLOURS if tier >= 3 else COLOUR_BIT[player] | COLOUR_BIT[NEUTRAL]
    jumps = tier >= 2
    total, here = 0, node
    for target in [*stops, net.node_of[BASES[player]]]:
        total += _relaxed(net, pos, player, target, colours, jumps).get(here, FAR)
        here = target
    return total


def _relaxed(net: Network, pos: Position, player: str, target: int, colours: int,
             jumps: bool) -> dict[int, int]:
    """Relaxed moves from each sphere to ``target`` (:func:`relaxed_moves`), kept with the
    network."""
    key = ("tier-relaxed", player, target, colours, jumps)
    got = net.memo.get(key)
    if isinstance(got, dict):
        return got
    back_key = ("tier-relaxed-back", player, colours, jumps)
    back: dict[int, list[int]]
    cached = net.memo.get(back_key)
    if isinstance(cached, dict):
        back = cached
    else:
        back = {n: [] for n in net.node_of.values()}
        for n in net.node_of.values():
            nxt = drift_targets(net, n, player, colours, (), ())
            if jumps:
                nxt |= jump_targets(net, pos, n, ())
            for t in nxt:
                back[t].append(n)
        net.memo[back_key] = back
    dist = {target: 0}
    todo = deque([target])
    while todo:
        t = todo.popleft()
        for n in back[t]:
            if n not in dist:
                dist[n] = dist[t] + 1
                todo.append(n)
    net.memo[key] = dist
    return dist


def decoys(pos: Position, tiles: TileSet, n: int) -> int:
    """First moves after which a way home with both solar counters still exists, but only
    longer than ``n`` moves in all (at most ``n +`` :data:`SLACK`)."""
    return len(first_moves(WayHome(pos, tiles, pos.to_move), n, SLACK)[1])


def _entry(key: str, pos: Position, graded: Grade, line: list[Any]) -> dict[str, Any]:
    return {"id": key, "tier": graded.tier, "position": position_to_json(pos),
            "answer": {"moves": len(line), "line": [st.move.to_json() for st in line]},
            "decoys": graded.decoys, "grade": graded.to_json()}


def make_puzzle(tiles: TileSet, seed: int, key: str, tier: int, pickup: bool = False
                ) -> tuple[dict[str, Any], dict[str, int]]:
    """:func:`puzzle_for`, and what it took: candidates tried and boards filled."""
    if tier not in TIERS:
        raise ValueError(f"tier must be one of {TIERS}, got {tier!r}")
    pickup = pickup and tier >= 2  # fetching a solar counter is a ★★ technique
    lengths = tier_lengths(tier)
    # Candidates of another tier, keeping that tier's floors: (distance, attempt, entry).
    pool: list[tuple[int, int, dict[str, Any]]] = []
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
        pos = candidate(full, tiles, rng, player, net, tier, pickup)
        wh = WayHome(pos, tiles, player, net=net)
        line = wh.shortest(max_depth=MAX_MOVES, cap=200_000)
        if line is None or len(line) < MIN_MOVES:
            continue
        n = len(line)
        if n not in lengths and (pool or attempt < ATTEMPTS // 2):
            continue  # cannot be of the tier (see below)
        firsts = len(wh.successors(wh.start))
        floors, cap = FLOORS[tier], DECOY_CAP[tier]
        # a candidate that cannot be of the tier is graded only for a fallback: once one is
        # in hand, or in the first half of the attempts (a match nearly always comes first)
        spare = bool(pool) or attempt < ATTEMPTS // 2
        if spare and firsts < floors.first_moves:
            continue
        tempting = len(first_moves(wh, n, SLACK)[1])
        if spare and (tempting < floors.decoys or (cap is not None and tempting > cap)):
            continue
        graded, printed = grade(wh, n, tempting)
        if not keeps_floors(graded.tier, firsts, tempting, n):
            continue
        if graded.tier == tier:
            return _entry(key, pos, graded, printed), {"candidates": attempt + 1,
                                                        "boards": boards}
        pool.append((abs(graded.tier - tier), attempt, _entry(key, pos, graded, printed)))
        pool.sort(key=lambda c: (c[0], c[1]))
    if not pool:
        raise RuntimeError(f"no way-home puzzle found for seed {seed}, key {key!r}")
    return pool[0][2], {"candidates": ATTEMPTS, "boards": boards}


def puzzle_for(tiles: TileSet, seed: int, key: str, tier: int, pickup: bool = False
               ) -> dict[str, Any]:
    """One manifest entry ``{"id": key, "tier", "position", "answer": {"moves", "line"},
    "decoys", "grade"}`` of difficulty ``tier`` (1–5), made from ``(seed, key, tier,
    pickup)`` alone: the same arguments give the same entry in any process. With ``pickup``
    (tiers 2–5) the player still has a solar counter to fetch. When no candidate of that
    tier turns up within :data:`ATTEMPTS`, the entry has the closest tier found (keeping
    that tier's floors), and says so in ``tier``."""
    return make_puzzle(tiles, seed, key, tier, pickup)[0]


def spread_tiers(count: int) -> list[int]:
    """Tiers for ``count`` puzzles, spread evenly over 1–5 in order."""
    return [TIERS[i * len(TIERS) // count] for i in range(count)]


PICKUP_OF_FIVE = (0, 2)
"""Of every five puzzles of a tier 2–5, in order, those (by place) that fetch a solar
counter: 40 % of them, the first of each tier among them, so any booklet of 28 days or
more on the weekly ramp has at least 30 % (6/7 of its days are of tiers 2–5)."""


def pickups(tiers: Sequence[int]) -> list[bool]:
    """Per puzzle of ``tiers`` (in order): whether it fetches a solar counter
    (:data:`PICKUP_OF_FIVE`; never at tier 1, where the player only walks)."""
    seen: dict[int, int] = {}
    out = []
    for t in tiers:
        place = seen.get(t, 0)
        seen[t] = place + 1
        out.append(t >= 2 and place % 5 in PICKUP_OF_FIVE)
    return out


def line_of(entry: Mapping[str, Any]) -> tuple[tuple[str, str, str | None], ...]:
    """The answer's line as plain values (to find a line printed twice)."""
    return tuple((m["kind"], m["to"], m.get("pay")) for m in entry["answer"]["line"])


def distinct_lines(entries: list[dict[str, Any]],
                   remake: Callable[[int, int], dict[str, Any]]) -> list[dict[str, Any]]:
    """``entries`` in order, each whose line repeats an earlier entry's made again by
    ``remake(index, round)`` (round 1, 2, …) until its line is new: no line is printed
    twice in a booklet or classroom set."""
    seen: set[tuple[tuple[str, str, str | None], ...]] = set()
    out = []
    for i, entry in enumerate(entries):
        again = 0
        while line_of(entry) in seen:
            again += 1
            if again > REMAKES:
                raise RuntimeError(f"puzzle {entry['id']}: no new line in {REMAKES} tries")
            entry = remake(i, again)
        seen.add(line_of(entry))
        out.append(entry)
    return out


REMAKES = 20
"""Puzzles made again at most for one slot whose line repeats an earlier one (one is rare)."""


def remade(tiles: TileSet, seed: int, key: str, tier: int, pickup: bool, again: int
           ) -> dict[str, Any]:
    """The puzzle of a slot made again (round ``again``), from a key of its own but keeping
    the slot's id."""
    return {**puzzle_for(tiles, seed, f"{key}~{again}", tier, pickup), "id": key}


def _make(args: tuple[TileSet, int, str, int, bool]) -> tuple[dict[str, Any], dict[str, int]]:
    return make_puzzle(*args)


def generate(tiles: TileSet, count: int, seed: int,
             advance: Callable[[int], None] | None = None, *,
             tiers: Sequence[int] | None = None, jobs: int = 1
             ) -> tuple[dict[str, Any], dict[str, int]]:
    """``count`` puzzles from ``seed`` as the manifest ``{"game", "title", "seed",
    "puzzles"}``: puzzle *i* (1-based, key ``"i"``) asks :func:`puzzle_for` for ``tiers[i]``
    (default: spread evenly over 1–5) and :func:`pickups`; a line printed before is made
    again (:func:`distinct_lines`); then sorted easiest first (tier, answer length, decoys)
    and numbered 1..count. ``jobs`` > 1 makes them in that many processes, with the same
    result. Figures: candidates tried, boards filled, puzzles off their tier."""
    wanted = list(tiers) if tiers is not None else spread_tiers(count)
    if len(wanted) != count:
        raise ValueError("give one tier a puzzle")
    fetch = pickups(wanted)
    jobs_args = [(tiles, seed, str(i + 1), t, f)
                 for i, (t, f) in enumerate(zip(wanted, fetch, strict=True))]
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
    entries = distinct_lines([e for e, _ in made], lambda i, again: remade(
        tiles, seed, str(i + 1), wanted[i], fetch[i], again))
    order = sorted(range(count), key=lambda i: (entries[i]["tier"],
                                                entries[i]["answer"]["moves"],
                                                entries[i]["decoys"], i))
    puzzles = []
    for k, i in enumerate(order, start=1):
        entry = dict(entries[i])
        entry["id"] = k
        puzzles.append(entry)
    figures = {"candidates": sum(f["candidates"] for _, f in made),
               "boards": sum(f["boards"] for _, f in made),
               "off_tier": sum(1 for e, t in zip(entries, wanted, strict=True)
                               if e["tier"] != t)}
    manifest = {"game": "tomtube", "title": "Tom Tube: the way home", "seed": seed,
                "puzzles": puzzles}
    return manifest, figures


def difficulty(entry: dict[str, Any], tiles: TileSet | None = None) -> dict[str, Any]:
    """An entry's difficulty, computed again by the human-model solver: answer length,
    decoys, legal first moves, forced moves, technique level, techniques and tier."""
    ts = tiles or shipped_tiles()
    pos = position_from_json(entry["position"], ts)
    n = int(entry["answer"]["moves"])
    wh = WayHome(pos, ts, pos.to_move)
    graded = grade(wh, n, len(first_moves(wh, n, SLACK)[1]))[0]
    return {"moves": n, "decoys": graded.decoys, "first_moves": graded.first_moves,
            "forced": graded.forced, "level": graded.level,
            "techniques": list(graded.techniques), "tier": graded.tier}


__all__ = ["ATTEMPTS", "MAX_MOVES", "MIN_MOVES", "candidate", "decoys", "difficulty",
           "distinct_lines", "full_board", "generate", "line_of", "make_puzzle", "pickups",
           "puzzle_for", "remade", "shipped_tiles", "spread_tiers", "verify_entry"]
