"""One Space Bowl puzzle as the publisher sees it: its answer, features, manifest entry, and
how it draws its page and its answer-key box."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spacebowl_print.games.spacebowl.art.minis import INK, draw_galaxy, draw_toss
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
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.games.spacebowl.puzzles.words import WORDS
from spacebowl_print.render.api import Canvas
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
        words = WORDS[self.lang]
        lines = [words[self.question]]
        if self.variants.wild is not None:
            lines.insert(0, words["wild_on"].format(cell=self.variants.wild.name))
        text_h = 4 + len(lines) * 2 * line_height(9.5)
        diagram = min(w * 0.42, 42.0)
        galaxy_h = h - max(diagram + 8, text_h) - 6
        draw_galaxy(canvas, self.deck, self.galaxy, x, y + h - galaxy_h, w, galaxy_h,
                    decoys=TIERS[self.tier].decoys, wild=self.variants.wild,
                    wild_letter=self.wild_letter)
        # toss diagram at the lower left, question to its right
        draw_toss(canvas, self.deck, self.toss, x, y, diagram, words["toss"])
        tx, tw = x + diagram + 6, w - diagram - 6
        ty = y + diagram - 2
        for line in lines:
            for part in wrap(line, tw, 9.5, "bold" if line == lines[-1] else "regular"):
                canvas.text(tx, ty, part, 9.5, "bold" if line == lines[-1] else "regular", INK)
                ty -= line_height(9.5)
            ty -= 2

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        text = answer_text(self)
        size = 6.5
        lines = wrap(text, w, size)
        text_h = len(lines) * line_height(size) + 1
        draw_galaxy(canvas, self.deck, self.galaxy, x, y + text_h, w, h - text_h,
                    marked=[s.cell for s in self.solutions], wild=self.variants.wild,
                    wild_letter=self.wild_letter, compact=True)
        ty = y + text_h - line_height(size) + 0.5
        for line in lines:
            canvas.text(x, ty, line, size, "regular", INK)
            ty -= line_height(size)


def answer_text(p: SpaceBowlPuzzle) -> str:
    """The answer in words: the cells (with turns and Wild token), or the doom call."""
    words = WORDS[p.lang]
    if not p.solutions:
        return words["none"]
    parts = []
    for s in p.solutions:
        notes = []
        if p.variants.rotation:
            notes.append(" ".join(f"{t}°" for t in s.rotations))
        if s.wild:
            notes.append(words["with_wild"])
        parts.append(s.cell.name + (f" ({', '.join(notes)})" if notes else ""))
    head = words["solution"] if len(p.solutions) == 1 else words["solutions"].format(
        n=len(p.solutions))
    return f"{head}: {'; '.join(parts)}"
