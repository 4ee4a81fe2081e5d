"""The print-and-play kit folder: imposed item sheets (cards or die-cut tiles), cut guides,
per-item SVGs, any number of extra documents, and one ``kit.pdf`` with everything in print order
behind a cover page.

Game-agnostic: the caller (a game module) hands over ready-made items and pages; this module only
imposes, renders and writes. Rectangular cards are items without an outline; die-cut tiles are
items with one (see :mod:`spacebowl_print.publish.items`), and tessellate. ``naming`` says what
they are called (:data:`~spacebowl_print.publish.items.CARDS`,
:data:`~spacebowl_print.publish.items.TILES`): below, ``cards``/``card`` stand for its plural and
noun. Everything is written into a temporary folder and moved into place at the end
(:func:`spacebowl_print.core.folders.write_folder`), so an interrupted run never leaves a
half-written kit, and the folder then holds exactly this kit.

Files written into the output folder:

* ``cards.pdf`` — scale check, item sheets (fronts, then their mirrored backs, or fold sheets),
  duplex check (see :mod:`spacebowl_print.publish.sheets`);
* ``cut-guide.json`` — every item's trim box (and die-cut outline) per page of ``cards.pdf``,
  under the naming's key (see :mod:`spacebowl_print.publish.cutguide`);
* ``cut-lines-NN.svg`` — one per front sheet, paper-sized, the cuts as paths;
* ``svg/card-NNN.svg`` and ``svg/back.svg`` (several different backs: ``svg/back-01.svg``…) —
  each item at its physical trim size in mm (the bleed art is in the file, outside the viewBox);
* ``<name>.pdf`` for every extra document;
* ``kit.pdf`` — a cover (contents and print tips), then all of the above in print order; in
  duplex mode each part starts on the front of a sheet.

Every word this module and the sheets print — the cover, the tips, the calibration pages, the
sheet labels — and every bookmark is in the kit's ``lang`` (English, French or German, from
:mod:`spacebowl_print.publish.kittexts`); file names stay English. The caller's own texts (the
title, the documents' titles and notes, its tips) are printed as given.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.folders import MARKER, write_folder
from spacebowl_print.publish.items import Item, LayoutError, Naming, distinct_backs
from spacebowl_print.publish.kinds import KitParts
from spacebowl_print.publish.kittexts import count, word
from spacebowl_print.publish.requests import KitRequest
from spacebowl_print.publish.sheets import Imposition, impose
from spacebowl_print.render.api import (
    PAPER,
    Canvas,
    DrawnPage,
    FontName,
    Page,
    PdfOptions,
    Style,
)
from spacebowl_print.render.fonts import fit_size, line_height, text_width, wrap
from spacebowl_print.render.greyscale import greyscale as greyscale_of
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.svg import svg_bytes


@dataclass(frozen=True)
class Document:
    """An extra document of the kit: written as ``<name>.pdf`` and appended to ``kit.pdf``.

    ``title`` names it on the cover and in the bookmarks; ``note`` is a one-line print tip
    shown on the cover (e.g. "print on card stock").
    """

    name: str
    title: str
    pages: Sequence[Page]
    note: str = ""


@dataclass(frozen=True)
class KitReport:
    """What a kit build wrote: the folder, the files (relative paths, sorted), the number of
    cards and of card sheets, the page count of ``kit.pdf``, each file's size, warnings (one
    English line each, for the terminal: pictures under 300 dpi, sheets that will not print
    well), what the items are called and the seconds it took."""

    folder: Path
    files: tuple[str, ...]
    cards: int
    sheets: int
    kit_pages: int
    sizes: dict[str, int] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    plural: str = "cards"
    seconds: float = 0.0

    def lines(self) -> list[str]:
        """What the command prints."""
        return [f"wrote {len(self.files)} files to {self.folder} in {self.seconds:.1f} s: "
                f"{self.cards} {self.plural} on {self.sheets} sheets, kit.pdf "
                f"{self.kit_pages} pages"]


@dataclass(frozen=True)
class KitPrint:
    """How a kit's parts are printed and written: on ``paper`` (w, h) mm, portrait; every
    word this module prints in ``lang``; ``greyscale`` draws every item and page as the
    greys a photocopier makes; ``png_dpi`` adds a PNG of every face and back under ``png/``,
    ``tts`` Tabletop Simulator deck sheets under ``tts/``; ``kind`` (``"spacebowl kit"``) and
    ``force`` say which earlier folder may be replaced
    (:func:`~spacebowl_print.core.folders.write_folder`, which records the kind)."""

    paper: tuple[float, float]
    lang: str = "en"
    greyscale: bool = False
    png_dpi: int | None = None
    tts: bool = False
    kind: str | None = None
    force: bool = False


class GreyItem:
    """An item drawn as the greys a photocopier makes of its colours; every other attribute
    (id, size, outline…) is the item's own."""

    def __init__(self, item: Item) -> None:
        self._item = item

    def __getattr__(self, name: str) -> Any:
        return getattr(self._item, name)

    def draw(self, canvas: Canvas) -> None:
        greyscale_of(self._item.draw)(canvas)


