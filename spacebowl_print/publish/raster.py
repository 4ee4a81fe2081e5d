"""Pictures of a kit's items: one PNG per card (or tile) face and back, and Tabletop Simulator
deck sheets — for deck makers whose other tools (a print service's upload form, a virtual
table) want images rather than PDF pages.

Game-agnostic, like :mod:`~spacebowl_print.publish.kit`: it gets the kit's items and their
backs and knows nothing of any game.

**How the pixels are made.** Every distinct item (each front, each different back) becomes one
page of an in-memory PDF, its art box (bleed included), drawn by the same drawing API and the
same PDF backend as ``cards.pdf``; pdfium (pypdfium2) rasterises each page. The pictures are
therefore the printed cards, pixel for pixel: same fonts (embedded), same transparency, same
theme pictures. (Measured against the other candidate, our SVG through svglib and reportlab's
renderPM, on the 57 faces and back of the classic deck at 300 dpi: pdfium 0.7–0.9 CPU s,
renderPM 31.5 CPU s, 34 times slower, and renderPM drew every translucent glow opaque and lost
some clip paths; it also needs pycairo built against the system's cairo. See
``benchmarks/bench_raster.py``.)

Each page is rendered into a bitmap of exactly ``trim + 2 × bleed`` pixels, the trim
``round(trim_mm × dpi / 25.4)`` and the bleed ``round(bleed_mm × dpi / 25.4)`` pixels, so
cutting the bleed pixels off gives the trim picture exactly.

Files (``noun``/``plural`` from the kit's :class:`~spacebowl_print.publish.items.Naming`):

* ``png/<noun>-NNN.png`` — each face cut at the trim; ``png/back.png`` (several different
  backs: ``png/back-01.png``… in order of first use, as ``svg/``). Die-cut items are cut to
  their outline: outside it the picture is transparent.
* ``png/bleed/<noun>-NNN.png``, ``png/bleed/back.png`` — the same with the bleed, for print
  services that trim themselves.
* ``tts/`` — Tabletop Simulator custom decks (:func:`raster_files`): one deck per kind of back
  (and size), each a face sheet of at most 10 × 7 slots whose last slot holds the picture TTS
  shows for a card hidden in another player's hand (the back), one back picture, and
  ``tts/decks.json`` giving each sheet's columns, rows and count.

PNG files carry their resolution (``pHYs``) and nothing else: no date, no software name. The
same items give the same bytes.
"""

from __future__ import annotations

import json
import math
import struct
import tempfile
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageDraw

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.geometry import Polygon
from spacebowl_print.publish.items import Item, Naming, distinct_backs, item_outline, trim_size
from spacebowl_print.publish.limits import DEFAULT_DPI, MAX_DPI, MIN_DPI
from spacebowl_print.render.api import DrawnPage, Page
from spacebowl_print.render.pdf import pdf_bytes

MM_PER_INCH = 25.4
PNG_LEVEL = 3
"""zlib level of the PNG files (see :func:`png_bytes`)."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SUPERSAMPLE = 4
"""A die-cut outline's mask is drawn at this many times the size, then reduced: soft edges."""

TTS_MAX_PX = 4096
"""Tabletop Simulator's advice for a deck sheet: at most 4096 pixels a side."""
TTS_MAX_COLUMNS, TTS_MAX_ROWS = 10, 7
"""A TTS deck sheet holds at most 10 × 7 slots; the last one is the hidden-card picture."""
TTS_EMPTY = (128, 128, 128)
"""Unused slots of a card sheet: mid grey (TTS never shows them)."""


