"""Reading a tile set named on the command line (default: the shipped one)."""

from __future__ import annotations

from pathlib import Path

from spacebowl_print.core.cli import read_text
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.tomtube.model.tiles import TileSet, tiles_from_toml
from spacebowl_print.publish.kinds import Option

TILES_FILE = "tomtube-tiles.toml"
TILES_OPTION = Option("tiles", "--tiles", "Tile set TOML (default: the shipped "
                      "decks/tomtube-tiles.toml).", default=None, metavar="FILE", limit=4096)
"""``--tiles``, on the kit and on every puzzle command."""


def default_tiles_path() -> Path:
    """The shipped tile set."""
    return decks_dir() / TILES_FILE


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Read a tile set file (default: the shipped one); errors name file, line and field."""
    p = Path(path) if path else default_tiles_path()
    return tiles_from_toml(read_text(p), str(p))


__all__ = ["TILES_FILE", "TILES_OPTION", "default_tiles_path", "load_tiles"]
