"""What publishing needs from a game — the midend's contract, game-free.

A game fills these in (its :class:`PuzzleKind` and :class:`KitKind`, named by its
:class:`~spacebowl_print.games.base.Game` table); the shared layers build every publication
from them: kits, dated booklets for home printing and print-on-demand, classroom sets, daily
web sites, and ``spacebowl check``. Nothing here knows a rule of any game.

The :class:`RenderContext` travels with every drawing request instead of loose ``lang`` /
``ink_saver`` / ``greyscale`` / ``paper`` parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:  # the types only: reading a game's table must not load reportlab
    from spacebowl_print.publish.items import Item, Naming
    from spacebowl_print.publish.kit import Document
    from spacebowl_print.publish.schedule import Slot
    from spacebowl_print.render.api import BoxPainter, Canvas, Painter



@dataclass(frozen=True)
class Option:
    """One of a game's own options, as data (the command line turns it into a click option):
    the parameter ``name`` (``card_size``), its ``flag`` (``--card-size``), ``help``, the
    ``default``, and its ``kind``: ``text`` (at most ``limit`` characters), ``flag`` (on/off),
    ``int`` (within ``bounds``) or ``choice`` (one of ``choices``)."""

    name: str
    flag: str
    help: str
    default: Any = None
    kind: Literal["text", "flag", "int", "choice"] = "text"
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] = (0, 0)
    metavar: str | None = None
    limit: int = 64
    show_default: bool = True


@dataclass(frozen=True)
class RenderContext:
    """How everything of one run is drawn: ``lang`` (a code the game offers), ``ink_saver``
    (light fills and outlines), ``greyscale`` (every colour as the grey a copier makes),
    ``paper`` (the paper or page name: a4, letter, a5…), and the game's ``words`` in that
    language (:meth:`PuzzleKind.words`)."""

    lang: str = "en"
    ink_saver: bool = False
    greyscale: bool = False
    paper: str = "a4"
    words: Mapping[str, str] = field(default_factory=dict, compare=False)

    def speaking(self, lang: str, words: Mapping[str, str] | None = None) -> RenderContext:
        """This context in another language: its ``words`` are that language's (given) or
        none, never the old language's."""
        return replace(self, lang=lang, words=dict(words or {}))


@dataclass(frozen=True)
class WebStep:
    """One picture of a web page's answer: ``svg`` (inline markup, ours) and its ``caption``
    (plain text)."""

    svg: str
    caption: str


@dataclass(frozen=True)
class WebView:
    """A puzzle on a web page: the ``puzzle`` drawing (inline SVG), the ``question`` (plain
    text, may be several lines), the ``answer`` in one line (the engine's reason), the answer's
    pictures, stepped through with next/previous (``steps``; may be empty), and ``data``: what
    a game's own page script needs (JSON-ready; e.g. the cards a player may pick)."""

    puzzle: str
    question: str
    answer: str
    steps: Sequence[WebStep] = ()
    data: Mapping[str, Any] = field(default_factory=dict)


class PuzzleItem(Protocol):
    """One generated, solved puzzle as publishing sees it."""

    @property
    def id(self) -> str:
        """Unique within a publication (an ISO date, or ``CODE-k`` in a classroom set)."""

    @property
    def tier(self) -> int:
        """Difficulty 1–5, as measured (never merely as asked)."""

    @property
    def badges(self) -> Sequence[str]:
        """Short labels shown beside the puzzle (variants in play), already translated."""

    def manifest_entry(self) -> dict[str, Any]:
        """This puzzle's object in ``manifest.json`` (the game's documented format), with
        ``id`` and ``tier``."""

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """Paint the puzzle (diagram, question, room to answer) inside the box."""

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        """Paint the answer with its reason inside the box (an answer-key cell)."""

    def short_answer(self) -> str:
        """The answer in a few characters, for the teacher's key table (see
        :meth:`PuzzleKind.key_legend`)."""

    def web_view(self) -> WebView:
        """The puzzle and its answer for a web page."""


