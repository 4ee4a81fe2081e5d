"""Puzzle booklets and classroom sets for any game: page order, headers, answer keys,
saddle-stitch imposition, the manifest, and the verification gate.

This module knows no game rules. A game hands over :class:`PuzzleItem` objects (each able to
draw its own puzzle and answer, and to describe itself for the manifest) and a
:class:`PuzzleGame` (front matter, wording, and an independent ``verify``). Nothing is written
unless every puzzle's answer survives ``verify``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, Protocol

from spacebowl_print.core.files import atomic_dir
from spacebowl_print.core.languages import long_date  # noqa: F401  (games format dates)
from spacebowl_print.publish.manifest import file_digest, seal_subject
from spacebowl_print.render.api import PAPER, Canvas, DrawnPage, Page, PdfOptions, Style
from spacebowl_print.render.fonts import fit_size, text_width, wrap
from spacebowl_print.render.pdf import pdf_bytes

Imposition = Literal["none", "saddle"]
INK = "#1A1A2E"
MUTED = "#5A5A6E"
RULE = "#B8B8C8"


class PuzzleItem(Protocol):
    """One puzzle as the publisher sees it."""

    @property
    def id(self) -> str:
        """Unique within a booklet (a date ``2027-01-01`` or a code)."""

    @property
    def tier(self) -> int:
        """Difficulty 1–5."""

    @property
    def badges(self) -> Sequence[str]:
        """Short labels shown on the page (variants in play), already translated."""

    def manifest_entry(self) -> dict[str, Any]:
        """This puzzle's object in ``manifest.json`` (the game's format)."""

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """Paint the puzzle (diagram and question) inside the box (x, y, w, h)."""

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """Paint the answer inside the box (x, y, w, h)."""


class PuzzleGame(Protocol):
    """What a game provides to publish puzzles (wording in the booklet's language)."""

    def words(self) -> Mapping[str, str]:
        """Translated labels: ``puzzle``, ``answers``, ``tier``, ``page`` and ``code``."""

    def front_matter(self, page_size: tuple[float, float]) -> list[Page]:
        """Pages placed after the title page: how to solve, what the tiers mean."""

    def verify(self, entry: Mapping[str, Any]) -> str | None:
        """Re-derive the answer of a manifest entry independently; a message if it differs."""


class VerificationError(RuntimeError):
    """An answer key disagreed with the independent check; nothing was written."""


# --------------------------------------------------------------------------- imposition


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


def blank_page(w: float, h: float) -> Page:
    """An empty page (padding for imposition)."""
    return DrawnPage(w, h, lambda canvas: None)


def pad_to_multiple(pages: list[Page], k: int, size: tuple[float, float]) -> list[Page]:
    """``pages`` followed by blank pages up to a multiple of ``k``. Blanks go before the last
    page so that a back cover stays on the back."""
    missing = (-len(pages)) % k
    if not missing:
        return pages
    blanks = [blank_page(*size) for _ in range(missing)]
    return [*pages[:-1], *blanks, pages[-1]] if len(pages) > 1 else [*pages, *blanks]


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


def page_and_sheet(paper: str, imposition: Imposition) -> tuple[tuple[float, float],
                                                                 tuple[float, float] | None]:
    """(reading page size, landscape sheet size or None) for ``--paper`` and ``--imposition``:
    saddle puts A5 pages on A4 (``a5`` or ``a4``) or half-Letter pages on Letter."""
    if paper not in ("a5", "a4", "letter"):
        raise ValueError(f"unknown paper {paper!r}")
    if imposition == "none":
        return PAPER[paper], None
    if paper == "letter":
        w, h = PAPER["letter"]
        return PAPER["half-letter"], (h, w)
    w, h = PAPER["a4"]
    return PAPER["a5"], (h, w)


# --------------------------------------------------------------------------- pages


def _stars(tier: int) -> str:
    return "★" * tier + "☆" * (5 - tier)


def _margin(w: float) -> float:
    return max(10.0, w * 0.07)


def _pill(canvas: Canvas, x: float, y: float, label: str, size: float) -> float:
    """A rounded badge with its left end at x, baseline area at y; returns its width."""
    w = text_width(label, size, "bold") + 4
    canvas.rect(x, y - 1.2, w, size * 0.55, Style(fill="#ECECF4", stroke=MUTED, width=0.2),
                radius=1.4)
    canvas.text(x + 2, y, label, size, "bold", MUTED)
    return w


def title_page(size: tuple[float, float], title: str, subtitle: str, lines: Sequence[str]
               ) -> Page:
    """A plain title page: title, subtitle and a few lines of detail."""
    w, h = size

    def paint(canvas: Canvas) -> None:
        m = _margin(w)
        ts = fit_size(title, w - 2 * m, 26, "bold")
        canvas.text(w / 2, h * 0.66, title, ts, "bold", INK, "middle")
        y = h * 0.66 - 12
        for line in wrap(subtitle, w - 2 * m, 12):
            canvas.text(w / 2, y, line, 12, "regular", MUTED, "middle")
            y -= 6
        canvas.line(w * 0.3, y - 2, w * 0.7, y - 2, Style(stroke=RULE, width=0.4))
        y -= 10
        for line in lines:
            canvas.text(w / 2, y, line, 9, "regular", INK, "middle")
            y -= 5

    return DrawnPage(w, h, paint)


def puzzle_page(size: tuple[float, float], item: PuzzleItem, heading: str, words: Mapping[str, str],
                folio: int) -> Page:
    """A puzzle page: heading, tier stars and badges, then the game's drawing, page number."""
    w, h = size

    def paint(canvas: Canvas) -> None:
        m = _margin(w)
        top = h - m
        hs = fit_size(heading, w - 2 * m - 30, 13, "bold")
        canvas.text(m, top - 5, heading, hs, "bold", INK)
        canvas.text(w - m, top - 5, _stars(item.tier), 12, "regular", INK, "end")
        canvas.text(w - m, top - 9.5, f"{words['tier']} {item.tier}", 7, "regular", MUTED, "end")
        x = m
        for badge in item.badges:
            x += _pill(canvas, x, top - 12, badge, 7) + 2
        canvas.line(m, top - 15, w - m, top - 15, Style(stroke=RULE, width=0.3))
        item.draw_puzzle(canvas, m, m + 6, w - 2 * m, h - 2 * m - 21)
        canvas.text(w / 2, m - 3, str(folio), 8, "regular", MUTED, "middle")

    return DrawnPage(w, h, paint)


def answer_pages(size: tuple[float, float], items: Sequence[PuzzleItem],
                 label: Callable[[PuzzleItem, int], str], words: Mapping[str, str],
                 first_folio: int, per_page: tuple[int, int] = (2, 3)) -> list[Page]:
    """The answer key: ``per_page`` (columns, rows) answers a page, each boxed and labelled."""
    w, h = size
    cols, rows = per_page
    per = cols * rows
    out: list[Page] = []
    for start in range(0, len(items), per):
        chunk = list(enumerate(items[start : start + per], start=start))
        folio = first_folio + len(out)

        def paint(canvas: Canvas, chunk: list[tuple[int, PuzzleItem]] = chunk,
                  folio: int = folio) -> None:
            m = _margin(w)
            canvas.text(m, h - m - 5, words["answers"], 13, "bold", INK)
            canvas.line(m, h - m - 8, w - m, h - m - 8, Style(stroke=RULE, width=0.3))
            top = h - m - 11
            bw = (w - 2 * m - (cols - 1) * 4) / cols
            bh = (top - m - 2 - (rows - 1) * 4) / rows
            for k, (index, item) in enumerate(chunk):
                c, r = k % cols, k // cols
                x = m + c * (bw + 4)
                y = top - (r + 1) * bh - r * 4
                canvas.rect(x, y, bw, bh, Style(stroke=RULE, width=0.3), radius=1.5)
                canvas.text(x + 2, y + bh - 4.5, label(item, index), 7.5, "bold", INK)
                item.draw_answer(canvas, x + 2, y + 2, bw - 4, bh - 8)
            canvas.text(w / 2, m - 3, str(folio), 8, "regular", MUTED, "middle")

        out.append(DrawnPage(w, h, paint))
    return out


def verify_all(game: PuzzleGame, items: Sequence[PuzzleItem]) -> list[dict[str, Any]]:
    """Every manifest entry, each re-checked by ``game.verify``; raises
    :class:`VerificationError` naming the first puzzle that disagrees, or a duplicate id."""
    entries = []
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise VerificationError(f"puzzle {item.id}: id used twice")
        seen.add(item.id)
        entry = item.manifest_entry()
        problem = game.verify(entry)
        if problem:
            raise VerificationError(f"puzzle {item.id}: {problem}")
        entries.append(entry)
    return entries


def manifest(game: str, title: str, header: Mapping[str, Any], entries: list[dict[str, Any]]
             ) -> dict[str, Any]:
    """The manifest object: ``game`` (which engine checks it), ``title``, the game's header
    fields (deck, seed…), ``puzzles``."""
    return {"game": game, "title": title, **header, "puzzles": entries}


def render_pages(pages: list[Page], page_size: tuple[float, float],
                 sheet: tuple[float, float] | None, pdf_title: str, subject: str = "") -> bytes:
    """Impose on ``sheet`` (saddle stitch) if one is given, and render to PDF bytes; the
    ``subject`` goes into the PDF's metadata (booklets put their manifest seal there)."""
    if sheet is not None:
        pages = impose_saddle(pad_to_multiple(pages, 4, page_size), sheet)
        duplex = "DuplexFlipShortEdge"
    else:
        duplex = None
    return pdf_bytes(pages, PdfOptions(title=pdf_title, subject=subject, duplex=duplex))


def write_sealed(out_dir: Path, data: Mapping[str, Any],
                 documents: Mapping[str, Callable[[str], bytes]]) -> list[Path]:
    """Render every document (``name → render(subject)``) sealed with the manifest ``data``
    (:func:`publish.manifest.seal_subject`), record their hashes in the manifest's ``files``,
    and write them with ``manifest.json`` into ``out_dir``, all or nothing."""
    subject = seal_subject(data)
    rendered = {name: render(subject) for name, render in documents.items()}
    sealed = {**data, "files": {name: file_digest(pdf) for name, pdf in rendered.items()}}
    return write_outputs(out_dir, {**rendered, "manifest.json": manifest_json(sealed)})


def write_outputs(out_dir: Path, files: Mapping[str, bytes | str]) -> list[Path]:
    """Write every output file atomically into ``out_dir`` (all or nothing)."""
    with atomic_dir(out_dir) as tmp:
        for name, data in files.items():
            target = tmp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, str):
                target.write_text(data, encoding="utf-8")
            else:
                target.write_bytes(data)
    return [out_dir / name for name in files]


def manifest_json(data: Mapping[str, Any]) -> str:
    """The manifest as stable, human-readable JSON (sorted nowhere: formats.md key order)."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"
