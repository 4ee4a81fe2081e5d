"""A fourth game from another package gets every publication from the midend: the kit, a
home booklet, a print-on-demand book with its cover, a classroom set and a web site (with its
own page template), each proved by ``spacebowl check``, plus its own command, its own
options, a second language and an older name — registered the way any installed game is (an
entry point of its distribution), with no line of ``spacebowl_print`` knowing it exists and
its import contracts kept."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from pypdf import PdfReader

import spacebowl_print

ISBN = "978-3-16-148410-0"
TESTS = Path(__file__).resolve().parent.parent

# One interpreter runs every command (the libraries load once): the commands as JSON in,
# each one's exit status, stdout and stderr as JSON out.
DRIVER = """
import contextlib, io, json, sys
from spacebowl_print.cli.main import run
results = []
for args in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(args)
    results.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where Noughts' distribution is installed the way pip installs one: its
    metadata with the ``spacebowl_print.games`` entry point (the package itself is
    tests/noughts)."""
    root = tmp_path_factory.mktemp("site")
    info = root / "noughts_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: noughts-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[spacebowl_print.games]\nnoughts = noughts:GAME\n")
    return root


def spacebowl(site: Path, *commands: Sequence[str]) -> list[tuple[int, str, str]]:
    """Run each command in a fresh interpreter that has Noughts installed."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(TESTS)]),
           "SOURCE_DATE_EPOCH": "1700000000"}
    done = subprocess.run([sys.executable, "-c", DRIVER, json.dumps([list(c) for c in commands])],
                          env=env, capture_output=True, text=True, timeout=300, check=True)
    return [tuple(r) for r in json.loads(done.stdout)]


def ok(results: list[tuple[int, str, str]]) -> list[str]:
    for code, out, err in results:
        assert code == 0, (code, out, err)
    return [out for _, out, _ in results]


def test_the_package_knows_nothing_of_it() -> None:
    root = Path(spacebowl_print.__file__).parent
    for path in root.rglob("*.py"):
        assert "noughts" not in path.read_text(encoding="utf-8").lower(), path


def test_its_import_contracts_hold() -> None:
    """Its own contracts (no other game, no command line of spacebowl_print; its layers),
    checked by import-linter as the shipped games' are."""
    done = subprocess.run(["lint-imports", str(TESTS / "noughts" / "contracts.toml")],
                          env={**os.environ, "PYTHONPATH": str(TESTS)}, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "Contracts: 2 kept, 0 broken." in done.stdout


def test_every_publication_and_check(site: Path, tmp_path: Path) -> None:
    kit, one, two, book, klass, web, fr = (tmp_path / n for n in (
        "kit", "one", "two", "book", "class", "web", "fr"))
    outs = ok(spacebowl(
        site,
        ["--help"],
        ["noughts", "kit", "--tokens", "4", "-q", "-o", str(kit)],
        ["noughts", "booklet", "--days", "9", "--jobs", "1", "-q", "-o", str(one)],
        ["noughts", "booklet", "--days", "9", "--jobs", "2", "-q", "-o", str(two)],
        ["noughts", "booklet", "--days", "30", "--trim", "6x9in", "--bleed", "--cover",
         "--title", "Ninety Noughts", "--author", "A. Cross", "--isbn", ISBN, "-q", "-o",
         str(book)],
        ["noughts", "classroom", "--students", "4", "--puzzles", "3", "--to-move", "O", "-q",
         "-o", str(klass)],
        ["noughts", "web", "--days", "3", "-q", "-o", str(web)],
        ["noughts", "daily", "--days", "3", "--lang", "fr", "-q", "-o", str(fr)],
        ["noughts", "wins", "XX.OO...."],
        *(["check", str(f / "manifest.json")] for f in (one, book, klass, web, fr))))
    assert re.search(r"^  noughts\s+Noughts: win-in-one", outs[0], re.M)  # listed as a game
    # the kit: its own option sets the tokens
    guide = json.loads((kit / "cut-guide.json").read_text())
    assert sum(len(p["cards"]) for p in guide["pages"] if p["side"] == "front") == 8
    assert {"kit.pdf", "cards.pdf", "board.pdf"} <= {p.name for p in kit.iterdir()}
    # the booklet: the same whatever the processes, proved
    assert (one / "booklet.pdf").read_bytes() == (two / "booklet.pdf").read_bytes()
    data = json.loads((one / "manifest.json").read_text())
    assert data["game"] == "noughts" and len(data["puzzles"]) == 9
    # the book under the publisher's name, its cover as wide as the page count says
    pdf = PdfReader(book / "booklet.pdf")
    pages = len(pdf.pages)
    assert pages >= 24 and pages % 2 == 0
    assert "Ninety Noughts" in pdf.pages[0].extract_text()
    cover = PdfReader(book / "cover.pdf").pages[0]
    assert abs(float(cover.mediabox.width) / 72 - (0.25 + 12 + pages * 0.002252)) < 0.01
    # the classroom set: its own option reaches every puzzle
    klass_data = json.loads((klass / "manifest.json").read_text())
    assert len(klass_data["students"]) == 4 and len(klass_data["puzzles"]) == 12
    assert {p["to_move"] for p in klass_data["puzzles"]} == {"O"}
    # the web site: its own template, no network
    page = (web / "2027-01-02.html").read_text()
    assert 'id="to-move"' in page and "How to play" in page and "X wins on" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", page)
    # the older name, in French
    assert "Énigme" in PdfReader(fr / "booklet.pdf").pages[3].extract_text() or any(
        "Énigme" in p.extract_text() for p in PdfReader(fr / "booklet.pdf").pages)
    assert outs[8].strip() == "C1"  # its own command
    assert all("answers and files verified" in out for out in outs[9:])


def test_check_finds_a_wrong_answer(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "b"
    ok(spacebowl(site, ["noughts", "booklet", "--days", "4", "-q", "-o", str(out)]))
    data = json.loads((out / "manifest.json").read_text())
    data["puzzles"][2]["answer"] = ["B2"]
    (out / "manifest.json").write_text(json.dumps(data))
    [(code, _, err)] = spacebowl(site, ["check", str(out / "manifest.json")])
    assert code == 1 and data["puzzles"][2]["id"] in err
