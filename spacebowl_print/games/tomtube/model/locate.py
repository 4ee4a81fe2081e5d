"""Finding the line of a field in JSON text, so that errors in pretty-printed position and
move files name the line as well as the field: now the one finder of the core
(:mod:`spacebowl_print.core.locate`), kept under its old names for the command line.

Readers report a field as location parts (``["rhombs[2]", "at"]``,
``["astronauts.tom.held", "solar"]``); :func:`line_of` returns the line where that member's
key (or that list element) starts, or of the nearest enclosing field that is written.
"""

from __future__ import annotations

from collections.abc import Sequence

from spacebowl_print.core.locate import field_path, json_position


def line_of(text: str, where: Sequence[str]) -> int | None:
    """The line in JSON ``text`` of the field ``where`` names (or of the nearest enclosing
    field that exists), or None."""
    found = json_position(text, field_path(where))
    return found.line if found else None


__all__ = ["field_path", "line_of"]
