"""Exact toss statistics: one galaxy's histogram over every toss, and a deck's difficulty.

Deck difficulty follows the physical game: a galaxy is dealt from the shuffled deck, the top
card of the rest names the marbles (each remaining card equally likely), and every toss of
those marbles is equally likely. The figures are therefore probabilities: the share of tosses
with no solution, the mean number of solutions and their distribution, per variant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import Deck, Galaxy, InputError
from spacebowl_print.games.spacebowl.rules.bitboard import Tables, build_tables
from spacebowl_print.games.spacebowl.rules.kernel import choose
from spacebowl_print.games.spacebowl.rules.tosses import (
    MAX_SOLUTIONS,
    histograms,
    toss_count,
)

VARIANTS: tuple[str, ...] = ("base", "black-hole", "rotation", "torus", "void", "6x6")
"""Deck-difficulty variants; each changes one thing from the base game (5×5, no black hole)."""

_CHUNK = 64  # galaxies per batch: big enough for wide numpy ops, small enough for the cache


def galaxy_histogram(galaxy: Galaxy, letters: str, planets: str, black_hole: bool = False,
                     rotation: bool = False, torus: bool = False, learning: bool = False
                     ) -> dict[int, int]:
    """Solutions per toss over **every** toss of the marbles ``planets``: {solutions: tosses}.

    Only counts that occur are listed; they sum to :func:`toss_count`. Galaxies of more than
    64 cards take several bitboard words (see :mod:`rules.bitboard`).
    """
    tables = build_tables([galaxy], letters, torus)
    bits = [1 << letters.index(p) for p in planets]
    h = histograms(tables, bits, black_hole, rotation, learning)[0]
    return {k: int(v) for k, v in enumerate(h) if v}


@dataclass(frozen=True)
class VariantStats:
    """Difficulty figures of one variant. ``distribution[k]`` is the probability of exactly
    ``k`` solutions; ``evaluations`` counts the galaxy·toss pairs that were examined."""

    variant: str
    share_none: float
    mean: float
    distribution: tuple[float, ...]
    evaluations: int

    def to_json(self) -> dict[str, object]:
        return {
            "share_none": round(self.share_none, 6),
            "mean_solutions": round(self.mean, 6),
            "distribution": {str(k): round(p, 6) for k, p in enumerate(self.distribution) if p},
            "evaluations": self.evaluations,
        }


@dataclass(frozen=True)
class DeckStats:
    """A deck's difficulty over ``galaxies`` dealt galaxies, per variant."""

    deck: str
    galaxies: int
    seed: int
    variants: tuple[VariantStats, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, object]:
        return {"deck": self.deck, "galaxies": self.galaxies, "seed": self.seed,
                "variants": {v.variant: v.to_json() for v in self.variants}}


def deal(deck: Deck, n: int, seed: int, rows: int = 5, cols: int = 5, void: int = 0
         ) -> tuple[list[Galaxy], npt.NDArray[np.int64]]:
    """Deal ``n`` galaxies from shuffles of ``deck`` (seeded).

    Returns the galaxies and an (n, cards) 0/1 matrix of the cards left over (the ones that can
    be the top card). ``void`` cards of each galaxy are turned face down.
    """
    cards = deck.cards
    if len(cards) <= rows * cols:
        raise InputError(f"a {cols}×{rows} galaxy needs more than {rows * cols} cards, "
                         f"the deck has {len(cards)}", "cards")
    rng = np.random.default_rng(seed)
    galaxies: list[Galaxy] = []
    left = np.ones((n, len(cards)), dtype=np.int64)
    shown = [c.planet_set for c in cards]  # made once: a frozenset per card, not per deal
    ids_of = [c.id for c in cards]
    for g in range(n):
        order = rng.permutation(len(cards))
        laid = order[: rows * cols].tolist()
        left[g, laid] = 0
        cells = [[shown[laid[r * cols + c]] for c in range(cols)] for r in range(rows)]
        ids = tuple(tuple(ids_of[laid[r * cols + c]] for c in range(cols)) for r in range(rows))
        galaxy = Galaxy(tuple(tuple(row) for row in cells), ids)
        if void:
            hidden = rng.choice(rows * cols, size=void, replace=False)
            galaxy = galaxy.face_down([galaxy.positions()[i] for i in sorted(hidden)])
        galaxies.append(galaxy)
    return galaxies, left


def _chunk_figures(letters: str, keys: dict[tuple[str, bool], list[int]],
                   chunk: Sequence[Galaxy], rows_left: npt.NDArray[np.int64], torus: bool,
                   rotation: bool, kernel: str) -> tuple[npt.NDArray[np.float64], int]:
    """Probability mass by number of solutions summed over the galaxies of one chunk."""
    total = np.zeros(MAX_SOLUTIONS + 1)
    evaluations = 0
    tables: Tables = build_tables(chunk, letters, torus)
    total_left = rows_left.sum(axis=1).astype(float)
    for (planets, bh), members in keys.items():
        bits = [1 << letters.index(p) for p in planets]
        tosses = toss_count(len(planets), bh)
        # Weight of this top card in each galaxy: its copies left over / cards left over.
        # Galaxies sharing a weight share one histogram (usually weight 0 or 1/31).
        weight = rows_left[:, members].sum(axis=1) / total_left
        for w in np.unique(weight[weight > 0]):
            sel = np.flatnonzero(weight == w)
            h = histograms(tables, bits, bh, rotation, galaxies=sel, per_galaxy=False,
                           kernel=kernel)
            total += w * h / tosses
            evaluations += tosses * len(sel)
    return total, evaluations


