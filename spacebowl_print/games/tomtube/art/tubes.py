"""The look every Tom Tube piece shares, at any size: tube colours *and* patterns (so that a
greyscale print still tells them apart), tube bands with clean junctions, the sphere sectors
tiles carry at their corners, rhomb hubs and energy crosses, counters and astronaut tokens.

Everything draws against :class:`~spacebowl_print.render.api.Canvas` (mm, y up). Sizes scale
with the caller's numbers, so the same functions draw a 35 mm tile and a 12 mm mini board.

**Telling pieces apart without colour** (Decision, documented on the kit cover and in the rule
summary):

* tubes — Tom's orange with a row of round dots, Dave's blue with rungs across, neutral light
  grey with diagonal stripes; they also print as three different greys;
* astronauts — Tom round (disc token, round-topped standee), Dave square (square token,
  gable-topped standee), each with its initial;
* counters — solar a 12-point sun, energy a disc with a cross (the cross of the energy
  spheres), control a square with a dial, alien a hexagon with eyes; each prints its value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from spacebowl_print.games.tomtube.model.board import DAVE, NEUTRAL, TOM
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style
from spacebowl_print.render.colour import mix, tint

Point = tuple[float, float]

INK = "#1A1A1A"
WHITE = "#FFFFFF"

TUBE_FILL = {TOM: "#E69F00", DAVE: "#0072B2", NEUTRAL: "#BDBDBD"}
"""Tube colours: Okabe–Ito orange and blue (safe for the common colour-vision deficiencies),
and a light grey that prints lighter than both."""
PLAYER_COLOUR = {TOM: TUBE_FILL[TOM], DAVE: TUBE_FILL[DAVE]}
PLAYER_INITIAL = {TOM: "T", DAVE: "D"}

COUNTER_FILL = {"solar": "#FFF1B8", "energy": "#F2C200", "control": "#56B4E9",
                "alien": "#009E73"}
"""Counter colours as the rulebook prints them: "a yellow energy counter", "a blue control
counter", "a green alien counter" (a golden yellow, Okabe–Ito sky blue — lighter than Dave's
blue, so the two never read alike — and bluish green); the solar counters a pale sun
yellow, told from energy by their sun shape and their owner's ring. Every kind has a shape
of its own too: a sun, a disc, a square, a hexagon."""
COUNTER_GLYPH = {"solar": INK, "energy": INK, "control": INK, "alien": WHITE}
"""The glyph on each counter: dark where the fill is light."""
COUNTER_KINDS = ("solar", "energy", "control", "alien")

SPACE = "#1D2840"
"""The board's space between modules (full-colour mode)."""
TILE_FACE = "#F3F5F9"
SPHERE_FACE = "#FFFFFF"
SPHERE_RIM = "#2B2B2B"
FORK_HUB = "#4D4D4D"


@dataclass(frozen=True)
class Look:
    """Sizes and colours for one drawing: ``edge`` is the board's edge length in mm (tubes,
    spheres and counters scale with it); ``ink_saver`` prints light tints and outlines
    instead of solid fills."""

    edge: float
    ink_saver: bool = False

    @property
    def tube_w(self) -> float:
        """Tube band width (mm)."""
        return 0.17 * self.edge

    @property
    def sphere_r(self) -> float:
        """Radius (mm) of a knot sphere's disc: the sectors at 6 tile corners make it."""
        return 0.15 * self.edge

    @property
    def line_w(self) -> float:
        """Outline width (mm) of small art."""
        return max(0.12, 0.006 * self.edge)

    @property
    def tile_face(self) -> str:
        return WHITE if self.ink_saver else TILE_FACE

    @property
    def space(self) -> str:
        return WHITE if self.ink_saver else SPACE

    @property
    def lattice(self) -> str:
        """The grey of the board's knot-to-knot lines."""
        return "#9A9A9A" if self.ink_saver else "#8390A8"

    @property
    def on_space(self) -> str:
        """Text printed on the board's space."""
        return "#505050" if self.ink_saver else "#C9D1E0"


