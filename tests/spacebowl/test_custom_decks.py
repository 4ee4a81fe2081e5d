"""A deck of one's own in every publication: a deck from another folder (named as no shipped
deck is), a deck named like a shipped one but not the same, and a themed deck with pictures —
booklet, print-on-demand book, classroom set and web site each made with it and proved by
``spacebowl check``, which uses the file the manifest records (not a shipped deck of the same
name), finds it beside a folder that was moved, or takes it from ``--deck``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli
from spacebowl_print.core.resources import decks_dir

PUBLICATIONS = {
    "booklet": ["booklet", "--days", "2"],
    "book": ["booklet", "--days", "2", "--trim", "6x9in", "--bleed", "--cover"],
    "classroom": ["classroom", "--students", "2", "--puzzles", "1"],
    "web": ["web", "--days", "2"],
}


@pytest.fixture(scope="module")
def decks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("decks")
    classic = (decks_dir() / "classic.toml").read_text("utf-8")
    (root / "elsewhere").mkdir()
    mine = root / "elsewhere" / "mydeck.toml"
    mine.write_text(classic.replace('name = "classic"', 'name = "mydeck"', 1), "utf-8")
    alike = root / "alike" / "classic.toml"  # the shipped name, another deck
    alike.parent.mkdir()
    alike.write_text(classic.replace('planets = "RY"', 'planets = "YR"', 1).replace(
        'title = "Classic"', 'title = "Not Quite Classic"', 1), "utf-8")
    shutil.copytree(decks_dir() / "solar-system", root / "themed" / "solar-system")
    themed = root / "themed" / "solar-system.toml"
    themed.write_text((decks_dir() / "solar-system.toml").read_text("utf-8").replace(
        'title = "', 'title = "My ', 1), "utf-8")
    return {"elsewhere": mine, "alike": alike, "themed": themed}


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("deck", ["elsewhere", "alike", "themed"])
@pytest.mark.parametrize("what", list(PUBLICATIONS))
def test_every_publication_with_a_deck_of_ones_own(decks: dict[str, Path], tmp_path: Path,
                                                   deck: str, what: str) -> None:
    out = tmp_path / what
    run(*PUBLICATIONS[what], "--deck", str(decks[deck]), "--jobs", "1", "-q", "-o", str(out))
    header = json.loads((out / "manifest.json").read_text("utf-8"))
    assert header["deck_file"] == str(decks[deck])
    said = run("check", str(out / "manifest.json"))
    assert "answers and files verified" in said
    assert f"{decks[deck]} (as recorded)" in said


def test_check_finds_the_deck_beside_a_moved_folder_or_from_deck(decks: dict[str, Path],
                                                                 tmp_path: Path) -> None:
    made = tmp_path / "made" / "out"
    run("booklet", "--days", "1", "--deck", str(decks["alike"]), "--jobs", "1", "-q", "-o",
        str(made))
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    shutil.move(str(made), str(moved / "out"))
    shutil.move(str(decks["alike"]), str(tmp_path / "kept.toml"))  # the recorded file is gone
    try:
        # the shipped classic has the same name but not the same cards: never taken for it
        result = CliRunner().invoke(cli, ["check", str(moved / "out" / "manifest.json")])
        assert result.exit_code == 1 and "is not the deck this manifest was made with" in \
            result.output
        shutil.copy(tmp_path / "kept.toml", moved / "classic.toml")
        said = run("check", str(moved / "out" / "manifest.json"))
        assert f"{moved / 'classic.toml'} (beside the manifest)" in said
        (moved / "classic.toml").unlink()
        said = run("check", str(moved / "out" / "manifest.json"), "--deck",
                   str(tmp_path / "kept.toml"))
        assert "(--deck)" in said
    finally:
        shutil.move(str(tmp_path / "kept.toml"), str(decks["alike"]))
