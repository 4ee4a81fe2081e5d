"""Hubble's rule summaries: the jinja2 templates ``templates/hubble/rules-<lang>.md.j2``
rendered with the game's numbers and a worked scoring example *computed by the engine*, then
set in two columns by the generic flow layout (:func:`spacebowl_print.render.flow.
document_pages`) with two figures of our own: ``[[icons|…]]`` (the five icons with their
names) and ``[[example_pad|caption]]`` (the example pad drawn, its constellation ringed).

The example is a small pad (:data:`EXAMPLE_ROWS`, 8×6) with the stars of the set's easiest
card drawn in by the engine's own placement list; every number the summary prints (galaxies
per quadrant, planet lines, asteroid triangles, comet groups, the card's stars and the total)
comes from the scoring functions, so text and engine cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacebowl_print.core.languages import french_spacing
from spacebowl_print.core.templates import template_environment
from spacebowl_print.games.hubble.art.hexes import INK, draw_icon
from spacebowl_print.games.hubble.art.padsheet import Marks, draw_pad, fit_pad
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.challenge import min_rolls
from spacebowl_print.games.hubble.model.constellations import Constellation, ConstellationSet
from spacebowl_print.games.hubble.model.geometry import (
    BLANK,
    GALAXY,
    PLANET,
    QUADRANTS,
    STAR,
    geometry,
)
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.model.titles import TITLE_FLOORS, TITLES, band_label
from spacebowl_print.games.hubble.rules import asteroids
from spacebowl_print.games.hubble.rules.scoring import (
    COMET_POINTS,
    GALAXY_POINTS,
    Score,
    comet_group_points,
    comet_groups,
    score_pad,
)
from spacebowl_print.games.hubble.rules.stars import placements
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import MM_PER_PT, Canvas, Page
from spacebowl_print.render.flow import DocStyle, Figure, Frag, document_pages
from spacebowl_print.render.fonts import fit_size

EXAMPLE_ROWS: tuple[str, ...] = (
    "G..P.P.P",
    ".AA...G.",
    "G.A.....",
    ".G..CC..",
    "....C..G",
    "C.......",
)
"""The worked example's icons before its stars: galaxies in every quadrant (two in red),
three planets on row 1, an asteroid triangle, a comet group of three and a lone comet."""


def example_card(cset: ConstellationSet) -> Constellation:
    """The set's easiest card to show: fewest red stars, then with purple stars, then the
    lowest value, then set order."""
    return min(cset.cards, key=lambda c: (len(c.red), not c.purple, c.value,
                                          cset.cards.index(c)))


def example_pad(cset: ConstellationSet) -> tuple[Pad, Constellation]:
    """The worked example's finished pad and its card: :data:`EXAMPLE_ROWS` with the card's
    red stars and its first purple star drawn at the placement (in the engine's placement
    order) whose stars, red and purple, all fall on empty hexes, fewest next to other
    icons."""
    card = example_card(cset)
    base = "".join(EXAMPLE_ROWS)
    cols, rows = len(EXAMPLE_ROWS[0]), len(EXAMPLE_ROWS)
    geo = geometry(cols, rows)
    busy = {i for i, ch in enumerate(base) if ch != BLANK}
    near = busy | {n for i in busy for n in geo.neighbours[i]}
    best: tuple[int, list[int]] | None = None
    for pl in placements(card, cols, rows):
        purple = [c for c in pl.purple if c is not None]
        if card.purple and len(purple) != len(card.purple):
            continue  # the example shows a purple star, and where the others would go
        stars = [*pl.red, *purple[:1]]
        if any(c in busy for c in [*pl.red, *purple]):
            continue
        crowd = sum(1 for c in stars if c in near)  # stars next to other icons read worse
        if best is None or crowd < best[0]:
            best = (crowd, stars)
    if best is None:
        raise AssertionError(f"no room for {card.name} on the example pad: change "
                             "EXAMPLE_ROWS")
    cells = list(base)
    for c in best[1]:
        cells[c] = STAR
    return Pad(cols, rows, "".join(cells), (card.name,)), card


def worked_example(cset: ConstellationSet) -> dict[str, Any]:
    """The example as plain data for the templates, every number from the engine:
    ``{"cols", "rows", "card": {"name", "value", "bonus"}, "galaxies": {quadrant: n},
    "fewest", "galaxy", "planet_lines": [{"cells", "count"}], "planet", "asteroid_triangles":
    [cells…], "triangles", "asteroid", "comet_groups": [{"cells", "size", "points"}],
    "comet", "red": [cell…], "purple": [cell…], "stars", "total"}``."""
    pad, card = example_pad(cset)
    geo = pad.geometry
    score: Score = score_pad(pad, [card])
    counts = {q: 0 for q in QUADRANTS}
    for i, ch in enumerate(pad.cells):
        if ch == GALAXY:
            counts[QUADRANTS[geo.quadrant[i]]] += 1
    lines = []
    for line in geo.lines:
        ps = [c for c in line if pad.cells[c] == PLANET]
        if len(ps) >= 2:
            lines.append({"cells": ", ".join(geo.names[c] for c in ps), "count": len(ps)})
    tris = asteroids.asteroid_triangles(pad.cells, geo)
    packed = asteroids.packing(pad.cells, geo)
    groups = [{"cells": ", ".join(geo.names[c] for c in g), "size": len(g),
               "points": comet_group_points(len(g))} for g in comet_groups(pad.cells, geo)]
    done = score.constellations[0] if score.constellations else None
    return {
        "cols": pad.cols, "rows": pad.rows,
        "card": {"name": card.name, "value": card.value, "bonus": card.bonus,
                 "red": len(card.red), "purple": len(card.purple)},
        "galaxies": counts, "fewest": min(counts.values()), "galaxy": score.galaxy,
        "planet_lines": lines, "planet": score.planet,
        "asteroid_triangles": [", ".join(geo.names[c] for c in t) for t in tris],
        "triangles": packed, "asteroid": score.asteroid,
        "comet_groups": groups, "comet": score.comet,
        "red": [geo.names[c] for c in done.red] if done else [],
        "purple": [geo.names[c] for c in done.purple] if done else [],
        "stars": score.stars, "total": score.total,
    }


def rules_context(cset: ConstellationSet, cols: int, rows: int, lang: str) -> dict[str, Any]:
    """Everything the rules templates receive: the components, the standard pad, the points
    tables, the solo titles in ``lang`` and the worked example."""
    return {
        "n": {"cards": len(cset), "cols": cols, "rows": rows, "rolls": min_rolls(cols, rows)},
        "points": {"galaxy": GALAXY_POINTS, "asteroid": asteroids.POINTS_PER_TRIANGLE,
                   "comet": list(COMET_POINTS)},
        "titles": [{"band": band_label(b), "title": TITLES[lang][b]}
                   for b in range(len(TITLE_FLOORS))],
        "ex": worked_example(cset),
    }


def rules_text(lang: str, cset: ConstellationSet, cols: int, rows: int) -> str:
    """The rule summary in ``lang`` (en, fr, de) as Markdown-subset text."""
    words(lang)  # checks the language
    template = template_environment().get_template(f"hubble/rules-{lang}.md.j2")
    text = template.render(**rules_context(cset, cols, rows, lang))
    return french_spacing(text) if lang == "fr" else text


# ---------------------------------------------------------------- figures

def example_figure(cset: ConstellationSet, st: DocStyle, caption: str, ctx: RenderContext
                   ) -> Frag:
    """The worked example's pad as wide as the column: quadrants, coordinates, icons, the
    card's red stars ringed red and its purple star ringed dashed purple."""
    pad, card = example_pad(cset)
    score = score_pad(pad, [card])
    red = {c: 1 for done in score.constellations for c in done.red}
    purple = {c: 1 for done in score.constellations for c in done.purple}
    art = fit_pad(pad.cols, pad.rows, st.col_w, 62.0, s_max=6.0)
    head = 4.5
    height = head + art.height + 1.5

    def paint(canvas: Canvas, x: float, y: float) -> None:
        size = fit_size(caption, st.col_w, 7.5, "bold", 6.0)
        canvas.text(x, y - 3.0, caption, size, "bold", INK, "start")
        draw_pad(canvas, art, x + (st.col_w - art.width) / 2, y - head - art.height, ctx,
                 pad.cells, Marks(red, purple))

    return Frag(height, paint, 2.0)


