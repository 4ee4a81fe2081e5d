"""Space Bowl's shared CLI options; generic plumbing is in :mod:`spacebowl_print.core.cli`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import click

from spacebowl_print.core.cli import (  # noqa: F401  (re-exported for the commands)
    BadInput,
    LazyGroup,
    load_json_file,
    progress,
    quiet_option,
    read_text,
    reports_input_errors,
    seed_option,
)
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.paths import output_error, shown_path
from spacebowl_print.core.resources import DEFAULT_DECK, deck_path
from spacebowl_print.games.spacebowl.model import Deck, parse_deck
from spacebowl_print.games.spacebowl.model.deck_read import missing_deck
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.games.spacebowl.rules.deck_health import puzzle_refusal


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


def deck_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--deck`` option shared by commands."""
    return click.option(
        "--deck", "deck", default=DEFAULT_DECK, show_default=True, metavar="DECK",
        help="A deck file, or the name of a shipped deck.",
    )(fn)


def load_puzzle_deck(name_or_path: str | None, tiers: Iterable[int]) -> Deck:
    """:func:`load_deck`, refused in one line (at ``--deck``) when it cannot make puzzles of
    those tiers: too few cards, or a number of solutions a tier needs that it never gives."""
    deck = load_deck(name_or_path)
    if why := puzzle_refusal(deck, {t: TIERS[t] for t in tiers}):
        raise InputError(why, "deck")
    return deck
