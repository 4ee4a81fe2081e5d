"""Where a field is written in a JSON or TOML file (line and column), so that an error in a
value that parsed can name its line as well as its field.

This is the one finder of file positions every reader uses. A field is named by a path of
keys and list indices, outermost first (``["rhombs", 2, "at"]``; ``["cards", 4, "planets"]``
for the fifth ``[[cards]]`` table of a TOML file); :func:`field_path` turns the location
parts of an :class:`~.errors.InputError` (``["rhombs[2]", "at"]``) into one. The finders
return the position of the deepest part of the path that is written in the file (a missing
key falls back to the object or table that misses it), or None.

The text is already known to parse (errors of syntax carry the decoder's own position), and
the documents read through :mod:`.documents` are at most :data:`~.documents.MAX_DEPTH` deep,
so the scanners below never recurse far.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

Key = str | int
"""A part of a field path: an object key or table name, or a list index (0-based)."""


@dataclass(frozen=True)
class Position:
    """A place in a text file: 1-based ``line`` and ``column`` (in characters)."""

    line: int
    column: int


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def field_path(where: Sequence[str]) -> list[Key]:
    """Location parts as an error names them → a field path: ``["rhombs[2]", "at"]`` →
    ``["rhombs", 2, "at"]``; dots split keys too (``"astronauts.tom"``)."""
    out: list[Key] = []
    for part in where:
        for key, index in _PART.findall(part):
            out.append(int(index) if index else key)
    return out


# --------------------------------------------------------------------------- JSON

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}


class _JsonScanner:
    """A small recursive-descent walk over valid JSON text that keeps the line and column."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1
        self.line_start = 0

    def here(self) -> Position:
        return Position(self.line, self.i - self.line_start + 1)

    def ws(self) -> None:
        t = self.text
        while self.i < len(t) and t[self.i] in " \t\r\n\ufeff":
            if t[self.i] == "\n":
                self.line += 1
                self.line_start = self.i + 1
            self.i += 1

    def string(self) -> str:
        t = self.text
        if t[self.i] != '"':
            raise ValueError("a string was expected")
        self.i += 1
        out = []
        while t[self.i] != '"':
            if t[self.i] == "\\":
                esc = t[self.i + 1]
                if esc == "u":
                    out.append(chr(int(t[self.i + 2:self.i + 6], 16)))
                    self.i += 6
                    continue
                out.append(_ESCAPES.get(esc, esc))
                self.i += 2
                continue
            out.append(t[self.i])
            self.i += 1
        self.i += 1
        return "".join(out)

    def find(self, path: Sequence[Key]) -> Position | None:
        """Scan the value at the cursor; the position of ``path`` inside it, if found."""
        self.ws()
        c = self.text[self.i]
        if c == "{":
            return self._object(path)
        if c == "[":
            return self._array(path)
        if c == '"':
            self.string()
            return None
        t = self.text
        while self.i < len(t) and t[self.i] not in ",]} \t\r\n":
            self.i += 1
        return None

    def _object(self, path: Sequence[Key]) -> Position | None:
        if self._opens_empty("}"):
            return None
        while True:
            self.ws()
            at = self.here()
            key = self.string()
            self.ws()
            self.i += 1  # ':'
            if path and path[0] == key:
                return at if len(path) == 1 else self.find(path[1:]) or at
            if not self._more():
                return None

    def _array(self, path: Sequence[Key]) -> Position | None:
        if self._opens_empty("]"):
            return None
        n = 0
        while True:
            self.ws()
            if path and path[0] == n:
                at = self.here()
                return at if len(path) == 1 else self.find(path[1:]) or at
            if not self._more():
                return None
            n += 1

    def _opens_empty(self, close: str) -> bool:
        self.i += 1
        self.ws()
        if self.text[self.i] == close:
            self.i += 1
            return True
        return False

    def _more(self) -> bool:
        self.find(())
        self.ws()
        if self.text[self.i] == ",":
            self.i += 1
            return True
        self.i += 1  # the closing '}' or ']'
        return False


def json_position(text: str, path: Sequence[Key]) -> Position | None:
    """Where in JSON ``text`` the field ``path`` is written (a member: its key; an element:
    its first character), or the deepest enclosing field that is; None if nothing is."""
    if not path:
        return None
    try:
        return _JsonScanner(text).find(path)
    except (IndexError, ValueError, RecursionError):
        return None


# --------------------------------------------------------------------------- TOML

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_WS = " \t"


