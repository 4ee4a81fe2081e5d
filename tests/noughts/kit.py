"""The Noughts kit: ten tokens (five X, five O) on card sheets, and the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from noughts.art import INK, draw_board
from spacebowl_print.publish.items import CARDS
from spacebowl_print.publish.kinds import KitParts, RenderContext
from spacebowl_print.publish.kit import Document
from spacebowl_print.render.api import PAPER, Canvas, DrawnPage, Style

SIZE, BLEED = 40.0, 3.0


@dataclass(frozen=True)
class Token:
    """A square token with bleed: an X (a cross) or an O (a ring), or the common back."""

    id: int
    mark: str

    @property
    def width(self) -> float:
        return SIZE + 2 * BLEED

    @property
    def height(self) -> float:
        return SIZE + 2 * BLEED

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height, Style(fill="#F4F4FA"))
        c, r = self.width / 2, SIZE * 0.3
        if self.mark == "X":
            canvas.line(c - r, c - r, c + r, c + r, Style(stroke=INK, width=2.5))
            canvas.line(c - r, c + r, c + r, c - r, Style(stroke=INK, width=2.5))
        elif self.mark == "O":
            canvas.circle(c, c, r, Style(stroke=INK, width=2.5))
        else:
            canvas.text(c, c - 2, "Noughts", 10, "bold", INK, "middle")


class NoughtsKit:
    """The kit kind."""

    papers = ("a4", "letter")
    options: tuple[Any, ...] = ()
    contents = "board.pdf            the board"

    def parts(self, options: Mapping[str, Any], langs: Sequence[str], ctx: RenderContext,
              seed: int) -> KitParts:
        fronts = [Token(k + 1, "XO"[k % 2]) for k in range(10)]
        w, h = PAPER[ctx.paper]
        board = DrawnPage(w, h, lambda c: draw_board(c, "." * 9, 20, h - 200, 170))
        return KitParts(title="Noughts", fronts=fronts, back=Token(99, ""), bleed=BLEED,
                        naming=CARDS, documents=[Document("board", "Board", [board])])


KIT = NoughtsKit()
