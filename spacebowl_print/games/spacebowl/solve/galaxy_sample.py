"""The galaxy builder's sampler: seeded random deals, counted in batches with bitboards.

A batch is counted by the bitboard engine on tables that hold only the toss's rows
(:mod:`solve.toss_tables`); :class:`~model.Galaxy` objects are made only for galaxies that are
kept or examined further. The sampler returns the first galaxy meeting the target, or the one
that came closest, as a hint for CP-SAT.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import Galaxy, Pos
from spacebowl_print.games.spacebowl.rules import bitboard
from spacebowl_print.games.spacebowl.solve.galaxy_cpsat import Target
from spacebowl_print.games.spacebowl.solve.galaxy_request import (
    Cards,
    Job,
    Setup,
    deal,
    galaxy_of,
)
from spacebowl_print.games.spacebowl.solve.toss_tables import tally, toss_tables

BATCHES = (4, 8, 16, 32, 64, 128, 256, 512)
"""Growing batch sizes: a loose target is usually met within the first few deals, while a
batch costs a fixed ~0.3 ms plus ~25 µs per dealt galaxy (toss-only tables, bitboard counter),
so rare targets get wide batches."""
WILD_CANDIDATES = 4
"""Galaxies per batch tried with every Wild cell (those with few enough plain solutions)."""

Counts = npt.NDArray[np.int64]
Masks = npt.NDArray[np.int64]
"""Planet masks of dealt galaxies, (n, cells); −1 = face down."""
Hint = tuple[Cards, npt.NDArray[np.bool_]]
"""A dealt galaxy (card indices, face-down flags) handed to CP-SAT as a solution hint."""


@dataclass
class Sampled:
    """Outcome of a sampling run: the accepted galaxy (or None), the Wild token's cell, the
    tries, and the dealt galaxy that came closest (when none was accepted)."""

    galaxy: Galaxy | None
    wild: Pos | None
    tries: int
    hint: Hint | None


def near_in_band(target: Target, near: Counts) -> npt.NDArray[np.bool_]:
    """Which of the near-miss counts ``near`` lie in the target's band."""
    ok = near >= target.near_misses
    if target.near_max is not None:
        ok &= near <= target.near_max
    return ok


def near_distance(target: Target, near: Counts) -> Counts:
    """How many near misses each galaxy lacks, or has too many."""
    short = np.maximum(target.near_misses - near, 0)
    if target.near_max is None:
        return short
    return short + np.maximum(near - target.near_max, 0)


def wild_search(setup: Setup, masks: Masks, cols: npt.NDArray[np.int64], target: Target,
                rng: np.random.Generator) -> tuple[int, Pos] | None:
    """The first of the galaxies ``masks`` ((c, cells) planet masks) that the Wild token on
    one of its cards gives exactly K solutions and a near-miss count in the band, and that
    cell; each galaxy's cells are tried in a seeded random order (one permutation drawn per
    galaxy, in turn). None if no galaxy and cell do."""
    cells = setup.cells
    slots = np.concatenate([rng.permutation(cells) for _ in range(len(masks))]).astype(np.intp)
    tables = toss_tables(np.repeat(masks, cells, axis=0), setup.rows, setup.cols, setup.torus,
                         cols, slots)
    counts, near = (a[0] for a in tally(tables, cols))
    hits = np.flatnonzero((counts == target.solutions) & near_in_band(target, near))
    if not hits.size:
        return None
    slot = int(slots[hits[0]])
    return int(hits[0]) // cells, Pos(slot // setup.cols, slot % setup.cols)


def wild_candidates(target: Target, counts: Counts, limit: int = WILD_CANDIDATES
                    ) -> npt.NDArray[np.intp]:
    """Galaxies worth trying with the Wild token: at most ``plain_max`` plain solutions, the
    closest below first (stable), at most ``limit``."""
    room = target.plain_max - counts
    found = np.flatnonzero(room >= 0)
    return found[np.argsort(room[found], kind="stable")][:limit]


@dataclass
class _Search:
    """A sampling run so far: galaxies dealt, how many met each half of the target (exactly
    K solutions / near misses in the band), and the closest miss."""

    tries: int = 0
    hits_k: int = 0
    hits_n: int = 0
    best: tuple[int, Cards, npt.NDArray[np.bool_]] | None = None

    def promising(self, budget: int) -> bool:
        """Whether the two halves, if independent, promise a hit within ``budget`` deals."""
        return self.hits_k * self.hits_n / max(self.tries, 1) ** 2 * budget >= 1

    def note(self, miss: Counts, order: Cards, hidden: npt.NDArray[np.bool_]) -> None:
        i = int(np.argmin(miss))
        if self.best is None or int(miss[i]) < self.best[0]:
            self.best = (int(miss[i]), order[i].copy(), hidden[i].copy())


def _batch(setup: Setup, target: Target, cols: npt.NDArray[np.int64], order: Cards,
           hidden: npt.NDArray[np.bool_], rng: np.random.Generator, search: _Search
           ) -> Sampled | None:
    """Count one dealt batch; the first galaxy meeting the target, else note the closest."""
    masks = np.where(hidden, -1, setup.masks[order])
    tables = toss_tables(masks, setup.rows, setup.cols, setup.torus, cols)
    counts, near = (a[0] for a in tally(tables, cols))
    if target.wild != "none":
        picked = wild_candidates(target, counts)
        found = wild_search(setup, masks[picked], cols, target, rng) if picked.size else None
        if found is not None:
            i = int(picked[found[0]])
            return Sampled(galaxy_of(setup, order[i], hidden[i]), found[1], search.tries + i + 1,
                           None)
        miss = np.maximum(counts - target.plain_max, 0)  # closest: fewest plain solutions
    else:
        ok = (counts == target.solutions) & near_in_band(target, near)
        if ok.any():
            i = int(np.flatnonzero(ok)[0])
            return Sampled(galaxy_of(setup, order[i], hidden[i]), None, search.tries + i + 1,
                           None)
        miss = np.abs(counts - target.solutions) + near_distance(target, near)
        search.hits_k += int(np.count_nonzero(counts == target.solutions))
        search.hits_n += int(np.count_nonzero(near_in_band(target, near)))
    search.note(miss, order, hidden)
    search.tries += len(order)
    return None


def sample(setup: Setup, job: Job, rng: np.random.Generator, budget: int, extend: int = 0
           ) -> Sampled:
    """Deal up to ``budget`` galaxies in growing batches; return the first that meets the
    target, else the one that came closest (as a CP-SAT hint).

    ``extend``: once the budget is spent, deal up to that many more if the two halves of the
    target are each common enough that their product promises a hit within ``budget`` more
    deals (the "almost loose" targets, where sampling beats a CP-SAT build). The decision
    uses counts only, so it is deterministic.
    """
    target = job.target
    cols = bitboard.encode_tosses([target.toss], setup.deck.letters, setup.rotation)
    search, step = _Search(), 0
    while True:
        if search.tries >= budget:
            if not extend or target.wild != "none" or not search.promising(budget):
                break
            budget, extend = budget + extend, 0
        n = min(BATCHES[min(step, len(BATCHES) - 1)], budget - search.tries)
        step += 1
        order, hidden = deal(setup, rng, n, job.allowed)
        found = _batch(setup, target, cols, order, hidden, rng, search)
        if found is not None:
            return found
    best = search.best
    return Sampled(None, None, search.tries, None if best is None else (best[1], best[2]))
