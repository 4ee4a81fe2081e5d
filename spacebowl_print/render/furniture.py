"""Page furniture every kit sheet shares, whatever the game: margins, the page frame (title,
footer, a 50 mm scale bar to check "print at 100 %"), line conventions for cut-outs (solid cut,
dotted fold, dash-dot trim), glue tabs, registration marks, and a tiler that spreads art
larger than the paper over several sheets with overlap and marks instead of clipping it.

Everything draws against :class:`~spacebowl_print.render.api.Canvas` only: millimetres,
origin bottom-left, y up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from spacebowl_print.core.errors import InternalError
from spacebowl_print.core.languages import check_lang
from spacebowl_print.render.api import (
    MM_PER_PT,
    PAPER,
    Canvas,
    DrawnPage,
    FontName,
    Page,
    Painter,
    Style,
)
from spacebowl_print.render.fonts import fit_size, line_height, wrap

INK = "#000000"
GREY = "#808080"
LIGHT = "#D9D9D9"
MARGIN = 10.0
"""Page margin (mm): most printers cannot print the outer 4–6 mm."""
HEADER = 16.0
"""Height (mm) reserved under the top margin for the page title."""
FOOTER = 14.0
"""Height (mm) reserved above the bottom margin for the footer and scale bar."""

CUT = Style(stroke=INK, width=0.3)
"""Solid line: cut along it."""
FOLD = Style(stroke=INK, width=0.3, dash=(0.35, 1.0))
"""Dotted line: fold along it."""
TRIM = Style(stroke=GREY, width=0.2, dash=(3.0, 1.5, 0.5, 1.5))
"""Dash-dot line: where to trim a tiled sheet before gluing it onto its neighbour."""

PAPER_NAMES: tuple[str, ...] = ("a4", "letter", "a3")
"""The papers kit pages are laid out for (:func:`paper_size`, :func:`art_pages`,
:func:`spacebowl_print.render.flow.document_pages`); a game may offer fewer."""

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "print_100": "Print at 100 % (no “fit to page”)",
        "scale": "50 mm",
        "cut": "cut",
        "fold": "fold",
        "glue": "glue",
        "tile": "sheet {n} of {total} (row {r}, column {c})",
        "tile_help": "Trim along the dash-dot line, lay this sheet over its neighbour so the "
                     "⊕ marks coincide, glue.",
    },
    "fr": {
        "print_100": "Imprimer à 100 % (sans « ajuster à la page »)",
        "scale": "50 mm",
        "cut": "couper",
        "fold": "plier",
        "glue": "coller",
        "tile": "feuille {n} sur {total} (ligne {r}, colonne {c})",
        "tile_help": "Coupez le long du trait mixte, posez cette feuille sur sa voisine en "
                     "faisant coïncider les repères ⊕, collez.",
    },
    "de": {
        "print_100": "Mit 100 % drucken (nicht „an Seite anpassen“)",
        "scale": "50 mm",
        "cut": "schneiden",
        "fold": "falzen",
        "glue": "kleben",
        "tile": "Blatt {n} von {total} (Zeile {r}, Spalte {c})",
        "tile_help": "An der Strich-Punkt-Linie beschneiden, dieses Blatt so auf das "
                     "Nachbarblatt legen, dass die ⊕-Marken übereinanderliegen, kleben.",
    },
}
"""The few words the furniture itself prints."""


def label(lang: str, key: str, **values: float | str) -> str:
    """The furniture label ``key`` in ``lang``, formatted with ``values``."""
    return LABELS[check_lang(lang)][key].format(**values)


def paper_size(paper: str) -> tuple[float, float]:
    """Portrait (width, height) in mm of ``"a4"``, ``"letter"`` or ``"a3"`` (case-insensitive).

    Raises ``ValueError`` naming the accepted papers for anything else.
    """
    key = paper.strip().lower()
    if key not in PAPER_NAMES:
        raise ValueError(f"unknown paper {paper!r} (one of {', '.join(PAPER_NAMES)})")
    return PAPER[key]


def centred_text(canvas: Canvas, cx: float, cy: float, s: str, size: float,
                 font: FontName = "regular", fill: str = INK, max_width: float | None = None
                 ) -> None:
    """Text centred on (cx, cy) — vertically by its cap height — shrunk to ``max_width``."""
    if max_width is not None:
        size = fit_size(s, max_width, size, font)
    # cap height of DejaVu ≈ 0.73 em: shift the baseline down by half of it
    canvas.text(cx, cy - size * MM_PER_PT * 0.36, s, size, font, fill, "middle")


# ---------------------------------------------------------------- page frame
@dataclass(frozen=True)
class Area:
    """An axis-aligned rectangle in mm (lower-left corner, width, height)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        """The y of the upper edge."""
        return self.y + self.h

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w


