"""A Space Bowl puzzle on a web page: the galaxy as a grid of cards to pick (each its mini card
as inline SVG), the toss, the question, and the answer with the engine's reason.

Each distinct mini card is drawn once per run (``SpaceBowlPuzzle.art_cache``): a year of
pages shows about 9,000 cards but only a few hundred different ones.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from spacebowl_print.games.spacebowl.art.minigalaxy import MINI_H, MINI_W, draw_toss, mini_card
from spacebowl_print.games.spacebowl.art.texts import WEB_WORDS, WORDS
from spacebowl_print.games.spacebowl.model import galaxy_to_json, toss_to_json, variants_to_json
from spacebowl_print.games.spacebowl.puzzles.answers import answer_reasons
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.publish.kinds import WebView
from spacebowl_print.publish.site import inline_svg, prefix_ids
from spacebowl_print.render.api import Canvas, Style

if TYPE_CHECKING:  # the puzzle's type only: the puzzle module imports this one
    from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle

TOSS_MM = 42.0
"""The toss drawing's size on the page (it scales with the screen)."""


def _face_down() -> str:
    def back(c: Canvas) -> None:
        c.rect(0, 0, MINI_W, MINI_H, Style(fill="#3A3A58", stroke="#9A9AB0", width=0.3),
               radius=MINI_W * 0.09)
        for k in range(1, 5):
            c.line(MINI_W * k / 5, 1, MINI_W * k / 5, MINI_H - 1,
                   Style(stroke="#55557A", width=0.4))
    return inline_svg(MINI_W, MINI_H, back)


def card_svg(p: SpaceBowlPuzzle, row: int, col: int) -> str:
    """The mini card at (row, col) as inline SVG (a face-down card's hatched back), drawn
    once per distinct card and decoy level for the whole run."""
    cell = p.galaxy.cells[row][col]
    cid = p.galaxy.card_ids[row][col] if p.galaxy.card_ids else None
    decoys = TIERS[p.tier].decoys if cid is not None else "none"
    key = ("back",) if cell is None else (cell, cid, decoys)
    cached = p.art_cache.get(key)
    if cached is not None:
        return cached
    if cell is None:
        svg = _face_down()
    else:
        def paint(c: Canvas) -> None:
            c.place(mini_card(c, p.deck, cell, cid, decoys), 0, 0)
        svg = inline_svg(MINI_W, MINI_H, paint)
    p.art_cache[key] = svg
    return svg


@lru_cache(maxsize=4096)
def _in_cell(svg: str, cell: str) -> str:
    """A card's drawing with its ids prefixed by its cell (a card drawn for many pages sits
    in the same cell of many of them: done once)."""
    return prefix_ids(svg, f"{cell}-")


def web_view(p: SpaceBowlPuzzle) -> WebView:
    """What the day's page shows: ``data`` carries the card grid, the toss drawing and the
    answer (the cards to pick) for the Space Bowl template's script."""
    words = WORDS[p.lang]
    g = p.galaxy
    # a card's drawing is shared by every page that shows it: its ids get the cell's name
    cards = [[{"cell": f"{chr(65 + c)}{r + 1}",
               "svg": _in_cell(card_svg(p, r, c), f"{chr(65 + c)}{r + 1}"),
               "wild": p.variants.wild is not None and (r, c) == tuple(p.variants.wild)}
              for c in range(g.cols)] for r in range(g.rows)]
    toss = inline_svg(TOSS_MM, TOSS_MM + 5, lambda c: draw_toss(c, p.deck, p.toss, 0, 0,
                                                                 TOSS_MM, words["toss"]),
                      ids="toss-")
    wild = words["wild_on"].format(cell=p.variants.wild.name) if p.variants.wild else ""
    web = WEB_WORDS[p.lang]
    names = (["black_hole"] if p.toss.black_hole is not None else []) + list(p.variant_names)
    data: dict[str, Any] = {
        "cards": cards, "cols": g.cols, "rows": g.rows, "toss_svg": toss, "wild": wild,
        "wild_letter": p.wild_letter,
        # what the page's engine (templates/spacebowl/web-engine.js) reads
        "galaxy": {"cards": galaxy_to_json(g, p.deck.letters)["cards"]},
        "toss": toss_to_json(p.toss), "variants": variants_to_json(p.variants),
        "question": p.question,
        "explain": [web[f"var_{n}"] for n in names if f"var_{n}" in web],
        "words": {k: web[k] for k in ("count_is", "time", "solved_in", "best_time", "no_card",
                                      "face_down")},
    }
    reasons = answer_reasons(p)
    data["reasons"] = list(reasons)
    return WebView(puzzle=toss, question=web[f"web_{p.question}"], answer=" ".join(reasons),
                   data=data)


__all__ = ["card_svg", "web_view"]
