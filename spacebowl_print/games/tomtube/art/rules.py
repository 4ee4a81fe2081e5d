"""Tom Tube's rule summaries: the jinja2 templates ``templates/tomtube/rules-<lang>.md.j2``
rendered with the game's constants and two *computed* examples, then set by the generic flow
layout (:mod:`spacebowl_print.render.flow`) with figures of our own,
``[[drift_example|caption]]`` and ``[[legend|labels…]]``.

* :func:`drift_example` takes a small fixed position (:data:`DRIFT_POSITION`: Tom on C6 with
  9 rhombs — its own, :data:`DRIFT_RHOMBS` — and 3 triangles around him) and asks the
  engine (``rules.network.legal_moves``) for every legal move; the route drawn is traced
  through the engine's tube network (:func:`art.routes.drift_route`). The text lists the
  engine's destinations and names every point the route passes, so summary and engine
  cannot disagree.
* :func:`scoring_example` scores the spec's worked check (2 solar, 5 energy, 3 control,
  1 alien, a 7-turn lead) with ``rules.play.score``: 33.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spacebowl_print.core.templates import template_environment
from spacebowl_print.games.tomtube.art.boards import (
    View,
    paint_astronauts,
    paint_board,
    paint_position,
    paint_sphere_names,
)
from spacebowl_print.games.tomtube.art.boardsheet import EDGE_MM
from spacebowl_print.games.tomtube.art.routes import ROUTE, colours_of, drift_route, paint_route
from spacebowl_print.games.tomtube.art.texts import LANGS, words
from spacebowl_print.games.tomtube.art.tubes import (
    INK,
    Look,
    draw_astronaut_token,
    draw_counter,
    draw_home,
    draw_hub,
    draw_tubes,
)
from spacebowl_print.games.tomtube.model.board import BASES, MODULES, NEUTRAL, TOM, board
from spacebowl_print.games.tomtube.model.position import (
    BLANK_TRIANGLES,
    TOTALS,
    TUBE_TRIANGLES,
    VALUES,
    Astronaut,
    Position,
)
from spacebowl_print.games.tomtube.model.position_read import position_from_json
from spacebowl_print.games.tomtube.model.tiles import Tile, TileSet
from spacebowl_print.games.tomtube.rules.network import (
    ENERGY,
    FORK,
    KNOT,
    TRI,
    Network,
    build,
    legal_moves,
)
from spacebowl_print.games.tomtube.rules.play import score
from spacebowl_print.render.api import MM_PER_PT, Canvas, Page, Style
from spacebowl_print.render.flow import DocStyle, Figure, Frag, document_pages
from spacebowl_print.render.fonts import fit_size
from spacebowl_print.render.furniture import GREY

DRIFT_RHOMBS: dict[int, tuple[str, str, str, str, bool]] = {
    3: ("dave", "neutral", "neutral", "neutral", True),
    4: ("tom", "neutral", "neutral", "neutral", False),
    5: ("", "neutral", "neutral", "dave", True),
    22: ("tom", "neutral", "tom", "dave", False),
    24: ("", "neutral", "", "dave", True),
    29: ("neutral", "tom", "tom", "", False),
    32: ("dave", "neutral", "tom", "", False),
    34: ("", "", "dave", "neutral", True),
    40: ("neutral", "", "dave", "", False),
}
"""The rhombs of the drifting example, ``id → (s1, b1, s2, b2, cross)``, as the shipped tile
set had them when the example was found. The example carries its own tiles so that it keeps
illustrating the rules when the tile set is redesigned."""

DRIFT_POSITION: dict[str, Any] = {
    "rhombs": [{"id": 34, "at": "A2-B2", "s1": "B3"}, {"id": 4, "at": "B3-C3", "s1": "B2"},
               {"id": 5, "at": "B4-C5", "s1": "C4"}, {"id": 29, "at": "B5-C6", "s1": "C5"},
               {"id": 32, "at": "C2-C3", "s1": "B2"}, {"id": 40, "at": "C4-D4", "s1": "D5"},
               {"id": 22, "at": "C6-D6", "s1": "C5"}, {"id": 3, "at": "D5-D6", "s1": "E6"},
               {"id": 24, "at": "D6-E7", "s1": "D7"}],
    "triangles": [{"owner": "tom", "at": "B3-B4-C4", "tube": None},
                  {"owner": "tom", "at": "C3-D3-D4", "tube": ["C3", "D4"]},
                  {"owner": "tom", "at": "C4-C5-D5", "tube": ["C4", "C5"]}],
    "stack": [],
    "counters": {"C1": "solar", "C7": "solar", "G1": "solar", "G7": "solar"},
    "astronauts": {"tom": {"at": "C6", "held": {"energy": 1, "control": 1},
                           "triangles": {"tube": 4, "blank": 2}},
                   "dave": {"at": "I3", "held": {"energy": 1},
                            "triangles": {"tube": 6, "blank": 3}}},
    "stock": {"energy": 22, "control": 7, "alien": 6},
    "to_move": "tom",
}
"""The worked drifting example: a corner of a board in mid-game, found by a seeded search for
a short drift home through a fork, a triangle and straight passes, then pruned to the rhombs
and triangles that make its moves. (The face-down stack does not matter to drifting.)"""
DRIFT_TARGET = "A3"
"""The destination whose route the figure draws: Tom's base."""

