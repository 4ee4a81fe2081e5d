"""Mini boards for puzzle pages and answer keys: a whole position fitted into a box, with
row letters and sphere names, and a line of moves drawn as numbered routes.

A line is replayed with the engine (``rules.play.move``, the player alone: the turn is handed
back after every move); each drift is traced through the engine's tube network with the
counters still on the board at that moment, each space jump is a straight dashed hop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spacebowl_print.games.tomtube.art.boards import (
    HALF_H,
    View,
    paint_astronauts,
    paint_position,
    paint_row_letters,
    paint_sphere_names,
    placed_board,
)
from spacebowl_print.games.tomtube.art.routes import paint_route
from spacebowl_print.games.tomtube.art.rules import trace
from spacebowl_print.games.tomtube.art.tubes import Look
from spacebowl_print.games.tomtube.model.board import SIDE
from spacebowl_print.games.tomtube.model.position import Move, Position
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.rules.play import move as play_move
from spacebowl_print.render.api import Canvas

LETTER_ROOM = 0.55
"""Room (in edge lengths) left and right of the hexagon for the row letters."""
BOARD_H = 2 * HALF_H + 0.3
"""Height (in edge lengths) a mini board needs: the hexagon and the module docks."""


@dataclass(frozen=True)
class Leg:
    """One move of a line as drawn: the move, the names of the points it passes (knots,
    rhomb and triangle centres; just the two knots of a jump), whether an alien was traded
    for the payment first, and the kind of counter taken at the end (if any)."""

    move: Move
    path: tuple[str, ...]
    exchanged: bool = False
    takes: str | None = None

    @property
    def jump(self) -> bool:
        return self.move.kind == "jump"


def legs(pos: Position, tiles: TileSet, line: Sequence[Move]) -> list[Leg]:
    """Replay ``line`` for the player to move, alone, with the engine, and trace each move
    (see the module docstring). Raises :class:`InputError` (from the engine) for an
    illegal move, ``ValueError`` for a drift whose route cannot be traced."""
    player = pos.to_move
    out: list[Leg] = []
    cur = pos
    for mv in line:
        here = cur.astronauts[player].at
        if mv.kind == "jump":
            path: list[str] | None = [here, mv.to]
        else:
            path = trace(cur, tiles, mv.to, paid=mv.pay == "control")
        after = play_move(cur, tiles, mv).with_(to_move=player)
        if path is None:
            raise ValueError(f"no drift from {here} to {mv.to} to draw")
        exchanged = mv.pay is not None and cur.astronauts[player].held.get(mv.pay, 0) < 1
        out.append(Leg(mv, tuple(path), exchanged, cur.counters.get(mv.to)))
        cur = after
    return out


def fit_edge(w: float, h: float) -> float:
    """The largest edge length (mm) at which the board and its row letters fit w × h mm."""
    return min(w / (2 * SIDE + 2 * LETTER_ROOM), h / BOARD_H)


def mini_board(canvas: Canvas, x: float, y: float, w: float, h: float, pos: Position,
               tiles: TileSet, ink_saver: bool, route: Sequence[Leg] = (),
               names: float | None = 6.0) -> float:
    """The position centred in the box (x, y, w, h) at the largest size that fits, with row
    letters, ``route`` drawn over it with each move's number, and (``names``, pt) sphere
    names on top. Returns the edge length used (mm)."""
    edge = fit_edge(w, h)
    view = View(x + w / 2, y + h / 2, edge)
    look = Look(edge, ink_saver)
    placed_board(canvas, view, look)
    paint_position(canvas, view, pos, tiles, look)
    paint_row_letters(canvas, view, "#666666", 6.5, edge * 0.3)
    width = max(0.45, edge * 0.05)
    for k, leg in enumerate(route, start=1):
        paint_route(canvas, [view.at(n) for n in leg.path], width, jump=leg.jump, number=k,
                    number_size=6.0)
    if route:
        paint_astronauts(canvas, view, pos, look)
    if names:
        paint_sphere_names(canvas, view, pos, names)
    return edge


__all__ = ["BOARD_H", "LETTER_ROOM", "Leg", "fit_edge", "legs", "mini_board"]
