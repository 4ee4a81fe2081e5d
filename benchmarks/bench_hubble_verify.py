"""Hubble's second engine: CPU seconds to prove one daily entry, beside the main engine's replay
and scoring of the same entry (the baseline, measured in the same run).

Run::

    python benchmarks/bench_hubble_verify.py [--days 10] [--repeat 3] [--seed 7]

Solves ``--days`` pars on the standard pad (6 × 8) and on 8 × 8 (not timed: that is the par
solver's work), then times, ``--repeat`` times over all entries: the second engine's proof
(``rules.independent.entry_problem``), the main engine's replay and score, and
``verify_entry`` as the pre-write gate and ``spacebowl check`` run it (strict reading plus the
second engine's proof). Prints CPU seconds per entry, min and median of the repeats, and the
ratio of each median to the baseline's. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from spacebowl_print.games.hubble.model.challenge import challenge_from_json, play_from_json
from spacebowl_print.games.hubble.model.constellations import load_constellation_set, set_to_dict
from spacebowl_print.games.hubble.rules.independent import entry_problem
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad, score_to_json
from spacebowl_print.games.hubble.solve.challenges import (
    STANDARD_COLS,
    STANDARD_ROWS,
    generate_challenge,
)
from spacebowl_print.games.hubble.solve.manifest import make_entry, verify_entry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    cset = load_constellation_set()
    data = set_to_dict(cset)

    def main_engine(entry: dict[str, Any]) -> object:
        ch = challenge_from_json(entry["challenge"], cset.names)
        pad = replay(ch, play_from_json(entry["par"]["play"], ch.geometry))
        return score_to_json(score_pad(pad, cset.pick(ch.constellations)), ch.geometry)

    paths: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
        ("main engine replay + score (baseline)", main_engine),
        ("second engine proof", lambda e: entry_problem(e, data)),
        ("verify_entry (gate and check)", lambda e: verify_entry(e, cset)),
    ]
    for cols, rows in ((STANDARD_COLS, STANDARD_ROWS), (8, 8)):
        t0 = time.process_time()
        entries = [make_entry(generate_challenge(args.seed, f"d{i}", cset.names, cols, rows),
                              cset) for i in range(args.days)]
        print(f"{cols}x{rows}: {args.days} pars solved in {time.process_time() - t0:.1f} s CPU "
              f"(not timed below)")
        base = 0.0
        for label, fn in paths:
            per_entry = []
            for _ in range(args.repeat):
                t0 = time.process_time()
                for entry in entries:
                    fn(entry)
                per_entry.append((time.process_time() - t0) / len(entries))
            median = statistics.median(per_entry)
            base = base or median
            print(f"  {label:38s} min {min(per_entry) * 1000:7.2f} ms  median "
                  f"{median * 1000:7.2f} ms  ×{median / base:5.2f}")
        bad = [e["id"] for e in entries if entry_problem(e, data)]
        print(f"  entries not proved: {len(bad)} {bad or ''}")


if __name__ == "__main__":
    main()
