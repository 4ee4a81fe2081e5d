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

from spacebowl_print.games.spacebowl.model import CENTRE, SPACES, TURNS, Pos, Toss, turn_space
from spacebowl_print.games.spacebowl.rules.bitboard import (
    CACHE_WORDS,
    FACE_UP,
    PRO,
    REQ,
    Tables,
    column,
)

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
               galaxies: npt.NDArray[np.intp] | None = None, per_galaxy: bool = True
               ) -> npt.NDArray[np.int64]:
    """Counts of tosses by number of solutions, over every toss of the given marbles.

    Returns (n, MAX_SOLUTIONS+1) — per galaxy — or, with ``per_galaxy=False``, the
    (MAX_SOLUTIONS+1,) sum over the galaxies. ``galaxies`` restricts the work to those
    table columns.

    Marbles are independent, so for a fixed disc (and black hole) the valid-card board of a
    toss is the AND of one word per marble: the boards of all ``9**m`` marble placements are
    built level by level by broadcasting, never toss by toss. Tables must be built without
    a Wild token (it is a player's move, not part of a toss).
    """
    if tables.ok is not tables.ok_plain:
        raise ValueError("exhaustive toss statistics are defined without the Wild token")
    if tables.words > 1:
        return _wide_histograms(tables, marble_bits, black_hole, rotation, learning, galaxies,
                                per_galaxy)
    ok = tables.ok if galaxies is None else tables.ok[:, galaxies]
    # Blocks of galaxies small enough for the 9**m boards to stay in the CPU cache
    # (measured best at 2 MiB per board array on this 2-core machine).
    block = max(8, 2 * CACHE_WORDS // 9 ** len(marble_bits))
    if ok.shape[1] > block:
        parts = [_histograms(np.ascontiguousarray(ok[:, a : a + block]), marble_bits,
                             black_hole, rotation, learning, per_galaxy)
                 for a in range(0, ok.shape[1], block)]
        return np.concatenate(parts) if per_galaxy else np.sum(parts, axis=0)
    return _histograms(ok, marble_bits, black_hole, rotation, learning, per_galaxy)


def _wide_histograms(tables: Tables, marble_bits: list[int], black_hole: bool, rotation: bool,
                     learning: bool, galaxies: npt.NDArray[np.intp] | None, per_galaxy: bool
                     ) -> npt.NDArray[np.int64]:
    """:func:`histograms` for galaxies of several words (more than 64 cards), one galaxy at a
    time: each toss's count adds up the popcounts of the galaxy's words. The histograms have
    ``64·words + 1`` bins."""
    w = tables.words
    picked = range(tables.n) if galaxies is None else [int(g) for g in galaxies]
    out = [_histograms(np.ascontiguousarray(tables.ok[:, g * w : (g + 1) * w]), marble_bits,
                       black_hole, rotation, learning, False, words=w) for g in picked]
    return np.array(out) if per_galaxy else np.sum(out, axis=0)


def _histograms(ok: npt.NDArray[np.uint64], marble_bits: list[int], black_hole: bool,
                rotation: bool, learning: bool, per_galaxy: bool, words: int = 1
                ) -> npt.NDArray[np.int64]:
    """Histograms over the table columns ``ok`` (one galaxy a column, or, with ``words`` > 1,
    one galaxy whose ``words`` columns add up)."""
    n = ok.shape[1]
    bins = MAX_SOLUTIONS * words + 1
    out = np.zeros((n, bins) if per_galaxy else bins, dtype=np.int64)
    base = np.arange(n, dtype=np.intp) * bins
    dests = [CENTRE] if learning else list(SPACES)
    holes: list[Pos | None] = list(SPACES) if black_hole else [None]
    turns = TURNS if rotation else (0,)
    # Preallocated level buffers: fresh multi-megabyte arrays per toss group cost page faults.
    levels = [np.empty((9 ** (i + 1), n), dtype=np.uint64) for i in range(len(marble_bits))]
    union = np.empty((9 ** len(marble_bits), n), dtype=np.uint64)
    for d in dests:
        for b in holes:
            for t_i, turn in enumerate(turns):
                td = turn_space(d, turn)
                acc = ok[FACE_UP][None, :]
                for level, bit in enumerate(marble_bits):
                    cols = []
                    for s in SPACES:
                        ts = turn_space(s, turn)
                        kind = PRO if s == b else REQ
                        cols.append(column(kind, ts.row - td.row, ts.col - td.col, bit))
                    buf = levels[level]
                    np.bitwise_and(acc[:, None, :], ok[cols][None, :, :],
                                   out=buf.reshape(acc.shape[0], 9, n))
                    acc = buf
                if t_i == 0:
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
