"""A Tom Tube "way home" puzzle on a web page that is played: one drawing of the board with
its tiles (the static art, drawn once), the counters and astronauts defined once in it and
placed by the page's script wherever they are, and what the script's engine
(``templates/tomtube/web-engine.js``) needs: the position, the tiles on the board, where the
board lies in the drawing, the answer's line with each move in words.

The drawing leaves room around the hexagon for the module docks, so the home bases A3 and I3
show whole.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from spacebowl_print.games.tomtube.art.boards import (
    HALF_H,
    View,
    paint_row_letters,
    paint_sphere_names,
    paint_tiles,
    placed_board,
)
from spacebowl_print.games.tomtube.art.miniboard import LETTER_ROOM
from spacebowl_print.games.tomtube.art.texts import WEB, words
from spacebowl_print.games.tomtube.art.tubes import Look, draw_astronaut_token, draw_counter
from spacebowl_print.games.tomtube.model.board import BASES, PLAYERS, SIDE, SOLARS, other
from spacebowl_print.games.tomtube.model.position import position_to_json
from spacebowl_print.games.tomtube.puzzles.item import TomTubePuzzle
from spacebowl_print.publish.kinds import WebView
from spacebowl_print.publish.site import compact_svg, inline_svg
from spacebowl_print.render.api import Canvas

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
        for name in PIECES:
            c.define(f"ttw-{name}", 2 * r, 2 * r, _piece(name, r, p.ink_saver))

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
    return WebView(puzzle=compact_svg(inline_svg(w, h, paint, ids="tt-")),
                   question=p.question(), answer=answer, data=data)


__all__ = ["PIECES", "board_box", "web_view"]
