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

import numpy as np

from spacebowl_print.games.spacebowl.art.minis import draw_galaxy, draw_toss
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
    structure_warnings,
    verdict,
)
from spacebowl_print.games.spacebowl.rules.stats import (
    VARIANTS,
    DeckStats,
    VariantStats,
    deal,
    deck_stats,
)
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.colour import mix
from spacebowl_print.render.fonts import fit_size, text_width, wrap

INK = "#1A1A2E"
MUTED = "#5A5A6E"
GRID = "#D8D8E0"
BAR = "#3B6EA8"
NONE_BAR = "#C44E52"
BAND = "#BFE3C8"
STATUS_COLOURS = {"in band": "#2E8B57", "harder": "#E69F00", "easier": "#E69F00",
                  "far harder": "#C0392B", "far easier": "#C0392B", "uneven": "#C0392B"}
MARGIN = 14.0
MIN_PT = 6.0  # nothing printed smaller


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


def format_distribution(distribution: Sequence[float]) -> str:
    """Every count of a solution distribution as text, none cut off:
    ``"0: 26.7 %, 1: 30.2 %, …, 11: 0.0014 %"`` (shares under 0.1 % keep two significant
    digits, so a rare count never reads as 0)."""
    parts = []
    for k, share in enumerate(distribution):
        pct = 100 * share
        text = f"{pct:.1f}" if pct >= 0.1 or pct == 0 else f"{pct:.2g}"
        parts.append(f"{k}: {text} %")
    return ", ".join(parts)


# -- chart pieces ---------------------------------------------------------------------------------

def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top``, about ``count`` of them."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(s * mag for s in (1, 2, 2.5, 5, 10) if s * mag >= raw * 0.999)
    return [round(i * step, 10) for i in range(math.ceil(top / step - 1e-9) + 1)]


def _pct(v: float) -> str:
    return f"{100 * v:.0f} %" if v >= 0.1 or v == 0 else f"{100 * v:.1f} %"


def hbars(c: Canvas, x: float, y: float, w: float, h: float, title: str,
          rows: Sequence[tuple[str, float, str]], band: tuple[float, float],
          fmt: Callable[[float], str], band_label: str) -> None:
    """A horizontal bar chart in the box (x, y, w, h): one bar per (label, value, colour), the
    band shaded behind the bars, value labels at the bar ends, a tick axis below."""
    c.text(x, y + h - 4, title, 9, "bold", INK)
    label_w = max(text_width(r[0], 7.5, "regular") for r in rows) + 3
    px, pw = x + label_w, w - label_w - 14
    top, bottom = y + h - 8, y + 7
    top_value = max([band[1] * 1.15, *(r[1] * 1.12 for r in rows)])
    ticks = nice_ticks(top_value)
    scale = pw / ticks[-1]
    c.rect(px + band[0] * scale, bottom, (band[1] - band[0]) * scale, top - bottom,
           Style(fill=BAND))
    for t in ticks:
        tx = px + t * scale
        c.line(tx, bottom, tx, top, Style(stroke=GRID, width=0.2))
        c.text(tx, bottom - 3.6, fmt(t), 6.5, "regular", MUTED, "middle")
    step = (top - bottom) / len(rows)
    bar_h = min(step * 0.62, 6.0)
    for i, (label, value, colour) in enumerate(rows):
        cy = top - step * (i + 0.5)
        c.text(px - 2, cy - 1.0, label, 7.5, "regular", INK, "end")
        c.rect(px, cy - bar_h / 2, max(value * scale, 0.3), bar_h, Style(fill=colour))
        c.text(px + value * scale + 1.2, cy - 1.0, fmt(value), 7, "bold", INK)
    c.line(px, bottom, px, top, Style(stroke=INK, width=0.3))
    c.text(x + w, y + h - 4, band_label, 6.5, "regular", MUTED, "end")
    c.rect(x + w - text_width(band_label, 6.5) - 5.5, y + h - 5.2, 4, 2.6, Style(fill=BAND))


