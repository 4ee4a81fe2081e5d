"""The compiled counting kernel: exhaustive toss histograms in one fused pass (numba).

Imported only through :func:`rules.kernel.compiled`, so that numba loads only for jobs that
count. Given the bitboard tables (:mod:`rules.bitboard`) and a toss plan with a weight per
destination (:func:`rules.kernel.orbit_plan`), for every disc and black-hole space and every
galaxy the plan's table words are gathered once and the words of the last two marbles ANDed
into a block of 81 placements; the earlier marbles are walked depth first, one running AND
per marble and turn. A block's boards then cost one AND per turn and an OR over the turns
(vectorised), a popcount and a tally: counts below 8 add up as byte counters packed in one
64-bit register (81 tosses fit a byte), counts below 24 in three, so that a toss costs no
memory increment; only blocks with larger counts increment the histogram toss by toss. When
the board under a partial placement is already empty, every toss below it has no solution:
they are counted into bin 0 at once. All of this is exact: the histograms are the numpy
path's to the last toss (``tests/spacebowl/test_kernel_agrees.py``).

The main loop's machine code is compiled when this module is imported (explicit signature)
and cached on disk (numba's ``cache=True``: ``__pycache__`` beside this file, or the user's
cache folder when that is read-only; ``NUMBA_CACHE_DIR`` overrides), so later runs only load
it. Worker processes forked after the import inherit it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from numba import types
from numba.extending import intrinsic

from spacebowl_print.games.spacebowl.rules.bitboard import FACE_UP

SPACE_COUNT = 9


@intrinsic
def _popcount(typingctx: Any, x: Any) -> Any:
    """Bits set in a uint64: LLVM's ctpop, the machine's popcount instruction."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


_TABLE = types.Array(types.uint64, 2, "C")
_INDEX = types.Array(types.intp, 1, "C")
_PLAN = types.Array(types.int64, 5, "C", readonly=True)  # toss plans are shared, read-only
_WEIGHTS = types.Array(types.int64, 1, "C", readonly=True)
_OUT = types.Array(types.int64, 2, "C")


