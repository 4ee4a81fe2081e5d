"""Tom Tube data: the board geometry, tiles and tile sets, positions and moves, with strict
readers and canonical writers. Imports nothing above ``core``."""

from spacebowl_print.games.tomtube.model.board import (
    BASES,
    COLOURS,
    DAVE,
    MODULES,
    NEUTRAL,
    PLAYERS,
    SOLARS,
    TOM,
    Board,
    board,
    other,
)
from spacebowl_print.games.tomtube.model.position import (
    HELD_KINDS,
    STOCK_KINDS,
    TOTALS,
    VALUES,
    Action,
    Astronaut,
    Exchange,
    Fill,
    Move,
    Pass,
    PlacedRhomb,
    PlacedTriangle,
    Placement,
    Position,
    position_to_json,
    start_position,
)
from spacebowl_print.games.tomtube.model.position_read import move_from_json, position_from_json
from spacebowl_print.games.tomtube.model.tiles import (
    CORNERS,
    Tile,
    TileSet,
    tiles_from_mapping,
    tiles_from_toml,
    tiles_to_toml,
)

__all__ = [
    "BASES", "COLOURS", "CORNERS", "DAVE", "HELD_KINDS", "MODULES", "NEUTRAL", "PLAYERS",
    "SOLARS", "STOCK_KINDS", "TOM", "TOTALS", "VALUES", "Action", "Astronaut", "Board", "Exchange",
    "Fill", "Move", "Pass", "PlacedRhomb", "PlacedTriangle", "Placement", "Position",
    "Tile", "TileSet", "board", "move_from_json", "other", "position_from_json",
    "position_to_json", "start_position", "tiles_from_mapping", "tiles_from_toml",
    "tiles_to_toml",
]
