"""Space Bowl's print-and-play kit: turns a :class:`~model.Deck` and the kit's options into
card items, the common back and the extra documents, which the shared
:func:`spacebowl_print.publish.kit.build_kit` imposes and writes.

The extra documents (Ship Computer, scoretrack, tokens, rule summaries) come from
``spacebowl_print.games.spacebowl.art.{shipcomputer,scoretrack,tokens,rules}``; see
:func:`extra_documents` — the one place where they plug in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from spacebowl_print.games.spacebowl.art import rules, scoretrack, shipcomputer, tokens
from spacebowl_print.games.spacebowl.art.cardback import CardBack
from spacebowl_print.games.spacebowl.art.cards import card_items, layout_problem
from spacebowl_print.games.spacebowl.art.cardsize import DEFAULT_BLEED_MM, parse_card_size
from spacebowl_print.games.spacebowl.art.shipcomputer import parse_box
from spacebowl_print.games.spacebowl.art.themed import art_warnings
from spacebowl_print.games.spacebowl.model import Deck, InputError
from spacebowl_print.games.spacebowl.model.deck_file import load_deck
from spacebowl_print.games.spacebowl.model.shipped import DEFAULT_DECK
from spacebowl_print.publish.items import CARDS
from spacebowl_print.publish.kinds import KitKind, KitParts, RenderContext
from spacebowl_print.publish.kit import Document
from spacebowl_print.publish.requests import KitRequest
from spacebowl_print.render.api import Page

GALAXY_GAP_MM = 3.0
"""Gap assumed between galaxy cards for the coordinate strips."""


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
        return parse_box(text)
    except ValueError as err:
        raise InputError(str(err), "--box") from None


@dataclass(frozen=True)
class SpaceBowlKitChoice:
    """What ``spacebowl kit`` lets the user choose besides the shared options (the table's
    options, by name): the ``deck``, the ``card_size`` (``poker``, ``bridge``, ``WxHmm``…),
    ``fold`` sheets instead of duplex, the Ship Computer's ``box``, the duplex
    ``back_offset`` (``X,Y`` mm) and ``cards_only``. Parsed and checked when made:
    ``card_mm``, ``box_mm`` and ``offset`` in mm."""

    deck: str = DEFAULT_DECK
    card_size: str = "poker"
    fold: bool = False
    box: str = "150mm"
    back_offset: str = "0,0"
    cards_only: bool = False
    card_mm: tuple[float, float] = field(init=False)
    box_mm: tuple[float, float] = field(init=False)
    offset: tuple[float, float] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_mm", parse_card_size(self.card_size))
        object.__setattr__(self, "box_mm", parse_box_size(self.box))
        object.__setattr__(self, "offset", parse_back_offset(self.back_offset))


# -- the kit's other documents -----------------------------------------------------------------

_Builder = Callable[[Deck, SpaceBowlKitChoice, RenderContext], list[Page]]
"""A document's pages for the deck and options, drawn as the context says (its language is
the document's: the first one, or each one for a per-language document)."""


def _ship_computer(deck: Deck, opts: SpaceBowlKitChoice, ctx: RenderContext) -> list[Page]:
    return list(shipcomputer.ship_computer_pages(ctx, opts.box_mm, deck.planets,
                                                 card_mm=opts.card_mm, gap_mm=GALAXY_GAP_MM))


def _scoretrack(deck: Deck, opts: SpaceBowlKitChoice, ctx: RenderContext) -> list[Page]:
    return list(scoretrack.scoretrack_pages(ctx))


def _tokens(deck: Deck, opts: SpaceBowlKitChoice, ctx: RenderContext) -> list[Page]:
    return list(tokens.token_pages(ctx, deck.planets))


def _rules(deck: Deck, opts: SpaceBowlKitChoice, ctx: RenderContext) -> list[Page]:
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
           "tokens": ("Marker und Plättchen", "Karton; die großen Crew-Marker falzen"),
           "rules": ("Regelübersicht", "")},
}
"""Each document's title and cover note in the kit's first language (the cover's)."""


def extra_documents(deck: Deck, opts: SpaceBowlKitChoice, req: KitRequest,
                    only: Sequence[str] | None = None) -> list[Document]:
    """The kit's other documents, in print order: Ship Computer, scoretrack, tokens, then one
    rule summary per language of the request (``rules-<lang>``). ``only`` limits them to
    those file stems (without the language suffix). A component's ``ValueError`` (bad paper,
    language or box) becomes an :class:`InputError`.
    """
    docs: list[Document] = []
    words = DOCUMENT_WORDS[req.langs[0]]
    ctx = req.run.ctx
    for stem, build, per_lang in EXTRA_DOCUMENTS:
        if only is not None and stem not in only:
            continue
        title, note = words[stem]
        for lang in (req.langs if per_lang else req.langs[:1]):
            try:
                pages = build(deck, opts, ctx.speaking(lang))
            except ValueError as err:
                if isinstance(err, InputError):
                    raise
                raise InputError(str(err), title) from None
            name = f"{stem}-{lang}" if per_lang else stem
            docs.append(Document(name, f"{title} ({lang})" if per_lang else title, pages, note))
    return docs


# -- the game table's kit --------------------------------------------------------------------

BACK_OFFSET_HINT = "--back-offset X,Y"
"""How the printed duplex check tells the reader to apply its reading: the ``kit`` command's
option for :attr:`SpaceBowlKitChoice.back_offset`."""


class SpaceBowlKit:
    """Space Bowl's :class:`~spacebowl_print.publish.kinds.KitKind`: the deck's cards on card
    sheets, the Ship Computer sized to the user's box, scoretrack, tokens and the rule
    summaries (only the cards with ``cards_only``)."""

    Options = SpaceBowlKitChoice

    def parts(self, options: SpaceBowlKitChoice, req: KitRequest) -> KitParts:
        deck = load_deck(options.deck)
        seed, ctx = req.run.seed, req.run.ctx
        problem = layout_problem(deck, options.card_mm, seed)  # before anything is drawn
        if problem is not None:
            raise problem.at_file(options.deck)
        docs = [] if options.cards_only else extra_documents(deck, options, req)
        return KitParts(
            title=f"Space Bowl — {deck.title}",
            fronts=card_items(deck, options.card_mm, DEFAULT_BLEED_MM, seed, ctx),
            back=CardBack(deck, options.card_mm, DEFAULT_BLEED_MM, ctx),
            bleed=DEFAULT_BLEED_MM, naming=CARDS, documents=docs, fold=options.fold,
            back_offset=options.offset, offset_hint=BACK_OFFSET_HINT,
            warnings=tuple(art_warnings(deck, options.card_mm, DEFAULT_BLEED_MM)),
            layout_field="card_size")


KIT: KitKind[SpaceBowlKitChoice] = SpaceBowlKit()
"""The kit :data:`spacebowl_print.games.spacebowl.GAME` names."""


__all__ = ["BACK_OFFSET_HINT", "DOCUMENT_WORDS", "KIT", "SpaceBowlKit", "SpaceBowlKitChoice",
           "extra_documents", "parse_back_offset", "parse_box_size"]
