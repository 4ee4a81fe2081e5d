"""A dated puzzle book of any game, for home printing or print-on-demand, under the
publisher's own name.

Pages, in order: the title page (the publisher's title, subtitle and author, or the game's
defaults), the copyright page (edition, publisher, ISBN, the seed and tool version, how the
puzzles were checked), one page that teaches the game's puzzle, the game's own front matter
(e.g. what its tiers mean), one puzzle a page, the answer key, and pages for notes as the
binding needs. ``booklet.pdf`` (and ``cover.pdf``: back with the blurb and a clear barcode
zone, spine, front with the game's art) are sealed with ``manifest.json``; nothing is
written unless every answer survived the game's independent check.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print import __version__
from spacebowl_print.core.languages import long_date
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish import pod
from spacebowl_print.publish.bookinfo import BookInfo
from spacebowl_print.publish.kinds import PuzzleItem
from spacebowl_print.publish.layout import Frame, Layout, frame
from spacebowl_print.publish.publication import Publisher, manifest
from spacebowl_print.publish.requests import BookRequest
from spacebowl_print.render.api import Canvas, PdfOptions, Style
from spacebowl_print.render.fonts import fit_size, line_height, wrap
from spacebowl_print.render.pdf import pdf_bytes

NOTE_SIZE = 8.0
"""Type size of the copyright page (well above the 6 pt floor, as small print goes)."""


@dataclass(frozen=True)
class BookReport:
    """What a build wrote: files, puzzles, pages (of ``booklet.pdf``), puzzles per tier,
    and the cover's width (mm; 0 without a cover)."""

    files: list[Path]
    puzzles: int
    pages: int
    tiers: dict[int, int]
    cover_width: float = 0.0
    seconds: float = 0.0

    def lines(self) -> list[str]:
        """What the command prints: puzzles, pages and tiers, the cover's width, the files."""
        tiers = ", ".join(f"tier {t}: {n}" for t, n in self.tiers.items())
        lines = [f"{self.puzzles} puzzles, {self.pages} pages ({tiers}) in "
                 f"{self.seconds:.1f} s"]
        if self.cover_width:
            lines.append(f"cover {self.cover_width / 25.4:.3f} in wide")
        return lines + [f"  wrote {f}" for f in self.files]


def build_book(req: BookRequest, out_dir: Path,
               advance: Callable[[int], None] = lambda k: None) -> BookReport:
    """Make the request's dated puzzles, prove every answer, and write ``booklet.pdf`` (and
    ``cover.pdf``) with ``manifest.json`` into ``out_dir``, all or nothing."""
    started = time.perf_counter()
    publisher = Publisher.start(req.run, range(req.tiers[0], req.tiers[1] + 1))
    layout = req.layout
    items = publisher.make(req.slots, advance)
    header = publisher.header({**req.options(), "lang": publisher.ctx.lang,
                               "ink_saver": publisher.ctx.ink_saver,
                               "greyscale": publisher.ctx.greyscale})
    if req.info.as_json():
        header["book"] = req.info.as_json()
    entries = publisher.verified(header, items)
    words = publisher.words
    title = req.info.title or words["default_title"]
    span = _span(publisher, req, len(items))
    fns = _pages(publisher, layout, req, items, title, span)
    pages = pub.in_grey(pub.compose(layout, fns, notes_page(words["notes"])),
                        publisher.ctx.greyscale)
    data = manifest(header, title, entries)
    documents: dict[str, Callable[[str], bytes]] = {
        "booklet.pdf": lambda subject: pub.render_pages(layout, pages, title, subject,
                                                        req.info.author)}
    cover_width = 0.0
    if req.cover:
        cover = _cover(publisher, layout, len(pages), req, items, title, span)
        cover_width = cover.width
        documents["cover.pdf"] = lambda subject: pdf_bytes(
            [cover], PdfOptions(title=f"{title} — cover", subject=subject,
                                author=req.info.author or "spacebowl_print"))
    files = pub.write_sealed(out_dir, data, documents, publisher.kind_of("booklet"),
                             req.run.force)
    tiers: dict[int, int] = {}
    for it in items:
        tiers[it.tier] = tiers.get(it.tier, 0) + 1
    return BookReport(files, len(items), len(pages), dict(sorted(tiers.items())), cover_width,
                      time.perf_counter() - started)


def _span(publisher: Publisher, req: BookRequest, n: int) -> str:
    """"7 puzzles, Friday 1 January 2027 – Thursday 7 January 2027" in the run's language."""
    lang, words = publisher.ctx.lang, publisher.words
    end = req.start + dt.timedelta(days=n - 1)
    if n == 1:
        return words["span_one"].format(start=long_date(req.start, lang))
    return words["span"].format(n=n, start=long_date(req.start, lang), end=long_date(end, lang))


