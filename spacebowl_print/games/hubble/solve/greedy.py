"""The calibration player: one-ply greedy, blind to constellations.

Each roll it draws the legal placement with the largest immediate score gain, counting
galaxies, planets, comets and asteroids but not stars. Ties go to the first placement in
:mod:`spacebowl_print.games.hubble.solve.moves` order. It fogs only when no placement is
legal, drawing the one icon with the largest gain (first in fog order on ties; nothing when
the rolled quadrants are full). It plays every roll until its third fog.

The gains of every placement of a roll are computed at once (:class:`~.exact_gains.ExactBoard`,
exact score gains, the same numbers as :meth:`Board.gain`); the tests replay the player move
by move with :func:`~.moves.placements` and :meth:`Board.gain`.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, Place, PlayLog, Turn
from spacebowl_print.games.hubble.model.geometry import BLANK
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.exact_gains import ExactBoard, move_values, scope_orders
from spacebowl_print.games.hubble.solve.moves import fog_icons
from spacebowl_print.games.hubble.solve.par_arrays import CODE, NEG


@lru_cache(maxsize=16)  # a challenge is graded (technique 1) and solved (the beam's floor)
def greedy_play(challenge: Challenge) -> PlayLog:
    """The greedy player's play log for ``challenge`` (deterministic; the last few are
    remembered: the log is immutable)."""
    pad = ExactBoard(Board(challenge.geometry))
    turns: list[Turn] = []
    fogged = 0
    for roll in challenge.rolls:
        if fogged == MAX_FOG:
            break
        tables = pad.tables(roll.quadrants)
        orders = scope_orders(roll.icons, roll.third)
        values, legal = move_values(tables, orders)
        if legal.any():
            k = int(np.argmax(np.where(legal[0], values[0], NEG)))  # first best
            t, j = divmod(k, len(orders))
            move = tuple(zip(tables.cells[t].tolist(), orders[j], strict=True))
            pad.apply([(c, icon) for c, icon in move if icon != BLANK])
            turns.append(Place(move))
            continue
        # fog order: the rolled quadrants' cells from the top left, each with the fog's icons
        icons = fog_icons(roll)
        gains = (np.stack([np.where(tables.legal(CODE[x])[0, :-1],
                                    tables.single(CODE[x])[0, :-1], NEG) for x in icons],
                          axis=1).ravel() if icons else np.empty(0, dtype=np.int64))
        if len(gains) and np.max(gains) > NEG:
            c, k = divmod(int(np.argmax(gains)), len(icons))
            cell = int(tables.here[c])
            pad.apply([(cell, icons[k])])
            turns.append(Fog(cell, icons[k]))
        else:
            turns.append(Fog())
        fogged += 1
    return PlayLog(challenge.id, tuple(turns))
