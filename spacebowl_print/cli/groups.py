"""A click group built from tables: each subcommand is made (and its module imported) only
when it runs or its own ``--help`` is asked; the group's ``--help`` lists every subcommand
from the one-line summaries the tables hold, without importing any of them. So
``spacebowl --help`` costs no game engine, no reportlab, no OR-Tools."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

from spacebowl_print.core.cli import SuggestingGroup

Loader = Callable[[], click.Command]


class TableGroup(SuggestingGroup):
    """A group of ``name → (loader, summary)`` subcommands, listed in table order; a
    mistyped name is answered with the nearest ones (``Did you mean 'hubble'?``)."""

    def __init__(self, *args: Any, table: Mapping[str, tuple[Loader, str]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = dict(table or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.table, *(n for n in super().list_commands(ctx) if n not in self.table)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = self.table.get(cmd_name)
        if entry is not None:
            return entry[0]()
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table's summaries (nothing imported)."""
        rows = [(name, summary) for name, (_, summary) in self.table.items()]
        rows += [(name, cmd.get_short_help_str(80)) for name in super().list_commands(ctx)
                 if name not in self.table and (cmd := super().get_command(ctx, name))]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


__all__ = ["Loader", "TableGroup"]
