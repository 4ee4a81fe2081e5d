"""One Space Bowl puzzle as the publisher sees it: its answer, features, manifest entry, and
how it draws its page and its answer-key box."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spacebowl_print.games.spacebowl.art.minigalaxy import (
    INK,
    LABEL_MM,
    MUTED,
    draw_galaxy,
    draw_toss,
    galaxy_size,
)
from spacebowl_print.games.spacebowl.art.texts import WORDS
from spacebowl_print.games.spacebowl.model import (
    Deck,
    Galaxy,
    Pos,
    Solution,
    Toss,
    Variants,
    galaxy_to_json,
    solutions_to_json,
    toss_to_json,
    variants_to_json,
)
from spacebowl_print.games.spacebowl.puzzles.answers import answer_reasons
from spacebowl_print.games.spacebowl.puzzles.human import Grade
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.games.spacebowl.puzzles.webview import web_view
from spacebowl_print.publish.kinds import WebView
from spacebowl_print.render.api import Canvas, FontName, Style
from spacebowl_print.render.fonts import line_height, wrap


@dataclass(frozen=True)
class SpaceBowlPuzzle:
    """One generated puzzle with its verified answer and measured features."""

    id: str
    number: int
    tier: int
    galaxy: Galaxy
    toss: Toss
    variants: Variants
    solutions: tuple[Solution, ...]
    near_misses: tuple[Pos, ...]
    question: str
    variant_names: tuple[str, ...]
    deck: Deck = field(repr=False, compare=False)
    lang: str = "en"
    date: dt.date | None = None
    art_cache: dict[Any, str] = field(default_factory=dict, repr=False, compare=False)
    """Drawings shared by the puzzles of one run (a web site draws each mini card once)."""
    grade: Grade | None = None
    """The human-model solver's grade (:mod:`.human`), recorded in the manifest."""

    # ---- what the publisher asks -------------------------------------------------------

    @property
    def badges(self) -> Sequence[str]:
        words = WORDS[self.lang]
        names = list(self.variant_names)
        if self.toss.black_hole is not None:
            names.insert(0, "black_hole")
        return [words[n] for n in names]

    def manifest_entry(self) -> dict[str, Any]:
        """The formats.md manifest object; ``solutions`` exactly as ``spacebowl solve``."""
        return {
            "id": self.id,
            "tier": self.tier,
            "galaxy": galaxy_to_json(self.galaxy, self.deck.letters),
            "toss": toss_to_json(self.toss),
            "variants": variants_to_json(self.variants),
            "solutions": solutions_to_json(self.solutions)["solutions"],
            "question": self.question,
            "near_misses": [p.name for p in self.near_misses],
            **({"grade": self.grade.to_json()} if self.grade is not None else {}),
        }

    def features(self) -> dict[str, float]:
        """Measured difficulty features (for the tier table and tests)."""
        decoys = 0
        ids = self.galaxy.card_ids
        if ids is not None and TIERS[self.tier].decoys != "none":
            for row in ids:
                for cid in row:
                    if cid is not None:
                        card = self.deck.card(cid)
                        decoys += card.stars + (card.comets if TIERS[self.tier].decoys == "all"
                                                else 0)
        cells = self.galaxy.rows * self.galaxy.cols
        return {
            "marbles": len(self.toss.marbles),
            "black_hole": float(self.toss.black_hole is not None),
            "variants": len(self.variant_names),
            "cards": cells,
            "solutions": len(self.solutions),
            "near_misses": len(self.near_misses),
            "decoys_per_card": decoys / cells,
        }

    # ---- drawing ---------------------------------------------------------------------

    @property
    def wild_letter(self) -> str:
        """The letter on the Wild token: W (Wild), J (Joker in French and German)."""
        return "J" if self.lang != "en" else "W"

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """The galaxy on top; below it the toss on the left and, on its right, the question,
        what a lone black hole means, and lines to write the answer on."""
        words = WORDS[self.lang]
        lines = [words[self.question]]
        if self.variants.wild is not None:
            lines.insert(0, words["wild_on"].format(cell=self.variants.wild.name))
        notes = [words["spaces_note"]]
        if self.toss.black_hole is not None:
            notes.append(words["hole_alone"])
        if w > 1.3 * h:
            # a wide, low box (two puzzles a page): galaxy on the left, the rest on the right
            galaxy_w = min(w * 0.55, h * 1.05)
            draw_galaxy(canvas, self.deck, self.galaxy, x, y, galaxy_w, h,
                        decoys=TIERS[self.tier].decoys, wild=self.variants.wild,
                        wild_letter=self.wild_letter)
            x, w = x + galaxy_w + 5, w - galaxy_w - 5
            diagram = min(w * 0.45, h * 0.55, 44.0)
            draw_toss(canvas, self.deck, self.toss, x, y + h - diagram - 6, diagram,
                      words["toss"])
            _question(canvas, x + diagram + 4, y + h - 6, w - diagram - 4, lines, notes)
            answer_lines(canvas, x, y + 1, w, min(h - diagram - 12, 22.0),
                         words["answer_line"])
            return
        diagram = min(w * 0.40, 44.0)
        galaxy_h = h - diagram - 10
        draw_galaxy(canvas, self.deck, self.galaxy, x, y + h - galaxy_h, w, galaxy_h,
                    decoys=TIERS[self.tier].decoys, wild=self.variants.wild,
                    wild_letter=self.wild_letter)
        draw_toss(canvas, self.deck, self.toss, x, y + 1, diagram, words["toss"])
        tx, tw = x + diagram + 5, w - diagram - 5
        ty = _question(canvas, tx, y + diagram + 1, tw, lines, notes)
        answer_lines(canvas, tx, y + 1, tw, min(ty - y - 3, 22.0), words["answer_line"])

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """The answer in the box (x, y, w, h): the galaxy with its column letters and row
        numbers (the key names cells) and the valid cards ringed, the toss, and the answer
        (bold) with one reason per valid card (or why there is none), all at
        :data:`ANSWER_PT` or more. Long reasons wrap and the drawings shrink to make room:
        the type never does.

        Two arrangements are measured and the one with the larger galaxy drawn: the toss
        beside the galaxy with the text under both (a wide box), or the galaxy across the
        whole box with the text and the toss side by side under it (a tall one)."""
        size = ANSWER_PT
        reasons = answer_reasons(self)
        lead = line_height(size)
        toss = min(w * 0.36, 30.0)
        # beside: galaxy | toss, then the text at full width
        wide = _wrapped(reasons, w, size)
        room = h - len(wide) * lead - 1.5
        toss_a = max(0.0, min(room - LABEL_MM, toss))
        beside = galaxy_size(self.galaxy, w - toss_a - 3, room, compact=True, coords=True)
        # under: the galaxy across, then text | toss
        narrow = _wrapped(reasons, w - toss - 3, size)
        row = max(len(narrow) * lead + 1.0, toss)
        # (the ring of a valid card overhangs its card by half its width: kept inside)
        under = galaxy_size(self.galaxy, w - 1.2, h - row - 2.0, compact=True, coords=True)
        if under[0] > beside[0] + 1e-6:
            gw, gh = under
            lines, toss_top = narrow, y + h - gh - 2.0
            toss_x, text_top = x + w - toss, toss_top
        else:
            gw, gh = beside
            lines, toss = wide, toss_a
            # the toss's top level with the cards' (under the column letters)
            toss_x, toss_top = x + w - toss, y + h - LABEL_MM
            text_top = y + h - max(gh, LABEL_MM + toss) - 1.0
        # across the box the galaxy is centred; beside the toss it keeps to the left edge
        gx = x + (w - gw) / 2 if lines is narrow else x
        draw_galaxy(canvas, self.deck, self.galaxy, gx, y + h - gh, gw, gh,
                    marked=[s.cell for s in self.solutions], wild=self.variants.wild,
                    wild_letter=self.wild_letter, compact=True, coords=True, min_pt=size)
        draw_toss(canvas, self.deck, self.toss, toss_x, toss_top - toss, toss, "",
                  numbers=toss >= 30, min_pt=size)
        ty = text_top - line_height(size, 0.8)  # the first baseline an ascent under the top
        for line, font in lines:
            canvas.text(x, ty, line, size, font, INK)
            ty -= line_height(size)


    # ---- the teacher's key and the web ------------------------------------------------

    def short_answer(self) -> str:
        """The answer in a key cell: the valid cards (with their turns under rotation, the
        Wild token's letter when it is needed), a count first when the question asks for
        one, or "—"."""
        cells = []
        for s in self.solutions:
            note = "/".join(f"{t}°" for t in s.rotations) if self.variants.rotation else ""
            cells.append(s.cell.name + (f" {note}" if note else "")
                         + (f" {self.wild_letter}" if s.wild else ""))
        text = ", ".join(cells) if cells else "—"
        if self.question == "count":
            return f"{len(cells)}: {text}" if cells else "0"
        return text

    def web_view(self) -> WebView:
        """The galaxy's cards (for picking), the toss, the question and the answer."""
        return web_view(self)


