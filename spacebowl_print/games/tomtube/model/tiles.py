"""Rhomb tiles and the tile set file ``decks/tomtube-tiles.toml``.

A tile has four corners, counter-clockwise as seen on the printed board ``s1, b1, s2, b2``
(s sharp, b blunt); each corner carries a tube of colour ``tom``, ``dave`` or ``neutral``, or
none (``""`` in the file, ``None`` here). Every tube runs from its corner to the tile's centre,
which may show an energy cross.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.documents import parse
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show
from spacebowl_print.games.tomtube.model.board import COLOURS

CORNERS = ("s1", "b1", "s2", "b2")
MAX_TILES = 40


@dataclass(frozen=True)
class Tile:
    """One rhomb: its id, the tube colour at each corner ``(s1, b1, s2, b2)`` (``None`` for no
    tube) and whether its centre shows an energy cross."""

    id: int
    corners: tuple[str | None, str | None, str | None, str | None]
    cross: bool

    def half_turn(self) -> tuple[tuple[str | None, ...], bool]:
        """The tile's look after a half turn (s1↔s2, b1↔b2), for spotting duplicates."""
        c = self.corners
        return ((c[2], c[3], c[0], c[1]), self.cross)


@dataclass(frozen=True)
class TileSet:
    """The tiles by id, plus the file's other top-level values (ignored by the rules)."""

    tiles: Mapping[int, Tile]
    name: str = ""

    def __getitem__(self, tile_id: int) -> Tile:
        return self.tiles[tile_id]

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self.tiles

    def ids(self) -> list[int]:
        """Every tile id, ascending."""
        return sorted(self.tiles)


def tiles_from_toml(text: str, file: str = "tiles.toml") -> TileSet:
    """Read a tile set strictly: ``[[rhombs]]`` tables with exactly ``id`` (unique, 1..40),
    ``s1``, ``b1``, ``s2``, ``b2`` (a colour or ``""``) and ``cross`` (bool). Other top-level
    keys are ignored. The text goes through the shared bounded reader
    (:mod:`core.documents`); errors name the file, line and field."""
    doc = parse(text, "toml", file)
    try:
        return tiles_from_mapping(doc.data, file)
    except InputError as err:
        # rhombs[N] is 1-based in messages, the table index 0-based in the file
        path: list[str | int] = ["rhombs"]
        if len(err.where) > 0 and err.where[0].startswith("rhombs["):
            path.append(int(err.where[0][7:-1]) - 1)
            path += err.where[1:]
        raise doc.locate(err, path) from None


def tiles_from_mapping(data: Mapping[str, Any], file: str = "tiles.toml") -> TileSet:
    """Read an already-decoded tile set (see :func:`tiles_from_toml`)."""
    if not isinstance(data, Mapping):
        raise InputError(f"must be a table, got {show(data)}", file=file)
    raw = data.get("rhombs")
    if not isinstance(raw, list) or not raw:
        raise InputError("missing [[rhombs]] tables", "rhombs", file=file)
    if len(raw) > MAX_TILES:
        raise InputError(f"at most {MAX_TILES} [[rhombs]] tables, got {len(raw)}", "rhombs",
                         file=file)
    tiles: dict[int, Tile] = {}
    seen_ids: dict[int, int] = {}
    for i, entry in enumerate(raw):
        where = f"rhombs[{i + 1}]"

        def fail(msg: str, key: str | None, where: str = where) -> InputError:
            return InputError(msg, where, key or "", file=file)

        if not isinstance(entry, dict):
            raise fail("must be a table", None)
        for k in entry:
            if k not in ("id", *CORNERS, "cross"):
                raise fail(f"unknown key (expected id, {', '.join(CORNERS)}, cross)",
                           str(k)[:40])
        for k in ("id", *CORNERS, "cross"):
            if k not in entry:
                raise fail("missing key", k)
        tid = entry["id"]
        if not isinstance(tid, int) or isinstance(tid, bool) or not 1 <= tid <= MAX_TILES:
            raise fail(f"must be an integer 1..{MAX_TILES}, got {show(tid)}", "id")
        if tid in seen_ids:
            raise fail(f"id {tid} is used twice (also rhombs[{seen_ids[tid]}])", "id")
        seen_ids[tid] = i + 1
        corners: list[str | None] = []
        for k in CORNERS:
            v = entry[k]
            if not isinstance(v, str) or v not in ("", *COLOURS):
                raise fail(f"must be \"tom\", \"dave\", \"neutral\" or \"\", got {show(v)}", k)
            corners.append(v or None)
        if not isinstance(entry["cross"], bool):
            raise fail(f"must be true or false, got {show(entry['cross'])}", "cross")
        tiles[tid] = Tile(tid, (corners[0], corners[1], corners[2], corners[3]),
                          entry["cross"])
    name = data.get("name", "")
    return TileSet(tiles, name if isinstance(name, str) else "")


def tiles_to_toml(tiles: Sequence[Tile], header: str = "", extra: str = "") -> str:
    """Write tiles as ``[[rhombs]]`` tables in id order; ``header`` is put first verbatim
    (comments, ``name``, ...) and ``extra`` (e.g. a ``[design]`` table) last."""
    out = [header.rstrip("\n") + "\n"] if header else []
    for t in sorted(tiles, key=lambda t: t.id):
        out.append("\n[[rhombs]]\n")
        out.append(f"id = {t.id}\n")
        for k, c in zip(CORNERS, t.corners, strict=True):
            out.append(f'{k} = "{c or ""}"\n')
        out.append(f"cross = {'true' if t.cross else 'false'}\n")
    if extra:
        out.append("\n" + extra.rstrip("\n") + "\n")
    return "".join(out)
