"""How Noughts draws: a 3×3 grid with column letters and row numbers, X as a cross and O as a
ring (told apart by shape, not colour), winning cells ringed."""

from __future__ import annotations

from collections.abc import Sequence

from noughts.rules import NAMES
from spacebowl_print.render.api import Canvas, Style

INK = "#1A1A2E"
GOOD = "#009E73"


def draw_board(canvas: Canvas, board: str, x: float, y: float, size: float,
               marked: Sequence[int] = ()) -> None:
    """The board as a square of ``size`` mm, lower-left corner at (x, y)."""
    cell = size / 3.4
    ox, oy = x + size - 3 * cell, y
    line = Style(stroke=INK, width=0.5)
    for k in range(4):
        canvas.line(ox + k * cell, oy, ox + k * cell, oy + 3 * cell, line)
        canvas.line(ox, oy + k * cell, ox + 3 * cell, oy + k * cell, line)
    for k in range(3):
        canvas.text(ox + (k + 0.5) * cell, oy + 3 * cell + 1.5, "ABC"[k], 8, "bold", INK,
                    "middle")
        canvas.text(ox - 2.5, oy + (2.5 - k) * cell - 1, str(k + 1), 8, "bold", INK, "middle")
    for k, mark in enumerate(board):
        cx, cy = ox + (k % 3 + 0.5) * cell, oy + (2.5 - k // 3) * cell
        r = cell * 0.3
        if mark == "X":
            canvas.line(cx - r, cy - r, cx + r, cy + r, Style(stroke=INK, width=1.2))
            canvas.line(cx - r, cy + r, cx + r, cy - r, Style(stroke=INK, width=1.2))
        elif mark == "O":
            canvas.circle(cx, cy, r, Style(stroke=INK, width=1.2))
        if k in marked:
            canvas.circle(cx, cy, cell * 0.42, Style(stroke=GOOD, width=0.8, dash=(1.0, 0.6)))


def cell_names(cells: Sequence[int]) -> str:
    return ", ".join(NAMES[k] for k in cells) or "—"
