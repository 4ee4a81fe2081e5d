"""Classroom sets: a first page a ten-year-old can follow alone (what to find, what each piece
looks like, a worked example solved by the engine), worksheets with a code, name and date
lines and answer lines, and a teacher's key that fits a class on one page."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from spacebowl_print.games.spacebowl.art.minigalaxy import (
    INK,
    MUTED,
    black_hole_disc,
    destination_disc,
    draw_galaxy,
    draw_toss,
    wild_token,
)
from spacebowl_print.games.spacebowl.art.sky import planet_disc
from spacebowl_print.games.spacebowl.model import Deck
from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle, answer_reasons
from spacebowl_print.games.spacebowl.puzzles.texts import WORDS
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish import pod
from spacebowl_print.publish.pod import Frame
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.fonts import fit_size, line_height, text_width, wrap
from spacebowl_print.render.furniture import paragraphs

Sheet = tuple[str, list[SpaceBowlPuzzle]]
"""A student's worksheet: its code and its puzzles."""
EXAMPLE_MONDAY = dt.date(2027, 1, 4)
"""A Monday: daily puzzles on Mondays are tier 1, the gentlest, for the worked example."""
KEY_COLUMNS = 6
"""Puzzle columns per teacher's key table (more puzzles continue in a second table)."""


def worked_example(deck: Deck, lang: str, seed: int) -> SpaceBowlPuzzle:
    """A tier-1 puzzle (learning mode, two marbles) made and solved by the engine."""
    return daily_puzzles(deck, EXAMPLE_MONDAY, 1, seed + 7919, (1, 1), lang)[0]


def _legend(canvas: Canvas, deck: Deck, x: float, top: float, w: float, lang: str) -> float:
    """Every piece once, drawn as on the puzzles, with its name: the disc, the black hole,
    the Wild token and the planets (glyph and letter). Returns the y under it."""
    words = WORDS[lang]
    canvas.text(x, top - 5, words["legend"], 11, "bold", INK)
    top -= 9
    r = 4.2
    items: list[tuple[str, str]] = [("disc", words["legend_disc"]),
                                    ("hole", words["legend_hole"]),
                                    ("wild", words["legend_wild"])]
    col_w = w / 3
    for k, (kind, label) in enumerate(items):
        cx = x + k * col_w + r + 1
        if kind == "disc":
            destination_disc(canvas, cx, top - r, r)
        elif kind == "hole":
            black_hole_disc(canvas, cx, top - r, r * 0.9)
        else:
            wild_token(canvas, cx, top - r, r, words["wild"][0])
        lines = wrap(label, col_w - 2 * r - 4, 8)
        for n, line in enumerate(lines[:3]):
            canvas.text(cx + r + 2, top - 2.5 - n * 3.6, line, 8, "regular", INK)
    top -= 2 * r + 6
    pitch = w / len(deck.planets)
    for k, planet in enumerate(deck.planets):
        cx = x + k * pitch + pitch / 2
        planet_disc(canvas, planet, cx, top - 5.5, 5.0)
        name = f"{planet.name} ({planet.id})"
        size = fit_size(name, pitch - 1, 8, "regular", 6.0)
        canvas.text(cx, top - 14.5, name, size, "regular", INK, "middle")
    return top - 18


def first_page(deck: Deck, lang: str, seed: int) -> pub.PageFn:
    """How to solve, the legend, and a worked example with its answer and reason."""
    words = WORDS[lang]
    example = worked_example(deck, lang, seed)

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            size = fit_size(words["how_title"], w, 16, "bold")
            canvas.text(x, y + h - 6, words["how_title"], size, "bold", INK)
            top = paragraphs(canvas, x, y + h - 10, w,
                             [words[f"how_{k}"] for k in range(1, 5)], 10, numbered=True,
                             fill=INK)
            top = _legend(canvas, deck, x, top - 2, w, lang)
            canvas.text(x, top - 5, words["example"], 11, "bold", INK)
            top -= 8
            reasons = answer_reasons(example)
            text_h = sum(len(wrap(r, w, 9)) for r in reasons) * line_height(9, 1.3) + 4
            box_h = top - y - text_h
            toss = min(box_h, w * 0.34)
            draw_galaxy(canvas, deck, example.galaxy, x, top - box_h, w - toss - 4, box_h,
                        marked=[s.cell for s in example.solutions])
            draw_toss(canvas, deck, example.toss, x + w - toss, top - toss, toss - 2,
                      words["toss"])
            paragraphs(canvas, x, y + text_h, w, reasons, 9, fill=INK)

        return paint

    return page