def _toml_key(line: str, i: int) -> tuple[list[str], int] | None:
    """A (dotted) key starting at ``line[i]``: its parts and the index after it."""
    parts: list[str] = []
    n = len(line)
    while True:
        while i < n and line[i] in _WS:
            i += 1
        if i >= n:
            return None
        if line[i] in "\"'":
            quote = line[i]
            j = i + 1
            buf = []
            while j < n and line[j] != quote:
                if quote == '"' and line[j] == "\\" and j + 1 < n:
                    buf.append(_ESCAPES.get(line[j + 1], line[j + 1]))
                    j += 2
                    continue
                buf.append(line[j])
                j += 1
            if j >= n:
                return None
            parts.append("".join(buf))
            i = j + 1
        else:
            m = _BARE.match(line, i)
            if not m:
                return None
            parts.append(m.group())
            i = m.end()
        while i < n and line[i] in _WS:
            i += 1
        if i < n and line[i] == ".":
            i += 1
            continue
        return parts, i


class _TomlIndex:
    """Positions of every table header and every ``key =`` line of a TOML text, keyed by
    field path (array-of-tables elements by their 0-based index)."""

    def __init__(self, text: str) -> None:
        self.at: dict[tuple[Key, ...], Position] = {}
        self._arrays: dict[tuple[Key, ...], int] = {}  # array of tables → last index
        table: tuple[Key, ...] = ()
        lines = text.split("\n")
        k = 0
        while k < len(lines):
            line = lines[k]
            stripped = line.lstrip(_WS + "\ufeff")
            col = len(line) - len(stripped) + 1
            if stripped.startswith("[["):
                got = _toml_key(stripped, 2)
                if got:
                    path = (*self._concrete(got[0][:-1]), got[0][-1])
                    index = self._arrays.get(path, -1) + 1
                    self._arrays[path] = index
                    table = (*path, index)
                    self.at.setdefault(path, Position(k + 1, col))
                    self.at[table] = Position(k + 1, col)
            elif stripped.startswith("["):
                got = _toml_key(stripped, 1)
                if got:
                    table = self._concrete(got[0])
                    self.at.setdefault(table, Position(k + 1, col))
            elif stripped and stripped[0] not in "#":
                got = _toml_key(stripped, 0)
                if got and got[1] < len(stripped) and stripped[got[1]] == "=":
                    key = (*table, *got[0])
                    self.at.setdefault(key, Position(k + 1, col))
                    k = self._skip_value(lines, k, stripped[got[1] + 1:])
            k += 1

    def _concrete(self, parts: Sequence[str]) -> tuple[Key, ...]:
        """A header's dotted name with the current index put after each array of tables."""
        out: tuple[Key, ...] = ()
        for part in parts:
            out = (*out, part)
            if out in self._arrays:
                out = (*out, self._arrays[out])
        return out

    @staticmethod
    def _skip_value(lines: list[str], k: int, rest: str) -> int:
        """The last line of a value starting with ``rest`` on line ``k``: multi-line strings
        and arrays (or inline tables) left open at the end of a line run on."""
        depth = 0
        text = rest
        while True:
            i = 0
            n = len(text)
            while i < n:
                c = text[i]
                if c == "#":
                    break
                if text.startswith(('"""', "'''"), i):
                    quote = text[i:i + 3]
                    end = text.find(quote, i + 3)
                    while end < 0:
                        k += 1
                        if k >= len(lines):
                            return k - 1
                        text, i, n = lines[k], 0, len(lines[k])
                        end = text.find(quote)
                    i = end + 3
                    continue
                if c in "\"'":
                    j = i + 1
                    while j < n and text[j] != c:
                        j += 2 if c == '"' and text[j] == "\\" else 1
                    i = j + 1
                    continue
                if c in "[{":
                    depth += 1
                elif c in "]}":
                    depth -= 1
                i += 1
            if depth <= 0 or k + 1 >= len(lines):
                return k
            k += 1
            text = lines[k]


@lru_cache(maxsize=4)
def _toml_index(text: str) -> dict[tuple[Key, ...], Position] | None:
    """The positions of ``text``'s fields, or None if it cannot be indexed. Cached: a reader
    asks where each of a deck's hundreds of fields is written, and indexing the text once per
    question made reading a 1,000-card deck quadratic (22 s of a 26 s test)."""
    try:
        return _TomlIndex(text).at
    except (IndexError, ValueError, RecursionError):
        return None


def toml_position(text: str, path: Sequence[Key]) -> Position | None:
    """Where in TOML ``text`` the field ``path`` is written (a key: its ``key =`` line; a
    table or an element of an array of tables: its header), or the deepest enclosing field
    that is; None if nothing is."""
    if not path:
        return None
    at = _toml_index(text)
    if at is None:
        return None
    for k in range(len(path), 0, -1):
        found = at.get(tuple(path[:k]))
        if found is not None:
            return found
    return None


def position(text: str, path: Sequence[Key], kind: str) -> Position | None:
    """:func:`json_position` or :func:`toml_position`, by ``kind`` (``"json"``, ``"toml"``)."""
    return toml_position(text, path) if kind == "toml" else json_position(text, path)


__all__ = ["Key", "Position", "field_path", "json_position", "position", "toml_position"]
