"""Every toss of a set of marbles: exact enumeration with the bitboard engine.

A physical toss puts the Destination disc, each marble and (black-hole variant) the Black Hole
disc in one of 9 spaces independently, so ``m`` marbles give ``9**(m+1)`` equally likely tosses
(``9**(m+2)`` with the black hole; the learning mode fixes the disc on B2 and drops a factor 9).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import CENTRE, SPACES, Pos, Toss
from spacebowl_print.games.spacebowl.rules import kernel as kernel_module
from spacebowl_print.games.spacebowl.rules.bitboard import CACHE_WORDS, FACE_UP, Tables
from spacebowl_print.games.spacebowl.rules.kernel import Plan, choose, orbit_plan, toss_plan

MAX_SOLUTIONS = 64


def toss_count(marbles: int, black_hole: bool = False, learning: bool = False) -> int:
    """How many equally likely tosses ``marbles`` marbles give."""
    return 9 ** (marbles + 1 + int(black_hole) - int(learning))


def all_tosses(planets: str, black_hole: bool = False, learning: bool = False) -> Iterator[Toss]:
    """Every toss of the marbles ``planets`` (plain loop, for the reference engine)."""
    dests = [CENTRE] if learning else list(SPACES)
    holes: list[Pos | None] = list(SPACES) if black_hole else [None]
    for d in dests:
        for b in holes:
            for spaces in itertools.product(SPACES, repeat=len(planets)):
                yield Toss(d, dict(zip(planets, spaces, strict=True)), b)


def histograms(tables: Tables, marble_bits: list[int], black_hole: bool = False,
               rotation: bool = False, learning: bool = False,
               galaxies: npt.NDArray[np.intp] | None = None, per_galaxy: bool = True,
               kernel: str | None = None) -> npt.NDArray[np.int64]:
    """Counts of tosses by number of solutions, over every toss of the given marbles.

    Returns (n, MAX_SOLUTIONS+1) — per galaxy — or, with ``per_galaxy=False``, the
    (MAX_SOLUTIONS+1,) sum over the galaxies. ``galaxies`` restricts the work to those
    table columns.

    Marbles are independent, so for a fixed disc (and black hole) the valid-card board of a
    toss is the AND of one word per marble: the boards of all ``9**m`` marble placements are
    built level by level by broadcasting, never toss by toss. Tables must be built without
    a Wild token (it is a player's move, not part of a toss).

    ``kernel`` is ``"numpy"`` (this vectorised path) or ``"numba"`` (the compiled kernel,
    :mod:`rules.kernel_numba`); both give identical histograms. None lets
    :func:`rules.kernel.choose` pick for this call's size (``SPACEBOWL_KERNEL``).
    """
    if tables.ok is not tables.ok_plain:
        raise ValueError("exhaustive toss statistics are defined without the Wild token")
    chosen = np.arange(tables.n, dtype=np.intp) if galaxies is None else galaxies
    if kernel is None:
        kernel = choose(toss_count(len(marble_bits), black_hole, learning) * len(chosen))
    bits = tuple(marble_bits)
    if kernel == "numba":
        compiled = kernel_module.compiled()
        if compiled is None:
            raise ValueError("the numba kernel is not available (numba cannot be imported)")
        plan, weights = orbit_plan(bits, black_hole, rotation, learning)
        return compiled.histograms(tables.ok, tables.words, chosen, plan, weights, per_galaxy)
    if kernel != "numpy":
        raise ValueError(f"unknown kernel {kernel!r}")
    # Every toss enumerated, no symmetry used: this path checks the compiled one.
    plan = toss_plan(bits, black_hole, rotation, learning)
    if tables.words > 1:
        return _wide_histograms(tables, plan, galaxies, per_galaxy)
    ok = tables.ok if galaxies is None else tables.ok[:, galaxies]
    # Blocks of galaxies small enough for the 9**m boards to stay in the CPU cache
    # (measured best at 2 MiB per board array on this 2-core machine).
    block = max(8, 2 * CACHE_WORDS // 9 ** len(marble_bits))
    if ok.shape[1] > block:
        parts = [_histograms(np.ascontiguousarray(ok[:, a : a + block]), plan, per_galaxy)
                 for a in range(0, ok.shape[1], block)]
        return np.concatenate(parts) if per_galaxy else np.sum(parts, axis=0)
    return _histograms(ok, plan, per_galaxy)


def _wide_histograms(tables: Tables, plan: Plan, galaxies: npt.NDArray[np.intp] | None,
                     per_galaxy: bool) -> npt.NDArray[np.int64]:
    """:func:`histograms` for galaxies of several words (more than 64 cards), one galaxy at a
    time: each toss's count adds up the popcounts of the galaxy's words. The histograms have
    ``64·words + 1`` bins."""
    w = tables.words
    picked = range(tables.n) if galaxies is None else [int(g) for g in galaxies]
    out = [_histograms(np.ascontiguousarray(tables.ok[:, g * w : (g + 1) * w]), plan, False,
                       words=w) for g in picked]
    return np.array(out) if per_galaxy else np.sum(out, axis=0)


def _histograms(ok: npt.NDArray[np.uint64], plan: Plan, per_galaxy: bool, words: int = 1
                ) -> npt.NDArray[np.int64]:
    """Histograms over the table columns ``ok`` (one galaxy a column, or, with ``words`` > 1,
    one galaxy whose ``words`` columns add up), for the tosses of ``plan``
    (:func:`rules.kernel.toss_plan`)."""
    n = ok.shape[1]
    n_d, n_b, n_t, n_m, _ = plan.shape
    bins = MAX_SOLUTIONS * words + 1
    out = np.zeros((n, bins) if per_galaxy else bins, dtype=np.int64)
    base = np.arange(n, dtype=np.intp) * bins
    # Preallocated level buffers: fresh multi-megabyte arrays per toss group cost page faults.
    levels = [np.empty((9 ** (i + 1), n), dtype=np.uint64) for i in range(n_m)]
    union = np.empty((9 ** n_m, n), dtype=np.uint64)
    for d in range(n_d):
        for b in range(n_b):
            for t in range(n_t):
                acc = ok[FACE_UP][None, :]
                for level in range(n_m):
                    buf = levels[level]
                    np.bitwise_and(acc[:, None, :], ok[plan[d, b, t, level]][None, :, :],
                                   out=buf.reshape(acc.shape[0], 9, n))
                    acc = buf
                if t == 0:
                    np.copyto(union, acc)
                else:
                    np.bitwise_or(union, acc, out=union)
            counts = np.bitwise_count(union)  # uint8, (9**m, n)
            if words > 1:  # one galaxy: the words of a toss add up
                out += np.bincount(counts.sum(axis=1, dtype=np.intp), minlength=bins)[:bins]
            elif per_galaxy:
                flat = counts.astype(np.intp)
                flat += base
                out += np.bincount(flat.ravel(), minlength=out.size).reshape(n, bins)
            else:
                out += np.bincount(counts.ravel(), minlength=bins)[:bins]
    return out
