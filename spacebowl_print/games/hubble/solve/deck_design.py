"""The shipped constellation set: the rulebook's card names, our own patterns, values set from
measured difficulty (and the rulebook's points where it gives them).

The rulebook names the cards (:data:`PATTERNS`, its nineteen names and our twentieth) and gives
two cards' points (:data:`RULEBOOK_POINTS`); every pattern is ours (a few stars on the hex
lattice that evoke the constellation's shape). The other cards' values come from how rarely
random stars complete them: on the standard pad, draw ``k`` stars on ``k`` cells chosen
uniformly at random, many times over, and count how often the red pattern appears under some
placement (translation and turn). With ``p`` the mean of that frequency over the measured star
counts, ``bits = log2(1 / p)`` is the card's difficulty and

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

from spacebowl_print.core.files import write_atomic
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
    # name, red (axial q, r offsets), purple: the rulebook's nineteen names in its order, then
    # our twentieth (Cygnus); every figure drawn on the lattice by us
    ("Aquarius", ((0, 0), (2, 0), (0, 1), (1, 2), (0, 3), (2, 3)), ((2, 4), (0, 5))),
    ("Aquila", ((0, 0), (0, 1), (0, 2), (-3, 4), (1, 4)), ((-2, 6),)),
    ("Aries", ((0, 0), (3, 0), (3, 1)), ((2, 2),)),
    ("Cancer", ((0, 0), (-1, 2), (-3, 4), (-1, 4)), ((0, 1), (-4, 5))),
    ("Canis Major", ((0, 0), (1, 0), (1, 1), (0, 2), (2, 2), (0, 4)), ((2, 4), (-2, 6))),
    ("Capricorn", ((0, 0), (4, 0), (0, 1), (3, 1), (1, 2), (2, 2)), ()),
    ("Cassiopeia", ((0, 0), (2, 0), (4, 0), (0, 2), (2, 2)), ()),
    ("Cepheus", ((0, 0), (-3, 2), (1, 2), (-5, 6), (-1, 6)), ()),
    ("Gemini", ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2)), ((2, 2),)),
    ("Leo", ((0, 0), (1, 0), (-1, 1), (-1, 2), (2, 2), (3, 3)), ((1, 4),)),
    ("Libra", ((0, 0), (-1, 1), (1, 1), (-1, 3)), ((-2, 4),)),
    ("Lyra", ((0, 0), (0, 1), (1, 1), (0, 2), (1, 2)), ()),
    ("Orion", ((0, 0), (3, 0), (0, 2), (1, 2), (2, 2), (-2, 4), (1, 4)), ((2, -1),)),
    ("Pisces", ((0, 0), (1, 0), (1, 1), (1, 2), (1, 3), (2, 3), (3, 3)), ((-1, 4), (3, 4))),
    ("Sagittarius", ((0, 0), (2, 0), (-1, 1), (1, 1), (3, 1), (-1, 2), (1, 2)), ((1, -1),)),
    ("Scorpio", ((0, 0), (0, 1), (0, 2), (0, 3), (1, 4), (0, 5)), ((-1, 6),)),
    ("Taurus", ((0, 0), (2, 0), (0, 1), (1, 1), (0, 2)), ((0, -2), (4, -2))),
    ("Ursa Minor", ((0, 0), (0, 1), (2, 1), (0, 3), (2, 3)), ((0, -2), (0, -1))),
    ("Virgo", ((0, 0), (3, 0), (1, 1), (1, 2), (3, 2), (-1, 4)), ((3, 3),)),
    ("Cygnus", ((0, 0), (-2, 2), (0, 2), (2, 2), (0, 4)), ((0, 5),)),
)
"""The rulebook names nineteen cards (its list breaks off after Virgo); Cygnus, the Northern
Cross, is our twentieth: it closes the Summer Triangle with Lyra and Aquila, which the
rulebook names, and its cross is unlike every other figure of the set."""

RULEBOOK_POINTS: dict[str, tuple[int, int]] = {
    "Ursa Minor": (10, 3),
    "Cepheus": (15, 0),
}
"""(value, bonus) the rulebook gives two cards, with their star counts (Ursa Minor: 5 red,
2 purple; Cepheus: 5 red, no purple). These two cards print the rulebook's points; the
measurement is still made and listed beside them."""


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
    """One card's measured completion rates (red alone; red and purple), the points the
    formula gives them (``value``, ``bonus``) and the points the card prints (the formula's,
    or the rulebook's where :data:`RULEBOOK_POINTS` lists the card)."""

    name: str
    red_rates: tuple[float, ...]
    all_rates: tuple[float, ...]
    bits: float
    value: int
    bonus: int

    @property
    def points(self) -> tuple[int, int]:
        """(value, bonus) printed on the card."""
        return RULEBOOK_POINTS.get(self.name, (self.value, self.bonus))

    @property
    def source(self) -> str:
        """Where the printed points come from: ``"measured"`` or ``"rulebook"``."""
        return "rulebook" if self.name in RULEBOOK_POINTS else "measured"


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
    fixed = ", ".join(f"{name} {v} (+{b} a purple star)" if b else f"{name} {v}"
                      for name, (v, b) in RULEBOOK_POINTS.items())
    lines = [
        "Hubble constellation cards: the rulebook's names (its list of nineteen breaks off after",
        "Virgo; Cygnus is our twentieth), our own patterns (axial q, r offsets; see",
        "docs/hubble.md).",
        "Generated by spacebowl_print.games.hubble.solve.deck_design.generate_set(seed="
        f"{seed}); do not edit by hand.",
        "",
        f"The rulebook gives two cards' points, printed as given: {fixed}.",
        f"The others: values from measured difficulty on the standard {cols}x{rows} pad: p = the "
        "mean, over",
        f"{' and '.join(map(str, counts))} stars on random cells ({samples} random pads each), "
        "of how often the red pattern",
        "appears (any translation and turn); bits = log2(1/p);",
        f"value = clamp(round({VALUE_BASE:g} + {VALUE_PER_BIT:g} x bits), {VALUE_MIN}, "
        f"{VALUE_MAX}).",
        "bonus per purple star = clamp(round(" f"{VALUE_PER_BIT:g} x (bits of red+purple - bits)"
        f" / purple stars), 1, {BONUS_MAX}).",
        "",
        "Columns: the formula's value and bonus, then the card's (the same unless the rulebook",
        "sets them).",
        "",
        f"{'card':<16} {'red':>3} {'purple':>6} " + " ".join(f"{'p@' + str(k):>8}" for k in counts)
        + f" {'bits':>6} {'value':>5} {'bonus':>5} {'card':>4} {'bonus':>5}  from",
    ]
    for m, (_, red, purple) in zip(measures, PATTERNS, strict=True):
        value, bonus = m.points
        lines.append(f"{m.name:<16} {len(red):>3} {len(purple):>6} "
                     + " ".join(f"{r:>8.4f}" for r in m.red_rates)
                     + f" {m.bits:>6.2f} {m.value:>5} {m.bonus:>5} {value:>4} {bonus:>5}  "
                     f"{m.source}")
    return "\n".join(lines)


def write_set(path: str, seed: int = DESIGN_SEED) -> ConstellationSet:
    """Write the generated set to ``path`` (``decks/hubble-constellations.toml``)."""
    cset, text = generate_set(seed)
    write_atomic(path, text)
    return cset


def generate_set(seed: int = DESIGN_SEED, cols: int = STANDARD_COLS, rows: int = STANDARD_ROWS,
                 samples: int = SAMPLES) -> tuple[ConstellationSet, str]:
    """The constellation set and its TOML text (header included), reproducibly."""
    measures = measure(seed, cols, rows, samples)
    cards = tuple(Constellation(name, *m.points, red, purple)
                  for m, (name, red, purple) in zip(measures, PATTERNS, strict=True))
    cset = ConstellationSet(SET_NAME, cards)
    return cset, constellations_to_toml(cset, header(measures, seed, cols, rows, samples))


if __name__ == "__main__":  # pragma: no cover - the documented way to regenerate the file
    import sys

    from spacebowl_print.games.hubble.model.constellations import shipped_set_path

    write_set(sys.argv[1] if len(sys.argv) > 1 else str(shipped_set_path()))
