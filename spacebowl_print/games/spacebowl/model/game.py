"""Galaxies, tosses, variants and solutions, with readers and writers for their JSON shapes.

The shapes are fixed by formats.md. Readers take already-decoded JSON values (use
:func:`loads_json` to decode text strictly) and the deck's planet letters, and raise
:class:`InputError` naming the field that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import mapping as _mapping
from spacebowl_print.core.jsonio import only_keys as _keys
from spacebowl_print.core.jsonio import show
from spacebowl_print.games.spacebowl.model.geometry import Pos, cell_name, parse_cell, parse_space

Cell = frozenset[str] | None
"""A galaxy card: the planet letters it shows, or ``None`` for a face-down card (void)."""

MIN_SIDE = 3
MAX_COLS = 26
MAX_ROWS = 26
"""Galaxies are at most 26 × 26 cards: columns are named A..Z, and both engines (the
bitboard one of the exact statistics included) handle at most 676 cards."""


@dataclass(frozen=True)
class Galaxy:
    """Cards laid out in ``rows`` × ``cols``; ``cells[r][c]`` is a :data:`Cell`.

    ``card_ids`` optionally ties each cell to a deck card (same shape, ``None`` where unknown).
    """

    cells: tuple[tuple[Cell, ...], ...]
    card_ids: tuple[tuple[int | None, ...], ...] | None = None

    def __post_init__(self) -> None:
        rows = len(self.cells)
        cols = len(self.cells[0]) if rows else 0
        if rows < MIN_SIDE or cols < MIN_SIDE or any(len(r) != cols for r in self.cells):
            raise ValueError("a galaxy is a rectangle of at least 3×3 cards")
        if self.card_ids is not None and (
            len(self.card_ids) != rows or any(len(r) != cols for r in self.card_ids)
        ):
            raise ValueError("card_ids must have the galaxy's shape")

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    def __getitem__(self, pos: Pos) -> Cell:
        return self.cells[pos.row][pos.col]

    def positions(self) -> list[Pos]:
        """Every cell, row by row."""
        return [Pos(r, c) for r in range(self.rows) for c in range(self.cols)]

    def face_down(self, positions: Sequence[Pos]) -> Galaxy:
        """A copy with the cards at ``positions`` turned face down (void variant)."""
        cells = [list(r) for r in self.cells]
        for p in positions:
            cells[p.row][p.col] = None
        return Galaxy(tuple(tuple(r) for r in cells), self.card_ids)

    @staticmethod
    def from_strings(rows: Sequence[Sequence[str | None]]) -> Galaxy:
        """Build from rows of planet strings (``None`` = face down); for tests and tools."""
        return Galaxy(tuple(tuple(None if s is None else frozenset(s) for s in r) for r in rows))


@dataclass(frozen=True)
class Toss:
    """Where things landed in the Ship Computer: the Destination disc, each marble, the black hole.

    ``marbles`` maps a planet letter to its space. ``black_hole`` is a space or ``None``.
    """

    destination: Pos
    marbles: Mapping[str, Pos]
    black_hole: Pos | None = None

    def demands(self) -> dict[Pos, tuple[frozenset[str], frozenset[str]]]:
        """Per space that holds marbles: (required planets, prohibited planets).

        Marbles sharing a space with the Black Hole disc are prohibitions, the others requirements.
        """
        out: dict[Pos, tuple[set[str], set[str]]] = {}
        for planet, space in self.marbles.items():
            req, pro = out.setdefault(space, (set(), set()))
            (pro if space == self.black_hole else req).add(planet)
        return {s: (frozenset(r), frozenset(p)) for s, (r, p) in out.items()}


@dataclass(frozen=True)
class Variants:
    """Variant switches that change validity: rotation, torus, and the Wild token's cell."""

    rotation: bool = False
    torus: bool = False
    wild: Pos | None = None


