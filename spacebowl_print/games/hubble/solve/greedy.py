"""The calibration player: one-ply greedy, blind to constellations.

Each roll it draws the legal placement with the largest immediate score gain, counting
galaxies, planets, comets and asteroids but not stars. Ties go to the first placement in
:mod:`~spacebowl_print.games.hubble.solve.moves` order. It fogs only when no placement is
legal, drawing the one icon with the largest gain (first in fog order on ties; nothing when
the rolled quadrants are full). It plays every roll until its third fog.
"""

from __future__ import annotations

from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, Place, PlayLog, Turn
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.moves import drawn, fogs, placements


def greedy_play(challenge: Challenge) -> PlayLog:
    """The greedy player's play log for ``challenge`` (deterministic)."""
    geo = challenge.geometry
    board = Board(geo)
    turns: list[Turn] = []
    fogged = 0
    for roll in challenge.rolls:
        if fogged == MAX_FOG:
            break
        best_gain, best_move = -1, None
        for move in placements(board.cells, roll, geo):
            g = board.gain(drawn(move))
            if g > best_gain:
                best_gain, best_move = g, move
        if best_move is not None:
            board.apply(drawn(best_move))
            turns.append(Place(best_move))
            continue
        best_gain, best_fog = -1, None
        for cell, icon in fogs(board.cells, roll, geo):
            g = board.gain([(cell, icon)])
            if g > best_gain:
                best_gain, best_fog = g, (cell, icon)
        if best_fog is None:
            turns.append(Fog())
        else:
            board.apply([best_fog])
            turns.append(Fog(*best_fog))
        fogged += 1
    return PlayLog(challenge.id, tuple(turns))
