"""What puzzle pages and answer keys say, in English, French and German."""

from __future__ import annotations

from spacebowl_print.core.languages import check_lang

__all__ = ["WORDS", "check_lang"]

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Puzzle", "answers": "Answers", "tier": "Tier", "page": "Page",
        "code": "Code", "find": "Find every valid destination card.",
        "count": "How many valid destination cards are there?",
        "any": "Is there any valid destination at all — or is it time to call "
               "“We are all going to die!”?",
        "none": "No valid destination: “We are all going to die!”",
        "wild_on": "The Wild token lies on {cell}.", "turns": "turned",
        "with_wild": "with the Wild token", "black_hole": "black hole",
        "rotation": "rotation", "torus": "torus", "void": "void", "6x6": "6×6",
        "wild": "Wild token", "learning": "learning mode", "toss": "The toss",
        "galaxy": "The galaxy", "solutions": "{n} valid destinations",
        "solution": "1 valid destination", "near": "near misses",
    },
    "fr": {
        "puzzle": "Énigme", "answers": "Solutions", "tier": "Niveau", "page": "Page",
        "code": "Code", "find": "Trouvez toutes les cartes de destination valides.",
        "count": "Combien y a-t-il de cartes de destination valides ?",
        "any": "Existe-t-il au moins une destination valide — ou faut-il crier "
               "« On va tous mourir ! » ?",
        "none": "Aucune destination valide : « On va tous mourir ! »",
        "wild_on": "Le Joker est posé sur {cell}.", "turns": "tourné de",
        "with_wild": "avec le Joker", "black_hole": "trou noir", "rotation": "rotation",
        "torus": "tore", "void": "vide", "6x6": "6×6", "wild": "Joker",
        "learning": "mode découverte", "toss": "Le lancer", "galaxy": "La Galaxie",
        "solutions": "{n} destinations valides", "solution": "1 destination valide",
        "near": "quasi-solutions",
    },
    "de": {
        "puzzle": "Rätsel", "answers": "Lösungen", "tier": "Stufe", "page": "Seite",
        "code": "Code", "find": "Finde alle gültigen Zielkarten.",
        "count": "Wie viele gültige Zielkarten gibt es?",
        "any": "Gibt es überhaupt ein gültiges Ziel — oder heißt es "
               "„Wir werden alle sterben!“?",
        "none": "Kein gültiges Ziel: „Wir werden alle sterben!“",
        "wild_on": "Der Joker liegt auf {cell}.", "turns": "gedreht um",
        "with_wild": "mit dem Joker", "black_hole": "Schwarzes Loch", "rotation": "Drehung",
        "torus": "Torus", "void": "Leere", "6x6": "6×6", "wild": "Joker",
        "learning": "Lernmodus", "toss": "Der Wurf", "galaxy": "Die Galaxie",
        "solutions": "{n} gültige Ziele", "solution": "1 gültiges Ziel",
        "near": "Beinahe-Treffer",
    },
}
