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
from spacebowl_print.games.spacebowl.rules.bitboard import (
    Tables,
    build_tables,
    tables_from_masks,
)
from spacebowl_print.games.spacebowl.rules.kernel import choose
from spacebowl_print.games.spacebowl.rules.tosses import (
    MAX_SOLUTIONS,
    histograms,
    toss_count,
)

VARIANTS: tuple[str, ...] = ("base", "black-hole", "rotation", "torus", "void", "6x6")
"""Deck-difficulty variants; each changes one thing from the base game (5×5, no black hole)."""

_CHUNK = 64  # galaxies per batch: big enough for wide numpy ops, small enough for the cache

MAX_GALAXIES = 20_000
"""Most galaxies the exact statistics deal (``stats``, ``deck report``, ``deck design``),
measured on this project's 2-core machine (all six variants, one job, whole command): with
the compiled kernel 20,000 galaxies take 38 CPU seconds at 156 MB (``stats --galaxies
20000``); with the numpy path (``SPACEBOWL_KERNEL=numpy``, or no numba) 400 take 11 CPU
seconds, so 20,000 at most about 12 CPU minutes, 6 on two cores. Memory stays flat whatever
the number: the galaxies are dealt and counted a chunk at a time."""

SECONDS_PER_GALAXY = 0.036
"""The numpy path's measured cost a galaxy (the slower path), for messages."""


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


def _shuffle_chunks(deck: Deck, n: int, seed: int, rows: int, cols: int, void: int,
                    chunk: int = _CHUNK, before_dealing: bool = False
                    ) -> Iterator[tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_],
                                        npt.NDArray[np.int64]]]:
    """The seeded deals behind :func:`deal`, ``chunk`` galaxies at a time (the same deals in
    the same order for any ``chunk``, so memory does not grow with ``n``): (k, rows*cols)
    card indices laid row by row, (k, rows*cols) face-down flags, (k, cards) 0/1 cards left
    over.

    ``void`` face-down cards: with ``before_dealing`` they are ``void`` cards of the deck,
    turned before the shuffle as the rulebook's void variant does, so 0 to ``void`` of them
    land in the galaxy; otherwise exactly ``void`` cells of each galaxy (a puzzle's layout)."""
    cards = deck.cards
    cells = rows * cols
    if len(cards) <= cells:
        raise InputError(f"a {cols}×{rows} galaxy needs more than {cells} cards, "
                         f"the deck has {len(cards)}", "cards")
    rng = np.random.default_rng(seed)
    for start in range(0, n, chunk):
        k = min(chunk, n - start)
        laid = np.empty((k, cells), dtype=np.intp)
        hidden = np.zeros((k, cells), dtype=bool)
        for g in range(k):
            # The rulebook turns 3 random cards face down, then shuffles and deals; a face-down
            # card left in the Infinity & Beyond deck is turned up when it reaches the top, so
            # the cards left over are the same either way.
            down = (rng.choice(len(cards), size=void, replace=False)
                    if void and before_dealing else None)
            laid[g] = rng.permutation(len(cards))[:cells]
            if down is not None:
                hidden[g] = np.isin(laid[g], down)
            elif void:
                hidden[g, rng.choice(cells, size=void, replace=False)] = True
        left = np.ones((k, len(cards)), dtype=np.int64)
        np.put_along_axis(left, laid, 0, axis=1)
        yield laid, hidden, left


def deal(deck: Deck, n: int, seed: int, rows: int = 5, cols: int = 5, void: int = 0,
         *, before_dealing: bool = False) -> tuple[list[Galaxy], npt.NDArray[np.int64]]:
    """Deal ``n`` galaxies from shuffles of ``deck`` (seeded).

    Returns the galaxies and an (n, cards) 0/1 matrix of the cards left over (the ones that can
    be the top card). ``void`` cards of each galaxy are turned face down; with
    ``before_dealing``, ``void`` cards of the deck are turned face down before the shuffle (the
    rulebook's void variant: 0 to ``void`` of them land in the galaxy).
    """
    galaxies: list[Galaxy] = []
    lefts: list[npt.NDArray[np.int64]] = []
    for part, left in deal_chunks(deck, n, seed, rows, cols, void, max(n, 1),
                                  before_dealing=before_dealing):
        galaxies += part
        lefts.append(left)
    return galaxies, (np.concatenate(lefts) if lefts else
                      np.ones((0, len(deck.cards)), dtype=np.int64))


