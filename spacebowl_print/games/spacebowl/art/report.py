"""The deck report (``spacebowl deck report``): what a deck maker needs to know before printing,
as figures (:class:`ReportData`, also the ``--json`` output) and as PDF pages drawn with the
project's own Canvas API (so fonts are embedded and output is byte-identical for a seed).

Pages: (1) verdicts per variant against the designer's bands, no-solution share and mean
solutions per variant with the bands shaded, warnings; (2) the full distribution of solutions
per toss for every variant, every count drawn (nothing cut), with the no-solution band shaded
on the 0 bar and the mean band along the axis; (3) composition: planet and pair frequencies as
a heat map, planets per card, black-hole spread, decoys; (4) a sample galaxy and toss with the
answer marked.

The difficulty figures are exactly those of ``spacebowl stats DECK --galaxies N --seed S``
(the same function, :func:`~..rules.stats.deck_stats`, with the same arguments).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from spacebowl_print.core.errors import InternalError
from spacebowl_print.games.spacebowl.art.charts import (
    BAND,
    BAR,
    GRID,
    INK,
    MIN_PT,
    MUTED,
    STATUS_COLOURS,
    hbars,
    heatmap,
    histogram,
    pct,
    vbars,
)
from spacebowl_print.games.spacebowl.art.minigalaxy import draw_galaxy, draw_toss
from spacebowl_print.games.spacebowl.art.sky import planet_disc
from spacebowl_print.games.spacebowl.art.themed import art_warnings
from spacebowl_print.games.spacebowl.model import (
    SPACES,
    Deck,
    Galaxy,
    Solution,
    Toss,
    galaxy_to_json,
    solutions_to_json,
    toss_to_json,
)
from spacebowl_print.games.spacebowl.rules import reference
from spacebowl_print.games.spacebowl.rules.deck_health import (
    CHECK_GALAXIES,
    Bands,
    Verdict,
    deck_bands,
    deck_warnings,
    format_distribution,
    structure_warnings,
    verdict,
)
from spacebowl_print.games.spacebowl.rules.stats import VARIANTS, DeckStats, deal, deck_stats
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import fit_size, wrap

MARGIN = 14.0


# -- the figures ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sample:
    """One dealt galaxy and toss: the top card whose planets were tossed, and the answer."""

    galaxy: Galaxy
    toss: Toss
    top_card: int
    solutions: tuple[Solution, ...]
    near_misses: int


@dataclass(frozen=True)
class ReportData:
    """Everything the report shows. ``stats`` is exactly what ``spacebowl stats`` computes for
    the same deck, galaxies and seed."""

    deck: Deck
    stats: DeckStats
    bands: Bands
    verdicts: tuple[Verdict, ...]
    warnings: tuple[str, ...]
    sample: Sample
    seconds: float = 0.0
    composition: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """The report's figures: ``deck``, ``galaxies``, ``seed`` and ``variants`` exactly as
        ``spacebowl stats DECK --json`` prints them, then bands, verdicts, composition,
        warnings and the sample."""
        s = self.sample
        out = self.stats.to_json()
        out.update({
            "bands": self.bands.to_json(),
            "verdicts": {v.variant: v.to_json() for v in self.verdicts},
            "composition": self.composition,
            "warnings": list(self.warnings),
            "sample": {"galaxy": galaxy_to_json(s.galaxy, self.deck.letters),
                       "toss": toss_to_json(s.toss), "top_card": s.top_card,
                       **solutions_to_json(list(s.solutions)),
                       "near_misses": s.near_misses},
            "seconds": round(self.seconds, 3),
        })
        return out


def composition(deck: Deck) -> dict[str, object]:
    """Planet and pair frequencies, planets per card, black-hole spread (per planet, how many
    black-hole cards show it), decoys per card."""
    letters = deck.letters
    sizes = Counter(len(c.planets) for c in deck.cards)
    bh = [c for c in deck.cards if c.black_hole]
    per_planet = {p: sum(p in c.planets for c in bh) for p in letters}
    decoys = Counter(c.comets + c.stars for c in deck.cards)
    return {
        "cards": len(deck.cards),
        "planets_per_card": {str(k): sizes[k] for k in sorted(sizes)},
        "planet_frequency": {p: sum(p in c.planets for c in deck.cards) for p in letters},
        "pair_frequency": {a + b: sum(a in c.planets and b in c.planets for c in deck.cards)
                           for a, b in itertools.combinations(letters, 2)},
        "black_hole": {"cards": len(bh), "per_planet": per_planet,
                       "spread": max(per_planet.values()) - min(per_planet.values()),
                       "planets_per_card": {str(k): v for k, v in sorted(
                           Counter(len(c.planets) for c in bh).items())}},
        "decoys_per_card": {str(k): decoys[k] for k in sorted(decoys)},
    }


SAMPLE_TRIES = 64


def sample_deal(deck: Deck, seed: int) -> Sample:
    """A seeded 5×5 galaxy, a top card among those left, and a random toss of its planets,
    answered by the reference engine. Of up to :data:`SAMPLE_TRIES` seeded tosses the first
    with a solution is shown (an example with an answer teaches more); the last one if none
    has."""
    galaxies, left = deal(deck, 1, seed)
    galaxy = galaxies[0]
    rng = np.random.default_rng([seed, 0x5A])
    for _ in range(SAMPLE_TRIES):
        top = deck.cards[int(rng.choice(np.flatnonzero(left[0])))]
        spaces = rng.integers(9, size=len(top.planets) + 1)
        toss = Toss(SPACES[int(spaces[0])],
                    {p: SPACES[int(spaces[1 + i])] for i, p in enumerate(top.planets)})
        sols, near = reference.analyse(galaxy, toss)
        if sols:
            break
    return Sample(galaxy, toss, top.id, tuple(sols), len(near))


def report_data(deck: Deck, galaxies: int = 200, seed: int = 1,
                variants: Sequence[str] = VARIANTS,
                advance: Callable[[int], None] = lambda k: None, jobs: int = 1,
                card_size: tuple[float, float] = (63.0, 88.0)) -> ReportData:
    """Compute the report: the exact statistics (as ``spacebowl stats``), verdicts, warnings
    (structure and print), composition and a sample deal."""
    stats = deck_stats(deck, galaxies, seed, variants, advance, jobs)
    bands = deck_bands(deck)
    verdicts = tuple(verdict(v, bands) for v in stats.variants)
    warnings = [*structure_warnings(deck), *art_warnings(deck, card_size)]
    return ReportData(deck, stats, bands, verdicts, tuple(warnings), sample_deal(deck, seed),
                      composition=composition(deck))


def deck_check_warnings(deck: Deck, galaxies: int = CHECK_GALAXIES, seed: int = 1,
                        card_size: tuple[float, float] = (63.0, 88.0)) -> list[str]:
    """Every warning ``spacebowl deck check`` prints for a valid deck, one line each: how it
    plays (:func:`~..rules.deck_health.deck_warnings`) and how its pictures print
    (:func:`~.themed.art_warnings`, at ``card_size``). Empty for a deck that is fine."""
    return [*deck_warnings(deck, galaxies, seed), *art_warnings(deck, card_size)]


# -- pages ----------------------------------------------------------------------------------------

def report_pages(data: ReportData, paper: tuple[float, float] = (210.0, 297.0)) -> list[Page]:
    """The report's four pages on ``paper`` (width, height in mm)."""
    pw, ph = paper
    return [DrawnPage(pw, ph, partial(_paint_page, data, pw, ph, title, number, body))
            for number, (title, body) in enumerate(_PAGES, start=1)]


