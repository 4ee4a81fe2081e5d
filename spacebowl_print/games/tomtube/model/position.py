"""Positions (``position.json``) and moves (``MOVE.json``): the data, what covers the board,
the canonical writer and the start position. The strict readers are :mod:`.position_read`.

Sphere names: a knot sphere or a module is named by its knot (``E5``, ``A3``), an energy
sphere by its rhomb's position (``B3-C4``). Writers give sorted, canonical JSON values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from spacebowl_print.games.tomtube.model.board import DAVE, MODULES, PLAYERS, TOM, board

HELD_KINDS = ("energy", "control", "alien", "solar")
STOCK_KINDS = ("energy", "control", "alien")
# Counters in the box, by kind.
TOTALS = {"energy": 24, "control": 8, "alien": 6, "solar": 4}
VALUES = {"energy": 1, "control": 2, "alien": 5, "solar": 5}
TUBE_TRIANGLES = 6
BLANK_TRIANGLES = 3


@dataclass(frozen=True)
class PlacedRhomb:
    """Tile ``id`` on rhomb position ``at`` (its name) with the tile's ``s1`` on knot ``s1``."""

    id: int
    at: str
    s1: str


@dataclass(frozen=True)
class PlacedTriangle:
    """A player's triangle on ``at``; ``tube`` is the two knots its tube joins (sorted) or
    ``None`` for a blank triangle."""

    owner: str
    at: str
    tube: tuple[str, str] | None


@dataclass(frozen=True)
class Astronaut:
    """Where an astronaut stands, what they hold and which triangles they have left."""

    at: str
    held: Mapping[str, int]
    tubes_left: int = TUBE_TRIANGLES
    blanks_left: int = BLANK_TRIANGLES


@dataclass(frozen=True)
class Position:
    """A whole game position. Treat as immutable: rule functions return new positions."""

    rhombs: tuple[PlacedRhomb, ...]
    triangles: tuple[PlacedTriangle, ...]
    stack: tuple[int, ...]
    counters: Mapping[str, str]
    astronauts: Mapping[str, Astronaut]
    stock: Mapping[str, int]
    to_move: str = TOM

    def with_(self, **changes: Any) -> Position:
        """A copy with some fields replaced."""
        return replace(self, **changes)


@dataclass(frozen=True)
class Exchange:
    """Alien counters the player exchanges of their own free will during a turn (each for
    1 control and 2 energy counters from the stock): ``before`` the action (for a placement:
    before the rhomb is laid, so the counters it brings come from the stock as it then is)
    and ``after`` it (at the end of the turn; a moment inside a move, after its payment, is
    the same, since taking a counter from a sphere does not touch the stock). Written in a
    move file as ``"exchange": {"before": 1, "after": 0}``; absent means none. A payment the
    player cannot make otherwise still exchanges an alien by itself, right before it."""

    before: int = 0
    after: int = 0

    def __bool__(self) -> bool:
        return bool(self.before or self.after)

    def to_json(self) -> dict[str, int]:
        """The ``exchange`` object: only the moments with an exchange."""
        return {k: v for k, v in (("before", self.before), ("after", self.after)) if v}


NO_EXCHANGE = Exchange()


@dataclass(frozen=True)
class Move:
    """A move: ``kind`` ``drift`` or ``jump``, destination sphere ``to``, ``pay`` ``None``,
    ``"control"`` (a drift along every colour) or ``"energy"`` (a jump); ``exchange``: aliens
    exchanged of the player's own free will (see :class:`Exchange`)."""

    kind: str
    to: str
    pay: str | None
    exchange: Exchange = NO_EXCHANGE

    def to_json(self) -> dict[str, Any]:
        """The spec's move object (``exchange`` only when there is one)."""
        out: dict[str, Any] = {"kind": self.kind, "to": self.to, "pay": self.pay}
        if self.exchange:
            out["exchange"] = self.exchange.to_json()
        return out

    def plain(self) -> Move:
        """The move without voluntary exchanges (as ``legal_moves`` lists it)."""
        return Move(self.kind, self.to, self.pay) if self.exchange else self


@dataclass(frozen=True)
class Fill:
    """How the mover covers one isolated triangle: its name and tube knots (``None`` blank)."""

    at: str
    tube: tuple[str, str] | None


