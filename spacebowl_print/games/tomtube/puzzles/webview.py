"""A Tom Tube "way home" puzzle on a web page that is played: one drawing of the board with
its tiles (the static art: the board and the tile designs defined once in the page, drawn once
for the whole run), the counters and astronauts defined once and placed by the page's script
wherever they are, and what the script's engine
(``templates/tomtube/web-engine.js``) needs: the position, the tiles on the board, where the
board lies in the drawing, the answer's line with each move in words.

The drawing leaves room around the hexagon for the module docks, so the home bases A3 and I3
show whole.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from spacebowl_print.games.tomtube.art.boards import (
    HALF_H,
    TILE_EDGE,
    View,
    paint_row_letters,
    paint_sphere_names,
    paint_tiles,
    placed_board,
)
from spacebowl_print.games.tomtube.art.miniboard import LETTER_ROOM
from spacebowl_print.games.tomtube.art.texts import WEB, words
from spacebowl_print.games.tomtube.art.tilefaces import place_rhomb, place_triangle
from spacebowl_print.games.tomtube.art.tubes import Look, draw_astronaut_token, draw_counter
from spacebowl_print.games.tomtube.model.board import BASES, PLAYERS, SIDE, SOLARS, SQRT3, other
from spacebowl_print.games.tomtube.model.position import position_to_json
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.publish.kinds import WebView
from spacebowl_print.publish.site import SharedArt
from spacebowl_print.render.api import Canvas

if TYPE_CHECKING:  # the puzzle's type only: the puzzle module imports this one
    from spacebowl_print.games.tomtube.puzzles.item import TomTubePuzzle

WIDTH_MM = 120.0
"""The drawing's width (it scales with the screen)."""
DOCK_ROOM = 0.62
"""Room (edge lengths) above and below the hexagon: the module docks stand out of it."""
PIECES = ("energy", "control", "alien", "solar-tom", "solar-dave", "tom", "dave")
"""The pieces the script places, each defined once in the drawing as ``ttw-NAME``."""


def board_box() -> tuple[float, float, float]:
    """(width, height, edge) in mm of the page's board drawing."""
    edge = WIDTH_MM / (2 * SIDE + 2 * LETTER_ROOM)
    return WIDTH_MM, edge * (2 * HALF_H + 2 * DOCK_ROOM), edge


def _piece(name: str, r: float, ink_saver: bool) -> Any:
    def paint(c: Canvas) -> None:
        if name in PLAYERS:
            draw_astronaut_token(c, name, r, r, r * 0.95, ink_saver)
        elif name.startswith("solar"):
            draw_counter(c, "solar", r, r, r, ink_saver, owner=name.split("-")[1])
        else:
            draw_counter(c, name, r, r, r, ink_saver)
    return paint


_LIBRARIES: dict[tuple[int, bool], tuple[TileSet, SharedArt]] = {}


def library(tiles: TileSet, ink_saver: bool) -> SharedArt:
    """The art every page of a run shares, drawn once per run (per tile set and ink mode):
    the empty board, every tile design of the set and the player triangles at the page's
    size, and the pieces the script places."""
    key = (id(tiles), ink_saver)
    got = _LIBRARIES.get(key)
    if got is not None and got[0] is tiles:
        return got[1]
    w, h, edge = board_box()
    view = View(w / 2, h / 2, edge)
    look = Look(edge, ink_saver)
    r = edge * 0.2
    rise = edge * SQRT3 / 2

    def define(c: Canvas) -> None:
        # each design is defined by placing it once; only the definitions are kept
        placed_board(c, view, look)
        for t in tiles.ids():
            place_rhomb(c, [(0.0, 0.0), (edge, 0.0), (1.5 * edge, rise), (0.5 * edge, rise)],
                        tiles[t], look, TILE_EDGE)
        for owner in PLAYERS:
            for tube in (None, (0, 1)):
                place_triangle(c, [(0.0, 0.0), (edge, 0.0), (0.5 * edge, rise)], owner, tube,
                               look, TILE_EDGE)
        for name in PIECES:
            c.define(f"ttw-{name}", 2 * r, 2 * r, _piece(name, r, ink_saver))

    art = SharedArt(define, "tt-")
    _LIBRARIES.clear()  # one run, one tile set: keep only the latest
    _LIBRARIES[key] = (tiles, art)
    return art


def web_view(p: TomTubePuzzle) -> WebView:
    """The board (tiles, sphere names, the pieces defined for the script), the question, the
    answer in one line and, in ``data``, what the page's script plays with."""
    w, h, edge = board_box()
    view = View(w / 2, h / 2, edge)
    pos = p.position
    r = edge * 0.2
    # Every knot sphere named: the script's pieces are placed over the names they cover.
    bare = replace(pos, counters={}, astronauts={
        pl: replace(a, at=BASES[pl]) for pl, a in pos.astronauts.items()})

    def paint(c: Canvas) -> None:
        look = Look(edge, p.ink_saver)
        placed_board(c, view, look)
        paint_tiles(c, view, pos, p.tiles, look)
        paint_row_letters(c, view, "#666666", 6.5, edge * 0.3)
        paint_sphere_names(c, view, bare, 6.0)

    wd = words(p.lang)
    used = sorted({x.id for x in pos.rhombs})
    data: dict[str, Any] = {
        "position": position_to_json(pos),
        "tiles": {str(t): {"corners": list(p.tiles[t].corners), "cross": p.tiles[t].cross}
                  for t in used},
        "view": {"cx": view.cx, "cy": view.cy, "edge": edge, "h": h, "r": r},
        "player": p.player, "base": BASES[p.player], "solars": list(SOLARS[p.player]),
        "fewest": p.moves,
        "line": [leg.move.to_json() for leg in p.legs],
        "steps": [p.step_text(k, leg) for k, leg in enumerate(p.legs, start=1)],
        "words": {**WEB[p.lang], "holds": wd["holds"], "stock": wd["stock"],
                  "drift_free": wd["drift_free"], "drift_paid": wd["drift_paid"],
                  "jump": wd["jump"], "takes": wd["takes"], "exchange": wd["exchange"],
                  "player": wd[p.player], "other": wd[other(p.player)],
                  **{f"kind_{k}": wd[f"kind_{k}"] for k in ("energy", "control", "alien",
                                                              "solar")}},
    }
    answer = wd["moves_n"].format(n=p.moves) + " — " + "; ".join(data["steps"])
    art = library(p.tiles, p.ink_saver)
    return WebView(puzzle=art.page(w, h, paint, [f"ttw-{name}" for name in PIECES]),
                   question=p.question(), answer=answer, data=data)


__all__ = ["PIECES", "board_box", "web_view"]
