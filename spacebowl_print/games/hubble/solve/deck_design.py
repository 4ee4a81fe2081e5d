"""The shipped constellation set: our own patterns, with values set from measured difficulty.

Each card's pattern is ours (a few stars on the hex lattice that evoke the constellation's
shape). Its value comes from how rarely random stars complete it: on the standard pad, draw
``k`` stars on ``k`` cells chosen uniformly at random, many times over, and count how often
the red pattern appears under some placement (translation and turn). With ``p`` the mean of
that frequency over the measured star counts, ``bits = log2(1 / p)`` is the card's difficulty
and

    value = clamp(round(VALUE_BASE + VALUE_PER_BIT × bits), VALUE_MIN, VALUE_MAX)

The bonus per purple star is measured the same way: with ``p_all`` the frequency of red and
purple stars together, ``extra = VALUE_PER_BIT × (log2(1 / p_all) − bits) / purple stars``,
and ``bonus = clamp(round(extra), 1, BONUS_MAX)`` (0 without purple stars).

:func:`generate_set` reproduces ``decks/hubble-constellations.toml`` from its seed exactly;
a test checks that the shipped file is what it generates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from spacebowl_print.games.hubble.model.constellations import (
    Constellation,
    ConstellationSet,
    Offset,
    constellations_to_toml,
)
from spacebowl_print.games.hubble.model.geometry import geometry, turn
from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS

SET_NAME = "hubble-classic"
DESIGN_SEED = 2027
SAMPLES = 20_000
STAR_FRACTIONS = (4, 3)
"""Star counts measured: the pad's cells ÷ 4 and ÷ 3 (a well-starred pad)."""
VALUE_BASE = 2.0
VALUE_PER_BIT = 1.5
VALUE_MIN, VALUE_MAX = 4, 25
BONUS_MAX = 6

PATTERNS: tuple[tuple[str, tuple[Offset, ...], tuple[Offset, ...]], ...] = (
    # name, red (axial q, r offsets), purple — drawn on the lattice by us
    ("Ursa Minor", ((0, 0), (1, 0), (2, 0), (3, -1), (4, -1), (4, 0)), ((3, 0),)),
    ("Ursa Major", ((0, 0), (1, 0), (2, -1), (3, -1), (4, -1), (5, -2), (5, 0)), ((4, 0),)),
    ("Cassiopeia", ((0, 0), (0, 2), (2, 0), (2, 2), (4, 0)), ()),
    ("Cepheus", ((0, 0), (2, 0), (-1, 2), (1, 2), (2, -2)), ((1, 0),)),
    ("Lyra", ((0, 0), (0, 2), (1, 2), (0, 3), (1, 3)), ((1, 0),)),
    ("Cygnus", ((0, 0), (0, 1), (0, 2), (0, 4), (-1, 2), (1, 2)), ((-2, 2), (2, 2))),
    ("Orion", ((0, 0), (3, 0), (0, 2), (1, 2), (2, 2), (-1, 3), (3, 3)), ((1, 3),)),
    ("Leo", ((0, 0), (0, -1), (1, -2), (2, -2), (2, 0), (5, 0)), ((4, -1),)),
    ("Scorpius", ((0, 0), (0, 1), (0, 2), (-1, 3), (-2, 3), (-2, 2)), ((1, -1), (0, -2))),
    ("Taurus", ((0, 0), (1, -1), (2, -2), (1, 0), (2, 0)), ((3, -2), (3, 0))),
    ("Gemini", ((0, 0), (1, 0), (2, 0), (-1, 2), (0, 2)), ((1, 2),)),
    ("Aquila", ((-1, 0), (0, 0), (1, -2)), ((1, 0), (-2, 2))),
    ("Pegasus", ((0, 0), (3, 0), (-1, 3), (2, 3)), ((-2, 0), (-3, -1))),
    ("Andromeda", ((0, 0), (2, -1), (4, -2)), ((3, -3), (5, -2))),
    ("Perseus", ((0, 0), (1, -1), (1, -2), (-1, 1), (-1, 2)), ((2, -1),)),
    ("Draco", ((0, 0), (1, 0), (2, 0), (3, -1), (3, -2), (4, -3), (5, -3)), ((6, -4), (6, -3))),
    ("Boötes", ((0, 0), (-1, -1), (2, -2), (0, -3), (1, -4)), ((1, 1),)),
    ("Corona Borealis", ((0, 0), (0, 1), (1, 1), (2, 0), (2, -1)), ((1, -1),)),
    ("Crux", ((1, -2), (-1, 0), (1, 0), (-1, 2)), ((0, 1),)),
    ("Sagittarius", ((1, 0), (0, 1), (2, 1), (-1, 2), (3, 2), (0, 3), (2, 3)), ((4, 1),)),
)


def placement_cells(offsets: Sequence[Offset], cols: int, rows: int) -> np.ndarray:
    """Every placement (translation and turn) of ``offsets`` that fits the pad, as a
    (placements × stars) array of cells, duplicates (symmetric patterns) removed."""
    geo = geometry(cols, rows)
    found: set[tuple[int, ...]] = set()
    for k in range(6):
        turned = [turn(q, r, k) for q, r in offsets]
        for anchor in range(geo.size):
            aq, ar = geo.axial[anchor]
            dq, dr = aq - turned[0][0], ar - turned[0][1]
            cells = [geo.at_axial(q + dq, r + dr) for q, r in turned]
            if all(c is not None for c in cells):
                found.add(tuple(sorted(c for c in cells if c is not None)))
    if not found:
        return np.zeros((0, len(offsets)), dtype=np.intp)
    return np.array(sorted(found), dtype=np.intp)


