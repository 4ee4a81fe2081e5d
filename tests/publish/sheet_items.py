"""A plain rectangular item for the sheet, grid and raster tests: trim ``w`` × ``h`` plus a
3 mm bleed, one colour over the art box (tests that need more draw it themselves)."""

from __future__ import annotations

from dataclasses import dataclass

from spacebowl_print.render.api import Canvas, Style

BLEED = 3.0


@dataclass(frozen=True)
class Card:
    """A plain rectangular item: trim ``w`` × ``h`` plus :data:`BLEED`."""

    id: int
    w: float
    h: float

    @property
    def width(self) -> float:
        return self.w + 2 * BLEED

    @property
    def height(self) -> float:
        return self.h + 2 * BLEED

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height, Style(fill="#336699"))


def deck(n: int, w: float, h: float) -> list[Card]:
    """Cards 1..n of one size."""
    return [Card(k, w, h) for k in range(1, n + 1)]