def deal_chunks(deck: Deck, n: int, seed: int, rows: int = 5, cols: int = 5, void: int = 0,
                chunk: int = _CHUNK, *, before_dealing: bool = False
                ) -> Iterator[tuple[list[Galaxy], npt.NDArray[np.int64]]]:
    """:func:`deal`, ``chunk`` galaxies at a time (the same galaxies, in the same order, for
    any ``chunk``)."""
    shown = [c.planet_set for c in deck.cards]  # made once: a frozenset per card, not per deal
    ids_of = [c.id for c in deck.cards]
    for laid, hidden, left in _shuffle_chunks(deck, n, seed, rows, cols, void, chunk,
                                              before_dealing):
        galaxies: list[Galaxy] = []
        for order, down in zip(laid.tolist(), hidden.tolist(), strict=True):
            cells = tuple(tuple(None if down[r * cols + c] else shown[order[r * cols + c]]
                                for c in range(cols)) for r in range(rows))
            ids = tuple(tuple(ids_of[order[r * cols + c]] for c in range(cols))
                        for r in range(rows))
            galaxies.append(Galaxy(cells, ids))
        yield galaxies, left


def _dealt_masks(deck: Deck, n: int, seed: int, rows: int = 5, cols: int = 5, void: int = 0,
                 chunk: int = _CHUNK, *, before_dealing: bool = False
                 ) -> Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """:func:`deal` as the bitboard engine reads it, without building the galaxies, a chunk
    at a time: (k, rows*cols) planet masks (:func:`bitboard.planet_masks`: −1 face down),
    cards left."""
    bit = {ch: 1 << i for i, ch in enumerate(deck.letters)}
    card_masks = np.array([sum(bit[p] for p in set(c.planets)) for c in deck.cards],
                          dtype=np.int64)
    for laid, hidden, left in _shuffle_chunks(deck, n, seed, rows, cols, void, chunk,
                                              before_dealing):
        yield np.where(hidden, -1, card_masks[laid]), left


_Spec = tuple[list[tuple[list[int], bool, int]], npt.NDArray[np.int64], bool]
"""One variant's work on a deal: per marble key (planet masks of the marbles, black hole,
tosses), the (cards, keys) 0/1 matrix of the cards showing each key, and rotation."""


def _spec(deck: Deck, variant: str) -> _Spec:
    keys = _marble_keys(deck, variant == "black-hole")
    member = np.zeros((len(deck.cards), len(keys)), dtype=np.int64)
    marbles = []
    for k, ((planets, bh), cards) in enumerate(keys.items()):
        member[cards, k] = 1
        marbles.append(([1 << deck.letters.index(p) for p in planets], bh,
                        toss_count(len(planets), bh)))
    return marbles, member, variant == "rotation"


def _chunk_figures(specs: Sequence[_Spec], masks: npt.NDArray[np.int64], rows: int, cols: int,
                   rows_left: npt.NDArray[np.int64], torus: bool, kernel: str
                   ) -> list[tuple[npt.NDArray[np.float64], int]]:
    """Per variant of ``specs``: probability mass by number of solutions summed over the
    galaxies of one chunk (planet masks ``masks``), and the evaluations made. The variants
    share the chunk's tables (built once, without near misses)."""
    tables: Tables = tables_from_masks(masks, rows, cols, torus, near=False)
    total_left = rows_left.sum(axis=1).astype(float)
    out = []
    for marbles, member, rotation in specs:
        total = np.zeros(MAX_SOLUTIONS + 1)
        evaluations = 0
        # Weight of each key's top card in each galaxy: its copies left over / cards left
        # over (exact integer counts, then one division, as per key).
        weights = (rows_left @ member) / total_left[:, None]
        for k, (bits, bh, tosses) in enumerate(marbles):
            weight = weights[:, k]
            # Galaxies sharing a weight share one histogram (usually weight 0 or 1/31).
            for w in sorted({x for x in weight.tolist() if x > 0}):
                sel = np.flatnonzero(weight == w)
                h = histograms(tables, bits, bh, rotation, galaxies=sel, per_galaxy=False,
                               kernel=kernel)
                total += w * h / tosses
                evaluations += tosses * len(sel)
        out.append((total, evaluations))
    return out


def _chunk_task(args: tuple[Sequence[_Spec], npt.NDArray[np.int64], int, int,
                            npt.NDArray[np.int64], bool, str]
                ) -> tuple[list[tuple[npt.NDArray[np.float64], int]], int]:
    return _chunk_figures(*args), len(args[1])


