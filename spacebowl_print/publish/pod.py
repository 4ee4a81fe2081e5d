"""Print-on-demand pages that draw: a book page inside its frame (TrimBox and BleedBox
declared with bleed), the one-sheet cover (back, spine, front) and its proof with the guides
drawn over it. The geometry they draw in — trims, margins, gutters, the cover's size — is
:mod:`spacebowl_print.publish.layout`; the press's figures (safe zone, spine, barcode) are
:mod:`spacebowl_print.publish.press`.

Everything a cover prints is set in full or refused: titles and subtitles are broken evenly
(:func:`~spacebowl_print.render.fonts.balanced`), shrink down to the press's smallest text
and no further; what cannot be set then is an :class:`InputError` naming the field and its
limit (never a line lost off the sheet).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.layout import (
    BARCODE_EDGE_IN,
    BARCODE_IN,
    BLEED_IN,
    INCH,
    SAFE_IN,
    SPINE_TEXT_CLEARANCE_IN,
    CoverGeometry,
    Frame,
    Trim,
    cover_geometry,
    frame,
)
from spacebowl_print.publish.press import BookPress
from spacebowl_print.render.api import (
    MM_PER_PT,
    Box,
    BoxedPage,
    BoxPainter,
    Canvas,
    DrawnPage,
    FontName,
    Page,
    Style,
)
from spacebowl_print.render.barcode import (
    NOMINAL_MODULE_MM,
    barcode_layout,
    draw_isbn_barcode,
)
from spacebowl_print.render.fonts import balanced, fit_size, line_height, text_width, wrap

HOME_FLOOR_PT = 6.0
"""The project's own smallest printed text (a press may ask for more)."""
MIN_ART_MM = 20.0
"""The least height left for the front cover's art under the title, subtitle and author."""


def framed(page_for: Callable[[Frame], Page], trim: Trim, page: int, pages: int, bleed: bool,
           margin: float | None = None, press: BookPress | None = None) -> Page:
    """A book page: ``page_for`` draws within its :class:`Frame` (the ``press``'s margins and
    gutter when given); with bleed the PDF page declares its TrimBox and BleedBox."""
    f = frame(trim, page, pages, bleed, margin, press)
    drawn = page_for(f)
    return BoxedPage(drawn, f.trim, f.bleed) if bleed else drawn


# --------------------------------------------------------------------------- cover


@dataclass(frozen=True)
class CoverText:
    """What a cover prints: the ``title`` and ``subtitle`` (front, the title on the back
    too), the ``blurb`` (back), the ``spine`` line (title and author) and ``spine_short``
    (the title alone, set when the whole line would be under the floor), the ``author``
    (front), the ``imprint`` line (publisher, ISBN: back), the ``isbn`` and ``price`` for the
    barcode, and the language (the spine reads top to bottom in English, bottom to top in
    French and German, as books in those languages do)."""

    title: str
    subtitle: str = ""
    blurb: str = ""
    spine: str = ""
    spine_short: str = ""
    author: str = ""
    imprint: str = ""
    isbn: str = ""
    price: str = ""
    lang: str = "en"


@dataclass(frozen=True)
class CoverPlan:
    """Where a cover's parts lie (mm from the sheet's lower-left corner): the geometry, the
    safe areas of back, front and spine, the barcode zone and who fills it (``service``:
    left clear, ``publisher``: our barcode drawn in it, ``none``)."""

    geometry: CoverGeometry
    back_safe: Box
    front_safe: Box
    spine_safe: Box
    zone: Box
    barcode_by: str


