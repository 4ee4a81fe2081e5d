"""Planets, cards and decks, and the reader for the ``decks/*.toml`` format (formats.md).

Everything here is pure data: :func:`parse_deck` takes the file's *text* (the caller reads it),
so the error messages can still name the file, the line, the card or planet id and the field.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import tomli_w

from spacebowl_print.core.errors import InputError

PLANET_COUNT = 6
GLYPHS: tuple[str, ...] = (
    "ring", "dot", "cross", "triangle", "square", "diamond", "star", "bars", "wave", "moon",
)
"""Shapes a planet can carry so that it reads without colour (renderers draw each one)."""

_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
MAX_ID = 10**9


@dataclass(frozen=True)
class Planet:
    """One of a deck's 6 planets: a one-letter id, a name, a ``#RRGGBB`` colour and a glyph."""

    id: str
    name: str
    colour: str
    glyph: str


@dataclass(frozen=True)
class Card:
    """A constellation card. ``planets`` holds planet letters in the deck's planet order."""

    id: int
    planets: str
    comets: int = 0
    stars: int = 0
    black_hole: bool = False

    @property
    def planet_set(self) -> frozenset[str]:
        """The planets shown, as a set of letters."""
        return frozenset(self.planets)


@dataclass(frozen=True)
class Deck:
    """A named deck: exactly 6 planets (fixed order) and any number of cards.

    ``seed`` and ``design`` record how a designed deck was made (both optional).
    """

    name: str
    title: str
    planets: tuple[Planet, ...]
    cards: tuple[Card, ...]
    seed: int | None = None
    design: Mapping[str, Any] = field(default_factory=dict)

    @property
    def letters(self) -> str:
        """The planet letters in deck order, e.g. ``"RYGSBP"``."""
        return "".join(p.id for p in self.planets)

    def planet(self, letter: str) -> Planet:
        """The planet with id ``letter`` (KeyError if the deck has none)."""
        for p in self.planets:
            if p.id == letter:
                return p
        raise KeyError(letter)

    def card(self, card_id: int) -> Card:
        """The card with id ``card_id`` (KeyError if the deck has none)."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def ordered(self, letters: Iterable[str]) -> str:
        """``letters`` as a string in deck planet order (unknown letters dropped)."""
        s = set(letters)
        return "".join(ch for ch in self.letters if ch in s)


def _line_of_table(text: str, header: str, index: int) -> int | None:
    """1-based line of the ``index``-th ``[[header]]`` in ``text`` (None if not found)."""
    seen = -1
    pat = re.compile(r"^\s*\[\[\s*" + re.escape(header) + r"\s*\]\]")
    for n, line in enumerate(text.splitlines(), start=1):
        if pat.match(line):
            seen += 1
            if seen == index:
                return n
    return None


def _line_of_key(text: str, key: str) -> int | None:
    pat = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
    for n, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("["):
            return None  # past the top-level keys
        if pat.match(line):
            return n
    return None


def _expect(value: object, kind: type | tuple[type, ...], what: str, field_: str) -> None:
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InputError(f"must be {_A.get(name, name)}, got {value!r}", what, field_)


_A = {"int": "an integer", "str": "a string", "bool": "true or false", "dict": "a table"}


def _check_keys(table: Mapping[str, Any], allowed: Iterable[str], required: Iterable[str],
                what: str) -> None:
    allowed = set(allowed)
    for k in table:
        if k not in allowed:
            raise InputError(f"unknown field (expected one of {', '.join(sorted(allowed))})",
                             what, k)
    for k in required:
        if k not in table:
            raise InputError("missing field", what, k)


def _planet(table: object, what: str) -> Planet:
    if not isinstance(table, dict):
        raise InputError("must be a table", what)
    if "id" not in table:
        raise InputError("missing field", what, "id")
    pid = table["id"]
    _expect(pid, str, what, "id")
    if not (len(pid) == 1 and "A" <= pid <= "Z"):
        raise InputError(f"must be one upper-case letter, got {pid!r}", what, "id")
    what = f"planet {pid}"  # from here on, errors name the planet by its id
    _check_keys(table, ("id", "name", "colour", "glyph"), ("id", "name", "colour", "glyph"), what)
    for key in ("name", "colour", "glyph"):
        _expect(table[key], str, what, key)
    if not table["name"].strip():
        raise InputError("must not be empty", what, "name")
    if not _COLOUR.match(table["colour"]):
        raise InputError(f"must be a colour like \"#D55E00\", got {table['colour']!r}",
                         what, "colour")
    if table["glyph"] not in GLYPHS:
        raise InputError(f"unknown glyph {table['glyph']!r} (one of {', '.join(GLYPHS)})",
                         what, "glyph")
    return Planet(pid, table["name"], table["colour"].upper(), table["glyph"])


def _card(table: object, letters: str, what: str) -> Card:
    if not isinstance(table, dict):
        raise InputError("must be a table", what)
    if "id" not in table:
        raise InputError("missing field", what, "id")
    cid = table["id"]
    _expect(cid, int, what, "id")
    if not 0 < cid <= MAX_ID:
        raise InputError(f"must be a positive integer up to {MAX_ID}, got {cid}", what, "id")
    what = f"card {cid}"  # from here on, errors name the card by its id
    _check_keys(table, ("id", "planets", "comets", "stars", "black_hole"), ("id", "planets"), what)
    planets = table["planets"]
    _expect(planets, str, what, "planets")
    for ch in planets:
        if ch not in letters:
            raise InputError(f"unknown planet {ch!r} (deck planets: {letters})", what, "planets")
    if len(set(planets)) != len(planets):
        raise InputError(f"planet listed twice in {planets!r}", what, "planets")
    comets = table.get("comets", 0)
    stars = table.get("stars", 0)
    black_hole = table.get("black_hole", False)
    for key, val in (("comets", comets), ("stars", stars)):
        _expect(val, int, what, key)
        if not 0 <= val <= 12:
            raise InputError(f"must be between 0 and 12, got {val}", what, key)
    _expect(black_hole, bool, what, "black_hole")
    ordered = "".join(ch for ch in letters if ch in planets)
    return Card(cid, ordered, comets, stars, black_hole)


def deck_from_data(data: Mapping[str, Any], text: str = "") -> Deck:
    """Build a :class:`Deck` from parsed TOML data, checking every field of formats.md.

    ``text`` (the TOML source) only serves to attach line numbers to errors.
    Raises :class:`InputError` naming the card or planet id and the field.
    """
    _check_keys(data, ("name", "title", "planets", "cards", "seed", "design"),
                ("name", "title", "planets"), "")
    try:
        _expect(data["name"], str, "", "name")
        if not _NAME.match(data["name"]):
            raise InputError(f"must be a file-safe id (a-z, 0-9, _ and -), got {data['name']!r}",
                             "name")
        _expect(data["title"], str, "", "title")
        seed = data.get("seed")
        if seed is not None:
            _expect(seed, int, "", "seed")
        design = data.get("design", {})
        _expect(design, dict, "", "design")
    except InputError as err:
        raise err.at_file("", _line_of_key(text, err.where[-1] if err.where else "")) from None

    raw_planets = data["planets"]
    if not isinstance(raw_planets, list):
        raise InputError("must be an array of tables [[planets]]", "planets")
    if len(raw_planets) != PLANET_COUNT:
        raise InputError(f"a deck has exactly {PLANET_COUNT} planets, found {len(raw_planets)}",
                         "planets")
    planets: list[Planet] = []
    for i, t in enumerate(raw_planets):
        try:
            p = _planet(t, f"planets[{i + 1}]")
            for q in planets:
                for attr in ("id", "colour", "glyph"):
                    if getattr(p, attr) == getattr(q, attr):
                        raise InputError(
                            f"same {attr} as planet {q.id} ({getattr(p, attr)!r})",
                            f"planet {p.id}", attr)
        except InputError as err:
            raise err.at_file("", _line_of_table(text, "planets", i)) from None
        planets.append(p)
    letters = "".join(p.id for p in planets)

    raw_cards = data.get("cards", [])  # formats.md: "any number" of cards
    if not isinstance(raw_cards, list):
        raise InputError("must be an array of tables [[cards]]", "cards")
    cards: list[Card] = []
    seen: set[int] = set()
    for i, t in enumerate(raw_cards):
        try:
            c = _card(t, letters, f"cards[{i + 1}]")
            if c.id in seen:
                raise InputError("id used by an earlier card", f"card {c.id}", "id")
        except InputError as err:
            raise err.at_file("", _line_of_table(text, "cards", i)) from None
        seen.add(c.id)
        cards.append(c)
    return Deck(data["name"], data["title"], tuple(planets), tuple(cards),
                data.get("seed"), dict(data.get("design", {})))


def parse_deck(text: str, source: str) -> Deck:
    """Parse deck TOML ``text``; errors name ``source`` (the file), line, id and field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        m = re.search(r"\(at line (\d+), column \d+\)", str(err))
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(err))
        raise InputError(f"not valid TOML: {msg}", file=source,
                         line=int(m.group(1)) if m else None) from None
    except (ValueError, RecursionError) as err:  # 5,000-digit numbers, absurd nesting
        raise InputError(f"TOML too large to read safely ({type(err).__name__})",
                         file=source) from None
    try:
        return deck_from_data(data, text)
    except InputError as err:
        raise err.at_file(source) from None


