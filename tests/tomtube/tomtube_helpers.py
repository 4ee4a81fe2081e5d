"""Tom Tube test helpers (a plain module, not a conftest, so that its name cannot clash with
the other games' test helpers): random positions built by playing random placements from
the start, then scattering astronauts, counters and holdings; hand-made positions."""

from __future__ import annotations

import random
from typing import Any

from spacebowl_print.games.tomtube.model import (
    MODULES,
    PLAYERS,
    STOCK_KINDS,
    TOTALS,
    Fill,
    Placement,
    Position,
    TileSet,
    board,
    position_from_json,
    position_to_json,
    start_position,
)
from spacebowl_print.games.tomtube.rules.network import build, free_positions
from spacebowl_print.games.tomtube.rules.play import fill_owner, isolated_after, place


def random_placement(pos: Position, rng: random.Random) -> Placement:
    """A random legal placement of the top rhomb with random fills."""
    b = board()
    p = b.rhomb_positions[rng.choice(free_positions(pos))]
    used = {pl: [0, 0] for pl in PLAYERS}
    fills = []
    for t in isolated_after(pos, p.name):
        owner = fill_owner(pos, used)
        if owner is None:
            break
        a = pos.astronauts[owner]
        tubes, blanks = a.tubes_left - used[owner][0], a.blanks_left - used[owner][1]
        if tubes and (not blanks or rng.random() < 0.7):
            knots = sorted(rng.sample(t.split("-"), 2))
            fills.append(Fill(t, (knots[0], knots[1])))
            used[owner][0] += 1
        else:
            fills.append(Fill(t, None))
            used[owner][1] += 1
    return Placement(p.name, b.knots[rng.choice(p.sharp)].name, tuple(fills))


def random_board(tiles: TileSet, rng: random.Random, placements: int) -> Position:
    """Start position, shuffled stack, then up to ``placements`` random placements."""
    ids = tiles.ids()
    rng.shuffle(ids)
    pos = start_position(ids)
    for _ in range(placements):
        if not pos.stack or not free_positions(pos):
            break
        pos = place(pos, tiles, random_placement(pos, rng))
    return pos


def scatter(pos: Position, tiles: TileSet, rng: random.Random) -> Position:
    """Random astronauts on spheres they may enter, random holdings and counters, random
    player to move; stock consistent with the box. Read back through the strict reader."""
    net = build(pos, tiles)
    spheres = sorted(net.node_of)
    js: dict[str, Any] = position_to_json(pos)
    taken: set[str] = set()
    for pl in PLAYERS:
        allowed = [s for s in spheres if s not in taken
                   and (s not in MODULES or MODULES[s][0] == pl)]
        at = rng.choice(allowed)
        taken.add(at)
        js["astronauts"][pl]["at"] = at
    counters = {k: v for k, v in js["counters"].items() if rng.random() < 0.8
                and k not in taken}
    on_board = {k: sum(1 for v in counters.values() if v == k) for k in TOTALS}
    for s in spheres:
        if s in taken or s in counters or s in MODULES or rng.random() > 0.15:
            continue
        kind = "energy" if "-" in s else rng.choice(["alien", "control"])
        if on_board[kind] < TOTALS[kind]:
            counters[s] = kind
            on_board[kind] += 1
    js["counters"] = counters
    for pl in PLAYERS:
        solar_here = sum(1 for m, v in counters.items() if v == "solar" and MODULES[m][0] == pl)
        held = {"energy": rng.randint(0, 3), "control": rng.randint(0, 2),
                "alien": rng.randint(0, 1), "solar": rng.randint(0, 2 - solar_here)}
        for k in ("energy", "control", "alien", "solar"):
            if rng.random() < 0.2:
                del held[k]  # omitted kinds are 0
        js["astronauts"][pl]["held"] = held
    for k in STOCK_KINDS:
        held_k = sum(js["astronauts"][pl]["held"].get(k, 0) for pl in PLAYERS)
        while held_k + on_board[k] > TOTALS[k]:
            for pl in PLAYERS:
                if js["astronauts"][pl]["held"].get(k, 0) > 0:
                    js["astronauts"][pl]["held"][k] -= 1
                    held_k -= 1
                    break
            else:
                break
        js["stock"][k] = rng.randint(0, TOTALS[k] - held_k - on_board[k])
    js["to_move"] = rng.choice(PLAYERS)
    return position_from_json(js, tiles)


def random_position(tiles: TileSet, seed: int, placements: int | None = None) -> Position:
    """A random position of the game from ``seed``."""
    rng = random.Random(seed)
    n = rng.randint(0, 45) if placements is None else placements
    return scatter(random_board(tiles, rng, n), tiles, rng)


# ---- hand-made positions ----------------------------------------------------------------

def scenario_tiles() -> TileSet:
    """Tiles for hand-made positions: 1 no tube; 2 neutral b1+b2; 3 the same with a cross;
    4 dave b1+b2; 5 a cross and no tube; 6 tom s1+s2; 7..12 no tube (stack filler)."""
    from spacebowl_print.games.tomtube.model import Tile

    spec = {1: (None, None, None, None, False), 2: (None, "neutral", None, "neutral", False),
            3: (None, "neutral", None, "neutral", True), 4: (None, "dave", None, "dave", False),
            5: (None, None, None, None, True), 6: ("tom", None, "tom", None, False)}
    out = {i: Tile(i, s[:4], s[4]) for i, s in spec.items()}  # type: ignore[arg-type]
    for i in range(7, 13):
        out[i] = Tile(i, (None, None, None, None), False)
    return TileSet(out)


def make_position(tiles: TileSet, rhombs: list[tuple[int, str, str]],
                  triangles: list[tuple[str, str, list[str] | None]] | None = None,
                  tom: str = "A3", dave: str = "I3", counters: dict[str, str] | None = None,
                  held: dict[str, dict[str, int]] | None = None, stack: list[int] | None = None,
                  to_move: str = "tom", stock: dict[str, int] | None = None) -> Position:
    """A position from compact parts, read through the strict reader."""
    counters = {"C1": "solar", "C7": "solar", "G1": "solar", "G7": "solar",
                **(counters or {})}
    held = held or {}
    placed = {pl: [sum(1 for o, _, t in (triangles or []) if o == pl and (t is not None) == k)
                   for k in (True, False)] for pl in PLAYERS}
    js = {
        "rhombs": [{"id": i, "at": at, "s1": s1} for i, at, s1 in rhombs],
        "triangles": [{"owner": o, "at": at, "tube": tube}
                      for o, at, tube in (triangles or [])],
        "stack": stack or [],
        "counters": {k: v for k, v in counters.items() if v},
        "astronauts": {pl: {"at": at, "held": held.get(pl, {}),
                            "triangles": {"tube": 6 - placed[pl][0], "blank": 3 - placed[pl][1]}}
                       for pl, at in (("tom", tom), ("dave", dave))},
        "stock": stock or {"energy": 10, "control": 4, "alien": 4},
        "to_move": to_move,
    }
    return position_from_json(js, tiles)
