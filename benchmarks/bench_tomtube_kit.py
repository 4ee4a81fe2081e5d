"""Tom Tube's print outputs as a user makes them, each beside a baseline measured in the same
run: ``spacebowl tomtube kit`` on each paper and ``spacebowl tomtube puzzles`` (CPU and wall
seconds of the whole command, output sizes), this checkout against a baseline revision;
then the booklet split into its steps (making the puzzles, proving them, rendering), again
in both, with the answer lengths and tiers.

Run ``python benchmarks/bench_tomtube_kit.py [--count 100] [--seed 1] [--papers a4,a3]
[--runs 3] [--baseline REV]``. The baseline revision (default: where this branch left
``main``) is exported with ``git archive``; runs alternate between the two. Quote medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from _baseline import baseline_tree, command, env_for

ROOT = Path(__file__).resolve().parents[1]

STEPS_CHILD = """
import json, sys, time
from collections import Counter
from spacebowl_print.games.tomtube.puzzles.booklet import (
    BookletRequest, TomTubeBookletGame, make_puzzles, page_fns)
from spacebowl_print.games.tomtube.solve.puzzles import shipped_tiles, verify_entry
from spacebowl_print.publish import booklet as pub
tiles = shipped_tiles()
req = BookletRequest(int(sys.argv[1]), int(sys.argv[2]))
t0 = time.process_time()
puzzles, generated = make_puzzles(tiles, req)
t1 = time.process_time()
bad = sum(verify_entry(p.manifest_entry(), tiles) is not None for p in puzzles)
t2 = time.process_time()
layout = pub.home_layout(req.paper, "none")
pages = pub.compose(layout, page_fns(TomTubeBookletGame(tiles, req.lang), layout, req, puzzles))
pdf = pub.render_pages(layout, pages, "bench")
t3 = time.process_time()
print(json.dumps({"make": t1 - t0, "prove": t2 - t1, "render": t3 - t2, "bad": bad,
                  "pages": len(pages), "lengths": dict(Counter(p.moves for p in puzzles)),
                  "tiers": dict(Counter(p.tier for p in puzzles))}))
"""


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def spread(xs: list[float]) -> str:
    return f"min {min(xs):6.2f} median {statistics.median(xs):6.2f}"


def compare(label: str, runs: int, new: Path, base: Path, args: list[str], tmp: Path) -> None:
    """Time ``spacebowl ARGS -o FOLDER`` in both trees, alternating."""
    got: dict[str, list[tuple[float, float]]] = {"new": [], "base": []}
    sizes = {}
    for r in range(runs):
        for which, src in (("new", new), ("base", base)):
            out = tmp / f"{which}-{label}-{r}"
            got[which].append(command(src, [*args, "-o", str(out)]))
            sizes[which] = size(out)
    print(f"{label}:")
    for which in ("new", "base"):
        cpu = [c for c, _ in got[which]]
        wall = [w for _, w in got[which]]
        print(f"  {which:4s} CPU-s {spread(cpu)}   wall-s {spread(wall)}   output "
              f"{sizes[which] / 1e6:.2f} MB")
    ratio = (statistics.median(c for c, _ in got["base"])
             / statistics.median(c for c, _ in got["new"]))
    print(f"  ratio baseline/new (CPU medians): {ratio:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--papers", default="a4,a3")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", default=None)
    args = ap.parse_args()
    with baseline_tree(args.baseline) as (tmp, base):
        for paper in args.papers.split(","):
            compare(f"kit --paper {paper}", args.runs, ROOT, base,
                    ["tomtube", "kit", "--paper", paper, "-q", "--seed", str(args.seed)], tmp)
        compare(f"puzzles --count {args.count}", args.runs, ROOT, base,
                ["tomtube", "puzzles", "--count", str(args.count), "-q",
                 "--seed", str(args.seed)], tmp)
        print(f"booklet of {args.count} puzzles step by step, CPU-s:")
        for which, src in (("new", ROOT), ("base", base)):
            out = subprocess.run([sys.executable, "-c", STEPS_CHILD, str(args.count),
                                  str(args.seed)], check=True, env=env_for(src), cwd=src,
                                 capture_output=True, text=True).stdout
            d = json.loads(out.strip().splitlines()[-1])
            print(f"  {which:4s} make {d['make']:.1f} (with decoys), prove {d['prove']:.1f}, "
                  f"render {d['render']:.1f}; {d['pages']} pages, {d['bad']} wrong; "
                  f"lengths {dict(sorted(d['lengths'].items()))}, "
                  f"tiers {dict(sorted(d['tiers'].items()))}")


if __name__ == "__main__":
    main()
