"""Chart pieces of the deck report (:mod:`.report`), drawn with the project's own Canvas API:
horizontal and vertical bar charts, a variant's whole solution histogram with its target
bands, and a planets-by-planets heat map.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from spacebowl_print.core.errors import InternalError
from spacebowl_print.games.spacebowl.art.sky import planet_disc
from spacebowl_print.games.spacebowl.model import Deck
from spacebowl_print.games.spacebowl.rules.deck_health import Bands
from spacebowl_print.games.spacebowl.rules.stats import VariantStats
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.colour import mix
from spacebowl_print.render.fonts import fit_size, text_width

INK = "#1A1A2E"
MUTED = "#5A5A6E"
GRID = "#D8D8E0"
BAR = "#3B6EA8"
NONE_BAR = "#C44E52"
BAND = "#BFE3C8"
STATUS_COLOURS = {"in band": "#2E8B57", "harder": "#E69F00", "easier": "#E69F00",
                  "far harder": "#C0392B", "far easier": "#C0392B", "uneven": "#C0392B"}
MIN_PT = 6.0  # nothing printed smaller


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top``, about ``count`` of them."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(s * mag for s in (1, 2, 2.5, 5, 10) if s * mag >= raw * 0.999)
    return [round(i * step, 10) for i in range(math.ceil(top / step - 1e-9) + 1)]


def pct(v: float) -> str:
    """A share as a whole percentage (one decimal under 10 %, so a small share never reads
    as 0)."""
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
    c.text(x + w, y + h - 3.5, f"no solution {pct(figures.share_none)} · mean "
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
    if not (isinstance(freq, dict) and isinstance(pairs, dict)):
        raise InternalError("planet or pair frequencies are not tables")
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


__all__ = [
    "BAND", "BAR", "GRID", "INK", "MIN_PT", "MUTED", "NONE_BAR", "STATUS_COLOURS", "hbars",
    "heatmap", "histogram", "nice_ticks", "pct", "vbars",
]
