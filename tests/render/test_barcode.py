"""The EAN-13 book barcode: drawn as vectors, rasterised by pdfium, and read back by a barcode
reader library (zxing-cpp), for several ISBNs and prices — the reader is the independent path
that proves the bars are the number."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
import zxingcpp
from hypothesis import given, settings
from hypothesis import strategies as st

from spacebowl_print.render.api import DrawnPage
from spacebowl_print.render.barcode import (
    MIN_DIGIT_PT,
    NOMINAL_MODULE_MM,
    barcode_layout,
    digit_size_pt,
    draw_isbn_barcode,
    ean5_modules,
    ean13_check_digit,
    ean13_modules,
    isbn13,
    price_addon,
)
from spacebowl_print.render.pdf import pdf_bytes


def _read(isbn: str, addon: str | None, module: float = NOMINAL_MODULE_MM,
          dpi: int = 400) -> list[str]:
    layout = barcode_layout(addon is not None, module)
    page = DrawnPage(layout.width + 10, layout.height + 10,
                     lambda c: draw_isbn_barcode(c, 5, 5, isbn, addon, module))
    doc = pdfium.PdfDocument(pdf_bytes([page]))
    image = doc[0].render(scale=dpi / 72).to_pil()
    doc.close()
    mode = zxingcpp.EanAddOnSymbol.Require if addon else zxingcpp.EanAddOnSymbol.Ignore
    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.EAN13,
                                                   ean_add_on_symbol=mode)]


@pytest.mark.parametrize(("isbn", "price", "expected"), [
    ("978-0-306-40615-7", None, "9780306406157"),
    ("ISBN 978-1-86197-876-9", "19.95", "978186197876951995"),
    ("0-306-40615-2", "$7.50", "978030640615750750"),  # an ISBN-10 becomes 978…
    ("979-10-90636-07-1", "90000", "979109063607190000"),  # 90000: no suggested price
    ("9783161484100", "24.5", "978316148410052450"),
])
def test_barcode_decodes_back_to_the_isbn_and_price(isbn: str, price: str | None,
                                                    expected: str) -> None:
    assert _read(isbn, price) == [expected]


def test_smallest_allowed_barcode_still_reads_and_prints_6pt_digits() -> None:
    small = 0.8 * NOMINAL_MODULE_MM
    assert digit_size_pt(small) >= MIN_DIGIT_PT
    assert _read("978-0-306-40615-7", "51995", small, dpi=600) == ["978030640615751995"]


def test_sizes_follow_the_standard() -> None:
    plain = barcode_layout(False)
    assert plain.width == pytest.approx((11 + 95 + 7) * 0.33)  # 37.29 mm with quiet zones
    assert 25 <= plain.height <= 27.5
    assert digit_size_pt(NOMINAL_MODULE_MM) == pytest.approx(8.7)
    with pytest.raises(ValueError, match=r"0\.264 to 0\.66"):
        barcode_layout(False, 0.2)


@given(st.text("0123456789", min_size=9, max_size=9), st.sampled_from(["978", "979"]))
@settings(max_examples=200, deadline=None)
def test_symbol_structure_for_any_isbn(body: str, prefix: str) -> None:
    first12 = prefix + body
    digits = first12 + str(ean13_check_digit(first12))
    mods = ean13_modules(digits)
    assert len(mods) == 95 and mods[:3] == mods[-3:] == "101" and mods[45:50] == "01010"
    # every digit is 2 bars and 2 spaces in 7 modules: 30 bars in all, 15 a side
    runs = [r for r in mods.replace("0", " ").split(" ") if r]
    assert len(runs) == 2 + 12 * 2 + 2 + 2
    assert isbn13(digits) == digits


@given(st.text("0123456789", min_size=5, max_size=5))
@settings(max_examples=100, deadline=None)
def test_addon_structure(digits: str) -> None:
    mods = ean5_modules(digits)
    assert len(mods) == 47 and mods.startswith("1011")
    assert all(mods[11 + 9 * k:13 + 9 * k] == "01" for k in range(4))


@pytest.mark.parametrize(("text", "message"), [
    ("978-0-306-40615-8", "wrong check digit"),
    ("0-306-40615-3", "wrong check digit"),
    ("123-4-567-89012-8", "starts with 978 or 979"),
    ("978-0-306", "13 digits"),
])
def test_bad_isbn_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        isbn13(text)


def test_prices() -> None:
    assert price_addon("19.95") == "51995"
    assert price_addon("$5") == "50500"
    assert price_addon("90000") == "90000"
    assert price_addon("120.00") == "12000"
    for bad in ("abc", "19.999", "0", "1000.00"):
        with pytest.raises(ValueError):
            price_addon(bad)
