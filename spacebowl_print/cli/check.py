"""``spacebowl check``: prove a booklet, classroom set, daily book or web site from its
manifest: every answer, the seal, and the whole folder.

The command's options for a game's own material (Space Bowl's ``--deck``) are the games'
``check_options``, gathered from the registry, so a new game extends ``check`` from its
table alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from spacebowl_print.cli.publishing import click_option
from spacebowl_print.core.cli import load_json_file, reports_input_errors
from spacebowl_print.core.errors import InputError, printable
from spacebowl_print.core.jsonio import show
from spacebowl_print.core.paths import shown_path
from spacebowl_print.games import DEFAULT_GAME, all_games, find_game
from spacebowl_print.publish.manifest import (
    check_entries,
    check_files,
    check_seal,
    check_structure,
    header_of,
)
from spacebowl_print.publish.table import Game, Option


def _material_options() -> list[tuple[Game, Option]]:
    """Every game's ``check`` options, each named once (the first game to declare a name
    owns it)."""
    seen: set[str] = set()
    out = []
    for game in all_games():
        for spec in game.check_options:
            if spec.name not in seen and spec.name not in ("manifest_file", "answers_only"):
                seen.add(spec.name)
                out.append((game, spec))
    return out


def _check(manifest_file: str, answers_only: bool, **material: Any) -> None:
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
    original = load_json_file(manifest_file)
    name = original.get("game", DEFAULT_GAME) if isinstance(original, dict) else DEFAULT_GAME
    try:
        if not isinstance(name, str) or len(name) > 40:
            raise InputError(f"must name a game, got {show(name)}", "game")
        game = find_game(name)
        own = {spec.name for spec in game.check_options}
        for key, value in material.items():
            if value is not None and key not in own:
                raise InputError(f"is not an option of a {game.title} manifest", key)
        given = {k: v for k, v in material.items() if v is not None}
        where = Path(manifest_file).resolve()
        # the verifier's view: the game's material options and where the manifest lies are
        # added to the header; the seal and the files are checked on the manifest as written
        data = ({**original, **given, "manifest_folder": str(where.parent)}
                if isinstance(original, dict) else original)
        verify = game.verifier()
        problem = check_structure(data)
        count = 0
        if problem is None:
            count, problem = check_entries(data, verify)
        if problem is None:
            problem = check_seal(original)
        if problem is None and not answers_only:
            problem = check_files(original, where.parent, where.name)
        note = (game.material_note(header_of(data))
                if problem is None and isinstance(data, dict) else None)
    except InputError as err:
        raise err.at_file(shown_path(manifest_file)) from None
    if problem:
        raise click.ClickException(f"{shown_path(manifest_file)}: {problem}")
    what = "answers verified" if answers_only else "answers and files verified"
    click.echo(printable(f"{shown_path(manifest_file)}: all {count} {what}"
                         + (f" ({note})" if note else "")))


def _command() -> click.Command:
    options = [click.argument("manifest_file", metavar="MANIFEST.json"),
               *(click_option(spec) for _, spec in _material_options()),
               click.option("--answers-only", is_flag=True,
                            help="Check the manifest alone (answers, header and seal), not "
                                 "the files beside it (for a manifest copied on its own).")]
    fn: Any = reports_input_errors(_check)
    for deco in reversed(options):
        fn = deco(fn)
    return click.command("check")(fn)


check_command = _command()
"""The ``check`` command, with every registered game's material options."""


__all__ = ["check_command"]
