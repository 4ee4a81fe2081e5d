"""Engine throughput: galaxy·toss evaluations per second, bitboard batch counter vs reference.

Run: ``python benchmarks/bench_engine.py`` (prints figures; nothing is asserted).
Same cases for both engines: random 5×5 galaxies dealt from the classic deck, every
3-marble toss of planets R, Y, G (9**4 = 6561 tosses a galaxy).
"""

from __future__ import annotations

import itertools
import time

from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import SPACES, Toss, Variants, parse_deck
from spacebowl_print.games.spacebowl.rules import bitboard, reference
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


def main() -> None:
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
    # Exhaustive enumeration: marbles are independent, boards built level by level.
    t_exh = best_of(3, lambda: histograms(tables, [1, 2, 4]))

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
    print(f"exhaustive histogram:         {evals / t_exh:14,.0f} evaluations/s "
          f"({t_exh * 1e3:.1f} ms)")
    print(f"reference engine:             {ref_rate:14,.0f} evaluations/s "
          f"({len(sample)} cases)")
    print(f"speed-up batch / reference:   {evals / t_batch / ref_rate:14,.0f}×")

    t0 = time.perf_counter()
    stats = deck_stats(deck, 1000, seed=1)
    wall = time.perf_counter() - t0
    print(f"\nspacebowl stats classic --galaxies 1000 (all variants): {wall:.1f} s")
    for v in stats.variants:
        print(f"  {v.variant:<10} no solution {100 * v.share_none:5.1f} %   mean {v.mean:5.2f}"
              f"   ({v.evaluations:,} evaluations)")


if __name__ == "__main__":
    main()