def histogram(c: Canvas, x: float, y: float, w: float, h: float, figures: VariantStats,
              bands: Bands, status: str) -> None:
    """The whole distribution of solutions per toss for one variant: a bar for every count
    from 0 to the largest that occurs (tiny shares still get a sliver and the axis reaches
    them), the no-solution band shaded on the 0 bar, the mean band shaded along the axis and
    the mean marked."""
    dist = figures.distribution
    colour = STATUS_COLOURS.get(status, INK)
    c.text(x, y + h - 3.5, figures.variant, 9, "bold", INK)
    c.circle(x + text_width(figures.variant, 9, "bold") + 2.5, y + h - 4.4, 1.3,
             Style(fill=colour))
    c.text(x + w, y + h - 3.5, f"no solution {_pct(figures.share_none)} · mean "
           f"{figures.mean:.2f}", 7, "regular", MUTED, "end")
    px, pw = x + 9, w - 10
    top, bottom = y + h - 7.5, y + 8
    top_value = max(max(dist), bands.none[1]) * 1.08
    ticks = nice_ticks(top_value, 4)
    sy = (top - bottom) / ticks[-1]
    n = len(dist)
    slot = pw / n
    for t in ticks:
        ty = bottom + t * sy
        c.line(px, ty, px + pw, ty, Style(stroke=GRID, width=0.2))
        c.text(px - 1.2, ty - 1.0, f"{100 * t:g}", 6, "regular", MUTED, "end")
    # the no-solution band, on the 0 bar's slot
    c.rect(px, bottom + bands.none[0] * sy, slot, (bands.none[1] - bands.none[0]) * sy,
           Style(fill=BAND))
    # the mean band, as a strip under the axis spanning those counts
    lo, hi = bands.mean
    c.rect(px + (lo + 0.5) * slot, bottom - 2.2, (hi - lo) * slot, 2.2, Style(fill=BAND))
    for k, share in enumerate(dist):
        bh = max(share * sy, 0.25 if share > 0 else 0.0)
        c.rect(px + k * slot + slot * 0.12, bottom, slot * 0.76, bh,
               Style(fill=NONE_BAR if k == 0 else BAR))
    every = 1 if n <= 13 else 2 if n <= 26 else 5
    for k in range(0, n, every):
        c.text(px + (k + 0.5) * slot, bottom - 4.6, str(k), 6, "regular", MUTED, "middle")
    mx = px + (figures.mean + 0.5) * slot
    c.line(mx, bottom, mx, top, Style(stroke=INK, width=0.35, dash=(0.8, 0.6)))
    c.line(px, bottom, px + pw, bottom, Style(stroke=INK, width=0.3))


def heatmap(c: Canvas, deck: Deck, x: float, y: float, size: float,
            comp: dict[str, object]) -> None:
    """Planets against planets: the diagonal counts the cards showing each planet, the other
    cells the cards showing both; darker is more. Planet discs label the rows and columns."""
    freq = comp["planet_frequency"]
    pairs = comp["pair_frequency"]
    assert isinstance(freq, dict) and isinstance(pairs, dict)
    letters = deck.letters
    cell = size / (len(letters) + 1)
    top_pair = max(pairs.values(), default=1) or 1
    top_freq = max(freq.values(), default=1) or 1
    for i, a in enumerate(letters):
        cx = x + cell * (i + 1.5)
        planet_disc(c, deck.planet(a), cx, y + size - cell / 2, cell * 0.3)
        planet_disc(c, deck.planet(a), x + cell / 2, y + size - cell * (i + 1.5), cell * 0.3)
        for j, b in enumerate(letters):
            if i == j:
                value, t = int(freq[a]), freq[a] / top_freq
                fill = mix("#FFFFFF", "#6A3D9A", 0.15 + 0.7 * t)
            else:
                value = int(pairs[a + b] if a + b in pairs else pairs[b + a])
                t = value / top_pair
                fill = mix("#FFFFFF", BAR, 0.1 + 0.8 * t)
            cxx, cyy = x + cell * (j + 1), y + size - cell * (i + 2)
            c.rect(cxx, cyy, cell, cell, Style(fill=fill, stroke="#FFFFFF", width=0.4))
            ink = "#FFFFFF" if t > 0.55 else INK
            c.text(cxx + cell / 2, cyy + cell / 2 - 1.2, str(value), 8, "bold", ink, "middle")


def vbars(c: Canvas, x: float, y: float, w: float, h: float, title: str,
          items: Sequence[tuple[str, float, str]], note: str = "") -> None:
    """A vertical bar chart with the value above each bar and its label below."""
    c.text(x, y + h - 3.5, title, 9, "bold", INK)
    if note:
        c.text(x + w, y + h - 3.5, note, 6.5, "regular", MUTED, "end")
    top, bottom = y + h - 10, y + 6
    vmax = max([v for _, v, _ in items] + [1])
    slot = w / max(len(items), 1)
    for i, (label, value, colour) in enumerate(items):
        bh = (top - bottom) * value / vmax
        bx = x + i * slot + slot * 0.18
        c.rect(bx, bottom, slot * 0.64, max(bh, 0.25 if value else 0.0), Style(fill=colour))
        c.text(bx + slot * 0.32, bottom + bh + 1.2, f"{value:g}", 7, "bold", INK, "middle")
        size = fit_size(label, slot - 1, 7, "regular", MIN_PT)
        c.text(bx + slot * 0.32, bottom - 3.8, label, size, "regular", MUTED, "middle")
    c.line(x, bottom, x + w, bottom, Style(stroke=INK, width=0.3))


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


# -- pages ----------------------------------------------------------------------------------------

