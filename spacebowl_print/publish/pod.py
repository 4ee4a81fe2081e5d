"""Print-on-demand pages that draw: a book page inside its frame (TrimBox and BleedBox
declared with bleed) and the one-sheet cover (back, spine, front). The geometry they draw in
— trims, margins, gutters, the cover's size — is :mod:`spacebowl_print.publish.layout`.
"""

from __future__ import annotations

from collections.abc import Callable

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
from spacebowl_print.render.api import (
    MM_PER_PT,
    Box,
    BoxedPage,
    BoxPainter,
    Canvas,
    DrawnPage,
    Page,
    Style,
)
from spacebowl_print.render.fonts import fit_size, wrap


def framed(page_for: Callable[[Frame], Page], trim: Trim, page: int, pages: int, bleed: bool,
           margin: float | None = None) -> Page:
    """A book page: ``page_for`` draws within its :class:`Frame`; with bleed the PDF page
    declares its TrimBox and BleedBox."""
    f = frame(trim, page, pages, bleed, margin)
    drawn = page_for(f)
    return BoxedPage(drawn, f.trim, f.bleed) if bleed else drawn


# --------------------------------------------------------------------------- cover


def cover_page(trim: Trim, pages: int, stock: str, title: str, subtitle: str,
               blurb: str, spine: str, art: BoxPainter | None = None,
               background: str = "#0B1026", ink: str = "#FFFFFF", lang: str = "en",
               author: str = "", imprint: str = "") -> Page:
    """The cover sheet: background to the bleed edge, the front with ``title``,
    ``subtitle``, ``art`` and ``author`` at the foot; the spine with ``spine`` text (only
    from :data:`SPINE_TEXT_MIN_PAGES` pages, kept clear of the spine's edges); the back with
    the ``blurb``, the ``imprint`` line (publisher, ISBN) at its foot and the barcode zone
    left empty. Text stays :data:`SAFE_IN` inside the trim.
    The spine reads top to bottom in English, bottom to top in French and German, as books
    in those languages do."""
    g = cover_geometry(trim, pages, stock)
    safe = SAFE_IN * INCH

    def paint(c: Canvas) -> None:
        c.rect(0, 0, g.width, g.height, Style(fill=background))
        _front(c, g.front, safe, title, subtitle, art, ink, author)
        _back(c, g.back, safe, blurb, ink, imprint)
        if g.spine_text and spine:
            _spine(c, g, spine, ink, lang)

    return BoxedPage(DrawnPage(g.width, g.height, paint),
                     (BLEED_IN * INCH, BLEED_IN * INCH, g.width - 2 * BLEED_IN * INCH,
                      trim.height), (0.0, 0.0, g.width, g.height))


def _front(c: Canvas, box: Box, safe: float, title: str, subtitle: str,
           art: BoxPainter | None, ink: str, author: str = "") -> None:
    x, y, w, h = box
    inner = w - 2 * safe - 6
    foot = y + safe
    if author:
        size = fit_size(author, inner, 14, "bold", 8)
        c.text(x + w / 2, y + safe + 5, author, size, "bold", ink, "middle")
        foot += 10
    size = fit_size(title, inner, 30, "bold", 12)
    top = y + h - safe - 22
    for line in wrap(title, inner, size, "bold")[:3]:
        c.text(x + w / 2, top, line, size, "bold", ink, "middle")
        top -= size * 0.45
    for line in wrap(subtitle, inner, 13)[:3]:
        c.text(x + w / 2, top - 3, line, 13, "regular", ink, "middle")
        top -= 6
    if art is not None:
        art(c, (x + safe + 3, foot + 3, w - 2 * safe - 6, max(10.0, top - foot - 12)))


def _back(c: Canvas, box: Box, safe: float, blurb: str, ink: str, imprint: str = "") -> None:
    x, y, w, h = box
    edge = BARCODE_EDGE_IN * INCH
    bw, bh = (v * INCH for v in BARCODE_IN)
    inner = w - 2 * safe - 10
    top = y + h - safe - 16
    for para in blurb.split("\n"):
        for line in wrap(para, inner, 11):
            if top < y + edge + bh + 8:
                break
            c.text(x + safe + 5, top, line, 11, "regular", ink)
            top -= 5.2
        top -= 3
    # the barcode zone: white, empty, so the service can print its barcode there
    c.rect(x + w - edge - bw, y + edge, bw, bh, Style(fill="#FFFFFF"))
    if imprint:  # beside the zone, never in it
        room = w - 2 * safe - bw - edge - 6
        for k, line in enumerate(wrap(imprint, room, 8)[:3]):
            c.text(x + safe + 5, y + edge + bh - 3 - 3.6 * k, line, 8, "regular", ink)


def _spine(c: Canvas, g: CoverGeometry, text: str, ink: str, lang: str) -> None:
    clearance = SPINE_TEXT_CLEARANCE_IN * INCH
    room = g.spine_w - 2 * clearance
    size = min(12.0, room / MM_PER_PT * 0.72)
    if size < 6:  # never print text under 6 pt
        return
    c.save()
    c.translate(g.spine_x + g.spine_w / 2, g.height / 2)
    c.rotate(-90 if lang == "en" else 90)
    length = g.height - 2 * (BLEED_IN * INCH + SAFE_IN * INCH)
    size = min(size, fit_size(text, length, size, "bold"))
    c.text(0, -size * MM_PER_PT * 0.36, text, size, "bold", ink, "middle")
    c.restore()


__all__ = ["cover_page", "framed"]
