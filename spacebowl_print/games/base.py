"""The game interface and the registry.

Every game fills one :class:`Game` table, in the spirit of the ``const struct game`` of Simon
Tatham's puzzle collection: publishing and the CLI talk to a game only through it, so a new
game is one new package plus one line in :data:`GAMES`. Tables are cheap to import: heavy
parts (reportlab, OR-Tools) load only when a command runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.errors import InputError


@dataclass(frozen=True)
class Game:
    """One game as publishing and the CLI see it.

    ``commands`` maps a top-level command name to ``"module:attribute"`` of a click command,
    imported on first use (the flagship puts its commands at the top; the others one group
    each). ``verify(header, entry)`` re-derives one manifest entry with the game's independent
    engine (``header`` is the manifest without its puzzles: deck, seed, …) and returns ``None``
    or one line saying what is wrong; it raises :class:`InputError` for an entry it cannot
    read. Games without puzzles leave it ``None``.
    """

    id: str
    title: str
    languages: tuple[str, ...]
    manifest_schema: str
    commands: Mapping[str, str]
    verify: Callable[[Mapping[str, Any], Mapping[str, Any]], str | None] | None = None


GAMES: dict[str, str] = {
    "spacebowl": "spacebowl_print.games.spacebowl:GAME",
    "tomtube": "spacebowl_print.games.tomtube:GAME",
    "hubble": "spacebowl_print.games.hubble:GAME",
}
"""Every game, ``id → "module:attribute"`` of its table, flagship first."""

DEFAULT_GAME = "spacebowl"
"""The game of a manifest without a ``"game"`` key (manifests from before there were three)."""


def find_game(name: str) -> Game:
    """The table of game ``name``; an unknown name is an :class:`InputError`."""
    ref = GAMES.get(name)
    if ref is None:
        raise InputError(f"unknown game {name[:40]!r} (known: {', '.join(GAMES)})", "game")
    module, attr = ref.split(":")
    game = getattr(importlib.import_module(module), attr)
    assert isinstance(game, Game)
    return game
