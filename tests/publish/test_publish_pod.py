"""Print-on-demand geometry: the service's figures (gutter table, bleed on three sides,
mirrored margins, cover width from the spine, saddle-stitch limit), read back from PDFs."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish import layout, pod
from spacebowl_print.render.api import DrawnPage, Style
from spacebowl_print.render.pdf import pdf_bytes

IN = 25.4


@pytest.mark.parametrize(("pages", "gutter"), [
    (24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5), (301, 0.625), (500, 0.625),
    (501, 0.75), (700, 0.75), (701, 0.875), (828, 0.875)])
def test_gutter_grows_with_page_count(pages: int, gutter: float) -> None:
    assert layout.gutter_in(pages) == gutter


def test_more_than_828_pages_is_refused() -> None:
    with pytest.raises(InputError, match="at most 828"):
        layout.gutter_in(829)


@pytest.mark.parametrize(("text", "size"), [
    ("6x9in", (6 * IN, 9 * IN)), ("8.5x11in", (8.5 * IN, 11 * IN)), ("a5", (148, 210)),
    ("5x7.5in", (5 * IN, 7.5 * IN)), ("150x220mm", (150, 220))])
def test_trims(text: str, size: tuple[float, float]) -> None:
    trim = layout.parse_trim(text)
    assert (trim.width, trim.height) == pytest.approx(size)


@pytest.mark.parametrize("text", ["3x9in", "6x13in", "big", "6x9", "a3"])
def test_bad_trims(text: str) -> None:
    with pytest.raises(InputError):
        layout.parse_trim(text)


def test_bleed_grows_three_sides_and_margins_mirror() -> None:
    trim = layout.parse_trim("6x9in")
    right = layout.frame(trim, 1, 400, bleed=True)
    left = layout.frame(trim, 2, 400, bleed=True)
    assert (right.width, right.height) == pytest.approx((6.125 * IN, 9.25 * IN))
    # the bleed is on the outside edge: right of a right-hand page, left of a left-hand one
    assert right.trim[0] == 0 and left.trim[0] == pytest.approx(0.125 * IN)
    gutter = 0.625 * IN  # 301–500 pages
    assert right.content[0] - right.trim[0] == pytest.approx(gutter)
    left_edge = left.trim[0] + left.trim[2] - (left.content[0] + left.content[2])
    assert left_edge == pytest.approx(gutter)
    assert left.content[0] - left.trim[0] >= 0.375 * IN - 1e-9  # outside margin with bleed
    assert right.content[1] - right.trim[1] >= 0.375 * IN - 1e-9


def test_boxes_are_written_to_the_pdf() -> None:
    trim = layout.parse_trim("6x9in")
    page = pod.framed(lambda f: DrawnPage(f.width, f.height,
                                          lambda c: c.rect(0, 0, f.width, f.height,
                                                           Style(fill="#102030"))),
                      trim, 1, 100, bleed=True)
    reader = PdfReader(io.BytesIO(pdf_bytes([page])))
    pt = 72 / 25.4
    tb, bb = reader.pages[0].trimbox, reader.pages[0].bleedbox
    assert float(tb.width) == pytest.approx(6 * IN * pt, abs=0.01)
    assert float(tb.height) == pytest.approx(9 * IN * pt, abs=0.01)
    assert float(bb.width) == pytest.approx(6.125 * IN * pt, abs=0.01)
    assert float(bb.height) == pytest.approx(9.25 * IN * pt, abs=0.01)


@pytest.mark.parametrize(("pages", "binding", "final"), [
    (7, "perfect", 24), (25, "perfect", 26), (430, "perfect", 430), (7, "saddle", 8),
    (78, "saddle", 80), (7, "none", 7)])
def test_page_count_by_binding(pages: int, binding: layout.Binding, final: int) -> None:
    assert layout.final_pages(pages, binding) == final


def test_saddle_stitch_refused_above_the_sheet_limit_with_the_alternative() -> None:
    with pytest.raises(InputError, match=r"at most 20 folded sheets.*--imposition none"):
        layout.final_pages(81, "saddle")


@pytest.mark.parametrize("stock", ["white", "cream", "colour"])
def test_cover_width_follows_the_spine(stock: str) -> None:
    trim = layout.parse_trim("6x9in")
    g = layout.cover_geometry(trim, 430, stock)
    spine = 430 * layout.STOCK_IN_PER_PAGE[stock] * IN
    assert g.width == pytest.approx((0.125 + 6 + 6 + 0.125) * IN + spine)
    assert g.height == pytest.approx(9.25 * IN)
    assert g.spine_w == pytest.approx(spine) and g.spine_text
    assert not layout.cover_geometry(trim, 78, stock).spine_text


def test_cover_pdf_declares_its_boxes_and_keeps_the_barcode_zone_empty() -> None:
    trim = layout.parse_trim("6x9in")
    page = pod.cover_page(trim, 430, "white", "Space Bowl", "365 puzzles", "A year of "
                          "puzzles.", "Space Bowl — 365 puzzles")
    reader = PdfReader(io.BytesIO(pdf_bytes([page])))
    g = layout.cover_geometry(trim, 430, "white")
    pt = 72 / 25.4
    assert float(reader.pages[0].mediabox.width) == pytest.approx(g.width * pt, abs=0.01)
    assert float(reader.pages[0].trimbox.width) == pytest.approx((g.width - 0.25 * IN) * pt,
                                                                 abs=0.01)
