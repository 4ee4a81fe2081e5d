"""The one error type that bad input raises anywhere below the CLI."""

from __future__ import annotations

import re
import unicodedata


class InputError(ValueError):
    """Bad input: a one-line message, plus where it is (file, line, field).

    The CLI prints ``str(err)`` and exits with status 2; lower layers never print.
    ``where`` is a list of location parts, outermost first (e.g. ``["cards[3]", "planets"]``);
    callers that know the file add it with :meth:`at_file`.
    """

    def __init__(self, message: str, *where: str, file: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.where = [w for w in where if w]
        self.file = file
        self.line = line

    def within(self, *outer: str) -> InputError:
        """Return this error with ``outer`` location parts put in front."""
        self.where = [w for w in outer if w] + self.where
        return self

    def at_file(self, file: str, line: int | None = None) -> InputError:
        """Return this error tied to ``file`` (and ``line`` when known and not already set)."""
        self.file = file
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        head = ""
        if self.file:
            head = self.file + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            head = f"line {self.line}: "
        loc = ".".join(self.where)
        return printable(f"{head}{loc + ': ' if loc else ''}{self.message}")


class InternalError(RuntimeError):
    """A broken invariant of the program itself (never of the input): a bug to report.

    Raised where an ``assert`` would say it, since asserts vanish under ``python -O``."""


_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNSAFE = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029{_BIDI}]")


def _escape(m: re.Match[str]) -> str:
    ch = m.group()
    code = ord(ch)
    return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch) or (
        f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: control characters (C0 and C1: escape sequences,
    BEL, NUL, newlines), line and paragraph separators and the bidirectional formatting
    characters (right-to-left overrides) shown escaped as ``\\x1b``, ``\\n``,
    ``\\u202e``; everything else (accents, CJK, emoji) as is."""
    return _UNSAFE.sub(_escape, text)


def is_printable(text: str) -> bool:
    """Whether ``text`` has nothing :func:`printable` would escape and no lone surrogate:
    fit for a name or a title that is printed (private-use characters, which a theme's own
    font may draw, are allowed)."""
    return _UNSAFE.search(text) is None and not any(
        unicodedata.category(ch) == "Cs" for ch in text)


LINE_LIMIT = 200
"""No error line is longer than this, ``Error: `` included, whatever the input."""

MESSAGE_LIMIT = LINE_LIMIT - len("Error: ")
"""The longest message after the ``Error: `` prefix."""


def capped(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` on one line, safe for a terminal (:func:`printable`) and at most ``limit``
    characters (cut in the middle, so both where the error is and what it is stay
    readable)."""
    flat = re.sub(" {2,}", " ", printable(message)).strip(" ")
    if len(flat) <= limit:
        return flat
    head = (limit - 1) * 2 // 3
    return f"{flat[:head]}…{flat[len(flat) - (limit - 1 - head):]}"
