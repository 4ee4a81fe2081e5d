"""Imposition: items (cards, tiles) laid out on printable sheets, with crop marks or printed
cut lines, duplex backs, a fold-and-glue mode, calibration pages and machine-readable cut guides.

This module is game-agnostic: it knows :mod:`spacebowl_print.render.api` and the generic render
helpers, never a deck or a rule. An *item* (:class:`~spacebowl_print.publish.items.Item`) is
anything with ``id``, ``width``, ``height`` (art box, bleed included) and ``draw(canvas)``
painting the art box from its lower-left corner; it may carry a die-cut ``outline`` (a polygon in
its trim box, see :func:`~spacebowl_print.publish.items.item_outline`).

Layout (all mm, origin bottom-left, y up, as the drawing API), chosen per imposition:

* **Rectangular items** (no outline, or an outline that is not convex) must all have one size
  and go on the grid of :mod:`~spacebowl_print.publish.imposition`: as many columns and rows as
  fit the paper less ``margin``, full bleed gutters when they fit, else abutting with the outer
  bleed kept (poker cards: 3 × 3 on A4 and on US Letter, where the rows abut).
* **Convex die-cut tiles** (any item with a convex, non-rectangular outline; rectangles may
  join them) may differ in shape and tessellate as :mod:`~spacebowl_print.publish.tessellate`
  describes: rows of tiles pushed edge to edge, turned by 180° where that packs them, so that
  neighbours share one cut.
* Each item is clipped to the art it owns, so neighbours never paint over each other: its trim
  box plus the bleed it owns on the grid; on tessellated sheets its outline grown by the bleed,
  cut back to the line it shares with (or that separates it from) each neighbour.
* **Marks**, on front sheets only (the fronts are cut). Grid: thin crop marks on every trim line,
  from the edge of the item block out to the paper edge, in the margins only — never over art.
  With A4's side margins of 1.5 mm, printers with wide unprintable borders may lose the side
  marks; the top and bottom ones (7.5 mm) always print, and ``cut-guide.json`` /
  ``cut-lines-NN.svg`` give exact positions. Tessellated tiles: crop marks would have to cross
  the neighbouring tiles, so they are **replaced by the cut lines themselves** — every side
  once, drawn as a thin grey hairline over the art — **plus a thin frame** around the tile block
  (outer bleed included) to cut the block out of the sheet first. Die-cut items on the grid get
  both: crop marks for the rectangles, hairlines for their outlines.
* Duplex: after every front sheet comes its back sheet, mirrored for long-edge flip (the item at
  column c appears at column 2 − c: ``x_back = paper_w − x_front − w``, y unchanged; a tile's
  outline is mirrored the same way and a tile turned by 180° on the front has its back turned
  too), shifted by ``back_offset`` (X, Y) to correct a printer's misregistration. A final
  two-page duplex check measures that misregistration.
* Fold mode (printers without duplex): fronts on the left half, their backs mirrored about the
  vertical centre line on the right half, a dashed fold line between; fold, glue, cut. The
  sheet is turned to landscape when that holds more items (poker cards on A4 or Letter: two
  columns of fronts beside two of backs, 4 cards a sheet instead of 3 in portrait).
* Edges: an item whose trim or bleed lies within :data:`EDGE_WARNING_MM` of the paper edge
  (poker cards on A4 keep 4.5 mm and 1.5 mm) may lose art to the printer's unprintable border:
  :attr:`Imposition.warnings` says so, naming the printer margin that prints it all.
* Page 1 is a scale check: a 50 mm square and rulers with "Print at 100 % (no scaling)"; in
  duplex mode page 2 is its (blank) back, so that every front sheet lands on a sheet's front.
* Every word printed (calibration pages, tips, sheet labels, "fold here") and every bookmark is
  in the imposition's ``lang`` (:mod:`~spacebowl_print.publish.kittexts`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spacebowl_print.publish.calibration import (
    blank_back_page,
    duplex_check_pages,
    scale_check_page,
)
from spacebowl_print.publish.cutguide import cut_guide, cut_segments, cut_svg, guide_page
from spacebowl_print.publish.geometry import EPS, Polygon, box_polygon
from spacebowl_print.publish.imposition import (
    Axis,
    Layout,
    Placement,
    SheetPlan,
    grid_sheets,
    plan_layout,
    printable,
)
from spacebowl_print.publish.items import (
    CARDS,
    Item,
    LayoutError,
    Naming,
    all_convex,
    item_outline,
    trim_size,
)
from spacebowl_print.publish.kittexts import word
from spacebowl_print.publish.tessellate import Shape, tile_sheets
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import fit_size

DUPLEX = "DuplexFlipLongEdge"
MARK = Style(stroke="#000000", width=0.2)
CUT_LINE = Style(stroke="#808080", width=0.15)
"""Printed cut lines on tessellated sheets: mid grey reads on dark and on light art alike."""
FRAME = Style(stroke="#000000", width=0.2)


# -- planning ----------------------------------------------------------------------------------

def plan_sheets(items: Sequence[Item], paper: tuple[float, float], bleed: float,
                fold: bool = False, margin: float = 0.0) -> list[SheetPlan]:
    """Every front sheet for ``items``, in order (see the module docstring for the two layouts).

    Raises :class:`LayoutError` for no items, a bad bleed, margin or outline, mixed sizes on the
    grid, or an item too big for the paper.
    """
    if not items:
        raise LayoutError("nothing to impose")
    if bleed < 0:
        raise LayoutError(f"the bleed must be ≥ 0 mm, got {bleed:g}", "bleed")
    if margin < 0 or 2 * margin >= min(paper):
        raise LayoutError(f"the printer margin must be ≥ 0 mm and leave room, got {margin:g}",
                          "margin")
    if fold:  # the fold sheet turned to landscape when that packs more items
        portrait = _plan_on(items, paper, bleed, True, margin)
        try:
            landscape = _plan_on(items, (paper[1], paper[0]), bleed, True, margin)
        except LayoutError:
            return portrait
        return landscape if len(landscape) < len(portrait) else portrait
    return _plan_on(items, paper, bleed, False, margin)


def _plan_on(items: Sequence[Item], paper: tuple[float, float], bleed: float, fold: bool,
             margin: float) -> list[SheetPlan]:
    """:func:`plan_sheets` on ``paper`` as given (no turning)."""
    outlines = [item_outline(it, bleed) for it in items]
    if any(o is not None for o in outlines) and all_convex(outlines):
        shapes = []
        for it, outline in zip(items, outlines, strict=True):
            w, h = trim_size(it, bleed)
            shapes.append(Shape(w, h, outline or box_polygon(0.0, 0.0, w, h)))
        return tile_sheets(shapes, paper, printable(paper, margin, fold), bleed)
    w0, h0 = items[0].width, items[0].height
    for it in items:
        if abs(it.width - w0) > EPS or abs(it.height - h0) > EPS:
            raise LayoutError(f"item {it.id} is {it.width:g}x{it.height:g} mm, "
                              f"item {items[0].id} is {w0:g}x{h0:g} mm: sizes must match")
    layout = plan_layout(paper, trim_size(items[0], bleed), bleed, fold, margin)
    return grid_sheets(layout, len(items),
                       outlines if any(o is not None for o in outlines) else None)


def _backs(items: Sequence[Item], back: Item | Sequence[Item], bleed: float) -> list[Item]:
    """One back per front: ``back`` repeated, or the given list, each the size of its front and,
    when it has an outline, the front's outline mirrored left-right (the shape seen from
    behind)."""
    backs = list(back) if isinstance(back, Sequence) else [back] * len(items)
    if len(backs) != len(items):
        raise LayoutError(f"{len(items)} fronts but {len(backs)} backs", "back")
    checked: set[tuple[int, int]] = set()
    for it, b in zip(items, backs, strict=True):
        if (id(it), id(b)) in checked:
            continue
        checked.add((id(it), id(b)))
        if abs(it.width - b.width) > EPS or abs(it.height - b.height) > EPS:
            raise LayoutError(f"the back of item {it.id} is {b.width:g}x{b.height:g} mm, the "
                              f"front {it.width:g}x{it.height:g} mm: sizes must match", "back")
        theirs = item_outline(b, bleed)
        if theirs is not None and not _mirror_images(item_outline(it, bleed), theirs,
                                                      trim_size(it, bleed)):
            raise LayoutError(f"the back of item {it.id} has an outline that is not its "
                              "front's mirrored left-right (x → w − x)", "back")
    return backs


def _mirror_images(front: Polygon | None, back: Polygon, size: tuple[float, float]) -> bool:
    """Whether ``back`` has the corners of ``front`` (None: the trim rectangle) mirrored
    left-right in a trim box of ``size``."""
    w, h = size
    corners = front if front is not None else box_polygon(0.0, 0.0, w, h)
    return len(corners) == len(back) and all(
        any(abs(w - x - bx) <= EPS and abs(y - by) <= EPS for bx, by in back)
        for x, y in corners)


# -- drawing -----------------------------------------------------------------------------------

def clip_convex(canvas: Canvas, region: Polygon) -> None:
    """Clip later drawing to the counter-clockwise convex ``region``: one half-plane per side,
    each a rectangle laid along that side (the drawing API only clips to rectangles)."""
    xs, ys = [p[0] for p in region], [p[1] for p in region]
    far = (max(xs) - min(xs)) + (max(ys) - min(ys)) + 1.0
    for (x0, y0), (x1, y1) in zip(region, [*region[1:], region[0]], strict=True):
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
        canvas.translate(x0, y0)
        canvas.rotate(angle)
        canvas.clip_rect(-far, 0.0, 2 * far + math.hypot(x1 - x0, y1 - y0), far)
        canvas.rotate(-angle)  # undo the frame, keep the clip
        canvas.translate(-x0, -y0)


def _draw_item(canvas: Canvas, item: Item, place: Placement, bleed: float) -> None:
    """Paint ``item``'s art box at ``place``, clipped to the art it owns there."""
    canvas.save()
    if place.region is None:
        canvas.clip_rect(*place.clip)
    else:
        clip_convex(canvas, place.region)
    x, y, w, h = place.trim
    if place.turned:  # 180° about the trim box's centre
        canvas.translate(x + w + bleed, y + h + bleed)
        canvas.rotate(180)
    else:
        canvas.translate(x - bleed, y - bleed)
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


