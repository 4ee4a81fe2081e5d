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
from functools import cache
from itertools import permutations

from spacebowl_print.games.hubble.model.challenge import Place, Roll, Turn
from spacebowl_print.games.hubble.model.geometry import BLANK, DRAWN_ICONS, ICONS, PadGeometry

Move = tuple[tuple[int, str], ...]
"""A placement: (cell, icon) for the three cells of a triangle (icons may be blank)."""


def placements(cells: Sequence[str], roll: Roll, geo: PadGeometry) -> list[Move]:
    """Every legal placement of ``roll``'s Scope on a pad whose icons are ``cells``."""
    orders = _orders(roll.icons, roll.third)
    out: list[Move] = []
    for t in geo.scope_triangles(*roll.quadrants):
        a, b, c = geo.triangles[t]
        free_a, free_b, free_c = cells[a] == BLANK, cells[b] == BLANK, cells[c] == BLANK
        for x, y, z in orders:
            if ((free_a or x == BLANK) and (free_b or y == BLANK)
                    and (free_c or z == BLANK)):
                out.append(((a, x), (b, y), (c, z)))
    return out


@cache
def _orders(icons: tuple[str, str], third: str | None) -> tuple[tuple[str, str, str], ...]:
    """The Scope's icons assigned to a triangle's three cells, each assignment once, in the
    module's order (the third icon, then ``itertools.permutations``): the same for every
    triangle, so made once a roll's icons."""
    seen: dict[tuple[str, str, str], None] = {}
    for x in ICONS if third is None else third:
        for p, q, r in permutations((icons[0], icons[1], x)):
            seen.setdefault((p, q, r), None)
    return tuple(seen)


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