PageBody = Callable[[Canvas, ReportData, float, float], None]
"""Paints a page's body: (canvas, data, the y below the page header, the page width)."""


def _paint_page(data: ReportData, pw: float, ph: float, title: str, number: int,
                body: PageBody, c: Canvas) -> None:
    """One page: the header and footer every page has, then its body."""
    y = _header(c, pw, ph, data, title, number, len(_PAGES))
    body(c, data, y, pw)


def _header(c: Canvas, pw: float, ph: float, data: ReportData, title: str, page: int,
            pages: int) -> float:
    """Page title, the deck line, a rule; returns the y below it. Footer with page number."""
    d = data.deck
    top = ph - MARGIN
    c.text(MARGIN, top - 6, title, 15, "bold", INK)
    line = (f"deck {d.name!r} ({d.title}) · {len(d.cards)} cards · {data.stats.galaxies} "
            f"galaxies · seed {data.stats.seed} · bands from the {data.bands.source}")
    c.text(MARGIN, top - 12, line, fit_size(line, pw - 2 * MARGIN, 8.5, "regular", MIN_PT),
           "regular", MUTED)
    c.line(MARGIN, top - 15, pw - MARGIN, top - 15, Style(stroke=GRID, width=0.4))
    c.text(pw - MARGIN, MARGIN - 6, f"Space Bowl deck report · {page}/{pages}", 6.5,
           "regular", MUTED, "end")
    return top - 19


def _paragraph(c: Canvas, text: str, x: float, y: float, width: float, size: float,
               step: float) -> None:
    """``text`` in muted type wrapped to ``width``, its first baseline at ``y``, a line every
    ``step`` mm down."""
    for k, ln in enumerate(wrap(text, width, size)):
        c.text(x, y - step * k, ln, size, "regular", MUTED)


