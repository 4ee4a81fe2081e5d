"""The pictures of ``kit --png --tts`` (publish/raster.py), timed in CPU seconds beside the
kit's own card sheets measured in the same run, with the choices the module made:

* rasterising the cards' PDF with pdfium (the chosen path) against the other candidate, our
  SVG through svglib and reportlab's renderPM, when that is installed (``rlPyCairo`` and
  ``pycairo``; not a dependency of this project): CPU seconds for every face and back of the
  classic deck at 300 dpi, and how far its pixels stray from pdfium's;
* the PNG encoder: this project's (rows unfiltered, zlib level 3) against Pillow's at its
  levels 1 and 6, same pictures: CPU seconds and bytes;
* the whole pictures step at 300 dpi: PNGs only, TTS sheets only, both.

Run ``python benchmarks/bench_raster.py [--dpi 300] [--repeat 3]``. Each figure is the min and
median of the runs; ratios are against ``cards.pdf`` (the kit's card sheets) timed in the same
run. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable

import numpy as np
from PIL import Image

from spacebowl_print.games.spacebowl.art.cardback import CardBack
from spacebowl_print.games.spacebowl.art.cards import card_items
from spacebowl_print.games.spacebowl.cli.common import load_deck
from spacebowl_print.publish import raster
from spacebowl_print.publish.items import CARDS, Item
from spacebowl_print.publish.sheets import impose
from spacebowl_print.render.api import PAPER, PdfOptions
from spacebowl_print.render.fonts import register_fonts
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.svg import svg_bytes

BLEED = 3.0


def cpu(fn: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    """(min, median) CPU seconds of ``fn`` over ``repeat`` runs, and its last result."""
    times, out = [], None
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn()
        times.append(time.process_time() - t0)
    return min(times), statistics.median(times), out


def line(what: str, t: tuple[float, float, object], base: float, extra: str = "") -> None:
    print(f"  {what:<44} min {t[0]:6.2f} s  median {t[1]:6.2f} s  "
          f"{t[1] / base:5.2f}× cards.pdf{extra}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dpi", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    register_fonts()
    deck = load_deck(None)
    fronts: list[Item] = list(card_items(deck))
    back = CardBack(deck)
    items = [*fronts, back]

    def sheets() -> bytes:  # fresh items: their layouts are not cached from an earlier run
        fresh = card_items(deck)
        imp = impose(fresh, CardBack(deck), paper=PAPER["a4"], bleed=BLEED, title="bench")
        return pdf_bytes(imp.pages, PdfOptions(duplex=imp.duplex))

    base_t = cpu(sheets, args.repeat)
    base = base_t[1]
    print(f"classic deck, {len(fronts)} cards + back, {args.dpi} dpi, {args.repeat} runs "
          "(CPU seconds)")
    line("cards.pdf (the baseline)", base_t, base)

    # -- rasterisers ------------------------------------------------------------------------
    def pdfium() -> list[Image.Image]:
        r = raster._Renderer(items)
        try:
            return [r.render(it, raster._Shot((raster.px(it.width - 2 * BLEED, args.dpi),
                                               raster.px(it.height - 2 * BLEED, args.dpi)),
                                              raster.px(BLEED, args.dpi))) for it in items]
        finally:
            r.close()

    ours = cpu(pdfium, args.repeat)
    line("pdfium: every face and back rendered", ours, base)
    try:
        from reportlab.graphics import renderPM
        from svglib.svglib import svg2rlg

        def render_pm() -> list[Image.Image]:
            out = []
            for it in items:
                drawing = svg2rlg(io.BytesIO(svg_bytes(it, (0, 0, it.width, it.height))))
                out.append(renderPM.drawToPIL(drawing, dpi=args.dpi))
            return out

        theirs = cpu(render_pm, 1)
        a = np.asarray(ours[2][0]).astype(int)  # type: ignore[index]
        b = np.asarray(theirs[2][0].resize(ours[2][0].size)).astype(int)  # type: ignore[index]
        line("svglib + renderPM: the same (1 run)", theirs, base,
             f"; {theirs[1] / ours[1]:.0f}× pdfium; mean |Δ| {np.abs(a - b).mean():.1f}/255")
    except Exception as err:  # not installed: say so, the rest still runs
        print(f"  svglib + renderPM: not measured ({type(err).__name__}: "
              f"{str(err).splitlines()[0][:60]})")

    # -- PNG encoders ------------------------------------------------------------------------
    pictures: list[Image.Image] = ours[2]  # type: ignore[assignment]
    mine = cpu(lambda: sum(len(raster.png_bytes(p, args.dpi)) for p in pictures), args.repeat)
    line(f"PNG, ours (unfiltered, zlib {raster.PNG_LEVEL})", mine, base,
         f"; {mine[2] / 2**20:.1f} MB")
    for level in (1, 6):
        def pillow(level: int = level) -> int:
            total = 0
            for p in pictures:
                buf = io.BytesIO()
                p.save(buf, "PNG", compress_level=level)
                total += buf.tell()
            return total

        t = cpu(pillow, args.repeat)
        line(f"PNG, Pillow level {level}", t, base, f"; {t[2] / 2**20:.1f} MB; "  # type: ignore[operator]
             f"{t[1] / mine[1]:.1f}× ours")

    # -- the whole step -----------------------------------------------------------------------
    for what, kw in (("--png", {"png_dpi": args.dpi}), ("--tts", {"tts": True}),
                     ("--png --tts", {"png_dpi": args.dpi, "tts": True})):
        t = cpu(lambda kw=kw: raster.raster_files(fronts, back, BLEED, CARDS, **kw),  # type: ignore[misc]
                args.repeat)
        size = sum(len(v) for v in t[2].values())  # type: ignore[attr-defined]
        line(f"raster_files {what}", t, base, f"; {len(t[2])} files, "  # type: ignore[arg-type]
             f"{size / 2**20:.1f} MB")


if __name__ == "__main__":
    main()
