"""Exact deck statistics: the compiled counting kernel (numba) beside the numpy path, both
measured in the same run, with their ratio.

Run ``python benchmarks/bench_stats.py [--galaxies 1000] [--runs 3] [--agree 200]``
(about two CPU-minutes with the defaults, most of it the numpy path; ``--quick`` for a
smaller run). Nothing is asserted about time; the agreement of the two kernels is.

1. Kernels: on ``--agree`` galaxies dealt for each variant, every marble set of the classic
   deck (as ``stats`` counts them): CPU nanoseconds a galaxy·toss evaluation for each kernel,
   the ratio, and how far the compiled kernel is from 0.45 ns (what a fused C loop doing the
   AND, the popcount and the histogram increment costs an evaluation, issue 18). The
   per-galaxy histograms of the two kernels are compared: galaxies compared, differences.
2. Whole process: ``spacebowl stats decks/classic.toml --galaxies N --json`` with
   ``SPACEBOWL_KERNEL=numpy`` and ``=numba`` in turn, ``--runs`` times each: CPU seconds
   (user + system, worker processes included), wall seconds, min and median, evaluations a
   CPU-second, the ratio; the figures printed by both must be identical.
3. Start-up: ``stats --galaxies 20`` (all variants) with each kernel and with ``auto``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.rules import bitboard, kernel
from spacebowl_print.games.spacebowl.rules.stats import VARIANTS, _dealt_masks, _marble_keys
from spacebowl_print.games.spacebowl.rules.tosses import histograms, toss_count

C_LOOP_NS = 0.45
"""ns an evaluation of a fused C loop (AND, popcount, histogram) on this machine (issue 18)."""

SETUPS = {"base": (5, 5, 0, False, False, False), "black-hole": (5, 5, 0, False, False, True),
          "rotation": (5, 5, 0, False, True, False), "torus": (5, 5, 0, True, False, False),
          "void": (5, 5, 3, False, False, False), "6x6": (6, 6, 0, False, False, False)}
"""Per variant: rows, cols, face-down cards, torus, rotation, black hole (as ``stats``)."""

RUN_CLI = "import sys; from spacebowl_print.cli.main import main; sys.argv[0] = 'spacebowl'; main()"


def kernels(n: int) -> None:
    deck = parse_deck((decks_dir() / "classic.toml").read_text(), "classic.toml")
    kernel.compiled()  # numba's import and code loading are start-up, shown in part 3
    print(f"1. kernels on {n} dealt galaxies a variant, every marble set of the classic deck"
          " (CPU ns a galaxy·toss evaluation)")
    print(f"   {'variant':<11}{'evaluations':>14}{'numpy':>9}{'numba':>9}{'ratio':>8}"
          f"{'vs 0.45 ns':>12}{'galaxies':>10}{'differ':>8}")
    all_evals = 0
    all_slow = all_fast = 0.0
    compared = differ = 0
    for variant in VARIANTS:
        rows, cols, void, torus, rotation, black_hole = SETUPS[variant]
        masks = np.concatenate([m for m, _ in _dealt_masks(deck, n, 2026, rows, cols, void)])
        tables = bitboard.tables_from_masks(masks, rows, cols, torus, near=False)
        evals = 0
        slow_s = fast_s = 0.0
        bad = np.zeros(n, dtype=bool)
        for planets, bh in _marble_keys(deck, black_hole):
            bits = [1 << deck.letters.index(p) for p in planets]
            t0 = time.process_time()
            slow = histograms(tables, bits, bh, rotation, kernel="numpy")
            t1 = time.process_time()
            fast = histograms(tables, bits, bh, rotation, kernel="numba")
            t2 = time.process_time()
            slow_s += t1 - t0
            fast_s += t2 - t1
            evals += n * toss_count(len(planets), bh)
            bad |= (slow != fast).any(axis=1)
        compared += n
        differ += int(bad.sum())
        all_evals += evals
        all_slow += slow_s
        all_fast += fast_s
        ns_slow, ns_fast = slow_s / evals * 1e9, fast_s / evals * 1e9
        print(f"   {variant:<11}{evals:>14,}{ns_slow:>9.3f}{ns_fast:>9.3f}"
              f"{ns_slow / ns_fast:>7.1f}×{ns_fast / C_LOOP_NS:>11.2f}×{n:>10}{int(bad.sum()):>8}")
    ns_slow, ns_fast = all_slow / all_evals * 1e9, all_fast / all_evals * 1e9
    print(f"   {'all':<11}{all_evals:>14,}{ns_slow:>9.3f}{ns_fast:>9.3f}"
          f"{ns_slow / ns_fast:>7.1f}×{ns_fast / C_LOOP_NS:>11.2f}×{compared:>10}{differ:>8}")
    assert differ == 0, "the kernels disagree"


def run_cli(args: list[str], kernel_name: str) -> tuple[float, float, str]:
    """(CPU seconds with workers, wall seconds, stdout) of one ``spacebowl`` process."""
    env = dict(os.environ, SPACEBOWL_KERNEL=kernel_name)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUN_CLI, *args], env=env, check=True,
                          capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def figures(stdout: str) -> tuple[str, int]:
    """The JSON figures without the elapsed time, and the evaluations they made."""
    data = json.loads(stdout)
    data.pop("seconds")
    return json.dumps(data), sum(v["evaluations"] for v in data["variants"].values())


def whole_process(galaxies: int, runs: int) -> None:
    deck = str(Path(decks_dir()) / "classic.toml")
    args = ["stats", deck, "--galaxies", str(galaxies), "--json"]
    print(f"\n2. whole process: spacebowl stats decks/classic.toml --galaxies {galaxies} --json"
          f" (all variants, default --jobs), {runs} runs each, in turn")
    cpu: dict[str, list[float]] = {"numpy": [], "numba": []}
    wall: dict[str, list[float]] = {"numpy": [], "numba": []}
    outputs: dict[str, set[str]] = {"numpy": set(), "numba": set()}
    evals = 0
    for _ in range(runs):
        for name in ("numpy", "numba"):
            c, w, out = run_cli(args, name)
            text, evals = figures(out)
            cpu[name].append(c)
            wall[name].append(w)
            outputs[name].add(text)
    same = outputs["numpy"] == outputs["numba"] and len(outputs["numba"]) == 1
    print(f"   {'kernel':<7}{'CPU s min':>10}{'median':>9}{'wall s min':>12}{'median':>9}"
          f"{'evaluations/CPU-s (median)':>29}")
    for name in ("numpy", "numba"):
        med = statistics.median(cpu[name])
        print(f"   {name:<7}{min(cpu[name]):>10.2f}{med:>9.2f}{min(wall[name]):>12.2f}"
              f"{statistics.median(wall[name]):>9.2f}{evals / med:>29.3e}")
    ratio = statistics.median(cpu["numpy"]) / statistics.median(cpu["numba"])
    wall_ratio = statistics.median(wall["numpy"]) / statistics.median(wall["numba"])
    print(f"   numpy / numba: CPU {ratio:.1f}×, wall {wall_ratio:.1f}× (medians); "
          f"{evals:,} evaluations; figures identical: {same}")
    assert same, "the kernels printed different figures"


def start_up(runs: int) -> None:
    deck = str(Path(decks_dir()) / "classic.toml")
    args = ["stats", deck, "--galaxies", "20", "--json"]
    print(f"\n3. start-up: stats --galaxies 20 (all variants), {runs} runs each, CPU s")
    base = []
    for name in ("numpy", "numba", "auto"):
        times = [run_cli(args, name)[0] for _ in range(runs)]
        med = statistics.median(times)
        base.append(med)
        print(f"   SPACEBOWL_KERNEL={name:<6} min {min(times):.2f}  median {med:.2f}"
              f"  ({med / base[0]:.2f}× numpy)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--galaxies", type=int, default=1000, help="whole-process deals")
    ap.add_argument("--runs", type=int, default=3, help="whole-process runs per kernel")
    ap.add_argument("--agree", type=int, default=200, help="galaxies a variant in part 1")
    ap.add_argument("--quick", action="store_true", help="--galaxies 200 --agree 50")
    args = ap.parse_args()
    if args.quick:
        args.galaxies, args.agree = 200, 50
    if kernel.compiled() is None:
        sys.exit("numba cannot be imported: nothing to compare the numpy path with")
    kernels(args.agree)
    whole_process(args.galaxies, args.runs)
    start_up(args.runs)


if __name__ == "__main__":
    main()