@dataclass(frozen=True)
class Solution:
    """A valid destination card: its cell, every turn that makes it valid, and whether it
    is valid only with the Wild token's help."""

    cell: Pos
    rotations: tuple[int, ...] = (0,)
    wild: bool = False


@dataclass(frozen=True)
class Puzzle:
    """A galaxy, a toss and variants: everything needed to ask "which cards are valid?"."""

    galaxy: Galaxy
    toss: Toss
    variants: Variants = field(default_factory=Variants)


def galaxy_from_json(obj: object, letters: str) -> Galaxy:
    """Read a ``galaxy.json`` value; planet letters must be among ``letters``."""
    g = _mapping(obj, "")
    _keys(g, ("cards", "card_ids"), "")
    if "cards" not in g:
        raise InputError("missing key", "cards")
    rows = g["cards"]
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise InputError("must be a list of rows, each a list of cards", "cards")
    cols = len(rows[0])
    # bounded before the cells are read: both engines (and the exact statistics) handle at
    # most 26 × 26 cards, and a 10,000-row list must not be walked first
    if cols > MAX_COLS or len(rows) > MAX_ROWS:
        raise InputError(f"a galaxy has at most {MAX_COLS} columns and {MAX_ROWS} rows, got "
                         f"{cols}×{len(rows)}", "cards")
    cells: list[tuple[Cell, ...]] = []
    for r, row in enumerate(rows):
        if len(row) != cols:
            raise InputError(f"has {len(row)} cards but row 1 has {cols}: rows must be equal",
                             f"cards row {r + 1}")
        out: list[Cell] = []
        for c, s in enumerate(row):
            where = f"cards {cell_name(Pos(r, c))}"
            if s is None:
                out.append(None)
                continue
            if not isinstance(s, str):
                raise InputError(f"must be a string of planet letters or null, got {show(s)}",
                                 where)
            for ch in s:
                if ch not in letters:
                    raise InputError(f"unknown planet {ch!r} (planets: {letters})", where)
            if len(set(s)) != len(s):
                raise InputError(f"planet listed twice in {s[:40]!r}", where)
            out.append(frozenset(s))
        cells.append(tuple(out))
    if len(cells) < MIN_SIDE or cols < MIN_SIDE:
        raise InputError(f"a galaxy needs at least 3×3 cards, got {cols}×{len(cells)}", "cards")
    ids = None
    if g.get("card_ids") is not None:
        raw = g["card_ids"]
        if (not isinstance(raw, list) or len(raw) != len(cells)
                or any(not isinstance(r, list) or len(r) != cols for r in raw)):
            raise InputError("must have the same rows and columns as cards", "card_ids")
        for r, row in enumerate(raw):
            for c, v in enumerate(row):
                if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v <= 0):
                    raise InputError(f"must be a positive integer or null, got {show(v)}",
                                     f"card_ids {cell_name(Pos(r, c))}")
        ids = tuple(tuple(r) for r in raw)
    return Galaxy(tuple(cells), ids)


def toss_from_json(obj: object, letters: str) -> Toss:
    """Read a ``toss.json`` value; marble keys must be among ``letters``."""
    t = _mapping(obj, "")
    _keys(t, ("destination", "marbles", "black_hole"), "")
    if "destination" not in t:
        raise InputError("missing key", "destination")
    try:
        dest = parse_space(t["destination"], "space")
    except InputError as err:
        raise err.within("destination") from None
    marbles_raw = t.get("marbles", {})
    if not isinstance(marbles_raw, dict):
        raise InputError("must be an object mapping planet letters to spaces", "marbles")
    marbles: dict[str, Pos] = {}
    for k, v in marbles_raw.items():
        if not (isinstance(k, str) and len(k) == 1 and k in letters):
            raise InputError(f"unknown planet {k!r} (planets: {letters})", "marbles")
        try:
            marbles[k] = parse_space(v, "space")
        except InputError as err:
            raise err.within("marbles", k) from None
    bh = t.get("black_hole")
    black_hole = None
    if bh is not None:
        try:
            black_hole = parse_space(bh, "space")
        except InputError as err:
            raise err.within("black_hole") from None
    ordered = {ch: marbles[ch] for ch in letters if ch in marbles}
    return Toss(dest, ordered, black_hole)


