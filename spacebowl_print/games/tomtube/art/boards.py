"""Boards at any size: the printed board, mini boards of positions (puzzles, rule figures) and
drift routes traced through the engine's tube network.

The board's own drawing coordinates (``model.board``: edge lengths, y *down*, origin at the
centre knot E5) are mapped to the canvas (mm, y up) by a :class:`View`. Tiles drawn here and
the die-cut tiles of ``art.tiles`` share :func:`paint_rhomb` and :func:`paint_triangle`, so a
tile looks the same in the box and on a puzzle page.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from spacebowl_print.games.tomtube.art.look import (
    INK,
    PLAYER_COLOUR,
    WHITE,
    Look,
    Point,
    draw_astronaut_token,
    draw_counter,
    draw_home,
    draw_hub,
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
from spacebowl_print.games.tomtube.model.position import Position
from spacebowl_print.games.tomtube.model.tiles import Tile, TileSet
from spacebowl_print.games.tomtube.rules.network import (
    BLOCKED,
    COLOUR_BIT,
    FORK,
    MODULE,
    TRI,
    Network,
)
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style
from spacebowl_print.render.colour import tint
from spacebowl_print.render.fonts import text_width

HALF_H = SIDE * SQRT3 / 2
"""Half the hexagon's height, in edge lengths (its half width is ``SIDE``)."""
ROUTE = "#C2185B"
"""The colour routes are drawn in (a magenta no tube has)."""


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


def _poly_path(points: Sequence[Point]) -> list[tuple[object, ...]]:
    x0, y0 = points[0]
    return [("M", x0, y0), *(("L", x, y) for x, y in points[1:]), ("Z",)]


