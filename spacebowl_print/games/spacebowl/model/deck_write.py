"""Writing decks: the TOML-ready mapping of a deck and the deck file in the documented layout,
which :func:`~.deck_read.parse_deck` reads back to an equal deck.
"""

from __future__ import annotations

from typing import Any

import tomli_w

from spacebowl_print.games.spacebowl.model.deck import Card, Deck, Planet


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
    if c.count != 1:
        out["count"] = c.count
    if c.title:
        out["title"] = c.title
    if c.text:
        out["text"] = c.text
    if c.image is not None:
        out["image"] = c.image
    return out


def deck_to_data(deck: Deck) -> dict[str, Any]:
    """The TOML-ready mapping of ``deck`` (the inverse of :func:`~.deck_read.deck_from_data`).

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
    data["cards"] = [_card_data(c) for c in deck.designs]  # one table per card and its copies
    return data


def deck_to_toml(deck: Deck, header_comment: str = "") -> str:
    """The deck as TOML text in the documented layout (one ``[[planets]]`` / ``[[cards]]``
    table each), which :func:`~.deck_read.parse_deck` reads back to an equal deck."""
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


__all__ = ["deck_to_data", "deck_to_toml"]
