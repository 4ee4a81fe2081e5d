"""The page that teaches a Hubble solo challenge, in every booklet and classroom set: how to
play the printed rolls (the white die, the rounds where you choose, the blank face, fog),
how to read a roll, the full scoring (galaxies × 11 of the poorest quadrant, planet lines,
asteroid triangles, the comet table, constellations), a small finished pad scored by the
engine, and the solo titles."""

from __future__ import annotations

from collections.abc import Callable

from spacebowl_print.games.hubble.art.challenge import roll_row
from spacebowl_print.games.hubble.art.hexes import INK, MUTED, draw_icon
from spacebowl_print.games.hubble.art.padsheet import (
    Marks,
    draw_pad,
    fit_pad,
    titles_strip,
    titles_strip_height,
)
from spacebowl_print.games.hubble.art.rules import example_pad, worked_example
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.challenge import Roll
from spacebowl_print.games.hubble.model.constellations import ConstellationSet
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.render.api import Box, Canvas, FontName
from spacebowl_print.render.fonts import fit_size, line_height, wrap
from spacebowl_print.render.furniture import paragraphs

BODY = 8.0
"""Type size of the page's text (A5 holds it all at this size)."""
SMALL = 7.0


def _lines(canvas: Canvas, x: float, top: float, w: float, text: str, size: float,
           fill: str = INK, font: FontName = "regular") -> float:
    lh = line_height(size, 1.25)
    for part in wrap(text, w, size, font):
        top -= lh
        canvas.text(x, top, part, size, font, fill)
    return top


def _heading(canvas: Canvas, x: float, top: float, text: str) -> float:
    canvas.text(x, top - 4.0, text, 9.5, "bold", INK)
    return top - 5.5


def teach(cset: ConstellationSet, lang: str, ink_saver: bool = False
          ) -> Callable[[Canvas, Box], None]:
    """The teaching page's painter, drawn in the box it is given."""
    wd = words(lang)
    ex = worked_example(cset)
    pad, card = example_pad(cset)
    score = score_pad(pad, [card])
    red = {c: 1 for done in score.constellations for c in done.red}
    purple = {c: 1 for done in score.constellations for c in done.purple}

    def paint(canvas: Canvas, box: Box) -> None:
        x, y, w, h = box
        top = paragraphs(canvas, x, y + h, w, [wd["how_1"], wd["how_2"], wd["how_3"]], BODY,
                         numbered=True, indent=4.5, gap=1.0, fill=INK)
        # one roll as the challenges print it, with a blank face, and what its parts are
        top = _heading(canvas, x, top - 1.5, wd["read_roll"])
        roll_row(canvas, Roll((0, 3), ("S", "."), None), 3, x, top - 6.0, min(w, 80.0), 6.0,
                 lang, ink_saver)
        top = _lines(canvas, x, top - 6.5, w, wd["roll_parts"], SMALL, MUTED)
        top = _lines(canvas, x, top, w, wd["blank_face"], SMALL, MUTED)
        # the scoring, icon by icon
        top = _heading(canvas, x, top - 1.5, wd["scoring"])
        lh = line_height(SMALL, 1.25)
        for icon in "GPACS":
            draw_icon(canvas, icon, x + 2.2, top - 2.0, 2.0)
            top = _lines(canvas, x + 6.0, top + 0.6, w - 6.0, wd[f"score_{icon}"], SMALL) - 0.8
        # a small finished pad, scored by the engine
        top = _heading(canvas, x, top - 1.0, wd["example_title"].format(name=card.name))
        titles_h = titles_strip_height(w, lang, False)
        room = top - (y + titles_h + 4.0)
        art_w = w * 0.45
        art = fit_pad(pad.cols, pad.rows, art_w, max(10.0, room), 4.0, names=False)
        draw_pad(canvas, art, x, top - art.height, lang, ink_saver, pad.cells,
                 Marks(red, purple))
        tx, tw = x + art.width + 3.0, w - art.width - 3.0
        ty = top
        for line in (wd["ex_galaxy"].format(fewest=ex["fewest"], points=ex["galaxy"]),
                     wd["ex_planet"].format(points=ex["planet"]),
                     wd["ex_asteroid"].format(n=ex["triangles"], points=ex["asteroid"]),
                     wd["ex_comet"].format(points=ex["comet"]),
                     wd["ex_stars"].format(name=card.name, points=ex["stars"])):
            ty = _lines(canvas, tx, ty, tw, line, SMALL)
        total = wd["ex_total"].format(points=ex["total"])
        canvas.text(tx, ty - lh - 0.5, total, fit_size(total, tw, 8.5, "bold", SMALL), "bold",
                    INK)
        titles_strip(canvas, x, y + titles_h, w, lang, heading=False)

    return paint


__all__ = ["teach"]
