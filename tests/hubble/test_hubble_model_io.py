"""Strict readers and writers: pad.json, the constellation set TOML, challenge.json and
play.json — round trips, and one-line errors naming file, line and field."""

from __future__ import annotations

import json

import pytest

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import loads_json
from spacebowl_print.games.hubble.model.challenge import (
    Fog,
    Place,
    challenge_from_json,
    challenge_to_json,
    min_rolls,
    play_from_json,
    play_to_json,
    solo_rules_problem,
)
from spacebowl_print.games.hubble.model.constellations import (
    ConstellationSet,
    constellations_from_toml,
    constellations_to_toml,
    load_constellation_set,
)
from spacebowl_print.games.hubble.model.geometry import geometry
from spacebowl_print.games.hubble.model.pad import Pad, pad_from_json, pad_to_json
from spacebowl_print.games.hubble.solve.challenges import generate_challenge

ROWS = ["G.P.", "..S.", "CC..", "...A"]


def error_of(fn, *args) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as info:
        fn(*args)
    text = str(info.value)
    assert "\n" not in text
    return text


# --------------------------------------------------------------------------- pad.json

def test_pad_round_trip() -> None:
    obj = {"rows": ROWS, "constellations": ["Lyra", "Libra"], "fog": 2}
    pad = pad_from_json(obj, ["Lyra", "Libra"])
    assert (pad.cols, pad.rows, pad.fog, pad.constellations) == (4, 4, 2, ("Lyra", "Libra"))
    assert pad_to_json(pad) == obj
    assert pad_from_json({"rows": ROWS}) == Pad.from_rows(ROWS)
    # a card listed twice is two copies (each star still serves one card)
    assert pad_from_json({"rows": ROWS, "constellations": ["Lyra", "Lyra"]}).constellations == (
        "Lyra", "Lyra")


@pytest.mark.parametrize(("obj", "needle"), [
    ({}, "rows: missing key"),
    ({"rows": ROWS, "extra": 1}, "extra: unknown key"),
    ({"rows": "G.P."}, "rows: must be a list"),
    ({"rows": ["G.P.", "..s.", "....", "...."]}, "rows[1]: character 3 is \"s\""),
    ({"rows": ["G.P.", "...", "....", "...."]}, "rows[1]: has 3 cells but rows[0] has 4"),
    ({"rows": ["G.P..", "....."] * 2}, "rows[0]: a row must have an even number"),
    ({"rows": ["...."] * 6 + ["...."]}, "rows: a pad has an even number of rows"),
    ({"rows": ROWS, "constellations": ["Vega"]}, "constellations[0]: unknown constellation"),
    ({"rows": ROWS, "fog": 4}, "fog: must be a whole number from 0 to 3"),
    ({"rows": ROWS, "fog": True}, "fog: must be a whole number"),
    ({"rows": [1, 2, 3, 4]}, "rows[0]: must be a string"),
])
def test_pad_errors(obj: object, needle: str) -> None:
    assert needle in error_of(pad_from_json, obj, ["Lyra"])


def test_long_values_are_cut_in_errors() -> None:
    text = error_of(pad_from_json, {"rows": ROWS, "fog": "x" * 10_000})
    assert len(text) < 120


# --------------------------------------------------------------------------- set TOML

SET = """name = "test"

[[constellations]]
name = "Pair"
value = 5
bonus = 2
red = [[0, 0], [1, 0]]
purple = [[2, 0]]

[[constellations]]
name = "Trio"
value = 7
red = [[0, 0], [1, 0], [0, 1]]
"""


def test_set_round_trip() -> None:
    cset = constellations_from_toml(SET, "t.toml")
    assert cset.names == ("Pair", "Trio")
    assert cset["Trio"].bonus == 0 and cset["Trio"].purple == ()
    again = constellations_from_toml(constellations_to_toml(cset, "a header\nof two lines"))
    assert again == cset


@pytest.mark.parametrize(("old", "new", "needle"), [
    ("value = 7", "value = 0", "t.toml:12: constellations[1].value: must be a whole number"),
    ("value = 7", "value = \"7\"", "t.toml:12: constellations[1].value"),
    ("red = [[0, 0], [1, 0], [0, 1]]", "red = [[0, 0]]", "t.toml:13: constellations[1].red: "
     "needs at least 2"),
    ("red = [[0, 0], [1, 0], [0, 1]]", "red = [[0, 0], [0, 0]]", "is listed twice"),
    ("red = [[0, 0], [1, 0], [0, 1]]", "red = [[0, 0], [1]]", "constellations[1].red[1]"),
    ("purple = [[2, 0]]", "purple = [[1, 0]]", "t.toml:8: constellations[0].purple: offset "
     "[1, 0] is both red and purple"),
    ("purple = [[2, 0]]", "purple = []", "t.toml:6: constellations[0].bonus: must be 0"),
    ('name = "Trio"', 'name = "Pair"', "t.toml:11: constellations[1].name: \"Pair\" names two"),
    ('name = "Trio"', 'name = "Trio"\ncolour = "red"', "constellations[1].colour: unknown key"),
    ('name = "test"', 'name = ', "t.toml:1: not valid TOML"),
    ('name = "test"', '', "name: must be the set's name"),
])
def test_set_errors(old: str, new: str, needle: str) -> None:
    assert needle in error_of(constellations_from_toml, SET.replace(old, new, 1), "t.toml")


