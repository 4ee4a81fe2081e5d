"""Hubble inputs that once slipped past a one-line answer (found by a review of stop 31's
changes): each case is the very file that showed the bug."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli

Challenge = tuple[Path, dict[str, Any]]
"""A challenge file and its par's play log."""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["hubble", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def challenge(tmp_path_factory: pytest.TempPathFactory) -> Challenge:
    """A 6×6 challenge file and its par's play log."""
    folder = tmp_path_factory.mktemp("hubble")
    code, out = run("challenge", "--seed", "4", "--id", "c", "--size", "6x6")
    assert code == 0
    (folder / "c.json").write_text(out, encoding="utf-8")
    code, out = run("par", str(folder / "c.json"), "--json")
    assert code == 0
    return folder / "c.json", json.loads(out)["play"]


def test_a_turn_malformed_deeper_down_still_follows_an_illegal_one(
        tmp_path: Path, challenge: Challenge) -> None:
    # a turn malformed deeper down (its "place" not an object: the error is at turns[3].place)
    # still counts as turn 4, so the illegal turn 2 before it is the one reported
    path, play = challenge
    turns = play["turns"]
    bad = {**play, "turns": [turns[0], turns[0], *turns[2:3], {"place": 5}]}
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    code, out = run("replay", str(path), str(tmp_path / "bad.json"), "--json")
    first = json.loads(out.splitlines()[0])
    assert code == 2 and first["turn"] == 2 and "turn 2:" in first["error"]


def test_a_refused_score_names_the_challenge(tmp_path: Path, challenge: Challenge,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # the stars' scoring refuses a pad it cannot prove within its budget; in replay and par
    # that refusal names the challenge whose cards it could not place (it came without a
    # file name there)
    from spacebowl_print.games.hubble.model.challenge import challenge_from_json, play_to_json
    from spacebowl_print.games.hubble.model.constellations import load_constellation_set
    from spacebowl_print.games.hubble.rules import stars
    from spacebowl_print.games.hubble.solve.par import beam_par

    path, _ = challenge
    # a play whose pad completes a card, so that replaying it must score the stars (the
    # beam search's par completes one here; the climbed par trades its stars for comets)
    cset = load_constellation_set()
    ch = challenge_from_json(json.loads(path.read_text(encoding="utf-8")), cset.names)
    beam = beam_par(ch, cset.pick(ch.constellations))
    assert beam.score.stars > 0
    play = play_to_json(beam.play, ch.geometry)
    (tmp_path / "p.json").write_text(json.dumps(play), encoding="utf-8")

    def starved(*_: object, **__: object) -> object:
        raise TimeoutError("starved")

    monkeypatch.setattr(stars, "SEARCH_LIMIT", 0)
    monkeypatch.setattr(stars, "solve_proved", starved)
    for args in (("replay", str(path), str(tmp_path / "p.json")), ("par", str(path))):
        code, out = run(*args)
        assert code == 2 and out.count("\n") == 1, out
        assert out.startswith(f"Error: {path}: constellations"), out
        assert "not proved within the budget" in out
