"""The generic kit pages follow the kit's language: a French or German kit of each game has its
cover, scale check, blank back, duplex check, sheet labels and bookmarks in that language, none
of the English ones, no text under 6 pt and every line on the page; the words table is complete
in every language with French typography; English output is what it was (a kit made with
``lang="en"`` is byte for byte the default one, and says what it always said)."""

from __future__ import annotations

import io
import re
import string
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from click.testing import CliRunner
from kits import make_kit

from spacebowl_print.cli.main import cli
from spacebowl_print.core.languages import NBSP
from spacebowl_print.games.tomtube.art.tiles import tile_items
from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.kit import BLEED_MM, PRINTER_MARGIN_MM, TOMTUBE_TILES
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.publish.items import CARDS, TILES, Item, Naming
from spacebowl_print.publish.kinds import KitParts
from spacebowl_print.publish.kit import KitPrint, write_kit
from spacebowl_print.publish.kittexts import LANGS, NOUNS, STOCK_TIPS, WORDS, count, word
from spacebowl_print.publish.sheets import impose
from spacebowl_print.render.api import MM_PER_PT, PAPER, Canvas, PdfOptions, Style
from spacebowl_print.render.pdf import pdf_bytes

BLEED = 3.0

# What each language must print, and the English it must not: on the cover, the scale check,
# its blank back and the duplex check.
COVER = {
    "fr": ["Kit de jeu à imprimer", "Contenu, dans l’ordre d’impression", "Conseils d’impression",
           "Fichiers de ce dossier", "recto, puis verso", "Imprimez à 100"],
    "de": ["Spielmaterial zum Selbstausdrucken", "Inhalt in Druckreihenfolge", "Drucktipps",
           "Dateien in diesem Ordner", "Mit 100", "Seite"],
}
CALIBRATION = {
    "fr": ["Imprimer à 100", "sans mise à l’échelle", "à mesurer", "cette barre mesure 2 pouces",
           "Si le carré ne mesure pas exactement 50 mm", "laissée blanche exprès",
           "Contrôle recto verso — recto", "Contrôle recto verso — verso",
           "Tenez cette feuille devant une fenêtre"],
    "de": ["Mit 100", "ohne Skalierung", "nachmessen", "dieser Balken ist 2 Zoll",
           "Ist das Quadrat nicht genau 50 mm groß", "absichtlich leer",
           "Duplex-Probe — Vorderseite", "Duplex-Probe — Rückseite",
           "Dieses Blatt gegen ein Fenster"],
}
ENGLISH = ["Print-and-play kit", "Contents, in print order", "Printing tips",
           "Files in this folder", "fronts, then backs", "Print at 100", "measure me",
           "this bar is 2 inches", "If the square is not", "left blank on purpose",
           "Duplex check", "Hold this sheet", "everything below", "Print the", "sheets ("]
ENGLISH_MARKS = {"Cover", "Print check", "Duplex check", "Cards", "Tiles", "Sheet 1"}
MARKS = {
    "fr": {"kit": ["Couverture"], "sheets": ["Contrôle d’impression", "Feuille 1",
                                             "Contrôle recto verso"]},
    "de": {"kit": ["Deckblatt"], "sheets": ["Druckprobe", "Blatt 1", "Duplex-Probe"]},
}
NOUN_PLURAL = {("fr", "card"): "cartes", ("de", "card"): "Karten",
               ("fr", "tile"): "tuiles", ("de", "tile"): "Plättchen"}


@dataclass(frozen=True)
class Kit:
    """A kit on disk: its folder, language, item noun, sheet file and whether it folds."""

    folder: Path
    lang: str
    noun: str
    sheets: str = "cards.pdf"
    fold: bool = False


def _spacebowl_cli(folder: Path) -> Kit:
    """Space Bowl through the command line: ``--lang fr,de`` makes a French kit."""
    result = CliRunner().invoke(cli, ["kit", "-q", "-o", str(folder), "--lang", "fr,de"])
    assert result.exit_code == 0, result.output
    return Kit(folder, "fr", "card")


