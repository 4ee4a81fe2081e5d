"""Calibration pages printed with every imposition: the scale check (page 1), its blank back
in duplex mode, and the two-page duplex check that measures a printer's front-to-back shift.

Every text is in the caller's ``lang`` (English, French or German, from
:mod:`spacebowl_print.publish.kittexts`) and names the imposed items with the caller's nouns — the
English ``noun``/``plural`` ("card", "tile"), printed in the language's own words ("Karte",
"tuile"). How the user applies the measured shift is the caller's ``offset_hint`` (a game names
its own setting or option), so this layer never names a command-line flag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacebowl_print.publish.kittexts import WORDS, nouns, word
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import fit_size, line_height, wrap

OFFSET_HINT = WORDS["en"]["offset_hint"]
"""Default English wording of how to apply the duplex check's reading (see
:func:`duplex_check_pages`; other languages have their own, ``offset_hint`` in
:data:`~spacebowl_print.publish.kittexts.WORDS`)."""


def paragraphs(canvas: Canvas, x: float, y: float, width: float, paras: Sequence[str],
                size: float = 9.5, gap: float = 1.6) -> float:
    """Wrapped paragraphs from baseline ``y`` downwards; returns the y below the last line."""
    lh = line_height(size, 1.3)
    for para in paras:
        font: Any = "bold" if para.startswith("**") else "regular"
        text = para.strip("*")
        for line in wrap(text, width, size, font):
            canvas.text(x, y, line, size, font)
            y -= lh
        y -= gap
    return y


def scale_check_page(paper: tuple[float, float], title: str, tips: Sequence[str],
                     lang: str = "en") -> Page:
    """Page 1: a 50 mm square with millimetre rulers, a 2-inch bar, "Print at 100 % (no
    scaling)", the document's ``title`` and printing ``tips`` (one paragraph each), in
    ``lang``; every line shrunk or wrapped to the page."""
    pw, ph = paper
    print_100, measure = word(lang, "print_100"), word(lang, "measure")
    inch_bar = word(lang, "inch_bar")

    def paint(c: Canvas) -> None:
        m = 18.0
        c.text(pw / 2, ph - m - 4, title, fit_size(title, pw - 2 * m, 20, "bold"), "bold",
               anchor="middle")
        c.text(pw / 2, ph - m - 14, print_100, fit_size(print_100, pw - 2 * m, 15, "bold"),
               "bold", fill="#B00020", anchor="middle")
        s, x0, y0 = 50.0, (pw - 50.0) / 2, ph - m - 80
        c.rect(x0, y0, s, s, Style(fill="#EEF2FF", stroke="#000000", width=0.3))
        for k in range(51):  # mm ticks on the bottom and left sides
            t = 3.0 if k % 10 == 0 else (2.0 if k % 5 == 0 else 1.2)
            c.line(x0 + k, y0, x0 + k, y0 + t, Style(stroke="#000000", width=0.12))
            c.line(x0, y0 + k, x0 + t, y0 + k, Style(stroke="#000000", width=0.12))
        for k in range(0, 51, 10):
            c.text(x0 + k, y0 - 3.5, str(k), 6, anchor="middle")
            c.text(x0 - 1.5, y0 + k - 0.8, str(k), 6, anchor="end")
        c.text(pw / 2, y0 + s / 2 + 2, word(lang, "square"), 11, "bold", anchor="middle")
        c.text(pw / 2, y0 + s / 2 - 4, measure, fit_size(measure, s - 4, 8, min_size=6),
               anchor="middle", fill="#444444")
        # A 2-inch bar for those with inch rulers.
        iy, ix = y0 - 14, (pw - 50.8) / 2
        c.rect(ix, iy, 50.8, 2.0, Style(fill="#000000"))
        for k in range(9):
            c.line(ix + k * 6.35, iy + 2, ix + k * 6.35, iy + (4 if k % 4 == 0 else 3),
                   Style(stroke="#000000", width=0.15))
        c.text(pw / 2, iy - 4, inch_bar, fit_size(inch_bar, pw - 2 * m, 7, min_size=6),
               anchor="middle")
        text = [word(lang, "scale_help"), *tips]
        paragraphs(c, m, iy - 14, pw - 2 * m, text)

    return DrawnPage(pw, ph, paint)


def blank_back_page(paper: tuple[float, float], noun: str = "card", lang: str = "en",
                    plural: str = "") -> Page:
    """The back of the scale-check page, so that item fronts start on the front of a sheet:
    two centred lines in ``lang`` saying so, naming the items (``noun``/``plural`` in English,
    ``plural`` by default ``noun`` + "s"), each shrunk to the page if need be."""
    pw, ph = paper
    text = word(lang, "blank", **nouns(noun, plural or noun + "s", lang).fields())

    def paint(c: Canvas) -> None:
        for k, line in enumerate(text.split("\n")):
            c.text(pw / 2, ph / 2 - 4 * k, line, fit_size(line, pw - 30, 8, min_size=6),
                   fill="#777777", anchor="middle")

    return DrawnPage(pw, ph, paint)


_RED = "#D00000"


def duplex_check_pages(paper: tuple[float, float], back_offset: tuple[float, float] = (0, 0),
                       offset_hint: str | None = None, noun: str = "card",
                       plural: str = "cards", lang: str = "en") -> list[Page]:
    """The duplex check: a front with a long red cross centred on the page, and a back (same
    layout rules as the item backs, ``back_offset`` included) with two millimetre rulers; the
    back says to print the items (``noun``/``plural``, the English words) again "with
    ``offset_hint``" set to the readings (None: the language's own wording of "the back offset
    set to X,Y"). Every text is in ``lang``; the titles shrink to the page.

    Held against the light, the red lines seen through the paper cross each ruler at the
    correction to use: the horizontal ruler gives X, the vertical one Y (tick ``v`` is drawn at
    ``centre + v`` in the back's own coordinates, which after a long-edge flip puts the front's
    centre line on ``v = −(printer shift)``; see the module docstring).
    """
    pw, ph = paper
    cx, cy = pw / 2, ph / 2
    arm = min(80.0, cx - 12.0)
    lead = 40.0 if arm > 50 else arm * 0.6
    names = nouns(noun, plural, lang).fields()
    hint = word(lang, "offset_hint") if offset_hint is None else offset_hint
    titles = [word(lang, "duplex_front"), word(lang, "duplex_back")]
    sizes = [fit_size(t, pw - 40, 16, "bold") for t in titles]

    def front(c: Canvas) -> None:
        c.text(cx, ph - 20, titles[0], sizes[0], "bold", anchor="middle")
        red = Style(stroke=_RED, width=0.35)
        c.line(cx - arm, cy, cx + arm, cy, red)
        c.line(cx, cy - arm, cx, cy + arm, red)
        c.circle(cx, cy, 3, red)
        paragraphs(c, 20, 52, pw - 40, [word(lang, "duplex_print", **names)])

    def back(c: Canvas) -> None:
        c.text(cx, ph - 20, titles[1], sizes[1], "bold", anchor="middle")
        _rulers(c, (cx + back_offset[0], cy + back_offset[1]), lead,
                (word(lang, "ruler_x"), word(lang, "ruler_y")))
        ox, oy = back_offset
        paragraphs(c, 20, 62, pw - 40, [
            word(lang, "duplex_hold"),
            word(lang, "duplex_read"),
            word(lang, "duplex_apply", hint=hint, ox=f"{ox:g}", oy=f"{oy:g}", **names),
        ], size=9)

    return [DrawnPage(pw, ph, front), DrawnPage(pw, ph, back)]


def _rulers(c: Canvas, centre: tuple[float, float], lead: float,
            names: tuple[str, str] = ("X (mm)", "Y (mm)")) -> None:
    """The duplex check's two millimetre rulers around ``centre`` (the back's centre, with the
    offset the backs use): the X ruler ``lead`` below it, the Y ruler ``lead`` right of it,
    each labelled with its entry of ``names``."""
    thin = Style(stroke="#000000", width=0.15)
    rx, ry = centre
    hy = ry - lead  # horizontal ruler (reads X) below the centre
    vx = rx + lead  # vertical ruler (reads Y) right of the centre
    span = 15
    for v in range(-span, span + 1):
        t = 4.0 if v % 5 == 0 else 2.2
        c.line(rx + v, hy - t, rx + v, hy + t, thin)
        c.line(vx - t, ry + v, vx + t, ry + v, thin)
        if v % 5 == 0:  # labels every 5 mm: 1 mm apart they would run into each other
            c.text(rx + v, hy - t - 3.2, f"{v:+d}" if v else "0", 6, anchor="middle")
            c.text(vx + t + 1.5, ry + v - 0.8, f"{v:+d}" if v else "0", 6)
    c.line(rx - span - 0.5, hy, rx + span + 0.5, hy, thin)
    c.line(vx, ry - span - 0.5, vx, ry + span + 0.5, thin)
    c.text(rx, hy + 7, names[0], 9, "bold", anchor="middle")
    c.text(vx - 6, ry - 1.2, names[1], 9, "bold", anchor="end")


__all__ = ["OFFSET_HINT", "blank_back_page", "duplex_check_pages", "paragraphs",
           "scale_check_page"]