def cut_marks(canvas: Canvas, plan: SheetPlan) -> None:
    """Printed cut lines of the die-cut items of ``plan`` (each side once), and for tessellated
    sheets a frame around the block."""
    for (x0, y0), (x1, y1) in cut_segments(plan.placements):
        canvas.line(x0, y0, x1, y1, CUT_LINE)
    if plan.grid is None:
        x0, y0, x1, y1 = plan.block
        canvas.rect(x0, y0, x1 - x0, y1 - y0, FRAME)


def _marks(canvas: Canvas, plan: SheetPlan, right_limit: float | None = None) -> None:
    if plan.grid is not None:
        crop_marks(canvas, plan.grid, right_limit)
    cut_marks(canvas, plan)


def _label(canvas: Canvas, plan: SheetPlan, text: str, mirrored: bool = False) -> None:
    """A small page label in the bottom margin, centred between crop marks."""
    pw, _ = plan.paper
    by0 = plan.block[1]
    if by0 < 2.5 or not text:
        return
    size = min(6.0, max(4.0, (by0 - 1.0) / 0.3528 * 0.9))
    # Centre on the middle column (no crop mark crosses it); the back is its mirror image.
    x0, w = plan.label_under
    cx = (pw - x0 - w / 2) if mirrored else (x0 + w / 2)
    size = fit_size(text, w - 4, size)
    canvas.text(cx, by0 / 2 - size * 0.3528 * 0.35, text, size, fill="#555555", anchor="middle")


