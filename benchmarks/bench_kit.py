"""Time ``cards.pdf`` alone for the 56-card classic deck: layout, imposition and PDF rendering.

Run ``python benchmarks/bench_kit.py [--paper a4|letter] [--repeat N] [--ink-saver] [--fold]``;
prints the best and median wall time over N runs and the file size. Target: well under 0.5 s.
"""

from __future__ import annotations

import argparse
import statistics
import time

from spacebowl_print.cli.common import load_deck
from spacebowl_print.publish.sheets import impose
from spacebowl_print.render.api import PAPER, PdfOptions
from spacebowl_print.render.components.cards import CardBack, card_items
from spacebowl_print.render.fonts import register_fonts
from spacebowl_print.render.pdf import pdf_bytes


def cards_pdf(paper: str, ink_saver: bool, fold: bool, seed: int) -> bytes:
    """Everything ``cards.pdf`` needs, from a loaded deck to the PDF bytes."""
    deck = load_deck(None)
    fronts = card_items(deck, seed=seed, ink_saver=ink_saver)
    imp = impose(fronts, CardBack(deck, ink_saver=ink_saver), paper=PAPER[paper], bleed=3.0,
                 fold=fold, title="bench")
    return pdf_bytes(imp.pages, PdfOptions(title="bench", duplex=imp.duplex,
                                           bookmarks=tuple(imp.bookmarks)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--paper", default="a4", choices=sorted(PAPER))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--ink-saver", action="store_true")
    ap.add_argument("--fold", action="store_true")
    args = ap.parse_args()
    register_fonts()  # one-off process start-up cost, not per document
    times: list[float] = []
    size = 0
    for k in range(args.repeat):
        t0 = time.perf_counter()
        data = cards_pdf(args.paper, args.ink_saver, args.fold, seed=k + 1)
        times.append(time.perf_counter() - t0)
        size = len(data)
    print(f"cards.pdf, 56 cards, {args.paper}{' ink-saver' if args.ink_saver else ''}"
          f"{' fold' if args.fold else ''}: best {min(times):.3f} s, "
          f"median {statistics.median(times):.3f} s over {args.repeat} runs; "
          f"{size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
