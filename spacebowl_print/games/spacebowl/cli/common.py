"""Space Bowl's shared CLI options; generic plumbing is in :mod:`spacebowl_print.core.cli`."""

from __future__ import annotations

from collections.abc import Callable
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
from spacebowl_print.games.spacebowl.model.deck_file import (
    DEFAULT_DECK,
    load_deck,  # noqa: F401
)


def deck_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--deck`` option shared by commands."""
    return click.option(
        "--deck", "deck", default=DEFAULT_DECK, show_default=True, metavar="DECK",
        help="A deck file, or the name of a shipped deck.",
    )(fn)
