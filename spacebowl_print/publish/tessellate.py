"""Tessellation: convex die-cut tiles packed edge to edge on a sheet, so that neighbours share
their cuts.

Tiles are placed in the order given, row by row from the top of the printable area:

* **Within a row** each tile is pushed left against the tiles already in the row, as close as
  their outlines allow, and turned by 180° when that puts it further left — so equilateral
  triangles alternate point-up, point-down and fill a strip, rhombs (two triangles sharing an
  edge) follow each other side to side, and a triangle after a rhomb takes the rhomb's free
  slanted side. Rows hold as many tiles as fit the width.
* **Each next row** is lowered as little as possible under the tiles above. Its first tile is
  tried both ways round and at every horizontal position that lines one of its corners up with a
  corner of the row above (plus the left edge). The highest placement wins; among equally high
  ones, the one that fits the most tiles in the row, then the one whose first tiles share the
  most whole sides with the row above (so triangle rows alternate orientation: a point-down
  triangle sits under a point-up one, side to side), then the leftmost, then not turned.
* The block is centred on the printable area. The outer bleed is kept: every tile may paint up
  to ``bleed`` beyond its own sides, but never past a line that separates it from a neighbour
  (halfway across the gap between them, the shared side itself when they share one; of the
  possible lines, the one leaving it the most bleed) — see :func:`paint_regions`. Shared sides
  have no bleed, as abutting cards; a side that only meets a neighbour at a corner keeps its
  bleed on the open side of that corner.

Outlines must be convex (rhombs, triangles, hexagons, trapezoids, rectangles); other outlines
are imposed on the rectangular grid instead (:mod:`spacebowl_print.publish.imposition`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from spacebowl_print.publish.geometry import (
    EPS,
    Polygon,
    area2,
    box_polygon,
    clearance,
    cut,
    edges,
    half_turned,
    moved,
    outward_planes,
    separators,
)
from spacebowl_print.publish.imposition import Placement, SheetPlan, Size
from spacebowl_print.publish.items import LayoutError

PREFIX = 4
"""How many tiles of a candidate row are checked for sides shared with the row above."""


@dataclass(frozen=True)
class Shape:
    """A tile's trim box size and outline (in the trim box), upright and turned by 180°."""

    w: float
    h: float
    upright: Polygon

    @property
    def turned(self) -> Polygon:
        return half_turned(self.upright, self.w, self.h)

    def poly(self, turned: bool) -> Polygon:
        """The outline in the trim box, ``turned`` or not."""
        return self.turned if turned else self.upright


@dataclass(frozen=True)
class Tile:
    """A tile placed on the sheet: which item, its shape, trim box corner and orientation."""

    index: int
    shape: Shape
    x: float
    y: float
    turned: bool

    @property
    def outline(self) -> Polygon:
        return moved(self.shape.poly(self.turned), self.x, self.y)

    @property
    def right(self) -> float:
        return self.x + self.shape.w

    def at(self, y: float) -> Tile:
        """The same tile with its trim box's bottom at ``y``."""
        return Tile(self.index, self.shape, self.x, y, self.turned)


@dataclass(frozen=True)
class _Area:
    """The planning frame: x in [0, width], rows hang down from y = 0 to −height."""

    width: float
    height: float
    bleed: float

    def fits_x(self, x: float, shape: Shape) -> bool:
        return x - self.bleed >= -EPS and x + shape.w + self.bleed <= self.width + EPS


# -- one row ---------------------------------------------------------------------------------

def _next_x(row: Sequence[Tile], shape: Shape, turned: bool) -> float:
    """The leftmost x where ``shape`` (``turned`` or not) clears every tile of ``row``."""
    poly = shape.poly(turned)
    x = -math.inf
    # A tile never pushes the next one past its own right edge, so once no earlier tile reaches
    # beyond the x found so far, the search can stop.
    reach = list(itertools.accumulate((t.right for t in row), max))
    for k in range(len(row) - 1, -1, -1):
        if reach[k] <= x:
            break
        need = clearance(row[k].outline, poly, 0)
        if need is not None:
            x = max(x, need)
    return x if x > -math.inf else row[-1].x


