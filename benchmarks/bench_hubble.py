"""Hubble benchmark: scoring speed, the greedy player, the par solver against greedy, and the
calibration of the standard pad.

Run::

    python benchmarks/bench_hubble.py [--challenges 200] [--seed 1]
    python benchmarks/bench_hubble.py --calibrate [--challenges 200] [--seed 1]

The first prints scoring throughput, then plays ``--challenges`` random solo challenges on the
standard pad with the greedy player and the par solver: medians, the mean gain of par over
greedy, the smallest gain, and CPU seconds per challenge (process time, so that a shared
machine does not blur it; wall time is printed too). The second measures the greedy median on
every near-square even size (W/H from 3:4 to 4:3) up to 12×12, and the par median where the
greedy median lies within ``PAR_WINDOW`` points of the band (elsewhere a size can neither
qualify nor be the nearest whatever par does), then prints the table as Markdown and as the
Python constant of
``spacebowl_print/games/hubble/solve/calibration.py``. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.calibration import (
    SizeRow,
    choose_standard,
    drift,
    greedy_median,
    near_square,
    needs_par,
    par_median,
    table_markdown,
)
from spacebowl_print.games.hubble.solve.challenges import (
    STANDARD_COLS,
    STANDARD_ROWS,
    sample_challenges,
)
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par import solve_par


def bench_scoring(seed: int) -> None:
    cset = load_constellation_set()
    rng = random.Random(seed)
    for cols, rows in ((STANDARD_COLS, STANDARD_ROWS), (12, 12), (26, 26)):
        pads = []
        for _ in range(200):
            cells = "".join(rng.choice("GPACS.") for _ in range(cols * rows))
            pads.append(Pad(cols, rows, cells, tuple(rng.sample(cset.names, 2))))
        t0 = time.process_time()
        for pad in pads:
            score_pad(pad, cset.pick(pad.constellations))
        dt = time.process_time() - t0
        print(f"score {cols}x{rows}: {len(pads) / dt:8.0f} random pads/s (uniform icons, 2 cards)")


def bench_players(count: int, seed: int) -> None:
    cset = load_constellation_set()
    greedy, par, cpu, wall, gains = [], [], [], [], []
    for ch in sample_challenges(seed, count, cset.names, STANDARD_COLS, STANDARD_ROWS):
        cards = cset.pick(ch.constellations)
        g = score_pad(replay(ch, greedy_play(ch)), cards).total
        t0, w0 = time.process_time(), time.perf_counter()
        p = solve_par(ch, cards).score.total
        cpu.append(time.process_time() - t0)
        wall.append(time.perf_counter() - w0)
        greedy.append(g)
        par.append(p)
        gains.append(p / g - 1 if g else float("inf"))
    diffs = [p - g for p, g in zip(par, greedy, strict=True)]
    print(f"standard pad {STANDARD_COLS}x{STANDARD_ROWS}, {count} challenges (seed {seed})")
    print(f"  greedy median {statistics.median(greedy):.1f}, mean {statistics.mean(greedy):.1f}")
    print(f"  par    median {statistics.median(par):.1f}, mean {statistics.mean(par):.1f}")
    print(f"  par over greedy: mean gain {100 * statistics.mean(gains):.1f} %, smallest gain "
          f"{min(diffs)} points, par below or equal to greedy on "
          f"{sum(d <= 0 for d in diffs)} challenges")
    print(f"  par CPU s/challenge: mean {statistics.mean(cpu):.2f}, max {max(cpu):.2f}; "
          f"wall mean {statistics.mean(wall):.2f}, max {max(wall):.2f}")


def calibrate(count: int, seed: int) -> None:
    cset = load_constellation_set()
    sizes = sorted(((c, r) for c in range(4, 13, 2) for r in range(4, 13, 2)
                    if near_square(c, r)), key=lambda s: (s[0] * s[1], s))
    table = []
    for cols, rows in sizes:
        g = greedy_median(cset, cols, rows, count, seed)
        # par is measured where it can decide: greedy in or near the band
        p = par_median(cset, cols, rows, count, seed) if needs_par(g) else None
        table.append(SizeRow(cols, rows, g, p))
        print(f"  {cols}x{rows}: greedy {g}" + (f", par {p}" if p is not None else ""),
              file=sys.stderr, flush=True)
    print(table_markdown(table))
    best = choose_standard(table)
    off, short = drift(best)
    print(f"\nstandard pad: {best.cols}×{best.rows} (greedy off the band by {off:+g}, par "
          f"short of the floor by {short})\n")
    print("CALIBRATION: tuple[SizeRow, ...] = (")
    for row in table:
        print(f"    SizeRow({row.cols}, {row.rows}, {row.greedy!r}, {row.par!r}),")
    print(")")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--challenges", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calibrate", action="store_true")
    args = ap.parse_args()
    if args.calibrate:
        calibrate(args.challenges, args.seed)
        return
    bench_scoring(args.seed)
    bench_players(args.challenges, args.seed)


if __name__ == "__main__":
    main()
