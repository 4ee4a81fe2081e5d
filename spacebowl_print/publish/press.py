"""Press profiles and card printers: the figures a print service checks an upload against,
read from the packaged ``pressdata/presses.toml`` and validated.

* A :class:`BookPress` (``kdp``, ``ingramspark``, ``lulu``, ``home``) holds a book service's
  trims, bleed, margins and gutter by page count, page-count range, paper thickness per page,
  smallest text, thinnest line and image resolution, colour rules (PDF/X, colour spaces,
  transparency), cover safe zone and spine rules, and who prints the barcode where.
* A :class:`CardService` (``mpc``, ``tgc``, ``printerstudio``) holds a card printer's products:
  each card size's image in pixels, its bleed and safe zone.

Every section of the file names its :class:`Source` (publisher, title, address, the date it
was read, and whether it is the service's own page, a published summary, or the project's
choice); the loader refuses a section without one, an unknown key, or a figure of the wrong
kind, naming the file and the key. Lengths are inches for books and millimetres/pixels for
cards, as the services publish them; :data:`MM_PER_IN` converts.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from spacebowl_print.core.resources import press_data_dir

MM_PER_IN = 25.4

SourceKind = Literal["official", "secondary", "project"]
BarcodeBy = Literal["service", "publisher", "none"]
ColourSpace = Literal["gray", "rgb", "cmyk"]

CHECK_NAMES = ("size", "trim", "bleed", "safe", "fonts", "colour", "text", "line", "image",
               "pages", "spine", "barcode", "transparency", "pdfx")
"""The preflight checks, by name (``advisory`` in the file names some of them)."""

BOOK_PRESSES = ("kdp", "ingramspark", "lulu", "home")
CARD_SERVICES = ("mpc", "tgc", "printerstudio")


class PressDataError(ValueError):
    """``presses.toml`` (or a file given in its place) is not as :mod:`press` expects; the
    message names the file and the key."""


@dataclass(frozen=True)
class Source:
    """Where figures come from: ``publisher``, page ``title``, ``url`` (may be empty for the
    project's own choices), the date it was read, and its ``kind``."""

    key: str
    publisher: str
    title: str
    url: str
    dated: dt.date
    kind: SourceKind
    note: str = ""

    def cite(self) -> str:
        """One line naming the source and its date, for tables and docs."""
        return f"{self.publisher}, “{self.title}” ({self.dated.isoformat()}, {self.kind})"


@dataclass(frozen=True)
class Trims:
    source: Source
    standard_in: tuple[tuple[float, float], ...]
    custom_width_in: tuple[float, float]
    custom_height_in: tuple[float, float]

    def accepts(self, width_in: float, height_in: float, tolerance_in: float = 0.01,
                custom: bool = True) -> bool:
        """Whether a trim of ``width_in`` × ``height_in`` is a standard trim of the service or
        (with ``custom``) within its custom range."""
        if any(abs(w - width_in) <= tolerance_in and abs(h - height_in) <= tolerance_in
               for w, h in self.standard_in):
            return True
        (w0, w1), (h0, h1) = self.custom_width_in, self.custom_height_in
        return (custom and w1 > 0 and w0 - tolerance_in <= width_in <= w1 + tolerance_in
                and h0 - tolerance_in <= height_in <= h1 + tolerance_in)


@dataclass(frozen=True)
class Bleed:
    source: Source
    bleed_in: float
    edges: tuple[str, ...]


@dataclass(frozen=True)
class Margins:
    """Least distance of any content (page numbers and running heads included) from the trim:
    ``outside_in`` at the outside, top and bottom (``outside_bleed_in`` for a book with
    bleed), and the gutter at the spine side by final page count."""

    source: Source
    outside_in: float
    outside_bleed_in: float
    gutter_in: tuple[tuple[int, int, float], ...]

    def outside(self, bleed: bool) -> float:
        return self.outside_bleed_in if bleed else self.outside_in

    def gutter(self, pages: int) -> float:
        """The inside margin (in) for a book of ``pages`` final pages: the row holding it, the
        first row below the table, the last above it."""
        for lo, hi, inches in self.gutter_in:
            if lo <= pages <= hi:
                return inches
        return self.gutter_in[0][2] if pages < self.gutter_in[0][0] else self.gutter_in[-1][2]


@dataclass(frozen=True)
class Pages:
    source: Source
    min: int
    max: int


@dataclass(frozen=True)
class Paper:
    """Thickness per page (in) by paper stock (``white``, ``cream``, ``colour``)."""

    source: Source
    per_page_in: Mapping[str, float]

    def spine_in(self, pages: int, stock: str) -> float:
        if stock not in self.per_page_in:
            raise KeyError(f"paper stock is one of {', '.join(self.per_page_in)}, got {stock!r}")
        return pages * self.per_page_in[stock]


@dataclass(frozen=True)
class TextRule:
    source: Source
    min_text_pt: float


@dataclass(frozen=True)
class LineRule:
    source: Source
    min_line_pt: float
    min_image_ppi: float


@dataclass(frozen=True)
class ColourRule:
    """Colour spaces accepted in the interior and on the cover, the PDF/X version asked for
    (empty: none), whether transparency may stay live, and whether fonts must be embedded."""

    source: Source
    interior: frozenset[ColourSpace]
    cover: frozenset[ColourSpace]
    pdfx: str
    transparency: bool
    fonts_embedded: bool


@dataclass(frozen=True)
class CoverRule:
    source: Source
    safe_in: float
    spine_text_min_pages: int
    spine_clearance_in: float
    spine_tolerance_in: float


@dataclass(frozen=True)
class BarcodeRule:
    """Who prints the barcode (the ``service`` over a zone the cover leaves empty, the
    ``publisher`` in it, or ``none``), the zone's size and its distance from the spine fold
    and the bottom trim of the back cover."""

    source: Source
    printed_by: BarcodeBy
    zone_in: tuple[float, float]
    from_spine_in: float
    from_bottom_in: float


@dataclass(frozen=True)
class BookPress:
    """One book service's published figures (see the module docstring)."""

    id: str
    name: str
    trims: Trims
    bleed: Bleed
    margins: Margins
    pages: Pages
    paper: Paper
    text: TextRule
    lines: LineRule
    colour: ColourRule
    cover: CoverRule
    barcode: BarcodeRule
    advisory: frozenset[str]
    advisory_source: Source

    def sources(self) -> dict[str, Source]:
        """Each section's source, by section name."""
        return {"trims": self.trims.source, "bleed": self.bleed.source,
                "margins": self.margins.source, "pages": self.pages.source,
                "paper": self.paper.source, "text": self.text.source,
                "lines": self.lines.source, "colour": self.colour.source,
                "cover": self.cover.source, "barcode": self.barcode.source,
                "checks": self.advisory_source}


@dataclass(frozen=True)
class CardProduct:
    """One card size at a card printer: the ``trim_mm`` of the finished card and the image
    the shop wants, ``image_px`` (trim plus ``bleed_px`` a side), with everything that matters
    ``safe_px`` inside the trim. A half pixel (1/8 in at 300 dpi is 37.5 px) is kept as
    published; :attr:`trim_px` is the image less both bleeds."""

    service: str
    name: str
    source: Source
    trim_mm: tuple[float, float]
    image_px: tuple[int, int]
    bleed_px: float
    safe_px: float

    @property
    def trim_px(self) -> tuple[float, float]:
        return (self.image_px[0] - 2 * self.bleed_px, self.image_px[1] - 2 * self.bleed_px)

    def safe_box_px(self) -> tuple[float, float, float, float]:
        """The safe zone in the image: (left, top, right, bottom) pixels from its top-left."""
        inset = self.bleed_px + self.safe_px
        return (inset, inset, self.image_px[0] - inset, self.image_px[1] - inset)


@dataclass(frozen=True)
class CardService:
    """A card printer: its ``products`` by name, the resolution its images are made at, and the
    source of the file-naming rule its uploads follow."""

    id: str
    name: str
    dpi: int
    naming: Source
    products: Mapping[str, CardProduct]


@dataclass(frozen=True)
class PressData:
    """Everything ``presses.toml`` holds."""

    sources: Mapping[str, Source]
    books: Mapping[str, BookPress]
    cards: Mapping[str, CardService]


# -- reading ---------------------------------------------------------------------------------

class _Reader:
    """Typed access to one table of the file, naming ``file: dotted.key`` in every error and
    refusing keys nobody read (a misspelt figure would otherwise be silently ignored)."""

    def __init__(self, file: str, where: str, table: Any) -> None:
        if not isinstance(table, dict):
            raise PressDataError(f"{file}: {where} must be a table")
        self.file, self.where, self.table = file, where, table
        self.read: set[str] = set()

    def _get(self, key: str) -> Any:
        if key not in self.table:
            raise PressDataError(f"{self.file}: {self.where}.{key} is missing")
        self.read.add(key)
        return self.table[key]

    def fail(self, key: str, what: str) -> PressDataError:
        where = f"{self.where}.{key}" if self.where else key
        return PressDataError(f"{self.file}: {where} {what}")

    def text(self, key: str, default: str | None = None) -> str:
        if default is not None and key not in self.table:
            return default
        v = self._get(key)
        if not isinstance(v, str):
            raise self.fail(key, "must be text")
        return v

    def number(self, key: str, lo: float = 0.0, hi: float = 1e6) -> float:
        v = self._get(key)
        if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
            raise self.fail(key, f"must be a number from {lo:g} to {hi:g}, got {v!r}")
        return float(v)

    def integer(self, key: str, lo: int = 0, hi: int = 10**6) -> int:
        v = self._get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.fail(key, f"must be a whole number from {lo} to {hi}, got {v!r}")
        return v

    def flag(self, key: str) -> bool:
        v = self._get(key)
        if not isinstance(v, bool):
            raise self.fail(key, "must be true or false")
        return v

    def pair(self, key: str, hi: float = 1e6) -> tuple[float, float]:
        v = self._get(key)
        if (not isinstance(v, list) or len(v) != 2
                or not all(isinstance(x, int | float) and not isinstance(x, bool)
                           and 0 <= x <= hi for x in v)):
            raise self.fail(key, f"must be two numbers from 0 to {hi:g}, got {v!r}")
        return (float(v[0]), float(v[1]))

    def words(self, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        v = self._get(key)
        if not isinstance(v, list) or not all(isinstance(x, str) and x in allowed for x in v):
            raise self.fail(key, f"must be a list of {', '.join(allowed)}, got {v!r}")
        return tuple(v)

    def sub(self, key: str) -> _Reader:
        where = f"{self.where}.{key}" if self.where else key
        return _Reader(self.file, where, self._get(key))

    def done(self) -> None:
        extra = sorted(set(self.table) - self.read)
        if extra:
            raise PressDataError(f"{self.file}: {self.where or 'the file'} has unknown key(s) "
                                 f"{', '.join(extra)}")


def _source(r: _Reader, key: str) -> Source:
    kind = r.text("kind")
    if kind not in ("official", "secondary", "project"):
        raise r.fail("kind", f"must be official, secondary or project, got {kind!r}")
    dated = r.text("dated")
    try:
        day = dt.date.fromisoformat(dated)
    except ValueError:
        raise r.fail("dated", f"must be a date YYYY-MM-DD, got {dated!r}") from None
    url = r.text("url")
    if url and not url.startswith(("https://", "http://")):
        raise r.fail("url", "must be the address of the page the figures were read on, or empty")
    if not url and kind != "project" and not r.table.get("note"):
        raise r.fail("url", "is empty: the note must then say where the figures can be found")
    src = Source(key, r.text("publisher"), r.text("title"), url, day, kind,  # type: ignore[arg-type]
                 r.text("note", ""))
    r.done()
    return src


def _cite(r: _Reader, sources: Mapping[str, Source]) -> Source:
    key = r.text("source")
    if key not in sources:
        raise r.fail("source", f"names no [sources] entry: {key!r}")
    return sources[key]


def _book(r: _Reader, pid: str, sources: Mapping[str, Source]) -> BookPress:
    def section(name: str) -> tuple[_Reader, Source]:
        s = r.sub(name)
        return s, _cite(s, sources)

    s, src = section("trims")
    raw = s._get("standard_in")
    if not isinstance(raw, list) or not raw:
        raise s.fail("standard_in", "must be a list of [width, height] pairs")
    standard = []
    for k, item in enumerate(raw):
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(x, int | float) and 1 <= x <= 30 for x in item)):
            raise s.fail(f"standard_in[{k}]", f"must be [width, height] in inches, got {item!r}")
        standard.append((float(item[0]), float(item[1])))
    trims = Trims(src, tuple(standard), s.pair("custom_width_in", 30),
                  s.pair("custom_height_in", 30))
    s.done()
    s, src = section("bleed")
    bleed = Bleed(src, s.number("bleed_in", 0, 1), s.words("edges", ("top", "bottom", "outside",
                                                                       "inside")))
    s.done()
    s, src = section("margins")
    rows = s._get("gutter_in")
    gutter: list[tuple[int, int, float]] = []
    if not isinstance(rows, list) or not rows:
        raise s.fail("gutter_in", "must be a list of [from, to, inches] rows")
    for k, row in enumerate(rows):
        ok = (isinstance(row, list) and len(row) == 3 and all(isinstance(x, int) for x in row[:2])
              and isinstance(row[2], int | float) and 0 <= row[0] <= row[1] and 0 <= row[2] <= 2)
        if not ok or (gutter and row[0] != gutter[-1][1] + 1):
            raise s.fail(f"gutter_in[{k}]", f"must be [from, to, inches] continuing the row "
                                            f"before, got {row!r}")
        gutter.append((int(row[0]), int(row[1]), float(row[2])))
    margins = Margins(src, s.number("outside_in", 0, 2), s.number("outside_bleed_in", 0, 2),
                      tuple(gutter))
    s.done()
    s, src = section("pages")
    pages = Pages(src, s.integer("min", 1), s.integer("max", 1))
    if pages.min > pages.max:
        raise s.fail("min", "is above max")
    s.done()
    s, src = section("paper")
    per_page = {stock: s.number(stock, 0.0005, 0.01) for stock in ("white", "cream", "colour")}
    paper = Paper(src, per_page)
    s.done()
    s, src = section("text")
    text = TextRule(src, s.number("min_text_pt", 1, 24))
    s.done()
    s, src = section("lines")
    lines = LineRule(src, s.number("min_line_pt", 0, 5), s.number("min_image_ppi", 50, 2400))
    s.done()
    s, src = section("colour")
    spaces = ("gray", "rgb", "cmyk")
    colour = ColourRule(src, frozenset(s.words("interior", spaces)),  # type: ignore[arg-type]
                        frozenset(s.words("cover", spaces)),  # type: ignore[arg-type]
                        s.text("pdfx"), s.flag("transparency"), s.flag("fonts_embedded"))
    s.done()
    s, src = section("cover")
    cover = CoverRule(src, s.number("safe_in", 0, 2), s.integer("spine_text_min_pages", 0),
                      s.number("spine_clearance_in", 0, 1), s.number("spine_tolerance_in", 0, 1))
    s.done()
    s, src = section("barcode")
    by = s.text("printed_by")
    if by not in ("service", "publisher", "none"):
        raise s.fail("printed_by", f"must be service, publisher or none, got {by!r}")
    barcode = BarcodeRule(src, by, s.pair("zone_in", 10),  # type: ignore[arg-type]
                          s.number("from_spine_in", 0, 5), s.number("from_bottom_in", 0, 5))
    s.done()
    s, src = section("checks")
    advisory = frozenset(s.words("advisory", CHECK_NAMES))
    s.done()
    press = BookPress(pid, r.text("name"), trims, bleed, margins, pages, paper, text, lines,
                      colour, cover, barcode, advisory, src)
    r.done()
    return press


