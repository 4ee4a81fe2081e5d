"""Calibration pages printed with every imposition: the scale check (page 1), its blank back
in duplex mode, and the two-page duplex check that measures a printer's front-to-back shift.

Texts name the imposed items with the caller's nouns ("card", "tile"); how the user applies the
measured shift is the caller's ``offset_hint`` (a game names its own setting or option), so this
layer never names a command-line flag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import fit_size, line_height, wrap

OFFSET_HINT = "the back offset set to X,Y"
"""Default wording of how to apply the duplex check's reading (see :func:`duplex_check_pages`)."""


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


def scale_check_page(paper: tuple[float, float], title: str, tips: Sequence[str]) -> Page:
    """Page 1: a 50 mm square with millimetre rulers, a 2-inch bar, "Print at 100 % (no
    scaling)", the document's ``title`` and printing ``tips`` (one paragraph each)."""
    pw, ph = paper

    def paint(c: Canvas) -> None:
        m = 18.0
        c.text(pw / 2, ph - m - 4, title, fit_size(title, pw - 2 * m, 20, "bold"), "bold",
               anchor="middle")
        c.text(pw / 2, ph - m - 14, "Print at 100 % (no scaling)", 15, "bold",
               fill="#B00020", anchor="middle")
        s, x0, y0 = 50.0, (pw - 50.0) / 2, ph - m - 80
        c.rect(x0, y0, s, s, Style(fill="#EEF2FF", stroke="#000000", width=0.3))
        for k in range(51):  # mm ticks on the bottom and left sides
            t = 3.0 if k % 10 == 0 else (2.0 if k % 5 == 0 else 1.2)
            c.line(x0 + k, y0, x0 + k, y0 + t, Style(stroke="#000000", width=0.12))
            c.line(x0, y0 + k, x0 + t, y0 + k, Style(stroke="#000000", width=0.12))
        for k in range(0, 51, 10):
            c.text(x0 + k, y0 - 3.5, str(k), 6, anchor="middle")
            c.text(x0 - 1.5, y0 + k - 0.8, str(k), 6, anchor="end")
        c.text(pw / 2, y0 + s / 2 + 2, "50 mm × 50 mm", 11, "bold", anchor="middle")
        c.text(pw / 2, y0 + s / 2 - 4, "measure me", 8, anchor="middle", fill="#444444")
        # A 2-inch bar for those with inch rulers.
        iy, ix = y0 - 14, (pw - 50.8) / 2
        c.rect(ix, iy, 50.8, 2.0, Style(fill="#000000"))
        for k in range(9):
            c.line(ix + k * 6.35, iy + 2, ix + k * 6.35, iy + (4 if k % 4 == 0 else 3),
                   Style(stroke="#000000", width=0.15))
        c.text(pw / 2, iy - 4, "this bar is 2 inches (50.8 mm) long", 7, anchor="middle")
        text = ["If the square is not exactly 50 mm, turn off “Fit to page”, “Shrink to fit” "
                "or any scaling in the print dialog and print again.", *tips]
        paragraphs(c, m, iy - 14, pw - 2 * m, text)

    return DrawnPage(pw, ph, paint)


def blank_back_page(paper: tuple[float, float], noun: str = "card") -> Page:
    """The back of the scale-check page, so that item fronts start on the front of a sheet."""
    pw, ph = paper

    def paint(c: Canvas) -> None:
        c.text(pw / 2, ph / 2, f"This side is left blank on purpose: it keeps every {noun} front",
               8, fill="#777777", anchor="middle")
        c.text(pw / 2, ph / 2 - 4, "on the front of a sheet when you print double-sided.", 8,
               fill="#777777", anchor="middle")

    return DrawnPage(pw, ph, paint)


_RED = "#D00000"


def duplex_check_pages(paper: tuple[float, float], back_offset: tuple[float, float] = (0, 0),
                       offset_hint: str = OFFSET_HINT, noun: str = "card",
                       plural: str = "cards") -> list[Page]:
    """The duplex check: a front with a long red cross centred on the page, and a back (same
    layout rules as the item backs, ``back_offset`` included) with two millimetre rulers; the
    back says to print the ``plural`` again "with ``offset_hint``" set to the readings.

    Held against the light, the red lines seen through the paper cross each ruler at the
    correction to use: the horizontal ruler gives X, the vertical one Y (tick ``v`` is drawn at
    ``centre + v`` in the back's own coordinates, which after a long-edge flip puts the front's
    centre line on ``v = −(printer shift)``; see the module docstring).
    """
    pw, ph = paper
    cx, cy = pw / 2, ph / 2
    arm = min(80.0, cx - 12.0)
    lead = 40.0 if arm > 50 else arm * 0.6

    def front(c: Canvas) -> None:
        c.text(cx, ph - 20, "Duplex check — front", 16, "bold", anchor="middle")
        red = Style(stroke=_RED, width=0.35)
        c.line(cx - arm, cy, cx + arm, cy, red)
        c.line(cx, cy - arm, cx, cy + arm, red)
        c.circle(cx, cy, 3, red)
        paragraphs(c, 20, 52, pw - 40, [
            "Print this page and the next one on one sheet, double-sided, flipping on the "
            f"long edge — as you print the {noun} sheets. Then turn to the back."])

    def back(c: Canvas) -> None:
        c.text(cx, ph - 20, "Duplex check — back", 16, "bold", anchor="middle")
        _rulers(c, (cx + back_offset[0], cy + back_offset[1]), lead)
        ox, oy = back_offset
        paragraphs(c, 20, 62, pw - 40, [
            "Hold this sheet against a window or a lamp, this side facing you. The red lines "
            "printed on the other side show through.",
            "Read the number where the red vertical line crosses the X ruler, and where the red "
            "horizontal line crosses the Y ruler (half millimetres are fine).",
            f"Print the {plural} again with {offset_hint} using those two "
            f"numbers (this page used {ox:g},{oy:g}: add your readings to it). "
            "Both on 0: your printer needs no correction.",
        ], size=9)

    return [DrawnPage(pw, ph, front), DrawnPage(pw, ph, back)]


def _rulers(c: Canvas, centre: tuple[float, float], lead: float) -> None:
    """The duplex check's two millimetre rulers around ``centre`` (the back's centre, with the
    offset the backs use): the X ruler ``lead`` below it, the Y ruler ``lead`` right of it."""
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
    c.text(rx, hy + 7, "X (mm)", 9, "bold", anchor="middle")
    c.text(vx - 6, ry - 1.2, "Y (mm)", 9, "bold", anchor="end")


__all__ = ["OFFSET_HINT", "blank_back_page", "duplex_check_pages", "paragraphs",
           "scale_check_page"]
