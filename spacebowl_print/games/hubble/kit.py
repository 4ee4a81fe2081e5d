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

from spacebowl_print.games.hubble.art.cards import BLEED_MM, card_items
from spacebowl_print.games.hubble.art.dice import dice_pages
from spacebowl_print.games.hubble.art.padsheet import pad_pages
from spacebowl_print.games.hubble.art.rules import rules_pages
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.constellations import ConstellationSet
from spacebowl_print.games.hubble.solve.choices import HubbleKitChoice
from spacebowl_print.publish.items import CARDS
from spacebowl_print.publish.kinds import KitKind, KitParts
from spacebowl_print.publish.kit import Document
from spacebowl_print.publish.requests import KitRequest


def extra_documents(cset: ConstellationSet, opts: HubbleKitChoice, req: KitRequest
                    ) -> list[Document]:
    """The kit's documents besides the card sheets, in print order: the pads, the paper dice
    (both labelled, like the cover, in the first language), then one rule summary per
    language of the request (``rules-<lang>``)."""
    ctx = req.run.ctx
    wd = words(ctx.lang)
    docs = [
        Document("pads", wd["kit_pads"].format(cols=opts.cols, rows=opts.rows,
                                               n=opts.players),
                 pad_pages(ctx, opts.cols, opts.rows, opts.players), wd["kit_pads_note"]),
        Document("dice", wd["dice"], dice_pages(ctx), wd["kit_dice_note"]),
    ]
    for code in req.langs:
        docs.append(Document(f"rules-{code}", wd["kit_rules"].format(lang=code),
                             rules_pages(ctx.speaking(code), cset, opts.cols, opts.rows)))
    return docs


class HubbleKit:
    """Hubble's :class:`~spacebowl_print.publish.kinds.KitKind`: the 20 constellation cards on
    card sheets, a pad per player, the paper dice and the rule summaries."""

    Options = HubbleKitChoice

    def parts(self, options: HubbleKitChoice, req: KitRequest) -> KitParts:
        cset = options.load_set()
        fronts, back = card_items(cset, req.run.ctx, req.run.seed)
        return KitParts(title="Hubble", fronts=fronts, back=back, bleed=BLEED_MM,
                        naming=CARDS, documents=extra_documents(cset, options, req),
                        tips=(words(req.run.ctx.lang)["kit_tip"],))


KIT: KitKind[HubbleKitChoice] = HubbleKit()
"""The kit :data:`spacebowl_print.games.hubble.GAME` names."""


__all__ = ["KIT", "HubbleKit", "extra_documents"]