def tube_inks(colour: str, ink_saver: bool) -> tuple[str, str, str]:
    """(fill, casing, pattern ink) of a tube of ``colour`` (``tom``, ``dave``, ``neutral``)."""
    base = TUBE_FILL[colour]
    casing = mix(base, "#000000", 0.55 if colour != NEUTRAL else 0.6)
    if ink_saver:
        return tint(base, 0.35 if colour != NEUTRAL else 0.3), casing, casing
    pattern = "#5A5A5A" if colour == NEUTRAL else WHITE
    return base, casing, pattern


def _band_frame(canvas: Canvas, p: Point, q: Point) -> float:
    """Move the origin to ``p`` and turn the x axis towards ``q``; returns the length."""
    canvas.translate(p[0], p[1])
    canvas.rotate(math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])))
    return math.hypot(q[0] - p[0], q[1] - p[1])


def _pattern(canvas: Canvas, length: float, half: float, colour: str, ink: str,
             width: float) -> None:
    """The tube's pattern in band coordinates (x along, y across, band |y| ≤ half)."""
    if colour == TOM:  # a row of round dots
        pitch, r = 0.5 * width, 0.11 * width
        x = pitch / 2
        while x < length:
            canvas.circle(x, 0.0, r, Style(fill=ink))
            x += pitch
    elif colour == DAVE:  # rungs across
        pitch = 0.42 * width
        st = Style(stroke=ink, width=0.09 * width)
        x = pitch / 2
        while x < length:
            canvas.line(x, -half, x, half, st)
            x += pitch
    else:  # diagonal stripes
        pitch = 0.45 * width
        st = Style(stroke=ink, width=0.12 * width)
        x = -2 * half
        while x < length + 2 * half:
            canvas.line(x, -half, x + 2 * half, half, st)
            x += pitch


def draw_tubes(canvas: Canvas, segments: Sequence[tuple[Point, Point, str]], width: float,
               ink_saver: bool, joints: Sequence[Point] = ()) -> None:
    """Tube bands ``width`` mm wide along ``segments`` ((p, q, colour)), in three layers —
    all casings, all fills, then the patterns — so tubes meeting at a point merge cleanly.
    ``joints`` get a round casing and fill (bends of triangle tubes)."""
    casing_w = max(0.12, 0.11 * width)
    for p, q, colour in segments:
        _fill, casing, _ink = tube_inks(colour, ink_saver)
        canvas.line(p[0], p[1], q[0], q[1], Style(stroke=casing, width=width))
    for j in joints:
        colour = next(c for p, q, c in segments if j in (p, q))
        canvas.circle(j[0], j[1], width / 2, Style(fill=tube_inks(colour, ink_saver)[1]))
    inner = width - 2 * casing_w
    for p, q, colour in segments:
        fill, _casing, _ink = tube_inks(colour, ink_saver)
        canvas.line(p[0], p[1], q[0], q[1], Style(stroke=fill, width=inner))
    for j in joints:
        colour = next(c for p, q, c in segments if j in (p, q))
        canvas.circle(j[0], j[1], inner / 2, Style(fill=tube_inks(colour, ink_saver)[0]))
    for p, q, colour in segments:
        _fill, _casing, ink = tube_inks(colour, ink_saver)
        canvas.save()
        length = _band_frame(canvas, p, q)
        canvas.clip_rect(0.0, -inner / 2, length, inner)
        _pattern(canvas, length, inner / 2, colour, ink, width)
        canvas.restore()


def arc_points(cx: float, cy: float, r: float, a0: float, a1: float,
               step: float = 6.0) -> list[Point]:
    """Points on the arc of radius ``r`` from angle ``a0`` to ``a1`` (degrees, ccw)."""
    n = max(2, math.ceil(abs(a1 - a0) / step))
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / n))) for k in range(n + 1)]


