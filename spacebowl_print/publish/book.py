"""A puzzle book of any game, for home printing or a press (KDP, IngramSpark, Lulu), under
the publisher's own name.

Pages, in order: the title page (the publisher's title, subtitle and author, or the game's
defaults), the copyright page (:mod:`~spacebowl_print.publish.retail`), the contents (a press
book or an undated one), one page that teaches the game's puzzle, the game's own front matter
(e.g. what its tiers mean), one puzzle a page (dated, or numbered 1…N from easy to hard with
``--undated``), the answer key, the colophon (``--colophon``), and pages for notes as the
binding needs. ``booklet.pdf`` (and ``cover.pdf`` with ``cover-guides.pdf``: back with the
title, blurb and barcode, spine, front with the game's art) are sealed with
``manifest.json``; nothing is written unless every answer survived the game's independent
check, and a press book is written only when it passes its own press's preflight
(:mod:`~spacebowl_print.publish.preflight`).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.languages import long_date
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish import pod, retail
from spacebowl_print.publish.kinds import PuzzleItem
from spacebowl_print.publish.layout import Frame, final_pages
from spacebowl_print.publish.preflight import check
from spacebowl_print.publish.publication import Publisher, manifest
from spacebowl_print.publish.requests import BookRequest
from spacebowl_print.render.api import Canvas, ColourMode, Page, PdfOptions, Style
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.pdfscan import scan_bytes
from spacebowl_print.render.pdfx import make_pdfx

NBSP = "\u00a0"


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
    """Make the request's puzzles, prove every answer, and write ``booklet.pdf`` (and
    ``cover.pdf``, ``cover-guides.pdf``) with ``manifest.json`` into ``out_dir``, all or
    nothing. A press book is checked against its press's preflight first: what fails it is
    an :class:`InputError` (the trim or the field that does not fit), nothing written."""
    started = time.perf_counter()
    publisher = Publisher.start(req.run, range(req.tiers[0], req.tiers[1] + 1))
    _refuse_unbindable(publisher, req)
    items = publisher.make(req.slots, advance)
    header = publisher.header({**req.options(), "lang": publisher.ctx.lang,
                               "ink_saver": publisher.ctx.ink_saver,
                               "greyscale": publisher.ctx.greyscale})
    if req.info.as_json():
        header["book"] = req.info.as_json()
    entries = publisher.verified(header, items)
    if req.undated:  # easy to hard: a game may record a tier other than its slot's
        order = sorted(range(len(items)), key=lambda k: (items[k].tier, k))
        items, entries = [items[k] for k in order], [entries[k] for k in order]
    words = publisher.words
    title = req.info.title or words["default_title"]
    span = _span(publisher, req, items)
    fns = _pages(publisher, req, items, title, span)
    floor = req.book_press.text.min_text_pt if req.book_press else None
    pages = pub.floored(pub.in_grey(pub.compose(req.layout, fns,
                                                notes_page(words["notes"])),
                                    publisher.ctx.greyscale), floor)
    data = manifest(header, title, entries)
    interior = _interior(req, pages, title)
    documents: dict[str, Callable[[str], bytes]] = {"booklet.pdf": interior}
    cover_width = 0.0
    if req.cover:
        cover, plan = _cover(publisher, req, len(pages), items, title, span)
        cover_width = cover.width
        documents["cover.pdf"] = _cover_pdf(req, cover, title, len(pages))
        guides = pod.cover_guides(cover, plan, {k: words[f"guide_{k}"] for k in
                                                ("trim", "bleed", "fold", "safe", "barcode")})
        documents["cover-guides.pdf"] = lambda subject: pdf_bytes(
            [guides], PdfOptions(title=f"{title} — cover guides", subject=subject,
                                 author=req.info.author or "spacebowl_print"))
    files = pub.write_sealed(out_dir, data, documents, publisher.kind_of("booklet"),
                             req.run.force)
    tiers: dict[int, int] = {}
    for it in items:
        tiers[it.tier] = tiers.get(it.tier, 0) + 1
    return BookReport(files, len(items), len(pages), dict(sorted(tiers.items())), cover_width,
                      time.perf_counter() - started)


def _refuse_unbindable(publisher: Publisher, req: BookRequest) -> None:
    """Refuse (one line, :class:`InputError` at ``imposition``) a book its binding cannot
    hold whatever its puzzles turn out to be, before any puzzle is made (a saddle-stitched
    year of Hubble was made whole, for minutes, and then refused). The pages counted are
    those :func:`_pages` lays out for any puzzles: title and copyright, the contents where
    there are any, the teaching page, a page a puzzle, the answer key at the kind's answers
    a page, the colophon; the game's front matter and the binding's padding come on top."""
    per = publisher.kind.answers_per_page(publisher.source, req.layout.trim.width,
                                          req.layout.trim.height)
    n = len(req.slots)
    contents = 1 if req.print_on_demand or req.undated else 0
    answers = -(-n // (per[0] * per[1]))
    least = 2 + contents + 1 + n + answers + (1 if req.colophon else 0)
    final_pages(least, req.layout.binding, at_least=True)


# --------------------------------------------------------------------------- writing


def _press_pdf(data: bytes, req: BookRequest, title: str, colour: ColourMode) -> bytes:
    """``data`` as PDF/X-1a when the request wants it (a RGB picture left, e.g. a theme's SVG
    art, cannot be: an :class:`InputError` naming the press)."""
    if not req.pdfx_wanted or colour == "rgb":
        return data
    try:
        return make_pdfx(data, title)
    except ValueError as err:
        press = req.book_press.name if req.book_press else "the press"
        raise InputError(f"{press} needs PDF/X-1a, and this book {err}", "press") from None


def _preflight(data: bytes, req: BookRequest, what: str, cover: bool = False,
               book_pages: int | None = None) -> None:
    """Refuse (one line, :class:`InputError`) a press book that fails its press's preflight:
    the first failure of the first failing check, at the trim (an interior) or the cover's
    fields (a cover)."""
    press = req.book_press
    if press is None:
        return
    pages, declared = scan_bytes(data)
    trim = req.layout.trim
    report = check(pages, declared, press, cover=cover, book_pages=book_pages,
                   stock=req.paper_stock, file=what,
                   trim_in=(trim.width / 25.4, trim.height / 25.4))
    failed = [r for r in report.results if r.status == "FAIL"]
    if failed:
        first = failed[0]
        detail = f": {first.findings[0]}" if first.findings else ""
        raise InputError(f"{what} would fail {press.name}'s {first.name} check "
                         f"({first.summary}{detail}); try a larger --trim or shorter text",
                         "title" if cover else "trim")


def _interior(req: BookRequest, pages: list[Page], title: str) -> Callable[[str], bytes]:
    colour: ColourMode = req.interior_colour  # type: ignore[assignment]

    def render(subject: str) -> bytes:
        data = pub.render_pages(req.layout, pages, title, subject, req.info.author,
                                colour=colour)
        data = _press_pdf(data, req, title, colour)
        _preflight(data, req, "booklet.pdf")
        return data

    return render


def _cover_pdf(req: BookRequest, cover: Page, title: str, book_pages: int
               ) -> Callable[[str], bytes]:
    colour: ColourMode = req.cover_colour  # type: ignore[assignment]

    def render(subject: str) -> bytes:
        data = pdf_bytes([cover], PdfOptions(title=f"{title} — cover", subject=subject,
                                             author=req.info.author or "spacebowl_print",
                                             colour=colour))
        data = _press_pdf(data, req, f"{title} — cover", colour)
        _preflight(data, req, "cover.pdf", cover=True, book_pages=book_pages)
        return data

    return render


# --------------------------------------------------------------------------- pages


def _nb(text: str) -> str:
    """``text`` whose words never part at the end of a line (a date in a subtitle)."""
    return text.replace(" ", NBSP)


def _span(publisher: Publisher, req: BookRequest, items: Sequence[PuzzleItem]) -> str:
    """The default subtitle in the run's language: "7 puzzles, Friday 1 January 2027 –
    Thursday 7 January 2027" (each date kept on one line), or "30 puzzles from easy to
    hard" for an undated book."""
    lang, words, n = publisher.ctx.lang, publisher.words, len(items)
    if req.undated:
        return words["span_undated_one"] if n == 1 else words["span_undated"].format(n=n)
    end = req.start + dt.timedelta(days=n - 1)
    if n == 1:
        return words["span_one"].format(start=_nb(long_date(req.start, lang)))
    return words["span"].format(n=n, start=_nb(long_date(req.start, lang)),
                                end=_nb(long_date(end, lang)))


