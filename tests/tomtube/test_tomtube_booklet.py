"""``spacebowl tomtube puzzles``: the manifest has the spec's shape and passes ``spacebowl
check``; a tampered answer, line, position or PDF fails it; the answer key draws the engine's
routes; the booklet prints its answer lengths; pages are A5 (or the paper asked), fonts
embedded, no text under 6 pt; the same seed gives the same bytes."""

from __future__ import annotations

import itertools
import json
import shutil
from collections import Counter
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pypdf
import pytest
from click.testing import CliRunner
from pdfread import char_sizes as text_sizes
from pdfread import page_texts

from spacebowl_print.cli.main import cli
from spacebowl_print.games.tomtube.art.miniboard import legs
from spacebowl_print.games.tomtube.model import Move, board, move_from_json, position_from_json
from spacebowl_print.games.tomtube.rules import network
from spacebowl_print.games.tomtube.solve.puzzles import difficulty, shipped_tiles, verify_entry
from spacebowl_print.games.tomtube.solve.tiers import FLOORS, HORIZON, TIERS, tier_of
from spacebowl_print.render.api import MM_PER_PT, PAPER

TILES = shipped_tiles()
COUNT = 6


def _build(folder: Path, *args: str) -> Path:
    result = CliRunner().invoke(cli, ["tomtube", "puzzles", "-q", "-o", str(folder), *args])
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture(scope="module")
def booklet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("ttb") / "b", "--count", str(COUNT), "--seed", "5")


