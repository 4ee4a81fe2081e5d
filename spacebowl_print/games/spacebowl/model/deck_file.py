"""Reading a deck named on the command line: a path, or the name of a shipped deck."""

from __future__ import annotations

from spacebowl_print.core.cli import read_text
from spacebowl_print.core.paths import output_error, shown_path
from spacebowl_print.core.resources import DEFAULT_DECK, deck_path
from spacebowl_print.games.spacebowl.model.deck import Deck
from spacebowl_print.games.spacebowl.model.deck_read import missing_deck, parse_deck
from spacebowl_print.publish.kinds import Option

DECK_OPTION = Option("deck", "--deck", "A deck file, or the name of a shipped deck "
                     "(docs/deck-format.md).", default=DEFAULT_DECK, metavar="DECK",
                     limit=4096)
"""``--deck``, on the kit and on every puzzle command."""


def load_deck(name_or_path: str | None) -> Deck:
    """Load ``--deck`` (a path or a shipped deck name; default ``classic``); any problem with
    the file, down to an OS error on its path, is an :class:`InputError` naming it."""
    try:
        p = deck_path(name_or_path or DEFAULT_DECK)
        if not p.exists() and not p.is_symlink():
            raise missing_deck(shown_path(name_or_path or p))
    except OSError as err:  # e.g. a name too long to even look up
        raise output_error(name_or_path or DEFAULT_DECK, err) from None
    return parse_deck(read_text(p), shown_path(name_or_path or p))


__all__ = ["DECK_OPTION", "load_deck"]
