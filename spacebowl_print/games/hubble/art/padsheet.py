"""The Hubble pad on paper: the hex grid in its four named quadrants with coordinates on the
edges, and the printed pad page (name and date, Fogged Lens track, score box, how-to-draw
legend, solo titles).

Every hex sits where the engine's axial coordinates put it (:func:`look.cell_centre`), so the
printed neighbours are the rules' neighbours and the even-numbered rows come out half a hex
to the right; the quadrant borders are drawn along the hex edges between cells the engine
puts in different quadrants. The same :func:`draw_pad` draws blank pads (kit, booklets) and
finished ones (answer keys, the worked example), with icons and constellation highlights.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from spacebowl_print.games.hubble.art.hexes import (
    INK,
    MUTED,
    SQRT3,
    STAR_PURPLE,
    STAR_RED,
    cell_centre,
    chip,
    define_hex,
    draw_icon,
    place_hex,
    quadrant_hue,
)
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.geometry import BLANK, QUADRANTS, PadGeometry, geometry
from spacebowl_print.games.hubble.model.titles import TITLE_FLOORS, TITLES, band_label
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import MM_PER_PT, Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import fit_size, text_width, wrap
from spacebowl_print.render.furniture import content_box, page_frame, paper_size

MIN_PT = 6.0
"""No printed text is smaller."""
PAD_HEX_MAX = 8.5
"""Largest hex circumradius (mm) on a kit pad: a hex 14.7 mm across, room for a pencil icon."""
BORDER = 0.9
"""Width (mm) of the thick lines between quadrants."""


# ---------------------------------------------------------------- the grid

@dataclass(frozen=True)
class PadGrid:
    """A ``cols`` × ``rows`` pad drawn with hexes of circumradius ``s`` mm.

    The grid box is ``width`` × ``height`` mm (hexes only); :meth:`centre` gives a cell's
    centre in that box (origin bottom-left, y up). Cells are the engine's numbers (row by
    row from the top left).
    """

    cols: int
    rows: int
    s: float

    @property
    def geo(self) -> PadGeometry:
        return geometry(self.cols, self.rows)

    @property
    def hex_w(self) -> float:
        """A hex's width across its flat sides: the distance between neighbouring centres."""
        return SQRT3 * self.s

    @property
    def width(self) -> float:
        return self.hex_w * (self.cols + 0.5)

    @property
    def height(self) -> float:
        return self.s * (1.5 * (self.rows - 1) + 2.0)

    def centre(self, cell: int) -> tuple[float, float]:
        """The centre of engine cell ``cell`` in the grid box."""
        dx, dy = cell_centre(self.geo.axial[cell], self.s)
        return (self.hex_w / 2 + dx, self.height - self.s + dy)


def fit_grid(cols: int, rows: int, max_w: float, max_h: float, s_max: float = PAD_HEX_MAX
             ) -> PadGrid:
    """The largest grid (hex radius at most ``s_max``) that fits ``max_w`` × ``max_h`` mm."""
    s = min(s_max, max_w / (SQRT3 * (cols + 0.5)), max_h / (1.5 * (rows - 1) + 2.0))
    return PadGrid(cols, rows, s)


def _edge(grid: PadGrid, cell: int, angle: float) -> tuple[float, float, float, float]:
    """The side of ``cell``'s hex facing direction ``angle`` (degrees; its corners lie 30°
    either side, as the hex is pointy-top)."""
    cx, cy = grid.centre(cell)
    s = grid.s
    a0, a1 = math.radians(angle - 30), math.radians(angle + 30)
    return (cx + s * math.cos(a0), cy + s * math.sin(a0), cx + s * math.cos(a1),
            cy + s * math.sin(a1))


_DIRECTIONS = {(1, 0): 0.0, (0, -1): 60.0, (-1, -1): 120.0, (-1, 0): 180.0, (0, 1): 240.0,
               (1, 1): 300.0}
"""Screen angle (y up) of each axial step: (dq, dr) with r growing downwards; (dq, dr) →
the pixel step (√3·s·(dq + dr/2), −1.5·s·dr)."""