def cover_plan(trim: Trim, pages: int, stock: str, press: BookPress | None = None
               ) -> CoverPlan:
    """The cover's geometry and zones for ``press`` (None: the project's print-on-demand
    figures, KDP's)."""
    g = cover_geometry(trim, pages, stock, press)
    safe = (press.cover.safe_in if press else SAFE_IN) * INCH
    clear = (press.cover.spine_clearance_in if press else SPINE_TEXT_CLEARANCE_IN) * INCH
    zw, zh = ((v * INCH for v in press.barcode.zone_in) if press
              else (v * INCH for v in BARCODE_IN))
    from_spine = (press.barcode.from_spine_in if press else BARCODE_EDGE_IN) * INCH
    from_bottom = (press.barcode.from_bottom_in if press else BARCODE_EDGE_IN) * INCH
    bx, by, bw, bh = g.back
    fx, fy, fw, fh = g.front
    zone = (bx + bw - from_spine - zw, by + from_bottom, zw, zh)
    spine = (g.spine_x + clear, by + safe, g.spine_w - 2 * clear, bh - 2 * safe)
    return CoverPlan(g, (bx + safe, by + safe, bw - 2 * safe, bh - 2 * safe),
                     (fx + safe, fy + safe, fw - 2 * safe, fh - 2 * safe), spine, zone,
                     press.barcode.printed_by if press else "service")


def cover_page(trim: Trim, pages: int, stock: str, text: CoverText,
               art: BoxPainter | None = None, press: BookPress | None = None,
               background: str = "#0B1026", ink: str = "#FFFFFF") -> Page:
    """The cover sheet: background to the bleed edge; the front with the title, subtitle,
    ``art`` and the author at the foot; the spine line (only from the press's page count,
    kept clear of the spine's edges); the back with the title, the blurb, the imprint beside
    the barcode zone, and the EAN-13 barcode of the ISBN (with the price add-on) drawn in the
    zone where the press wants the publisher's, the zone left clear where the press prints
    its own. Text stays inside the press's safe zone and never under its smallest size (or
    6 pt); what cannot be set so is an :class:`InputError` naming the field."""
    plan = cover_plan(trim, pages, stock, press)
    floor = max(HOME_FLOOR_PT, press.text.min_text_pt if press else HOME_FLOOR_PT)
    front = _front(plan.front_safe, text, floor)
    back = _back(plan, text, floor)
    spine = _spine(plan, text, floor) if plan.geometry.spine_text else None
    g = plan.geometry

    def paint(c: Canvas) -> None:
        c.rect(0, 0, g.width, g.height, Style(fill=background))
        front(c, art, ink)
        back(c, ink)
        if spine is not None:
            spine(c, ink)

    b = (press.bleed.bleed_in if press else BLEED_IN) * INCH
    return BoxedPage(DrawnPage(g.width, g.height, paint),
                     (b, b, g.width - 2 * b, trim.height), (0.0, 0.0, g.width, g.height))


def _lines(s: str, width: float, size: float, floor: float, most: int,
           font: FontName = "regular") -> tuple[list[str], float]:
    """``s`` broken evenly in at most ``most`` lines at the largest size from ``size`` down
    to ``floor``; at the floor, as many lines as it takes."""
    if not s:
        return [], size
    step = size
    while step > floor:
        lines = balanced(s, width, step, font)
        if len(lines) <= most and all(text_width(ln, step, font) <= width for ln in lines):
            return lines, step
        step = max(floor, step - 0.5)
    return balanced(s, width, floor, font), floor


def _front(box: Box, text: CoverText, floor: float
           ) -> Callable[[Canvas, BoxPainter | None, str], None]:
    x, y, w, h = box
    inner = w - 6
    author, asize = _lines(text.author, inner, 14, floor, 2, "bold")
    title, tsize = _lines(text.title, inner, 30, max(floor, 12), 3, "bold")
    sub, ssize = _lines(text.subtitle, inner, 13, floor, 3)
    alh, tlh, slh = (line_height(s, 1.15) for s in (asize, tsize, ssize))
    foot = y + (alh * len(author) + 4 if author else 0)
    top = y + h - 16
    under = top - tlh * (len(title) - 1) - (3 + slh * len(sub) if sub else 0)
    if under - foot - 10 < MIN_ART_MM:
        field = max((("title", len(text.title)), ("subtitle", len(text.subtitle)),
                     ("author", len(text.author))), key=lambda p: p[1])[0]
        raise InputError(f"the title, subtitle and author fill the front cover of a "
                         f"{w / INCH + 0.5:.2f} in wide book at the smallest text; shorten "
                         f"them (the art needs {MIN_ART_MM:g} mm)", field)

    def paint(c: Canvas, art: BoxPainter | None, ink: str) -> None:
        ty = top
        for line in title:
            c.text(x + w / 2, ty, line, tsize, "bold", ink, "middle")
            ty -= tlh
        ty -= 3 - tlh
        for line in sub:
            ty -= slh
            c.text(x + w / 2, ty, line, ssize, "regular", ink, "middle")
        ay = y + 1 + alh * (len(author) - 1)
        for line in author:
            c.text(x + w / 2, ay, line, asize, "bold", ink, "middle")
            ay -= alh
        if art is not None:
            art(c, (x + 3, foot + 3, w - 6, ty - foot - 10))

    return paint