def check_dpi(dpi: int) -> int:
    """``dpi`` if it is a resolution the PNG export makes, else a ``ValueError`` saying the
    range."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ValueError(f"must be from {MIN_DPI} to {MAX_DPI} dots per inch, got {dpi}")
    return dpi


# -- rendering ---------------------------------------------------------------------------------

def px(mm: float, dpi: float) -> int:
    """``mm`` in whole pixels at ``dpi`` (rounded half up, never 0)."""
    return max(1, math.floor(mm * dpi / MM_PER_INCH + 0.5))


@dataclass(frozen=True)
class _Shot:
    """How one item is rasterised: its trim box in pixels and its bleed in pixels."""

    trim: tuple[int, int]
    bleed: int

    @property
    def size(self) -> tuple[int, int]:
        return (self.trim[0] + 2 * self.bleed, self.trim[1] + 2 * self.bleed)


class _Renderer:
    """The items as pages of one PDF, rasterised page by page (a picture used by many items
    is embedded once, as in ``cards.pdf``)."""

    def __init__(self, items: Sequence[Item]) -> None:
        pages: list[Page] = [DrawnPage(it.width, it.height, it.draw) for it in items]
        self.doc = pdfium.PdfDocument(pdf_bytes(pages))
        self.index = {id(it): k for k, it in enumerate(items)}

    def render(self, item: Item, shot: _Shot) -> Image.Image:
        """``item``'s art box as an RGB picture of exactly ``shot.size`` pixels (white under
        anything transparent)."""
        w, h = shot.size
        page = self.doc[self.index[id(item)]]
        bitmap = pdfium.PdfBitmap.new_native(w, h, pdfium_c.FPDFBitmap_BGR)
        pdfium_c.FPDFBitmap_FillRect(bitmap.raw, 0, 0, w, h, 0xFFFFFFFF)
        # the page stretched to exactly w × h pixels: at most half a pixel off the nominal
        # scale on either axis, so that the bleed crops off in whole pixels
        pdfium_c.FPDF_RenderPageBitmap(bitmap.raw, page.raw, 0, 0, w, h, 0, 0)
        image: Image.Image = bitmap.to_pil().convert("RGB")
        bitmap.close()
        page.close()
        return image

    def close(self) -> None:
        self.doc.close()


def _trim(image: Image.Image, shot: _Shot) -> Image.Image:
    b = shot.bleed
    return image.crop((b, b, b + shot.trim[0], b + shot.trim[1]))


def _cut_out(image: Image.Image, outline: Polygon | None, trim_mm: tuple[float, float]
             ) -> Image.Image:
    """The trimmed picture, transparent outside a die-cut ``outline`` (mm in the trim box,
    y up); unchanged for a rectangle (None)."""
    if outline is None:
        return image
    w, h = image.size
    sx, sy = w * SUPERSAMPLE / trim_mm[0], h * SUPERSAMPLE / trim_mm[1]
    mask = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE), 0)
    ImageDraw.Draw(mask).polygon([(x * sx, (trim_mm[1] - y) * sy) for x, y in outline],
                                 fill=255)
    out = image.convert("RGBA")
    out.putalpha(mask.resize((w, h), Image.Resampling.BOX))
    return out


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` (RGB or RGBA) as a PNG file: its resolution when given (``pHYs``), no other
    metadata (no date, no software name).

    Written here rather than by Pillow: every row unfiltered, zlib at :data:`PNG_LEVEL`.
    Measured on the classic deck's 57 pictures at 300 dpi: 0.64 CPU s and 5.0 MB, against
    Pillow's 2.4 s and 4.9 MB at its default level 6 and 1.8 s and 5.8 MB at level 1
    (``benchmarks/bench_raster.py``): the pictures are flat colour, which row filters do not
    help."""
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in image.mode else "RGB")
    width, height = image.size
    stride = width * len(image.mode)
    pixels = memoryview(image.tobytes())
    # row by row (each behind its filter byte 0, none): no second copy of a 40 MB TTS sheet
    deflate = zlib.compressobj(PNG_LEVEL)
    data = [deflate.compress(b"\x00" + pixels[y * stride:(y + 1) * stride])
            for y in range(height)]
    data.append(deflate.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if image.mode == "RGBA" else 2, 0, 0,
                         0)
    out = [PNG_SIGNATURE, _chunk(b"IHDR", header)]
    if dpi is not None:
        per_metre = round(dpi / 0.0254)
        out.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    out.append(_chunk(b"IDAT", b"".join(data)))
    out.append(_chunk(b"IEND", b""))
    return b"".join(out)


# -- which items -------------------------------------------------------------------------------

