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
from spacebowl_print.publish.press import (
    BOOK_PRESSES,
    CARD_SERVICES,
    BookPress,
    book_press,
    card_service,
)
from spacebowl_print.publish.schedule import Slot, daily_slots, undated_slots
from spacebowl_print.publish.table import Game

PRESS_TRIM = "6x9in"
"""A press book's trim when ``--trim`` is not given: the most common trade paperback."""


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
    service: str | None = None

    def __post_init__(self) -> None:
        spec = self.run.game.kit
        if spec is None:
            raise InputError(f"{self.run.game.title} has no print-and-play kit", "game")
        if self.service is not None:
            self._check_service(spec.die_cut)
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

    def _check_service(self, die_cut: str) -> None:
        if self.service not in CARD_SERVICES:
            raise InputError(f"must be one of {', '.join(CARD_SERVICES)}, got "
                             f"{str(self.service)[:20]!r}", "--service")
        if self.png_dpi is None:
            raise InputError("writes the shop's pictures with the kit's PNGs: add --png",
                             "--service")
        if die_cut:
            name = card_service(self.service).name
            raise InputError(f"{self.run.game.title}'s {die_cut} are die-cut, and {name} "
                             f"prints rectangular cards only (no punch-out product): print "
                             f"them from the kit's sheets", "--service")


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

    Home printing (``press`` ``home``, the default without print-on-demand options):
    ``paper`` pages (a5, a4, letter), optionally imposed two to a sheet for saddle stitching.
    A press book (``press`` ``kdp``, ``ingramspark`` or ``lulu``; any of ``trim``, ``bleed``,
    ``cover`` without a press means ``kdp``, whose figures are the project's print-on-demand
    spec): pages of ``trim`` (default :data:`PRESS_TRIM`), perfect bound (at least the press's
    page count, an even count), mirrored margins with the press's gutter for the page count,
    page numbers inside its safe area, text never under its smallest size, art to the bleed
    edge with ``bleed``, ``cover.pdf`` (and ``cover-guides.pdf``) for ``paper_stock`` with
    ``cover``; PDF/X-1a where the press asks for it or ``pdfx``. ``undated``: puzzles
    numbered 1…N from easy to hard, no date printed. ``colophon``: a last page with the tool's
    details. ``info`` is the publisher's title, author, ISBN, licence, price… (the game's
    defaults where empty). ``book_press``, ``layout`` and ``slots`` are derived when the
    request is made.
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
    press: str | None = None
    pdfx: bool = False
    undated: bool = False
    colophon: bool = False
    book_press: BookPress | None = field(init=False)
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
        object.__setattr__(self, "book_press", self._press())
        object.__setattr__(self, "layout", self._layout())
        self._check_colour()
        slots = (undated_slots(self.days, self.tiers) if self.undated
                 else daily_slots(self.start, self.days, self.tiers))
        object.__setattr__(self, "slots", tuple(slots))

    @property
    def print_on_demand(self) -> bool:
        """A book for a press (KDP, IngramSpark, Lulu), not for home printing."""
        return self.book_press is not None

    @property
    def year(self) -> int:
        """The copyright year: ``--year``, else the year of ``--start``."""
        return self.info.year or self.start.year

    def _press(self) -> BookPress | None:
        pod = self.trim is not None or self.bleed or self.cover
        pid = self.press or ("kdp" if pod else "home")
        if pid not in BOOK_PRESSES:
            raise InputError(f"must be one of {', '.join(BOOK_PRESSES)}, got {pid[:20]!r}",
                             "press")
        if pid != "home":
            return book_press(pid)
        if pod:
            raise InputError("home printing has no --trim, --bleed or --cover: name the press "
                             "the book is for (kdp, ingramspark or lulu)", "press")
        if self.pdfx:
            raise InputError("PDF/X is for a press: add --press kdp, ingramspark or lulu",
                             "pdfx")
        return None

    def _layout(self) -> Layout:
        press = self.book_press
        if press is None:
            return home_layout(self.paper, self.imposition)
        if self.imposition == "saddle":
            raise InputError("saddle imposition is for home printing; a press book is perfect "
                             "bound", "imposition")
        trim = parse_trim(self.trim or PRESS_TRIM)
        w_in, h_in = trim.width / 25.4, trim.height / 25.4
        if not press.trims.accepts(w_in, h_in):
            sizes = ", ".join(f"{w:g}x{h:g}in" for w, h in press.trims.standard_in)
            custom = press.trims.custom_width_in[1] > 0
            raise InputError(f"{press.name} does not print {w_in:.2f} x {h_in:.2f} in (its "
                             f"trims: {sizes}{' or a custom size' if custom else ''})", "trim")
        layout = Layout(trim, self.bleed, "perfect", press=press)
        pages = 5 + self.days + -(-self.days // 2)  # front matter, puzzles, the longest key
        most = min(MAX_PAGES, press.pages.max)
        if pages > most:
            raise InputError(f"a {press.id} book has at most {most} pages; {self.days} days "
                             f"make about {pages} (make two volumes)", "days")
        return layout

    @property
    def pdfx_wanted(self) -> bool:
        """Whether the book is written as PDF/X-1a: the press asks for it, or ``--pdfx``."""
        return self.book_press is not None and (self.pdfx or bool(self.book_press.colour.pdfx))

    @property
    def interior_colour(self) -> str:
        """How the interior's colours are written: ``grey`` (K only) for a black-and-white
        (``--greyscale``) press book, ``cmyk`` for a colour one in PDF/X, else ``rgb``."""
        if self.book_press is None:
            return "rgb"
        if self.run.ctx.greyscale:
            return "grey"
        return "cmyk" if self.pdfx_wanted else "rgb"

    @property
    def cover_colour(self) -> str:
        """How the cover's colours are written: ``cmyk`` in PDF/X, else ``rgb``."""
        return "cmyk" if self.pdfx_wanted else "rgb"

    def _check_colour(self) -> None:
        press = self.book_press
        if press is None:
            return
        if self.interior_colour == "cmyk" and "cmyk" not in press.colour.interior:
            raise InputError(f"{press.name} takes a colour interior in RGB, not the CMYK of "
                             f"PDF/X-1a: drop --pdfx, or print in black and white with "
                             f"--greyscale", "pdfx")
        if self.cover and press.barcode.printed_by == "publisher" and not self.info.isbn:
            raise InputError(f"{press.name} wants the publisher's EAN-13 barcode on the back "
                             f"cover: give the book's --isbn", "isbn")

    def options(self) -> dict[str, Any]:
        """The request as the manifest records it (the new choices only when made, so a book
        made as before records what it recorded)."""
        out: dict[str, Any] = {
            "days": self.days, "start": self.start.isoformat(), "tiers": list(self.tiers),
            "paper": self.paper, "imposition": self.imposition, "trim": self.trim,
            "bleed": self.bleed, "cover": self.cover, "paper_stock": self.paper_stock}
        if self.undated:
            del out["start"]
            out["undated"] = True
        if self.book_press is not None:
            out["trim"] = self.layout.trim.name
            out["press"] = self.book_press.id
            out["pdfx"] = self.pdfx_wanted
        if self.colophon:
            out["colophon"] = True
        return out


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


__all__ = ["BOOK_PAPERS", "CLASS_PAPERS", "PRESS_TRIM", "BookRequest", "ClassRequest",
           "KitRequest", "Run", "SiteRequest", "png_resolution"]
