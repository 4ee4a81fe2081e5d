"""Space Bowl as its rulebooks describe it (issue 17): spaces numbered 1–9 wherever they are
printed, the void variant's flip, the French and German rulebooks' own component names in
every text Space Bowl prints, and rule summaries complete against space-bowl.md, section by
section, in every language."""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from spacebowl_print.games.spacebowl import kit
from spacebowl_print.games.spacebowl.art import sheetframe
from spacebowl_print.games.spacebowl.art.rules import rules_pages, rules_text, scoring_checks
from spacebowl_print.games.spacebowl.art.scoretrack import scoretrack_pages
from spacebowl_print.games.spacebowl.art.shipcomputer import ship_computer_pages
from spacebowl_print.games.spacebowl.art.texts import WORDS
from spacebowl_print.games.spacebowl.art.tokens import token_pages
from spacebowl_print.games.spacebowl.model import Deck, parse_deck
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Page
from spacebowl_print.render.pdf import pdf_bytes

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "spacebowl"


@functools.cache
def _deck() -> Deck:
    return parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")


def _flat(text: str) -> str:
    """One line, every kind of space a plain space (the French and German texts use no-break
    spaces to keep calls and names whole)."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


@functools.cache
def _rules(lang: str) -> str:
    return _flat(rules_text(lang, _deck()))


def _pdf_text(pages: list[Page]) -> str:
    reader = PdfReader(io.BytesIO(pdf_bytes(pages)))
    return _flat("\n".join(page.extract_text() for page in reader.pages))


def _all_words(lang: str) -> str:
    """Every word Space Bowl prints in ``lang`` outside the card art: the rule summary, the
    booklet introduction's template, the puzzle/key/worksheet words, the kit sheets' labels
    and the kit cover's document titles."""
    parts = [_rules(lang), (TEMPLATES / f"booklet-{lang}.md.j2").read_text(encoding="utf-8")]
    parts += WORDS[lang].values()
    parts += sheetframe.LABELS[lang].values()
    parts += [f"{title} {note}" for title, note in kit.DOCUMENT_WORDS[lang].values()]
    return _flat("\n".join(parts))


# ---------------------------------------------------------------- the rulebooks' own terms
RULEBOOK_TERMS = {
    "fr": ["pile Infini & au-delà", "piste des scores", "mauve"],
    "de": ["Planeten-Karten", "„Bis zur Unendlichkeit“-Stapel", "Ziel-Plättchen",
           "Schwarzes-Loch-Plättchen", "Captain-Marker", "Punkteübersicht",
           "Schiffscomputer-Box", "„Ich bestätige!“"],
}
"""space-bowl.md, "The rulebooks' own terms" (the German closing quote typeset as “)."""

OWN_WORDS = {
    "fr": [r"\bpioche\b", r"Vers l'infini", r"\bviolet", r"piste de score\b"],
    "de": [r"Konstellationskarte", r"Sternbildkarte", r"Unendlichkeit & weiter",
           r"Zielscheibe", r"\bScheibe\b", r"Schwarzes-Loch-Scheibe", r"Kapitän",
           r"Punkteleiste", r"Schachtel", r"violett"],
}
"""The words the summaries, sheets and booklets used before for those components."""


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_rule_summaries_use_the_rulebooks_terms(lang: str) -> None:
    text = _rules(lang)
    for term in RULEBOOK_TERMS[lang]:
        if lang == "fr" and term == "piste des scores":
            term = "iste des scores"  # "Piste des scores" at the head of a list item
        assert term in text, term


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_no_text_keeps_its_own_word_for_a_rulebook_component(lang: str) -> None:
    text = _all_words(lang)
    for pattern in OWN_WORDS[lang]:
        assert not re.search(pattern, text), pattern


def test_kit_sheets_name_the_german_components(tmp_path: Path) -> None:
    deck = _deck()
    tokens = _pdf_text(token_pages(RenderContext("de"), deck.planets))
    for word in ("Ziel-Plättchen", "Schwarzes-Loch-Plättchen", "Captain-Marker", "Joker"):
        assert word in tokens, word
    assert re.search(r"\bCaptain\b(?!-)", tokens)  # the word on the token itself
    assert "Punkteübersicht" in _pdf_text(scoretrack_pages(RenderContext("de")))
    ship = _pdf_text(ship_computer_pages(RenderContext("de"), 150, deck.planets))
    assert "Schiffscomputer-Box" in ship and "Ziel-Plättchen hierher" in ship
    assert "Piste des scores" in _pdf_text(scoretrack_pages(RenderContext("fr")))