def _tomtube_fr(folder: Path, tiles: TileSet) -> Kit:
    """Tom Tube's tiles through the generic build_kit in French (the game itself offers en and
    de): die-cut tiles, cut lines, several backs."""
    fronts, backs = tile_items(tiles, 35.0, BLEED_MM, False, 1)
    write_kit(KitParts("Tom Tube", fronts, backs, BLEED_MM, TOMTUBE_TILES,
                       margin=PRINTER_MARGIN_MM), KitPrint(PAPER["a4"], "fr"), folder)
    return Kit(folder, "fr", "tile", "tiles.pdf")


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Kit]:
    """A French and a German kit of each game."""
    root = tmp_path_factory.mktemp("lang")
    tiles = load_tiles()
    make_kit("spacebowl", root / "sb-de", "--paper", "letter", "--fold", "--lang", "de,en",
             "--cards-only")
    make_kit("hubble", root / "hb-fr", "--lang", "fr,en", "--players", "1")
    make_kit("hubble", root / "hb-de", "--paper", "letter", "--lang", "de", "--players", "1")
    make_kit("tomtube", root / "tt-de", "--lang", "de,en")
    return {
        "spacebowl-fr": _spacebowl_cli(root / "sb-fr"),
        "spacebowl-de": Kit(root / "sb-de", "de", "card", fold=True),
        "hubble-fr": Kit(root / "hb-fr", "fr", "card"),
        "hubble-de": Kit(root / "hb-de", "de", "card"),
        "tomtube-fr": _tomtube_fr(root / "tt-fr", tiles),
        "tomtube-de": Kit(root / "tt-de", "de", "tile", "tiles.pdf"),
    }


KITS = ["spacebowl-fr", "spacebowl-de", "hubble-fr", "hubble-de", "tomtube-fr", "tomtube-de"]


def _flat(text: str) -> str:
    """Extracted text with every run of white space (line breaks, no-break spaces) as one
    space, so that phrases wrapped over two lines still match."""
    return re.sub(r"\s+", " ", text.replace(NBSP, " "))


def _calibration_pages(kit: Kit) -> list[int]:
    """0-based pages of the sheet file drawn by the generic layer: scale check, its blank back
    and the duplex check (none of these in fold mode but the scale check)."""
    n = len(pypdf.PdfReader(kit.folder / kit.sheets).pages)
    return [0] if kit.fold else [0, 1, n - 2, n - 1]


def _texts(kit: Kit) -> tuple[str, str]:
    """(cover text, calibration pages' text), flattened."""
    cover = pypdf.PdfReader(kit.folder / "kit.pdf").pages[0].extract_text()
    sheets = pypdf.PdfReader(kit.folder / kit.sheets)
    calibration = " ".join(sheets.pages[i].extract_text() for i in _calibration_pages(kit))
    return _flat(cover), _flat(calibration)


@pytest.mark.parametrize("which", KITS)
def test_cover_and_calibration_pages_are_in_the_kits_language(
        which: str, kits: dict[str, Kit]) -> None:
    kit = kits[which]
    cover, calibration = _texts(kit)
    for phrase in COVER[kit.lang]:
        assert phrase in cover, (which, phrase)
    checks = CALIBRATION[kit.lang]
    if kit.fold:  # no blank back, no duplex check
        checks = checks[:5]
    for phrase in checks:
        assert phrase in calibration, (which, phrase)
    # the items under their own noun, counted in the language
    plural = NOUN_PLURAL[(kit.lang, kit.noun)]
    assert re.search(rf"{plural.capitalize()} — \d+ {plural} (sur|auf) \d+ (feuilles|Blatt) ",
                     cover), cover
    for english in ENGLISH:
        assert english not in cover, (which, english)
        assert english not in calibration, (which, english)
    assert not re.search(r"\bpages \d+–\d+", cover), cover  # English "pages 3–20"
    if kit.fold:
        assert ("einseitig drucken" if kit.lang == "de" else "recto seul") in cover


@pytest.mark.parametrize("which", KITS)
def test_bookmarks_are_translated(which: str, kits: dict[str, Kit]) -> None:
    kit = kits[which]
    kit_marks = [o.title for o in pypdf.PdfReader(kit.folder / "kit.pdf").outline
                 if not isinstance(o, list)]
    sheet_marks = [o.title for o in pypdf.PdfReader(kit.folder / kit.sheets).outline
                   if not isinstance(o, list)]
    expected = MARKS[kit.lang]
    assert kit_marks[:2] == [expected["kit"][0], NOUN_PLURAL[(kit.lang, kit.noun)].capitalize()]
    wanted = expected["sheets"][:2] if kit.fold else expected["sheets"]
    assert [m for m in sheet_marks if m in wanted] == wanted
    assert not ENGLISH_MARKS & {*kit_marks, *sheet_marks}, (kit_marks, sheet_marks)