def _pages(publisher: Publisher, req: BookRequest, items: Sequence[PuzzleItem], title: str,
           span: str) -> list[pub.PageFn]:
    """Title page, copyright page, contents (a press book or an undated one), the teaching
    page, the game's front matter, one puzzle a page, the answer key, the colophon."""
    words, lang, layout = publisher.words, publisher.ctx.lang, req.layout
    author = words["by"].format(author=req.info.author) if req.info.author else ""
    blocks = retail.copyright_lines(req.info, words, req.run.game, req.year,
                                    req.print_on_demand)
    front = [pub.title_page(title, req.info.subtitle or span, [], author),
             retail.copyright_page(blocks)]
    contents = req.print_on_demand or req.undated
    teach_at = len(front) + (2 if contents else 1)
    body = [teach_page(publisher, words["how_to_play"], 3.0 if req.print_on_demand else 0.0)]
    _, _, cw, ch = layout.frame(1, 100).content
    body += pub.text_pages(publisher.kind.intro(publisher.source, items, publisher.ctx, cw, ch))
    noun = publisher.ctx.words["puzzle"]
    first_puzzle = teach_at + len(body)
    for k, it in enumerate(items, start=1):
        if req.undated:
            heading = f"{noun} {k}"
        else:
            heading = f"{noun} {k} · {long_date(dt.date.fromisoformat(it.id), lang)}"
        body.append(pub.puzzle_page([(it, heading)], words))
    per_page = publisher.kind.answers_per_page(publisher.source, layout.trim.width,
                                               layout.trim.height)
    answers_at = teach_at + len(body)
    if req.undated:
        body += pub.answer_pages(items, lambda it, i: f"{noun} {i + 1}", words, per_page)
    else:
        body += pub.answer_pages(items, lambda it, i: f"{noun} {i + 1} · {it.id}", words,
                                 per_page)
    colophon_at = teach_at + len(body)
    if req.colophon:
        what = publisher.kind.describe(publisher.source, publisher.ctx)
        body.append(retail.colophon_page(words["colophon"], words, publisher.seed, what))
    if not contents:
        return [*front, *body]
    entries = [retail.Entry(words["how_to_play"], teach_at),
               retail.Entry(publisher.ctx.words["puzzles"], first_puzzle)]
    if req.undated:
        entries += _sections(words, noun, publisher.ctx.words["puzzles"], items, first_puzzle)
    entries.append(retail.Entry(words["answers"], answers_at))
    if req.colophon:
        entries.append(retail.Entry(words["colophon"], colophon_at))
    return [*front, retail.contents_page(words["contents"], entries), *body]


