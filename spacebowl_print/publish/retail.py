"""The pages a book on sale has around its puzzles, for every game and language: the
copyright page, the table of contents and the colophon.

* The **copyright page** says what books on sale say, and nothing of the tool: © year and
  holder (the author, else the publisher), the reader's rights (all rights reserved, or the
  Creative Commons licence of ``--licence``), the edition (a press book's default: the first,
  of the copyright year), the publisher and the ISBN, and a credit line for the original game
  with its designer and publisher (from the game's table) and that this book is independent of
  them. Every line is in the book's language.
* The **contents**: the teaching page, the puzzles (an undated book: one entry per tier), the
  answers and the colophon, with their page numbers and dot leaders.
* The **colophon** (``--colophon``): the tool's version and seed, how every answer was
  checked, what the puzzles were made from, and how to check them again with the book's
  ``manifest.json``. The same details are always in ``manifest.json`` itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from spacebowl_print import __version__
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish.bookinfo import BookInfo
from spacebowl_print.publish.booktexts import LICENCE_NAMES
from spacebowl_print.publish.layout import Frame
from spacebowl_print.publish.table import Game
from spacebowl_print.render.api import Canvas, FontName, Style
from spacebowl_print.render.fonts import line_height, text_width, wrap

NOTE_SIZE = 8.0
"""Type size of the copyright page (well above every press's smallest text)."""
CONTENTS_SIZE = 10.0


def copyright_lines(info: BookInfo, words: Mapping[str, str], game: Game, year: int,
                    retail: bool) -> list[list[str]]:
    """The copyright page's blocks of lines, in order: the copyright and the reader's rights;
    the edition, publisher and ISBN; the original game's credit. ``retail``: a press book,
    whose edition line is never missing (the first edition of ``year`` by default)."""
    holder = info.author or info.publisher
    rights: list[str] = []
    if holder:
        rights.append(words["copyright"].format(year=year, holder=holder))
    licence = info.licence or "all-rights-reserved"
    if licence == "all-rights-reserved":
        if holder:
            rights.append(words["all_rights"])
    elif licence == "cc0-1.0":
        rights.append(words["licence_cc0"].format(url=LICENCE_NAMES[licence][2]))
    else:
        name, short, url = LICENCE_NAMES[licence]
        rights.append(words["licence_cc"].format(name=name, short=short, url=url))
    edition = info.edition or (words["first_edition"].format(year=year) if retail else "")
    imprint = [line for line in (
        edition,
        words["published_by"].format(publisher=info.publisher) if info.publisher else "",
        words["isbn"].format(isbn=info.isbn) if info.isbn else "") if line]
    return [block for block in (rights, imprint, credit_lines(game, words)) if block]


def credit_lines(game: Game, words: Mapping[str, str]) -> list[str]:
    """The original game's credit (designer and publisher, as the game's table has them) and
    that the book is independent of them; nothing for a game that names neither."""
    if game.designer and game.publisher:
        line = words["credit_both"]
    elif game.designer:
        line = words["credit_designer"]
    elif game.publisher:
        line = words["credit_publisher"]
    else:
        return []
    return [line.format(game=game.title, designer=game.designer, publisher=game.publisher,
                        published=game.published), words["independent"]]


def copyright_page(blocks: Sequence[Sequence[str]]) -> pub.PageFn:
    """The verso of the title page: ``blocks`` of lines (:func:`copyright_lines`) set at the
    foot of the page, the first line (the copyright) in bold, the others regular."""

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, _ = f.content

        def paint(canvas: Canvas) -> None:
            lh = line_height(NOTE_SIZE, 1.35)
            faces: tuple[FontName, FontName] = ("regular", "bold")
            wrapped = [[(part, faces[k == j == 0]) for j, line in enumerate(block)
                        for part in wrap(line, w, NOTE_SIZE, faces[k == j == 0])]
                       for k, block in enumerate(blocks)]
            top = y + lh * sum(len(b) for b in wrapped) + 3 * (len(wrapped) - 1) + 1
            for k, block in enumerate(wrapped):
                for part, face in block:
                    canvas.text(x, top, part, NOTE_SIZE, face, pub.INK if k == 0 else pub.MUTED)
                    top -= lh
                top -= 3

        return paint

    return page


@dataclass(frozen=True)
class Entry:
    """One line of the contents: its ``label``, its ``page``, and whether it is ``sub``
    (a tier's section under the puzzles)."""

    label: str
    page: int
    sub: bool = False


def contents_page(heading: str, entries: Sequence[Entry]) -> pub.PageFn:
    """The table of contents: ``heading`` over one line an entry, the page number at the right
    end of a dotted leader; sections indented."""

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            pub.page_heading(canvas, f.content, heading)
            top = y + h - 18
            lh = line_height(CONTENTS_SIZE, 1.6)
            for entry in entries:
                indent = 6.0 if entry.sub else 0.0
                number = str(entry.page)
                nw = text_width(number, CONTENTS_SIZE)
                face: FontName = "regular" if entry.sub else "bold"
                lines = wrap(entry.label, w - indent - nw - 8, CONTENTS_SIZE, face)
                for line in lines[:-1]:
                    canvas.text(x + indent, top, line, CONTENTS_SIZE, face, pub.INK)
                    top -= lh
                last = lines[-1] if lines else ""
                canvas.text(x + indent, top, last, CONTENTS_SIZE, face, pub.INK)
                start = x + indent + text_width(last, CONTENTS_SIZE, face) + 2
                canvas.line(start, top + 0.3, x + w - nw - 2, top + 0.3,
                            Style(stroke=pub.MUTED, width=0.3, dash=(0.4, 1.2)))
                canvas.text(x + w, top, number, CONTENTS_SIZE, "regular", pub.INK, "end")
                top -= lh
            pub.folio_text(canvas, f, folio)

        return paint

    return page


def colophon_page(heading: str, words: Mapping[str, str], seed: int, what: str
                  ) -> pub.PageFn:
    """The colophon: the tool's version and the seed, how the answers were checked (the
    game's own claim where it has one: a Hubble par is proved reachable, not best), what the
    puzzles were made from, and how to check them again."""
    lines = [words["made_with"].format(version=__version__, seed=seed), words["checked"]]
    if what:
        lines.append(words["material"].format(what=what))

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            pub.page_heading(canvas, f.content, heading)
            top = y + h - 18
            lh = line_height(9, 1.35)
            for line in lines:
                for part in wrap(line, w, 9):
                    canvas.text(x, top, part, 9, "regular", pub.INK)
                    top -= lh
                top -= 3
            pub.folio_text(canvas, f, folio)

        return paint

    return page


__all__ = ["Entry", "colophon_page", "contents_page", "copyright_lines", "copyright_page",
           "credit_lines"]
