"""The press profiles and card printers of ``pressdata/presses.toml``: every figure has a
dated source, KDP's figures are the binding print-on-demand figures (and those the book code
uses today), and a broken file is refused naming the key."""

from __future__ import annotations

import datetime as dt
import tomllib
from typing import Any

import pytest

from spacebowl_print.publish import layout as pod
from spacebowl_print.publish.press import (
    BOOK_PRESSES,
    CARD_SERVICES,
    PressDataError,
    book_press,
    card_service,
    parse_press_data,
    press_data,
    press_data_path,
)

RAW = press_data_path().read_text(encoding="utf-8")
META = {"source", "name", "naming"}


def _figure_tables(node: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every table of the raw TOML that holds a figure (a number, list or flag), walked
    independently of the loader."""
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if any(not isinstance(v, dict | str) for v in node.values()):
            out.append((path, node))
        for key, value in node.items():
            out += _figure_tables(value, f"{path}.{key}" if path else key)
    return out


def test_every_figure_names_a_dated_source() -> None:
    raw = tomllib.loads(RAW)
    sources = raw["sources"]
    tables = [(p, t) for p, t in _figure_tables(raw) if p not in ("", "sources")
              and not p.startswith("sources.")]
    assert len(tables) >= 4 * 11 + 11  # every section of four presses and the card products
    for path, table in tables:
        if path.startswith("cards.") and path.count(".") == 1:  # a service: dpi and naming
            assert table["naming"] in sources, path
            continue
        assert "source" in table, f"{path} has figures but no source"
        source = sources[table["source"]]
        assert source["publisher"] and source["title"], path
        assert dt.date.fromisoformat(source["dated"]) <= dt.date(2030, 1, 1)
        assert source["url"] or source["kind"] == "project" or source.get("note"), path


def test_every_press_and_service_loads() -> None:
    data = press_data()
    assert tuple(data.books) == BOOK_PRESSES
    assert tuple(data.cards) == CARD_SERVICES
    for press in data.books.values():
        assert set(press.sources()) >= {"trims", "margins", "colour", "barcode"}
        assert all(s.key in data.sources for s in press.sources().values())


def test_kdp_is_the_binding_print_on_demand_figures() -> None:
    """The spec's figures (print-on-demand.md), as the book code (publish/pod.py) uses them
    today: the two must not drift apart when the book starts reading the profile."""
    kdp = book_press("kdp")
    assert kdp.margins.gutter_in == pod.GUTTER_IN
    assert kdp.margins.outside(False) == pod.OUTSIDE_MIN_IN[False]
    assert kdp.margins.outside(True) == pod.OUTSIDE_MIN_IN[True]
    assert kdp.bleed.bleed_in == pod.BLEED_IN
    assert set(kdp.bleed.edges) == {"top", "bottom", "outside"}
    assert dict(kdp.paper.per_page_in) == pod.STOCK_IN_PER_PAGE
    assert (kdp.pages.min, kdp.pages.max) == (pod.MIN_PAGES, pod.MAX_PAGES)
    assert kdp.cover.safe_in == pod.SAFE_IN
    assert kdp.cover.spine_text_min_pages == pod.SPINE_TEXT_MIN_PAGES
    assert kdp.cover.spine_clearance_in == pod.SPINE_TEXT_CLEARANCE_IN
    assert kdp.cover.spine_tolerance_in == 0.0625
    assert kdp.barcode.zone_in == pod.BARCODE_IN
    assert kdp.barcode.from_bottom_in == kdp.barcode.from_spine_in == pod.BARCODE_EDGE_IN
    assert kdp.barcode.printed_by == "service"
    assert kdp.trims.custom_width_in == pod.CUSTOM_W_IN
    assert kdp.trims.custom_height_in == pod.CUSTOM_H_IN


@pytest.mark.parametrize(("pages", "inches"), [(24, 0.375), (150, 0.375), (151, 0.5),
                                               (500, 0.625), (501, 0.75), (828, 0.875),
                                               (10, 0.375), (900, 0.875)])
def test_gutter_by_page_count(pages: int, inches: float) -> None:
    assert book_press("kdp").margins.gutter(pages) == inches
    assert book_press("kdp").margins.gutter(pages) == pod.gutter_in(min(max(pages, 24), 828))


def test_services_differ_where_their_guides_do() -> None:
    ingram, lulu, kdp = book_press("ingramspark"), book_press("lulu"), book_press("kdp")
    assert ingram.colour.pdfx == "PDF/X-1a:2001" and "rgb" not in ingram.colour.interior
    assert ingram.barcode.printed_by == "publisher" and lulu.barcode.printed_by == "publisher"
    assert ingram.margins.outside(True) == 0.5 and lulu.margins.outside(False) == 0.5
    assert kdp.text.min_text_pt == 7.0 and book_press("home").text.min_text_pt == 6.0
    assert lulu.barcode.zone_in == (3.625, 1.25)
    assert kdp.trims.accepts(6.0, 9.0) and not lulu.trims.accepts(6.3, 9.1)


def test_card_products_are_the_trim_at_300_dpi_plus_bleed() -> None:
    mpc, tgc = card_service("mpc"), card_service("tgc")
    assert mpc.products["poker"].image_px == (822, 1122)
    assert mpc.products["poker"].trim_px == (750, 1050)
    assert mpc.products["poker"].safe_box_px() == (72, 72, 750, 1050)
    assert tgc.products["poker"].image_px == (825, 1125)
    assert tgc.products["poker"].safe_box_px() == (75, 75, 750, 1050)
    assert card_service("printerstudio").products["poker"].image_px == (822, 1122)
    with pytest.raises(KeyError, match="mpc, tgc, printerstudio"):
        card_service("vistaprint")
    with pytest.raises(KeyError, match="kdp, ingramspark, lulu, home"):
        book_press("blurb")


@pytest.mark.parametrize(("old", "new", "message"), [
    ('[books.kdp.pages]\nsource = "kdp-submission"\n', '[books.kdp.pages]\n',
     r"books\.kdp\.pages\.source is missing"),
    ('source = "kdp-fonts"', 'source = "kdp-font"', r"books\.kdp\.text\.source names no"),
    ("min_text_pt = 7.0", "min_text_pt = 7.0\nmin_txt_pt = 6", r"books\.kdp\.text has unknown"),
    ("outside_bleed_in = 0.375", "outside_bleed_in = -1", r"outside_bleed_in must be a number"),
    ("[151, 300, 0.5]", "[152, 300, 0.5]", r"gutter_in\[1\] must be"),
    ("image_px = [822, 1122]", "image_px = [822, 1100]", r"is not the trim"),
    ('dated = "2026-11-28"', 'dated = "last week"', r"dated must be a date"),
    ('printed_by = "service"', 'printed_by = "amazon"', r"printed_by must be service"),
])
def test_a_broken_file_is_refused_naming_the_key(old: str, new: str, message: str) -> None:
    assert old in RAW
    with pytest.raises(PressDataError, match=message):
        parse_press_data(RAW.replace(old, new, 1), "presses.toml")


def test_not_toml_is_one_line() -> None:
    with pytest.raises(PressDataError, match=r"^x\.toml: not TOML"):
        parse_press_data("schema = [", "x.toml")
