"""Reading a deck named on the command line: a path, or the name of a shipped deck; and the
options object of Space Bowl's puzzle commands."""

from __future__ import annotations

from dataclasses import dataclass, replace

from spacebowl_print.core.cli import read_text
from spacebowl_print.core.paths import output_error, shown_path
from spacebowl_print.games.spacebowl.model.deck import Deck
from spacebowl_print.games.spacebowl.model.deck_read import missing_deck, parse_deck
from spacebowl_print.games.spacebowl.model.shipped import DEFAULT_DECK, deck_path


def load_deck(name_or_path: str | None) -> Deck:
    """Load ``--deck`` (a path or a shipped deck name; default ``classic``); any problem with
    the file, down to an OS error on its path, is an :class:`InputError` naming it."""
    try:
        p = deck_path(name_or_path or DEFAULT_DECK)
        if not p.exists() and not p.is_symlink():
            raise missing_deck(shown_path(name_or_path or p))
    except OSError as err:  # e.g. a name too long to even look up
        raise output_error(name_or_path or DEFAULT_DECK, err) from None
    deck = parse_deck(read_text(p), shown_path(name_or_path or p))
    return replace(deck, file=name_or_path or DEFAULT_DECK)


@dataclass(frozen=True)
class DeckChoice:
    """Space Bowl's own option on every puzzle command (the table's ``--deck``): a deck file,
    or the name of a shipped deck."""

    deck: str = DEFAULT_DECK

    def load(self) -> Deck:
        """The deck this option names."""
        return load_deck(self.deck)


__all__ = ["DeckChoice", "load_deck"]