def _back(plan: CoverPlan, text: CoverText, floor: float) -> Callable[[Canvas, str], None]:
    x, y, w, h = plan.back_safe
    zx, zy, zw, zh = plan.zone
    inner = w - 10
    title, tsize = _lines(text.title, inner, 16, floor, 3, "bold")
    tlh = line_height(tsize, 1.15)
    # the imprint sits left of the barcode zone from the foot of the safe area up, or above
    # the zone when there is no room beside it
    room = zx - (x + 5) - 4
    beside = room > 25
    imprint = wrap(text.imprint, room if beside else inner, 8) if text.imprint else []
    lh8 = line_height(8, 1.2)
    if beside:
        imprint_top = y + 1 + lh8 * (len(imprint) - 1)
        blurb_floor = max(zy + zh, y + lh8 * len(imprint)) + 6
    else:
        imprint_top = zy + zh + 3 + lh8 * (len(imprint) - 1)
        blurb_floor = imprint_top + lh8 + 4
    top = y + h - 4 - tlh * len(title) - 4
    blurb, bsize = _fit_blurb(text.blurb, inner, top - blurb_floor, floor)
    blh = line_height(bsize, 1.3)
    barcode = plan.barcode_by == "publisher" and bool(text.isbn)
    module = _module(plan.zone, bool(text.price)) if barcode else NOMINAL_MODULE_MM

    def paint(c: Canvas, ink: str) -> None:
        ty = y + h - 4 - line_height(tsize, 1.0) * 0.75
        for line in title:
            c.text(x + 5, ty, line, tsize, "bold", ink)
            ty -= tlh
        ty = top
        for para in blurb:
            for line in para:
                ty -= blh
                c.text(x + 5, ty, line, bsize, "regular", ink)
            ty -= blh * 0.4
        if plan.barcode_by == "service":
            # left empty and white, so the service can print its barcode there
            c.rect(zx, zy, zw, zh, Style(fill="#FFFFFF"))
        elif barcode:
            lay = barcode_layout(bool(text.price), module)
            draw_isbn_barcode(c, zx + zw - lay.width, zy, text.isbn, text.price or None,
                              module)
        iy = imprint_top
        for line in imprint:
            c.text(x + 5, iy, line, 8, "regular", ink)
            iy -= lh8

    return paint


def _fit_blurb(blurb: str, width: float, height: float, floor: float
               ) -> tuple[list[list[str]], float]:
    """The blurb's paragraphs wrapped at the largest size from 11 pt down to ``floor`` that
    fits ``height``; an :class:`InputError` at ``blurb`` when even the floor does not."""
    paras = blurb.split("\n")
    size = 11.0
    while True:
        lines = [wrap(p, width, size) for p in paras]
        lh = line_height(size, 1.3)
        need = lh * sum(len(p) for p in lines) + lh * 0.4 * max(0, len(paras) - 1)
        if need <= height or size <= floor:
            break
        size = max(floor, size - 0.5)
    if need > height:
        fits = int(len(blurb) * max(0.0, height) / need)
        raise InputError(f"{len(blurb)} characters do not fit on the back cover at "
                         f"{floor:g} pt (about {fits} fit beside the title and barcode)",
                         "blurb")
    return lines, size


