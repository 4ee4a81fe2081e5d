"""A book's barcode: the EAN-13 symbol of its ISBN (Bookland EAN), with the optional 5-digit
price add-on, drawn as vector bars through the drawing API.

The symbol is as GS1 General Specifications (section 5.2) and ISO/IEC 15420 define it:

* 95 modules: start guard ``101``, six digits in sets A/B chosen by the first digit, centre
  guard ``01010``, six digits in set C, end guard ``101``; the guards run 5 modules below the
  digit bars;
* quiet zones of 11 modules on the left and 7 on the right (the add-on sits 7 to 12 modules
  after the end guard: we use 9);
* the add-on: start ``1011``, five digits in sets A/B chosen by their own checksum, each pair
  parted by ``01``; 47 modules; its bars start lower, the digits printed above them;
* nominal module 0.33 mm (magnification 100 %), bars 22.85 mm high; 80 % to 200 % allowed.

The human-readable digits are set in the shipped monospaced font at
:func:`digit_size_pt` (never under 6 pt), the first digit left of the start guard. The
symbol is black on a white box that covers both quiet zones, so it scans on any background.
Everything is integers of modules until the final multiplication, so a barcode is the same
on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacebowl_print.render.api import MM_PER_PT, Canvas, Style

NOMINAL_MODULE_MM = 0.33
BAR_HEIGHT_MODULES = 69  # 22.85 mm at 0.33 mm: GS1's bar height at 100 %
GUARD_EXTRA_MODULES = 5
LEFT_QUIET, RIGHT_QUIET = 11, 7
ADDON_GAP = 9
"""Modules between the end guard and the add-on (GS1: 7 to 12)."""
MIN_DIGIT_PT = 6.0
MIN_MAGNIFICATION, MAX_MAGNIFICATION = 0.8, 2.0

_L = ("0001101", "0011001", "0010011", "0111101", "0100011",
      "0110001", "0101111", "0111011", "0110111", "0001011")
_G = tuple(code[::-1].translate(str.maketrans("01", "10")) for code in _L)
_R = tuple(code.translate(str.maketrans("01", "10")) for code in _L)
_PARITY13 = ("LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG",
             "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL")
_PARITY5 = ("GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL",
            "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG")
BLACK, WHITE = "#000000", "#FFFFFF"


def ean13_check_digit(first12: str) -> int:
    """The check digit of 12 digits: weights 1, 3, 1, 3… from the left."""
    total = sum(int(d) * (3 if k % 2 else 1) for k, d in enumerate(first12))
    return (10 - total % 10) % 10


def isbn13(text: str) -> str:
    """The 13 digits of an ISBN given as ISBN-13 or ISBN-10 (hyphens and spaces allowed,
    ``ISBN`` prefix allowed, ``X`` as an ISBN-10 check digit); ``ValueError`` saying what is
    wrong for anything else, a wrong check digit included."""
    raw = text.strip()
    if raw.upper().startswith("ISBN"):
        raw = raw[4:].lstrip(":- ")
    compact = raw.replace("-", "").replace(" ", "").upper()
    if len(compact) == 10 and compact[:9].isdigit() and (compact[9].isdigit() or
                                                         compact[9] == "X"):
        check10 = sum((10 - k) * int(d) for k, d in enumerate(compact[:9]))
        want = (11 - check10 % 11) % 11
        if compact[9] != ("X" if want == 10 else str(want)):
            raise ValueError(f"ISBN-10 {text.strip()[:20]!r} has a wrong check digit")
        body = "978" + compact[:9]
        return body + str(ean13_check_digit(body))
    if len(compact) != 13 or not compact.isdigit():
        raise ValueError(f"an ISBN has 13 digits (or 10), got {text.strip()[:20]!r}")
    if not compact.startswith(("978", "979")):
        raise ValueError(f"an ISBN-13 starts with 978 or 979, got {compact[:3]}")
    if ean13_check_digit(compact[:12]) != int(compact[12]):
        raise ValueError(f"ISBN {compact} has a wrong check digit "
                         f"(it would be {ean13_check_digit(compact[:12])})")
    return compact


def price_addon(text: str) -> str:
    """The five digits of a price add-on: given as five digits already (``51995``, ``90000``:
    no suggested price), or a US dollar price ``19.95`` / ``$19.95`` (``5`` then the cents, up
    to 999.99); ``ValueError`` for anything else."""
    raw = text.strip().lstrip("$").strip()
    if len(raw) == 5 and raw.isdigit():
        return raw
    whole, _, cents = raw.partition(".")
    if not whole.isdigit() or (cents and (not cents.isdigit() or len(cents) > 2)):
        raise ValueError(f"a price is 5 digits (51995) or dollars like 19.95, got {text[:20]!r}")
    value = int(whole) * 100 + int((cents + "00")[:2])
    if not 0 < value <= 99999:
        raise ValueError(f"a price add-on holds up to $999.99, got {text[:20]!r}")
    return "5" + f"{value:04d}" if value <= 9999 else str(value)


def ean13_modules(digits: str) -> str:
    """The 95 modules (``1`` bar, ``0`` space) of the EAN-13 symbol of 13 ``digits``
    (check digit included and checked)."""
    if len(digits) != 13 or not digits.isdigit():
        raise ValueError(f"EAN-13 needs 13 digits, got {digits[:20]!r}")
    if ean13_check_digit(digits[:12]) != int(digits[12]):
        raise ValueError(f"{digits} has a wrong check digit")
    parity = _PARITY13[int(digits[0])]
    left = "".join((_L if p == "L" else _G)[int(d)] for p, d in zip(parity, digits[1:7],
                                                                     strict=True))
    right = "".join(_R[int(d)] for d in digits[7:])
    return "101" + left + "01010" + right + "101"


def ean5_checksum(digits: str) -> int:
    """The add-on's checksum: 3 × (1st + 3rd + 5th) + 9 × (2nd + 4th), modulo 10."""
    d = [int(c) for c in digits]
    return (3 * (d[0] + d[2] + d[4]) + 9 * (d[1] + d[3])) % 10