def _direction(dq: int, dr: int) -> float:
    x, y = dq + dr / 2.0, -dr * SQRT3 / 2.0
    return math.degrees(math.atan2(y, x)) % 360


def border_edges(grid: PadGrid) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """(quadrant borders, outer rim): the hex sides between cells of different quadrants,
    and those with no neighbour (the pad's outline)."""
    geo = grid.geo
    inner: list[tuple[float, ...]] = []
    outer: list[tuple[float, ...]] = []
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    for cell in range(geo.size):
        q, r = geo.axial[cell]
        for dq, dr in steps:
            other = geo.at_axial(q + dq, r + dr)
            angle = _direction(dq, dr)
            if other is None:
                outer.append(_edge(grid, cell, angle))
            elif other > cell and geo.quadrant[other] != geo.quadrant[cell]:
                inner.append(_edge(grid, cell, angle))
    return inner, outer


@dataclass(frozen=True)
class Marks:
    """What a finished pad highlights: red-star cells and purple-star cells of completed
    constellations, each with the number of its card (1, 2…), and the roll that drew each
    cell when the pad shows the order of its moves."""

    red: Mapping[int, int] = field(default_factory=dict)
    purple: Mapping[int, int] = field(default_factory=dict)
    order: Mapping[int, int] = field(default_factory=dict)
    """Per drawn cell, the roll (1, 2, …) that drew it: the order of the moves."""


def draw_grid(canvas: Canvas, grid: PadGrid, x: float, y: float, ctx: RenderContext,
              cells: str | None = None, marks: Marks | None = None) -> None:
    """The hexes of ``grid`` with the grid box's lower-left corner at (x, y): each hex in its
    quadrant's tint and pattern, thick borders between quadrants, the outline; with
    ``cells`` (one ``GPACS.`` character per cell) the icons drawn in, and ``marks`` ringing
    the stars of completed constellations."""
    geo = grid.geo
    s = grid.s
    names = [define_hex(canvas, quadrant_hue(k), s, ctx, line=max(0.18, s * 0.035))
             for k in range(4)]
    for cell in range(geo.size):
        cx, cy = grid.centre(cell)
        place_hex(canvas, names[geo.quadrant[cell]], x + cx, y + cy, s)
    inner, outer = border_edges(grid)
    for x0, y0, x1, y1 in outer:
        canvas.line(x + x0, y + y0, x + x1, y + y1, Style(stroke=INK, width=0.5))
    for x0, y0, x1, y1 in inner:
        canvas.line(x + x0, y + y0, x + x1, y + y1, Style(stroke=INK, width=BORDER * min(
            1.0, s / 6)))
    if cells is None:
        return
    r = s * 0.55
    for cell, icon in enumerate(cells):
        cx, cy = grid.centre(cell)
        if marks is not None and cell in marks.red:
            canvas.circle(x + cx, y + cy, s * 0.8, Style(stroke=STAR_RED, width=max(0.35,
                                                                                    s * 0.09)))
        elif marks is not None and cell in marks.purple:
            canvas.circle(x + cx, y + cy, s * 0.8, Style(stroke=STAR_PURPLE, width=max(
                0.35, s * 0.09), dash=(0.9, 0.6)))
        if icon != BLANK:
            draw_icon(canvas, icon, x + cx, y + cy, r)
        roll = None if marks is None else marks.order.get(cell)
        if roll is not None and s >= 3.2:
            # the roll that drew the hex, at its upper left, on a white disc
            size = MIN_PT
            nx, ny = x + cx - s * 0.55, y + cy + s * 0.5
            canvas.circle(nx, ny, size * MM_PER_PT * 0.62, Style(fill="#FFFFFF",
                                                                  stroke=MUTED, width=0.15))
            canvas.text(nx, ny - size * MM_PER_PT * 0.36, str(roll), size, "regular", INK,
                        "middle")
        card = None if marks is None else marks.red.get(cell, marks.purple.get(cell))
        if marks is not None and card is not None and s >= 3.2:
            # the card's number on the ring's lower right, so two cards' stars stay apart
            size = max(MIN_PT, min(7.0, s * 1.1))
            colour = STAR_RED if cell in marks.red else STAR_PURPLE
            nx, ny = x + cx + s * 0.6, y + cy - s * 0.6
            canvas.circle(nx, ny, size * MM_PER_PT * 0.55, Style(fill="#FFFFFF"))
            canvas.text(nx, ny - size * MM_PER_PT * 0.36, str(card), size, "bold", colour,
                        "middle")


