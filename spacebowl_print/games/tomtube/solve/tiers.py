"""How hard a "way home" puzzle is: difficulty tiers 1–5 from two measured features, the
answer's length (the fewest moves home) and its *decoys* (tempting wrong first moves: first
moves after which the player can still come home with both solar counters, but only in more
moves — at most :data:`SLACK` more — than the answer).

The generator aims at a tier with these definitions and the independent verifier recomputes
both features and the tier, so the function lives here, below both.
"""

from __future__ import annotations

MIN_MOVES = 3
MAX_MOVES = 8
"""Answers have 3–8 moves."""
SLACK = 3
"""A first move is a decoy when home is still reachable after it in at most this many
moves more, in all, than the answer (and not in the answer's number)."""
DECOY_STEP = 12
"""Decoys count towards the tier up to this many (one tier more at most)."""
TIERS = (1, 2, 3, 4, 5)


def tier_of(moves: int, decoys: int) -> int:
    """The difficulty tier 1–5: mostly the answer length (3 moves → 1 … 8 moves → 5), raised
    by up to one for many tempting first moves (decoys, counted up to :data:`DECOY_STEP`).
    Rounding is Python's (halves to even), part of the definition."""
    score = (moves - 3) * 0.8 + min(decoys, DECOY_STEP) / DECOY_STEP
    return max(1, min(5, round(score) + 1))


def tier_lengths(tier: int) -> tuple[int, ...]:
    """The answer lengths (within 3–8) a puzzle of ``tier`` can have."""
    return tuple(n for n in range(MIN_MOVES, MAX_MOVES + 1)
                 if any(tier_of(n, d) == tier for d in range(DECOY_STEP + 1)))


__all__ = ["DECOY_STEP", "MAX_MOVES", "MIN_MOVES", "SLACK", "TIERS", "tier_lengths", "tier_of"]
