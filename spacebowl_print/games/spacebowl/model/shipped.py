"""The decks Space Bowl ships, by name: which one ``--deck`` means when it is not given, and
how a ``--deck`` value is resolved (a file, or the name of a shipped deck)."""

from __future__ import annotations

from pathlib import Path

from spacebowl_print.core.resources import decks_dir

DEFAULT_DECK = "classic"
"""The shipped deck ``--deck`` means when it is not given."""


def deck_path(name_or_path: str) -> Path:
    """Resolve ``--deck``: an existing file path, or the name of a shipped deck (``classic``,
    with or without ``.toml``)."""
    p = Path(name_or_path)
    if p.is_file():
        return p
    shipped = decks_dir() / (p.name if p.suffix == ".toml" else p.name + ".toml")
    if shipped.is_file():
        return shipped
    return p  # let the reader report the missing file under the name the user gave


__all__ = ["DEFAULT_DECK", "deck_path"]
