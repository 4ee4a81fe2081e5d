"""Daily web sites as a user makes them, each game beside a baseline revision measured in the
same run: the whole ``spacebowl [GAME] web --days N`` command's CPU seconds (the child and its
workers), its peak memory (max RSS), and the day pages' sizes (min, median, max).

``python benchmarks/bench_site.py [--days 7] [--games spacebowl,hubble,tomtube] [--runs 1]
[--baseline REV]``. The baseline revision (default: where this branch left ``main``) is
exported with ``git archive``; runs alternate between the two trees.

A site's cost is the puzzles (made and proved, as for a booklet of the same days) plus the
pages. Hubble's puzzles carry a par solved for every day (about half a CPU-second a day):
measure its site with a small ``--days``. Peak memory that stays the same from 7 to 365 days
is what writing the site page by page buys.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _baseline import baseline_tree

ROOT = Path(__file__).resolve().parents[1]
PREFIX = {"spacebowl": [], "hubble": ["hubble"], "tomtube": ["tomtube"]}

def run(src: Path, args: list[str]) -> tuple[float, float, int]:
    """``spacebowl ARGS`` from the tree ``src`` in a child: (CPU s, wall s, peak RSS bytes)."""
    env = dict(os.environ, PYTHONPATH=str(src), SOURCE_DATE_EPOCH="1700000000")
    code = ("import resource, runpy, sys; sys.argv = ['spacebowl', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('spacebowl_print', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], check=True, env=env, cwd=src,
                          capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rss = max(int(line.split()[1]) for line in done.stdout.splitlines()
              if line.startswith("RSS "))
    return cpu, wall, rss * 1024


def pages(folder: Path) -> list[int]:
    return sorted(p.stat().st_size for p in folder.glob("2*.html"))


def compare(game: str, days: int, runs: int, new: Path, base: Path, tmp: Path) -> None:
    """Time one game's site in both trees, alternating; print medians and page sizes."""
    got: dict[str, list[tuple[float, float, int]]] = {"new": [], "base": []}
    sizes: dict[str, list[int]] = {}
    for r in range(runs):
        for which, src in (("new", new), ("base", base)):
            out = tmp / f"{which}-{game}-{r}"
            got[which].append(run(src, [*PREFIX[game], "web", "--days", str(days), "-q",
                                        "-o", str(out)]))
            sizes[which] = pages(out)
    print(f"{game} web --days {days}:")
    for which in ("new", "base"):
        cpu = statistics.median(c for c, _, _ in got[which])
        wall = statistics.median(w for _, w, _ in got[which])
        rss = max(m for _, _, m in got[which])
        s = sizes[which]
        print(f"  {which:4s} CPU-s {cpu:7.2f}   wall-s {wall:7.2f}   peak RSS "
              f"{rss / 2**20:6.0f} MB   pages {len(s)}: min {s[0] / 1024:6.0f} KB, median "
              f"{statistics.median(s) / 1024:6.0f} KB, max {s[-1] / 1024:6.0f} KB, total "
              f"{sum(s) / 1e6:6.1f} MB")
    ratio = (statistics.median(c for c, _, _ in got["base"])
             / statistics.median(c for c, _, _ in got["new"]))
    print(f"  ratio baseline/new (CPU medians): {ratio:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--games", default="spacebowl,hubble,tomtube")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--baseline", default=None)
    args = ap.parse_args()
    with baseline_tree(args.baseline) as (tmp, base):
        for game in args.games.split(","):
            compare(game, args.days, args.runs, ROOT, base, tmp)


if __name__ == "__main__":
    main()
