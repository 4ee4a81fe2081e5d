"""Space Bowl's print-and-play kit: turns a :class:`~model.Deck` and the kit
options into card items, the common back and the extra documents, and hands them to the generic
:func:`spacebowl_print.publish.kit.build_kit`.

The extra documents (Ship Computer, scoretrack, tokens, rule summaries) come from
``spacebowl_print.games.spacebowl.art.{shipcomputer,scoretrack,tokens,rules}``; see
:func:`extra_documents` — the one place where they plug in.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.games.spacebowl.art import rules, scoretrack, shipcomputer, tokens
from spacebowl_print.games.spacebowl.art.cardback import CardBack
from spacebowl_print.games.spacebowl.art.cards import CardFront, card_items, layout_problem
from spacebowl_print.games.spacebowl.art.cardsize import DEFAULT_BLEED_MM, parse_card_size
from spacebowl_print.games.spacebowl.art.themed import art_warnings
from spacebowl_print.games.spacebowl.model import Deck, InputError
from spacebowl_print.games.spacebowl.model.deck_file import DECK_OPTION, load_deck
from spacebowl_print.publish.items import CARDS, LayoutError
from spacebowl_print.publish.kinds import KitParts, Option, RenderContext
from spacebowl_print.publish.kit import Document, KitResult, build_kit, check_kit_choices
from spacebowl_print.render.api import PAPER, Page

LANGS: tuple[str, ...] = ("en", "fr", "de")
"""Languages the rule summaries and sheet labels exist in."""
PAPERS: tuple[str, ...] = ("a4", "letter")
DEFAULT_BOX_MM = 150.0
GALAXY_GAP_MM = 3.0
"""Gap assumed between galaxy cards for the coordinate strips."""


@dataclass(frozen=True)
class KitOptions:
    """Everything ``spacebowl kit`` lets the user choose. Sizes in mm."""

    paper: str = "a4"
    langs: tuple[str, ...] = LANGS  # every language the game has, as in every game's kit
    card_size: tuple[float, float] = (63.0, 88.0)
    ink_saver: bool = False
    fold: bool = False
    box_mm: tuple[float, float] = (DEFAULT_BOX_MM, DEFAULT_BOX_MM)
    back_offset: tuple[float, float] = (0.0, 0.0)
    seed: int = 1
    bleed: float = DEFAULT_BLEED_MM

    def check(self) -> KitOptions:
        """Return self, or raise :class:`InputError` naming the bad option."""
        check_kit_choices(self.paper, PAPERS, self.langs, LANGS, self.seed)
        for v in self.back_offset:
            if abs(v) > 20:
                raise InputError(f"offsets beyond ±20 mm are not a printer shift, got {v:g}",
                                 "--back-offset")
        return self

    @property
    def ctx(self) -> RenderContext:
        """How the kit is drawn: in its first language, on its paper, with its ink saver."""
        return RenderContext(lang=self.langs[0], ink_saver=self.ink_saver, paper=self.paper)


def parse_back_offset(text: str) -> tuple[float, float]:
    """``--back-offset X,Y`` in mm (e.g. ``"0.5,-1"``); :class:`InputError` otherwise."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise InputError(f"must be two numbers of mm like 0.5,-1, got {text!r}",
                         "--back-offset") from None
    if x != x or y != y or abs(x) > 20 or abs(y) > 20:
        raise InputError(f"each offset must be within ±20 mm, got {text!r}", "--back-offset")
    return (x, y)


def parse_box_size(text: str) -> tuple[float, float]:
    """``--box``: the Ship Computer box's inner size (``150mm``, ``16x14cm``…) in mm.

    Uses the Ship Computer module's own parser so the two never disagree; its ``ValueError``
    becomes an :class:`InputError` naming the option.
    """
    try:
        from spacebowl_print.games.spacebowl.art.shipcomputer import parse_box
    except ImportError:  # pragma: no cover - the module ships with the package
        raise InputError("the Ship Computer sheets are not available", "--box") from None
    try:
        return parse_box(text)
    except ValueError as err:
        raise InputError(str(err), "--box") from None


# -- cards -----------------------------------------------------------------------------------

def card_fronts(deck: Deck, opts: KitOptions) -> list[CardFront]:
    """One front per card of ``deck``, laid out from ``opts.seed``."""
    return card_items(deck, opts.card_size, opts.bleed, opts.seed, opts.ctx)


def card_back(deck: Deck, opts: KitOptions) -> CardBack:
    """The deck's common card back."""
    return CardBack(deck, opts.card_size, opts.bleed, opts.ctx)


