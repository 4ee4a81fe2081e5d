"""The Ship Computer sheets: the 3×3 grid for the floor of the user's box, a fold-up tray of the
same size for players without a box, and the galaxy coordinate strips.

Sizes are real: the grid's spaces are exactly a third of the box's inner size, so a marble that
settles in a space of the box lies in the same space of the print. Anything larger than the
paper is tiled over several sheets (see :func:`kitparts.art_pages`), never clipped or shrunk.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from spacebowl_print.games.spacebowl.art.minigalaxy import SPACE_NUMBERS
from spacebowl_print.games.spacebowl.art.sheetframe import art_pages, draw_planet, label, page_frame
from spacebowl_print.games.spacebowl.model import Planet
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import line_height, wrap
from spacebowl_print.render.furniture import (
    CUT,
    FOLD,
    GREY,
    INK,
    TRIM,
    Area,
    centred_text,
    content_box,
    glue_tab,
    paper_size,
)

GRID_INK = "#7A7A7A"
"""Grid lines are printed art, not cuts: grey and thicker than the black cut lines."""
GRID_WIDTH = 0.8
MIN_BOX, MAX_BOX = 60.0, 600.0
"""Accepted inner box sides (mm): smaller cannot hold the marbles, larger is not a box."""

_SIZE = re.compile(
    r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*(?:[x×*]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?)?\s*$",
    re.IGNORECASE)
_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4}


def parse_box(text: str) -> tuple[float, float]:
    """Parse a ``--box`` value: ``"150mm"``, ``"150"`` (mm), ``"15cm"``, ``"6in"``, or
    ``"160x140mm"`` / ``"16cm×14cm"`` for a rectangular box. Returns (width, height) in mm.

    Raises ``ValueError`` with a one-line message on anything else, or on a side outside
    60–600 mm.
    """
    m = _SIZE.match(text)
    if not m:
        raise ValueError(f"box size {text!r} is not like 150mm or 160x140mm")
    a, ua, b, ub = m.groups()
    unit_b = _UNIT[(ub or ua or "mm").lower()]
    unit_a = _UNIT[(ua or ub or "mm").lower()]
    w = float(a) * unit_a
    h = float(b) * unit_b if b else w
    for side in (w, h):
        if not MIN_BOX <= side <= MAX_BOX:
            raise ValueError(f"box side {side:g} mm is outside {MIN_BOX:g}–{MAX_BOX:g} mm")
    return w, h


def _sides(box_mm: float | tuple[float, float]) -> tuple[float, float]:
    w, h = (box_mm, box_mm) if isinstance(box_mm, int | float) else box_mm
    for side in (w, h):
        if not MIN_BOX <= side <= MAX_BOX:
            raise ValueError(f"box side {side:g} mm is outside {MIN_BOX:g}–{MAX_BOX:g} mm")
    return float(w), float(h)


def default_wall(w: float, h: float) -> float:
    """Tray wall height (mm) for a floor of w × h: a sixth of the shorter side, kept within
    20–35 mm — high enough to keep a tossed marble in, low enough to see into the tray."""
    return float(min(35, max(20, round(min(w, h) / 6))))


# ---------------------------------------------------------------- the grid
def draw_grid(canvas: Canvas, w: float, h: float, ctx: RenderContext, outline: bool = True
              ) -> None:
    """The 3×3 grid of spaces filling (0, 0)–(w, h), numbered 1 (top left) to 9 (bottom
    right) in reading order, as the rule summaries and puzzle pages number them: letters and
    digits like ``A1`` name galaxy cards only, never a space (space-bowl.md, "Spaces are not
    cards"; files keep the names A1–C3 of formats.md, :data:`SPACE_NUMBERS` maps them).

    Each space is one rectangle of exactly w/3 × h/3 (so a reader of the PDF can measure it);
    space 5 carries the learning-mode place of the Destination disc. ``outline`` draws the
    outer edge as a cut line (the floor insert); the tray draws its own fold lines there.
    """
    sw, sh = w / 3, h / 3
    if not ctx.ink_saver:
        # A faint checkerboard helps the eye find the spaces at a glance during a toss.
        for r in range(3):
            for c in range(3):
                if (r + c) % 2 == 0:
                    canvas.rect(c * sw, h - (r + 1) * sh, sw, sh, Style(fill="#EEF1F6"))
    grid = Style(stroke=GRID_INK, width=GRID_WIDTH)
    if outline:
        for r in range(3):
            for c in range(3):
                canvas.rect(c * sw, h - (r + 1) * sh, sw, sh, grid)
    else:
        for k in (1, 2):
            canvas.line(k * sw, 0, k * sw, h, grid)
            canvas.line(0, k * sh, w, k * sh, grid)
    size = max(7.0, min(16.0, min(sw, sh) * 0.28))
    pad = min(sw, sh) * 0.07
    for space, number in SPACE_NUMBERS.items():
        x, top = space.col * sw, h - space.row * sh
        canvas.text(x + pad, top - pad - size * 0.3528 * 0.75, str(number), size, "bold",
                    GRID_INK, "start")
    # Learning mode puts the Destination disc in the centre space. The note is wrapped, never
    # shrunk (a small box's space is narrow and no text goes under 6 pt); the dashed circle
    # gives way to it so both stay inside space 5, and is left out when there is no room.
    lines = wrap(label(ctx.lang, "learning"), sw - 2 * pad, 6.0)
    lead = line_height(6.0)
    cx, cy = 1.5 * sw, 1.5 * sh
    rad = min(min(sw, sh) * 0.24, sh / 2 - pad - len(lines) * lead - 1.0)
    if rad >= 2.5:
        canvas.circle(cx, cy, rad, Style(stroke="#7B3FA0", width=0.4, dash=(1.5, 1.0)))
        note_y = cy - rad - 1.0 - lead / 2
    else:
        note_y = cy + (len(lines) - 1) * lead / 2
    for line in lines:
        centred_text(canvas, cx, note_y, line, 6.0, "regular", GREY)
        note_y -= lead
    if outline:
        canvas.rect(0, 0, w, h, CUT)


def _legend_height(planets: Sequence[Planet]) -> float:
    return 22.0 if planets else 0.0


def _draw_legend(canvas: Canvas, x: float, y: float, width: float, planets: Sequence[Planet],
                 ctx: RenderContext) -> None:
    """A row of the deck's planets (disc + name + letter), centred in ``width`` at height y."""
    if not planets:
        return
    canvas.text(x, y + 17.0, label(ctx.lang, "planets"), 8, "bold", INK, "start")
    pitch = width / len(planets)
    for i, p in enumerate(planets):
        cx = x + pitch * (i + 0.5)
        draw_planet(canvas, p, cx, y + 9.5, 4.5, ctx.ink_saver)
        centred_text(canvas, cx, y + 0.5, f"{p.name} ({p.id})", 7.0, "regular", INK,
                     max_width=pitch - 2)


def grid_pages(ctx: RenderContext, w: float, h: float, planets: Sequence[Planet]
               ) -> list[Page]:
    """The floor insert: the grid at 100 % with a cut line, plus the planet legend when it
    fits on the same sheet (otherwise the grid alone, tiled if needed)."""
    title = label(ctx.lang, "ship_computer")
    sub = label(ctx.lang, "ship_grid", w=w, h=h)
    pw, ph = paper_size(ctx.paper)
    room = content_box(pw, ph)
    extra = _legend_height(planets) + 8.0
    if w <= room.w and h + extra <= room.h:
        x0 = room.x + (room.w - w) / 2
        y0 = room.top - h - max(0.0, (room.h - h - extra) / 3)

        def page(canvas: Canvas) -> None:
            page_frame(canvas, pw, ph, title, ctx, sub)
            canvas.save()
            canvas.translate(x0, y0)
            draw_grid(canvas, w, h, ctx)
            canvas.restore()
            _draw_legend(canvas, room.x + 10, y0 - 8.0 - _legend_height(planets),
                         room.w - 20, planets, ctx)

        return [DrawnPage(pw, ph, page)]
    return art_pages(ctx, w, h, lambda c: draw_grid(c, w, h, ctx), title, sub)


# ---------------------------------------------------------------- the tray
def draw_tray(canvas: Canvas, w: float, h: float, d: float, ctx: RenderContext) -> None:
    """The tray net in (0, 0)–(w + 2d, h + 2d): floor = the grid (w × h), four walls of
    height ``d`` folding up along dotted lines, and on the two side walls four glue tabs that
    tuck inside the neighbouring walls. Cut lines solid, folds dotted."""
    canvas.save()
    canvas.translate(d, d)
    draw_grid(canvas, w, h, ctx, outline=False)
    canvas.restore()
    # The floor's edges are where the walls fold up.
    canvas.rect(d, d, w, h, FOLD)
    # Top and bottom walls: three cut sides each.
    canvas.polygon([(d, d + h), (d, 2 * d + h), (d + w, 2 * d + h), (d + w, d + h)], CUT,
                   closed=False)
    canvas.polygon([(d, d), (d, 0), (d + w, 0), (d + w, d)], CUT, closed=False)
    # Side walls: outer edge cut, both ends carry a glue tab (folded at the base).
    canvas.line(0, d, 0, d + h, CUT)
    canvas.line(2 * d + w, d, 2 * d + w, d + h, CUT)
    depth, taper = min(d * 0.8, 18.0), min(3.0, d / 6)
    glue_tab(canvas, ((0, d + h), (d, d + h)), depth, ctx.lang, taper=taper)
    glue_tab(canvas, ((d, d), (0, d)), depth, ctx.lang, taper=taper)
    glue_tab(canvas, ((d + w, d + h), (2 * d + w, d + h)), depth, ctx.lang, taper=taper)
    glue_tab(canvas, ((2 * d + w, d), (d + w, d)), depth, ctx.lang, taper=taper)
    # The name on the top wall, readable from the player's side (it faces inward once up).
    size = min(12.0, d * 1.3)
    centred_text(canvas, d + w / 2, d + h + d / 2, label(ctx.lang, "ship_computer"), size,
                 "bold", GREY, max_width=w - 6)


def tray_pages(ctx: RenderContext, w: float, h: float, d: float) -> list[Page]:
    """The tray net at 100 %, tiled over several sheets when larger than the paper."""
    note = label(ctx.lang, "tray_help")
    return art_pages(ctx, w + 2 * d, h + 2 * d, lambda c: draw_tray(c, w, h, d, ctx),
                     label(ctx.lang, "ship_computer"), label(ctx.lang, "tray", w=w, h=h, d=d),
                     note=note)


# ---------------------------------------------------------------- coordinate strips
STRIP_W = 14.0
"""Width (mm) of a coordinate strip."""
STRIP_TAB = 8.0
"""Length (mm) of the glue tab joining two pieces of a strip."""


def draw_strip_piece(canvas: Canvas, names: Sequence[str], pitch: float, first: int,
                     tab: bool, optional_from: int, ctx: RenderContext) -> None:
    """One piece of a coordinate strip, lying along +x from the origin: one cell of
    ``pitch`` mm per name, a ▼ pointing at the card centre, a glue tab at the end when
    another piece follows. Cells from index ``optional_from`` on (F, 6) belong to the 6×6
    variant: a dash-dot line says where to cut them off for 5×5."""
    n = len(names)
    length = n * pitch
    if tab:
        glue_tab(canvas, ((length, STRIP_W), (length, 0.0)), STRIP_TAB, ctx.lang, taper=2.0)
    if not ctx.ink_saver:
        for i in range(n):
            if (first + i) % 2 == 0:
                canvas.rect(i * pitch, 0, pitch, STRIP_W, Style(fill="#EEF1F6"))
    for i, name in enumerate(names):
        x = i * pitch
        if i > 0:
            canvas.line(x, 0, x, STRIP_W * 0.3, Style(stroke=GREY, width=0.3))
            canvas.line(x, STRIP_W * 0.7, x, STRIP_W, Style(stroke=GREY, width=0.3))
        centred_text(canvas, x + pitch / 2, STRIP_W * 0.45, name, 16, "bold", INK)
        # The ▼ points from the strip towards the galaxy, at the card's centre.
        cx = x + pitch / 2
        canvas.polygon([(cx - 2.0, 2.6), (cx + 2.0, 2.6), (cx, 0.6)], Style(fill=INK))
        if first + i == optional_from:
            canvas.line(x, -2.0, x, STRIP_W + 2.0, TRIM)
            canvas.text(x + 1.0, STRIP_W - 2.8, label(ctx.lang, "cut_5x5"), 5.5, "regular",
                        GREY, "start")
    canvas.polygon([(0, 0), (length, 0)], CUT, closed=False)
    canvas.polygon([(0, STRIP_W), (length, STRIP_W)], CUT, closed=False)
    canvas.line(0, 0, 0, STRIP_W, CUT)
    if not tab:
        canvas.line(length, 0, length, STRIP_W, CUT)


def strip_pages(ctx: RenderContext, card_mm: tuple[float, float], gap_mm: float
                ) -> list[Page]:
    """The galaxy coordinate strips A–F (columns) and 1–6 (rows), at the pitch of the cards
    (card size + gap), in pieces that fit the sheet's height and glue end to end. The last
    cell of each (F, 6) serves the 6×6 variant and is cut off for 5×5."""
    pw, ph = paper_size(ctx.paper)
    room = content_box(pw, ph)
    cw, ch = card_mm
    strips = [("ABCDEF", cw + gap_mm), ("123456", ch + gap_mm)]
    pieces: list[tuple[list[str], float, int, bool]] = []
    for names, pitch in strips:
        per = max(1, math.floor((room.h - STRIP_TAB) / pitch))
        for start in range(0, len(names), per):
            chunk = list(names[start:start + per])
            pieces.append((chunk, pitch, start, start + per < len(names)))
    spacing = STRIP_W + 10.0
    per_page = max(1, math.floor((room.w + 10.0) / spacing))
    pages: list[Page] = []
    title = label(ctx.lang, "strips")
    sub = label(ctx.lang, "strips_help", cw=cw, ch=ch, g=gap_mm)
    for p0 in range(0, len(pieces), per_page):
        batch = pieces[p0:p0 + per_page]

        def page(canvas: Canvas, batch: list[tuple[list[str], float, int, bool]] = batch
                 ) -> None:
            page_frame(canvas, pw, ph, title, ctx)
            _strip_help(canvas, sub, room, ctx)
            for k, (names, pitch, first, tab) in enumerate(batch):
                x = room.x + k * spacing
                canvas.save()
                # Strips run up the page: turn the piece's +x axis to point up.
                canvas.translate(x + STRIP_W, room.y)
                canvas.rotate(90)
                draw_strip_piece(canvas, names, pitch, first, tab, 5, ctx)
                canvas.restore()

        pages.append(DrawnPage(pw, ph, page))
    return pages


def _strip_help(canvas: Canvas, text: str, room: Area, ctx: RenderContext) -> None:
    """The strips' instructions and line legend, in a narrow column right of the strips."""
    col_w = 60.0
    x = room.right - col_w
    y = room.top - 4.0
    for line in wrap(text, col_w, 8.0):
        canvas.text(x, y, line, 8.0, "regular", INK, "start")
        y -= line_height(8.0, 1.3)
    # Legend of the line conventions used on every sheet of the kit.
    y -= 4.0
    for style, key in ((CUT, "cut"), (FOLD, "fold"), (TRIM, "cut_5x5")):
        canvas.line(x, y + 1.0, x + 10.0, y + 1.0, style)
        canvas.text(x + 12.0, y, label(ctx.lang, key), 7.0, "regular", INK, "start")
        y -= 5.0


# ---------------------------------------------------------------- public entry point
def ship_computer_pages(ctx: RenderContext, box_mm: float | tuple[float, float],
                        planets: Sequence[Planet], *, wall_mm: float | None = None,
                        card_mm: tuple[float, float] = (63.0, 88.0), gap_mm: float = 3.0
                        ) -> list[Page]:
    """All Ship Computer sheets for a box of inner size ``box_mm`` (a side in mm for a square
    box, or (width, height)), on ``ctx.paper`` (``"a4"`` or ``"letter"``), in ``ctx.lang``:

    1. the grid for the floor of the box, at 100 % — each space exactly a third of the box —
       with the deck's ``planets`` as a legend when there is room (tiled if the box is larger
       than the paper);
    2. a fold-up tray net of the same inner size (walls ``wall_mm``, default
       :func:`default_wall`), tiled over several sheets when larger than the paper;
    3. the galaxy coordinate strips A–F / 1–6 at the pitch of ``card_mm`` cards laid
       ``gap_mm`` apart (the F and 6 cells are cut off for the 5×5 galaxy).

    Raises ``ValueError`` on an unknown paper (the context's language comes checked), or a
    box side outside 60–600 mm.
    """
    paper_size(ctx.paper)
    w, h = _sides(box_mm)
    d = default_wall(w, h) if wall_mm is None else float(wall_mm)
    if not 5.0 <= d <= 100.0:
        raise ValueError(f"tray wall height {d:g} mm is outside 5–100 mm")
    return (grid_pages(ctx, w, h, planets)
            + tray_pages(ctx, w, h, d)
            + strip_pages(ctx, card_mm, gap_mm))
