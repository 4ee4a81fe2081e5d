"""The two drawing backends: one page drawn through both, read back and compared."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, cast

import pdfplumber
import pypdf
import pytest

from spacebowl_print.render.api import MM_PER_PT, Canvas, DrawnPage, PdfOptions, Style
from spacebowl_print.render.fonts import line_height, text_width, wrap
from spacebowl_print.render.pdf import pdf_bytes, write_pdf
from spacebowl_print.render.svg import svg_bytes, write_svg

SVG = "{http://www.w3.org/2000/svg}"


def _badge(c: Canvas) -> None:
    c.circle(5, 5, 4, Style(fill="#D55E00", stroke="#000000", width=0.3))
    c.text(5, 3.8, "R", 8, "bold", fill="#FFFFFF", anchor="middle")


def _paint(c: Canvas) -> None:
    c.rect(0, 0, 63, 88, Style(fill="#101830"))
    c.define("badge", 10, 10, _badge)
    for i in range(4):
        c.place("badge", 5 + 12 * i, 70)
    c.save()
    c.translate(31.5, 44)
    c.rotate(30)
    c.clip_rect(-10, -10, 20, 20)
    c.rect(-15, -15, 30, 30, Style(fill="#F0E442"))
    c.restore()
    c.line(0, 10, 63, 10, Style(stroke="#FFFFFF", width=0.2, dash=(1, 1)))
    c.polygon([(10, 20), (20, 20), (15, 28)], Style(stroke="#FFFFFF"))
    c.path([("M", 40, 20), ("C", 45, 30, 50, 10, 55, 20), ("Z",)], Style(fill="#56B4E9"))
    c.text(3, 3, "Card 7 — étoile", 6)
    c.text(60, 3, "mono", 6, "mono", anchor="end")


PAGE = DrawnPage(63.0, 88.0, _paint)


def test_pdf_page_size_fonts_preferences_and_forms() -> None:
    data = pdf_bytes([PAGE, PAGE], PdfOptions(title="test", duplex="DuplexFlipLongEdge",
                                              bookmarks=((0, "First"), (1, "Second"))))
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert float(box.width) * MM_PER_PT == pytest.approx(63.0, abs=0.01)
    assert float(box.height) * MM_PER_PT == pytest.approx(88.0, abs=0.01)
    prefs: Any = cast(Any, reader.trailer["/Root"])["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert [o["/Title"] for o in cast(Any, reader.outline)] == ["First", "Second"]
    # Every font is an embedded TrueType subset of the shipped DejaVu fonts.
    fonts: set[str] = set()
    for page in reader.pages:
        for f in cast(Any, page["/Resources"])["/Font"].values():
            f = f.get_object()
            fonts.add(str(f["/BaseFont"]))
            assert "/FontFile2" in f["/FontDescriptor"], f["/BaseFont"]
    assert {name.split("+")[-1] for name in fonts} == {"DejaVuSans", "DejaVuSans-Bold",
                                                      "DejaVuSansMono"}
    # The badge is one form XObject, placed four times per page.
    xobjects = cast(Any, reader.pages[0]["/Resources"])["/XObject"]
    assert len(xobjects) == 1
    assert data.count(b"/Subtype /Form") == 1


def test_pdf_geometry_reads_back_in_mm() -> None:
    with pdfplumber.open(io.BytesIO(pdf_bytes([PAGE]))) as pdf:
        page = pdf.pages[0]
        dashed = [ln for ln in page.lines if abs(ln["x1"] - ln["x0"]) > 100]
        assert dashed, page.lines
        # pdfplumber's y is from the top; the line is 10 mm above the bottom edge.
        assert (page.height - dashed[0]["top"]) * MM_PER_PT == pytest.approx(10, abs=0.01)
        words = page.extract_words()
        assert any(w["text"] == "étoile" for w in words)


def test_no_pages_is_an_error() -> None:
    with pytest.raises(ValueError):
        pdf_bytes([])


def test_svg_size_viewbox_and_structure() -> None:
    root = ET.fromstring(svg_bytes(PAGE))
    assert root.get("width") == "63mm" and root.get("height") == "88mm"
    assert root.get("viewBox") == "0 0 63 88"
    defs = root.find(f"{SVG}defs")
    assert defs is not None
    assert len([g for g in defs if g.tag == f"{SVG}g"]) == 1  # the badge, defined once
    assert len(root.findall(f".//{SVG}use")) == 4
    texts = [t for t in root.iter(f"{SVG}text")]
    assert {t.get("font-family") for t in texts} == {"DejaVu Sans", "DejaVu Sans Mono"}
    # The y flip: drawing happens in a group mirrored about the page's height.
    assert root.find(f"{SVG}g").get("transform") == "matrix(1 0 0 -1 0 88)"  # type: ignore[union-attr]


def test_svg_view_crops_to_a_box() -> None:
    page = DrawnPage(69.0, 94.0, _paint)
    root = ET.fromstring(svg_bytes(page, view=(3.0, 3.0, 63.0, 88.0)))
    assert (root.get("width"), root.get("height")) == ("63mm", "88mm")
    assert root.get("viewBox") == "3 3 63 88"


def test_both_backends_are_deterministic(tmp_path: Path) -> None:
    for k in (1, 2):
        write_pdf([PAGE], tmp_path / f"p{k}.pdf", PdfOptions(title="x"))
        write_svg(PAGE, tmp_path / f"s{k}.svg")
    assert (tmp_path / "p1.pdf").read_bytes() == (tmp_path / "p2.pdf").read_bytes()
    assert (tmp_path / "s1.svg").read_bytes() == (tmp_path / "s2.svg").read_bytes()
    assert not list(tmp_path.glob(".*"))  # no temp files left behind


def test_text_measuring_and_wrapping() -> None:
    assert text_width("MMMM", 10, "bold") > text_width("iiii", 10, "bold") > 0
    assert text_width("ab", 10, "mono") == pytest.approx(2 * text_width("a", 10, "mono"))
    lines = wrap("the quick brown fox jumps over the lazy dog\n\nend", 20, 10)
    assert all(text_width(s, 10) <= 20 for s in lines)
    assert "" in lines and lines[-1] == "end"
    assert " ".join(s for s in lines if s) == "the quick brown fox jumps over the lazy dog end"
    long = wrap("x" * 80, 10, 10)
    assert len(long) > 1 and "".join(long) == "x" * 80
    assert line_height(10) == pytest.approx(12 * MM_PER_PT)
