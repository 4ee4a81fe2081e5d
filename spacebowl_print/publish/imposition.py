"""Where items go on a sheet: the rectangular grid for same-size items, and what every
sheet plan hands to the drawing code (:class:`Placement`, :class:`SheetPlan`).

The grid (all mm, origin bottom-left, y up):

* As many columns and rows as fit the paper's printable area (the paper less ``margin`` on every
  side; in fold mode the left half less a 3 mm strip by the fold), centred on it.
* Along each axis, items get their **full bleed** when the paper allows it: a gutter of twice
  the bleed between trim boxes, so each item keeps its own bleed and needs its own cut (A4 and
  poker cards: 3 × 63 + 2 × 6 + 2 × 3 = 207 ≤ 210 and 3 × 88 + 2 × 6 + 2 × 3 = 282 ≤ 297). When
  it does not (US Letter's height: 282 > 279.4), the items **abut** along that axis — one cut
  then serves two items and the shared edge has no bleed — while the outer bleed around the block
  is kept. More items a sheet win over gutters: a 63 × 88 card stays exactly that, and 9 cards
  still fit a Letter sheet.
* Each item is clipped to its trim box plus the bleed it owns (the outer bleed, or half the
  gutter), so neighbours never paint over each other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from spacebowl_print.publish.geometry import EPS, Polygon, box_polygon, mirrored, moved
from spacebowl_print.publish.items import Box, LayoutError

Size = tuple[float, float]
FOLD_GAP = 3.0
"""Free strip each side of the fold in fold mode (mm)."""


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


def _axis(space: float, offset: float, trim: float, bleed: float) -> Axis | None:
    """Lay out as many items of length ``trim`` as fit [offset, offset + space], centred: with
    full gutters if that many fit so, else abutting; None if not even one fits."""
    most = math.floor((space - 2 * bleed + EPS) / trim)
    for n in range(most, 0, -1):
        for gutter in (2 * bleed, 0.0):
            need = n * trim + (n - 1) * gutter + 2 * bleed
            if need <= space + EPS:
                start = offset + (space - need) / 2 + bleed
                return Axis(n, gutter, start, trim, bleed)
    return None


def printable(paper: Size, margin: float, fold: bool) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the area the fronts may use: the paper less ``margin`` on every side;
    in fold mode only the left half, less :data:`FOLD_GAP` by the fold."""
    pw, ph = paper
    width = (pw / 2 - FOLD_GAP if fold else pw) - (margin if fold else 2 * margin)
    return (margin, margin, width, ph - 2 * margin)


@dataclass(frozen=True)
class Layout:
    """Where the items of one grid sheet go. Slots are numbered row by row from the top left."""

    paper: Size
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
        return mirror_box(self.paper[0], box, offset)


def mirror_box(paper_w: float, box: Box, offset: tuple[float, float]) -> Box:
    """``box`` mirrored left-right on a page ``paper_w`` wide, then shifted by ``offset``."""
    x, y, w, h = box
    return (paper_w - x - w + offset[0], y + offset[1], w, h)


def plan_layout(paper: Size, trim: Size, bleed: float, fold: bool = False,
                margin: float = 0.0) -> Layout:
    """The grid for items of trim size ``trim`` (w, h) and ``bleed`` on ``paper``, keeping
    ``margin`` mm free along every paper edge (the printer's unprintable border).

    Raises :class:`LayoutError` if not even one item fits.
    """
    pw, ph = paper
    tw, th = trim
    if tw <= 0 or th <= 0:
        raise LayoutError(f"bad item size {tw:g}x{th:g} mm with bleed {bleed:g} mm")
    if bleed < 0:
        raise LayoutError(f"the bleed must be ≥ 0 mm, got {bleed:g}", "bleed")
    x0, y0, w, h = printable(paper, margin, fold)
    xa = _axis(w, x0, tw, bleed)
    ya = _axis(h, y0, th, bleed)
    if xa is None or ya is None:
        raise LayoutError(f"a {tw:g}x{th:g} mm item with {bleed:g} mm bleed does not fit on "
                          f"{pw:g}x{ph:g} mm paper" + (" in fold mode" if fold else ""))
    return Layout(paper, xa, ya, fold)


# -- what the drawing code gets -----------------------------------------------------------------

@dataclass(frozen=True)
class Placement:
    """One item on a front sheet: ``index`` into the imposed items, its ``trim`` box, the art it
    may paint — the rectangle ``clip``, or the convex polygon ``region`` when set — whether it is
    ``turned`` by 180°, and its die-cut ``outline`` on the page (None: the trim box)."""

    index: int
    trim: Box
    clip: Box
    region: Polygon | None = None
    turned: bool = False
    outline: Polygon | None = None

    def mirrored(self, paper_w: float, offset: tuple[float, float]) -> Placement:
        """Where the item's back goes: everything mirrored left-right on the page (long-edge
        flip, or the fold line) and shifted by ``offset``; a turned front has a turned back."""
        def poly(p: Polygon | None) -> Polygon | None:
            return None if p is None else mirrored(p, paper_w, offset)

        return Placement(self.index, mirror_box(paper_w, self.trim, offset),
                         mirror_box(paper_w, self.clip, offset), poly(self.region), self.turned,
                         poly(self.outline))


@dataclass(frozen=True)
class SheetPlan:
    """One front sheet: its placements in slot order (row by row from the top left); the
    ``block`` (x0, y0, x1, y1) the items paint, outer bleed included; the ``grid`` when the
    items sit on one (its trim lines get crop marks) or None for tessellated tiles (their cut
    lines are printed instead); ``label_under`` = (x, w) of the trim span the sheet label is
    centred under."""

    paper: Size
    placements: tuple[Placement, ...]
    block: tuple[float, float, float, float]
    grid: Layout | None
    label_under: tuple[float, float]


def grid_sheets(layout: Layout, count: int, outlines: list[Polygon | None] | None = None
                ) -> list[SheetPlan]:
    """``count`` items on as many sheets of ``layout`` as needed. With ``outlines`` (per item,
    in its trim box; None for a rectangle) every placement carries its die-cut outline."""
    n = layout.per_sheet
    (bx0, bx1), (by0, by1) = layout.x.block, layout.y.block
    mid = layout.front_trim(layout.x.count // 2)  # no crop mark crosses the middle column
    plans: list[SheetPlan] = []
    for first in range(0, count, n):
        places = []
        for k in range(first, min(first + n, count)):
            trim = layout.front_trim(k - first)
            outline = None
            if outlines is not None:
                own = outlines[k] or box_polygon(0.0, 0.0, trim[2], trim[3])
                outline = moved(own, trim[0], trim[1])
            places.append(Placement(k, trim, layout.front_clip(k - first), outline=outline))
        plans.append(SheetPlan(layout.paper, tuple(places), (bx0, by0, bx1, by1), layout,
                               (mid[0], mid[2])))
    return plans


__all__ = [
    "FOLD_GAP", "Axis", "Layout", "Placement", "SheetPlan", "grid_sheets", "mirror_box",
    "plan_layout", "printable",
]
