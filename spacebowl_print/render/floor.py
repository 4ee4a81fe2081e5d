"""A type floor: a canvas that never prints text under a given size.

A print service refuses text under its minimum (7 pt at KDP, IngramSpark and Lulu); the art
of the games is drawn for home printing, where the project's floor is 6 pt. :class:`FloorCanvas`
hands every drawing to the real canvas unchanged, except that text whose printed size (its
size times the scale in force, placed art included) is under ``min_pt`` is set at ``min_pt``.
Text grows about its anchor (start, middle or end), so a label stays where the art put it; a
label that then runs out of its room is caught by the book's own preflight
(:func:`spacebowl_print.publish.preflight.check`), which a press book must pass before it is
written.

Defined art (:meth:`define`) is defined again for each scale it is placed at (a tile drawn at
two sizes needs its small labels raised by two different amounts), under a name of its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from spacebowl_print.render.api import Anchor, Canvas, CanvasFilter, Face


class FloorCanvas(CanvasFilter):
    """A :class:`~spacebowl_print.render.api.Canvas` on ``inner`` that raises text under
    ``min_pt`` printed points to ``min_pt`` (``scale``: the scale already in force where this
    canvas starts, e.g. inside placed art)."""

    def __init__(self, inner: Canvas, min_pt: float, scale: float = 1.0) -> None:
        super().__init__(inner)
        self.min_pt = min_pt
        self._scale = scale
        self._stack: list[float] = []
        self._art: dict[str, tuple[float, float, Callable[[Canvas], None]]] = {}

    def save(self) -> None:
        self._stack.append(self._scale)
        self.inner.save()

    def restore(self) -> None:
        self._scale = self._stack.pop() if self._stack else self._scale
        self.inner.restore()

    def scale(self, sx: float, sy: float) -> None:
        # the scale a printed size is multiplied by: the square root of the area factor, as
        # the preflight's PDF reader measures it for uniform scales
        self._scale *= math.sqrt(abs(sx * sy))
        self.inner.scale(sx, sy)

    def text(self, x: float, y: float, s: str, size: float, font: Face = "regular",
             fill: str = "#000000", anchor: Anchor = "start") -> None:
        least = self.min_pt / self._scale if self._scale > 0 else size
        self.inner.text(x, y, s, max(size, least), font, fill, anchor)

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        # defined for real when placed: the floor inside depends on the scale it is placed at
        self._art.setdefault(name, (width, height, draw))

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        width, height, draw = self._art[name]
        at = self._scale * scale
        key = f"floor{self.min_pt:g}@{at:.4f}-{name}"
        self.inner.define(key, width, height,
                          lambda c: draw(FloorCanvas(c, self.min_pt, at)))
        self.inner.place(key, x, y, scale)


def with_floor(painter: Callable[[Canvas], None], min_pt: float) -> Callable[[Canvas], None]:
    """``painter`` drawing no text under ``min_pt`` printed points."""
    return lambda canvas: painter(FloorCanvas(canvas, min_pt))


__all__ = ["FloorCanvas", "with_floor"]
