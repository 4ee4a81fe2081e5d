"""What a user asks of each publication, parsed and checked once, at the edge.

The command line turns its options into one of these requests; making a request checks
every value and every combination (a bad ``--trim``, ``--isbn``, ``--days`` or language is
one line naming the option, before a single puzzle is made), and derives once what the
builders need (the book's :class:`~spacebowl_print.publish.layout.Layout`, the puzzles'
slots). The builders — :func:`~spacebowl_print.publish.kit.build_kit`,
:func:`~spacebowl_print.publish.book.build_book`,
:func:`~spacebowl_print.publish.classroom.build_classroom`,
:func:`~spacebowl_print.publish.site.build_site` — trust a request and check nothing again.

Every request carries a :class:`Run`: the game, its own options (the object its kind's
``Options`` made from the command line), the :class:`~spacebowl_print.publish.kinds.
RenderContext`, the seed, the processes and ``--force``. Nothing here imports a drawing
library.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.bookinfo import BookInfo
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.publish.layout import (
    MAX_PAGES,
    STOCK_IN_PER_PAGE,
    Imposition,
    Layout,
    home_layout,
    parse_trim,
)
from spacebowl_print.publish.limits import (
    BOOK_PAPERS,
    CLASS_PAPERS,
    DEFAULT_DPI,
    MAX_DPI,
    MAX_PUZZLES,
    MAX_STUDENTS,
    MIN_DPI,
)
from spacebowl_print.publish.schedule import Slot, daily_slots
from spacebowl_print.publish.table import Game


@dataclass(frozen=True)
class Run:
    """What every publication of one game shares: the ``game``, its own ``options`` (the
    object its kit's or puzzle kind's ``Options`` made from the command line, checked
    there), how everything is drawn (``ctx``: the language among the game's, ink saver,
    greyscale, paper, the game's words), the ``seed``, the ``jobs`` (processes) a run may
    use and ``force`` (replace an output folder another command or game wrote)."""

    game: Game
    options: Any
    ctx: RenderContext
    seed: int = 1
    jobs: int = 1
    force: bool = False

    def __post_init__(self) -> None:
        if self.ctx.lang not in self.game.languages:
            raise InputError(f"unknown language {self.ctx.lang[:20]!r} (one of "
                             f"{', '.join(self.game.languages)})", "lang")
        if self.seed < 0:
            raise InputError(f"must be ≥ 0, got {self.seed}", "seed")
        if self.jobs < 1:
            raise InputError(f"must be at least 1, got {self.jobs}", "jobs")

    def kind_of(self, command: str) -> str:
        """What an output folder records it holds: ``"hubble booklet"``."""
        return f"{self.game.id} {command}"


@dataclass(frozen=True)
class KitRequest:
    """A print-and-play kit: ``langs`` (the first labels the pieces and the cover, and is
    the context's language; each gets a rule summary), the paper (the context's, one the
    game's kit lays out on), ``png_dpi`` (a PNG of every face and back at that resolution,
    or None) and ``tts`` (Tabletop Simulator sheets)."""

    run: Run
    langs: tuple[str, ...]
    png_dpi: int | None = None
    tts: bool = False

    def __post_init__(self) -> None:
        spec = self.run.game.kit
        if spec is None:
            raise InputError(f"{self.run.game.title} has no print-and-play kit", "game")
        if self.run.ctx.paper not in spec.papers:
            raise InputError(f"must be one of {', '.join(spec.papers)}, got "
                             f"{self.run.ctx.paper[:20]!r}", "paper")
        if not self.langs:
            raise InputError("at least one language is needed", "lang")
        for lang in self.langs:
            if lang not in self.run.game.languages:
                raise InputError(f"unknown language {lang[:20]!r} (one of "
                                 f"{', '.join(self.run.game.languages)})", "lang")
        if self.langs[0] != self.run.ctx.lang:
            raise InputError("the kit's first language is the context's", "lang")
        if self.png_dpi is not None:
            png_resolution(True, self.png_dpi)


def png_resolution(png: bool, dpi: int | None) -> int | None:
    """A kit's ``png_dpi`` from ``--png`` and ``--dpi``: ``dpi`` (default
    :data:`~spacebowl_print.publish.limits.DEFAULT_DPI`) with ``--png``, None without; an
    :class:`InputError` at ``--dpi`` for a resolution without ``--png`` (it would be silently
    ignored) or out of range."""
    if dpi is not None and not png:
        raise InputError("only sets the resolution of the --png pictures: add --png", "--dpi")
    if not png:
        return None
    dpi = DEFAULT_DPI if dpi is None else dpi
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise InputError(f"must be from {MIN_DPI} to {MAX_DPI} dots per inch, got {dpi}",
                         "--dpi")
    return dpi


def _most(run: Run) -> int:
    spec = run.game.puzzles
    if spec is None:
        raise InputError(f"{run.game.title} publishes no puzzles", "game")
    return spec.max_puzzles


@dataclass(frozen=True)
class BookRequest:
    """A booklet or print-on-demand book (besides the game's own options, in ``run``).

    Home printing: ``paper`` pages (a5, a4, letter), optionally imposed two to a sheet for
    saddle stitching. Print-on-demand (any of ``trim``, ``bleed``, ``cover``): pages of
    ``trim`` (default ``paper``), perfect bound (at least 24 pages, an even count), mirrored
    margins with the gutter for the page count, art to the bleed edge with ``bleed``, and
    ``cover.pdf`` for ``paper_stock`` with ``cover``. ``info`` is the publisher's title,
    author, ISBN… (the game's defaults where empty). ``layout`` and ``slots`` are derived
    when the request is made.
    """

    run: Run
    days: int = 7
    start: dt.date = dt.date(2027, 1, 1)
    tiers: tuple[int, int] = (1, 5)
    paper: str = "a5"
    imposition: Imposition = "none"
    trim: str | None = None
    bleed: bool = False
    cover: bool = False
    paper_stock: str = "white"
    info: BookInfo = field(default_factory=BookInfo)
    layout: Layout = field(init=False)
    slots: tuple[Slot, ...] = field(init=False)

    def __post_init__(self) -> None:
        most = _most(self.run)
        if not 1 <= self.days <= most:
            raise InputError(f"must be 1 to {most}, got {self.days}", "days")
        self.info.checked()
        if self.paper not in BOOK_PAPERS:
            raise InputError(f"must be one of {', '.join(BOOK_PAPERS)}", "paper")
        if self.paper_stock not in STOCK_IN_PER_PAGE:
            raise InputError(f"must be one of {', '.join(STOCK_IN_PER_PAGE)}", "paper_stock")
        object.__setattr__(self, "layout", self._layout())
        object.__setattr__(self, "slots", tuple(daily_slots(self.start, self.days,
                                                            self.tiers)))

    @property
    def print_on_demand(self) -> bool:
        return self.trim is not None or self.bleed or self.cover

    def _layout(self) -> Layout:
        if not self.print_on_demand:
            return home_layout(self.paper, self.imposition)
        if self.imposition == "saddle":
            raise InputError("saddle imposition is for home printing; a print-on-demand book "
                             "(--trim, --bleed or --cover) is perfect bound", "imposition")
        layout = Layout(parse_trim(self.trim or self.paper), self.bleed, "perfect")
        pages = 4 + self.days + -(-self.days // 2)  # front matter, puzzles, the longest key
        if pages > MAX_PAGES:
            raise InputError(f"a print-on-demand book has at most {MAX_PAGES} pages; "
                             f"{self.days} days make about {pages} (make two volumes)", "days")
        return layout

    def options(self) -> dict[str, Any]:
        """The request as the manifest records it."""
        return {"days": self.days, "start": self.start.isoformat(), "tiers": list(self.tiers),
                "paper": self.paper, "imposition": self.imposition, "trim": self.trim,
                "bleed": self.bleed, "cover": self.cover, "paper_stock": self.paper_stock}


@dataclass(frozen=True)
class ClassRequest:
    """A classroom set: ``students`` worksheets of ``puzzles`` puzzles each, one ``tier``
    for all (None: tiers 1–5 in turn), on ``paper``; ``same`` gives every student the same
    puzzles (a class working through them together)."""

    run: Run
    students: int
    puzzles: int
    tier: int | None = None
    paper: str = "a4"
    same: bool = False
    layout: Layout = field(init=False)

    def __post_init__(self) -> None:
        if not 1 <= self.students <= MAX_STUDENTS:
            raise InputError(f"must be 1 to {MAX_STUDENTS}, got {self.students}", "students")
        if not 1 <= self.puzzles <= MAX_PUZZLES:
            raise InputError(f"must be 1 to {MAX_PUZZLES}, got {self.puzzles}", "puzzles")
        if self.tier is not None and not 1 <= self.tier <= 5:
            raise InputError(f"must be 1 to 5, got {self.tier}", "tier")
        if self.paper not in CLASS_PAPERS:
            raise InputError(f"must be one of {', '.join(CLASS_PAPERS)}", "paper")
        most = _most(self.run)
        if self.made > most:
            raise InputError(f"{self.students} students × {self.puzzles} puzzles is {self.made}; "
                             f"at most {most} puzzles a set (make two sets)", "students")
        object.__setattr__(self, "layout", home_layout(self.paper, "none"))

    @property
    def made(self) -> int:
        """Puzzles the set needs made: one set for the class with ``same``, else one per
        student."""
        return self.puzzles if self.same else self.students * self.puzzles

    @property
    def tiers(self) -> list[int]:
        """The tiers the set's puzzles come from."""
        return [self.tier] if self.tier else list(range(1, 6))

    def options(self) -> dict[str, Any]:
        return {"students": self.students, "puzzles": self.puzzles, "tier": self.tier,
                "paper": self.paper, "same": self.same}


@dataclass(frozen=True)
class SiteRequest:
    """A daily web site: ``days`` pages from ``start``, tiers within ``tiers`` following the
    weekly ramp (``slots`` derived when the request is made)."""

    run: Run
    days: int = 7
    start: dt.date = dt.date(2027, 1, 1)
    tiers: tuple[int, int] = (1, 5)
    slots: tuple[Slot, ...] = field(init=False)

    def __post_init__(self) -> None:
        most = _most(self.run)
        if not 1 <= self.days <= most:
            raise InputError(f"must be 1 to {most}, got {self.days}", "days")
        object.__setattr__(self, "slots", tuple(daily_slots(self.start, self.days,
                                                            self.tiers)))

    def options(self) -> dict[str, Any]:
        return {"days": self.days, "start": self.start.isoformat(), "tiers": list(self.tiers),
                "site": True}


__all__ = ["BOOK_PAPERS", "CLASS_PAPERS", "BookRequest", "ClassRequest", "KitRequest", "Run",
           "SiteRequest", "png_resolution"]