def ean5_modules(digits: str) -> str:
    """The 47 modules of the 5-digit add-on of ``digits``."""
    if len(digits) != 5 or not digits.isdigit():
        raise ValueError(f"the add-on needs 5 digits, got {digits[:20]!r}")
    parity = _PARITY5[ean5_checksum(digits)]
    codes = [(_L if p == "L" else _G)[int(d)] for p, d in zip(parity, digits, strict=True)]
    return "1011" + "01".join(codes)


@dataclass(frozen=True)
class BarcodeLayout:
    """The size of a drawn barcode (mm): the white box ``width`` × ``height`` holding the bars,
    both quiet zones and the digits, for a ``module`` width and an add-on or none."""

    module: float
    addon: bool
    width: float
    height: float


def digit_size_pt(module: float) -> float:
    """The human-readable digits' size: 8.7 pt at the nominal module (about 2.75 mm high
    figures), scaled with it, never under :data:`MIN_DIGIT_PT`."""
    return max(MIN_DIGIT_PT, round(8.7 * module / NOMINAL_MODULE_MM, 2))


def _digit_band_modules(module: float) -> float:
    """Height (in modules) of the band under the bars that holds the digits."""
    return digit_size_pt(module) * MM_PER_PT / module + 2


def barcode_layout(addon: bool = False, module: float = NOMINAL_MODULE_MM) -> BarcodeLayout:
    """The white box a barcode needs (see :func:`draw_isbn_barcode`); ``ValueError`` for a
    module outside 80 %–200 % of nominal."""
    if not MIN_MAGNIFICATION * NOMINAL_MODULE_MM - 1e-9 <= module <= \
            MAX_MAGNIFICATION * NOMINAL_MODULE_MM + 1e-9:
        raise ValueError(f"an EAN-13 module is 0.264 to 0.66 mm, got {module:g} mm")
    modules = LEFT_QUIET + 95 + RIGHT_QUIET
    if addon:
        modules = LEFT_QUIET + 95 + ADDON_GAP + 47 + 5
    height = BAR_HEIGHT_MODULES + _digit_band_modules(module) + 2
    return BarcodeLayout(module, addon, modules * module, height * module)


def _bars(canvas: Canvas, modules: str, x: float, module: float,
          spans: list[tuple[float, float]]) -> None:
    """One black rectangle per run of bars with the same span; ``spans`` gives each module's
    (bottom, height) in mm."""
    style = Style(fill=BLACK)
    k = 0
    while k < len(modules):
        if modules[k] != "1":
            k += 1
            continue
        start = k
        while k < len(modules) and modules[k] == "1" and spans[k] == spans[start]:
            k += 1
        bottom, height = spans[start]
        canvas.rect(x + start * module, bottom, (k - start) * module, height, style)


def draw_isbn_barcode(canvas: Canvas, x: float, y: float, isbn: str, addon: str | None = None,
                      module: float = NOMINAL_MODULE_MM) -> BarcodeLayout:
    """Draw the EAN-13 barcode of ``isbn`` (any form :func:`isbn13` accepts), with the 5-digit
    ``addon`` when given (:func:`price_addon` makes one from a price), its white box's
    lower-left corner at (``x``, ``y``) mm. Returns the box's size. ``ValueError`` for a bad
    ISBN, add-on or module."""
    digits = isbn13(isbn)
    extra = price_addon(addon) if addon is not None else None
    layout = barcode_layout(extra is not None, module)
    canvas.rect(x, y, layout.width, layout.height, Style(fill=WHITE))
    mods = ean13_modules(digits)
    band = _digit_band_modules(module) * module  # the digits' band under the digit bars
    top = y + layout.height - module  # every bar ends here
    short = BAR_HEIGHT_MODULES * module
    tall = short + GUARD_EXTRA_MODULES * module  # the guards reach down into the band
    guards = set(range(3)) | set(range(45, 50)) | set(range(92, 95))
    spans = [(top - tall, tall) if k in guards else (top - short, short) for k in range(95)]
    x0 = x + LEFT_QUIET * module
    _bars(canvas, mods, x0, module, spans)
    size = digit_size_pt(module)
    text_y = y + 2 * module  # the digits' baseline, in the band under the digit bars
    canvas.text(x0 - 1.5 * module, text_y, digits[0], size, "mono", BLACK, "end")
    canvas.text(x0 + (3 + 21) * module, text_y, digits[1:7], size, "mono", BLACK, "middle")
    canvas.text(x0 + (50 + 21) * module, text_y, digits[7:], size, "mono", BLACK, "middle")
    if extra is not None:
        ax = x0 + (95 + ADDON_GAP) * module
        add_h = short - band  # the add-on's digits sit above its bars, under the top line
        _bars(canvas, ean5_modules(extra), ax, module, [(top - short, add_h)] * 47)
        canvas.text(ax + 23.5 * module, top - short + add_h + 2 * module, extra, size, "mono",
                    BLACK, "middle")
    return layout


__all__ = [
    "NOMINAL_MODULE_MM", "BarcodeLayout", "barcode_layout", "digit_size_pt",
    "draw_isbn_barcode", "ean5_checksum", "ean5_modules", "ean13_check_digit",
    "ean13_modules", "isbn13", "price_addon",
]