def _fold_line(canvas: Canvas, paper: tuple[float, float], text: str = "fold here") -> None:
    pw, ph = paper
    canvas.line(pw / 2, 0, pw / 2, ph, Style(stroke="#666666", width=0.25, dash=(2.0, 1.5)))
    canvas.save()
    canvas.translate(pw / 2 - 1.2, ph / 2)
    canvas.rotate(90)
    canvas.text(0, 0, text, 6, fill="#666666", anchor="middle")
    canvas.restore()


# -- edges ------------------------------------------------------------------------------------

EDGE_WARNING_MM = 5.0
"""Trim or bleed closer than this to the paper edge gets a warning: most desktop printers
cannot print the outer 3 to 5 mm of a sheet."""

_SIDES = ("left", "right", "bottom", "top")


def _edge_gaps(boxes: Sequence[tuple[float, float, float, float]], paper: tuple[float, float]
               ) -> tuple[float, float, float, float]:
    """How far the nearest of ``boxes`` (x, y, w, h) lies from each paper edge: left, right,
    bottom, top (mm)."""
    pw, ph = paper
    return (min(b[0] for b in boxes), min(pw - b[0] - b[2] for b in boxes),
            min(b[1] for b in boxes), min(ph - b[1] - b[3] for b in boxes))


def _art_box(p: Placement) -> tuple[float, float, float, float]:
    """The art ``p`` paints: its clip rectangle, or its clip polygon's bounding box."""
    if p.region is None:
        return p.clip
    xs, ys = [q[0] for q in p.region], [q[1] for q in p.region]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _near(gaps: Sequence[float], limit: float) -> tuple[float, str]:
    """The smallest of the four ``gaps`` and the edges within ``limit`` ("left and right")."""
    sides = [side for side, gap in zip(_SIDES, gaps, strict=True) if gap < limit - EPS]
    named = ", ".join(sides[:-1]) + " and " + sides[-1] if len(sides) > 1 else "".join(sides)
    return max(0.0, min(gaps)), named


