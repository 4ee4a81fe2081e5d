"""Constellation card fronts: where each planet, the black hole and the decoys lie on a card,
and the front drawn from that layout.

A front's layout depends only on the deck's card, the size, the bleed and
``numpy.random.default_rng((seed, card.id))``: the same inputs always give the same drawing.
The pieces it places are those of :mod:`.sky`; a deck's theme (:mod:`.themed`) adds a
full-bleed picture instead of the star field, planet names and a card title on pills. A card's
free ``text`` (format 2) is set in a block on the same pill, wrapped to the safe zone's width,
where the theme places it (``[theme] text_position``): above the card id (``bottom``) or under
the title (``top``); the planets keep clear of it. The common back is :mod:`.cardback`; sizes
and the art box are :mod:`.cardsize`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from spacebowl_print.games.spacebowl.art.cardsize import (
    DEFAULT_BLEED_MM,
    DEFAULT_CTX,
    SAFE_MM,
    planet_radius,
)
from spacebowl_print.games.spacebowl.art.sky import (
    FOOTPRINT,
    INK,
    SKY_VARIANTS,
    define_sky,
    place_black_hole,
    place_comet,
    place_sparkle,
    planet_disc,
)
from spacebowl_print.games.spacebowl.art.themed import (
    MIN_PT,
    NAME_GAP,
    NAME_PT,
    PILL,
    TITLE_PT,
    Label,
    draw_label,
    make_label,
    named_footprint,
    paint_cover,
)
from spacebowl_print.games.spacebowl.model import Card, Deck, InputError, Planet
from spacebowl_print.publish.items import ArtBox
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import MM_PER_PT, Canvas, Face, Picture, Style
from spacebowl_print.render.colour import BLACK, WHITE
from spacebowl_print.render.fonts import line_height, text_width, wrap

Extent = tuple[float, float, float, float]
"""An extent (x0, y0, x1, y1) in mm (corners, not a box's x, y, w, h)."""
Footprint = Callable[[str, float], tuple[float, float, float]]
"""For a piece (``"black_hole"`` or a planet letter) at a shrink factor: the radius of the
circle it keeps everything else out of, how far below the piece's centre that circle's centre
lies, and the radius it is drawn at."""


TEXT_PT = 7.0
"""A card's free text: this size, down to :data:`~.themed.MIN_PT` to keep within
:data:`TEXT_MAX_LINES` lines (more lines beyond that: the text takes the room it needs)."""
TEXT_MAX_LINES = 4
TEXT_PAD = 0.8
"""Padding (mm) between the text block's pill and its lines."""
ID_CLEAR = 3.6
"""The text block's pill starts this far (mm) above the safe zone's bottom: clear of the id."""


@dataclass(frozen=True)
class TextBlock:
    """A card's free text laid out: its lines, font, size (pt), pill width and height (mm)."""

    lines: tuple[str, ...]
    font: Face
    size: float
    w: float
    h: float


def text_block(text: str, font: Face, max_w: float) -> TextBlock:
    """``text`` wrapped to ``max_w`` mm (pill padding included) at :data:`TEXT_PT`, shrunk
    step by step to :data:`~.themed.MIN_PT` while it takes more than :data:`TEXT_MAX_LINES`
    lines."""
    inner = max_w - 2 * TEXT_PAD
    size = TEXT_PT
    lines = wrap(text, inner, size, font)
    while len(lines) > TEXT_MAX_LINES and size > MIN_PT:
        size = max(MIN_PT, size - 0.25)
        lines = wrap(text, inner, size, font)
    width = max(text_width(line, size, font) for line in lines) + 2 * TEXT_PAD
    return TextBlock(tuple(lines), font, size, min(max_w, width),
                     len(lines) * line_height(size) + 2 * TEXT_PAD)


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


class CardFront(ArtBox):
    """The face of one constellation card, with bleed: an item the sheets can impose.

    ``width``/``height`` include ``bleed_mm`` on every side. ``draw`` paints the whole art box
    with its lower-left corner at the canvas origin.
    """

    def __init__(self, deck: Deck, card: Card, size_mm: tuple[float, float] = (63.0, 88.0),
                 bleed_mm: float = DEFAULT_BLEED_MM, seed: int = 1,
                 ctx: RenderContext = DEFAULT_CTX) -> None:
        if seed < 0:
            raise ValueError(f"seed must be ≥ 0, got {seed}")
        self.deck, self.card = deck, card
        self.trim_w, self.trim_h = size_mm
        self.bleed = bleed_mm
        self.seed, self.ctx = seed, ctx

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
        if self.ctx.ink_saver:
            return None
        return self.card.art or self.deck.theme.background_art

    @cached_property
    def text(self) -> TextBlock | None:
        """The card's free text block (None without text)."""
        if not self.card.text:
            return None
        x0, _, x1, _ = self.safe
        font: Face = self.deck.theme.font_face or "regular"
        return text_block(self.card.text, font, x1 - x0)

    def text_top(self, block: TextBlock) -> float:
        """Where the top of the text ``block``'s pill lies (mm from the art box's bottom)."""
        _, y0, _, y1 = self.safe
        if self.deck.theme.text_position == "top":
            return y1 - (self.title_label.h + 0.8 if self.title_label is not None else 0.0)
        return y0 + ID_CLEAR + block.h

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
        rng = np.random.default_rng((self.seed, self.card.design_id))  # copies look alike
        box = self.safe
        if self.title_label is not None:  # the title's band across the top stays clear
            box = (box[0], box[1], box[2], box[3] - self.title_label.h - 0.8)
        if self.text is not None:  # and so does the text's
            top = self.text_top(self.text)
            if self.deck.theme.text_position == "top":
                box = (box[0], box[1], box[2], top - self.text.h - 0.8)
            else:
                box = (box[0], top + 0.8, box[2], box[3])
        unit = min(self.trim_w / 63.0, self.trim_h / 88.0)
        if self.deck.theme.show_names:
            discs, obstacles = self._scatter_discs(rng, box, self._named_footprint(unit), 24)
        else:
            discs, obstacles = self._scatter_discs(rng, box, self._footprint(unit), 16)
        return (*discs, *self._decoys(rng, box, obstacles, unit))

    def _footprint(self, unit: float) -> Footprint:
        """Each planet keeps others out of a circle :data:`FOOTPRINT` times its radius (its
        letter tag overhangs the disc); the black hole out of its glow."""
        pr = planet_radius(len(self.card.planets), self.trim_w, self.trim_h)
        big = pr * FOOTPRINT

        def footprint(kind: str, shrink: float) -> tuple[float, float, float]:
            if kind == "black_hole":
                r = 10.0 * unit * shrink
                return r, 0.0, r
            r = big * shrink
            return r, 0.0, r / FOOTPRINT

        return footprint

    def _named_footprint(self, unit: float) -> Footprint:
        """When planet names are shown, each planet's keep-out circle encloses its name label
        (recomputed at every shrink, since the label keeps its size while the disc
        shrinks)."""
        pr = planet_radius(len(self.card.planets), self.trim_w, self.trim_h)

        def footprint(kind: str, shrink: float) -> tuple[float, float, float]:
            if kind == "black_hole":
                r = 10.0 * unit * shrink
                return r, 0.0, r
            r = pr * shrink
            keep_out, down = named_footprint(r, self.name_label(self.deck.planet(kind), r))
            return keep_out, down, r

        return footprint

    def _scatter_discs(self, rng: np.random.Generator, box: Extent, footprint: Footprint,
                       tries: int) -> tuple[list[Placed], list[tuple[float, float, float]]]:
        """The black hole and the planets scattered in ``box`` clear of the card id, shrunk
        together (at most ``tries`` times) until they fit; and the circles they keep others
        out of (the id's first)."""
        lx, ly, _, lr = self._id_label()
        label = (lx + 2.0, ly + 1.0, lr)  # the id text keeps art off the lower-left corner
        kinds = (["black_hole"] if self.card.black_hole else []) + list(self.card.planets)
        order = rng.permutation(len(kinds)).tolist()  # who claims room first varies by card
        shrink = 1.0
        for _ in range(tries):
            fps = [footprint(kinds[i], shrink) for i in order]
            spots = _scatter(rng, [f[0] for f in fps], box, [label], gap=1.2)
            if spots is not None:
                break
            shrink *= 0.93
        else:  # pragma: no cover - so many shrinks leave tiny discs that always fit
            raise RuntimeError(f"card {self.card.id}: cannot lay out its planets")
        out: list[Placed] = []
        obstacles = [label]
        for i, (x, y), (keep_out, down, r) in zip(order, spots, fps, strict=True):
            obstacles.append((x, y, keep_out))
            if kinds[i] == "black_hole":
                out.append(Placed("black_hole", x, y, r))
            else:
                out.append(Placed("planet", x, y + down, r, planet=kinds[i]))
        out.sort(key=lambda p: (p.kind != "black_hole", p.planet))
        return out, obstacles

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

    def draw(self, canvas: Canvas) -> None:
        """Paint the front: sky (or the theme's picture) into the bleed, black hole, planets,
        decoys, the names and title a theme asks for, the card's text, the card id."""
        self._draw_backdrop(canvas)
        for p in self.layout:
            self._draw_piece(canvas, p)
        self._draw_labels(canvas)
        self._draw_text(canvas)
        self._draw_id(canvas)

    def _draw_backdrop(self, canvas: Canvas) -> None:
        """The theme's picture, or one of the shared star fields, into the bleed."""
        rng = np.random.default_rng((self.seed, self.card.design_id, 1))
        variant = int(rng.integers(SKY_VARIANTS))
        background = self.background
        if background is not None:
            self._draw_background(canvas, background)
        else:
            sky = define_sky(canvas, self.width, self.height, variant, self.ctx.ink_saver)
            canvas.place(sky, 0, 0)

    def _draw_background(self, canvas: Canvas, picture: Picture) -> None:
        """The picture covering the whole art box (bleed included), defined once per picture
        and size: a background shared by many cards is one form, its image embedded once."""
        w, h = self.width, self.height
        name = f"bg-{picture.key[:16]}-{w:g}x{h:g}"
        canvas.define(name, w, h, lambda c: paint_cover(c, picture, w, h))
        canvas.place(name, 0, 0)

    def _draw_piece(self, canvas: Canvas, p: Placed) -> None:
        if p.kind == "planet":
            planet_disc(canvas, self.deck.planet(p.planet), p.x, p.y, p.r, self.ctx.ink_saver)
        elif p.kind == "black_hole":
            place_black_hole(canvas, p.x, p.y, p.r, self.ctx.ink_saver)
        elif p.kind == "comet":
            place_comet(canvas, p.x, p.y, p.r, p.angle, self.ctx.ink_saver)
        elif p.kind == "star":
            place_sparkle(canvas, p.x, p.y, p.r, self.ctx.ink_saver)

    def _draw_text(self, canvas: Canvas) -> None:
        """The free text block: its lines centred on a pill across the safe zone."""
        block = self.text
        if block is None:
            return
        x0, _, x1, _ = self.safe
        cx, top = (x0 + x1) / 2, self.text_top(block)
        if self.ctx.ink_saver:
            style, fill = Style(fill=WHITE, stroke=INK, width=0.25), BLACK
        else:
            style, fill = Style(fill=PILL, opacity=0.72), "#F4F6FF"
        canvas.rect(cx - block.w / 2, top - block.h, block.w, block.h, style, radius=1.2)
        lh = line_height(block.size)
        for k, line in enumerate(block.lines):
            base = top - TEXT_PAD - (k + 1) * lh + lh * 0.25  # descenders inside the line
            canvas.text(cx, base, line, block.size, block.font, fill=fill, anchor="middle")

    def _draw_labels(self, canvas: Canvas) -> None:
        """The planet names and the card title a theme asks for."""
        if self.deck.theme.show_names:
            for p in self.layout:
                if p.kind == "planet":
                    draw_label(canvas, self.name_label(self.deck.planet(p.planet), p.r), p.x,
                               p.y - p.r * NAME_GAP, self.ctx.ink_saver)
        if self.title_label is not None:
            x0, _, x1, y1 = self.safe
            draw_label(canvas, self.title_label, (x0 + x1) / 2, y1, self.ctx.ink_saver)

    def _draw_id(self, canvas: Canvas) -> None:
        """The card id, small in the lower-left corner; on a dark pill over a picture."""
        x, y, size, _ = self._id_label()
        colour = "#4A4A4A" if self.ctx.ink_saver else "#B4BCDD"
        if self.background is not None:
            # a picture may be light where the id goes: give the id the labels' dark pill
            w = text_width(str(self.card.id), size, "mono")
            canvas.rect(x - 0.8, y - 0.9, w + 1.6, size * MM_PER_PT + 1.2,
                        Style(fill=PILL, opacity=0.72), radius=0.8)
        canvas.text(x, y, str(self.card.id), size, "mono", fill=colour)

def card_items(deck: Deck, size_mm: tuple[float, float] = (63.0, 88.0),
               bleed_mm: float = DEFAULT_BLEED_MM, seed: int = 1,
               ctx: RenderContext = DEFAULT_CTX) -> list[CardFront]:
    """A front for every card of ``deck``, in deck order, drawn as ``ctx`` says (ink saver)."""
    return [CardFront(deck, c, size_mm, bleed_mm, seed, ctx) for c in deck.cards]


def layout_problem(deck: Deck, size_mm: tuple[float, float] = (63.0, 88.0), seed: int = 1
                   ) -> InputError | None:
    """Why some card of ``deck`` cannot be printed at ``size_mm`` (its planets, their names
    and its decoys do not fit; its title is wider than the card), as an :class:`InputError`
    naming the card, or None. ``deck check`` runs it at the standard size, ``kit`` at the
    size asked for, before anything is drawn."""
    for front in card_items(deck, size_mm, DEFAULT_BLEED_MM, seed):
        x0, _, x1, _ = front.safe
        title = front.title_label
        if title is not None and title.w > x1 - x0:
            return InputError(f"is {title.w:.0f} mm wide at {title.size:g} pt: wider than "
                              f"a {size_mm[0]:g}×{size_mm[1]:g} mm card (shorten it)",
                              f"card {front.card.id}", "title")
        try:
            front.layout  # noqa: B018 - laying out is the check
        except RuntimeError:
            names = " and their names" if deck.theme.show_names else ""
            return InputError(f"its planets{names} do not fit on a {size_mm[0]:g}×"
                              f"{size_mm[1]:g} mm card (use shorter planet names or larger "
                              "cards)", f"card {front.card.id}")
    return None


__all__ = ["TEXT_PT", "CardFront", "Placed", "TextBlock", "card_items", "layout_problem",
           "text_block"]
