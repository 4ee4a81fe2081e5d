"""The die-cut tiles: 40 rhombs from the tile set and 18 player triangles, as items for
:func:`spacebowl_print.publish.kit.build_kit` (each with its outline, so they tessellate edge
to edge and neighbours share one cut), and their backs.

Geometry. A tile's sides are the board's edge length (``EDGE_MM`` in the kit), so a tile
covers its triangles exactly. In its trim box a rhomb leans right: ``s1`` at the lower-left
sharp corner, then counter-clockwise ``b1`` (lower right, blunt), ``s2`` (upper right,
sharp), ``b2`` (upper left, blunt) — the order the tile set file and the spec use. Its id is
printed small along the ``s1-b1`` side. A triangle stands on its base.

Player triangles (Decision). Each player has 6 tube triangles and 3 blank ones. All 6 tube
triangles are the same: the tube joins the two base corners through the centre. The tube is
symmetric about the line through the third corner, so turning the triangle puts it on any
two corners of a triangle pointing up or down: one design covers every orientation a player
can need, and nobody runs out of the "right" triangle. Faces are tinted in the owner's colour
and blank ones carry the owner's mark, so ownership reads even without a tube.

Backs. Rhombs share one back (the stack lies face down, so every back must look alike); it
is drawn once per document and placed. Triangles show their owner on the back. Backs are the
fronts' outlines mirrored left-right, as :mod:`spacebowl_print.publish.items` requires.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from spacebowl_print.games.tomtube.art.tilefaces import paint_rhomb, paint_triangle
from spacebowl_print.games.tomtube.art.tubes import (
    PLAYER_COLOUR,
    SPACE,
    Look,
    Point,
    draw_astronaut_token,
)
from spacebowl_print.games.tomtube.model.board import DAVE, PLAYERS, TOM
from spacebowl_print.games.tomtube.model.position import BLANK_TRIANGLES, TUBE_TRIANGLES
from spacebowl_print.games.tomtube.model.tiles import Tile, TileSet
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style
from spacebowl_print.render.colour import tint

SQRT3 = math.sqrt(3.0)
TRIANGLE_IDS_FROM = 41
"""Item ids of the player triangles in the kit (``41..58``: Tom's, then Dave's; rhombs keep
their tile-set ids ``1..40``), as ``cut-guide.json`` and ``svg/tile-NNN.svg`` name them."""


def rhomb_outline(edge: float) -> tuple[Point, ...]:
    """The rhomb's corners ``s1, b1, s2, b2`` in its trim box (counter-clockwise)."""
    h = edge * SQRT3 / 2
    return ((0.0, 0.0), (edge, 0.0), (1.5 * edge, h), (0.5 * edge, h))


def triangle_outline(edge: float) -> tuple[Point, ...]:
    """The triangle's corners in its trim box: base left, base right, apex."""
    return ((0.0, 0.0), (edge, 0.0), (0.5 * edge, edge * SQRT3 / 2))


def _mirrored(outline: tuple[Point, ...], width: float) -> tuple[Point, ...]:
    return tuple((width - x, y) for x, y in outline)


def _face(canvas: Canvas, outline: tuple[Point, ...], bleed: float, fill: str) -> None:
    """Fill the tile's outline grown by the bleed (in art-box coordinates): the sheets cut
    inside it, and a tile's SVG shows its own shape."""
    canvas.polygon(_bled(outline, bleed), Style(fill=fill))


def _bled(outline: tuple[Point, ...], bleed: float) -> list[Point]:
    """The tile's outline grown by the bleed, in art-box coordinates."""
    return [(x + bleed, y + bleed) for x, y in _inset(outline, -bleed)]


class _TileBox:
    """A tile's art box: the tile, ``edge`` mm a side, plus ``bleed`` on every side."""

    edge: float
    bleed: float

    @property
    def height(self) -> float:
        return self.edge * SQRT3 / 2 + 2 * self.bleed


class _RhombBox(_TileBox):
    @property
    def width(self) -> float:
        return 1.5 * self.edge + 2 * self.bleed


class _TriangleBox(_TileBox):
    @property
    def width(self) -> float:
        return self.edge + 2 * self.bleed


@dataclass(frozen=True)
class RhombFront(_RhombBox):
    """The front of rhomb ``tile``: tubes, sectors, hub or energy cross, its id."""

    tile: Tile
    edge: float
    bleed: float
    ink_saver: bool = False

    @property
    def id(self) -> int:
        return self.tile.id

    @property
    def outline(self) -> tuple[Point, ...]:
        return rhomb_outline(self.edge)

    def draw(self, canvas: Canvas) -> None:
        look = Look(self.edge, self.ink_saver)
        _face(canvas, self.outline, self.bleed, look.tile_face)
        canvas.save()
        canvas.translate(self.bleed, self.bleed)
        paint_rhomb(canvas, self.outline, self.tile, look, label=True)
        canvas.restore()