# ---------------------------------------------------------------- spaces are not cards
def test_the_ship_computer_grid_and_tray_number_their_spaces() -> None:
    deck = _deck()
    pages = ship_computer_pages(RenderContext(), 150, deck.planets)
    with pdfplumber.open(io.BytesIO(pdf_bytes(pages))) as pdf:
        for page in pdf.pages[:3]:  # the grid, then the tray's two sheets
            big = [w["text"] for w in page.extract_words(extra_attrs=["size"])
                   if float(w["size"]) >= 10]
            assert not any(re.fullmatch(r"[A-C][1-3]", w) for w in big), big
            assert {"1", "2"} <= set(big) or {"5"} <= set(big)
        grid = [w["text"] for w in pdf.pages[0].extract_words(extra_attrs=["size"])
                if float(w["size"]) >= 10]
    assert sorted((w for w in grid if w.isdigit()), key=int) == [str(n) for n in range(1, 10)]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_rule_summaries_name_spaces_by_number_only(lang: str) -> None:
    # The toss example names the disc's and the marbles' spaces: all digits 1–9, never A1.
    text = _rules(lang)
    space_word = {"en": "space", "fr": "case", "de": "Feld"}[lang]
    named = re.findall(rf"\b{space_word} (\S+?)[\s,.;:]", text)
    assert named, text[:200]
    for name in named:
        assert not re.fullmatch(r"[A-C][1-3]", name), name
    assert re.search(rf"{space_word} [1-9]\b", text)


# ---------------------------------------------------------------- the void variant's flip
VOID_FLIP = {
    "en": "A face-down card that reaches the top of the Infinity & Beyond deck is simply "
          "turned face up.",
    "fr": "Une carte face cachée qui arrive au-dessus de la pile Infini & au-delà est "
          "simplement retournée face visible.",
    "de": "Kommt eine verdeckte Karte oben auf den „Bis zur Unendlichkeit“-Stapel zu liegen, "
          "wird sie einfach aufgedeckt.",
}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_void_variant_turns_a_face_down_top_card_face_up(lang: str) -> None:
    text = _rules(lang)
    void = re.search(r"\*\*(Void|VIDE SPATIAL|DIE LEERE DES WELTALLS)\s?:?\*\*:?(.*?)\n?- \*\*",
                     rules_text(lang, _deck()), re.S)
    assert void is not None
    assert VOID_FLIP[lang] in _flat(void[2])  # in the void variant's own item
    assert VOID_FLIP[lang] in text


# ---------------------------------------------------------------- complete, section by section
def test_scoring_checks_are_the_specs() -> None:
    # space-bowl.md, "A round" 3: (a) +3, +2, −1; (b) −2, −1, +2 — scored by the engine.
    assert scoring_checks() == {"a": [3, 2, -1], "b": [-2, -1, 2]}


