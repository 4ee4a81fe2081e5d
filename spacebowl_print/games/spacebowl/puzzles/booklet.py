"""Space Bowl's side of puzzle booklets and classroom sets: the game object the generic
publisher (:mod:`spacebowl_print.publish.booklet`) takes, and the two builders the CLI calls."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print import __version__
from spacebowl_print.core.templates import template_environment
from spacebowl_print.games.spacebowl.art.rules import figures
from spacebowl_print.games.spacebowl.model import Deck, InputError
from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles, student_sets
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.games.spacebowl.puzzles.verify import deck_digest, verify_puzzle_entry
from spacebowl_print.games.spacebowl.puzzles.words import WORDS, check_lang
from spacebowl_print.publish import booklet as pub
from spacebowl_print.render.api import Page
from spacebowl_print.render.flow import column_pages

INTRO_MARGIN = 11.0


class SpaceBowlPuzzleGame:
    """The :class:`~spacebowl_print.publish.booklet.PuzzleGame` of Space Bowl."""

    def __init__(self, deck: Deck, lang: str) -> None:
        self.deck, self.lang = deck, check_lang(lang)

    def words(self) -> Mapping[str, str]:
        return WORDS[self.lang]

    def intro_text(self, puzzles: Sequence[SpaceBowlPuzzle]) -> str:
        """The introduction (how to solve, the tiers and their measured features), rendered
        from ``templates/booklet-<lang>.md.j2``."""
        rows = []
        for tier, spec in TIERS.items():
            mine = [p.features() for p in puzzles if p.tier == tier]
            rows.append({
                "tier": tier,
                "stars": "★" * tier,
                "marbles": "–".join(str(m) for m in (min(spec.marbles), max(spec.marbles)))
                if len(set(spec.marbles)) > 1 else str(spec.marbles[0]),
                "black_hole": round(100 * spec.black_hole),
                "variants": sorted({v for vs in spec.variants for v in vs}),
                "solutions": "–".join(str(k) for k in (min(spec.solutions),
                                                       max(spec.solutions))),
                "near": (f"{spec.near_misses[0]}–{spec.near_misses[1]}"
                         if spec.near_misses[1] < 99 else f"≥ {spec.near_misses[0]}"),
                "decoys": spec.decoys,
                "learning": spec.learning,
                "count": len(mine),
            })
        template = template_environment().get_template(f"spacebowl/booklet-{self.lang}.md.j2")
        return template.render(tiers=rows, words=WORDS[self.lang])

    def front_matter(self, page_size: tuple[float, float],
                     puzzles: Sequence[SpaceBowlPuzzle] = ()) -> list[Page]:
        return column_pages(self.intro_text(puzzles), page_size, INTRO_MARGIN, figures(self.deck))

    def verify(self, entry: Mapping[str, Any]) -> str | None:
        return verify_puzzle_entry(entry, self.deck)


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote and measured."""

    files: list[Path]
    puzzles: int
    pages: int
    no_solution_share: float
    variants_seen: list[str]


