"""Constellation cards and sets: the strict reader and the writer of the set TOML
(``decks/hubble-constellations.toml``), and the loader of the shipped set.

A card's pattern is a list of axial (q, r) offsets: red stars (all required) and purple
stars (bonus). Files are read through the shared bounded reader (:mod:`core.documents`);
errors name the file, the line of the card's ``[[constellations]]`` table (or of the field
inside it, :mod:`core.locate`) and the field.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print.core.documents import load, parse
from spacebowl_print.core.errors import InputError, InternalError
from spacebowl_print.core.jsonio import show
from spacebowl_print.core.paths import shown_path
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.core.texts import needs_font_check, refuse_character, user_text
from spacebowl_print.games.hubble.model.geometry import turn

Offset = tuple[int, int]

SET_FILE = "hubble-constellations.toml"
"""The shipped set's file name inside the decks folder."""
MAX_OFFSET = 25
"""Offsets reach at most this far: a pattern wider than the largest pad can never be drawn."""
MAX_STARS = 20
MAX_POINTS = 999
MAX_CARDS = 100
"""Most cards a set may hold (the game's has 20)."""


@dataclass(frozen=True)
class Constellation:
    """One card: ``value`` for all ``red`` stars, ``bonus`` per ``purple`` star present."""

    name: str
    value: int
    bonus: int
    red: tuple[Offset, ...]
    purple: tuple[Offset, ...] = ()

    def turned(self, k: int) -> tuple[tuple[Offset, ...], tuple[Offset, ...]]:
        """(red, purple) offsets turned ``k`` times by 60°."""
        return (tuple(turn(q, r, k) for q, r in self.red),
                tuple(turn(q, r, k) for q, r in self.purple))


def canonical_shape(offsets: Sequence[Offset]) -> tuple[Offset, ...]:
    """A name for ``offsets`` up to translation and turning: the smallest of its six turns,
    each shifted so that its smallest offset is (0, 0) and sorted."""
    best: tuple[Offset, ...] | None = None
    for k in range(6):
        cells = sorted(turn(q, r, k) for q, r in offsets)
        q0, r0 = cells[0]
        shape = tuple((q - q0, r - r0) for q, r in cells)
        if best is None or shape < best:
            best = shape
    if best is None:
        raise InternalError("a pattern without offsets")
    return best


@dataclass(frozen=True)
class ConstellationSet:
    """A named set of cards with unique names, in file order."""

    name: str
    cards: tuple[Constellation, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards)

    def __getitem__(self, name: str) -> Constellation:
        for card in self.cards:
            if card.name == name:
                return card
        raise KeyError(name)

    def __iter__(self) -> Iterator[Constellation]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def pick(self, names: Sequence[str]) -> tuple[Constellation, ...]:
        """The cards called ``names``, in that order (names must be in the set)."""
        return tuple(self[n] for n in names)


# --------------------------------------------------------------------------- reading