def angle_of(p: Point, q: Point) -> float:
    """Direction from ``p`` to ``q`` in degrees, 0..360."""
    return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 360.0


def sphere_sector(canvas: Canvas, corner: Point, a: Point, b: Point, look: Look) -> None:
    """The part of a knot sphere's disc inside a tile's corner at ``corner`` between its
    sides towards ``a`` and ``b``: when the six triangles around a knot are covered, the
    sectors of their tiles close into one disc — a complete knot looks complete."""
    a0, a1 = angle_of(corner, a), angle_of(corner, b)
    span = (a1 - a0) % 360.0
    if span > 180.0:  # go round the short way (tile corners are 60° or 120°)
        a0, a1 = a1, a0
        span = 360.0 - span
    pts = arc_points(corner[0], corner[1], look.sphere_r, a0, a0 + span)
    face = WHITE if look.ink_saver else SPHERE_FACE
    canvas.polygon([corner, *pts], Style(fill=face))
    canvas.polygon(pts, Style(stroke=SPHERE_RIM, width=look.line_w * 1.6), closed=False)


def draw_hub(canvas: Canvas, c: Point, cross: bool, look: Look) -> None:
    """The meeting point of a rhomb's tubes: a small dark fork hub, or an energy sphere —
    a white disc ringed and crossed in a dark energy yellow. (An energy *counter* is the
    inverse, a yellow disc with a dark cross, so one lying on the sphere is plain to see.)"""
    w = look.tube_w
    if not cross:
        canvas.circle(c[0], c[1], 0.42 * w, Style(fill=FORK_HUB, stroke=SPHERE_RIM,
                                                  width=look.line_w))
        return
    # the energy yellow darkened: a pale yellow would vanish on the white sphere
    gold = mix(COUNTER_FILL["energy"], "#000000", 0.22)
    r = 0.95 * w
    canvas.circle(c[0], c[1], r, Style(fill=WHITE, stroke=SPHERE_RIM, width=look.line_w * 1.6))
    canvas.circle(c[0], c[1], r * 0.8, Style(stroke=gold, width=r * 0.16))
    _cross(canvas, c, r * 0.55, r * 0.17, gold)


def _cross(canvas: Canvas, c: Point, arm: float, half: float, fill: str) -> None:
    """A plus sign of arm length ``arm`` and half-thickness ``half`` centred on ``c``."""
    x, y = c
    canvas.polygon([(x - half, y + arm), (x + half, y + arm), (x + half, y + half),
                    (x + arm, y + half), (x + arm, y - half), (x + half, y - half),
                    (x + half, y - arm), (x - half, y - arm), (x - half, y - half),
                    (x - arm, y - half), (x - arm, y + half), (x - half, y + half)],
                   Style(fill=fill))


# ---------------------------------------------------------------- counters

def counter_outline(kind: str, cx: float, cy: float, r: float) -> list[Point]:
    """The die-cut outline of a counter of ``kind`` whose art reaches radius ``r``: a sun of
    12 points (solar), a disc (energy, as a 48-gon), a square (control), a hexagon (alien)."""
    if kind == "solar":
        return [(cx + (r if k % 2 == 0 else 0.78 * r) * math.cos(math.radians(90 + 15 * k)),
                 cy + (r if k % 2 == 0 else 0.78 * r) * math.sin(math.radians(90 + 15 * k)))
                for k in range(24)]
    if kind == "energy":
        return arc_points(cx, cy, r, 0.0, 360.0, 7.5)[:-1]
    if kind == "control":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if kind == "alien":
        return [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
                for k in range(6)]
    raise ValueError(f"unknown counter kind {kind!r}")


def grown(points: Sequence[Point], cx: float, cy: float, by: float) -> list[Point]:
    """``points`` pushed ``by`` mm away from (cx, cy) (a bleed around a centred shape)."""
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out