def edge_warnings(plans: Sequence[SheetPlan],
                  backs_of: Callable[[SheetPlan], Sequence[Placement]], naming: Naming,
                  limit: float = EDGE_WARNING_MM) -> list[str]:
    """One line (English, for the terminal) when some item's trim or bleed — fronts and
    backs, ``backs_of`` giving where a sheet's backs go — lies within ``limit`` mm of a paper
    edge, naming the edges and the printer margin that prints it all; empty otherwise."""
    trims: list[float] = [math.inf] * 4
    arts: list[float] = [math.inf] * 4
    for plan in plans:
        for places in (plan.placements, backs_of(plan)):
            t = _edge_gaps([p.trim for p in places], plan.paper)
            a = _edge_gaps([_art_box(p) for p in places], plan.paper)
            trims = [min(x, y) for x, y in zip(trims, t, strict=True)]
            arts = [min(x, y) for x, y in zip(arts, a, strict=True)]
    trim, trim_sides = _near(trims, limit)
    bleed, bleed_sides = _near(arts, limit)
    edges = "edges" if " and " in (trim_sides or bleed_sides) else "edge"
    plural = naming.plural
    if min(trims) < -EPS:  # e.g. backs shifted by a back offset past the paper
        _, off_sides = _near(trims, 0.0)
        off_edges = "edges" if " and " in off_sides else "edge"
        return [f"{plural}: the trim runs {-min(trims):.2f} mm past the {off_sides} paper "
                f"{off_edges}: those {plural} are cut short on the sheet (a smaller size or "
                "back offset keeps them whole)"]
    if trim_sides:
        return [f"{plural}: the trim lies {trim:.2f} mm and the bleed {bleed:.2f} mm from the "
                f"{trim_sides} paper {edges}, inside many printers' unprintable border: the "
                f"{plural} print whole only with a printer margin of at most {trim:.2f} mm "
                f"({bleed:.2f} mm for the full bleed)"]
    if bleed_sides and bleed < trim - EPS:
        return [f"{plural}: the bleed lies {bleed:.2f} mm from the {bleed_sides} paper {edges}: "
                f"a printer margin over {bleed:.2f} mm cuts into the bleed (the trim keeps "
                f"{trim:.2f} mm)"]
    return []


