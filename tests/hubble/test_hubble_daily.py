"""``spacebowl hubble booklet`` (and its older name ``daily``): the manifest has the spec's
shape plus the tier, its pars replay to their totals and ``spacebowl check`` proves them; a
tampered par or tier fails (also with --answers-only, so the engine catches it, not only the
seal); the same seed gives the same bytes; pages are the paper, text at 6 pt or more, fonts
embedded, every roll and every par printed; the class set has a pad per student and a
teacher's key with the par."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdf
import pytest
from click.testing import CliRunner
from hubble_helpers import hubble_run, pdf_text
from pdfread import char_sizes as text_sizes

from spacebowl_print.cli.main import cli
from spacebowl_print.core import resultcache
from spacebowl_print.games.hubble.model.challenge import (
    challenge_from_json,
    min_rolls,
    play_from_json,
    solo_rules_problem,
)
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad, score_to_json
from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS
from spacebowl_print.render.api import MM_PER_PT, PAPER

DAYS = 2


@pytest.fixture(scope="module")
def booklet(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    # solved here, not read from the suite's par cache (tests/conftest.py): the jobs test
    # below compares two real solves
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(resultcache.ENV, raising=False)
        yield hubble_run("booklet", tmp_path_factory.mktemp("hd") / "book", "--days",
                         str(DAYS), "--start", "2027-03-01", "--seed", "7", "--jobs", "2")


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # the older name and its options still make a class set sharing one challenge, in the
    # folder given, whatever its name (the older name once rewrote "-booklet" to "-class")
    return hubble_run("daily", tmp_path_factory.mktemp("hd") / "my-booklet", "--classroom",
                      "--students", "3", "--seed", "7", "--paper", "a4", "--lang", "fr")


def _manifest(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "manifest.json").read_text("utf-8"))
    return data


def _check(path: Path, *args: str) -> Any:
    return CliRunner().invoke(cli, ["check", str(path), *args])


# -- the manifest ------------------------------------------------------------------------------

def test_manifest_has_the_spec_shape(booklet: Path) -> None:
    data = _manifest(booklet)
    assert data["game"] == "hubble"
    assert isinstance(data["title"], str) and data["title"]
    assert data["seed"] == 7
    assert set(data["files"]) == {"booklet.pdf"}  # its record (spacebowl-output.json) beside
    assert [p["id"] for p in data["puzzles"]] == ["2027-03-01", "2027-03-02"]
    cset = load_constellation_set()
    for entry in data["puzzles"]:
        assert list(entry) == ["id", "tier", "challenge", "par"]
        assert list(entry["par"]) == ["total", "score", "play", "bound"]
        assert entry["par"]["total"] <= entry["par"]["bound"]
        ch = challenge_from_json(entry["challenge"], cset.names)
        assert (ch.cols, ch.rows) == (STANDARD_COLS, STANDARD_ROWS)
        assert len(ch.rolls) == min_rolls(ch.cols, ch.rows)
        assert solo_rules_problem(ch) is None
        # the play reaches exactly the total, as the engine scores it
        pad = replay(ch, play_from_json(entry["par"]["play"], ch.geometry))
        score = score_pad(pad, cset.pick(ch.constellations))
        assert entry["par"]["total"] == score.total
        assert entry["par"]["score"] == score_to_json(score, ch.geometry)


def test_check_proves_the_booklet(booklet: Path) -> None:
    result = _check(booklet / "manifest.json")
    assert result.exit_code == 0, result.output
    assert f"all {DAYS}" in result.output


@pytest.mark.parametrize("what", ["total", "score", "play", "roll", "tier"])
def test_a_tampered_par_fails(booklet: Path, tmp_path: Path, what: str) -> None:
    data = copy.deepcopy(_manifest(booklet))
    entry = data["puzzles"][1]
    if what == "total":
        entry["par"]["total"] += 1
    elif what == "score":
        entry["par"]["score"]["comet"] += 4
    elif what == "play":
        # the first placing turn draws its first icon somewhere else: illegal or rescored
        turn = next(t for t in entry["par"]["play"]["turns"] if "place" in t)
        cells = list(turn["place"])
        turn["place"][cells[0]] = "S" if turn["place"][cells[0]] != "S" else "G"
    elif what == "roll":
        entry["challenge"]["rolls"][0]["icons"] = ["G", "G"]
    else:
        entry["tier"] = entry["tier"] % 5 + 1
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(data), "utf-8")
    for args in ((), ("--answers-only",)):
        result = _check(path, *args)
        assert result.exit_code == 1, (what, args, result.output)
        assert "2027-03-02" in result.output


def test_same_seed_same_bytes_whatever_the_jobs(booklet: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Solving the pars in two processes (the fixture) or in one gives the very same
    booklet."""
    monkeypatch.delenv(resultcache.ENV, raising=False)
    again = hubble_run("daily", tmp_path / "again", "--days", str(DAYS), "--start",
                       "2027-03-01", "--seed", "7", "--jobs", "1")  # the older name, one job
    for name in ("booklet.pdf", "manifest.json"):
        assert (again / name).read_bytes() == (booklet / name).read_bytes(), name


