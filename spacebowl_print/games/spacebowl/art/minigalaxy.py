"""Small drawings for puzzle pages, answer keys and worksheets: a galaxy of mini cards and the
Ship Computer with a toss, both at any size. Mini cards are reusable forms (one per card and
decoy level), so a year of puzzles reuses a few dozen drawings."""

from __future__ import annotations

import math
from collections.abc import Collection

import numpy as np

from spacebowl_print.games.spacebowl.art.sky import planet_disc
from spacebowl_print.games.spacebowl.model import SPACES, Deck, Galaxy, Pos, Toss
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style

INK = "#1A1A2E"
MUTED = "#5A5A6E"
CARD = "#FBFBFE"
EDGE = "#9A9AB0"
HIGHLIGHT = "#E69F00"  # Okabe–Ito orange: the answer marks
DISC = "#7B3FA0"  # the purple Destination disc


def _decoy_star(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    k = r * 0.28
    pts = [(cx, cy + r), (cx + k, cy + k), (cx + r, cy), (cx + k, cy - k), (cx, cy - r),
           (cx - k, cy - k), (cx - r, cy), (cx - k, cy + k)]
    canvas.polygon(pts, Style(fill="#B0B0C4"))


def _decoy_comet(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    canvas.line(cx, cy, cx + 3.2 * r, cy + 1.6 * r, Style(stroke="#B0B0C4", width=r * 0.7))
    canvas.circle(cx, cy, r, Style(fill="#8E8EA6"))


LABEL_MM = 4.0
"""Room (mm) for the column letters above a galaxy and the row numbers left of it."""
LABEL_PT = 7.0
"""Size of the column letters and row numbers."""


def _coords_shown(compact: bool, coords: bool | None) -> bool:
    return (not compact) if coords is None else coords


def _card_size(g: Galaxy, w: float, h: float, label: float, gap: float
               ) -> tuple[float, float]:
    """(width, height) of the largest mini cards of the cards' shape that fit w × h."""
    aspect = 63 / 88
    ch = max(0.0, min((h - label - (g.rows - 1) * gap) / g.rows,
                      ((w - label - (g.cols - 1) * gap) / g.cols) / aspect))
    return ch * aspect, ch


def galaxy_size(g: Galaxy, w: float, h: float, *, compact: bool = False,
                coords: bool | None = None) -> tuple[float, float]:
    """The (width, height) in mm that :func:`draw_galaxy` gives ``g`` in a box w × h,
    coordinates included: the largest cards of the cards' shape that fit."""
    label = LABEL_MM if _coords_shown(compact, coords) else 0.0
    gap = 0.8 if compact else 1.4
    cw, ch = _card_size(g, w, h, label, gap)
    return label + g.cols * cw + (g.cols - 1) * gap, label + g.rows * ch + (g.rows - 1) * gap


def draw_galaxy(canvas: Canvas, deck: Deck, g: Galaxy, x: float, y: float, w: float, h: float,
                *, decoys: str = "none", marked: Collection[Pos] = (), wild: Pos | None = None,
                wild_letter: str = "W", compact: bool = False, coords: bool | None = None,
                min_pt: float = 6.0) -> None:
    """The galaxy fitted into the box (x, y, w, h) as mini cards (planet discs with glyphs;
    decoys ``"none"``, ``"stars"`` or ``"all"``), centred across and from the top; the
    ``marked`` cells are ringed; the Wild token (``wild_letter``) drawn on ``wild``.

    ``compact`` packs the cards closer and leaves decoys out (answer keys, covers). Column
    letters and row numbers (:data:`LABEL_PT`) are drawn when ``coords`` is true, by default
    unless ``compact``: an answer key that names cells ("C3; B4") asks for them. No text is
    drawn under ``min_pt`` (the Wild token's letter is left out when it would be).
    """
    show = _coords_shown(compact, coords)
    label = LABEL_MM if show else 0.0
    gap = 0.8 if compact else 1.4
    cw, ch = _card_size(g, w, h, label, gap)
    total_w = label + g.cols * cw + (g.cols - 1) * gap
    x0 = x + (w - total_w) / 2 + label
    top = y + h - label
    if show:
        for c in range(g.cols):
            canvas.text(x0 + c * (cw + gap) + cw / 2, top + 1, chr(65 + c), LABEL_PT, "bold",
                        MUTED, "middle")
        for r in range(g.rows):
            canvas.text(x0 - 2, top - r * (ch + gap) - ch / 2 - 1, str(r + 1), LABEL_PT,
                        "bold", MUTED, "end")
    for pos in g.positions():
        cx = x0 + pos.col * (cw + gap)
        cy = top - (pos.row + 1) * ch - pos.row * gap
        cell = g[pos]
        radius = min(cw, ch) * 0.09
        if cell is None:  # face down: a hatched back
            canvas.rect(cx, cy, cw, ch, Style(fill="#3A3A58", stroke=EDGE, width=0.2),
                        radius=radius)
            for k in range(1, 5):
                canvas.line(cx + cw * k / 5, cy + 1, cx + cw * k / 5, cy + ch - 1,
                            Style(stroke="#55557A", width=0.3))
        else:
            cid = g.card_ids[pos.row][pos.col] if g.card_ids else None
            shown = decoys if cid is not None and not compact else "none"
            name = mini_card(canvas, deck, cell, cid, shown)
            canvas.place(name, cx, cy, cw / MINI_W)
            if pos in marked:
                canvas.rect(cx, cy, cw, ch, Style(fill=HIGHLIGHT, stroke=HIGHLIGHT, width=1.1,
                                                  opacity=0.35), radius=radius)
                canvas.rect(cx, cy, cw, ch, Style(stroke=HIGHLIGHT, width=1.1), radius=radius)
        if wild == pos:
            wild_token(canvas, cx + cw - min(cw, ch) * 0.16, cy + ch - min(cw, ch) * 0.16,
                       min(cw, ch) * 0.15, wild_letter, min_pt)


def wild_token(canvas: Canvas, cx: float, cy: float, r: float, letter: str,
               min_pt: float = 6.0) -> None:
    """The Wild token: a white eight-point burst edged in ink (a shape no planet glyph has),
    with its letter when that prints at ``min_pt`` (6 pt) or more."""
    pts = []
    for k in range(16):
        a = math.pi / 2 + k * math.pi / 8
        rr = r if k % 2 == 0 else r * 0.62
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    canvas.polygon(pts, Style(fill="#FFFFFF", stroke=INK, width=0.4))
    size = r * 1.25 / MM_PER_PT
    if size >= max(MIN_PT, min_pt):
        canvas.text(cx, cy - size * MM_PER_PT * 0.36, letter, size, "bold", INK, "middle")


MINI_W = 20.0
MINI_H = MINI_W * 88 / 63


def mini_card(canvas: Canvas, deck: Deck, cell: frozenset[str], card_id: int | None,
              decoys: str) -> str:
    """Define (once per document) the mini card of a galaxy cell and return its art name.

    Drawn at :data:`MINI_W` × :data:`MINI_H` and placed scaled: a booklet deals its galaxies
    from one deck, so a few dozen forms serve thousands of cells. Decoy positions depend on
    the card alone, so a card looks the same in every puzzle.
    """
    planets = [pl for pl in deck.planets if pl.id in cell]
    name = f"mini-{card_id if card_id is not None else ''.join(p.id for p in planets)}-{decoys}"
    if decoys != "none" and card_id is not None:
        card = deck.card(card_id)
        stars, comets = card.stars, card.comets if decoys == "all" else 0
    else:
        stars = comets = 0

    def paint(c: Canvas) -> None:
        w, h = MINI_W, MINI_H
        c.rect(0, 0, w, h, Style(fill=CARD, stroke=EDGE, width=0.3), radius=w * 0.09)
        rng = np.random.default_rng([card_id or 0, 7])
        for _ in range(stars):
            _decoy_star(c, w * rng.uniform(0.12, 0.88), h * rng.uniform(0.08, 0.92), w * 0.05)
        for _ in range(comets):
            _decoy_comet(c, w * rng.uniform(0.12, 0.6), h * rng.uniform(0.08, 0.92), w * 0.035)
        r = w * (0.2 if len(planets) <= 2 else 0.17)
        for pl, (sx, sy) in zip(planets, _spots(len(planets), w, h), strict=False):
            # placed scaled down, a letter tag would print far under 6 pt: glyphs only
            planet_disc(c, pl, sx, sy, r, tag=False)

    canvas.define(name, MINI_W, MINI_H, paint)
    return name


def _spots(n: int, w: float, h: float) -> list[tuple[float, float]]:
    """Planet centres on a mini card: one centred, two stacked, three in a triangle, four in
    a square."""
    if n <= 1:
        return [(w / 2, h / 2)]
    if n == 2:
        return [(w / 2, h * 0.7), (w / 2, h * 0.3)]
    if n == 3:
        return [(w * 0.3, h * 0.7), (w * 0.7, h * 0.7), (w / 2, h * 0.3)]
    cols, rows = 2, (n + 1) // 2
    return [(w * (0.3 + 0.4 * (i % cols)), h * (0.78 - 0.56 * (i // cols) / max(rows - 1, 1)))
            for i in range(n)]


SPACE_NUMBERS = {space: k + 1 for k, space in enumerate(SPACES)}
"""Printed names of the toss's spaces: 1–9 in reading order (A1 → 1, B1 → 2, … C3 → 9), so
a space is never confused with a galaxy card. Files keep the A1–C3 names of formats.md."""
MIN_PT = 6.0
"""No printed text is smaller."""


def destination_disc(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    """The purple Destination disc with a white arrow pointing down into it: a shape of its
    own, so it is never taken for a planet (the ring planet looks alike in grey)."""
    canvas.circle(cx, cy, r, Style(fill=DISC, stroke=INK, width=0.3))
    a = r * 0.62
    canvas.polygon([(cx - a * 0.62, cy + a * 0.25), (cx + a * 0.62, cy + a * 0.25),
                    (cx, cy - a * 0.75)], Style(fill="#FFFFFF"))
    canvas.rect(cx - a * 0.2, cy + a * 0.2, a * 0.4, a * 0.6, Style(fill="#FFFFFF"))


def black_hole_disc(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    """The Black Hole disc: black, a white rim, and a white spiral arm (its own shape)."""
    canvas.circle(cx, cy, r * 1.12, Style(fill="#FFFFFF", stroke=INK, width=0.3))
    canvas.circle(cx, cy, r, Style(fill="#000000"))
    ops: list[tuple[object, ...]] = []
    for k in range(13):
        t = k / 12
        a = t * 3.4 * math.pi
        rr = r * (0.12 + 0.7 * t)
        ops.append(("M" if k == 0 else "L", cx + rr * math.cos(a), cy + rr * math.sin(a)))
    canvas.path(ops, Style(stroke="#FFFFFF", width=max(0.25, r * 0.09)))


def draw_toss(canvas: Canvas, deck: Deck, toss: Toss, x: float, y: float, size: float,
              title: str, numbers: bool = True, min_pt: float = MIN_PT) -> None:
    """The Ship Computer seen from above, ``size`` mm square with ``title`` above it: spaces
    numbered 1–9 (:data:`SPACE_NUMBERS`) in a corner nothing covers, the Destination disc,
    the marbles as planet discs (letter tags when big enough to print at 6 pt) and the Black
    Hole disc in their spaces. Without ``numbers`` (a small copy in an answer key) the pieces
    get the whole space. The numbers are never under ``min_pt``."""
    if title:
        canvas.text(x, y + size + 1.5, title, 8, "bold", MUTED)
    cell = size / 3
    canvas.rect(x, y, size, size, Style(fill="#F2F2F8", stroke=INK, width=0.6), radius=1.5)
    for k in (1, 2):
        canvas.line(x + k * cell, y, x + k * cell, y + size, Style(stroke=EDGE, width=0.3))
        canvas.line(x, y + k * cell, x + size, y + k * cell, Style(stroke=EDGE, width=0.3))
    occupants: dict[Pos, list[str]] = {s: [] for s in SPACES}
    occupants[toss.destination].append("disc")
    if toss.black_hole is not None:
        occupants[toss.black_hole].append("hole")
    for planet, space in toss.marbles.items():
        occupants[space].append(planet)
    label = max(MIN_PT, min_pt, min(8.0, cell * 0.5 / MM_PER_PT))
    corner = label * MM_PER_PT * 1.25 if numbers else 0.0  # kept free of pieces
    for space, things in occupants.items():
        sx = x + space.col * cell
        sy = y + size - (space.row + 1) * cell
        if numbers:
            canvas.text(sx + 0.8, sy + cell - label * MM_PER_PT - 0.4,
                        str(SPACE_NUMBERS[space]), label, "bold", MUTED)
        if things:
            _occupants(canvas, deck, things, sx, sy, cell, corner)


def _occupants(canvas: Canvas, deck: Deck, things: list[str], sx: float, sy: float,
               cell: float, corner: float) -> None:
    """The pieces of one space, in the part of the space the number's corner leaves free:
    one piece large and centred low, up to five in a grid, none over the number."""
    free_h = cell - corner
    n = len(things)
    cols = 1 if n == 1 else 2 if n <= 4 else 3
    rows = -(-n // cols)
    pitch_x, pitch_y = cell / cols, free_h / rows
    r = min(pitch_x, pitch_y) * 0.42
    for k, thing in enumerate(things):
        c, row = k % cols, k // cols
        cx = sx + pitch_x * (c + 0.5)
        cy = sy + free_h - pitch_y * (row + 0.5)
        if thing == "disc":
            destination_disc(canvas, cx, cy, r)
        elif thing == "hole":
            black_hole_disc(canvas, cx, cy, r * 0.9)
        else:
            planet_disc(canvas, deck.planet(thing), cx, cy, r)