SCORE_HELD = {"solar": 2, "energy": 5, "control": 3, "alien": 1}
SCORE_BONUS = 7


def drift_tiles() -> TileSet:
    """The drifting example's own tiles (:data:`DRIFT_RHOMBS`)."""
    return TileSet({i: Tile(i, (c[0] or None, c[1] or None, c[2] or None, c[3] or None), c[4])
                    for i, c in DRIFT_RHOMBS.items()}, "drift-example")


def drift_position() -> Position:
    """The drifting example's position, read with its own tiles."""
    return position_from_json(DRIFT_POSITION, drift_tiles())


def drift_example() -> dict[str, Any]:
    """The worked drifting example as plain data for the templates and the figure:
    ``{"at", "held", "free": [sphere…], "paid_only": [sphere…], "paid": [sphere…],
    "jumps": [sphere…], "target", "route": [node name…], "steps": [{"name", "kind"}…]}`` —
    the destinations are the engine's legal moves; ``route`` runs from Tom's sphere to
    :data:`DRIFT_TARGET`; ``steps`` are the points between (``fork``, ``triangle``, ``pass``
    straight through a knot sphere, ``energy`` straight through an energy sphere)."""
    tiles = drift_tiles()
    pos = drift_position()
    moves = legal_moves(pos, tiles)
    free = [m.to for m in moves if m.kind == "drift" and m.pay is None]
    paid = [m.to for m in moves if m.kind == "drift" and m.pay == "control"]
    jumps = [m.to for m in moves if m.kind == "jump"]
    route = trace(pos, tiles, DRIFT_TARGET, paid=False)
    if route is None or DRIFT_TARGET not in free:
        raise AssertionError("the drifting example no longer drifts home: re-run its search")
    net = build(pos, tiles)
    names = {"fork": FORK, "triangle": TRI, "pass": KNOT, "energy": ENERGY}
    steps = [{"name": n, "kind": _kind(net, n, names)} for n in route[1:-1]]
    a = pos.astronauts[TOM]
    return {"at": a.at, "held": dict(a.held), "free": free, "paid": paid,
            "paid_only": [p for p in paid if p not in free], "jumps": jumps,
            "target": DRIFT_TARGET, "route": route, "steps": steps}


def _kind(net: Network, name: str, names: Mapping[str, int]) -> str:
    """The step kind of the network node called ``name``."""
    node = net.names.index(name)
    return next(k for k, v in names.items() if net.kinds[node] == v)


def trace(pos: Position, tiles: TileSet, to: str, paid: bool) -> list[str] | None:
    """The node names of a drift of the player to move from their sphere to sphere ``to``
    (every colour when ``paid``), traced through the engine's network; None if none."""
    net = build(pos, tiles)
    player = pos.to_move
    me = pos.astronauts[player]
    them = pos.astronauts["dave" if player == TOM else TOM]
    start = net.node_of[me.at]
    blocked = [net.node_of[them.at]] if them.at in net.node_of else []
    counters = [net.node_of[n] for n in pos.counters if n in net.node_of]
    if to not in net.node_of:
        return None
    nodes = drift_route(net, start, player, colours_of(player, paid), blocked, counters,
                        net.node_of[to])
    return None if nodes is None else [net.names[n] for n in nodes]