# ---------------------------------------------------------------- labelled pad

@dataclass(frozen=True)
class PadArt:
    """A grid with its labels around it: coordinates (column letters above and below, row
    numbers left and right) and the quadrant names, in a box ``width`` × ``height`` mm."""

    grid: PadGrid
    coord_pt: float
    names_pt: float

    @property
    def side(self) -> float:
        """Room (mm) left and right of the grid for row numbers."""
        return text_width("26", self.coord_pt, "bold") + 2.0

    @property
    def band(self) -> float:
        """Room (mm) above and below the grid: column letters, then quadrant names."""
        return self.coord_pt * MM_PER_PT * 1.25 + (self.names_pt * MM_PER_PT * 1.7
                                                   if self.names_pt else 0.0) + 0.8

    @property
    def width(self) -> float:
        return self.grid.width + 2 * self.side

    @property
    def height(self) -> float:
        return self.grid.height + 2 * self.band


def fit_pad(cols: int, rows: int, max_w: float, max_h: float, s_max: float = PAD_HEX_MAX,
            names: bool = True) -> PadArt:
    """The largest labelled pad that fits ``max_w`` × ``max_h`` mm; labels scale with the
    hexes but never drop under 6 pt."""
    coord, name_pt = 8.0, (8.0 if names else 0.0)
    grid = fit_grid(cols, rows, max_w, max_h, s_max)
    for _ in range(3):  # the labels' room depends on their size, which follows the hexes
        coord = max(MIN_PT, min(8.5, grid.s * 1.25))
        name_pt = max(MIN_PT, min(8.5, grid.s * 1.25)) if names else 0.0
        art = PadArt(grid, coord, name_pt)
        grid = fit_grid(cols, rows, max_w - 2 * art.side, max_h - 2 * art.band, s_max)
    return PadArt(grid, coord, name_pt)


def draw_pad(canvas: Canvas, art: PadArt, x: float, y: float, ctx: RenderContext,
             cells: str | None = None, marks: Marks | None = None) -> None:
    """The labelled pad with its box's lower-left corner at (x, y): quadrant names (colour
    chip with its pattern, and the name) outside each quadrant's corner, column letters
    above and below (the bottom ones follow the last row's offset), row numbers on both
    sides, then :func:`draw_grid`."""
    if cells is None and marks is None:
        # a blank pad is the same on every page of a booklet: defined once, placed
        name = (f"hubble-pad-{grid_key(art)}-{ctx.lang}-{int(ctx.ink_saver)}")
        canvas.define(name, art.width, art.height,
                      lambda c: _draw_pad(c, art, 0.0, 0.0, ctx, None, None))
        canvas.place(name, x, y)
        return
    _draw_pad(canvas, art, x, y, ctx, cells, marks)


def grid_key(art: PadArt) -> str:
    """A name for a labelled pad's drawing: size, hex radius, label sizes."""
    g = art.grid
    return f"{g.cols}x{g.rows}-{g.s:.3f}-{art.coord_pt:.2f}-{art.names_pt:.2f}"


