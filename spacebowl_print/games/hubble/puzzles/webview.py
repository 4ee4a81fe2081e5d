"""A Hubble daily challenge on a web page that is played: the blank pad drawn once (hexes
with their quadrant patterns, coordinates, quadrant names) with the five icons defined once
in it, which the page's script places as the visitor draws; the two dealt cards; and what the
script's engine (``templates/hubble/web-engine.js``) needs: the challenge, the cards' patterns,
where each hex lies in the drawing, the par's play and score, the titles."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spacebowl_print.games.hubble.art.hexes import ICON_ORDER, ICON_UNIT, draw_icon
from spacebowl_print.games.hubble.art.padsheet import draw_pad, fit_pad
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.art.webtexts import WEB
from spacebowl_print.games.hubble.model.challenge import challenge_to_json
from spacebowl_print.games.hubble.model.titles import TITLE_FLOORS, TITLES, title_for
from spacebowl_print.publish.kinds import WebView
from spacebowl_print.publish.site import compact_svg, inline_svg
from spacebowl_print.render.api import Canvas

if TYPE_CHECKING:  # the puzzle's type only: the puzzle module imports this one
    from spacebowl_print.games.hubble.puzzles.item import HubbleDay

PAD_W = 120.0
"""The pad drawing's width in mm (it scales with the screen)."""
CARDS_H = 34.0
ICON_BOX = 2 * ICON_UNIT * 1.1
"""The box each icon is defined in (the icon drawn at radius ICON_UNIT in its centre)."""


def _icon_art(icon: str) -> Callable[[Canvas], None]:
    """One icon in its box, drawn with the print's strokes, for the script to place."""
    def paint(c: Canvas) -> None:
        draw_icon(c, icon, ICON_BOX / 2, ICON_BOX / 2, ICON_UNIT, width=ICON_UNIT * 0.11)
    return paint


def web_view(day: HubbleDay) -> WebView:
    """The pad to play on and the cards, the par in one line, and in ``data`` what the page's
    script plays with."""
    ch, ctx = day.challenge, day.ctx
    art = fit_pad(ch.cols, ch.rows, PAD_W, PAD_W * 1.25, 8.5)
    grid = art.grid

    def pad(c: Canvas) -> None:
        draw_pad(c, art, 0.0, 0.0, ctx)
        for icon in ICON_ORDER:
            c.define(f"hbw-{icon}", ICON_BOX, ICON_BOX, _icon_art(icon))

    def cards(c: Canvas) -> None:
        day.draw_cards(c, 0.0, CARDS_H, PAD_W, CARDS_H)

    centres = [[round(art.side + x, 2), round(art.band + y, 2)]
               for x, y in (grid.centre(k) for k in range(ch.cols * ch.rows))]
    lang = ctx.lang
    wd = words(lang)
    data: dict[str, Any] = {
        "challenge": challenge_to_json(ch),
        "cards": [{"name": k.name, "value": k.value, "bonus": k.bonus,
                   "red": [list(o) for o in k.red], "purple": [list(o) for o in k.purple]}
                  for k in day.cset.pick(ch.constellations)],
        "par": {"total": day.par, "title": title_for(day.par, lang),
                "play": day.entry["par"]["play"]},
        "titles": list(TITLES[lang]), "floors": list(TITLE_FLOORS),
        "pad": {"centres": centres, "s": round(grid.s, 3), "h": round(art.height, 3),
                "aspect": round(art.width / art.height, 4),
                "unit": ICON_UNIT, "box": ICON_BOX},
        "words": {**WEB[lang], "fog": wd["fog"], "stars": wd["stars"]},
    }
    data["cards_svg"] = compact_svg(inline_svg(PAD_W, CARDS_H, cards, ids="hc-"))
    data["answer_lines"] = day.answer_lines()
    puzzle = compact_svg(inline_svg(art.width, art.height, pad, ids="hp-"))
    return WebView(puzzle=puzzle, question="", answer=data["answer_lines"][0], data=data)


__all__ = ["web_view"]