def _backs_of(fronts: Sequence[Item], back: Item | Sequence[Item]) -> list[Item]:
    """One back per front (``back`` repeated, or as given)."""
    backs = list(back) if isinstance(back, Sequence) else [back] * len(fronts)
    if len(backs) != len(fronts):
        raise ValueError(f"{len(fronts)} fronts but {len(backs)} backs")
    return backs


# -- Tabletop Simulator sheets -----------------------------------------------------------------

@dataclass(frozen=True)
class TtsGrid:
    """One TTS face sheet: ``columns`` × ``rows`` slots of ``cell`` pixels, ``count`` cards in
    the first slots (row by row from the top left), the hidden-card picture in the last
    slot."""

    columns: int
    rows: int
    count: int
    cell: tuple[int, int]

    @property
    def hidden_slot(self) -> int:
        """The last slot (0-based): where TTS takes the picture of a hidden card from."""
        return self.columns * self.rows - 1

    @property
    def size(self) -> tuple[int, int]:
        return (self.columns * self.cell[0], self.rows * self.cell[1])


def tts_cell(trim_mm: tuple[float, float]) -> tuple[int, int]:
    """The pixel size of one card on a TTS sheet: as large as a full 10 × 7 sheet allows
    within :data:`TTS_MAX_PX` a side, in the card's proportions."""
    w, h = trim_mm
    scale = min(TTS_MAX_PX / (TTS_MAX_COLUMNS * w), TTS_MAX_PX / (TTS_MAX_ROWS * h))
    return (max(1, math.floor(w * scale)), max(1, math.floor(h * scale)))


def tts_grids(count: int, cell: tuple[int, int]) -> list[TtsGrid]:
    """The sheets for ``count`` cards: 69 a full sheet (70 slots less the hidden one); a
    sheet with fewer cards is as narrow and short as they allow (up to 10 columns)."""
    per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1
    grids: list[TtsGrid] = []
    for first in range(0, count, per_sheet):
        n = min(per_sheet, count - first)
        columns = min(TTS_MAX_COLUMNS, n + 1)
        rows = math.ceil((n + 1) / columns)
        grids.append(TtsGrid(columns, rows, n, cell))
    return grids


@dataclass
class _TtsDeck:
    """The fronts that share one back (and one trim size): one TTS custom deck."""

    back: Item
    items: list[Item]
    cell: tuple[int, int]


def _tts_decks(fronts: Sequence[Item], backs: Sequence[Item], bleed: float) -> list[_TtsDeck]:
    """The fronts grouped into TTS decks: one per back (and trim size), in order of first
    use."""
    decks: dict[tuple[int, float, float], _TtsDeck] = {}
    for it, b in zip(fronts, backs, strict=True):
        w, h = trim_size(it, bleed)
        key = (id(b), round(w, 3), round(h, 3))
        if key not in decks:
            decks[key] = _TtsDeck(b, [], tts_cell((w, h)))
        decks[key].items.append(it)
    return list(decks.values())


TTS_HOW = ("Tabletop Simulator: Objects > Components > Custom > Deck. Face: a sheet; Back: the "
           "deck's back; Width, Height and Number: the sheet's columns, rows and count. Leave "
           "'Unique backs' and 'Back is hidden' off: the last slot of each sheet holds the "
           "picture shown for a card in another player's hand (the back).")


def _cell_picture(renderer: _Renderer, item: Item, cell: tuple[int, int], bleed: float
                  ) -> Image.Image:
    """``item`` at a TTS deck's ``cell`` size, cut at the trim (and to a die-cut outline).
    Rendered again at the cell's size: cheaper than a good reduction of the PNG (Lanczos),
    and as sharp as pdfium draws."""
    tw, th = trim_size(item, bleed)
    scale = cell[0] / tw  # pixels per mm on this deck's sheets
    shot = _Shot(cell, math.floor(bleed * scale + 0.5))
    return _cut_out(_trim(renderer.render(item, shot), shot), item_outline(item, bleed),
                    (tw, th))


Put = Callable[[str, bytes], None]
"""Where a picture goes: ``put(relative name, bytes)`` writes it out at once."""


