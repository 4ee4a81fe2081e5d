"""Tom Tube figures: engine agreement and speed on mid-game positions, puzzle generation
rate, answer lengths and verification time, self-play speed.

Run: ``python benchmarks/bench_tomtube.py [--positions N] [--puzzles N] [--games N]``
(prints figures; nothing is asserted).
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.model import MODULES, PLAYERS, Position, TileSet
from spacebowl_print.games.tomtube.rules import network, reference
from spacebowl_print.games.tomtube.solve import puzzles, selfplay


def mid_game(tiles: TileSet, rng: random.Random) -> Position:
    """20-30 random placements, astronauts on random spheres, some control and energy."""
    pos = puzzles.full_board(tiles, rng, limit=rng.randint(20, 30))
    net = network.build(pos, tiles)
    spheres = sorted(net.node_of)
    astronauts = dict(pos.astronauts)
    used: set[str] = set()
    for pl in PLAYERS:
        options = [s for s in spheres if s not in used and s not in pos.counters
                   and (s not in MODULES or MODULES[s][0] == pl)]
        at = rng.choice(options)
        used.add(at)
        held = {"energy": rng.randint(0, 2), "control": rng.randint(0, 2), "alien": 0,
                "solar": 0}
        astronauts[pl] = type(pos.astronauts[pl])(at, held, pos.astronauts[pl].tubes_left,
                                                  pos.astronauts[pl].blanks_left)
    return pos.with_(astronauts=astronauts, to_move=rng.choice(PLAYERS))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--puzzles", type=int, default=100)
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    tiles = load_tiles()
    rng = random.Random(2026)
    positions = [mid_game(tiles, rng) for _ in range(args.positions)]

    t0 = time.perf_counter()
    fast = [network.legal_moves(p, tiles) for p in positions]
    t_fast = time.perf_counter() - t0
    t0 = time.perf_counter()
    slow = [reference.legal_moves(p, tiles) for p in positions]
    t_ref = time.perf_counter() - t0
    agree = sum(a == b for a, b in zip(fast, slow, strict=True))
    moves = sum(len(m) for m in fast)
    print(f"mid-game positions: {len(positions)}, legal moves listed: {moves} "
          f"({moves / len(positions):.1f} a position)")
    print(f"engines agree on {agree} of {len(positions)} positions")
    print(f"network engine:   {len(positions) / t_fast:8.0f} positions/s "
          f"({moves / t_fast:,.0f} moves/s, network built each time)")
    print(f"reference engine: {len(positions) / t_ref:8.0f} positions/s")

    t0 = time.perf_counter()
    manifest, figures = puzzles.generate(tiles, args.puzzles, seed=1)
    t_gen = time.perf_counter() - t0
    lengths = collections.Counter(p["answer"]["moves"] for p in manifest["puzzles"])
    print(f"puzzles: {args.puzzles} in {t_gen:.1f} s ({args.puzzles / t_gen:.1f}/s); "
          f"{figures['candidates']} candidates on {figures['boards']} full boards "
          f"({args.puzzles / figures['candidates']:.0%} kept)")
    print("answer lengths: " + ", ".join(f"{n} moves: {lengths[n]}" for n in sorted(lengths)))
    t0 = time.perf_counter()
    bad = [e["id"] for e in manifest["puzzles"] if puzzles.verify_entry(e, tiles)]
    t_ver = time.perf_counter() - t0
    print(f"verified {len(manifest['puzzles'])} answers in {t_ver:.1f} s, "
          f"{len(bad)} wrong {bad}")

    t0 = time.perf_counter()
    results = selfplay.self_play(tiles, args.games, seed=99)
    t_play = time.perf_counter() - t0
    print(f"self-play: {args.games} games in {t_play:.1f} s "
          f"({t_play / args.games * 1e3:.0f} ms a game, one process)")
    print(selfplay.summarise(results))


if __name__ == "__main__":
    main()
