"""Boards at any size: the printed board and mini boards of positions (puzzles, rule
figures).

The board's own drawing coordinates (``model.board``: edge lengths, y *down*, origin at the
centre knot E5) are mapped to the canvas (mm, y up) by a :class:`View`. Tiles on a board are
drawn by ``art.tilefaces``, as the die-cut tiles of ``art.tiles`` are, so a tile looks the
same in the box and on a puzzle page; drift routes over a board are ``art.routes``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from spacebowl_print.games.tomtube.art.tilefaces import (
    centre,
    place_rhomb,
    place_triangle,
    poly_path,
)
from spacebowl_print.games.tomtube.art.tubes import (
    INK,
    PLAYER_COLOUR,
    WHITE,
    Look,
    Point,
    draw_astronaut_token,
    draw_counter,
    draw_home,
    draw_tubes,
    sphere_sector,
)
from spacebowl_print.games.tomtube.model.board import (
    DAVE,
    MODULES,
    NEUTRAL,
    PLAYERS,
    ROWS,
    SIDE,
    SQRT3,
    TOM,
    board,
)
from spacebowl_print.games.tomtube.model.position import Position, complete_knots, coverage
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style
from spacebowl_print.render.colour import tint
from spacebowl_print.render.fonts import text_width

TILE_EDGE = "#7A8799"
"""The outline of tiles laid on a board."""
HALF_H = SIDE * SQRT3 / 2
"""Half the hexagon's height, in edge lengths (its half width is ``SIDE``)."""


@dataclass(frozen=True)
class View:
    """Where the board lies on the canvas: the centre knot E5 at (``cx``, ``cy``) mm, one
    edge ``edge`` mm long."""

    cx: float
    cy: float
    edge: float

    def pt(self, p: tuple[float, float]) -> Point:
        """Board drawing coordinates (edge lengths, y down) → canvas mm (y up)."""
        return (self.cx + self.edge * p[0], self.cy - self.edge * p[1])

    def knot(self, k: int) -> Point:
        """Canvas position of knot index ``k``."""
        return self.pt(board().knot_xy(k))

    def at(self, name: str) -> Point:
        """Canvas position of a knot, rhomb centre (rhomb position name) or triangle centre
        (triangle name)."""
        b = board()
        if name in b.knot_index:
            return self.knot(b.knot_index[name])
        if name in b.position_index:
            return self.pt(b.edge_xy(b.rhomb_positions[b.position_index[name]].edge))
        if name in b.edge_index:
            return self.pt(b.edge_xy(b.edge_index[name]))
        return self.pt(b.triangle_xy(b.triangle_index[name]))


def board_size(edge: float) -> tuple[float, float]:
    """(width, height) in mm of the side-4 hexagon with edges ``edge`` mm long."""
    return (2 * SIDE * edge, 2 * HALF_H * edge)


# ---------------------------------------------------------------- the board

def module_polygon(view: View, knot: int) -> list[Point]:
    """The printed module at rim knot ``knot``: the outline of its three triangles."""
    b = board()
    m = b.module_at[knot]
    around = sorted({k for t in m.triangles for k in b.triangles[t].knots if k != knot},
                    key=lambda k: math.atan2(view.knot(k)[1] - view.knot(knot)[1],
                                             view.knot(k)[0] - view.knot(knot)[0]))
    # Counter-clockwise around the module knot; the knot itself closes the outline where
    # the two rim neighbours are (the gap between them faces away from the board).
    pts = [view.knot(k) for k in around]
    gap = max(range(len(pts)), key=lambda i: _turn(view.knot(knot), pts[i - 1], pts[i]))
    return [view.knot(knot), *pts[gap:], *pts[:gap]]


def _turn(o: Point, a: Point, b: Point) -> float:
    """Angle (degrees, 0..360) swept counter-clockwise from ``a`` to ``b`` around ``o``."""
    return (math.degrees(math.atan2(b[1] - o[1], b[0] - o[0]))
            - math.degrees(math.atan2(a[1] - o[1], a[0] - o[0]))) % 360.0


def paint_module(canvas: Canvas, view: View, knot: int, look: Look) -> None:
    """A printed module: its three triangles in the owner's tint, sphere sectors at their
    inner corners, its two neutral tubes, and the dock (where the astronaut or the solar
    counter stands) — a base shows the owner's mark, a solar module a sun."""
    b = board()
    m = b.module_at[knot]
    colour = PLAYER_COLOUR[m.owner]
    poly = module_polygon(view, knot)
    canvas.polygon(poly, Style(fill=tint(colour, 0.28 if not look.ink_saver else 0.12),
                               stroke=colour, width=look.line_w * 2))
    here = view.knot(knot)
    canvas.save()
    canvas.clip_path(poly_path(poly))
    draw_tubes(canvas, [(here, view.knot(n), NEUTRAL) for n in m.tubes_to], look.tube_w,
               look.ink_saver)
    for t in m.triangles:
        ks = b.triangles[t].knots
        for k in ks:
            if k != knot:
                others = [view.knot(j) for j in ks if j != k]
                sphere_sector(canvas, view.knot(k), others[0], others[1], look)
    canvas.restore()
    r = look.sphere_r * 1.45
    canvas.circle(here[0], here[1], r, Style(fill=WHITE, stroke=colour, width=look.line_w * 4))
    if m.kind == "base":
        draw_home(canvas, m.owner, here[0], here[1] + r * 0.42, r * 0.45, look.ink_saver)
    else:
        draw_counter(canvas, "solar", here[0], here[1] + r * 0.42, r * 0.42, look.ink_saver,
                     owner=m.owner, outline=True)