def test_shipped_set_loads() -> None:
    cset = load_constellation_set()
    assert isinstance(cset, ConstellationSet) and len(cset) == 20


def test_missing_set_file() -> None:
    assert "no such file" in error_of(load_constellation_set, "/nonexistent/set.toml")


# --------------------------------------------------------------------------- challenge.json

def test_challenge_round_trip_and_solo_rules() -> None:
    names = load_constellation_set().names
    ch = generate_challenge(5, "2027-01-04", names, 8, 6)
    obj = json.loads(json.dumps(challenge_to_json(ch)))
    assert challenge_from_json(obj, names) == ch
    assert solo_rules_problem(ch) is None
    assert len(ch.rolls) == min_rolls(8, 6) == 19


def challenge_obj() -> dict:  # type: ignore[type-arg]
    return {"id": "x", "pad": {"cols": 4, "rows": 4}, "constellations": ["Lyra", "Libra"],
            "rolls": [{"quadrants": ["red", "blue"], "icons": ["C", "G"], "third": "S"},
                      {"quadrants": ["green", "red"], "icons": ["P", "."], "third": None}]}


@pytest.mark.parametrize(("path", "value", "needle"), [
    (("pad", "cols"), 5, "pad: cols must be an even number"),
    (("pad", "rows"), 28, "pad: rows must be an even number"),
    (("rolls", 0, "quadrants"), ["red", "red"], "rolls[0].quadrants: two dice of one colour"),
    (("rolls", 0, "quadrants"), ["red", "pink"], "rolls[0].quadrants[1]: must be one of red"),
    (("rolls", 1, "icons"), ["P", "X"], "rolls[1].icons[1]: must be one of G P A C S ."),
    (("rolls", 1, "third"), "SS", "rolls[1].third: must be one of"),
    (("constellations",), ["Lyra", "Nope"], "constellations[1]: unknown constellation"),
    (("id",), "", "id: must be a non-empty string"),
])
def test_challenge_errors(path: tuple, value: object, needle: str) -> None:  # type: ignore[type-arg]
    obj = challenge_obj()
    target = obj
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert needle in error_of(challenge_from_json, obj, ["Lyra", "Libra"])


def test_solo_rules_problems() -> None:
    ch = challenge_from_json(challenge_obj())
    assert "needs at least 8 rolls" in (solo_rules_problem(ch) or "")
    names = load_constellation_set().names
    good = generate_challenge(1, "x", names, 4, 4)
    obj = challenge_to_json(good)
    obj["rolls"][2]["third"] = "S"  # round 3 must leave the choice to the player
    assert "rolls[2].third: round 3" in (solo_rules_problem(challenge_from_json(obj)) or "")
    obj = challenge_to_json(good)
    obj["constellations"] = obj["constellations"][:1]
    assert "deals 2 different constellation cards" in (
        solo_rules_problem(challenge_from_json(obj)) or "")
    obj["constellations"] = [obj["constellations"][0]] * 2
    assert "deals 2 different" in (solo_rules_problem(challenge_from_json(obj)) or "")


# --------------------------------------------------------------------------- play.json

def test_play_round_trip() -> None:
    geo = geometry(12, 12)
    text = ('{"challenge": "2027-01-04", "turns": [{"place": {"C4": "C", "D4": "G", "C5": "S"}},'
            ' {"fog": {"H2": "P"}}, {"fog": {}}]}')
    log = play_from_json(loads_json(text), geo)
    assert log.turns == (Place(((geo.parse_cell("C4"), "C"), (geo.parse_cell("D4"), "G"),
                                (geo.parse_cell("C5"), "S"))),
                         Fog(geo.parse_cell("H2"), "P"), Fog())
    assert play_to_json(log, geo) == json.loads(text)


@pytest.mark.parametrize(("turn", "needle"), [
    ({"place": {"C4": "C", "D4": "G"}}, "turns[0].place: must map the three cells"),
    ({"place": {"C4": "C", "D4": "G", "c5": "S"}}, "turns[0].place: not a cell name"),
    ({"place": {"C4": "C", "D4": "G", "C13": "S"}}, "cell C13 is off the 12×12 pad"),
    ({"place": {"C4": "C", "D4": "G", "C5": "X"}}, "turns[0].place.C5: must be one of"),
    ({"fog": {"H2": "."}}, "turns[0].fog.H2: must be one of G P A C S (use {} to draw nothing)"),
    ({"fog": {"H2": "P", "H3": "P"}}, "turns[0].fog: draws at most one icon"),
    ({"jump": {}}, "turns[0]: must be"),
    ({"place": {}, "fog": {}}, "turns[0]: must be"),
])
def test_play_errors(turn: object, needle: str) -> None:
    obj = {"challenge": "x", "turns": [turn]}
    assert needle in error_of(play_from_json, obj, geometry(12, 12))


def test_duplicate_cells_in_a_place_are_refused_by_strict_json() -> None:
    with pytest.raises(InputError, match="appears twice"):
        loads_json('{"place": {"C4": "C", "C4": "G", "C5": "S"}}')
