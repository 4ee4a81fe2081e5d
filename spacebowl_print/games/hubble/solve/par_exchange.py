"""The exchanges that settle the climb's best play (numba, beside
:mod:`~.par_climb_kernel`, whose masks and scoring they use): every set of one, two or three
rolls re-solved with the others kept, the first better re-solution taken, until none is left
(:func:`exchange`; :mod:`~.par_climb` calls it after the runs).

A climb ends far from its best play, which is therefore rarely settled; the independent
check's better plays of stop 35 were mostly such exchanges of two or three rolls, and some
pairs trading a placement for a fog (docs/hubble.md, *Par*). Integers only and a fixed
order, so the result is the same on any CPU; with ``NUMBA_DISABLE_JIT=1`` the same source
runs as plain Python (a test compares).
"""

from __future__ import annotations

import numpy as np

from spacebowl_print.games.hubble.solve.par_climb_kernel import (
    ZERO,
    Ints,
    Masks,
    _jit,
    _kind_range,
    _masks_of,
    _points,
    _scratch,
)

_score = _jit(getattr(_points, "py_func", _points))
"""The kernel's :func:`~.par_climb_kernel._points`, called rather than inlined: the exchanges
take a few hundredths of a CPU-s a day, and inlined in both of their loops it cost 1.7 s
more compiling on a fresh install (``getattr``: with numba's JIT disabled ``_points`` is
the plain function)."""

LARGEST = 3
"""The largest set :func:`exchange` re-solves at once (the par asks for it). Sets of three
are re-solved only where their changes meet (:func:`_may_meet`): three far-apart changes
would be tried in every combination of their answers for nothing. On the 100 standard days
from 2027-01-01, sets of three that meet took the printed par to the independent check's
best play on 7 of the 13 days it beat (sets of two on 3) for about 0.06 CPU-s a day; sets of
four reached 3 more of 8 at 1 to 20 CPU-s a day (docs/hubble.md, *Par*)."""

KINDS_TRADED_BY = 2
"""Sets of two rolls may also trade kinds (:func:`_scan`): on the 200 standard days from
2027-01-01, settled without it, that raised 8 pars by 2 to 5 points, 5 of them on days the
independent check had beaten, for a few milliseconds a day; sets of three trading kinds too
would cost 0.34 CPU-s a day more. (The leaf test reads the pair's two answers: this names
the size, it is not a knob.)"""


@_jit
def _fill(roll: int, old: int, others: np.uint64, both: bool, first_answer: Ints,
          fog_first: Ints, drawn: Masks, fog: Ints, out: Ints, start: int) -> int:
    """Write from ``out[start]`` the answers of ``roll`` of ``old``'s kind (of ``both``
    kinds if asked), other than ``old``, that draw on no cell of ``others``; returns how
    many."""
    if both:
        lo, hi = first_answer[roll], first_answer[roll + 1]
    else:
        lo, hi = _kind_range(roll, old, first_answer, fog_first, fog)
    n = 0
    for k in range(lo, hi):
        if k != old and not drawn[k] & others:
            out[start + n] = k
            n += 1
    return n


@_jit
def _may_meet(now: Ints, sel: Ints, lists: Ints, count: Ints, width: int,
              drawn: Masks) -> bool:
    """Whether a set of three rolls could meet (see :func:`_scan`) with some choice from
    its answer lists: two of its three pairs could be joined, a pair when an answer of one
    draws on the other's cells. A quick test per set; the set is skipped when it fails."""
    joined = 0
    for a in range(3):
        for b in range(a + 1, 3):
            meet = False
            for p in range(count[a]):
                if drawn[lists[a * width + p]] & drawn[now[sel[b]]]:
                    meet = True
                    break
            if not meet:
                for p in range(count[b]):
                    if drawn[lists[b * width + p]] & drawn[now[sel[a]]]:
                        meet = True
                        break
            joined += meet
    return joined >= 2


