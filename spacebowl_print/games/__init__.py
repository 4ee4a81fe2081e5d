"""The games, and the registry that finds them.

:data:`GAMES` lists the shipped games, one line each (``id → "module:attribute"`` of its
:class:`~spacebowl_print.publish.table.Game` table, flagship first). A game published outside
this package registers the same table through the ``spacebowl_print.games`` entry-point
group of its own distribution (``mygame = "mygame:GAME"``), and gets every
publishing command and ``spacebowl check`` exactly as a shipped game does; docs/publishing.md
("Adding a game") says how. Nothing here imports a game until it is asked for.
"""

from __future__ import annotations

from functools import cache

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.table import Game, load_ref

GAMES: dict[str, str] = {
    "spacebowl": "spacebowl_print.games.spacebowl:GAME",
    "tomtube": "spacebowl_print.games.tomtube:GAME",
    "hubble": "spacebowl_print.games.hubble:GAME",
}
"""The shipped games, ``id → "module:attribute"`` of its table, flagship first."""

ENTRY_POINTS = "spacebowl_print.games"
"""The entry-point group through which an installed distribution adds a game."""

DEFAULT_GAME = "spacebowl"
"""The game of a manifest without a ``"game"`` key (manifests from before there were three)."""


@cache
def plugins() -> dict[str, str]:
    """The games installed distributions add, ``id → "module:attribute"``, sorted by id; an
    id a shipped game has is ignored, so a plugin can never replace a shipped game."""
    # imported here: importlib.metadata takes 45 ms to import and a scan of every installed
    # distribution to answer; only the root's --help and a name no shipped game has pay it
    from importlib.metadata import entry_points

    found: dict[str, str] = {}
    for ep in sorted(entry_points(group=ENTRY_POINTS), key=lambda e: e.name):
        if ep.name not in GAMES:
            found.setdefault(ep.name, ep.value)
    return found


def registry() -> dict[str, str]:
    """Every game, ``id → "module:attribute"``: the shipped ones, then the plugins."""
    return {**GAMES, **plugins()}


def find_game(name: str) -> Game:
    """The table of game ``name``; an unknown name is an :class:`InputError` at ``game``."""
    ref = GAMES.get(name) or plugins().get(name)
    if ref is None:
        raise InputError(f"unknown game {name[:40]!r} (known: {', '.join(registry())})",
                         "game")
    game = load_ref(ref)
    if not isinstance(game, Game) or game.id != name:
        raise InputError(f"the registry's entry for {name!r} is not that game's table", "game")
    return game


def all_games() -> list[Game]:
    """Every registered game's table, in registry order (flagship first)."""
    return [find_game(name) for name in registry()]


__all__ = ["DEFAULT_GAME", "ENTRY_POINTS", "GAMES", "all_games", "find_game", "plugins",
           "registry"]