def _question(canvas: Canvas, x: float, top: float, w: float, lines: list[str],
              notes: list[str]) -> float:
    """The question (its last line bold) and smaller notes from ``top`` down, wrapped to
    ``w``; returns the y under them."""
    for k, line in enumerate(lines):
        font: FontName = "bold" if k == len(lines) - 1 else "regular"
        for part in wrap(line, w, 9.5, font):
            canvas.text(x, top, part, 9.5, font, INK)
            top -= line_height(9.5)
        top -= 1.5
    for note in notes:
        for part in wrap(note, w, 7.5):
            canvas.text(x, top, part, 7.5, "regular", MUTED)
            top -= line_height(7.5)
    return top


def answer_lines(canvas: Canvas, x: float, y: float, w: float, h: float, label: str) -> None:
    """``label`` and ruled lines to write an answer on, in the box (x, y, w, h)."""
    if h < 8:
        return
    canvas.text(x, y + h - 3, label, 8, "bold", INK)
    rule = Style(stroke="#9A9AB0", width=0.3)
    ly = y + h - 10
    while ly >= y:
        canvas.line(x, ly, x + w, ly, rule)
        ly -= 7


ANSWER_PT = 7.0
"""The answer key's type size: legible in a 365-day book, and never less (issue 16)."""


def _wrapped(reasons: list[str], w: float, size: float) -> list[tuple[str, FontName]]:
    """The answer's lines wrapped to ``w``: the first reason (the answer itself) bold."""
    lines: list[tuple[str, FontName]] = []
    for k, reason in enumerate(reasons):
        font: FontName = "bold" if k == 0 else "regular"
        lines += [(part, font) for part in wrap(reason, w, size, font)]
    return lines