def _write_tts(decks: Sequence[_TtsDeck], renderer: _Renderer, bleed: float, plural: str,
               put: Put) -> None:
    """The face sheets, backs and ``decks.json`` of ``decks``, each written as soon as it is
    made: one sheet's pictures are in memory at a time (a 1,000-card deck held all of them,
    and every PNG, at once)."""
    notes: list[dict[str, Any]] = []
    for d, deck in enumerate(decks, start=1):
        tag = "" if len(decks) == 1 else f"-{d}"
        hidden = _cell_picture(renderer, deck.back, deck.cell, bleed)
        back_name = f"back{tag}.png"
        put(f"tts/{back_name}", png_bytes(hidden))
        sheets = []
        first = 0
        for s, grid in enumerate(tts_grids(len(deck.items), deck.cell), start=1):
            chunk = deck.items[first:first + grid.count]
            first += grid.count
            alpha = hidden.mode == "RGBA"  # die-cut: transparent around each outline
            sheet = Image.new("RGBA" if alpha else "RGB", grid.size,
                              (0, 0, 0, 0) if alpha else TTS_EMPTY)
            for slot, item in [*enumerate(chunk), (grid.hidden_slot, deck.back)]:
                picture = hidden if item is deck.back and slot == grid.hidden_slot else \
                    _cell_picture(renderer, item, deck.cell, bleed)
                column, row = slot % grid.columns, slot // grid.columns
                sheet.paste(picture, (column * deck.cell[0], row * deck.cell[1]))
            name = f"{plural}{tag}-{s:02d}.png"
            put(f"tts/{name}", png_bytes(sheet))
            sheets.append({"face": name, "columns": grid.columns, "rows": grid.rows,
                           "count": grid.count, "hidden_slot": grid.hidden_slot + 1,
                           "size_px": list(grid.size), "ids": [it.id for it in chunk]})
        notes.append({"back": back_name, "card_px": list(deck.cell), "count": len(deck.items),
                      "sheets": sheets})
    text = json.dumps({"how": TTS_HOW, "decks": notes}, indent=1, ensure_ascii=False)
    put("tts/decks.json", (text + "\n").encode("utf-8"))


ItemRenderer = _Renderer
"""Rasterises items as the printed cards (for other picture exports: card printers,
:mod:`~spacebowl_print.publish.services`)."""
Shot = _Shot


# -- the work, and the files ---------------------------------------------------------------------

MAX_RASTER_PIXELS = 12_000_000_000
"""Most pixels ``--png`` renders in one run (each face and back once, with its bleed: the
trimmed picture is cut from it). On the two-core machine the tests run on, pdfium draws and
zlib packs about 25 megapixels a second, so this is some eight minutes: 880 poker cards at
1,200 dpi, every card of a 1,000-card deck at 1,100 dpi, any deck at 600 dpi. The Tabletop
Simulator sheets add little (a card is about a quarter of a megapixel there)."""


def raster_pixels(fronts: Sequence[Item], back: Item | Sequence[Item], bleed: float,
                  png_dpi: int) -> int:
    """The pixels ``--png`` at ``png_dpi`` renders: every front and every distinct back,
    bleed included."""
    backs = distinct_backs(_backs_of(fronts, back))
    total = 0
    for it in (*fronts, *backs):
        tw, th = trim_size(it, bleed)
        b = px(bleed, png_dpi)
        total += (px(tw, png_dpi) + 2 * b) * (px(th, png_dpi) + 2 * b)
    return total


def check_raster_work(fronts: Sequence[Item], back: Item | Sequence[Item], bleed: float,
                      png_dpi: int | None, noun: str = "cards") -> None:
    """Refuse, before any work, a ``--png`` run that would render more than
    :data:`MAX_RASTER_PIXELS`: an :class:`InputError` at ``--dpi`` giving the figure and the
    resolution at which the same items fit."""
    if png_dpi is None:
        return
    pixels = raster_pixels(fronts, back, bleed, png_dpi)
    if pixels <= MAX_RASTER_PIXELS:
        return
    fits = max(MIN_DPI, math.floor(png_dpi * math.sqrt(MAX_RASTER_PIXELS / pixels)))
    raise InputError(f"{len(fronts):,} {noun} at {png_dpi} dpi are {pixels / 1e9:.1f} "
                     f"gigapixels of pictures, more than one run makes "
                     f"({MAX_RASTER_PIXELS / 1e9:.0f}): use --dpi {fits} or less, or fewer "
                     f"{noun}", "--dpi")


