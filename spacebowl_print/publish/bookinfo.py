"""A book under its publisher's own name: title, subtitle, author, publisher, ISBN, edition,
back-cover blurb, the copyright year, the licence and the price on the barcode, checked once
(an ISBN's check digit, lengths, no control characters, every character one the book's fonts
can draw, a licence the book knows, a price the barcode's add-on can carry)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.glyphs import check_drawable
from spacebowl_print.core.jsonio import show
from spacebowl_print.publish.limits import MAX_BLURB, MAX_FIELD
from spacebowl_print.render.barcode import price_addon

LICENCES = ("all-rights-reserved", "cc-by-4.0", "cc-by-sa-4.0", "cc-by-nc-4.0",
            "cc-by-nc-sa-4.0", "cc-by-nd-4.0", "cc0-1.0")
"""What the copyright page may say of the reader's rights: all rights reserved (the default),
a Creative Commons 4.0 licence, or CC0 (no rights reserved)."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


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
        """Return self, or an :class:`InputError` at the field that cannot be printed."""
        for name in ("title", "subtitle", "author", "publisher", "edition"):
            value = getattr(self, name)
            if len(value) > MAX_FIELD:
                raise InputError(f"at most {MAX_FIELD} characters, got {len(value)}", name)
            if _CONTROL.search(value) or "\n" in value or "\t" in value:
                raise InputError(f"must be one line of text, got {show(value)}", name)
            check_drawable(value, name)
        if len(self.blurb) > MAX_BLURB:
            raise InputError(f"at most {MAX_BLURB} characters, got {len(self.blurb)}", "blurb")
        if _CONTROL.search(self.blurb):
            raise InputError("holds control characters", "blurb")
        check_drawable(self.blurb, "blurb", ("regular",))
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
        return self

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


__all__ = ["LICENCES", "MAX_BLURB", "MAX_FIELD", "BookInfo", "check_isbn"]