def _cards(r: _Reader, sid: str, sources: Mapping[str, Source]) -> CardService:
    naming_key = r.text("naming")
    if naming_key not in sources:
        raise r.fail("naming", f"names no [sources] entry: {naming_key!r}")
    dpi = r.integer("dpi", 72, 1200)
    products: dict[str, CardProduct] = {}
    table = r.sub("products")
    for name in list(table.table):
        p = table.sub(name)
        src = _cite(p, sources)
        trim = p.pair("trim_mm", 300)
        image = p.pair("image_px", 20000)
        bleed, safe = p.number("bleed_px", 0, 500), p.number("safe_px", 0, 500)
        if image != (round(image[0]), round(image[1])):
            raise p.fail("image_px", "must be whole pixels")
        product = CardProduct(sid, name, src, trim, (int(image[0]), int(image[1])), bleed, safe)
        tw, th = product.trim_px
        # the trim in pixels must be the trim in mm at the service's resolution (1 px slack)
        if abs(tw - trim[0] * dpi / MM_PER_IN) > 1 or abs(th - trim[1] * dpi / MM_PER_IN) > 1:
            raise p.fail("image_px", f"less two bleeds ({tw:g} x {th:g} px) is not the trim "
                                     f"{trim[0]:g} x {trim[1]:g} mm at {dpi} dpi")
        p.done()
        products[name] = product
    table.read = set(table.table)
    table.done()
    service = CardService(sid, r.text("name"), dpi, sources[naming_key], products)
    r.done()
    return service


