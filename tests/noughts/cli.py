"""Noughts' own command: ``spacebowl noughts wins BOARD``."""

from __future__ import annotations

import click

from noughts.art import cell_names
from noughts.rules import winning_moves


@click.command("wins")
@click.argument("board")
@click.option("--to-move", type=click.Choice(["X", "O"]), default="X", show_default=True)
def wins_command(board: str, to_move: str) -> None:
    """The cells where the player to move wins at once on BOARD (nine of X, O and ., row by
    row)."""
    if len(board) != 9 or set(board) - set("XO."):
        raise click.BadParameter("nine characters of X, O and .", param_hint="BOARD")
    click.echo(cell_names(winning_moves(board, to_move)))
