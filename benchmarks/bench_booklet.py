"""A 365-day booklet end to end, as a user runs it: wall time, peak memory, PDF size; then
the puzzles alone, in process, with how the galaxy builder made them.

Run: ``python benchmarks/bench_booklet.py [DAYS]`` (prints figures; nothing is asserted).
Targets from the booklet issue: ≤ 20 s, ≤ 400 MiB, ≤ 15 MB.
"""

from __future__ import annotations

import datetime as dt
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.games.spacebowl.puzzles.generate import Generator
from spacebowl_print.publish.schedule import daily_slots


def whole_booklet(days: str) -> None:
    """The command as a user runs it, in a child process (its own peak memory)."""
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


def puzzles_alone(days: int) -> None:
    """The daily puzzles of the booklet (default seed and start), built in process."""
    deck = parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")
    start = dt.date(2027, 1, 1)
    slots = daily_slots(start, days, (1, 5))
    gen = Generator(deck, 1)
    t0 = time.perf_counter()
    gen.make_all(slots)
    wall = time.perf_counter() - t0
    print(f"  puzzles alone: {wall:.1f} s ({gen.stats['sample']} galaxies from pooled deals, "
          f"{gen.stats['cpsat']} by CP-SAT, {gen.stats['replanned']} tosses re-planned: "
          f"impossible or a repeat)")


def main() -> None:
    if len(sys.argv) > 1 and not sys.argv[1].isdigit():
        print(__doc__)
        return
    days = sys.argv[1] if len(sys.argv) > 1 else "365"
    whole_booklet(days)
    puzzles_alone(int(days))


if __name__ == "__main__":
    main()