def in_grey_items(items: Sequence[Item], grey: bool) -> list[Item]:
    """``items`` as :class:`GreyItem` s when ``grey``, else as they are."""
    return [GreyItem(it) if grey else it for it in items]


def _grey_pages(pages: Sequence[Page], grey: bool) -> list[Page]:
    if not grey:
        return list(pages)
    return [DrawnPage(p.width, p.height, greyscale_of(p.draw)) for p in pages]


@dataclass(frozen=True)
class _Kit:
    """What every page, label and file name of one kit is made with: the ``paper`` (w, h) in
    mm, the kit's ``title``, what its items are called (``naming``), fold sheets or duplex
    (``fold``), and the language of every word this module prints (``lang``)."""

    paper: tuple[float, float]
    title: str
    naming: Naming
    fold: bool
    lang: str

    def word(self, key: str, **values: object) -> str:
        """The kit text ``key`` in the kit's language (:func:`~.kittexts.word`)."""
        return word(self.lang, key, **values)

    def nouns(self) -> dict[str, str]:
        """The items' names in the kit's language (``one``, ``many``, ``Many``…)."""
        return self.naming.nouns(self.lang).fields()


def _blank(kit: _Kit) -> Page:
    """A page left blank so that the next part starts on the front of a sheet in duplex
    printing, saying so in two small grey lines in the kit's language (as the scale check's
    back does): a reader never wonders whether a page is missing."""
    width, height = kit.paper
    text = kit.word("blank_part")

    def paint(c: Canvas) -> None:
        for k, line in enumerate(text.split("\n")):
            c.text(width / 2, height / 2 - 4 * k, line, fit_size(line, width - 30, 8, min_size=6),
                   fill="#777777", anchor="middle")

    return DrawnPage(width, height, paint)


def cover_page(paper: tuple[float, float], title: str, contents: Sequence[tuple[str, str]],
               tips: Sequence[str], files: Sequence[tuple[str, str]] = (),
               subtitle: str | None = None, lang: str = "en") -> Page:
    """The kit's cover: ``title``, ``subtitle`` (None: "Print-and-play kit" in ``lang``), the
    contents in print order (``(what, where)`` rows, e.g. ``("Cards — 56 cards on 7 sheets",
    "pages 3–20")``), printing ``tips`` and the folder's ``files`` (``(file name, what it is
    for)`` rows), under headings in ``lang``; titles and headings shrink to the page width."""
    pw, ph = paper
    sub = word(lang, "kit") if subtitle is None else subtitle
    heads = [word(lang, key) for key in ("contents", "tips", "files")]

    m = 20.0
    width = pw - 2 * m

    def head(c: Canvas, y: float, text: str) -> None:
        c.text(m, y, text, fit_size(text, width, 13, "bold"), "bold")

    def paint(c: Canvas) -> None:
        y = ph - m - 8
        c.text(pw / 2, y, title, fit_size(title, width, 24, "bold"), "bold", anchor="middle")
        y -= 10
        c.text(pw / 2, y, sub, fit_size(sub, width, 13), anchor="middle", fill="#444444")
        y -= 8
        c.line(m, y, pw - m, y, Style(stroke="#000000", width=0.3))
        y -= 9
        head(c, y, heads[0])
        y = _cover_table(c, y - 7, contents, (m + 2, pw - m), "regular", True)
        y -= 5
        head(c, y, heads[1])
        y -= 7
        for tip in tips:
            c.circle(m + 1.2, y + 1.1, 0.7, Style(fill="#000000"))
            for line in wrap(tip, width - 6, 9.5):
                c.text(m + 5, y, line, 9.5)
                y -= line_height(9.5, 1.3)
            y -= 1.6
        if files:
            y -= 5
            head(c, y, heads[2])
            _cover_table(c, y - 7, files, (m + 2, pw - m), "mono", False)

    return DrawnPage(pw, ph, paint)


