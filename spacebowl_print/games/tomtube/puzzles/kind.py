"""Tom Tube's "way home" puzzles as every publication uses them (its
:class:`~spacebowl_print.publish.kinds.PuzzleKind`): the tile set as their source, the tiered
generator (one puzzle per slot, each from its own seed, so several processes give the same
bytes), the independent verifier (replay with the reference engine, no shorter line by
breadth-first search), the teaching page, the cover's board and the web page's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spacebowl_print.core.templates import template_environment
from spacebowl_print.core.workers import worker_map
from spacebowl_print.games.tomtube.art.miniboard import mini_board
from spacebowl_print.games.tomtube.art.rules import figures
from spacebowl_print.games.tomtube.art.texts import words
from spacebowl_print.games.tomtube.art.tubes import INK
from spacebowl_print.games.tomtube.model.tiles import CORNERS, TileSet
from spacebowl_print.games.tomtube.model.tiles_file import TilesChoice
from spacebowl_print.games.tomtube.puzzles.item import TomTubePuzzle
from spacebowl_print.games.tomtube.solve.puzzles import (
    distinct_lines,
    pickups,
    puzzle_for,
    remade,
)
from spacebowl_print.games.tomtube.solve.tiers import (
    DECOY_CAP,
    HORIZON,
    TECHNIQUE_TIER,
    TECHNIQUES,
    TIERS,
)
from spacebowl_print.games.tomtube.solve.verify import verify_with_header
from spacebowl_print.publish.kinds import PuzzleKind, RenderContext, cover_sample
from spacebowl_print.publish.schedule import Slot
from spacebowl_print.render.api import Box, BoxPainter, Canvas, Painter, Style
from spacebowl_print.render.flow import column_painters

_HEADING = re.compile(r"^#{2,3} ", re.M)
EXAMPLE_MM = 88.0
"""Height of the teaching page's worked example (a ★ puzzle and its answer)."""


def _entry(job: tuple[TileSet, int, str, int, bool]) -> dict[str, Any]:
    """One slot's puzzle (a worker's task: it depends on its arguments alone)."""
    tiles, seed, key, tier, pickup = job
    return puzzle_for(tiles, seed, key, tier, pickup)


class TomTubePuzzles:
    """Tom Tube's :class:`~spacebowl_print.publish.kinds.PuzzleKind`."""

    Options = TilesChoice
    worksheet_per_page = 1
    web_template = "tomtube/web-day.html.j2"

    def load(self, options: TilesChoice, tiers: Sequence[int]) -> TileSet:
        return options.load()

    def header(self, source: TileSet) -> dict[str, Any]:
        """The whole tile set (40 small tables), so that ``spacebowl check`` needs nothing but
        the manifest."""
        return {"tiles": tiles_to_mapping(source)}

    def generate(self, source: TileSet, slots: Sequence[Slot], seed: int, ctx: RenderContext,
                 jobs: int, advance: Callable[[int], None]) -> list[TomTubePuzzle]:
        """Each slot's puzzle from (seed, its id, its tier, whether it fetches a solar
        counter) alone, in ``jobs`` processes; then, in slot order, a line printed before is
        made again (one is rare), so the set never prints a line twice."""
        fetch = pickups([slot.tier for slot in slots])
        tasks = [(source, seed, slot.puzzle_id, slot.tier, f)
                 for slot, f in zip(slots, fetch, strict=True)]
        made = []
        for entry in worker_map(_entry, tasks, jobs):
            made.append(entry)
            advance(1)
        entries = distinct_lines(made, lambda i, again: remade(
            source, seed, slots[i].puzzle_id, slots[i].tier, fetch[i], again))
        # puzzle_for records the decoys it graded the puzzle by: not counted again
        return [TomTubePuzzle(entry, slot.number, int(entry["decoys"]), source, ctx.lang,
                              ctx.ink_saver) for slot, entry in zip(slots, entries, strict=True)]

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        """The entry re-proved on the tile set the manifest records (the shipped set for a
        manifest from before tile sets were recorded)."""
        return verify_with_header(header, entry)

    def teach(self, source: TileSet, ctx: RenderContext) -> BoxPainter:
        """How a puzzle works in five steps and the key to the drawings (the first sections
        of the booklet's introduction), then a worked example: a ★ puzzle of this tile set
        with its answer drawn, so that a child can start alone."""
        text = _intro(source, [], ctx.lang)
        head = _split(text)[0]
        example = TomTubePuzzle(puzzle_for(source, 0, "teach", 1), 0, 0, source, ctx.lang,
                                ctx.ink_saver)

        def paint(canvas: Canvas, box: Box) -> None:
            x, y, w, h = box
            shown = min(EXAMPLE_MM, h * 0.4)
            pages = column_painters(head, w, h - shown - 2, figures(source))
            canvas.save()
            canvas.translate(x, y + shown + 2)
            pages[0](canvas)
            canvas.restore()
            label = words(ctx.lang)["example"]
            canvas.text(x, y + shown - 4, label, 10, "bold", INK)
            example.draw_answer(canvas, x, y, w, shown - 7)

        return paint

    def intro(self, source: TileSet, items: Sequence[TomTubePuzzle], ctx: RenderContext,
              width: float, height: float) -> list[Painter]:
        """The difficulty table of this booklet and how the answers were proved."""
        rest = _split(_intro(source, items, ctx.lang))[1]
        return column_painters(rest, width, height, figures(source)) if rest.strip() else []

    def describe(self, source: TileSet, ctx: RenderContext) -> str:
        return words(ctx.lang)["tiles_line"].format(name=source.name)

    def answers_per_page(self, source: TileSet, width: float, height: float
                         ) -> tuple[int, int]:
        return (1, 2) if height < 240 else (1, 3)

    def cover_art(self, source: TileSet, items: Sequence[TomTubePuzzle], ctx: RenderContext
                  ) -> BoxPainter:
        """The :func:`cover_sample` puzzle's board."""
        sample = cover_sample(items)

        def art(canvas: Canvas, box: Box) -> None:
            x, y, w, h = box
            canvas.rect(x, y, w, h, Style(fill="#FFFFFF"), radius=3)
            mini_board(canvas, x + 3, y + 3, w - 6, h - 6, sample.position, source,
                       ctx.ink_saver, names=None)

        return art

    def key_legend(self, ctx: RenderContext) -> str:
        return words(ctx.lang)["key_legend"]

    def web_howto(self, ctx: RenderContext) -> Sequence[str]:
        """The teaching page's own words (the booklet introduction's first section, "How
        these puzzles work"), as plain paragraphs: a bullet each."""
        text = _intro_words(ctx.lang)
        first = text[:starts[1]] if len(starts := [m.start() for m in _HEADING.finditer(text)]
                                          ) > 1 else text
        out = []
        for line in first.splitlines():
            line = re.sub(r"^(?:- |[0-9]+\. )", "", line.strip())
            if line and not line.startswith("#"):
                out.append(line.replace("**", ""))
        return out