# -- the kit's other documents -----------------------------------------------------------------

_Builder = Callable[[Deck, KitOptions, RenderContext], list[Page]]
"""A document's pages for the deck and options, drawn as the context says (its language is
the document's: the first one, or each one for a per-language document)."""


def _ship_computer(deck: Deck, opts: KitOptions, ctx: RenderContext) -> list[Page]:
    return list(shipcomputer.ship_computer_pages(ctx, opts.box_mm, deck.planets,
                                                 card_mm=opts.card_size, gap_mm=GALAXY_GAP_MM))


def _scoretrack(deck: Deck, opts: KitOptions, ctx: RenderContext) -> list[Page]:
    return list(scoretrack.scoretrack_pages(ctx))


def _tokens(deck: Deck, opts: KitOptions, ctx: RenderContext) -> list[Page]:
    return list(tokens.token_pages(ctx, deck.planets))


def _rules(deck: Deck, opts: KitOptions, ctx: RenderContext) -> list[Page]:
    return list(rules.rules_pages(ctx, deck))


EXTRA_DOCUMENTS: tuple[tuple[str, _Builder, bool], ...] = (
    # (file stem, builder, one per language?); titles and notes in DOCUMENT_WORDS
    ("ship-computer", _ship_computer, False),
    ("scoretrack", _scoretrack, False),
    ("tokens", _tokens, False),
    ("rules", _rules, True),
)

DOCUMENT_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"ship-computer": ("Ship Computer", "grid at 100 % for your box, tray, galaxy strips"),
           "scoretrack": ("Scoretrack", ""),
           "tokens": ("Tokens and discs", "card stock; fold the large Crew tokens"),
           "rules": ("Rule summary", "")},
    "fr": {"ship-computer": ("Ordinateur de bord",
                             "grille à 100 % pour votre boîte, bac, réglettes de la Galaxie"),
           "scoretrack": ("Piste des scores", ""),
           "tokens": ("Jetons et disques", "papier cartonné ; pliez les grands jetons Équipage"),
           "rules": ("Résumé des règles", "")},
    "de": {"ship-computer": ("Schiffscomputer-Box",
                             "Raster in 100 % für eure Box, Box zum Falten, Galaxie-Leisten"),
           "scoretrack": ("Punkteübersicht", ""),
           "tokens": ("Marker und Plättchen", "Karton; die großen Crewmarker falzen"),
           "rules": ("Regelübersicht", "")},
}
"""Each document's title and cover note in the kit's first language (the cover's)."""


def extra_documents(deck: Deck, opts: KitOptions,
                    only: Sequence[str] | None = None) -> list[Document]:
    """The kit's other documents, in print order: Ship Computer, scoretrack, tokens, then one
    rule summary per language of ``opts.langs`` (``rules-<lang>``). ``only`` limits them to
    those file stems (without the language suffix). A component's ``ValueError`` (bad paper,
    language or box) becomes an :class:`InputError`.
    """
    docs: list[Document] = []
    words = DOCUMENT_WORDS[opts.langs[0]]
    for stem, build, per_lang in EXTRA_DOCUMENTS:
        if only is not None and stem not in only:
            continue
        title, note = words[stem]
        for lang in (opts.langs if per_lang else opts.langs[:1]):
            try:
                pages = build(deck, opts, opts.ctx.speaking(lang))
            except ValueError as err:
                if isinstance(err, InputError):
                    raise
                raise InputError(str(err), title) from None
            name = f"{stem}-{lang}" if per_lang else stem
            docs.append(Document(name, f"{title} ({lang})" if per_lang else title, pages, note))
    return docs


# -- the kit ---------------------------------------------------------------------------------

LAYOUT_FIELDS: dict[str, str] = {
    "items": "card_size", "back": "card_size", "bleed": "card_size",
    "paper": "paper", "margin": "paper",
}
"""Which :class:`KitOptions` field a publish :class:`LayoutError` is about, by its ``field``.
The error then names that field (``card_size``), and the command line shows the option that
sets it (``--card-size``: ``spacebowl_print.core.cli.reports_input_errors`` maps a command's
parameter names to its options)."""

BACK_OFFSET_HINT = "--back-offset X,Y"
"""How the printed duplex check tells the reader to apply its reading: the ``kit`` command's
option for :attr:`KitOptions.back_offset`."""


KIND = "spacebowl kit"
"""What the kit folder records as having written it (:mod:`spacebowl_print.core.folders`)."""