def draw_counter(canvas: Canvas, kind: str, cx: float, cy: float, r: float, ink_saver: bool,
                 owner: str | None = None, value: int | None = None, bleed: float = 0.0,
                 outline: bool = True) -> None:
    """A counter of ``kind`` centred on (cx, cy), its outline reaching radius ``r``: fill and
    glyph, and with ``value`` the glyph moved up and the value printed under it (printed
    counters). A solar counter's ring shows its ``owner``'s colour and initial. ``bleed``
    extends the fill beyond the outline; ``outline`` strokes it (mini boards)."""
    base = COUNTER_FILL[kind]
    fill = tint(base, 0.3) if ink_saver else base
    glyph = mix(base, "#000000", 0.45) if ink_saver else COUNTER_GLYPH[kind]
    shape = counter_outline(kind, cx, cy, r)
    lw = max(0.12, r * 0.05)
    if bleed:
        canvas.polygon(grown(shape, cx, cy, bleed), Style(fill=fill))
    canvas.polygon(shape, Style(fill=fill, stroke=INK if outline else None, width=lw))
    # With a value under it, the glyph is smaller and sits higher.
    g = 0.78 if value is not None else 1.0
    gy = cy + (0.16 * r if value is not None and kind != "solar" else 0.0)
    if kind == "solar":
        _solar_ring(canvas, cx, cy, r, ink_saver, owner, value)
    elif kind == "energy":
        _cross(canvas, (cx, gy), r * 0.55 * g, r * 0.16 * g, glyph)
    elif kind == "control":
        _control_glyph(canvas, cx, gy, r, g, glyph)
    elif kind == "alien":
        _alien_glyph(canvas, (cx, cy), gy, r, g, glyph, value is None)
    if value is not None:
        base_y = {"solar": cy - r * 0.4, "energy": cy - r * 0.74, "control": cy - r * 0.7,
                  "alien": cy - r * 0.7}[kind]
        cap = r * (0.2 if kind == "solar" else 0.25)
        size = max(6.0, cap / 0.73 / MM_PER_PT)
        canvas.text(cx, base_y, str(value), size, "bold", INK if kind == "solar" else glyph,
                    "middle")


def _solar_ring(canvas: Canvas, cx: float, cy: float, r: float, ink_saver: bool,
                owner: str | None, value: int | None) -> None:
    """A solar counter's ring in its owner's colour, with their initial (higher and smaller
    over a value)."""
    ring = PLAYER_COLOUR[owner] if owner else "#B8860B"
    canvas.circle(cx, cy, r * 0.58, Style(fill=WHITE if ink_saver else "#FFF8C0",
                                          stroke=ring, width=r * 0.13))
    if owner:
        if value is None:
            _label(canvas, cx, cy, PLAYER_INITIAL[owner], r * 0.6, INK)
        else:
            _label(canvas, cx, cy + r * 0.14, PLAYER_INITIAL[owner], r * 0.36, INK)


def _control_glyph(canvas: Canvas, cx: float, gy: float, r: float, g: float,
                   glyph: str) -> None:
    """A control counter's glyph: a ring with three spokes and a hub, scaled by ``g``."""
    st = Style(stroke=glyph, width=r * 0.12 * g)
    canvas.circle(cx, gy, r * 0.5 * g, st)
    for k in range(3):
        a = math.radians(90 + 120 * k)
        canvas.line(cx, gy, cx + r * 0.5 * g * math.cos(a), gy + r * 0.5 * g * math.sin(a),
                    st)
    canvas.circle(cx, gy, r * 0.13 * g, Style(fill=glyph))


