"""Hubble's tiered booklet before and after grading by technique, in the same run.

Run::

    python benchmarks/bench_hubble_tiers.py [--days 35] [--start 2027-01-01] [--seed 1]
                                            [--baseline 6e38fe7]

*Before* is the ``--baseline`` revision's ``daily_for_tier`` (at the default 6e38fe7, tiers
from the par's lead over the greedy player), run in a child process on that revision's source
tree; *after* is this checkout's (tiers from the human model's techniques, then the exact
par). Both pick the
days of a ``--tiers 1-5`` booklet (the weekly ramp). For each, per tier: the features a
person feels on the printed challenge, measured here the same way for both —

- **candidates**: distinct answers a roll allows on the par's way through the game (mean
  per roll), how much there is to weigh;
- **forced**: rolls with at most one placement that draws anything (a forced move);
- **techniques**: the techniques the human model needs to reach the target
  (:func:`~spacebowl_print.games.hubble.solve.tiers.grade`), i.e. the tier by technique;
- **gap**: (printed par − greedy) in percent of the printed par;

mean and range; then the CPU a day, pars solved and challenges graded a day, days without
their tier, the before days that grade as another tier now, forced days (the greedy player
scores the par) above tier 1, repeated challenges, and the day 2027-01-19 both ways.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from _baseline import export

from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    challenge_from_json,
    play_from_json,
)
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.geometry import BLANK
from spacebowl_print.games.hubble.solve.moves import drawn, placements, turn_draws
from spacebowl_print.games.hubble.solve.par import solve_par
from spacebowl_print.games.hubble.solve.tiers import (
    TierStats,
    daily_for_tier,
    grade,
    greedy_total,
)
from spacebowl_print.publish.schedule import WEEK_RAMP

CHILD = """
import datetime as dt, json, sys, time
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.solve.tiers import TierStats, daily_for_tier
from spacebowl_print.publish.schedule import WEEK_RAMP
cset = load_constellation_set()
start, days, seed = dt.date.fromisoformat(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
stats, out = TierStats(), []
t0 = time.process_time()
for d in range(days):
    day = start + dt.timedelta(days=d)
    out.append(daily_for_tier(seed, day, WEEK_RAMP[day.weekday()], cset, 6, 8, stats))
print(json.dumps({"entries": out, "cpu": time.process_time() - t0, "solves": stats.solves,
                  "candidates": stats.candidates, "missed": stats.missed}))
"""


def features(entry: Mapping[str, Any]) -> dict[str, float]:
    """What a person feels on the printed challenge (see the module)."""
    cset = load_constellation_set()
    ch: Challenge = challenge_from_json(entry["challenge"], cset.names)
    cards = cset.pick(ch.constellations)
    play = play_from_json(entry["par"]["play"], ch.geometry)
    cells = [BLANK] * ch.geometry.size
    options, forced = [], 0
    for roll, turn in zip(ch.rolls, play.turns, strict=False):
        distinct = {tuple(drawn(m)) for m in placements(cells, roll, ch.geometry)}
        options.append(len(distinct))
        forced += sum(1 for d in distinct if d) <= 1
        for c, x in turn_draws(turn):
            cells[c] = x
    par = entry["par"]["total"]
    greedy = greedy_total(ch, cards)
    return {"candidates": statistics.mean(options), "forced": forced,
            "techniques": grade(ch, cards).tier, "gap": 100 * (par - greedy) / par,
            "greedy_is_par": float(greedy >= par)}


def table(title: str, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, float]]:
    feats = [features(e) for e in entries]
    print(f"\n{title}")
    print("| tier | days | candidates a roll | forced moves | techniques needed | par gap % |")
    print("|---|---|---|---|---|---|")
    for t in range(1, 6):
        mine = [f for e, f in zip(entries, feats, strict=True) if e["tier"] == t]
        if not mine:
            print(f"| {t} | 0 | | | | |")
            continue
        cells = []
        for key, fmt in (("candidates", ".1f"), ("forced", ".1f"), ("techniques", ".1f"),
                         ("gap", ".1f")):
            vals = [f[key] for f in mine]
            cells.append(f"{statistics.mean(vals):{fmt}} ({min(vals):{fmt}}–{max(vals):{fmt}})")
        print(f"| {t} | {len(mine)} | " + " | ".join(cells) + " |")
    return feats


def repeated(entries: Sequence[Mapping[str, Any]]) -> int:
    keys = [json.dumps([e["challenge"]["constellations"], e["challenge"]["rolls"]])
            for e in entries]
    return len(keys) - len(set(keys))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=35)
    parser.add_argument("--start", default="2027-01-01")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", default="6e38fe7")
    args = parser.parse_args(argv)
    start = dt.date.fromisoformat(args.start)
    with tempfile.TemporaryDirectory() as tmp:
        full = export(args.baseline, Path(tmp))
        env = {**os.environ, "PYTHONPATH": tmp}
        # run in the baseline's tree: with -c the working directory comes first on the path
        done = subprocess.run([sys.executable, "-c", CHILD, args.start, str(args.days),
                               str(args.seed)], env=env, cwd=tmp, check=True,
                              capture_output=True, text=True)
    before = json.loads(done.stdout)
    cset = load_constellation_set()
    stats = TierStats()
    after = []
    t0 = time.process_time()
    for d in range(args.days):
        day = start + dt.timedelta(days=d)
        after.append(daily_for_tier(args.seed, day, WEEK_RAMP[day.weekday()], cset, 6, 8,
                                    stats))
    cpu = time.process_time() - t0
    n = args.days
    print(f"{n} days of a --tiers 1-5 booklet from {args.start}, seed {args.seed}; before = "
          f"{full[:10]}")
    fb = table(f"Before (the baseline, {args.baseline})", before["entries"])
    fa = table("After (this checkout)", after)
    print()
    print(f"CPU a day: before {before['cpu'] / n:.2f} s ({before['solves'] / n:.2f} par solves, "
          f"{before['candidates'] / n:.1f} challenges graded); after {cpu / n:.2f} s "
          f"({stats.solves / n:.2f} par solves, {stats.candidates / n:.1f} challenges graded, "
          f"{stats.plays / n:.1f} technique plays)")
    print(f"days without their tier: before {before['missed']}, after {stats.missed}")
    moved = sum(1 for e, f in zip(before["entries"], fb, strict=True)
                if e["tier"] != f["techniques"])
    print(f"before's days that grade as another tier by technique: {moved} of {n}")
    for name, entries, feats in (("before", before["entries"], fb), ("after", after, fa)):
        forced = sum(1 for e, f in zip(entries, feats, strict=True)
                     if e["tier"] > 1 and f["greedy_is_par"])
        print(f"{name}: forced days above tier 1 (greedy scores the par): {forced}; repeated "
              f"challenges: {repeated(entries)}")
    case = "2027-01-19"
    for name, entries in (("before", before["entries"]), ("after", after)):
        for e in entries:
            if e["id"] == case:
                ch = challenge_from_json(e["challenge"], cset.names)
                now = solve_par(ch, cset.pick(ch.constellations))
                print(f"{case} {name}: tier {e['tier']}, printed par {e['par']['total']}"
                      f"{', bound ' + str(e['par']['bound']) if 'bound' in e['par'] else ''}; "
                      f"this challenge's par now {now.score.total} (bound {now.bound})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
