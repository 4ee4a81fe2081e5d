"""Planets, cards and decks, and the reader for the ``decks/*.toml`` format (formats.md,
documented field by field in ``docs/deck-format.md``).

:func:`parse_deck` takes the file's *text* (the caller reads it), so the error messages can
still name the file, the line, the card or planet id and the field. A format-1 deck is pure
data and reads no file; a deck with a theme (format 2: pictures, a font) has those files loaded
and checked while it is read (:mod:`.theme`), so a missing or broken picture is reported with
the deck's file, line and field before anything is printed.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import tomli_w

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.languages import LANGS
from spacebowl_print.games.spacebowl.model.theme import (
    FORMATS,
    THEME_FIELDS,
    Theme,
    at_line,
    base_dir_for,
    check_relative_path,
    load_font_at,
    load_picture_at,
)
from spacebowl_print.render.api import Picture

PLANET_COUNT = 6
GLYPHS: tuple[str, ...] = (
    "ring", "dot", "cross", "triangle", "square", "diamond", "star", "bars", "wave", "moon",
)
"""Shapes a planet can carry so that it reads without colour (renderers draw each one)."""

_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
MAX_ID = 10**9
MAX_FACT = 160
"""A planet fact is one line of a rule summary or worksheet: at most this many characters."""
MAX_TITLE = 60
"""A card title is one line across the card: at most this many characters."""


@dataclass(frozen=True)
class Planet:
    """One of a deck's 6 planets: a one-letter id, a name, a ``#RRGGBB`` colour and a glyph.

    Format 2 adds ``image`` (a picture drawn instead of the built-in disc, path as written;
    loaded into ``art``), ``image_glyph`` (draw the glyph over that picture too) and ``facts``
    (one line about the planet per language code, in ``LANGS`` order).
    """

    id: str
    name: str
    colour: str
    glyph: str
    image: str | None = None
    image_glyph: bool = False
    facts: tuple[tuple[str, str], ...] = ()
    art: Picture | None = field(default=None, compare=False, repr=False)

    def fact(self, lang: str) -> str | None:
        """The planet's fact line in ``lang`` (None when the deck gives none)."""
        return dict(self.facts).get(lang)


@dataclass(frozen=True)
class Card:
    """A constellation card. ``planets`` holds planet letters in the deck's planet order."""

    id: int
    planets: str
    comets: int = 0
    stars: int = 0
    black_hole: bool = False
    title: str = ""
    """Format 2: a line printed across the top of the card (empty: none)."""
    image: str | None = None
    """Format 2: this card's own full-bleed front picture (path as written; loaded into
    ``art``), drawn instead of the theme's ``background``."""
    art: Picture | None = field(default=None, compare=False, repr=False)

    @property
    def planet_set(self) -> frozenset[str]:
        """The planets shown, as a set of letters."""
        return frozenset(self.planets)


@dataclass(frozen=True)
class Deck:
    """A named deck: exactly 6 planets (fixed order) and any number of cards.

    ``seed`` and ``design`` record how a designed deck was made (both optional). ``theme``
    holds the format-2 art and type; ``format`` is the version the file declares (None when it
    declares none); ``base_dir`` is the folder its relative paths start from.
    """

    name: str
    title: str
    planets: tuple[Planet, ...]
    cards: tuple[Card, ...]
    seed: int | None = None
    design: Mapping[str, Any] = field(default_factory=dict)
    theme: Theme = field(default_factory=Theme)
    format: int | None = None
    base_dir: str | None = field(default=None, compare=False, repr=False)

    @property
    def uses_format_2(self) -> bool:
        """Whether the deck uses any field that format 1 does not have."""
        return (not self.theme.empty
                or any(p.image is not None or p.image_glyph or p.facts for p in self.planets)
                or any(c.title or c.image is not None for c in self.cards))

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