def scoring_example() -> dict[str, Any]:
    """The spec's worked scoring check, scored by :func:`rules.play.score`:
    ``{"parts": [{"kind", "count", "value", "points"}…], "bonus", "total"}``."""
    held = {k: SCORE_HELD.get(k, 0) for k in VALUES}
    total = score(Astronaut(BASES[TOM], held), bonus=SCORE_BONUS)
    parts = [{"kind": k, "count": held[k], "value": VALUES[k], "points": held[k] * VALUES[k]}
             for k in ("solar", "energy", "control", "alien")]
    return {"parts": parts, "bonus": SCORE_BONUS, "total": total}


def rules_context(tiles: TileSet) -> dict[str, Any]:
    """Everything the rules templates receive: the box's contents, the board's numbers,
    the two computed examples."""
    b = board()
    return {
        "n": {"rhombs": len(tiles.ids()), "triangles_each": TUBE_TRIANGLES + BLANK_TRIANGLES,
              "tube_triangles": TUBE_TRIANGLES, "blank_triangles": BLANK_TRIANGLES,
              "board_triangles": len(b.triangles), "knots": len(b.knots),
              "inside_knots": len(b.inside_knots), "rim_knots": len(b.knots) - len(b.inside_knots),
              "free_triangles": len(b.free_triangles), "modules": len(MODULES),
              "edge": EDGE_MM},
        "totals": dict(TOTALS),
        "values": dict(VALUES),
        "drift": drift_example(),
        "scoring": scoring_example(),
    }


def rules_text(lang: str, tiles: TileSet) -> str:
    """The rule summary in ``lang`` (``en`` or ``de``) as Markdown-subset text."""
    words(lang)  # checks the language
    template = template_environment().get_template(f"tomtube/rules-{lang}.md.j2")
    return template.render(**rules_context(tiles))


# ---------------------------------------------------------------- the figure

