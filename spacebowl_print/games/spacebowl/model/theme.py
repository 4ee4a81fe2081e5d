"""A deck's theme (format 2): its own art and type — the ``[theme]`` table, planet ``image`` and
card ``image`` files, a ``font`` file — and where those files are found.

Paths in a deck file are written relative to the deck file and kept *as written* (so a deck
writes back byte for byte and its digest does not depend on where it lies); the files are
loaded once, when the deck is read, into :class:`~spacebowl_print.render.api.Picture` and
:class:`~spacebowl_print.render.api.UserFont` values carried beside the paths. A deck without
any of these fields reads no file at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath

from spacebowl_print.core.errors import InputError, is_printable
from spacebowl_print.core.jsonio import show
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.render.api import Picture, UserFont

FORMATS: tuple[int, ...] = (1, 2)
"""Deck format versions this reader knows. 1: planets and cards. 2: adds ``[theme]``, planet
``image``/``image_glyph``/``facts`` and card ``title``/``image``."""

THEME_FIELDS: tuple[str, ...] = ("show_names", "background", "back", "font", "text_position")
TEXT_POSITIONS: tuple[str, ...] = ("bottom", "top")
"""Where a card's free ``text`` goes: a band above the card id, or below the title."""

MAX_PATH = 200
"""Longest path a deck may give for a picture or a font."""


@dataclass(frozen=True)
class Theme:
    """The ``[theme]`` table: planet names on the cards, full-bleed front and back pictures, a
    font for the words printed on cards. Paths as written in the deck file; the loaded files
    ride along (``*_art``, ``font_face``) and do not take part in equality."""

    show_names: bool = False
    background: str | None = None
    back: str | None = None
    font: str | None = None
    text_position: str = "bottom"
    """Where the cards' free ``text`` is printed: ``bottom`` (above the card id, the default)
    or ``top`` (under the title)."""
    background_art: Picture | None = field(default=None, compare=False, repr=False)
    back_art: Picture | None = field(default=None, compare=False, repr=False)
    font_face: UserFont | None = field(default=None, compare=False, repr=False)

    @property
    def empty(self) -> bool:
        """True when the deck has no ``[theme]`` worth writing (all defaults)."""
        return (not self.show_names and self.background is None and self.back is None
                and self.font is None and self.text_position == "bottom")

    def to_data(self) -> dict[str, object]:
        """The ``[theme]`` table as TOML-ready data (only the fields that are set)."""
        out: dict[str, object] = {}
        if self.show_names:
            out["show_names"] = True
        for key in ("background", "back", "font"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.text_position != "bottom":
            out["text_position"] = self.text_position
        return out


def base_dir_for(source: str) -> Path:
    """The folder a deck's relative paths start from: the folder of the deck file ``source``
    names (a path, or the name of a shipped deck), else the current folder."""
    p = deck_path(source) if source else Path(".")
    return p.parent if p.is_file() else Path(".")


def check_relative_path(value: str, what: str, field_: str) -> str:
    """``value`` if it is a usable relative path written with ``/``; an :class:`InputError`
    otherwise. Absolute paths and ``\\`` would tie the deck to one machine."""
    if not value.strip():
        raise InputError("must not be empty", what, field_)
    if not is_printable(value) or len(value) > MAX_PATH:
        raise InputError(f"must be a path of at most {MAX_PATH} printable characters, got "
                         f"{show(value)}", what, field_)
    if "\\" in value:
        raise InputError(f"write paths with '/', got {value!r}", what, field_)
    if PurePosixPath(value).is_absolute() or PureWindowsPath(value).drive:
        raise InputError(f"must be relative to the deck file, got {value!r}", what, field_)
    return value


def load_picture_at(base: Path, rel: str, what: str, field_: str) -> Picture:
    """The picture at ``base / rel``; an :class:`InputError` at (``what``, ``field_``) naming
    the file and why it cannot be used (Pillow is imported only for a deck that has
    pictures)."""
    # imported here: Pillow loads only for a deck that has pictures
    from spacebowl_print.render.images import PictureError, load_picture

    try:
        return load_picture(base / rel)
    except PictureError as err:
        raise InputError(f"{rel}: {err}", what, field_) from None


def load_font_at(base: Path, rel: str, what: str, field_: str) -> UserFont:
    """The font at ``base / rel``, registered for embedding; an :class:`InputError` otherwise
    (reportlab is imported only for a deck that has a font)."""
    # imported here: reportlab loads only for a deck that has a font
    from spacebowl_print.render.fonts import FontFileError, load_font_file

    try:
        return load_font_file(base / rel)
    except FontFileError as err:
        raise InputError(f"{rel}: {err}", what, field_) from None


@contextmanager
def at_line(line: int | None) -> Iterator[None]:
    """Attach ``line`` to any :class:`InputError` raised inside (unless it has one)."""
    try:
        yield
    except InputError as err:
        if err.line is None:
            err.line = line
        raise
