"""A 365-day booklet end to end, as a user runs it: wall time, peak memory, PDF size.

Run: ``python benchmarks/bench_booklet.py [DAYS]`` (prints figures; nothing is asserted).
Targets from the booklet issue: ≤ 20 s, ≤ 400 MiB, ≤ 15 MB.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    days = sys.argv[1] if len(sys.argv) > 1 else "365"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "booklet"
        cmd = [sys.executable, "-m", "spacebowl_print", "booklet", "--days", days, "-q",
               "-o", str(out)]
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True)
        wall = time.perf_counter() - t0
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        pdf = (out / "booklet.pdf").stat().st_size
        manifest = (out / "manifest.json").stat().st_size
    print(f"booklet, {days} days: {wall:.1f} s wall, peak memory {peak_kib / 1024:.0f} MiB, "
          f"booklet.pdf {pdf / 1e6:.2f} MB, manifest.json {manifest / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
