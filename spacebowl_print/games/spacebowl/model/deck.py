"""Planets, cards and decks: the data of a ``decks/*.toml`` file (formats.md, documented field
by field in ``docs/deck-format.md``), and a deck's summary for its designer.

Reading a deck file is :mod:`.deck_read`, writing one :mod:`.deck_write`; a CSV card list
:mod:`.csvdeck`.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from spacebowl_print.games.spacebowl.model.theme import Theme
from spacebowl_print.render.api import Picture

PLANET_COUNT = 6
GLYPHS: tuple[str, ...] = (
    "ring", "dot", "cross", "triangle", "square", "diamond", "star", "bars", "wave", "moon",
)
"""Shapes a planet can carry so that it reads without colour (renderers draw each one)."""

COLOUR_PATTERN = re.compile(r"^#[0-9A-Fa-f]{6}\Z")
"""A planet colour: ``#RRGGBB``."""
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\Z")
"""A deck name: a file-safe id."""
MAX_ID = 10**9
MAX_FACT = 160
"""A planet fact is one line of a rule summary or worksheet: at most this many characters."""
MAX_TITLE = 60
"""A card title (or a deck title) is one line: at most this many characters."""
MAX_TEXT = 200
"""A card's free text: at most this many characters (and :data:`MAX_TEXT_LINES` lines)."""
MAX_TEXT_LINES = 4
MAX_COUNT = 100
"""Copies one ``[[cards]]`` table may ask for."""
MAX_NAME = 32
"""A planet name: at most this many characters."""
MAX_NAME_MM = 18.0
"""With ``show_names``, a planet's name must be at most this wide at :data:`NAME_MIN_PT` in
the face the cards print it in (measured on the solar-system deck, whose cards carry up to four
planets and a black hole, every name the same, 40 layout seeds: names 18.7 and 18.9 mm wide
in DejaVu Sans Bold lay out on every card at the standard size, 20.3 mm fails on one)."""
NAME_MIN_PT = 6.0
"""The smallest size a planet's name is printed at (nothing printed is smaller)."""
MAX_CARDS = 1000
"""Most cards a deck may hold, copies counted (the standard game uses 56)."""


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
    """A constellation card. ``planets`` holds planet letters in the deck's planet order.

    A deck's ``cards`` are the physical cards: a ``[[cards]]`` table (or CSV row) with
    ``count = N`` (format 2) stands for N identical cards with the consecutive ids ``id`` …
    ``id + N − 1``; each of them carries ``count`` and its ``copy`` number (1 … N), so that the
    deck writes back as it was read (:func:`expand`)."""

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
    text: str = ""
    """Format 2: free text printed on the card where the theme places it
    (``[theme] text_position``; empty: none)."""
    count: int = 1
    """Format 2: how many copies the card's table asks for (1: a single card)."""
    copy: int = 1
    """Which of those copies this card is (1 … ``count``); its id is the table's + copy − 1."""

    @property
    def planet_set(self) -> frozenset[str]:
        """The planets shown, as a set of letters."""
        return frozenset(self.planets)

    @property
    def design_id(self) -> int:
        """The id of the table (or CSV row) this card is a copy of: the first copy's id. The
        copies of a card look alike because their art is laid out from this id."""
        return self.id - self.copy + 1


def expand(card: Card) -> list[Card]:
    """The physical cards of a ``[[cards]]`` table read as ``card`` (its ``count`` set, copy
    1): ``count`` cards with ids ``card.id`` … ``card.id + count − 1``."""
    return [replace(card, id=card.id + k, copy=k + 1) for k in range(card.count)]


@dataclass(frozen=True)
class Deck:
    """A named deck: exactly 6 planets (fixed order) and any number of cards.

    ``seed`` and ``design`` record how a designed deck was made (both optional). ``theme``
    holds the format-2 art and type; ``format`` is the version the file declares (None when it
    declares none); ``base_dir`` is the folder its relative paths start from, ``file`` the
    deck as the command line named it.
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
    file: str | None = field(default=None, compare=False, repr=False)
    """The deck as ``--deck`` named it (a path as given, or a shipped deck's name); None for
    a deck made in memory. Manifests record it so that ``check`` finds the same file."""

    @property
    def uses_format_2(self) -> bool:
        """Whether the deck uses any field that format 1 does not have."""
        return (not self.theme.empty
                or any(p.image is not None or p.image_glyph or p.facts for p in self.planets)
                or any(c.title or c.image is not None or c.text or c.count != 1
                       for c in self.cards))

    @property
    def designs(self) -> tuple[Card, ...]:
        """One card per ``[[cards]]`` table (the first copy of each), in deck order."""
        return tuple(c for c in self.cards if c.copy == 1)

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


__all__ = [
    "COLOUR_PATTERN", "GLYPHS", "MAX_CARDS", "MAX_COUNT", "MAX_FACT", "MAX_ID", "MAX_NAME",
    "MAX_NAME_MM", "MAX_TEXT", "MAX_TEXT_LINES", "MAX_TITLE", "NAME_MIN_PT", "NAME_PATTERN",
    "PLANET_COUNT", "Card", "Deck", "Planet", "deck_summary", "expand",
]
