"""Space Bowl's side of puzzle booklets, print-on-demand books and classroom sets: the game
object the generic publisher (:mod:`spacebowl_print.publish.booklet`) takes, and the builders
the CLI calls."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from spacebowl_print import __version__
from spacebowl_print.core.languages import long_date
from spacebowl_print.core.templates import template_environment
from spacebowl_print.games.spacebowl.art.minigalaxy import draw_galaxy
from spacebowl_print.games.spacebowl.art.rules import figures
from spacebowl_print.games.spacebowl.model import Deck, InputError
from spacebowl_print.games.spacebowl.puzzles.classroom import classroom_pages, teacher_key
from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles, student_sets
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle
from spacebowl_print.games.spacebowl.puzzles.texts import WORDS, check_lang
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.games.spacebowl.puzzles.verify import deck_digest, verify_puzzle_entry
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish import pod
from spacebowl_print.render.api import Box, BoxedPage, Canvas, DrawnPage, Page, PdfOptions, Style
from spacebowl_print.render.flow import column_painters
from spacebowl_print.render.greyscale import greyscale
from spacebowl_print.render.pdf import pdf_bytes

TITLES = {"en": "Space Bowl — Daily Puzzles", "fr": "Space Bowl — Énigmes du jour",
          "de": "Space Bowl — Tagesrätsel"}
CLASS_TITLES = {"en": "Space Bowl — Classroom set", "fr": "Space Bowl — Série pour la classe",
                "de": "Space Bowl — Klassensatz"}


class SpaceBowlPuzzleGame:
    """The :class:`~spacebowl_print.publish.booklet.PuzzleGame` of Space Bowl, with its front
    matter in the booklet's language."""

    def __init__(self, deck: Deck, lang: str) -> None:
        self.deck, self.lang = deck, check_lang(lang)

    def intro_text(self, puzzles: Sequence[SpaceBowlPuzzle]) -> str:
        """The introduction (how to solve, the tiers and their measured features), rendered
        from ``templates/spacebowl/booklet-<lang>.md.j2``."""
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

    def front_matter(self, layout: pub.Layout, puzzles: Sequence[SpaceBowlPuzzle]
                     ) -> list[pub.PageFn]:
        """The introduction, set in the content area of the layout's pages."""
        probe = pod.frame(layout.trim, 1, 100, layout.bleed, layout.margin)
        _, _, w, h = probe.content
        return pub.text_pages(column_painters(self.intro_text(puzzles), w, h,
                                              figures(self.deck)))

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


