"""The rulebooks' words in print (issue 25, item 4), read back from what is rendered: the
Space Bowl rule summaries, kit sheets, a booklet and a web page in French and German carry
the rulebooks' variant and piece names and the French call; the English setup selects the
captain at random; the Tom Tube summaries say which rules are this edition's decisions, who
places the other player's triangles and that the tiles and board are this project's; the
Tom Tube counters are printed yellow, blue and green, each with a shape of its own."""

from __future__ import annotations

import colorsys
import functools
import io
import json
import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pdfread import page_texts
from pypdf import PdfReader

from spacebowl_print.cli.main import cli
from spacebowl_print.games.spacebowl.art.rules import rules_pages
from spacebowl_print.games.spacebowl.art.tokens import token_pages
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.games.tomtube.art.rules import rules_pages as tomtube_rules_pages
from spacebowl_print.games.tomtube.art.tubes import COUNTER_KINDS, counter_outline, draw_counter
from spacebowl_print.games.tomtube.solve.verify import shipped_tiles
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import DrawnPage, Page
from spacebowl_print.render.pdf import pdf_bytes


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


def _text(pages: list[Page]) -> str:
    reader = PdfReader(io.BytesIO(pdf_bytes(pages)))
    return _flat("\n".join(page.extract_text() for page in reader.pages))


@functools.cache
def _summary(lang: str) -> str:
    deck = parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")
    return _text(rules_pages(RenderContext(lang), deck))


SPACE_BOWL = {
    "en": ["Randomly select someone to be the captain"],
    "fr": ["GALAXIE SPHÉRIQUE", "VIDE SPATIAL", "« Suivi ! »", "« Go ! »", "au hasard"],
    "de": ["RINGFÖRMIGE GALAXIE", "DIE LEERE DES WELTALLS", "KEIN JOKER-MARKER",
           "Joker-Marker", "Crew-Marker", "„Los!“", "„Ich bestätige!“", "zufällig"],
}
"""space-bowl.md, "Rulebook facts to print as written", per language."""


@pytest.mark.parametrize("lang", sorted(SPACE_BOWL))
def test_space_bowl_summaries_print_the_rulebooks_words(lang: str) -> None:
    text = _summary(lang)
    missing = [term for term in SPACE_BOWL[lang] if term not in text]
    assert not missing, missing
    assert "Crewmarker" not in text
    if lang != "en":
        assert not re.search(r"\b(Tore|Torus|Vide|Leere)\s*:", text)


def test_the_german_token_sheet_names_its_pieces() -> None:
    deck = parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")
    text = _text(token_pages(RenderContext("de"), deck.planets))
    assert "Joker-Marker" in text and "Crew-Marker" in text


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A week's booklet in French and a week's web site in German: the days of tiers 4–5
    play the torus and the void."""
    out: dict[str, str] = {}
    root = tmp_path_factory.mktemp("printed")
    result = CliRunner().invoke(cli, ["booklet", "--days", "7", "--lang", "fr", "-q", "-o",
                                      str(root / "fr")])
    assert result.exit_code == 0, result.output
    out["fr booklet"] = _flat(" ".join(page_texts(root / "fr" / "booklet.pdf")))
    result = CliRunner().invoke(cli, ["web", "--days", "7", "--lang", "de", "-q", "-o",
                                      str(root / "de")])
    assert result.exit_code == 0, result.output
    data = json.loads((root / "de" / "manifest.json").read_text("utf-8"))
    pages = [root / "de" / name for name in data["files"] if name.endswith(".html")]
    out["de web"] = _flat(" ".join(p.read_text("utf-8") for p in pages))
    return out


def test_a_booklet_and_a_web_site_name_the_variants_as_the_rulebooks(
        printed: dict[str, str]) -> None:
    booklet = printed["fr booklet"]
    assert "GALAXIE SPHÉRIQUE" in booklet and "VIDE SPATIAL" in booklet
    assert not re.search(r"\btore\b", booklet)
    web = printed["de web"]
    assert "RINGFÖRMIGE GALAXIE" in web and "DIE LEERE DES WELTALLS" in web


@functools.cache
def _tomtube(lang: str) -> str:
    return _text(tomtube_rules_pages(lang, "a4", shipped_tiles(), False))


# (the PDF's text puts a space between a parenthesis and the bold words inside it)
TOM_TUBE = {
    "en": ["this edition’s decision", "Lost in space ( this edition’s decision",
           "the other player places some of theirs", "yellow discs", "blue squares",
           "green hexagons", "not the boxed game’s"],
    "de": ["Entscheidung dieser Ausgabe", "Im All verloren ( Entscheidung dieser Ausgabe",
           "legt der andere Spieler einige seiner eigenen", "gelbe Scheiben",
           "blaue Quadrate", "grüne Sechsecke", "nicht die des Originalspiels"],
}
"""tom-tube.md, "Rulebook facts to print as written", per language."""


@pytest.mark.parametrize("lang", sorted(TOM_TUBE))
def test_tom_tube_summaries_say_what_is_ours(lang: str) -> None:
    text = _tomtube(lang)
    missing = [term for term in TOM_TUBE[lang] if _flat(term) not in text]
    assert not missing, missing
    # the decision about spheres near modules is printed as one, never as the rulebook's
    assert "Knots next to a module never get a counter" not in text


def _hue(colour: tuple[float, ...]) -> float:
    return colorsys.rgb_to_hsv(*colour[:3])[0] * 360


def test_tom_tube_counters_are_yellow_blue_and_green_with_shapes_of_their_own() -> None:
    """Drawn, then read back from the PDF: the fill of each counter's outline."""
    want = {"energy": (40, 60), "control": (185, 215), "alien": (145, 175)}
    sides = {kind: len(counter_outline(kind, 0, 0, 5)) for kind in COUNTER_KINDS}
    assert len(set(sides.values())) == len(COUNTER_KINDS)  # sun, disc, square, hexagon
    for kind, (low, high) in want.items():
        page = DrawnPage(40, 40, lambda c, kind=kind: draw_counter(c, kind, 20, 20, 8, False))
        with pdfplumber.open(io.BytesIO(pdf_bytes([page]))) as pdf:
            fills = [obj["non_stroking_color"] for obj in pdf.pages[0].curves
                     if isinstance(obj.get("non_stroking_color"), (list, tuple))
                     and len(obj["non_stroking_color"]) == 3]
        hues = [_hue(tuple(f)) for f in fills if max(f) - min(f) > 0.2]
        assert hues and low <= hues[0] <= high, (kind, hues)


def test_the_docs_tuning_row_reproduces() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "tomtube.md").read_text("utf-8")
    assert "**4.76 / 1.41**" in doc and "5.00 / 1.32" not in doc
    assert "this project's design, not the boxed game's" in doc
