"""Cells, spaces and turns: the coordinate vocabulary shared by every layer.

A galaxy cell and a Ship Computer space are both a :class:`Pos` (row, col), zero-based,
row 0 at the top, col 0 at the left. Their names follow formats.md: column letter then
row number, ``"C4"`` = column C (col 2), row 4 (row 3).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show

TURNS: tuple[int, ...] = (0, 90, 180, 270)
"""Rotation turns in degrees clockwise (formats.md)."""

_NAME = re.compile(r"^([A-Z])([1-9][0-9]*)$")


class Pos(NamedTuple):
    """A zero-based (row, col) position on a galaxy or on the 3×3 Ship Computer."""

    row: int
    col: int

    @property
    def name(self) -> str:
        """The cell name, e.g. ``Pos(3, 2).name == "C4"``."""
        return cell_name(self)


def cell_name(pos: Pos) -> str:
    """Name a position: column letter + 1-based row (``Pos(0, 0)`` → ``"A1"``)."""
    if not (0 <= pos.col < 26 and pos.row >= 0):
        raise ValueError(f"position {pos} has no cell name")
    return f"{chr(ord('A') + pos.col)}{pos.row + 1}"


_MAX_ROW_DIGITS = 9
"""More row digits than any grid can have rows: such a name is off the grid without asking
``int()``, which refuses strings of more than 4,300 digits with a ``ValueError``."""


def parse_cell(name: object, rows: int, cols: int, what: str = "cell") -> Pos:
    """Parse a cell name such as ``"C4"`` on a ``rows``×``cols`` grid.

    Raises :class:`InputError` if ``name`` is not a string of that form or lies off the grid;
    the message quotes at most 40 characters of ``name``, whatever its length.
    """
    if not isinstance(name, str):
        raise InputError(f"{what} must be a name like \"C4\", got {show(name)}")
    m = _NAME.match(name.strip().upper())
    if not m:
        raise InputError(f"{what} {show(name)} is not a name like \"C4\"")
    col = ord(m.group(1)) - ord("A")
    digits = m.group(2)
    row = int(digits) - 1 if len(digits) <= _MAX_ROW_DIGITS else rows
    if not (0 <= row < rows and 0 <= col < cols):
        last = cell_name(Pos(rows - 1, cols - 1))
        raise InputError(f"{what} {show(name)} is outside the {cols}×{rows} grid "
                         f"(A1..{last})")
    return Pos(row, col)


def parse_space(name: object, what: str = "space") -> Pos:
    """Parse a Ship Computer space name (``"A1"`` .. ``"C3"``)."""
    return parse_cell(name, 3, 3, what)


SPACES: tuple[Pos, ...] = tuple(Pos(r, c) for r in range(3) for c in range(3))
"""The 9 Ship Computer spaces in reading order (A1, B1, C1, A2, …)."""

CENTRE = Pos(1, 1)


def turn_space(space: Pos, turn: int) -> Pos:
    """Turn a Ship Computer space ``turn`` degrees clockwise about the centre space B2.

    Clockwise on paper (rows grow downwards): the top-middle space goes to the right-middle.
    """
    dr, dc = space.row - 1, space.col - 1
    for _ in range((turn // 90) % 4):
        dr, dc = dc, -dr
    return Pos(dr + 1, dc + 1)