def _cover_table(c: Canvas, y: float, rows: Sequence[tuple[str, str]],
                 span: tuple[float, float], key_font: FontName, right_aligned: bool) -> float:
    """Two-column rows from baseline ``y`` down between ``span`` = (left, right): keys wrapped
    with values right-aligned on their first line (keys keep 30 mm clear, or the widest value
    and 4 mm), or mono keys with values wrapped beside them. Returns the y below the last
    row."""
    left, right = span
    lh = line_height(9.5, 1.3)
    key_w = max((text_width(k, 9, "mono") for k, _ in rows), default=0.0)
    clear = max([30.0, *(text_width(v, 9.5) + 4 for _, v in rows)]) if right_aligned else 0
    for key, value in rows:
        if right_aligned:
            lines = wrap(key, right - left - clear, 9.5, key_font)
            for k, line in enumerate(lines):
                c.text(left, y, line, 9.5, key_font)
                if k == 0:
                    c.text(right, y, value, 9.5, anchor="end", fill="#444444")
                y -= lh
        else:
            c.text(left, y, key, 9, "mono")
            col = left + key_w + 4
            for line in wrap(value, right - col, 9.5):
                c.text(col, y, line, 9.5, fill="#333333")
                y -= lh
        y -= 1.2
    return y


def _span(names: Sequence[str]) -> str:
    """``cut-lines-01…07.svg``: a short summary of numbered file names sharing a stem."""
    if len(names) == 1:
        return names[0]
    first, last = names[0], names[-1]
    stem, _, rest = first.rpartition("-")
    number, dot, ext = rest.partition(".")
    return f"{stem}-{number}…{last.rpartition('-')[2].partition('.')[0]}{dot}{ext}"


def _pages_label(kit: _Kit, first: int, n: int) -> str:
    """Where a part lies in ``kit.pdf``: "page 5", "pages 3–20" (in the kit's language)."""
    return (kit.word("page", first=first) if n == 1
            else kit.word("pages", first=first, last=first + n - 1))


def card_svgs(items: Sequence[Item], back: Item | Sequence[Item], bleed: float,
              noun: str = "card") -> dict[str, bytes]:
    """``svg/<noun>-NNN.svg`` for every item and ``svg/back.svg`` (several different backs:
    ``svg/back-01.svg``, ``svg/back-02.svg``… in order of first use): each at its trim size in mm
    (viewBox on the trim box; the bleed art is kept outside it)."""
    backs = distinct_backs(back)
    out: dict[str, bytes] = {}
    for it in items:
        out[f"svg/{noun}-{it.id:03d}.svg"] = _svg(it, bleed)
    for k, b in enumerate(backs, start=1):
        out["svg/back.svg" if len(backs) == 1 else f"svg/back-{k:02d}.svg"] = _svg(b, bleed)
    return out


def _svg(item: Item, bleed: float) -> bytes:
    return svg_bytes(item, (bleed, bleed, item.width - 2 * bleed, item.height - 2 * bleed))


@dataclass(frozen=True)
class _Part:
    """One part of ``kit.pdf``: the cover's line for it, its bookmark, its pages."""

    what: str
    mark: str
    pages: list[Page]


def _sheet_files(kit: _Kit, imp: Imposition, fronts: Sequence[Item],
                 back: Item | Sequence[Item], bleed: float) -> dict[str, bytes]:
    """``<plural>.pdf`` (its PDF title and subject in the kit's language),
    ``cut-guide.json``, ``cut-lines-NN.svg`` and the per-item SVGs."""
    names = kit.nouns()
    files: dict[str, bytes] = {}
    files[f"{kit.naming.plural}.pdf"] = pdf_bytes(imp.pages, PdfOptions(
        title=kit.word("sheets_title", title=kit.title, **names),
        subject=kit.word("sheets_subject", **names),
        duplex=imp.duplex, bookmarks=tuple(imp.bookmarks)))
    files["cut-guide.json"] = (json.dumps(imp.cut_guide, indent=1) + "\n").encode("utf-8")
    for k, svg in enumerate(imp.cut_lines, start=1):
        files[f"cut-lines-{k:02d}.svg"] = svg
    files.update(card_svgs(fronts, back, bleed, kit.naming.noun))
    return files


