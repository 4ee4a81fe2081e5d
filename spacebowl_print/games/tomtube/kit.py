"""Tom Tube's print-and-play kit: the 40 rhombs of a tile set and the 18 player triangles as
die-cut tile sheets (through the generic :func:`spacebowl_print.publish.kit.build_kit`, which
tessellates them so that neighbours share one cut), plus the board, the counters, the
astronaut standees and one rule summary per language, all behind one cover in ``kit.pdf``.

Papers: A4 and Letter (the board tiled over four sheets), A3 (the board on one sheet; the
A4 rule summaries two to a landscape A3 sheet, to cut in half). The seed only places the
stars on the board and on the rhomb backs; the same inputs and seed give byte-identical
files.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.tomtube.art.boardsheet import A3, EDGE_MM, board_pages
from spacebowl_print.games.tomtube.art.pieces import counter_pages, standee_pages
from spacebowl_print.games.tomtube.art.rules import rules_pages
from spacebowl_print.games.tomtube.art.texts import LANGS
from spacebowl_print.games.tomtube.art.tiles import tile_items
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.model.tiles_file import TILES_OPTION, load_tiles
from spacebowl_print.publish.items import LayoutError, Naming
from spacebowl_print.publish.kinds import KitParts, RenderContext
from spacebowl_print.publish.kit import Document, KitResult, build_kit, check_kit_choices
from spacebowl_print.render.api import PAPER, Canvas, DrawnPage, Page, Style

PAPERS: tuple[str, ...] = ("a4", "letter", "a3")
PAPER_MM: dict[str, tuple[float, float]] = {"a4": PAPER["a4"], "letter": PAPER["letter"],
                                            "a3": A3}
BLEED_MM = 3.0
"""Tile bleed beyond outer cuts (shared cuts between tiles have none)."""
PRINTER_MARGIN_MM = 5.0
"""Tile sheets keep clear of the paper's outer 5 mm, which most printers cannot reach."""

TOMTUBE_TILES = Naming("tile", "tiles", stock_tip=(
    f"Tiles: {EDGE_MM:g} mm a side, like the board's edges. Print on card stock "
    "(250–350 g/m²) or glue the sheets on grey board before cutting; neighbouring tiles "
    "share one cut, so cut along every printed line."), stock_tips={"de": (
        f"Plättchen: {EDGE_MM:g} mm Kantenlänge, wie die Kanten des Spielplans. Auf Karton "
        "(250–350 g/m²) drucken oder die Bögen vor dem Schneiden auf Graupappe kleben; "
        "benachbarte Plättchen teilen sich einen Schnitt, also jede gedruckte Linie schneiden.")})


@dataclass(frozen=True)
class KitOptions:
    """What ``spacebowl tomtube kit`` lets the user choose."""

    paper: str = "a4"
    langs: tuple[str, ...] = LANGS  # every language the game has, as in every game's kit
    ink_saver: bool = False
    seed: int = 1

    def check(self) -> KitOptions:
        """Return self, or raise :class:`InputError` naming the bad option."""
        check_kit_choices(self.paper, PAPERS, self.langs, LANGS, self.seed)
        return self


def two_up(pages: Sequence[Page], sheet: tuple[float, float]) -> list[Page]:
    """Pages two side by side on the landscape ``sheet`` (A4 pairs on A3), each centred in
    its half, a short cut mark at the middle of the top and bottom edges."""
    sw, sh = sheet
    out: list[Page] = []
    for k in range(0, len(pages), 2):
        pair = list(pages[k:k + 2])

        def paint(c: Canvas, pair: list[Page] = pair) -> None:
            for half, page in enumerate(pair):
                c.save()
                c.translate(half * sw / 2 + (sw / 2 - page.width) / 2, (sh - page.height) / 2)
                page.draw(c)
                c.restore()
            mark = Style(stroke="#808080", width=0.2)
            c.line(sw / 2, sh - 5.0, sw / 2, sh, mark)
            c.line(sw / 2, 0.0, sw / 2, 5.0, mark)

        out.append(DrawnPage(sw, sh, paint))
    return out


