"""A pad in the par solver's beam (:class:`Node`) and the Scope's icon orders on a triangle
(:func:`frames`): what the beam search (:mod:`~.par_beam`) and its scalar reference
expansion (:mod:`~.par_reference`) share."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from spacebowl_print.games.hubble.model.challenge import Roll, Turn
from spacebowl_print.games.hubble.solve.board import Board

Change = tuple[int, str]
Frame = tuple[tuple[str, ...], int]
"""An order of the Scope's icons on a triangle, and where the player's choice goes (or -1)."""
Candidate = tuple[int, "Node", list[Change], Any]
"""A child worth a look: (value, parent, changes, move) where move is (triangle, icons) for
a placement or a :class:`Fog`."""

THIRDS_KEPT = 2
"""With the third icon the player's choice, the beam keeps only the best few choices for
each triangle and order of the dice (the others are dominated by the local valuation)."""


class Node:
    """A pad in the beam: its board (and its icons as codes, a sentinel last), the turn that
    led to it from ``parent``, its fogs, its value ``h`` and per slot of the plan its red
    stars drawn (-1: given up)."""

    __slots__ = ("board", "codes", "fog", "h", "parent", "progress", "turn")

    def __init__(self, board: Board, codes: bytes, parent: Node | None, turn: Turn | None,
                 fog: int, h: int, progress: tuple[int, ...]) -> None:
        self.board = board
        self.codes = codes
        self.progress = progress
        self.parent = parent
        self.turn = turn
        self.fog = fog
        self.h = h

    def turns(self) -> list[Turn]:
        out = []
        node: Node | None = self
        while node is not None and node.turn is not None:
            out.append(node.turn)
            node = node.parent
        return out[::-1]


def frames(roll: Roll) -> list[Frame]:
    """The Scope's icon orders on a triangle's three positions. With the third icon the
    player's choice, its position is marked ``?`` and returned (else -1)."""
    third = "?" if roll.third is None else roll.third
    seen: dict[tuple[str, ...], None] = {}
    for perm in permutations((roll.icons[0], roll.icons[1], third)):
        seen.setdefault(perm, None)
    return [(f, f.index("?") if "?" in f else -1) for f in seen]