def _module(zone: Box, addon: bool) -> float:
    """The barcode's module: nominal (0.33 mm) when the symbol fits the zone, else as large
    as fits (GS1 allows 80 % of nominal)."""
    lay = barcode_layout(addon)
    scale = min(1.0, zone[2] / lay.width, zone[3] / lay.height)
    return round(NOMINAL_MODULE_MM * scale - 0.0005, 3)


def _spine(plan: CoverPlan, text: CoverText, floor: float
           ) -> Callable[[Canvas, str], None] | None:
    g = plan.geometry
    _, sy, sw, sh = plan.spine_safe
    size = min(12.0, sw / MM_PER_PT * 0.72)
    if size < floor or not text.spine:  # a spine this thin takes no text
        return None
    line = text.spine
    fitted = fit_size(line, sh, size, "bold", 0.1)
    if fitted < floor and text.spine_short:
        line = text.spine_short
        fitted = fit_size(line, sh, size, "bold", 0.1)
    if fitted < floor:
        most = int(len(line) * fitted / floor)
        raise InputError(f"{len(line)} characters do not fit on the spine of this book at "
                         f"{floor:g} pt (at most {most})", "title")

    def paint(c: Canvas, ink: str) -> None:
        c.save()
        c.translate(g.spine_x + g.spine_w / 2, sy + sh / 2)
        c.rotate(-90 if text.lang == "en" else 90)
        c.text(0, -fitted * MM_PER_PT * 0.36, line, fitted, "bold", ink, "middle")
        c.restore()

    return paint


# --------------------------------------------------------------------------- guides

GUIDE_COLOURS = {"trim": "#E0007A", "bleed": "#D00000", "fold": "#0060FF", "safe": "#00A040",
                 "barcode": "#FF8C00"}


def cover_guides(cover: Page, plan: CoverPlan, lang_words: dict[str, str]) -> Page:
    """The cover with its guides drawn over it, for the publisher to look at before
    uploading: the trim (magenta), the bleed edge (red), the spine folds (blue, dashed), the
    safe zones of back, front and spine (green, dashed) and the barcode box (orange), with a
    legend in ``lang_words`` (``trim``, ``bleed``, ``fold``, ``safe``, ``barcode``) on the
    back cover's upper margin."""
    g = plan.geometry
    b = g.back[1]

    def paint(c: Canvas) -> None:
        cover.draw(c)
        fine = 0.35
        c.rect(fine / 2, fine / 2, g.width - fine, g.height - fine,
               Style(stroke=GUIDE_COLOURS["bleed"], width=fine))
        c.rect(b, b, g.width - 2 * b, g.height - 2 * b,
               Style(stroke=GUIDE_COLOURS["trim"], width=fine))
        fold = Style(stroke=GUIDE_COLOURS["fold"], width=fine, dash=(2.0, 1.2))
        for fx in (g.spine_x, g.spine_x + g.spine_w):
            c.line(fx, 0, fx, g.height, fold)
        safe = Style(stroke=GUIDE_COLOURS["safe"], width=fine, dash=(1.2, 1.0))
        for box in (plan.back_safe, plan.front_safe, plan.spine_safe):
            if box[2] > 0:
                c.rect(*box, safe)
        c.rect(*plan.zone, Style(stroke=GUIDE_COLOURS["barcode"], width=0.5))
        # the legend: small swatches with names, on white, at the top of the back cover
        x, y = g.back[0] + 2, g.height - b - 2 - 4
        c.rect(x - 1, y - 1.6, 5 * 24 + 2, 5.2, Style(fill="#FFFFFF"))
        for key in ("trim", "bleed", "fold", "safe", "barcode"):
            c.rect(x, y, 3, 2, Style(fill=GUIDE_COLOURS[key]))
            c.text(x + 4, y + 0.3, lang_words[key], 7, "regular", "#000000")
            x += 24

    return DrawnPage(g.width, g.height, paint)


__all__ = ["GUIDE_COLOURS", "CoverPlan", "CoverText", "cover_guides", "cover_page",
           "cover_plan", "framed"]
