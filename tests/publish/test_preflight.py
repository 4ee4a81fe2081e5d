"""``spacebowl preflight``: a file made right passes each check; a file broken by hand for one
check fails that check, naming the page and the object; an unreadable file is exit 2."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.pdfgen.canvas import Canvas as RlCanvas

from spacebowl_print.cli.main import cli
from spacebowl_print.publish.layout import parse_trim
from spacebowl_print.publish.pod import cover_page, framed
from spacebowl_print.publish.preflight import Report, check
from spacebowl_print.publish.press import book_press
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.barcode import draw_isbn_barcode
from spacebowl_print.render.images import load_picture
from spacebowl_print.render.pdf import write_pdf
from spacebowl_print.render.pdfscan import read_pdf

TRIM = parse_trim("6x9in")
PAGES = 32
MARGIN = 12.7
"""Half an inch: IngramSpark's and Lulu's margins, more than KDP's."""
Extra = Callable[[Canvas, float, float, float, float], None]
"""Draws more on a page, given the content box (x, y, w, h) in mm."""


def _book(path: Path, pages: int = PAGES, extra: dict[int, Extra] | None = None,
          bleed: bool = True) -> Path:
    extra = extra or {}

    def page(n: int) -> Page:
        def page_for(f: object) -> Page:
            x, y, w, h = f.content  # type: ignore[attr-defined]

            def paint(c: Canvas) -> None:
                c.rect(0, 0, f.width, f.height, Style(fill="#DDEEFF"))  # type: ignore[attr-defined]
                c.text(x + w / 2, y + h - 10, f"Puzzle {n}", 12, "bold", "#000000", "middle")
                c.line(x, y + h / 2, x + w, y + h / 2, Style(stroke="#000000", width=0.3))
                c.text(x + w / 2, y + 1, str(n), 8, "regular", "#000000", "middle")
                if n in extra:
                    extra[n](c, x, y, w, h)

            return DrawnPage(f.width, f.height, paint)  # type: ignore[attr-defined]
        return framed(page_for, TRIM, n, pages, bleed, MARGIN)

    write_pdf([page(n) for n in range(1, pages + 1)], path)
    return path


def _report(path: Path, press: str, cover: bool = False, pages: int | None = None) -> Report:
    scanned, declared = read_pdf(str(path))
    return check(scanned, declared, book_press(press), cover=cover, book_pages=pages)


def _status(report: Report, name: str) -> str:
    return next(r.status for r in report.results if r.name == name)


def _findings(report: Report, name: str) -> list[str]:
    return [str(f) for r in report.results if r.name == name for f in r.findings]


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _book(tmp_path_factory.mktemp("pf") / "good.pdf")


def test_a_book_made_right_passes_kdp_and_lulu(good: Path) -> None:
    for press in ("kdp", "lulu", "home"):
        report = _report(good, press)
        assert not report.failed, report.table()
        assert _status(report, "safe") == "ok"


@pytest.mark.parametrize(("name", "extra", "press", "status", "where"), [
    ("safe", lambda c, x, y, w, h: c.text(x + w / 2, y - 5.5, "7", 8, "regular", "#000000",
                                          "middle"), "kdp", "FAIL", "page 7: text '7' 0.28"),
    ("text", lambda c, x, y, w, h: c.text(x, y + 20, "tiny", 5, "regular", "#000000"),
     "kdp", "FAIL", "page 7: text 'tiny' at 5.00 pt"),
    ("line", lambda c, x, y, w, h: c.line(x, y + 30, x + w, y + 30,
                                          Style(stroke="#000000", width=0.05)),
     "kdp", "warn", "page 7: line 0.14 pt"),
    ("transparency", lambda c, x, y, w, h: c.rect(x, y + 40, 20, 20,
                                                  Style(fill="#FF0000", opacity=0.5)),
     "ingramspark", "FAIL", "page 7: graphics state"),
    ("colour", lambda c, x, y, w, h: None, "ingramspark", "FAIL", "page 1: RGB colour"),
])
def test_a_file_broken_for_one_check_fails_it(tmp_path: Path, name: str, extra: Extra,
                                             press: str, status: str, where: str) -> None:
    path = _book(tmp_path / "broken.pdf", extra={7: extra})
    report = _report(path, press)
    assert _status(report, name) == status, report.table()
    assert any(f.startswith(where) for f in _findings(report, name)), _findings(report, name)


