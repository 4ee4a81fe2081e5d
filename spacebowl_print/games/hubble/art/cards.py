"""Constellation cards: the 20 fronts and their common back as card items for the shared
card-sheet pipeline (:func:`spacebowl_print.publish.kit.build_kit`: bleed, crop marks,
mirrored backs, ``cut-guide.json``), and the same pattern drawing for the booklets' small
cards.

A front shows the card's name in a night-blue band, its value and bonus, and its pattern on
a small hex lattice drawn as the pad draws hexes (pointy-top, the engine's axial offsets), so
a pattern on the card looks exactly as it must appear on the pad, up to turning. Red stars
are solid five-point stars, purple stars hollow four-point sparkles in a dashed ring: they
differ by shape, not only colour.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from spacebowl_print.games.hubble.art.hexes import (
    INK,
    MUTED,
    NIGHT,
    PAPER,
    SQRT3,
    STAR_PURPLE,
    STAR_RED,
    cell_centre,
    draw_purple_star,
    draw_red_star,
    hex_points,
    star_points,
)
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.constellations import Constellation, ConstellationSet
from spacebowl_print.publish.items import ArtBox
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style
from spacebowl_print.render.colour import tint
from spacebowl_print.render.fonts import fit_size, wrap

CARD_MM = (63.0, 88.0)
"""Trim size (poker), portrait."""
BLEED_MM = 3.0
SAFE_MM = 3.5
"""Nothing that matters closer than this to the trim line."""
MIN_PT = 6.0
CREAM = "#FBF8EF"
LATTICE = "#B9BCCB"


# ---------------------------------------------------------------- the pattern

@dataclass(frozen=True)
class Lattice:
    """A pattern drawn on hexes of circumradius ``s``: every cell's axial offset and centre
    (relative to the drawing box's lower-left corner), and the box's size."""

    s: float
    cells: tuple[tuple[tuple[int, int], tuple[float, float]], ...]
    width: float
    height: float


def _centres(offsets: Sequence[tuple[int, int]], s: float) -> list[tuple[float, float]]:
    return [cell_centre(o, s) for o in offsets]


def pattern_lattice(card: Constellation, max_w: float, max_h: float, s_max: float = 5.0,
                    margin: int = 1) -> Lattice:
    """The pattern of ``card`` (red and purple) with ``margin`` rings of empty hexes around it,
    as large as fits ``max_w`` × ``max_h`` (hexes at most ``s_max``)."""
    stars = [*card.red, *card.purple]
    unit = _centres(stars, 1.0)
    xs, ys = [p[0] for p in unit], [p[1] for p in unit]
    # size in units of s: the span of the centres plus one hex (and the margin rings)
    span_w = max(xs) - min(xs) + SQRT3 * (1 + 2 * margin)
    span_h = max(ys) - min(ys) + 2.0 + 3.0 * margin
    s = min(s_max, max_w / span_w, max_h / span_h)
    x0 = min(xs) * s - SQRT3 * s * (0.5 + margin)
    y0 = min(ys) * s - s * (1.0 + 1.5 * margin)
    width, height = span_w * s, span_h * s
    qs = [q for q, _ in stars]
    rs = [r for _, r in stars]
    cells = []
    for r in range(min(rs) - margin - 1, max(rs) + margin + 2):
        for q in range(min(qs) - margin - abs(r) - 3, max(qs) + margin + abs(r) + 4):
            cx, cy = cell_centre((q, r), s)
            cx, cy = cx - x0, cy - y0
            # keep whole hexes only: the lattice is a clean patch around the pattern
            if (s * SQRT3 / 2 - 1e-6 <= cx <= width - s * SQRT3 / 2 + 1e-6
                    and s - 1e-6 <= cy <= height - s + 1e-6):
                cells.append(((q, r), (cx, cy)))
    return Lattice(s, tuple(cells), width, height)


def draw_pattern(canvas: Canvas, card: Constellation, x: float, y: float, w: float, h: float,
                 ctx: RenderContext, s_max: float = 5.0, margin: int = 1) -> Lattice:
    """The pattern of ``card`` centred in the box (x, y, w, h): pale lattice hexes, red
    stars and purple sparkles on theirs. Returns the lattice drawn (for tests)."""
    lat = pattern_lattice(card, w, h, s_max, margin)
    ox, oy = x + (w - lat.width) / 2, y + (h - lat.height) / 2
    red, purple = set(card.red), set(card.purple)
    line = Style(fill=PAPER, stroke=LATTICE, width=max(0.15, lat.s * 0.05))
    for _, (cx, cy) in lat.cells:
        canvas.polygon(hex_points(ox + cx, oy + cy, lat.s * 0.97), line)
    for off, (cx, cy) in lat.cells:
        if off in red:
            draw_red_star(canvas, ox + cx, oy + cy, lat.s * 0.78, ctx)
        elif off in purple:
            draw_purple_star(canvas, ox + cx, oy + cy, lat.s * 0.8, ctx)
    return lat


def value_key(canvas: Canvas, card: Constellation, x: float, y: float, w: float,
              ctx: RenderContext, size: float = 7.0, compact: bool = False) -> float:
    """Two lines from ``y`` (top) down: a red star and "all red stars: V", a purple sparkle and
    "each purple star: +B" (or "no purple stars"); ``compact`` says just "V" and "+B each"
    (small cards). Returns the y under them."""
    wd = words(ctx.lang)
    lh = size * MM_PER_PT * 1.55
    r = size * MM_PER_PT * 0.55
    lines = [(True, str(card.value) if compact else f"{wd['card_red']}: {card.value}")]
    if card.purple:
        lines.append((False, wd["card_each"].format(bonus=card.bonus) if compact else
                      f"{wd['card_purple']}: +{card.bonus}"))
    elif not compact:
        lines.append((False, wd["card_none"]))
    for red, text in lines:
        if red:
            draw_red_star(canvas, x + r, y - lh / 2, r, ctx)
        elif card.purple:
            draw_purple_star(canvas, x + r, y - lh / 2, r, ctx)
        bold = compact and red
        face: Literal["bold", "regular"] = "bold" if bold else "regular"
        canvas.text(x + 2 * r + 1.2, y - lh / 2 - size * MM_PER_PT * 0.36, text,
                    fit_size(text, w - 2 * r - 1.5, size, face, MIN_PT), face,
                    INK if card.purple or red else MUTED)
        y -= lh
    return y


# ---------------------------------------------------------------- card items

class _ArtBox(ArtBox):
    """Every Hubble card: the standard card size and bleed."""

    trim_w: float = CARD_MM[0]
    trim_h: float = CARD_MM[1]
    bleed: float = BLEED_MM


class ConstellationFront(_ArtBox):
    """The face of one constellation card (an item for the card sheets): ``id`` is its
    1-based place in a set of ``total`` cards, drawn as ``ctx`` says (language, ink saver)."""

    def __init__(self, card: Constellation, number: int, ctx: RenderContext, seed: int = 1,
                 total: int = 20) -> None:
        self.card, self.number, self.ctx = card, number, ctx
        self.seed, self.total = seed, total

    def specks(self) -> list[tuple[float, float, float]]:
        """A few specks of sky (x, y, radius) for the name band, from the seed and the card's
        number only: the same seed always gives the same card."""
        rng = random.Random(f"hubble-card|{self.seed}|{self.number}")
        top = self.bleed + self.trim_h
        return [(rng.uniform(1.0, self.width - 16.0), rng.uniform(top - 14.0, top + 2.0),
                 rng.choice((0.25, 0.35, 0.45))) for _ in range(9)]

    @property
    def id(self) -> int:
        return self.number

    def draw(self, canvas: Canvas) -> None:
        """Paint the art box: cream ground to the bleed edge, the name band running off the
        top, value and bonus, the pattern, the key and the card's number."""
        b, w, h = self.bleed, self.trim_w, self.trim_h
        wd = words(self.ctx.lang)
        canvas.rect(0, 0, self.width, self.height, Style(fill=PAPER if self.ctx.ink_saver
                                                         else CREAM))
        band = 15.0
        top = b + h
        if self.ctx.ink_saver:
            canvas.line(0, top - band, self.width, top - band, Style(stroke=NIGHT, width=0.5))
            ink = NIGHT
        else:
            canvas.rect(0, top - band, self.width, band + b, Style(fill=NIGHT))
            for sx, sy, sr in self.specks():
                canvas.circle(sx, sy, sr, Style(fill=tint(PAPER, 0.6)))
            ink = PAPER
        name = self.card.name
        size = fit_size(name, w - 2 * SAFE_MM - 14, 13, "bold", 8)
        canvas.text(b + SAFE_MM, top - SAFE_MM - 6.5, name, size, "bold", ink)
        # the card's full value in a disc on the band's right: red value + every purple
        vx, vy = b + w - SAFE_MM - 6.0, top - band / 2 - 0.8
        canvas.circle(vx, vy, 5.6, Style(fill=PAPER, stroke=STAR_RED, width=0.8))
        canvas.text(vx, vy - 12 * MM_PER_PT * 0.36, str(self.card.value), 12, "bold", INK,
                    "middle")
        # the key, at the foot of the card
        key_top = b + SAFE_MM + 13.0
        value_key(canvas, self.card, b + SAFE_MM, key_top, w - 2 * SAFE_MM, self.ctx, 7.5)
        turn = wd["card_turn"]
        canvas.text(b + SAFE_MM, b + SAFE_MM + 0.6, turn,
                    fit_size(turn, w - 2 * SAFE_MM - 8, 6.5, "regular", MIN_PT), "regular",
                    MUTED)
        canvas.text(b + w - SAFE_MM, b + SAFE_MM + 0.6, f"{self.number}/{self.total}", 6.5,
                    "regular", MUTED, "end")
        # the pattern in the space between the band and the key
        area_top = top - band - 2.5
        area_bottom = key_top + 1.5
        draw_pattern(canvas, self.card, b + SAFE_MM, area_bottom, w - 2 * SAFE_MM,
                     area_top - area_bottom, self.ctx, s_max=5.2)
        canvas.rect(b + 1.2, b + 1.2, w - 2.4, h - 2.4,
                    Style(stroke=tint(NIGHT, 0.35), width=0.25), radius=2.0)


class ConstellationBack(_ArtBox):
    """The common back of the constellation cards: a night sky seen through a lens, the game's
    name; symmetric left-right, so the mirrored duplex back looks the same."""

    def __init__(self, ctx: RenderContext) -> None:
        self.ctx = ctx

    @property
    def id(self) -> int:
        return 0

    def _paint(self, c: Canvas) -> None:
        w, h = self.width, self.height
        sky, ink = (PAPER, NIGHT) if self.ctx.ink_saver else (NIGHT, PAPER)
        c.rect(0, 0, w, h, Style(fill=sky))
        cx, cy = w / 2, h / 2 + 6
        for k, r in enumerate((25.0, 21.0, 17.5)):
            c.circle(cx, cy, r, Style(stroke=ink, width=0.9 if k == 0 else 0.35))
        # a few stars in the lens: red ones solid, purple sparkles, placed symmetrically
        for dx, dy, big in ((0.0, 9.0, True), (-8.0, 2.0, False), (8.0, 2.0, False),
                            (-5.0, -7.0, True), (5.0, -7.0, True)):
            if big:
                c.polygon(star_points(cx + dx, cy + dy, 2.6),
                          Style(fill=tint(STAR_RED, 0.6) if self.ctx.ink_saver else STAR_RED,
                                stroke=ink, width=0.25))
            else:
                c.polygon(star_points(cx + dx, cy + dy, 2.2, 4, 0.34),
                          Style(fill=tint(STAR_PURPLE, 0.4), stroke=ink, width=0.25))
        # specks of sky well clear of the lens and the words
        for sx, sy in ((-22.0, 36.0), (22.0, 36.0), (-27.0, -18.0), (27.0, -18.0),
                       (-26.0, 28.0), (26.0, 28.0)):
            c.circle(cx + sx, cy + sy, 0.6, Style(fill=ink))
        title = "HUBBLE"
        c.text(cx, h / 2 - 28, title, 16, "bold", ink, "middle")
        sub = words(self.ctx.lang)["back_word"]
        size = fit_size(sub, w - 2 * (self.bleed + SAFE_MM), 8, "regular", MIN_PT)
        c.text(cx, h / 2 - 34, sub, size, "regular", ink, "middle")

    def draw(self, canvas: Canvas) -> None:
        name = f"hubble-card-back-{self.ctx.lang}-{int(self.ctx.ink_saver)}"
        canvas.define(name, self.width, self.height, self._paint)
        canvas.place(name, 0, 0)


def card_items(cset: ConstellationSet, ctx: RenderContext, seed: int = 1
               ) -> tuple[list[ConstellationFront], ConstellationBack]:
    """One front per card of ``cset`` (ids 1… in set order) and their common back."""
    fronts = [ConstellationFront(card, k, ctx, seed, len(cset))
              for k, card in enumerate(cset.cards, start=1)]
    return fronts, ConstellationBack(ctx)


# ---------------------------------------------------------------- small cards (booklets)

def draw_mini_card(canvas: Canvas, card: Constellation, x: float, y: float, w: float,
                   h: float, ctx: RenderContext, number: int | None = None) -> None:
    """A landscape card for a booklet page in the box (x, y, w, h): a rounded frame, the name
    (with the card's number in the challenge), value and bonus on the left, the pattern on
    the right. Defined once per document and size (a year of challenges deals the same 20
    cards again and again)."""
    name = (f"hubble-mini-{card.name}-{number}-{w:.2f}x{h:.2f}-{ctx.lang}"
            f"-{int(ctx.ink_saver)}")
    canvas.define(name, w, h, lambda c: _mini_card(c, card, w, h, ctx, number))
    canvas.place(name, x, y)


def _mini_card(canvas: Canvas, card: Constellation, w: float, h: float, ctx: RenderContext,
               number: int | None) -> None:
    """Paint :func:`draw_mini_card`'s art in its own box (0, 0)–(w, h)."""
    x = y = 0.0
    canvas.rect(x, y, w, h, Style(fill=PAPER if ctx.ink_saver else CREAM, stroke=NIGHT,
                                  width=0.4), radius=1.8)
    left_w = min(w * 0.46, 40.0)
    pad = 2.0
    label = card.name if number is None else f"{number} · {card.name}"
    size = fit_size(label, left_w - pad, 9, "bold", MIN_PT)
    lines = wrap(label, left_w - pad, size, "bold") if size <= MIN_PT else [label]
    ty = y + h - pad - size * MM_PER_PT
    for line in lines[:2]:
        canvas.text(x + pad, ty, line, size, "bold", NIGHT)
        ty -= size * MM_PER_PT * 1.2
    value_key(canvas, card, x + pad, ty - 0.8, left_w - pad, ctx, 7.0, True)
    draw_pattern(canvas, card, x + left_w, y + 1.0, w - left_w - 1.5, h - 2.0, ctx,
                 s_max=3.6, margin=0)


__all__ = ["BLEED_MM", "CARD_MM", "ConstellationBack", "ConstellationFront", "Lattice",
           "card_items", "draw_mini_card", "draw_pattern", "pattern_lattice", "value_key"]
