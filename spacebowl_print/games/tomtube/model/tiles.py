"""Rhomb tiles and the tile set file ``decks/tomtube-tiles.toml``.

A tile has four corners, counter-clockwise as seen on the printed board ``s1, b1, s2, b2``
(s sharp, b blunt); each corner carries a tube of colour ``tom``, ``dave`` or ``neutral``, or
none (``""`` in the file, ``None`` here). Every tube runs from its corner to the tile's centre,
which may show an energy cross.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

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


def _line_of(text: str, index: int, key: str | None) -> int | None:
    """The line of ``key`` in the ``index``-th ``[[rhombs]]`` table (or of the table header)."""
    lines = text.split("\n")
    headers = [i for i, ln in enumerate(lines) if re.match(r"\s*\[\[\s*rhombs\s*\]\]", ln)]
    if index >= len(headers):
        return None
    start = headers[index]
    if key is None:
        return start + 1
    for i in range(start + 1, len(lines)):
        if re.match(r"\s*\[", lines[i]):
            break
        if re.match(rf"\s*{re.escape(key)}\s*=", lines[i]):
            return i + 1
    return start + 1


def tiles_from_toml(text: str, file: str = "tiles.toml") -> TileSet:
    """Read a tile set strictly: ``[[rhombs]]`` tables with exactly ``id`` (unique, 1..40),
    ``s1``, ``b1``, ``s2``, ``b2`` (a colour or ``""``) and ``cross`` (bool). Other top-level
    keys are ignored. Errors name the file, line and field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        m = re.search(r"line (\d+)", str(err))
        raise InputError(f"not valid TOML: {str(err).split(' (at')[0]}", file=file,
                         line=int(m.group(1)) if m else None) from None
    return tiles_from_mapping(data, file, text)


def tiles_from_mapping(data: Mapping[str, Any], file: str = "tiles.toml",
                       text: str = "") -> TileSet:
    """Read an already-decoded tile set (see :func:`tiles_from_toml`)."""
    raw = data.get("rhombs")
    if not isinstance(raw, list) or not raw:
        raise InputError("missing [[rhombs]] tables", "rhombs", file=file)
    tiles: dict[int, Tile] = {}
    seen_ids: dict[int, int] = {}
    for i, entry in enumerate(raw):
        where = f"rhombs[{i + 1}]"

        def fail(msg: str, key: str | None, i: int = i, where: str = where) -> InputError:
            return InputError(msg, where, key or "", file=file, line=_line_of(text, i, key))

        if not isinstance(entry, dict):
            raise fail("must be a table", None)
        for k in entry:
            if k not in ("id", *CORNERS, "cross"):
                raise fail(f"unknown key (expected id, {', '.join(CORNERS)}, cross)", k)
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
            if v not in ("", *COLOURS):
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
