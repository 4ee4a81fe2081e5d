"""The compiled kernel of the par's hill climb (numba): a whole play scored from bitmasks, and
late-acceptance hill climbing over one answer per roll (:mod:`~.par_climb` builds the tables
and reads the result).

A pad of at most 64 cells is five 64-bit masks, one per drawn icon (galaxy, planet, asteroid,
comet, star, in :data:`~.geometry.DRAWN_ICONS` order); every category is scored from them
exactly as the engine scores a pad (:func:`score`; ``tests/hubble/test_hubble_climb.py``
pits it against :func:`~.rules.scoring.score_pad` on random plays):

- galaxies: 11 × the fewest in a quadrant (a popcount per quadrant mask);
- planets: per line holding 2 or more, their number;
- asteroids: 8 × the largest packing of all-asteroid triangles, by an exact depth-first
  search on the lowest asteroid cell (covered by one of the triangles it is the lowest cell
  of, or left out), cut where the asteroids left cannot beat the best;
- comets: each group (grown along neighbour masks) by its size, 0, 4, 7, 11, 15, +5;
- stars, two cards: both readings of "each star serves at most one card" (the engine's, where
  a completed placement's red and present purple stars are all its own, and the other, where
  only red stars are exclusive); the climb moves through pads where they differ but keeps as
  its best only pads where they agree, as the par solver publishes no other.

The compiled functions allocate nothing: :func:`climb`, :func:`play_points` and the other
entry points are plain Python that make the arrays a compiled function writes and pass them
in (see :data:`OPTIONS`). Everything is integer arithmetic and the generator is xorshift64,
so a run is the same on any CPU. With ``NUMBA_DISABLE_JIT=1`` the same functions run as
plain Python (slowly; a test compares the two on a short climb).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

U64 = np.uint64
ONE = np.uint64(1)
ZERO = np.uint64(0)

Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]


OPTIONS: dict[str, Any] = {"nogil": True, "_nrt": False}
"""numba's options for every kernel function: the GIL released, and no reference-counting
runtime (``_nrt``, numba's own switch, which its tests use).

Compiled code counts the references to every array it passes to another compiled function,
up on the call and down on the return, each count an atomic operation: 18 to 23 % of the
climb's time under ``perf``. The kernel allocates nothing (the plain Python functions that
call it pass in every array it writes), so it needs no counts: without them the climb takes
about 0.88 of the time. A numba that ignored the switch would run the same code with the
counts, as correct and slower."""


def _jit(fn: Callable[..., Any], **extra: Any) -> Any:
    """Compile at the first call with :data:`OPTIONS` (and ``extra``), cached on disk where
    a cache folder is writable (numba refuses ``cache=True`` when it finds none: then compile
    without the cache)."""
    try:
        return numba.njit(cache=True, **OPTIONS, **extra)(fn)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return numba.njit(**OPTIONS, **extra)(fn)


def _inlined(fn: Callable[..., Any]) -> Any:
    """:func:`_jit`, and numba inlines the function's body into every caller: the climb
    calls these small functions several times a move. Inlined, it took about 7 % less time
    while references were counted, and still 4 to 7 % less without them (``_points`` called
    instead), for about a second more compiling, once, into the cache."""
    return _jit(fn, inline="always")


@_inlined
def popcount(x: np.uint64) -> int:
    """Bits set in ``x`` (LLVM turns the loop into the machine's popcount)."""
    n = 0
    while x:
        x &= x - ONE
        n += 1
    return n


@_inlined
def lowest(x: np.uint64) -> int:
    """The index of the lowest bit set in ``x`` (not 0)."""
    return popcount((x & (~x + ONE)) - ONE)


def asteroid_packing(a: np.uint64, low_tris: Masks, low_count: Ints) -> int:
    """The most disjoint triangles whose cells are all in ``a``: ``low_tris[c, :low_count[c]]``
    are the triangles whose lowest cell is ``c`` (see :func:`packing_in`)."""
    return packing_in(a, low_tris, low_count, np.empty(66, dtype=np.uint64),
                      np.empty((66, 2), dtype=np.int64))


@_jit
def packing_in(a: np.uint64, low_tris: Masks, low_count: Ints, avail: Masks,
               frames: npt.NDArray[np.int64]) -> int:
    """:func:`asteroid_packing` with its stack in ``avail`` and ``frames`` (66 rows: one per
    cell and two more). Depth first on the lowest cell left: one of its triangles, or leave
    it out; a branch whose cells cannot make more triangles than the best is cut."""
    # frames[sp]: the triangles counted so far, the next option to try (indexed, not
    # sliced: a slice is a new array whose references are counted)
    best = 0
    sp = 0
    avail[0] = a
    frames[0, 0] = 0
    frames[0, 1] = 0
    while sp >= 0:
        left = avail[sp]
        n = popcount(left)
        if n < 3 or frames[sp, 0] + n // 3 <= best:
            if frames[sp, 0] > best:
                best = frames[sp, 0]
            sp -= 1
            continue
        c = lowest(left)
        k = frames[sp, 1]
        frames[sp, 1] = k + 1
        if k < low_count[c]:
            t = low_tris[c, k]
            if t & left == t:
                sp += 1
                avail[sp] = left & ~t
                frames[sp, 0] = frames[sp - 1, 0] + 1
                frames[sp, 1] = 0
        elif k == low_count[c]:
            sp += 1
            avail[sp] = left & ~(ONE << U64(c))
            frames[sp, 0] = frames[sp - 1, 0]
            frames[sp, 1] = 0
        else:
            sp -= 1
    return best


@_jit
def comet_points(c: np.uint64, neighbours: Masks) -> int:
    """The comets' points: each group (cells joined by neighbours) 0, 4, 7, 11, 15 for 1 to
    5 comets, +5 for each further comet."""
    total = 0
    rest = c
    while rest:
        group = rest & (~rest + ONE)
        frontier = group
        while frontier:
            grow = ZERO
            f = frontier
            while f:
                bit = f & (~f + ONE)
                grow |= neighbours[lowest(bit)]
                f ^= bit
            grow &= rest & ~group
            group |= grow
            frontier = grow
        rest &= ~group
        size = popcount(group)
        if size >= 5:
            total += 15 + 5 * (size - 5)
        elif size == 4:
            total += 11
        elif size == 3:
            total += 7
        elif size == 2:
            total += 4
    return total


def star_points(s: np.uint64, red: Masks, purple: Masks, first: Ints, value: Ints,
                bonus: Ints, star_low: Ints) -> tuple[int, int]:
    """The stars score of two cards under both readings (the engine's, the other); card
    ``j``'s placements are ``first[j]:first[j + 1]`` of ``red`` and ``purple``, in the order
    of their lowest red cell: those at cell ``c`` are ``star_low[j, c]:star_low[j, c + 1]``."""
    return stars_in(s, red, purple, first, value, bonus, star_low,
                    np.empty(red.shape[0], np.int64))


@_jit
def _completed(s: np.uint64, red: Masks, purple: Masks, star_low: Ints, card: int, value: int,
               bonus: int, out: Ints, at: int) -> tuple[int, int]:
    """The placements of ``card`` whose red stars are all in ``s``, listed in ``out`` from
    ``at``: how many, and the most one of them scores alone. Only those whose lowest red cell
    holds a star are looked at (a pad's stars are few; what is listed is only maximised over,
    so the order does not matter)."""
    n = 0
    best = 0
    rest = s
    while rest:
        bit = rest & (~rest + ONE)
        c = popcount(bit - ONE)
        for p in range(star_low[card, c], star_low[card, c + 1]):
            if red[p] & s == red[p]:
                out[at + n] = p
                n += 1
                best = max(best, value + bonus * popcount(purple[p] & s))
        rest ^= bit
    return n, best


@_jit
def stars_in(s: np.uint64, red: Masks, purple: Masks, first: Ints, value: Ints, bonus: Ints,
             star_low: Ints, done: Ints) -> tuple[int, int]:
    """:func:`star_points` with the completed placements listed in ``done`` (one row per
    placement)."""
    at = first[1] - first[0]  # card 0's in done[:at], card 1's in done[at:]
    n0, best0 = _completed(s, red, purple, star_low, 0, value[0], bonus[0], done, 0)
    n1, best1 = _completed(s, red, purple, star_low, 1, value[1], bonus[1], done, at)
    best = max(best0, best1)
    other = best
    shared = min(bonus[0], bonus[1])
    for i in range(n0):
        p = done[i]
        own0 = red[p] | (purple[p] & s)
        for j in range(n1):
            q = done[at + j]
            if red[p] & red[q]:
                continue
            own1 = red[q] | (purple[q] & s)
            if not own0 & own1:
                v = value[0] + value[1] + bonus[0] * popcount(purple[p] & s) \
                    + bonus[1] * popcount(purple[q] & s)
                best = max(best, v)
            p0 = purple[p] & s & ~red[q]
            p1 = purple[q] & s & ~red[p]
            v = value[0] + value[1] + bonus[0] * popcount(p0) + bonus[1] * popcount(p1) \
                - shared * popcount(p0 & p1)
            other = max(other, v)
    return best, max(best, other)


def play_points(answers: Ints, icons: Masks, fog: Ints, quadrants: Masks, lines: Masks,
                low_tris: Masks, low_count: Ints, neighbours: Masks, red: Masks,
                purple: Masks, first: Ints, value: Ints, bonus: Ints, star_low: Ints
                ) -> tuple[int, bool]:
    """The total of the play that answers roll ``i`` with answer ``answers[i]`` (the game ends
    at the third fog), and whether its pad reads alike under both readings of the stars.
    The answers must draw on distinct cells."""
    masks = np.zeros(5, dtype=np.uint64)
    _masks_of(answers, icons, fog, masks)
    avail, frames, done, keys, memo = _scratch(red.shape[0])
    return _points(masks, quadrants, lines, low_tris, low_count, neighbours, red, purple,
                   first, value, bonus, star_low, avail, frames, done, keys, memo)


def _scratch(placements: int) -> tuple[Masks, Ints, Ints, Masks, Ints]:
    """:func:`_points`'s scratch arrays, fresh: the packing's stack (``avail``, ``frames``),
    the completed placements (``done``, one row per placement) and the memo (``keys``,
    ``memo``: nothing known)."""
    return (np.empty(66, dtype=np.uint64), np.empty((66, 2), dtype=np.int64),
            np.empty(placements, dtype=np.int64), np.zeros((3, 3), dtype=np.uint64),
            np.zeros((3, 3, 3), dtype=np.int64))


@_jit
def _masks_of(answers: Ints, icons: Masks, fog: Ints, masks: Masks) -> int:
    """Fill ``masks`` with the play's drawn icons, one mask per icon, up to the third fog;
    returns the index of the last roll in the game."""
    for x in range(5):
        masks[x] = ZERO
    fogs = 0
    end = answers.shape[0] - 1
    for i in range(answers.shape[0]):
        k = answers[i]
        for x in range(5):
            masks[x] |= icons[k, x]
        fogs += fog[k]
        if fogs == 3:
            end = i
            break
    return end


@_inlined
def _recall(keys: Masks, memo: Ints, category: int, key: np.uint64) -> int:
    """The slot (0 to 2) of ``category``'s memo that holds ``key``, or -1."""
    for slot in range(3):
        if memo[category, slot, 0] == 1 and keys[category, slot] == key:
            return slot
    return -1


@_inlined
def _remember(keys: Masks, memo: Ints, category: int, key: np.uint64, first_value: int,
              second_value: int) -> None:
    """Keep ``key``'s values as ``category``'s newest, the newest before it as the older."""
    keys[category, 1] = keys[category, 0]
    for v in range(3):
        memo[category, 1, v] = memo[category, 0, v]
    keys[category, 0] = key
    memo[category, 0, 0] = 1
    memo[category, 0, 1] = first_value
    memo[category, 0, 2] = second_value


MASK_OF = (2, 3, 4)
"""The mask (asteroid, comet, star) each memo category is keyed by."""


@_inlined
def _pin(keys: Masks, memo: Ints, masks: Masks) -> None:
    """Keep the points of ``masks`` (just scored: in slot 0 or 1) in each category's slot 2,
    which only the next pin replaces: the climb pins the play it stands on, from which
    every trial differs by a roll or two (without the pin, the trials it rejects pushed
    it out, and the stars were scored again on 93 moves in 100)."""
    for category in range(3):
        key = masks[MASK_OF[category]]
        slot = _recall(keys, memo, category, key)
        if slot >= 0 and slot != 2:
            keys[category, 2] = key
            for v in range(3):
                memo[category, 2, v] = memo[category, slot, v]


@_inlined
def _points(masks: Masks, quadrants: Masks, lines: Masks, low_tris: Masks, low_count: Ints,
            neighbours: Masks, red: Masks, purple: Masks, first: Ints, value: Ints,
            bonus: Ints, star_low: Ints, avail: Masks, frames: Ints, done: Ints, keys: Masks,
            memo: Ints) -> tuple[int, bool]:
    """The total of the pad whose drawn icons are ``masks`` (galaxy, planet, asteroid, comet,
    star) and whether it reads alike under both readings of the stars; with its scratch
    arrays, and the asteroids', comets' and stars' points of the last two masks of each
    kept in ``keys`` and ``memo`` (slots 0 and 1; slot 2 is :func:`_pin`'s; rows of: known,
    value, value under the other reading): a move changes a few rolls, so most categories
    score as they did."""
    g, p, a, c, s = masks[0], masks[1], masks[2], masks[3], masks[4]
    low = 64
    for q in range(quadrants.shape[0]):
        low = min(low, popcount(g & quadrants[q]))
    total = 11 * low
    for i in range(lines.shape[0]):
        n = popcount(p & lines[i])
        if n >= 2:
            total += n
    slot = _recall(keys, memo, 0, a)
    if slot >= 0:
        total += memo[0, slot, 1]
    else:
        packed = 8 * packing_in(a, low_tris, low_count, avail, frames) if popcount(a) >= 3 \
            else 0
        _remember(keys, memo, 0, a, packed, packed)
        total += packed
    slot = _recall(keys, memo, 1, c)
    if slot >= 0:
        total += memo[1, slot, 1]
    else:
        comets = comet_points(c, neighbours)
        _remember(keys, memo, 1, c, comets, comets)
        total += comets
    slot = _recall(keys, memo, 2, s)
    if slot >= 0:
        engine, other = memo[2, slot, 1], memo[2, slot, 2]
    else:
        engine, other = stars_in(s, red, purple, first, value, bonus, star_low, done)
        _remember(keys, memo, 2, s, engine, other)
    return total + engine, engine == other


@_inlined
def _next(state: npt.NDArray[np.uint64]) -> np.uint64:
    """xorshift64: the generator's next word."""
    x = state[0]
    x ^= x << U64(13)
    x ^= x >> U64(7)
    x ^= x << U64(17)
    state[0] = x
    return x


@_inlined
def _below(state: npt.NDArray[np.uint64], n: int) -> int:
    """A number in ``0 … n − 1`` (n < 2³²) from the generator's high 32 bits, scaled by a
    multiplication (no division: the climb draws several numbers a move)."""
    # through np.int64: numba types int() of a uint64 as uint64, and a uint64 mixed with a
    # signed int as float64 (exact here, but the kernel keeps to integers)
    return int(np.int64(((_next(state) >> U64(32)) * U64(n)) >> U64(32)))


@_inlined
def _kind_range(roll: int, answer: int, first_answer: Ints, fog_first: Ints,
                fog: Ints) -> tuple[int, int]:
    """The answers of ``roll`` of ``answer``'s kind, ``lo … hi − 1``: its placements or its
    fogs (each roll lists its placements first, its fogs from ``fog_first[roll]``)."""
    if fog[answer]:
        return fog_first[roll], first_answer[roll + 1]
    return first_answer[roll], fog_first[roll]


TRIES = 16
"""Random answers a roll that must move tries before it looks at all of them."""

BLOCK = 64
"""Answers counted at a time when a roll looks at all of its answers (:func:`_fitting`)."""


@_inlined
def _fitting(state: npt.NDArray[np.uint64], lo: int, hi: int, drawn: Masks,
             taken: np.uint64, counts: Ints) -> int:
    """A uniformly random answer among ``lo … hi − 1`` that draws on no cell of ``taken``, or
    -1 when none does. Draws up to :data:`TRIES` answers and keeps the first that fits
    (most rolls have many that do); failing that, counts those that fit by blocks of
    :data:`BLOCK` (in ``counts``: room for one a block), draws a number below their count
    and returns the fitting answer of that rank. Either way each fitting answer is as likely
    as any other."""
    n = hi - lo
    if n <= 0:
        return -1
    for _ in range(TRIES):
        b = lo + _below(state, n)
        if not drawn[b] & taken:
            return b
    # a move comes here 0.8 times on average, for a roll's ~300 answers of which ~4 fit:
    # listing them took a third of the climb's time; counted by a loop the compiler turns
    # into vector instructions, then looked for in one block, the whole climb takes 0.78
    # of the time it took (``benchmarks/bench_hubble_par.py climb --baseline``)
    count = 0
    for block, at in enumerate(range(lo, hi, BLOCK)):
        counts[block] = _free(drawn, at, min(at + BLOCK, hi), taken)
        count += counts[block]
    if count == 0:
        return -1
    rank = _below(state, count)
    block = 0
    while rank >= counts[block]:
        rank -= counts[block]
        block += 1
    at = lo + block * BLOCK
    for b in range(at, min(at + BLOCK, hi)):
        if not drawn[b] & taken:
            if rank == 0:
                return b
            rank -= 1
    return -1  # not reached: the block holds the rank


@_inlined
def _free(masks: Masks, lo: int, hi: int, taken: np.uint64) -> int:
    """How many of ``masks[lo:hi]`` share no bit with ``taken`` (0 <= lo <= hi)."""
    # indexed from an unsigned base: numba then emits no check for negative indices,
    # and LLVM vectorises the loop
    n = 0
    base = np.uint64(lo)
    for b in range(hi - lo):
        n += (masks[base + np.uint64(b)] & taken) == ZERO
    return n


def climb(start: Ints, steps: int, history: int, seed: int, first_answer: Ints,
          fog_first: Ints, icons: Masks, drawn: Masks, fog: Ints, quadrants: Masks, lines: Masks,
          low_tris: Masks, low_count: Ints, neighbours: Masks, red: Masks, purple: Masks,
          first: Ints, value: Ints, bonus: Ints, star_low: Ints) -> tuple[int, Ints]:
    """Late-acceptance hill climbing from the legal play ``start`` (an answer per roll;
    roll ``i``'s answers are ``first_answer[i]:first_answer[i + 1]``) for ``steps`` moves.

    A move gives one roll still in the game a random other answer; every other roll in the
    game whose answer now draws on a taken cell gets a random answer of the same kind (a
    fog for a fog, so the game still ends where it did) that draws on free cells, or the
    move is dropped. The new play is kept when it scores at least the current one or the
    one ``history`` moves ago (late acceptance: it walks down hills early and settles).
    Returns the best total whose pad reads alike under both readings, and its answers."""
    rolls = start.shape[0]
    best_answers = np.empty(rolls, dtype=np.int64)
    best = _climb(start, steps, history, seed, first_answer, fog_first, icons, drawn, fog,
                  quadrants, lines, low_tris, low_count, neighbours, red, purple, first, value,
                  bonus, star_low, np.empty(rolls, dtype=np.int64),
                  np.empty(rolls, dtype=np.int64), np.empty(rolls, dtype=np.int64),
                  *_scratch(red.shape[0]),
                  np.empty(icons.shape[0] // BLOCK + 1, dtype=np.int64),
                  np.zeros(5, dtype=np.uint64), np.zeros(5, dtype=np.uint64),
                  np.empty(history, dtype=np.int64), np.empty(1, dtype=np.uint64),
                  best_answers)
    return best, best_answers


@_jit
def _climb(start: Ints, steps: int, history: int, seed: int, first_answer: Ints,
           fog_first: Ints, icons: Masks, drawn: Masks, fog: Ints, quadrants: Masks,
           lines: Masks, low_tris: Masks, low_count: Ints, neighbours: Masks, red: Masks,
           purple: Masks, first: Ints, value: Ints, bonus: Ints, star_low: Ints, now: Ints,
           trial: Ints, redo: Ints, avail: Masks, frames: Ints, done: Ints, keys: Masks,
           memo: Ints, counts: Ints, now_masks: Masks, trial_masks: Masks, past: Ints,
           state: Masks, best_answers: Ints) -> int:
    """:func:`climb` with its scratch arrays (``keys`` and ``memo`` zeroed, ``now_masks``
    and ``trial_masks`` of 5, ``past`` of ``history``, ``state`` of 1, the others as
    :func:`climb` makes them); writes the best answers into ``best_answers`` and returns
    their total."""
    rolls = start.shape[0]
    for j in range(rolls):
        now[j] = start[j]
    end = _masks_of(now, icons, fog, now_masks)
    current, clear = _points(now_masks, quadrants, lines, low_tris, low_count, neighbours,
                             red, purple, first, value, bonus, star_low, avail, frames, done,
                             keys, memo)
    _pin(keys, memo, now_masks)
    best = current if clear else -1
    for j in range(rolls):
        best_answers[j] = now[j]
    for j in range(history):
        past[j] = current
    state[0] = U64(seed) * U64(2) + ONE  # never 0
    for step in range(steps):
        i = _below(state, end + 1)
        k = first_answer[i] + _below(state, first_answer[i + 1] - first_answer[i])
        if k == now[i]:
            continue
        for j in range(rolls):
            trial[j] = now[j]
        trial[i] = k
        taken = drawn[k]
        pending = 0
        fogs = 0
        for j in range(rolls):
            fogs += fog[trial[j]]
            if j != i:
                d = drawn[trial[j]]
                if d & taken:
                    redo[pending] = j
                    pending += 1
                else:
                    taken |= d
            if fogs == 3:
                break
        ok = True
        for r in range(pending):
            j = redo[r]
            lo, hi = _kind_range(j, trial[j], first_answer, fog_first, fog)
            pick = _fitting(state, lo, hi, drawn, taken, counts)
            if pick < 0:
                ok = False
                break
            trial[j] = pick
            taken |= drawn[pick]
        if not ok:
            continue
        if fog[k] == fog[now[i]]:
            # the rolls keep their kinds, so the game ends where it did: only the rolls the
            # move changed change the masks (their cells are disjoint, so xor swaps them)
            trial_end = end
            for x in range(5):
                trial_masks[x] = now_masks[x] ^ icons[now[i], x] ^ icons[k, x]
            for r in range(pending):
                j = redo[r]
                for x in range(5):
                    trial_masks[x] ^= icons[now[j], x] ^ icons[trial[j], x]
        else:
            trial_end = _masks_of(trial, icons, fog, trial_masks)
        value_now, clear = _points(trial_masks, quadrants, lines, low_tris, low_count,
                                   neighbours, red, purple, first, value, bonus, star_low,
                                   avail, frames, done, keys, memo)
        slot = step % history
        if value_now >= current or value_now >= past[slot]:
            current = value_now
            for j in range(rolls):
                now[j] = trial[j]
            for x in range(5):
                now_masks[x] = trial_masks[x]
            _pin(keys, memo, now_masks)
            end = trial_end
            if clear and current > best:
                best = current
                for j in range(rolls):
                    best_answers[j] = now[j]
        past[slot] = current
    return best