@_jit
def _scan(now: Ints, current: int, size: int, end: int, first_answer: Ints,
          fog_first: Ints, icons: Masks, drawn: Masks, fog: Ints, quadrants: Masks,
          lines: Masks, low_tris: Masks, low_count: Ints, neighbours: Masks, red: Masks,
          purple: Masks, first: Ints, value: Ints, bonus: Ints, star_low: Ints,
          avail: Masks, frames: Ints, done: Ints, keys: Masks, memo: Ints, sel: Ints,
          new: Ints, lists: Ints, count: Ints, pos: Ints, used: Masks, level: Masks,
          masks: Masks, whole: Masks) -> int:
    """One pass over every set of ``size`` rolls in the game (``0 … end``), in order: each
    is re-solved with every other roll's answer kept, every roll of the set taking another
    answer of its kind, the set's new answers drawing on distinct cells that no other roll
    uses. A pair may also trade kinds — a placement becomes a fog and a fog a placement —
    where the game still ends at the same roll (as many fogs, and the last roll in the game
    still a fog). A set of three must meet: two of its pairs are joined, a pair when one's new
    answer draws on the other's old cells (three nodes are connected when two of their
    three pairs are). The first re-solution of a set that scores more than ``current`` and
    reads alike is taken into ``now`` at once, and the pass goes on from the next set.
    Returns the total of ``now`` at the end. The scratch arrays after ``memo`` hold a row
    (``lists``: the widest roll's answers) for each roll of the largest set, ``used`` and
    ``level`` one more (``level`` and ``masks``, ``whole``: 5 masks a row)."""
    n = end + 1
    if size > n:
        return current
    width = lists.shape[0] // LARGEST  # a row of lists per roll of the set (see exchange)
    _masks_of(now, icons, fog, whole)
    occupied = ZERO
    for j in range(n):
        occupied |= drawn[now[j]]
    for t in range(size):
        sel[t] = t
    while True:
        freed = ZERO
        for t in range(size):
            freed |= drawn[now[sel[t]]]
        others = occupied & ~freed
        open_set = True
        for t in range(size):
            count[t] = _fill(sel[t], now[sel[t]], others, size == KINDS_TRADED_BY, first_answer,
                             fog_first, drawn, fog, lists, t * width)
            if count[t] == 0:
                open_set = False
        if open_set and size == 3:
            open_set = _may_meet(now, sel, lists, count, width, drawn)
        if open_set:
            # the pad without the set's rolls (their cells are disjoint from the others')
            for x in range(5):
                v = whole[x]
                for t in range(size):
                    v &= ~icons[now[sel[t]], x]
                level[0, x] = v
            used[0] = others
            first_two, by_first, by_second = 0, False, False
            d = 0
            pos[0] = -1
            while d >= 0:
                pos[d] += 1
                while pos[d] < count[d] and drawn[lists[d * width + pos[d]]] & used[d]:
                    pos[d] += 1
                if pos[d] >= count[d]:
                    d -= 1
                    continue
                k = lists[d * width + pos[d]]
                new[d] = k
                used[d + 1] = used[d] | drawn[k]
                for x in range(5):
                    level[d + 1, x] = level[d, x] | icons[k, x]
                if d + 1 < size:
                    d += 1
                    pos[d] = -1
                    if d == 2:
                        # what the third roll's answer must meet, the first two chosen
                        third = drawn[now[sel[2]]]
                        first_two = int(bool(drawn[new[0]] & drawn[now[sel[1]]]
                                             or drawn[new[1]] & drawn[now[sel[0]]]))
                        by_first = bool(drawn[new[0]] & third)
                        by_second = bool(drawn[new[1]] & third)
                    continue
                if size == KINDS_TRADED_BY and (
                        fog[new[0]] + fog[new[1]] != fog[now[sel[0]]] + fog[now[sel[1]]]
                        or (sel[1] == end and not fog[new[1]])):
                    continue  # the game would end elsewhere: as many fogs, the last kept
                if size == 3 and first_two + int(
                        by_first or bool(drawn[k] & drawn[now[sel[0]]])) + int(
                        by_second or bool(drawn[k] & drawn[now[sel[1]]])) < 2:
                    continue
                for x in range(5):
                    masks[x] = level[size, x]
                total, clear = _score(masks, quadrants, lines, low_tris, low_count,
                                      neighbours, red, purple, first, value, bonus, star_low,
                                      avail, frames, done, keys, memo)
                if total > current and clear:
                    current = total
                    for t in range(size):
                        now[sel[t]] = new[t]
                    for x in range(5):
                        whole[x] = masks[x]
                    occupied = used[size]
                    break
        t = size - 1
        while t >= 0 and sel[t] == n - size + t:
            t -= 1
        if t < 0:
            return current
        sel[t] += 1
        for u in range(t + 1, size):
            sel[u] = sel[u - 1] + 1