def _centre(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


# ---------------------------------------------------------------- tiles

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
    canvas.clip_path(_poly_path(corners))
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
    c = _centre(corners)
    canvas.polygon(corners, Style(fill=tint(PLAYER_COLOUR[owner], 0.12 if not look.ink_saver
                                            else 0.06)))
    canvas.save()
    canvas.clip_path(_poly_path(corners))
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
    canvas.clip_path(_poly_path(poly))
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
            c = _centre(pts)
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
        centre = ((corners[1][0] + corners[3][0]) / 2, (corners[1][1] + corners[3][1]) / 2)
        draw_hub(canvas, centre, tile.cross, look)


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


def paint_position(canvas: Canvas, view: View, pos: Position, tiles: TileSet,
                   look: Look) -> None:
    """A position on an empty board drawn with :func:`paint_board`: placed rhombs and
    triangles (each design drawn once per document, see :func:`place_rhomb`), counters on
    their spheres and both astronauts."""
    b = board()
    edge_line = "#7A8799"
    for r in pos.rhombs:
        p = b.position_index[r.at]
        corners = b.corners(p, b.knot_index[r.s1])
        place_rhomb(canvas, [view.knot(k) for k in corners], tiles[r.id], look, edge_line)
    for tr in pos.triangles:
        knots = tr.at.split("-")
        tube = None if tr.tube is None else (knots.index(tr.tube[0]), knots.index(tr.tube[1]))
        place_triangle(canvas, [view.knot(b.knot_index[k]) for k in knots], tr.owner, tube,
                       look, edge_line)
    for name, kind in sorted(pos.counters.items()):
        x, y = view.at(name)
        owner = MODULES[name][0] if name in MODULES else None
        draw_counter(canvas, kind, x, y, look.edge * 0.2, look.ink_saver, owner=owner)
    paint_astronauts(canvas, view, pos, look)


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
    from spacebowl_print.games.tomtube.model.position import complete_knots, coverage

    b = board()
    taken = set(pos.counters) | {a.at for a in pos.astronauts.values()} | set(skip)
    for k in sorted(complete_knots(coverage(pos))):
        name = b.knots[k].name
        if name not in taken:
            x, y = view.knot(k)
            name_chip(canvas, x, y, name, size)


# ---------------------------------------------------------------- drift routes

def drift_route(net: Network, start: int, player: str, colours: int, blocked: Iterable[int],
                counters: Iterable[int], target: int) -> list[int] | None:
    """The nodes of a drift from ``start`` to ``target`` using the fewest tube segments, or
    None. It walks the engine's own network (``rules.network.build``) with the transitions
    ``network.drift_targets`` applies — any other tube at a fork or triangle centre; at a
    complete, counter-free sphere straight on (the exactly opposite direction); no entering
    blocked knots, the other astronaut or another player's module; stopping only at a
    sphere other than the start — so the route drawn is one the engine allows."""
    stop_here = set(counters)
    no_go = set(blocked)
    kinds, ports, ends, col = net.kinds, net.ports, net.seg_ends, net.seg_colour
    parent: dict[int, int | None] = {}
    todo: deque[int] = deque()

    def push(s: int, from_node: int, prev: int | None) -> None:
        d = 2 * s + (0 if ends[s][0] == from_node else 1)
        if d not in parent and col[s] & colours:
            parent[d] = prev
            todo.append(d)

    for s in sorted(ports[start].values()):
        push(s, start, None)
    while todo:
        d = todo.popleft()
        s, o = divmod(d, 2)
        a, da, bn, db = ends[s]
        node, arr = (bn, db) if o == 0 else (a, da)
        if node in no_go or kinds[node] == BLOCKED:
            continue
        if kinds[node] in (FORK, TRI):
            for s2 in sorted(ports[node].values()):
                if s2 != s:
                    push(s2, node, d)
            continue
        if kinds[node] == MODULE and MODULES[net.names[node]][0] != player:
            continue
        if node == target and node != start:
            path = [node]
            cur: int | None = d
            while cur is not None:
                cs, co = divmod(cur, 2)
                ca, _, cb, _ = ends[cs]
                path.append(ca if co == 0 else cb)
                cur = parent[cur]
            return path[::-1]
        if node in stop_here:
            continue
        straight = ports[node].get((arr + 6) % 12)
        if straight is not None:
            push(straight, node, d)
    return None


def colours_of(player: str, paid: bool) -> int:
    """The colour bits a drift may use: own and neutral, or every colour when paid."""
    if paid:
        return sum(COLOUR_BIT.values())
    return COLOUR_BIT[player] | COLOUR_BIT[NEUTRAL]


def node_point(view: View, net: Network, node: int) -> Point:
    """Canvas position of a network node (knot, rhomb centre or triangle centre)."""
    return view.at(net.names[node])


def paint_route(canvas: Canvas, points: Sequence[Point], width: float, jump: bool = False,
                number: int | None = None, number_size: float = 7.0,
                colour: str = ROUTE) -> None:
    """One move drawn over the board: a bold line with a white casing along ``points``
    (dashed for a space jump), an arrowhead at the end and, with ``number``, the move's
    number in a disc there."""
    if len(points) < 2:
        return
    dash = (width * 2.2, width * 1.4) if jump else None
    canvas.polygon(points, Style(stroke=WHITE, width=width * 2.0), closed=False)
    # Stop the line short of the end so the arrowhead's tip lands on the sphere.
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 3.2
    tip = (x1 - ux * width * 1.2, y1 - uy * width * 1.2)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    canvas.polygon([*points[:-1], base], Style(stroke=colour, width=width, dash=dash),
                   closed=False)
    nx, ny = -uy, ux
    canvas.polygon([tip, (base[0] + nx * head * 0.55, base[1] + ny * head * 0.55),
                    (base[0] - nx * head * 0.55, base[1] - ny * head * 0.55)],
                   Style(fill=colour, stroke=WHITE, width=width * 0.35))
    if number is not None:
        mx, my = points[-2] if len(points) > 2 else ((x0 + x1) / 2, (y0 + y1) / 2)
        if len(points) > 2:
            mx, my = (points[-2][0] + x1) / 2, (points[-2][1] + y1) / 2
        r = number_size * MM_PER_PT * 0.62
        canvas.circle(mx, my, r, Style(fill=colour, stroke=WHITE, width=width * 0.4))
        canvas.text(mx, my - number_size * MM_PER_PT * 0.36, str(number), number_size, "bold",
                    WHITE, "middle")


def board_extent(view: View) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm of the hexagon drawn with ``view``."""
    w, h = board_size(view.edge)
    return (view.cx - w / 2, view.cy - h / 2, view.cx + w / 2, view.cy + h / 2)


def spheres_of(pos: Position, tiles: TileSet) -> Mapping[str, str]:
    """Every sphere of ``pos`` → ``knot``, ``energy`` or ``module`` (for labels)."""
    from spacebowl_print.games.tomtube.model.position import complete_knots, coverage

    b = board()
    out = {b.knots[k].name: "knot" for k in complete_knots(coverage(pos))}
    out.update({m: "module" for m in MODULES})
    out.update({r.at: "energy" for r in pos.rhombs if tiles[r.id].cross})
    return out


__all__ = [
    "DAVE",
    "HALF_H",
    "ROUTE",
    "TOM",
    "View",
    "board_extent",
    "board_size",
    "colours_of",
    "drift_route",
    "module_polygon",
    "name_chip",
    "node_point",
    "paint_board",
    "paint_knot_names",
    "paint_lattice",
    "paint_module",
    "paint_position",
    "paint_rhomb",
    "paint_route",
    "paint_row_letters",
    "paint_space",
    "paint_sphere_names",
    "paint_triangle",
    "spheres_of",
]
