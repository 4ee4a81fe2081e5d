"""Puzzle books for print-on-demand, readable puzzle pages and classroom sets, read back from
the PDFs: boxes and margins, page counts, cover, words in the booklet's language, no text
under 6 pt, greyscale."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pdfread import char_sizes, page_texts, page_words, printed_chars
from pypdf import PdfReader

from spacebowl_print.cli.main import cli

IN = 72.0  # points per inch


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def pod_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pod")
    code, text = _run("booklet", "--days", "30", "--trim", "6x9in", "--bleed", "--cover",
                      "-q", "-o", str(out))
    assert code == 0, text
    return out


def _smallest_text(pdf: Path, pages: int | None = None) -> float:
    """The smallest printed character on the first ``pages`` pages (default: all)."""
    return min(char_sizes(pdf, None if pages is None else range(pages)))


def test_pod_pages_have_bleed_on_three_sides_and_boxes(pod_book: Path) -> None:
    reader = PdfReader(pod_book / "booklet.pdf")
    assert len(reader.pages) >= 24 and len(reader.pages) % 2 == 0
    for n, page in enumerate(reader.pages, start=1):
        assert float(page.mediabox.width) == pytest.approx(6.125 * IN, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(9.25 * IN, abs=0.01)
        trim = page.trimbox
        assert float(trim.width) == pytest.approx(6 * IN, abs=0.01)
        assert float(trim.height) == pytest.approx(9 * IN, abs=0.01)
        # bleed on the outside edge: right of right-hand (odd) pages, left of left-hand ones
        assert float(trim.left) == pytest.approx(0 if n % 2 else 0.125 * IN, abs=0.01)
        assert float(page.bleedbox.width) == pytest.approx(6.125 * IN, abs=0.01)


def test_pod_margins_mirror_with_the_gutter(pod_book: Path) -> None:
    gutter = 0.375 * IN  # 24–150 pages
    with pdfplumber.open(pod_book / "booklet.pdf") as doc:
        for n in (5, 6, 7, 8):  # puzzle pages
            page = doc.pages[n - 1]
            xs = [c["x0"] for c in page.chars] + [r["x0"] for r in page.rects]
            ends = [c["x1"] for c in page.chars] + [r["x1"] for r in page.rects]
            trim_left = 0 if n % 2 else 0.125 * IN
            if n % 2:  # right-hand page: the gutter is on the left
                assert min(xs) - trim_left >= gutter - 0.5
            else:
                assert trim_left + 6 * IN - max(ends) >= gutter - 0.5


def test_cover_sheet_width_and_spine(pod_book: Path) -> None:
    pages = len(PdfReader(pod_book / "booklet.pdf").pages)
    cover = PdfReader(pod_book / "cover.pdf").pages[0]
    spine = pages * 0.002252
    assert float(cover.mediabox.width) == pytest.approx((0.125 + 6 + spine + 6 + 0.125) * IN,
                                                        abs=0.02)
    assert float(cover.mediabox.height) == pytest.approx(9.25 * IN, abs=0.02)
    assert pages < 79  # no spine text on so thin a book
    with pdfplumber.open(pod_book / "cover.pdf") as doc:
        spine_x = (0.125 + 6) * IN
        on_spine = [c for c in doc.pages[0].chars
                    if spine_x <= c["x0"] <= spine_x + spine * IN]
    assert not on_spine


def test_pod_book_is_checked(pod_book: Path) -> None:
    code, text = _run("check", str(pod_book / "manifest.json"))
    assert code == 0, text


def test_bad_trim_is_one_line() -> None:
    code, text = _run("booklet", "--trim", "3x4in", "-o", "/tmp/x-none")
    assert code == 2 and "--trim" in text and len(text.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("de")
    code, text = _run("booklet", "--days", "7", "--lang", "de", "-q", "-o", str(out))
    assert code == 0, text
    return out


def test_title_and_copyright_pages_speak_the_booklets_language(german: Path) -> None:
    title, legal = page_texts(german / "booklet.pdf")[:2]
    legal = " ".join(legal.split())
    assert "Tägliche Rätsel für Space Bowl" in title and "7 Rätsel" in title
    # a retail copyright page: the original game's credit, none of the tool's details
    assert "Space Bowl ist ein Spiel von Stéphane Brachet" in legal
    assert "unabhängige Veröffentlichung" in legal
    assert "Startwert" not in legal and "manifest.json" not in legal
    assert "Deck:" not in title + legal and "seed" not in title + legal


def test_puzzle_pages_are_readable(german: Path) -> None:
    texts = page_texts(german / "booklet.pdf")
    puzzle = next(t for t in texts if "Deine Antwort:" in t)
    assert "„keine“" in puzzle and "Deine Antwort:" in puzzle
    assert all(str(n) in puzzle for n in range(1, 10))  # numbered toss spaces
    key = "\n".join(t for t in texts if "Lösungen" in t)
    assert "Ziel-Plättchen auf" in key or "Keine Karte passt" in key


def test_no_text_under_6pt(german: Path, pod_book: Path) -> None:
    assert _smallest_text(german / "booklet.pdf") >= 5.95
    assert _smallest_text(pod_book / "booklet.pdf") >= 5.95
    assert _smallest_text(pod_book / "cover.pdf") >= 5.95


def _answer_pages(pdf: Path, heading: str) -> list[int]:
    """The key's pages: those whose printed text opens with ``heading``."""
    return [k for k, text in enumerate(page_texts(pdf))
            if "".join(text.split())[:len(heading)] == heading.replace(" ", "")]


