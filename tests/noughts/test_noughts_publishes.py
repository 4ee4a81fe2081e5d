"""A fourth game, registered only here, gets every publication from the midend: the kit, a
home booklet, a print-on-demand book with its cover, a classroom set and a web site, each
proved by ``spacebowl check`` — with no line of ``spacebowl_print`` knowing it exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

import spacebowl_print
from spacebowl_print.cli.commands import root_table
from spacebowl_print.cli.groups import TableGroup
from spacebowl_print.games.base import GAMES

ISBN = "978-3-16-148410-0"


@pytest.fixture(scope="module")
def spacebowl() -> click.Group:
    """The root command with Noughts registered: the one registry line a new game adds."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(GAMES, "noughts", "noughts:GAME")
        yield TableGroup("spacebowl", table=root_table())


def run(group: click.Group, *args: str) -> str:
    result = CliRunner().invoke(group, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def check(group: click.Group, folder: Path) -> None:
    out = run(group, "check", str(folder / "manifest.json"))
    assert "answers and files verified" in out


def test_the_package_knows_nothing_of_it() -> None:
    root = Path(spacebowl_print.__file__).parent
    for path in root.rglob("*.py"):
        assert "noughts" not in path.read_text(encoding="utf-8").lower(), path


def test_kit(spacebowl: click.Group, tmp_path: Path) -> None:
    run(spacebowl, "noughts", "kit", "-q", "-o", str(tmp_path / "kit"))
    names = {p.name for p in (tmp_path / "kit").iterdir()}
    assert {"kit.pdf", "cards.pdf", "board.pdf", "cut-guide.json"} <= names
    guide = json.loads((tmp_path / "kit" / "cut-guide.json").read_text())
    assert sum(len(p["cards"]) for p in guide["pages"] if p["side"] == "front") == 10


def test_home_booklet_is_proved_and_independent_of_jobs(spacebowl: click.Group,
                                                         tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    run(spacebowl, "noughts", "booklet", "--days", "9", "--jobs", "1", "-q", "-o", str(one))
    run(spacebowl, "noughts", "booklet", "--days", "9", "--jobs", "2", "-q", "-o", str(two))
    assert (one / "booklet.pdf").read_bytes() == (two / "booklet.pdf").read_bytes()
    data = json.loads((one / "manifest.json").read_text())
    assert data["game"] == "noughts" and len(data["puzzles"]) == 9
    assert [p["id"] for p in data["puzzles"]][:2] == ["2027-01-01", "2027-01-02"]
    check(spacebowl, one)
    data["puzzles"][3]["answer"] = ["B2"]  # a wrong answer is found by the game's verify
    (one / "manifest.json").write_text(json.dumps(data))
    result = CliRunner().invoke(spacebowl, ["check", str(one / "manifest.json")])
    assert result.exit_code == 1 and data["puzzles"][3]["id"] in result.output


def test_print_on_demand_book_under_the_publishers_name(spacebowl: click.Group,
                                                        tmp_path: Path) -> None:
    out = tmp_path / "book"
    run(spacebowl, "noughts", "booklet", "--days", "30", "--trim", "6x9in", "--bleed",
        "--cover", "--title", "Ninety Noughts", "--author", "A. Cross", "--isbn", ISBN, "-q",
        "-o", str(out))
    book = PdfReader(out / "booklet.pdf")
    pages = len(book.pages)
    assert pages >= 24 and pages % 2 == 0
    assert "Ninety Noughts" in book.pages[0].extract_text()
    assert ISBN in book.pages[1].extract_text()
    assert book.metadata is not None and book.metadata.author == "A. Cross"
    cover = PdfReader(out / "cover.pdf").pages[0]
    width_in = float(cover.mediabox.width) / 72
    assert abs(width_in - (0.125 + 6 + pages * 0.002252 + 6 + 0.125)) < 0.01
    check(spacebowl, out)


def test_classroom_set(spacebowl: click.Group, tmp_path: Path) -> None:
    out = tmp_path / "class"
    run(spacebowl, "noughts", "classroom", "--students", "4", "--puzzles", "3", "-q", "-o",
        str(out))
    data = json.loads((out / "manifest.json").read_text())
    assert len(data["students"]) == 4 and len(data["puzzles"]) == 12
    key = PdfReader(out / "teacher-key.pdf")
    assert len(key.pages) == 1
    assert all(code in key.pages[0].extract_text() for code in data["students"])
    check(spacebowl, out)


def test_web_site(spacebowl: click.Group, tmp_path: Path) -> None:
    out = tmp_path / "site"
    run(spacebowl, "noughts", "web", "--days", "3", "-q", "-o", str(out))
    page = (out / "2027-01-02.html").read_text()
    assert "Reveal the answer" in page and "How to play" in page and "X wins on" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", page)  # no network
    check(spacebowl, out)
