"""The Noughts puzzle kind: "the player to move — which cells win at once?"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noughts.art import INK, cell_names, draw_board, words
from noughts.rules import NAMES, puzzle_for, tier_of, verify_entry, winning_moves
from spacebowl_print.core.workers import worker_map
from spacebowl_print.publish.kinds import PuzzleKind, RenderContext, WebStep, WebView
from spacebowl_print.publish.schedule import Slot
from spacebowl_print.publish.site import inline_svg
from spacebowl_print.render.api import Box, BoxPainter, Canvas, Painter

TEMPLATE = Path(__file__).parent / "templates" / "noughts-day.html.j2"
"""The game's own web page (it extends the shared one)."""


@dataclass(frozen=True)
class NoughtsChoice:
    """The puzzles' own option: the player ``to_move``."""

    to_move: str = "X"


@dataclass(frozen=True)
class Noughts:
    """One puzzle: its id, the board, the player to move, the words to print with."""

    id: str
    board: str
    to_move: str
    lang: str

    @property
    def tier(self) -> int:
        return tier_of(self.board, self.to_move)

    @property
    def badges(self) -> Sequence[str]:
        return (f"{self.to_move} {words(self.lang)['to_move']}",)

    @property
    def wins(self) -> list[int]:
        return winning_moves(self.board, self.to_move)

    @property
    def question(self) -> str:
        return words(self.lang)["question"].format(player=self.to_move)

    def manifest_entry(self) -> dict[str, Any]:
        return {"id": self.id, "tier": self.tier, "board": self.board, "to_move": self.to_move,
                "answer": [NAMES[k] for k in self.wins]}

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        size = min(w, h - 12)
        draw_board(canvas, self.board, x, y + h - size, size)
        canvas.text(x, y + h - size - 6, self.question, 10, "bold", INK)

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        size = min(w, h - 8)
        draw_board(canvas, self.board, x, y + h - size, size, self.wins)
        canvas.text(x, y + 1, cell_names(self.wins), 8, "regular", INK)

    def short_answer(self) -> str:
        return cell_names(self.wins)

    def web_view(self) -> WebView:
        def board(marked: Sequence[int]) -> str:
            return inline_svg(60, 60, lambda c: draw_board(c, self.board, 0, 0, 60, marked))
        answer = words(self.lang)["answer"].format(player=self.to_move,
                                                   cells=cell_names(self.wins))
        return WebView(board(()), self.question, answer,
                       [WebStep(board(self.wins), cell_names(self.wins))],
                       {"to_move": self.to_move})


def _make(job: tuple[int, str, int, str]) -> str:
    return puzzle_for(*job)


class NoughtsPuzzles:
    """The puzzle kind."""

    Options = NoughtsChoice
    worksheet_per_page = 2
    web_template = str(TEMPLATE)

    def load(self, options: NoughtsChoice, tiers: Sequence[int]) -> str:
        return options.to_move

    def header(self, source: str) -> dict[str, Any]:
        return {"to_move": source}

    def generate(self, source: str, slots: Sequence[Slot], seed: int, ctx: RenderContext,
                 jobs: int, advance: Callable[[int], None]) -> list[Noughts]:
        jobs_ = [(seed, s.puzzle_id, s.tier, source) for s in slots]
        boards = worker_map(_make, jobs_, jobs)
        advance(len(slots))
        return [Noughts(s.puzzle_id, b, source, ctx.lang) for s, b in zip(slots, boards,
                                                                         strict=True)]

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        return verify_entry(header, entry)

    def teach(self, source: str, ctx: RenderContext) -> BoxPainter:
        def paint(canvas: Canvas, box: Box) -> None:
            x, y, _, h = box
            canvas.text(x, y + h - 6, words(ctx.lang)["teach"], 10, "regular", INK)
            draw_board(canvas, "XX.OO....", x, y + h - 70, 55, [2])
        return paint

    def intro(self, source: str, items: Sequence[Noughts], ctx: RenderContext,
              width: float, height: float) -> list[Painter]:
        return []

    def describe(self, source: str, ctx: RenderContext) -> str:
        return words(ctx.lang)["describe"]

    def answers_per_page(self, source: str, width: float, height: float) -> tuple[int, int]:
        return (2, 3)

    def cover_art(self, source: str, items: Sequence[Noughts], ctx: RenderContext
                  ) -> BoxPainter:
        sample = items[0]

        def art(canvas: Canvas, box: Box) -> None:
            x, y, w, h = box
            draw_board(canvas, sample.board, x + 5, y + 5, min(w, h) - 10)
        return art

    def key_legend(self, ctx: RenderContext) -> str:
        return words(ctx.lang)["legend"]

    def web_howto(self, ctx: RenderContext) -> Sequence[str]:
        w = words(ctx.lang)
        return [w["how_1"].format(player="X"), w["how_2"]]


PUZZLES: PuzzleKind[NoughtsChoice, str, Noughts] = NoughtsPuzzles()
