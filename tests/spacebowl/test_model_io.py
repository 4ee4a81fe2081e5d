"""Readers reject bad input with one line naming what and where; writers round-trip."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from conftest import LETTERS, galaxies, tosses
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import (
    InputError,
    galaxy_from_json,
    galaxy_to_json,
    loads_json,
    parse_deck,
    toss_from_json,
    toss_to_json,
)
from spacebowl_print.games.spacebowl.model.deck_write import deck_to_toml

CLASSIC = (decks_dir() / "classic.toml").read_text()


def test_classic_deck_is_valid_and_round_trips() -> None:
    deck = parse_deck(CLASSIC, "classic.toml")
    assert len(deck.cards) == 56 and len(deck.planets) == 6
    assert len({p.glyph for p in deck.planets}) == 6
    assert len({p.colour for p in deck.planets}) == 6
    assert all(1 <= len(c.planets) <= 4 for c in deck.cards)
    assert any(c.black_hole for c in deck.cards)
    assert parse_deck(deck_to_toml(deck), "again.toml") == deck


@pytest.mark.parametrize(("edit", "expected"), [
    (('planets = "R', 'planets = "X'), "card 1.planets: unknown planet 'X'"),
    (('glyph = "ring"', 'glyph = "blob"'), "planet R.glyph: unknown glyph"),
    (('colour = "#D55E00"', 'colour = "red"'), "planet R.colour:"),
    (("id = 2\n", "id = 1\n"), "card 1.id: id used by an earlier card"),
    (("comets = ", "comets = -"), "comets: must be between 0 and 12"),
    (('name = "classic"', 'name = "Classic Deck"'), "name: must be a file-safe id"),
    (("black_hole = false", "black_hole = 0"), "black_hole: must be true or false"),
    (('title = "', 'titel = "'), "unknown field"),
])
def test_bad_decks_name_file_line_id_and_field(edit: tuple[str, str], expected: str) -> None:
    text = CLASSIC.replace(edit[0], edit[1], 1)
    assert text != CLASSIC
    with pytest.raises(InputError) as info:
        parse_deck(text, "decks/bad.toml")
    message = str(info.value)
    assert message.startswith("decks/bad.toml:")
    assert expected in message
    assert "\n" not in message


def test_deck_error_line_points_at_the_card() -> None:
    text = CLASSIC.replace('planets = "RY"', 'planets = "RR"', 1)
    with pytest.raises(InputError) as info:
        parse_deck(text, "d.toml")
    line = info.value.line
    assert line is not None
    lines = text.splitlines()
    assert lines[line - 1].strip() == "[[cards]]"
    assert 'planets = "RR"' in "\n".join(lines[line - 1 : line + 4])


def test_toml_syntax_error_has_line() -> None:
    with pytest.raises(InputError) as info:
        parse_deck(CLASSIC + "\n[[cards]\n", "d.toml")
    assert str(info.value).startswith("d.toml:") and info.value.line


@pytest.mark.parametrize(("obj", "expected"), [
    ({"cards": [["R", "G"], ["R", "G"], ["R", "G"]]}, "at least 3×3"),
    ({"cards": [["R", "G", "B"], ["R", "G"], ["R", "G", "B"]]}, "row 2"),
    ({"cards": [["R", "G", "Q"], ["R", "G", "B"], ["R", "G", "B"]]}, "C1: unknown planet 'Q'"),
    ({"cards": [["R", "G", 3], ["R", "G", "B"], ["R", "G", "B"]]}, "C1"),
    ({"cards": [["RR", "G", "B"], ["R", "G", "B"], ["R", "G", "B"]]}, "listed twice"),
    ({"cards": "RGB"}, "cards"),
    ([1, 2], "JSON object"),
])
def test_bad_galaxies(obj: object, expected: str) -> None:
    with pytest.raises(InputError, match=expected):
        galaxy_from_json(obj, LETTERS)


@pytest.mark.parametrize(("obj", "expected"), [
    ({"marbles": {}}, "destination"),
    ({"destination": "D1", "marbles": {}}, "outside the 3×3 grid"),
    ({"destination": "B2", "marbles": {"Q": "A1"}}, "unknown planet 'Q'"),
    ({"destination": "B2", "marbles": {"R": "A4"}}, "marbles.R"),
    ({"destination": "B2", "marbles": {}, "black_hole": "Z9"}, "black_hole"),
    ({"destination": "B2", "marble": {}}, "unknown key"),
])
def test_bad_tosses(obj: object, expected: str) -> None:
    with pytest.raises(InputError, match=expected):
        toss_from_json(obj, LETTERS)


def test_marble_twice_is_rejected_by_the_json_reader() -> None:
    with pytest.raises(InputError, match="appears twice"):
        loads_json('{"destination": "B2", "marbles": {"R": "A1", "R": "B2"}}')


@settings(max_examples=100)
@given(galaxies(), tosses())
def test_json_round_trip(galaxy: object, toss: object) -> None:
    from spacebowl_print.games.spacebowl.model import Galaxy, Toss

    assert isinstance(galaxy, Galaxy) and isinstance(toss, Toss)
    assert galaxy_from_json(galaxy_to_json(galaxy, LETTERS), LETTERS) == galaxy
    assert toss_from_json(toss_to_json(toss), LETTERS) == toss


def test_decks_dir_holds_the_classic_deck() -> None:
    assert Path(decks_dir(), "classic.toml").is_file()


def test_missing_or_unknown_fields_name_the_card_id() -> None:
    text = CLASSIC.replace('planets = "RY"', 'shiny = true', 1)
    with pytest.raises(InputError) as info:
        parse_deck(text, "d.toml")
    message = str(info.value)
    card_id = next(c.id for c in parse_deck(CLASSIC, "x").cards if c.planets == "RY")
    assert f"card {card_id}." in message and "shiny" in message


def test_absurd_numbers_and_nesting_are_input_errors() -> None:
    with pytest.raises(InputError):
        parse_deck(CLASSIC.replace("id = 1\n", "id = " + "9" * 5000 + "\n", 1), "d.toml")
    with pytest.raises(InputError):
        loads_json('{"card_ids": [[' + "9" * 5000 + "]]}")
    with pytest.raises(InputError):
        loads_json("[" * 100_000)
