"""The pieces of a card's sky: planet discs, the black hole, comets, decoy sparkles and the
star-field backgrounds, each defined once per document and placed (scaled, turned) wherever
it is drawn.

All art is original and drawn against :mod:`spacebowl_print.render.api`, so the same code makes
the PDF sheets and the per-card SVG files. A planet with a theme picture (format 2) shows the
picture inside its disc, over its colour, letter tag kept; ink-saver mode ignores pictures.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from spacebowl_print.games.spacebowl.art.glyphs import circle_path, draw_glyph
from spacebowl_print.games.spacebowl.model import Planet
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.colour import BLACK, WHITE, luminance, mix
from spacebowl_print.render.images import cover

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

def define_black_hole(canvas: Canvas, ink_saver: bool) -> str:
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


def define_comet(canvas: Canvas, ink_saver: bool) -> str:
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


def define_sparkle(canvas: Canvas, ink_saver: bool) -> str:
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


def define_sky(canvas: Canvas, w: float, h: float, variant: int, ink_saver: bool) -> str:
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


def place_black_hole(canvas: Canvas, x: float, y: float, r: float, ink_saver: bool) -> None:
    """The black hole centred on (x, y), its glow filling a circle of radius ``r``."""
    name = define_black_hole(canvas, ink_saver)
    s = r / 10.4  # the art's glow reaches radius 10.2
    canvas.place(name, x - 11 * s, y - 11 * s, s)


def place_comet(canvas: Canvas, x: float, y: float, r: float, angle: float,
                ink_saver: bool) -> None:
    """A comet turned by ``angle`` degrees, its length across the circle of radius ``r``
    centred on (x, y)."""
    name = define_comet(canvas, ink_saver)
    s = r / 10.6  # the art's 21 mm length fits a circle of radius 10.6
    canvas.save()
    canvas.translate(x, y)
    canvas.rotate(angle)
    # centre the comet's 21 mm length on its bounding circle
    canvas.place(name, -10.5 * s, -3 * s, s)
    canvas.restore()


def place_sparkle(canvas: Canvas, x: float, y: float, r: float, ink_saver: bool) -> None:
    """A decoy sparkle centred on (x, y), filling a circle of radius ``r``."""
    name = define_sparkle(canvas, ink_saver)
    s = r / 2.3
    canvas.place(name, x - 2.2 * s, y - 2.2 * s, s)


__all__ = [
    "FOOTPRINT", "INK", "SKY_VARIANTS", "SPACE", "TAG_MIN_R", "TAG_PT", "define_black_hole",
    "define_comet", "define_sky", "define_sparkle", "glyph_colours", "place_black_hole",
    "place_comet", "place_sparkle", "planet_disc",
]
