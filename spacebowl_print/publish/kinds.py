"""What publishing needs from a game — the midend's contract, game-free.

A game fills these in (its :class:`PuzzleKind` and :class:`KitKind`, named by its
:class:`~spacebowl_print.publish.table.Game` table); the shared layers build every publication
from them: kits, dated booklets for home printing and print-on-demand, classroom sets, daily
web sites, and ``spacebowl check``. Nothing here knows a rule of any game.

Both kinds are generic over the game's own types, so mypy checks a game's kind against the
contract: a :class:`PuzzleKind` over its options object (what the command line made of the
game's own options), its source (a deck, a constellation set, a tile set) and its puzzles; a
:class:`KitKind` over its options object.

The :class:`RenderContext` travels with every drawing request instead of loose ``lang`` /
``ink_saver`` / ``greyscale`` / ``paper`` parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:  # the types only: reading a game's table must not load reportlab
    from spacebowl_print.publish.items import Item, Naming
    from spacebowl_print.publish.kit import Document
    from spacebowl_print.publish.requests import KitRequest
    from spacebowl_print.publish.schedule import Slot
    from spacebowl_print.render.api import Box, BoxPainter, Canvas, Painter



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


OptionsT = TypeVar("OptionsT")
"""A game's options object: what the command line made of the game's own options."""
SourceT = TypeVar("SourceT")
"""A game's source: the material a run's puzzles are made from."""
PuzzleT = TypeVar("PuzzleT", bound=PuzzleItem)
"""A game's puzzle."""


@runtime_checkable
class ScoringAid(Protocol):
    """A puzzle kind whose classroom worksheets end with a scoring aid: a page a child
    fills in to score their own answers (Hubble's score sheet). Optional: a kind without
    it gets none."""

    def scoring_aid(self, source: Any, ctx: RenderContext
                    ) -> Callable[[Canvas, Box, int], None]:
        """A painter of the aid in a box, for a student with that many puzzles."""
        ...


class PuzzleKind(Protocol[OptionsT, SourceT, PuzzleT]):
    """A game's puzzles, as the shared publishing commands use them: generic over the game's
    options object, its source and its puzzle (see the module docstring).
    The options themselves, and the bounds of a run, are data in the game's table
    (:class:`~spacebowl_print.publish.table.PuzzleSpec`); the game's words are the table's
    ``words``."""

    Options: type[OptionsT]
    """Makes the options object from the values of the game's own options, by name (the
    fields are the names the table's options declare), checking each: an
    :class:`InputError` at the field otherwise."""

    @property
    def worksheet_per_page(self) -> int:
        """Puzzles on one worksheet page (A4 or Letter; one on A5)."""

    @property
    def web_template(self) -> str | None:
        """A jinja2 template extending ``web/day.html.j2`` for a game whose page does more
        than show and reveal: a name under ``templates/``, or the absolute path of a template
        of the game's own (a game from another package); None: the shared page."""

    def load(self, options: OptionsT, tiers: Sequence[int]) -> SourceT:
        """The source these options name, checked able to make puzzles of ``tiers``; an
        :class:`InputError` naming the option otherwise."""

    def header(self, source: SourceT) -> dict[str, Any]:
        """What the manifest records about the source (name, digest…), for
        :meth:`verify`."""

    def generate(self, source: SourceT, slots: Sequence[Slot], seed: int, ctx: RenderContext,
                 jobs: int, advance: Callable[[int], None]) -> list[PuzzleT]:
        """One puzzle per slot, of the slot's tier, in slot order; the same for the same
        arguments whatever ``jobs`` (processes it may use); ``advance(1)`` per puzzle."""

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        """Re-derive one manifest entry with an engine independent of the one that made it:
        None, or one line saying what is wrong (an :class:`InputError` for an entry it
        cannot read)."""

    def teach(self, source: SourceT, ctx: RenderContext) -> BoxPainter:
        """One page that teaches how to solve a puzzle (the rules it needs, a worked
        example), drawn in the box it is given."""

    def intro(self, source: SourceT, items: Sequence[PuzzleT], ctx: RenderContext,
              width: float, height: float) -> list[Painter]:
        """More front-matter pages of a booklet (each painter draws a ``width`` ×
        ``height`` content area), e.g. what the tiers mean; may be empty."""

    def describe(self, source: SourceT, ctx: RenderContext) -> str:
        """What the puzzles are made from, for the copyright page ("the Classic deck")."""

    def answers_per_page(self, source: SourceT, width: float, height: float
                         ) -> tuple[int, int]:
        """(columns, rows) of answer-key cells on a page of ``width`` × ``height`` mm."""

    def cover_art(self, source: SourceT, items: Sequence[PuzzleT], ctx: RenderContext
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


class KitKind(Protocol[OptionsT]):
    """A game's print-and-play kit, generic over its options object. The papers it
    lays out on, its own options and its files are data in the game's table
    (:class:`~spacebowl_print.publish.table.KitSpec`)."""

    Options: type[OptionsT]
    """Makes the options object from the values of the kit's own options, by name, checking
    each (as :attr:`PuzzleKind.Options`)."""

    def parts(self, options: OptionsT, req: KitRequest) -> KitParts:
        """The kit's parts for the game's options and the request (its languages: the
        first labels the pieces, each gets a rule summary; its context and seed); an
        :class:`InputError` naming the option for material that cannot be used."""


def cover_sample(items: Sequence[PuzzleT]) -> PuzzleT:
    """The puzzle a front cover shows, the same rule for every game: the seventh (the end of
    the first week, where the ramp is steepest), or the last of a shorter book."""
    return items[min(len(items) - 1, 6)]


__all__ = ["KitKind", "KitParts", "PuzzleItem", "PuzzleKind", "RenderContext", "WebStep",
           "WebView", "cover_sample"]
