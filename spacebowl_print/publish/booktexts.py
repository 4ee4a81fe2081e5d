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

_RETAIL: dict[str, dict[str, str]] = {
    "en": {
        "copyright": "© {year} {holder}.",
        "first_edition": "First edition {year}",
        "all_rights": "All rights reserved. No part of this book may be reproduced in any form "
                      "without the written permission of the copyright holder, except for "
                      "brief quotations in a review.",
        "licence_cc": "This book is licensed under the Creative Commons {name} licence "
                      "({short}). To see a copy of the licence, visit {url}",
        "licence_cc0": "To the extent possible under law, the copyright holder has waived all "
                       "copyright and related rights in this book (CC0 1.0 Universal: {url}).",
        "credit_both": "{game} is a game designed by {designer}, published by {publisher} "
                       "({published}).",
        "credit_designer": "{game} is a game designed by {designer}.",
        "credit_publisher": "{game} is a game published by {publisher} ({published}).",
        "independent": "This book is an independent publication: its puzzles, texts and art are "
                       "its own, and it is not affiliated with or endorsed by the game's "
                       "designer or publisher.",
        "contents": "Contents",
        "colophon": "Colophon",
        "made_with": "Made with spacebowl_print {version} from seed {seed}.",
        "checked": "Every {puzzle_lc} was solved by the game's engine, and its answer "
                   "re-derived by a second, independent engine before this book was printed. "
                   "The file manifest.json, written with this book by its publisher, lets "
                   "anyone check every answer again (spacebowl check manifest.json).",
        "material": "Made from: {what}.",
        "span_undated": "{n} {puzzles_lc} from easy to hard",
        "span_undated_one": "1 {puzzle_lc}",
        "blurb_undated": "{n} {puzzles_lc} for {game}, from easy to hard in {tiers} tiers of "
                         "difficulty. Every answer was found by the game's engine and proved "
                         "by a second one; the answers with their reasons are at the back.",
        "tier_section": "{tier_word} {tier} · {puzzles} {first}–{last}",
        "tier_section_one": "{tier_word} {tier} · {puzzle} {first}",
        "guide_trim": "trim", "guide_bleed": "bleed edge", "guide_fold": "spine fold",
        "guide_safe": "safe zone", "guide_barcode": "barcode",
    },
    "fr": {
        "copyright": "© {year} {holder}.",
        "first_edition": "Première édition {year}",
        "all_rights": "Tous droits réservés. Aucune partie de ce livre ne peut être reproduite, "
                      "sous quelque forme que ce soit, sans l'autorisation écrite du titulaire "
                      "des droits, hormis de courtes citations dans une critique.",
        "licence_cc": "Ce livre est mis à disposition selon les termes de la licence Creative "
                      "Commons {name} ({short}). Pour voir une copie de la licence, consultez "
                      "{url}",
        "licence_cc0": "Dans la mesure permise par la loi, le titulaire des droits a renoncé à "
                       "tous ses droits d'auteur et droits voisins sur ce livre (CC0 1.0 "
                       "Universel : {url}).",
        "credit_both": "{game} est un jeu conçu par {designer}, publié par {publisher} "
                       "({published}).",
        "credit_designer": "{game} est un jeu conçu par {designer}.",
        "credit_publisher": "{game} est un jeu publié par {publisher} ({published}).",
        "independent": "Ce livre est une publication indépendante : ses énigmes, ses textes et "
                       "ses illustrations lui sont propres, et il n'est ni affilié à l'auteur "
                       "ou à l'éditeur du jeu, ni approuvé par eux.",
        "contents": "Sommaire",
        "colophon": "Colophon",
        "made_with": "Réalisé avec spacebowl_print {version} à partir de la graine {seed}.",
        "checked": "Chaque {puzzle_lc} a été résolu par le moteur du jeu, et sa réponse retrouvée "
                   "par un second moteur indépendant avant l'impression de ce livre. Le fichier "
                   "manifest.json, écrit avec ce livre par son éditeur, permet à chacun de "
                   "vérifier à nouveau toutes les réponses (spacebowl check manifest.json).",
        "material": "Matériel : {what}.",
        "span_undated": "{n} {puzzles_lc}, du plus facile au plus difficile",
        "span_undated_one": "1 {puzzle_lc}",
        "blurb_undated": "{n} {puzzles_lc} pour {game}, du plus facile au plus difficile en "
                         "{tiers} niveaux. Chaque réponse a été trouvée par le moteur du jeu et "
                         "prouvée par un second ; les solutions et leurs explications sont à "
                         "la fin.",
        "tier_section": "{tier_word} {tier} · {puzzles} {first} à {last}",
        "tier_section_one": "{tier_word} {tier} · {puzzle} {first}",
        "guide_trim": "coupe", "guide_bleed": "fond perdu", "guide_fold": "pli du dos",
        "guide_safe": "zone sûre", "guide_barcode": "code-barres",
    },
    "de": {
        "copyright": "© {year} {holder}.",
        "first_edition": "Erste Auflage {year}",
        "all_rights": "Alle Rechte vorbehalten. Kein Teil dieses Buches darf ohne schriftliche "
                      "Genehmigung des Rechteinhabers in irgendeiner Form vervielfältigt "
                      "werden, ausgenommen kurze Zitate in einer Besprechung.",
        "licence_cc": "Dieses Buch steht unter der Creative-Commons-Lizenz {name} ({short}). "
                      "Eine Kopie der Lizenz finden Sie unter {url}",
        "licence_cc0": "Soweit gesetzlich möglich, hat der Rechteinhaber auf alle Urheber- und "
                       "verwandten Schutzrechte an diesem Buch verzichtet (CC0 1.0 Universell: "
                       "{url}).",
        "credit_both": "{game} ist ein Spiel von {designer}, erschienen bei {publisher} "
                       "({published}).",
        "credit_designer": "{game} ist ein Spiel von {designer}.",
        "credit_publisher": "{game} ist ein Spiel, erschienen bei {publisher} ({published}).",
        "independent": "Dieses Buch ist eine unabhängige Veröffentlichung: Rätsel, Texte und "
                       "Bilder sind eigene, und es steht in keiner Verbindung zum Autor oder "
                       "Verlag des Spiels und wird von ihnen nicht unterstützt.",
        "contents": "Inhalt",
        "colophon": "Kolophon",
        "made_with": "Erstellt mit spacebowl_print {version} aus dem Startwert {seed}.",
        "checked": "Jede Aufgabe wurde vom Programm des Spiels gelöst und ihre Lösung vor dem "
                   "Druck von einem zweiten, unabhängigen Programm nachgerechnet. Die Datei "
                   "manifest.json, die der Verlag mit diesem Buch erstellt hat, erlaubt es "
                   "jedem, alle Lösungen erneut zu prüfen (spacebowl check manifest.json).",
        "material": "Material: {what}.",
        "span_undated": "{n} {puzzles}, von leicht bis schwer",
        "span_undated_one": "1 {puzzle}",
        "blurb_undated": "{n} {puzzles} für {game}, von leicht bis schwer in {tiers} "
                         "Schwierigkeitsstufen. Jede Lösung wurde vom Programm des Spiels "
                         "gefunden und von einem zweiten bewiesen; die Lösungen mit Begründung "
                         "stehen hinten.",
        "tier_section": "{tier_word} {tier} · {puzzles} {first}–{last}",
        "tier_section_one": "{tier_word} {tier} · {puzzle} {first}",
        "guide_trim": "Beschnitt", "guide_bleed": "Anschnitt", "guide_fold": "Rückenfalz",
        "guide_safe": "sichere Zone", "guide_barcode": "Strichcode",
    },
}
"""The retail pages' words: copyright page, licences, the original game's credit, contents,
colophon, undated books, the cover proof's legend."""

