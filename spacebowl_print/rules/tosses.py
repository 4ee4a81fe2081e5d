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

from spacebowl_print.model import CENTRE, SPACES, TURNS, Pos, Toss, turn_space
from spacebowl_print.rules.bitboard import FACE_UP, PRO, REQ, Tables, column

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
               rotation: bool = False, learning: bool = False) -> npt.NDArray[np.int64]:
    """(n, MAX_SOLUTIONS+1) counts: for each galaxy, how many tosses have k solutions.

    Marbles are independent, so for a fixed disc (and black hole) the valid-card board of a
    toss is the AND of one word per marble: the boards of all ``9**m`` marble placements are
    built level by level by broadcasting, never toss by toss. Tables must be built without
    a Wild token (it is a player's move, not part of a toss).
    """
    if tables.ok is not tables.ok_plain:
        raise ValueError("exhaustive toss statistics are defined without the Wild token")
    n = tables.n
    out = np.zeros((n, MAX_SOLUTIONS + 1), dtype=np.int64)
    ok = tables.ok
    base = np.arange(n, dtype=np.intp) * (MAX_SOLUTIONS + 1)
    dests = [CENTRE] if learning else list(SPACES)
    holes: list[Pos | None] = list(SPACES) if black_hole else [None]
    turns = TURNS if rotation else (0,)
    for d in dests:
        for b in holes:
            union: npt.NDArray[np.uint64] | None = None
            for turn in turns:
                td = turn_space(d, turn)
                acc = ok[FACE_UP][None, :]
                for bit in marble_bits:
                    cols = []
                    for s in SPACES:
                        ts = turn_space(s, turn)
                        kind = PRO if s == b else REQ
                        cols.append(column(kind, ts.row - td.row, ts.col - td.col, bit))
                    words = ok[cols]  # (9, n)
                    acc = (acc[:, None, :] & words[None, :, :]).reshape(-1, n)
                union = acc if union is None else union | acc
            assert union is not None
            # One bincount over (galaxy, count) pairs gives every galaxy's histogram at once.
            flat = np.bitwise_count(union).astype(np.intp)  # (9**m, n)
            flat += base
            out += np.bincount(flat.ravel(), minlength=out.size).reshape(n, -1)
    return out
