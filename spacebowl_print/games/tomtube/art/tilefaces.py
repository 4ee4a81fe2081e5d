"""Tile faces drawn anywhere: a rhomb tile or a player's triangle at any corners, painted
directly (:func:`paint_rhomb`, :func:`paint_triangle`) or through a form defined once per
design and size in a document and placed turned (:func:`place_rhomb`,
:func:`place_triangle`).

The die-cut tiles of ``art.tiles`` and the tiles on boards and puzzle pages share these, so a
tile looks the same in the box and on a page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from spacebowl_print.games.tomtube.art.tubes import (
    PLAYER_COLOUR,
    Look,
    Point,
    draw_astronaut_token,
    draw_hub,
    draw_tubes,
    sphere_sector,
)
from spacebowl_print.games.tomtube.model.board import SQRT3
from spacebowl_print.games.tomtube.model.tiles import Tile
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.colour import tint


def poly_path(points: Sequence[Point]) -> list[tuple[object, ...]]:
    """The closed polygon through ``points`` as path operations (for clipping)."""
    x0, y0 = points[0]
    return [("M", x0, y0), *(("L", x, y) for x, y in points[1:]), ("Z",)]


def centre(points: Sequence[Point]) -> Point:
    """The mean of ``points``."""
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


# ---------------------------------------------------------------- painted

def paint_rhomb(canvas: Canvas, corners: Sequence[Point], tile: Tile, look: Look,
                label: bool = False, edge_line: str | None = None, hub: bool = True) -> None:
    """A rhomb tile whose corners ``s1, b1, s2, b2`` lie at ``corners`` (counter-clockwise):
    face, tubes from each corner to the centre in their colours, sphere sectors at the
    corners, the fork hub or energy cross (unless ``hub`` is False: the caller draws it
    upright), and with ``label`` its id small by the ``s1-b1`` side. Everything stays inside
    the outline (the caller paints any bleed)."""
    c = ((corners[1][0] + corners[3][0]) / 2, (corners[1][1] + corners[3][1]) / 2)
    canvas.polygon(corners, Style(fill=look.tile_face))
    canvas.save()
    canvas.clip_path(poly_path(corners))
    segs = [(p, c, colour) for p, colour in zip(corners, tile.corners, strict=True) if colour]
    draw_tubes(canvas, segs, look.tube_w, look.ink_saver)
    for i, p in enumerate(corners):
        sphere_sector(canvas, p, corners[i - 1], corners[(i + 1) % 4], look)
    canvas.restore()
    if hub and (segs or tile.cross):
        draw_hub(canvas, c, tile.cross, look)
    if edge_line:
        canvas.polygon(corners, Style(stroke=edge_line, width=look.line_w))
    if label:
        s1, b1 = corners[0], corners[1]
        m = ((s1[0] + b1[0]) / 2, (s1[1] + b1[1]) / 2)
        # Along the s1-b1 side, a little inside: clear of the tubes, which run to the centre.
        t = 0.16
        x = m[0] + (c[0] - m[0]) * t + (b1[0] - s1[0]) * 0.12
        y = m[1] + (c[1] - m[1]) * t
        angle = math.degrees(math.atan2(b1[1] - s1[1], b1[0] - s1[0]))
        canvas.save()
        canvas.translate(x, y)
        canvas.rotate(angle)
        canvas.text(0, -0.8, str(tile.id), 6.5, "regular", "#6B7280", "middle")
        canvas.restore()


def paint_triangle(canvas: Canvas, corners: Sequence[Point], owner: str,
                   tube: tuple[int, int] | None, look: Look,
                   edge_line: str | None = None, mark: bool = True) -> None:
    """A player's triangle: a face tinted in the owner's colour, with ``tube`` (indices of
    two of its ``corners``) a tube of the owner's colour from each to the centre, sphere
    sectors at the corners and (``mark``) the owner's mark by the third side."""
    c = centre(corners)
    canvas.polygon(corners, Style(fill=tint(PLAYER_COLOUR[owner], 0.12 if not look.ink_saver
                                            else 0.06)))
    canvas.save()
    canvas.clip_path(poly_path(corners))
    if tube is not None:
        segs = [(corners[tube[0]], c, owner), (corners[tube[1]], c, owner)]
        draw_tubes(canvas, segs, look.tube_w, look.ink_saver, joints=[c])
    for i, p in enumerate(corners):
        sphere_sector(canvas, p, corners[i - 1], corners[(i + 1) % 3], look)
    canvas.restore()
    if edge_line:
        canvas.polygon(corners, Style(stroke=edge_line, width=look.line_w))
    if mark:
        # The owner's mark between the centre and the corner the tube does not touch.
        far = [k for k in range(3) if tube is None or k not in tube]
        if tube is None:
            at = c
        else:
            opp = corners[far[0]]
            at = (c[0] + (opp[0] - c[0]) * 0.45, c[1] + (opp[1] - c[1]) * 0.45)
        draw_astronaut_token(canvas, owner, at[0], at[1], look.edge * 0.07, look.ink_saver)


