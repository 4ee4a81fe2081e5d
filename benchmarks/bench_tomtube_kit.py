"""Time Tom Tube's print outputs and report their sizes: the kit (``spacebowl tomtube kit``)
on each paper, and a puzzle booklet split into its steps (generation, decoy counts,
independent proofs, rendering), with the distribution of answer lengths and tiers.

Run ``python benchmarks/bench_tomtube_kit.py [--count 100] [--seed 1] [--papers a4,a3]``.
Everything runs in this one process, one step at a time (the machine may be shared).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

from spacebowl_print.games.tomtube.kit import KitOptions, build_tomtube_kit
from spacebowl_print.games.tomtube.puzzles.booklet import (
    BookletRequest,
    TomTubeBookletGame,
    make_puzzles,
    page_fns,
)
from spacebowl_print.games.tomtube.solve.puzzles import shipped_tiles, verify_entry
from spacebowl_print.publish import booklet as pub


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def bench_kit(papers: list[str], seed: int) -> None:
    tiles = shipped_tiles()
    for paper in papers:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "kit"
            t0 = time.perf_counter()
            result = build_tomtube_kit(tiles, out, KitOptions(paper=paper, seed=seed))
            took = time.perf_counter() - t0
            print(f"kit {paper:6s} {took:5.1f} s  kit.pdf {result.kit_pages} pages, "
                  f"{(out / 'kit.pdf').stat().st_size / 1e3:.0f} kB; folder "
                  f"{len(result.files)} files, {_size(out) / 1e6:.2f} MB; "
                  f"{result.cards} tiles on {result.sheets} sheets")


def bench_booklet(count: int, seed: int) -> None:
    tiles = shipped_tiles()
    req = BookletRequest(count, seed)
    t0 = time.perf_counter()
    puzzles, generated = make_puzzles(tiles, req)
    t1 = time.perf_counter()
    for p in puzzles:
        assert verify_entry(p.manifest_entry(), tiles) is None
    t2 = time.perf_counter()
    layout = pub.home_layout(req.paper, "none")
    pages = pub.compose(layout, page_fns(TomTubeBookletGame(tiles, req.lang), layout, req,
                                         puzzles))
    pdf = pub.render_pages(layout, pages, "bench")
    t3 = time.perf_counter()
    print(f"booklet {count} puzzles: generate + decoys {t1 - t0:.1f} s "
          f"({generated['candidates']} candidates on {generated['boards']} boards), "
          f"prove {t2 - t1:.1f} s, render {t3 - t2:.1f} s ({len(pages)} pages, "
          f"{len(pdf) / 1e6:.2f} MB); total {t3 - t0:.1f} s")
    print("answer lengths:", dict(sorted(Counter(p.moves for p in puzzles).items())))
    print("tiers:", dict(sorted(Counter(p.tier for p in puzzles).items())))
    decoys = sorted(p.decoys for p in puzzles)
    print(f"tempting first moves: min {decoys[0]}, median {decoys[len(decoys) // 2]}, "
          f"max {decoys[-1]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--papers", default="a4,a3")
    args = ap.parse_args()
    bench_kit(args.papers.split(","), args.seed)
    bench_booklet(args.count, args.seed)


if __name__ == "__main__":
    main()
