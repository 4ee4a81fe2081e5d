"""Imposition: same-size items (cards, tiles) laid out on printable sheets, with crop marks,
duplex backs, a fold-and-glue mode, calibration pages and machine-readable cut guides.

This module is game-agnostic: it knows :mod:`spacebowl_print.render.api` and the generic render
helpers, never a deck or a rule. An *item* is anything with ``id``, ``width``, ``height`` (art
box, bleed included) and ``draw(canvas)`` painting the art box from its lower-left corner.

Layout (all mm, origin bottom-left, y up, as the drawing API):

* Up to 3 × 3 items a sheet, centred on the paper (portrait).
* Along each axis, items get their **full bleed** when the paper allows it: a gutter of twice
  the bleed between trim boxes, so each item keeps its own bleed and needs its own cut (A4:
  3 × 63 + 2 × 6 + 2 × 3 = 207 ≤ 210 and 3 × 88 + 2 × 6 + 2 × 3 = 282 ≤ 297). When it does not
  (US Letter's height: 282 > 279.4), the items **abut** along that axis — one cut then serves two
  items and the shared edge has no bleed — while the outer bleed around the block is kept. We
  prefer abutting to shrinking the cards or dropping a row: a 63 × 88 card stays exactly that,
  and 9 cards still fit a sheet. If even abutting items do not fit 3 on an axis, fewer are used.
* Each item is clipped to its trim box plus the bleed it owns (the outer bleed, or half the
  gutter), so neighbours never paint over each other.
* Crop marks: thin lines on every trim line (each item edge), from the edge of the item block out
  to the paper edge, in the margins only — never over art. With A4's side margins of 1.5 mm,
  printers with wide unprintable borders may lose the side marks; the top and bottom ones
  (7.5 mm) always print, and ``cut-guide.json`` / ``cut-lines-NN.svg`` give exact positions.
* Duplex: after every front sheet comes its back sheet, mirrored for long-edge flip (the item at
  column c appears at column 2 − c: ``x_back = paper_w − x_front − w``, y unchanged), shifted by
  ``back_offset`` (X, Y) to correct a printer's misregistration. A final two-page duplex check
  measures that misregistration.
* Fold mode (printers without duplex): fronts on the left half, their backs mirrored about the
  vertical centre line on the right half, a dashed fold line between; fold, glue, cut.
* Page 1 is a scale check: a 50 mm square and rulers with "Print at 100 % (no scaling)"; in
  duplex mode page 2 is its (blank) back, so that every front sheet lands on a sheet's front.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import fit_size, line_height, wrap
from spacebowl_print.render.svg import svg_bytes

MAX_COLS = MAX_ROWS = 3
DUPLEX = "DuplexFlipLongEdge"
MARK = Style(stroke="#000000", width=0.2)
EPS = 1e-6


class LayoutError(ValueError):
    """The items cannot be imposed on that paper (too big, mixed sizes, nothing to impose)."""


class Item(Protocol):
    """Something the sheets can impose: an id, an art box with bleed, a way to paint it."""

    @property
    def id(self) -> int: ...

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    def draw(self, canvas: Canvas) -> None:
        """Paint the art box, lower-left corner at the canvas origin."""


Box = tuple[float, float, float, float]
"""(x, y, w, h) in mm."""


@dataclass(frozen=True)
class Axis:
    """The layout along one axis: how many items, the gutter between trim boxes, the first
    trim edge, the trim length and the bleed."""

    count: int
    gutter: float
    start: float
    trim: float
    bleed: float

    def trim_start(self, k: int) -> float:
        """Where item ``k``'s trim box starts (k = 0 is the lowest coordinate)."""
        return self.start + k * (self.trim + self.gutter)

    def clip(self, k: int) -> tuple[float, float]:
        """(start, length) of the art item ``k`` owns: the outer bleed on the block's edges,
        half the gutter between items."""
        lo = self.bleed if k == 0 else self.gutter / 2
        hi = self.bleed if k == self.count - 1 else self.gutter / 2
        s = self.trim_start(k)
        return (s - lo, self.trim + lo + hi)

    @property
    def block(self) -> tuple[float, float]:
        """(start, end) of the whole block including the outer bleed."""
        return (self.start - self.bleed, self.trim_start(self.count - 1) + self.trim + self.bleed)

    def cut_lines(self) -> list[float]:
        """Every trim line, deduplicated (abutting items share one)."""
        out: list[float] = []
        for k in range(self.count):
            for v in (self.trim_start(k), self.trim_start(k) + self.trim):
                if not out or abs(out[-1] - v) > EPS:
                    out.append(v)
        return out