# ---------------------------------------------------------------- placed through forms

def _place_rotated(canvas: Canvas, name: str, origin: Point, towards: Point) -> None:
    """Place art ``name`` (defined with its reference side along +x from its origin) with
    that origin on ``origin``, turned so the side points at ``towards``."""
    canvas.save()
    canvas.translate(origin[0], origin[1])
    canvas.rotate(math.degrees(math.atan2(towards[1] - origin[1], towards[0] - origin[0])))
    canvas.place(name, -FORM_PAD, -FORM_PAD)
    canvas.restore()


FORM_PAD = 0.5
"""Margin (mm) around a tile's form, so its outline stroke is not cut off."""


def place_rhomb(canvas: Canvas, corners: Sequence[Point], tile: Tile, look: Look,
                edge_line: str) -> None:
    """:func:`paint_rhomb` (no label) through a form: every design is drawn once per size in
    a document, each placement is the form turned so ``s1 → b1`` runs along its side. The
    hub is drawn after, upright (an energy cross stays a "+")."""
    e = look.edge
    h = e * SQRT3 / 2
    design = "".join((c or "x")[0] for c in tile.corners) + ("+" if tile.cross else "")
    name = f"tt-rhomb-{design}-{e:.4f}-{int(look.ink_saver)}"

    def draw(c: Canvas) -> None:
        c.translate(FORM_PAD, FORM_PAD)
        paint_rhomb(c, [(0.0, 0.0), (e, 0.0), (1.5 * e, h), (0.5 * e, h)], tile, look,
                    edge_line=edge_line, hub=False)

    canvas.define(name, 1.5 * e + 2 * FORM_PAD, h + 2 * FORM_PAD, draw)
    _place_rotated(canvas, name, corners[0], corners[1])
    if tile.cross or any(tile.corners):
        middle = ((corners[1][0] + corners[3][0]) / 2, (corners[1][1] + corners[3][1]) / 2)
        draw_hub(canvas, middle, tile.cross, look)


def place_triangle(canvas: Canvas, corners: Sequence[Point], owner: str,
                   tube: tuple[int, int] | None, look: Look, edge_line: str) -> None:
    """:func:`paint_triangle` (no mark) through a form, as :func:`place_rhomb`: the form
    has its tube on its two base corners; it is turned so they land on the ``tube``
    corners (counter-clockwise order), or any way for a blank triangle."""
    apex = 3 - sum(tube) if tube is not None else 2
    a, b_ = [corners[k] for k in range(3) if k != apex]
    top = corners[apex]
    # Base left and base right, counter-clockwise with the apex.
    if (b_[0] - a[0]) * (top[1] - a[1]) - (b_[1] - a[1]) * (top[0] - a[0]) < 0:
        a, b_ = b_, a
    e = look.edge
    h = e * SQRT3 / 2
    name = f"tt-tri-{owner}-{int(tube is not None)}-{e:.4f}-{int(look.ink_saver)}"

    def draw(c: Canvas) -> None:
        c.translate(FORM_PAD, FORM_PAD)
        paint_triangle(c, [(0.0, 0.0), (e, 0.0), (0.5 * e, h)], owner,
                       (0, 1) if tube is not None else None, look, edge_line=edge_line,
                       mark=False)

    canvas.define(name, e + 2 * FORM_PAD, h + 2 * FORM_PAD, draw)
    _place_rotated(canvas, name, a, b_)


__all__ = [
    "FORM_PAD", "centre", "paint_rhomb", "paint_triangle", "place_rhomb", "place_triangle",
    "poly_path",
]