Char = dict[str, float]


def _generic_chars(kit: Kit) -> list[tuple[str, int, Char, float, float, float, float]]:
    """Every character the generic layer draws, as (file, page, char, width limit, height
    limit, page width, page height): the cover and the calibration pages (to stay 4 mm clear
    of the edges), and the label line in the bottom margin of the first front sheet (on the
    page: on Letter it sits in a 4.7 mm margin, as it always has)."""
    clear = 4.0 / MM_PER_PT
    out: list[tuple[str, int, Char, float, float, float, float]] = []
    with pdfplumber.open(kit.folder / "kit.pdf") as pdf:
        page = pdf.pages[0]
        out += [("kit.pdf", 0, ch, clear, clear, page.width, page.height) for ch in page.chars]
    with pdfplumber.open(kit.folder / kit.sheets) as pdf:
        for i in _calibration_pages(kit):
            page = pdf.pages[i]
            out += [(kit.sheets, i, ch, clear, clear, page.width, page.height)
                    for ch in page.chars]
        n = 1 if kit.fold else 2
        front = pdf.pages[n]
        label = [ch for ch in front.chars if ch["top"] > front.height - 25]  # bottom margin
        assert label, "no sheet label under the first front sheet"
        out += [(kit.sheets, n, ch, clear, 0.0, front.width, front.height) for ch in label]
    return out


@pytest.mark.parametrize("which", KITS)
def test_generic_text_is_6_pt_or_more_and_on_the_page(which: str, kits: dict[str, Kit]
                                                      ) -> None:
    kit = kits[which]
    for name, page, ch, dx, dy, width, height in _generic_chars(kit):
        where = (which, name, page, ch["text"])
        assert ch["size"] >= 5.99, where
        assert dx <= ch["x0"] and ch["x1"] <= width - dx, where
        assert dy <= ch["top"] and ch["bottom"] <= height - dy, where


def test_sheet_labels_are_in_the_language(kits: dict[str, Kit]) -> None:
    def label(kit: Kit) -> str:
        reader = pypdf.PdfReader(kit.folder / kit.sheets)
        return _flat(reader.pages[1 if kit.fold else 2].extract_text())

    assert "Karten · Blatt 1 von" in label(kits["spacebowl-de"])
    assert "falzen, kleben, schneiden" in label(kits["spacebowl-de"])
    assert "tuiles · feuille 1 sur 2 · recto" in label(kits["tomtube-fr"])
    assert "Plättchen · Blatt 1 von 2 · Vorderseiten" in label(kits["tomtube-de"])


def test_the_games_stock_tip_follows_the_language(kits: dict[str, Kit]) -> None:
    """Tom Tube's own German tip; a language it gives none in gets the built-in tile tip."""
    de, _ = _texts(kits["tomtube-de"])
    assert "Plättchen: 35 mm Kantenlänge" in de
    fr, _ = _texts(kits["tomtube-fr"])
    assert "donnent des tuiles solides" in fr
    assert "Tiles: 35 mm a side" not in fr + de


# -- the words table ---------------------------------------------------------------------------

def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_every_entry_with_the_same_placeholders() -> None:
    for lang in LANGS:
        assert WORDS[lang].keys() == WORDS["en"].keys(), lang
        for key, text in WORDS[lang].items():
            # a language may leave out a noun form, never add a value nobody passes
            assert _fields(text) <= _fields(WORDS["en"][key]) | {"one", "many", "stem", "One",
                                                                 "Many"}, (lang, key)
            assert text.strip() == text and "  " not in text, (lang, key)
        for noun in NOUNS:
            assert NOUNS[noun][lang].many, (noun, lang)
        for noun in STOCK_TIPS:
            assert STOCK_TIPS[noun][lang], (noun, lang)


def test_french_typography() -> None:
    for key, text in [*WORDS["fr"].items(), ("stock", STOCK_TIPS["card"]["fr"])]:
        assert not re.search(r" [:;!?»]|« ", text), key
    assert f"Cartes{NBSP}: imprimez" in word("fr", "tip_duplex", **CARDS.nouns("fr").fields())
    assert f"«{NBSP}taille réelle{NBSP}»" in word("fr", "tip_scale", page=2)


