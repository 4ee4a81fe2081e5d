"""The one check every text a user gives goes through before it is printed, recorded or
drawn: a book's title and blurb, a deck's names, titles and card texts, a constellation's
name.

:func:`user_text` returns the text as it will be used, or refuses it with one
:class:`~.errors.InputError` naming the field, the line (for text of several lines) and the
character, by its code point and name:

* **valid Unicode**: a lone surrogate (what Python makes of bytes that are not UTF-8 in a
  command-line argument, or a JSON ``"\\ud800"``) is refused: it cannot be written as UTF-8,
  so it would fail later when the manifest or the PDF is written;
* **line ends normalised**: in text of several lines, Windows (CRLF) and old Mac (CR) line
  ends become ``\\n``, and a tab a space; text of one line may hold neither;
* **no controls**: C0 and C1 control characters (NUL, ESC, DEL, the 0x80–0x9F block), the
  line and paragraph separators and the bidirectional formatting characters (a
  right-to-left override would reorder what is printed and shown) are refused;
* **within bounds**: at most ``limit`` characters and ``lines`` lines.

Whether the font can *draw* each character is the renderer's to say, where the font is known
(:func:`spacebowl_print.render.fonts.undrawable`); :func:`refuse_character` words both
refusals alike.
"""

from __future__ import annotations

import re
import unicodedata

from spacebowl_print.core.errors import InputError

# bidirectional controls and the invisible format characters (zero-width spaces and joiners,
# word joiner, byte-order mark): they print nothing, so a title would change without a word
_INVISIBLE = "\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_REFUSED = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029{_INVISIBLE}\\ud800-\\udfff]")
"""Everything :func:`user_text` refuses in text of one line."""
_REFUSED_IN_LINES = re.compile(
    f"[\\x00-\\x09\\x0b-\\x1f\\x7f-\\x9f\\u2028\\u2029{_INVISIBLE}\\ud800-\\udfff]")
"""The same, line feeds allowed, in text of several lines (once its line ends are
normalised)."""

_NAMES = {0x00: "NUL", 0x07: "BEL", 0x08: "BACKSPACE", 0x09: "TAB", 0x0A: "LINE FEED",
          0x0B: "VERTICAL TAB", 0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x1B: "ESC",
          0x7F: "DEL", 0x85: "NEXT LINE", 0x9B: "CSI"}


ALWAYS_DRAWN = 0x250
"""Every character below this code point but the controls (ASCII, Latin-1 and Latin Extended
A and B) is in the shipped DejaVu Sans and DejaVu Sans Bold, which set every text a user gives
(a test checks it): text made of those alone needs no look at a font, so reading a deck need
not load the PDF engine's."""


def needs_font_check(text: str) -> bool:
    """Whether ``text`` holds a character a font might lack (:data:`ALWAYS_DRAWN`)."""
    return not text.isascii() and any(ord(ch) >= ALWAYS_DRAWN for ch in text)


def character_name(ch: str) -> str:
    """``U+001B (ESC)``, ``U+1F600 (GRINNING FACE)``, ``U+D800 (a lone surrogate)``: a
    character as a message shows it, never the character itself."""
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        name = "a lone surrogate"
    else:
        name = _NAMES.get(code) or unicodedata.name(ch, "") or (
            "a control character" if unicodedata.category(ch) == "Cc" else "unnamed")
    return f"U+{code:04X} ({name})"


def refuse_character(text: str, index: int, why: str, *where: str,
                     file: str | None = None, several_lines: bool = False) -> InputError:
    """The refusal of ``text[index]``: at line N, character M (1-based) of text of several
    lines, at character M of one line; ``why`` ends the message."""
    before = text[:index]
    line = before.count("\n") + 1
    column = index - (before.rfind("\n") + 1) + 1
    # a file's refusal names the line in front (FILE:LINE:), as every other of its errors
    at = (f"character {column} of line {line}" if several_lines and not file else
          f"character {column}")
    return InputError(f"{character_name(text[index])} at {at}: {why}", *where, file=file,
                      line=line if several_lines and file else None)


def user_text(value: str, *where: str, limit: int, lines: int = 1,
              file: str | None = None) -> str:
    """``value`` checked and normalised as the module docstring says; ``lines`` > 1 allows
    that many lines (line ends normalised to ``\\n``, tabs made spaces). ``where`` names the
    field (``"--title"``, ``"card 3", "text"``), ``file`` the file it came from (a multi-line
    refusal then names the line as ``FILE:LINE``)."""
    several = lines > 1
    text = value.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ") if several \
        else value
    m = (_REFUSED_IN_LINES if several else _REFUSED).search(text)
    if m is not None:
        ch = m.group()
        why = ("text here is one line" if ch in "\n\r" and not several else
               "not valid Unicode" if "\ud800" <= ch <= "\udfff" else
               "control and formatting characters are not printed")
        raise refuse_character(text, m.start(), why, *where, file=file, several_lines=several)
    if len(text) > limit:
        raise InputError(f"at most {limit:,} characters, got {len(text):,}", *where, file=file)
    if several and text.count("\n") >= lines:
        raise InputError(f"at most {lines} lines, got {text.count(chr(10)) + 1}", *where,
                         file=file)
    return text


def is_user_text(value: str) -> bool:
    """Whether ``value`` is one line :func:`user_text` would take as it is."""
    return _REFUSED.search(value) is None


__all__ = ["ALWAYS_DRAWN", "character_name", "is_user_text", "needs_font_check",
           "refuse_character", "user_text"]