def _line_in_table(text: str, header: str, index: int, key: str) -> int | None:
    """1-based line of ``key = …`` inside the ``index``-th ``[[header]]`` (or inside a
    sub-table of it such as ``[planets.facts]``); the table's own line if the key is not
    written there. ``index`` -1 means the single table ``[header]``."""
    lines = text.splitlines()
    if index < 0:
        pat = re.compile(r"^\s*\[\s*" + re.escape(header) + r"\s*\]")
        start = next((n for n, line in enumerate(lines, 1) if pat.match(line)), None)
    else:
        start = _line_of_table(text, header, index)
    if start is None:
        return None
    key_pat = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
    for n in range(start, len(lines)):
        line = lines[n].strip()
        if line.startswith("[[") or (line.startswith("[")
                                      and not line.startswith(f"[{header}.")):
            break
        if key_pat.match(lines[n]):
            return n + 1
    return start


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


LineOf = Callable[[str], int | None]
"""Where a key of the table being read is written (its line), for error messages."""


def _no_line(key: str) -> int | None:
    return None


def _facts(value: object, what: str) -> tuple[tuple[str, str], ...]:
    """A ``facts`` table: one short line per known language code, in ``LANGS`` order."""
    _expect(value, dict, what, "facts")
    assert isinstance(value, dict)
    for lang, line in value.items():
        if lang not in LANGS:
            raise InputError(f"unknown language {lang!r} (one of {', '.join(LANGS)})",
                             what, f"facts.{lang}")
        _expect(line, str, what, f"facts.{lang}")
        if not line.strip() or "\n" in line or len(line) > MAX_FACT:
            raise InputError(f"must be one line of 1 to {MAX_FACT} characters",
                             what, f"facts.{lang}")
    return tuple((lang, value[lang]) for lang in LANGS if lang in value)


def _planet(table: object, what: str, base: Path | None = None,
            line_of: LineOf = _no_line) -> Planet:
    if not isinstance(table, dict):
        raise InputError("must be a table", what)
    if "id" not in table:
        raise InputError("missing field", what, "id")
    pid = table["id"]
    _expect(pid, str, what, "id")
    if not (len(pid) == 1 and "A" <= pid <= "Z"):
        raise InputError(f"must be one upper-case letter, got {pid!r}", what, "id")
    what = f"planet {pid}"  # from here on, errors name the planet by its id
    _check_keys(table, ("id", "name", "colour", "glyph", "image", "image_glyph", "facts"),
                ("id", "name", "colour", "glyph"), what)
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
    image = table.get("image")
    art = None
    if image is not None:
        _expect(image, str, what, "image")
        check_relative_path(image, what, "image")
        if base is not None:
            with at_line(line_of("image")):
                art = load_picture_at(base, image, what, "image")
    image_glyph = table.get("image_glyph", False)
    _expect(image_glyph, bool, what, "image_glyph")
    facts: tuple[tuple[str, str], ...] = ()
    if "facts" in table:
        with at_line(line_of("facts")):
            facts = _facts(table["facts"], what)
    return Planet(pid, table["name"], table["colour"].upper(), table["glyph"], image,
                  image_glyph, facts, art)


def _card(table: object, letters: str, what: str, base: Path | None = None,
          line_of: LineOf = _no_line) -> Card:
    if not isinstance(table, dict):
        raise InputError("must be a table", what)
    if "id" not in table:
        raise InputError("missing field", what, "id")
    cid = table["id"]
    _expect(cid, int, what, "id")
    if not 0 < cid <= MAX_ID:
        raise InputError(f"must be a positive integer up to {MAX_ID}, got {cid}", what, "id")
    what = f"card {cid}"  # from here on, errors name the card by its id
    _check_keys(table, ("id", "planets", "comets", "stars", "black_hole", "title", "image"),
                ("id", "planets"), what)
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
    title = table.get("title", "")
    _expect(title, str, what, "title")
    if "\n" in title or len(title) > MAX_TITLE or (title and not title.strip()):
        raise InputError(f"must be one line of at most {MAX_TITLE} characters", what, "title")
    image = table.get("image")
    art = None
    if image is not None:
        _expect(image, str, what, "image")
        check_relative_path(image, what, "image")
        if base is not None:
            with at_line(line_of("image")):
                art = load_picture_at(base, image, what, "image")
    ordered = "".join(ch for ch in letters if ch in planets)
    return Card(cid, ordered, comets, stars, black_hole, title, image, art)


