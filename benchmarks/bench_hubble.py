"""Hubble benchmark: scoring speed, the greedy player, the par solver against greedy and
against its reference path, the calibration of the standard pad and of the difficulty tiers.

Run::

    python benchmarks/bench_hubble.py [--challenges 200] [--seed 1] [--baseline 20]
                                      [--sizes 8x8 10x8] [--size-challenges 10]
    python benchmarks/bench_hubble.py --calibrate [--challenges 200] [--seed 1]
    python benchmarks/bench_hubble.py --tiers [--challenges 200] [--sizes 8x8 10x8]

The first prints scoring throughput, then plays ``--challenges`` random solo challenges on the
standard pad with the greedy player and the par solver: medians, the mean gain of par over
greedy, the smallest gain, and CPU seconds per challenge (process time, so that a shared
machine does not blur it; wall time is printed too); beside it, in the same run, the CPU of
the reference path (``ParSettings(reference=True)``: the scalar valuation and the
engine-scored polish the solver used before numpy) on the first ``--baseline`` challenges,
the ratio, and whether both found the same logs; then the same comparison on ``--sizes``.
The second measures the greedy median on
every near-square even size (W/H from 3:4 to 4:3) up to 12×12, and the par median where the
greedy median lies within ``PAR_WINDOW`` points of the band (elsewhere a size can neither
qualify nor be the nearest whatever par does), then prints the table as Markdown and as the
Python constant of ``spacebowl_print/games/hubble/solve/calibration.py``. The third grades
``--challenges`` challenges per size by technique and prints the share of each tier at the
shipped target and at others. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace

from spacebowl_print.games.hubble.model.challenge import Challenge
from spacebowl_print.games.hubble.model.constellations import (
    ConstellationSet,
    load_constellation_set,
)
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
from spacebowl_print.games.hubble.solve.human import HumanModel
from spacebowl_print.games.hubble.solve.par import solve_par
from spacebowl_print.games.hubble.solve.par_settings import ParSettings
from spacebowl_print.games.hubble.solve.tiers import TARGET


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


def bench_players(count: int, seed: int, baseline: int) -> None:
    """Greedy and par over ``count`` challenges; the par solver's CPU beside the reference
    path (the scalar valuation and engine-scored polish it used before, kept for the tests)
    on the first ``baseline`` of them, in this run."""
    cset = load_constellation_set()
    greedy, par, cpu, wall, gains = [], [], [], [], []
    challenges = sample_challenges(seed, count, cset.names, STANDARD_COLS, STANDARD_ROWS)
    for ch in challenges:
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
    print(f"  par    median {statistics.median(par):.1f}, mean {statistics.mean(par):.2f}")
    print(f"  par over greedy: mean gain {100 * statistics.mean(gains):.1f} %, smallest gain "
          f"{min(diffs)} points, par below or equal to greedy on "
          f"{sum(d <= 0 for d in diffs)} challenges")
    print(f"  par CPU s/challenge: mean {statistics.mean(cpu):.3f}, median "
          f"{statistics.median(cpu):.3f}, max {max(cpu):.3f}; wall mean "
          f"{statistics.mean(wall):.3f}, max {max(wall):.3f}")
    if baseline:
        compare_reference(challenges[:baseline], cset, cpu[:baseline])


def compare_reference(challenges: list[Challenge], cset: ConstellationSet,
                      fast: list[float]) -> None:
    """The reference path on the same challenges: CPU, ratio, and the same logs."""
    ref = replace(ParSettings(), reference=True)
    slow, same = [], 0
    for ch in challenges:
        cards = cset.pick(ch.constellations)
        t0 = time.process_time()
        result = solve_par(ch, cards, ref)
        slow.append(time.process_time() - t0)
        same += result == solve_par(ch, cards)
    print(f"  against the reference path on the first {len(challenges)}: "
          f"{statistics.mean(slow):.3f} CPU s/challenge (median {statistics.median(slow):.3f}) "
          f"vs {statistics.mean(fast):.3f} (median {statistics.median(fast):.3f}): "
          f"{statistics.mean(slow) / statistics.mean(fast):.1f}x; same par log on "
          f"{same} of {len(challenges)}")


def bench_sizes(sizes: list[tuple[int, int]], count: int, seed: int) -> None:
    """The par solver on other pad sizes, beside the reference path, in this run."""
    cset = load_constellation_set()
    for cols, rows in sizes:
        challenges = sample_challenges(seed, count, cset.names, cols, rows)
        fast = []
        for ch in challenges:
            t0 = time.process_time()
            solve_par(ch, cset.pick(ch.constellations))
            fast.append(time.process_time() - t0)
        print(f"{cols}x{rows} pad, {count} challenges: par CPU s/challenge mean "
              f"{statistics.mean(fast):.3f}, median {statistics.median(fast):.3f}")
        compare_reference(challenges, cset, fast)


def bench_tiers(count: int, seed: int, sizes: list[tuple[int, int]]) -> None:
    """The tiers by technique: per size, the share of each tier over ``count`` random
    challenges at the shipped target and at others (how ``TARGET`` in ``solve/tiers.py`` was
    chosen: the fraction that spreads the tiers most evenly), and the mean total of each
    tier's player."""
    cset = load_constellation_set()
    fractions = ((3, 4), (4, 5), (17, 20), (9, 10))
    print("| size | target | tier 1 | tier 2 | tier 3 | tier 4 | tier 5 |")
    print("|---|---|---|---|---|---|---|")
    for cols, rows in sizes:
        players = []
        for ch in sample_challenges(seed, count, cset.names, cols, rows):
            model = HumanModel(ch, cset.pick(ch.constellations))
            players.append([model.player(k) for k in range(1, 6)])
        for num, den in fractions:
            tiers = [next(k + 1 for k in range(5) if p[k] >= -(-p[4] * num // den))
                     for p in players]
            shares = " | ".join(f"{100 * tiers.count(t) / len(tiers):.1f} %"
                                for t in range(1, 6))
            mark = " (shipped)" if (num, den) == TARGET else ""
            print(f"| {cols}×{rows} | {num}/{den}{mark} | {shares} |", flush=True)
        means = ", ".join(f"{statistics.mean(p[k] for p in players):.1f}" for k in range(5))
        print(f"|  | mean totals of the tier 1–5 players: {means} | | | | | |")


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


def size(text: str) -> tuple[int, int]:
    cols, rows = text.lower().split("x")
    return int(cols), int(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--challenges", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--baseline", type=int, default=20,
                    help="challenges also solved by the reference path (0: none)")
    ap.add_argument("--sizes", type=size, nargs="*", default=[(8, 8), (10, 8)],
                    help="other pad sizes to time (WxH), with --size-challenges each")
    ap.add_argument("--size-challenges", type=int, default=10)
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--tiers", action="store_true",
                    help="the tiers by technique on the standard pad and --sizes")
    args = ap.parse_args()
    if args.calibrate:
        calibrate(args.challenges, args.seed)
        return
    if args.tiers:
        bench_tiers(args.challenges, args.seed,
                    [(STANDARD_COLS, STANDARD_ROWS), *args.sizes])
        return
    bench_scoring(args.seed)
    bench_players(args.challenges, args.seed, args.baseline)
    bench_sizes(args.sizes, args.size_challenges, args.seed)


if __name__ == "__main__":
    main()
