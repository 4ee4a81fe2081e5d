"""One "way home" puzzle as the booklet publisher sees it: its manifest entry, difficulty,
and how it draws its page (the position on a mini board, the question, what the player holds)
and its answer-key box (the line drawn as numbered routes, each move spelled out)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from spacebowl_print.core.errors import InternalError
from spacebowl_print.games.tomtube.art.miniboard import BOARD_H, Leg, fit_edge, legs, mini_board
from spacebowl_print.games.tomtube.art.texts import counted, words
from spacebowl_print.games.tomtube.art.tubes import INK
from spacebowl_print.games.tomtube.model.board import BASES, SOLARS, other
from spacebowl_print.games.tomtube.model.position import Move, Position
from spacebowl_print.games.tomtube.model.position_read import move_from_json, position_from_json
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.puzzles.webview import web_view
from spacebowl_print.publish.kinds import WebView
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.fonts import fit_size, line_height, text_width, wrap

MUTED = "#5A5A6E"


@dataclass(frozen=True)
class TomTubePuzzle:
    """A generated puzzle: its manifest ``entry`` (id, position, answer) as the generator
    wrote it, its number in the booklet, its decoys (first moves after which home is still
    reachable, only in more moves), and the booklet's language and ink mode."""

    entry: Mapping[str, Any]
    number: int
    decoys: int
    tiles: TileSet = field(repr=False, compare=False)
    lang: str = "en"
    ink_saver: bool = False

    # ---- what the publisher asks -------------------------------------------------------

    @property
    def id(self) -> str:
        return str(self.entry["id"])

    @property
    def moves(self) -> int:
        """The answer: the fewest moves home."""
        return int(self.entry["answer"]["moves"])

    @property
    def tier(self) -> int:
        """The tier the human-model solver graded (recorded in the entry)."""
        return int(self.entry["tier"])

    @property
    def first_moves(self) -> int:
        """The legal first moves (recorded in the entry's grade)."""
        return int(self.entry["grade"]["first_moves"])

    @property
    def fetches(self) -> bool:
        """Whether the answer fetches a solar counter (one is still on its module)."""
        return self.position.astronauts[self.player].held.get("solar", 0) < 2

    @property
    def badges(self) -> Sequence[str]:
        w = words(self.lang)
        return [w["to_move"].format(player=w[self.player]),
                counted(self.lang, "decoys_n", self.decoys)]

    def manifest_entry(self) -> dict[str, Any]:
        """The spec's entry ``{"id", "position", "answer": {"moves", "line"}}`` with the
        ``tier`` (and whatever else the generator recorded, e.g. ``decoys``)."""
        return {**self.entry, "id": self.id, "tier": self.tier,
                "position": self.entry["position"],
                "answer": {"moves": self.moves, "line": list(self.entry["answer"]["line"])}}

    # ---- the puzzle --------------------------------------------------------------------

    @cached_property
    def position(self) -> Position:
        return position_from_json(self.entry["position"], self.tiles)

    @property
    def player(self) -> str:
        return self.position.to_move

    @cached_property
    def line(self) -> tuple[Move, ...]:
        out = []
        for raw in self.entry["answer"]["line"]:
            mv = move_from_json(raw)
            if not isinstance(mv, Move):
                raise InternalError(f"an answer line holds a {type(mv).__name__}, not a move")
            out.append(mv)
        return tuple(out)

    @cached_property
    def legs(self) -> list[Leg]:
        """The answer replayed and traced with the engine (see ``art.miniboard.legs``)."""
        return legs(self.position, self.tiles, self.line)

    def _facts(self) -> list[str]:
        """What the player holds and what the stock has (payments and alien trades)."""
        w = words(self.lang)
        a = self.position.astronauts[self.player]
        held = {k: a.held.get(k, 0) for k in ("energy", "control", "alien", "solar")}
        left = [m for m in SOLARS[self.player] if self.position.counters.get(m) == "solar"]
        facts = [w["holds"].format(player=w[self.player], **held)
                 + (f" ({', '.join(left)} ☉)" if left else "")]
        facts.append(w["stock"].format(**self.position.stock))
        return facts

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        wd = words(self.lang)
        question = wd["question"].format(player=wd[self.player], other=wd[other(self.player)],
                                         base=BASES[self.player])
        size = 8.5
        lines = wrap(question, w, size, "bold")
        facts = [ln for f in self._facts() for ln in wrap(f, w, 7.5)]
        lh, lf = line_height(size, 1.25), line_height(7.5, 1.25)
        text_h = len(lines) * lh + len(facts) * lf + 12.0
        # The board as large as the width allows (never crowding out the text), the text
        # right under it; what is left at the bottom is room for working.
        edge = fit_edge(w, h - text_h - 2.0)
        board_h = edge * BOARD_H
        top = y + h
        mini_board(canvas, x, top - board_h, w, board_h, self.position, self.tiles,
                   self.ink_saver, names=6.0)
        ty = top - board_h - 5.0
        for ln in lines:
            canvas.text(x, ty, ln, size, "bold", INK)
            ty -= lh
        for ln in facts:
            canvas.text(x, ty, ln, 7.5, "regular", INK)
            ty -= lf
        ty -= 3.5
        label = wd["your_answer"]
        canvas.text(x, ty, label, 8, "bold", INK)
        lx = x + text_width(label, 8, "bold") + 2.0
        rule = Style(stroke=MUTED, width=0.3)
        canvas.line(lx, ty - 0.6, lx + 12.0, ty - 0.6, rule)
        canvas.text(lx + 13.0, ty, wd["moves_word"], 8, "regular", INK)
        start = lx + 14.5 + text_width(wd["moves_word"], 8, "regular")
        canvas.line(start, ty - 0.6, x + w, ty - 0.6, rule)

    # ---- the answer ----------------------------------------------------------------------

    def step_text(self, k: int, leg: Leg) -> str:
        """Move ``k`` (1-based) of the answer in words."""
        wd = words(self.lang)
        mv = leg.move
        key = "jump" if mv.kind == "jump" else "drift_paid" if mv.pay else "drift_free"
        text = f"{k}. " + wd[key].format(to=mv.to)
        extra = []
        if leg.exchanged:
            extra.append(wd["exchange"])
        if leg.takes:
            extra.append(wd["takes"].format(kind=wd[f"kind_{leg.takes}"]))
        return text + (" — " + ", ".join(extra) if extra else "")

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        text_w = min(48.0, w * 0.38)
        board_w = w - text_w - 3.0
        mini_board(canvas, x, y, board_w, h, self.position, self.tiles, self.ink_saver,
                   route=self.legs, names=6.0)
        tx = x + board_w + 3.0
        ty = y + h - 4.0
        head = counted(self.lang, "moves_n", self.moves)
        canvas.text(tx, ty, head, fit_size(head, text_w, 10, "bold"), "bold", INK)
        ty -= 5.0
        size = 7.0
        lh = line_height(size, 1.2)
        for k, leg in enumerate(self.legs, start=1):
            for j, ln in enumerate(wrap(self.step_text(k, leg), text_w - 2.5, size)):
                canvas.text(tx + (2.5 if j else 0.0), ty, ln, size, "regular", INK)
                ty -= lh
            ty -= 0.6
        ty -= 1.0
        for ln in wrap(counted(self.lang, "decoys_answer", self.decoys), text_w, size):
            canvas.text(tx, ty, ln, size, "regular", MUTED)
            ty -= lh

    # ---- the teacher's key and the web ----------------------------------------------------

    def short_answer(self) -> str:
        """The fewest moves and the first move, e.g. "4: drift D5"."""
        first = self.legs[0].move if self.legs else None
        head = str(self.moves)
        if first is None:
            return head
        return f"{head}: {first.kind} {first.to}"

    def question(self) -> str:
        """The question with what the player holds and what the stock has."""
        wd = words(self.lang)
        q = wd["question"].format(player=wd[self.player], other=wd[other(self.player)],
                                  base=BASES[self.player])
        return "\n".join([q, *self._facts()])

    def web_view(self) -> WebView:
        """The board to play on, the question and the answer (``puzzles.webview``)."""
        return web_view(self)


__all__ = ["TomTubePuzzle"]
