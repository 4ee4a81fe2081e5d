"""Hubble's daily solo challenges as every publication uses them (its
:class:`~spacebowl_print.publish.kinds.PuzzleKind`): the constellation set and pad size as
their source, a challenge per slot graded into tiers by measured features (each from its own
seed, so several processes give the same bytes), the par proved by an engine independent of
the solver's, the teaching page with the full scoring, and the web page's words.

The manifest's header records the whole constellation set (twenty small tables) and its
digest, so ``spacebowl check`` needs nothing but the manifest.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.resultcache import cached_json, code_fingerprint
from spacebowl_print.core.workers import worker_map
from spacebowl_print.games.hubble.art.padsheet import Marks, draw_pad, fit_pad
from spacebowl_print.games.hubble.art.scoresheet import draw_score_sheet
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.constellations import (
    ConstellationSet,
    set_digest,
    set_to_dict,
)
from spacebowl_print.games.hubble.puzzles.item import HubbleDay, par_marks
from spacebowl_print.games.hubble.puzzles.teach import teach
from spacebowl_print.games.hubble.rules.independent import entry_problem
from spacebowl_print.games.hubble.solve.choices import HubbleChoice
from spacebowl_print.games.hubble.solve.manifest import verify_with_header
from spacebowl_print.games.hubble.solve.tiers import CLASS_EPOCH, daily_for_tier, slot_day
from spacebowl_print.publish.kinds import PuzzleKind, RenderContext, cover_sample
from spacebowl_print.publish.schedule import Slot
from spacebowl_print.render.api import Box, BoxPainter, Canvas, Painter, Style


@dataclass(frozen=True)
class HubbleSource:
    """What Hubble's puzzles are made from: the constellation set and the pad size."""

    cset: ConstellationSet
    cols: int
    rows: int


def _entry(job: tuple[int, str, str, int, ConstellationSet, int, int]) -> dict[str, Any]:
    """One slot's challenge and par (a worker's task: it depends on its arguments alone)."""
    seed, key, day, tier, cset, cols, rows = job
    # a classroom puzzle (named by a code, not its day) gets the beam search's par: a set
    # of dozens must be made in seconds (docs/hubble.md, "Par")
    exact = key == day
    entry = cached_json(
        "hubble-day",
        [code_fingerprint("spacebowl_print.games.hubble", "spacebowl_print.core"), seed, day,
         tier, set_to_dict(cset), cols, rows, exact],
        lambda: daily_for_tier(seed, dt.date.fromisoformat(day), tier, cset, cols, rows,
                               exact=exact),
        lambda found: _cached_entry_holds(found, day, tier, cset))
    if entry["id"] != key:  # a classroom puzzle: named by its code, and so is its play
        par = entry["par"]
        entry = {**entry, "id": key, "challenge": {**entry["challenge"], "id": key},
                 "par": {**par, "play": {**par["play"], "challenge": key}}}
    return entry


def _cached_entry_holds(entry: Any, day: str, tier: int, cset: ConstellationSet) -> bool:
    """A cached day is taken only for its own day, with a tier, and with a par the second
    engine replays and scores as recorded (a damaged or edited cache file is made again)."""
    return (isinstance(entry, dict) and entry.get("id") == day
            and entry.get("tier") in range(1, 6)
            and entry_problem(entry, set_to_dict(cset)) is None)


STRIP_MM = 115.0
"""The narrowest answer box whose filled-in score strip stays legible."""


