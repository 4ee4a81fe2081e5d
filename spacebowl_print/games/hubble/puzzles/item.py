"""One daily challenge as the booklet publisher sees it (a
:class:`~spacebowl_print.publish.booklet.PuzzleItem`): its manifest entry, the challenge page
(the two cards, a blank pad, the score strip, the roll list, the solo titles) and the answer
(the par's finished pad with its constellations ringed, and the score in words).

The item draws what it reads back from its own manifest entry: the challenge is read with the
engine's strict reader, the par's play is replayed by the legality checker and the finished
pad scored by the engine — the answer page shows exactly what ``spacebowl check`` proves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from spacebowl_print.games.hubble.art.cards import draw_mini_card
from spacebowl_print.games.hubble.art.challenge import (
    breakdown_lines,
    roll_list,
    roll_list_height,
    score_strip,
    score_values,
)
from spacebowl_print.games.hubble.art.hexes import INK, MUTED
from spacebowl_print.games.hubble.art.padsheet import (
    Marks,
    draw_pad,
    fit_pad,
    titles_strip,
    titles_strip_height,
)
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    Place,
    PlayLog,
    challenge_from_json,
    play_from_json,
)
from spacebowl_print.games.hubble.model.constellations import ConstellationSet
from spacebowl_print.games.hubble.model.geometry import BLANK
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.model.titles import title_band
from spacebowl_print.games.hubble.puzzles.webview import web_view
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import Score, score_pad
from spacebowl_print.publish.kinds import RenderContext, WebView
from spacebowl_print.render.api import Canvas
from spacebowl_print.render.fonts import fit_size, line_height, wrap

MIN_PT = 6.0
ANSWER_MIN_PT = 7.0
"""Answers (the score in words) never shrink below this."""
PAD_HEX_BOOK = 7.5
"""Largest hex circumradius (mm) on a booklet page."""


def roll_order(play: PlayLog) -> dict[int, int]:
    """Per cell the par drew, the roll (1-based) that drew it: the order of its moves."""
    order: dict[int, int] = {}
    for k, turn in enumerate(play.turns, start=1):
        if isinstance(turn, Place):
            for cell, icon in turn.cells:
                if icon != BLANK:
                    order[cell] = k
        elif turn.cell is not None:
            order[turn.cell] = k
    return order


def par_marks(score: Score, cards: Sequence[str]) -> Marks:
    """The completed constellations' red and purple cells, each with its card's number in
    the challenge (1 or 2)."""
    number = {name: k for k, name in enumerate(cards, start=1)}
    red: dict[int, int] = {}
    purple: dict[int, int] = {}
    for c in score.constellations:
        for cell in c.red:
            red[cell] = number[c.name]
        for cell in c.purple:
            purple[cell] = number[c.name]
    return Marks(red, purple)


class HubbleDay:
    """A solo challenge with its par, ``number`` in the booklet; drawn as ``ctx`` says
    (language, ink saver)."""

    def __init__(self, entry: Mapping[str, Any], number: int, cset: ConstellationSet,
                 ctx: RenderContext) -> None:
        self.entry = dict(entry)
        self.number = number
        self.cset = cset
        self.ctx = ctx
        self.challenge: Challenge = challenge_from_json(entry["challenge"], cset.names)
        geo = self.challenge.geometry
        self.play: PlayLog = play_from_json(entry["par"]["play"], geo)
        self.pad: Pad = replay(self.challenge, self.play)
        self.score: Score = score_pad(self.pad, cset.pick(self.challenge.constellations))

    @property
    def id(self) -> str:
        return str(self.entry["id"])

    @property
    def tier(self) -> int:
        """The tier the generator measured and recorded in the entry (par gap and roll
        freedom); for an entry without one, how high the par reaches (its title band)."""
        recorded = self.entry.get("tier")
        if isinstance(recorded, int) and not isinstance(recorded, bool):
            return recorded
        return max(1, title_band(self.score.total))

    @property
    def badges(self) -> Sequence[str]:
        return ()

    @property
    def par(self) -> int:
        return self.score.total

    def manifest_entry(self) -> dict[str, Any]:
        return {**self.entry, "tier": self.tier}

    # ------------------------------------------------------------ the challenge page

    def draw_cards(self, canvas: Canvas, x: float, top: float, w: float, h: float) -> float:
        """The two dealt cards side by side under ``top``; returns the y under them."""
        gap = 3.0
        cw = (w - gap) / 2
        for k, card in enumerate(self.cset.pick(self.challenge.constellations)):
            draw_mini_card(canvas, card, x + k * (cw + gap), top - h, cw, h, self.ctx, k + 1)
        return top - h

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """The challenge in the box (x, y, w, h): the two cards, a blank pad as large as
        fits, the Fogged Lens and score strip, the rolls, the solo titles at the foot."""
        ch, ctx = self.challenge, self.ctx
        top = y + h
        n = len(ch.rolls)
        cards_h = min(26.0, h * 0.15)
        titles_h = titles_strip_height(w, ctx, False)
        strip_h = 7.5
        gaps = 4 * 2.5
        fixed = cards_h + strip_h + titles_h + gaps
        # the pad as large as the width allows, then the tallest rows (6 mm down to 3.6)
        # that leave it that room; with many rolls the pad gives way, down to 45 mm
        full = fit_pad(ch.cols, ch.rows, w, 1000.0, PAD_HEX_BOOK).height
        heights = [6.0 - 0.2 * k for k in range(13)]
        row_h = next((r for r in heights
                      if h - fixed - roll_list_height(n, w, r, ctx) >= full),
                     next((r for r in heights
                           if h - fixed - roll_list_height(n, w, r, ctx) >= 45.0),
                          heights[-1]))
        art = fit_pad(ch.cols, ch.rows, w, h - fixed - roll_list_height(n, w, row_h, ctx),
                      PAD_HEX_BOOK)
        top = self.draw_cards(canvas, x, top, w, cards_h) - 2.5
        draw_pad(canvas, art, x + (w - art.width) / 2, top - art.height, ctx)
        top -= art.height + 1.0
        top = score_strip(canvas, x, top, w, ctx) - 3.5
        roll_list(canvas, ch.rolls, x, top, w, row_h, ctx)
        titles_strip(canvas, x, y + titles_h, w, ctx, heading=False)

    # ------------------------------------------------------------ the answer

    def answer_lines(self) -> list[str]:
        bound = self.entry["par"].get("bound")
        return breakdown_lines(self.score, self.challenge.constellations,
                               self.challenge.geometry.names, self.ctx.lang,
                               bound if isinstance(bound, int) else None)

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """The par in the box (x, y, w, h): the finished pad (completed constellations ringed
        and numbered, each drawn hex with the roll that drew it), the score strip filled in,
        and the score in words."""
        size = 7.0
        lh = line_height(size, 1.25)
        lines = [part for line in self.answer_lines() for part in wrap(line, w, size)]
        text_h = len(lines) * lh + 1.0
        strip_h = 7.0
        art = fit_pad(self.pad.cols, self.pad.rows, w, h - text_h - strip_h - 1.0, 6.5,
                      names=False)
        top = y + h
        marks = par_marks(self.score, self.challenge.constellations)
        draw_pad(canvas, art, x + (w - art.width) / 2, top - art.height, self.ctx,
                 self.pad.cells, replace(marks, order=roll_order(self.play)))
        top -= art.height + 0.5
        top = score_strip(canvas, x, top, w, self.ctx,
                          score_values(self.score, self.challenge.constellations),
                          self.pad.fog) - 1.5
        for k, line in enumerate(lines):
            top -= lh
            bold = k == 0
            canvas.text(x, top, line, fit_size(line, w, size, "bold" if bold else "regular",
                                               ANSWER_MIN_PT),
                        "bold" if bold else "regular", INK if bold else MUTED)

    # ------------------------------------------------------------ the key and the web

    def short_answer(self) -> str:
        """The par, e.g. "par 104"."""
        return words(self.ctx.lang)["par_short"].format(total=self.par)

    def web_view(self) -> WebView:
        """The pad to play on, the cards and the par (``puzzles.webview``)."""
        return web_view(self)


__all__ = ["ANSWER_MIN_PT", "PAD_HEX_BOOK", "HubbleDay", "par_marks", "roll_order"]
