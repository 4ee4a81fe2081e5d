"""Which characters the shipped fonts can draw, so that a text the user gives for print (a
book's title, author, blurb…) is refused in one line naming the field when a character would
vanish from the page (an emoji, CJK, a format character such as U+061C), instead of printing
without it.

The shipped faces are read with fontTools (their character maps only, once a process); a
character counts as drawable when every face that may set the field has a glyph for it and it
is not an invisible format character (Unicode category Cf: bidirectional marks, joiners),
which prints nothing whatever the font.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.resources import fonts_dir

FACES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
         "mono": "DejaVuSansMono.ttf"}
"""The shipped faces by role (as :mod:`spacebowl_print.render.fonts` registers them)."""


@cache
def _cmap(face: str) -> frozenset[int]:
    # imported here: fontTools takes 40 ms to import and only a book's fields need it
    from fontTools.ttLib import TTFont

    with TTFont(str(fonts_dir() / FACES[face]), lazy=True) as font:
        return frozenset(font.getBestCmap())


def undrawable(text: str, faces: tuple[str, ...] = ("regular", "bold")) -> str | None:
    """The first character of ``text`` that one of ``faces`` cannot draw (or that draws
    nothing: a format character), or None. Line ends, tabs and spaces are left to the
    caller's own rules."""
    maps = [_cmap(face) for face in faces]
    for ch in text:
        if ch in "\n\r\t ":
            continue
        if unicodedata.category(ch) == "Cf" or any(ord(ch) not in m for m in maps):
            return ch
    return None


def check_drawable(text: str, field: str, faces: tuple[str, ...] = ("regular", "bold")) -> str:
    """``text`` when the shipped fonts draw every character of it; else an
    :class:`InputError` at ``field`` naming the character (U+XXXX and its Unicode name)."""
    ch = undrawable(text, faces)
    if ch is not None:
        name = unicodedata.name(ch, "unnamed")
        raise InputError(f"U+{ord(ch):04X} ({name}) cannot be printed: the book's font has no "
                         f"glyph for it", field)
    return text


__all__ = ["FACES", "check_drawable", "undrawable"]