def _summary(c: Canvas, data: ReportData, y: float, pw: float) -> None:
    """Page 1: verdicts, the two difficulty charts, warnings."""
    width = pw - 2 * MARGIN
    y = _verdicts(c, data, y, width)
    y = _difficulty_charts(c, data, y, width)
    _warnings(c, data, y, width)
    note = ("Figures: exact over every toss of the top card's marbles on each dealt galaxy "
            "(as spacebowl stats). Green: in band; orange: outside; red: more than a "
            "band's width outside.")
    _paragraph(c, note, MARGIN, MARGIN + 4, width, 6.5, 3)


def _verdicts(c: Canvas, data: ReportData, y: float, width: float) -> float:
    """A line per variant with its status dot; returns the y below them."""
    c.text(MARGIN, y - 4, "Verdict per variant (against the designer's bands, base game)",
           9, "bold", INK)
    y -= 9
    for v in data.verdicts:
        lines = wrap(v.line, width - 6, 7.5)
        c.circle(MARGIN + 1.6, y + 1.1, 1.4, Style(fill=STATUS_COLOURS[v.status]))
        for k, ln in enumerate(lines):
            c.text(MARGIN + 5, y - 3.4 * k, ln, 7.5, "bold" if k == 0 and v.variant ==
                   "base" else "regular", INK)
        y -= 3.4 * len(lines) + 1.6
    return y - 2


def _difficulty_charts(c: Canvas, data: ReportData, y: float, width: float) -> float:
    """No-solution share and mean solutions per variant against their bands; returns the y
    below them."""
    names = [v.variant for v in data.stats.variants]
    status = {v.variant: v.status for v in data.verdicts}
    chart_h = 10 + 8.5 * len(names) + 8
    hbars(c, MARGIN, y - chart_h, width, chart_h, "Share of tosses with no solution",
          [(n, f.share_none, STATUS_COLOURS[status[n]])
           for n, f in zip(names, data.stats.variants, strict=True)],
          data.bands.none, pct, "target band")
    y -= chart_h + 4
    hbars(c, MARGIN, y - chart_h, width, chart_h, "Mean solutions per toss",
          [(n, f.mean, STATUS_COLOURS[status[n]])
           for n, f in zip(names, data.stats.variants, strict=True)],
          data.bands.mean, lambda v: f"{v:.2f}".rstrip("0").rstrip("."), "target band")
    return y - (chart_h + 6)


def _warnings(c: Canvas, data: ReportData, y: float, width: float) -> None:
    """The warnings (or a line saying there are none), as many as fit above the note."""
    c.text(MARGIN, y, "Warnings", 9, "bold", INK)
    y -= 5
    shown = list(data.warnings) or ["none: the deck is complete and prints cleanly"]
    for w in shown:
        for k, ln in enumerate(wrap(w, width - 4, 7.5)):
            if y < MARGIN + 4:
                return
            c.text(MARGIN + (4 if k else 0), y, ("• " if k == 0 else "") + ln, 7.5,
                   "regular", "#8A3B12" if data.warnings else MUTED)
            y -= 3.6
        y -= 0.8