def paint_space(canvas: Canvas, view: View, look: Look, seed: int | None = None) -> None:
    """The hexagon's space: background, and (full colour, with a ``seed``) a sprinkle of
    stars between the lattice lines."""
    b = board()
    rim = [view.knot(b.knot_index[n]) for n in ("A1", "A5", "E9", "I5", "I1", "E1")]
    canvas.polygon(rim, Style(fill=look.space))
    if seed is None or look.ink_saver:
        return
    rng = random.Random(seed)
    for t in b.triangles:
        if t.index in b.module_triangles:
            continue
        pts = [view.knot(k) for k in t.knots]
        for _ in range(2):
            u, v = rng.random(), rng.random()
            if u + v > 1:
                u, v = 1 - u, 1 - v
            # Stay away from the lines: pull the point towards the triangle's centre.
            c = centre(pts)
            x = pts[0][0] + u * (pts[1][0] - pts[0][0]) + v * (pts[2][0] - pts[0][0])
            y = pts[0][1] + u * (pts[1][1] - pts[0][1]) + v * (pts[2][1] - pts[0][1])
            x, y = c[0] + (x - c[0]) * 0.6, c[1] + (y - c[1]) * 0.6
            canvas.circle(x, y, view.edge * (0.004 + 0.006 * rng.random()),
                          Style(fill="#E8ECF5"))


def paint_lattice(canvas: Canvas, view: View, look: Look) -> None:
    """Every edge of the board as a grey line, and every knot as a small grey ring."""
    b = board()
    st = Style(stroke=look.lattice, width=max(0.15, view.edge * 0.008))
    for e in b.edges:
        p, q = (view.knot(k) for k in e.knots)
        canvas.line(p[0], p[1], q[0], q[1], st)
    for k in b.knots:
        p = view.knot(k.index)
        canvas.circle(p[0], p[1], view.edge * 0.03, Style(fill=look.space, stroke=look.lattice,
                                                          width=st.width))


def paint_knot_names(canvas: Canvas, view: View, look: Look, size: float) -> None:
    """Each knot's name, ``size`` pt, just below and right of the knot (left on the right
    half of the rim), so a tile laid on the board hides the names it covers; dark ink where
    the name falls on a printed module."""
    b = board()
    for k in b.knots:
        x, y = view.knot(k.index)
        right = not k.rim or k.x + k.y / 2 < 0
        dx = view.edge * (0.12 if right else -0.12)
        dy = -view.edge * 0.1 if k.y < SIDE else view.edge * 0.06
        # The triangle the name lies in: the one at this knot towards (dx, dy).
        probe = (x + dx * 2, y + dy * 2)
        on_module = any(t in b.module_triangles and _inside(
            probe, [view.knot(j) for j in b.triangles[t].knots]) for t in b.knot_triangles[k.index])
        canvas.text(x + dx, y + dy - size * MM_PER_PT * 0.7, k.name, size, "regular",
                    "#333333" if on_module else look.on_space, "start" if right else "end")


