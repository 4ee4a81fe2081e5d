"""Hubble's daily booklet end to end, as a user runs it: wall time, peak memory (the child's
``ru_maxrss``), booklet.pdf and manifest.json sizes; then, in process, the par solver's time
per challenge (mean, median, slowest) and the rendering alone.

Run: ``python benchmarks/bench_hubble_daily.py [DAYS] [PAR_SAMPLE]`` (defaults 365 and 30;
prints figures, asserts nothing). The machine is shared: run one benchmark at a time.
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
from pathlib import Path

from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.solve.challenges import (
    STANDARD_COLS,
    STANDARD_ROWS,
    daily_challenges,
)
from spacebowl_print.games.hubble.solve.par import solve_par

START = dt.date(2027, 1, 1)


def whole_booklet(days: str) -> None:
    """The command as a user runs it, in a child process (its own peak memory)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "daily"
        cmd = [sys.executable, "-m", "spacebowl_print", "hubble", "daily", "--days", days,
               "-q", "-o", str(out)]
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True)
        wall = time.perf_counter() - t0
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        pdf = (out / "booklet.pdf").stat().st_size
        manifest = (out / "manifest.json").stat().st_size
        pages = len(re.findall(rb"/Type\s*/Page[^s]", (out / "booklet.pdf").read_bytes()))
    print(f"hubble daily, {days} days ({STANDARD_COLS}×{STANDARD_ROWS} pad): {wall:.1f} s "
          f"wall, peak memory {peak_kib / 1024:.0f} MiB, booklet.pdf {pdf / 1e6:.2f} MB"
          + f" ({pages} pages)"
          + f", manifest.json {manifest / 1e6:.2f} MB")


def par_times(sample: int) -> None:
    """The par solver alone on the first ``sample`` days (default seed)."""
    cset = load_constellation_set()
    times, pars = [], []
    for ch in daily_challenges(1, START, sample, cset.names):
        t0 = time.perf_counter()
        result = solve_par(ch, cset.pick(ch.constellations))
        times.append(time.perf_counter() - t0)
        pars.append(result.score.total)
    print(f"  par solver, {sample} challenges: mean {statistics.mean(times):.2f} s, median "
          f"{statistics.median(times):.2f} s, slowest {max(times):.2f} s a challenge; pars "
          f"{min(pars)}–{max(pars)}, mean {statistics.mean(pars):.1f}")


def main() -> None:
    days = sys.argv[1] if len(sys.argv) > 1 else "365"
    sample = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    whole_booklet(days)
    par_times(sample)


if __name__ == "__main__":
    main()