def _assemble(kit: _Kit, parts: Sequence[_Part], duplex: bool
              ) -> tuple[list[Page], list[tuple[int, str]], list[tuple[str, str]]]:
    """The body of ``kit.pdf`` (all parts, each starting on the front of a sheet in duplex
    mode, so that item fronts and backs stay on the two sides of one sheet), its bookmarks and
    the cover's contents rows (in the kit's language); page numbers count the cover (and its
    blank back)."""
    body: list[Page] = []
    marks: list[tuple[int, str]] = [(0, kit.word("mark_cover"))]
    contents: list[tuple[str, str]] = []
    start = 2 if duplex else 1  # the cover (and its blank back) come first
    for part in parts:
        if duplex and (start + len(body)) % 2 == 1:
            body.append(_blank(kit))
        first = start + len(body) + 1
        contents.append((part.what, _pages_label(kit, first, len(part.pages))))
        marks.append((first - 1, part.mark))
        body.extend(part.pages)
    return body, marks, contents


def _folder_rows(kit: _Kit, files: dict[str, bytes], extras: Sequence[Document], sheets: int,
                 outlined: bool) -> list[tuple[str, str]]:
    """The cover's "Files in this folder" rows (what each is for, in the kit's language);
    ``outlined`` when the items are die-cut."""
    noun, plural, fold = kit.naming.noun, kit.naming.plural, kit.fold
    nouns = kit.nouns()
    names = sorted(files)
    cut_names = [f"cut-lines-{k:02d}.svg" for k in range(1, sheets + 1)]
    item_names = [n for n in names if n.startswith(f"svg/{noun}-")]
    back_names = [n for n in names if n.startswith("svg/back")]
    return [
        ("kit.pdf", kit.word("file_kit")),
        (f"{plural}.pdf", kit.word("file_sheets_fold" if fold else "file_sheets", **nouns)),
        ("cut-guide.json", kit.word("file_guide_outlined" if outlined else "file_guide",
                                    file=f"{plural}.pdf", **nouns)),
        (_span(cut_names), kit.word("file_cuts_outlined" if outlined else "file_cuts")),
        (_span(item_names), kit.word("file_svgs", **nouns)),
        (_span(back_names), kit.word("file_backs" if len(back_names) > 1 else "file_back",
                                     **nouns)),
        *((f"{doc.name}.pdf", doc.title) for doc in extras if doc.pages),
    ]


def _cover_tips(kit: _Kit, start: int, tips: Sequence[str]) -> list[str]:
    """The cover's printing tips in the kit's language: scale, how to print the item
    sheets, paper, then ``tips`` (as given)."""
    return [
        kit.word("tip_scale", page=start + 1),
        kit.word("tip_fold" if kit.fold else "tip_duplex", **kit.nouns()),
        kit.naming.tip(kit.lang),
        *tips,
    ]


def build_kit(req: KitRequest, out_dir: str | os.PathLike[str]) -> KitReport:
    """Write the game's print-and-play kit the request asks for into ``out_dir``, all or
    nothing: the game's kit kind makes its parts (cards or tiles, backs, documents) from the
    request's options, languages, context and seed, and :func:`write_kit` imposes and writes
    them. Pieces that cannot be laid out on the paper are an :class:`InputError` at the
    option the parts name (``paper``, or Space Bowl's ``card_size``)."""
    started = time.perf_counter()
    parts = req.run.game.kit_kind().parts(req.run.options, req)
    ctx = req.run.ctx
    how = KitPrint(PAPER[ctx.paper], ctx.lang, ctx.greyscale, req.png_dpi, req.tts,
                   req.run.kind_of("kit"), req.run.force)
    try:
        report = write_kit(parts, how, out_dir)
    except LayoutError as err:
        raise InputError(err.message, "paper" if err.field in ("paper", "margin")
                         else parts.layout_field) from None
    return replace(report, warnings=(*parts.warnings, *report.warnings),
                   seconds=time.perf_counter() - started)


