"""Strict readers of ``position.json`` and ``MOVE.json`` values (decoded JSON), raising
:class:`InputError` naming the field.

Sphere names: a knot sphere or a module is named by its knot (``E5``, ``A3``), an energy
sphere by its rhomb's position (``B3-C4``). Names of edges and triangles are written sorted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from spacebowl_print.games.tomtube.model.position import (
    BLANK_TRIANGLES,
    HELD_KINDS,
    STOCK_KINDS,
    TOTALS,
    TUBE_TRIANGLES,
    Action,
    Astronaut,
    Exchange,
    Fill,
    Move,
    Pass,
    PlacedRhomb,
    PlacedTriangle,
    Placement,
    Position,
    complete_knots,
)
from spacebowl_print.games.tomtube.model.tiles import TileSet

POSITION_KEYS = ("rhombs", "triangles", "stack", "counters", "astronauts", "stock", "to_move")

TriangleCounts = dict[str, list[int]]
"""Per player, [tube triangles, blank triangles] on the board."""


# ---- names ----------------------------------------------------------------------------------

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


def _keys(obj: Mapping[str, Any], keys: Sequence[str], where: str,
          required: Sequence[str] | None = None) -> None:
    """Refuse keys of ``obj`` outside ``keys``, then any of ``required`` (by default all of
    ``keys``) that is missing."""
    only_keys(obj, keys, where)
    for k in keys if required is None else required:
        if k not in obj:
            raise InputError("missing key", where, k)


# ---- position reader ------------------------------------------------------------------------

def position_from_json(obj: object, tiles: TileSet) -> Position:
    """Read a ``position.json`` value strictly against the tile set ``tiles``.

    Checks names (sorted form), that rhombs and triangles sit on free places without
    overlapping, that astronauts stand on spheres they may enter (not the same one), that
    counters lie on spheres of their kind, and that no more counters or triangles are in play
    than the box holds.
    """
    p = mapping(obj, "position")
    _keys(p, POSITION_KEYS, "")
    covered: dict[int, str] = {}  # covered free triangles → what covers them
    used_ids: set[int] = set()  # rhombs placed or stacked
    rhombs = _rhombs(p["rhombs"], tiles, covered, used_ids)
    triangles, used_tri = _triangles(p["triangles"], covered)
    stack = _stack(p["stack"], tiles, used_ids)
    complete = complete_knots(covered)
    crosses = {r.at for r in rhombs if tiles[r.id].cross}
    counters = _counters(p["counters"], complete, crosses)
    stock = _stock(p["stock"])
    astronauts = _astronauts(p["astronauts"], complete, crosses, used_tri)
    _check_counts(counters, stock, astronauts)
    to_move = p["to_move"]
    if to_move not in PLAYERS:
        raise InputError(f"must be \"tom\" or \"dave\", got {show(to_move)}", "to_move")
    return Position(tuple(rhombs), tuple(triangles), tuple(stack), counters, astronauts,
                    stock, to_move)


def _rhombs(raw: object, tiles: TileSet, covered: dict[int, str],
            used_ids: set[int]) -> list[PlacedRhomb]:
    """The placed rhombs: tiles of the set, each once, on free rhomb positions, ``s1`` on a
    sharp corner. Marks the triangles they cover in ``covered`` and their ids in
    ``used_ids``."""
    if not isinstance(raw, list):
        raise InputError("must be a list", "rhombs")
    b = board()
    rhombs: list[PlacedRhomb] = []
    for i, r in enumerate(raw):
        where = f"rhombs[{i}]"
        r = mapping(r, where)
        _keys(r, ("id", "at", "s1"), where)
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
    return rhombs


def _triangles(raw: object, covered: dict[int, str]
               ) -> tuple[list[PlacedTriangle], TriangleCounts]:
    """The players' triangles on free triangles (marked in ``covered``), and how many of
    each kind each player has on the board."""
    if not isinstance(raw, list):
        raise InputError("must be a list", "triangles")
    b = board()
    triangles: list[PlacedTriangle] = []
    used_tri = {TOM: [0, 0], DAVE: [0, 0]}
    for i, tr in enumerate(raw):
        where = f"triangles[{i}]"
        tr = mapping(tr, where)
        _keys(tr, ("owner", "at", "tube"), where)
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
    return triangles, used_tri


def _stack(raw: object, tiles: TileSet, used_ids: set[int]) -> list[int]:
    """The face-down stack, top first: tiles of the set not placed, each once."""
    if not isinstance(raw, list):
        raise InputError("must be a list of rhomb ids, top first", "stack")
    stack: list[int] = []
    for i, v in enumerate(raw):
        tid = _int(v, f"stack[{i}]", 1)
        if tid not in tiles:
            raise InputError(f"no rhomb {tid} in the tile set", f"stack[{i}]")
        if tid in used_ids:
            raise InputError(f"rhomb {tid} is already placed or stacked", f"stack[{i}]")
        used_ids.add(tid)
        stack.append(tid)
    return stack


def _counters(raw: object, complete: set[int], crosses: set[str]) -> dict[str, str]:
    """The counters on the board, each on a sphere of its kind: solar on a solar module,
    alien or control on a complete knot, energy on a placed rhomb with a cross."""
    b = board()
    counters: dict[str, str] = {}
    for name, kind in mapping(raw, "counters").items():
        where = f"counters.{name}"
        if not isinstance(kind, str) or kind not in TOTALS:
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
    return counters


def _stock(raw: object) -> dict[str, int]:
    """The counters left in the stock, no more of a kind than the box holds."""
    stock_raw = mapping(raw, "stock")
    only_keys(stock_raw, STOCK_KINDS, "stock")
    stock: dict[str, int] = {}
    for k in STOCK_KINDS:
        if k not in stock_raw:
            raise InputError("missing key", "stock", k)
        stock[k] = _int(stock_raw[k], f"stock.{k}", 0, TOTALS[k])
    return stock


def _astronauts(raw: object, complete: set[int], crosses: set[str],
                used_tri: TriangleCounts) -> dict[str, Astronaut]:
    """Both astronauts, Tom's first."""
    ast_raw = mapping(raw, "astronauts")
    only_keys(ast_raw, PLAYERS, "astronauts")
    astronauts: dict[str, Astronaut] = {}
    for pl in PLAYERS:
        if pl not in ast_raw:
            raise InputError("missing key", "astronauts", pl)
        astronauts[pl] = _astronaut(pl, ast_raw[pl], complete, crosses, used_tri[pl])
    return astronauts