class PuzzleKind(Protocol):
    """A game's puzzles, as the shared publishing commands use them.

    ``Source`` below is the game's material a run works with (a deck, a constellation set, a
    tile set): loaded once by :meth:`load` from the game's own ``options``.
    """

    options: Sequence[Option]
    """The game's own options on every puzzle command (e.g. ``--deck``), besides the shared
    ones; their values reach :meth:`load` by parameter name."""

    max_puzzles: int
    """The most puzzles one run may make (a book's days, a classroom's students × puzzles):
    what this machine makes in about a minute and a half."""

    default_days: int
    """A booklet's ``--days`` when not given."""

    worksheet_per_page: int
    """Puzzles on one worksheet page (A4 or Letter; one on A5)."""

    web_template: str | None
    """A jinja2 template (under ``templates/``) extending ``web/day.html.j2`` for a game
    whose page does more than show and reveal (None: the shared page)."""

    def words(self, lang: str) -> Mapping[str, str]:
        """The game's words in ``lang`` (an :class:`InputError` at ``lang`` for a language it
        does not offer); publishing reads ``puzzle`` (the noun on headings: "Puzzle",
        "Challenge") and ``puzzles`` (its plural)."""

    def load(self, options: Mapping[str, Any], tiers: Sequence[int]) -> Any:
        """The source for these option values, checked able to make puzzles of ``tiers``;
        an :class:`InputError` naming the option otherwise."""

    def header(self, source: Any) -> dict[str, Any]:
        """What the manifest records about the source (name, digest…), for
        :meth:`verify`."""

    def generate(self, source: Any, slots: Sequence[Slot], seed: int, ctx: RenderContext,
                 jobs: int, advance: Callable[[int], None]) -> list[PuzzleItem]:
        """One puzzle per slot, of the slot's tier, in slot order; the same for the same
        arguments whatever ``jobs`` (processes it may use); ``advance(1)`` per puzzle."""

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        """Re-derive one manifest entry with an engine independent of the one that made it:
        None, or one line saying what is wrong (an :class:`InputError` for an entry it
        cannot read)."""

    def teach(self, source: Any, ctx: RenderContext) -> BoxPainter:
        """One page that teaches how to solve a puzzle (the rules it needs, a worked
        example), drawn in the box it is given."""

    def intro(self, source: Any, items: Sequence[PuzzleItem], ctx: RenderContext,
              width: float, height: float) -> list[Painter]:
        """More front-matter pages of a booklet (each painter draws a ``width`` ×
        ``height`` content area), e.g. what the tiers mean; may be empty."""

    def describe(self, source: Any, ctx: RenderContext) -> str:
        """What the puzzles are made from, for the copyright page ("the Classic deck")."""

    def answers_per_page(self, source: Any, width: float, height: float) -> tuple[int, int]:
        """(columns, rows) of answer-key cells on a page of ``width`` × ``height`` mm."""

    def cover_art(self, source: Any, items: Sequence[PuzzleItem], ctx: RenderContext
                  ) -> BoxPainter:
        """The front cover's picture (the game's own art)."""

    def key_legend(self, ctx: RenderContext) -> str:
        """One sentence that explains :meth:`PuzzleItem.short_answer` on a teacher's key."""

    def web_howto(self, ctx: RenderContext) -> Sequence[str]:
        """"How to play" on a web page: a few short paragraphs of plain text."""


@dataclass(frozen=True)
class KitParts:
    """Everything a kit holds, ready to impose and write: the items (``fronts``, one common
    ``back`` or one per front, their ``bleed`` in mm, what they are called: ``naming``),
    the sheets' options (``fold``, ``back_offset``, ``margin``, ``offset_hint``), the extra
    ``documents``, printing ``tips`` and the kit's ``title``."""

    title: str
    fronts: Sequence[Item]
    back: Item | Sequence[Item]
    bleed: float
    naming: Naming
    documents: Sequence[Document] = ()
    tips: Sequence[str] = ()
    fold: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    margin: float = 0.0
    offset_hint: str | None = None
    warnings: Sequence[str] = ()
    """Things the user should know (a picture under 300 dpi…); printed, never fatal."""
    layout_field: str = "paper"
    """The option to blame when the pieces cannot be laid out on the paper (Space Bowl:
    ``card_size``)."""


class KitKind(Protocol):
    """A game's print-and-play kit."""

    papers: tuple[str, ...]
    """Paper sizes the kit lays out on; the first is the default."""

    options: Sequence[Option]
    """The game's own kit options (e.g. ``--deck``, ``--players``)."""

    contents: str
    """The game's own files in the kit folder, one ``NAME  what it holds`` a line, as the
    kit command's ``--help`` lists them (the shared files are listed around them)."""

    def parts(self, options: Mapping[str, Any], langs: Sequence[str], ctx: RenderContext,
              seed: int) -> KitParts:
        """The kit's parts for the game's own option values, the languages (the first labels
        the pieces; each gets a rule summary) and the context; an :class:`InputError` naming
        the option for a bad value."""


def cover_sample(items: Sequence[PuzzleItem]) -> PuzzleItem:
    """The puzzle a front cover shows, the same rule for every game: the seventh (the end of
    the first week, where the ramp is steepest), or the last of a shorter book."""
    return items[min(len(items) - 1, 6)]


__all__ = ["KitKind", "KitParts", "Option",
           "PuzzleItem", "PuzzleKind", "RenderContext", "WebStep", "WebView", "cover_sample"]
