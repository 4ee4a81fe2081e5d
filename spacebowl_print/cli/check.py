"""``spacebowl check``: prove a booklet, classroom set, daily book or web site from its
manifest: every answer, the seal, and the whole folder."""

from __future__ import annotations

from pathlib import Path

import click

from spacebowl_print.core.cli import load_json_file, reports_input_errors
from spacebowl_print.core.errors import InputError, printable
from spacebowl_print.core.jsonio import show
from spacebowl_print.core.paths import shown_path
from spacebowl_print.games.base import DEFAULT_GAME, find_game
from spacebowl_print.publish.manifest import (
    check_entries,
    check_files,
    check_seal,
    check_structure,
)


@click.command("check")
@click.argument("manifest_file", metavar="MANIFEST.json")
@click.option("--deck", default=None, metavar="DECK",
              help="Space Bowl: the deck the booklet was made with, if it is not a shipped "
                   "deck (default: the manifest's deck).")
@click.option("--answers-only", is_flag=True,
              help="Check the manifest alone (answers, header and seal), not the files "
                   "beside it (for a manifest copied on its own).")
@reports_input_errors
def check_command(manifest_file: str, deck: str | None, answers_only: bool) -> None:
    """Prove a booklet, classroom set, daily book or web site from its manifest.json.

    The manifest's "game" key picks the engine (none means Space Bowl). Every puzzle is
    re-derived independently (answers, near misses, pars or shortest lines, the tier's
    promises, card ids against the deck); ids must be unique and the list non-empty; the
    manifest's seal must match it (its content and its file list). Then the folder: every
    file in it must be recorded in the manifest with its size and SHA-256, none may be
    missing, every PDF and page must carry the manifest's content digest, and nothing else
    (a link, a named pipe, a device, an unrecorded folder) may be there. So any edit,
    removal, addition, duplication or swap on either side is found.

    \b
    Exit status: 0 every check holds; 1 a puzzle or file is wrong (the first is named);
    2 the file is not a readable manifest.
    The manifest, the seal and each check: docs/formats.md.
    """
    original = load_json_file(manifest_file)  # --deck must not alter the seal
    data = {**original, "deck": deck} if isinstance(original, dict) and deck else original
    name = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    try:
        if not isinstance(name, str) or len(name) > 40:
            raise InputError(f"must name a game, got {show(name)}", "game")
        verify = find_game(name).verifier()
        problem = check_structure(data)
        count = 0
        if problem is None:
            count, problem = check_entries(data, verify)
        if problem is None:
            problem = check_seal(original)
        if problem is None and not answers_only:
            where = Path(manifest_file).resolve()
            problem = check_files(original, where.parent, where.name)
    except InputError as err:
        raise err.at_file(shown_path(manifest_file)) from None
    if problem:
        raise click.ClickException(f"{shown_path(manifest_file)}: {problem}")
    what = "answers verified" if answers_only else "answers and files verified"
    click.echo(printable(f"{shown_path(manifest_file)}: all {count} {what}"))