def _astronaut(pl: str, raw: object, complete: set[int], crosses: set[str],
               on_board: list[int]) -> Astronaut:
    """Player ``pl``'s astronaut: where they stand, what they hold, the triangles they have
    left (with ``on_board`` [tube, blank] on the board, no more than the box holds)."""
    where = f"astronauts.{pl}"
    a = mapping(raw, where)
    _keys(a, ("at", "held", "triangles"), where)
    at = _stand(pl, _str(a["at"], f"{where}.at"), where, complete, crosses)
    held_raw = mapping(a["held"], f"{where}.held")
    only_keys(held_raw, HELD_KINDS, f"{where}.held")
    held = {k: _int(held_raw.get(k, 0), f"{where}.held.{k}", 0, TOTALS[k])
            for k in HELD_KINDS}
    tri_raw = mapping(a["triangles"], f"{where}.triangles")
    _keys(tri_raw, ("tube", "blank"), f"{where}.triangles")
    tubes = _int(tri_raw["tube"], f"{where}.triangles.tube", 0, TUBE_TRIANGLES)
    blanks = _int(tri_raw["blank"], f"{where}.triangles.blank", 0, BLANK_TRIANGLES)
    if tubes + on_board[0] > TUBE_TRIANGLES:
        raise InputError(f"{pl} has only {TUBE_TRIANGLES} tube triangles, "
                         f"{on_board[0]} are on the board", where, "triangles", "tube")
    if blanks + on_board[1] > BLANK_TRIANGLES:
        raise InputError(f"{pl} has only {BLANK_TRIANGLES} blank triangles, "
                         f"{on_board[1]} are on the board", where, "triangles", "blank")
    return Astronaut(at, held, tubes, blanks)


def _stand(pl: str, at: str, where: str, complete: set[int], crosses: set[str]) -> str:
    """``at`` if player ``pl`` may stand there: their own module, a complete knot or a placed
    rhomb with a cross."""
    b = board()
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
    return at