def _fill_row(shapes: Sequence[Shape], start: int, first: tuple[float, bool], area: _Area,
              limit: int | None = None) -> list[Tile]:
    """Tiles ``start``, ``start + 1``… in one row (bottoms at y = 0), the first at ``first`` =
    (x, turned), each next one pushed left and turned when that puts it further left, while
    they fit the width (at most ``limit`` tiles)."""
    x, turned = first
    row = [Tile(start, shapes[start], x, 0.0, turned)]
    end = len(shapes) if limit is None else min(len(shapes), start + limit)
    for k in range(start + 1, end):
        shape = shapes[k]
        options = sorted((_next_x(row, shape, t), t) for t in (False, True))
        fitting = [(x, t) for x, t in options if area.fits_x(x, shape)]
        if not fitting:
            break
        x, turned = fitting[0]
        row.append(Tile(k, shape, x, 0.0, turned))
    return row


def _drop(row: Sequence[Tile], above: Sequence[Tile], cap: float) -> float:
    """The highest y (≤ ``cap``) for the bottoms of ``row`` that keeps it clear of ``above``."""
    y = cap
    top = cap + max(t.shape.h for t in row)
    # Tiles whose bottom is above the row's highest possible top cannot be touched.
    low = [a for a in above if a.y < top - EPS]
    for t in row:
        poly = t.outline
        for a in low:
            if a.x < t.right - EPS and t.x < a.right - EPS:
                need = clearance(poly, a.outline, 1)
                if need is not None:
                    y = min(y, -need)
    return y


def _shared_sides(row: Sequence[Tile], above: Sequence[Tile]) -> int:
    """How many sides of ``row``'s tiles coincide exactly with a side of a tile ``above``."""
    theirs = [e for a in above for e in edges(a.outline)]
    count = 0
    for t in row:
        for p, q in edges(t.outline):
            count += any((_same_point(p, b) and _same_point(q, a))
                         or (_same_point(p, a) and _same_point(q, b)) for a, b in theirs)
    return count