def _jit(signature: Any, eager: bool = True
         ) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Compile for ``signature`` (at import when ``eager``, else at the first call), cached on
    disk when a cache folder is writable (numba refuses ``cache=True`` when it finds none:
    then compile without the cache)."""
    def wrap(fn: Callable[..., None]) -> Callable[..., None]:
        try:
            jit = numba.njit(signature, cache=True, nogil=True) if eager else \
                numba.njit(cache=True, nogil=True)
            return jit(fn)
        except RuntimeError:  # "cannot cache function ...: no locator available"
            return (numba.njit(signature, nogil=True) if eager else numba.njit(nogil=True))(fn)
    return wrap


LANES = 8
"""Byte counters in a uint64 register."""
BYTE = np.uint64(0xFF)

FLAT = SPACE_COUNT * SPACE_COUNT
"""Placements of the last two marbles, enumerated as one flat block (a constant, so that the
block's loops compile unrolled and vectorised)."""


@_jit(types.void(_TABLE, _INDEX, _PLAN, _WEIGHTS, _OUT, types.boolean))
def _one_word(ok, galaxies, plan, weights, out, per_galaxy):  # type: ignore[no-untyped-def]
    # Galaxies of one word and at least two marbles (the others take _many_words).
    # Loop order: disc and black hole outside, galaxies inside, so that the plan's table
    # rows are read along their length (ok is question-major: a row holds every galaxy).
    n_d, n_b, n_t, n_m, _ = plan.shape
    top = n_m - 2  # marbles walked depth first before the flat block of the last two
    hist = out
    words = np.empty((n_m, SPACE_COUNT, n_t), np.uint64)  # table word per marble, space, turn
    block = np.empty((n_t, FLAT), np.uint64)  # AND of the last two marbles' words
    union = np.empty(n_t, np.uint64)  # OR of the block's words, per turn
    u = np.empty(FLAT, np.uint64)  # the block's boards: valid cards under any turn
    count = np.empty(FLAT, np.uint64)  # their popcounts
    acc = np.empty((top + 1, n_t), np.uint64)  # running AND per walked marble and turn
    nxt = np.zeros(top + 1, np.intp)  # next space to try per walked marble
    below = np.empty(top + 1, np.int64)  # tosses under a partial placement: 9**(m - level)
    for level in range(top + 1):
        below[level] = SPACE_COUNT ** (n_m - level)
    zero = np.uint64(0)
    one = np.uint64(1)
    two = np.uint64(2)
    three = np.uint64(3)
    seven = np.uint64(7)
    for d in range(n_d):
        w = weights[d]  # tosses this destination's placements stand for
        for b in range(n_b):
            for gi in range(galaxies.shape[0]):
                g = galaxies[gi]
                r = gi if per_galaxy else 0
                for level in range(n_m):
                    for s in range(SPACE_COUNT):
                        for t in range(n_t):
                            words[level, s, t] = ok[plan[d, b, t, level, s], g]
                for t in range(n_t):
                    reach = zero
                    for s1 in range(SPACE_COUNT):
                        w1 = words[top, s1, t]
                        for s2 in range(SPACE_COUNT):
                            pair = w1 & words[top + 1, s2, t]
                            block[t, s1 * SPACE_COUNT + s2] = pair
                            reach |= pair
                    union[t] = reach  # cards some placement of the last two allows
                    acc[0, t] = ok[FACE_UP, g]
                pending = zero  # byte counters of up to three blocks not yet unpacked
                pending_bound = zero
                pending_blocks = 0
                level = 0
                nxt[0] = 0
                while level >= 0:
                    if level == top:  # count the block's tosses
                        reach = zero
                        for t in range(n_t):
                            reach |= acc[top, t] & union[t]
                        if reach == zero:  # no toss of the block has a solution
                            hist[r, 0] += w * FLAT
                            level -= 1
                            continue
                        bound = _popcount(reach)  # no toss of the block counts more
                        # Tally in registers, not memory: 8 byte counters a uint64 (a block's
                        # 81 tosses fit a byte), counts 8k..8k+7 in register k; an increment
                        # of a histogram word per toss would wait on the last one to that word.
                        if n_t == 1 and bound < LANES:  # one register, fused with the AND
                            a = acc[top, 0]
                            packed = zero
                            for j in range(FLAT):
                                packed += one << (_popcount(a & block[0, j]) << three)
                            # Three blocks fit the byte counters (3·81 < 256): add them up
                            # before unpacking into the histogram.
                            pending += packed
                            pending_bound = max(pending_bound, bound)
                            pending_blocks += 1
                            if pending_blocks == 3:
                                for c in range(pending_bound + 1):
                                    hist[r, c] += w * np.int64((pending >> (c << three)) & BYTE)
                                pending = zero
                                pending_bound = zero
                                pending_blocks = 0
                            level -= 1
                            continue
                        a = acc[top, 0]
                        for j in range(FLAT):
                            u[j] = a & block[0, j]
                        for t in range(1, n_t):  # rotation: solutions under any turn
                            a = acc[top, t]
                            for j in range(FLAT):
                                u[j] |= a & block[t, j]
                        if bound < LANES:
                            packed = zero
                            for j in range(FLAT):
                                packed += one << (_popcount(u[j]) << three)
                            for c in range(bound + 1):
                                hist[r, c] += w * np.int64((packed >> (c << three)) & BYTE)
                            level -= 1
                            continue
                        most = zero  # the bound is loose here: take the block's largest count
                        for j in range(FLAT):
                            c = _popcount(u[j])
                            count[j] = c
                            most = max(most, c)
                        if most < LANES:
                            packed = zero
                            for j in range(FLAT):
                                packed += one << (count[j] << three)
                            for c in range(most + 1):
                                hist[r, c] += w * np.int64((packed >> (c << three)) & BYTE)
                        elif most < 2 * LANES:  # counts below 16: two registers
                            low = zero
                            high = zero
                            for j in range(FLAT):
                                c = count[j]
                                tally = one << ((c & seven) << three)
                                upper = tally & (zero - (c >> three))  # the tally if c >= 8
                                low += tally ^ upper
                                high += upper
                            for c in range(LANES):
                                shift = np.uint64(c) << three
                                hist[r, c] += w * np.int64((low >> shift) & BYTE)
                                hist[r, c + LANES] += w * np.int64((high >> shift) & BYTE)
                        elif most < 3 * LANES:  # counts below 24: three registers
                            low = zero
                            mid = zero
                            high = zero
                            for j in range(FLAT):
                                c = count[j]
                                tally = one << ((c & seven) << three)
                                lane = c >> three
                                low += tally if lane == zero else zero
                                mid += tally if lane == one else zero
                                high += tally if lane == two else zero
                            for c in range(LANES):
                                shift = np.uint64(c) << three
                                hist[r, c] += w * np.int64((low >> shift) & BYTE)
                                hist[r, c + LANES] += w * np.int64((mid >> shift) & BYTE)
                                hist[r, c + 2 * LANES] += w * np.int64((high >> shift) & BYTE)
                        else:  # a toss with 24 solutions or more: rare
                            for j in range(FLAT):
                                hist[r, count[j]] += w
                        level -= 1
                        continue
                    s = nxt[level]
                    if s == SPACE_COUNT:
                        level -= 1
                        continue
                    nxt[level] = s + 1
                    seen = zero
                    for t in range(n_t):
                        a = acc[level, t] & words[level, s, t]
                        acc[level + 1, t] = a
                        seen |= a
                    if seen == zero:  # empty under every turn: no toss below has a solution
                        hist[r, 0] += w * below[level + 1]
                        continue
                    level += 1
                    nxt[level] = 0
                for c in range(pending_bound + 1):
                    hist[r, c] += w * np.int64((pending >> (c << three)) & BYTE)


# Compiled (or loaded from the cache) at its first call: galaxies of more than 64 cards and
# tosses of fewer than two marbles are rare, and loading costs a few hundredths of a second.
@_jit(types.void(_TABLE, _INDEX, types.intp, _PLAN, _WEIGHTS, _OUT, types.boolean),
      eager=False)
def _many_words(ok, galaxies, n_w, plan, weights, out, per_galaxy):  # type: ignore[no-untyped-def]
    # The one-word kernel with a word axis (a toss's count adds up its words' popcounts),
    # for any number of marbles: the flat block holds the last min(m, 2) marbles.
    n_d, n_b, n_t, n_m, _ = plan.shape
    tail = min(n_m, 2)
    flat = SPACE_COUNT ** tail
    top = n_m - tail
    words = np.empty((n_m, SPACE_COUNT, n_t, n_w), np.uint64)
    block = np.empty((n_t, flat, n_w), np.uint64)
    acc = np.empty((top + 1, n_t, n_w), np.uint64)
    nxt = np.zeros(top + 1, np.intp)
    below = np.empty(top + 1, np.int64)
    for level in range(top + 1):
        below[level] = SPACE_COUNT ** (n_m - level)
    zero = np.uint64(0)
    for d in range(n_d):
        w = weights[d]  # tosses this destination's placements stand for
        for b in range(n_b):
            for gi in range(galaxies.shape[0]):
                first = galaxies[gi] * n_w  # the galaxy's words: columns first .. first+n_w-1
                hist = out[gi] if per_galaxy else out[0]
                for level in range(n_m):
                    for s in range(SPACE_COUNT):
                        for t in range(n_t):
                            column = plan[d, b, t, level, s]
                            for k in range(n_w):
                                words[level, s, t, k] = ok[column, first + k]
                for t in range(n_t):
                    for k in range(n_w):
                        if tail == 2:
                            for s1 in range(SPACE_COUNT):
                                for s2 in range(SPACE_COUNT):
                                    block[t, s1 * SPACE_COUNT + s2, k] = (
                                        words[top, s1, t, k] & words[top + 1, s2, t, k])
                        elif tail == 1:
                            for s1 in range(SPACE_COUNT):
                                block[t, s1, k] = words[top, s1, t, k]
                        else:
                            block[t, 0, k] = ~zero
                        acc[0, t, k] = ok[FACE_UP, first + k]
                level = 0
                nxt[0] = 0
                while level >= 0:
                    if level == top:
                        for j in range(flat):
                            count = zero
                            for k in range(n_w):
                                v = zero
                                for t in range(n_t):
                                    v |= acc[top, t, k] & block[t, j, k]
                                count += _popcount(v)
                            hist[count] += w
                        level -= 1
                        continue
                    s = nxt[level]
                    if s == SPACE_COUNT:
                        level -= 1
                        continue
                    nxt[level] = s + 1
                    seen = zero
                    for t in range(n_t):
                        for k in range(n_w):
                            a = acc[level, t, k] & words[level, s, t, k]
                            acc[level + 1, t, k] = a
                            seen |= a
                    if seen == zero:
                        hist[0] += w * below[level + 1]
                        continue
                    level += 1
                    nxt[level] = 0


def histograms(ok: npt.NDArray[np.uint64], words: int, galaxies: npt.NDArray[np.intp],
               plan: npt.NDArray[np.int64], weights: npt.NDArray[np.int64], per_galaxy: bool
               ) -> npt.NDArray[np.int64]:
    """Histograms of solutions over the tosses of ``plan``, each destination ``d`` counting
    ``weights[d]`` times (:func:`rules.kernel.orbit_plan`), for the galaxies ``galaxies`` of
    the table ``ok`` (``Tables.ok``: ``words`` columns a galaxy): (k, bins) per galaxy, or
    the (bins,) sum with ``per_galaxy=False``; ``bins = 64·words + 1``."""
    bins = 64 * words + 1
    out = np.zeros((len(galaxies) if per_galaxy else 1, bins), dtype=np.int64)
    table = np.ascontiguousarray(ok)
    chosen = np.ascontiguousarray(galaxies, dtype=np.intp)
    if words == 1 and plan.shape[3] >= 2:
        _one_word(table, chosen, plan, weights, out, per_galaxy)
    else:
        _many_words(table, chosen, words, plan, weights, out, per_galaxy)
    return out if per_galaxy else out[0]