SECTIONS: dict[str, dict[str, list[str]]] = {
    "components": {
        "en": ["56 Constellation cards", "6 planets", "Ship Computer", "numbered 1 to 9",
               "Destination disc** (purple)", "Black Hole disc", "Wild token", "Captain token",
               "3 per player in one of 8 colours", "Ship side / Red Button side", "pointer",
               "Scoretrack** from 0 to 18"],
        "fr": ["56 cartes Constellation", "6 planètes", "Ordinateur de bord",
               "numérotées de 1 à 9", "Disque Destination** (mauve)", "disque Trou noir",
               "jeton Joker", "jeton Capitaine", "3 par joueur dans l'une des 8 couleurs",
               "face Vaisseau / face Bouton rouge", "pointeur", "Piste des scores** de 0 à 18"],
        "de": ["56 Planeten-Karten", "6 Planeten", "Schiffscomputer-Box",
               "von 1 bis 9 in Leserichtung", "Ziel-Plättchen** (lila)",
               "Schwarzes-Loch-Plättchen", "Joker", "Captain-Marker",
               "3 pro Person in einer von 8 Farben", "Seite Schiff / Seite Roter Knopf",
               "Zeiger", "Punkteübersicht** von 0 bis 18"],
    },
    "setup": {
        "en": ["25 face up in a 5×5 square", "Columns are A–E from the left, rows 1–5 from "
               "the top", "10 more cards face up", "Infinity & Beyond deck",
               "other cards sit out", "space **4** of the scoretrack",
               "Randomly select someone to be the captain", "take the Captain token"],
        "fr": ["25 face visible en un carré de 5×5", "colonnes vont de A à E",
               "10 autres cartes face visible", "pile **Infini & au-delà**",
               "ne servent pas", "case **4** de la piste des scores", "jeton Capitaine",
               "Désignez au hasard le capitaine"],
        "de": ["25 offen als Quadrat von 5×5", "Spalten A–E von links", "10 weitere Karten",
               "„Bis zur Unendlichkeit“-Stapel", "nicht gebraucht",
               "Feld **4** der Punkteübersicht", "nimmt den Captain-Marker",
               "Bestimmt zufällig, wer Captain ist"],
    },
    "toss": {
        "en": ["together with the marbles of the planets shown on the top card",
               "several may share a space", "never turned", "centre space 5",
               "tossed too when the top card shows one"],
        "fr": ["les billes des planètes montrées par la carte du dessus",
               "plusieurs peuvent partager une case", "On ne tourne jamais la boîte",
               "case centrale 5", "lancé aussi quand la carte du dessus en montre un"],
        "de": ["zusammen mit den Murmeln der Planeten", "mehreres darf sich ein Feld teilen",
               "Die Box wird nie gedreht", "Mittelfeld 5",
               "wird mitgeworfen, wenn die oberste Karte eines zeigt"],
    },
    "valid": {
        "en": ["**at least** those planets", "only **empty** spaces may stick out",
               "must **not** show them", "must still lie on a card",
               "does nothing to the disc or to an empty space", "**exactly one** missing planet",
               "cannot lift a black-hole ban"],
        "fr": ["**au moins** ces planètes", "seules les cases **vides** peuvent dépasser",
               "ne doit **pas** les montrer", "doit quand même recouvrir une carte",
               "aucun effet sur le disque ni sur une case vide", "**exactement une** planète",
               "ne lève pas un interdit du trou noir"],
        "de": ["**mindestens** diese Planeten", "nur **leere** Felder",
               "darf sie **nicht** zeigen", "trotzdem auf einer Karte liegen",
               "Auf das Ziel-Plättchen und auf leere Felder wirkt das Schwarze Loch nicht",
               "**genau einen** fehlenden Planeten", "hebt er nicht auf"],
    },
    "round": {
        "en": ["**“Go!”**", "count down aloud from 10", "**concur**", "At 0",
               "the same card is allowed", "place nothing and score nothing",
               "During a countdown anyone may put the Wild token", "whoever put it there must",
               "**“We are all going to die!”**", "flip your large Crew token to the Red Button",
               "keep searching and point at a card at 0",
               "Red Button players may not use the Wild token"],
        "fr": ["**« Go ! »**", "à rebours depuis 10", "**suivre**", "**« Suivi ! »**", "À 0",
               "la même carte est permise", "ne posent rien et ne marquent rien",
               "Pendant un compte à rebours, n'importe qui peut poser le Joker",
               "celui qui l'a posé doit s'en servir", "**« On va tous mourir ! »**",
               "retournez votre grand jeton Équipage sur le Bouton rouge",
               "continuer à chercher et désigner une carte à 0",
               "Bouton rouge ne peuvent pas utiliser le Joker"],
        "de": ["**„Los!“**", "von 10 rückwärts zählen", "**„Ich bestätige!“**", "Bei 0",
               "dieselbe Karte ist erlaubt", "legen nichts und bekommen nichts",
               "Während eines Countdowns darf jede Person den Joker",
               "wer ihn gelegt hat, muss ihn nutzen", "**„Wir werden alle sterben!“**",
               "großen Crew-Marker auf den Roten Knopf drehen",
               "weitersuchen und bei 0 auf eine Karte zeigen",
               "Wer den Roten Knopf zeigt, darf den Joker-Marker nicht nutzen"],
    },
    "scoring": {
        "en": ["is **found** if at least one chosen card is valid", "never takes a score "
               "below 0", "Two quick checks", "**+3**", "**+2**", "**−1**", "**−2**"],
        "fr": ["est **trouvée** si au moins une carte désignée est valide",
               "jamais descendre un score sous 0", "Deux vérifications rapides", "**+3**",
               "**+2**", "**−1**", "**−2**"],
        "de": ["ist **gelöst**, wenn mindestens eine gewählte Karte gültig ist",
               "keinen Punktestand unter 0", "Zwei schnelle Proben", "**+3**", "**+2**",
               "**−1**", "**−2**"],
    },
    "end of round": {
        "en": ["the “Go!” caller becomes captain", "or nobody called “Go!”",
               "takes the chosen card, and the top card of the deck fills the gap",
               "the doom caller becomes captain", "nobody called doom: the captain stays",
               "takes the top card of the deck", "Take back the Wild token and the pointers",
               "back to the Ship side"],
        "fr": ["celui qui a crié « Go ! » devient capitaine", "ou sans « Go ! »",
               "prend la carte désignée, et la carte du dessus de la pile comble le trou",
               "celui qui a crié « On va tous mourir ! » devient capitaine",
               "le capitaine le reste", "prend la carte du dessus de la pile",
               "Reprenez le Joker et les pointeurs", "face Vaisseau."],
        "de": ["Der „Los!“-Rufer bekommt den Captain-Marker", "hat niemand „Los!“ gerufen",
               "nimmt die gewählte Karte, und die oberste Stapelkarte füllt die Lücke",
               "Der Untergangsrufer bekommt den Captain-Marker", "bleibt der Captain im Amt",
               "nimmt die oberste Stapelkarte", "Joker-Marker und Zeiger zurücknehmen",
               "wieder auf die Seite Schiff drehen"],
    },
    "end of game": {
        "en": ["reaches 18 points or more", "when the deck is empty (after 10 rounds)",
               "points beyond 18 included", "the player who took more cards wins",
               "share the victory"],
        "fr": ["atteint 18 points ou plus", "quand la pile est vide (après 10 manches)",
               "points au-delà de 18 compris", "celui qui a pris le plus de cartes",
               "la victoire est partagée"],
        "de": ["18 oder mehr Punkte erreicht", "leer ist (nach 10 Runden)",
               "Punkte über 18 zählen mit", "wer mehr Karten genommen hat",
               "teilen sich die Beteiligten den Sieg"],
    },
    "variants": {
        "en": ["mix them freely", "**No Wild token.**", "3 random cards are turned face down",
               "is simply turned face up", "6×6 cards, A–F and 1–6",
               "turned by 90°, 180° or 270° (the disc turns with it)",
               "the card at the opposite edge"],
        "fr": ["à combiner librement", "**Sans Joker.**", "3 cartes au hasard sont posées "
               "face cachée", "simplement retournée face visible", "6×6 cartes, A–F et 1–6",
               "tournée de 90°, 180° ou 270° (le disque tourne avec elle)",
               "la carte du bord opposé"],
        "de": ["frei kombinierbar", "**KEIN JOKER-MARKER.**", "3 zufällige Karten verdeckt",
               "wird sie einfach aufgedeckt", "6×6 Karten, A–F und 1–6",
               "um 90°, 180° oder 270° gedreht passt (das Ziel-Plättchen dreht sich mit)",
               "auf der Karte am gegenüberliegenden Rand"],
    },
}
"""What space-bowl.md says, section by section, as each summary words it."""


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("section", list(SECTIONS))
def test_rule_summary_is_complete(section: str, lang: str) -> None:
    text = _rules(lang)
    missing = [n for n in SECTIONS[section][lang] if _flat(n) not in text]
    assert not missing, (section, lang, missing)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rule_summaries_fit_two_pages_with_no_text_under_6pt(lang: str, paper: str) -> None:
    pages = rules_pages(RenderContext(lang, paper=paper), _deck())
    assert len(pages) <= 2
    with pdfplumber.open(io.BytesIO(pdf_bytes(pages))) as pdf:
        sizes = [float(ch["size"]) for p in pdf.pages for ch in p.chars if ch["text"].strip()]
    assert min(sizes) >= 5.99
