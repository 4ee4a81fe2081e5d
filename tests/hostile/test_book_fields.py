"""Issue 27, items 6 and 14: a book's fields and trims never put type under its floor or off
the page. Long fields wrap (titles evenly), shrink no further than the press's smallest text,
or the command refuses in one line naming the field and its limit; characters the shipped
fonts cannot draw (emoji, CJK, U+061C) are refused naming the field, never dropped from the
print."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfread import page_texts

from spacebowl_print.cli.main import cli
from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.layout import parse_trim
from spacebowl_print.publish.pod import CoverText, cover_page
from spacebowl_print.publish.preflight import check
from spacebowl_print.publish.press import book_press
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.pdfscan import read_pdf, scan_bytes

LONG = ("Orbital mechanics for the curious " * 5)[:120]
AUTHOR = ("Ada Augusta King Countess of Lovelace " * 4)[:120]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("field", ["--title", "--subtitle", "--author", "--publisher"])
@pytest.mark.parametrize("text", ["Rocket 🚀 puzzles", "星空パズル", "Puzzles\u061c", "A\u200db"])
def test_characters_the_font_cannot_draw_are_refused_naming_the_field(field: str,
                                                                        text: str) -> None:
    code, out = _run("booklet", field, text, "-o", "/tmp/x-none")
    assert code == 2 and field in out and "printed" in out and "U+" in out, out
    assert len(out.strip().splitlines()) == 1


def test_a_121_character_title_is_refused_with_its_limit() -> None:
    code, out = _run("booklet", "--title", LONG + "x", "-o", "/tmp/x-none")
    assert code == 2 and "--title" in out and "120" in out


def test_long_fields_print_in_full_within_the_press_floor(tmp_path: Path) -> None:
    out = tmp_path / "long"
    code, text = _run("tomtube", "booklet", "--days", "1", "--press", "kdp", "--cover",
                      "--title", LONG, "--subtitle", LONG, "--author", AUTHOR, "--jobs", "1",
                      "-q", "-o", str(out))
    assert code == 0, text
    title_page = " ".join(page_texts(out / "booklet.pdf")[0].split())
    assert LONG.strip() in title_page and AUTHOR.strip() in title_page
    cover = " ".join(page_texts(out / "cover.pdf")[0].split())
    assert cover.count(LONG.strip()) >= 3 and AUTHOR.strip() in cover  # front, back, subtitle
    pages, declared = read_pdf(str(out / "cover.pdf"))
    report = check(pages, declared, book_press("kdp"), cover=True, book_pages=24,
                   trim_in=(6.0, 9.0))
    assert not report.failed, report.table()


def test_a_thick_spine_drops_the_author_before_going_under_the_floor() -> None:
    text = CoverText(LONG, "", "A blurb.", f"{LONG} · {AUTHOR}", LONG)
    page = cover_page(parse_trim("6x9in"), 300, "white", text, press=book_press("kdp"))
    pages, _ = scan_bytes(pdf_bytes([page]))
    spine = [o for o in pages[0].objects if o.kind == "text" and "Orbital" in o.label
             and o.box[2] - o.box[0] < 60]  # set sideways: narrow and tall
    assert spine and min(o.text_pt or 0 for o in spine) >= 7 - 0.05
    assert not any("Lovelace" in o.label for o in spine)


def test_a_spine_that_cannot_hold_the_title_is_refused_naming_it() -> None:
    long = LONG + " " + LONG[:80]  # a spine takes the whole title: no shorter line to fall to
    text = CoverText(long, "", "A blurb.", long, long)
    with pytest.raises(InputError, match="spine") as err:
        cover_page(parse_trim("4.25x6.875in"), 200, "white", text, press=book_press("kdp"))
    assert err.value.where == ["title"]


@pytest.mark.parametrize("game", [[], ["hubble"]])
def test_a_trim_too_small_for_the_teaching_page_is_refused_in_one_line(game: list[str]
                                                                       ) -> None:
    code, out = _run(*game, "booklet", "--days", "1", "--trim", "4x6in", "--jobs", "1",
                     "-o", "/tmp/x-none-4x6")
    assert code == 2 and "--trim" in out and len(out.strip().splitlines()) == 1, out
    assert not Path("/tmp/x-none-4x6").exists()


def test_a_blurb_too_long_for_the_back_cover_is_refused_naming_it() -> None:
    # the most a blurb may have (1,200 characters) fits a 4x6in back at 7 pt; twice as much
    # is the cover's own guard
    text = CoverText("T", "", "word " * 480, "T", "T")
    with pytest.raises(InputError) as err:
        cover_page(parse_trim("4x6in"), 24, "white", text, press=book_press("kdp"))
    assert err.value.where == ["blurb"] and "characters" in err.value.message
