"""The pages of puzzle booklets, print-on-demand books and classroom sets for any game:
layouts, frames with mirrored margins, title pages, puzzle pages, answer keys, saddle-stitch
imposition, and writing a sealed folder.

This module knows no game rules: a game's puzzles are
:class:`~spacebowl_print.publish.kinds.PuzzleItem` objects that draw themselves. Pages are
*page functions*: given the page's :class:`~spacebowl_print.publish.layout.Frame` (its size,
boxes and the content area inside mirrored margins) and its folio, they return a painter.
:func:`compose` counts them, rounds the count as the binding needs, and only then lays out
every page: the gutter depends on the final page count. The flows that use these pages are
:mod:`~spacebowl_print.publish.book`, :mod:`~spacebowl_print.publish.classroom`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from spacebowl_print.core.folders import MARKER, marker_json, write_folder
from spacebowl_print.publish import pod
from spacebowl_print.publish.kinds import PuzzleItem
from spacebowl_print.publish.layout import Frame, Layout, final_pages
from spacebowl_print.publish.manifest import seal_subject, sealed
from spacebowl_print.render.api import (
    BoxedPage,
    Canvas,
    DrawnPage,
    Page,
    Painter,
    PdfOptions,
    Style,
)
from spacebowl_print.render.fonts import fit_size, text_width, wrap
from spacebowl_print.render.greyscale import greyscale
from spacebowl_print.render.pdf import pdf_bytes

INK = "#1A1A2E"
MUTED = "#5A5A6E"
RULE = "#B8B8C8"
FOLIO_SIZE = 8.0

PageFn = Callable[[Frame, int], Painter]
"""A page to be: given its frame and folio (page number), the painter of the whole page."""


# --------------------------------------------------------------------------- layout


def blank(frame: Frame, folio: int) -> Painter:
    """An empty page (padding for the binding)."""
    return lambda canvas: None


def compose(layout: Layout, fns: Sequence[PageFn], pad: PageFn = blank) -> list[Page]:
    """The pages, each laid out in its frame, followed by as many ``pad`` pages (blank by
    default; a book's are pages for notes) as the binding needs: at the end, so that no
    part (the answer key above all) has a gap inside it."""
    final = final_pages(len(fns), layout.binding)
    fns = [*fns, *([pad] * (final - len(fns)))]
    pages: list[Page] = []
    for k, fn in enumerate(fns):
        def page_for(f: Frame, fn: PageFn = fn, folio: int = k + 1) -> Page:
            return DrawnPage(f.width, f.height, fn(f, folio))
        pages.append(pod.framed(page_for, layout.trim, k + 1, final, layout.bleed,
                                layout.margin))
    return pages


def saddle_order(pages: int) -> list[tuple[int, int]]:
    """Reading-page numbers (1-based) on each printed side, in print order, for a
    saddle-stitched booklet of ``pages`` (a multiple of 4): ``[(left, right), …]`` with the
    front and back of sheet 1 first. For 8 pages: (8,1) (2,7) (6,3) (4,5)."""
    if pages <= 0 or pages % 4:
        raise ValueError(f"a saddle-stitched booklet has a multiple of 4 pages, not {pages}")
    sides = []
    for sheet in range(pages // 4):
        lo, hi = 2 * sheet + 1, pages - 2 * sheet
        sides.append((hi, lo))  # outside of the sheet
        sides.append((lo + 1, hi - 1))  # inside
    return sides


def impose_saddle(pages: list[Page], sheet: tuple[float, float]) -> list[Page]:
    """Two reading pages side by side on landscape ``sheet`` (w > h) in saddle-stitch order;
    ``pages`` must already be a multiple of 4 long. Print duplex, flipping on the short edge."""
    sw, sh = sheet
    out: list[Page] = []
    for left, right in saddle_order(len(pages)):
        pair = (pages[left - 1], pages[right - 1])

        def paint(canvas: Canvas, pair: tuple[Page, Page] = pair) -> None:
            for half, page in enumerate(pair):
                canvas.save()
                # centre each page in its half of the sheet
                canvas.translate(half * sw / 2 + (sw / 2 - page.width) / 2,
                                 (sh - page.height) / 2)
                page.draw(canvas)
                canvas.restore()
            canvas.line(sw / 2, sh - 4, sw / 2, sh, Style(stroke=RULE, width=0.2))
            canvas.line(sw / 2, 0, sw / 2, 4, Style(stroke=RULE, width=0.2))

        out.append(DrawnPage(sw, sh, paint))
    return out


def render_pages(layout: Layout, pages: list[Page], pdf_title: str, subject: str = "",
                 author: str = "", duplex: str | None = None) -> bytes:
    """Impose on the layout's sheet (saddle stitch) if it has one, and render to PDF bytes;
    ``subject`` goes into the PDF's metadata (booklets put their manifest seal there),
    ``author`` too (default: the tool); ``duplex`` asks the printer for two-sided printing
    (``"DuplexFlipLongEdge"``; saddle stitching always flips on the short edge)."""
    if layout.sheet is not None:
        pages = impose_saddle(pages, layout.sheet)
        duplex = "DuplexFlipShortEdge"
    return pdf_bytes(pages, PdfOptions(title=pdf_title, subject=subject, duplex=duplex,
                                       author=author or "spacebowl_print"))


def in_grey(pages: list[Page], grey: bool) -> list[Page]:
    """``pages`` drawn as the greys a photocopier makes of their colours (``grey``), keeping
    each page's trim and bleed boxes; as they are otherwise."""
    if not grey:
        return pages
    out: list[Page] = []
    for page in pages:
        drawn = DrawnPage(page.width, page.height, greyscale(page.draw))
        out.append(BoxedPage(drawn, page.trim, page.bleed) if isinstance(page, BoxedPage)
                   else drawn)
    return out


# --------------------------------------------------------------------------- page functions


def _stars(tier: int) -> str:
    return "★" * tier + "☆" * (5 - tier)


def _pill(canvas: Canvas, x: float, y: float, label: str, size: float) -> float:
    """A rounded badge with its left end at x, baseline area at y; returns its width."""
    w = text_width(label, size, "bold") + 4
    canvas.rect(x, y - 1.2, w, size * 0.55, Style(fill="#ECECF4", stroke=MUTED, width=0.2),
                radius=1.4)
    canvas.text(x + 2, y, label, size, "bold", MUTED)
    return w


def folio_text(canvas: Canvas, f: Frame, folio: int) -> None:
    """The page number, centred under the content area."""
    x, y, w, _ = f.content
    canvas.text(x + w / 2, y - 5.5, str(folio), FOLIO_SIZE, "regular", MUTED, "middle")


def title_page(title: str, subtitle: str, lines: Sequence[str], author: str = "") -> PageFn:
    """A plain title page: title (wrapped on up to three lines), subtitle, the ``author``
    line (already worded, e.g. "by …") and a few lines of detail (already translated)."""

    def page(f: Frame, folio: int) -> Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            ts = max(14.0, fit_size(title, w, 26, "bold"))
            top = y + h * 0.7
            for line in wrap(title, w, ts, "bold")[:3]:
                canvas.text(x + w / 2, top, line, ts, "bold", INK, "middle")
                top -= ts * 0.45
            top -= 12 - ts * 0.45
            for line in wrap(subtitle, w, 12):
                canvas.text(x + w / 2, top, line, 12, "regular", MUTED, "middle")
                top -= 6
            if author:
                top -= 3
                for line in wrap(author, w, 12, "bold"):
                    canvas.text(x + w / 2, top, line, 12, "bold", INK, "middle")
                    top -= 6
            canvas.line(x + w * 0.2, top - 2, x + w * 0.8, top - 2, Style(stroke=RULE, width=0.4))
            top -= 10
            for line in lines:
                for part in wrap(line, w, 9):
                    canvas.text(x + w / 2, top, part, 9, "regular", INK, "middle")
                    top -= 5

        return paint

    return page


def text_pages(painters: Sequence[Painter]) -> list[PageFn]:
    """Pages from column painters (see :func:`render.flow.column_painters`), each drawn in
    its frame's content area, with folios."""

    def page_fn(painter: Painter) -> PageFn:
        def page(f: Frame, folio: int) -> Painter:
            def paint(canvas: Canvas) -> None:
                canvas.save()
                canvas.translate(f.content[0], f.content[1])
                painter(canvas)
                canvas.restore()
                folio_text(canvas, f, folio)
            return paint
        return page

    return [page_fn(p) for p in painters]


def puzzle_block(canvas: Canvas, item: PuzzleItem, heading: str, words: Mapping[str, str],
                 box: tuple[float, float, float, float]) -> None:
    """One puzzle in the box (x, y, w, h): heading, tier stars and badges over a rule, then
    the game's drawing."""
    x, y, w, h = box
    top = y + h
    hs = fit_size(heading, w - 30, 13, "bold")
    canvas.text(x, top - 5, heading, hs, "bold", INK)
    canvas.text(x + w, top - 5, _stars(item.tier), 12, "regular", INK, "end")
    canvas.text(x + w, top - 9.5, f"{words['tier']} {item.tier}", 7, "regular", MUTED, "end")
    bx = x
    for badge in item.badges:
        bx += _pill(canvas, bx, top - 12, badge, 7) + 2
    canvas.line(x, top - 15, x + w, top - 15, Style(stroke=RULE, width=0.3))
    item.draw_puzzle(canvas, x, y, w, h - 18)


def name_line(canvas: Canvas, x: float, top: float, w: float, labels: Sequence[str]) -> float:
    """Ruled fields such as "Name ______  Date ______" across the width; returns the y under
    them."""
    slot = w / max(1, len(labels))
    for k, label in enumerate(labels):
        lx = x + k * slot
        canvas.text(lx, top - 5, label, 9, "bold", INK)
        start = lx + text_width(label, 9, "bold") + 2
        canvas.line(start, top - 5.5, lx + slot - 4, top - 5.5, Style(stroke=MUTED, width=0.3))
    return top - 9


def puzzle_page(items: Sequence[tuple[PuzzleItem, str]], words: Mapping[str, str],
                fields: Sequence[str] = ()) -> PageFn:
    """A page of one or more puzzles stacked (each ``(item, heading)``), under optional
    ruled ``fields`` (a worksheet's name and date), with the folio."""

    def page(f: Frame, folio: int) -> Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            top = y + h
            if fields:
                top = name_line(canvas, x, top, w, fields) - 2
            gap = 6.0
            each = (top - y - gap * (len(items) - 1)) / len(items)
            for k, (item, heading) in enumerate(items):
                by = top - (k + 1) * each - k * gap
                puzzle_block(canvas, item, heading, words, (x, by, w, each))
                if k + 1 < len(items):
                    canvas.line(x, by - gap / 2, x + w, by - gap / 2,
                                Style(stroke=RULE, width=0.3, dash=(1.5, 1.5)))
            folio_text(canvas, f, folio)

        return paint

    return page


def answer_pages(items: Sequence[PuzzleItem], label: Callable[[PuzzleItem, int], str],
                 words: Mapping[str, str], per_page: tuple[int, int] = (2, 3)
                 ) -> list[PageFn]:
    """The answer key: ``per_page`` (columns, rows) answers a page, each boxed and labelled
    (the kind's ``answers_per_page`` picks a count that keeps them readable on a trim)."""
    cols, rows = per_page
    per = cols * rows
    out: list[PageFn] = []
    for start in range(0, len(items), per):
        chunk = list(enumerate(items[start : start + per], start=start))

        def page(f: Frame, folio: int, chunk: list[tuple[int, PuzzleItem]] = chunk) -> Painter:
            x0, y0, w, h = f.content

            def paint(canvas: Canvas) -> None:
                canvas.text(x0, y0 + h - 5, words["answers"], 13, "bold", INK)
                canvas.line(x0, y0 + h - 8, x0 + w, y0 + h - 8, Style(stroke=RULE, width=0.3))
                top = y0 + h - 11
                bw = (w - (cols - 1) * 4) / cols
                bh = (top - y0 - (rows - 1) * 4) / rows
                for k, (index, item) in enumerate(chunk):
                    c, r = k % cols, k // cols
                    x = x0 + c * (bw + 4)
                    y = top - (r + 1) * bh - r * 4
                    canvas.rect(x, y, bw, bh, Style(stroke=RULE, width=0.3), radius=1.5)
                    canvas.text(x + 2, y + bh - 4.5, label(item, index), 7.5, "bold", INK)
                    item.draw_answer(canvas, x + 2, y + 2, bw - 4, bh - 8)
                folio_text(canvas, f, folio)

            return paint

        out.append(page)
    return out


# --------------------------------------------------------------------------- writing


def write_sealed(out_dir: Path, data: Mapping[str, Any],
                 documents: Mapping[str, Callable[[str], bytes]], kind: str | None = None,
                 force: bool = False) -> list[Path]:
    """Render every document (``name → render(subject)``) sealed with the manifest ``data``
    (:func:`publish.manifest.seal_subject`), record their hashes and sizes in the manifest's
    ``files`` and seal it all (:func:`publish.manifest.sealed`), and write them with
    ``manifest.json`` into ``out_dir``, all or nothing; ``kind`` (the game and the command)
    and ``force`` as :func:`core.folders.write_folder` takes them. The folder's record of what
    wrote it (:data:`core.folders.MARKER`) is made here, so that the seal covers it too: every
    file of the folder is then proved by ``spacebowl check``."""
    subject = seal_subject(data)
    rendered = {name: render(subject) for name, render in documents.items()}
    if kind is not None:
        names = [*rendered, "manifest.json"]
        rendered[MARKER] = marker_json(kind, names).encode("utf-8")
    return write_folder(out_dir, {**rendered,
                                  "manifest.json": manifest_json(sealed(data, rendered))},
                        kind=kind, force=force)


def manifest_json(data: Mapping[str, Any]) -> str:
    """The manifest as stable, human-readable JSON (keys in the order formats.md gives)."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"
