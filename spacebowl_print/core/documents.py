"""The one reading path of every JSON and TOML file a user hands in: read within a size cap
(:mod:`.userfiles`), decoded strictly, bounded in depth and in the size of its numbers, and
handed to a game's reader with every :class:`~.errors.InputError` tied to the file and the
line of its field (:mod:`.locate`).

What this catches once, for every reader of every game:

* syntax errors, with the decoder's line and column;
* absurd nesting (more than :data:`MAX_DEPTH` levels: Python's own decoders would hit their
  recursion limit, and every reader and message after them walks the value);
* huge numbers (an integer beyond ±2**63, or a 5,000-digit one that Python refuses to
  convert; ``NaN`` and infinities), before any reader compares or multiplies them;
* duplicate JSON keys (TOML's decoder refuses them itself).

Type confusion (a ``{}`` where a name is expected) is the readers' to refuse, field by field,
with the helpers of :mod:`.jsonio` (:func:`~.jsonio.mapping`, :func:`~.jsonio.whole`,
:func:`~.jsonio.text`, :func:`~.jsonio.items`); the hostile test suite feeds every reader values
of every type.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import MAX_DEPTH, MAX_INT, check_bounds, loads_json
from spacebowl_print.core.locate import Key, Position, field_path, position
from spacebowl_print.core.paths import shown_path
from spacebowl_print.core.userfiles import DATA_LIMIT, read_user_text

T = TypeVar("T")

Kind = Literal["json", "toml"]


_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)|\s*\(at end of document\)")


def loads_toml(text: str) -> dict[str, Any]:
    """Decode TOML text strictly and within bounds (:func:`check_bounds`); an
    :class:`InputError` (with the line of a syntax error) otherwise."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        m = _TOML_AT.search(str(err))
        line = int(m.group(1)) if m and m.group(1) else None
        msg = _TOML_AT.sub("", str(err)) or "bad TOML"
        raise InputError(f"not valid TOML: {msg}", line=line) from None
    except RecursionError:
        raise InputError(f"not valid TOML: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError:  # a 5,000-digit integer, which Python refuses to convert
        raise InputError("not valid TOML: a number too long to read") from None
    check_bounds(data)
    return data


@dataclass(frozen=True)
class Document:
    """A decoded file: its ``data``, the ``text`` it came from (to find positions in), its
    ``kind`` and the ``file`` name errors show."""

    data: Any
    text: str
    kind: Kind
    file: str | None = None

    def position(self, path: Sequence[Key]) -> Position | None:
        """Where the field ``path`` (or the deepest enclosing field written) is."""
        return position(self.text, path, self.kind)

    def locate(self, err: InputError, path: Sequence[Key] | None = None) -> InputError:
        """``err`` tied to this file and to the line of ``path`` (default: the field its
        location parts name), unless it already names a line."""
        if err.line is None:
            at = self.position(field_path(err.where) if path is None else path)
            err.line = at.line if at else None
        if self.file is not None and err.file is None:
            err.file = self.file
        return err

    def read(self, reader: Callable[[Any], T]) -> T:
        """``reader(data)``, with any :class:`InputError` it raises located
        (:meth:`locate`)."""
        try:
            return reader(self.data)
        except InputError as err:
            raise self.locate(err) from None


def parse(text: str, kind: Kind, file: str | None = None) -> Document:
    """Decode ``text`` as ``kind`` within bounds; errors name ``file`` and the line."""
    try:
        data = loads_toml(text) if kind == "toml" else loads_json(text)
    except InputError as err:
        if file is not None:
            err.at_file(file)
        raise
    return Document(data, text, kind, file)


def load(path: str | os.PathLike[str], kind: Kind, limit: int = DATA_LIMIT,
         shown: str | None = None) -> Document:
    """Read the regular file at ``path`` (at most ``limit`` bytes, UTF-8) and decode it as
    ``kind``; errors name ``shown`` (default: ``path``) and the line."""
    name = shown if shown is not None else shown_path(path)
    try:
        text = read_user_text(path, limit)
    except InputError as err:
        err.file = name
        raise
    return parse(text, kind, name)


__all__ = [
    "MAX_DEPTH", "MAX_INT", "Document", "Kind", "check_bounds", "load",
    "loads_toml", "parse",
]
