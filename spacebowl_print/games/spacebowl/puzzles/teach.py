"""The page that teaches a Space Bowl puzzle, in every booklet, classroom set and (as text) web
page: what to find in four steps a ten-year-old can follow alone, what each piece looks like,
and a worked example solved by the engine."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from spacebowl_print.games.spacebowl.art.minigalaxy import (
    INK,
    black_hole_disc,
    destination_disc,
    draw_galaxy,
    draw_toss,
    wild_token,
)
from spacebowl_print.games.spacebowl.art.sky import planet_disc
from spacebowl_print.games.spacebowl.art.texts import WORDS
from spacebowl_print.games.spacebowl.model import Deck
from spacebowl_print.games.spacebowl.puzzles.answers import answer_reasons
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Box, Canvas
from spacebowl_print.render.fonts import fit_size, line_height, wrap
from spacebowl_print.render.furniture import paragraphs

EXAMPLE_MONDAY = dt.date(2027, 1, 4)
"""A Monday: daily puzzles on Mondays are tier 1, the gentlest, for the worked example."""


def worked_example(deck: Deck, lang: str, seed: int) -> SpaceBowlPuzzle:
    """A tier-1 puzzle (learning mode, two marbles) made and solved by the engine."""
    # imported here: the generator loads OR-Tools, which a booklet's other pages never need
    from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles

    return daily_puzzles(deck, EXAMPLE_MONDAY, 1, seed + 7919, (1, 1), lang)[0]


def _legend(canvas: Canvas, deck: Deck, x: float, top: float, w: float, ctx: RenderContext
            ) -> float:
    """Every piece once, drawn as on the puzzles, with its name: the disc, the black hole,
    the Wild token and the planets (glyph and letter). Returns the y under it."""
    words = WORDS[ctx.lang]
    canvas.text(x, top - 5, words["legend"], 11, "bold", INK)
    top -= 9
    r = 4.2
    items: list[tuple[str, str]] = [("disc", words["legend_disc"]),
                                    ("hole", words["legend_hole"]),
                                    ("wild", words["legend_wild"])]
    col_w = w / 3
    for k, (kind, label) in enumerate(items):
        cx = x + k * col_w + r + 1
        if kind == "disc":
            destination_disc(canvas, cx, top - r, r)
        elif kind == "hole":
            black_hole_disc(canvas, cx, top - r, r * 0.9)
        else:
            wild_token(canvas, cx, top - r, r, words["wild"][0])
        lines = wrap(label, col_w - 2 * r - 4, 8)
        for n, line in enumerate(lines[:3]):
            canvas.text(cx + r + 2, top - 2.5 - n * 3.6, line, 8, "regular", INK)
    top -= 2 * r + 6
    pitch = w / len(deck.planets)
    for k, planet in enumerate(deck.planets):
        cx = x + k * pitch + pitch / 2
        planet_disc(canvas, planet, cx, top - 5.5, 5.0)
        name = f"{planet.name} ({planet.id})"
        size = fit_size(name, pitch - 1, 8, "regular", 6.0)
        canvas.text(cx, top - 14.5, name, size, "regular", INK, "middle")
    return top - 18


def teach(deck: Deck, ctx: RenderContext, seed: int) -> Callable[[Canvas, Box], None]:
    """How to solve, the legend, and a worked example with its answer and reason, drawn in
    the box it is given, in ``ctx.lang``."""
    words = WORDS[ctx.lang]
    example = worked_example(deck, ctx.lang, seed)

    def paint(canvas: Canvas, box: Box) -> None:
        x, y, w, h = box
        top = paragraphs(canvas, x, y + h, w, [words[f"how_{k}"] for k in range(1, 5)], 10,
                         numbered=True, fill=INK)
        top = _legend(canvas, deck, x, top - 2, w, ctx)
        canvas.text(x, top - 5, words["example"], 11, "bold", INK)
        top -= 8
        reasons = answer_reasons(example)
        text_h = sum(len(wrap(r, w, 9)) for r in reasons) * line_height(9, 1.3) + 4
        box_h = top - y - text_h
        toss = min(box_h, w * 0.34)
        draw_galaxy(canvas, deck, example.galaxy, x, top - box_h, w - toss - 4, box_h,
                    marked=[s.cell for s in example.solutions])
        draw_toss(canvas, deck, example.toss, x + w - toss, top - toss, toss - 2,
                  words["toss"])
        paragraphs(canvas, x, y + text_h, w, reasons, 9, fill=INK)

    return paint
