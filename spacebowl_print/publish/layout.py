"""The geometry of every book and booklet, and nothing that draws: trim sizes, bleed,
mirrored margins with a gutter that grows with the page count, page-count rounding by
binding, a page's frame, the one-sheet cover's size, and the home layouts (A5, A4, Letter,
saddle-stitched A5 on A4 or half-Letter on Letter).

The figures are those a publisher's upload is checked against. Source: Amazon KDP Help
Center, "Paperback trim size, bleed, and margins" and "Create a paperback cover"
(IngramSpark and Lulu differ slightly); summarised in the project's print-on-demand notes.
All lengths here are millimetres unless a name says ``_in``. A request is checked against
these when it is made (:mod:`spacebowl_print.publish.requests`), before any puzzle is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.limits import TRIMS_IN
from spacebowl_print.publish.press import BookPress
from spacebowl_print.render.api import PAPER, Box

Imposition = Literal["none", "saddle"]

INCH = 25.4
BLEED_IN = 0.125
"""Bleed added at the top, bottom and outside edge (never the spine edge)."""
MIN_PAGES = 24
MAX_PAGES = 828

GUTTER_IN: tuple[tuple[int, int, float], ...] = (
    (24, 150, 0.375),
    (151, 300, 0.5),
    (301, 500, 0.625),
    (501, 700, 0.75),
    (701, 828, 0.875),
)
"""Inside (gutter) margin by final page count, inches (KDP Help Center, see module doc)."""
OUTSIDE_MIN_IN = {False: 0.25, True: 0.375}
"""Least outside, top and bottom margin without / with bleed (content includes folios)."""

STOCK_IN_PER_PAGE: dict[str, float] = {"white": 0.002252, "cream": 0.0025, "colour": 0.002347}
"""Spine width per page by paper stock, inches."""
SPINE_TEXT_MIN_PAGES = 79
SPINE_TEXT_CLEARANCE_IN = 0.0625
SAFE_IN = 0.125
"""Text and logos stay this far inside the cover's trim."""
BARCODE_IN = (2.0, 1.2)
BARCODE_EDGE_IN = 0.25

FOLIO_BAND = 6.5
"""Height (mm) kept at the foot of a press book's content area for the page number, so the
folio prints inside the press's safe area (a home booklet sets it in the margin)."""

SADDLE_MAX_SHEETS = 20
"""Folded sheets a saddle stitch (a long-reach stapler) holds: 80 pages."""

Binding = Literal["perfect", "saddle", "none"]

CUSTOM_W_IN = (4.0, 8.5)
CUSTOM_H_IN = (6.0, 11.69)


@dataclass(frozen=True)
class Trim:
    """A finished page size: ``name`` as given, ``width`` × ``height`` mm (portrait)."""

    name: str
    width: float
    height: float


_SIZE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*[x×]\s*([0-9]+(?:\.[0-9]+)?)\s*(in|mm)\s*")


def parse_trim(text: str) -> Trim:
    """``6x9in``, ``8.5x11in``, ``a5``, ``a4``, ``letter`` or a custom ``WxHin`` / ``WxHmm``
    (4–8.5 in wide, 6–11.69 in high, as print-on-demand services accept); anything else is
    an :class:`InputError` at ``trim``."""
    key = text.strip().lower()
    if key in TRIMS_IN:
        w, h = TRIMS_IN[key]
        return Trim(key, w * INCH, h * INCH)
    if key in ("a4", "a5", "letter"):
        w, h = PAPER[key]
        return Trim(key, w, h)
    m = _SIZE.fullmatch(key)
    if not m:
        raise InputError(f"a trim is 6x9in, 8.5x11in, a5, a4, letter or WxHin / WxHmm, got "
                         f"{text[:30]!r}", "trim")
    unit = INCH if m.group(3) == "in" else 1.0
    w, h = float(m.group(1)) * unit, float(m.group(2)) * unit
    lo_w, hi_w = (v * INCH for v in CUSTOM_W_IN)
    lo_h, hi_h = (v * INCH for v in CUSTOM_H_IN)
    if not (lo_w - 0.01 <= w <= hi_w + 0.01 and lo_h - 0.01 <= h <= hi_h + 0.01):
        raise InputError(f"a custom trim is 4–8.5 in wide and 6–11.69 in high, got "
                         f"{w / INCH:.2f} × {h / INCH:.2f} in", "trim")
    return Trim(key, w, h)


