"""Tom Tube figures, each beside a baseline measured in the same run: the two move
generators on mid-game positions (the fast engine against the reference engine), making and
proving "way home" puzzles and self-play (this checkout against a baseline revision, each
in its own child process on the same tile file, CPU seconds of the child).

Run: ``python benchmarks/bench_tomtube.py [--positions N] [--puzzles N] [--games N]
[--runs R] [--baseline REV] [--tiles FILE]`` (prints figures; nothing is asserted). The
baseline revision (default: where this branch left ``main``) is exported with ``git
archive`` into a temporary folder; runs alternate (this checkout, baseline, …) so that a
machine getting busier or quieter affects both. Quote the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _baseline import export

from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.model import (
    MODULES,
    PLAYERS,
    STOCK_KINDS,
    TOTALS,
    Position,
    TileSet,
    position_from_json,
    position_to_json,
)
from spacebowl_print.games.tomtube.model.tiles_file import default_tiles_path
from spacebowl_print.games.tomtube.rules import network, reference
from spacebowl_print.games.tomtube.solve import puzzles

ROOT = Path(__file__).resolve().parents[1]

PUZZLES_CHILD = """
import json, sys, time
from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.model import position_from_json
from spacebowl_print.games.tomtube.solve import puzzles
tiles = load_tiles(sys.argv[1])
count, seed = int(sys.argv[2]), int(sys.argv[3])
t0 = time.process_time()
man, figures = puzzles.generate(tiles, count, seed)
if "decoys" not in man["puzzles"][0]:
    # Older booklets counted each puzzle's decoys again before drawing it.
    for e in man["puzzles"]:
        puzzles.decoys(position_from_json(e["position"], tiles), tiles, e["answer"]["moves"])
t1 = time.process_time()
bad = sum(puzzles.verify_entry(e, tiles) is not None for e in man["puzzles"])
t2 = time.process_time()
print(json.dumps({"make": t1 - t0, "prove": t2 - t1, "bad": bad,
                  "lengths": [e["answer"]["moves"] for e in man["puzzles"]]}))
"""

SELFPLAY_CHILD = """
import json, sys, time
from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.solve.selfplay import self_play
tiles = load_tiles(sys.argv[1])
t0 = time.process_time()
results = self_play(tiles, int(sys.argv[2]), 99)
print(json.dumps({"cpu": time.process_time() - t0}))
"""


def mid_game(tiles: TileSet, rng: random.Random) -> Position:
    """20-30 random placements, then both astronauts on random spheres they may enter with
    a few energy and control counters — taken from the stock, so that the box's totals hold
    — and either player to move; read back through the strict reader (what the CLI does)."""
    pos = puzzles.full_board(tiles, rng, limit=rng.randint(20, 30))
    net = network.build(pos, tiles)
    spheres = sorted(net.node_of)
    js = position_to_json(pos)
    used: set[str] = set()
    for pl in PLAYERS:
        options = [s for s in spheres if s not in used and s not in pos.counters
                   and (s not in MODULES or MODULES[s][0] == pl)]
        at = rng.choice(options)
        used.add(at)
        js["astronauts"][pl]["at"] = at
        held = js["astronauts"][pl]["held"]
        for kind in ("energy", "control"):
            want = rng.randint(0, 2)
            got = min(want, js["stock"][kind])
            held[kind] += got
            js["stock"][kind] -= got
    js["to_move"] = rng.choice(PLAYERS)
    for kind in STOCK_KINDS:  # what the strict reader insists on
        on_board = sum(1 for v in js["counters"].values() if v == kind)
        held_now = sum(js["astronauts"][pl]["held"][kind] for pl in PLAYERS)
        if on_board + held_now + js["stock"][kind] > TOTALS[kind]:
            raise RuntimeError(f"more {kind} counters in play than the box holds")
    return position_from_json(js, tiles)


def spread(values: list[float]) -> str:
    return f"min {min(values):.3f}, median {statistics.median(values):.3f}"


def child(src: Path, code: str, *args: str) -> dict[str, object]:
    """Run ``code`` in a child Python importing the package from ``src``."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", code, *args], check=True, env=env, cwd=src,
                         capture_output=True, text=True).stdout
    data: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return data