def _draw_pad(canvas: Canvas, art: PadArt, x: float, y: float, ctx: RenderContext,
              cells: str | None, marks: Marks | None) -> None:
    """Paint :func:`draw_pad`'s art with its box's lower-left corner at (x, y)."""
    grid, w = art.grid, words(ctx.lang)
    geo = grid.geo
    gx, gy = x + art.side, y + art.band
    draw_grid(canvas, grid, gx, gy, ctx, cells, marks)
    cpt = art.coord_pt
    lift = cpt * MM_PER_PT * 0.36
    top_row = range(geo.cols)
    last = (geo.rows - 1) * geo.cols
    for c in top_row:
        letter = chr(ord("A") + c)
        tx, _ = grid.centre(c)
        canvas.text(gx + tx, gy + grid.height + 0.6, letter, cpt, "bold", MUTED, "middle")
        bx, _ = grid.centre(last + c)
        canvas.text(gx + bx, gy - 0.6 - cpt * MM_PER_PT * 0.75, letter, cpt, "bold", MUTED,
                    "middle")
    for r in range(geo.rows):
        lx, ly = grid.centre(r * geo.cols)
        rx, _ = grid.centre(r * geo.cols + geo.cols - 1)
        canvas.text(gx + lx - grid.hex_w / 2 - 1.0, gy + ly - lift, str(r + 1), cpt, "bold",
                    MUTED, "end")
        canvas.text(gx + rx + grid.hex_w / 2 + 1.0, gy + ly - lift, str(r + 1), cpt, "bold",
                    MUTED, "start")
    if not art.names_pt:
        return
    npt = art.names_pt
    chip_h = npt * MM_PER_PT * 1.0
    half = grid.width / 2
    for k, name in enumerate(QUADRANTS):
        label = w[name].upper()
        top = k < 2
        left = k % 2 == 0
        ty = (y + art.height - npt * MM_PER_PT * 1.05) if top else (y + 0.5)
        size = fit_size(label, half - chip_h * 2 - 4, npt, "bold", MIN_PT)
        tw = text_width(label, size, "bold")
        # names sit at the pad's outer corners: red top left, blue top right…
        x0 = gx + 1.0 if left else gx + grid.width - 1.0 - chip_h * 1.6 - 1.2 - tw
        chip(canvas, x0, ty - 0.3, chip_h * 1.6, chip_h, quadrant_hue(k), ctx)
        canvas.text(x0 + chip_h * 1.6 + 1.2, ty, label, size, "bold", INK, "start")


# ---------------------------------------------------------------- pieces of the pad page

def fog_track(canvas: Canvas, x: float, top: float, w: float, ctx: RenderContext) -> float:
    """The Fogged Lens: its name, three boxes to cross (each a small lens), the hint.
    Returns the y under it."""
    wd = words(ctx.lang)
    canvas.text(x, top - 4, wd["fog"], 10, "bold", INK)
    box = 9.0
    by = top - 6.5 - box
    for k in range(3):
        bx = x + k * (box + 3)
        canvas.rect(bx, by, box, box, Style(stroke=INK, width=0.5), radius=1.2)
        # a faint lens in each box, to cross out
        canvas.circle(bx + box / 2, by + box / 2, box * 0.3, Style(stroke="#C4C4D0",
                                                                     width=0.4))
        canvas.text(bx + box - 1.0, by + 1.0, str(k + 1), 6.5, "regular", MUTED, "end")
    ty = by - 3.2
    for line in wrap(wd["fog_hint"], w, 7):
        canvas.text(x, ty, line, 7, "regular", MUTED)
        ty -= 3.1
    return ty


SCORE_ROWS = ("G", "P", "A", "C")


def score_box(canvas: Canvas, x: float, top: float, w: float, ctx: RenderContext,
              cards: int = 2, row_h: float = 6.2, values: Mapping[str, int] | None = None
              ) -> float:
    """The score box: one line per icon (its drawing, the rule in short, a box for the
    points), one per constellation card, and the total. ``values`` fills the boxes (answer
    keys). Returns the y under it."""
    wd = words(ctx.lang)
    canvas.text(x, top - 4, wd["score"], 10, "bold", INK)
    rows: list[tuple[str, str, str]] = [(i, wd[f"score_{i}"], i) for i in SCORE_ROWS]
    rows += [("S", f"{wd['score_S']} · {wd['card_n'].format(n=k + 1)}", f"S{k + 1}")
             for k in range(cards)]
    rows.append(("", wd["total"], "total"))
    box_w = 13.0
    y = top - 6.5
    for icon, label, key in rows:
        y -= row_h
        bold = key == "total"
        canvas.rect(x + w - box_w, y + 0.4, box_w, row_h - 0.8,
                    Style(stroke=INK, width=0.6 if bold else 0.35), radius=0.8)
        if icon:
            draw_icon(canvas, icon, x + 2.6, y + row_h / 2, 2.3)
        size = fit_size(label, w - box_w - 8, 7.5, "bold" if bold else "regular", MIN_PT)
        canvas.text(x + 6.5, y + row_h / 2 - size * MM_PER_PT * 0.36, label, size,
                    "bold" if bold else "regular", INK)
        if values is not None and key in values:
            canvas.text(x + w - box_w / 2, y + row_h / 2 - 3.2 * 0.36 * 3, str(values[key]),
                        9, "bold", INK, "middle")
        if not bold:
            canvas.line(x, y, x + w - box_w - 1.5, y, Style(stroke="#D0D0DA", width=0.2))
    return y


