"""Classroom keys a teacher marks with (issue 25, item 3), for every game: the tiers the set
really uses in the key's header, every code's answer drawn after the table (the marked
galaxy, the route, the par pad with the order of its rolls), no word of a booklet the set
does not have, a score sheet on each Hubble worksheet, and a teaching page with a worked
example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfread import page_texts

from spacebowl_print.cli.main import cli
from spacebowl_print.games.hubble.art.scoresheet import ROWS, TEXTS
from spacebowl_print.games.hubble.model.challenge import Place
from spacebowl_print.games.hubble.model.geometry import BLANK
from spacebowl_print.games.hubble.puzzles.item import roll_order
from spacebowl_print.publish.classroom import tier_span

GAMES = {"spacebowl": [], "tomtube": ["tomtube"], "hubble": ["hubble"]}


@pytest.fixture(scope="module", params=sorted(GAMES))
def made(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[str, Path]:
    game = request.param
    out = tmp_path_factory.mktemp(game) / "class"
    result = CliRunner().invoke(cli, [*GAMES[game], "classroom", "--students", "2",
                                      "--puzzles", "2", "--tier", "2", "-q", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return game, out


def test_the_key_says_the_tiers_used_and_draws_every_codes_answers(
        made: tuple[str, Path]) -> None:
    game, out = made
    data = json.loads((out / "manifest.json").read_text("utf-8"))
    key = page_texts(out / "teacher-key.pdf")
    assert "tier 2" in key[0] and "1–5" not in key[0]
    assert all("booklet" not in page.lower() for page in key)
    noun = {"spacebowl": "Puzzle", "tomtube": "Puzzle", "hubble": "Challenge"}[game]
    drawn = " ".join(key[1:])
    for code in data["students"]:
        for k in (1, 2):
            assert f"Code {code} · {noun} {k}/2 · ★★" in drawn
    if game == "tomtube":  # the route, every move spelled out
        for entry in data["puzzles"]:
            assert f"{entry['answer']['moves']} moves" in drawn
            assert f"to {entry['answer']['line'][-1]['to']}" in drawn
    if game == "hubble":  # the par and its categories
        for entry in data["puzzles"]:
            assert f"Par {entry['par']['total']}" in drawn


def test_worksheets_teach_and_hubble_scores(made: tuple[str, Path]) -> None:
    game, out = made
    sheets = page_texts(out / "worksheets.pdf")
    if game == "tomtube":
        assert "Worked example" in sheets[0]
        assert "3 moves" in sheets[0] or "4 moves" in sheets[0]
    if game == "hubble":
        score = [page for page in sheets if TEXTS["en"]["title"] in page]
        assert len(score) == 2  # one a student, after their challenges
        flat = " ".join(score[0].split())
        assert "Challenge 1" in flat and "Challenge 2" in flat
        for key in ("G", "P", "A", "C"):
            assert TEXTS["en"][key].split(":")[0] in flat


def test_tier_span() -> None:
    assert tier_span([2]) == "2" and tier_span([1, 2, 3]) == "1–3"
    assert tier_span([1, 3, 5]) == "1, 3, 5" and tier_span([]) == "—"


@pytest.mark.parametrize("made", ["hubble"], indirect=True)  # Hubble's set alone
def test_the_par_pad_numbers_each_hex_by_its_roll(made: tuple[str, Path]) -> None:
    """The order of the par's moves: every hex the play draws carries the roll that drew it
    (a later roll never renumbers an earlier hex: hexes are drawn once)."""
    game, out = made
    assert game == "hubble"
    from spacebowl_print.games.hubble.model.challenge import challenge_from_json, play_from_json
    from spacebowl_print.games.hubble.model.constellations import load_constellation_set

    entry = json.loads((out / "manifest.json").read_text("utf-8"))["puzzles"][0]
    names = load_constellation_set().names
    challenge = challenge_from_json(entry["challenge"], names)
    play = play_from_json(entry["par"]["play"], challenge.geometry)
    order = roll_order(play)
    drawn = sum(1 for t in play.turns if isinstance(t, Place) for _c, icon in t.cells
                if icon != BLANK) + sum(1 for t in play.turns
                                        if not isinstance(t, Place) and t.cell is not None)
    assert len(order) == drawn and set(order.values()) <= set(range(1, len(play.turns) + 1))
    assert ROWS[-2:] == ("total", "par")