def _summary(data: ReportData, pw: float, ph: float) -> Callable[[Canvas], None]:
    def paint(c: Canvas) -> None:
        y = _header(c, pw, ph, data, "Deck report", 1, 4)
        width = pw - 2 * MARGIN
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
        y -= 2
        names = [v.variant for v in data.stats.variants]
        status = {v.variant: v.status for v in data.verdicts}
        chart_h = 10 + 8.5 * len(names) + 8
        hbars(c, MARGIN, y - chart_h, width, chart_h, "Share of tosses with no solution",
              [(n, f.share_none, STATUS_COLOURS[status[n]])
               for n, f in zip(names, data.stats.variants, strict=True)],
              data.bands.none, _pct, "target band")
        y -= chart_h + 4
        hbars(c, MARGIN, y - chart_h, width, chart_h, "Mean solutions per toss",
              [(n, f.mean, STATUS_COLOURS[status[n]])
               for n, f in zip(names, data.stats.variants, strict=True)],
              data.bands.mean, lambda v: f"{v:.2f}".rstrip("0").rstrip("."), "target band")
        y -= chart_h + 6
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
        note = ("Figures: exact over every toss of the top card's marbles on each dealt galaxy "
                "(as spacebowl stats). Green: in band; orange: outside; red: more than a "
                "band's width outside.")
        for k, ln in enumerate(wrap(note, width, 6.5)):
            c.text(MARGIN, MARGIN + 4 - 3 * k, ln, 6.5, "regular", MUTED)
    return paint


def _distributions(data: ReportData, pw: float, ph: float) -> Callable[[Canvas], None]:
    def paint(c: Canvas) -> None:
        y = _header(c, pw, ph, data, "Solutions per toss, every count", 2, 4)
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
        c.text(MARGIN + 6, ly + 0.4, f"target bands: no solution {_pct(data.bands.none[0])}–"
               f"{_pct(data.bands.none[1])} (on the 0 bar), mean {data.bands.mean[0]:g}–"
               f"{data.bands.mean[1]:g} (under the axis); dashed line: the mean; y axis: % of "
               "tosses", 6.5, "regular", MUTED)
    return paint


def _composition(data: ReportData, pw: float, ph: float) -> Callable[[Canvas], None]:
    comp = data.composition

    def paint(c: Canvas) -> None:
        d = data.deck
        y = _header(c, pw, ph, data, "Composition", 3, 4)
        width = pw - 2 * MARGIN
        c.text(MARGIN, y - 4, "Planets and pairs: cards showing each (diagonal: the planet "
               "alone counted; others: both planets)", 9, "bold", INK)
        size = min(92.0, width * 0.5)
        heatmap(c, d, MARGIN, y - 8 - size, size, comp)
        lx = MARGIN + size + 10
        ly = y - 12
        freq = comp["planet_frequency"]
        assert isinstance(freq, dict)
        for p in d.planets:
            planet_disc(c, p, lx + 3, ly + 1, 2.6)
            c.text(lx + 8, ly, f"{p.id} {p.name}: {freq[p.id]} cards", 7.5, "regular", INK)
            ly -= 7
        pairs = comp["pair_frequency"]
        assert isinstance(pairs, dict)
        vals = list(pairs.values())
        c.text(lx, ly - 2, f"pairs: {min(vals)} to {max(vals)} cards (spread "
               f"{max(vals) - min(vals)})" if vals else "pairs: none", 7.5, "regular", MUTED)
        y -= size + 16
        third = (width - 12) / 3
        per_card = comp["planets_per_card"]
        bh = comp["black_hole"]
        decoys = comp["decoys_per_card"]
        assert isinstance(per_card, dict) and isinstance(bh, dict) and isinstance(decoys, dict)
        vbars(c, MARGIN, y - 62, third, 62, "Planets per card",
              [(k, float(v), BAR) for k, v in per_card.items()])
        per_planet = bh["per_planet"]
        assert isinstance(per_planet, dict)
        vbars(c, MARGIN + third + 6, y - 62, third, 62,
              f"Black holes ({bh['cards']} cards)",
              [(p.id, float(per_planet[p.id]), p.colour) for p in d.planets],
              f"spread {bh['spread']}")
        vbars(c, MARGIN + 2 * (third + 6), y - 62, third, 62, "Decoys per card",
              [(k, float(v), "#8E8EA6") for k, v in decoys.items()])
        note = ("Black holes: how many black-hole cards show each planet (the variant's "
                "prohibitions fall evenly when the spread is small). Decoys: comets and stars "
                "on a card.")
        for k, ln in enumerate(wrap(note, width, 6.5)):
            c.text(MARGIN, y - 70 - 3 * k, ln, 6.5, "regular", MUTED)
    return paint


def _sample_page(data: ReportData, pw: float, ph: float) -> Callable[[Canvas], None]:
    s = data.sample

    def paint(c: Canvas) -> None:
        d = data.deck
        y = _header(c, pw, ph, data, "A sample galaxy and toss", 4, 4)
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
        for k, ln in enumerate(wrap(
                "The galaxy is dealt from the deck with the report's seed, the top card is "
                "drawn from the cards left, and its marbles and the Destination disc land at "
                "random: the situation the difficulty figures average over.", width - 56,
                7.5)):
            c.text(lx, ly - 6 - 3.6 * k, ln, 7.5, "regular", MUTED)
    return paint


def report_pages(data: ReportData, paper: tuple[float, float] = (210.0, 297.0)) -> list[Page]:
    """The report's four pages on ``paper`` (width, height in mm)."""
    pw, ph = paper
    return [DrawnPage(pw, ph, build(data, pw, ph))
            for build in (_summary, _distributions, _composition, _sample_page)]