def _answer_pages_smallest_text(pdf: Path, heading: str) -> tuple[int, float]:
    """(answer pages, smallest text size on them)."""
    pages = _answer_pages(pdf, heading)
    return len(pages), min((s for _, _, s in printed_chars(pdf, pages)), default=99.0)


def test_answer_keys_print_nothing_under_7pt(german: Path, pod_book: Path) -> None:
    # issue 16 item 3: the reasons, coordinates and everything else in the key at 7 pt or more
    pages, smallest = _answer_pages_smallest_text(pod_book / "booklet.pdf", "Answers")
    assert pages >= 30 // 4 and smallest >= 6.99
    pages, smallest = _answer_pages_smallest_text(german / "booklet.pdf", "Lösungen")
    assert pages >= 2 and smallest >= 6.99


def test_answer_keys_label_their_galaxies(pod_book: Path) -> None:
    # every answer box's galaxy has its column letters (a lone "A" … at 7 pt) and row
    # numbers, so the cells a key names ("C3; B4") can be found
    pages = _answer_pages(pod_book / "booklet.pdf", "Answers")
    assert pages
    for words in page_words(pod_book / "booklet.pdf", pages).values():
        assert words and words[0][0] == "Answers"
        boxes = sum(1 for text, _ in words if text == "Puzzle")
        labels = [text for text, size in words if abs(size - 7.0) < 0.01]
        assert boxes and labels.count("A") >= boxes and labels.count("5") >= boxes


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("class")
    code, text = _run("classroom", "--students", "30", "--puzzles", "4", "--greyscale", "-q",
                      "-o", str(out))
    assert code == 0, text
    return out


def test_classroom_first_page_and_worksheets(classroom: Path) -> None:
    texts = page_texts(classroom / "worksheets.pdf")
    # the teaching page on a sheet of its own, then two puzzles a page on A4
    assert len(texts) == 2 + 30 * 2
    first, back, sheet = texts[0], texts[1], texts[2]
    assert "How to play" in first and "Worked example" in first
    assert "Destination disc" in first and "Black Hole disc" in first
    assert "Notes" in back
    assert "Name:" in sheet and "Date:" in sheet and "Your answer:" in sheet


def test_each_students_pages_share_one_sheet(classroom: Path) -> None:
    """Printed on both sides, a sheet's back belongs to the student of its front."""
    texts = page_texts(classroom / "worksheets.pdf")
    codes = json.loads((classroom / "manifest.json").read_text(encoding="utf-8"))["students"]
    for front, back in zip(texts[2::2], texts[3::2], strict=True):
        owner = [c for c in codes if f"Code {c}" in front]
        assert len(owner) == 1
        assert f"Code {owner[0]}" in back or "Notes" in back


def test_teacher_key_is_a_one_page_table_then_every_codes_galaxies(classroom: Path) -> None:
    """The table of a class of 30 fits one page; then every code's answers are drawn (six a
    page on A4), each labelled with its code and puzzle (issue 25: a key to mark with)."""
    texts = page_texts(classroom / "teacher-key.pdf")
    assert len(texts) == 1 + 30 * 4 // 6
    codes = json.loads((classroom / "manifest.json").read_text(encoding="utf-8"))["students"]
    text = texts[0]
    assert all(code in text for code in codes) and "tiers 1–4" in text
    drawn = " ".join(" ".join(page.split()) for page in texts[1:])
    assert all(f"Code {code} · Puzzle {k}/4" in drawn for code in codes for k in (1, 2, 3, 4))


def test_greyscale_worksheets_have_no_colour(classroom: Path) -> None:
    with pdfplumber.open(classroom / "worksheets.pdf") as doc:
        for page in doc.pages[:3]:
            for obj in page.rects + page.curves + page.chars:
                for key in ("non_stroking_color", "stroking_color"):
                    colour = obj.get(key)
                    if isinstance(colour, (list, tuple)) and len(colour) == 3:
                        assert max(colour) - min(colour) < 0.02, (key, colour)
    assert _smallest_text(classroom / "worksheets.pdf", 5) >= 5.95


def test_classroom_is_checked(classroom: Path) -> None:
    code, text = _run("check", str(classroom / "manifest.json"))
    assert code == 0, text