def _theme(table: object, base: Path | None, line_of: LineOf) -> Theme:
    """The ``[theme]`` table, its files loaded from ``base`` (not loaded when None)."""
    what = "theme"
    if not isinstance(table, dict):
        raise InputError("must be a table [theme]", what)
    _check_keys(table, THEME_FIELDS, (), what)
    show_names = table.get("show_names", False)
    with at_line(line_of("show_names")):
        _expect(show_names, bool, what, "show_names")
    paths: dict[str, str | None] = {}
    for key in ("background", "back", "font"):
        value = table.get(key)
        if value is not None:
            with at_line(line_of(key)):
                _expect(value, str, what, key)
                check_relative_path(value, what, key)
        paths[key] = value
    arts: dict[str, Picture | None] = {"background": None, "back": None}
    font_face = None
    if base is not None:
        for key in ("background", "back"):
            rel = paths[key]
            if rel is not None:
                with at_line(line_of(key)):
                    arts[key] = load_picture_at(base, rel, what, key)
        font = paths["font"]
        if font is not None:
            with at_line(line_of("font")):
                font_face = load_font_at(base, font, what, "font")
    return Theme(show_names, paths["background"], paths["back"], paths["font"],
                 arts["background"], arts["back"], font_face)


def deck_from_data(data: Mapping[str, Any], text: str = "",
                   base_dir: Path | None = None) -> Deck:
    """Build a :class:`Deck` from parsed TOML data, checking every field of formats.md.

    ``text`` (the TOML source) only serves to attach line numbers to errors. Pictures and the
    font of a theme are loaded from ``base_dir`` (the deck file's folder); with ``base_dir``
    None their paths are checked but no file is read.
    Raises :class:`InputError` naming the card or planet id and the field.
    """
    _check_keys(data, ("format", "name", "title", "planets", "cards", "seed", "design", "theme"),
                ("name", "title", "planets"), "")
    fmt = data.get("format")
    if fmt is not None:
        try:
            _expect(fmt, int, "", "format")
            if fmt not in FORMATS:
                raise InputError(
                    f"deck format {fmt} is not known to this version (it reads formats "
                    f"{', '.join(map(str, FORMATS))}; a newer spacebowl_print may read it)",
                    "format")
        except InputError as err:
            raise err.at_file("", _line_of_key(text, "format")) from None
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
            p = _planet(t, f"planets[{i + 1}]", base_dir,
                        partial(_line_in_table, text, "planets", i))
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
            c = _card(t, letters, f"cards[{i + 1}]", base_dir,
                      partial(_line_in_table, text, "cards", i))
            if c.id in seen:
                raise InputError("id used by an earlier card", f"card {c.id}", "id")
        except InputError as err:
            raise err.at_file("", _line_of_table(text, "cards", i)) from None
        seen.add(c.id)
        cards.append(c)
    theme = Theme()
    if "theme" in data:
        try:
            theme = _theme(data["theme"], base_dir,
                           partial(_line_in_table, text, "theme", -1))
        except InputError as err:
            raise err.at_file("", _line_in_table(text, "theme", -1, "")) from None
    deck = Deck(data["name"], data["title"], tuple(planets), tuple(cards),
                data.get("seed"), dict(data.get("design", {})), theme, fmt,
                str(base_dir) if base_dir is not None else None)
    if fmt == 1 and deck.uses_format_2:
        raise InputError("the deck uses format-2 fields (theme, images, facts or card titles) "
                         "but declares format = 1", "format").at_file(
                             "", _line_of_key(text, "format"))
    return deck