def _int(raw: object, lo: int, hi: int, *where: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not lo <= raw <= hi:
        raise InputError(f"must be a whole number from {lo} to {hi}, got {show(raw)}", *where)
    return raw


def _offsets(raw: object, least: int, *where: str) -> tuple[Offset, ...]:
    if not isinstance(raw, list):
        raise InputError(f"must be a list of [q, r] offsets, got {show(raw)}", *where)
    out: list[Offset] = []
    for i, item in enumerate(raw):
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
            raise InputError(f"must be a [q, r] pair of whole numbers, got {show(item)}",
                             *where[:-1], f"{where[-1]}[{i}]")
        q, r = item
        if max(abs(q), abs(r)) > MAX_OFFSET:
            raise InputError(f"offsets reach at most {MAX_OFFSET} from the origin, got "
                             f"{show(item)}", *where[:-1], f"{where[-1]}[{i}]")
        if (q, r) in out:
            raise InputError(f"offset {show(item)} is listed twice", *where)
        out.append((q, r))
    if len(out) < least:
        raise InputError(f"needs at least {least} offsets, got {len(out)}", *where)
    if len(out) > MAX_STARS:
        raise InputError(f"has at most {MAX_STARS} offsets, got {len(out)}", *where)
    return tuple(out)


def constellations_from_toml(text: str, file: str | None = None) -> ConstellationSet:
    """Read a constellation set from TOML text (``file`` only names it in errors), through
    the shared bounded reader; errors name the file, the line of the card's table (or of the
    field inside it) and the field."""
    return parse(text, "toml", file).read(constellations_from_data)


def constellations_from_data(data: object) -> ConstellationSet:
    """Read an already-decoded constellation set (see :func:`constellations_from_toml`)."""
    if not isinstance(data, dict):
        raise InputError(f"must be a table, got {show(data)}")
    for key in data:
        if key not in ("name", "constellations"):
            raise InputError("unknown key (expected name, constellations)", str(key)[:40])
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise InputError(f"must be the set's name (1 to 60 characters), got {show(name)}",
                         "name")
    raw_cards = data.get("constellations")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise InputError("needs at least one [[constellations]] table", "constellations")
    if len(raw_cards) > MAX_CARDS:
        raise InputError(f"has at most {MAX_CARDS} cards, got {len(raw_cards)}",
                         "constellations")
    cards: list[Constellation] = []
    for i, raw in enumerate(raw_cards):
        cards.append(_card(raw, f"constellations[{i}]", [c.name for c in cards]))
    return ConstellationSet(name, tuple(cards))


def _check_drawable(name: str, where: str) -> None:
    """A card's name is printed on the card, the pad and the key in DejaVu Sans and its bold:
    a character they have no glyph for would vanish from the print."""
    # imported here: only a name beyond the Latin letters pays for the PDF engine's font
    # tables, so that scoring a pad stays quick
    from spacebowl_print.render.fonts import font_label, undrawable

    missing = undrawable(name)
    if missing is not None:
        raise refuse_character(name, missing, f"the font ({font_label(('regular', 'bold'))}) "
                               "has no glyph for it, so it would not be printed", where, "name")


def _card(raw: object, where: str, taken: Sequence[str]) -> Constellation:
    if not isinstance(raw, dict):
        raise InputError("must be a [[constellations]] table", where)
    for key in raw:
        if key not in ("name", "value", "bonus", "red", "purple"):
            raise InputError("unknown key (expected name, value, bonus, red, purple)", where,
                             key)
    for key in ("name", "value", "red"):
        if key not in raw:
            raise InputError("missing key", where, key)
    name = raw["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise InputError(f"must be a name of 1 to 40 characters, got {show(name)}", where,
                         "name")
    user_text(name, where, "name", limit=40)  # valid Unicode, no control character
    if needs_font_check(name):
        _check_drawable(name, where)
    if name in taken:
        raise InputError(f"{show(name)} names two cards", where, "name")
    value = _int(raw["value"], 1, MAX_POINTS, where, "value")
    red = _offsets(raw["red"], 2, where, "red")
    purple = _offsets(raw.get("purple", []), 0, where, "purple")
    for off in purple:
        if off in red:
            raise InputError(f"offset {show(list(off))} is both red and purple", where, "purple")
    bonus = _int(raw.get("bonus", 0), 0, MAX_POINTS, where, "bonus")
    if bonus and not purple:
        raise InputError("must be 0 on a card without purple stars", where, "bonus")
    return Constellation(name, value, bonus, red, purple)


def load_constellation_set(path: str | Path | None = None) -> ConstellationSet:
    """Read the set at ``path`` (a regular file, at most
    :data:`~spacebowl_print.core.userfiles.DATA_LIMIT` bytes), or the shipped set when
    ``path`` is ``None``."""
    p = Path(path) if path is not None else shipped_set_path()
    return load(p, "toml", shown=shown_path(p)).read(constellations_from_data)


def shipped_set_path() -> Path:
    """Where the shipped constellation set lives (a source tree or an installed wheel)."""
    return decks_dir() / SET_FILE


# --------------------------------------------------------------------------- writing

def _toml_offsets(offsets: Sequence[Offset]) -> str:
    return "[" + ", ".join(f"[{q}, {r}]" for q, r in offsets) + "]"


def constellations_to_toml(cset: ConstellationSet, header: str = "") -> str:
    """The TOML text of ``cset`` (``header`` lines become ``#`` comments at the top)."""
    out = [f"# {line}".rstrip() for line in header.splitlines()]
    if out:
        out.append("")
    out.append(f"name = {json.dumps(cset.name, ensure_ascii=False)}")
    for card in cset.cards:
        out += ["", "[[constellations]]",
                f"name = {json.dumps(card.name, ensure_ascii=False)}",
                f"value = {card.value}",
                f"bonus = {card.bonus}",
                f"red = {_toml_offsets(card.red)}",
                f"purple = {_toml_offsets(card.purple)}"]
    return "\n".join(out) + "\n"


def set_digest(cset: ConstellationSet) -> str:
    """SHA-256 of the constellation set's content (names, values, patterns): what a daily
    manifest records, so that ``check`` proves it against the very set it was made with."""
    text = json.dumps(set_to_dict(cset), sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def set_to_dict(cset: ConstellationSet) -> dict[str, Any]:
    """The set as plain data (for JSON outputs and tests)."""
    return {"name": cset.name, "constellations": [
        {"name": c.name, "value": c.value, "bonus": c.bonus,
         "red": [list(o) for o in c.red], "purple": [list(o) for o in c.purple]}
        for c in cset.cards]}
