"""Positions (``position.json``) and moves (``MOVE.json``): data, strict readers, writers.

Sphere names: a knot sphere or a module is named by its knot (``E5``, ``A3``), an energy
sphere by its rhomb's position (``B3-C4``). Readers take decoded JSON values and raise
:class:`InputError` naming the field; writers give sorted, canonical JSON values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import mapping, only_keys, show
from spacebowl_print.games.tomtube.model.board import (
    DAVE,
    MODULES,
    PLAYERS,
    TOM,
    board,
    join,
    other,
)
from spacebowl_print.games.tomtube.model.tiles import TileSet

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
class Move:
    """A move: ``kind`` ``drift`` or ``jump``, destination sphere ``to``, ``pay`` ``None``,
    ``"control"`` (a drift along every colour) or ``"energy"`` (a jump)."""

    kind: str
    to: str
    pay: str | None

    def to_json(self) -> dict[str, Any]:
        """The spec's move object."""
        return {"kind": self.kind, "to": self.to, "pay": self.pay}


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

    def to_json(self) -> dict[str, Any]:
        """The ``MOVE.json`` object of this placement."""
        return {"kind": "place", "at": self.at, "s1": self.s1,
                "fill": [{"at": f.at, "tube": list(f.tube) if f.tube else None}
                         for f in self.fill]}


@dataclass(frozen=True)
class Pass:
    """A pass: allowed only to a player who can neither place nor move."""

    def to_json(self) -> dict[str, Any]:
        """The ``MOVE.json`` object of a pass."""
        return {"kind": "pass"}


Action = Move | Placement | Pass


# ---- helpers --------------------------------------------------------------------------------