# -- the booklet -------------------------------------------------------------------------------



def test_pages_fonts_and_sizes(booklet: Path) -> None:
    reader = pypdf.PdfReader(booklet / "booklet.pdf")
    pw, ph = PAPER["a5"]
    for page in reader.pages:
        assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(pw, abs=0.05)
        assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(ph, abs=0.05)
    # title, copyright, how to play, one page a day, one page of answers (two a page on A5)
    assert len(reader.pages) == 3 + DAYS + 1
    for page in reader.pages:
        for font in (page.get("/Resources") or {}).get("/Font", {}).values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"]
    sizes = text_sizes(booklet / "booklet.pdf")
    assert min(sizes) >= 6.0 - 1e-6


def test_every_roll_and_par_is_printed(booklet: Path) -> None:
    data = _manifest(booklet)
    reader = pypdf.PdfReader(booklet / "booklet.pdf")
    for k, entry in enumerate(data["puzzles"]):
        page = " ".join((reader.pages[3 + k].extract_text() or "").split())
        rolls = entry["challenge"]["rolls"]
        assert page.count("your choice") == sum(1 for r in rolls if r["third"] is None)
        assert str(len(rolls)) in page.split()
        for name in entry["challenge"]["constellations"]:
            assert name in page
    answers = " ".join((reader.pages[-1].extract_text() or "").split())
    for entry in data["puzzles"]:
        assert f"Par {entry['par']['total']}:" in answers
        score = entry["par"]["score"]
        assert (f"galaxy {score['galaxy']} · planet {score['planet']} · asteroid "
                f"{score['asteroid']} · comet {score['comet']} · stars {score['stars']}"
                in answers)


# -- the class set -----------------------------------------------------------------------------

def test_classroom_one_pad_per_student_and_a_teacher_key(classroom: Path) -> None:
    data = _manifest(classroom)
    assert classroom.name == "my-booklet" and not (classroom.parent / "my-class").exists()
    assert data["game"] == "hubble" and len(data["puzzles"]) == 1
    assert len(data["students"]) == 3
    assert set(data["files"]) == {"worksheets.pdf", "teacher-key.pdf"}
    sheets = pypdf.PdfReader(classroom / "worksheets.pdf")
    # the teaching page and its back, then each student's pad on a sheet of their own
    assert len(sheets.pages) == 2 + 3 * 2
    for code, page in zip(data["students"], sheets.pages[2::2], strict=True):
        text = page.extract_text() or ""
        assert "Nom" in text and code in text
    key = " ".join(pdf_text(classroom / "teacher-key.pdf").replace("\xa0", " ").split())
    total = data["puzzles"][0]["par"]["total"]
    assert f"par {total}" in key and all(code in key for code in data["students"])
    assert min(text_sizes(classroom / "worksheets.pdf")) >= 6.0 - 1e-6
    assert min(text_sizes(classroom / "teacher-key.pdf")) >= 6.0 - 1e-6
    result = _check(classroom / "manifest.json")
    assert result.exit_code == 0, result.output


def test_bad_options_are_one_line(tmp_path: Path) -> None:
    for args, word in ((["--days", "0"], "days"), (["--classroom"], "students"),
                       (["--students", "3"], "students"), (["--lang", "it"], "lang")):
        result = CliRunner().invoke(cli, ["hubble", "daily", "-q", "-o", str(tmp_path / "x"),
                                          *args])
        assert result.exit_code == 2, (args, result.output)
        assert word in result.output.lower(), (args, result.output)
