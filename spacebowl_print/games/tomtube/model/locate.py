"""Finding the line of a field in JSON text, so that errors in pretty-printed position and
move files name the line as well as the field.

Readers report a field as location parts (``["rhombs[2]", "at"]``,
``["astronauts.tom.held", "solar"]``); :func:`line_of` walks the text with a small
recursive-descent scanner (the text is already known to be valid JSON) and returns the
line where that member's key (or that list element) starts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def field_path(where: Sequence[str]) -> list[str | int]:
    """``["rhombs[2]", "at"]`` → ``["rhombs", 2, "at"]``; dots split keys too."""
    out: list[str | int] = []
    for part in where:
        for key, index in _PART.findall(part):
            out.append(int(index) if index else key)
    return out


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1

    def ws(self) -> None:
        t = self.text
        while self.i < len(t) and t[self.i] in " \t\r\n\ufeff":
            if t[self.i] == "\n":
                self.line += 1
            self.i += 1

    def string(self) -> str:
        t = self.text
        assert t[self.i] == '"'
        self.i += 1
        out = []
        while t[self.i] != '"':
            if t[self.i] == "\\":
                esc = t[self.i + 1]
                if esc == "u":
                    out.append(chr(int(t[self.i + 2:self.i + 6], 16)))
                    self.i += 6
                    continue
                out.append({"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}.get(esc, esc))
                self.i += 2
                continue
            out.append(t[self.i])
            self.i += 1
        self.i += 1
        return "".join(out)

    def skip_value(self) -> None:
        self.find([])

    def find(self, path: Sequence[str | int]) -> int | None:
        """Scan the value at the cursor; the line of ``path`` inside it, if found."""
        self.ws()
        t = self.text
        c = t[self.i]
        if c == "{":
            return self._object(path)
        if c == "[":
            return self._array(path)
        if c == '"':
            self.string()
            return None
        while self.i < len(t) and t[self.i] not in ",]} \t\r\n":
            self.i += 1
        return None

    def _object(self, path: Sequence[str | int]) -> int | None:
        """Scan the object at the cursor: the line of the member ``path`` starts with (its
        key's line), or of what ``path`` names inside that member."""
        if self._opens_empty("}"):
            return None
        while True:
            self.ws()
            key_line = self.line
            key = self.string()
            self.ws()
            self.i += 1  # ':'
            if path and path[0] == key:
                if len(path) == 1:
                    return key_line
                return self.find(path[1:])
            if not self._more():
                return None

    def _array(self, path: Sequence[str | int]) -> int | None:
        """Scan the array at the cursor: the line of the element ``path`` starts with, or of
        what ``path`` names inside that element."""
        if self._opens_empty("]"):
            return None
        n = 0
        while True:
            self.ws()
            if path and path[0] == n:
                if len(path) == 1:
                    return self.line
                return self.find(path[1:])
            if not self._more():
                return None
            n += 1

    def _opens_empty(self, close: str) -> bool:
        """Step into the object or array at the cursor; True (and past it) if it is
        empty."""
        self.i += 1
        self.ws()
        if self.text[self.i] == close:
            self.i += 1
            return True
        return False

    def _more(self) -> bool:
        """Skip the value at the cursor and what follows it: a ``,`` (True: another member
        or element comes) or the closing bracket (False)."""
        self.skip_value()
        self.ws()
        if self.text[self.i] == ",":
            self.i += 1
            return True
        self.i += 1  # the closing '}' or ']'
        return False


def line_of(text: str, where: Sequence[str]) -> int | None:
    """The line in JSON ``text`` of the field ``where`` names (or of the nearest enclosing
    field that exists), or None."""
    path = field_path(where)
    # A missing key has no line of its own: fall back to the object that misses it.
    for k in range(len(path), 0, -1):
        try:
            found = _Scanner(text).find(path[:k])
        except (IndexError, ValueError, AssertionError):
            return None
        if found is not None:
            return found
    return None
