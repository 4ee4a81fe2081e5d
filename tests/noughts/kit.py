"""The Noughts kit: tokens (``--tokens`` of each mark) on card sheets, and the board."""

from __future__ import annotations

from dataclasses import dataclass

from noughts.art import INK, draw_board
from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.items import CARDS
from spacebowl_print.publish.kinds import KitKind, KitParts
from spacebowl_print.publish.kit import Document
from spacebowl_print.publish.requests import KitRequest
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


@dataclass(frozen=True)
class TokensChoice:
    """The kit's own option: ``tokens`` of each mark, 3 to 9."""

    tokens: int = 5

    def __post_init__(self) -> None:
        if not 3 <= self.tokens <= 9:
            raise InputError(f"must be 3 to 9, got {self.tokens}", "tokens")


class NoughtsKit:
    """The kit kind."""

    Options = TokensChoice

    def parts(self, options: TokensChoice, req: KitRequest) -> KitParts:
        fronts = [Token(k + 1, "XO"[k % 2]) for k in range(2 * options.tokens)]
        w, h = PAPER[req.run.ctx.paper]
        board = DrawnPage(w, h, lambda c: draw_board(c, "." * 9, 20, h - 200, 170))
        return KitParts(title="Noughts", fronts=fronts, back=Token(99, ""), bleed=BLEED,
                        naming=CARDS, documents=[Document("board", "Board", [board])])


KIT: KitKind[TokensChoice] = NoughtsKit()
