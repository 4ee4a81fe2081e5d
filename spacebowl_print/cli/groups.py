"""A click group built from tables: each subcommand is made (and its module imported) only
when it runs or its own ``--help`` is asked; the group's ``--help`` lists every subcommand
from the one-line summaries the tables hold, without importing any of them. So
``spacebowl --help`` costs no game engine, no reportlab, no OR-Tools.

An older name of a command is an alias: a function that turns the arguments given under the
old name into today's command and arguments, before click parses them, so the command that
runs is today's with every check it makes (no copy of it, no branch inside it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from difflib import get_close_matches
from typing import Any

import click

Loader = Callable[[], click.Command]
Alias = Callable[[list[str]], list[str]]
"""The arguments after an old command name → today's command name and arguments."""


class TableGroup(click.Group):
    """A group of ``name → (loader, summary)`` subcommands, listed in table order, with
    ``aliases`` (``name → (translate, summary)``) and ``more``: further entries found only
    when asked for (installed plugins), so that a command that names a known one never pays
    the search."""

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
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as err:
            if args and err.message.startswith("No such command"):
                raise click.UsageError(_unknown(args[0], self.list_commands(ctx)),
                                       ctx) from None
            raise

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table's summaries (nothing imported)."""
        rows = [(name, summary) for name, (_, summary) in self._entries(True).items()]
        rows += [(name, summary) for name, (_, summary) in self.aliases.items()]
        rows += [(name, cmd.get_short_help_str(80)) for name in super().list_commands(ctx)
                 if name not in self.table and (cmd := super().get_command(ctx, name))]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _unknown(name: str, known: list[str]) -> str:
    """``No such command 'hubbel'. Did you mean 'hubble'?``, as click words it for options."""
    shown = name if len(name) <= 40 else name[:37] + "..."
    close = get_close_matches(name, known, n=1, cutoff=0.6)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    return f"No such command {shown!r}.{hint}"


__all__ = ["Alias", "Loader", "TableGroup"]