def test_low_resolution_image_is_named(tmp_path: Path) -> None:
    buf = io.BytesIO()
    Image.new("RGB", (20, 20), (200, 10, 10)).save(buf, "PNG")
    picture_file = tmp_path / "small.png"
    picture_file.write_bytes(buf.getvalue())
    picture = load_picture(str(picture_file))
    path = _book(tmp_path / "img.pdf",
                 extra={3: lambda c, x, y, w, h: c.image(picture, x, y + 20, 25.4, 25.4)})
    report = _report(path, "kdp")
    assert _status(report, "image") == "warn"
    assert _findings(report, "image") == ["page 3: image 20x20 px at 20 ppi"]


def test_page_count_size_and_trim(tmp_path: Path) -> None:
    short = _report(_book(tmp_path / "short.pdf", pages=10), "kdp")
    assert _status(short, "pages") == "FAIL"
    assert _findings(short, "pages") == ["10 pages; kdp takes 24 to 828"]
    odd = tmp_path / "odd.pdf"
    pages: list[Page] = [DrawnPage(152.4, 228.6, lambda c: None)] * 23
    write_pdf([*pages, DrawnPage(150.0, 228.6, lambda c: None)], odd)
    report = _report(odd, "kdp")
    assert _status(report, "size") == "FAIL" and _findings(report, "size")[0].startswith(
        "page 24: trim 5.906 in x 9.000 in")
    lulu = _report(_book(tmp_path / "plain.pdf", bleed=False), "lulu")
    assert _status(lulu, "trim") == "ok"
    custom = tmp_path / "custom.pdf"
    write_pdf([DrawnPage(160.0, 230.0, lambda c: None)] * 32, custom)
    assert _status(_report(custom, "lulu"), "trim") == "FAIL"


def test_unembedded_font_fails(tmp_path: Path) -> None:
    path = tmp_path / "helvetica.pdf"
    rl = RlCanvas(str(path), pagesize=(432, 648))
    for _ in range(24):
        rl.setFont("Helvetica", 10)
        rl.drawString(100, 300, "Not embedded")
        rl.showPage()
    rl.save()
    report = _report(path, "kdp")
    assert _status(report, "fonts") == "FAIL"
    assert "Helvetica not embedded" in _findings(report, "fonts")[0]


def _cover(path: Path, pages: int, barcode: bool = False, text_in_zone: bool = False) -> Path:
    page = cover_page(TRIM, pages, "white", "Title", "Subtitle", "A blurb.", "Spine")

    def paint(c: Canvas) -> None:
        page.draw(c)
        bleed, spine = 3.175, pages * 0.002252 * 25.4
        x1 = bleed + TRIM.width - 6.35  # 0.25 in from the spine fold
        if barcode:
            draw_isbn_barcode(c, x1 - 46, bleed + 6.35 + 1, "9780306406157", module=0.3)
        if text_in_zone:
            c.text(x1 - 20, bleed + 15, "oops", 9, "regular", "#000000")
        assert spine > 0

    write_pdf([type(page)(DrawnPage(page.width, page.height, paint), page.trim,  # type: ignore[call-arg]
                          page.bleed)], path)
    return path


def test_cover_spine_barcode_and_zone(tmp_path: Path) -> None:
    plain = _cover(tmp_path / "c.pdf", 42)
    kdp = _report(plain, "kdp", cover=True, pages=42)
    assert not kdp.failed, kdp.table()
    wrong_spine = _report(plain, "kdp", cover=True, pages=120)
    assert _status(wrong_spine, "spine") == "FAIL"
    assert "spine off?" in _findings(wrong_spine, "spine")[0]
    assert _status(_report(plain, "ingramspark", cover=True, pages=42), "barcode") == "FAIL"
    with_code = _report(_cover(tmp_path / "b.pdf", 42, barcode=True), "ingramspark",
                        cover=True, pages=42)
    assert _status(with_code, "barcode") == "ok", with_code.table()
    busy = _report(_cover(tmp_path / "z.pdf", 42, text_in_zone=True), "kdp", cover=True,
                   pages=42)
    assert _status(busy, "barcode") == "FAIL"
    assert _findings(busy, "barcode") == ["page 1: text 'oops' in the barcode zone"]


def test_cli_exit_status_and_table(tmp_path: Path, good: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["preflight", str(good), "--press", "kdp"])
    assert ok.exit_code == 0, ok.output
    assert "passes kdp's preflight" in ok.output and "safe          ok" in ok.output
    bad = runner.invoke(cli, ["preflight", str(good), "--press", "ingramspark"])
    assert bad.exit_code == 1 and "colour        FAIL" in bad.output
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"%PDF-1.4 nothing else")
    for target in (junk, tmp_path):
        result = runner.invoke(cli, ["preflight", str(target), "--press", "kdp"])
        assert result.exit_code == 2, result.output
        assert result.output.count("\n") == 1 and "Traceback" not in result.output
