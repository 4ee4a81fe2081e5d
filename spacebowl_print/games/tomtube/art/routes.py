"""Drift routes: the shortest drift between two spheres traced through the engine's own tube
network, and a move drawn over a board as a bold arrow.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping, Sequence

from spacebowl_print.games.tomtube.art.boards import View
from spacebowl_print.games.tomtube.art.tubes import WHITE, Point
from spacebowl_print.games.tomtube.model.board import MODULES, NEUTRAL
from spacebowl_print.games.tomtube.rules.network import (
    BLOCKED,
    COLOUR_BIT,
    FORK,
    MODULE,
    TRI,
    Network,
)
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style

ROUTE = "#C2185B"
"""The colour routes are drawn in (a magenta no tube has)."""


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
            return _walk_back(net, parent, d, node)
        if node in stop_here:
            continue
        straight = ports[node].get((arr + 6) % 12)
        if straight is not None:
            push(straight, node, d)
    return None


def _walk_back(net: Network, parent: Mapping[int, int | None], last: int, node: int
               ) -> list[int]:
    """The nodes of the route that ends at ``node`` through directed segment ``last``
    (``2 * segment + direction``), following ``parent`` back to the start."""
    path = [node]
    cur: int | None = last
    while cur is not None:
        cs, co = divmod(cur, 2)
        ca, _, cb, _ = net.seg_ends[cs]
        path.append(ca if co == 0 else cb)
        cur = parent[cur]
    return path[::-1]


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


__all__ = ["ROUTE", "colours_of", "drift_route", "node_point", "paint_route"]
