"""Solo challenges (``challenge.json``) and play logs (``play.json``): data, strict readers
and writers.

A challenge fixes the pad size, the two constellation cards and every roll; a play log
answers roll *i* with turn *i*, either placing the Scope on a triangle or fogging. The readers
check shapes only (names, icons, counts); whether a turn obeys the rules is the legality
checker's job (``rules/legality.py``), and whether a challenge follows the solo rules is
:func:`solo_rules_problem`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import mapping, only_keys, show
from spacebowl_print.games.hubble.model.geometry import (
    DRAWN_ICONS,
    ICONS,
    QUADRANTS,
    PadGeometry,
    check_size,
    geometry,
)
from spacebowl_print.games.hubble.model.pad import read_names

MAX_ROLLS = 1000
CARDS_PER_CHALLENGE = 2


def min_rolls(cols: int, rows: int) -> int:
    """The fewest rolls a challenge may have: enough to fill the pad (cells ÷ 3 + 3)."""
    return cols * rows // 3 + 3


def chooses_third(round_number: int) -> bool:
    """Whether the player chooses the third icon in 1-based round ``round_number`` (every
    third round); in the other rounds the white die gives it."""
    return round_number % 3 == 0


@dataclass(frozen=True)
class Roll:
    """Two bag dice: their colours (quadrant numbers, distinct) and faces, and the white
    die's face (``None`` where the player chooses the third icon)."""

    quadrants: tuple[int, int]
    icons: tuple[str, str]
    third: str | None


@dataclass(frozen=True)
class Challenge:
    """A solo challenge: ``id``, the pad size, the dealt cards and the rolls in order."""

    id: str
    cols: int
    rows: int
    constellations: tuple[str, ...]
    rolls: tuple[Roll, ...]

    @property
    def geometry(self) -> PadGeometry:
        return geometry(self.cols, self.rows)


@dataclass(frozen=True)
class Place:
    """Place the Scope: ``cells`` pairs each of three cells with its icon (``.`` = blank)."""

    cells: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Fog:
    """Fog: draw ``icon`` in ``cell``, or nothing when both are ``None``."""

    cell: int | None = None
    icon: str | None = None


Turn = Place | Fog


@dataclass(frozen=True)
class PlayLog:
    """A play log: the challenge it answers and one turn per roll, in order."""

    challenge: str
    turns: tuple[Turn, ...]


# --------------------------------------------------------------------------- challenge.json

def _face(raw: object, *where: str) -> str:
    if not isinstance(raw, str) or len(raw) != 1 or raw not in ICONS:
        raise InputError(f"must be one of G P A C S . (a die face), got {show(raw)}", *where)
    return raw


def _roll(raw: object, where: str) -> Roll:
    r = mapping(raw, where)
    only_keys(r, ("quadrants", "icons", "third"), where)
    for key in ("quadrants", "icons", "third"):
        if key not in r:
            raise InputError("missing key", where, key)
    qs = r["quadrants"]
    if not isinstance(qs, list) or len(qs) != 2:
        raise InputError(f"must be two quadrant colours, got {show(qs)}", where, "quadrants")
    nums = []
    for i, q in enumerate(qs):
        if q not in QUADRANTS:
            raise InputError(f"must be one of {', '.join(QUADRANTS)}, got {show(q)}", where,
                             f"quadrants[{i}]")
        nums.append(QUADRANTS.index(q))
    if nums[0] == nums[1]:
        raise InputError(f"two dice of one colour ({qs[0]}): the colours must differ", where,
                         "quadrants")
    icons = r["icons"]
    if not isinstance(icons, list) or len(icons) != 2:
        raise InputError(f"must be the two bag dice faces, got {show(icons)}", where, "icons")
    faces = (_face(icons[0], where, "icons[0]"), _face(icons[1], where, "icons[1]"))
    third = None if r["third"] is None else _face(r["third"], where, "third")
    return Roll((nums[0], nums[1]), faces, third)


def challenge_from_json(obj: object, known: Sequence[str] | None = None) -> Challenge:
    """Read a ``challenge.json`` value; ``known`` (the set's card names), when given, is
    checked against ``constellations``. Shapes only: see :func:`solo_rules_problem`."""
    c = mapping(obj, "")
    only_keys(c, ("id", "pad", "constellations", "rolls"), "")
    for key in ("id", "pad", "constellations", "rolls"):
        if key not in c:
            raise InputError("missing key", key)
    cid = c["id"]
    if not isinstance(cid, str) or not cid or len(cid) > 100:
        raise InputError(f"must be a non-empty string, got {show(cid)}", "id")
    pad = mapping(c["pad"], "pad")
    only_keys(pad, ("cols", "rows"), "pad")
    size = []
    for key in ("cols", "rows"):
        if key not in pad:
            raise InputError("missing key", "pad", key)
        v = pad[key]
        if not isinstance(v, int) or isinstance(v, bool):
            raise InputError(f"must be a whole number, got {show(v)}", "pad", key)
        size.append(v)
    problem = check_size(size[0], size[1])
    if problem:
        raise InputError(problem, "pad")
    names = read_names(c["constellations"], "constellations", known)
    rolls_raw = c["rolls"]
    if not isinstance(rolls_raw, list) or not rolls_raw:
        raise InputError(f"must be a non-empty list of rolls, got {show(rolls_raw)}", "rolls")
    if len(rolls_raw) > MAX_ROLLS:
        raise InputError(f"at most {MAX_ROLLS} rolls, got {len(rolls_raw)}", "rolls")
    rolls = tuple(_roll(r, f"rolls[{i}]") for i, r in enumerate(rolls_raw))
    return Challenge(cid, size[0], size[1], names, rolls)