def deck_to_data(deck: Deck) -> dict[str, Any]:
    """The TOML-ready mapping of ``deck`` (the inverse of :func:`deck_from_data`)."""
    data: dict[str, Any] = {"name": deck.name, "title": deck.title}
    if deck.seed is not None:
        data["seed"] = deck.seed
    if deck.design:
        data["design"] = dict(deck.design)
    data["planets"] = [
        {"id": p.id, "name": p.name, "colour": p.colour, "glyph": p.glyph} for p in deck.planets
    ]
    data["cards"] = [
        {"id": c.id, "planets": c.planets, "comets": c.comets, "stars": c.stars,
         "black_hole": c.black_hole}
        for c in deck.cards
    ]
    return data


def deck_to_toml(deck: Deck, header_comment: str = "") -> str:
    """The deck as TOML text in the documented layout (one ``[[planets]]`` / ``[[cards]]``
    table each), which :func:`parse_deck` reads back to an equal deck."""
    data = deck_to_data(deck)
    planets, cards = data.pop("planets"), data.pop("cards")
    design = data.pop("design", None)
    parts = [f"# {line}\n" for line in header_comment.splitlines()]
    parts.append(tomli_w.dumps(data))
    for p in planets:
        parts.append("\n[[planets]]\n" + tomli_w.dumps(p))
    for c in cards:
        parts.append("\n[[cards]]\n" + tomli_w.dumps(c))
    if design:
        parts.append("\n[design]\n" + tomli_w.dumps(design))
    return "".join(parts)