def parse_deck(text: str, source: str, base_dir: Path | None = None) -> Deck:
    """Parse deck TOML ``text``; errors name ``source`` (the file), line, id and field.

    Theme files (pictures, font) are read relative to ``base_dir``, by default the folder of
    the deck file ``source`` names (a path or a shipped deck's name).
    """
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
        return deck_from_data(data, text, base_dir if base_dir is not None
                              else base_dir_for(source))
    except InputError as err:
        raise err.at_file(source) from None


def _planet_data(p: Planet) -> dict[str, Any]:
    out: dict[str, Any] = {"id": p.id, "name": p.name, "colour": p.colour, "glyph": p.glyph}
    if p.image is not None:
        out["image"] = p.image
    if p.image_glyph:
        out["image_glyph"] = True
    if p.facts:
        out["facts"] = dict(p.facts)
    return out


def _card_data(c: Card) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c.id, "planets": c.planets, "comets": c.comets,
                           "stars": c.stars, "black_hole": c.black_hole}
    if c.title:
        out["title"] = c.title
    if c.image is not None:
        out["image"] = c.image
    return out


def deck_to_data(deck: Deck) -> dict[str, Any]:
    """The TOML-ready mapping of ``deck`` (the inverse of :func:`deck_from_data`).

    Format-2 fields appear only when set, so a format-1 deck maps exactly as before (and keeps
    its digest); paths appear as written in the deck file."""
    data: dict[str, Any] = {}
    if deck.format is not None:
        data["format"] = deck.format
    data.update({"name": deck.name, "title": deck.title})
    if deck.seed is not None:
        data["seed"] = deck.seed
    if deck.design:
        data["design"] = dict(deck.design)
    if not deck.theme.empty:
        data["theme"] = deck.theme.to_data()
    data["planets"] = [_planet_data(p) for p in deck.planets]
    data["cards"] = [_card_data(c) for c in deck.cards]
    return data


def deck_to_toml(deck: Deck, header_comment: str = "") -> str:
    """The deck as TOML text in the documented layout (one ``[[planets]]`` / ``[[cards]]``
    table each), which :func:`parse_deck` reads back to an equal deck."""
    data = deck_to_data(deck)
    planets, cards = data.pop("planets"), data.pop("cards")
    design = data.pop("design", None)
    theme = data.pop("theme", None)
    parts = [f"# {line}\n" if line else "#\n" for line in header_comment.splitlines()]
    parts.append(tomli_w.dumps(data))
    if theme:
        parts.append("\n[theme]\n" + tomli_w.dumps(theme))
    for p in planets:
        facts = p.pop("facts", None)
        parts.append("\n[[planets]]\n" + tomli_w.dumps(p))
        if facts:
            # a sub-table of the planet just opened (tomli_w would write a top-level [facts])
            parts.append("\n[planets.facts]\n" + tomli_w.dumps(facts))
    for c in cards:
        parts.append("\n[[cards]]\n" + tomli_w.dumps(c))
    if design:
        parts.append("\n[design]\n" + tomli_w.dumps(design))
    return "".join(parts)


def deck_summary(deck: Deck) -> dict[str, Any]:
    """Counts a designer cares about: card sizes, planet and pair frequencies, black holes,
    decoys and repeated planet sets."""
    sizes = Counter(len(c.planets) for c in deck.cards)
    planets = {p.id: sum(p.id in c.planets for c in deck.cards) for p in deck.planets}
    pairs = {a + b: sum(a in c.planets and b in c.planets for c in deck.cards)
             for a, b in itertools.combinations(deck.letters, 2)}
    sets = Counter(c.planets for c in deck.cards)
    return {
        "name": deck.name,
        "title": deck.title,
        "cards": len(deck.cards),
        "seed": deck.seed,
        "planets_per_card": {str(k): sizes[k] for k in sorted(sizes)},
        "planet_frequency": planets,
        "pair_frequency": pairs,
        "black_hole_cards": sum(c.black_hole for c in deck.cards),
        "comets": sum(c.comets for c in deck.cards),
        "stars": sum(c.stars for c in deck.cards),
        "repeated_sets": {k: v for k, v in sorted(sets.items()) if v > 1},
    }
