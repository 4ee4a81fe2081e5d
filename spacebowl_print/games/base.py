"""The game table and the registry.

Every game fills one :class:`Game` table, in the spirit of the ``const struct game`` of Simon
Tatham's puzzle collection: the shared layers talk to a game only through it. From the table
the command line builds, for every game alike, ``kit``, ``booklet``, ``classroom`` and ``web``
(at the top for the flagship, under the game's name for the others) and ``spacebowl check``
proves any game's manifest. A new game is one new package plus one line in :data:`GAMES`.

Tables are cheap to import: the kit and puzzle kinds and the game's own commands are named as
``"module:attribute"`` and imported on first use, so ``spacebowl --help`` pays for no game's
engine, reportlab or OR-Tools.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spacebowl_print.core.errors import InputError

if TYPE_CHECKING:
    from spacebowl_print.publish.kinds import KitKind, PuzzleKind


def load_ref(ref: str) -> Any:
    """The object named by ``"package.module:attribute"``, imported now."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class Game:
    """One game as the shared layers see it.

    ``id`` names it in manifests and on the command line (``spacebowl hubble …``), ``title``
    in print; ``languages`` are the codes its pieces and texts exist in (the first is the
    default of one-language commands; kits print all of them unless asked otherwise).
    ``kit`` and ``puzzles`` name its :class:`~spacebowl_print.publish.kinds.KitKind` and
    :class:`~spacebowl_print.publish.kinds.PuzzleKind`; ``commands`` its own commands
    (name → the ``"module:attribute"`` of a click command and its one-line summary, e.g.
    ``score``); ``aliases`` older names of a publication (``daily`` → ``booklet``).
    ``flagship``: its commands stand at the top level (its outputs default to ``out/kit``…,
    the others' to ``out/<id>-kit``…). ``help`` is the group's ``--help`` text,
    ``summary`` its line in the root's command list. ``verify`` (optional) names the
    ``"module:function"`` that ``spacebowl check`` calls as ``verify(header, entry)``: the
    same answer as the kind's ``verify`` from a module that draws nothing, so checking a
    manifest does not load the PDF engine; without it, the kind's is used.
    """

    id: str
    title: str
    languages: tuple[str, ...]
    summary: str
    kit: str | None = None
    puzzles: str | None = None
    commands: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    help: str = ""
    flagship: bool = False
    verify: str | None = None

    @property
    def output(self) -> str:
        """The stem of default output folders: ``""`` for the flagship, else the id."""
        return "" if self.flagship else self.id

    def kit_kind(self) -> KitKind:
        """The game's kit (imported now); an :class:`InputError` if it has none."""
        if self.kit is None:
            raise InputError(f"{self.title} has no print-and-play kit", "game")
        kind: KitKind = load_ref(self.kit)
        return kind

    def puzzle_kind(self) -> PuzzleKind:
        """The game's puzzles (imported now); an :class:`InputError` if it has none."""
        if self.puzzles is None:
            raise InputError(f"{self.title} publishes no puzzles", "game")
        kind: PuzzleKind = load_ref(self.puzzles)
        return kind

    def verifier(self) -> Callable[[Mapping[str, Any], Mapping[str, Any]], str | None]:
        """``verify(header, entry)`` for ``spacebowl check``: the light one the table names,
        else the puzzle kind's."""
        if self.verify is not None:
            fn: Callable[[Mapping[str, Any], Mapping[str, Any]], str | None] = load_ref(
                self.verify)
            return fn
        return self.puzzle_kind().verify


GAMES: dict[str, str] = {
    "spacebowl": "spacebowl_print.games.spacebowl:GAME",
    "tomtube": "spacebowl_print.games.tomtube:GAME",
    "hubble": "spacebowl_print.games.hubble:GAME",
}
"""Every game, ``id → "module:attribute"`` of its table, flagship first."""

DEFAULT_GAME = "spacebowl"
"""The game of a manifest without a ``"game"`` key (manifests from before there were three)."""


def find_game(name: str) -> Game:
    """The table of game ``name``; an unknown name is an :class:`InputError` at ``game``."""
    ref = GAMES.get(name)
    if ref is None:
        raise InputError(f"unknown game {name[:40]!r} (known: {', '.join(GAMES)})", "game")
    game = load_ref(ref)
    if not isinstance(game, Game) or game.id != name:
        raise InputError(f"the registry's entry for {name!r} is not that game's table", "game")
    return game


def all_games() -> list[Game]:
    """Every registered game's table, in registry order (flagship first)."""
    return [find_game(name) for name in GAMES]


__all__ = ["DEFAULT_GAME", "GAMES", "Game", "all_games", "find_game", "load_ref"]
