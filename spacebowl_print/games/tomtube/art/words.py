"""The words Tom Tube's printed pieces use, in the game's two languages (English, German).
Longer texts (rule summaries, the booklet introduction) are jinja2 templates in
``templates/tomtube/``."""

from __future__ import annotations

from spacebowl_print.core.languages import check_lang

LANGS: tuple[str, ...] = ("en", "de")
"""Tom Tube prints in English and German (the seed game's two languages)."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "game": "Tom Tube",
        "brand": "Tom Tube · print-and-play",
        "board": "Board",
        "board_sub": "Side-4 hexagon, edges {edge:g} mm — tiles fit exactly",
        "board_note": "Knot names (A1…I5) sit under the tiles. Modules: a base (start and "
                      "goal) and two solar modules per player.",
        "base": "base",
        "solar": "solar",
        "counters": "Counters",
        "counters_sub": "4 solar, 24 energy, 8 control, 6 alien — fronts left, backs right",
        "counters_note": "Fold along the dotted line, glue the halves together, then cut along "
                         "the solid lines.",
        "astronauts": "Astronauts",
        "astronauts_sub": "Fold-over standees: Tom round, Dave square",
        "astronauts_note": "Cut along the solid line. Fold at the helmet, glue the two halves "
                           "back to back (not the feet), fold the feet outwards to stand.",
        "solar_n": "solar ×{n} · 5 points",
        "energy_n": "energy ×{n} · 1 point",
        "control_n": "control ×{n} · 2 points",
        "alien_n": "alien ×{n} · 5 points",
        "fold": "fold",
        "glue": "glue",
        "tom": "Tom",
        "dave": "Dave",
        "legend": "Tubes",
        "legend_tom": "Tom (orange, dots)",
        "legend_dave": "Dave (blue, rungs)",
        "legend_neutral": "neutral (grey, stripes)",
        "rules": "Rule summary",
        "puzzle": "Puzzle",
        "answers": "Answers",
        "tier": "tier",
        "page": "page",
        "code": "code",
    },
    "de": {
        "game": "Tom Tube",
        "brand": "Tom Tube · Print-and-Play",
        "board": "Spielplan",
        "board_sub": "Sechseck mit Seitenlänge 4, Kanten {edge:g} mm — die Plättchen passen genau",
        "board_note": "Die Knotennamen (A1…I5) liegen unter den Plättchen. Module: je Spieler "
                      "eine Basis (Start und Ziel) und zwei Solarmodule.",
        "base": "Basis",
        "solar": "Solar",
        "counters": "Marker",
        "counters_sub": "4 Solar, 24 Energie, 8 Kontrolle, 6 Alien — Vorderseiten links, "
                        "Rückseiten rechts",
        "counters_note": "An der gepunkteten Linie falzen, die Hälften zusammenkleben, dann an "
                         "den durchgezogenen Linien ausschneiden.",
        "astronauts": "Astronauten",
        "astronauts_sub": "Aufsteller zum Falten: Tom rund, Dave eckig",
        "astronauts_note": "An der durchgezogenen Linie ausschneiden. Am Helm falzen, die "
                           "Hälften Rücken an Rücken kleben (nicht die Füße), die Füße nach "
                           "außen falzen.",
        "solar_n": "Solar ×{n} · 5 Punkte",
        "energy_n": "Energie ×{n} · 1 Punkt",
        "control_n": "Kontrolle ×{n} · 2 Punkte",
        "alien_n": "Alien ×{n} · 5 Punkte",
        "fold": "falzen",
        "glue": "kleben",
        "tom": "Tom",
        "dave": "Dave",
        "legend": "Röhren",
        "legend_tom": "Tom (orange, Punkte)",
        "legend_dave": "Dave (blau, Sprossen)",
        "legend_neutral": "neutral (grau, Streifen)",
        "rules": "Regelübersicht",
        "puzzle": "Rätsel",
        "answers": "Lösungen",
        "tier": "Stufe",
        "page": "Seite",
        "code": "Code",
    },
}


def words(lang: str) -> dict[str, str]:
    """The word table of ``lang`` (``en`` or ``de``); an unknown language is an
    :class:`~spacebowl_print.core.errors.InputError` at ``lang``."""
    return WORDS[check_lang(lang, LANGS)]


__all__ = ["LANGS", "WORDS", "words"]
