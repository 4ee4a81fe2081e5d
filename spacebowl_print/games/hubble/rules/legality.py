"""The legality checker: replay a play log against its challenge, turn by turn.

Turn *i* answers roll *i*. A *place* turn puts the Scope's three icons, in any order, on the
three cells of one triangle lying in the rolled quadrants (all in one of them, or spread over
both only when the two are adjacent); a drawn icon needs an empty cell, a blank icon may sit
on an empty or a drawn cell. With ``third: null`` the third icon is any of ``GPACS.``. A *fog*
turn draws at most one non-blank icon of the Scope in one empty cell of either rolled quadrant
(or nothing) and crosses a Fogged Lens box; the game ends at the third fog.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from spacebowl_print.core.errors import InputError, InternalError
from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, Place, PlayLog, Roll, Turn
from spacebowl_print.games.hubble.model.geometry import (
    BLANK,
    DRAWN_ICONS,
    QUADRANTS,
    PadGeometry,
)
from spacebowl_print.games.hubble.model.pad import MAX_FOG, Pad


def _names(geo: PadGeometry, cells: Sequence[int]) -> str:
    return ", ".join(geo.names[c] for c in cells)


def scope_matches(icons: Sequence[str], roll: Roll) -> bool:
    """Whether ``icons`` (three, any order) are the Scope of ``roll``: its two dice plus the
    white die's face, or plus any face when the player chooses the third icon."""
    if len(icons) != 3:
        return False
    rest = Counter(icons)
    rest.subtract(roll.icons)
    if any(v < 0 for v in rest.values()):
        return False
    left = [k for k, v in rest.items() for _ in range(v)]
    return roll.third is None or left == [roll.third]


def turn_problem(cells: str | Sequence[str], roll: Roll, turn: Turn, geo: PadGeometry
                 ) -> str | None:
    """Why ``turn`` may not answer ``roll`` on a pad whose icons are ``cells`` (``None`` when it
    may). The Fogged Lens count is the caller's business."""
    rolled = ", ".join(QUADRANTS[q] for q in roll.quadrants)
    if isinstance(turn, Place):
        where = [c for c, _ in turn.cells]
        icons = [i for _, i in turn.cells]
        if len(set(where)) != 3:
            return "a Scope needs three different cells"
        if tuple(sorted(where)) not in _triangle_set(geo):
            return f"{_names(geo, where)} is not a triangle (three touching cells)"
        if not geo.triangle_allowed(tuple(where), *roll.quadrants):
            got = ", ".join(sorted({QUADRANTS[geo.quadrant[c]] for c in where}))
            return (f"{_names(geo, where)} lies in {got}, but the rolled quadrants are {rolled} "
                    f"(one of them, or both only when they are adjacent)")
        if not scope_matches(icons, roll):
            third = "any icon" if roll.third is None else roll.third
            return (f"icons {' '.join(sorted(icons))} are not the Scope "
                    f"{roll.icons[0]} {roll.icons[1]} + {third}")
        for c, icon in turn.cells:
            if icon != BLANK and cells[c] != BLANK:
                return f"{geo.names[c]} already holds {cells[c]}; {icon} needs an empty cell"
        return None
    if not isinstance(turn, Fog):
        raise InternalError(f"a turn is a {type(turn).__name__}, neither a placing nor a fog")
    if turn.cell is None:
        return None
    if not isinstance(turn.icon, str) or turn.icon not in DRAWN_ICONS or len(turn.icon) != 1:
        return "a fog draws one non-blank icon or nothing"
    # with the third icon the player's choice, any non-blank icon can be part of the Scope
    if roll.third is not None and turn.icon not in (*roll.icons, roll.third):
        return (f"{turn.icon} is not an icon of the Scope {roll.icons[0]} {roll.icons[1]} "
                f"+ {roll.third}")
    if geo.quadrant[turn.cell] not in roll.quadrants:
        return f"{geo.names[turn.cell]} is in {QUADRANTS[geo.quadrant[turn.cell]]}, " \
               f"not in the rolled quadrants {rolled}"
    if cells[turn.cell] != BLANK:
        return f"{geo.names[turn.cell]} already holds {cells[turn.cell]}"
    return None


_TRIANGLE_SETS: dict[tuple[int, int], frozenset[tuple[int, ...]]] = {}


def _triangle_set(geo: PadGeometry) -> frozenset[tuple[int, ...]]:
    key = (geo.cols, geo.rows)
    if key not in _TRIANGLE_SETS:
        _TRIANGLE_SETS[key] = frozenset(geo.triangles)
    return _TRIANGLE_SETS[key]


def apply_turn(cells: list[str], turn: Turn) -> None:
    """Draw ``turn``'s icons into ``cells`` (a legal turn; blanks draw nothing)."""
    if isinstance(turn, Place):
        for c, icon in turn.cells:
            if icon != BLANK:
                cells[c] = icon
    elif turn.cell is not None and turn.icon is not None:
        cells[turn.cell] = turn.icon


def replay(challenge: Challenge, log: PlayLog) -> Pad:
    """Replay ``log`` against ``challenge`` and return the finished pad (its fog count and the
    challenge's cards). The first illegal turn raises :class:`InputError` at ``turns[i]``,
    saying which turn (1-based) and why."""
    if log.challenge != challenge.id:
        raise InputError(f"answers challenge {log.challenge[:40]!r}, not {challenge.id[:40]!r}",
                         "challenge")
    geo = challenge.geometry
    cells = [BLANK] * geo.size
    fog = 0
    for i, turn in enumerate(log.turns):
        where = f"turns[{i}]"
        if fog == MAX_FOG:
            raise InputError(f"turn {i + 1}: the game ended at the third fog", where)
        if i >= len(challenge.rolls):
            raise InputError(f"turn {i + 1}: the challenge has only {len(challenge.rolls)} rolls",
                             where)
        problem = turn_problem(cells, challenge.rolls[i], turn, geo)
        if problem:
            raise InputError(f"turn {i + 1}: {problem}", where)
        apply_turn(cells, turn)
        if isinstance(turn, Fog):
            fog += 1
    return Pad(geo.cols, geo.rows, "".join(cells), challenge.constellations, fog)
