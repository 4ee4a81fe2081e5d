"""Constellation card art: fronts, the common back, planet discs, and card sizes.

All art is original and drawn against :mod:`spacebowl_print.render.api`, so the same code makes
the PDF sheets and the per-card SVG files. Repeated pieces (each planet, the black hole, a comet,
a decoy star, the star-field backgrounds, the back) are defined once per document and placed.

Geometry of a card object: ``width`` × ``height`` include the bleed on every side; the trim box
is ``(bleed, bleed, w, h)`` and the safe zone is the trim box inset by :data:`SAFE_MM`. A front's
layout depends only on the deck's card, the size, the bleed and ``numpy.random.default_rng((seed,
card.id))``: the same inputs always give the same drawing.

A deck's theme (format 2, ``docs/deck-format.md``) changes the art, never the game: a planet
``image`` is drawn inside the planet's disc (over its colour, letter tag kept, glyph on request);
``background``/card ``image`` and ``back`` pictures cover the card full bleed instead of the star
field and the built-in back; ``show_names`` and card titles add labels on translucent pills, set
in the theme ``font``. Ink-saver mode ignores pictures (it exists to save ink). A deck without a
theme draws exactly as before.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from spacebowl_print.games.spacebowl.art.glyphs import circle_path, draw_glyph
from spacebowl_print.games.spacebowl.model import Card, Deck, InputError, Planet
from spacebowl_print.render.api import MM_PER_PT, Canvas, Face, Picture, Style
from spacebowl_print.render.colour import BLACK, WHITE, luminance, mix
from spacebowl_print.render.fonts import fit_size, text_width
from spacebowl_print.render.images import PRINT_DPI, cover, crop_share, print_dpi, svg_has_text

SAFE_MM = 3.0
"""The safe zone: nothing that matters is drawn closer than this to the trim line."""

DEFAULT_BLEED_MM = 3.0

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "2.5x3.5in": (63.5, 88.9),
}
"""Named card sizes (trim, portrait, mm)."""

MIN_CARD_MM, MAX_CARD_MM = 30.0, 180.0

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|in|cm)?\s*$", re.I)
_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4}


def parse_card_size(text: str) -> tuple[float, float]:
    """``--card-size``: a name of :data:`CARD_SIZES` or ``WxH`` with unit ``mm`` (default),
    ``cm`` or ``in`` (``63x88``, ``63.5x88.9mm``, ``2.5x3.5in``). Returns (width, height) in mm.

    Raises :class:`InputError` for anything else, or for sides outside 30–180 mm.
    """
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    m = _SIZE.match(key)
    if not m:
        raise InputError(f"card size must be one of {', '.join(CARD_SIZES)} or WxHmm "
                         f"(like 63x88mm), got {text!r}", "--card-size")
    unit = _UNIT[(m.group(3) or "mm").lower()]
    w, h = float(m.group(1)) * unit, float(m.group(2)) * unit
    for side in (w, h):
        if not MIN_CARD_MM <= side <= MAX_CARD_MM:
            raise InputError(f"card sides must be between {MIN_CARD_MM:g} and "
                             f"{MAX_CARD_MM:g} mm, got {w:g}x{h:g} mm", "--card-size")
    return (round(w, 3), round(h, 3))


# -- colours -----------------------------------------------------------------------------------

SPACE = "#0B1026"
"""The night-sky background of fronts and backs."""
INK = "#1A1A1A"
"""Outline colour in ink-saver mode."""


def glyph_colours(colour: str) -> tuple[str, str]:
    """(glyph fill, glyph outline) for a planet of ``colour``: a white glyph edged black on dark
    planets, a black glyph edged white on light ones — the glyph always contrasts with the disc,
    and its edge contrasts with the glyph, in colour and in greyscale."""
    # 0.18 is about where black and white text have equal contrast against the colour.
    return (BLACK, WHITE) if luminance(colour) > 0.18 else (WHITE, BLACK)


# -- planets -----------------------------------------------------------------------------------

_UNIT_R = 10.0  # planet art is defined at radius 10 mm and placed scaled
_BOX = 26.0  # its box: the disc, its outline and the letter tag that overhangs the rim
_C = _BOX / 2
FOOTPRINT = 1.28
"""A placed planet of radius r keeps everything else out of a circle of radius ``FOOTPRINT·r``
(its letter tag overhangs the disc)."""


def _planet_art(planet: Planet, ink_saver: bool, tag: bool = True
                ) -> tuple[str, float, float, Callable[[Canvas], None]]:
    art = planet.art if not ink_saver else None

    def paint(c: Canvas) -> None:
        R, col = _UNIT_R, planet.colour
        if art is not None:
            # The user's picture fills the disc, over the planet's colour (which shows through
            # any transparency, so the colour players match marbles by is always there).
            c.circle(_C, _C, R + 0.55, Style(fill=WHITE))  # halo: separates it from the sky
            c.save()
            c.clip_path(circle_path(_C, _C, R))
            c.rect(_C - R, _C - R, 2 * R, 2 * R, Style(fill=col))
            c.image(art, *cover(art, (_C - R, _C - R, 2 * R, 2 * R)))
            c.restore()
            gfill, gline = glyph_colours(col)
            if planet.image_glyph:
                draw_glyph(c, planet.glyph, _C, _C, R * 0.52, gfill, gline, outline_width=0.9)
        elif ink_saver:
            # Outlines instead of fills: a thick ring carries the colour, the inside stays paper.
            c.circle(_C, _C, R, Style(fill=WHITE, stroke=INK, width=0.5))
            c.circle(_C, _C, R - 1.9, Style(stroke=col, width=3.2))
            c.circle(_C, _C, R - 3.55, Style(stroke=INK, width=0.35))
            gfill, gline = BLACK, WHITE
        else:
            c.circle(_C, _C, R + 0.55, Style(fill=WHITE))  # halo: separates it from the sky
            c.circle(_C, _C, R, Style(fill=mix(col, BLACK, 0.28)))
            c.circle(_C - 0.9, _C + 0.9, R - 1.3, Style(fill=col))
            # a soft highlight, upper left, so the disc reads as a sphere
            c.circle(_C - 4.2, _C + 4.2, 2.6, Style(fill=WHITE, opacity=0.28))
            gfill, gline = glyph_colours(col)
        if art is None:
            draw_glyph(c, planet.glyph, _C, _C, R * 0.52, gfill, gline, outline_width=0.9)
        if tag:
            # Letter tag on the rim, lower right: the planet's id, readable without colour.
            tx, ty, tr = _C + R * 0.74, _C - R * 0.74, R * 0.33
            c.circle(tx, ty, tr, Style(fill=WHITE, stroke=BLACK, width=0.6))
            c.text(tx, ty - 1.55, planet.id, TAG_PT, "bold", fill=BLACK, anchor="middle")

    name = f"planet-{planet.id}-{planet.colour[1:]}-{planet.glyph}{'-ink' if ink_saver else ''}"
    if not tag:
        name += "-notag"
    if art is not None:
        name += f"-img{art.key[:16]}{'-g' if planet.image_glyph else ''}"
    return name, _BOX, _BOX, paint


TAG_PT = 12.5
"""Size of the letter tag at the art's unit radius (10 mm): the tag prints at
``TAG_PT * r / 10`` pt, so discs smaller than :data:`TAG_MIN_R` leave it out (no printed text
under 6 pt; the glyph still tells the planet without colour)."""
TAG_MIN_R = 6.0 * 10 / TAG_PT


def planet_disc(canvas: Canvas, planet: Planet, cx: float, cy: float, r: float,
                ink_saver: bool = False, tag: bool | None = None) -> None:
    """Draw ``planet`` as a disc of radius ``r`` mm centred on (cx, cy): its colour, its glyph
    (white on black or black on white, whichever contrasts with the colour) and its letter on a
    tag over the rim. ``tag`` None draws the tag when it prints at 6 pt or more. The art is
    defined once per document and placed scaled."""
    with_tag = r >= TAG_MIN_R if tag is None else tag
    name, w, h, paint = _planet_art(planet, ink_saver, with_tag)
    canvas.define(name, w, h, paint)
    s = r / _UNIT_R
    canvas.place(name, cx - _C * s, cy - _C * s, s)


# -- decoys and the black hole ------------------------------------------------------------------

def _define_black_hole(canvas: Canvas, ink_saver: bool) -> str:
    """The black hole: a black core inside a thin bright photon ring, crossed by a flat, tilted
    accretion disc — an ellipse, never a round disc with a badge, so it cannot pass for a
    planet. Defined at radius 10 in a 22 mm box centred on (11, 11)."""
    name = "black-hole" + ("-ink" if ink_saver else "")

    def disc(c: Canvas, style: Style, front: bool) -> None:
        # The accretion disc as an ellipse (a circle scaled flat), tilted by 15°; the front
        # half is drawn after the core so the disc seems to pass in front of it.
        c.save()
        c.translate(11, 11)
        c.rotate(15)
        c.scale(1.0, 0.3)
        if front:
            c.clip_rect(-11, -11, 22, 11)
        c.circle(0, 0, 9.6, style)
        c.restore()

    def paint(c: Canvas) -> None:
        if ink_saver:
            disc(c, Style(stroke=INK, width=0.9), False)
            c.circle(11, 11, 5.6, Style(fill=BLACK, stroke=WHITE, width=0.5))
            disc(c, Style(stroke=INK, width=0.9), True)
            return
        c.circle(11, 11, 10.2, Style(fill="#7A3FB0", opacity=0.28))
        c.circle(11, 11, 7.6, Style(fill="#7A3FB0", opacity=0.35))
        disc(c, Style(stroke="#FFB347", width=2.4), False)
        c.circle(11, 11, 5.9, Style(fill="#FFF1D0"))  # photon ring
        c.circle(11, 11, 5.2, Style(fill=BLACK))
        disc(c, Style(stroke="#FFD27A", width=2.4), True)

    canvas.define(name, 22, 22, paint)
    return name


def _define_comet(canvas: Canvas, ink_saver: bool) -> str:
    """A comet pointing along +x: head at (18, 3), tail to the left, in a 21×6 box."""
    name = "comet" + ("-ink" if ink_saver else "")

    def paint(c: Canvas) -> None:
        hx, hy = 18.0, 3.0
        if ink_saver:
            c.polygon([(0.5, hy), (hx, hy + 1.7), (hx, hy - 1.7)],
                      Style(stroke=INK, width=0.3, dash=(0.8, 0.6)))
            c.circle(hx, hy, 1.7, Style(fill=WHITE, stroke=INK, width=0.35))
            return
        for length, half, op in ((17.5, 1.9, 0.22), (13.0, 1.45, 0.35), (8.0, 1.05, 0.55)):
            c.polygon([(hx - length, hy), (hx, hy + half), (hx, hy - half)],
                      Style(fill="#BFE6FF", opacity=op))
        c.circle(hx, hy, 1.75, Style(fill="#BFE6FF", opacity=0.45))
        c.circle(hx, hy, 1.25, Style(fill="#F4FBFF"))

    canvas.define(name, 21, 6, paint)
    return name


def _define_sparkle(canvas: Canvas, ink_saver: bool) -> str:
    """A four-pointed sparkle (a decoy star) of radius 2 in a 4.4 mm box."""
    name = "sparkle" + ("-ink" if ink_saver else "")

    def paint(c: Canvas) -> None:
        pts = []
        for i in range(8):
            rad = 2.0 if i % 2 == 0 else 0.5
            a = math.radians(90 + 45 * i)
            pts.append((2.2 + rad * math.cos(a), 2.2 + rad * math.sin(a)))
        if ink_saver:
            c.polygon(pts, Style(stroke=INK, width=0.25))
        else:
            c.circle(2.2, 2.2, 1.1, Style(fill="#FFF1B8", opacity=0.3))
            c.polygon(pts, Style(fill="#FFF6D5"))

    canvas.define(name, 4.4, 4.4, paint)
    return name


def _define_sky(canvas: Canvas, w: float, h: float, variant: int, ink_saver: bool) -> str:
    """A star-field background covering ``w``×``h`` (bleed included); a few fixed variants so
    cards differ without every card needing its own art."""
    name = f"sky-{w:g}x{h:g}-{variant}{'-ink' if ink_saver else ''}"

    def paint(c: Canvas) -> None:
        rng = np.random.default_rng((0x5B, variant))  # fixed: the sky is shared art
        if ink_saver:
            c.rect(0, 0, w, h, Style(fill=WHITE))  # paper; costs no ink, shows in SVG viewers
        else:
            c.rect(0, 0, w, h, Style(fill=SPACE))
            # two faint nebulae
            for colour in ("#3A2A6B", "#124B5C"):
                x, y = rng.uniform(0, w), rng.uniform(0, h)
                for k, rr in enumerate((26.0, 18.0, 11.0)):
                    c.circle(x, y, rr * (0.8 + 0.4 * rng.random()),
                             Style(fill=colour, opacity=0.18 + 0.06 * k))
        n = 22 if ink_saver else 70
        xs, ys = rng.uniform(0, w, n), rng.uniform(0, h, n)
        rs, level = rng.uniform(0.12, 0.38, n), rng.integers(0, 3, n)
        # One path per brightness level rather than one circle per star: a tenth of the
        # elements in the PDF and the SVG, for the same picture.
        for k, opacity in enumerate((0.4, 0.7, 1.0)):
            ops: list[tuple[object, ...]] = []
            for x, y, r in zip(xs[level == k], ys[level == k], rs[level == k], strict=True):
                ops += circle_path(float(x), float(y), float(r) * (0.8 if ink_saver else 1.0))
            if ops:
                c.path(ops, Style(fill="#9A9A9A") if ink_saver
                       else Style(fill=WHITE, opacity=opacity))

    canvas.define(name, w, h, paint)
    return name


SKY_VARIANTS = 4


# -- layout ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Placed:
    """One thing on a card front: what (``planet`` letter, ``"black_hole"``, ``"comet"``,
    ``"star"``), where (centre, mm from the art's lower-left corner), its radius, its angle."""

    kind: str
    x: float
    y: float
    r: float
    angle: float = 0.0
    planet: str = ""


def _scatter(rng: np.random.Generator, radii: list[float],
             box: tuple[float, float, float, float], obstacles: list[tuple[float, float, float]],
             gap: float, tries: int = 48, among: int = 5) -> list[tuple[float, float]] | None:
    """Centres for circles of ``radii`` inside ``box`` (x0, y0, x1, y1), keeping ``gap`` mm from
    each other and from ``obstacles`` (x, y, r); None if some circle finds no room.

    Each circle takes, among the first ``among`` valid random candidates, the one with the most
    clearance: spread out like a constellation, without everything being pushed to the corners.
    """
    placed = list(obstacles)
    out: list[tuple[float, float]] = []
    x0, y0, x1, y1 = box
    for r in radii:
        if x1 - x0 < 2 * r or y1 - y0 < 2 * r:
            return None
        cand = rng.uniform((x0 + r, y0 + r), (x1 - r, y1 - r), size=(tries, 2))
        if placed:
            p = np.asarray(placed)
            d = np.hypot(cand[:, None, 0] - p[None, :, 0], cand[:, None, 1] - p[None, :, 1])
            clear = (d - p[None, :, 2] - r).min(axis=1)
        else:
            clear = np.full(tries, 1e9)
        valid = np.flatnonzero(clear >= gap)
        if valid.size == 0:
            return None
        pool = valid[:among]
        best = int(pool[np.argmax(clear[pool])])
        x, y = float(cand[best, 0]), float(cand[best, 1])
        out.append((x, y))
        placed.append((x, y, r))
    return out


def planet_radius(n: int, w: float, h: float) -> float:
    """The planet radius (mm) for a card of trim ``w``×``h`` showing ``n`` planets."""
    base = {0: 12.0, 1: 12.0, 2: 11.0, 3: 10.0, 4: 9.2, 5: 8.2, 6: 7.5}.get(n, 7.0)
    return base * min(w / 63.0, h / 88.0)


# -- labels (format 2: planet names, card titles) -------------------------------------------

NAME_PT = 7.0
"""Planet names on cards: this size, shrunk to fit but never under :data:`MIN_PT`."""
TITLE_PT = 8.5
MIN_PT = 6.0
"""No printed text is smaller than this."""
PILL = "#0B1026"
"""Labels sit on a translucent pill of the night sky, legible on any background."""
_NAME_GAP = 1.12  # a name's pill starts this many disc radii below the disc centre


@dataclass(frozen=True)
class Label:
    """A line of text on a pill: text, font, size (pt), pill width and height (mm)."""

    text: str
    font: Face
    size: float
    w: float
    h: float


def make_label(text: str, font: Face, size: float, max_w: float) -> Label:
    """``text`` at ``size`` pt, shrunk to fit ``max_w`` mm but never below :data:`MIN_PT` (a
    longer text then simply makes a wider pill)."""
    pt = fit_size(text, max_w - 2.0, size, font, MIN_PT)
    return Label(text, font, pt, text_width(text, pt, font) + 2.0, pt * MM_PER_PT * 1.2 + 1.0)


def draw_label(canvas: Canvas, label: Label, cx: float, top: float, ink_saver: bool) -> None:
    """The label centred on ``cx`` with its pill's top edge at ``top``."""
    y = top - label.h
    if ink_saver:
        canvas.rect(cx - label.w / 2, y, label.w, label.h,
                    Style(fill=WHITE, stroke=INK, width=0.25), radius=label.h / 2)
        fill = BLACK
    else:
        canvas.rect(cx - label.w / 2, y, label.w, label.h, Style(fill=PILL, opacity=0.72),
                    radius=label.h / 2)
        fill = "#F4F6FF"
    # baseline: the pill's middle minus about a third of the size (DejaVu's x-height centre)
    base = y + label.h / 2 - label.size * MM_PER_PT * 0.34
    canvas.text(cx, base, label.text, label.size, label.font, fill=fill, anchor="middle")


def named_footprint(r: float, label: Label) -> tuple[float, float]:
    """(radius, downward offset) of the circle enclosing a disc of radius ``r`` with its letter
    tag and its name ``label`` below: the layout keeps other things out of this circle, whose
    centre lies ``offset`` mm below the disc centre."""
    top = r * 1.06  # the halo
    bottom = -(r * _NAME_GAP + label.h)
    cy = (top + bottom) / 2
    tag_x, tag_y, tag_r = r * 0.74, -r * 0.74, r * 0.33
    radius = max(top - cy,
                 math.hypot(label.w / 2, bottom - cy),
                 math.hypot(r * 1.06, cy),
                 math.hypot(tag_x, tag_y - cy) + tag_r)
    return radius, -cy


class _ArtBox:
    """A card's art box: its trim size plus ``bleed`` on every side (what sheets impose)."""

    trim_w: float
    trim_h: float
    bleed: float

    @property
    def width(self) -> float:
        return self.trim_w + 2 * self.bleed

    @property
    def height(self) -> float:
        return self.trim_h + 2 * self.bleed

    @property
    def trim(self) -> tuple[float, float, float, float]:
        """The trim box (x, y, w, h) within the art box."""
        return (self.bleed, self.bleed, self.trim_w, self.trim_h)


class CardFront(_ArtBox):
    """The face of one constellation card, with bleed: an item the sheets can impose.

    ``width``/``height`` include ``bleed_mm`` on every side. ``draw`` paints the whole art box
    with its lower-left corner at the canvas origin.
    """

    def __init__(self, deck: Deck, card: Card, size_mm: tuple[float, float] = (63.0, 88.0),
                 bleed_mm: float = DEFAULT_BLEED_MM, seed: int = 1,
                 ink_saver: bool = False) -> None:
        if seed < 0:
            raise ValueError(f"seed must be ≥ 0, got {seed}")
        self.deck, self.card = deck, card
        self.trim_w, self.trim_h = size_mm
        self.bleed = bleed_mm
        self.seed, self.ink_saver = seed, ink_saver

    @property
    def id(self) -> int:
        """The card's id (printed small on the card)."""
        return self.card.id

    @property
    def safe(self) -> tuple[float, float, float, float]:
        """The safe zone (x0, y0, x1, y1) within the art box."""
        b, s = self.bleed, SAFE_MM
        return (b + s, b + s, b + self.trim_w - s, b + self.trim_h - s)

    def _id_label(self) -> tuple[float, float, float, float]:
        """Where the card id goes: (x, baseline y, size pt, circle radius that keeps art off)."""
        x0, y0, _, _ = self.safe
        return (x0, y0 + 0.2, 7.0, 4.6)

    @property
    def font(self) -> Face:
        """The face of the words a theme adds (names, titles): the theme font, else bold."""
        return self.deck.theme.font_face or "bold"

    @property
    def background(self) -> Picture | None:
        """The picture covering this front (the card's own, else the theme's), or None for
        the built-in star field; ink-saver mode never prints one."""
        if self.ink_saver:
            return None
        return self.card.art or self.deck.theme.background_art

    @cached_property
    def title_label(self) -> Label | None:
        """The card's title line (None without a title)."""
        if not self.card.title:
            return None
        x0, _, x1, _ = self.safe
        return make_label(self.card.title, self.font, TITLE_PT, x1 - x0)

    def name_label(self, planet: Planet, r: float) -> Label:
        """A planet's name label for a disc of radius ``r``."""
        return make_label(planet.name, self.font, NAME_PT, max(2.6 * r, 14.0))

    @cached_property
    def layout(self) -> tuple[Placed, ...]:
        """Everything on the front, deterministic from (seed, card id) and the size."""
        rng = np.random.default_rng((self.seed, self.card.id))
        box = self.safe
        if self.title_label is not None:  # the title's band across the top stays clear
            box = (box[0], box[1], box[2], box[3] - self.title_label.h - 0.8)
        if self.deck.theme.show_names:
            return self._named_layout(rng, box)
        lx, ly, _, lr = self._id_label()
        label = (lx + 2.0, ly + 1.0, lr)  # the id text keeps art off the lower-left corner
        n = len(self.card.planets)
        pr = planet_radius(n, self.trim_w, self.trim_h)
        unit = min(self.trim_w / 63.0, self.trim_h / 88.0)
        big: list[tuple[str, float]] = []
        if self.card.black_hole:
            big.append(("black_hole", 10.0 * unit))
        big += [(p, pr * FOOTPRINT) for p in self.card.planets]
        order = rng.permutation(len(big)).tolist()  # who claims room first varies by card
        shrink = 1.0
        for _ in range(16):
            spots = _scatter(rng, [big[i][1] * shrink for i in order], box, [label], gap=1.2)
            if spots is not None:
                break
            shrink *= 0.93
        else:  # pragma: no cover - 16 shrinks leave tiny discs that always fit
            raise RuntimeError(f"card {self.card.id}: cannot lay out its planets")
        out: list[Placed] = []
        obstacles = [label]
        for i, (x, y) in zip(order, spots, strict=True):
            kind, fr = big[i]
            r = fr * shrink
            obstacles.append((x, y, r))
            if kind == "black_hole":
                out.append(Placed("black_hole", x, y, r))
            else:
                out.append(Placed("planet", x, y, r / FOOTPRINT, planet=kind))
        out.sort(key=lambda p: (p.kind != "black_hole", p.planet))
        return (*out, *self._decoys(rng, box, obstacles, unit))

    def _named_layout(self, rng: np.random.Generator,
                      box: tuple[float, float, float, float]) -> tuple[Placed, ...]:
        """The layout when planet names are shown: as :attr:`layout`, with each planet's
        keep-out circle enclosing its name label (recomputed at every shrink, since the label
        keeps its size while the disc shrinks)."""
        lx, ly, _, lr = self._id_label()
        label = (lx + 2.0, ly + 1.0, lr)
        n = len(self.card.planets)
        pr = planet_radius(n, self.trim_w, self.trim_h)
        unit = min(self.trim_w / 63.0, self.trim_h / 88.0)
        kinds: list[str] = (["black_hole"] if self.card.black_hole else []) + list(
            self.card.planets)
        order = rng.permutation(len(kinds)).tolist()

        def footprint(kind: str, shrink: float) -> tuple[float, float]:
            if kind == "black_hole":
                return 10.0 * unit * shrink, 0.0
            r = pr * shrink
            return named_footprint(r, self.name_label(self.deck.planet(kind), r))

        shrink = 1.0
        for _ in range(24):
            fps = [footprint(kinds[i], shrink) for i in order]
            spots = _scatter(rng, [f[0] for f in fps], box, [label], gap=1.2)
            if spots is not None:
                break
            shrink *= 0.93
        else:  # pragma: no cover - 24 shrinks leave tiny discs that always fit
            raise RuntimeError(f"card {self.card.id}: cannot lay out its planets")
        out: list[Placed] = []
        obstacles = [label]
        for i, (x, y), (fr, down) in zip(order, spots, fps, strict=True):
            obstacles.append((x, y, fr))
            if kinds[i] == "black_hole":
                out.append(Placed("black_hole", x, y, fr))
            else:
                out.append(Placed("planet", x, y + down, pr * shrink, planet=kinds[i]))
        out.sort(key=lambda p: (p.kind != "black_hole", p.planet))
        return (*out, *self._decoys(rng, box, obstacles, unit))

    def _decoys(self, rng: np.random.Generator, box: tuple[float, float, float, float],
                obstacles: list[tuple[float, float, float]], unit: float) -> list[Placed]:
        """Comets (bounding circle ≈ half their length) then sparkles, scattered clear of
        ``obstacles``; they shrink rather than go missing when a crowded card leaves little
        room."""
        small = ([("comet", 10.6 * unit)] * self.card.comets
                 + [("star", 2.3 * unit)] * self.card.stars)
        shrink = 1.0
        for _ in range(20):
            spots = _scatter(rng, [r * shrink for _, r in small], box, obstacles, gap=0.8)
            if spots is not None:
                break
            shrink *= 0.9
        else:  # pragma: no cover
            raise RuntimeError(f"card {self.card.id}: cannot lay out its decoys")
        angles = rng.uniform(0.0, 360.0, len(small))
        return [Placed(kind, x, y, r * shrink, round(float(a), 1))
                for (kind, r), (x, y), a in zip(small, spots, angles, strict=True)]

    def _draw_background(self, canvas: Canvas, picture: Picture) -> None:
        """The picture covering the whole art box (bleed included), defined once per picture
        and size: a background shared by many cards is one form, its image embedded once."""
        w, h = self.width, self.height
        name = f"bg-{picture.key[:16]}-{w:g}x{h:g}"

        def paint(c: Canvas) -> None:
            c.clip_rect(0, 0, w, h)
            c.image(picture, *cover(picture, (0.0, 0.0, w, h)))

        canvas.define(name, w, h, paint)
        canvas.place(name, 0, 0)

    def draw(self, canvas: Canvas) -> None:
        """Paint the front: sky (or the theme's picture) into the bleed, black hole, planets,
        decoys, the names and title a theme asks for, the card id."""
        rng = np.random.default_rng((self.seed, self.card.id, 1))
        variant = int(rng.integers(SKY_VARIANTS))
        background = self.background
        if background is not None:
            self._draw_background(canvas, background)
        else:
            sky = _define_sky(canvas, self.width, self.height, variant, self.ink_saver)
            canvas.place(sky, 0, 0)
        for p in self.layout:
            if p.kind == "planet":
                planet_disc(canvas, self.deck.planet(p.planet), p.x, p.y, p.r, self.ink_saver)
            elif p.kind == "black_hole":
                name = _define_black_hole(canvas, self.ink_saver)
                s = p.r / 10.4  # the art's glow reaches radius 10.2
                canvas.place(name, p.x - 11 * s, p.y - 11 * s, s)
            elif p.kind == "comet":
                name = _define_comet(canvas, self.ink_saver)
                s = p.r / 10.6  # the art's 21 mm length fits a circle of radius 10.6
                canvas.save()
                canvas.translate(p.x, p.y)
                canvas.rotate(p.angle)
                # centre the comet's 21 mm length on its bounding circle
                canvas.place(name, -10.5 * s, -3 * s, s)
                canvas.restore()
            elif p.kind == "star":
                name = _define_sparkle(canvas, self.ink_saver)
                s = p.r / 2.3
                canvas.place(name, p.x - 2.2 * s, p.y - 2.2 * s, s)
        if self.deck.theme.show_names:
            for p in self.layout:
                if p.kind == "planet":
                    draw_label(canvas, self.name_label(self.deck.planet(p.planet), p.r), p.x,
                               p.y - p.r * _NAME_GAP, self.ink_saver)
        if self.title_label is not None:
            x0, _, x1, y1 = self.safe
            draw_label(canvas, self.title_label, (x0 + x1) / 2, y1, self.ink_saver)
        x, y, size, _ = self._id_label()
        colour = "#4A4A4A" if self.ink_saver else "#B4BCDD"
        if background is not None:
            # a picture may be light where the id goes: give the id the labels' dark pill
            w = text_width(str(self.card.id), size, "mono")
            canvas.rect(x - 0.8, y - 0.9, w + 1.6, size * MM_PER_PT + 1.2,
                        Style(fill=PILL, opacity=0.72), radius=0.8)
        canvas.text(x, y, str(self.card.id), size, "mono", fill=colour)


class CardBack(_ArtBox):
    """The common back of every card of a deck, with bleed; defined once per document."""

    def __init__(self, deck: Deck, size_mm: tuple[float, float] = (63.0, 88.0),
                 bleed_mm: float = DEFAULT_BLEED_MM, ink_saver: bool = False,
                 title: str = "SPACE BOWL") -> None:
        self.deck = deck
        self.trim_w, self.trim_h = size_mm
        self.bleed = bleed_mm
        self.ink_saver = ink_saver
        self.title = title

    id = 0
    """Backs are all alike; the sheets only need an id for bookkeeping."""

    @property
    def picture(self) -> Picture | None:
        """The theme's back picture (None for the built-in back, and in ink-saver mode)."""
        return None if self.ink_saver else self.deck.theme.back_art

    @property
    def art_name(self) -> str:
        """The name the back is defined under (unique per deck, size, ink mode and theme)."""
        name = (f"back-{self.deck.name}-{self.width:g}x{self.height:g}"
                f"{'-ink' if self.ink_saver else ''}")
        if self.picture is not None:
            name += f"-img{self.picture.key[:16]}"
        elif self.deck.theme.font_face is not None:
            name += f"-{self.deck.theme.font_face.name}"
        return name

    def _paint(self, c: Canvas) -> None:
        W, H, ink = self.width, self.height, self.ink_saver
        picture = self.picture
        if picture is not None:
            # The designer's back, full bleed; nothing of ours on it.
            c.clip_rect(0, 0, W, H)
            c.image(picture, *cover(picture, (0.0, 0.0, W, H)))
            return
        cx, cy = W / 2, H / 2
        unit = min(self.trim_w / 63.0, self.trim_h / 88.0)
        line = INK if ink else "#C9D3FF"
        if not ink:
            c.rect(0, 0, W, H, Style(fill=SPACE))
            for rr, op in ((34.0, 0.16), (24.0, 0.2), (15.0, 0.24)):
                c.circle(cx, cy, rr * unit, Style(fill="#3A2A6B", opacity=op))
        # A frame inside the safe zone, so a slightly off-centre cut still looks even.
        inset = self.bleed + SAFE_MM
        c.rect(inset, inset, W - 2 * inset, H - 2 * inset,
               Style(stroke=line, width=0.35, opacity=0.7), radius=2.5 * unit)
        # The motif: a bowl seen from above, orbits tilted around it, the deck's planets on them.
        for k, (rx, ry, rot) in enumerate(((25.0, 9.0, 28.0), (25.0, 9.0, -28.0),
                                          (19.0, 19.0, 0.0))):
            c.save()
            c.translate(cx, cy)
            c.rotate(rot)
            c.scale(rx * unit / 10.0, ry * unit / 10.0)
            # a circle of radius 10 scaled into an ellipse; its stroke width is compensated
            c.circle(0, 0, 10.0, Style(stroke=line, width=0.3 * 10.0 / (ry * unit),
                                       opacity=0.55 if k < 2 else 0.35))
            c.restore()
        c.circle(cx, cy, 9.0 * unit, Style(fill=WHITE if ink else "#1B2450", stroke=line,
                                           width=0.6))
        c.circle(cx, cy, 6.2 * unit, Style(stroke=line, width=0.3, dash=(0.8, 0.8)))
        for i, planet in enumerate(self.deck.planets):
            a = math.radians(90 + 60 * i)
            px, py = cx + 19.0 * unit * math.cos(a), cy + 19.0 * unit * math.sin(a)
            c.circle(px, py, 2.3 * unit, Style(fill=WHITE if ink else planet.colour,
                                               stroke=planet.colour if ink else WHITE,
                                               width=0.9 if ink else 0.3))
        text = BLACK if ink else "#F4F6FF"
        room = self.trim_w - 2 * SAFE_MM - 4
        user = self.deck.theme.font_face
        bold: Face = user or "bold"
        regular: Face = user or "regular"
        size = fit_size(self.title, room, 15.0 * unit, bold)
        top = self.bleed + self.trim_h - SAFE_MM - 9.0 * unit
        c.text(cx, top, self.title, size, bold, fill=text, anchor="middle")
        sub = self.deck.title
        size2 = fit_size(sub, room, 9.0 * unit, regular)
        c.text(cx, self.bleed + SAFE_MM + 5.5 * unit, sub, size2, regular, fill=text,
               anchor="middle")

    def draw(self, canvas: Canvas) -> None:
        """Place the back (defining it on first use in this document)."""
        canvas.define(self.art_name, self.width, self.height, self._paint)
        canvas.place(self.art_name, 0, 0)


def art_warnings(deck: Deck, size_mm: tuple[float, float] = (63.0, 88.0),
                 bleed_mm: float = DEFAULT_BLEED_MM) -> list[str]:
    """One line per theme picture that will not print well at this card size: a raster under
    :data:`~spacebowl_print.render.images.PRINT_DPI` at its printed size, a background or back
    whose shape differs enough from the card's that more than a tenth of it is cut away, SVG
    art that sets text (printed in a font the PDF cannot embed). Empty for a deck without a
    theme. The deck still prints; these are warnings."""
    out: list[str] = []
    w, h = size_mm[0] + 2 * bleed_mm, size_mm[1] + 2 * bleed_mm
    disc = 2 * planet_radius(1, *size_mm)  # the largest a planet is drawn on a card
    seen: set[tuple[str, str]] = set()

    def check(picture: Picture | None, what: str, pw: float, ph: float, full: bool) -> None:
        if picture is None or (picture.key, what) in seen:
            return
        seen.add((picture.key, what))
        name = picture.source or what
        dpi = print_dpi(picture, pw, ph)
        if dpi is not None and dpi < PRINT_DPI:
            need_w = math.ceil(picture.width * PRINT_DPI / dpi)
            need_h = math.ceil(picture.height * PRINT_DPI / dpi)
            out.append(f"{what}: {name} is {dpi:.0f} dpi at print size ({pw:g}×{ph:g} mm), "
                       f"under {PRINT_DPI:.0f}: it will look soft (use {need_w}×{need_h} "
                       f"pixels or more)")
        if full and crop_share(picture, pw, ph) > 0.10:
            out.append(f"{what}: {name} is {picture.width:g}×{picture.height:g}, a different "
                       f"shape from the card ({pw:g}×{ph:g} mm with bleed): "
                       f"{100 * crop_share(picture, pw, ph):.0f} % of it is cut away")
        if picture.kind == "svg" and svg_has_text(picture.data):
            out.append(f"{what}: {name} sets text, which the PDF would print in a font it "
                       f"cannot embed: convert the text to paths")

    theme = deck.theme
    check(theme.background_art, "theme.background", w, h, True)
    check(theme.back_art, "theme.back", w, h, True)
    for p in deck.planets:
        check(p.art, f"planet {p.id}.image", disc, disc, False)
    for c in deck.cards:
        check(c.art, f"card {c.id}.image", w, h, True)
    return out


def card_items(deck: Deck, size_mm: tuple[float, float] = (63.0, 88.0),
               bleed_mm: float = DEFAULT_BLEED_MM, seed: int = 1,
               ink_saver: bool = False) -> list[CardFront]:
    """A front for every card of ``deck``, in deck order."""
    return [CardFront(deck, c, size_mm, bleed_mm, seed, ink_saver) for c in deck.cards]


__all__ = [
    "CARD_SIZES", "DEFAULT_BLEED_MM", "FOOTPRINT", "MIN_PT", "SAFE_MM", "CardBack", "CardFront",
    "Label", "Placed", "art_warnings", "card_items", "glyph_colours", "parse_card_size",
    "planet_disc", "planet_radius",
]
