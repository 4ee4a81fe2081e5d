"""The scoretrack: spaces 0 to 18 along a serpentine path, the start space 4 and the end
space 18 marked so they read without colour, and the legend of the 8 crew colours."""

from __future__ import annotations

import math

from spacebowl_print.games.spacebowl.art.sheetframe import label, page_frame
from spacebowl_print.games.spacebowl.rules.scoring import START_SCORE, WIN_SCORE
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import line_height, wrap
from spacebowl_print.render.furniture import GREY, INK, Area, centred_text, content_box, paper_size
from spacebowl_print.render.palette import PLAYER_COLOURS, swatch

PER_ROW = 5
"""Spaces per row of the serpentine."""
START_FILL = "#D4EDDA"
END_FILL = "#F8D7DA"


def track_positions(room: Area, size: float, gap: float, row_gap: float
                    ) -> list[tuple[float, float]]:
    """Lower-left corners of the spaces 0..WIN_SCORE: rows of :data:`PER_ROW` from the top,
    left to right, then right to left (a serpentine, so the path never jumps)."""
    out: list[tuple[float, float]] = []
    for n in range(WIN_SCORE + 1):
        row, k = divmod(n, PER_ROW)
        col = k if row % 2 == 0 else PER_ROW - 1 - k
        x = room.x + (room.w - (PER_ROW * size + (PER_ROW - 1) * gap)) / 2 + col * (size + gap)
        y = room.top - (row + 1) * size - row * row_gap
        out.append((x, y))
    return out


def _arrow(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A short arrow from (x1, y1) to (x2, y2): the way scores go up."""
    st = Style(stroke=GREY, width=0.6)
    canvas.line(x1, y1, x2, y2, st)
    dx, dy = x2 - x1, y2 - y1
    n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    ux, uy = dx / n, dy / n
    a, b = 1.8, 1.1
    canvas.polygon([(x2, y2), (x2 - ux * a - uy * b, y2 - uy * a + ux * b),
                    (x2 - ux * a + uy * b, y2 - uy * a - ux * b)], Style(fill=GREY))


def _flag(canvas: Canvas, x: float, y: float, h: float) -> None:
    """A chequered finish flag with its pole at x, foot at y, height h."""
    canvas.line(x, y, x, y + h, Style(stroke=INK, width=0.5))
    fw, fh = h * 0.7, h * 0.45
    cell = fw / 4
    for i in range(4):
        for j in range(3):
            fill = INK if (i + j) % 2 == 0 else "#FFFFFF"
            canvas.rect(x + i * cell, y + h - (j + 1) * fh / 3, cell, fh / 3, Style(fill=fill))
    canvas.rect(x, y + h - fh, fw, fh, Style(stroke=INK, width=0.3))


def _star(canvas: Canvas, cx: float, cy: float, r: float, style: Style) -> None:
    """A five-pointed star of outer radius r."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    canvas.polygon(pts, style)


def draw_scoretrack(canvas: Canvas, width: float, height: float, ctx: RenderContext) -> None:
    """Paint a whole scoretrack page of ``width`` × ``height`` mm."""
    lang = ctx.lang
    page_frame(canvas, width, height, label(lang, "scoretrack"), ctx, label(lang, "start_help"))
    room = content_box(width, height)
    gap, row_gap = 5.0, 9.0
    size = min(34.0, (room.w - (PER_ROW - 1) * gap) / PER_ROW)
    pos = track_positions(room, size, gap, row_gap)
    for n in range(1, len(pos)):
        (x1, y1), (x2, y2) = pos[n - 1], pos[n]
        if abs(y1 - y2) < 1e-6:  # same row: between the facing edges
            if x2 > x1:
                _arrow(canvas, x1 + size + 0.8, y1 + size / 2, x2 - 0.8, y2 + size / 2)
            else:
                _arrow(canvas, x1 - 0.8, y1 + size / 2, x2 + size + 0.8, y2 + size / 2)
        else:  # row change: straight down
            _arrow(canvas, x1 + size / 2, y1 - 0.8, x2 + size / 2, y2 + size + 0.8)
    for n, (x, y) in enumerate(pos):
        special = n in (START_SCORE, WIN_SCORE)
        fill: str | None = None
        if not ctx.ink_saver:
            fill = START_FILL if n == START_SCORE else END_FILL if n == WIN_SCORE else "#F4F6FA"
        canvas.rect(x, y, size, size, Style(fill=fill, stroke=INK, width=1.4 if special else 0.5),
                    radius=2.5)
        if special:  # a second, inner frame: the marks must survive greyscale and no colour
            canvas.rect(x + 1.6, y + 1.6, size - 3.2, size - 3.2,
                        Style(stroke=INK, width=0.4), radius=1.6)
        centred_text(canvas, x + size / 2, y + size * 0.55, str(n), 26 if special else 24,
                     "bold", INK)
        if n == START_SCORE:
            _star(canvas, x + size / 2, y + size - 6.0, 3.0, Style(fill=INK))
            centred_text(canvas, x + size / 2, y + 6.0, label(lang, "start"), 9, "bold", INK,
                         max_width=size - 6)
        elif n == WIN_SCORE:
            _flag(canvas, x + size / 2 - 2.5, y + size - 9.5, 7.5)
            centred_text(canvas, x + size / 2, y + 6.0, f"{WIN_SCORE}+ {label(lang, 'end')}", 9,
                         "bold", INK, max_width=size - 6)
    # The free place left of 18 holds the end-of-game reminder.
    x_end, y_end = pos[WIN_SCORE]
    text_x = room.x + (room.w - (PER_ROW * size + (PER_ROW - 1) * gap)) / 2
    text_w = x_end - gap - text_x
    yy = y_end + size - 3.0
    for line in wrap(label(lang, "end_help"), text_w, 8.0):
        canvas.text(text_x, yy, line, 8.0, "regular", INK, "start")
        yy -= line_height(8.0, 1.3)
    _legend(canvas, Area(room.x, room.y, room.w, y_end - row_gap - room.y), ctx)


def _legend(canvas: Canvas, area: Area, ctx: RenderContext) -> None:
    """The 8 crew colours, two rows of four: swatch with pattern, number, name."""
    canvas.text(area.x, area.top - 4.0, label(ctx.lang, "players"), 10, "bold", INK, "start")
    cols = 4
    cell_w = area.w / cols
    sw = 16.0
    top = area.top - 10.0
    for i, pc in enumerate(PLAYER_COLOURS):
        r, c = divmod(i, cols)
        x = area.x + c * cell_w
        y = top - (r + 1) * (sw + 6.0)
        swatch(canvas, x, y, sw, sw, pc, ctx.ink_saver, radius=1.5)
        canvas.text(x + sw + 3.0, y + sw / 2 + 0.5, f"{pc.number}  {pc.name(ctx.lang)}", 9,
                    "bold", INK, "start")
        canvas.text(x + sw + 3.0, y + sw / 2 - 4.0, pc.colour, 6.5, "mono", GREY, "start")


def scoretrack_pages(ctx: RenderContext) -> list[Page]:
    """One page: the scoretrack 0–18 on ``ctx.paper`` (``"a4"`` or ``"letter"``) in
    ``ctx.lang``, everyone's start space 4 and the end space 18 marked (frame, symbol and word,
    readable in greyscale), and the legend of the 8 crew colours. ``ValueError`` on an unknown
    paper (the context's language comes checked)."""
    pw, ph = paper_size(ctx.paper)

    def page(canvas: Canvas) -> None:
        draw_scoretrack(canvas, pw, ph, ctx)

    return [DrawnPage(pw, ph, page)]
