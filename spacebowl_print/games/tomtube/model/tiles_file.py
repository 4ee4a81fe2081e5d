"""Reading a tile set named on the command line (default: the shipped one), and the options
object every Tom Tube publication takes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from spacebowl_print.core.cli import read_text
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.tomtube.model.tiles import TileSet, tiles_from_toml

TILES_FILE = "tomtube-tiles.toml"


def default_tiles_path() -> Path:
    """The shipped tile set."""
    return decks_dir() / TILES_FILE


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Read a tile set file (default: the shipped one); errors name file, line and field."""
    p = Path(path) if path else default_tiles_path()
    return tiles_from_toml(read_text(p), str(p))


@dataclass(frozen=True)
class TilesChoice:
    """Tom Tube's own options on the kit and on every puzzle command (the table's
    ``--tiles``): ``tiles``, a tile set file, or None for the shipped one."""

    tiles: str | None = None

    def load(self) -> TileSet:
        """The tile set these options name."""
        return load_tiles(self.tiles)


__all__ = ["TILES_FILE", "TilesChoice", "default_tiles_path", "load_tiles"]