def _int(v: object, what: str, lo: int = 0, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f"≥ {lo}"
        raise InputError(f"must be an integer {rng}, got {show(v)}", what)
    return v


def _str(v: object, what: str) -> str:
    if not isinstance(v, str):
        raise InputError(f"must be a string, got {show(v)}", what)
    return v


def parse_knot(v: object, what: str) -> str:
    """A knot name (``A1`` .. ``I5``)."""
    s = _str(v, what)
    if s not in board().knot_index:
        raise InputError(f"no knot {show(s)} (rows A..I, numbered from the left)", what)
    return s


def _sorted_name(s: str, what: str, kind: str) -> None:
    parts = s.split("-")
    if not all(p in board().knot_index for p in parts):
        raise InputError(f"not {kind} name (knots joined with '-'), got {show(s)}", what)
    if join(parts) != s:
        raise InputError(f"write {kind} name sorted: {join(parts)!r}, got {show(s)}", what)


def parse_position_name(v: object, what: str) -> str:
    """A rhomb position name (an edge whose two triangles are free), sorted."""
    s = _str(v, what)
    b = board()
    if s not in b.position_index:
        if s.count("-") == 1:
            _sorted_name(s, what, "an edge")
        if s in b.edge_index:
            raise InputError(f"edge {s} is not a rhomb position (a module or the rim "
                             "is beside it)", what)
        raise InputError(f"no rhomb position {show(s)} (an edge like B3-C4)", what)
    return s


def parse_triangle_name(v: object, what: str) -> str:
    """A free triangle's name, sorted."""
    s = _str(v, what)
    b = board()
    if s not in b.triangle_index:
        if s.count("-") == 2:
            _sorted_name(s, what, "a triangle")
        raise InputError(f"no triangle {show(s)} (three neighbouring knots like A2-B2-B3)",
                         what)
    if b.triangle_index[s] in b.module_triangles:
        raise InputError(f"triangle {s} is printed on a module", what)
    return s


def _tube(v: object, tri: str, what: str) -> tuple[str, str] | None:
    if v is None:
        return None
    if not isinstance(v, list) or len(v) != 2:
        raise InputError(f"must be two knots of the triangle or null, got {show(v)}", what)
    a, b = (parse_knot(x, what) for x in v)
    knots = tri.split("-")
    if a == b or a not in knots or b not in knots:
        raise InputError(f"must be two different knots of {tri}, got {show(v)}", what)
    return (a, b) if a < b else (b, a)


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
    b = board()
    return {k for k in b.inside_knots
            if all(t in covered or t in b.module_triangles for t in b.knot_triangles[k])}


def sphere_kind(pos: Position, tiles: TileSet, name: str,
                complete: set[int] | None = None) -> str | None:
    """``"knot"``, ``"energy"``, ``"module"`` if ``name`` is a sphere of ``pos``, else None."""
    b = board()
    if name in MODULES:
        return "module"
    if name in b.knot_index:
        if complete is None:
            complete = complete_knots(coverage(pos))
        return "knot" if b.knot_index[name] in complete else None
    for r in pos.rhombs:
        if r.at == name:
            return "energy" if tiles[r.id].cross else None
    return None


# ---- position reader / writer ---------------------------------------------------------------

def position_from_json(obj: object, tiles: TileSet) -> Position:
    """Read a ``position.json`` value strictly against the tile set ``tiles``.

    Checks names (sorted form), that rhombs and triangles sit on free places without
    overlapping, that astronauts stand on spheres they may enter (not the same one), that
    counters lie on spheres of their kind, and that no more counters or triangles are in play
    than the box holds.
    """
    b = board()
    p = mapping(obj, "position")
    keys = ("rhombs", "triangles", "stack", "counters", "astronauts", "stock", "to_move")
    only_keys(p, keys, "")
    for k in keys:
        if k not in p:
            raise InputError("missing key", k)
    # rhombs
    if not isinstance(p["rhombs"], list):
        raise InputError("must be a list", "rhombs")
    rhombs: list[PlacedRhomb] = []
    covered: dict[int, str] = {}
    used_ids: set[int] = set()
    for i, r in enumerate(p["rhombs"]):
        where = f"rhombs[{i}]"
        r = mapping(r, where)
        only_keys(r, ("id", "at", "s1"), where)
        for k in ("id", "at", "s1"):
            if k not in r:
                raise InputError("missing key", where, k)
        tid = _int(r["id"], f"{where}.id", 1)
        if tid not in tiles:
            raise InputError(f"no rhomb {tid} in the tile set", where, "id")
        if tid in used_ids:
            raise InputError(f"rhomb {tid} is placed twice", where, "id")
        used_ids.add(tid)
        at = parse_position_name(r["at"], f"{where}.at")
        rp = b.rhomb_positions[b.position_index[at]]
        for t in rp.triangles:
            if t in covered:
                raise InputError(f"overlaps {covered[t]} on triangle {b.triangles[t].name}",
                                 where, "at")
            covered[t] = at
        s1 = parse_knot(r["s1"], f"{where}.s1")
        if b.knot_index[s1] not in rp.sharp:
            sharp = " or ".join(b.knots[k].name for k in rp.sharp)
            raise InputError(f"must be a sharp corner of {at} ({sharp}), got {s1}", where, "s1")
        rhombs.append(PlacedRhomb(tid, at, s1))
    # triangles
    if not isinstance(p["triangles"], list):
        raise InputError("must be a list", "triangles")
    triangles: list[PlacedTriangle] = []
    used_tri = {TOM: [0, 0], DAVE: [0, 0]}
    for i, tr in enumerate(p["triangles"]):
        where = f"triangles[{i}]"
        tr = mapping(tr, where)
        only_keys(tr, ("owner", "at", "tube"), where)
        for k in ("owner", "at", "tube"):
            if k not in tr:
                raise InputError("missing key", where, k)
        owner = tr["owner"]
        if owner not in PLAYERS:
            raise InputError(f"must be \"tom\" or \"dave\", got {show(owner)}", where, "owner")
        at = parse_triangle_name(tr["at"], f"{where}.at")
        ti = b.triangle_index[at]
        if ti in covered:
            raise InputError(f"overlaps {covered[ti]}", where, "at")
        covered[ti] = at
        tube = _tube(tr["tube"], at, f"{where}.tube")
        used_tri[owner][0 if tube else 1] += 1
        triangles.append(PlacedTriangle(owner, at, tube))
    # stack
    if not isinstance(p["stack"], list):
        raise InputError("must be a list of rhomb ids, top first", "stack")
    stack: list[int] = []
    for i, v in enumerate(p["stack"]):
        tid = _int(v, f"stack[{i}]", 1)
        if tid not in tiles:
            raise InputError(f"no rhomb {tid} in the tile set", f"stack[{i}]")
        if tid in used_ids:
            raise InputError(f"rhomb {tid} is already placed or stacked", f"stack[{i}]")
        used_ids.add(tid)
        stack.append(tid)
    complete = complete_knots(covered)
    crosses = {r.at for r in rhombs if tiles[r.id].cross}
    # counters
    counters_raw = mapping(p["counters"], "counters")
    counters: dict[str, str] = {}
    on_board = dict.fromkeys(TOTALS, 0)
    for name, kind in counters_raw.items():
        where = f"counters.{name}"
        if kind not in TOTALS:
            raise InputError(f"must be energy, control, alien or solar, got {show(kind)}",
                             where)
        if name in MODULES:
            if MODULES[name][1] != "solar" or kind != "solar":
                raise InputError("only a solar counter lies on a module, and only on a solar "
                                 "module", where)
        elif name in b.knot_index:
            if kind not in ("alien", "control"):
                raise InputError(f"a knot holds an alien or control counter, not {kind}", where)
            if b.knot_index[name] not in complete:
                raise InputError(f"knot {name} is not a sphere (inside, all 6 triangles "
                                 "covered)", where)
        else:
            if name.count("-") == 1:
                _sorted_name(name, where, "an edge")
            if name not in crosses:
                raise InputError("not a sphere: a knot, a module or a placed rhomb with a "
                                 "cross", where)
            if kind != "energy":
                raise InputError(f"an energy sphere holds an energy counter, not {kind}", where)
        counters[name] = kind
        on_board[kind] += 1
    # stock
    stock_raw = mapping(p["stock"], "stock")
    only_keys(stock_raw, STOCK_KINDS, "stock")
    stock: dict[str, int] = {}
    for k in STOCK_KINDS:
        if k not in stock_raw:
            raise InputError("missing key", "stock", k)
        stock[k] = _int(stock_raw[k], f"stock.{k}", 0, TOTALS[k])
    # astronauts
    ast_raw = mapping(p["astronauts"], "astronauts")
    only_keys(ast_raw, PLAYERS, "astronauts")
    astronauts: dict[str, Astronaut] = {}
    for pl in PLAYERS:
        if pl not in ast_raw:
            raise InputError("missing key", "astronauts", pl)
        where = f"astronauts.{pl}"
        a = mapping(ast_raw[pl], where)
        only_keys(a, ("at", "held", "triangles"), where)
        for k in ("at", "held", "triangles"):
            if k not in a:
                raise InputError("missing key", where, k)
        at = _str(a["at"], f"{where}.at")
        if at in MODULES:
            if MODULES[at][0] != pl:
                raise InputError(f"{pl} may never enter {other(pl)}'s module {at}", where, "at")
        elif at in b.knot_index:
            if b.knot_index[at] not in complete:
                raise InputError(f"knot {at} is not a sphere (inside, all 6 triangles "
                                 "covered)", where, "at")
        elif at not in crosses:
            if at.count("-") == 1:
                _sorted_name(at, f"{where}.at", "an edge")
            raise InputError(f"{show(at)} is not a sphere (a knot, a module or a placed "
                             "rhomb with a cross)", where, "at")
        held_raw = mapping(a["held"], f"{where}.held")
        only_keys(held_raw, HELD_KINDS, f"{where}.held")
        held = {k: _int(held_raw.get(k, 0), f"{where}.held.{k}", 0, TOTALS[k])
                for k in HELD_KINDS}
        tri_raw = mapping(a["triangles"], f"{where}.triangles")
        only_keys(tri_raw, ("tube", "blank"), f"{where}.triangles")
        for k in ("tube", "blank"):
            if k not in tri_raw:
                raise InputError("missing key", f"{where}.triangles", k)
        tubes = _int(tri_raw["tube"], f"{where}.triangles.tube", 0, TUBE_TRIANGLES)
        blanks = _int(tri_raw["blank"], f"{where}.triangles.blank", 0, BLANK_TRIANGLES)
        if tubes + used_tri[pl][0] > TUBE_TRIANGLES:
            raise InputError(f"{pl} has only {TUBE_TRIANGLES} tube triangles, "
                             f"{used_tri[pl][0]} are on the board", where, "triangles", "tube")
        if blanks + used_tri[pl][1] > BLANK_TRIANGLES:
            raise InputError(f"{pl} has only {BLANK_TRIANGLES} blank triangles, "
                             f"{used_tri[pl][1]} are on the board", where, "triangles", "blank")
        astronauts[pl] = Astronaut(at, held, tubes, blanks)
    if astronauts[TOM].at == astronauts[DAVE].at:
        raise InputError("two astronauts never share a sphere", "astronauts")
    for pl in PLAYERS:
        mine = sum(1 for n, k in counters.items() if k == "solar" and MODULES[n][0] == pl)
        if mine + astronauts[pl].held["solar"] > 2:
            raise InputError(f"{pl} has only 2 solar counters (held and on their modules)",
                             "astronauts", pl, "held", "solar")
    for k in STOCK_KINDS:
        total = stock[k] + on_board[k] + sum(a.held[k] for a in astronauts.values())
        if total > TOTALS[k]:
            raise InputError(f"{total} {k} counters in play but the box holds {TOTALS[k]}",
                             "stock", k)
    to_move = p["to_move"]
    if to_move not in PLAYERS:
        raise InputError(f"must be \"tom\" or \"dave\", got {show(to_move)}", "to_move")
    return Position(tuple(rhombs), tuple(triangles), tuple(stack), counters, astronauts,
                    stock, to_move)


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


# ---- moves ----------------------------------------------------------------------------------

def move_from_json(obj: object) -> Action:
    """Read a ``MOVE.json`` value: a move ``{"kind": "drift"|"jump", "to", "pay"}``, a
    placement ``{"kind": "place", "at", "s1", "fill": [{"at", "tube"}, ...]}`` or
    ``{"kind": "pass"}``. Names are checked here; legality when the move is played."""
    m = mapping(obj, "move")
    kind = m.get("kind")
    if kind in ("drift", "jump"):
        only_keys(m, ("kind", "to", "pay"), "")
        for k in ("to", "pay"):
            if k not in m:
                raise InputError("missing key", k)
        to = _str(m["to"], "to")
        pay = m["pay"]
        allowed = (None, "control") if kind == "drift" else ("energy",)
        if pay not in allowed:
            raise InputError(f"a {kind} pays {' or '.join(show(a) for a in allowed)}, "
                             f"got {show(pay)}", "pay")
        return Move(kind, to, pay)
    if kind == "place":
        only_keys(m, ("kind", "at", "s1", "fill"), "")
        for k in ("at", "s1"):
            if k not in m:
                raise InputError("missing key", k)
        at = parse_position_name(m["at"], "at")
        s1 = parse_knot(m["s1"], "s1")
        fills_raw = m.get("fill", [])
        if not isinstance(fills_raw, list):
            raise InputError("must be a list of {at, tube}", "fill")
        fills = []
        for i, f in enumerate(fills_raw):
            where = f"fill[{i}]"
            f = mapping(f, where)
            only_keys(f, ("at", "tube"), where)
            for k in ("at", "tube"):
                if k not in f:
                    raise InputError("missing key", where, k)
            tri = parse_triangle_name(f["at"], f"{where}.at")
            fills.append(Fill(tri, _tube(f["tube"], tri, f"{where}.tube")))
        return Placement(at, s1, tuple(fills))
    if kind == "pass":
        only_keys(m, ("kind",), "")
        return Pass()
    raise InputError(f"must be \"drift\", \"jump\", \"place\" or \"pass\", got {show(kind)}",
                     "kind")
