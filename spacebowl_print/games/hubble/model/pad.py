"""A Hubble pad as drawn: its icons, the constellation cards it plays for, its Fogged Lens
boxes; and the reader and writer of ``pad.json``.

``pad.json`` is ``{"rows": ["G.P.", …], "constellations": ["Lyra", …], "fog": 0}``: one
string a row, one character a cell from ``GPACS.``. Readers take already-decoded JSON (decode
text with :func:`spacebowl_print.core.jsonio.loads_json`) and raise :class:`InputError`
naming the field that is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.errors import InputError, InternalError
from spacebowl_print.core.jsonio import mapping, only_keys, show
from spacebowl_print.games.hubble.model.geometry import (
    ICONS,
    MAX_SIDE,
    MIN_SIDE,
    PadGeometry,
    check_size,
    geometry,
)

MAX_FOG = 3
MAX_PAD_CARDS = 20
"""Most constellation cards one pad plays for: the whole game's 20 (a name may repeat).
The best choice of placements is searched card by card, so this also bounds that search."""


@dataclass(frozen=True)
class Pad:
    """``cells`` holds one character of ``GPACS.`` per cell, row by row (``.`` = empty).

    ``constellations`` are the names of the cards the pad plays for, in order; ``fog`` is the
    number of crossed Fogged Lens boxes (0 to 3; it does not change the score).
    """

    cols: int
    rows: int
    cells: str
    constellations: tuple[str, ...] = ()
    fog: int = 0

    def __post_init__(self) -> None:
        problem = check_size(self.cols, self.rows)
        if problem:
            raise ValueError(problem)
        if len(self.cells) != self.cols * self.rows or any(ch not in ICONS for ch in self.cells):
            raise ValueError("cells must hold one character of GPACS. per cell")
        if not 0 <= self.fog <= MAX_FOG:
            raise ValueError("fog must be 0 to 3")

    @property
    def geometry(self) -> PadGeometry:
        return geometry(self.cols, self.rows)

    def row_strings(self) -> list[str]:
        """The pad as printed: one string per row."""
        return [self.cells[r * self.cols:(r + 1) * self.cols] for r in range(self.rows)]

    def __getitem__(self, cell: int) -> str:
        return self.cells[cell]

    @staticmethod
    def from_rows(rows: Sequence[str], constellations: Sequence[str] = (), fog: int = 0) -> Pad:
        """Build from row strings (for tests and tools; :func:`pad_from_json` reads files)."""
        return Pad(len(rows[0]), len(rows), "".join(rows), tuple(constellations), fog)


def read_names(raw: object, what: str, known: Sequence[str] | None) -> tuple[str, ...]:
    """A list of constellation names (each among ``known`` when given). A name may appear
    twice: the pad then plays for two copies of the card (each star still serves one)."""
    if not isinstance(raw, list):
        raise InputError(f"must be a list of constellation names, got {show(raw)}", what)
    if len(raw) > MAX_PAD_CARDS:
        raise InputError(f"a pad plays at most {MAX_PAD_CARDS} constellation cards, got "
                         f"{len(raw)}", what)
    out: list[str] = []
    for i, name in enumerate(raw):
        where = f"{what}[{i}]"
        if not isinstance(name, str) or not name:
            raise InputError(f"must be a constellation name, got {show(name)}", where)
        if known is not None and name not in known:
            raise InputError(f"unknown constellation {show(name)}", where)
        out.append(name)
    return tuple(out)


def pad_from_json(obj: object, known: Sequence[str] | None = None) -> Pad:
    """Read a ``pad.json`` value. ``known`` (the constellation set's names), when given,
    is checked against ``constellations``. ``constellations`` defaults to none, ``fog`` to 0."""
    p = mapping(obj, "")
    only_keys(p, ("rows", "constellations", "fog"), "")
    if "rows" not in p:
        raise InputError("missing key", "rows")
    rows = p["rows"]
    if not isinstance(rows, list) or not rows:
        raise InputError(f"must be a list of row strings, got {show(rows)}", "rows")
    cols = None
    for r, row in enumerate(rows):
        where = f"rows[{r}]"
        if not isinstance(row, str):
            raise InputError(f"must be a string of GPACS. characters, got {show(row)}", where)
        for c, ch in enumerate(row):
            if ch not in ICONS:
                raise InputError(f"character {c + 1} is {show(ch)}, not one of GPACS.", where)
        if cols is None:
            cols = len(row)
            if not MIN_SIDE <= cols <= MAX_SIDE or cols % 2:
                raise InputError(f"a row must have an even number of cells from {MIN_SIDE} "
                                 f"to {MAX_SIDE}, got {cols}", where)
        elif len(row) != cols:
            raise InputError(f"has {len(row)} cells but rows[0] has {cols}: rows must be equal",
                             where)
    if not MIN_SIDE <= len(rows) <= MAX_SIDE or len(rows) % 2:
        raise InputError(f"a pad has an even number of rows from {MIN_SIDE} to {MAX_SIDE}, "
                         f"got {len(rows)}", "rows")
    names = read_names(p.get("constellations", []), "constellations", known)
    fog = p.get("fog", 0)
    if not isinstance(fog, int) or isinstance(fog, bool) or not 0 <= fog <= MAX_FOG:
        raise InputError(f"must be a whole number from 0 to {MAX_FOG}, got {show(fog)}", "fog")
    if cols is None:  # rows is a non-empty list, so its first row set cols
        raise InternalError("a pad without columns")
    return Pad(cols, len(rows), "".join(rows), names, fog)


def pad_to_json(pad: Pad) -> dict[str, Any]:
    """The ``pad.json`` value of ``pad`` (round trip of :func:`pad_from_json`)."""
    return {"rows": pad.row_strings(), "constellations": list(pad.constellations),
            "fog": pad.fog}