def icons_figure(st: DocStyle, labels: Sequence[str]) -> Frag:
    """The five icons G P A C S drawn as on the pad, each with its letter and the label the
    document gives (its language), in one row."""
    pitch = st.col_w / 5
    height = 14.0
    names = [*labels, *([""] * 5)][:5]

    def paint(canvas: Canvas, x: float, y: float) -> None:
        for k, (icon, label) in enumerate(zip("GPACS", names, strict=True)):
            cx = x + pitch * k + pitch / 2
            draw_icon(canvas, icon, cx, y - 4.5, 3.6)
            text = f"{icon} {label}"
            size = fit_size(text, pitch - 1.0, 7.0, "regular", 6.0)
            canvas.text(cx, y - 11.0 - size * MM_PER_PT * 0.2, text, size, "regular", INK,
                        "middle")

    return Frag(height, paint, 2.0)


def figures(cset: ConstellationSet, ctx: RenderContext) -> dict[str, Figure]:
    """The figures Hubble documents may ask for: ``[[example_pad|caption]]`` and
    ``[[icons|galaxy|planet|asteroid|comet|star]]``."""
    return {
        "example_pad": lambda block, st: example_figure(
            cset, st, block.rows[0][0] if block.rows and block.rows[0] else "", ctx),
        "icons": lambda block, st: icons_figure(st, block.rows[0] if block.rows else []),
    }


def rules_pages(ctx: RenderContext, cset: ConstellationSet, cols: int, rows: int
                ) -> list[Page]:
    """The rule summary in ``ctx.lang`` on ``ctx.paper`` (a4 or letter): two columns,
    tables, the icons and the worked example drawn."""
    return document_pages(rules_text(ctx.lang, cset, cols, rows), ctx.paper, ctx.ink_saver,
                          figures(cset, ctx))


__all__ = ["EXAMPLE_ROWS", "example_card", "example_figure", "example_pad", "figures",
           "icons_figure", "rules_context", "rules_pages", "rules_text", "worked_example"]