class HubblePuzzles:
    """Hubble's :class:`~spacebowl_print.publish.kinds.PuzzleKind`."""

    Options = HubbleChoice
    worksheet_per_page = 1
    web_template = "hubble/web-day.html.j2"

    def load(self, options: HubbleChoice, tiers: Sequence[int]) -> HubbleSource:
        return HubbleSource(options.load_set(), options.cols, options.rows)

    def header(self, source: HubbleSource) -> dict[str, Any]:
        return {"constellations": {"name": source.cset.name, "sha256": set_digest(source.cset),
                                   "cards": set_to_dict(source.cset)["constellations"]},
                "pad": {"cols": source.cols, "rows": source.rows}}

    def generate(self, source: HubbleSource, slots: Sequence[Slot], seed: int,
                 ctx: RenderContext, jobs: int, advance: Callable[[int], None]
                 ) -> list[HubbleDay]:
        tasks = []
        for slot in slots:
            day = slot_day(slot.date, slot.number)
            tasks.append((seed, slot.puzzle_id, day.isoformat(), slot.tier, source.cset,
                          source.cols, source.rows))
        out: list[HubbleDay] = []
        for slot, entry in zip(slots, worker_map(_entry, tasks, jobs), strict=True):
            out.append(HubbleDay(entry, slot.number, source.cset, ctx))
            advance(1)
        return out

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        """The par re-proved on the set the header records (its digest checked first); a
        manifest from before sets were recorded uses the shipped set."""
        return verify_with_header(header, entry)

    def teach(self, source: HubbleSource, ctx: RenderContext) -> BoxPainter:
        return teach(source.cset, ctx)

    def scoring_aid(self, source: HubbleSource, ctx: RenderContext
                    ) -> Callable[[Canvas, Box, int], None]:
        """A classroom worksheet's score sheet: what to count per category, a box per
        challenge, the total and the par to copy from the key
        (:func:`~spacebowl_print.games.hubble.art.scoresheet.draw_score_sheet`)."""

        def paint(canvas: Canvas, box: Box, challenges: int) -> None:
            draw_score_sheet(canvas, box, challenges, ctx)

        return paint

    def intro(self, source: HubbleSource, items: Sequence[HubbleDay], ctx: RenderContext,
              width: float, height: float) -> list[Painter]:
        return []

    def describe(self, source: HubbleSource, ctx: RenderContext) -> str:
        return words(ctx.lang)["describe"].format(name=source.cset.name, cols=source.cols,
                                                  rows=source.rows)

    def answers_per_page(self, source: HubbleSource, width: float, height: float
                         ) -> tuple[int, int]:
        """Pads wider than tall take the page's width, two or three a page; squarer pads
        go two across only where each box keeps the score strip's width
        (:data:`STRIP_MM`: narrower, its boxes and numbers run into each other)."""
        small = height < 240
        if source.cols >= 2 * source.rows:
            return (1, 2) if small else (1, 3)
        return (1, 2) if small or (width - 4) / 2 - 4 < STRIP_MM else (2, 2)

    def cover_art(self, source: HubbleSource, items: Sequence[HubbleDay], ctx: RenderContext
                  ) -> BoxPainter:
        """A finished pad (the par of the :func:`cover_sample` challenge) on white."""
        sample = cover_sample(items)

        def art(canvas: Canvas, box: Box) -> None:
            x, y, w, h = box
            canvas.rect(x, y, w, h, Style(fill="#FFFFFF"), radius=3)
            pad = sample.pad
            # 7 mm of air a side: the par's rings and the row labels reach past the grid, and
            # a press checks every mark against the cover's safe zone
            fitted = fit_pad(pad.cols, pad.rows, w - 14, h - 14, 9.0, names=False)
            marks: Marks = par_marks(sample.score, sample.challenge.constellations)
            draw_pad(canvas, fitted, x + (w - fitted.width) / 2,
                     y + (h - fitted.height) / 2, ctx, pad.cells, marks)

        return art

    def key_legend(self, ctx: RenderContext) -> str:
        return words(ctx.lang)["key_legend"]

    def web_howto(self, ctx: RenderContext) -> Sequence[str]:
        """The teaching page's own words: how a day is played, how a roll reads, and the
        scoring icon by icon."""
        wd = words(ctx.lang)
        return [wd["how_1"], wd["how_2"], wd["how_3"],
                # French sets a no-break space before the colon
                wd["read_roll"] + ("\u00a0: " if ctx.lang == "fr" else ": ") + wd["roll_parts"],
                wd["blank_face"],
                " ".join(wd[f"teach_{icon}"] for icon in "GPACS")]


PUZZLES: PuzzleKind[HubbleChoice, HubbleSource, HubbleDay] = HubblePuzzles()
"""The puzzles :data:`spacebowl_print.games.hubble.GAME` names (typed: mypy checks the kind
against the contract)."""

__all__ = ["CLASS_EPOCH", "PUZZLES", "HubblePuzzles", "HubbleSource"]
