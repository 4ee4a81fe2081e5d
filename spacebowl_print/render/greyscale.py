"""Greyscale output: a canvas that hands every colour to the real canvas as the grey a
photocopier would make of it (same luminance), so a greyscale PDF shows exactly what a
black-and-white copy of the colour one looks like — and pieces that differ only by colour
look alike, which is why the art gives each piece its own shape."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from spacebowl_print.render.api import Anchor, Canvas, CanvasFilter, Face, Style
from spacebowl_print.render.colour import grey


def _grey(colour: str | None) -> str | None:
    return grey(colour) if colour else colour


def _style(style: Style) -> Style:
    return replace(style, fill=_grey(style.fill), stroke=_grey(style.stroke))


class GreyCanvas(CanvasFilter):
    """A :class:`~spacebowl_print.render.api.Canvas` that draws on ``inner`` in grey.
    Defined art is defined in grey too (under a name of its own, so colour and grey
    versions of the same art can share a document). Pictures are drawn as they are."""

    def rect(self, x: float, y: float, w: float, h: float, style: Style,
             radius: float = 0.0) -> None:
        self.inner.rect(x, y, w, h, _style(style), radius)

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        self.inner.circle(cx, cy, r, _style(style))

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        self.inner.line(x1, y1, x2, y2, _style(style))

    def polygon(self, points: Sequence[tuple[float, float]], style: Style,
                closed: bool = True) -> None:
        self.inner.polygon(points, _style(style), closed)

    def path(self, ops: Sequence[tuple[object, ...]], style: Style) -> None:
        self.inner.path(ops, _style(style))

    def text(self, x: float, y: float, s: str, size: float, font: Face = "regular",
             fill: str = "#000000", anchor: Anchor = "start") -> None:
        self.inner.text(x, y, s, size, font, grey(fill), anchor)

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        self.inner.define(f"grey-{name}", width, height, lambda c: draw(GreyCanvas(c)))

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        self.inner.place(f"grey-{name}", x, y, scale)


def greyscale(painter: Callable[[Canvas], None]) -> Callable[[Canvas], None]:
    """``painter`` drawing in grey."""
    return lambda canvas: painter(GreyCanvas(canvas))