def extra_documents(tiles: TileSet, opts: KitOptions) -> list[Document]:
    """The kit's documents besides the tile sheets, in print order: the board, the
    counters, the astronauts (all labelled in the first language), then one rule summary
    per language (``rules-<lang>``)."""
    paper = PAPER_MM[opts.paper]
    lang = opts.langs[0]
    one_sheet = opts.paper == "a3"
    board = board_pages(opts.paper, lang, opts.ink_saver, opts.seed)
    docs = [
        Document("board", "Board", board,
                 "one sheet" if one_sheet else
                 f"{len(board)} sheets: trim the dash-dot edges, lay the ⊕ marks on each "
                 "other, glue"),
        Document("counters", "Counters", counter_pages(paper, lang, opts.ink_saver),
                 "card stock; fold, glue, then cut"),
        Document("astronauts", "Astronaut standees", standee_pages(paper, lang,
                                                                   opts.ink_saver),
                 "card stock; fold at the helmet"),
    ]
    for code in opts.langs:
        pages = rules_pages(code, "a4" if one_sheet else opts.paper, tiles, opts.ink_saver)
        if one_sheet:
            pages = two_up(pages, (A3[1], A3[0]))
        docs.append(Document(f"rules-{code}", f"Rule summary ({code})", pages,
                             "two A4 pages a sheet: cut in half" if one_sheet else ""))
    return docs


TIPS = (
    "Rhombs all share one back (the stack lies face down); a triangle's back shows its owner.",
    "Tubes differ by pattern as well as colour — Tom's dotted, Dave's with rungs, neutral "
    "striped — and counters by shape, so a greyscale print plays as well.",
)


KIND = "tomtube kit"
"""What the kit folder records as having written it (:mod:`spacebowl_print.core.folders`)."""


def build_tomtube_kit(tiles: TileSet, out_dir: str | os.PathLike[str],
                      opts: KitOptions, *, png_dpi: int | None = None, tts: bool = False,
                      force: bool = False) -> KitResult:
    """Write Tom Tube's print-and-play kit for ``tiles`` into ``out_dir`` (all or nothing):
    ``tiles.pdf``, ``cut-guide.json``, ``cut-lines-NN.svg``, ``svg/tile-NNN.svg`` and
    ``svg/back-NN.svg`` (rhombs 1–40 by their tile-set ids, triangles 41–58), ``board.pdf``,
    ``counters.pdf``, ``astronauts.pdf``, ``rules-<lang>.pdf`` and ``kit.pdf``; ``png_dpi``,
    ``tts`` and ``force`` as :func:`~spacebowl_print.publish.kit.build_kit` takes them. Raises
    :class:`InputError` naming the bad option."""
    opts.check()
    fronts, backs = tile_items(tiles, EDGE_MM, BLEED_MM, opts.ink_saver, opts.seed)
    docs = extra_documents(tiles, opts)
    try:
        return build_kit(out_dir, fronts=fronts, back=backs, bleed=BLEED_MM,
                         paper=PAPER_MM[opts.paper], title="Tom Tube", extras=docs,
                         tips=TIPS, naming=TOMTUBE_TILES, margin=PRINTER_MARGIN_MM,
                         lang=opts.langs[0], png_dpi=png_dpi, tts=tts, kind=KIND, force=force)
    except LayoutError as err:
        raise InputError(err.message, "paper") from None


class TomTubeKit:
    """Tom Tube's :class:`~spacebowl_print.publish.kinds.KitKind`: the tiles die-cut, the
    board (tiled or on A3), counters, standees and the rule summaries."""

    papers = PAPERS
    options = (TILES_OPTION,)
    contents = (f"tiles.pdf            40 rhombs and 18 triangles ({EDGE_MM:g} mm edges), "
                "die-cut, backs\n"
                f"board.pdf            the board ({EDGE_MM:g} mm edges), tiled with glue margins "
                "or on A3\n"
                "counters.pdf         energy, control, alien and solar counters\n"
                "astronauts.pdf       the astronauts as fold-over standees\n"
                "rules-LANG.pdf       the rule summary in each --lang")

    def parts(self, options: Mapping[str, Any], langs: Sequence[str], ctx: RenderContext,
              seed: int) -> KitParts:
        opts = KitOptions(ctx.paper, tuple(langs), ctx.ink_saver, seed).check()
        tiles = load_tiles(options.get("tiles"))
        fronts, backs = tile_items(tiles, EDGE_MM, BLEED_MM, opts.ink_saver, opts.seed)
        return KitParts(title="Tom Tube", fronts=fronts, back=backs, bleed=BLEED_MM,
                        naming=TOMTUBE_TILES, documents=extra_documents(tiles, opts),
                        tips=TIPS, margin=PRINTER_MARGIN_MM)


KIT = TomTubeKit()
"""The kit :data:`spacebowl_print.games.tomtube.GAME` names."""


__all__ = [
    "BLEED_MM",
    "KIND",
    "KIT",
    "PAPERS",
    "PAPER_MM",
    "PRINTER_MARGIN_MM",
    "TILES_OPTION",
    "TOMTUBE_TILES",
    "KitOptions",
    "TomTubeKit",
    "build_tomtube_kit",
    "extra_documents",
    "two_up",
]
