"""Space Bowl's puzzles as every publication uses them (its
:class:`~spacebowl_print.publish.kinds.PuzzleKind`): the deck as their source, the generator
that plans and builds a galaxy per slot, the independent check (the reference engine against
the bitboard one), the teaching page, the tier table for the booklet's front matter, the
cover's galaxy, the teacher's key legend and the web page's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.templates import template_environment
from spacebowl_print.games.spacebowl.art.minigalaxy import draw_galaxy
from spacebowl_print.games.spacebowl.art.rules import figures
from spacebowl_print.games.spacebowl.art.texts import WORDS
from spacebowl_print.games.spacebowl.model import Deck
from spacebowl_print.games.spacebowl.model.deck_file import DeckChoice, load_deck
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle
from spacebowl_print.games.spacebowl.puzzles.teach import teach
from spacebowl_print.games.spacebowl.puzzles.tiers import (
    CHECKS_BUDGET,
    TECHNIQUE_TIER,
    TECHNIQUES,
    TIERS,
)
from spacebowl_print.games.spacebowl.puzzles.verify import deck_digest, verify_manifest_entry
from spacebowl_print.games.spacebowl.rules.deck_health import puzzle_refusal
from spacebowl_print.publish.kinds import PuzzleKind, RenderContext, cover_sample
from spacebowl_print.publish.schedule import Slot
from spacebowl_print.render.api import Box, BoxPainter, Canvas, Painter, Style
from spacebowl_print.render.flow import column_painters


def load_puzzle_deck(name_or_path: str | None, tiers: Iterable[int]) -> Deck:
    """The ``--deck`` deck, refused in one line (at ``deck``) when it cannot make puzzles of
    those tiers: too few cards, or a number of solutions a tier needs that it never gives."""
    deck = load_deck(name_or_path)
    if why := puzzle_refusal(deck, {t: TIERS[t] for t in tiers}):
        raise InputError(why, "deck")
    return deck


class SpaceBowlPuzzles:
    """Space Bowl's :class:`~spacebowl_print.publish.kinds.PuzzleKind`."""

    Options = DeckChoice
    worksheet_per_page = 2
    web_template = "spacebowl/web-day.html.j2"

    def load(self, options: DeckChoice, tiers: Sequence[int]) -> Deck:
        return load_puzzle_deck(options.deck, tiers)

    def header(self, source: Deck) -> dict[str, Any]:
        """The deck's name, the file ``--deck`` named (``spacebowl check`` looks there first,
        then beside the manifest, then among the shipped decks) and its digest."""
        return {"deck": source.name, "deck_file": source.file or source.name,
                "deck_sha256": deck_digest(source)}

    def generate(self, source: Deck, slots: Sequence[Slot], seed: int, ctx: RenderContext,
                 jobs: int, advance: Callable[[int], None]) -> list[SpaceBowlPuzzle]:
        """The generator plans every slot from the seed and builds the galaxies in batches
        (one process: its batches are vectorised already)."""
        # imported here: the galaxy builder brings OR-Tools (and pandas), half a second that
        # a command's --help, check or web view never needs
        from spacebowl_print.games.spacebowl.puzzles.generate import Generator

        made: list[SpaceBowlPuzzle] = Generator(source, seed, ctx.lang).make_all(slots, advance)
        return made

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        return verify_manifest_entry(header, entry)

    def teach(self, source: Deck, ctx: RenderContext) -> BoxPainter:
        return teach(source, ctx, 1)

    def intro(self, source: Deck, items: Sequence[SpaceBowlPuzzle], ctx: RenderContext,
              width: float, height: float) -> list[Painter]:
        """What the tiers mean (measured over this booklet's puzzles), from
        ``templates/spacebowl/booklet-<lang>.md.j2``."""
        return column_painters(intro_text(items, ctx.lang), width, height, figures(source))

    def describe(self, source: Deck, ctx: RenderContext) -> str:
        return WORDS[ctx.lang]["deck_line"].format(title=source.title)

    def answers_per_page(self, source: Deck, width: float, height: float) -> tuple[int, int]:
        return (2, 2) if height < 240 else (2, 3)

    def cover_art(self, source: Deck, items: Sequence[SpaceBowlPuzzle], ctx: RenderContext
                  ) -> BoxPainter:
        """The :func:`cover_sample` puzzle's galaxy on the night sky."""
        galaxy = cover_sample(items).galaxy

        def art(canvas: Canvas, box: Box) -> None:
            x, y, w, h = box
            canvas.rect(x, y, w, h, Style(fill="#1B2347"), radius=3)
            draw_galaxy(canvas, source, galaxy, x + 4, y + 4, w - 8, h - 8, compact=True)

        return art

    def key_legend(self, ctx: RenderContext) -> str:
        return WORDS[ctx.lang]["key_legend"]

    def web_howto(self, ctx: RenderContext) -> Sequence[str]:
        words = WORDS[ctx.lang]
        return [words[f"how_{k}"] for k in range(1, 5)]


def intro_text(puzzles: Sequence[SpaceBowlPuzzle], lang: str) -> str:
    """The booklet's introduction: how the tiers differ, with this booklet's counts, the
    human-model solver's techniques and checks per tier (:mod:`.human`), and how they climb:
    through the week in a dated booklet, through the book in an undated one."""
    rows = []
    for tier, spec in TIERS.items():
        mine = [p for p in puzzles if p.tier == tier]
        rows.append({
            "tier": tier,
            "stars": "★" * tier,
            "marbles": "–".join(str(m) for m in (min(spec.marbles), max(spec.marbles)))
            if len(set(spec.marbles)) > 1 else str(spec.marbles[0]),
            "black_hole": round(100 * spec.black_hole),
            "variants": sorted({v for vs in spec.variants for v in vs}),
            "solutions": "–".join(str(k) for k in (min(spec.solutions), max(spec.solutions))),
            "near": (f"{spec.near_misses[0]}–{spec.near_misses[1]}"
                     if spec.near_misses[1] < 99 else f"≥ {spec.near_misses[0]}"),
            "decoys": spec.decoys,
            "learning": spec.learning,
            "count": len(mine),
            "new": [WORDS[lang][f"tech_{t}"] for t in TECHNIQUES if TECHNIQUE_TIER[t] == tier],
            "budget": CHECKS_BUDGET[tier],
            "placements": _mean([p.grade.placements for p in mine if p.grade]),
            "checks": _mean([p.grade.checks for p in mine if p.grade]),
        })
    template = template_environment().get_template(f"spacebowl/booklet-{lang}.md.j2")
    # an undated book's puzzles have no date: its tiers climb through the book, not the week
    dated = any(p.date is not None for p in puzzles)
    return template.render(tiers=rows, words=WORDS[lang], dated=dated)


def _mean(values: Sequence[int]) -> str:
    """A mean to one decimal (— when there is nothing to average)."""
    return f"{sum(values) / len(values):.1f}" if values else "—"


PUZZLES: PuzzleKind[DeckChoice, Deck, SpaceBowlPuzzle] = SpaceBowlPuzzles()
"""The puzzles :data:`spacebowl_print.games.spacebowl.GAME` names (typed: mypy checks the kind
against the contract)."""

__all__ = ["PUZZLES", "SpaceBowlPuzzles", "intro_text", "load_puzzle_deck"]