def _inside(p: Point, tri: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside the triangle ``tri``."""
    signs = []
    for i in range(3):
        (ax, ay), (bx, by) = tri[i], tri[(i + 1) % 3]
        signs.append((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) >= 0)
    return all(signs) or not any(signs)


def paint_row_letters(canvas: Canvas, view: View, colour: str, size: float,
                      gap: float) -> None:
    """Row letters ``A``..``I`` ``gap`` mm outside both ends of every row."""
    b = board()
    for letter in ROWS:
        row = [k for k in b.knots if k.name[0] == letter]
        left, right = view.knot(row[0].index), view.knot(row[-1].index)
        h = size * MM_PER_PT * 0.36
        canvas.text(left[0] - gap, left[1] - h, letter, size, "bold", colour, "end")
        canvas.text(right[0] + gap, right[1] - h, letter, size, "bold", colour, "start")


def paint_board(canvas: Canvas, view: View, look: Look, seed: int | None = None,
                names: float | None = None) -> None:
    """The empty board: space, lattice, the six modules with their tubes and docks, and
    with ``names`` (a size in pt) every knot's name."""
    paint_space(canvas, view, look, seed)
    paint_lattice(canvas, view, look)
    for m in board().modules:
        paint_module(canvas, view, m.knot, look)
    if names:
        paint_knot_names(canvas, view, look, names)


# ---------------------------------------------------------------- positions

def placed_board(canvas: Canvas, view: View, look: Look) -> None:
    """The empty board (:func:`paint_board` without stars or names) defined once per size
    and ink mode in a document and placed: a booklet repeats it on every page for the cost
    of one."""
    w, h = board_size(view.edge)
    pad = view.edge * 0.45  # the module docks stand out of the hexagon
    fw, fh = w + 2 * pad, h + 2 * pad
    name = f"tt-board-{view.edge:.4f}-{int(look.ink_saver)}"
    canvas.define(name, fw, fh, lambda c: paint_board(c, View(fw / 2, fh / 2, view.edge), look))
    canvas.place(name, view.cx - fw / 2, view.cy - fh / 2)


def paint_position(canvas: Canvas, view: View, pos: Position, tiles: TileSet,
                   look: Look) -> None:
    """A position on an empty board drawn with :func:`paint_board`: placed rhombs and
    triangles (each design drawn once per document, see :func:`place_rhomb`), counters on
    their spheres and both astronauts."""
    paint_tiles(canvas, view, pos, tiles, look)
    for name, kind in sorted(pos.counters.items()):
        x, y = view.at(name)
        owner = MODULES[name][0] if name in MODULES else None
        draw_counter(canvas, kind, x, y, look.edge * 0.2, look.ink_saver, owner=owner)
    paint_astronauts(canvas, view, pos, look)


def paint_tiles(canvas: Canvas, view: View, pos: Position, tiles: TileSet, look: Look) -> None:
    """The placed rhombs and triangles of ``pos`` alone (a web page puts the counters and
    astronauts over them as they move)."""
    b = board()
    edge_line = TILE_EDGE
    for r in pos.rhombs:
        p = b.position_index[r.at]
        corners = b.corners(p, b.knot_index[r.s1])
        place_rhomb(canvas, [view.knot(k) for k in corners], tiles[r.id], look, edge_line)
    for tr in pos.triangles:
        knots = tr.at.split("-")
        tube = None if tr.tube is None else (knots.index(tr.tube[0]), knots.index(tr.tube[1]))
        place_triangle(canvas, [view.knot(b.knot_index[k]) for k in knots], tr.owner, tube,
                       look, edge_line)


def paint_astronauts(canvas: Canvas, view: View, pos: Position, look: Look) -> None:
    """Both astronauts' tokens where they stand (drawn again over routes that start under
    them)."""
    for pl in PLAYERS:
        x, y = view.at(pos.astronauts[pl].at)
        draw_astronaut_token(canvas, pl, x, y, look.edge * 0.19, look.ink_saver)


def name_chip(canvas: Canvas, x: float, y: float, name: str, size: float) -> None:
    """A sphere's name in a small white chip centred on (x, y), readable over tubes and
    routes."""
    w = text_width(name, size, "bold") + 1.0
    h = size * MM_PER_PT * 1.05
    canvas.rect(x - w / 2, y - h / 2, w, h, Style(fill=WHITE, stroke="#8A8A8A", width=0.12),
                h * 0.3)
    canvas.text(x, y - size * MM_PER_PT * 0.36, name, size, "bold", INK, "middle")


def paint_sphere_names(canvas: Canvas, view: View, pos: Position, size: float,
                       skip: Iterable[str] = ()) -> None:
    """A name chip (``size`` pt) on every knot sphere of ``pos`` that holds no counter and
    no astronaut (nor any in ``skip``). Drawn last, over routes."""
    b = board()
    taken = set(pos.counters) | {a.at for a in pos.astronauts.values()} | set(skip)
    for k in sorted(complete_knots(coverage(pos))):
        name = b.knots[k].name
        if name not in taken:
            x, y = view.knot(k)
            name_chip(canvas, x, y, name, size)


def board_extent(view: View) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm of the hexagon drawn with ``view``."""
    w, h = board_size(view.edge)
    return (view.cx - w / 2, view.cy - h / 2, view.cx + w / 2, view.cy + h / 2)


def spheres_of(pos: Position, tiles: TileSet) -> Mapping[str, str]:
    """Every sphere of ``pos`` → ``knot``, ``energy`` or ``module`` (for labels)."""
    b = board()
    out = {b.knots[k].name: "knot" for k in complete_knots(coverage(pos))}
    out.update({m: "module" for m in MODULES})
    out.update({r.at: "energy" for r in pos.rhombs if tiles[r.id].cross})
    return out


__all__ = [
    "DAVE", "HALF_H", "TILE_EDGE", "TOM", "View", "board_extent", "board_size", "module_polygon",
    "name_chip", "paint_astronauts", "paint_board", "paint_knot_names", "paint_lattice",
    "paint_module", "paint_position", "paint_row_letters", "paint_space", "paint_sphere_names",
    "paint_tiles",
    "placed_board", "spheres_of",
]
