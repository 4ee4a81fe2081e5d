"""``spacebowl check``: re-verify a manifest of any game with that game's own engine."""

from __future__ import annotations

import click

from spacebowl_print.core.cli import load_json_file, reports_input_errors
from spacebowl_print.core.errors import InputError
from spacebowl_print.games.base import DEFAULT_GAME, find_game
from spacebowl_print.publish.manifest import check_entries


@click.command("check")
@click.argument("manifest_file", metavar="MANIFEST.json")
@click.option("--deck", default=None, metavar="DECK",
              help="Space Bowl: deck for the planet letters (default: the manifest's deck).")
@reports_input_errors
def check_command(manifest_file: str, deck: str | None) -> None:
    """Re-verify every answer of a booklet, classroom set or daily manifest with the engine
    of its game (the manifest's "game" key; none means Space Bowl).

    Exits 0 when every answer holds, 1 naming the first puzzle whose answer is wrong, 2 if
    the file is not a manifest.
    """
    data = load_json_file(manifest_file)
    if isinstance(data, dict) and deck:
        data = {**data, "deck": deck}
    name = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    try:
        game = find_game(str(name))
        if game.verify is None:
            raise InputError(f"{game.title} publishes no puzzles to check", "game")
        count, problem = check_entries(data, game.verify)
    except InputError as err:
        raise err.at_file(manifest_file) from None
    if problem:
        raise click.ClickException(f"{manifest_file}: {problem}")
    click.echo(f"{manifest_file}: all {count} answers verified")