def _chunk_task(args: tuple[str, dict[tuple[str, bool], list[int]], Sequence[Galaxy],
                            npt.NDArray[np.int64], bool, bool, str]
                ) -> tuple[npt.NDArray[np.float64], int]:
    return _chunk_figures(*args)


def _variant_stats(deck: Deck, variant: str, galaxies: Sequence[Galaxy],
                   left: npt.NDArray[np.int64], torus: bool, rotation: bool, black_hole: bool,
                   advance: Callable[[int], None], pool: Executor | None, kernel: str
                   ) -> VariantStats:
    letters = deck.letters
    keys = _marble_keys(deck, black_hole)
    n = len(galaxies)
    tasks = [(letters, keys, galaxies[a : a + _CHUNK], left[a : a + _CHUNK], torus, rotation,
              kernel) for a in range(0, n, _CHUNK)]
    results = pool.map(_chunk_task, tasks) if pool else map(_chunk_task, tasks)
    total = np.zeros(MAX_SOLUTIONS + 1)
    evaluations = 0
    for task, (part, evals) in zip(tasks, results, strict=True):
        total += part  # summed in chunk order: the figures do not depend on the workers
        evaluations += evals
        advance(len(task[2]))
    dist = total / n
    last = int(np.max(np.nonzero(dist)[0])) if dist.any() else 0
    dist = dist[: last + 1]
    mean = float((np.arange(len(dist)) * dist).sum())
    return VariantStats(variant, float(dist[0]), mean, tuple(float(x) for x in dist), evaluations)


def _marble_keys(deck: Deck, black_hole: bool) -> dict[tuple[str, bool], list[int]]:
    """Cards with the same marbles (and black-hole flag, when it matters) share their tosses:
    {(marbles, black hole): card indices}."""
    keys: dict[tuple[str, bool], list[int]] = {}
    for i, c in enumerate(deck.cards):
        keys.setdefault((c.planets, black_hole and c.black_hole), []).append(i)
    return keys


def planned_evaluations(deck: Deck, galaxies: int, variants: Sequence[str]) -> int:
    """About how many galaxy·toss evaluations :func:`deck_stats` makes (at most: every marble
    set counted on every galaxy), to choose the counting kernel before starting."""
    per_galaxy = sum(toss_count(len(planets), bh)
                     for v in variants
                     for planets, bh in _marble_keys(deck, v == "black-hole"))
    return galaxies * per_galaxy


def deck_stats(deck: Deck, galaxies: int, seed: int, variants: Sequence[str] = VARIANTS,
               advance: Callable[[int], None] = lambda k: None, jobs: int = 1) -> DeckStats:
    """Exact difficulty figures of ``deck`` over ``galaxies`` seeded deals, per variant.

    ``advance(k)`` is called as galaxies are finished (``k`` at a time), for progress bars.
    ``jobs`` > 1 spreads chunks of galaxies over worker processes; the figures are the same,
    as they are with either counting kernel (chosen once here, :func:`rules.kernel.choose`,
    before any worker starts: workers inherit the loaded compiled code).
    """
    for v in variants:
        if v not in VARIANTS:
            raise InputError(f"unknown variant {v!r} (one of {', '.join(VARIANTS)})", "variants")
    kernel = choose(planned_evaluations(deck, galaxies, variants))
    if jobs > 1 and galaxies > _CHUNK:
        with ProcessPoolExecutor(jobs) as pool:
            return _deck_stats(deck, galaxies, seed, variants, advance, pool, kernel)
    return _deck_stats(deck, galaxies, seed, variants, advance, None, kernel)


def _deck_stats(deck: Deck, galaxies: int, seed: int, variants: Sequence[str],
                advance: Callable[[int], None], pool: Executor | None, kernel: str
                ) -> DeckStats:
    seeds = np.random.SeedSequence(seed).spawn(3)
    base = deal(deck, galaxies, int(seeds[0].generate_state(1)[0]))
    out: list[VariantStats] = []
    for v in variants:
        if v == "void":
            gals, left = deal(deck, galaxies, int(seeds[1].generate_state(1)[0]), void=3)
        elif v == "6x6":
            gals, left = deal(deck, galaxies, int(seeds[2].generate_state(1)[0]), 6, 6)
        else:
            gals, left = base
        out.append(_variant_stats(deck, v, gals, left, torus=v == "torus",
                                  rotation=v == "rotation", black_hole=v == "black-hole",
                                  advance=advance, pool=pool, kernel=kernel))
    return DeckStats(deck.name, galaxies, seed, tuple(out))