def _distributions(c: Canvas, data: ReportData, y: float, pw: float) -> None:
    """Page 2: every variant's whole histogram, two a row, and the bands' legend."""
    status = {v.variant: v.status for v in data.verdicts}
    cols, gap = 2, 8.0
    w = (pw - 2 * MARGIN - gap) / cols
    rows = math.ceil(len(data.stats.variants) / cols)
    h = min(70.0, (y - MARGIN - 12) / max(rows, 1) - 4)
    for i, f in enumerate(data.stats.variants):
        bx = MARGIN + (i % cols) * (w + gap)
        by = y - (i // cols + 1) * (h + 4)
        histogram(c, bx, by, w, h, f, data.bands, status[f.variant])
    ly = y - rows * (h + 4) - 4
    c.rect(MARGIN, ly, 4, 2.6, Style(fill=BAND))
    c.text(MARGIN + 6, ly + 0.4, f"target bands: no solution {pct(data.bands.none[0])}–"
           f"{pct(data.bands.none[1])} (on the 0 bar), mean {data.bands.mean[0]:g}–"
           f"{data.bands.mean[1]:g} (under the axis); dashed line: the mean; y axis: % of "
           "tosses", 6.5, "regular", MUTED)


def _composition(c: Canvas, data: ReportData, y: float, pw: float) -> None:
    """Page 3: the planets-and-pairs heat map with its key, then planets per card, black
    holes per planet and decoys per card."""
    width = pw - 2 * MARGIN
    c.text(MARGIN, y - 4, "Planets and pairs: cards showing each (diagonal: the planet "
           "alone counted; others: both planets)", 9, "bold", INK)
    size = min(92.0, width * 0.5)
    heatmap(c, data.deck, MARGIN, y - 8 - size, size, data.composition)
    _planet_key(c, data, MARGIN + size + 10, y - 12)
    y -= size + 16
    _composition_bars(c, data, y, width)
    note = ("Black holes: how many black-hole cards show each planet (the variant's "
            "prohibitions fall evenly when the spread is small). Decoys: comets and stars "
            "on a card.")
    _paragraph(c, note, MARGIN, y - 70, width, 6.5, 3)


def _planet_key(c: Canvas, data: ReportData, lx: float, ly: float) -> None:
    """Beside the heat map: each planet with the cards showing it, then the pairs' range."""
    comp = data.composition
    freq = comp["planet_frequency"]
    if not isinstance(freq, dict):
        raise InternalError("planet_frequency is not a table")
    for p in data.deck.planets:
        planet_disc(c, p, lx + 3, ly + 1, 2.6)
        c.text(lx + 8, ly, f"{p.id} {p.name}: {freq[p.id]} cards", 7.5, "regular", INK)
        ly -= 7
    pairs = comp["pair_frequency"]
    if not isinstance(pairs, dict):
        raise InternalError("pair_frequency is not a table")
    vals = list(pairs.values())
    c.text(lx, ly - 2, f"pairs: {min(vals)} to {max(vals)} cards (spread "
           f"{max(vals) - min(vals)})" if vals else "pairs: none", 7.5, "regular", MUTED)


def _composition_bars(c: Canvas, data: ReportData, y: float, width: float) -> None:
    """Three bar charts side by side under ``y``: planets per card, black holes per planet,
    decoys per card."""
    comp, d = data.composition, data.deck
    third = (width - 12) / 3
    per_card = comp["planets_per_card"]
    bh = comp["black_hole"]
    decoys = comp["decoys_per_card"]
    if not (isinstance(per_card, dict) and isinstance(bh, dict) and isinstance(decoys, dict)):
        raise InternalError("the composition is not made of tables")
    vbars(c, MARGIN, y - 62, third, 62, "Planets per card",
          [(k, float(v), BAR) for k, v in per_card.items()])
    per_planet = bh["per_planet"]
    if not isinstance(per_planet, dict):
        raise InternalError("the per-planet counts are not a table")
    vbars(c, MARGIN + third + 6, y - 62, third, 62,
          f"Black holes ({bh['cards']} cards)",
          [(p.id, float(per_planet[p.id]), p.colour) for p in d.planets],
          f"spread {bh['spread']}")
    vbars(c, MARGIN + 2 * (third + 6), y - 62, third, 62, "Decoys per card",
          [(k, float(v), "#8E8EA6") for k, v in decoys.items()])


def _sample_page(c: Canvas, data: ReportData, y: float, pw: float) -> None:
    """Page 4: the sample deal, its galaxy with the answer ringed, the toss, the answer."""
    d, s = data.deck, data.sample
    width = pw - 2 * MARGIN
    top = d.card(s.top_card)
    names = ", ".join(d.planet(p).name for p in top.planets) or "no planet"
    line = (f"Top card {top.id} ({names}) was tossed. {len(s.solutions)} valid "
            f"destination{'s' if len(s.solutions) != 1 else ''} (ringed), "
            f"{s.near_misses} near miss{'es' if s.near_misses != 1 else ''}.")
    c.text(MARGIN, y - 4, line, fit_size(line, width, 9, "regular", MIN_PT), "regular",
           INK)
    gh = min(y - MARGIN - 70, 150.0)
    draw_galaxy(c, d, s.galaxy, MARGIN, y - 10 - gh, width, gh, decoys="all",
                marked=[sol.cell for sol in s.solutions])
    draw_toss(c, d, s.toss, MARGIN, MARGIN + 10, 46, "The toss (Ship Computer)")
    lx = MARGIN + 56
    ly = MARGIN + 50
    cells = ", ".join(sol.cell.name for sol in sorted(
        s.solutions, key=lambda sol: (sol.cell.row, sol.cell.col))) or "none"
    c.text(lx, ly, f"Answer: {cells}", 9, "bold", INK)
    _paragraph(c, "The galaxy is dealt from the deck with the report's seed, the top card is "
               "drawn from the cards left, and its marbles and the Destination disc land at "
               "random: the situation the difficulty figures average over.", lx, ly - 6,
               width - 56, 7.5, 3.6)


_PAGES: tuple[tuple[str, PageBody], ...] = (
    ("Deck report", _summary),
    ("Solutions per toss, every count", _distributions),
    ("Composition", _composition),
    ("A sample galaxy and toss", _sample_page),
)


__all__ = [
    "MARGIN", "ReportData", "Sample", "composition", "deck_check_warnings",
    "format_distribution", "report_data", "report_pages", "sample_deal",
]