def _axis(space: float, offset: float, trim: float, bleed: float, most: int) -> Axis | None:
    """Lay out up to ``most`` items of length ``trim`` in [offset, offset + space], centred:
    with full gutters if they fit, else abutting; None if not even one fits."""
    for n in range(most, 0, -1):
        for gutter in (2 * bleed, 0.0):
            need = n * trim + (n - 1) * gutter + 2 * bleed
            if need <= space + EPS:
                start = offset + (space - need) / 2 + bleed
                return Axis(n, gutter, start, trim, bleed)
    return None


@dataclass(frozen=True)
class Layout:
    """Where the items of one sheet go. Slots are numbered row by row from the top left."""

    paper: tuple[float, float]
    x: Axis
    y: Axis
    fold: bool = False

    @property
    def per_sheet(self) -> int:
        return self.x.count * self.y.count

    def slot(self, i: int) -> tuple[int, int]:
        """(column, row from the top) of slot ``i``."""
        return (i % self.x.count, i // self.x.count)

    def front_trim(self, i: int) -> Box:
        """The trim box of slot ``i`` on the front sheet."""
        c, r = self.slot(i)
        return (self.x.trim_start(c), self.y.trim_start(self.y.count - 1 - r),
                self.x.trim, self.y.trim)

    def front_clip(self, i: int) -> Box:
        """The art box slot ``i`` may paint on the front sheet."""
        c, r = self.slot(i)
        (x, w), (y, h) = self.x.clip(c), self.y.clip(self.y.count - 1 - r)
        return (x, y, w, h)

    def mirror(self, box: Box, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        """``box`` mirrored left-right on the paper (long-edge flip, or the fold line), then
        shifted by ``offset``."""
        x, y, w, h = box
        return (self.paper[0] - x - w + offset[0], y + offset[1], w, h)


def plan_layout(paper: tuple[float, float], trim: tuple[float, float], bleed: float,
                fold: bool = False) -> Layout:
    """The sheet layout for items of trim size ``trim`` (w, h) and ``bleed`` on ``paper``.

    Raises :class:`LayoutError` if not even one item fits.
    """
    pw, ph = paper
    tw, th = trim
    if tw <= 0 or th <= 0 or bleed < 0:
        raise LayoutError(f"bad item size {tw:g}x{th:g} mm with bleed {bleed:g} mm")
    # In fold mode the fronts use the left half; a 3 mm strip each side of the fold stays free.
    xa = _axis(pw / 2 - 3.0, 0.0, tw, bleed, MAX_COLS) if fold else _axis(pw, 0.0, tw, bleed,
                                                                          MAX_COLS)
    ya = _axis(ph, 0.0, th, bleed, MAX_ROWS)
    if xa is None or ya is None:
        raise LayoutError(f"a {tw:g}x{th:g} mm item with {bleed:g} mm bleed does not fit on "
                          f"{pw:g}x{ph:g} mm paper" + (" in fold mode" if fold else ""))
    return Layout(paper, xa, ya, fold)


# -- drawing helpers -----------------------------------------------------------------------------

def _draw_item(canvas: Canvas, item: Item, trim: Box, clip: Box, bleed: float) -> None:
    canvas.save()
    canvas.clip_rect(*clip)
    canvas.translate(trim[0] - bleed, trim[1] - bleed)
    item.draw(canvas)
    canvas.restore()


def crop_marks(canvas: Canvas, layout: Layout, right_limit: float | None = None) -> None:
    """Crop marks on every trim line of ``layout``'s front block, from the block's edge (outer
    bleed included) to the paper edge — or, on the right, to ``right_limit`` (the fold)."""
    pw, ph = layout.paper
    (bx0, bx1), (by0, by1) = layout.x.block, layout.y.block
    right = pw if right_limit is None else right_limit
    for x in layout.x.cut_lines():
        canvas.line(x, by1, x, ph, MARK)
        canvas.line(x, 0.0, x, by0, MARK)
    for y in layout.y.cut_lines():
        canvas.line(0.0, y, bx0, y, MARK)
        if right > bx1:
            canvas.line(bx1, y, right, y, MARK)


def _label(canvas: Canvas, layout: Layout, text: str, mirrored: bool = False) -> None:
    """A small page label in the bottom margin, centred between crop marks."""
    pw, _ = layout.paper
    by0 = layout.y.block[0]
    if by0 < 2.5 or not text:
        return
    size = min(6.0, max(4.0, (by0 - 1.0) / 0.3528 * 0.9))
    # Centre on the middle column (no crop mark crosses it); the back is its mirror image.
    mid = layout.x.count // 2
    x0, _, w, _ = layout.front_trim(mid)
    cx = (pw - x0 - w / 2) if mirrored else (x0 + w / 2)
    size = fit_size(text, w - 4, size)
    canvas.text(cx, by0 / 2 - size * 0.3528 * 0.35, text, size, fill="#555555", anchor="middle")


def _paragraphs(canvas: Canvas, x: float, y: float, width: float, paras: Sequence[str],
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


# -- calibration pages -------------------------------------------------------------------------

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
        _paragraphs(c, m, iy - 14, pw - 2 * m, text)

    return DrawnPage(pw, ph, paint)


def blank_back_page(paper: tuple[float, float]) -> Page:
    """The back of the scale-check page, so card fronts start on the front of a sheet."""
    pw, ph = paper

    def paint(c: Canvas) -> None:
        c.text(pw / 2, ph / 2, "This side is left blank on purpose: it keeps every card front",
               8, fill="#777777", anchor="middle")
        c.text(pw / 2, ph / 2 - 4, "on the front of a sheet when you print double-sided.", 8,
               fill="#777777", anchor="middle")

    return DrawnPage(pw, ph, paint)


_RED = "#D00000"


def duplex_check_pages(paper: tuple[float, float], back_offset: tuple[float, float] = (0, 0),
                       option_hint: str = "--back-offset X,Y") -> list[Page]:
    """The duplex check: a front with a long red cross centred on the page, and a back (same
    layout rules as the card backs, ``back_offset`` included) with two millimetre rulers.

    Held against the light, the red lines seen through the paper cross each ruler at the
    correction to use: the horizontal ruler gives X, the vertical one Y (tick ``v`` is drawn at
    ``centre + v`` in the back's own coordinates, which after a long-edge flip puts the front's
    centre line on ``v = −(printer shift)``; see the module docstring).
    """
    pw, ph = paper
    cx, cy = pw / 2, ph / 2
    ox, oy = back_offset
    arm = min(80.0, cx - 12.0)
    lead = 40.0 if arm > 50 else arm * 0.6

    def front(c: Canvas) -> None:
        c.text(cx, ph - 20, "Duplex check — front", 16, "bold", anchor="middle")
        red = Style(stroke=_RED, width=0.35)
        c.line(cx - arm, cy, cx + arm, cy, red)
        c.line(cx, cy - arm, cx, cy + arm, red)
        c.circle(cx, cy, 3, red)
        _paragraphs(c, 20, 52, pw - 40, [
            "Print this page and the next one on one sheet, double-sided, flipping on the "
            "long edge — as you print the card sheets. Then turn to the back."])

    def back(c: Canvas) -> None:
        c.text(cx, ph - 20, "Duplex check — back", 16, "bold", anchor="middle")
        thin = Style(stroke="#000000", width=0.15)
        rx, ry = cx + ox, cy + oy  # the back's centre, with the offset the backs use
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
        _paragraphs(c, 20, 62, pw - 40, [
            "Hold this sheet against a window or a lamp, this side facing you. The red lines "
            "printed on the other side show through.",
            "Read the number where the red vertical line crosses the X ruler, and where the red "
            "horizontal line crosses the Y ruler (half millimetres are fine).",
            f"Print the cards again with {option_hint} using those two "
            f"numbers (this page used {ox:g},{oy:g}: add your readings to it). "
            "Both on 0: your printer needs no correction.",
        ], size=9)

    return [DrawnPage(pw, ph, front), DrawnPage(pw, ph, back)]


# -- the imposition ----------------------------------------------------------------------------

@dataclass
class Imposition:
    """Printable pages for a set of items, and where every item's trim box lies on them.

    ``pages`` is in print order (calibration first). ``cut_guide`` follows the documented
    ``cut-guide.json`` shape with page numbers counted in ``pages`` (1-based). ``cut_lines``
    holds one SVG (paper-sized, trim rectangles as paths) per front sheet.
    """

    layout: Layout
    pages: list[Page]
    cut_guide: dict[str, Any]
    cut_lines: list[bytes]
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    duplex: str | None = None


def _r(v: float) -> float | int:
    """Round to 0.01 mm; integral values as ints (``63`` rather than ``63.0``)."""
    v = round(v + 0.0, 2)
    return int(v) if v == int(v) else v


def _guide_cards(ids: Sequence[int], boxes: Sequence[Box]) -> list[dict[str, Any]]:
    return [{"id": i, "x": _r(x), "y": _r(y), "w": _r(w), "h": _r(h)}
            for i, (x, y, w, h) in zip(ids, boxes, strict=True)]


def _cut_svg(paper: tuple[float, float], boxes: Sequence[Box]) -> bytes:
    """A paper-sized SVG with each trim box as a closed path (for cutting machines)."""
    def paint(c: Canvas) -> None:
        for x, y, w, h in boxes:
            c.path([("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)],
                   Style(stroke="#FF0000", width=0.1))

    return svg_bytes(DrawnPage(paper[0], paper[1], paint))


def impose(items: Sequence[Item], back: Item | Sequence[Item], *, paper: tuple[float, float],
           bleed: float, fold: bool = False, back_offset: tuple[float, float] = (0.0, 0.0),
           title: str = "", label: str = "cards", tips: Sequence[str] = ()) -> Imposition:
    """Impose ``items`` (all the same size) with their backs on ``paper`` (portrait, mm).

    ``back`` is one item used behind every front, or one back per front. ``bleed`` is the
    items' bleed (their art box is the trim box grown by ``bleed`` on every side).
    Raises :class:`LayoutError` for no items, mixed sizes or items too big for the paper.
    """
    if not items:
        raise LayoutError("nothing to impose")
    w0, h0 = items[0].width, items[0].height
    for it in items:
        if abs(it.width - w0) > EPS or abs(it.height - h0) > EPS:
            raise LayoutError(f"item {it.id} is {it.width:g}x{it.height:g} mm, "
                              f"item {items[0].id} is {w0:g}x{h0:g} mm: sizes must match")
    backs = list(back) if isinstance(back, Sequence) else [back] * len(items)
    if len(backs) != len(items):
        raise LayoutError(f"{len(items)} fronts but {len(backs)} backs")
    trim = (w0 - 2 * bleed, h0 - 2 * bleed)
    layout = plan_layout(paper, trim, bleed, fold)
    pw, ph = paper
    n = layout.per_sheet
    sheets = math.ceil(len(items) / n)
    pages: list[Page] = []
    marks: list[tuple[int, str]] = []
    guide: list[dict[str, Any]] = []
    cut_lines: list[bytes] = []

    side_tips = (["In the print dialog choose the actual paper size, then “Print on both sides”, "
                  "“Flip on long edge”. Each sheet of card fronts is followed by its backs.",
                  "Before printing everything, print the last two pages (the duplex check) to "
                  "see whether your printer shifts the backs."]
                 if not fold else
                 ["Print single-sided. Fold each sheet along the dashed line (print inwards "
                  "out), glue the halves together, then cut along the crop marks."])
    pages.append(scale_check_page(paper, title or label.capitalize(), [*side_tips, *tips]))
    marks.append((0, "Print check"))
    if not fold:
        pages.append(blank_back_page(paper))

    for s in range(sheets):
        chunk = list(range(s * n, min((s + 1) * n, len(items))))
        ids = [items[k].id for k in chunk]
        fronts = [layout.front_trim(k - s * n) for k in chunk]
        fclips = [layout.front_clip(k - s * n) for k in chunk]
        offset = (0.0, 0.0) if fold else back_offset
        btrims = [layout.mirror(b, offset) for b in fronts]
        bclips = [layout.mirror(b, offset) for b in fclips]
        tag = f"{label} · sheet {s + 1} of {sheets}"

        def front_paint(c: Canvas, chunk: list[int] = chunk, fronts: list[Box] = fronts,
                        fclips: list[Box] = fclips, btrims: list[Box] = btrims,
                        bclips: list[Box] = bclips, tag: str = tag) -> None:
            for k, t, cl in zip(chunk, fronts, fclips, strict=True):
                _draw_item(c, items[k], t, cl, bleed)
            if fold:
                for k, t, cl in zip(chunk, btrims, bclips, strict=True):
                    _draw_item(c, backs[k], t, cl, bleed)
                crop_marks(c, layout, right_limit=pw / 2 - 1.0)
                c.line(pw / 2, 0, pw / 2, ph, Style(stroke="#666666", width=0.25,
                                                    dash=(2.0, 1.5)))
                c.save()
                c.translate(pw / 2 - 1.2, ph / 2)
                c.rotate(90)
                c.text(0, 0, "fold here", 6, fill="#666666", anchor="middle")
                c.restore()
                _label(c, layout, tag + " · fold, glue, cut")
            else:
                crop_marks(c, layout)
                _label(c, layout, tag + " · fronts")

        marks.append((len(pages), f"Sheet {s + 1}"))
        pages.append(DrawnPage(pw, ph, front_paint))
        page_no = len(pages)
        guide.append({"page": page_no, "side": "front", "cards": _guide_cards(ids, fronts)})
        cut_lines.append(_cut_svg(paper, fronts))
        if fold:
            guide.append({"page": page_no, "side": "back", "cards": _guide_cards(ids, btrims)})
            continue

        def back_paint(c: Canvas, chunk: list[int] = chunk, btrims: list[Box] = btrims,
                       bclips: list[Box] = bclips, tag: str = tag) -> None:
            for k, t, cl in zip(chunk, btrims, bclips, strict=True):
                _draw_item(c, backs[k], t, cl, bleed)
            _label(c, layout, tag + " · backs", mirrored=True)

        pages.append(DrawnPage(pw, ph, back_paint))
        guide.append({"page": len(pages), "side": "back", "cards": _guide_cards(ids, btrims)})

    if not fold:
        marks.append((len(pages), "Duplex check"))
        pages.extend(duplex_check_pages(paper, back_offset))

    cut_guide = {"unit": "mm", "origin": "bottom-left", "pages": guide}
    return Imposition(layout, pages, cut_guide, cut_lines, marks, None if fold else DUPLEX)


__all__ = [
    "DUPLEX", "Axis", "Imposition", "Item", "Layout", "LayoutError", "blank_back_page",
    "crop_marks", "duplex_check_pages", "impose", "plan_layout", "scale_check_page",
]