def _header(deck: Deck, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """What made the booklet: deck (name and content digest), seed, options, tool version."""
    return {"deck": deck.name, "seed": seed, "deck_sha256": deck_digest(deck),
            "options": dict(options), "tool": f"spacebowl_print {__version__}"}


def build_booklet(deck: Deck, out_dir: Path, days: int = 365,
                  start: dt.date = dt.date(2027, 1, 1), tiers: tuple[int, int] = (1, 5),
                  paper: str = "a5", imposition: pub.Imposition = "none", lang: str = "en",
                  seed: int = 1, advance: Callable[[int], None] = lambda k: None
                  ) -> BuildReport:
    """Generate ``days`` daily puzzles, verify every answer, and write ``booklet.pdf`` and
    ``manifest.json`` into ``out_dir`` (all or nothing)."""
    if days < 1:
        raise InputError("must be at least 1", "--days")
    game = SpaceBowlPuzzleGame(deck, lang)
    words = game.words()
    puzzles = daily_puzzles(deck, start, days, seed, tiers, lang, advance)
    entries = pub.verify_all(game, puzzles)  # aborts before anything is written
    page_size, sheet = pub.page_and_sheet(paper, imposition)
    end = start + dt.timedelta(days=days - 1)
    title = {"en": "Space Bowl — Daily Puzzles", "fr": "Space Bowl — Énigmes du jour",
             "de": "Space Bowl — Tagesrätsel"}[lang]
    span = f"{pub.long_date(start, lang)} – {pub.long_date(end, lang)}"
    pages: list[Page] = [pub.title_page(page_size, title, span, [
        f"{len(puzzles)} × {words['puzzle']}", f"Deck: {deck.title}", f"seed {seed}"])]
    pages += game.front_matter(page_size, puzzles)
    first = len(pages) + 1
    for k, p in enumerate(puzzles):
        heading = f"{words['puzzle']} {p.number} · {pub.long_date(p.date or start, lang)}"
        pages.append(pub.puzzle_page(page_size, p, heading, words, first + k))
    pages += pub.answer_pages(page_size, puzzles,
                              lambda p, i: f"{words['puzzle']} {i + 1} · {p.id}", words,
                              len(pages) + 1)
    options = {"days": days, "start": start.isoformat(), "tiers": list(tiers), "paper": paper,
               "imposition": imposition, "lang": lang}
    data = pub.manifest("spacebowl", title, _header(deck, seed, options), entries)
    files = pub.write_sealed(out_dir, data, {
        "booklet.pdf": lambda subject: pub.render_pages(pages, page_size, sheet, title, subject),
    })
    return _report(files, puzzles, len(pages))


def build_classroom(deck: Deck, out_dir: Path, students: int, puzzles: int,
                    tier: int | None = None, paper: str = "a4", lang: str = "en",
                    seed: int = 1, advance: Callable[[int], None] = lambda k: None
                    ) -> BuildReport:
    """One worksheet per student (a code on each), distinct puzzles with the same tier mix,
    a teacher's key by code, and ``manifest.json``; written all or nothing."""
    if students < 1 or puzzles < 1:
        raise InputError("need at least one student and one puzzle", "--students")
    game = SpaceBowlPuzzleGame(deck, lang)
    words = game.words()
    sets = student_sets(deck, students, puzzles, seed, tier, lang, advance)
    everyone = [p for _, sheet in sets for p in sheet]
    entries = pub.verify_all(game, everyone)
    page_size, _ = pub.page_and_sheet(paper, "none")
    sheets: list[Page] = []
    for code, sheet in sets:
        for k, p in enumerate(sheet):
            heading = f"{words['code']} {code} · {words['puzzle']} {k + 1}/{len(sheet)}"
            sheets.append(pub.puzzle_page(page_size, p, heading, words, len(sheets) + 1))
    key: list[Page] = []
    for code, sheet in sets:
        key += pub.answer_pages(page_size, sheet, _sheet_label(code, words["puzzle"]), words,
                                len(key) + 1)
    title = {"en": "Space Bowl — Classroom set", "fr": "Space Bowl — Série pour la classe",
             "de": "Space Bowl — Klassensatz"}[lang]
    options = {"students": students, "puzzles": puzzles, "tier": tier, "paper": paper,
               "lang": lang}
    header = {**_header(deck, seed, options), "students": [c for c, _ in sets]}
    data = pub.manifest("spacebowl", title, header, entries)
    files = pub.write_sealed(out_dir, data, {
        "worksheets.pdf": lambda subject: pub.render_pages(sheets, page_size, None, title, subject),
        "teacher-key.pdf": lambda subject: pub.render_pages(key, page_size, None, title, subject),
    })
    return _report(files, everyone, len(sheets) + len(key))


def _sheet_label(code: str, word: str) -> Callable[[Any, int], str]:
    """Answer-box labels of one student's sheet: ``CODE · Puzzle N``."""
    return lambda puzzle, i: f"{code} · {word} {i + 1}"


def _report(files: list[Path], puzzles: Sequence[SpaceBowlPuzzle], pages: int) -> BuildReport:
    none = sum(1 for p in puzzles if not p.solutions) / max(len(puzzles), 1)
    seen = sorted({v for p in puzzles for v in p.variant_names}
                  | ({"black_hole"} if any(p.toss.black_hole for p in puzzles) else set()))
    return BuildReport(files, len(puzzles), pages, none, seen)