def classroom_pages(deck: Deck, layout: pub.Layout, sets: Sequence[Sheet], lang: str,
                    seed: int) -> list[pub.PageFn]:
    """The first page, then every student's worksheet: two puzzles a page on A4 and Letter,
    one on A5, each page with the code, name and date lines."""
    words = WORDS[lang]
    per_page = 1 if layout.trim.width < 180 else 2
    fns = [first_page(deck, lang, seed)]
    for code, sheet in sets:
        for start in range(0, len(sheet), per_page):
            items = [(p, f"{words['code']} {code} · {words['puzzle']} {k + 1}/{len(sheet)}")
                     for k, p in enumerate(sheet[start : start + per_page], start=start)]
            fields = [f"{words['name']}:", f"{words['date']}:", f"{words['code']} {code}"]
            fns.append(pub.puzzle_page(items, words, fields))
    return fns


def short_answer(p: SpaceBowlPuzzle) -> str:
    """The answer in a key cell: the valid cards (with their turns under rotation, "W" when
    the Wild token is needed), a count first when the question asks for one, or "—"."""
    cells = []
    for s in p.solutions:
        note = "/".join(f"{t}°" for t in s.rotations) if p.variants.rotation else ""
        cells.append(s.cell.name + (f" {note}" if note else "") + (" W" if s.wild else ""))
    text = ", ".join(cells) if cells else "—"
    return f"{len(cells)}: {text}" if p.question == "count" and cells else (
        "0" if p.question == "count" else text)


def teacher_key(sets: Sequence[Sheet], lang: str, layout: pub.Layout) -> list[pub.PageFn]:
    """The key as tables: one row per worksheet code, one column per puzzle (at most
    :data:`KEY_COLUMNS` a table); as many rows a page as fit, so a class of 30 with up to
    six puzzles each is one page."""
    words = WORDS[lang]
    puzzles = max(len(sheet) for _, sheet in sets)
    blocks = [list(range(a, min(a + KEY_COLUMNS, puzzles)))
              for a in range(0, puzzles, KEY_COLUMNS)]
    content_h = pod.frame(layout.trim, 1, 100, layout.bleed, layout.margin).content[3]
    per_page = max(1, int((content_h - KEY_HEAD) // KEY_ROW) - 2)
    fns: list[pub.PageFn] = []
    for block in blocks:
        for a in range(0, len(sets), per_page):
            fns.append(_key_page(block, sets[a : a + per_page], words))
    return fns


KEY_ROW, KEY_HEAD = 6.2, 16.0
"""Row height and heading height (mm) of the teacher's key."""


def _key_page(columns: list[int], part: Sequence[Sheet], words: dict[str, str]
              ) -> pub.PageFn:
    """One page of the key: the heading and a table of ``part``'s codes × ``columns``."""

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            canvas.text(x, y + h - 6, words["teacher_key"], 15, "bold", INK)
            canvas.text(x, y + h - 11.5, words["answers_by_code"], 9, "regular", MUTED)
            code_w = max(18.0, text_width(words["code"], 9, "bold") + 6)
            col_w = (w - code_w) / len(columns)
            top = y + h - KEY_HEAD
            canvas.text(x + 1, top - 4.3, words["code"], 9, "bold", INK)
            for k, c in enumerate(columns):
                head = f"{words['puzzle']} {c + 1}"
                canvas.text(x + code_w + k * col_w + 1, top - 4.3, head,
                            fit_size(head, col_w - 2, 9, "bold", 6), "bold", INK)
            canvas.line(x, top - KEY_ROW, x + w, top - KEY_ROW, Style(stroke=INK, width=0.4))
            for r, (code, sheet) in enumerate(part):
                ry = top - (r + 2) * KEY_ROW
                if r % 2 == 0:
                    canvas.rect(x, ry, w, KEY_ROW, Style(fill="#EEF1F6"))
                canvas.text(x + 1, ry + 1.8, code, 9, "bold", INK)
                for k, c in enumerate(columns):
                    if c < len(sheet):
                        text = short_answer(sheet[c])
                        size = fit_size(text, col_w - 2, 8.5, "regular", 6.0)
                        canvas.text(x + code_w + k * col_w + 1, ry + 1.8, text, size,
                                    "regular", INK)
            pub.folio_text(canvas, f, folio)

        return paint

    return page