def content_box(width: float, height: float) -> Area:
    """The area left for content on a page of that size, inside margins, header and footer."""
    return Area(MARGIN, MARGIN + FOOTER, width - 2 * MARGIN, height - 2 * MARGIN - HEADER - FOOTER)


def scale_bar(canvas: Canvas, x: float, y: float, lang: str) -> None:
    """A 50 mm bar with ticks every 10 mm, to check the sheet printed at 100 %."""
    st = Style(stroke=INK, width=0.3)
    canvas.line(x, y, x + 50, y, st)
    for i in range(6):
        canvas.line(x + 10 * i, y, x + 10 * i, y + (2.0 if i % 5 == 0 else 1.2), st)
    canvas.text(x + 52, y - 0.2, label(lang, "scale"), 6.5, "regular", INK, "start")


def page_frame(canvas: Canvas, width: float, height: float, title: str, lang: str,
               subtitle: str = "", note: str = "", brand: str = "") -> None:
    """The common furniture of a kit page: title (and subtitle) at the top, a footer with
    the "print at 100 %" reminder, a 50 mm scale bar, the ``brand`` line (e.g. "Space Bowl ·
    print-and-play") and up to three lines of ``note``."""
    top = height - MARGIN
    canvas.text(MARGIN, top - 6.0, title, 15, "bold", INK, "start")
    if subtitle:
        size = fit_size(subtitle, width - 2 * MARGIN - 20.0, 8.5, "regular", 6.0)
        canvas.text(MARGIN, top - 11.5, subtitle, size, "regular", GREY, "start")
    canvas.line(MARGIN, top - HEADER + 2.0, width - MARGIN, top - HEADER + 2.0,
                Style(stroke=LIGHT, width=0.3))
    base = MARGIN + 1.0
    scale_bar(canvas, MARGIN, base + 1.0, lang)
    if brand:
        canvas.text(MARGIN + 64, base, brand, 6.5, "regular", GREY, "start")
    canvas.text(width - MARGIN, base, label(lang, "print_100"), 6.5, "regular", GREY, "end")
    # Notes stack upwards from the footer line (three lines fit in the footer).
    lines = [ln for para in note.splitlines() for ln in wrap(para, width - 2 * MARGIN, 7.0)]
    for k, line in enumerate(reversed(lines[:3])):
        canvas.text(MARGIN, base + 4.5 + 3.6 * k, line, 7, "regular", INK, "start")


# ---------------------------------------------------------------- cut-out furniture
def glue_tab(canvas: Canvas, base: Sequence[tuple[float, float]], depth: float,
             lang: str, taper: float | None = None) -> None:
    """A trapezoid glue tab on the segment ``base`` = (p, q), sticking out ``depth`` mm to the
    left of the direction p→q. The base is drawn dotted (a fold), the three other sides cut."""
    (px, py), (qx, qy) = base
    length = math.hypot(qx - px, qy - py)
    ux, uy = (qx - px) / length, (qy - py) / length
    nx, ny = -uy, ux  # left normal
    t = min(depth * 0.8, length / 3) if taper is None else taper
    a = (px + nx * depth + ux * t, py + ny * depth + uy * t)
    b = (qx + nx * depth - ux * t, qy + ny * depth - uy * t)
    canvas.polygon([(px, py), a, b, (qx, qy)], Style(fill="#F0F0F0"), closed=True)
    canvas.polygon([(px, py), a, b, (qx, qy)], CUT, closed=False)
    canvas.line(px, py, qx, qy, FOLD)
    mx, my = (px + qx) / 2 + nx * depth / 2, (py + qy) / 2 + ny * depth / 2
    angle = math.degrees(math.atan2(uy, ux))
    size = min(6.5, depth * 1.4)
    canvas.save()
    canvas.translate(mx, my)
    canvas.rotate(angle)
    canvas.text(0, -size * MM_PER_PT * 0.36, label(lang, "glue"), size, "regular", GREY, "middle")
    canvas.restore()