def _pages(publisher: Publisher, layout: Layout, req: BookRequest,
           items: Sequence[PuzzleItem], title: str, span: str) -> list[pub.PageFn]:
    """Title page, copyright page, the teaching page, the game's front matter, one puzzle a
    page, the answer key."""
    words, lang = publisher.words, publisher.ctx.lang
    author = words["by"].format(author=req.info.author) if req.info.author else ""
    fns = [pub.title_page(title, req.info.subtitle or span, [], author),
           copyright_page(publisher, req.info)]
    fns.append(teach_page(publisher, words["how_to_play"]))
    _, _, cw, ch = frame(layout.trim, 1, 100, layout.bleed, layout.margin).content
    fns += pub.text_pages(publisher.kind.intro(publisher.source, items, publisher.ctx, cw, ch))
    noun = publisher.ctx.words["puzzle"]
    for k, it in enumerate(items, start=1):
        date = dt.date.fromisoformat(it.id)
        fns.append(pub.puzzle_page([(it, f"{noun} {k} · {long_date(date, lang)}")], words))
    per_page = publisher.kind.answers_per_page(publisher.source, layout.trim.width,
                                               layout.trim.height)
    fns += pub.answer_pages(items, lambda it, i: f"{noun} {i + 1} · {it.id}", words, per_page)
    return fns


def copyright_page(publisher: Publisher, info: BookInfo) -> pub.PageFn:
    """The verso of the title page: the publisher's lines (edition, publisher, ISBN,
    copyright) and the tool's (seed and version, how every answer was checked, what the
    puzzles were made from), set at the foot of the page."""
    words = publisher.words
    lines = [words["edition"].format(edition=info.edition) if info.edition else "",
             words["published_by"].format(publisher=info.publisher) if info.publisher else "",
             words["isbn"].format(isbn=info.isbn) if info.isbn else "",
             words["copyright"].format(author=info.author) if info.author else ""]
    lines = [line for line in lines if line]
    tool = [words["made_with"].format(version=__version__, seed=publisher.seed),
            words["checked"]]
    what = publisher.kind.describe(publisher.source, publisher.ctx)
    if what:
        tool.append(words["material"].format(what=what))

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, _ = f.content

        def paint(canvas: Canvas) -> None:
            lh = line_height(NOTE_SIZE, 1.35)
            wrapped = [part for line in lines for part in wrap(line, w, NOTE_SIZE)]
            body = [[part for part in wrap(line, w, NOTE_SIZE)] for line in tool]
            height = lh * (len(wrapped) + sum(len(b) for b in body)) + 3 * len(body) + 4
            top = y + height
            for part in wrapped:
                canvas.text(x, top, part, NOTE_SIZE, "bold", pub.INK)
                top -= lh
            top -= 4 if wrapped else 0
            for block in body:
                for part in block:
                    canvas.text(x, top, part, NOTE_SIZE, "regular", pub.MUTED)
                    top -= lh
                top -= 3

        return paint

    return page


def teach_page(publisher: Publisher, heading: str) -> pub.PageFn:
    """The page that teaches the game's puzzle: a heading over the game's own drawing."""
    teach = publisher.kind.teach(publisher.source, publisher.ctx)

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            canvas.text(x, y + h - 6, heading, fit_size(heading, w, 15, "bold"), "bold",
                        pub.INK)
            canvas.line(x, y + h - 8.5, x + w, y + h - 8.5, Style(stroke=pub.RULE, width=0.3))
            teach(canvas, (x, y, w, h - 11))
            pub.folio_text(canvas, f, folio)

        return paint

    return page


def notes_page(heading: str) -> pub.PageFn:
    """A page for notes, ruled lightly (the padding a binding needs is never left blank)."""

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            canvas.text(x, y + h - 6, heading, 13, "bold", pub.MUTED)
            rule = Style(stroke="#D8D8E2", width=0.25)
            top = y + h - 16
            while top > y + 4:
                canvas.line(x, top, x + w, top, rule)
                top -= 8.0
            pub.folio_text(canvas, f, folio)

        return paint

    return page


def _cover(publisher: Publisher, layout: Layout, pages: int, req: BookRequest,
           items: Sequence[PuzzleItem], title: str, span: str) -> Any:
    """The one-sheet cover: the title, subtitle, the game's art and the author on the front;
    the blurb and the imprint (publisher, ISBN) beside a clear barcode zone on the back; the
    title and author on the spine (from 79 pages)."""
    words, lang = publisher.words, publisher.ctx.lang
    end = req.start + dt.timedelta(days=len(items) - 1)
    blurb = req.info.blurb or words["blurb"].format(
        n=len(items), start=long_date(req.start, lang), end=long_date(end, lang))
    imprint = " · ".join(part for part in (
        req.info.publisher, words["isbn"].format(isbn=req.info.isbn) if req.info.isbn else "")
        if part)
    spine = f"{title} · {req.info.author}" if req.info.author else title
    art = publisher.kind.cover_art(publisher.source, items, publisher.ctx)
    page = pod.cover_page(layout.trim, pages, req.paper_stock, title,
                          req.info.subtitle or span, blurb, spine, art, lang=lang,
                          author=req.info.author, imprint=imprint)
    return pub.in_grey([page], publisher.ctx.greyscale)[0]


__all__ = ["BookReport", "build_book", "copyright_page", "notes_page",
           "teach_page"]
