"""The "way home" booklet: puzzles from the engine's generator (``solve.puzzles.generate``),
each re-proved by the engine's independent verifier (``solve.puzzles.verify_entry``) before
anything is written, then a title page, an introduction (how to solve, a key to the drawings,
the answer lengths and tiers of *this* booklet), one puzzle a page, and the answer key.
``booklet.pdf`` is sealed with ``manifest.json`` (:func:`publish.booklet.write_sealed`), so
``spacebowl check`` proves both the answers and the files.

Manifest: ``{"game": "tomtube", "title", "seed", "puzzles": [{"id", "position", "answer":
{"moves", "line"}}], "files"}`` — ids are the puzzle numbers as strings (``"1"``, ``"2"``…),
in booklet order (easiest first: answer length, then tempting first moves).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.templates import template_environment
from spacebowl_print.games.tomtube.art.rules import figures
from spacebowl_print.games.tomtube.art.texts import words
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.puzzles.item import TomTubePuzzle
from spacebowl_print.games.tomtube.solve.puzzles import generate, verify_entry
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish import pod
from spacebowl_print.render.flow import column_painters

PAPERS: tuple[str, ...] = ("a5", "a4", "letter")
MAX_COUNT = 500
"""Puzzles a booklet: 500 take about four minutes to make and prove."""


@dataclass(frozen=True)
class BookletRequest:
    """What ``spacebowl tomtube puzzles`` lets the user choose."""

    count: int
    seed: int = 1
    lang: str = "en"
    paper: str = "a5"
    ink_saver: bool = False

    def check(self) -> BookletRequest:
        """Return self, or raise :class:`InputError` naming the bad option."""
        if not 1 <= self.count <= MAX_COUNT:
            raise InputError(f"must be 1..{MAX_COUNT}, got {self.count}", "count")
        if self.paper not in PAPERS:
            raise InputError(f"must be one of {', '.join(PAPERS)}, got {self.paper!r}",
                             "paper")
        words(self.lang)
        return self


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote and measured: files, puzzles, pages, the answer lengths and
    tiers (value → puzzles), and the generator's figures (candidates tried, boards)."""

    files: list[Path]
    puzzles: int
    pages: int
    lengths: dict[int, int]
    tiers: dict[int, int]
    generated: dict[str, int]


class TomTubeBookletGame:
    """The :class:`~spacebowl_print.publish.booklet.PuzzleGame` of Tom Tube: its independent
    verifier, and the introduction in the booklet's language."""

    def __init__(self, tiles: TileSet, lang: str) -> None:
        self.tiles = tiles
        self.lang = lang

    def verify(self, entry: Mapping[str, Any]) -> str | None:
        return verify_entry(dict(entry), self.tiles)

    def intro_text(self, puzzles: Sequence[TomTubePuzzle]) -> str:
        """The introduction from ``templates/tomtube/booklet-<lang>.md.j2``, with the answer
        lengths and tiers counted over ``puzzles``."""
        lengths = sorted({p.moves for p in puzzles})
        tiers = []
        for t in range(1, 6):
            mine = [p for p in puzzles if p.tier == t]
            if not mine:
                continue
            moves = sorted({p.moves for p in mine})
            dec = [p.decoys for p in mine]
            tiers.append({"stars": "★" * t, "count": len(mine),
                          "moves": _span(moves[0], moves[-1]),
                          "decoys": _span(min(dec), max(dec))})
        template = template_environment().get_template(f"tomtube/booklet-{self.lang}.md.j2")
        return template.render(
            lengths=[{"moves": n, "count": sum(1 for p in puzzles if p.moves == n)}
                     for n in lengths],
            tiers=tiers)


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"


def make_puzzles(tiles: TileSet, req: BookletRequest,
                 advance: Callable[[int], None] = lambda k: None
                 ) -> tuple[list[TomTubePuzzle], dict[str, int]]:
    """``req.count`` puzzles from the engine's generator, numbered in its order (easiest
    first), each with its decoys counted; and the generator's figures."""
    data, figures_ = generate(tiles, req.count, req.seed, advance)
    out = []
    for k, raw in enumerate(data["puzzles"], start=1):
        entry = {"id": str(k), "position": raw["position"], "answer": raw["answer"]}
        out.append(TomTubePuzzle(entry, k, int(raw["decoys"]), tiles, req.lang,
                                 req.ink_saver))
    return out, figures_


def page_fns(game: TomTubeBookletGame, layout: pub.Layout, req: BookletRequest,
             puzzles: Sequence[TomTubePuzzle]) -> list[pub.PageFn]:
    """Title page, introduction, one puzzle a page, the answer key."""
    w = words(req.lang)
    fns = [pub.title_page(w["booklet_title"], w["booklet_sub"].format(n=len(puzzles)),
                          [w["seed_line"].format(seed=req.seed)])]
    _, _, cw, ch = _content(layout)
    fns += pub.text_pages(column_painters(game.intro_text(puzzles), cw, ch,
                                          figures(game.tiles)))
    for p in puzzles:
        fns.append(pub.puzzle_page([(p, f"{w['puzzle']} {p.number}")], w))
    fns += pub.answer_pages(puzzles, lambda p, i: f"{w['puzzle']} {p.id}", w,
                            (1, 2) if layout.trim.height < 240 else (1, 3))
    return fns


def _content(layout: pub.Layout) -> tuple[float, float, float, float]:
    """The content box of a right-hand page (left-hand pages are as wide, the gutter on
    the other side)."""
    return pod.frame(layout.trim, 1, 24, layout.bleed, layout.margin).content


def build_booklet(tiles: TileSet, out_dir: Path, req: BookletRequest,
                  advance: Callable[[int], None] = lambda k: None) -> BuildReport:
    """Generate, prove and publish ``req.count`` puzzles into ``out_dir``: ``booklet.pdf``
    and ``manifest.json``, all or nothing. ``advance`` is called once per puzzle made and
    once per puzzle proved. Raises :class:`~publish.booklet.VerificationError` (nothing
    written) if the independent verifier disagrees with any answer."""
    req.check()
    layout = pub.home_layout(req.paper, "none")
    game = TomTubeBookletGame(tiles, req.lang)
    puzzles, generated = make_puzzles(tiles, req, advance)

    class _Counting:
        def verify(self, entry: Mapping[str, Any]) -> str | None:
            problem = game.verify(entry)
            advance(1)
            return problem

    entries = pub.verify_all(_Counting(), puzzles)
    title = words(req.lang)["booklet_title"]
    pages = pub.compose(layout, page_fns(game, layout, req, puzzles))
    data = pub.manifest("tomtube", title, {"seed": req.seed}, entries)
    files = pub.write_sealed(out_dir, data, {
        "booklet.pdf": lambda subject: pub.render_pages(layout, pages, title, subject)})
    lengths: dict[int, int] = {}
    tiers: dict[int, int] = {}
    for p in puzzles:
        lengths[p.moves] = lengths.get(p.moves, 0) + 1
        tiers[p.tier] = tiers.get(p.tier, 0) + 1
    return BuildReport(files, len(puzzles), len(pages), dict(sorted(lengths.items())),
                       dict(sorted(tiers.items())), generated)


__all__ = ["MAX_COUNT", "PAPERS", "BookletRequest", "BuildReport", "TomTubeBookletGame",
           "build_booklet", "make_puzzles", "page_fns"]