def registration_mark(canvas: Canvas, x: float, y: float, r: float = 2.5) -> None:
    """A ⊕ mark: tiles are aligned by laying these marks on top of each other."""
    st = Style(stroke=INK, width=0.2)
    canvas.circle(x, y, r, st)
    canvas.line(x - r * 1.6, y, x + r * 1.6, y, st)
    canvas.line(x, y - r * 1.6, x, y + r * 1.6, st)


# ---------------------------------------------------------------- tiling

OVERLAP = 15.0
"""How much (mm) neighbouring tiles of a too-large piece of art share."""


@dataclass(frozen=True)
class TilePlan:
    """How art of ``art_w`` × ``art_h`` mm is spread over sheets: ``cols`` × ``rows`` tiles,
    each a window of ``win_w`` × ``win_h`` mm; neighbouring windows share exactly the overlap.
    ``rotated`` when the art is turned 90° to need fewer sheets."""

    cols: int
    rows: int
    rotated: bool
    win_w: float
    win_h: float
    overlap: float


def _count(size: float, room: float, overlap: float) -> int:
    if size <= room:
        return 1
    return math.ceil((size - overlap) / (room - overlap))


def _window(size: float, n: int, overlap: float) -> float:
    # n equal windows that cover ``size`` and share ``overlap`` with each neighbour.
    return size if n == 1 else (size + (n - 1) * overlap) / n


def plan_tiles(art_w: float, art_h: float, room_w: float, room_h: float,
               overlap: float = OVERLAP) -> TilePlan:
    """The tiling with the fewest sheets for art of that size in a room of that size
    (turning the art by 90° when that saves sheets)."""
    best: TilePlan | None = None
    for rotated in (False, True):
        w, h = (art_h, art_w) if rotated else (art_w, art_h)
        cols, rows = _count(w, room_w, overlap), _count(h, room_h, overlap)
        plan = TilePlan(cols, rows, rotated, _window(w, cols, overlap),
                        _window(h, rows, overlap), overlap)
        if best is None or cols * rows < best.cols * best.rows:
            best = plan
    if best is None:  # the loop above always runs: a page has at least one tile
        raise InternalError("no tile plan was made")
    return best


def art_pages(paper: str, art_w: float, art_h: float, painter: Painter, title: str,
              lang: str, subtitle: str = "", note: str = "",
              overlap: float = OVERLAP, brand: str = "") -> list[Page]:
    """Pages showing art of ``art_w`` × ``art_h`` mm at 100 % (``painter`` draws it with its
    lower-left corner at the origin).

    If it fits the content area (turned 90° if need be) it is centred on one page. Otherwise
    it is tiled: each sheet shows one window of the art; neighbouring windows share at least
    ``overlap`` mm, ⊕ registration marks are drawn at the middle of every shared band (they
    therefore print on both sheets at the same place of the art), a dash-dot trim line marks
    where to cut the upper/right sheet, and a small map shows which sheet is which. Never
    clips anything silently: the union of the windows is the whole art.
    """
    pw, ph = paper_size(paper)
    room = content_box(pw, ph)
    plan = plan_tiles(art_w, art_h, room.w, room.h, overlap)
    sheets = _ArtSheets(pw, ph, room, plan, art_w, art_h, painter, title, lang, subtitle, note,
                        brand)
    if plan.cols == plan.rows == 1:
        return [DrawnPage(pw, ph, sheets.single)]
    # r = 0 is the top row of sheets
    return [DrawnPage(pw, ph, partial(sheets.tile, r, c))
            for r in range(plan.rows) for c in range(plan.cols)]


