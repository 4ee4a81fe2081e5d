"""Hubble's daily booklet end to end, as a user runs it, each figure beside a baseline
measured in the same run:

1. ``spacebowl hubble daily --days DAYS`` in a child process: wall and CPU seconds (the
   child's own accounting, its workers included), peak memory, file sizes; beside it, the
   same days' pars solved alone in this process (the booklet's CPU over the pars' CPU);
2. the par solver on the first PAR_SAMPLE days beside its reference path (the scalar
   valuation and the engine-scored polish it used before numpy, ``ParSettings(reference=
   True)``), with the ratio and whether both found the same logs;
3. tiered days (``solve.tiers.daily_for_tier``) over the weekly 1–5 ramp (Monday 1, Tuesday
   2, Wednesday and Thursday 3, Friday and Saturday 4, Sunday 5) on the first TIERED days:
   CPU seconds, candidates and par solves per day, and the days that found no challenge of
   their tier, beside the untiered day (one par solve) of the same days.

Run: ``python benchmarks/bench_hubble_daily.py [DAYS] [PAR_SAMPLE] [TIERED] [JOBS]``
(defaults 365, 20, 20 and 1; prints figures, asserts nothing). The machine is shared: run one
benchmark at a time.
"""

from __future__ import annotations

import datetime as dt
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.solve.challenges import (
    STANDARD_COLS,
    STANDARD_ROWS,
    daily_challenges,
)
from spacebowl_print.games.hubble.solve.manifest import make_entry
from spacebowl_print.games.hubble.solve.par import solve_par
from spacebowl_print.games.hubble.solve.par_settings import ParSettings
from spacebowl_print.games.hubble.solve.tiers import TierStats, daily_for_tier
from spacebowl_print.publish.schedule import WEEK_RAMP

START = dt.date(2027, 1, 1)


def whole_booklet(days: int, jobs: int) -> None:
    """The command as a user runs it, in a child process, beside its pars alone."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "daily"
        cmd = [sys.executable, "-m", "spacebowl_print", "hubble", "daily", "--days",
               str(days), "--jobs", str(jobs), "-q", "-o", str(out)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        pdf = (out / "booklet.pdf").stat().st_size
        manifest = (out / "manifest.json").stat().st_size
        pages = len(re.findall(rb"/Type\s*/Page[^s]", (out / "booklet.pdf").read_bytes()))
    cset = load_constellation_set()
    t0 = time.process_time()
    for ch in daily_challenges(1, START, days, cset.names):
        solve_par(ch, cset.pick(ch.constellations))
    pars = time.process_time() - t0
    print(f"hubble daily, {days} days ({STANDARD_COLS}×{STANDARD_ROWS} pad, --jobs {jobs}): "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU ({cpu / days:.3f} s a day), peak memory "
          f"{after.ru_maxrss / 1024:.0f} MiB, booklet.pdf {pdf / 1e6:.2f} MB ({pages} pages), "
          f"manifest.json {manifest / 1e6:.2f} MB")
    print(f"  its pars alone, in this process: {pars:.1f} s CPU ({pars / days:.3f} s a day); "
          f"the booklet costs {cpu / pars:.2f}x its pars")


def par_times(sample: int) -> None:
    """The par solver on the first ``sample`` days beside its reference path."""
    cset = load_constellation_set()
    ref = replace(ParSettings(), reference=True)
    fast, slow, pars, same = [], [], [], 0
    for ch in daily_challenges(1, START, sample, cset.names):
        cards = cset.pick(ch.constellations)
        t0 = time.process_time()
        result = solve_par(ch, cards)
        fast.append(time.process_time() - t0)
        t0 = time.process_time()
        same += solve_par(ch, cards, ref) == result
        slow.append(time.process_time() - t0)
        pars.append(result.score.total)
    print(f"  par solver, {sample} days: CPU mean {statistics.mean(fast):.3f} s, median "
          f"{statistics.median(fast):.3f} s, slowest {max(fast):.3f} s a day; reference path "
          f"mean {statistics.mean(slow):.3f} s, median {statistics.median(slow):.3f} s: "
          f"{statistics.mean(slow) / statistics.mean(fast):.1f}x; same log on {same} of "
          f"{sample}; pars {min(pars)}–{max(pars)}, mean {statistics.mean(pars):.1f}")


"""The tier of Monday … Sunday in a ``--tiers 1-5`` booklet (the weekly ramp)."""


def tiered(days: int) -> None:
    """Tiered days over the weekly 1–5 ramp beside the untiered days."""
    cset = load_constellation_set()
    dates = [START + dt.timedelta(days=d) for d in range(days)]
    t0 = time.process_time()
    for ch in daily_challenges(1, START, days, cset.names):
        make_entry(ch, cset)
    plain = time.process_time() - t0
    stats = TierStats()
    got = []
    t0 = time.process_time()
    for day in dates:
        entry = daily_for_tier(1, day, WEEK_RAMP[day.weekday()], cset, STANDARD_COLS,
                               STANDARD_ROWS, stats)
        got.append(entry["tier"])
    spent = time.process_time() - t0
    print(f"  tiered days over the weekly 1–5 ramp, {days} days: {spent / days:.3f} s CPU a day, "
          f"{stats.solves / days:.2f} par solves and {stats.candidates / days:.1f} candidates "
          f"a day, {stats.missed} day(s) without a challenge of their tier; untiered days "
          f"{plain / days:.3f} s CPU a day (1 solve): {spent / plain:.1f}x")
    print(f"  tiers wanted: {' '.join(str(WEEK_RAMP[d.weekday()]) for d in dates)}")
    print(f"  tiers found:  {' '.join(str(t) for t in got)}")


def main() -> None:
    if any(not a.isdigit() for a in sys.argv[1:]):
        print(__doc__)
        return
    days = int(sys.argv[1]) if len(sys.argv) > 1 else 365
    sample = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    tiered_days = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    whole_booklet(days, jobs)
    par_times(sample)
    tiered(tiered_days)


if __name__ == "__main__":
    main()