@dataclass(frozen=True)
class BookletRequest:
    """Everything ``spacebowl booklet`` lets the user choose.

    Home printing: ``paper`` pages (a5, a4, letter), optionally imposed two to a sheet for
    saddle stitching. Print-on-demand (any of ``trim``, ``bleed``, ``cover``): pages of
    ``trim`` (default ``paper``), perfect bound (at least 24 pages, an even count), mirrored
    margins with the gutter for the page count, art to the bleed edge with ``bleed``, and
    ``cover.pdf`` for ``paper_stock`` with ``cover``. ``greyscale`` prints every colour as the
    grey a photocopier makes of it.
    """

    days: int = 365
    start: dt.date = dt.date(2027, 1, 1)
    tiers: tuple[int, int] = (1, 5)
    paper: str = "a5"
    imposition: pub.Imposition = "none"
    trim: str | None = None
    bleed: bool = False
    cover: bool = False
    paper_stock: str = "white"
    lang: str = "en"
    seed: int = 1
    greyscale: bool = False

    @property
    def print_on_demand(self) -> bool:
        return self.trim is not None or self.bleed or self.cover

    def layout(self) -> pub.Layout:
        """The page layout, or an :class:`InputError` naming the option that conflicts."""
        if not self.print_on_demand:
            return pub.home_layout(self.paper, self.imposition)
        if self.imposition == "saddle":
            raise InputError("saddle imposition is for home printing; a print-on-demand book "
                             "(--trim, --bleed or --cover) is perfect bound", "imposition")
        layout = pub.Layout(pod.parse_trim(self.trim or self.paper), self.bleed, "perfect")
        cols, rows = pub.answers_per_page(layout.trim)
        pages = 3 + self.days + -(-self.days // (cols * rows))  # title, introduction, key
        if pages > pod.MAX_PAGES:
            raise InputError(f"a print-on-demand book has at most {pod.MAX_PAGES} pages; "
                             f"{self.days} days make about {pages} (make two volumes)", "days")
        return layout

    def manifest_options(self) -> dict[str, Any]:
        out = asdict(self)
        out["start"] = self.start.isoformat()
        out["tiers"] = list(self.tiers)
        return out


def _header(deck: Deck, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """What made the booklet: deck (name and content digest), seed, options, tool version."""
    return {"deck": deck.name, "seed": seed, "deck_sha256": deck_digest(deck),
            "options": dict(options), "tool": f"spacebowl_print {__version__}"}


def _grey_pages(pages: list[Page], grey: bool) -> list[Page]:
    if not grey:
        return pages
    out: list[Page] = []
    for page in pages:
        drawn = DrawnPage(page.width, page.height, greyscale(page.draw))
        out.append(BoxedPage(drawn, page.trim, page.bleed) if isinstance(page, BoxedPage)
                   else drawn)
    return out


def booklet_page_fns(game: SpaceBowlPuzzleGame, layout: pub.Layout, req: BookletRequest,
                     puzzles: Sequence[SpaceBowlPuzzle], title: str, span: str
                     ) -> list[pub.PageFn]:
    """Title page, introduction, one puzzle a page, the answer key."""
    words = WORDS[req.lang]
    fns = [pub.title_page(title, span, [
        words["n_puzzles"].format(n=len(puzzles)),
        words["deck_line"].format(title=game.deck.title),
        words["seed_line"].format(seed=req.seed)])]
    fns += game.front_matter(layout, puzzles)
    for p in puzzles:
        heading = f"{words['puzzle']} {p.number} · {long_date(p.date or req.start, req.lang)}"
        fns.append(pub.puzzle_page([(p, heading)], words))
    fns += pub.answer_pages(puzzles, lambda p, i: f"{words['puzzle']} {i + 1} · {p.id}", words,
                            pub.answers_per_page(layout.trim))
    return fns


def build_booklet(deck: Deck, out_dir: Path, req: BookletRequest,
                  advance: Callable[[int], None] = lambda k: None) -> BuildReport:
    """Generate ``req.days`` daily puzzles, verify every answer, and write ``booklet.pdf``
    (and ``cover.pdf`` when asked) with ``manifest.json`` into ``out_dir``, all or nothing."""
    if req.days < 1:
        raise InputError("must be at least 1", "days")
    lang = check_lang(req.lang)
    layout = req.layout()  # refuse a bad combination before minutes of work
    game = SpaceBowlPuzzleGame(deck, lang)
    puzzles = daily_puzzles(deck, req.start, req.days, req.seed, req.tiers, lang, advance)
    entries = pub.verify_all(game, puzzles)  # aborts before anything is written
    title = TITLES[lang]
    end = req.start + dt.timedelta(days=req.days - 1)
    span = f"{long_date(req.start, lang)} – {long_date(end, lang)}"
    pages = _grey_pages(pub.compose(layout, booklet_page_fns(game, layout, req, puzzles,
                                                             title, span)), req.greyscale)
    data = pub.manifest("spacebowl", title, _header(deck, req.seed, req.manifest_options()),
                        entries)
    documents = {"booklet.pdf": lambda subject: pub.render_pages(layout, pages, title, subject)}
    if req.cover:
        cover = _cover(deck, layout, len(pages), req, puzzles, title, span)
        documents["cover.pdf"] = lambda subject: pdf_bytes(
            [cover], PdfOptions(title=f"{title} — cover", subject=subject))
    files = pub.write_sealed(out_dir, data, documents)
    return _report(files, puzzles, len(pages))


def _cover(deck: Deck, layout: pub.Layout, pages: int, req: BookletRequest,
           puzzles: Sequence[SpaceBowlPuzzle], title: str, span: str) -> Page:
    """The one-sheet cover: the title, the dates, a sample galaxy on the front; the blurb on
    the back; the title on the spine (from 79 pages)."""
    words = WORDS[req.lang]
    end = req.start + dt.timedelta(days=req.days - 1)
    blurb = words["blurb"].format(n=len(puzzles), start=long_date(req.start, req.lang),
                                  end=long_date(end, req.lang))
    sample = puzzles[min(len(puzzles) - 1, 6)]  # a Sunday's galaxy when there is one

    def art(canvas: Canvas, box: Box) -> None:
        x, y, w, h = box
        canvas.rect(x, y, w, h, Style(fill="#1B2347"), radius=3)
        draw_galaxy(canvas, deck, sample.galaxy, x + 4, y + 4, w - 8, h - 8, compact=True)

    page = pod.cover_page(layout.trim, pages, req.paper_stock, title, span, blurb,
                          title, art, lang=req.lang)
    return _grey_pages([page], req.greyscale)[0]


@dataclass(frozen=True)
class ClassroomRequest:
    """Everything ``spacebowl classroom`` lets the user choose."""

    students: int
    puzzles: int
    tier: int | None = None
    paper: str = "a4"
    lang: str = "en"
    seed: int = 1
    greyscale: bool = False


def build_classroom(deck: Deck, out_dir: Path, req: ClassroomRequest,
                    advance: Callable[[int], None] = lambda k: None) -> BuildReport:
    """A first page a child can follow alone, one worksheet per student (a code, name and
    date lines, answer lines), distinct puzzles with the same tier mix, a one-page teacher's
    key by code, and ``manifest.json``; written all or nothing."""
    if req.students < 1 or req.puzzles < 1:
        raise InputError("need at least one student and one puzzle", "students")
    lang = check_lang(req.lang)
    game = SpaceBowlPuzzleGame(deck, lang)
    sets = student_sets(deck, req.students, req.puzzles, req.seed, req.tier, lang, advance)
    everyone = [p for _, sheet in sets for p in sheet]
    entries = pub.verify_all(game, everyone)
    layout = pub.home_layout(req.paper, "none")
    sheets = _grey_pages(pub.compose(layout, classroom_pages(deck, layout, sets, lang,
                                                             req.seed)), req.greyscale)
    key = _grey_pages(pub.compose(layout, teacher_key(sets, lang, layout)), req.greyscale)
    title = CLASS_TITLES[lang]
    options = asdict(req)
    header = {**_header(deck, req.seed, options), "students": [c for c, _ in sets]}
    data = pub.manifest("spacebowl", title, header, entries)
    files = pub.write_sealed(out_dir, data, {
        "worksheets.pdf": lambda subject: pub.render_pages(layout, sheets, title, subject),
        "teacher-key.pdf": lambda subject: pub.render_pages(layout, key, title, subject),
    })
    return _report(files, everyone, len(sheets) + len(key))


def _report(files: list[Path], puzzles: Sequence[SpaceBowlPuzzle], pages: int) -> BuildReport:
    none = sum(1 for p in puzzles if not p.solutions) / max(len(puzzles), 1)
    seen = sorted({v for p in puzzles for v in p.variant_names}
                  | ({"black_hole"} if any(p.toss.black_hole for p in puzzles) else set()))
    return BuildReport(files, len(puzzles), pages, none, seen)
