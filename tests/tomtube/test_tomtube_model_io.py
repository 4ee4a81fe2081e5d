"""Strict readers and canonical writers: the tile set TOML and position.json / MOVE.json."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from tomtube_helpers import random_position

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.model import (
    Move,
    Pass,
    Placement,
    move_from_json,
    position_from_json,
    position_to_json,
    start_position,
    tiles_from_toml,
    tiles_to_toml,
)

TILES = load_tiles()


def start_json() -> dict[str, Any]:
    return position_to_json(start_position([3, 1, 2]))


def test_position_round_trip() -> None:
    for seed in range(15):
        pos = random_position(TILES, seed)
        js = position_to_json(pos)
        assert position_to_json(position_from_json(js, TILES)) == js
        assert list(js["counters"]) == sorted(js["counters"])


def test_start_position_is_valid_and_omitted_held_kinds_are_zero() -> None:
    js = start_json()
    js["astronauts"]["dave"]["held"] = {"energy": 1}
    pos = position_from_json(js, TILES)
    assert pos.astronauts["dave"].held == {"energy": 1, "control": 0, "alien": 0, "solar": 0}


@pytest.mark.parametrize(("change", "message"), [
    (lambda j: j.update(extra=1), "extra: unknown key"),
    (lambda j: j.pop("stock"), "stock: missing key"),
    (lambda j: j["rhombs"].append({"id": 5, "at": "C4-B3", "s1": "B4"}),
     "rhombs[0].at: write an edge name sorted: 'B3-C4'"),
    (lambda j: j["rhombs"].append({"id": 5, "at": "A2-A3", "s1": "B3"}),
     "not a rhomb position"),
    (lambda j: j["rhombs"].append({"id": 5, "at": "B3-C4", "s1": "B3"}),
     "must be a sharp corner of B3-C4 (B4 or C3)"),
    (lambda j: j["rhombs"].extend([{"id": 5, "at": "B3-C4", "s1": "B4"},
                                   {"id": 6, "at": "B4-C4", "s1": "B5"}]),
     "rhombs[1].at: overlaps B3-C4"),
    (lambda j: j["rhombs"].append({"id": 3, "at": "B3-C4", "s1": "B4"}),
     "stack[0]: rhomb 3 is already placed or stacked"),
    (lambda j: j["triangles"].append({"owner": "tom", "at": "A2-B2-B3", "tube": ["A2", "C3"]}),
     "triangles[0].tube: must be two different knots of A2-B2-B3"),
    (lambda j: j["astronauts"]["tom"].update(at="I3"), "tom may never enter dave's module"),
    (lambda j: j["astronauts"]["tom"].update(at="E5"), "knot E5 is not a sphere"),
    (lambda j: j["astronauts"]["tom"]["held"].update(solar=1),
     "tom has only 2 solar counters"),
    (lambda j: j["stock"].update(energy=23), "25 energy counters in play but the box holds 24"),
    (lambda j: j["counters"].update({"E5": "alien"}), "knot E5 is not a sphere"),
    (lambda j: j.update(to_move="bob"), "to_move: must be"),
])
def test_position_errors_name_the_field(change: Any, message: str) -> None:
    js = start_json()
    change(js)
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[").replace("]", r"\]")):
        position_from_json(js, TILES)


def test_move_reader() -> None:
    assert move_from_json({"kind": "drift", "to": "D5", "pay": None}) == Move("drift", "D5",
                                                                              None)
    assert move_from_json({"kind": "pass"}) == Pass()
    pl = move_from_json({"kind": "place", "at": "B3-C4", "s1": "B4",
                         "fill": [{"at": "A2-B2-B3", "tube": ["B3", "A2"]}]})
    assert isinstance(pl, Placement) and pl.fill[0].tube == ("A2", "B3")
    for bad, msg in (({"kind": "jump", "to": "E5", "pay": None}, "pay"),
                     ({"kind": "fly"}, "kind"),
                     ({"kind": "drift", "to": "E5"}, "pay: missing key")):
        with pytest.raises(InputError, match=msg):
            move_from_json(bad)


def test_tiles_toml_round_trip_and_errors() -> None:
    text = tiles_to_toml(list(TILES.tiles.values()), 'name = "x"\n', "[design]\nnote = 1\n")
    again = tiles_from_toml(text)
    assert again.tiles == TILES.tiles
    bad = text.replace('s2 = "dave"', 's2 = "red"', 1)
    with pytest.raises(InputError) as err:
        tiles_from_toml(bad, "t.toml")
    line = next(i for i, ln in enumerate(bad.split("\n"), 1) if 's2 = "red"' in ln)
    assert str(err.value).startswith(f"t.toml:{line}: rhombs[") and "s2" in str(err.value)
    with pytest.raises(InputError, match="id 1 is used twice"):
        tiles_from_toml(text.replace("id = 2\n", "id = 1\n"), "t.toml")
    with pytest.raises(InputError, match=r"t.toml:1: not valid TOML"):
        tiles_from_toml("[[rhombs]\n", "t.toml")
    with pytest.raises(InputError, match="unknown key"):
        tiles_from_toml(text.replace("cross = false", "cross = false\ncolour = 1", 1))


def test_reader_rejects_random_damage_with_one_line() -> None:
    rng = random.Random(4)
    pos = random_position(TILES, 11, 30)
    js = position_to_json(pos)
    for _ in range(60):
        bad = copy.deepcopy(js)
        key = rng.choice(["rhombs", "triangles", "stack", "counters", "astronauts", "stock"])
        bad[key] = rng.choice([None, 3, "x", [True], {"a": 1}])
        with pytest.raises(InputError) as err:
            position_from_json(bad, TILES)
        assert "\n" not in str(err.value)
