"""The Noughts puzzle kind: "X to move — which cells win at once?"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from noughts.art import INK, cell_names, draw_board
from noughts.rules import NAMES, puzzle_for, tier_of, verify, winning_moves
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.workers import worker_map
from spacebowl_print.publish.kinds import (
    BoxPainter,
    Painter,
    PuzzleItem,
    RenderContext,
    WebStep,
    WebView,
)
from spacebowl_print.publish.schedule import Slot
from spacebowl_print.publish.site import inline_svg
from spacebowl_print.render.api import Box, Canvas

WORDS = {"puzzle": "Puzzle", "puzzles": "Puzzles",
         "question": "X to move. Which cells win at once?"}


@dataclass(frozen=True)
class Noughts:
    """One puzzle: its id, the board, its tier."""

    id: str
    board: str

    @property
    def tier(self) -> int:
        return tier_of(self.board)

    @property
    def badges(self) -> Sequence[str]:
        return ()

    @property
    def wins(self) -> list[int]:
        return winning_moves(self.board)

    def manifest_entry(self) -> dict[str, Any]:
        return {"id": self.id, "tier": self.tier, "board": self.board,
                "answer": [NAMES[k] for k in self.wins]}

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        size = min(w, h - 12)
        draw_board(canvas, self.board, x, y + h - size, size)
        canvas.text(x, y + h - size - 6, WORDS["question"], 10, "bold", INK)

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        size = min(w, h - 8)
        draw_board(canvas, self.board, x, y + h - size, size, self.wins)
        canvas.text(x, y + 1, cell_names(self.wins), 8, "regular", INK)

    def short_answer(self) -> str:
        return cell_names(self.wins)

    def web_view(self) -> WebView:
        def board(marked: Sequence[int]) -> str:
            return inline_svg(60, 60, lambda c: draw_board(c, self.board, 0, 0, 60, marked))
        return WebView(board(()), WORDS["question"], f"X wins on {cell_names(self.wins)}.",
                       [WebStep(board(self.wins), cell_names(self.wins))])


def _make(job: tuple[int, str, int]) -> str:
    return puzzle_for(*job)


class NoughtsPuzzles:
    """The puzzle kind."""

    options: tuple[Any, ...] = ()
    max_puzzles = 500
    default_days = 7
    worksheet_per_page = 2
    web_template = None

    def words(self, lang: str) -> Mapping[str, str]:
        if lang != "en":
            raise InputError(f"Noughts speaks English only, not {lang!r}", "lang")
        return WORDS

    def load(self, options: Mapping[str, Any], tiers: Sequence[int]) -> None:
        return None

    def header(self, source: None) -> dict[str, Any]:
        return {}

    def generate(self, source: None, slots: Sequence[Slot], seed: int, ctx: RenderContext,
                 jobs: int, advance: Callable[[int], None]) -> list[PuzzleItem]:
        boards = worker_map(_make, [(seed, s.puzzle_id, s.tier) for s in slots], jobs)
        advance(len(slots))
        return [Noughts(s.puzzle_id, b) for s, b in zip(slots, boards, strict=True)]

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        board, answer = entry.get("board"), entry.get("answer")
        if not isinstance(board, str) or not isinstance(answer, list):
            raise InputError("an entry has a board and an answer", "board")
        problem = verify(board, answer)
        if problem is None and entry.get("tier") != tier_of(board):
            problem = f"tier {entry.get('tier')} recorded, {tier_of(board)} measured"
        return problem

    def teach(self, source: None, ctx: RenderContext) -> BoxPainter:
        def paint(canvas: Canvas, box: Box) -> None:
            x, y, _, h = box
            canvas.text(x, y + h - 6, "Three in a row wins. Find every cell where X wins now.",
                        10, "regular", INK)
            draw_board(canvas, "XX.OO....", x, y + h - 70, 55, [2])
        return paint

    def intro(self, source: None, items: Sequence[PuzzleItem], ctx: RenderContext,
              width: float, height: float) -> list[Painter]:
        return []

    def describe(self, source: None, ctx: RenderContext) -> str:
        return "a 3×3 board"

    def answers_per_page(self, source: None, width: float, height: float) -> tuple[int, int]:
        return (2, 3)

    def cover_art(self, source: None, items: Sequence[PuzzleItem], ctx: RenderContext
                  ) -> BoxPainter:
        def art(canvas: Canvas, box: Box) -> None:
            x, y, w, h = box
            draw_board(canvas, "XOX.XO.O.", x + 5, y + 5, min(w, h) - 10)
        return art

    def key_legend(self, ctx: RenderContext) -> str:
        return "The cells where X wins at once, by column letter and row number."

    def web_howto(self, ctx: RenderContext) -> Sequence[str]:
        return ["X is to move. Three X in a line win.", "Find every cell that wins at once."]


PUZZLES = NoughtsPuzzles()