@dataclass(frozen=True)
class RhombBack(_RhombBox):
    """The common back of every rhomb: deep space, stars from ``seed``, the game's name
    along the long diagonal. Drawn once per document (a form) and placed."""

    edge: float
    bleed: float
    ink_saver: bool = False
    seed: int = 1
    id: int = 0

    @property
    def outline(self) -> tuple[Point, ...]:
        return _mirrored(rhomb_outline(self.edge), 1.5 * self.edge)

    def draw(self, canvas: Canvas) -> None:
        name = f"tomtube-rhomb-back-{self.edge:g}-{self.bleed:g}-{int(self.ink_saver)}-{self.seed}"
        canvas.define(name, self.width, self.height, self._paint)
        canvas.place(name, 0.0, 0.0)

    def _paint(self, canvas: Canvas) -> None:
        w, h, b = self.width, self.height, self.bleed
        ink = "#1D2840"
        if self.ink_saver:
            _face(canvas, self.outline, b, "#FFFFFF")
        else:
            _face(canvas, self.outline, b, SPACE)
            face = _bled(self.outline, b)
            canvas.save()
            canvas.clip_path([("M", *face[0]), *(("L", x, y) for x, y in face[1:]), ("Z",)])
            rng = random.Random(self.seed)
            for _ in range(46):
                canvas.circle(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.12, 0.35),
                              Style(fill="#E8ECF5"))
            canvas.restore()
            ink = "#FFFFFF"
        inset = [(x + b, y + b) for x, y in _inset(self.outline, 2.2)]
        canvas.polygon(inset, Style(stroke=tint(ink, 0.6) if not self.ink_saver else "#9AA5B8",
                                    width=0.35))
        # Along the long diagonal of the mirrored rhomb (upper left to lower right).
        cx, cy = b + 0.75 * self.edge, b + self.edge * SQRT3 / 4
        canvas.save()
        canvas.translate(cx, cy)
        canvas.rotate(-30.0)
        size = self.edge * 0.3
        canvas.text(0, -size * MM_PER_PT * 0.36, "TOM TUBE", size, "bold", ink, "middle")
        canvas.restore()


def _inset(poly: tuple[Point, ...], by: float) -> list[Point]:
    """A convex polygon (either way round) moved ``by`` mm inwards on every side (outwards
    for a negative ``by``; corners mitred)."""
    area2 = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1],
                                                                 strict=True))
    if area2 < 0:  # a mirrored outline runs clockwise: turn it counter-clockwise
        poly = tuple(reversed(poly))
    n = len(poly)
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # inward for counter-clockwise
        lines.append(((x0 + nx * by, y0 + ny * by), (x1 + nx * by, y1 + ny * by)))
    out = []
    for i in range(n):
        (p, q), (r, s) = lines[i - 1], lines[i]
        d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
        t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d
        out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


@dataclass(frozen=True)
class TriangleFront(_TriangleBox):
    """A player's triangle: ``owner``, with a tube (``tube``) or blank."""

    id: int
    owner: str
    tube: bool
    edge: float
    bleed: float
    ink_saver: bool = False

    @property
    def outline(self) -> tuple[Point, ...]:
        return triangle_outline(self.edge)

    def draw(self, canvas: Canvas) -> None:
        look = Look(self.edge, self.ink_saver)
        _face(canvas, self.outline, self.bleed,
              tint(PLAYER_COLOUR[self.owner], 0.12 if not self.ink_saver else 0.06))
        canvas.save()
        canvas.translate(self.bleed, self.bleed)
        paint_triangle(canvas, self.outline, self.owner, (0, 1) if self.tube else None, look)
        canvas.restore()


@dataclass(frozen=True)
class TriangleBack(_TriangleBox):
    """The back of a player's triangles: the owner's colour and mark."""

    owner: str
    edge: float
    bleed: float
    ink_saver: bool = False
    id: int = 0

    @property
    def outline(self) -> tuple[Point, ...]:
        return _mirrored(triangle_outline(self.edge), self.edge)

    def draw(self, canvas: Canvas) -> None:
        colour = PLAYER_COLOUR[self.owner]
        _face(canvas, self.outline, self.bleed, tint(colour, 0.2 if self.ink_saver else 0.55))
        cx = self.bleed + self.edge / 2
        cy = self.bleed + self.edge * SQRT3 / 6
        draw_astronaut_token(canvas, self.owner, cx, cy, self.edge * 0.12, self.ink_saver)


Front = RhombFront | TriangleFront
Back = RhombBack | TriangleBack


def tile_items(tiles: TileSet, edge: float, bleed: float, ink_saver: bool, seed: int
               ) -> tuple[list[Front], list[Back]]:
    """The kit's 40 rhomb fronts (by id), then per player (Tom, then Dave) 6 tube triangles
    and 3 blank ones (ids from :data:`TRIANGLE_IDS_FROM`), and one back per front: the
    common rhomb back, or the owner's triangle back."""
    fronts: list[Front] = [RhombFront(tiles[i], edge, bleed, ink_saver) for i in tiles.ids()]
    rhomb_back = RhombBack(edge, bleed, ink_saver, seed)
    backs: list[Back] = [rhomb_back] * len(fronts)
    next_id = TRIANGLE_IDS_FROM
    for owner in PLAYERS:
        back = TriangleBack(owner, edge, bleed, ink_saver)
        for k in range(TUBE_TRIANGLES + BLANK_TRIANGLES):
            fronts.append(TriangleFront(next_id, owner, k < TUBE_TRIANGLES, edge, bleed,
                                        ink_saver))
            backs.append(back)
            next_id += 1
    return fronts, backs


__all__ = ["DAVE", "TOM", "TRIANGLE_IDS_FROM", "RhombBack", "RhombFront", "TriangleBack",
           "TriangleFront", "rhomb_outline", "tile_items", "triangle_outline"]
