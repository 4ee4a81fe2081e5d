"""A book under its publisher's own name: title, subtitle, author, publisher, ISBN, edition,
back-cover blurb, the copyright year, the licence and the price on the barcode, checked once
(an ISBN's check digit, lengths, the shared text check of :mod:`spacebowl_print.core.texts`,
every character one the book's font can draw, a licence the book knows, a price the barcode's
add-on can carry)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show
from spacebowl_print.core.paths import shown_path
from spacebowl_print.core.texts import refuse_character, user_text
from spacebowl_print.core.userfiles import read_user_text
from spacebowl_print.publish.limits import LICENCES, MAX_BLURB, MAX_FIELD
from spacebowl_print.render.api import Face
from spacebowl_print.render.barcode import price_addon
from spacebowl_print.render.fonts import font_label, undrawable

BLURB_FILE_LIMIT = 100_000
"""Bytes of a blurb file read at most (:data:`MAX_BLURB` characters are a few kilobytes)."""

BOOK_FONTS: tuple[Face, ...] = ("regular", "bold")
"""The faces a book's fields are set in (DejaVu Sans and DejaVu Sans Bold)."""

FIELDS = ("title", "subtitle", "author", "publisher", "edition")
"""The one-line fields, checked alike."""


def book_text(value: str, field: str, *, limit: int = MAX_FIELD, lines: int = 1,
              file: str | None = None) -> str:
    """``value`` as a book prints it: the shared text check
    (:func:`~spacebowl_print.core.texts.user_text`: valid Unicode, no controls, line ends
    normalised when ``lines`` > 1, at most ``limit`` characters), and every character one
    the book's fonts draw (:data:`BOOK_FONTS`: a character they lack would vanish from the
    page without a word); an :class:`InputError` at ``field`` naming the character
    otherwise."""
    text = user_text(value, field, limit=limit, lines=lines, file=file)
    missing = undrawable(text, BOOK_FONTS)
    if missing is not None:
        raise refuse_character(text, missing, f"the book's font ({font_label(BOOK_FONTS)}) "
                               "has no glyph for it, so it would not be printed", field,
                               file=file, several_lines=lines > 1)
    return text


def read_blurb(path: str | os.PathLike[str]) -> str:
    """The back-cover blurb in the UTF-8 text file at ``path``: read (at most
    :data:`BLURB_FILE_LIMIT` bytes), surrounding blank space dropped, Windows or old Mac line
    ends made ``\\n``, then checked (:func:`book_text`); a refusal names the file, the line
    and the character."""
    shown = shown_path(path)
    try:
        text = read_user_text(path, BLURB_FILE_LIMIT)
    except InputError as err:
        raise err.within("--blurb") from None
    return book_text(text.strip(), "--blurb", limit=MAX_BLURB, lines=MAX_BLURB, file=shown)


@dataclass(frozen=True)
class BookInfo:
    """What the publisher puts on a book (every field optional; empty means "not given").
    ``isbn`` is kept as typed (with its hyphens), after its check digit was verified."""

    title: str = ""
    subtitle: str = ""
    author: str = ""
    publisher: str = ""
    isbn: str = ""
    edition: str = ""
    blurb: str = ""
    licence: str = ""
    price: str = ""
    year: int = 0

    def checked(self) -> BookInfo:
        """Self with its blurb's line ends normalised, or an :class:`InputError` at the
        field that cannot be printed (:func:`book_text`, the ISBN's check digit)."""
        for name in FIELDS:
            book_text(getattr(self, name), name)
        blurb = book_text(self.blurb, "blurb", limit=MAX_BLURB, lines=MAX_BLURB)
        if self.isbn:
            check_isbn(self.isbn)
        if self.licence and self.licence not in LICENCES:
            raise InputError(f"must be one of {', '.join(LICENCES)}, got {show(self.licence)}",
                             "licence")
        if self.price:
            if not self.isbn:
                raise InputError("is printed in the barcode's add-on: give the --isbn too",
                                 "price")
            try:
                price_addon(self.price)
            except ValueError as err:
                raise InputError(str(err), "price") from None
        if self.year and not 1450 <= self.year <= 9999:
            raise InputError(f"must be a year from 1450 to 9999, got {self.year}", "year")
        return self if blurb == self.blurb else replace(self, blurb=blurb)

    def as_json(self) -> dict[str, str]:
        """The fields given, for the manifest."""
        return {k: v for k, v in self.__dict__.items() if v}


def check_isbn(text: str) -> str:
    """The ISBN's digits (10 or 13, a final ``X`` allowed in ISBN-10) when ``text`` is a
    valid ISBN-10 or ISBN-13 (hyphens and spaces between digits allowed); an
    :class:`InputError` at ``isbn`` naming what is wrong otherwise."""
    if not re.fullmatch(r"[0-9Xx][0-9Xx -]{8,20}", text.strip()):
        raise InputError(f"must be an ISBN-13 like 978-3-16-148410-0 or an ISBN-10, got "
                         f"{show(text)}", "isbn")
    digits = re.sub(r"[ -]", "", text.strip()).upper()
    if len(digits) == 13 and digits.isdigit():
        total = sum(int(d) * (1 if k % 2 == 0 else 3) for k, d in enumerate(digits[:12]))
        if (10 - total % 10) % 10 != int(digits[12]):
            raise InputError(f"check digit is wrong in {show(text)} (an ISBN-13's last digit "
                             f"makes the weighted sum a multiple of 10)", "isbn")
        if not digits.startswith(("978", "979")):
            raise InputError(f"an ISBN-13 starts with 978 or 979, got {show(text)}", "isbn")
        return digits
    if len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        total = sum((10 - k) * int(d) for k, d in enumerate(digits[:9]))
        last = 10 if digits[9] == "X" else int(digits[9])
        if (total + last) % 11:
            raise InputError(f"check digit is wrong in {show(text)} (an ISBN-10's weighted "
                             f"sum is a multiple of 11)", "isbn")
        return digits
    raise InputError(f"an ISBN has 10 or 13 digits, got {show(text)}", "isbn")


__all__ = ["MAX_BLURB", "MAX_FIELD", "BookInfo", "book_text", "check_isbn", "read_blurb"]
