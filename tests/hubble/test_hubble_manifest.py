"""Daily manifest entries: made with the par solver, re-derived by verify_entry, and every kind
of tampering caught; the solo title bands."""

from __future__ import annotations

import copy
import json

import pytest
from hubble_helpers import tamper

from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.titles import (
    TITLE_FLOORS,
    TITLES,
    band_label,
    title_band,
    title_for,
)
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.manifest import make_entry, verify_entry

CSET = load_constellation_set()


@pytest.fixture(scope="module")
def entry() -> dict:  # type: ignore[type-arg]
    made = make_entry(generate_challenge(3, "2027-01-04", CSET.names), CSET)
    return json.loads(json.dumps(made))  # as a manifest file would hold it


def test_entry_shape_and_verification(entry: dict) -> None:  # type: ignore[type-arg]
    assert set(entry) == {"id", "challenge", "par"}
    assert set(entry["par"]) == {"total", "score", "play", "bound"}
    assert entry["par"]["total"] == entry["par"]["score"]["total"] <= entry["par"]["bound"]
    assert entry["par"]["play"]["challenge"] == entry["id"] == "2027-01-04"
    assert verify_entry(entry) is None


@pytest.mark.parametrize(("path", "value", "needle"), [
    (("par", "total"), 1, "par.total: the replayed pad scores"),
    (("par", "bound"), 1, "par.bound: must be a whole number of at least the par"),
    (("par", "bound"), 10.5, "par.bound: must be a whole number"),
    (("par", "score", "comet"), 999, "par.score: the replayed pad scores"),
    (("id",), "2027-01-05", "is not the challenge's id"),
    (("challenge", "rolls", 2, "third"), "S", "challenge: rolls[2].third: round 3"),
    (("challenge", "constellations"), ["Lyra"], "deals 2 different constellation cards"),
    (("challenge", "constellations", 0), "Vega", "challenge.constellations[0]: unknown"),
    (("par", "play", "challenge"), "other", "par.play.challenge: answers challenge"),
    (("extra",), 1, "unknown key \\\"extra\\\""),
])
def test_tampering_is_caught(entry: dict, path: tuple, value: object,  # type: ignore[type-arg]
                             needle: str) -> None:
    message = verify_entry(tamper(entry, *path, value=value))
    assert message is not None
    assert needle.replace("\\\"", '"') in message
    assert "\n" not in message


def test_an_illegal_turn_is_named(entry: dict) -> None:  # type: ignore[type-arg]
    e = copy.deepcopy(entry)
    turns = e["par"]["play"]["turns"]
    turns[1] = turns[0]  # the same cells twice: drawn icons land on drawn cells
    message = verify_entry(e)
    assert message is not None and "par.play.turns[1]: turn 2:" in message


def test_missing_parts(entry: dict) -> None:  # type: ignore[type-arg]
    e = copy.deepcopy(entry)
    del e["par"]["play"]
    assert verify_entry(e) == "par.play: missing key"
    assert "must be a JSON object" in (verify_entry([]) or "")  # type: ignore[arg-type]


def test_title_bands() -> None:
    assert TITLE_FLOORS == (0, 69, 76, 84, 92, 100)
    for total, band in [(0, 0), (68, 0), (69, 1), (75, 1), (76, 2), (83, 2), (84, 3),
                        (91, 3), (92, 4), (99, 4), (100, 5), (250, 5)]:
        assert title_band(total) == band
    for lang, titles in TITLES.items():
        assert len(titles) == len(set(titles)) == 6, lang
        assert title_for(100, lang) == titles[5]
    assert [band_label(b) for b in range(6)] == ["0–68", "69–75", "76–83", "84–91", "92–99",
                                                 "100+"]
    with pytest.raises(ValueError):
        title_for(50, "xx")


def test_titles_are_the_rulebooks() -> None:
    """The rulebook names the six solo titles (issue 17): printed as given in English."""
    assert TITLES["en"] == ("Starry-Eyed Enthusiast", "Amateur Astronomer", "Capable Cosmologist",
                            "Perceptive Planet-Hopper", "Stupendous Stargazer",
                            "Amazing Astrophysicist")
    assert [title_for(t) for t in (68, 69, 83, 84, 99, 100)] == [
        "Starry-Eyed Enthusiast", "Amateur Astronomer", "Capable Cosmologist",
        "Perceptive Planet-Hopper", "Stupendous Stargazer", "Amazing Astrophysicist"]
