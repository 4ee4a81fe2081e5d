"""Books for a press (issue 24): every book the project writes for KDP, IngramSpark and Lulu
passes that press's own preflight (interior and cover); IngramSpark's is PDF/X-1a as a PDF
library reads it (CMYK or grey only, an output intent, fonts embedded, no transparency); the
barcode reads back as the ISBN and its price; the cover guides draw the boxes the cover was
laid out with; an undated book runs from easy to hard and prints no date; the copyright page
says what a book on sale says, in each language, and nothing of the tool.

One-puzzle books keep the suite fast: a press's figures do not depend on the day count."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
import zxingcpp
from click.testing import CliRunner
from lazy import Lazy
from pdfread import page_texts

from spacebowl_print.cli.main import cli
from spacebowl_print.games import find_game
from spacebowl_print.publish.bookinfo import BookInfo
from spacebowl_print.publish.booktexts import book_words
from spacebowl_print.publish.layout import parse_trim
from spacebowl_print.publish.pod import cover_plan
from spacebowl_print.publish.preflight import check
from spacebowl_print.publish.press import book_press
from spacebowl_print.publish.retail import copyright_lines
from spacebowl_print.render.pdfscan import read_pdf

PREFIX = {"spacebowl": [], "hubble": ["hubble"], "tomtube": ["tomtube"]}
ISBN = "978-3-16-148410-0"
BOOK = ["--days", "1", "--cover", "--bleed", "--title", "Orbit Puzzles", "--author",
        "Ada Lovelace", "--publisher", "Orbit Press", "--isbn", ISBN, "--price", "19.95",
        "--jobs", "1", "-q"]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> Lazy[tuple[str, str], Path]:
    """A one-puzzle book with its cover for every game and press (each made when first
    read)."""
    def make(key: tuple[str, str]) -> Path:
        game, press = key
        folder = tmp_path_factory.mktemp(f"{game}-{press}")
        code, text = _run(*PREFIX[game], "booklet", *BOOK, "--press", press, "-o", str(folder))
        assert code == 0, text
        return folder

    return Lazy([(g, p) for g in PREFIX for p in ("kdp", "ingramspark", "lulu")], make)


@pytest.mark.parametrize("press", ["kdp", "ingramspark", "lulu"])
@pytest.mark.parametrize("game", list(PREFIX))
def test_every_press_book_passes_its_own_preflight(books: Lazy[tuple[str, str], Path],
                                                   game: str, press: str) -> None:
    folder = books[game, press]
    profile = book_press(press)
    pages, declared = read_pdf(str(folder / "booklet.pdf"))
    interior = check(pages, declared, profile)
    assert not interior.failed, interior.table()
    assert len(pages) >= profile.pages.min and len(pages) % 2 == 0
    sizes = [o.text_pt for p in pages for o in p.objects if o.text_pt is not None]
    assert min(sizes) >= profile.text.min_text_pt - 0.05
    cpages, cdeclared = read_pdf(str(folder / "cover.pdf"))
    cover = check(cpages, cdeclared, profile, cover=True, book_pages=len(pages),
                  trim_in=(6.0, 9.0))
    assert not cover.failed, cover.table()
    assert all(p.has_trimbox for p in pages + cpages)


def test_ingramspark_files_are_pdfx_as_a_pdf_library_reads_them(
        books: Lazy[tuple[str, str], Path]) -> None:
    for name in ("booklet.pdf", "cover.pdf"):
        with pikepdf.open(books["hubble", "ingramspark"] / name) as pdf:
            assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2001"
            intent = pdf.Root.OutputIntents[0]
            assert intent.S == "/GTS_PDFX" and int(intent.DestOutputProfile.N) == 4
            assert pdf.pdf_version == "1.3"
            for page in pdf.pages:
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
                assert "/Group" not in page.obj
                for op in pikepdf.parse_content_stream(page, "rg RG cs CS sc scn gs"):
                    assert str(op.operator) not in ("rg", "RG", "gs"), (name, op.operator)
            for font in (f for p in pdf.pages for f in p.get("/Resources", {})
                         .get("/Font", {}).values()):
                desc = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
                assert "/FontFile2" in desc, font.BaseFont


def test_greyscale_book_is_k_only_for_ingramspark(tmp_path: Path) -> None:
    code, text = _run("tomtube", "booklet", "--days", "1", "--press", "ingramspark",
                      "--greyscale", "-q", "-o", str(tmp_path / "g"))
    assert code == 0, text
    _, declared = read_pdf(str(tmp_path / "g" / "booklet.pdf"))
    assert set(declared.spaces) == {"gray"} and declared.pdfx_version == "PDF/X-1a:2001"


def _back_cover_picture(folder: Path) -> object:
    doc = pdfium.PdfDocument(str(folder / "cover.pdf"))
    try:
        return doc[0].render(scale=400 / 72).to_pil()
    finally:
        doc.close()


@pytest.mark.parametrize("press", ["ingramspark", "lulu"])
def test_the_barcode_decodes_back_to_the_isbn_and_price(books: Lazy[tuple[str, str], Path],
                                                        press: str) -> None:
    found = zxingcpp.read_barcodes(_back_cover_picture(books["spacebowl", press]))
    texts = {r.text for r in found}
    assert "9783161484100" in texts or "978316148410051995" in texts or any(
        t.startswith("9783161484100") for t in texts), texts


def test_kdp_leaves_its_barcode_zone_clear(books: Lazy[tuple[str, str], Path]) -> None:
    assert not zxingcpp.read_barcodes(_back_cover_picture(books["tomtube", "kdp"]))


def test_cover_guides_draw_the_cover_boxes(books: Lazy[tuple[str, str], Path]) -> None:
    folder = books["hubble", "lulu"]
    pages = len(pdfium.PdfDocument(str(folder / "booklet.pdf")))
    plan = cover_plan(parse_trim("6x9in"), pages, "white", book_press("lulu"))
    pt = 72 / 25.4
    with pdfplumber.open(folder / "cover-guides.pdf") as pdf:
        page = pdf.pages[0]
        rects = [(r["x0"] / pt, r["width"] / pt, r["height"] / pt) for r in page.rects]
        lines = [ln["x0"] / pt for ln in page.lines if ln["x0"] == ln["x1"]]
        height = page.height
    g = plan.geometry

    def drawn(x: float, w: float, h: float) -> bool:
        return any(abs(x - rx) < 0.3 and abs(w - rw) < 0.3 and abs(h - rh) < 0.3
                   for rx, rw, rh in rects)

    assert drawn(plan.zone[0], plan.zone[2], plan.zone[3])  # the barcode box
    for fold in (g.spine_x, g.spine_x + g.spine_w):
        assert any(abs(fold - x) < 0.3 for x in lines)
    assert drawn(g.back[0], g.width - 2 * g.back[0], g.back[3])  # the trim
    assert height == pytest.approx(g.height * pt, abs=0.1)
    for box in (plan.back_safe, plan.front_safe):  # a 32-page spine has no safe zone left
        assert drawn(box[0], box[2], box[3])


def test_copyright_page_is_a_retail_page(books: Lazy[tuple[str, str], Path]) -> None:
    texts = page_texts(books["spacebowl", "kdp"] / "booklet.pdf")
    legal = " ".join(texts[1].split())
    for part in ("© 2027 Ada Lovelace.", "All rights reserved.", "First edition 2027",
                 "Published by Orbit Press", f"ISBN {ISBN}",
                 "Space Bowl is a game designed by Stéphane Brachet, published by Sit Down! / "
                 "Megalopole (2019).", "independent publication"):
        assert part in legal, part
    for tool in ("spacebowl_print", "seed", "manifest.json", "spacebowl check"):
        assert tool not in legal
    contents = " ".join(texts[2].split())
    assert contents.startswith("Contents") and "How to play" in contents and "Answers" in contents


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("© 2030 Orbit Press.", "Creative Commons Attribution-ShareAlike 4.0",
            "Hubble is a game designed by Abram Towle.", "Première")),
    ("fr", ("© 2030 Orbit Press.", "licence Creative Commons", "Hubble est un jeu conçu par "
            "Abram Towle.", "Première édition 2030")),
    ("de", ("© 2030 Orbit Press.", "Creative-Commons-Lizenz", "Hubble ist ein Spiel von "
            "Abram Towle.", "Erste Auflage 2030")),
])
def test_copyright_lines_per_language(lang: str, words: tuple[str, ...]) -> None:
    game = find_game("hubble")
    table = book_words(lang, game.title, "X", "Xs")
    info = BookInfo(publisher="Orbit Press", licence="cc-by-sa-4.0", year=2030)
    text = " ".join(line for block in copyright_lines(info, table, game, 2030, True)
                    for line in block)
    for part in words[:3]:
        assert part in text, part
    if lang != "en":
        assert words[3] in text
    assert "beiliegend" not in table["checked"] and "beiliegend" not in text
    # the tool's details are the colophon's, never the copyright page's
    assert "spacebowl_print" not in text and "manifest.json" not in text


def test_an_undated_book_climbs_and_prints_no_date(tmp_path: Path) -> None:
    out = tmp_path / "u"
    code, text = _run("tomtube", "booklet", "--days", "6", "--undated", "--lang", "de",
                      "--colophon", "--jobs", "1", "-q", "-o", str(out))
    assert code == 0, text
    import json
    entries = json.loads((out / "manifest.json").read_text())["puzzles"]
    tiers = [e["tier"] for e in entries]
    assert tiers == sorted(tiers) and len(set(tiers)) > 1
    texts = page_texts(out / "booklet.pdf")
    joined = " ".join(texts)
    assert "2027" not in joined.replace("© 2027", "") and "Januar" not in joined
    contents = " ".join(texts[2].split())
    assert contents.startswith("Inhalt") and contents.count("Stufe") == len(set(tiers))
    assert "Rätsel 1" in joined and "Kolophon" in joined and "Startwert 1" in joined
    assert "beiliegend" not in joined


def test_undated_refuses_a_start_date() -> None:
    code, text = _run("booklet", "--undated", "--start", "2027-03-01", "-o", "/tmp/x-none")
    assert code == 2 and "--start" in text and len(text.strip().splitlines()) == 1


@pytest.mark.parametrize(("args", "option"), [
    (["--press", "lulu", "--trim", "4x6in"], "--trim"),
    (["--press", "ingramspark", "--cover"], "--isbn"),
    (["--press", "lulu", "--pdfx"], "--pdfx"),
    (["--press", "home", "--trim", "6x9in"], "--press"),
    (["--pdfx"], "--pdfx"),
    (["--price", "19.95"], "--price"),
    (["--isbn", ISBN, "--price", "12.3.4"], "--price"),
])
def test_press_options_are_checked_before_any_puzzle(args: list[str], option: str) -> None:
    code, text = _run("booklet", *args, "-o", "/tmp/x-none")
    assert code == 2 and option in text and len(text.strip().splitlines()) == 1, text


# per game: the most days a saddle book may hold before its puzzles are made (title,
# copyright, teaching page, a page a puzzle, the answer key at the game's answers a page on
# A5: Space Bowl 4, Hubble and Tom Tube 2)
SADDLE_MOST = {"spacebowl": 61, "hubble": 51, "tomtube": 51}


@pytest.mark.parametrize("game", sorted(SADDLE_MOST))
def test_a_saddle_book_too_long_is_refused_before_any_puzzle(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str) -> None:
    """A year of Hubble in saddle stitch was made whole, for minutes, and then refused: a
    book whose known pages already pass 20 folded sheets (80 pages) is now refused at once,
    and one day fewer goes on to make its puzzles."""
    from spacebowl_print.publish.publication import Publisher

    def no_puzzles(*args: object) -> None:
        raise AssertionError("a puzzle was made")

    monkeypatch.setattr(Publisher, "make", no_puzzles)
    prefix = [] if game == "spacebowl" else [game]
    most = SADDLE_MOST[game]
    for days, sheets in ((most + 1, 21), (365, 115 if game == "spacebowl" else 138)):
        code, text = _run(*prefix, "booklet", "--days", str(days), "--imposition", "saddle",
                          "-o", str(tmp_path / "out"))
        assert code == 2 and len(text.strip().splitlines()) == 1, text
        assert "holds at most 20 folded sheets (80 pages); this one needs at least " \
               f"{sheets} sheets — use --imposition none" in text, (days, text)
    with pytest.raises(AssertionError, match="a puzzle was made"):
        CliRunner().invoke(cli, [*prefix, "booklet", "--days", str(most), "--imposition",
                                 "saddle", "-o", str(tmp_path / "out")],
                           catch_exceptions=False)
    assert not (tmp_path / "out").exists()


def test_a_saddle_book_that_its_front_matter_overfills_is_refused_once_laid_out(
        tmp_path: Path) -> None:
    """61 days of Space Bowl pass the early count (80 pages), and its two pages of front
    matter take the book past 80: refused once laid out, with the sheets it needs, nothing
    written."""
    code, text = _run("booklet", "--days", "61", "--imposition", "saddle", "-o",
                      str(tmp_path / "out"))
    assert code == 2 and len(text.strip().splitlines()) == 1, text
    assert "this one needs 21 sheets — use --imposition none" in text, text
    assert not (tmp_path / "out").exists()


def test_a_pdf_library_finds_no_rgb_in_ingramspark_cover(
        books: Lazy[tuple[str, str], Path]) -> None:
    data = (books["spacebowl", "ingramspark"] / "cover.pdf").read_bytes()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        ops = {str(op.operator) for page in pdf.pages
               for op in pikepdf.parse_content_stream(page)}
    assert "k" in ops and not {"rg", "RG"} & ops
