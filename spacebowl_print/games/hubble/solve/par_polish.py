"""The par solver's last touch: polish a legal log turn by turn, and the check that a
published pad scores alike under both readings of star service."""

from __future__ import annotations

from collections.abc import Sequence

from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, Place, PlayLog, Turn
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import BLANK, PadGeometry
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_cells
from spacebowl_print.games.hubble.solve.moves import fogs, placements, turn_draws


def unambiguous(cells: str, cards: Sequence[Constellation], geo: PadGeometry) -> bool:
    """Whether both readings of "each star serves at most one card" give the pad the same
    stars score (docs/hubble.md): a published par should not depend on the reading."""
    return stars.best(cells, cards, geo)[0] == stars.best_other_reading(cells, cards, geo)


def polish(challenge: Challenge, turns: Sequence[Turn], cards: Sequence[Constellation],
           passes: int = 2) -> tuple[list[Turn], int]:
    """Hill-climb a legal log one turn at a time: replace a turn by another answer to its roll
    (a placement by a placement, a fog by a fog) that draws only into cells no other turn
    draws into, so that every other turn stays legal, and keep it when the finished pad
    scores more. Returns the log and its total."""
    geo = challenge.geometry
    out = list(turns)
    final = list(replay(challenge, PlayLog(challenge.id, tuple(out))).cells)
    total = score_cells("".join(final), geo, cards).total
    for _ in range(passes):
        improved = False
        for i, turn in enumerate(out):
            base = _without(final, turn)
            for option in _other_answers(turn, base, challenge, i):
                cells = base.copy()
                for c, icon in turn_draws(option):
                    cells[c] = icon
                t = score_cells("".join(cells), geo, cards).total
                if t > total and unambiguous("".join(cells), cards, geo):
                    total, final, out[i], improved = t, cells, option, True
                    base = _without(final, option)
        if not improved:
            break
    return out, total


def _without(final: list[str], turn: Turn) -> list[str]:
    """The finished pad's icons without what ``turn`` draws."""
    base = final.copy()
    for c, _icon in turn_draws(turn):
        base[c] = BLANK
    return base


def _other_answers(turn: Turn, base: list[str], challenge: Challenge, i: int) -> list[Turn]:
    """Every answer of the same kind as ``turn`` to roll ``i`` on the pad ``base``."""
    roll = challenge.rolls[i]
    if isinstance(turn, Place):
        return [Place(m) for m in placements(base, roll, challenge.geometry)]
    return [Fog(c, icon) for c, icon in fogs(base, roll, challenge.geometry)]