def _variants_stats(deck: Deck, names: Sequence[str],
                    dealt: Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]],
                    n: int, rows: int, cols: int, torus: bool,
                    advance: Callable[[int], None], pool: Pool | None, kernel: str
                    ) -> list[VariantStats]:
    """The figures of the variants ``names`` (same deal, same torus flag) over one deal, read
    a chunk at a time from ``dealt`` (``n`` galaxies in all)."""
    specs = [_spec(deck, v) for v in names]
    tasks = ((specs, masks, rows, cols, left, torus, kernel) for masks, left in dealt)
    results = pool.map(_chunk_task, tasks) if pool else map(_chunk_task, tasks)
    totals = [np.zeros(MAX_SOLUTIONS + 1) for _ in names]
    evaluations = [0] * len(names)
    for parts, size in results:
        for i, (part, evals) in enumerate(parts):
            totals[i] += part  # summed in chunk order: the figures do not depend on workers
            evaluations[i] += evals
        advance(size * len(names))
    out = []
    for v, total, evals in zip(names, totals, evaluations, strict=True):
        dist = total / n
        last = int(np.max(np.nonzero(dist)[0])) if dist.any() else 0
        dist = dist[: last + 1]
        mean = float((np.arange(len(dist)) * dist).sum())
        out.append(VariantStats(v, float(dist[0]), mean, tuple(float(x) for x in dist), evals))
    return out


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


def check_galaxies(galaxies: int, what: str = "galaxies") -> int:
    """``galaxies`` if the exact statistics can deal that many in minutes, else an
    :class:`InputError` at ``what`` naming :data:`MAX_GALAXIES`."""
    if not 1 <= galaxies <= MAX_GALAXIES:
        raise InputError(f"must be a whole number from 1 to {MAX_GALAXIES:,} (at most about "
                         f"{SECONDS_PER_GALAXY * MAX_GALAXIES / 60:.0f} CPU minutes for every "
                         f"variant), got {galaxies}", what)
    return galaxies


def deck_stats(deck: Deck, galaxies: int, seed: int, variants: Sequence[str] = VARIANTS,
               advance: Callable[[int], None] = lambda k: None, jobs: int = 1) -> DeckStats:
    """Exact difficulty figures of ``deck`` over ``galaxies`` seeded deals, per variant.

    ``advance(k)`` is called as galaxies are finished (``k`` at a time), for progress bars.
    ``jobs`` > 1 spreads chunks of galaxies over worker processes (:mod:`core.workers`); the
    figures are the same, as they are with either counting kernel (chosen once here,
    :func:`rules.kernel.choose`, before any worker starts: workers inherit the loaded
    compiled code). The galaxies are dealt and counted a chunk at a time (memory does not
    grow with their number); more than :data:`MAX_GALAXIES` are refused.
    """
    check_galaxies(galaxies)
    for v in variants:
        if v not in VARIANTS:
            raise InputError(f"unknown variant {v!r} (one of {', '.join(VARIANTS)})", "variants")
    kernel = choose(planned_evaluations(deck, galaxies, variants))
    if jobs > 1 and galaxies > _CHUNK:
        with worker_pool(jobs) as pool:  # core.workers: an interrupt is the parent's alone
            return _deck_stats(deck, galaxies, seed, variants, advance, pool, kernel)
    return _deck_stats(deck, galaxies, seed, variants, advance, None, kernel)


_DEALS: dict[str, tuple[str, bool]] = {
    "base": ("base", False), "black-hole": ("base", False), "rotation": ("base", False),
    "torus": ("base", True), "void": ("void", False), "6x6": ("6x6", False)}
"""Each variant's deal and torus flag: variants on the same deal and flag share tables."""


def _deck_stats(deck: Deck, galaxies: int, seed: int, variants: Sequence[str],
                advance: Callable[[int], None], pool: Pool | None, kernel: str
                ) -> DeckStats:
    seeds = np.random.SeedSequence(seed).spawn(3)
    shapes = {"base": (0, 5, 5, 0), "void": (1, 5, 5, 3), "6x6": (2, 6, 6, 0)}
    groups: dict[tuple[str, bool], list[str]] = {}
    for v in variants:
        groups.setdefault(_DEALS[v], []).append(v)
    figures: dict[str, VariantStats] = {}
    for (kind, torus), names in groups.items():
        i, rows, cols, void = shapes[kind]
        # dealt again for each group (the same deal: the same seed), a chunk at a time; the
        # void variant turns its cards face down before dealing, as the rulebook does
        dealt = _dealt_masks(deck, galaxies, int(seeds[i].generate_state(1)[0]), rows, cols,
                             void, before_dealing=True)
        for figure in _variants_stats(deck, names, dealt, galaxies, rows, cols, torus,
                                      advance, pool, kernel):
            figures[figure.variant] = figure
    return DeckStats(deck.name, galaxies, seed, tuple(figures[v] for v in variants))
