"""Time ``cards.pdf`` alone for the 56-card classic deck (in process, and as a whole process
from interpreter start), and the whole ``spacebowl kit`` command: wall time and size.

Run ``python benchmarks/bench_kit.py [--paper a4|letter] [--repeat N] [--ink-saver] [--fold]``.
Targets: whole kit ≤ 3 s and ≤ 3 MB; 56-card sheets in at most half the time protograf 0.5.2
needs for 56 plain cards. Set ``PROTOGRAF_PYTHON`` to an interpreter that has protograf 0.5.2
installed to time it here on the same machine (it is not a dependency of this project).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from spacebowl_print.games.spacebowl.art.cardback import CardBack
from spacebowl_print.games.spacebowl.art.cards import card_items
from spacebowl_print.games.spacebowl.cli.common import load_deck
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.publish.sheets import impose
from spacebowl_print.render.api import PAPER, PdfOptions
from spacebowl_print.render.fonts import register_fonts
from spacebowl_print.render.pdf import pdf_bytes


def cards_pdf(paper: str, ink_saver: bool, fold: bool, seed: int) -> bytes:
    """Everything ``cards.pdf`` needs, from a loaded deck to the PDF bytes."""
    deck = load_deck(None)
    ctx = RenderContext(ink_saver=ink_saver)
    fronts = card_items(deck, seed=seed, ctx=ctx)
    imp = impose(fronts, CardBack(deck, ctx=ctx), paper=PAPER[paper], bleed=3.0,
                 fold=fold, title="bench")
    return pdf_bytes(imp.pages, PdfOptions(title="bench", duplex=imp.duplex,
                                           bookmarks=tuple(imp.bookmarks)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--paper", default="a4", choices=sorted(PAPER))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--ink-saver", action="store_true")
    ap.add_argument("--fold", action="store_true")
    ap.add_argument("--once", metavar="PDF", help=argparse.SUPPRESS)  # one process, one file
    args = ap.parse_args()
    if args.once:
        Path(args.once).write_bytes(cards_pdf(args.paper, args.ink_saver, args.fold, seed=1))
        return
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
    whole_process(args.repeat)


def _best_wall(cmd: list[str], repeat: int, cwd: str | None = None) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, cwd=cwd, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t0)
    return best


def whole_process(repeat: int) -> None:
    """Times that include interpreter start-up and imports, as a user experiences them."""
    with tempfile.TemporaryDirectory() as tmp:
        pdf = os.path.join(tmp, "cards.pdf")
        t = _best_wall([sys.executable, __file__, "--once", pdf], repeat)
        print(f"cards.pdf as a whole process (start-up included): best {t:.2f} s")
        out = Path(tmp) / "kit"
        t = _best_wall([sys.executable, "-m", "spacebowl_print", "kit", "-q", "-o", str(out)],
                       repeat)
        size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
        print(f"spacebowl kit (en, fr, de; a4): best {t:.2f} s; kit.pdf "
              f"{(out / 'kit.pdf').stat().st_size / 1e6:.2f} MB, folder {size / 1e6:.2f} MB "
              f"in {sum(1 for f in out.rglob('*') if f.is_file())} files")
        other = os.environ.get("PROTOGRAF_PYTHON")
        if other:
            script = Path(tmp) / "deck56.py"
            script.write_text('from protograf import *\nCreate(filename="deck56.pdf", '
                              'margin=0.5)\nDeck(cards=56, card_size="poker", grid_marks=True)'
                              '\nSave()\n')
            t = _best_wall([other, str(script)], repeat, cwd=tmp)
            print(f"protograf 0.5.2, 56 plain poker cards, whole process: best {t:.2f} s")


if __name__ == "__main__":
    main()
