"""A click group built from tables: each subcommand is made (and its module imported) only
when it runs or its own ``--help`` is asked; the group's ``--help`` lists every subcommand
from the one-line summaries the tables hold, without importing any of them. So
``spacebowl --help`` costs no game engine, no reportlab, no OR-Tools.

An older name of a command is an alias: a function that turns the arguments given under the
old name into today's command and arguments, before click parses them, so the command that
runs is today's with every check it makes (no copy of it, no branch inside it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

from spacebowl_print.core.cli import SuggestingGroup

Loader = Callable[[], click.Command]
Alias = Callable[[list[str]], list[str]]
"""The arguments after an old command name → today's command name and arguments."""


class TableGroup(SuggestingGroup):
    """A group of ``name → (loader, summary)`` subcommands, listed in table order, with
    ``aliases`` (``name → (translate, summary)``) and ``more``: further entries found only
    when asked for (installed plugins), so that a command that names a known one never pays
    the search. A mistyped name is answered with the nearest ones (``Did you mean
    'hubble'?``)."""

    def __init__(self, *args: Any, table: Mapping[str, tuple[Loader, str]] | None = None,
                 aliases: Mapping[str, tuple[Alias, str]] | None = None,
                 more: Callable[[], Mapping[str, tuple[Loader, str]]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = dict(table or {})
        self.aliases = dict(aliases or {})
        self.more = more

    def _entries(self, everything: bool) -> dict[str, tuple[Loader, str]]:
        if everything and self.more is not None:
            return {**self.table, **{k: v for k, v in self.more().items()
                                     if k not in self.table}}
        return self.table

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = [*self._entries(True), *self.aliases]
        return [*names, *(n for n in super().list_commands(ctx) if n not in names)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name; an older name gives today's command."""
        if cmd_name in self.aliases:
            cmd_name = self.aliases[cmd_name][0]([])[0]
        entry = self.table.get(cmd_name) or self._entries(True).get(cmd_name)
        if entry is not None:
            return entry[0]()
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] in self.aliases:
            args = self.aliases[args[0]][0](list(args[1:]))
        if args and (args[0] in self.table or args[0] in super().list_commands(ctx)):
            # a known name: found without the plugin search SuggestingGroup's list would do
            return click.Group.resolve_command(self, ctx, args)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table's summaries (nothing imported)."""
        rows = [(name, summary) for name, (_, summary) in self._entries(True).items()]
        rows += [(name, summary) for name, (_, summary) in self.aliases.items()]
        rows += [(name, cmd.get_short_help_str(80)) for name in super().list_commands(ctx)
                 if name not in self.table and (cmd := super().get_command(ctx, name))]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


__all__ = ["Alias", "Loader", "TableGroup"]
