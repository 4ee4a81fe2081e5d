"""One behaviour for every game's kit: every intentionally blank page of ``kit.pdf`` says so
(in the kit's language), kits default to all the game's languages, the kit folder records
its kind, and counts read right in Tom Tube's booklet words."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import click
import pypdf
import pytest

from spacebowl_print.cli.publishing import kit_command
from spacebowl_print.games import find_game
from spacebowl_print.games.hubble.art.texts import LANGS as HUBBLE_LANGS
from spacebowl_print.games.spacebowl.art.texts import LANGS as SPACEBOWL_LANGS
from spacebowl_print.games.tomtube.art.texts import LANGS as TOMTUBE_LANGS
from spacebowl_print.games.tomtube.art.texts import counted
from spacebowl_print.publish.items import CARDS
from spacebowl_print.publish.kinds import KitParts
from spacebowl_print.publish.kit import Document, KitPrint, write_kit
from spacebowl_print.publish.kittexts import word
from spacebowl_print.render.api import PAPER, Canvas, DrawnPage, Style
from spacebowl_print.render.fonts import text_width

B = 3.0


@dataclass(frozen=True)
class Card:
    id: int

    width = 63.0 + 2 * B
    height = 88.0 + 2 * B

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height, Style(fill="#335577"))


def one_page(text: str) -> DrawnPage:
    return DrawnPage(*PAPER["a4"], lambda c: c.text(20, 200, text, 12))


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_blank_page_of_the_kit_says_why(tmp_path: Path, lang: str) -> None:
    # one-page documents: each part after them needs a blank page to start on a sheet's front
    docs = [Document(f"doc-{k}", f"Doc {k}", [one_page(f"Document {k}")]) for k in range(3)]
    parts = KitParts(title="Test", fronts=[Card(k) for k in range(1, 10)], back=Card(0),
                     bleed=B, naming=CARDS, documents=docs)
    result = write_kit(parts, KitPrint(PAPER["a4"], lang, kind="test kit"), tmp_path / "kit")
    reader = pypdf.PdfReader(tmp_path / "kit" / "kit.pdf")
    assert len(reader.pages) == result.kit_pages
    note = " ".join(word(lang, "blank_part").split())
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    blanks = [k + 1 for k, t in enumerate(texts) if note in t]
    assert 2 in blanks and len(blanks) >= 3  # the cover's back and between the documents
    for k, t in enumerate(texts, start=1):
        assert t, f"page {k} of kit.pdf is blank without a word"
    marker = json.loads((tmp_path / "kit" / "spacebowl-output.json").read_text())
    assert marker["kind"] == "test kit" and "kit.pdf" in marker["files"]
    assert "spacebowl-output.json" in result.files


@pytest.mark.parametrize(("game", "langs"), [
    ("spacebowl", SPACEBOWL_LANGS), ("hubble", HUBBLE_LANGS), ("tomtube", TOMTUBE_LANGS)])
def test_kits_default_to_every_language_of_their_game(game: str, langs: tuple[str, ...]) -> None:
    """The game's languages are declared once (its words module), the table takes them, and
    the kit command prints all of them unless asked otherwise."""
    table = find_game(game)
    assert table.languages == langs
    lang = next(p for p in kit_command(table).params if p.name == "lang")
    assert isinstance(lang, click.Option) and lang.default == ",".join(langs)


@pytest.mark.parametrize(("lang", "key", "n", "expected"), [
    ("en", "decoys_n", 0, "no tempting first move"),
    ("en", "decoys_n", 1, "1 tempting first move"),
    ("en", "decoys_n", 2, "2 tempting first moves"),
    ("en", "moves_n", 1, "1 move"), ("en", "moves_n", 7, "7 moves"),
    ("en", "decoys_answer", 1, "1 tempting first move leads home only in more moves."),
    ("en", "decoys_answer", 3, "3 tempting first moves lead home only in more moves."),
    ("de", "decoys_n", 1, "1 verlockender erster Zug"),
    ("de", "moves_n", 1, "1 Zug"), ("de", "moves_n", 4, "4 Züge"),
])
def test_tom_tube_counts_read_right(lang: str, key: str, n: int, expected: str) -> None:
    assert counted(lang, key, n) == expected


def test_no_tom_tube_count_says_1_and_a_plural() -> None:
    for lang in TOMTUBE_LANGS:
        for key in ("moves_n", "decoys_n", "decoys_answer"):
            text = counted(lang, key, 1)
            assert text.startswith("1 ") and not text.startswith(("1 moves", "1 Züge"))
            assert "1 tempting first moves" not in text and "1 verlockende " not in text


def test_the_blank_note_fits_the_page_in_every_language() -> None:
    for lang in ("en", "fr", "de"):
        for line in word(lang, "blank_part").split("\n"):
            assert text_width(line, 8) <= PAPER["a4"][0] - 30, (lang, line)