def write_kit(parts: KitParts, how: KitPrint, out_dir: str | os.PathLike[str]) -> KitReport:
    """Impose and write the kit's ``parts`` as ``how`` says into ``out_dir`` (see the module
    docstring for the files).

    The parts' ``fronts`` are the items (ids used in file names and the cut guide):
    rectangular cards of one size, or die-cut tiles (items with an ``outline``, which
    tessellate); ``back`` the common back or one back per front; ``naming`` what they are
    called; ``margin``, ``fold``, ``back_offset`` and ``offset_hint`` as
    :func:`~spacebowl_print.publish.sheets.impose` takes them. Every word printed here (the
    cover, the tips, the calibration pages, the sheet labels, the bookmarks) is in
    ``how.lang``; the parts' title, documents and tips print as given. Raises
    :class:`~spacebowl_print.publish.items.LayoutError` when the items cannot be imposed;
    nothing is written then.
    """
    paper, lang, greyscale = how.paper, how.lang, how.greyscale
    title, naming, fold, bleed = parts.title, parts.naming, parts.fold, parts.bleed
    fronts, back, extras = parts.fronts, parts.back, parts.documents
    kit = _Kit(paper, title, naming, fold, lang)
    names = kit.nouns()
    if greyscale:
        fronts = in_grey_items(fronts, True)
        back = (in_grey_items(back, True) if isinstance(back, Sequence)
                else GreyItem(back))
        extras = [Document(d.name, d.title, _grey_pages(d.pages, True), d.note)
                  for d in extras]
    imp: Imposition = impose(fronts, back, paper=paper, bleed=bleed, fold=fold,
                             back_offset=parts.back_offset,
                             title=kit.word("sheets_title", title=title, **names),
                             naming=naming, margin=parts.margin,
                             offset_hint=parts.offset_hint, lang=lang)
    sheets = len(imp.cut_lines)
    files = _sheet_files(kit, imp, fronts, back, bleed)
    for doc in extras:
        if doc.pages:
            files[f"{doc.name}.pdf"] = pdf_bytes(list(doc.pages),
                                                 PdfOptions(title=f"{title} — {doc.title}"))
    what = kit.word("part", items=count(lang, len(fronts), (names["one"], names["many"])),
                    sheets=count(lang, sheets, "sheet"),
                    how=kit.word("part_fold" if fold else "part_duplex"), **names)
    sections = [_Part(what, names["Many"], list(imp.pages))]
    sections += [_Part(doc.title + (f" — {doc.note}" if doc.note else ""), doc.title,
                    list(doc.pages)) for doc in extras if doc.pages]
    duplex = imp.duplex is not None
    outlined = any(p.outline is not None for plan in imp.plans for p in plan.placements)
    body, marks, contents = _assemble(kit, sections, duplex)
    cover = cover_page(paper, title, contents, _cover_tips(kit, 2 if duplex else 1, parts.tips),
                       _folder_rows(kit, files, extras, sheets, outlined), lang=lang)
    kit_pages = [cover] + ([_blank(kit)] if duplex else []) + body
    files["kit.pdf"] = pdf_bytes(kit_pages, PdfOptions(
        title=kit.word("kit_title", title=title), duplex=imp.duplex, bookmarks=tuple(marks)))
    if how.png_dpi is not None or how.tts:
        # imported here: pdfium loads only for the pictures, never for a kit without them
        from spacebowl_print.publish.raster import raster_files

        files.update(raster_files(fronts, back, bleed, naming, png_dpi=how.png_dpi,
                                  tts=how.tts))
    written = write_folder(out_dir, files, kind=how.kind, force=how.force)
    on_disk = [p.relative_to(out_dir).as_posix() for p in written]
    sizes = {k: len(v) for k, v in files.items()}
    if MARKER in on_disk:
        sizes[MARKER] = (Path(out_dir) / MARKER).stat().st_size
    return KitReport(Path(out_dir), tuple(sorted(on_disk)), len(fronts), sheets,
                     len(kit_pages), sizes, tuple(imp.warnings), naming.plural)


__all__ = ["Document", "KitPrint", "KitReport", "build_kit", "card_svgs", "cover_page",
           "in_grey_items", "write_kit"]