def parse_press_data(text: str, file: str = "presses.toml") -> PressData:
    """The figures in ``text`` (the TOML of ``presses.toml``); :class:`PressDataError`
    naming ``file`` and the key for anything missing, unknown or out of range."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PressDataError(f"{file}: not TOML ({err})") from None
    top = _Reader(file, "", raw)
    if top.integer("schema", 1, 1) != 1:
        raise top.fail("schema", "must be 1")
    src_table = top.sub("sources")
    sources = {key: _source(src_table.sub(key), key) for key in list(src_table.table)}
    books_t, cards_t = top.sub("books"), top.sub("cards")
    books = {pid: _book(books_t.sub(pid), pid, sources) for pid in list(books_t.table)}
    cards = {sid: _cards(cards_t.sub(sid), sid, sources) for sid in list(cards_t.table)}
    for r in (top, src_table, books_t, cards_t):
        r.read = set(r.table) if r is not top else r.read
    top.done()
    return PressData(sources, books, cards)


def press_data_path() -> Path:
    """The packaged ``presses.toml``."""
    return press_data_dir() / "presses.toml"


@cache
def press_data() -> PressData:
    """The packaged figures, read and validated once per process."""
    path = press_data_path()
    return parse_press_data(path.read_text(encoding="utf-8"), path.name)


def book_press(press_id: str) -> BookPress:
    """The book service ``press_id`` (``kdp``, ``ingramspark``, ``lulu``, ``home``); a
    ``KeyError`` naming the choices for anything else."""
    books = press_data().books
    if press_id not in books:
        raise KeyError(f"a press is one of {', '.join(books)}, got {press_id!r}")
    return books[press_id]


def card_service(service_id: str) -> CardService:
    """The card printer ``service_id`` (``mpc``, ``tgc``, ``printerstudio``); a ``KeyError``
    naming the choices for anything else."""
    cards = press_data().cards
    if service_id not in cards:
        raise KeyError(f"a card service is one of {', '.join(cards)}, got {service_id!r}")
    return cards[service_id]


__all__ = [
    "BOOK_PRESSES", "CARD_SERVICES", "CHECK_NAMES", "MM_PER_IN", "BarcodeRule", "Bleed",
    "BookPress", "CardProduct", "CardService", "ColourRule", "CoverRule", "LineRule", "Margins",
    "Pages", "Paper", "PressData", "PressDataError", "Source", "TextRule", "Trims",
    "book_press", "card_service", "parse_press_data", "press_data", "press_data_path",
]
