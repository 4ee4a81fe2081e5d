"""The planet glyphs: shapes that make a planet readable without its colour.

Every name of :data:`model.GLYPHS` has a shape here (a test checks it). Shapes are
built as path operations (``("M", x, y)``, ``("L", …)``, ``("C", …)``, ``("Z",)``) centred on
(cx, cy) within radius ``r``, so that both backends fill them identically; they are drawn filled
with an outline in a contrasting colour, which keeps them legible on any planet colour, in
greyscale and on a black-and-white printer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from spacebowl_print.core.errors import InternalError
from spacebowl_print.games.spacebowl.model import GLYPHS
from spacebowl_print.render.api import Canvas, Style

PathOps = list[tuple[object, ...]]
Point = tuple[float, float]

# Bézier handle length for a quarter circle.
_K = 0.5522847498


def _poly(points: Sequence[Point]) -> PathOps:
    (x0, y0), *rest = points
    return [("M", x0, y0), *(("L", x, y) for x, y in rest), ("Z",)]


def circle_path(cx: float, cy: float, r: float, ccw: bool = True) -> PathOps:
    """A circle as four Béziers; ``ccw=False`` runs clockwise (a hole under nonzero filling).
    Several of them in one path make many dots a single element."""
    k = _K * r
    if ccw:
        return [("M", cx + r, cy),
                ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
                ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
                ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
                ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)]
    return [("M", cx + r, cy),
            ("C", cx + r, cy - k, cx + k, cy - r, cx, cy - r),
            ("C", cx - k, cy - r, cx - r, cy - k, cx - r, cy),
            ("C", cx - r, cy + k, cx - k, cy + r, cx, cy + r),
            ("C", cx + k, cy + r, cx + r, cy + k, cx + r, cy), ("Z",)]


def _regular(cx: float, cy: float, r: float, n: int, start_deg: float) -> list[Point]:
    return [(cx + r * math.cos(math.radians(start_deg + 360 * i / n)),
             cy + r * math.sin(math.radians(start_deg + 360 * i / n))) for i in range(n)]


def ring(cx: float, cy: float, r: float) -> PathOps:
    """An annulus: outer circle counter-clockwise, inner one clockwise (nonzero fill → hole)."""
    return circle_path(cx, cy, r * 0.92) + circle_path(cx, cy, r * 0.52, ccw=False)


def dot(cx: float, cy: float, r: float) -> PathOps:
    """A solid disc."""
    return circle_path(cx, cy, r * 0.7)


def cross(cx: float, cy: float, r: float) -> PathOps:
    """A plus sign with arms a third of the glyph wide."""
    a, t = r * 0.95, r * 0.32
    return _poly([(cx - t, cy - a), (cx + t, cy - a), (cx + t, cy - t), (cx + a, cy - t),
                  (cx + a, cy + t), (cx + t, cy + t), (cx + t, cy + a), (cx - t, cy + a),
                  (cx - t, cy + t), (cx - a, cy + t), (cx - a, cy - t), (cx - t, cy - t)])


def triangle(cx: float, cy: float, r: float) -> PathOps:
    """An equilateral triangle, point up, visually centred (its centroid sits a little low)."""
    return _poly(_regular(cx, cy - r * 0.12, r * 1.05, 3, 90))


def square(cx: float, cy: float, r: float) -> PathOps:
    """An axis-aligned square."""
    s = r * 0.74
    return _poly([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)])


def diamond(cx: float, cy: float, r: float) -> PathOps:
    """A square standing on a corner, a little taller than wide."""
    return _poly([(cx, cy - r), (cx + r * 0.78, cy), (cx, cy + r), (cx - r * 0.78, cy)])


def star(cx: float, cy: float, r: float) -> PathOps:
    """A five-pointed star."""
    pts: list[Point] = []
    for i in range(10):
        rad = r * (1.0 if i % 2 == 0 else 0.45)
        ang = math.radians(90 + 36 * i)
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang) - r * 0.04))
    return _poly(pts)


def bars(cx: float, cy: float, r: float) -> PathOps:
    """Three horizontal bars."""
    w, t, gap = r * 0.85, r * 0.17, r * 0.55
    ops: PathOps = []
    for k in (-1, 0, 1):
        y = cy + k * gap
        ops += _poly([(cx - w, y - t), (cx + w, y - t), (cx + w, y + t), (cx - w, y + t)])
    return ops


def wave(cx: float, cy: float, r: float) -> PathOps:
    """A thick horizontal sine wave (one period, "~"), as a filled band.

    Amplitude and thickness are chosen so the band's inner edge never folds over itself at the
    crests (curvature radius there ≈ 0.3 r > half-thickness 0.19 r)."""
    n, half, amp, t = 32, r * 0.95, r * 0.3, r * 0.19
    top: list[Point] = []
    bottom: list[Point] = []
    for i in range(n + 1):
        u = -half + 2 * half * i / n
        phase = 2 * math.pi * (u + half) / (2 * half)
        y = cy + amp * math.sin(phase)
        # Offset along the normal so the band keeps its thickness on the slopes.
        dy = amp * math.cos(phase) * math.pi / half
        norm = math.hypot(1.0, dy)
        nx, ny = -dy / norm, 1.0 / norm
        top.append((cx + u + nx * t, y + ny * t))
        bottom.append((cx + u - nx * t, y - ny * t))
    return _poly(top + bottom[::-1])


def moon(cx: float, cy: float, r: float) -> PathOps:
    """A crescent opening to the right: a disc minus the same disc shifted right."""
    big, d, n = r * 0.92, r * 0.75, 24
    h = math.sqrt(big * big - d * d / 4)
    a0 = math.atan2(h, d / 2)  # top intersection seen from the left circle's centre
    b0 = math.atan2(h, -d / 2)  # the same point seen from the right circle's centre
    pts: list[Point] = []
    for i in range(n + 1):  # outer edge: left circle, top intersection round the left side
        a = a0 + (2 * math.pi - 2 * a0) * i / n
        pts.append((cx - d / 2 + big * math.cos(a), cy + big * math.sin(a)))
    for i in range(1, n):  # inner edge: right circle, bottom intersection back to the top
        b = (2 * math.pi - b0) - (2 * math.pi - 2 * b0) * i / n
        pts.append((cx + d / 2 + big * math.cos(b), cy + big * math.sin(b)))
    return _poly(pts)


GLYPH_PATHS: dict[str, Callable[[float, float, float], PathOps]] = {
    "ring": ring, "dot": dot, "cross": cross, "triangle": triangle, "square": square,
    "diamond": diamond, "star": star, "bars": bars, "wave": wave, "moon": moon,
}
"""Glyph name → function ``(cx, cy, r) -> path ops``; covers every name of ``GLYPHS``."""

if set(GLYPH_PATHS) != set(GLYPHS):  # every model glyph needs a shape
    raise InternalError(f"glyph shapes {sorted(GLYPH_PATHS)} differ from {sorted(GLYPHS)}")


def draw_glyph(canvas: Canvas, glyph: str, cx: float, cy: float, r: float,
               fill: str, outline: str, outline_width: float | None = None) -> None:
    """Draw ``glyph`` centred on (cx, cy) within radius ``r``: filled with ``fill`` and edged
    with ``outline`` (default edge width ``r``/7). Unknown names raise :class:`KeyError`."""
    try:
        shape = GLYPH_PATHS[glyph]
    except KeyError:
        raise KeyError(f"unknown glyph {glyph!r} (one of {', '.join(GLYPHS)})") from None
    width = r / 7 if outline_width is None else outline_width
    canvas.path(shape(cx, cy, r), Style(fill=fill, stroke=outline, width=width))
