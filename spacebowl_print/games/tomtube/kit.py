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

from collections.abc import Sequence

from spacebowl_print.games.tomtube.art.boardsheet import A3, EDGE_MM, board_pages
from spacebowl_print.games.tomtube.art.pieces import counter_pages, standee_pages
from spacebowl_print.games.tomtube.art.rules import rules_pages
from spacebowl_print.games.tomtube.art.tiles import tile_items
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.model.tiles_file import TilesChoice
from spacebowl_print.publish.items import Naming
from spacebowl_print.publish.kinds import KitKind, KitParts
from spacebowl_print.publish.kit import Document
from spacebowl_print.publish.requests import KitRequest
from spacebowl_print.render.api import PAPER, Canvas, DrawnPage, Page, Style

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


def extra_documents(tiles: TileSet, req: KitRequest) -> list[Document]:
    """The kit's documents besides the tile sheets, in print order: the board, the
    counters, the astronauts (all labelled in the first language), then one rule summary
    per language of the request (``rules-<lang>``)."""
    ctx = req.run.ctx
    paper = PAPER_MM[ctx.paper]
    lang, ink_saver = ctx.lang, ctx.ink_saver
    one_sheet = ctx.paper == "a3"
    board = board_pages(ctx.paper, lang, ink_saver, req.run.seed)
    docs = [
        Document("board", "Board", board,
                 "one sheet" if one_sheet else
                 f"{len(board)} sheets: trim the dash-dot edges, lay the ⊕ marks on each "
                 "other, glue"),
        Document("counters", "Counters", counter_pages(paper, lang, ink_saver),
                 "card stock; fold, glue, then cut"),
        Document("astronauts", "Astronaut standees", standee_pages(paper, lang, ink_saver),
                 "card stock; fold at the helmet"),
    ]
    for code in req.langs:
        pages = rules_pages(code, "a4" if one_sheet else ctx.paper, tiles, ink_saver)
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


class TomTubeKit:
    """Tom Tube's :class:`~spacebowl_print.publish.kinds.KitKind`: the tiles die-cut, the
    board (tiled or on A3), counters, standees and the rule summaries."""

    Options = TilesChoice

    def parts(self, options: TilesChoice, req: KitRequest) -> KitParts:
        tiles = options.load()
        fronts, backs = tile_items(tiles, EDGE_MM, BLEED_MM, req.run.ctx.ink_saver,
                                   req.run.seed)
        return KitParts(title="Tom Tube", fronts=fronts, back=backs, bleed=BLEED_MM,
                        naming=TOMTUBE_TILES, documents=extra_documents(tiles, req),
                        tips=TIPS, margin=PRINTER_MARGIN_MM)


KIT: KitKind[TilesChoice] = TomTubeKit()
"""The kit :data:`spacebowl_print.games.tomtube.GAME` names."""


__all__ = [
    "BLEED_MM",
    "KIT",
    "PAPER_MM",
    "PRINTER_MARGIN_MM",
    "TOMTUBE_TILES",
    "TomTubeKit",
    "extra_documents",
    "two_up",
]