def write_rasters(folder: Path, fronts: Sequence[Item], back: Item | Sequence[Item],
                  bleed: float, naming: Naming, *, png_dpi: int | None = None,
                  tts: bool = False) -> dict[str, int]:
    """Write the pictures of a kit's items into ``folder`` (see the module docstring for the
    files), each as soon as it is made, so that memory holds one picture (or one TTS sheet)
    at a time whatever the number of items; returns each file's name and size (none when
    neither is asked for).

    With ``png_dpi``: ``png/<noun>-NNN.png`` and ``png/back*.png`` cut at the trim (die-cut
    items cut to their outline, transparent around it), and with the bleed under
    ``png/bleed/``. With ``tts``: Tabletop Simulator decks, one per kind of back (and size):
    ``tts/<plural>-SS.png`` face sheets and ``tts/back.png`` (several decks:
    ``tts/<plural>-D-SS.png`` and ``tts/back-D.png``), and ``tts/decks.json`` (per deck its
    back, card size in pixels and sheets: file, columns, rows, count, hidden slot, ids in slot
    order). ``ValueError`` for a ``png_dpi`` out of range or fronts and backs that do not
    pair up."""
    if png_dpi is None and not tts:
        return {}
    if png_dpi is not None:
        check_dpi(png_dpi)
    backs = _backs_of(fronts, back)
    unique_backs = distinct_backs(backs)
    sizes: dict[str, int] = {}

    def put(name: str, data: bytes) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        sizes[name] = len(data)

    renderer = _Renderer([*fronts, *unique_backs])
    try:
        if png_dpi is not None:
            names = [(f"{naming.noun}-{it.id:03d}", it) for it in fronts]
            names += [("back" if len(unique_backs) == 1 else f"back-{k:02d}", b)
                      for k, b in enumerate(unique_backs, start=1)]
            for name, it in names:
                tw, th = trim_size(it, bleed)
                shot = _Shot((px(tw, png_dpi), px(th, png_dpi)), px(bleed, png_dpi))
                image = renderer.render(it, shot)
                put(f"png/bleed/{name}.png", png_bytes(image, png_dpi))
                put(f"png/{name}.png", png_bytes(
                    _cut_out(_trim(image, shot), item_outline(it, bleed), (tw, th)), png_dpi))
        if tts:
            _write_tts(_tts_decks(fronts, backs, bleed), renderer, bleed, naming.plural, put)
    finally:
        renderer.close()
    return sizes


def raster_files(fronts: Sequence[Item], back: Item | Sequence[Item], bleed: float,
                 naming: Naming, *, png_dpi: int | None = None, tts: bool = False
                 ) -> dict[str, bytes]:
    """:func:`write_rasters`' files as bytes in memory (name → bytes), for a caller that
    wants them there (a test, a benchmark); a kit writes them straight into its folder."""
    with tempfile.TemporaryDirectory() as tmp:
        sizes = write_rasters(Path(tmp), fronts, back, bleed, naming, png_dpi=png_dpi,
                              tts=tts)
        return {name: (Path(tmp) / name).read_bytes() for name in sizes}


__all__ = [
    "DEFAULT_DPI", "MAX_DPI", "MAX_RASTER_PIXELS", "MIN_DPI", "PNG_LEVEL", "TTS_HOW",
    "TTS_MAX_COLUMNS", "TTS_MAX_PX", "TTS_MAX_ROWS", "ItemRenderer", "Shot", "TtsGrid",
    "check_dpi", "check_raster_work", "png_bytes", "px", "raster_files", "raster_pixels",
    "tts_cell", "tts_grids", "write_rasters",
]
