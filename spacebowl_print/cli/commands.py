"""Every command, built from the registry: for each game its publishing commands (``kit``,
``booklet``, ``classroom``, ``web``, from :mod:`spacebowl_print.cli.publishing`), its own
commands and the older names of a publication; the flagship's at the top level, each other
game's as one group (``spacebowl hubble …``); then ``check``.

Nothing is imported to list them: ``--help`` shows the summaries the tables hold, and a
command (with its game's engine) is built only when it runs or its own help is asked.
"""

from __future__ import annotations

from typing import Any

import click

from spacebowl_print.cli.groups import Loader, TableGroup
from spacebowl_print.cli.summaries import SUMMARIES
from spacebowl_print.core.errors import InputError
from spacebowl_print.games.base import Game, all_games, find_game, load_ref

CHECK = ("spacebowl_print.cli.check:check_command",
         "prove a booklet, classroom set or web site of any game from its manifest")
PREFLIGHT = ("spacebowl_print.cli.preflight:preflight_command",
             "check a book or cover PDF against a print service's published figures")


def _own(ref: str) -> Loader:
    def load() -> click.Command:
        command = load_ref(ref)
        if not isinstance(command, click.Command):
            raise TypeError(f"{ref} is not a click command")
        return command
    return load


def _publication(game_id: str, what: str) -> Loader:
    def load() -> click.Command:
        from spacebowl_print.cli.publishing import FACTORIES  # the heavy part, when used

        return FACTORIES[what](find_game(game_id))
    return load


def _alias(game_id: str, name: str, what: str) -> Loader:
    """An older name of a publication: the same command, plus the older hidden options
    (``--count N`` for ``--days N``; ``--classroom --students N``: a class set of N
    worksheets sharing one puzzle)."""
    if what != "booklet":
        return _publication(game_id, what)

    def translate(values: dict[str, Any]) -> dict[str, Any]:
        count = values.pop("_count", None)
        if count is not None:
            values["days"] = count
        if values.pop("_classroom", False):
            students = values.pop("_students", None) or 0
            return {**values, "_classroom": True, "students": students, "puzzles": 1,
                    "tier": None, "same": True,
                    "out": values["out"].replace("-booklet", "-class")}
        if values.pop("_students", None) is not None:
            raise InputError("--students makes a classroom set: add --classroom (or use the "
                             "classroom command)", "--students")
        return values

    hidden = [
        click.option("--count", "_count", type=click.IntRange(1, 10_000), default=None,
                     hidden=True),
        click.option("--classroom", "_classroom", is_flag=True, hidden=True),
        click.option("--students", "_students", type=click.IntRange(1, 500), default=None,
                     hidden=True),
    ]

    def load() -> click.Command:
        from spacebowl_print.cli.publishing import booklet_command

        return booklet_command(find_game(game_id), name, hidden, translate)

    return load


def game_table(game: Game) -> dict[str, tuple[Loader, str]]:
    """The commands of one game: its publications (those it has), its own commands, its
    aliases."""
    table: dict[str, tuple[Loader, str]] = {}
    if game.kit:
        table["kit"] = (_publication(game.id, "kit"), SUMMARIES["kit"])
    if game.puzzles:
        for what in ("booklet", "classroom", "web"):
            table[what] = (_publication(game.id, what), SUMMARIES[what])
    for name, (ref, summary) in game.commands.items():
        table[name] = (_own(ref), summary)
    for name, what in game.aliases.items():
        table[name] = (_alias(game.id, name, what), f"the older name of `{what}`")
    return table


def _group(game: Game) -> Loader:
    def load() -> click.Command:
        return TableGroup(game.id, table=game_table(game), help=game.help,
                          short_help=game.summary, no_args_is_help=True)
    return load


def root_table() -> dict[str, tuple[Loader, str]]:
    """The root group's commands: the flagship's, then one group per other game, then
    ``check``."""
    table: dict[str, tuple[Loader, str]] = {}
    games = all_games()
    for game in games:
        if game.flagship:
            table.update(game_table(game))
    for game in games:
        if not game.flagship:
            table[game.id] = (_group(game), game.summary)
    table["check"] = (_own(CHECK[0]), CHECK[1])
    table["preflight"] = (_own(PREFLIGHT[0]), PREFLIGHT[1])
    return table


__all__ = ["game_table", "root_table"]
