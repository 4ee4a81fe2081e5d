"""Exact toss statistics: one galaxy's histogram over every toss, and a deck's difficulty.

Deck difficulty follows the physical game: a galaxy is dealt from the shuffled deck, the top
card of the rest names the marbles (each remaining card equally likely), and every toss of
those marbles is equally likely. The figures are therefore probabilities: the share of tosses
with no solution, the mean number of solutions and their distribution, per variant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from spacebowl_print.core.workers import Pool, worker_pool
from spacebowl_print.games.spacebowl.model import Deck, Galaxy, InputError
from spacebowl_print.games.spacebowl.rules.bitboard import Tables, build_tables
from spacebowl_print.games.spacebowl.rules.tosses import (
    MAX_SOLUTIONS,
    histograms,
    toss_count,
)

VARIANTS: tuple[str, ...] = ("base", "black-hole", "rotation", "torus", "void", "6x6")
"""Deck-difficulty variants; each changes one thing from the base game (5×5, no black hole)."""

_CHUNK = 64  # galaxies per batch: big enough for wide numpy ops, small enough for the cache

MAX_GALAXIES = 20_000
"""Most galaxies the exact statistics deal (``stats``, ``deck report``, ``deck design``):
measured on this project's 2-core machine, a galaxy costs about 0.036 CPU seconds for all six
variants (``stats --galaxies 800 --jobs 1``: 30 s), so 20,000 take about 12 CPU minutes, 6 on
two cores; memory stays near 80 MB whatever the number, the galaxies being dealt and counted
a chunk at a time."""

SECONDS_PER_GALAXY = 0.036
"""The measured cost above, for messages."""


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
    galaxies: list[Galaxy] = []
    lefts: list[npt.NDArray[np.int64]] = []
    for chunk, left in deal_chunks(deck, n, seed, rows, cols, void, max(n, 1)):
        galaxies += chunk
        lefts.append(left)
    return galaxies, (np.concatenate(lefts) if lefts else
                      np.ones((0, len(deck.cards)), dtype=np.int64))


def deal_chunks(deck: Deck, n: int, seed: int, rows: int = 5, cols: int = 5, void: int = 0,
                chunk: int = 64) -> Iterator[tuple[list[Galaxy], npt.NDArray[np.int64]]]:
    """:func:`deal`, ``chunk`` galaxies at a time (the same galaxies, in the same order, for any
    ``chunk``): the exact statistics stream through them, so their memory does not grow
    with ``n``."""
    cards = deck.cards
    if len(cards) <= rows * cols:
        raise InputError(f"a {cols}×{rows} galaxy needs more than {rows * cols} cards, "
                         f"the deck has {len(cards)}", "cards")
    rng = np.random.default_rng(seed)
    for start in range(0, n, chunk):
        size = min(chunk, n - start)
        galaxies: list[Galaxy] = []
        left = np.ones((size, len(cards)), dtype=np.int64)
        for g in range(size):
            order = rng.permutation(len(cards))
            laid = order[: rows * cols]
            left[g, laid] = 0
            cells = [[cards[laid[r * cols + c]].planet_set for c in range(cols)]
                     for r in range(rows)]
            ids = tuple(tuple(cards[laid[r * cols + c]].id for c in range(cols))
                        for r in range(rows))
            galaxy = Galaxy(tuple(tuple(row) for row in cells), ids)
            if void:
                hidden = rng.choice(rows * cols, size=void, replace=False)
                galaxy = galaxy.face_down([galaxy.positions()[i] for i in sorted(hidden)])
            galaxies.append(galaxy)
        yield galaxies, left


def _chunk_figures(letters: str, keys: dict[tuple[str, bool], list[int]],
                   chunk: Sequence[Galaxy], rows_left: npt.NDArray[np.int64], torus: bool,
                   rotation: bool) -> tuple[npt.NDArray[np.float64], int]:
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
            h = histograms(tables, bits, bh, rotation, galaxies=sel, per_galaxy=False)
            total += w * h / tosses
            evaluations += tosses * len(sel)
    return total, evaluations


def _chunk_task(args: tuple[str, dict[tuple[str, bool], list[int]], Sequence[Galaxy],
                            npt.NDArray[np.int64], bool, bool]
                ) -> tuple[npt.NDArray[np.float64], int, int]:
    return (*_chunk_figures(*args), len(args[2]))


def _variant_stats(deck: Deck, variant: str,
                   dealt: Iterator[tuple[list[Galaxy], npt.NDArray[np.int64]]], n: int,
                   torus: bool, rotation: bool, black_hole: bool,
                   advance: Callable[[int], None], pool: Pool | None) -> VariantStats:
    letters = deck.letters
    # Cards with the same marbles (and black-hole flag, when it matters) share their tosses.
    keys: dict[tuple[str, bool], list[int]] = {}
    for i, c in enumerate(deck.cards):
        keys.setdefault((c.planets, black_hole and c.black_hole), []).append(i)
    tasks = ((letters, keys, galaxies, left, torus, rotation) for galaxies, left in dealt)
    results = pool.map(_chunk_task, tasks) if pool else map(_chunk_task, tasks)
    total = np.zeros(MAX_SOLUTIONS + 1)
    evaluations = 0
    for part, evals, size in results:
        total += part  # summed in chunk order: the figures do not depend on the workers
        evaluations += evals
        advance(size)
    dist = total / n
    last = int(np.max(np.nonzero(dist)[0])) if dist.any() else 0
    dist = dist[: last + 1]
    mean = float((np.arange(len(dist)) * dist).sum())
    return VariantStats(variant, float(dist[0]), mean, tuple(float(x) for x in dist), evaluations)


def check_galaxies(galaxies: int, what: str = "galaxies") -> int:
    """``galaxies`` if the exact statistics can deal that many in minutes, else an
    :class:`InputError` at ``what`` naming :data:`MAX_GALAXIES`."""
    if not 1 <= galaxies <= MAX_GALAXIES:
        raise InputError(f"must be a whole number from 1 to {MAX_GALAXIES:,} (about "
                         f"{SECONDS_PER_GALAXY * MAX_GALAXIES / 60:.0f} CPU minutes for every "
                         f"variant), got {galaxies}", what)
    return galaxies


def deck_stats(deck: Deck, galaxies: int, seed: int, variants: Sequence[str] = VARIANTS,
               advance: Callable[[int], None] = lambda k: None, jobs: int = 1) -> DeckStats:
    """Exact difficulty figures of ``deck`` over ``galaxies`` seeded deals, per variant.

    ``advance(k)`` is called as galaxies are finished (``k`` at a time), for progress bars.
    ``jobs`` > 1 spreads chunks of galaxies over worker processes; the figures are the same.
    The galaxies are dealt and counted a chunk at a time (memory does not grow with their
    number); more than :data:`MAX_GALAXIES` are refused.
    """
    check_galaxies(galaxies)
    for v in variants:
        if v not in VARIANTS:
            raise InputError(f"unknown variant {v!r} (one of {', '.join(VARIANTS)})", "variants")
    if jobs > 1 and galaxies > _CHUNK:
        with worker_pool(jobs) as pool:  # core.workers: an interrupt is the parent's alone
            return _deck_stats(deck, galaxies, seed, variants, advance, pool)
    return _deck_stats(deck, galaxies, seed, variants, advance, None)


def _deck_stats(deck: Deck, galaxies: int, seed: int, variants: Sequence[str],
                advance: Callable[[int], None], pool: Pool | None) -> DeckStats:
    seeds = np.random.SeedSequence(seed).spawn(3)
    base_seed = int(seeds[0].generate_state(1)[0])
    out: list[VariantStats] = []
    for v in variants:
        if v == "void":
            dealt = deal_chunks(deck, galaxies, int(seeds[1].generate_state(1)[0]), void=3,
                                chunk=_CHUNK)
        elif v == "6x6":
            dealt = deal_chunks(deck, galaxies, int(seeds[2].generate_state(1)[0]), 6, 6,
                                chunk=_CHUNK)
        else:
            dealt = deal_chunks(deck, galaxies, base_seed, chunk=_CHUNK)
        out.append(_variant_stats(deck, v, dealt, galaxies, torus=v == "torus",
                                  rotation=v == "rotation", black_hole=v == "black-hole",
                                  advance=advance, pool=pool))
    return DeckStats(deck.name, galaxies, seed, tuple(out))
