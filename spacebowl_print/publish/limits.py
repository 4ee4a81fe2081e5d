"""The publishing commands' bounds and choices, in a module that imports nothing heavy: the
command line builds its options (and ``--help``) from these without loading the PDF engine."""

from __future__ import annotations

MAX_FIELD = 120
"""Characters a title, subtitle, author, publisher or edition may have."""
MAX_BLURB = 1200
"""Characters of a back-cover blurb: about what a 5×8 in back cover holds at 10 pt."""
MAX_STUDENTS = 500
MAX_PUZZLES = 50
"""Worksheets in a classroom set, and puzzles on each."""
MAX_DAYS = 3660
"""Ten years of daily pages."""
TRIMS_IN: dict[str, tuple[float, float]] = {
    "6x9in": (6.0, 9.0), "8.5x11in": (8.5, 11.0), "5x8in": (5.0, 8.0),
    "5.5x8.5in": (5.5, 8.5), "7x10in": (7.0, 10.0), "8x10in": (8.0, 10.0),
}
"""The common print-on-demand trims; A4, A5 and Letter are also accepted by name."""

BOOK_PAPERS = ("a5", "a4", "letter")
"""Home booklet pages."""
CLASS_PAPERS = ("a4", "letter", "a5")
"""Classroom worksheet pages."""

MIN_DPI, MAX_DPI = 72, 1200
"""``--dpi`` bounds: below 72 nothing is legible, above 1200 a 56-card deck is gigabytes."""
DEFAULT_DPI = 300
"""``kit --png``'s resolution when ``--dpi`` is not given."""

__all__ = ["BOOK_PAPERS", "CLASS_PAPERS", "DEFAULT_DPI", "MAX_BLURB", "MAX_DAYS", "MAX_DPI",
           "MAX_FIELD", "MAX_PUZZLES", "MAX_STUDENTS", "MIN_DPI", "TRIMS_IN"]