def gutter_in(pages: int) -> float:
    """The inside margin (inches) for a book of ``pages`` final pages (:data:`GUTTER_IN`)."""
    for lo, hi, inches in GUTTER_IN:
        if lo <= pages <= hi:
            return inches
    if pages < MIN_PAGES:
        return GUTTER_IN[0][2]
    raise InputError(f"a print-on-demand book has at most {MAX_PAGES} pages, this one "
                     f"would have {pages}", "days")


def final_pages(pages: int, binding: Binding, min_pages: int = MIN_PAGES,
                at_least: bool = False) -> int:
    """The page count the binding needs: perfect binding at least ``min_pages`` (24, or the
    press's minimum) and an even count; saddle stitch a multiple of 4 and at most
    :data:`SADDLE_MAX_SHEETS` sheets (a
    one-line :class:`InputError` names the alternative); ``none`` (loose pages) as is.
    ``at_least``: ``pages`` is a lower bound known before the book is made, and the
    refusal says so."""
    if binding == "none":
        return pages
    if binding == "saddle":
        padded = -(-pages // 4) * 4
        if padded > 4 * SADDLE_MAX_SHEETS:
            needs = "needs at least" if at_least else "needs"
            raise InputError(
                f"a saddle-stitched booklet holds at most {SADDLE_MAX_SHEETS} folded sheets "
                f"({4 * SADDLE_MAX_SHEETS} pages); this one {needs} {padded // 4} sheets — "
                f"use --imposition none (perfect binding or loose pages) or fewer days",
                "imposition")
        return padded
    return max(min_pages + min_pages % 2, pages + pages % 2)


@dataclass(frozen=True)
class Frame:
    """Where one page's content goes. ``width`` × ``height`` is the PDF page (trim plus any
    bleed); ``trim`` and ``bleed`` the boxes; ``content`` the box inside the margins, with
    the gutter on the spine side (left on right-hand pages, right on left-hand pages)."""

    width: float
    height: float
    trim: Box
    bleed: Box
    content: Box


def frame(trim: Trim, page: int, pages: int, bleed: bool, margin: float | None = None,
          press: BookPress | None = None) -> Frame:
    """The frame of page number ``page`` (1-based: odd pages are right-hand pages) of a book
    of ``pages`` final pages. ``margin`` (mm) is the outside, top and bottom margin wanted;
    it is raised to the service's minimum. With a ``press``, the minimum, the bleed and the
    gutter for the page count are the press's, and the content area ends
    :data:`FOLIO_BAND` above the press's safe area, so that the page number
    (:func:`~spacebowl_print.publish.booklet.folio_text`) prints inside it."""
    if press is not None:
        return _press_frame(trim, page, pages, bleed, margin or 0.0, press)
    b = BLEED_IN * INCH if bleed else 0.0
    width, height = trim.width + b, trim.height + 2 * b
    right_hand = page % 2 == 1
    trim_x = 0.0 if right_hand else b  # the bleed is on the outside edge
    outside = max(OUTSIDE_MIN_IN[bleed] * INCH, margin or 0.0)
    # a home-printed booklet may be longer than a print-on-demand book: the widest gutter
    inside = max(gutter_in(min(max(pages, MIN_PAGES), MAX_PAGES)) * INCH, outside)
    left, right = (inside, outside) if right_hand else (outside, inside)
    content = (trim_x + left, b + outside, trim.width - left - right,
               trim.height - 2 * outside)
    return Frame(width, height, (trim_x, b, trim.width, trim.height), (0.0, 0.0, width, height),
                 content)


def _press_frame(trim: Trim, page: int, pages: int, bleed: bool, margin: float,
                 press: BookPress) -> Frame:
    b = press.bleed.bleed_in * INCH if bleed else 0.0
    width, height = trim.width + b, trim.height + 2 * b
    right_hand = page % 2 == 1
    trim_x = 0.0 if right_hand else b
    safe = press.margins.outside(bleed) * INCH
    outside = max(safe, margin)
    bottom = max(safe + FOLIO_BAND, margin)
    inside = max(press.margins.gutter(pages) * INCH, outside)
    left, right = (inside, outside) if right_hand else (outside, inside)
    content = (trim_x + left, b + bottom, trim.width - left - right,
               trim.height - outside - bottom)
    return Frame(width, height, (trim_x, b, trim.width, trim.height), (0.0, 0.0, width, height),
                 content)


@dataclass(frozen=True)
class CoverGeometry:
    """The one-sheet cover: total size, the spine's x range and both covers' trim boxes, all
    in mm from the sheet's lower-left corner (bleed included)."""

    width: float
    height: float
    spine_x: float
    spine_w: float
    back: Box
    front: Box
    spine_text: bool


def cover_geometry(trim: Trim, pages: int, stock: str,
                   press: BookPress | None = None) -> CoverGeometry:
    """Size of the cover for ``pages`` final pages on ``stock`` (white, cream or colour): the
    spine from the ``press``'s paper thickness and its bleed when given, else the project's
    print-on-demand figures; spine text from the press's page count."""
    if stock not in STOCK_IN_PER_PAGE:
        raise InputError(f"paper stock is one of {', '.join(STOCK_IN_PER_PAGE)}, got "
                         f"{stock[:20]!r}", "paper_stock")
    b = (press.bleed.bleed_in if press else BLEED_IN) * INCH
    per_page = press.paper.per_page_in[stock] if press else STOCK_IN_PER_PAGE[stock]
    spine = pages * per_page * INCH
    min_text = press.cover.spine_text_min_pages if press else SPINE_TEXT_MIN_PAGES
    width = b + trim.width + spine + trim.width + b
    height = trim.height + 2 * b
    back = (b, b, trim.width, trim.height)
    front = (b + trim.width + spine, b, trim.width, trim.height)
    return CoverGeometry(width, height, b + trim.width, spine, back, front,
                         pages >= min_text)


@dataclass(frozen=True)
class Layout:
    """How a booklet is made: its ``trim`` (finished page), ``bleed`` (print-on-demand art
    to the edge), ``binding`` (page-count rounding: ``perfect`` ≥ 24 and even, ``saddle`` a
    multiple of 4, ``none`` as is) and, for home saddle stitching, the landscape ``sheet``
    two pages are imposed on."""

    trim: Trim
    bleed: bool = False
    binding: Binding = "none"
    sheet: tuple[float, float] | None = None
    press: BookPress | None = None

    @property
    def min_pages(self) -> int:
        """The fewest pages the binding takes: the press's minimum, else 24."""
        return self.press.pages.min if self.press else MIN_PAGES

    def frame(self, page: int, pages: int) -> Frame:
        """The frame of page ``page`` of ``pages`` (see :func:`frame`)."""
        return frame(self.trim, page, pages, self.bleed, self.margin, self.press)

    @property
    def margin(self) -> float:
        """The outside, top and bottom margin wanted (mm; the frame raises it to the
        service's minimum)."""
        return max(10.0, self.trim.width * 0.07)


def home_layout(paper: str, imposition: Imposition) -> Layout:
    """The layout of a home-printed booklet: ``paper`` a5/a4/letter pages, or with saddle
    imposition A5 pages on A4 sheets (``a5``/``a4``) or half-Letter pages on Letter."""
    if paper not in ("a5", "a4", "letter"):
        raise ValueError(f"unknown paper {paper!r}")
    if imposition == "none":
        return Layout(parse_trim(paper))
    if paper == "letter":
        w, h = PAPER["half-letter"]
        sw, sh = PAPER["letter"]
        return Layout(Trim("half-letter", w, h), binding="saddle", sheet=(sh, sw))
    sw, sh = PAPER["a4"]
    return Layout(parse_trim("a5"), binding="saddle", sheet=(sh, sw))


__all__ = [
    "BARCODE_EDGE_IN", "BARCODE_IN", "BLEED_IN", "CUSTOM_H_IN", "CUSTOM_W_IN", "FOLIO_BAND",
    "GUTTER_IN", "INCH", "MAX_PAGES", "MIN_PAGES", "OUTSIDE_MIN_IN", "SADDLE_MAX_SHEETS",
    "SAFE_IN",
    "SPINE_TEXT_CLEARANCE_IN", "SPINE_TEXT_MIN_PAGES", "STOCK_IN_PER_PAGE", "TRIMS_IN",
    "Binding", "CoverGeometry", "Frame", "Imposition", "Layout", "Trim", "cover_geometry",
    "final_pages", "frame", "gutter_in", "home_layout", "parse_trim",
]