def _bounds(names: list[str]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in board drawing coordinates of knots, edges and triangles."""
    b = board()
    pts = []
    for n in names:
        for part in n.split("-"):
            pts.append(b.knot_xy(b.knot_index[part]))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def drift_figure(st: DocStyle, caption: str) -> Frag:
    """The drifting example as a figure as wide as the column: the corner of the board the
    example uses (its tiles, Tom, counters), the route to :data:`DRIFT_TARGET` in magenta
    with its steps numbered, free destinations ringed, paid-only ones ringed dashed."""
    data = drift_example()
    tiles = drift_tiles()
    pos = drift_position()
    names = [r["at"] for r in DRIFT_POSITION["rhombs"]] + \
        [t["at"] for t in DRIFT_POSITION["triangles"]] + [data["at"], data["target"]]
    x0, y0, x1, y1 = _bounds(names)
    pad = 0.3
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    edge = min(st.col_w / (x1 - x0), 26.0)
    fig_w, fig_h = (x1 - x0) * edge, (y1 - y0) * edge
    head = 4.0
    height = head + fig_h + 1.5

    def paint(canvas: Canvas, x: float, y: float) -> None:
        size = fit_size(caption, st.col_w, 7.5, "bold")
        canvas.text(x, y - 3.0, caption, size, "bold", INK, "start")
        top = y - head
        left = x + (st.col_w - fig_w) / 2
        canvas.save()
        canvas.clip_rect(left, top - fig_h, fig_w, fig_h)
        view = View(left - x0 * edge, top + y0 * edge, edge)
        look = Look(edge, st.ink_saver)
        paint_board(canvas, view, look)
        paint_position(canvas, view, pos, tiles, look)
        ring = edge * 0.24
        for name in data["free"]:
            px, py = view.at(name)
            canvas.circle(px, py, ring, Style(stroke=ROUTE, width=0.6))
        for name in data["paid_only"]:
            px, py = view.at(name)
            canvas.circle(px, py, ring, Style(stroke=ROUTE, width=0.6, dash=(1.0, 0.8)))
        points = [view.at(n) for n in data["route"]]
        paint_route(canvas, points, max(0.6, edge * 0.04))
        paint_astronauts(canvas, view, pos, look)
        for k, name in enumerate(data["route"][1:-1], start=1):
            px, py = view.at(name)
            if name in board().knot_index:  # beside the sphere: its name stays readable
                px, py = px + ring * 0.75, py + ring * 0.75
            r = 6.0 * MM_PER_PT * 0.62
            canvas.circle(px, py, r, Style(fill="#FFFFFF", stroke=ROUTE, width=0.35))
            canvas.text(px, py - 6.0 * MM_PER_PT * 0.36, str(k), 6.0, "bold", ROUTE, "middle")
        paint_sphere_names(canvas, view, pos, 6.0)
        canvas.restore()
        canvas.rect(left, top - fig_h, fig_w, fig_h, Style(stroke=GREY, width=0.2))

    return Frag(height, paint, 2.0, keep_with_next=False)


LEGEND = ("tube_tom", "tube_dave", "tube_neutral", "fork", "energy_sphere", "knot_sphere",
          "tom", "dave", "base", "solar", "energy", "control", "alien")
"""The pieces :func:`legend_figure` shows, in order; a document's ``[[legend|…]]`` gives
one label for each."""


def legend_figure(st: DocStyle, labels: Sequence[str]) -> Frag:
    """A key to the drawings: each piece of :data:`LEGEND` drawn small with its label (the
    labels come from the document, so the figure speaks its language), in two columns."""
    rows = (len(LEGEND) + 1) // 2
    pitch = 6.2
    height = rows * pitch + 1.0
    look = Look(14.0, st.ink_saver)
    names = [*labels, *([""] * len(LEGEND))][:len(LEGEND)]

    def paint(canvas: Canvas, x: float, y: float) -> None:
        col_w = st.col_w / 2
        for k, (what, label) in enumerate(zip(LEGEND, names, strict=True)):
            col, row = divmod(k, rows)
            cx = x + col * col_w + 5.0
            cy = y - pitch * row - pitch / 2
            _legend_glyph(canvas, what, cx, cy, look)
            size = fit_size(label, col_w - 12.0, 7.0, "regular", 6.0)
            canvas.text(cx + 6.5, cy - size * MM_PER_PT * 0.36, label, size, "regular", INK,
                        "start")

    return Frag(height, paint, 2.0)


def _legend_glyph(canvas: Canvas, what: str, cx: float, cy: float, look: Look) -> None:
    """One piece of the legend centred on (cx, cy), about 8 mm wide."""
    if what.startswith("tube_"):
        draw_tubes(canvas, [((cx - 4.5, cy), (cx + 4.5, cy), what[5:])], 2.6, look.ink_saver)
    elif what == "fork":
        draw_tubes(canvas, [((cx - 4.5, cy), (cx, cy), NEUTRAL), ((cx, cy), (cx + 3.0, cy + 2.5),
                                                                 NEUTRAL),
                            ((cx, cy), (cx + 3.0, cy - 2.5), NEUTRAL)], 2.0, look.ink_saver)
        draw_hub(canvas, (cx, cy), False, look)
    elif what == "energy_sphere":
        draw_hub(canvas, (cx, cy), True, look)
    elif what == "knot_sphere":
        canvas.circle(cx, cy, look.sphere_r, Style(fill="#FFFFFF", stroke="#2B2B2B", width=0.3))
    elif what in ("tom", "dave"):
        draw_astronaut_token(canvas, what, cx, cy, 2.3, look.ink_saver)
    elif what == "base":
        draw_home(canvas, TOM, cx, cy, 2.4, look.ink_saver)
    else:
        draw_counter(canvas, what, cx, cy, 2.6, look.ink_saver,
                     owner=TOM if what == "solar" else None)


def figures(tiles: TileSet) -> dict[str, Figure]:
    """The figures Tom Tube documents may ask for: ``[[drift_example|caption]]`` and
    ``[[legend|label|…]]`` (one label for each piece of :data:`LEGEND`)."""
    return {
        "drift_example": lambda block, st: drift_figure(
            st, block.rows[0][0] if block.rows and block.rows[0] else ""),
        "legend": lambda block, st: legend_figure(st, block.rows[0] if block.rows else []),
    }


def rules_pages(lang: str, paper: str, tiles: TileSet, ink_saver: bool) -> list[Page]:
    """The rule summary in ``lang`` on ``paper`` (``a4`` or ``letter``): two columns,
    tables, the drawn drifting example."""
    return document_pages(rules_text(lang, tiles), paper, ink_saver, figures(tiles))


__all__ = ["DRIFT_POSITION", "DRIFT_RHOMBS", "DRIFT_TARGET", "LANGS", "LEGEND",
           "drift_example", "drift_figure", "drift_position", "drift_tiles", "figures",
           "legend_figure", "rules_context", "rules_pages", "rules_text", "scoring_example",
           "trace"]