# -- the imposition ----------------------------------------------------------------------------

@dataclass
class Imposition:
    """Printable pages for a set of items, and where every item lies on them.

    ``pages`` is in print order (calibration first). ``cut_guide`` follows the documented
    ``cut-guide.json`` shape (:mod:`~spacebowl_print.publish.cutguide`) with page numbers
    counted in ``pages`` (1-based). ``cut_lines`` holds one SVG (paper-sized, the cuts as paths)
    per front sheet. ``plans`` are the front sheets' layouts. ``warnings`` are one line each
    (English, for the terminal) about sheets that will not print well
    (:func:`edge_warnings`).
    """

    plans: list[SheetPlan]
    pages: list[Page]
    cut_guide: dict[str, Any]
    cut_lines: list[bytes]
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    duplex: str | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def layout(self) -> Layout | None:
        """The grid the items sit on, or None for tessellated tiles."""
        return self.plans[0].grid


@dataclass(frozen=True)
class _Job:
    """What every sheet of one imposition shares."""

    items: Sequence[Item]
    backs: Sequence[Item]
    paper: tuple[float, float]
    bleed: float
    fold: bool
    back_offset: tuple[float, float]
    naming: Naming
    lang: str = "en"

    def backs_of(self, plan: SheetPlan) -> list[Placement]:
        """Where the backs of ``plan``'s items go: mirrored, on the back sheet (shifted by the
        back offset) or across the fold."""
        offset = (0.0, 0.0) if self.fold else self.back_offset
        return [p.mirrored(plan.paper[0], offset) for p in plan.placements]

    def draw_all(self, c: Canvas, places: Sequence[Placement], backs: bool) -> None:
        for p in places:
            _draw_item(c, (self.backs if backs else self.items)[p.index], p, self.bleed)

    def front_page(self, plan: SheetPlan, tag: str) -> Page:
        """The front sheet (in fold mode with its backs on the right half)."""
        back_places = self.backs_of(plan)
        pw = plan.paper[0]  # a fold sheet may be turned to landscape

        def paint(c: Canvas) -> None:
            self.draw_all(c, plan.placements, backs=False)
            if self.fold:
                self.draw_all(c, back_places, backs=True)
                _marks(c, plan, right_limit=pw / 2 - 1.0)
                _fold_line(c, plan.paper, word(self.lang, "fold_here"))
                _label(c, plan, tag + " · " + word(self.lang, "fold_glue_cut"))
            else:
                _marks(c, plan)
                _label(c, plan, tag + " · " + word(self.lang, "fronts"))

        return DrawnPage(pw, plan.paper[1], paint)

    def guide_entries(self, plan: SheetPlan, front_no: int, back_no: int
                      ) -> list[dict[str, Any]]:
        """The cut-guide entries of ``plan``'s front (page ``front_no``) and of its backs (page
        ``back_no``: the next page, or the same one in fold mode)."""
        ids = [self.items[p.index].id for p in plan.placements]
        key = self.naming.guide_key
        return [guide_page(front_no, "front", key, ids, plan.placements),
                guide_page(back_no, "back", key, ids, self.backs_of(plan))]

    def back_page(self, plan: SheetPlan, tag: str) -> Page:
        """The back sheet: the backs mirrored for long-edge flip, no marks."""
        back_places = self.backs_of(plan)

        def paint(c: Canvas) -> None:
            self.draw_all(c, back_places, backs=True)
            _label(c, plan, tag + " · " + word(self.lang, "backs"), mirrored=True)

        return DrawnPage(plan.paper[0], plan.paper[1], paint)