def legend(canvas: Canvas, x: float, top: float, w: float, ctx: RenderContext) -> float:
    """How to draw the five icons: each drawn large with its letter, name and a pencil hint.
    Returns the y under it."""
    wd = words(ctx.lang)
    canvas.text(x, top - 4, wd["legend"], 10, "bold", INK)
    y = top - 7
    row = 8.2
    for icon in "GPACS":
        y -= row
        draw_icon(canvas, icon, x + 4, y + row / 2, 3.4)
        name = f"{icon} · {wd[icon]}"
        canvas.text(x + 10, y + row / 2 + 0.4, name, 8, "bold", INK)
        hint = wd[f"how_{icon}"]
        canvas.text(x + 10, y + row / 2 - 3.0, hint, fit_size(hint, w - 11, 7, "regular",
                                                                MIN_PT), "regular", MUTED)
    return y


def _title_grid(w: float, ctx: RenderContext) -> tuple[int, list[list[str]]]:
    """(boxes a row, each title's lines): six boxes in a row when every title's longest word
    fits its box, else three a row (narrow pages, long German compounds)."""
    n = len(TITLE_FLOORS)
    per_row = n
    titles = TITLES[ctx.lang]
    if any(text_width(word, 6.5) > w / n - 2 for t in titles for word in t.split()):
        per_row = n // 2
    return per_row, [wrap(titles[b], w / per_row - 2, 6.5) for b in range(n)]


def _box_h(lines: list[list[str]]) -> float:
    return 4.0 + 2.9 * max(len(ls) for ls in lines) + 0.8