def completion_rate(offsets: Sequence[Offset], stars: int, cols: int, rows: int,
                    rng: np.random.Generator, samples: int = SAMPLES) -> float:
    """How often ``stars`` stars on random cells contain the pattern ``offsets`` (some
    placement with all its cells starred), over ``samples`` random pads."""
    cells = cols * rows
    # ranks of uniform keys: the `stars` lowest cells of each pad get the stars
    keys = rng.random((samples, cells))
    starred = np.argsort(np.argsort(keys, axis=1), axis=1) < stars
    where = placement_cells(offsets, cols, rows)
    hit = np.zeros(samples, dtype=bool)
    for row in where:
        hit |= starred[:, row].all(axis=1)
    return float(hit.mean())


@dataclass(frozen=True)
class Measure:
    """One card's measured completion rates (red alone; red and purple) and resulting
    points."""

    name: str
    red_rates: tuple[float, ...]
    all_rates: tuple[float, ...]
    bits: float
    value: int
    bonus: int


def _bits(rates: Sequence[float], samples: int) -> float:
    # a rate never seen counts as half a hit, so that the logarithm stays finite
    p = max(sum(rates) / len(rates), 0.5 / samples)
    return math.log2(1 / p)


def measure(seed: int = DESIGN_SEED, cols: int = STANDARD_COLS, rows: int = STANDARD_ROWS,
            samples: int = SAMPLES) -> list[Measure]:
    """Measure every pattern and turn the rates into points (the module's formula)."""
    out = []
    counts = [cols * rows // f for f in STAR_FRACTIONS]
    for i, (name, red, purple) in enumerate(PATTERNS):
        rng = np.random.default_rng([seed, i])
        red_rates = tuple(completion_rate(red, k, cols, rows, rng, samples) for k in counts)
        bits = _bits(red_rates, samples)
        value = min(VALUE_MAX, max(VALUE_MIN, round(VALUE_BASE + VALUE_PER_BIT * bits)))
        bonus = 0
        all_rates: tuple[float, ...] = ()
        if purple:
            all_rates = tuple(completion_rate(red + purple, k, cols, rows, rng, samples)
                              for k in counts)
            extra = VALUE_PER_BIT * (_bits(all_rates, samples) - bits) / len(purple)
            bonus = min(BONUS_MAX, max(1, round(extra)))
        out.append(Measure(name, red_rates, all_rates, bits, value, bonus))
    return out


def header(measures: Sequence[Measure], seed: int, cols: int, rows: int, samples: int) -> str:
    """The comment block at the top of the set file: how values were set, and the table."""
    counts = [cols * rows // f for f in STAR_FRACTIONS]
    lines = [
        "Hubble constellation cards: our own patterns (axial q, r offsets; see docs/hubble.md).",
        "Generated by spacebowl_print.games.hubble.solve.deck_design.generate_set(seed="
        f"{seed}); do not edit by hand.",
        "",
        f"Values from measured difficulty on the standard {cols}x{rows} pad: p = the mean, over",
        f"{' and '.join(map(str, counts))} stars on random cells ({samples} random pads each), "
        "of how often the red pattern",
        "appears (any translation and turn); bits = log2(1/p);",
        f"value = clamp(round({VALUE_BASE:g} + {VALUE_PER_BIT:g} x bits), {VALUE_MIN}, "
        f"{VALUE_MAX}).",
        "bonus per purple star = clamp(round(" f"{VALUE_PER_BIT:g} x (bits of red+purple - bits)"
        f" / purple stars), 1, {BONUS_MAX}).",
        "",
        f"{'card':<16} {'red':>3} {'purple':>6} " + " ".join(f"{'p@' + str(k):>8}" for k in counts)
        + f" {'bits':>6} {'value':>5} {'bonus':>5}",
    ]
    for m, (_, red, purple) in zip(measures, PATTERNS, strict=True):
        lines.append(f"{m.name:<16} {len(red):>3} {len(purple):>6} "
                     + " ".join(f"{r:>8.4f}" for r in m.red_rates)
                     + f" {m.bits:>6.2f} {m.value:>5} {m.bonus:>5}")
    return "\n".join(lines)


def write_set(path: str, seed: int = DESIGN_SEED) -> ConstellationSet:
    """Write the generated set to ``path`` (``decks/hubble-constellations.toml``)."""
    from spacebowl_print.core.files import write_atomic

    cset, text = generate_set(seed)
    write_atomic(path, text)
    return cset


def generate_set(seed: int = DESIGN_SEED, cols: int = STANDARD_COLS, rows: int = STANDARD_ROWS,
                 samples: int = SAMPLES) -> tuple[ConstellationSet, str]:
    """The constellation set and its TOML text (header included), reproducibly."""
    measures = measure(seed, cols, rows, samples)
    cards = tuple(Constellation(name, m.value, m.bonus, red, purple)
                  for m, (name, red, purple) in zip(measures, PATTERNS, strict=True))
    cset = ConstellationSet(SET_NAME, cards)
    return cset, constellations_to_toml(cset, header(measures, seed, cols, rows, samples))


if __name__ == "__main__":  # pragma: no cover - the documented way to regenerate the file
    import sys

    from spacebowl_print.games.hubble.model.constellations import shipped_set_path

    write_set(sys.argv[1] if len(sys.argv) > 1 else str(shipped_set_path()))