@pytest.fixture(scope="module")
def manifest(booklet: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((booklet / "manifest.json").read_text(encoding="utf-8"))
    return data


def _check(folder: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", str(folder / "manifest.json")])
    return result.exit_code, result.output


def _in_order(wanted: list[str], got: list[str]) -> bool:
    """``wanted`` appear in ``got`` in this order (the spec's keys; the midend adds more)."""
    it = iter(got)
    return all(k in it for k in wanted)


def test_manifest_has_the_spec_shape(manifest: dict[str, Any]) -> None:
    assert _in_order(["game", "title", "seed", "puzzles", "files", "seal"], list(manifest))
    assert manifest["game"] == "tomtube" and manifest["seed"] == 5
    start = date(2027, 1, 1)
    assert [p["id"] for p in manifest["puzzles"]] == [
        (start + timedelta(days=k)).isoformat() for k in range(COUNT)]
    for p in manifest["puzzles"]:
        assert _in_order(["id", "position", "answer"], list(p))
        assert list(p["answer"]) == ["moves", "line"]
        assert 3 <= p["answer"]["moves"] == len(p["answer"]["line"]) <= 8
        assert verify_entry(p, TILES) is None
        # the recorded tier and decoys are what a fresh count gives
        again = difficulty(p, TILES)
        assert (p["tier"], p["decoys"]) == (again["tier"], again["decoys"])


def test_untouched_booklet_passes_check(booklet: Path) -> None:
    code, out = _check(booklet)
    assert code == 0 and f"all {COUNT} answers and files verified" in out


def _answer(data: dict[str, Any], folder: Path) -> None:
    data["puzzles"][0]["answer"]["moves"] += 1
    data["puzzles"][0]["answer"]["line"].append(data["puzzles"][0]["answer"]["line"][-1])


def _line(data: dict[str, Any], folder: Path) -> None:
    line = data["puzzles"][0]["answer"]["line"]
    line[0], line[1] = line[1], line[0]


def _held(data: dict[str, Any], folder: Path) -> None:
    pos = data["puzzles"][0]["position"]
    pos["astronauts"][pos["to_move"]]["held"]["energy"] += 1  # a richer start: other proof


def _pdf(data: dict[str, Any], folder: Path) -> None:
    pdf = folder / "booklet.pdf"
    pdf.write_bytes(pdf.read_bytes() + b"% one more line\n")  # still a readable PDF


TAMPERS: dict[str, Callable[[dict[str, Any], Path], None]] = {
    "answer": _answer, "line": _line, "position": _held, "pdf": _pdf,
}


@pytest.mark.parametrize("what", sorted(TAMPERS))
def test_a_tampered_booklet_fails_check(booklet: Path, tmp_path: Path, what: str) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(booklet, copy)
    data = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    TAMPERS[what](data, copy)
    (copy / "manifest.json").write_text(json.dumps(data), encoding="utf-8")
    code, out = _check(copy)
    assert code == 1, out
    assert "puzzle" in out or "booklet.pdf" in out or "seal does not match" in out


def test_answer_routes_are_the_engines(manifest: dict[str, Any]) -> None:
    """Each answer move is drawn along tubes the engine's network has (drifts) or between
    neighbouring knots (jumps), from where the player stands to where the move goes."""
    b = board()
    for p in manifest["puzzles"]:
        pos = position_from_json(p["position"], TILES)
        net = network.build(pos, TILES)
        line = [move_from_json(m) for m in p["answer"]["line"]]
        moves = [mv for mv in line if isinstance(mv, Move)]
        assert len(moves) == len(line)
        here = pos.astronauts[pos.to_move].at
        for leg, mv in zip(legs(pos, TILES, moves), moves, strict=True):
            assert leg.path[0] == here and leg.path[-1] == mv.to
            if leg.jump:
                a, c = (b.knot_index[n] for n in leg.path)
                assert len(leg.path) == 2 and c in b.neighbours[a]
            else:
                nodes = [net.names.index(n) for n in leg.path]
                for a, c in itertools.pairwise(nodes):
                    assert any(c in (net.seg_ends[s][0], net.seg_ends[s][2])
                               for s in net.ports[a].values())
            here = leg.path[-1]


def test_booklet_pages_text_and_lengths(booklet: Path, manifest: dict[str, Any]) -> None:
    reader = pypdf.PdfReader(booklet / "booklet.pdf")
    for page in reader.pages:
        assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(PAPER["a5"][0], abs=0.05)
        assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(PAPER["a5"][1], abs=0.05)
        for font in page.get("/Resources", {}).get("/Font", {}).values():
            assert "/FontFile2" in font.get_object()["/FontDescriptor"]
    assert min(text_sizes(booklet / "booklet.pdf")) >= 6.0 - 1e-6
    text = "\n".join(page_texts(booklet / "booklet.pdf"))
    counts = Counter(p["answer"]["moves"] for p in manifest["puzzles"])
    for moves, n in counts.items():  # the introduction's table of answer lengths
        assert f"{moves} moves {n}" in text
    for k, p in enumerate(manifest["puzzles"], start=1):
        assert f"Puzzle {k} · " in text and f"Puzzle {k} · {p['id']}" in text
        moves = p["answer"]["moves"]
        first = p["answer"]["line"][0]["to"]
        assert f"{moves} moves" in text and first in text
    assert "Fewest moves home" in text and "Answers" in text


def test_the_tier_rule() -> None:
    """A puzzle is of the least tier whose solver knows its techniques, plans its length
    and sees through its decoys; each of the three alone can raise it."""
    assert tier_of(1, 3, 0) == 1
    assert tier_of(2, 3, 0) == 2 and tier_of(1, HORIZON[1] + 1, 0) == 2
    assert tier_of(1, 3, 3) == 2 and tier_of(1, 3, 11) == 5 and tier_of(5, 3, 0) == 5
    for level, moves, decoys in itertools.product(TIERS, range(3, 9), range(0, 20)):
        tier = tier_of(level, moves, decoys)
        assert tier >= level and all(tier_of(lv, moves, decoys) <= tier
                                     for lv in range(1, level + 1))
    assert all(FLOORS[t].decoys >= 1 for t in TIERS if t >= 2)  # no forced day above ★


def test_same_seed_same_bytes_and_german(booklet: Path, tmp_path: Path) -> None:
    again = _build(tmp_path / "again", "--count", str(COUNT), "--seed", "5")
    for name in ("booklet.pdf", "manifest.json"):
        assert (again / name).read_bytes() == (booklet / name).read_bytes()
    de = _build(tmp_path / "de", "--count", "2", "--seed", "9", "--lang", "de",
                "--paper", "letter")
    text = "\n".join(page_texts(de / "booklet.pdf"))
    width = float(pypdf.PdfReader(de / "booklet.pdf").pages[0].mediabox.width)
    assert width * MM_PER_PT == pytest.approx(PAPER["letter"][0], abs=0.05)
    assert "Rätsel 1" in text and "Lösungen" in text and "Deine Lösung" in text
    assert _check(de)[0] == 0


def test_bad_count_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["tomtube", "puzzles", "--count", "0",
                                      "-o", str(tmp_path / "x")])
    # the older name's --count is today's --days: the error names today's option
    assert result.exit_code == 2 and "--days" in result.output
