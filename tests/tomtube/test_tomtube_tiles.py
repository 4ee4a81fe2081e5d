"""The shipped tile set: 40 rhombs, balanced between the players by shape class, distinct
up to a half turn, reproduced by the designer from its seed."""

from __future__ import annotations

import tomllib

from spacebowl_print.games.tomtube.model import Tile, tiles_from_toml
from spacebowl_print.games.tomtube.model.tiles_file import default_tiles_path, load_tiles
from spacebowl_print.games.tomtube.solve.tiles_design import balance_report, is_balanced, shape
from spacebowl_print.games.tomtube.solve.tileset_file import SHIPPED, tileset_toml

TILES = load_tiles()


def test_forty_tiles_balanced() -> None:
    tiles = list(TILES.tiles.values())
    assert sorted(TILES.tiles) == list(range(1, 41))
    assert is_balanced(tiles)
    ends = {pl: sum(c == pl for t in tiles for c in t.corners) for pl in ("tom", "dave")}
    assert ends["tom"] == ends["dave"] > 0
    for row in balance_report(tiles).values():
        assert row["tom"] == row["dave"]


def test_design_properties() -> None:
    data = tomllib.loads(default_tiles_path().read_text(encoding="utf-8"))
    design = data["design"]
    tiles = list(TILES.tiles.values())
    assert sum(t.cross for t in tiles) == design["crosses"] == SHIPPED.crosses
    neutral = sum(c == "neutral" for t in tiles for c in t.corners)
    assert design["neutral_corners"][0] <= neutral <= design["neutral_corners"][1]
    assert all(sum(c is not None for c in t.corners) >= SHIPPED.min_tubes for t in tiles)
    looks = set()
    for t in tiles:
        assert (t.corners, t.cross) not in looks and t.half_turn() not in looks
        looks.add((t.corners, t.cross))
    assert design["selfplay"]["games"] >= 1000


def test_shape_classes() -> None:
    assert shape(Tile(1, ("tom", None, "tom", None), False), "tom") == ("straight", False)
    assert shape(Tile(1, ("tom", "neutral", None, None), True), "tom") == ("turn", True)
    assert shape(Tile(1, ("tom", "neutral", "dave", None), False), "dave") == ("turn", False)
    assert shape(Tile(1, ("tom", "neutral", "dave", None), False), "tom") == ("turn", False)
    assert shape(Tile(1, ("neutral", "neutral", "neutral", None), False), "tom")[0] == "fork"
    assert shape(Tile(1, ("dave", None, None, None), False), "tom")[0] == "none"


def test_designer_reproduces_the_shipped_rhombs() -> None:
    again = tiles_from_toml(tileset_toml(games=0), "regenerated")
    assert again.tiles == TILES.tiles
