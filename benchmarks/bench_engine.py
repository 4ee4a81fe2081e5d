"""Engine throughput: galaxy·toss evaluations per second, bitboard batch counter vs reference,
and the exhaustive histogram's two kernels (compiled numba, numpy) side by side.

Run: ``python benchmarks/bench_engine.py [--galaxies 200]`` (prints figures; only the engines'
agreement is asserted). Same cases for every engine: random 5×5 galaxies dealt from the
classic deck, every 3-marble toss of planets R, Y, G (9**4 = 6561 tosses a galaxy); then
``deck_stats`` (what ``spacebowl stats`` runs) over ``--galaxies`` deals with each kernel, in
process, CPU seconds. ``benchmarks/bench_stats.py`` times the whole command.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time

from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import SPACES, Toss, Variants, parse_deck
from spacebowl_print.games.spacebowl.rules import bitboard, kernel, reference
from spacebowl_print.games.spacebowl.rules.stats import deal, deck_stats
from spacebowl_print.games.spacebowl.rules.tosses import histograms


def best_of(repeats: int, fn: object) -> float:
    """Best wall time of ``repeats`` calls (the machine is shared; the best is the signal)."""
    assert callable(fn)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def best_cpu(repeats: int, fn: object) -> float:
    """Best CPU seconds of ``repeats`` calls (this process only)."""
    assert callable(fn)
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--galaxies", type=int, default=200, help="deals for deck_stats")
    args = ap.parse_args()
    deck = parse_deck((decks_dir() / "classic.toml").read_text(), "classic.toml")
    letters = deck.letters
    galaxies, _ = deal(deck, 1024, seed=2026)
    tosses = [Toss(d, {"R": a, "Y": b, "G": c}) for d, a, b, c in
              itertools.product(SPACES, repeat=4)]
    cols = bitboard.encode_tosses(tosses, letters, rotation=False)

    t_tables = best_of(3, lambda: bitboard.build_tables(galaxies, letters))
    tables = bitboard.build_tables(galaxies, letters)
    # Arbitrary toss lists: one gathered table row per occupied space, AND, popcount.
    t_batch = best_of(3, lambda: bitboard.count_solutions(tables, cols))
    evals = len(galaxies) * len(tosses)
    # Exhaustive enumeration: marbles are independent, boards built level by level (numpy),
    # or one fused compiled pass per galaxy (numba); CPU seconds, side by side.
    compiled = kernel.compiled() is not None
    t_exh = best_cpu(3, lambda: histograms(tables, [1, 2, 4], kernel="numpy"))
    if compiled:
        t_fast = best_cpu(3, lambda: histograms(tables, [1, 2, 4], kernel="numba"))
        assert (histograms(tables, [1, 2, 4], kernel="numba")
                == histograms(tables, [1, 2, 4], kernel="numpy")).all()

    # Reference on a sample of the same cases (it is ~10^4 times slower).
    sample = [(g, t) for g in galaxies[:4] for t in tosses[:: 41]]
    t0 = time.perf_counter()
    ref_counts = [len(reference.solve(g, t, Variants())) for g, t in sample]
    t_ref = time.perf_counter() - t0
    # The two engines agree on the sample.
    fast = bitboard.count_solutions(bitboard.build_tables(galaxies[:4], letters), cols[:: 41])
    assert ref_counts == [int(fast[t_i, g_i]) for g_i in range(4)
                          for t_i in range(len(tosses[:: 41]))]

    ref_rate = len(sample) / t_ref
    print(f"cases: {len(galaxies)} galaxies 5×5 × {len(tosses)} tosses of 3 marbles "
          f"= {evals:,} evaluations")
    print(f"tables built:                 {t_tables * 1e3:8.1f} ms ({len(galaxies)} galaxies)")
    print(f"batch counter (toss list):    {evals / t_batch:14,.0f} evaluations/s "
          f"({t_batch * 1e3:.1f} ms)")
    print(f"exhaustive histogram, numpy:  {evals / t_exh:14,.0f} evaluations/CPU-s "
          f"({t_exh * 1e3:.1f} ms)")
    if compiled:
        print(f"exhaustive histogram, numba:  {evals / t_fast:14,.0f} evaluations/CPU-s "
              f"({t_fast * 1e3:.1f} ms, {t_fast / evals * 1e9:.3f} ns an evaluation)")
        print(f"speed-up numba / numpy:       {t_exh / t_fast:14,.1f}×")
    else:
        print("exhaustive histogram, numba:  numba cannot be imported")
    print(f"reference engine:             {ref_rate:14,.0f} evaluations/s "
          f"({len(sample)} cases)")
    print(f"speed-up batch / reference:   {evals / t_batch / ref_rate:14,.0f}×")

    names = ("numpy", "numba") if compiled else ("numpy",)
    figures = {}
    cpu = {}
    for name in names:
        os.environ[kernel.ENV] = name
        t0 = time.process_time()
        figures[name] = deck_stats(deck, args.galaxies, seed=1)
        cpu[name] = time.process_time() - t0
    os.environ.pop(kernel.ENV)
    stats = figures["numpy"]
    evaluations = sum(v.evaluations for v in stats.variants)
    print(f"\ndeck_stats classic, {args.galaxies} galaxies, all variants, in process "
          f"({evaluations:,} evaluations):")
    for name in names:
        print(f"  {name}: {cpu[name]:6.2f} CPU-s, {evaluations / cpu[name]:14,.0f} "
              f"evaluations/CPU-s")
    if compiled:
        same = json.dumps(figures["numba"].to_json()) == json.dumps(stats.to_json())
        print(f"  numpy / numba: {cpu['numpy'] / cpu['numba']:.1f}× (figures identical: {same})")
        assert same
    for v in stats.variants:
        print(f"  {v.variant:<10} no solution {100 * v.share_none:5.1f} %   mean {v.mean:5.2f}"
              f"   ({v.evaluations:,} evaluations)")


if __name__ == "__main__":
    main()