def build_spacebowl_kit(deck: Deck, out_dir: str | os.PathLike[str], opts: KitOptions,
                        extras: bool = True, *, png_dpi: int | None = None, tts: bool = False,
                        force: bool = False) -> KitResult:
    """Write Space Bowl's print-and-play kit for ``deck`` into ``out_dir``.

    ``extras=False`` writes the card part only (cards.pdf, cut guides, SVGs, and a kit.pdf
    holding just the cards). ``png_dpi``, ``tts`` and ``force`` as
    :func:`~spacebowl_print.publish.kit.build_kit` takes them. Raises :class:`InputError` for
    options that cannot work (bad option values, cards too large for the paper).
    """
    opts.check()
    problem = layout_problem(deck, opts.card_size, opts.seed)
    if problem is not None:
        raise problem
    fronts = card_fronts(deck, opts)
    back = card_back(deck, opts)
    docs = extra_documents(deck, opts) if extras else []
    try:
        return build_kit(out_dir, fronts=fronts, back=back, bleed=opts.bleed,
                         paper=PAPER[opts.paper], title=f"Space Bowl — {deck.title}",
                         fold=opts.fold, back_offset=opts.back_offset, extras=docs,
                         naming=CARDS, offset_hint=BACK_OFFSET_HINT, lang=opts.langs[0],
                         png_dpi=png_dpi, tts=tts, kind=KIND, force=force)
    except LayoutError as err:
        raise InputError(err.message, LAYOUT_FIELDS.get(err.field, "card_size")) from None


# -- the game table's kit --------------------------------------------------------------------

class SpaceBowlKit:
    """Space Bowl's :class:`~spacebowl_print.publish.kinds.KitKind`: the deck's cards on card
    sheets, the Ship Computer sized to the user's box, scoretrack, tokens and the rule
    summaries."""

    papers = PAPERS
    contents = ("cards.pdf            the deck's cards, crop marks, backs for long-edge duplex\n"
                "ship-computer.pdf    the Ship Computer, sized to --box\n"
                "scoretrack.pdf       the score track\n"
                "tokens.pdf           the tokens to cut out\n"
                "rules-LANG.pdf       the rule summary in each --lang")
    options = (
        DECK_OPTION,
        Option("card_size", "--card-size", "poker (63x88 mm), bridge (2.25x3.5 in: 57.15x88.9 "
               "mm), 2.5x3.5in (63.5x88.9 mm), or WxHmm.", default="poker", metavar="SIZE",
               limit=40),
        Option("fold", "--fold", "Fronts and backs side by side to fold and glue (no duplex "
               "printer).", default=False, kind="flag"),
        Option("box", "--box", "Inner size of your Ship Computer box: 150mm, or WxH like "
               "160x140mm.", default="150mm", metavar="SIZE", limit=40),
        Option("back_offset", "--back-offset", "Shift the card backs by X,Y mm (read it off "
               "the duplex check page).", default="0,0", metavar="X,Y", limit=40),
        Option("cards_only", "--cards-only", "Only the cards (cards.pdf, cut guides, SVGs): to "
               "reprint a deck.", default=False, kind="flag"),
    )

    def parts(self, options: Mapping[str, Any], langs: Sequence[str], ctx: RenderContext,
              seed: int) -> KitParts:
        """The kit's parts for the deck and options given (see :func:`build_spacebowl_kit`,
        which writes the same kit from a :class:`KitOptions`)."""
        opts = KitOptions(
            paper=ctx.paper, langs=tuple(langs),
            card_size=parse_card_size(str(options["card_size"])), ink_saver=ctx.ink_saver,
            fold=bool(options["fold"]), box_mm=parse_box_size(str(options["box"])),
            back_offset=parse_back_offset(str(options["back_offset"])), seed=seed).check()
        deck = load_deck(str(options["deck"]))
        problem = layout_problem(deck, opts.card_size, opts.seed)  # before anything is drawn
        if problem is not None:
            raise problem.at_file(str(options["deck"]))
        docs = [] if options["cards_only"] else extra_documents(deck, opts)
        return KitParts(
            title=f"Space Bowl — {deck.title}", fronts=card_fronts(deck, opts),
            back=card_back(deck, opts), bleed=opts.bleed, naming=CARDS, documents=docs,
            fold=opts.fold, back_offset=opts.back_offset, offset_hint=BACK_OFFSET_HINT,
            warnings=tuple(art_warnings(deck, opts.card_size, opts.bleed)),
            layout_field="card_size")


KIT = SpaceBowlKit()
"""The kit :data:`spacebowl_print.games.spacebowl.GAME` names."""