def _alien_glyph(canvas: Canvas, centre: Point, gy: float, r: float, g: float, glyph: str,
                 mouth: bool) -> None:
    """An alien's two slanted eyes at height ``gy``, scaled by ``g``, and with ``mouth`` its
    mouth."""
    cx, cy = centre
    for side in (-1, 1):
        tilt = side * 0.5
        ex, ey = cx + side * r * 0.3 * g, gy + r * 0.05
        eye = [(ex + r * g * (0.2 * math.cos(t) * math.cos(tilt)
                              - 0.11 * math.sin(t) * math.sin(tilt)),
                ey + r * g * (0.2 * math.cos(t) * math.sin(tilt)
                              + 0.11 * math.sin(t) * math.cos(tilt)))
               for t in (2 * math.pi * k / 20 for k in range(20))]
        canvas.polygon(eye, Style(fill=glyph))
    if mouth:
        canvas.line(cx - r * 0.18, cy - r * 0.4, cx + r * 0.18, cy - r * 0.4,
                    Style(stroke=glyph, width=r * 0.08))


MIN_PT = 6.0
"""No printed text is smaller than this."""


def _label(canvas: Canvas, x: float, y: float, s: str, height: float, fill: str,
           font: str = "bold", baseline: bool = False) -> None:
    """Text whose capitals are about ``height`` mm tall, centred on (x, y) (or with its
    baseline at y when ``baseline``). Initials that would print under :data:`MIN_PT` (tiny
    icons on mini boards) are left out: the piece's shape and colour still tell it."""
    size = height / 0.73 / MM_PER_PT
    if size < MIN_PT:
        return
    base = y if baseline else y - height / 2
    canvas.text(x, base, s, size, "bold" if font == "bold" else "regular", fill, "middle")


# ---------------------------------------------------------------- astronauts

def draw_astronaut_token(canvas: Canvas, player: str, cx: float, cy: float, r: float,
                         ink_saver: bool) -> None:
    """An astronaut on a mini board: Tom a disc, Dave a square, in their colour, with their
    initial, a white ring setting it off the board."""
    colour = PLAYER_COLOUR[player]
    fill = tint(colour, 0.45) if ink_saver else colour
    ink = INK if ink_saver or player == TOM else WHITE
    halo = Style(fill=WHITE)
    body = Style(fill=fill, stroke=INK, width=max(0.15, r * 0.1))
    if player == TOM:
        canvas.circle(cx, cy, r * 1.18, halo)
        canvas.circle(cx, cy, r, body)
    else:
        s = r * 0.9
        canvas.rect(cx - s * 1.2, cy - s * 1.2, 2.4 * s, 2.4 * s, halo)
        canvas.rect(cx - s, cy - s, 2 * s, 2 * s, body)
    _label(canvas, cx, cy, PLAYER_INITIAL[player], r * 0.95, ink)


def draw_home(canvas: Canvas, owner: str, cx: float, cy: float, r: float,
              ink_saver: bool) -> None:
    """A base's mark: a small house in the owner's colour with their initial (a house, not
    the astronaut's token, so that an empty base never looks occupied)."""
    colour = PLAYER_COLOUR[owner]
    fill = tint(colour, 0.35) if ink_saver else tint(colour, 0.6)
    pts = [(cx - r * 0.8, cy - r * 0.75), (cx + r * 0.8, cy - r * 0.75),
           (cx + r * 0.8, cy + r * 0.2), (cx, cy + r * 0.95), (cx - r * 0.8, cy + r * 0.2)]
    canvas.polygon(pts, Style(fill=fill, stroke=colour, width=max(0.15, r * 0.14)))
    _label(canvas, cx, cy - r * 0.12, PLAYER_INITIAL[owner], r * 0.7, INK)


__all__ = ["COUNTER_FILL", "COUNTER_KINDS", "INK", "PLAYER_COLOUR", "PLAYER_INITIAL",
           "TUBE_FILL", "Look", "Point", "angle_of", "arc_points", "counter_outline",
           "draw_astronaut_token", "draw_counter", "draw_home", "draw_hub", "draw_tubes", "grown",
           "sphere_sector", "tube_inks"]
