"""Hubble's look, shared by the pad, the cards, the dice and the booklets: quadrant and die
colours each with a pattern (so a greyscale print still tells them apart), pointy-top hexes,
the five icons as pencil-friendly drawings, and red and purple constellation stars told apart
by shape as well as colour (a solid five-point star, a hollow four-point sparkle).

Hex geometry here is only the drawing of one hex; *where* hexes go always comes from the
engine's axial coordinates (:func:`cell_centre`), so the paper matches the rules.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from spacebowl_print.games.hubble.model.geometry import QUADRANTS
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.colour import mix, tint
from spacebowl_print.render.palette import fill_pattern

INK = "#1E1E28"
"""Lines and icons."""
MUTED = "#5A5A6E"
PAPER = "#FFFFFF"
NIGHT = "#14213D"
"""The card backs' and card headers' night blue."""
STAR_RED = "#D1242F"
STAR_PURPLE = "#7A3DB8"
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Hue:
    """A quadrant's (or die's) colour and the pattern that stands for it in greyscale."""

    key: str
    colour: str
    pattern: str


HUES: dict[str, Hue] = {
    "red": Hue("red", "#D03B2F", "dots"),
    "blue": Hue("blue", "#2B64B0", "hstripes"),
    "yellow": Hue("yellow", "#E2AE00", "diagonal"),
    "green": Hue("green", "#2E8B44", "vstripes"),
    "white": Hue("white", "#FFFFFF", "plain"),
}
"""The four quadrant colours (the bag dice) and the white die. Patterns differ for every
quadrant, because red and blue print as nearly the same grey."""


def quadrant_hue(quadrant: int) -> Hue:
    """The hue of quadrant number ``quadrant`` (0 red, 1 blue, 2 yellow, 3 green)."""
    return HUES[QUADRANTS[quadrant]]


def pattern_ink(hue: Hue, ctx: RenderContext) -> tuple[str, str]:
    """(fill, pattern line colour) of a large patterned area of ``hue``: pale enough to draw
    on in pencil; lighter still in ink-saver mode."""
    if hue.pattern == "plain":
        return PAPER, PAPER
    fill = tint(hue.colour, 0.10 if ctx.ink_saver else 0.22)
    line = tint(hue.colour, 0.45 if ctx.ink_saver else 0.62)
    return fill, line


def chip_ink(hue: Hue, ctx: RenderContext) -> tuple[str, str]:
    """(fill, pattern line colour) of a small chip or die rim of ``hue``: the colour itself
    with a white pattern, or a tint with the pattern in the colour in ink-saver mode."""
    if hue.pattern == "plain":
        return PAPER, PAPER
    if ctx.ink_saver:
        return tint(hue.colour, 0.25), mix(hue.colour, "#000000", 0.15)
    return hue.colour, tint(hue.colour, 0.25)


def patterned(canvas: Canvas, ops: Sequence[tuple[object, ...]], box: tuple[float, float,
              float, float], hue: Hue, fill: str, line: str, scale: float = 1.0) -> None:
    """Fill the closed path ``ops`` (inside ``box`` = x, y, w, h) with ``fill`` and ``hue``'s
    pattern in ``line``; ``scale`` sets the pattern's pitch (1 = 2 mm)."""
    x, y, w, h = box
    canvas.save()
    canvas.clip_path(ops)
    canvas.rect(x, y, w, h, Style(fill=fill))
    if hue.pattern == "dots":
        # dots need more ink than lines to read at the same pitch
        fill_pattern(canvas, x, y, w, h, "dots", line, 0.45 * scale, 2.0 * scale)
    else:
        fill_pattern(canvas, x, y, w, h, hue.pattern, line, 0.3 * scale, 1.8 * scale)
    canvas.restore()


def rect_ops(x: float, y: float, w: float, h: float) -> list[tuple[object, ...]]:
    """A rectangle as path operators (for clipping)."""
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def chip(canvas: Canvas, x: float, y: float, w: float, h: float, hue: Hue,
         ctx: RenderContext) -> None:
    """A small patch of ``hue`` (rolled quadrant, swatch): colour, pattern, outline; defined
    once per size and placed (the roll lists repeat a few sizes thousands of times)."""
    name = f"hubble-chip-{hue.key}-{w:.2f}x{h:.2f}-{int(ctx.ink_saver)}"

    def paint(c: Canvas) -> None:
        fill, line = chip_ink(hue, ctx)
        patterned(c, rect_ops(0.0, 0.0, w, h), (0.0, 0.0, w, h), hue, fill, line, 0.7)
        c.rect(0.0, 0.0, w, h, Style(stroke=INK, width=0.25))

    canvas.define(name, w, h, paint)
    canvas.place(name, x, y)


