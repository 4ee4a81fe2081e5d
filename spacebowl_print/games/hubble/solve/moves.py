"""Every legal answer to a roll, in one fixed order shared by the players.

Order of placements: triangles in the geometry's order (by their cells), then the third
icon in ``GPACS.`` order (only when the player chooses it), then the assignments of the
Scope's icons to the triangle's cells (lowest cell first) in ``itertools.permutations``
order; an assignment that repeats an earlier one (two equal icons) is left out. Order of
fogs: empty cells of the rolled quadrants from the top left, each with the Scope's distinct
non-blank icons in Scope order (``GPACS`` when the player chooses the third icon).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from spacebowl_print.games.hubble.model.challenge import Place, Roll, Turn
from spacebowl_print.games.hubble.model.geometry import BLANK, DRAWN_ICONS, ICONS, PadGeometry

Move = tuple[tuple[int, str], ...]
"""A placement: (cell, icon) for the three cells of a triangle (icons may be blank)."""


def placements(cells: Sequence[str], roll: Roll, geo: PadGeometry) -> list[Move]:
    """Every legal placement of ``roll``'s Scope on a pad whose icons are ``cells``."""
    thirds = ICONS if roll.third is None else roll.third
    out: list[Move] = []
    for t in geo.scope_triangles(*roll.quadrants):
        tri = geo.triangles[t]
        free = [cells[c] == BLANK for c in tri]
        seen: set[Move] = set()
        for third in thirds:
            for perm in permutations((roll.icons[0], roll.icons[1], third)):
                if all(icon == BLANK or ok for icon, ok in zip(perm, free, strict=True)):
                    move = ((tri[0], perm[0]), (tri[1], perm[1]), (tri[2], perm[2]))
                    if move not in seen:
                        seen.add(move)
                        out.append(move)
    return out


def fog_icons(roll: Roll) -> str:
    """The icons a fog may draw for ``roll``: the Scope's distinct non-blank icons."""
    if roll.third is None:
        return DRAWN_ICONS
    return "".join(dict.fromkeys(i for i in (*roll.icons, roll.third) if i != BLANK))


def fogs(cells: Sequence[str], roll: Roll, geo: PadGeometry) -> list[tuple[int, str]]:
    """Every one-icon fog for ``roll`` (a fog drawing nothing is always possible too)."""
    icons = fog_icons(roll)
    rolled = set(roll.quadrants)
    return [(c, icon) for c in range(geo.size)
            if cells[c] == BLANK and geo.quadrant[c] in rolled for icon in icons]


def drawn(move: Move) -> list[tuple[int, str]]:
    """The non-blank part of a placement: what it actually draws."""
    return [(c, icon) for c, icon in move if icon != BLANK]


def turn_draws(turn: Turn) -> list[tuple[int, str]]:
    """What a turn draws: a placement's non-blank icons, or a fog's one icon if any."""
    if isinstance(turn, Place):
        return drawn(turn.cells)
    return [] if turn.cell is None or turn.icon is None else [(turn.cell, turn.icon)]