def paired(runs: int, a: Callable[[], float], b: Callable[[], float]
           ) -> tuple[list[float], list[float]]:
    """``runs`` measurements of each, alternating a, b, a, b, …"""
    xs, ys = [], []
    for _ in range(runs):
        xs.append(a())
        ys.append(b())
    return xs, ys


def engines(tiles: TileSet, count: int) -> None:
    rng = random.Random(2026)
    positions = [mid_game(tiles, rng) for _ in range(count)]
    print(f"mid-game positions: {count}, all read back by the strict reader "
          "(the CLI would take every one)")
    t0 = time.process_time()
    fast = [network.legal_moves(p, tiles) for p in positions]
    t_fast = time.process_time() - t0
    t0 = time.process_time()
    slow = [reference.legal_moves(p, tiles) for p in positions]
    t_ref = time.process_time() - t0
    agree = sum(a == b for a, b in zip(fast, slow, strict=True))
    moves = sum(len(m) for m in fast)
    print(f"  engines agree on {agree} of {count} positions; {moves / count:.1f} moves a "
          "position")
    print(f"  network engine {count / t_fast:8.0f} positions a CPU-s   baseline (reference "
          f"engine) {count / t_ref:6.0f}   ratio {t_ref / t_fast:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--puzzles", type=int, default=40)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", default=None,
                    help="Revision to compare with (default: merge-base of HEAD and main).")
    ap.add_argument("--tiles", default=None, help="Tile file for both (default: shipped).")
    args = ap.parse_args()
    tiles_file = Path(args.tiles or default_tiles_path()).resolve()
    engines(load_tiles(tiles_file), args.positions)

    base_rev = args.baseline or subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True,
        capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        base_src = Path(tmp)
        full = export(base_rev, base_src)
        print(f"baseline: {full[:12]} ({base_rev}); tiles: {tiles_file}")

        n = str(args.puzzles)
        got: dict[str, list[dict[str, object]]] = {"new": [], "base": []}

        def run(which: str, src: Path) -> float:
            data = child(src, PUZZLES_CHILD, str(tiles_file), n, "1")
            got[which].append(data)
            return float(data["make"]) + float(data["prove"])  # type: ignore[arg-type]

        new, base = paired(args.runs, lambda: run("new", ROOT), lambda: run("base", base_src))
        per_new = [t / args.puzzles for t in new]
        per_base = [t / args.puzzles for t in base]
        print(f"way-home puzzles, {args.puzzles} made and proved, CPU-s a puzzle "
              f"({args.runs} runs):")
        for which, per in (("new", per_new), ("base", per_base)):
            d = got[which][0]
            make = statistics.median(float(x["make"]) for x in got[which])  # type: ignore[arg-type]
            prove = statistics.median(float(x["prove"]) for x in got[which])  # type: ignore[arg-type]
            print(f"  {which:4s} {spread(per)}  (make {make / args.puzzles:.3f}, prove "
                  f"{prove / args.puzzles:.3f}; {d['bad']} wrong)")
        print(f"  ratio baseline/new (medians): "
              f"{statistics.median(per_base) / statistics.median(per_new):.2f}x")

        g = str(args.games)
        new, base = paired(
            args.runs,
            lambda: float(child(ROOT, SELFPLAY_CHILD, str(tiles_file), g)["cpu"]),  # type: ignore[arg-type]
            lambda: float(child(base_src, SELFPLAY_CHILD, str(tiles_file), g)["cpu"]))  # type: ignore[arg-type]
        print(f"self-play, {args.games} games, CPU-ms a game: new "
              f"{spread([1e3 * t / args.games for t in new])}, baseline "
              f"{spread([1e3 * t / args.games for t in base])}, ratio baseline/new "
              f"{statistics.median(base) / statistics.median(new):.2f}x (the players differ: "
              "see docs/tomtube.md, Self-play)")


if __name__ == "__main__":
    main()