def _check_counts(counters: Mapping[str, str], stock: Mapping[str, int],
                  astronauts: Mapping[str, Astronaut]) -> None:
    """The astronauts on different spheres; no more solar counters per player, and no more
    counters of a kind in play, than the box holds."""
    if astronauts[TOM].at == astronauts[DAVE].at:
        raise InputError("two astronauts never share a sphere", "astronauts")
    for pl in PLAYERS:
        mine = sum(1 for n, k in counters.items() if k == "solar" and MODULES[n][0] == pl)
        if mine + astronauts[pl].held["solar"] > 2:
            raise InputError(f"{pl} has only 2 solar counters (held and on their modules)",
                             "astronauts", pl, "held", "solar")
    for k in STOCK_KINDS:
        on_board = sum(1 for kind in counters.values() if kind == k)
        total = stock[k] + on_board + sum(a.held[k] for a in astronauts.values())
        if total > TOTALS[k]:
            raise InputError(f"{total} {k} counters in play but the box holds {TOTALS[k]}",
                             "stock", k)


# ---- move reader ----------------------------------------------------------------------------

def move_from_json(obj: object) -> Action:
    """Read a ``MOVE.json`` value: a move ``{"kind": "drift"|"jump", "to", "pay"}``, a
    placement ``{"kind": "place", "at", "s1", "fill": [{"at", "tube"}, ...]}`` or
    ``{"kind": "pass"}``, each perhaps with ``"exchange": {"before": N, "after": M}`` (aliens
    exchanged of the player's own free will). Names are checked here; legality when the move
    is played."""
    m = mapping(obj, "move")
    kind = m.get("kind")
    if kind in ("drift", "jump"):
        return _move(m, kind)
    if kind == "place":
        return _placement(m)
    if kind == "pass":
        only_keys(m, ("kind", "exchange"), "")
        return Pass(_exchange(m))
    raise InputError(f"must be \"drift\", \"jump\", \"place\" or \"pass\", got {show(kind)}",
                     "kind")


def _move(m: Mapping[str, Any], kind: str) -> Move:
    """A drift or a jump, and what it pays."""
    _keys(m, ("kind", "to", "pay", "exchange"), "", required=("to", "pay"))
    to = _str(m["to"], "to")
    pay = m["pay"]
    allowed = (None, "control") if kind == "drift" else ("energy",)
    if pay not in allowed:
        raise InputError(f"a {kind} pays {' or '.join(show(a) for a in allowed)}, "
                         f"got {show(pay)}", "pay")
    return Move(kind, to, pay, _exchange(m))


def _exchange(m: Mapping[str, Any]) -> Exchange:
    """The optional ``exchange`` object: ``{"before": N, "after": M}``, each 0..6 (the aliens
    in the box), both optional."""
    if "exchange" not in m:
        return Exchange()
    e = mapping(m["exchange"], "exchange")
    only_keys(e, ("before", "after"), "exchange")
    return Exchange(_int(e.get("before", 0), "exchange.before", 0, TOTALS["alien"]),
                    _int(e.get("after", 0), "exchange.after", 0, TOTALS["alien"]))


def _placement(m: Mapping[str, Any]) -> Placement:
    """A placement and how it fills the isolated triangles."""
    _keys(m, ("kind", "at", "s1", "fill", "exchange"), "", required=("at", "s1"))
    at = parse_position_name(m["at"], "at")
    s1 = parse_knot(m["s1"], "s1")
    fills_raw = m.get("fill", [])
    if not isinstance(fills_raw, list):
        raise InputError("must be a list of {at, tube}", "fill")
    fills = []
    for i, f in enumerate(fills_raw):
        where = f"fill[{i}]"
        f = mapping(f, where)
        _keys(f, ("at", "tube"), where)
        tri = parse_triangle_name(f["at"], f"{where}.at")
        fills.append(Fill(tri, _tube(f["tube"], tri, f"{where}.tube")))
    return Placement(at, s1, tuple(fills), _exchange(m))


__all__ = [
    "POSITION_KEYS", "move_from_json", "parse_knot", "parse_position_name",
    "parse_triangle_name", "position_from_json",
]
