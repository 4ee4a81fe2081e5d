"""Bitboard tables for ONE toss over many random galaxies: the sampler's fast path.

:func:`rules.bitboard.build_tables` fills every question a toss could ask —
64 planet sets × 25 box offsets × 2 kinds — which costs about 1 ms per batch plus 0.15 ms per
galaxy. A sampler that asks about a single toss reads at most (spaces × turns) of those rows,
so this module fills only those rows, straight from an (n, cells) array of planet masks
(no :class:`~model.Galaxy` objects), and hands a regular
:class:`~rules.bitboard.Tables` to the bitboard engine's own
``valid_boards`` / ``near_miss_boards`` (:func:`tally`). A Wild token per galaxy is
supported, as in ``build_tables``.

The rows mean exactly what ``build_tables`` makes them mean (without the Wild token):

* ``ok[REQ, o, Q]``  — card ``D+o`` exists and shows every planet of ``Q``;
* ``ok[PRO, o, Q]``  — card ``D+o`` exists and shows none of ``Q``;
* ``one[...]``       — the same with exactly one planet unmet;
* ``ok[FACE_UP]``    — ``D`` is face up (a face-down card shows no planets).

``tests/test_solve.py`` checks row by row that they agree with ``build_tables``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.rules import bitboard

Masks = npt.NDArray[np.int64]


@lru_cache(maxsize=32)
def _neighbours(rows: int, cols: int, torus: bool) -> npt.NDArray[np.intp]:
    """(25, cells): index of card ``D+o`` for each box offset and card ``D`` (−1 = off)."""
    out = np.full((bitboard.N_OFF, rows * cols), -1, dtype=np.intp)
    r, c = np.divmod(np.arange(rows * cols), cols)
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            rr, cc = r + dr, c + dc
            if torus:
                rr, cc = rr % rows, cc % cols
                inside = np.ones(rows * cols, dtype=bool)
            else:
                inside = (rr >= 0) & (rr < rows) & (cc >= 0) & (cc < cols)
            out[bitboard.offset_index(dr, dc)] = np.where(inside, rr * cols + cc, -1)
    out.setflags(write=False)
    return out


def _pack(bits: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint64]:
    """Pack booleans along the last axis (≤ 64 cards) into one uint64 word, card i → bit i."""
    padded = np.zeros((*bits.shape[:-1], bitboard.MAX_CELLS), dtype=bool)
    padded[..., : bits.shape[-1]] = bits
    return np.packbits(padded, axis=-1, bitorder="little").view("<u8")[..., 0].astype(np.uint64)


def toss_tables(masks: Masks, rows: int, cols: int, torus: bool,
                columns: npt.NDArray[np.int64], wild: npt.NDArray[np.intp] | None = None
                ) -> bitboard.Tables:
    """Tables for galaxies ``masks`` ((n, rows*cols) planet bit masks, −1 = face down) with
    only the rows listed in ``columns`` (an :func:`~bitboard.encode_tosses` array) filled.

    ``wild`` optionally gives each galaxy's Wild token slot (−1 = none): the card there may
    lack one required planet, as in ``build_tables``; ``ok_plain`` then holds the rows
    without the token.
    """
    n = masks.shape[0]
    # np.zeros, not zeros_like: untouched rows stay unallocated pages
    ok = np.zeros((bitboard.N_COLS, n), dtype=np.uint64)
    one = np.zeros((bitboard.N_COLS, n), dtype=np.uint64)
    ok_plain = ok if wild is None else np.zeros((bitboard.N_COLS, n), dtype=np.uint64)
    near = _neighbours(rows, cols, torus)
    shown_all = np.maximum(masks, 0)  # a face-down card shows no planets
    half = bitboard.N_OFF * bitboard.N_SET
    by_offset: dict[int, tuple[npt.NDArray[np.bool_], Masks]] = {}
    for column in np.unique(columns):
        column = int(column)
        if column == bitboard.FACE_UP:
            continue
        kind, rest = divmod(column, half)
        offset, planets = divmod(rest, bitboard.N_SET)
        if offset not in by_offset:  # card D+o of every D: whether it exists, what it shows
            target = near[offset]
            exists = np.broadcast_to(target >= 0, masks.shape)
            by_offset[offset] = exists, np.where(exists, shown_all[:, np.maximum(target, 0)], 0)
        exists, shown = by_offset[offset]
        if kind == bitboard.REQ:
            unmet = np.bitwise_count(planets & ~shown)
        else:
            unmet = np.bitwise_count(planets & shown)
        if wild is not None:
            ok_plain[column] = _pack(exists & (unmet == 0))
            if kind == bitboard.REQ:  # the token's card may lack one required planet
                helped = (near[offset][None, :] == wild[:, None]) & (unmet > 0)
                unmet = unmet - helped
        ok[column] = _pack(exists & (unmet == 0))
        one[column] = _pack(exists & (unmet == 1))
    ok[bitboard.FACE_UP] = ok_plain[bitboard.FACE_UP] = _pack(masks >= 0)
    return bitboard.Tables(rows, cols, torus, ok, one, ok_plain)


def tally(tables: bitboard.Tables, columns: npt.NDArray[np.int64]
          ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Solutions and near misses, (tosses, galaxies) each, of the encoded tosses ``columns``
    on ``tables``: the bitboard engine's boards, counted. ``valid_boards`` gathers only the
    rows the tosses read, where ``count_solutions`` copies whole table blocks to stay in the
    cache (the right trade for full tables, not for these mostly empty ones)."""
    valid = np.bitwise_or.reduce(bitboard.valid_boards(tables, columns), axis=1)
    near = bitboard.near_miss_boards(tables, columns)
    return (np.bitwise_count(valid).astype(np.int64),
            np.bitwise_count(near).astype(np.int64))