def titles_strip_height(w: float, ctx: RenderContext, heading: bool = True) -> float:
    """The height :func:`titles_strip` takes in ``w`` mm."""
    per_row, lines = _title_grid(w, ctx)
    rows = -(-len(lines) // per_row)
    return (5.0 if heading else 0.0) + rows * (_box_h(lines) + 0.6)


def titles_strip(canvas: Canvas, x: float, top: float, w: float, ctx: RenderContext,
                 heading: bool = True) -> float:
    """The six solo titles with their totals, in boxes (one row of six, or two of three
    where the titles need the room). Returns the y under it."""
    wd = words(ctx.lang)
    y = top
    if heading:
        canvas.text(x, y - 3.6, wd["titles"], 8, "bold", INK)
        y -= 5.0
    per_row, lines = _title_grid(w, ctx)
    bw = w / per_row
    h = _box_h(lines)
    for b, title in enumerate(lines):
        row, col = divmod(b, per_row)
        bx, by = x + col * bw, y - row * (h + 0.6)
        canvas.rect(bx + 0.3, by - h, bw - 0.6, h, Style(stroke="#B8B8C8", width=0.25),
                    radius=0.8)
        canvas.text(bx + bw / 2, by - 3.2, band_label(b), 7, "bold", INK, "middle")
        for k, line in enumerate(title):
            canvas.text(bx + bw / 2, by - 6.2 - 2.9 * k, line, 6.5, "regular", MUTED,
                        "middle")
    return y - titles_strip_height(w, ctx, False)


def name_fields(canvas: Canvas, x: float, top: float, w: float, ctx: RenderContext
                ) -> float:
    """"Name ____  Date ____" across ``w``; returns the y under them."""
    wd = words(ctx.lang)
    slots = [(wd["name"], 0.62), (wd["date"], 0.38)]
    lx = x
    for label, share in slots:
        canvas.text(lx, top - 4.5, label, 9, "bold", INK)
        start = lx + text_width(label, 9, "bold") + 2
        canvas.line(start, top - 5, lx + w * share - 4, top - 5, Style(stroke=MUTED,
                                                                       width=0.3))
        lx += w * share
    return top - 8


# ---------------------------------------------------------------- the pad page

PANEL_H = 72.0
"""Height (mm) of the Fogged Lens / score / legend panels under the pad."""
TITLES_H = 17.0
MIN_GAP = 3.0
"""Least white space (mm) above the pad and between the pad and the panels."""


def _page_layout(cols: int, rows: int, paper: str
                 ) -> tuple[PadArt, float, float, float]:
    """(art, x, y of the pad box, top of the panels) on ``paper``: the pad as large as fits
    above the panels; when it is smaller, the white space goes equally above the pad, between
    pad and panels, and under the titles."""
    pw, ph = paper_size(paper)
    room = content_box(pw, ph)
    pad_top = room.top - 9.0
    need = PANEL_H + TITLES_H + 4.0 + 2 * MIN_GAP
    art = fit_pad(cols, rows, room.w, pad_top - room.y - need)
    gap = MIN_GAP + min(10.0, (pad_top - room.y - need - art.height) / 3)
    py = pad_top - gap - art.height
    return art, room.x + (room.w - art.width) / 2, py, py - gap


def pad_cells_layout(cols: int, rows: int, paper: str = "a4") -> tuple[PadArt, float, float]:
    """Where :func:`pad_page` puts the labelled pad on ``paper``: (art, x, y of its box's
    lower-left corner). Tests and tools read the printed pad back with it."""
    art, x, y, _ = _page_layout(cols, rows, paper)
    return art, x, y


def pad_page(ctx: RenderContext, cols: int, rows: int, number: int = 1, total: int = 1
             ) -> Page:
    """One printable pad on ``ctx.paper`` (a4 or letter, portrait): frame, name and date,
    the labelled pad as large as fits (hexes at most :data:`PAD_HEX_MAX`), and under it the
    Fogged Lens, the score box and the how-to-draw legend, then the solo titles."""
    pw, ph = paper_size(ctx.paper)
    wd = words(ctx.lang)
    room = content_box(pw, ph)
    art, ax, ay, ptop = _page_layout(cols, rows, ctx.paper)

    def paint(canvas: Canvas) -> None:
        page_frame(canvas, pw, ph, wd["pad"],
                   ctx.lang, wd["pad_sub"].format(cols=cols, rows=rows, n=number, total=total),
                   wd["pad_note"], wd["brand"])
        name_fields(canvas, room.x, room.top, room.w, ctx)
        draw_pad(canvas, art, ax, ay, ctx)
        gap = 5.0
        fog_w, score_w = 44.0, 84.0
        legend_w = room.w - fog_w - score_w - 2 * gap
        fog_track(canvas, room.x, ptop, fog_w, ctx)
        score_box(canvas, room.x + fog_w + gap, ptop, score_w, ctx)
        legend(canvas, room.x + fog_w + score_w + 2 * gap, ptop, legend_w, ctx)
        titles_strip(canvas, room.x, ptop - PANEL_H, room.w, ctx)

    return DrawnPage(pw, ph, paint)


def pad_pages(ctx: RenderContext, cols: int, rows: int, count: int) -> list[Page]:
    """``count`` pads (one a page), numbered."""
    return [pad_page(ctx, cols, rows, k + 1, count) for k in range(count)]


__all__ = ["BORDER", "MIN_PT", "PAD_HEX_MAX", "Marks", "PadArt", "PadGrid", "border_edges",
           "draw_grid", "draw_pad", "fit_grid", "fit_pad", "fog_track", "grid_key", "legend",
           "name_fields", "pad_cells_layout", "pad_page", "pad_pages", "score_box",
           "titles_strip", "titles_strip_height"]
