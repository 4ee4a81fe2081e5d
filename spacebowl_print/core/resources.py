"""Where the shipped data lives: the games' material (decks, tile sets, constellation sets),
templates, fonts and the print services' figures, from a source tree or a wheel. Which file a
game reads there is the game's own knowledge.

A wheel carries ``decks/`` and ``templates/`` inside the package as ``spacebowl_print/data/``;
a source checkout (or an editable install) keeps them at the top of the repository.
Fonts always live in ``spacebowl_print/fonts/``, the print services' figures and the CMYK
profile in ``spacebowl_print/pressdata/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / "data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the installed package has no {name}/ folder (reinstall it)")


def decks_dir() -> Path:
    """The folder holding the games' shipped material (``*.toml`` decks, tile and
    constellation sets, and the pictures themed decks use)."""
    return _data_dir("decks")


def templates_dir() -> Path:
    """The folder holding the jinja2 templates."""
    return _data_dir("templates")


def fonts_dir() -> Path:
    """The folder holding the shipped TrueType fonts."""
    return _PACKAGE / "fonts"


def press_data_dir() -> Path:
    """The folder holding the print services' figures (``presses.toml``) and the CMYK output
    profile PDF/X files embed; like the fonts, it lives inside the package."""
    return _PACKAGE / "pressdata"


__all__ = ["decks_dir", "fonts_dir", "press_data_dir", "templates_dir"]