def _opening_pages(job: _Job, title: str, tips: Sequence[str], tiled: bool) -> list[Page]:
    """The scale check (and its blank back in duplex mode), with the printing tips, in the
    job's language."""
    lang, names = job.lang, job.naming.nouns(job.lang).fields()
    cut = word(lang, "cut_lines" if tiled else "cut_marks")
    side_tips = ([word(lang, "side_duplex", **names), word(lang, "side_check")]
                 if not job.fold else [word(lang, "side_fold", cut=cut)])
    pages = [scale_check_page(job.paper, title, [*side_tips, *tips], lang)]
    if not job.fold:
        pages.append(blank_back_page(job.paper, job.naming.noun, lang, job.naming.plural))
    return pages


def impose(items: Sequence[Item], back: Item | Sequence[Item], *, paper: tuple[float, float],
           bleed: float, fold: bool = False, back_offset: tuple[float, float] = (0.0, 0.0),
           title: str = "", tips: Sequence[str] = (), naming: Naming = CARDS,
           margin: float = 0.0, offset_hint: str | None = None, lang: str = "en"
           ) -> Imposition:
    """Impose ``items`` with their backs on ``paper`` (portrait, mm).

    ``back`` is one item used behind every front, or one back per front (each the size of its
    front). ``bleed`` is the items' bleed (their art box is the trim box grown by ``bleed`` on
    every side). ``margin`` is kept free along every paper edge. ``naming`` names the items in
    the printed texts and gives the cut guide's key; ``offset_hint`` tells the duplex check's
    reader how to apply the measured shift (e.g. a game's option; None: the language's "the
    back offset set to X,Y"). ``lang`` (en, fr, de) is the language of every printed word and
    bookmark (``title`` and ``tips`` are printed as given). Raises :class:`LayoutError` (its
    ``field`` names the argument at fault) for anything :func:`plan_sheets` rejects and for
    backs that do not match the fronts, ``ValueError`` for an unknown language.
    """
    names = naming.nouns(lang).fields()
    plans = plan_sheets(items, paper, bleed, fold, margin)
    job = _Job(items, _backs(items, back, bleed), paper, bleed, fold, back_offset, naming, lang)
    pages = _opening_pages(job, title or names["Many"], tips, plans[0].grid is None)
    marks: list[tuple[int, str]] = [(0, word(lang, "mark_check"))]
    guide: list[dict[str, Any]] = []
    for s, plan in enumerate(plans):
        tag = word(lang, "sheet_tag", n=s + 1, total=len(plans), **names)
        marks.append((len(pages), word(lang, "mark_sheet", n=s + 1)))
        pages.append(job.front_page(plan, tag))
        front_no = len(pages)
        if not fold:
            pages.append(job.back_page(plan, tag))
        guide += job.guide_entries(plan, front_no, len(pages))
    if not fold:
        marks.append((len(pages), word(lang, "mark_duplex")))
        pages.extend(duplex_check_pages(paper, back_offset, offset_hint, naming.noun,
                                        naming.plural, lang))
    cut_lines = [cut_svg(plan.paper, plan.placements) for plan in plans]
    return Imposition(plans, pages, cut_guide(guide), cut_lines, marks, None if fold else DUPLEX,
                      edge_warnings(plans, job.backs_of, naming))


__all__ = [
    "CUT_LINE", "DUPLEX", "EDGE_WARNING_MM", "FRAME", "MARK", "Axis", "Imposition", "Item",
    "Layout", "LayoutError", "Naming", "Placement", "SheetPlan", "blank_back_page",
    "clip_convex", "crop_marks", "cut_marks", "duplex_check_pages", "edge_warnings", "impose",
    "plan_layout", "plan_sheets", "scale_check_page",
]
