"""Hubble's print-and-play kit: the constellation cards through the shared card-sheet pipeline
(:func:`spacebowl_print.publish.kit.build_kit`: bleed, crop marks to the paper edge, mirrored
backs for long-edge duplex, ``cut-guide.json``, cut-line SVGs), plus the pads (one a page,
one per player), the paper dice and one rule summary per language, all behind one cover in
``kit.pdf``.

The pads are the engine's standard size (:data:`~spacebowl_print.games.hubble.solve.
challenges.STANDARD_COLS` × ``STANDARD_ROWS``, chosen by its calibration) unless asked
otherwise. The seed only scatters the specks of sky in the cards' name bands; the same inputs
and seed give byte-identical files.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.hubble.art.cards import BLEED_MM, card_items
from spacebowl_print.games.hubble.art.dice import dice_pages
from spacebowl_print.games.hubble.art.padsheet import pad_pages
from spacebowl_print.games.hubble.art.rules import rules_pages
from spacebowl_print.games.hubble.art.texts import LANGS, words
from spacebowl_print.games.hubble.model.constellations import (
    ConstellationSet,
    load_constellation_set,
)
from spacebowl_print.games.hubble.model.geometry import check_size
from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS
from spacebowl_print.games.hubble.solve.choices import (
    PAD_OPTION,
    SET_OPTION,
    pad_size_of,
    parse_pad_size,
)
from spacebowl_print.publish.items import CARDS, LayoutError
from spacebowl_print.publish.kinds import KitParts, Option, RenderContext
from spacebowl_print.publish.kit import Document, KitResult, build_kit, check_kit_choices
from spacebowl_print.render.api import PAPER

PAPERS: tuple[str, ...] = ("a4", "letter")
MAX_PLAYERS = 100
"""Pads a kit prints at most (one a page)."""


@dataclass(frozen=True)
class KitOptions:
    """What ``spacebowl hubble kit`` lets the user choose: paper, languages (the first labels
    pads, cards and dice; each gets a rule summary), pads to print, ink saver, seed and the
    pad size."""

    paper: str = "a4"
    langs: tuple[str, ...] = LANGS  # every language the game has, as in every game's kit
    players: int = 4
    ink_saver: bool = False
    seed: int = 1
    cols: int = STANDARD_COLS
    rows: int = STANDARD_ROWS

    def check(self) -> KitOptions:
        """Return self, or raise :class:`InputError` naming the bad option."""
        check_kit_choices(self.paper, PAPERS, self.langs, LANGS, self.seed)
        if not 1 <= self.players <= MAX_PLAYERS:
            raise InputError(f"must be 1 to {MAX_PLAYERS}, got {self.players}", "players")
        problem = check_size(self.cols, self.rows)
        if problem:
            raise InputError(problem, "pad_size")
        return self

    @property
    def ctx(self) -> RenderContext:
        """How the kit is drawn: in its first language, on its paper, with its ink saver."""
        return RenderContext(lang=self.langs[0], ink_saver=self.ink_saver, paper=self.paper)


def extra_documents(cset: ConstellationSet, opts: KitOptions) -> list[Document]:
    """The kit's documents besides the card sheets, in print order: the pads, the paper dice
    (both labelled, like the cover, in the first language), then one rule summary per
    language (``rules-<lang>``)."""
    ctx = opts.ctx
    wd = words(ctx.lang)
    docs = [
        Document("pads", wd["kit_pads"].format(cols=opts.cols, rows=opts.rows,
                                               n=opts.players),
                 pad_pages(ctx, opts.cols, opts.rows, opts.players), wd["kit_pads_note"]),
        Document("dice", wd["dice"], dice_pages(ctx), wd["kit_dice_note"]),
    ]
    for code in opts.langs:
        docs.append(Document(f"rules-{code}", wd["kit_rules"].format(lang=code),
                             rules_pages(ctx.speaking(code), cset, opts.cols, opts.rows)))
    return docs


KIND = "hubble kit"
"""What the kit folder records as having written it (:mod:`spacebowl_print.core.folders`)."""


def build_hubble_kit(cset: ConstellationSet, out_dir: str | os.PathLike[str],
                     opts: KitOptions, *, png_dpi: int | None = None, tts: bool = False,
                     force: bool = False) -> KitResult:
    """Write Hubble's print-and-play kit for ``cset`` into ``out_dir`` (all or nothing):
    ``cards.pdf``, ``cut-guide.json``, ``cut-lines-NN.svg``, ``svg/card-NNN.svg`` and
    ``svg/back.svg``, ``pads.pdf``, ``dice.pdf``, ``rules-<lang>.pdf`` and ``kit.pdf``;
    ``png_dpi``, ``tts`` and ``force`` as :func:`~spacebowl_print.publish.kit.build_kit` takes
    them. Raises :class:`InputError` naming the bad option."""
    opts.check()
    fronts, back = card_items(cset, opts.ctx, opts.seed)
    docs = extra_documents(cset, opts)
    try:
        return build_kit(out_dir, fronts=fronts, back=back, bleed=BLEED_MM,
                         paper=PAPER[opts.paper], title="Hubble", extras=docs,
                         tips=(words(opts.langs[0])["kit_tip"],),
                         naming=CARDS, lang=opts.langs[0], png_dpi=png_dpi, tts=tts,
                         kind=KIND, force=force)
    except LayoutError as err:
        raise InputError(err.message, "paper") from None


class HubbleKit:
    """Hubble's :class:`~spacebowl_print.publish.kinds.KitKind`: the 20 constellation cards on
    card sheets, a pad per player, the paper dice and the rule summaries."""

    papers = PAPERS
    contents = ("cards.pdf            the constellation cards, crop marks, backs for "
                "long-edge duplex\n"
                "pads.pdf             the scoring pads, one a player\n"
                "dice.pdf             the paper dice to fold and glue\n"
                "rules-LANG.pdf       the rule summary in each --lang")
    options = (
        Option("players", "--players", "Pads to print (one a page, one a player a game).",
               default=4, kind="int", bounds=(1, MAX_PLAYERS)),
        PAD_OPTION, SET_OPTION)

    def parts(self, options: Mapping[str, Any], langs: Sequence[str], ctx: RenderContext,
              seed: int) -> KitParts:
        cols, rows = pad_size_of(options)
        opts = KitOptions(ctx.paper, tuple(langs), int(options["players"]), ctx.ink_saver,
                          seed, cols, rows).check()
        cset = load_constellation_set(options.get("constellations"))
        fronts, back = card_items(cset, opts.ctx, opts.seed)
        return KitParts(title="Hubble", fronts=fronts, back=back, bleed=BLEED_MM,
                        naming=CARDS, documents=extra_documents(cset, opts),
                        tips=(words(opts.langs[0])["kit_tip"],))


KIT = HubbleKit()
"""The kit :data:`spacebowl_print.games.hubble.GAME` names."""


__all__ = [
    "KIND",
    "KIT",
    "MAX_PLAYERS",
    "PAD_OPTION",
    "PAPERS",
    "SET_OPTION",
    "HubbleKit",
    "KitOptions",
    "build_hubble_kit",
    "extra_documents",
    "pad_size_of",
    "parse_pad_size",
]
