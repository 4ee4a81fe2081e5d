"""The words every game's books, classroom sets and web sites print around the puzzles —
title and copyright pages, answer keys, worksheets, the teacher's key, the web page's
buttons — in English, French and German. A game's own words (its noun for a puzzle, its
rules) come from its :class:`~spacebowl_print.publish.kinds.PuzzleKind`.

Placeholders: ``{game}`` the game's title, ``{puzzle}``/``{puzzles}`` the game's noun
(capitalised as the game gives it), ``{n}`` a count, ``{start}``/``{end}`` long dates.
French entries get French typography from :func:`core.templates.french_spacing`.
"""

from __future__ import annotations

from spacebowl_print.core.languages import check_lang, french_spacing

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "default_title": "Daily {puzzles} for {game}",
        "class_title": "{game} — classroom set",
        "span": "{n} {puzzles_lc}, {start} – {end}",
        "span_one": "1 {puzzle_lc}, {start}",
        "by": "by {author}",
        "edition": "{edition}",
        "isbn": "ISBN {isbn}",
        "published_by": "Published by {publisher}",
        "copyright": "© {author}. All rights reserved.",
        "made_with": "Made with spacebowl_print {version} from seed {seed}.",
        "checked": "Every {puzzle_lc} was solved by the game's engine, and its answer "
                   "re-derived by a second, independent engine before this book was printed. "
                   "The file manifest.json made with it lets anyone check every answer again "
                   "(spacebowl check manifest.json).",
        "material": "Made from: {what}.",
        "blurb": "{n} daily {puzzles_lc} for {game}, from {start} to {end}, in five tiers of "
                 "difficulty. Every answer was found by the game's engine and proved by a "
                 "second one; the answers with their reasons are at the back.",
        "answers": "Answers",
        "tier": "Tier",
        "notes": "Notes",
        "name": "Name",
        "date": "Date",
        "code": "Code",
        "worksheet": "Worksheet",
        "teacher_key": "Teacher's key",
        "every_code": "Every code",
        "legend": "How to read it",
        "student": "Student",
        "class_line": "{students} students × {n} {puzzles_lc}, tiers {tiers}",
        "class_line_one": "{students} students × {n} {puzzles_lc}, tier {tiers}",
        "how_to_play": "How to play",
        "reveal": "Reveal the answer",
        "hide": "Hide the answer",
        "step_prev": "Previous step",
        "step_next": "Next step",
        "step_of": "Step {k} of {n}",
        "previous": "previous day",
        "next": "next day",
        "index": "all days",
        "days": "{puzzles} of the day",
        "keyhelp": "Keys: R reveals or hides the answer; ← and → step through it.",
        "blank": "This page is intentionally blank.",
    },
    "fr": {
        "default_title": "{puzzles} du jour pour {game}",
        "class_title": "{game} — série pour la classe",
        "span": "{n} {puzzles_lc}, du {start} au {end}",
        "span_one": "1 {puzzle_lc}, {start}",
        "by": "par {author}",
        "edition": "{edition}",
        "isbn": "ISBN {isbn}",
        "published_by": "Publié par {publisher}",
        "copyright": "© {author}. Tous droits réservés.",
        "made_with": "Réalisé avec spacebowl_print {version} à partir de la graine {seed}.",
        "checked": "Chaque {puzzle_lc} a été résolu par le moteur du jeu, et sa réponse retrouvée "
                   "par un second moteur indépendant avant l'impression de ce livre. Le fichier "
                   "manifest.json qui l'accompagne permet à chacun de vérifier à nouveau toutes "
                   "les réponses (spacebowl check manifest.json).",
        "material": "Matériel : {what}.",
        "blurb": "{n} {puzzles_lc} du jour pour {game}, du {start} au {end}, en cinq niveaux de "
                 "difficulté. Chaque réponse a été trouvée par le moteur du jeu et prouvée par "
                 "un second ; les solutions et leurs explications sont à la fin.",
        "answers": "Solutions",
        "tier": "Niveau",
        "notes": "Notes",
        "name": "Nom",
        "date": "Date",
        "code": "Code",
        "worksheet": "Fiche",
        "teacher_key": "Corrigé de l'enseignant",
        "every_code": "Tous les codes",
        "legend": "Comment le lire",
        "student": "Élève",
        "class_line": "{students} élèves × {n} {puzzles_lc}, niveaux {tiers}",
        "class_line_one": "{students} élèves × {n} {puzzles_lc}, niveau {tiers}",
        "how_to_play": "Comment jouer",
        "reveal": "Voir la solution",
        "hide": "Cacher la solution",
        "step_prev": "Étape précédente",
        "step_next": "Étape suivante",
        "step_of": "Étape {k} sur {n}",
        "previous": "jour précédent",
        "next": "jour suivant",
        "index": "tous les jours",
        "days": "{puzzles} du jour",
        "keyhelp": "Touches : R montre ou cache la solution ; ← et → la parcourent.",
        "blank": "Cette page est laissée blanche intentionnellement.",
    },
    "de": {
        "default_title": "Tägliche {puzzles} für {game}",
        "class_title": "{game} — Klassensatz",
        "span": "{n} {puzzles}, {start} – {end}",
        "span_one": "1 {puzzle}, {start}",
        "by": "von {author}",
        "edition": "{edition}",
        "isbn": "ISBN {isbn}",
        "published_by": "Verlag: {publisher}",
        "copyright": "© {author}. Alle Rechte vorbehalten.",
        "made_with": "Erstellt mit spacebowl_print {version} aus dem Startwert {seed}.",
        "checked": "Jede Aufgabe wurde vom Programm des Spiels gelöst und ihre Lösung vor dem "
                   "Druck von einem zweiten, unabhängigen Programm nachgerechnet. Mit der "
                   "beiliegenden Datei manifest.json kann jeder alle Lösungen erneut prüfen "
                   "(spacebowl check manifest.json).",
        "material": "Material: {what}.",
        "blurb": "{n} tägliche {puzzles} für {game}, vom {start} bis {end}, in fünf "
                 "Schwierigkeitsstufen. Jede Lösung wurde vom Programm des Spiels gefunden und "
                 "von einem zweiten bewiesen; die Lösungen mit Begründung stehen hinten.",
        "answers": "Lösungen",
        "tier": "Stufe",
        "notes": "Notizen",
        "name": "Name",
        "date": "Datum",
        "code": "Code",
        "worksheet": "Arbeitsblatt",
        "teacher_key": "Lösungsblatt für Lehrkräfte",
        "every_code": "Alle Codes",
        "legend": "So liest man es",
        "student": "Schüler/in",
        "class_line": "{students} Schüler/innen × {n} {puzzles}, Stufen {tiers}",
        "class_line_one": "{students} Schüler/innen × {n} {puzzles}, Stufe {tiers}",
        "how_to_play": "So wird gespielt",
        "reveal": "Lösung zeigen",
        "hide": "Lösung verbergen",
        "step_prev": "Voriger Schritt",
        "step_next": "Nächster Schritt",
        "step_of": "Schritt {k} von {n}",
        "previous": "voriger Tag",
        "next": "nächster Tag",
        "index": "alle Tage",
        "days": "{puzzles} des Tages",
        "keyhelp": "Tasten: R zeigt oder verbirgt die Lösung; ← und → gehen sie durch.",
        "blank": "Diese Seite bleibt absichtlich leer.",
    },
}

WORDS: dict[str, dict[str, str]] = {
    lang: ({k: french_spacing(v) for k, v in table.items()} if lang == "fr" else table)
    for lang, table in _WORDS.items()
}


def book_words(lang: str, game: str, noun: str, plural: str) -> dict[str, str]:
    """The table for ``lang`` with the game's title and noun filled in where they appear
    (``{game}``, ``{puzzle}``, ``{puzzles}`` and their lower-case forms); every other
    placeholder stays for the caller's ``format``."""
    table = WORDS[check_lang(lang)]
    fill = {"game": game, "puzzle": noun, "puzzles": plural,
            "puzzle_lc": noun if lang == "de" else noun.lower(),
            "puzzles_lc": plural if lang == "de" else plural.lower()}
    out = {}
    for key, text in table.items():
        for name, value in fill.items():
            text = text.replace("{" + name + "}", value)
        out[key] = text
    return out


__all__ = ["WORDS", "book_words"]
