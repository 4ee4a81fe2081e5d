"""Every command, built from the registry: for each game its publishing commands (``kit``,
``booklet``, ``classroom``, ``web``, from :mod:`spacebowl_print.cli.publishing`), its own
commands and the older names of a publication; the flagship's at the top level, each other
game's as one group (``spacebowl hubble …``); then ``check``.

Nothing is imported to list them: ``--help`` shows the summaries the tables hold, and a
command (with its game's engine) is built only when it runs or its own help is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import click

from spacebowl_print.cli.groups import Alias, Loader, TableGroup
from spacebowl_print.cli.summaries import SUMMARIES
from spacebowl_print.games import GAMES, find_game, plugins
from spacebowl_print.publish.table import Game, load_ref

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


def _factories() -> Mapping[str, Callable[[Game], click.Command]]:
    # imported here: the root's --help lists the commands from the tables alone
    from spacebowl_print.cli.publishing import FACTORIES

    return FACTORIES


def _publication(game_id: str, what: str) -> Loader:
    def load() -> click.Command:
        return _factories()[what](find_game(game_id))
    return load


def old_name(game_id: str, what: str) -> Alias:
    """An older name of ``what``: its arguments in today's words, so today's command runs
    with every check it makes. An older name of ``booklet`` also took ``--count N`` (today
    ``--days N``) and ``--classroom`` with ``--students N``: today's ``classroom`` command,
    one puzzle each, the same for the whole class. Every other argument, the output folder
    included, is passed on as given."""

    def translate(args: list[str]) -> list[str]:
        if what != "booklet":
            return [what, *args]
        takes_value = {opt for p in _factories()[what](find_game(game_id)).params
                       if isinstance(p, click.Option) and not p.is_flag for opt in p.opts}
        out: list[str] = []
        target = what
        k = 0
        while k < len(args):
            arg = args[k]
            name, eq, _ = arg.partition("=")
            if arg == "--":
                out += args[k:]
                break
            if arg == "--classroom":
                target = "classroom"
            elif name == "--count":
                out.append("--days" + arg[len(name):])
                if not eq and k + 1 < len(args):
                    out.append(args[k + 1])
                    k += 1
            else:
                out.append(arg)
                if name in takes_value and not eq and k + 1 < len(args):
                    out.append(args[k + 1])  # a value is never read as an option
                    k += 1
            k += 1
        if target == "classroom":
            return ["classroom", *out, "--puzzles", "1", "--same"]
        return [target, *out]

    return translate


def game_table(game: Game) -> dict[str, tuple[Loader, str]]:
    """The commands of one game: its publications (those it has), its own commands."""
    table: dict[str, tuple[Loader, str]] = {}
    if game.kit:
        table["kit"] = (_publication(game.id, "kit"), SUMMARIES["kit"])
    if game.puzzles:
        for what in ("booklet", "classroom", "web"):
            table[what] = (_publication(game.id, what), SUMMARIES[what])
    for name, (ref, summary) in game.commands.items():
        table[name] = (_own(ref), summary)
    return table


def game_aliases(game: Game) -> dict[str, tuple[Alias, str]]:
    """The older names of the game's publications."""
    return {name: (old_name(game.id, what), f"the older name of `{what}`")
            for name, what in game.aliases.items()}


def _group(game_id: str) -> Loader:
    def load() -> click.Command:
        game = find_game(game_id)
        return TableGroup(game.id, table=game_table(game), aliases=game_aliases(game),
                          help=game.help, short_help=game.summary, no_args_is_help=True)
    return load


def plugin_groups() -> dict[str, tuple[Loader, str]]:
    """One group per game an installed distribution adds (found when first asked)."""
    return {name: (_group(name), find_game(name).summary) for name in plugins()}


def root_table() -> dict[str, tuple[Loader, str]]:
    """The root group's commands: the flagship's, then one group per other shipped game,
    then ``check``."""
    table: dict[str, tuple[Loader, str]] = {}
    games = [find_game(name) for name in GAMES]
    for game in games:
        if game.flagship:
            table.update(game_table(game))
    for game in games:
        if not game.flagship:
            table[game.id] = (_group(game.id), game.summary)
    table["check"] = (_own(CHECK[0]), CHECK[1])
    table["preflight"] = (_own(PREFLIGHT[0]), PREFLIGHT[1])
    return table


def root_aliases() -> dict[str, tuple[Alias, str]]:
    """The flagship's older names, at the top level."""
    return {name: alias for name in GAMES if (game := find_game(name)).flagship
            for name, alias in game_aliases(game).items()}


__all__ = ["game_aliases", "game_table", "old_name", "plugin_groups", "root_aliases",
           "root_table"]
