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
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageDraw

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


def _tts_sheets(decks: Sequence[_TtsDeck], pictures: dict[tuple[int, int], Image.Image],
                plural: str) -> dict[str, bytes]:
    """The face sheets, backs and ``decks.json`` of ``decks``; ``pictures`` holds every
    front's and back's picture at its deck's cell size, by (deck number, id(item))."""
    out: dict[str, bytes] = {}
    notes: list[dict[str, Any]] = []
    for d, deck in enumerate(decks, start=1):
        tag = "" if len(decks) == 1 else f"-{d}"
        hidden = pictures[(d, id(deck.back))]
        back_name = f"back{tag}.png"
        out[f"tts/{back_name}"] = png_bytes(hidden)
        sheets = []
        first = 0
        for s, grid in enumerate(tts_grids(len(deck.items), deck.cell), start=1):
            chunk = deck.items[first:first + grid.count]
            first += grid.count
            alpha = hidden.mode == "RGBA"  # die-cut: transparent around each outline
            sheet = Image.new("RGBA" if alpha else "RGB", grid.size,
                              (0, 0, 0, 0) if alpha else TTS_EMPTY)
            placed = [*((k, pictures[(d, id(it))]) for k, it in enumerate(chunk)),
                      (grid.hidden_slot, hidden)]
            for slot, image in placed:
                column, row = slot % grid.columns, slot // grid.columns
                sheet.paste(image, (column * deck.cell[0], row * deck.cell[1]))
            name = f"{plural}{tag}-{s:02d}.png"
            out[f"tts/{name}"] = png_bytes(sheet)
            sheets.append({"face": name, "columns": grid.columns, "rows": grid.rows,
                           "count": grid.count, "hidden_slot": grid.hidden_slot + 1,
                           "size_px": list(grid.size), "ids": [it.id for it in chunk]})
        notes.append({"back": back_name, "card_px": list(deck.cell), "count": len(deck.items),
                      "sheets": sheets})
    text = json.dumps({"how": TTS_HOW, "decks": notes}, indent=1, ensure_ascii=False)
    out["tts/decks.json"] = (text + "\n").encode("utf-8")
    return out


ItemRenderer = _Renderer
"""Rasterises items as the printed cards (for other picture exports: card printers,
:mod:`~spacebowl_print.publish.services`)."""
Shot = _Shot


# -- the files ---------------------------------------------------------------------------------

def raster_files(fronts: Sequence[Item], back: Item | Sequence[Item], bleed: float,
                 naming: Naming, *, png_dpi: int | None = None, tts: bool = False
                 ) -> dict[str, bytes]:
    """The pictures of a kit's items (see the module docstring for the files); empty when
    neither is asked for.

    With ``png_dpi``: ``png/<noun>-NNN.png`` and ``png/back*.png`` cut at the trim (die-cut
    items cut to their outline, transparent around it), and with the bleed under
    ``png/bleed/``. With ``tts``: Tabletop Simulator decks, one per kind of back (and size):
    ``tts/<plural>-SS.png`` face sheets and ``tts/back.png`` (several decks:
    ``tts/<plural>-D-SS.png`` and ``tts/back-D.png``), and ``tts/decks.json`` (per deck its
    back, card size in pixels and sheets: file, columns, rows, count, hidden slot, ids in slot
    order). ``ValueError`` for a
    ``png_dpi`` out of range or fronts and backs that do not pair up."""
    if png_dpi is None and not tts:
        return {}
    if png_dpi is not None:
        check_dpi(png_dpi)
    backs = _backs_of(fronts, back)
    unique_backs = distinct_backs(backs)
    decks = _tts_decks(fronts, backs, bleed) if tts else []
    cells: dict[int, list[tuple[int, tuple[int, int]]]] = {}  # id(item) → (deck, cell)
    for d, deck in enumerate(decks, start=1):
        for it in (*deck.items, deck.back):
            cells.setdefault(id(it), []).append((d, deck.cell))
    names = [(f"{naming.noun}-{it.id:03d}", it) for it in fronts]
    names += [("back" if len(unique_backs) == 1 else f"back-{k:02d}", b)
              for k, b in enumerate(unique_backs, start=1)]
    out: dict[str, bytes] = {}
    pictures: dict[tuple[int, int], Image.Image] = {}
    renderer = _Renderer([*fronts, *unique_backs])
    try:
        for name, it in names:
            tw, th = trim_size(it, bleed)
            outline = item_outline(it, bleed)
            if png_dpi is not None:
                shot = _Shot((px(tw, png_dpi), px(th, png_dpi)), px(bleed, png_dpi))
                image = renderer.render(it, shot)
                trimmed = _trim(image, shot)
                out[f"png/bleed/{name}.png"] = png_bytes(image, png_dpi)
                out[f"png/{name}.png"] = png_bytes(_cut_out(trimmed, outline, (tw, th)),
                                                   png_dpi)
            for d, cell in cells.get(id(it), []):
                # rendered again at the cell's size: cheaper than a good reduction of the
                # PNG (Lanczos), and as sharp as pdfium draws
                scale = cell[0] / tw  # pixels per mm on this deck's sheets
                shot = _Shot(cell, math.floor(bleed * scale + 0.5))
                small = _trim(renderer.render(it, shot), shot)
                pictures[(d, id(it))] = _cut_out(small, outline, (tw, th))
    finally:
        renderer.close()
    if tts:
        out.update(_tts_sheets(decks, pictures, naming.plural))
    return out


__all__ = [
    "DEFAULT_DPI", "MAX_DPI", "MIN_DPI", "PNG_LEVEL", "TTS_HOW", "TTS_MAX_COLUMNS",
    "TTS_MAX_PX", "TTS_MAX_ROWS", "ItemRenderer", "Shot", "TtsGrid", "check_dpi", "png_bytes",
    "px", "raster_files", "tts_cell", "tts_grids",
]
