"""The fast engine: bitboards in numpy, vectorised over many galaxies and many tosses.

A galaxy of at most 64 cards is one ``uint64`` per question: bit ``r*cols + c`` stands for the
card at row ``r``, column ``c``. A bigger galaxy takes ``words = ceil(cards / 64)`` words per
question, card ``i`` in bit ``i % 64`` of word ``i // 64``; its words sit side by side as table
columns ``g*words .. g*words + words - 1``, and counts add up over a galaxy's words.

For every offset ``o`` of the 3×3 box (−2..2 rows and columns, 25 in all) and every planet
set ``Q`` (6 planets → 64 sets), :class:`Tables` holds

* ``ok[REQ, o, Q]``  — cards ``D`` whose neighbour ``D+o`` exists and shows every planet of ``Q``
  (with the Wild token's one missing planet allowed on its card);
* ``ok[PRO, o, Q]``  — cards ``D`` whose neighbour ``D+o`` exists and shows none of ``Q``;
* ``one[...]``       — the same with exactly one demand unmet (for near misses).

A toss, read under one turn, is then the AND of one table word per occupied space and the
face-up mask: the cards that are valid destinations. Rotation ORs the four turns.
Nothing here is shared with :mod:`rules.reference` except the data model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import (
    TURNS,
    Galaxy,
    Pos,
    Solution,
    Toss,
    Variants,
    turn_space,
)

U64 = np.uint64
Words = npt.NDArray[np.uint64]
REQ, PRO = 0, 1
N_OFF = 25
N_SET = 64
N_PLANETS = 6
FACE_UP = 2 * N_OFF * N_SET  # column index of the face-up mask in a flattened table row
N_COLS = FACE_UP + 1
MAX_CELLS = 64
"""Cards in one table word; bigger galaxies take several words (see the module docstring)."""
MAX_GALAXY_CELLS = 26 * 26
"""The largest galaxy the engines accept (26 columns, A..Z)."""


def words_for(cells: int) -> int:
    """How many ``uint64`` words a galaxy of ``cells`` cards takes per question."""
    return max(1, -(-cells // MAX_CELLS))


def offset_index(dr: int, dc: int) -> int:
    """Index of the box offset (``dr``, ``dc``), both in −2..2."""
    return (dr + 2) * 5 + (dc + 2)


def column(kind: int, dr: int, dc: int, planets: int) -> int:
    """Flattened table column of (REQ|PRO, offset, planet-set mask)."""
    return (kind * N_OFF + offset_index(dr, dc)) * N_SET + planets


_POPCOUNT = np.array([bin(q).count("1") for q in range(N_SET)], dtype=np.int64)


def planet_masks(galaxies: Sequence[Galaxy], letters: str
                 ) -> tuple[npt.NDArray[np.int64], int, int]:
    """(n, rows*cols) planet masks (bit i = ``letters[i]``; −1 = face down), rows, cols."""
    rows, cols = galaxies[0].rows, galaxies[0].cols
    if rows * cols > MAX_GALAXY_CELLS:
        raise ValueError(f"the bitboard engine handles at most {MAX_GALAXY_CELLS} cards, "
                         f"got {rows * cols}")
    bit = {ch: 1 << i for i, ch in enumerate(letters)}
    mask_of: dict[frozenset[str], int] = {}  # a deck has few distinct cards: sum each once
    flat: list[int] = []
    for g in galaxies:
        if (g.rows, g.cols) != (rows, cols):
            raise ValueError("all galaxies of a batch must have the same shape")
        for row in g.cells:
            for cell in row:
                if cell is None:
                    flat.append(-1)
                    continue
                mask = mask_of.get(cell)
                if mask is None:
                    mask = mask_of[cell] = sum(bit[p] for p in cell)
                flat.append(mask)
    out = np.array(flat, dtype=np.int64).reshape(len(galaxies), rows * cols)
    return out, rows, cols


@lru_cache(maxsize=32)
def _targets(rows: int, cols: int, torus: bool) -> npt.NDArray[np.int64]:
    """(25, rows*cols): index of card ``D+o`` for each offset and card ``D`` (−1 = off).
    Cached and read-only: every galaxy of a shape shares it."""
    out = np.full((N_OFF, rows * cols), -1, dtype=np.int64)
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            o = offset_index(dr, dc)
            for r in range(rows):
                for c in range(cols):
                    rr, cc = r + dr, c + dc
                    if torus:
                        rr, cc = rr % rows, cc % cols
                    elif not (0 <= rr < rows and 0 <= cc < cols):
                        continue
                    out[o, r * cols + c] = rr * cols + cc
    out.setflags(write=False)
    return out


def _pack(bits: npt.NDArray[np.bool_]) -> Words:
    """Pack booleans along the last axis into uint64 words, card i → bit i % 64 of word
    i // 64. Up to 64 cards the last axis disappears (one word); beyond, it becomes the
    ``words`` axis."""
    cells = bits.shape[-1]
    words = words_for(cells)
    pad = words * MAX_CELLS - cells
    if pad:
        bits = np.concatenate([bits, np.zeros((*bits.shape[:-1], pad), dtype=bool)], axis=-1)
    packed = np.packbits(bits, axis=-1, bitorder="little")
    shape = bits.shape[:-1] if words == 1 else (*bits.shape[:-1], words)
    return packed.view("<u8").reshape(shape).astype(U64)


def _columns(packed: Words, words: int) -> Words:
    """(…, n, words) packed words as (…, n*words) table columns (unchanged for one word)."""
    return packed if words == 1 else packed.reshape(*packed.shape[:-2], -1)


_SETS = np.arange(N_SET, dtype=np.int64)
# _MISS[q, v]: how many planets of set q a card showing set v lacks.
_MISS = _POPCOUNT[_SETS[:, None] & ~_SETS[None, :]].astype(np.uint8)


@dataclass
class Tables:
    """Bitboard tables for a batch of ``n`` galaxies of one shape (see module docstring).

    ``ok`` and ``one`` have shape (N_COLS, n): one row per question, one word per galaxy, so
    that answering a toss for every galaxy copies whole contiguous rows. ``ok_plain`` is ``ok``
    without the Wild token (the same array when no galaxy has one).
    """

    rows: int
    cols: int
    torus: bool
    ok: Words
    one: Words
    ok_plain: Words
    words: int = 1
    """Table columns per galaxy (``ceil(cards / 64)``)."""

    @property
    def n(self) -> int:
        """Galaxies in the tables."""
        return int(self.ok.shape[1]) // self.words


def build_tables(galaxies: Sequence[Galaxy], letters: str, torus: bool = False,
                 wild: Sequence[Pos | None] | None = None, near: bool = True) -> Tables:
    """Build the tables for ``galaxies`` (same shape, planets from ``letters``).

    ``wild`` optionally gives each galaxy's Wild token cell. ``near=False`` skips the
    near-miss tables (``one`` is then empty: (0, n)), half the work, for callers that only
    count solutions.
    """
    masks, rows, cols = planet_masks(galaxies, letters)
    return tables_from_masks(masks, rows, cols, torus, wild, near)


def tables_from_masks(masks: npt.NDArray[np.int64], rows: int, cols: int, torus: bool = False,
                      wild: Sequence[Pos | None] | None = None, near: bool = True) -> Tables:
    """:func:`build_tables` from the (n, rows*cols) planet masks of :func:`planet_masks`."""
    if not near and wild is not None and any(w is not None for w in wild):
        raise ValueError("the Wild token changes the near-miss tables: build them")
    words = words_for(rows * cols)
    n = masks.shape[0] * words  # table columns
    tgt = _targets(rows, cols, torus)
    exists_bits = _pack(tgt >= 0)  # (25,) or (25, words): cards D whose neighbour D+o exists
    exists = (np.repeat(exists_bits[:, None], n, axis=1) if words == 1
              else np.tile(exists_bits, (1, masks.shape[0])))  # (25, n)
    # Planets shown by card D+o, per offset, galaxy and card D (a face-down card shows none).
    shown = np.where(tgt[:, None, :] >= 0, np.maximum(masks, 0)[:, np.maximum(tgt, 0)]
                     .transpose(1, 0, 2), 0)  # (25, galaxies, cells)
    has = [_columns(_pack((shown >> p) & 1 == 1), words)
           for p in range(N_PLANETS)]  # each (25, n)
    # Written straight into the final layout (row = (kind, offset, set)), no temporaries.
    half = N_OFF * N_SET
    ok = np.empty((N_COLS, n), dtype=U64)
    req = ok[:half].reshape(N_OFF, N_SET, n)  # D+o exists and shows all of Q
    pro = ok[half:FACE_UP].reshape(N_OFF, N_SET, n)  # D+o exists and shows none of Q
    req[:, 0], pro[:, 0] = exists, exists
    lacks = [~h for h in has]
    if near:
        one = np.empty((N_COLS, n), dtype=U64)
        req1 = one[:half].reshape(N_OFF, N_SET, n)  # D+o exists, lacks one planet of Q
        pro1 = one[half:FACE_UP].reshape(N_OFF, N_SET, n)  # D+o exists, shows one of Q
        req1[:, 0], pro1[:, 0] = 0, 0
        one[FACE_UP] = 0
    else:
        one = np.empty((0, n), dtype=U64)
    for q in range(1, N_SET):
        p = q.bit_length() - 1  # build set q from q without its highest planet p
        b, h, nh = q ^ (1 << p), has[p], lacks[p]
        if near:
            req1[:, q] = (req1[:, b] & h) | (req[:, b] & nh)
            pro1[:, q] = (pro1[:, b] & nh) | (pro[:, b] & h)
        np.bitwise_and(req[:, b], h, out=req[:, q])
        np.bitwise_and(pro[:, b], nh, out=pro[:, q])
    ok[FACE_UP] = _columns(_pack(masks >= 0), words)
    ok_plain = ok
    if wild is not None and any(w is not None for w in wild):
        ok_plain = ok.copy()
        _apply_wild(ok, one, masks, wild, rows, cols, torus, words)
    return Tables(rows, cols, torus, ok, one, ok_plain, words)


def _apply_wild(ok: Words, one: Words, masks: npt.NDArray[np.int64], wild: Sequence[Pos | None],
                rows: int, cols: int, torus: bool, words: int = 1) -> None:
    """Let the Wild token supply one missing planet of its card, in place: for each offset,
    the card ``D`` that puts the wild card under that offset gains the relaxed demand."""
    for g, w in enumerate(wild):
        if w is None:
            continue
        miss = _MISS[:, max(int(masks[g, w.row * cols + w.col]), 0)]  # per required set
        for dr in range(-2, 3):
            for dc in range(-2, 3):
                r, c = w.row - dr, w.col - dc
                if torus:
                    r, c = r % rows, c % cols
                elif not (0 <= r < rows and 0 <= c < cols):
                    continue
                index = r * cols + c
                bit = U64(1 << (index % MAX_CELLS))
                column_ = g * words + index // MAX_CELLS
                base = offset_index(dr, dc) * N_SET  # the REQ block of this offset
                block_ok = ok[base : base + N_SET, column_]
                block_one = one[base : base + N_SET, column_]
                block_ok[miss == 1] |= bit
                block_one[miss == 1] &= ~bit
                block_one[miss == 2] |= bit


# --------------------------------------------------------------------------- tosses


def _terms(toss: Toss, bit: dict[str, int], turn: int) -> list[int]:
    td = turn_space(toss.destination, turn)
    terms: list[int] = []
    for space, (required, prohibited) in sorted(toss.demands().items()):
        ts = turn_space(space, turn)
        dr, dc = ts.row - td.row, ts.col - td.col
        if prohibited:
            terms.append(column(PRO, dr, dc, sum(bit[p] for p in prohibited)))
        else:
            terms.append(column(REQ, dr, dc, sum(bit[p] for p in required)))
    return terms


def encode_tosses(tosses: Sequence[Toss], letters: str, rotation: bool) -> npt.NDArray[np.int64]:
    """(t, turns, K) table columns per toss and turn, padded with the face-up column."""
    bit = {ch: 1 << i for i, ch in enumerate(letters)}
    turns = TURNS if rotation else (0,)
    encoded = [[_terms(t, bit, k) for k in turns] for t in tosses]
    width = max([len(x) for e in encoded for x in e] + [1])
    out = np.full((len(tosses), len(turns), width), FACE_UP, dtype=np.int64)
    for i, e in enumerate(encoded):
        for k, terms in enumerate(e):
            out[i, k, : len(terms)] = terms
    return out


def _gather(src: Words, cols: npt.NDArray[np.int64], pairs: npt.NDArray[np.intp] | None
            ) -> Words:
    """Table words for columns ``cols``: for every galaxy (appending an axis of n), or, with
    ``pairs`` (one galaxy index per toss), for that galaxy only."""
    if pairs is None:
        return src[cols]
    return src[cols, pairs.reshape(pairs.shape + (1,) * (cols.ndim - 1))]


def _per_word(tables: Tables, cols: npt.NDArray[np.int64],
              pairs: npt.NDArray[np.intp] | None
              ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp] | None]:
    """For galaxies of several words, one (toss, word) pair per table column: ``cols``
    repeated ``words`` times and ``pairs`` turned into column indices (toss-major)."""
    w = tables.words
    if w == 1 or pairs is None:
        return cols, pairs
    return (np.repeat(cols, w, axis=0),
            (np.asarray(pairs, dtype=np.intp)[:, None] * w + np.arange(w)).reshape(-1))


def valid_boards(tables: Tables, cols: npt.NDArray[np.int64], plain: bool = False,
                 pairs: npt.NDArray[np.intp] | None = None) -> Words:
    """Bitboards of valid destinations for encoded tosses ``cols`` (t, turns, K):
    (t, turns, n) for every galaxy, or (t, turns) with ``pairs`` (toss i on galaxy pairs[i]).
    For galaxies of several words: (t, turns, n·words) columns, or (t, words, turns)."""
    if tables.words > 1 and pairs is not None:
        wide, columns = _per_word(tables, cols, pairs)
        flat = valid_boards(Tables(tables.rows, tables.cols, tables.torus, tables.ok,
                                   tables.one, tables.ok_plain), wide, plain, columns)
        return flat.reshape(cols.shape[0], tables.words, -1)
    src = tables.ok_plain if plain else tables.ok
    acc = _gather(src, cols[..., 0], pairs)
    for j in range(1, cols.shape[-1]):
        np.bitwise_and(acc, _gather(src, cols[..., j], pairs), out=acc)
    face = src[FACE_UP] if pairs is None else src[FACE_UP][pairs][:, None]
    np.bitwise_and(acc, face, out=acc)
    return acc


CACHE_WORDS = 1 << 17
"""Words per intermediate array (1 MiB): answering tosses in blocks of this size keeps the
gathered rows in the CPU cache, about twice as fast as one pass over a large batch."""


GALAXY_BLOCK = 128
"""Galaxies answered together: a block's table (3,201 rows × 1 KiB) stays within the cache
and TLB reach, so the random row gathers of a toss batch stay fast however big the batch."""


def count_solutions(tables: Tables, cols: npt.NDArray[np.int64],
                    pairs: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.uint8]:
    """Number of valid destination cards: (t, n) for each encoded toss and galaxy, or (t,)
    with ``pairs``."""
    if pairs is not None:
        boards = valid_boards(tables, cols, pairs=pairs)
        if tables.words > 1:  # (t, words, turns): union over turns, then add the words
            return np.bitwise_count(np.bitwise_or.reduce(boards, axis=2)).sum(
                axis=1, dtype=np.uint16)
        return np.bitwise_count(np.bitwise_or.reduce(boards, axis=1))
    if tables.words > 1:
        per_column = count_solutions(Tables(tables.rows, tables.cols, tables.torus, tables.ok,
                                            tables.one, tables.ok_plain), cols)
        return per_column.reshape(cols.shape[0], tables.n, tables.words).sum(
            axis=2, dtype=np.uint16)
    t, turns, k = cols.shape
    n = tables.n
    out = np.empty((t, n), dtype=np.uint8)
    width = min(n, GALAXY_BLOCK)
    step = max(1, CACHE_WORDS // (turns * width))
    # Work buffers reused block after block: no fresh allocation (and page faults) per block.
    acc = np.empty((min(step, t), turns, width), dtype=U64)
    row = np.empty_like(acc)
    for g in range(0, n, width):
        ok = np.ascontiguousarray(tables.ok[:, g : g + width])
        w = ok.shape[1]
        for a in range(0, t, step):
            block = cols[a : a + step]
            b = block.shape[0]
            dst, tmp = acc[:b, :, :w], row[:b, :, :w]
            np.take(ok, block[..., 0], axis=0, out=dst)
            for j in range(1, k):
                np.take(ok, block[..., j], axis=0, out=tmp)
                np.bitwise_and(dst, tmp, out=dst)
            np.bitwise_and(dst, ok[FACE_UP], out=dst)
            union = dst[:, 0]
            for q in range(1, turns):
                np.bitwise_or(union, dst[:, q], out=union)
            out[a : a + b, g : g + w] = np.bitwise_count(union)
    return out


def near_miss_boards(tables: Tables, cols: npt.NDArray[np.int64],
                     pairs: npt.NDArray[np.intp] | None = None) -> Words:
    """Bitboards of near misses, (t, n) or (t,) with ``pairs``: exactly one unmet demand under
    some turn, valid under none (padding columns repeat FACE_UP, whose ``one`` word is 0, so
    they add nothing). For galaxies of several words: (t, n, words) or (t, words)."""
    if tables.words > 1:
        wide, columns = _per_word(tables, cols, pairs)
        flat = near_miss_boards(Tables(tables.rows, tables.cols, tables.torus, tables.ok,
                                       tables.one, tables.ok_plain), wide, columns)
        return flat.reshape(cols.shape[0], tables.words) if pairs is not None else \
            flat.reshape(cols.shape[0], tables.n, tables.words)
    ok, one = tables.ok, tables.one
    if one.shape[0] == 0:
        raise ValueError("these tables were built without near misses (near=False)")
    k = cols.shape[-1]
    terms_ok = [_gather(ok, cols[..., j], pairs) for j in range(k)]
    face = ok[FACE_UP] if pairs is None else ok[FACE_UP][pairs][:, None]
    valid = np.broadcast_to(face, terms_ok[0].shape).copy()
    for t in terms_ok:
        valid &= t
    near = np.zeros_like(valid)
    for j in range(k):
        acc = face & _gather(one, cols[..., j], pairs)
        for i in range(k):
            if i != j:
                acc &= terms_ok[i]
        near |= acc
    any_valid = np.bitwise_or.reduce(valid, axis=1)
    any_near = np.bitwise_or.reduce(near, axis=1)
    return any_near & ~any_valid


# --------------------------------------------------------------------------- one puzzle


def _ints(boards: Words, words: int) -> list[int]:
    """One puzzle's boards per turn as Python ints of any width: (turns,) words, or
    (words, turns) for a galaxy of several words."""
    if words == 1:
        return [int(b) for b in boards]
    return [sum(int(boards[k, t]) << (MAX_CELLS * k) for k in range(words))
            for t in range(boards.shape[1])]


def _cells(board: int, cols: int) -> list[Pos]:
    out = []
    while board:
        low = board & -board
        i = low.bit_length() - 1
        out.append(Pos(i // cols, i % cols))
        board ^= low
    return out


def _one(galaxy: Galaxy, toss: Toss, letters: str, variants: Variants,
         tables: Tables | None, index: int
         ) -> tuple[Tables, npt.NDArray[np.int64], npt.NDArray[np.intp]]:
    if tables is None:
        tables, index = build_tables([galaxy], letters, variants.torus, [variants.wild]), 0
    elif tables.torus != variants.torus or (variants.wild is not None
                                            and tables.ok is tables.ok_plain):
        raise ValueError("the tables were built for other variants")
    cols = encode_tosses([toss], letters, variants.rotation)
    return tables, cols, np.array([index], dtype=np.intp)


def solve(galaxy: Galaxy, toss: Toss, letters: str, variants: Variants = Variants(),
          tables: Tables | None = None, index: int = 0) -> list[Solution]:
    """Every valid destination card (formats.md order), computed with bitboards.

    ``tables``/``index`` reuse prebuilt tables in which ``galaxy`` is column ``index``.
    """
    tables, cols, pairs = _one(galaxy, toss, letters, variants, tables, index)
    boards = _ints(valid_boards(tables, cols, pairs=pairs)[0], tables.words)
    plain = _ints(valid_boards(tables, cols, plain=True, pairs=pairs)[0], tables.words)
    turns = TURNS if variants.rotation else (0,)
    any_plain = 0
    for board in plain:
        any_plain |= board
    found: dict[Pos, list[int]] = {}
    for k, turn in enumerate(turns):
        for pos in _cells(boards[k], galaxy.cols):
            found.setdefault(pos, []).append(turn)
    return [
        Solution(pos, tuple(found[pos]), not (any_plain >> (pos.row * galaxy.cols + pos.col)) & 1)
        for pos in sorted(found)
    ]


def near_misses(galaxy: Galaxy, toss: Toss, letters: str, variants: Variants = Variants(),
                tables: Tables | None = None, index: int = 0) -> list[Pos]:
    """Near-miss cards (formats.md), computed with bitboards (``tables`` as in :func:`solve`)."""
    tables, cols, pairs = _one(galaxy, toss, letters, variants, tables, index)
    board = near_miss_boards(tables, cols, pairs)[0]
    word = (int(board) if tables.words == 1
            else sum(int(w) << (MAX_CELLS * k) for k, w in enumerate(board)))
    return sorted(_cells(word, galaxy.cols))