@dataclass(frozen=True)
class Placement:
    """Place the top rhomb on position ``at`` with its ``s1`` on knot ``s1``, then cover the
    isolated triangles as ``fill`` says (in the order written)."""

    at: str
    s1: str
    fill: tuple[Fill, ...] = field(default_factory=tuple)
    exchange: Exchange = NO_EXCHANGE

    def to_json(self) -> dict[str, Any]:
        """The ``MOVE.json`` object of this placement."""
        out: dict[str, Any] = {"kind": "place", "at": self.at, "s1": self.s1,
                               "fill": [{"at": f.at, "tube": list(f.tube) if f.tube else None}
                                        for f in self.fill]}
        if self.exchange:
            out["exchange"] = self.exchange.to_json()
        return out


@dataclass(frozen=True)
class Pass:
    """A pass: allowed only to a player who can neither place nor move (after any aliens
    exchanged ``before`` it)."""

    exchange: Exchange = NO_EXCHANGE

    def to_json(self) -> dict[str, Any]:
        """The ``MOVE.json`` object of a pass."""
        out: dict[str, Any] = {"kind": "pass"}
        if self.exchange:
            out["exchange"] = self.exchange.to_json()
        return out


Action = Move | Placement | Pass


# ---- what covers the board ------------------------------------------------------------------

def coverage(pos: Position) -> dict[int, str]:
    """Covered free triangles (indices) → what covers them (a rhomb position or triangle
    name). Module triangles are not listed."""
    b = board()
    out: dict[int, str] = {}
    for r in pos.rhombs:
        for t in b.rhomb_positions[b.position_index[r.at]].triangles:
            out[t] = r.at
    for tr in pos.triangles:
        out[b.triangle_index[tr.at]] = tr.at
    return out


def complete_knots(covered: Mapping[int, object] | set[int] | frozenset[int]) -> set[int]:
    """Inside knots whose six triangles are all covered (by tiles, triangles or modules),
    given the covered free triangles."""
    cov = covered if isinstance(covered, (set, frozenset)) else set(covered)
    return {k for k, needs in board().knot_needs if needs <= cov}



# ---- writer and start -----------------------------------------------------------------------

def position_to_json(pos: Position) -> dict[str, Any]:
    """The ``position.json`` value: rhombs and triangles sorted by place, counters by name,
    every held kind written."""
    return {
        "rhombs": [{"id": r.id, "at": r.at, "s1": r.s1}
                   for r in sorted(pos.rhombs, key=lambda r: r.at)],
        "triangles": [{"owner": t.owner, "at": t.at, "tube": list(t.tube) if t.tube else None}
                      for t in sorted(pos.triangles, key=lambda t: t.at)],
        "stack": list(pos.stack),
        "counters": {k: pos.counters[k] for k in sorted(pos.counters)},
        "astronauts": {pl: {"at": a.at, "held": {k: a.held.get(k, 0) for k in HELD_KINDS},
                            "triangles": {"tube": a.tubes_left, "blank": a.blanks_left}}
                       for pl, a in ((pl, pos.astronauts[pl]) for pl in PLAYERS)},
        "stock": {k: pos.stock[k] for k in STOCK_KINDS},
        "to_move": pos.to_move,
    }


def start_position(stack: list[int] | tuple[int, ...], extra_energy: int = 0,
                   aliens_and_controls: bool = True) -> Position:
    """The start: both astronauts on their base with ``1 + extra_energy`` energy counters
    (the beginners' handicap gives extra ones), solar counters on their modules, the given
    face-down stack (top first), Tom to move. ``aliens_and_controls=False`` is the variant
    without them: they stay out of the stock, so none is ever put on the board."""
    held = {"energy": 1 + extra_energy, "control": 0, "alien": 0, "solar": 0}
    counters = {m: "solar" for m, (_, kind) in MODULES.items() if kind == "solar"}
    return Position(
        (), (), tuple(stack), counters,
        {TOM: Astronaut("A3", dict(held)), DAVE: Astronaut("I3", dict(held))},
        {"energy": TOTALS["energy"] - 2 * held["energy"],
         "control": TOTALS["control"] if aliens_and_controls else 0,
         "alien": TOTALS["alien"] if aliens_and_controls else 0},
        TOM)