def test_counts_and_nouns() -> None:
    assert [count("en", n, "sheet") for n in (1, 7)] == ["1 sheet", "7 sheets"]
    assert [count("fr", n, "sheet") for n in (1, 7)] == ["1 feuille", "7 feuilles"]
    assert [count("de", n, "sheet") for n in (1, 7)] == ["1 Blatt", "7 Blatt"]
    assert (CARDS.nouns("de").one, CARDS.nouns("de").many) == ("Karte", "Karten")
    assert (TILES.nouns("fr").one, TILES.nouns("fr").many) == ("tuile", "tuiles")
    assert TILES.nouns("de").stem == "Plättchen"
    custom = Naming("token", "tokens")
    assert custom.nouns("de").many == "tokens"  # not in the table: printed as given
    assert custom.tip("de") == ""
    with pytest.raises(ValueError, match="language"):
        word("it", "kit")


# -- a small kit: counts, the duplex check's hint, English kept ---------------------------------

@dataclass(frozen=True)
class Card:
    """A plain 63 × 88 mm card with bleed."""

    id: int

    @property
    def width(self) -> float:
        return 63.0 + 2 * BLEED

    @property
    def height(self) -> float:
        return 88.0 + 2 * BLEED

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height, Style(fill="#336699"))


def _parts(title: str, fronts: list[Item]) -> KitParts:
    return KitParts(title, fronts, Card(0), BLEED, CARDS)


def _cover(folder: Path) -> str:
    return _flat(pypdf.PdfReader(folder / "kit.pdf").pages[0].extract_text())


@pytest.mark.parametrize(("lang", "row"), [
    ("en", "Cards — 1 card on 1 sheet (fronts, then backs)"),
    ("fr", "Cartes — 1 carte sur 1 feuille (recto, puis verso)"),
    ("de", "Karten — 1 Karte auf 1 Blatt (Vorderseiten, dann Rückseiten)"),
])
def test_one_card_on_one_sheet_is_singular(lang: str, row: str, tmp_path: Path) -> None:
    write_kit(_parts("Solo", [Card(1)]), KitPrint(PAPER["a4"], lang), tmp_path / lang)
    assert row in _cover(tmp_path / lang)


def _duplex_back_text(**kw: str) -> str:
    imp = impose([Card(1)], Card(0), paper=PAPER["a4"], bleed=BLEED,
                  **kw)  # type: ignore[arg-type]
    data = pdf_bytes(imp.pages[-1:], PdfOptions())
    return _flat(pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text())


def test_the_duplex_hint_is_the_languages_unless_the_caller_names_one() -> None:
    assert "mit dem Rückseitenversatz X,Y" in _duplex_back_text(lang="de")
    assert "avec le décalage des versos réglé sur X,Y" in _duplex_back_text(lang="fr")
    assert "mit --back-offset X,Y," in _duplex_back_text(lang="de",
                                                         offset_hint="--back-offset X,Y")
    assert "the back offset set to X,Y" in _duplex_back_text()


def test_english_is_the_default_byte_for_byte(tmp_path: Path) -> None:
    fronts = [Card(k) for k in range(1, 12)]
    write_kit(_parts("Deck", fronts), KitPrint(PAPER["letter"]), tmp_path / "default")
    write_kit(_parts("Deck", fronts), KitPrint(PAPER["letter"], "en"), tmp_path / "en")
    names = sorted(p.relative_to(tmp_path / "default").as_posix()
                   for p in (tmp_path / "default").rglob("*") if p.is_file())
    assert names
    for name in names:
        assert (tmp_path / "default" / name).read_bytes() == (tmp_path / "en" / name).read_bytes()
    cover = _cover(tmp_path / "en")
    for phrase in ["Print-and-play kit", "Contents, in print order",
                   "Cards — 11 cards on 2 sheets (fronts, then backs)", "pages 3–10",
                   "Printing tips", "Files in this folder", "Page 3 has a 50 mm square to check",
                   "the card sheets alone (with the print check and the duplex check)"]:
        assert phrase in cover, phrase
    reader = pypdf.PdfReader(tmp_path / "en" / "cards.pdf")
    assert [o.title for o in reader.outline if not isinstance(o, list)] == [
        "Print check", "Sheet 1", "Sheet 2", "Duplex check"]
    texts = [_flat(reader.pages[i].extract_text()) for i in (0, 1, -2, -1)]
    assert "Print at 100 % (no scaling)" in texts[0] and "measure me" in texts[0]
    assert "left blank on purpose: it keeps every card front" in texts[1]
    assert "Duplex check — front" in texts[2] and "Duplex check — back" in texts[3]
