"""Small drawings for puzzle pages, answer keys and worksheets: a galaxy of mini cards and the
Ship Computer with a toss, both at any size. Mini cards are reusable forms (one per card and
decoy level), so a year of puzzles reuses a few dozen drawings."""

from __future__ import annotations

from collections.abc import Collection

import numpy as np

from spacebowl_print.games.spacebowl.art.cards import planet_disc
from spacebowl_print.games.spacebowl.model import SPACES, Deck, Galaxy, Pos, Toss
from spacebowl_print.render.api import Canvas, Style

INK = "#1A1A2E"
MUTED = "#5A5A6E"
CARD = "#FBFBFE"
EDGE = "#9A9AB0"
HIGHLIGHT = "#E69F00"  # Okabe–Ito orange: the answer marks
DISC = "#7B3FA0"  # the purple Destination disc


def _decoy_star(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    k = r * 0.28
    pts = [(cx, cy + r), (cx + k, cy + k), (cx + r, cy), (cx + k, cy - k), (cx, cy - r),
           (cx - k, cy - k), (cx - r, cy), (cx - k, cy + k)]
    canvas.polygon(pts, Style(fill="#B0B0C4"))


def _decoy_comet(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    canvas.line(cx, cy, cx + 3.2 * r, cy + 1.6 * r, Style(stroke="#B0B0C4", width=r * 0.7))
    canvas.circle(cx, cy, r, Style(fill="#8E8EA6"))


def draw_galaxy(canvas: Canvas, deck: Deck, g: Galaxy, x: float, y: float, w: float, h: float,
                *, decoys: str = "none", marked: Collection[Pos] = (), wild: Pos | None = None,
                wild_letter: str = "W", compact: bool = False) -> None:
    """The galaxy fitted into the box (x, y, w, h) as mini cards (planet discs with glyphs;
    decoys ``"none"``, ``"stars"`` or ``"all"``), with column letters and row numbers unless
    ``compact``; the ``marked`` cells are ringed; the Wild token (``wild_letter``) drawn on
    ``wild``."""
    label = 0.0 if compact else 4.0
    gap = 0.8 if compact else 1.4
    aspect = 63 / 88
    ch = min((h - label - (g.rows - 1) * gap) / g.rows,
             ((w - label - (g.cols - 1) * gap) / g.cols) / aspect)
    cw = ch * aspect
    total_w = label + g.cols * cw + (g.cols - 1) * gap
    x0 = x + (w - total_w) / 2 + label
    top = y + h - label
    if not compact:
        for c in range(g.cols):
            canvas.text(x0 + c * (cw + gap) + cw / 2, top + 1, chr(65 + c), 7, "bold", MUTED,
                        "middle")
        for r in range(g.rows):
            canvas.text(x0 - 2, top - r * (ch + gap) - ch / 2 - 1, str(r + 1), 7, "bold", MUTED,
                        "end")
    for pos in g.positions():
        cx = x0 + pos.col * (cw + gap)
        cy = top - (pos.row + 1) * ch - pos.row * gap
        cell = g[pos]
        radius = min(cw, ch) * 0.09
        if cell is None:  # face down: a hatched back
            canvas.rect(cx, cy, cw, ch, Style(fill="#3A3A58", stroke=EDGE, width=0.2),
                        radius=radius)
            for k in range(1, 5):
                canvas.line(cx + cw * k / 5, cy + 1, cx + cw * k / 5, cy + ch - 1,
                            Style(stroke="#55557A", width=0.3))
        else:
            cid = g.card_ids[pos.row][pos.col] if g.card_ids else None
            shown = decoys if cid is not None and not compact else "none"
            name = mini_card(canvas, deck, cell, cid, shown)
            canvas.place(name, cx, cy, cw / MINI_W)
            if pos in marked:
                canvas.rect(cx, cy, cw, ch, Style(fill=HIGHLIGHT, stroke=HIGHLIGHT, width=1.1,
                                                  opacity=0.35), radius=radius)
                canvas.rect(cx, cy, cw, ch, Style(stroke=HIGHLIGHT, width=1.1), radius=radius)
        if wild == pos:
            wr = min(cw, ch) * 0.16
            canvas.circle(cx + cw - wr * 0.9, cy + ch - wr * 0.9, wr,
                          Style(fill="#FFFFFF", stroke=INK, width=0.4))
            canvas.text(cx + cw - wr * 0.9, cy + ch - wr * 1.3, wild_letter,
                        wr * 2.8, "bold", INK, "middle")


MINI_W = 20.0
MINI_H = MINI_W * 88 / 63


def mini_card(canvas: Canvas, deck: Deck, cell: frozenset[str], card_id: int | None,
              decoys: str) -> str:
    """Define (once per document) the mini card of a galaxy cell and return its art name.

    Drawn at :data:`MINI_W` × :data:`MINI_H` and placed scaled: a booklet deals its galaxies
    from one deck, so a few dozen forms serve thousands of cells. Decoy positions depend on
    the card alone, so a card looks the same in every puzzle.
    """
    planets = [pl for pl in deck.planets if pl.id in cell]
    name = f"mini-{card_id if card_id is not None else ''.join(p.id for p in planets)}-{decoys}"
    if decoys != "none" and card_id is not None:
        card = deck.card(card_id)
        stars, comets = card.stars, card.comets if decoys == "all" else 0
    else:
        stars = comets = 0

    def paint(c: Canvas) -> None:
        w, h = MINI_W, MINI_H
        c.rect(0, 0, w, h, Style(fill=CARD, stroke=EDGE, width=0.3), radius=w * 0.09)
        rng = np.random.default_rng([card_id or 0, 7])
        for _ in range(stars):
            _decoy_star(c, w * rng.uniform(0.12, 0.88), h * rng.uniform(0.08, 0.92), w * 0.05)
        for _ in range(comets):
            _decoy_comet(c, w * rng.uniform(0.12, 0.6), h * rng.uniform(0.08, 0.92), w * 0.035)
        r = w * (0.2 if len(planets) <= 2 else 0.17)
        for pl, (sx, sy) in zip(planets, _spots(len(planets), w, h), strict=False):
            planet_disc(c, pl, sx, sy, r)

    canvas.define(name, MINI_W, MINI_H, paint)
    return name


def _spots(n: int, w: float, h: float) -> list[tuple[float, float]]:
    """Planet centres on a mini card: one centred, two stacked, three in a triangle, four in
    a square."""
    if n <= 1:
        return [(w / 2, h / 2)]
    if n == 2:
        return [(w / 2, h * 0.7), (w / 2, h * 0.3)]
    if n == 3:
        return [(w * 0.3, h * 0.7), (w * 0.7, h * 0.7), (w / 2, h * 0.3)]
    cols, rows = 2, (n + 1) // 2
    return [(w * (0.3 + 0.4 * (i % cols)), h * (0.78 - 0.56 * (i // cols) / max(rows - 1, 1)))
            for i in range(n)]


def draw_toss(canvas: Canvas, deck: Deck, toss: Toss, x: float, y: float, size: float,
              title: str) -> None:
    """The Ship Computer seen from above, ``size`` mm square with ``title`` above it: 3×3
    spaces, the purple Destination disc, the marbles as planet discs and the black Black Hole
    disc in their spaces."""
    canvas.text(x, y + size + 1.5, title, 8, "bold", MUTED)
    cell = size / 3
    canvas.rect(x, y, size, size, Style(fill="#F2F2F8", stroke=INK, width=0.6), radius=1.5)
    for k in (1, 2):
        canvas.line(x + k * cell, y, x + k * cell, y + size, Style(stroke=EDGE, width=0.3))
        canvas.line(x, y + k * cell, x + size, y + k * cell, Style(stroke=EDGE, width=0.3))
    occupants: dict[Pos, list[str]] = {s: [] for s in SPACES}
    occupants[toss.destination].append("disc")
    if toss.black_hole is not None:
        occupants[toss.black_hole].append("hole")
    for planet, space in toss.marbles.items():
        occupants[space].append(planet)
    for space, things in occupants.items():
        sx = x + space.col * cell
        sy = y + size - (space.row + 1) * cell
        canvas.text(sx + 1, sy + cell - 2.6, space.name, 5, "regular", MUTED)
        if not things:
            continue
        r = cell * (0.3 if len(things) == 1 else 0.2)
        offsets = [(0.5, 0.45)] if len(things) == 1 else [
            (0.3, 0.65), (0.7, 0.65), (0.3, 0.28), (0.7, 0.28), (0.5, 0.46)][: len(things)]
        for thing, (ox, oy) in zip(things, offsets, strict=False):
            cx, cy = sx + cell * ox, sy + cell * oy
            if thing == "disc":
                canvas.circle(cx, cy, r, Style(fill=DISC, stroke=INK, width=0.3))
                canvas.circle(cx, cy, r * 0.45, Style(stroke="#FFFFFF", width=0.5))
            elif thing == "hole":
                canvas.circle(cx, cy, r, Style(fill="#000000", stroke="#FFFFFF", width=0.3))
                canvas.circle(cx, cy, r * 1.12, Style(stroke=INK, width=0.3))
            else:
                planet_disc(canvas, deck.planet(thing), cx, cy, r)