LICENCE_NAMES: dict[str, tuple[str, str, str]] = {
    "cc-by-4.0": ("Attribution 4.0 International", "CC BY 4.0",
                  "https://creativecommons.org/licenses/by/4.0/"),
    "cc-by-sa-4.0": ("Attribution-ShareAlike 4.0 International", "CC BY-SA 4.0",
                     "https://creativecommons.org/licenses/by-sa/4.0/"),
    "cc-by-nc-4.0": ("Attribution-NonCommercial 4.0 International", "CC BY-NC 4.0",
                     "https://creativecommons.org/licenses/by-nc/4.0/"),
    "cc-by-nc-sa-4.0": ("Attribution-NonCommercial-ShareAlike 4.0 International",
                        "CC BY-NC-SA 4.0", "https://creativecommons.org/licenses/by-nc-sa/4.0/"),
    "cc-by-nd-4.0": ("Attribution-NoDerivatives 4.0 International", "CC BY-ND 4.0",
                     "https://creativecommons.org/licenses/by-nd/4.0/"),
    "cc0-1.0": ("CC0 1.0 Universal", "CC0 1.0",
                "https://creativecommons.org/publicdomain/zero/1.0/"),
}
"""A Creative Commons licence's full name, short name and address, by ``--licence`` id (the
licences' official names, untranslated, as Creative Commons asks)."""

for _lang, _more in _RETAIL.items():
    _WORDS[_lang].update(_more)

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


__all__ = ["LICENCE_NAMES", "WORDS", "book_words"]