def challenge_to_json(ch: Challenge) -> dict[str, Any]:
    """The ``challenge.json`` value of ``ch``."""
    return {"id": ch.id, "pad": {"cols": ch.cols, "rows": ch.rows},
            "constellations": list(ch.constellations),
            "rolls": [{"quadrants": [QUADRANTS[q] for q in r.quadrants],
                       "icons": list(r.icons), "third": r.third} for r in ch.rolls]}


def solo_rules_problem(ch: Challenge, card_count: int = CARDS_PER_CHALLENGE) -> str | None:
    """Why ``ch`` is not a solo challenge as the solo rules deal it (``None`` if it is): two
    cards, enough rolls, the white die in rounds 1 and 2 of every three and the player's
    choice in every third round."""
    if len(set(ch.constellations)) != card_count or len(ch.constellations) != card_count:
        return f"a solo challenge deals {card_count} different constellation cards, got " \
               f"{len(ch.constellations)}: {', '.join(ch.constellations)[:80]}"
    need = min_rolls(ch.cols, ch.rows)
    if len(ch.rolls) < need:
        return f"a {ch.cols}×{ch.rows} challenge needs at least {need} rolls, got {len(ch.rolls)}"
    for i, roll in enumerate(ch.rolls):
        if chooses_third(i + 1) != (roll.third is None):
            want = "null (the player chooses)" if chooses_third(i + 1) else "a white die face"
            return f"rolls[{i}].third: round {i + 1} needs {want}"
    return None


# --------------------------------------------------------------------------- play.json

def _turn(raw: object, where: str, geo: PadGeometry) -> Turn:
    t = mapping(raw, where)
    if len(t) != 1 or next(iter(t)) not in ("place", "fog"):
        raise InputError("must be {\"place\": {…}} or {\"fog\": {…}}", where)
    kind, body = next(iter(t.items()))
    body = mapping(body, f"{where}.{kind}")
    if kind == "place":
        if len(body) != 3:
            raise InputError(f"must map the three cells of a triangle to icons, got "
                             f"{len(body)} cell(s)", where, "place")
        cells = []
        for name, icon in body.items():
            cell = geo.parse_cell(name, where, "place")
            cells.append((cell, _face(icon, where, "place", name)))
        return Place(tuple(cells))
    if not body:
        return Fog()
    if len(body) != 1:
        raise InputError(f"draws at most one icon, got {len(body)}", where, "fog")
    name, icon = next(iter(body.items()))
    cell = geo.parse_cell(name, where, "fog")
    if not isinstance(icon, str) or icon not in DRAWN_ICONS or len(icon) != 1:
        raise InputError(f"must be one of G P A C S (use {{}} to draw nothing), got "
                         f"{show(icon)}", where, "fog", name)
    return Fog(cell, icon)


def play_from_json(obj: object, geo: PadGeometry) -> PlayLog:
    """Read a ``play.json`` value for a pad of geometry ``geo`` (cells must be on it)."""
    p = mapping(obj, "")
    only_keys(p, ("challenge", "turns"), "")
    for key in ("challenge", "turns"):
        if key not in p:
            raise InputError("missing key", key)
    cid = p["challenge"]
    if not isinstance(cid, str) or not cid:
        raise InputError(f"must be the challenge's id, got {show(cid)}", "challenge")
    turns = p["turns"]
    if not isinstance(turns, list):
        raise InputError(f"must be a list of turns, got {show(turns)}", "turns")
    if len(turns) > MAX_ROLLS:
        raise InputError(f"at most {MAX_ROLLS} turns, got {len(turns)}", "turns")
    return PlayLog(cid, tuple(_turn(t, f"turns[{i}]", geo) for i, t in enumerate(turns)))


def turn_to_json(t: Turn, geo: PadGeometry) -> dict[str, Any]:
    """One turn as ``play.json`` writes it."""
    if isinstance(t, Place):
        return {"place": {geo.names[c]: icon for c, icon in t.cells}}
    return {"fog": {} if t.cell is None else {geo.names[t.cell]: t.icon}}


def play_to_json(log: PlayLog, geo: PadGeometry) -> dict[str, Any]:
    """The ``play.json`` value of ``log``."""
    return {"challenge": log.challenge, "turns": [turn_to_json(t, geo) for t in log.turns]}