def variants_from_json(obj: object, galaxy: Galaxy) -> Variants:
    """Read a variants object (``rotation``, ``torus``, ``wild``); missing keys mean off."""
    if obj is None:
        return Variants()
    v = _mapping(obj, "")
    _keys(v, ("rotation", "torus", "wild"), "")
    for key in ("rotation", "torus"):
        if not isinstance(v.get(key, False), bool):
            raise InputError(f"must be true or false, got {show(v[key])}", key)
    wild = None
    if v.get("wild") is not None:
        try:
            wild = parse_cell(v["wild"], galaxy.rows, galaxy.cols, "wild cell")
        except InputError as err:
            raise err.within("wild") from None
    return Variants(bool(v.get("rotation", False)), bool(v.get("torus", False)), wild)


def puzzle_from_json(obj: object, letters: str, extra_keys: Sequence[str] = ()) -> Puzzle:
    """Read a ``{"galaxy", "toss", "variants"}`` object (a ``solve --batch`` case, a manifest
    entry); errors name the part that is wrong. ``extra_keys`` are tolerated beside them."""
    case = _mapping(obj, "")
    _keys(case, ("galaxy", "toss", "variants", *extra_keys), "")
    for key in ("galaxy", "toss"):
        if key not in case:
            raise InputError("missing key", key)
    try:
        galaxy = galaxy_from_json(case["galaxy"], letters)
    except InputError as err:
        raise err.within("galaxy") from None
    try:
        toss = toss_from_json(case["toss"], letters)
    except InputError as err:
        raise err.within("toss") from None
    try:
        variants = variants_from_json(case.get("variants"), galaxy)
    except InputError as err:
        raise err.within("variants") from None
    return Puzzle(galaxy, toss, variants)


# --------------------------------------------------------------------------- JSON encoding


def cell_json(cell: Cell, letters: str) -> str | None:
    """A cell as formats.md writes it: planet letters in deck order, or ``null``."""
    return None if cell is None else "".join(ch for ch in letters if ch in cell)


def galaxy_to_json(g: Galaxy, letters: str) -> dict[str, Any]:
    """The ``galaxy.json`` value of ``g`` (letters in deck order)."""
    out: dict[str, Any] = {"cards": [[cell_json(c, letters) for c in row] for row in g.cells]}
    if g.card_ids is not None:
        out["card_ids"] = [list(r) for r in g.card_ids]
    return out


def toss_to_json(t: Toss) -> dict[str, Any]:
    """The ``toss.json`` value of ``t``."""
    return {
        "destination": t.destination.name,
        "marbles": {k: v.name for k, v in t.marbles.items()},
        "black_hole": t.black_hole.name if t.black_hole else None,
    }


def variants_to_json(v: Variants) -> dict[str, Any]:
    """The variants object of ``v``."""
    return {"rotation": v.rotation, "torus": v.torus, "wild": v.wild.name if v.wild else None}


def solutions_to_json(sols: Sequence[Solution]) -> dict[str, Any]:
    """The object ``spacebowl solve --json`` prints (formats.md), ordered by row then column."""
    ordered = sorted(sols, key=lambda s: (s.cell.row, s.cell.col))
    return {
        "count": len(ordered),
        "solutions": [
            {"cell": s.cell.name, "rotations": list(s.rotations), "wild": s.wild} for s in ordered
        ],
    }


def galaxy_json_text(obj: dict[str, Any]) -> str:
    """A ``galaxy.json`` value as text: one galaxy row per line, stable bytes."""
    parts = []
    for key in ("cards", "card_ids"):
        if key in obj:
            rows = ",\n  ".join(json.dumps(r) for r in obj[key])
            parts.append(f'"{key}": [\n  {rows}]')
    return "{" + ",\n ".join(parts) + "}\n"
