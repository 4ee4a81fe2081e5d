"""The reader of the ``decks/*.toml`` format (formats.md, documented field by field in
``docs/deck-format.md``).

:func:`parse_deck` takes the file's *text* (the caller reads it), so the error messages can
still name the file, the line, the card or planet id and the field. A format-1 deck is pure
data and reads no file; a deck with a theme (format 2: pictures, a font) has those files loaded
and checked while it is read (:mod:`.theme`), so a missing or broken picture is reported with
the deck's file, line and field before anything is printed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from spacebowl_print.core.documents import loads_toml
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show
from spacebowl_print.core.languages import LANGS
from spacebowl_print.core.locate import toml_position
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.core.texts import needs_font_check, refuse_character, user_text
from spacebowl_print.games.spacebowl.model.deck import (
    COLOUR_PATTERN,
    GLYPHS,
    MAX_CARDS,
    MAX_COUNT,
    MAX_FACT,
    MAX_ID,
    MAX_NAME,
    MAX_NAME_MM,
    MAX_TEXT,
    MAX_TEXT_LINES,
    MAX_TITLE,
    NAME_MIN_PT,
    NAME_PATTERN,
    PLANET_COUNT,
    Card,
    Deck,
    Planet,
    expand,
)
from spacebowl_print.games.spacebowl.model.theme import (
    FORMATS,
    TEXT_POSITIONS,
    THEME_FIELDS,
    Theme,
    at_line,
    base_dir_for,
    check_relative_path,
    load_font_at,
    load_picture_at,
)
from spacebowl_print.render.api import Face, Picture


def _line(text: str, *path: str | int) -> int | None:
    """The line of the field ``path`` in deck TOML ``text`` (the deepest part written: a key
    not written falls back to its table), by the one position finder of the core."""
    found = toml_position(text, path)
    return found.line if found else None


def _line_in(text: str, *table: str | int) -> LineOf:
    """Where a key of the table ``table`` (``"planets", 2``) is written."""
    return lambda key: _line(text, *table, key)


LineOf = Callable[[str], int | None]
"""Where a key of the table being read is written (its line), for error messages."""


def _expect(value: object, kind: type | tuple[type, ...], what: str, field_: str) -> None:
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InputError(f"must be {_A.get(name, name)}, got {show(value)}", what, field_)


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




def _no_line(key: str) -> int | None:
    return None


def _facts(value: object, what: str) -> tuple[tuple[str, str], ...]:
    """A ``facts`` table: one short line per known language code, in ``LANGS`` order."""
    if not isinstance(value, dict):
        raise InputError(f"must be a table, got {show(value)}", what, "facts")
    for lang, line in value.items():
        if lang not in LANGS:
            raise InputError(f"unknown language {lang!r} (one of {', '.join(LANGS)})",
                             what, f"facts.{lang}")
        _expect(line, str, what, f"facts.{lang}")
        if not line.strip() or "\n" in line or len(line) > MAX_FACT:
            raise InputError(f"must be one line of 1 to {MAX_FACT} characters",
                             what, f"facts.{lang}")
        user_text(line, what, f"facts.{lang}", limit=MAX_FACT)
    return tuple((lang, value[lang]) for lang in LANGS if lang in value)


def _image(table: Mapping[str, Any], what: str, base: Path | None, line_of: LineOf
           ) -> tuple[str | None, Picture | None]:
    """The optional ``image`` of a planet or a card: its path as written, checked, and the
    picture loaded from ``base`` (not loaded when None)."""
    image = table.get("image")
    art = None
    if image is not None:
        _expect(image, str, what, "image")
        check_relative_path(image, what, "image")
        if base is not None:
            with at_line(line_of("image")):
                art = load_picture_at(base, image, what, "image")
    return image, art


def _table_id(table: object, kind: type, what: str) -> tuple[dict[str, Any], Any]:
    """A ``[[planets]]`` or ``[[cards]]`` entry: a table with an ``id`` of type ``kind``."""
    if not isinstance(table, dict):
        raise InputError("must be a table", what)
    if "id" not in table:
        raise InputError("missing field", what, "id")
    _expect(table["id"], kind, what, "id")
    return table, table["id"]


def _planet(table: object, what: str, base: Path | None = None,
            line_of: LineOf = _no_line) -> Planet:
    table, pid = _table_id(table, str, what)
    if not (len(pid) == 1 and "A" <= pid <= "Z"):
        raise InputError(f"must be one upper-case letter, got {pid!r}", what, "id")
    what = f"planet {pid}"  # from here on, errors name the planet by its id
    _check_keys(table, ("id", "name", "colour", "glyph", "image", "image_glyph", "facts"),
                ("id", "name", "colour", "glyph"), what)
    for key in ("name", "colour", "glyph"):
        _expect(table[key], str, what, key)
    if not table["name"].strip():
        raise InputError("must not be empty", what, "name")
    if "\n" in table["name"] or len(table["name"]) > MAX_NAME:
        raise InputError(f"must be one line of at most {MAX_NAME} printable characters, got "
                         f"{show(table['name'])}", what, "name")
    with at_line(line_of("name")):
        user_text(table["name"], what, "name", limit=MAX_NAME)
    if not COLOUR_PATTERN.match(table["colour"]):
        raise InputError(f"must be a colour like \"#D55E00\", got {table['colour']!r}",
                         what, "colour")
    if table["glyph"] not in GLYPHS:
        raise InputError(f"unknown glyph {table['glyph']!r} (one of {', '.join(GLYPHS)})",
                         what, "glyph")
    image, art = _image(table, what, base, line_of)
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
    table, cid = _table_id(table, int, what)
    if not 0 < cid <= MAX_ID:
        raise InputError(f"must be a positive integer up to {MAX_ID}, got {cid}", what, "id")
    what = f"card {cid}"  # from here on, errors name the card by its id
    _check_keys(table, ("id", "planets", "comets", "stars", "black_hole", "title", "text",
                        "count", "image"), ("id", "planets"), what)
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
    with at_line(line_of("title")):
        title = card_title(title, what)
    text = table.get("text", "")
    _expect(text, str, what, "text")
    with at_line(line_of("text")):
        text = card_text(text, what)
    count = table.get("count", 1)
    _expect(count, int, what, "count")
    if problem := count_problem(count, cid):
        raise InputError(problem, what, "count")
    image, art = _image(table, what, base, line_of)
    ordered = "".join(ch for ch in letters if ch in planets)
    return Card(cid, ordered, comets, stars, black_hole, title, image, art, text, count)


def card_title(title: str, *where: str) -> str:
    """A card's ``title`` (TOML or CSV) as printed: one line of at most :data:`MAX_TITLE`
    characters through the shared text check (:func:`~spacebowl_print.core.texts.user_text`),
    not only spaces; an :class:`InputError` at ``where`` otherwise."""
    if "\n" in title or len(title) > MAX_TITLE or (title and not title.strip()):
        raise InputError(f"must be one line of at most {MAX_TITLE} characters", *where,
                         "title")
    return user_text(title, *where, "title", limit=MAX_TITLE)


def card_text(text: str, *where: str) -> str:
    """A card's free ``text`` (TOML or CSV) as printed: at most :data:`MAX_TEXT` characters on
    at most :data:`MAX_TEXT_LINES` lines through the shared text check (valid Unicode, no
    control characters: a NUL or ESC made the card's SVG ill-formed XML; Windows line ends
    made ``\\n``), neither starting nor ending with a space or line break (a spreadsheet
    cell keeps none, so a CSV round trip stays exact); an :class:`InputError` at ``where``
    otherwise."""
    if text != text.strip(" \t\r\n"):
        raise InputError("must not start or end with spaces or line breaks", *where, "text")
    if len(text) > MAX_TEXT or text.count("\n") >= MAX_TEXT_LINES:
        raise InputError(f"must be at most {MAX_TEXT} characters on at most {MAX_TEXT_LINES} "
                         "lines", *where, "text")
    return user_text(text, *where, "text", limit=MAX_TEXT, lines=MAX_TEXT_LINES)


def count_problem(count: int, first_id: int) -> str | None:
    """Why ``count`` copies starting at id ``first_id`` cannot be, or None."""
    if not 1 <= count <= MAX_COUNT:
        return f"must be a whole number from 1 to {MAX_COUNT}, got {count}"
    if first_id + count - 1 > MAX_ID:
        return f"{count} copies from id {first_id} pass the largest id, {MAX_ID}"
    return None


class CardIds:
    """The ids taken so far while cards are read: each physical card's, with the table (or
    row) that took it, so that a clash names both."""

    def __init__(self) -> None:
        self.owner: dict[int, Card] = {}

    def clash(self, card: Card) -> tuple[str, Card] | None:
        """Why the copies of ``card`` (a table as read) cannot take their ids, and the earlier
        card holding the id; None when they can (their ids are then taken). The reason is
        "id used by an earlier card" when two single cards share an id."""
        copies = expand(card)
        for c in copies:
            other = self.owner.get(c.id)
            if other is None:
                continue
            if other.count == 1 and card.count == 1:
                return "id used by an earlier card", other
            theirs = (f"copy {other.copy} of card {other.design_id} (count = {other.count} "
                      f"takes ids {other.design_id} to {other.design_id + other.count - 1})"
                      if other.count > 1 else f"card {other.id}")
            ours = (f"count = {card.count} takes ids {card.id} to {card.id + card.count - 1}, "
                    f"but id {c.id}" if card.count > 1 else f"id {c.id}")
            return f"{ours} is already {theirs}", other
        for c in copies:
            self.owner[c.id] = c
        return None


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
    position = table.get("text_position", "bottom")
    with at_line(line_of("text_position")):
        _expect(position, str, what, "text_position")
        if position not in TEXT_POSITIONS:
            raise InputError(f"must be one of {', '.join(TEXT_POSITIONS)}, got {position!r}",
                             what, "text_position")
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
    return Theme(show_names, paths["background"], paths["back"], paths["font"], position,
                 arts["background"], arts["back"], font_face)


def deck_from_data(data: Mapping[str, Any], text: str = "",
                   base_dir: Path | None = None) -> Deck:
    """Build a :class:`Deck` from parsed TOML data, checking every field of formats.md.

    ``text`` (the TOML source) only serves to attach line numbers to errors. Pictures and the
    font of a theme are loaded from ``base_dir`` (the deck file's folder); with ``base_dir``
    None their paths are checked but no file is read.
    Raises :class:`InputError` naming the card or planet id and the field.
    """
    if not isinstance(data, Mapping):
        raise InputError(f"a deck is a TOML table, got {show(data)}")
    _check_keys(data, ("format", "name", "title", "planets", "cards", "seed", "design", "theme"),
                ("name", "title", "planets"), "")
    fmt = _format(data, text)
    _check_top_level(data, text)
    planets = _planets(data["planets"], text, base_dir)
    letters = "".join(p.id for p in planets)
    cards = _cards(data.get("cards", []), letters, text, base_dir)  # formats.md: "any number"
    theme = _deck_theme(data, text, base_dir)
    _check_drawable(data["title"], planets, data.get("cards", []), theme, text)
    if theme.show_names:
        _check_name_widths(planets, theme, text)
    deck = Deck(data["name"], data["title"], tuple(planets), tuple(cards),
                data.get("seed"), dict(data.get("design", {})), theme, fmt,
                str(base_dir) if base_dir is not None else None)
    if fmt == 1 and deck.uses_format_2:
        raise InputError("the deck uses format-2 fields (theme, images, facts, card titles, "
                         "texts or counts) but declares format = 1", "format").at_file(
                             "", _line(text, "format"))
    return deck


def _check_drawable(title: str, planets: Iterable[Planet], cards: Iterable[Mapping[str, Any]],
                    theme: Theme, text: str) -> None:
    """Every character of the deck's words (its title, planet names and facts, card titles
    and texts) must be one the fonts that print them draw (the theme's font, with DejaVu Sans
    for what it lacks, or DejaVu Sans and its bold): the PDF engine would set a character no
    font has as nothing, and a card would lose it without a word. Words of ASCII and Latin
    letters alone are drawn by every shipped font and not looked up."""
    fields: list[tuple[str, tuple[str | int, ...], str, str]] = [(title, ("title",), "", "title")]
    for k, p in enumerate(planets):
        fields.append((p.name, ("planets", k, "name"), f"planet {p.id}", "name"))
        fields += [(line, ("planets", k, "facts", lang), f"planet {p.id}", f"facts.{lang}")
                   for lang, line in p.facts]
    for k, table in enumerate(cards):  # the tables as written (each once, copies or not)
        fields += [(table.get(key, ""), ("cards", k, key), f"card {table['id']}", key)
                   for key in ("title", "text")]
    todo = [f for f in fields if needs_font_check(f[0])]
    if not todo:
        return
    # imported here: only a deck with words beyond the Latin letters pays for the PDF
    # engine's font tables (solve and stats on a plain deck stay quick)
    from spacebowl_print.render.fonts import font_label, undrawable

    fonts: tuple[Face, ...] = ((theme.font_face,) if theme.font_face is not None
                               else ("regular", "bold"))
    for value, path, what, key in todo:
        missing = undrawable(value, fonts)
        if missing is not None:
            raise refuse_character(value, missing, f"the card font ({font_label(fonts)}) has "
                                   "no glyph for it, so it would not be printed", what, key,
                                   several_lines="\n" in value).at_file("", _line(text, *path))


def _check_name_widths(planets: Iterable[Planet], theme: Theme, text: str) -> None:
    """With ``show_names``, every planet's name is printed under its disc, at 6 pt at the
    least: it must be at most :data:`MAX_NAME_MM` wide there (in the theme's font), or the
    cards holding four planets and a black hole cannot be laid out."""
    # imported here: reportlab's font metrics cost a tenth of a second, and only a deck
    # that prints its planets' names needs them (solve on a tiny case stays quick)
    from spacebowl_print.render.fonts import text_width

    font = theme.font_face or "bold"  # as the cards print it (art.cards)
    for k, planet in enumerate(planets):
        width = text_width(planet.name, NAME_MIN_PT, font)
        if width > MAX_NAME_MM:
            raise InputError(
                f"{width:.0f} mm wide at {NAME_MIN_PT:g} pt, at most {MAX_NAME_MM:g} mm fits "
                "under a planet on every card (show_names)",
                f"planet {planet.id}", "name").at_file("", _line(text, "planets", k, "name"))


def _format(data: Mapping[str, Any], text: str) -> int | None:
    """The ``format`` the deck declares (None when it declares none), one this version
    reads."""
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
            raise err.at_file("", _line(text, "format")) from None
    return fmt


def _check_top_level(data: Mapping[str, Any], text: str) -> None:
    """The deck's ``name``, ``title``, ``seed`` and ``design``."""
    try:
        _expect(data["name"], str, "", "name")
        if not NAME_PATTERN.match(data["name"]):
            raise InputError(f"must be a file-safe id (a-z, 0-9, _ and -), got {data['name']!r}",
                             "name")
        _expect(data["title"], str, "", "title")
        if not data["title"].strip() or len(data["title"]) > MAX_TITLE or "\n" in data["title"]:
            raise InputError(f"must be one line of 1 to {MAX_TITLE} printable characters, got "
                             f"{show(data['title'])}", "title")
        user_text(data["title"], "title", limit=MAX_TITLE)
        seed = data.get("seed")
        if seed is not None:
            _expect(seed, int, "", "seed")
        design = data.get("design", {})
        _expect(design, dict, "", "design")
    except InputError as err:
        raise err.at_file("", _line(text, err.where[-1]) if err.where else None) from None


def _planets(raw: object, text: str, base_dir: Path | None) -> list[Planet]:
    """The ``[[planets]]`` tables: exactly :data:`PLANET_COUNT`, no two alike in id, colour
    or glyph."""
    if not isinstance(raw, list):
        raise InputError("must be an array of tables [[planets]]", "planets")
    if len(raw) != PLANET_COUNT:
        raise InputError(f"a deck has exactly {PLANET_COUNT} planets, found {len(raw)}",
                         "planets")
    planets: list[Planet] = []
    for i, t in enumerate(raw):
        try:
            p = _planet(t, f"planets[{i + 1}]", base_dir, _line_in(text, "planets", i))
            for q in planets:
                for attr in ("id", "colour", "glyph"):
                    if getattr(p, attr) == getattr(q, attr):
                        raise InputError(
                            f"same {attr} as planet {q.id} ({getattr(p, attr)!r})",
                            f"planet {p.id}", attr)
        except InputError as err:
            raise err.at_file("", _line(text, "planets", i)) from None
        planets.append(p)
    return planets


def _cards(raw: object, letters: str, text: str, base_dir: Path | None) -> list[Card]:
    """The ``[[cards]]`` tables as physical cards (a table with ``count = N`` gives N cards,
    ids ``id`` … ``id + N − 1``), each id used once."""
    if not isinstance(raw, list):
        raise InputError("must be an array of tables [[cards]]", "cards")
    if len(raw) > MAX_CARDS:
        raise InputError(f"a deck has at most {MAX_CARDS} cards, found {len(raw)}", "cards")
    cards: list[Card] = []
    ids = CardIds()
    for i, t in enumerate(raw):
        try:
            c = _card(t, letters, f"cards[{i + 1}]", base_dir, _line_in(text, "cards", i))
            if clash := ids.clash(c):
                raise InputError(clash[0], f"card {c.id}", "count" if c.count > 1 else "id")
            if len(cards) + c.count > MAX_CARDS:
                raise InputError(f"a deck has at most {MAX_CARDS} cards, copies counted",
                                 f"card {c.id}", "count" if c.count > 1 else "id")
        except InputError as err:
            raise err.at_file("", _line(text, "cards", i)) from None
        cards.extend(expand(c))
    return cards


def _deck_theme(data: Mapping[str, Any], text: str, base_dir: Path | None) -> Theme:
    """The deck's ``[theme]`` (an empty theme when it has none)."""
    if "theme" not in data:
        return Theme()
    try:
        return _theme(data["theme"], base_dir, _line_in(text, "theme"))
    except InputError as err:
        raise err.at_file("", _line(text, "theme")) from None


def parse_deck(text: str, source: str, base_dir: Path | None = None) -> Deck:
    """Parse deck TOML ``text``; errors name ``source`` (the file), line, id and field.

    Theme files (pictures, font) are read relative to ``base_dir``, by default the folder of
    the deck file ``source`` names (a path or a shipped deck's name).
    """
    try:
        data = loads_toml(text)
    except InputError as err:
        raise err.at_file(source) from None
    try:
        return deck_from_data(data, text, base_dir if base_dir is not None
                              else base_dir_for(source))
    except InputError as err:
        raise err.at_file(source) from None


def shipped_decks() -> list[str]:
    """The names of the Space Bowl decks shipped with the tool (``classic``…): the ``*.toml``
    files of the decks folder that are decks of this game (a table of planets), not another
    game's data kept beside them."""
    names: list[str] = []
    for path in sorted(decks_dir().glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data.get("planets"), list) and isinstance(data.get("name"), str):
            names.append(path.stem)
    return names


def missing_deck(name: str) -> InputError:
    """The error for a ``--deck`` that is neither a file nor a shipped deck: it names the
    shipped decks, so that a typo is one look away from its fix."""
    return InputError("no such deck file, nor a shipped deck of that name (shipped decks: "
                      f"{', '.join(shipped_decks()) or 'none'})", file=name)


__all__ = [
    "CardIds",
    "LineOf",
    "card_text",
    "card_title",
    "count_problem",
    "deck_from_data",
    "missing_deck",
    "parse_deck",
    "shipped_decks",
]