def _sections(words: dict[str, str], noun: str, plural: str, items: Sequence[PuzzleItem],
              first_page: int) -> list[retail.Entry]:
    """One contents entry per tier of an undated book: "Tier 2 · Puzzles 7–12"."""
    out: list[retail.Entry] = []
    k = 0
    while k < len(items):
        tier = items[k].tier
        end = k
        while end + 1 < len(items) and items[end + 1].tier == tier:
            end += 1
        key = "tier_section_one" if end == k else "tier_section"
        label = words[key].format(tier_word=words["tier"], tier=tier, puzzle=noun,
                                  puzzles=plural, first=k + 1, last=end + 1)
        out.append(retail.Entry(label, first_page + k, sub=True))
        k = end + 1
    return out


def teach_page(publisher: Publisher, heading: str, inset: float = 0.0) -> pub.PageFn:
    """The page that teaches the game's puzzle: a heading over the game's own drawing,
    ``inset`` mm inside the content area at the sides and foot (a press book: a game's
    teaching art may reach a stroke or a label past its box, and a press checks every mark
    against its safe area)."""
    teach = publisher.kind.teach(publisher.source, publisher.ctx)

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            pub.page_heading(canvas, f.content, heading)
            teach(canvas, (x + inset, y + inset, w - 2 * inset, h - 11 - inset))
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


def _cover(publisher: Publisher, req: BookRequest, pages: int, items: Sequence[PuzzleItem],
           title: str, span: str) -> tuple[Any, pod.CoverPlan]:
    """The one-sheet cover and its plan: the title, subtitle, the game's art and the author
    on the front; the title, blurb, imprint (publisher, ISBN) and the barcode or its clear
    zone on the back; the title and author on the spine (from the press's page count)."""
    words, lang = publisher.words, publisher.ctx.lang
    tiers = len({it.tier for it in items})
    if req.info.blurb:
        blurb = req.info.blurb
    elif req.undated:
        blurb = words["blurb_undated"].format(n=len(items), tiers=tiers)
    else:
        end = req.start + dt.timedelta(days=len(items) - 1)
        blurb = words["blurb"].format(n=len(items), start=long_date(req.start, lang),
                                      end=long_date(end, lang))
    imprint = " · ".join(part for part in (
        req.info.publisher, words["isbn"].format(isbn=req.info.isbn) if req.info.isbn else "")
        if part)
    spine = f"{title} · {req.info.author}" if req.info.author else title
    text = pod.CoverText(title, req.info.subtitle or span, blurb, spine, title,
                         req.info.author, imprint, req.info.isbn, req.info.price, lang)
    art = publisher.kind.cover_art(publisher.source, items, publisher.ctx)
    page = pod.cover_page(req.layout.trim, pages, req.paper_stock, text, art, req.book_press)
    plan = pod.cover_plan(req.layout.trim, pages, req.paper_stock, req.book_press)
    floor = req.book_press.text.min_text_pt if req.book_press else None
    return pub.floored(pub.in_grey([page], publisher.ctx.greyscale), floor)[0], plan


__all__ = ["BookReport", "build_book", "notes_page", "teach_page"]
