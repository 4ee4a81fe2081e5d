"""CMYK and grey output and the PDF/X-1a post-step, verified by libraries that read PDFs
(pikepdf for colour spaces, fonts and transparency; pypdf for the output intent), never by our
own writer; and the preflight's IngramSpark check passing on the result."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdf
import pytest
from PIL import Image

from spacebowl_print.publish.preflight import check
from spacebowl_print.publish.press import book_press
from spacebowl_print.render.api import BoxedPage, Canvas, DrawnPage, PdfOptions, Style
from spacebowl_print.render.images import load_picture
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.pdfscan import read_pdf, scan_file
from spacebowl_print.render.pdfx import PDFX_VERSION, make_pdfx


@pytest.fixture(scope="module")
def picture(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    buf = io.BytesIO()
    image = Image.new("RGBA", (600, 600), (30, 160, 90, 255))
    image.putpixel((0, 0), (0, 0, 0, 0))  # some transparency to flatten
    image.save(buf, "PNG")
    path = tmp_path_factory.mktemp("pic") / "p.png"
    path.write_bytes(buf.getvalue())
    return load_picture(str(path))


def _pages(picture) -> list[BoxedPage]:  # type: ignore[no-untyped-def]
    def paint(c: Canvas) -> None:
        c.rect(0, 0, 158.75, 234.95, Style(fill="#0B1026"))  # a dark cover background
        c.rect(20, 150, 60, 40, Style(fill="#000000"))  # a large black area: rich black
        c.text(20, 100, "Black text", 10, "regular", "#000000")  # K only
        c.text(20, 90, "Yellow", 12, "bold", "#F0E442")
        c.circle(100, 60, 10, Style(fill="#D55E00", opacity=0.4))  # translucent: flattened
        c.line(20, 80, 120, 80, Style(stroke="#000000", width=0.3))
        c.image(picture, 110, 120, 25.4, 25.4)
    return [BoxedPage(DrawnPage(158.75, 234.95, paint), (3.175, 3.175, 152.4, 228.6),
                      (0, 0, 158.75, 234.95))] * 2


def test_default_output_stays_rgb(picture) -> None:  # type: ignore[no-untyped-def]
    with pikepdf.open(io.BytesIO(pdf_bytes(_pages(picture)))) as pdf:
        scan = scan_file(pdf)
    assert "rgb" in scan.spaces and scan.transparency


@pytest.mark.parametrize(("mode", "spaces"), [("cmyk", {"cmyk"}), ("grey", {"gray"})])
def test_pdfx_file_as_a_pdf_reader_sees_it(tmp_path: Path, picture, mode: str,  # type: ignore[no-untyped-def]
                                           spaces: set[str]) -> None:
    data = make_pdfx(pdf_bytes(_pages(picture), PdfOptions(title="T", colour=mode)), "T")
    path = tmp_path / "x.pdf"
    path.write_bytes(data)
    assert data.startswith(b"%PDF-1.3")
    with pikepdf.open(path) as pdf:
        scan = scan_file(pdf)
        assert set(scan.spaces) == spaces, scan.spaces
        assert scan.unembedded == [] and scan.transparency == []
        for page in pdf.pages:
            assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
            for xobject in page.obj.Resources.get("/XObject", {}).values():
                assert "/SMask" not in xobject
        content = b"".join(pikepdf.unparse_content_stream(pikepdf.parse_content_stream(p))
                           for p in pdf.pages)
    if mode == "cmyk":
        assert b"0 0 0 1 k" in content  # black text: black ink alone
        assert b".6 .4 .4 1 k" in content or b"0.6 0.4 0.4 1 k" in content  # rich black
    reader = pypdf.PdfReader(path)
    intents = reader.trailer["/Root"]["/OutputIntents"]
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "FOGRA39"
    assert intent["/DestOutputProfile"].get_object()["/N"] == 4
    assert reader.metadata["/GTS_PDFXVersion"] == PDFX_VERSION
    assert reader.metadata["/Trapped"] == "/False"
    scanned, declared = read_pdf(str(path))
    report = check(scanned, declared, book_press("ingramspark"), cover=True, book_pages=2)
    statuses = {r.name: r.status for r in report.results}
    assert statuses["pdfx"] == statuses["colour"] == statuses["transparency"] == "ok", \
        report.table()
    assert statuses["fonts"] == "ok"


def test_same_input_same_bytes(picture) -> None:  # type: ignore[no-untyped-def]
    first = make_pdfx(pdf_bytes(_pages(picture), PdfOptions(colour="cmyk")))
    assert make_pdfx(pdf_bytes(_pages(picture), PdfOptions(colour="cmyk"))) == first


def test_rgb_file_is_refused(picture) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=r"cannot be PDF/X-1a: page 1: RGB colour"):
        make_pdfx(pdf_bytes(_pages(picture)))