def _same_point(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return abs(p[0] - q[0]) <= EPS and abs(p[1] - q[1]) <= EPS


# -- rows on a sheet ---------------------------------------------------------------------------

def _starts(prev: Sequence[Tile], shape: Shape, area: _Area) -> list[tuple[float, bool]]:
    """Where the next row's first tile may go: both ways round, at the left edge or with one of
    its corners straight under a corner of the first tiles of ``prev``."""
    out: set[tuple[float, bool]] = set()
    for turned in (False, True):
        out.add((area.bleed, turned))
        for t in prev[:2]:
            for vx, _ in t.outline:
                for ox, _ in shape.poly(turned):
                    x = round(vx - ox, 9)
                    if area.fits_x(x, shape) and x <= area.bleed + shape.w:
                        out.add((x, turned))
    return sorted(out)


def _next_row(shapes: Sequence[Shape], start: int, rows: list[list[Tile]], area: _Area
              ) -> list[Tile]:
    """The row after ``rows`` (its tiles at their final y), chosen as the module docstring says;
    empty when the first tile fits nowhere."""
    prev = rows[-1]
    near = [t for r in rows[-2:] for t in r]
    cap = prev[0].y
    best: tuple[tuple[float, int, int, float, bool], list[Tile]] | None = None
    for first in _starts(prev, shapes[start], area):
        row = _fill_row(shapes, start, first, area)
        y = _drop(row, near, cap)
        score = (-round(y, 6), -len(row), -_shared_sides([t.at(y) for t in row[:PREFIX]], prev),
                 first[0], first[1])
        if best is None or score < best[0]:
            best = (score, row)
    if best is None:
        return []
    row = best[1]
    y = _drop(row, [t for r in rows for t in r], cap)
    return [t.at(y) for t in row]


def pack(shapes: Sequence[Shape], start: int, width: float, height: float, bleed: float
         ) -> list[Tile]:
    """As many tiles from ``shapes[start:]`` as fit a ``width`` × ``height`` area, in order,
    with the block's top-left art corner at (0, 0) and rows going down (negative y)."""
    area = _Area(width, height, bleed)
    if not area.fits_x(bleed, shapes[start]):
        return []
    first = _fill_row(shapes, start, (bleed, False), area)
    top = max(t.shape.h for t in first)
    rows = [[t.at(-bleed - top) for t in first]]
    if rows[0][0].y - bleed < -height - EPS:
        return []
    while rows[-1][-1].index + 1 < len(shapes):
        row = _next_row(shapes, rows[-1][-1].index + 1, rows, area)
        if not row or min(t.y for t in row) - bleed < -height - EPS:
            break
        rows.append(row)
    return [t for r in rows for t in r]


# -- the sheets --------------------------------------------------------------------------------

def paint_regions(tiles: Sequence[Tile], bleed: float) -> list[Polygon]:
    """For each tile, the convex region it may paint: its outline grown by ``bleed``, within its
    art box, and on its own side of a separating line to every tile whose art box meets its
    own (the line leaving the largest region) — so no tile ever paints inside another, and
    sides shared with a neighbour get no bleed."""
    boxes = [box_polygon(t.x - bleed, t.y - bleed, t.shape.w + 2 * bleed,
                         t.shape.h + 2 * bleed) for t in tiles]
    outlines = [t.outline for t in tiles]
    out: list[Polygon] = []
    for i, near in enumerate(_neighbours(boxes)):
        region = boxes[i]
        for plane in outward_planes(outlines[i], bleed):
            region = cut(region, plane)
        for j in near:
            # Any separating line keeps this tile out of the other; the one that leaves the
            # most room keeps the bleed of sides that merely meet the other at a corner.
            cuts = [cut(region, plane) for plane in separators(outlines[i], outlines[j])]
            if cuts:
                region = max(cuts, key=area2)
        out.append(region)
    return out


def _neighbours(boxes: Sequence[Polygon]) -> list[list[int]]:
    """For each box, the (ascending) indices of the other boxes it overlaps; boxes are binned
    in cells as large as the largest box, so each is only compared with those nearby."""
    size = max(max(b[2][0] - b[0][0], b[2][1] - b[0][1]) for b in boxes)
    cells: dict[tuple[int, int], list[int]] = {}
    for i, b in enumerate(boxes):
        cells.setdefault((math.floor(b[0][0] / size), math.floor(b[0][1] / size)), []).append(i)
    out: list[list[int]] = []
    for i, b in enumerate(boxes):
        cx, cy = math.floor(b[0][0] / size), math.floor(b[0][1] / size)
        near = {j for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for j in cells.get((cx + dx, cy + dy), ()) if j != i and _boxes_meet(b, boxes[j])}
        out.append(sorted(near))
    return out


def _boxes_meet(a: Polygon, b: Polygon) -> bool:
    return (a[0][0] < b[2][0] - EPS and b[0][0] < a[2][0] - EPS
            and a[0][1] < b[2][1] - EPS and b[0][1] < a[2][1] - EPS)


def _centred(tiles: list[Tile], area: tuple[float, float, float, float], bleed: float
             ) -> tuple[list[Tile], tuple[float, float, float, float]]:
    """``tiles`` moved so that their block (art boxes) is centred on ``area``; and the block."""
    ax, ay, aw, ah = area
    x0 = min(t.x for t in tiles) - bleed
    x1 = max(t.right for t in tiles) + bleed
    y0 = min(t.y for t in tiles) - bleed
    y1 = max(t.y + t.shape.h for t in tiles) + bleed
    dx, dy = ax + (aw - (x1 - x0)) / 2 - x0, ay + (ah - (y1 - y0)) / 2 - y0
    moved_tiles = [Tile(t.index, t.shape, t.x + dx, t.y + dy, t.turned) for t in tiles]
    return moved_tiles, (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


def tile_sheets(shapes: Sequence[Shape], paper: Size, area: tuple[float, float, float, float],
                bleed: float) -> list[SheetPlan]:
    """Every tile of ``shapes`` (one per item, in order) on as many sheets as needed, each
    tessellated within ``area`` = (x, y, w, h) of ``paper``.

    Raises :class:`LayoutError` when a tile does not fit an empty sheet.
    """
    plans: list[SheetPlan] = []
    start = 0
    while start < len(shapes):
        tiles = pack(shapes, start, area[2], area[3], bleed)
        if not tiles:
            s = shapes[start]
            raise LayoutError(f"a {s.w:g}x{s.h:g} mm tile with {bleed:g} mm bleed does not fit "
                              f"on {paper[0]:g}x{paper[1]:g} mm paper")
        tiles, block = _centred(tiles, area, bleed)
        places = tuple(
            Placement(t.index, (t.x, t.y, t.shape.w, t.shape.h),
                      (t.x - bleed, t.y - bleed, t.shape.w + 2 * bleed, t.shape.h + 2 * bleed),
                      region, t.turned, t.outline)
            for t, region in zip(tiles, paint_regions(tiles, bleed), strict=True))
        plans.append(SheetPlan(paper, places, block, None,
                               (block[0] + bleed, block[2] - block[0] - 2 * bleed)))
        start += len(tiles)
    return plans


__all__ = ["PREFIX", "Shape", "Tile", "pack", "paint_regions", "tile_sheets"]
