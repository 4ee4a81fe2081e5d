"""What a deck's theme (format 2, ``docs/deck-format.md``) adds to the cards: labels on
translucent pills (planet names, card titles) set in the theme ``font``, pictures covering a
card full bleed, and the warnings about pictures that will not print well.

A theme changes the art, never the game; a deck without a theme draws exactly as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from spacebowl_print.games.spacebowl.art.cardsize import DEFAULT_BLEED_MM, planet_radius
from spacebowl_print.games.spacebowl.art.sky import INK
from spacebowl_print.games.spacebowl.model import Deck
from spacebowl_print.render.api import MM_PER_PT, Canvas, Face, Picture, Style
from spacebowl_print.render.colour import BLACK, WHITE
from spacebowl_print.render.fonts import fit_size, text_width
from spacebowl_print.render.images import PRINT_DPI, cover, crop_share, print_dpi, svg_has_text

# -- labels (format 2: planet names, card titles) -------------------------------------------

NAME_PT = 7.0
"""Planet names on cards: this size, shrunk to fit but never under :data:`MIN_PT`."""
TITLE_PT = 8.5
MIN_PT = 6.0
"""No printed text is smaller than this."""
PILL = "#0B1026"
"""Labels sit on a translucent pill of the night sky, legible on any background."""
NAME_GAP = 1.12
"""A name's pill starts this many disc radii below the disc centre."""


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
    bottom = -(r * NAME_GAP + label.h)
    cy = (top + bottom) / 2
    tag_x, tag_y, tag_r = r * 0.74, -r * 0.74, r * 0.33
    radius = max(top - cy,
                 math.hypot(label.w / 2, bottom - cy),
                 math.hypot(r * 1.06, cy),
                 math.hypot(tag_x, tag_y - cy) + tag_r)
    return radius, -cy


def paint_cover(canvas: Canvas, picture: Picture, w: float, h: float) -> None:
    """``picture`` covering the box (0, 0, ``w``, ``h``), cut to it."""
    canvas.clip_rect(0, 0, w, h)
    canvas.image(picture, *cover(picture, (0.0, 0.0, w, h)))

def pixels_for(w_mm: float, h_mm: float, dpi: float = PRINT_DPI) -> tuple[int, int]:
    """The pixels a picture needs to cover a ``w_mm`` × ``h_mm`` place at ``dpi``: the place's
    own shape (a poker card with bleed, 69 × 94 mm at 300 dpi: 815 × 1111)."""
    return (math.ceil(round(w_mm / 25.4 * dpi, 6)), math.ceil(round(h_mm / 25.4 * dpi, 6)))


def kept_pixels(picture: Picture, w_mm: float, h_mm: float) -> tuple[int, int]:
    """The part of ``picture`` (in its pixels, centred) that is printed when it covers a
    ``w_mm`` × ``h_mm`` place: the rest is cut away."""
    scale = max(w_mm / picture.width, h_mm / picture.height)  # mm per pixel
    return (round(min(picture.width, w_mm / scale)), round(min(picture.height, h_mm / scale)))


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
        shape = "the card's shape with bleed" if full else "a square"
        if dpi is not None and dpi < PRINT_DPI:
            # the pixels the place needs: its own shape at 300 dpi (not the picture's shape
            # scaled up, which would keep a wrong shape)
            need_w, need_h = pixels_for(pw, ph)
            out.append(f"{what}: {name} is {dpi:.0f} dpi at print size ({pw:g}×{ph:g} mm), "
                       f"under {PRINT_DPI:.0f}: it will look soft (use {need_w}×{need_h} "
                       f"pixels or more, {shape})")
        share = crop_share(picture, pw, ph)
        if full and share > 0.10:
            kept_w, kept_h = kept_pixels(picture, pw, ph)
            need_w, need_h = pixels_for(pw, ph)
            out.append(f"{what}: {name} is {picture.width:g}×{picture.height:g}, a different "
                       f"shape from the card ({pw:g}×{ph:g} mm with bleed): {100 * share:.0f} % "
                       f"of it is cut away, only its middle {kept_w}×{kept_h} is printed "
                       f"(make it {need_w}×{need_h} pixels, or that shape)")
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


__all__ = [
    "MIN_PT", "NAME_GAP", "NAME_PT", "PILL", "TITLE_PT", "Label", "art_warnings", "draw_label",
    "kept_pixels", "make_label", "named_footprint", "paint_cover", "pixels_for",
]
