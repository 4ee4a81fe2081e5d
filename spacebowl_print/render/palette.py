"""Player colours that survive greyscale printing: a colour-blind-safe fill, a pattern and a
number each, plus the pattern painter and a swatch. Shared by every game's tokens and pads."""

from __future__ import annotations

import math
from dataclasses import dataclass

from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.colour import ink_on, tint


@dataclass(frozen=True)
class PlayerColour:
    """A crew colour: fill, a pattern that survives greyscale printing, and names."""

    number: int
    colour: str
    pattern: str
    names: dict[str, str]

    def name(self, lang: str) -> str:
        """The colour's name in ``lang``."""
        return self.names[lang]


# Paul Tol's "muted" qualitative scheme: distinguishable with the common colour-vision
# deficiencies, and disjoint from the Okabe–Ito colours the classic deck gives its planets,
# so a crew token is never mistaken for a planet. Each also carries a distinct pattern and
# a number, because in greyscale several of these colours have similar lightness.
PLAYER_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour(1, "#332288", "plain", {"en": "Indigo", "fr": "Indigo", "de": "Indigo"}),
    PlayerColour(2, "#88CCEE", "hstripes", {"en": "Cyan", "fr": "Cyan", "de": "Cyan"}),
    PlayerColour(3, "#44AA99", "vstripes", {"en": "Teal", "fr": "Sarcelle", "de": "Petrol"}),
    PlayerColour(4, "#117733", "diagonal", {"en": "Green", "fr": "Vert", "de": "Grün"}),
    PlayerColour(5, "#999933", "dots", {"en": "Olive", "fr": "Olive", "de": "Oliv"}),
    PlayerColour(6, "#DDCC77", "checks", {"en": "Sand", "fr": "Sable", "de": "Sand"}),
    PlayerColour(7, "#CC6677", "crosshatch", {"en": "Rose", "fr": "Rose", "de": "Rosa"}),
    PlayerColour(8, "#882255", "rings", {"en": "Wine", "fr": "Bordeaux", "de": "Weinrot"}),
)
"""The 8 crew colours, in seat order."""


def fill_pattern(canvas: Canvas, x: float, y: float, w: float, h: float, pattern: str,
                 colour: str, width: float = 0.5, pitch: float = 2.5) -> None:
    """Paint ``pattern`` in ``colour`` over the rectangle (x, y, w, h), clipped to it.

    Patterns: ``plain`` (nothing), ``hstripes``, ``vstripes``, ``diagonal``, ``dots``,
    ``checks``, ``crosshatch``, ``rings``. Used on crew tokens and swatches so the 8 colours
    stay distinguishable on a black-and-white printer.
    """
    if pattern == "plain":
        return
    st = Style(stroke=colour, width=width)
    canvas.save()
    canvas.clip_rect(x, y, w, h)
    if pattern in ("hstripes", "crosshatch"):
        yy = y + pitch / 2
        while yy < y + h:
            canvas.line(x, yy, x + w, yy, st)
            yy += pitch
    if pattern in ("vstripes", "crosshatch"):
        xx = x + pitch / 2
        while xx < x + w:
            canvas.line(xx, y, xx, y + h, st)
            xx += pitch
    if pattern == "diagonal":
        d = -h
        while d < w:
            canvas.line(x + d, y, x + d + h, y + h, st)
            d += pitch * 1.2
    if pattern == "dots":
        _staggered(canvas, (x + pitch / 2, y + pitch / 2, x + w + pitch, y + h + pitch),
                   pitch / 2, pitch, pitch * 0.87, width * 0.9, Style(fill=colour))
    if pattern == "checks":
        sq = Style(fill=colour)
        cell = pitch * 1.2
        for i in range(math.ceil(w / cell) + 1):
            for j in range(math.ceil(h / cell) + 1):
                if (i + j) % 2 == 0:
                    canvas.rect(x + i * cell, y + j * cell, cell, cell, sq)
    if pattern == "rings":
        _staggered(canvas, (x + pitch, y + pitch, x + w + pitch, y + h + pitch),
                   pitch, pitch * 2, pitch * 1.7, pitch * 0.55,
                   Style(stroke=colour, width=width * 0.8))
    canvas.restore()


def _staggered(canvas: Canvas, box: tuple[float, float, float, float], shift: float,
               step_x: float, step_y: float, r: float, style: Style) -> None:
    """Circles of radius ``r`` in rows ``step_y`` apart, ``step_x`` apart along a row, every
    other row shifted right by ``shift``: from (x0, y0) while below (x_end, y_end), ``box``
    being (x0, y0, x_end, y_end)."""
    x0, yy, x_end, y_end = box
    row = 0
    while yy < y_end:
        xx = x0 + (shift if row % 2 else 0.0)
        while xx < x_end:
            canvas.circle(xx, yy, r, style)
            xx += step_x
        yy += step_y
        row += 1


def swatch(canvas: Canvas, x: float, y: float, w: float, h: float, pc: PlayerColour,
           ink_saver: bool, radius: float = 0.0) -> None:
    """A crew-colour patch: the colour (a light tint in ink-saver mode), its pattern, an
    outline in the colour. The caller draws any cut line around it."""
    if ink_saver:
        fill, pat_ink = tint(pc.colour, 0.25), pc.colour
    else:
        fill, pat_ink = pc.colour, ink_on(pc.colour)
    canvas.rect(x, y, w, h, Style(fill=fill), radius)
    fill_pattern(canvas, x + radius * 0.3, y + radius * 0.3, w - radius * 0.6,
                 h - radius * 0.6, pc.pattern, pat_ink)
    canvas.rect(x, y, w, h, Style(stroke=pc.colour, width=0.6), radius)
