"""The printed board: the side-4 hexagon at :data:`EDGE_MM` mm an edge, its six modules with
their neutral tubes, every knot and edge as grey lines, knot names, row letters, a tube legend.

Edge length (Decision): **35 mm**. A rhomb is then 35 mm a side and 61 mm across its long
diagonal — easy to pick up, turn and lay — and the board (280 × 242 mm, 308 × 270 mm with
its border) is one A3 sheet, or four A4 or Letter sheets glued together (tiled by
:func:`spacebowl_print.render.furniture.art_pages`: 15 mm overlaps with ⊕ registration marks,
dash-dot trim lines and a sheet map).
"""

from __future__ import annotations

from spacebowl_print.games.tomtube.art.boards import (
    View,
    board_size,
    paint_board,
    paint_row_letters,
)
from spacebowl_print.games.tomtube.art.texts import words
from spacebowl_print.games.tomtube.art.tubes import INK, Look, draw_tubes
from spacebowl_print.games.tomtube.model.board import DAVE, NEUTRAL, TOM, board
from spacebowl_print.render.api import MM_PER_PT, Canvas, DrawnPage, Page
from spacebowl_print.render.furniture import (
    GREY,
    art_pages,
    content_box,
    page_frame,
)

EDGE_MM = 35.0
"""The board's edge length, which is also every tile's side (see the module docstring)."""
BORDER = 14.0
"""Room around the hexagon (mm) for row letters, module docks and the legend."""
NAME_PT = 6.5
"""Knot names: small, but above the 6 pt floor every printed text keeps."""
A3 = (297.0, 420.0)
ROW_GAP = 11.0


def board_art_size(edge: float = EDGE_MM) -> tuple[float, float]:
    """(width, height) in mm of the board art: the hexagon and its border."""
    w, h = board_size(edge)
    return (w + 2 * BORDER, h + 2 * BORDER)


def paint_board_art(canvas: Canvas, lang: str, ink_saver: bool, seed: int,
                    edge: float = EDGE_MM) -> None:
    """The whole board art with its lower-left corner at the origin (see the module
    docstring): hexagon, modules, lattice, knot names, row letters, module labels, legend."""
    w = words(lang)
    aw, ah = board_art_size(edge)
    view = View(aw / 2, ah / 2, edge)
    look = Look(edge, ink_saver)
    paint_board(canvas, view, look, seed=seed, names=NAME_PT)
    paint_row_letters(canvas, view, GREY, 10, ROW_GAP)
    b = board()
    for m in b.modules:
        inner = [view.knot(k) for k in m.tubes_to]
        here = view.knot(m.knot)
        cx = (here[0] + inner[0][0] + inner[1][0]) / 3
        cy = (here[1] + inner[0][1] + inner[1][1]) / 3
        canvas.text(cx, cy + 0.5, w[m.owner], 8, "bold", INK, "middle")
        canvas.text(cx, cy - 3.0, w[m.kind], 7, "regular", INK, "middle")
    # The game's name in the free top-left corner, the tube legend in the top-right one.
    top = ah - 8.0
    canvas.text(4.0, top, "TOM TUBE", 18, "bold", INK, "start")
    canvas.text(4.0, top - 6.0, w["board_sub"].format(edge=edge), 7, "regular", GREY, "start")
    lx = aw - 62.0
    canvas.text(lx, top, w["legend"], 8, "bold", INK, "start")
    for k, colour in enumerate((TOM, DAVE, NEUTRAL)):
        y = top - 6.5 - 6.0 * k
        draw_tubes(canvas, [((lx, y + 1.0), (lx + 14.0, y + 1.0), colour)], 4.0, ink_saver)
        canvas.text(lx + 17.0, y + 1.0 - 7 * MM_PER_PT * 0.36, w[f"legend_{colour}"], 7,
                    "regular", INK, "start")


def board_pages(paper: str, lang: str, ink_saver: bool, seed: int,
                edge: float = EDGE_MM) -> list[Page]:
    """The board at 100 %: one A3 page (``paper`` ``"a3"``), or tiled over A4 or Letter
    sheets with overlaps, registration marks and a sheet map."""
    w = words(lang)
    aw, ah = board_art_size(edge)
    title = f"{w['game']} — {w['board']}"
    subtitle = w["board_sub"].format(edge=edge)

    def painter(canvas: Canvas) -> None:
        paint_board_art(canvas, lang, ink_saver, seed, edge)

    if paper != "a3":
        return art_pages(paper, aw, ah, painter, title, lang, subtitle, w["board_note"],
                         brand=w["brand"])
    pw, ph = A3
    room = content_box(pw, ph)
    turned = aw > room.w
    tw, th = (ah, aw) if turned else (aw, ah)
    if tw > room.w or th > room.h:
        raise ValueError(f"the board ({aw:.0f}x{ah:.0f} mm) does not fit one A3 sheet")
    x0, y0 = room.x + (room.w - tw) / 2, room.y + (room.h - th) / 2

    def page(canvas: Canvas) -> None:
        page_frame(canvas, pw, ph, title, lang, subtitle, w["board_note"], w["brand"])
        canvas.save()
        canvas.translate(x0, y0)
        if turned:  # turned a quarter counter-clockwise, as art_pages turns art
            canvas.translate(ah, 0.0)
            canvas.rotate(90)
        painter(canvas)
        canvas.restore()

    return [DrawnPage(pw, ph, page)]


__all__ = ["A3", "BORDER", "EDGE_MM", "NAME_PT", "board_art_size", "board_pages",
           "paint_board_art"]