# ---------------------------------------------------------------- hexes

def hex_points(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """The corners of a pointy-top hex of circumradius ``s`` centred on (cx, cy)."""
    return [(cx + s * math.cos(math.radians(90 + 60 * k)),
             cy + s * math.sin(math.radians(90 + 60 * k))) for k in range(6)]


def hex_ops(cx: float, cy: float, s: float) -> list[tuple[object, ...]]:
    """The hex as path operators."""
    pts = hex_points(cx, cy, s)
    return [("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)]


def cell_centre(axial: tuple[int, int], s: float) -> tuple[float, float]:
    """Where the cell with engine axial coordinates ``axial`` = (q, r) sits, relative to the
    cell at axial (0, 0), for hexes of circumradius ``s`` (y up, row 1 on top): neighbours
    are one hex width (√3·s) apart, rows 1.5·s apart, and because q = col − (row − row mod 2)
    / 2, the even-numbered rows (0-based odd rows) come out half a hex to the right."""
    q, r = axial
    return (SQRT3 * s * (q + r / 2.0), -1.5 * s * r)


def define_hex(canvas: Canvas, hue: Hue | None, s: float, ctx: RenderContext,
               line: float = 0.3) -> str:
    """Define (once) one hex of ``hue`` (``None``: plain white) with its outline; returns
    the art name. Place it with its lower-left corner at (cx − √3·s/2, cy − s)."""
    w, h = SQRT3 * s, 2 * s
    name = f"hubble-hex-{hue.key if hue else 'plain'}-{s:.3f}-{int(ctx.ink_saver)}-{line:.2f}"

    def paint(c: Canvas) -> None:
        ops = hex_ops(w / 2, h / 2, s)
        if hue is None:
            c.polygon(hex_points(w / 2, h / 2, s), Style(fill=PAPER))
        else:
            fill, pat = pattern_ink(hue, ctx)
            patterned(c, ops, (0.0, 0.0, w, h), hue, fill, pat, max(0.6, min(1.0, s / 7)))
        c.polygon(hex_points(w / 2, h / 2, s - line / 2), Style(stroke=MUTED, width=line))

    canvas.define(name, w, h, paint)
    return name


def place_hex(canvas: Canvas, name: str, cx: float, cy: float, s: float) -> None:
    """Place hex art ``name`` (from :func:`define_hex`) centred on (cx, cy)."""
    canvas.place(name, cx - SQRT3 * s / 2, cy - s)


# ---------------------------------------------------------------- icons

ICON_ORDER = "GPACS"


def _spiral(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    turns, steps = 2.2, 56
    out = []
    for k in range(steps + 1):
        t = k / steps
        a = t * turns * 2 * math.pi
        rad = r * (0.1 + 0.9 * t)
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def _ellipse(cx: float, cy: float, rx: float, ry: float, tilt: float, a0: float, a1: float,
             steps: int = 24) -> list[tuple[float, float]]:
    ct, st = math.cos(tilt), math.sin(tilt)
    out = []
    for k in range(steps + 1):
        a = a0 + (a1 - a0) * k / steps
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + x * ct - y * st, cy + x * st + y * ct))
    return out


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42
                ) -> list[tuple[float, float]]:
    """A star with ``points`` tips of radius ``r`` (inner corners at ``inner``·r), one tip up."""
    out = []
    for k in range(points * 2):
        rad = r if k % 2 == 0 else r * inner
        a = math.radians(90 + 180 * k / points)
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


_ROCK = (0.92, 0.66, 0.98, 0.72, 0.9, 0.62, 0.84)


ICON_UNIT = 10.0
"""Icons are defined once per document at this radius (mm) and placed scaled."""


def draw_icon(canvas: Canvas, icon: str, cx: float, cy: float, r: float, ink: str = INK,
              width: float | None = None, fill: str | None = None) -> None:
    """The icon ``icon`` (G P A C S; ``.`` draws nothing) as a few pencil strokes inside a
    circle of radius ``r`` around (cx, cy): a spiral, a ball with a ring, a lumpy rock, a dot
    with a tail, a five-point star; lines are 0.11·r wide. The art is defined once per
    document and placed scaled (a booklet draws tens of thousands); ``width`` or ``fill``
    (a coloured star) draws it directly instead."""
    if icon == ".":
        return
    if width is not None or fill is not None:
        _icon(canvas, icon, cx, cy, r, ink, width, fill)
        return
    name = f"hubble-icon-{icon}-{ink}"
    box = 2 * ICON_UNIT * 1.1

    def paint(c: Canvas) -> None:
        _icon(c, icon, box / 2, box / 2, ICON_UNIT, ink, ICON_UNIT * 0.11, None)

    canvas.define(name, box, box, paint)
    scale = r / ICON_UNIT
    canvas.place(name, cx - box / 2 * scale, cy - box / 2 * scale, scale)


def _icon(canvas: Canvas, icon: str, cx: float, cy: float, r: float, ink: str,
          width: float | None, fill: str | None) -> None:
    """Draw one icon's strokes (see :func:`draw_icon`)."""
    lw = width if width is not None else max(0.25, r * 0.11)
    st = Style(stroke=ink, width=lw)
    if icon == "G":
        canvas.polygon(_spiral(cx, cy, r * 0.95), st, closed=False)
    elif icon == "P":
        tilt = math.radians(-20)
        canvas.polygon(_ellipse(cx, cy, r * 0.98, r * 0.32, tilt, 0.0, math.pi), st,
                       closed=False)
        canvas.circle(cx, cy, r * 0.52, Style(fill=PAPER, stroke=ink, width=lw))
        canvas.polygon(_ellipse(cx, cy, r * 0.98, r * 0.32, tilt, math.pi, 2 * math.pi), st,
                       closed=False)
    elif icon == "A":
        pts = []
        for k, f in enumerate(_ROCK):
            a = math.radians(10 + 360 * k / len(_ROCK))
            pts.append((cx + r * 0.82 * f * math.cos(a), cy + r * 0.82 * f * math.sin(a)))
        canvas.polygon(pts, st)
        canvas.circle(cx + r * 0.2, cy + r * 0.12, r * 0.16, Style(stroke=ink, width=lw * 0.8))
        canvas.circle(cx - r * 0.25, cy - r * 0.22, r * 0.1, Style(fill=ink))
    elif icon == "C":
        hx, hy = cx + r * 0.45, cy + r * 0.45
        canvas.circle(hx, hy, r * 0.3, Style(fill=ink))
        for off in (-0.22, 0.0, 0.22):
            # three tail strokes streaming away from the head, down and left
            ox, oy = off * r * 0.7, -off * r * 0.7
            canvas.line(hx - r * 0.25 + ox, hy - r * 0.25 + oy, cx - r * 0.85 + ox,
                        cy - r * 0.85 + oy, st)
    elif icon == "S":
        canvas.polygon(star_points(cx, cy - r * 0.06, r), Style(fill=fill, stroke=ink,
                                                                  width=lw))
    elif icon != ".":
        raise ValueError(f"not an icon: {icon!r}")


def draw_red_star(canvas: Canvas, cx: float, cy: float, r: float, ctx: RenderContext
                  ) -> None:
    """A required (red) constellation star: a solid five-point star."""
    fill = tint(STAR_RED, 0.55) if ctx.ink_saver else STAR_RED
    canvas.polygon(star_points(cx, cy - r * 0.06, r), Style(fill=fill, stroke=INK,
                                                              width=max(0.2, r * 0.07)))


def draw_purple_star(canvas: Canvas, cx: float, cy: float, r: float, ctx: RenderContext
                     ) -> None:
    """A bonus (purple) constellation star: a hollow four-point sparkle in a ring, so it
    differs from the red star by shape as well as colour."""
    w = max(0.25, r * 0.1)
    canvas.circle(cx, cy, r * 0.98, Style(stroke=STAR_PURPLE, width=w * 0.8, dash=(0.6, 0.5)))
    canvas.polygon(star_points(cx, cy, r * 0.85, 4, 0.34),
                   Style(fill=tint(STAR_PURPLE, 0.2 if ctx.ink_saver else 0.3), stroke=STAR_PURPLE,
                         width=w))


__all__ = ["HUES", "ICON_ORDER", "ICON_UNIT", "INK", "MUTED", "NIGHT", "PAPER", "SQRT3",
           "STAR_PURPLE", "STAR_RED", "Hue", "cell_centre", "chip", "chip_ink", "define_hex",
           "draw_icon", "draw_purple_star", "draw_red_star", "hex_ops", "hex_points",
           "pattern_ink", "patterned", "place_hex", "quadrant_hue", "rect_ops", "star_points"]