def tiles_to_mapping(tiles: TileSet) -> dict[str, Any]:
    """The tile set as its file's tables (``tiles_from_mapping`` reads it back)."""
    return {"name": tiles.name,
            "rhombs": [{"id": t, **{k: (c or "") for k, c in zip(CORNERS, tiles[t].corners,
                                                                 strict=True)},
                        "cross": tiles[t].cross} for t in tiles.ids()]}


TECHNIQUE_WORDS = {
    "en": {"walk": "walk", "jump": "jump", "fetch": "fetch a solar counter",
           "ride": "ride another colour", "detour": "pay with a detour",
           "exchange": "exchange an alien", "any": "any number"},
    "de": {"walk": "treiben", "jump": "springen", "fetch": "einen Solarmarker holen",
           "ride": "andere Farben fahren", "detour": "mit einem Umweg bezahlen",
           "exchange": "einen Alien tauschen", "any": "beliebig viele"},
}
"""The human-model solver's techniques (:mod:`~spacebowl_print.games.tomtube.solve.tiers`)
in each language of the booklets."""


def _intro(tiles: TileSet, puzzles: Sequence[TomTubePuzzle], lang: str) -> str:
    """The booklet's introduction (``templates/tomtube/booklet-<lang>.md.j2``) with the
    human-model solver's tiers and the answer lengths, first moves, decoys and solar
    counters to fetch counted over ``puzzles``."""
    names = TECHNIQUE_WORDS[lang]
    rules = [{"stars": "★" * t,
              "new": ", ".join(names[k] for k in TECHNIQUES if TECHNIQUE_TIER[k] == t),
              "horizon": HORIZON[t],
              "cap": names["any"] if DECOY_CAP[t] is None else DECOY_CAP[t]} for t in TIERS]
    lengths = sorted({p.moves for p in puzzles})
    tiers = []
    for t in range(1, 6):
        mine = [p for p in puzzles if p.tier == t]
        if not mine:
            continue
        moves = sorted({p.moves for p in mine})
        dec = [p.decoys for p in mine]
        first = [p.first_moves for p in mine]
        tiers.append({"stars": "★" * t, "count": len(mine),
                      "moves": _span(moves[0], moves[-1]),
                      "first": _span(min(first), max(first)),
                      "decoys": _span(min(dec), max(dec)),
                      "pickups": sum(p.fetches for p in mine)})
    template = template_environment().get_template(f"tomtube/booklet-{lang}.md.j2")
    return template.render(
        lengths=[{"moves": n, "count": sum(1 for p in puzzles if p.moves == n)}
                 for n in lengths], tiers=tiers, rules=rules)


def _intro_words(lang: str) -> str:
    """The booklet introduction's text without any puzzle counted (its first section does not
    count them)."""
    template = template_environment().get_template(f"tomtube/booklet-{lang}.md.j2")
    return template.render(lengths=[], tiers=[], rules=[])


def _split(text: str) -> tuple[str, str]:
    """(how the puzzles work and the key, the rest): the introduction cut before its third
    heading."""
    starts = [m.start() for m in _HEADING.finditer(text)]
    if len(starts) < 3:
        return text, ""
    return text[:starts[2]], text[starts[2]:]


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"


PUZZLES: PuzzleKind[TilesChoice, TileSet, TomTubePuzzle] = TomTubePuzzles()
"""The puzzles :data:`spacebowl_print.games.tomtube.GAME` names (typed: mypy checks the kind
against the contract)."""

__all__ = ["PUZZLES", "TomTubePuzzles"]