@dataclass(frozen=True)
class _ArtSheets:
    """The sheets of one piece of art (:func:`art_pages`): one page, or one per tile."""

    pw: float
    ph: float
    room: Area
    plan: TilePlan
    art_w: float
    art_h: float
    painter: Painter
    title: str
    lang: str
    subtitle: str
    note: str
    brand: str

    @property
    def size(self) -> tuple[float, float]:
        """The art's size as tiled (turned when the plan turns it)."""
        return (self.art_h, self.art_w) if self.plan.rotated else (self.art_w, self.art_h)

    def oriented(self, canvas: Canvas) -> None:
        """Draw the art in its "as tiled" orientation: turned 90° counter-clockwise if
        rotated."""
        if self.plan.rotated:
            canvas.save()
            canvas.translate(self.art_h, 0.0)
            canvas.rotate(90)
            self.painter(canvas)
            canvas.restore()
        else:
            self.painter(canvas)

    def single(self, canvas: Canvas) -> None:
        """The one page of art that fits: centred in the content area."""
        w, h = self.size
        room = self.room
        ox = room.x + (room.w - w) / 2
        oy = room.y + (room.h - h) / 2
        page_frame(canvas, self.pw, self.ph, self.title, self.lang, self.subtitle, self.note,
                   self.brand)
        canvas.save()
        canvas.translate(ox, oy)
        self.oriented(canvas)
        canvas.restore()

    def tile(self, r: int, c: int, canvas: Canvas) -> None:
        """The sheet in row ``r`` (0 at the top) and column ``c``: its window of the art with
        the registration marks, trim lines on the edges it overlaps, and the map."""
        plan, room, lang = self.plan, self.room, self.lang
        n, total = r * plan.cols + c + 1, plan.cols * plan.rows
        step_x, step_y = plan.win_w - plan.overlap, plan.win_h - plan.overlap
        wx, wy = c * step_x, (plan.rows - 1 - r) * step_y  # window origin in the art
        x0 = room.x + (room.w - plan.win_w) / 2
        y0 = room.y + (room.h - plan.win_h) / 2
        sub = label(lang, "tile", n=n, total=total, r=r + 1, c=c + 1)
        page_frame(canvas, self.pw, self.ph, self.title, lang,
                   (self.subtitle + " — " if self.subtitle else "") + sub,
                   (self.note + "\n" if self.note else "") + label(lang, "tile_help"),
                   self.brand)
        canvas.save()
        canvas.clip_rect(x0, y0, plan.win_w, plan.win_h)
        canvas.translate(x0 - wx, y0 - wy)
        self.oriented(canvas)
        self.registration_marks(canvas, step_x, step_y)
        canvas.restore()
        # This sheet goes on top of its left and lower neighbours: trim those edges.
        if c > 0:
            canvas.line(x0, y0, x0, y0 + plan.win_h, TRIM)
        if r < plan.rows - 1:
            canvas.line(x0, y0, x0 + plan.win_w, y0, TRIM)
        _tile_map(canvas, self.pw - MARGIN, self.ph - MARGIN, plan.cols, plan.rows, r, c)

    def registration_marks(self, canvas: Canvas, step_x: float, step_y: float) -> None:
        """⊕ marks along every band two windows share, in art coordinates."""
        plan = self.plan
        w, h = self.size
        # The shared band between windows k and k+1 is [(k+1)·step, k·step + window]; marks
        # go on its centre line, so they print on both sheets at the same spot.
        xs_marks = [(k + 1) * step_x + plan.overlap / 2 for k in range(plan.cols - 1)]
        ys_marks = [(k + 1) * step_y + plan.overlap / 2 for k in range(plan.rows - 1)]
        along_x = [w * f for f in (0.1, 0.5, 0.9)] if w > 60 else [w / 2]
        along_y = [h * f for f in (0.1, 0.5, 0.9)] if h > 60 else [h / 2]
        for mx in xs_marks:
            for my in along_y:
                registration_mark(canvas, mx, my)
        for my in ys_marks:
            for mx in along_x:
                registration_mark(canvas, mx, my)


def _tile_map(canvas: Canvas, right: float, top: float, cols: int, rows: int, r: int,
              c: int) -> None:
    """A small map of the sheets, this one filled, in the page's top-right corner."""
    cell = 4.0
    x0 = right - cols * cell
    for j in range(rows):
        for i in range(cols):
            fill = GREY if (i, j) == (c, r) else None
            canvas.rect(x0 + i * cell, top - (j + 1) * cell, cell, cell,
                        Style(fill=fill, stroke=INK, width=0.2))


def paragraphs(canvas: Canvas, x: float, top: float, w: float, texts: Sequence[str],
               size: float, *, numbered: bool = False, indent: float = 6.0,
               gap: float = 1.5, fill: str = INK) -> float:
    """Paragraphs wrapped to ``w`` from ``top`` down (numbered ``1.``, ``2.``… in bold, the
    text ``indent`` mm in, when ``numbered``), ``gap`` mm between them; returns the y under
    the last line. The how-to pages of every game use it."""
    lh = line_height(size, 1.3)
    for k, text in enumerate(texts):
        shift = indent if numbered else 0.0
        if numbered:
            canvas.text(x, top - lh, f"{k + 1}.", size, "bold", fill)
        for line in wrap(text, w - shift, size):
            top -= lh
            canvas.text(x + shift, top, line, size, "regular", fill)
        top -= gap
    return top
