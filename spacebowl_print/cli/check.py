"""``spacebowl check``: prove a booklet, classroom set or daily book from its manifest."""

from __future__ import annotations

from pathlib import Path

import click

from spacebowl_print.core.cli import load_json_file, reports_input_errors
from spacebowl_print.core.errors import InputError
from spacebowl_print.games.base import DEFAULT_GAME, find_game
from spacebowl_print.publish.manifest import check_entries, check_files, check_structure


@click.command("check")
@click.argument("manifest_file", metavar="MANIFEST.json")
@click.option("--deck", default=None, metavar="DECK",
              help="Space Bowl: the deck the booklet was made with, if it is not a shipped "
                   "deck (default: the manifest's deck).")
@click.option("--answers-only", is_flag=True,
              help="Check the answers only, not the files beside the manifest (for a "
                   "manifest copied on its own).")
@reports_input_errors
def check_command(manifest_file: str, deck: str | None, answers_only: bool) -> None:
    """Prove a booklet, classroom set or daily book from its manifest.json.

    The manifest's "game" key picks the engine (none means Space Bowl). Every puzzle is
    re-derived independently (answers, near misses, pars or shortest lines, the tier's
    promises, card ids against the deck); ids must be unique and the list non-empty; and the
    PDFs beside the manifest must be the ones it describes: each carries the manifest's
    content hash and the manifest records each PDF's SHA-256, so any edit, removal,
    duplication or swap on either side is found.

    \b
    Exit status: 0 every check holds; 1 a puzzle or file is wrong (the first is named);
    2 the file is not a readable manifest.
    The manifest, the seal and each check: docs/formats.md.
    """
    data = load_json_file(manifest_file)
    if isinstance(data, dict) and deck:
        data = {**data, "deck": deck}
    name = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    try:
        kind = find_game(str(name)).puzzle_kind()
        problem = check_structure(data)
        count = 0
        if problem is None:
            count, problem = check_entries(data, kind.verify)
        if problem is None and not answers_only:
            original = load_json_file(manifest_file)  # --deck must not alter the seal
            problem = check_files(original, Path(manifest_file).resolve().parent)
    except InputError as err:
        raise err.at_file(manifest_file) from None
    if problem:
        raise click.ClickException(f"{manifest_file}: {problem}")
    what = "answers verified" if answers_only else "answers and files verified"
    click.echo(f"{manifest_file}: all {count} {what}")