def exchange(start: Ints, largest: int, scans: int, first_answer: Ints, fog_first: Ints,
             icons: Masks, drawn: Masks, fog: Ints, quadrants: Masks, lines: Masks,
             low_tris: Masks, low_count: Ints, neighbours: Masks, red: Masks, purple: Masks,
             first: Ints, value: Ints, bonus: Ints, star_low: Ints) -> tuple[int, Ints]:
    """Descent from the legal play ``start`` (whose pad reads alike under both readings)
    through **exchanges**: a set of 1 to ``largest`` rolls in the game (at most
    :data:`LARGEST`) re-solved with every other roll's answer kept — each roll of the set
    takes another answer of its kind (a pair may trade kinds), and the set's new answers
    draw on distinct cells that no other roll uses; a set of three only where its changes
    meet (:func:`_scan`). Sets of
    one roll are scanned first, then of two, then of three; a scan that takes an exchange
    sends the descent back to single rolls. It stops when a scan of every size takes none,
    or after ``scans`` scans. Returns the total and the answers: unless the scans ran out,
    no exchange scores more and reads alike. The game ends where it did. A climb ends far
    from its best play, and its best is rarely settled: the independent check's better
    plays were mostly exchanges of two or three rolls (docs/hubble.md)."""
    now = start.copy()
    width = int(np.diff(first_answer).max(initial=0))  # the most answers a roll has
    n = LARGEST
    current = _descend(now, largest, scans, first_answer, fog_first, icons, drawn, fog,
                       quadrants, lines, low_tris, low_count, neighbours, red, purple, first,
                       value, bonus, star_low, *_scratch(red.shape[0]),
                       np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
                       np.empty(n * width, dtype=np.int64), np.empty(n, dtype=np.int64),
                       np.empty(n, dtype=np.int64), np.empty(n + 1, dtype=np.uint64),
                       np.empty((n + 1, 5), dtype=np.uint64), np.zeros(5, dtype=np.uint64),
                       np.zeros(5, dtype=np.uint64))
    return current, now


@_jit
def _descend(now: Ints, largest: int, scans: int, first_answer: Ints, fog_first: Ints,
             icons: Masks, drawn: Masks, fog: Ints, quadrants: Masks, lines: Masks,
             low_tris: Masks, low_count: Ints, neighbours: Masks, red: Masks, purple: Masks,
             first: Ints, value: Ints, bonus: Ints, star_low: Ints, avail: Masks,
             frames: Ints, done: Ints, keys: Masks, memo: Ints, sel: Ints, new: Ints,
             lists: Ints, count: Ints, pos: Ints, used: Masks, level: Masks, masks: Masks,
             whole: Masks) -> int:
    """:func:`exchange` on ``now`` in place, with the scratch arrays of :func:`_scan` (for
    sets of up to :data:`LARGEST` rolls); returns the total."""
    end = _masks_of(now, icons, fog, masks)
    current, _ = _score(masks, quadrants, lines, low_tris, low_count, neighbours, red, purple,
                        first, value, bonus, star_low, avail, frames, done, keys, memo)
    # sizes typed int64, never the literal 1: _scan is compiled once (1.3 s less to compile)
    size = np.int64(1)
    for _ in range(scans):
        if size > min(largest, LARGEST):
            break
        found = _scan(now, current, size, end, first_answer, fog_first, icons, drawn, fog,
                      quadrants, lines, low_tris, low_count, neighbours, red, purple, first,
                      value, bonus, star_low, avail, frames, done, keys, memo, sel, new, lists,
                      count, pos, used, level, masks, whole)
        if found > current:
            current = found
            size = np.int64(1)
        else:
            size += 1
    return current
