"""How hard a "way home" puzzle is: the tier rule of the human-model solver
(:mod:`.human`), its techniques and the features every tier promises.

A person solving a way-home puzzle looks for the fewest moves home. The solver limited to
tier *k* knows the techniques of tiers 1..*k* (:data:`TECHNIQUE_TIER`), plans lines of at
most :data:`HORIZON` [*k*] moves and sees through at most :data:`DECOY_CAP` [*k*] *decoys*
(tempting first moves: after one the player can still come home with both solar counters,
but only in more moves — at most :data:`SLACK` more — than the answer). It solves a puzzle
when a shortest line home uses its techniques only, is within its horizon, and the decoys
are within its cap. A puzzle is of tier *k* when the tier-*k* solver solves it and the
tier-(*k*−1) one does not (:func:`tier_of`).

The generator also keeps promises a person feels at each tier (:data:`FLOORS`): at least so
many legal first moves, decoys and moves; from tier 2 up no day is forced (there is always a
decoy, so a wrong first move exists). The independent verifier recomputes every feature and
the tier, so this module lives below both.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_MOVES = 3
MAX_MOVES = 8
"""Answers have 3–8 moves."""
SLACK = 3
"""A first move is a decoy when home is still reachable after it in at most this many
moves more, in all, than the answer (and not in the answer's number)."""
TIERS = (1, 2, 3, 4, 5)

TECHNIQUES: tuple[str, ...] = ("walk", "jump", "fetch", "ride", "detour", "exchange")
"""The human-model solver's techniques, easiest first:

* ``walk`` — drift along your own and neutral tubes (free);
* ``jump`` — a space jump to a neighbouring knot, paying an energy counter;
* ``fetch`` — fetch a solar counter still on your module;
* ``ride`` — drift along tubes of every colour, paying a control counter;
* ``detour`` — pay with a counter taken earlier in the line (go and get what you pay with);
* ``exchange`` — exchange an alien for one control and two energy counters to pay.
"""
TECHNIQUE_TIER: dict[str, int] = {"walk": 1, "jump": 2, "fetch": 2, "ride": 3, "detour": 4,
                                  "exchange": 5}
"""The tier from which the solver knows each technique."""
HORIZON: dict[int, int] = {1: 4, 2: 6, 3: 7, 4: 7, 5: 8}
"""The longest line the tier's solver plans."""
DECOY_CAP: dict[int, int | None] = {1: 2, 2: 4, 3: 7, 4: 10, 5: None}
"""The most decoys the tier's solver sees through (None: any number)."""


@dataclass(frozen=True)
class Floors:
    """What every puzzle of a tier has at least: legal first moves, decoys, moves."""

    first_moves: int
    decoys: int
    moves: int


FLOORS: dict[int, Floors] = {1: Floors(2, 0, 3), 2: Floors(3, 1, 4), 3: Floors(4, 2, 5),
                             4: Floors(5, 3, 5), 5: Floors(6, 5, 6)}
"""Per tier: the generator's promises, checked again by ``spacebowl check``."""


def known_at(tier: int) -> frozenset[str]:
    """The techniques the solver limited to ``tier`` knows."""
    return frozenset(t for t, k in TECHNIQUE_TIER.items() if k <= tier)


def tier_of(level: int, moves: int, decoys: int) -> int:
    """The least tier whose solver solves a puzzle whose shortest line needs the techniques
    of tier ``level`` (the least tier whose techniques give a line of ``moves`` moves), with
    ``decoys`` decoys."""
    for k in TIERS:
        cap = DECOY_CAP[k]
        if level <= k and moves <= HORIZON[k] and (cap is None or decoys <= cap):
            return k
    return TIERS[-1]


def keeps_floors(tier: int, first_moves: int, decoys: int, moves: int) -> bool:
    """Whether a puzzle keeps the tier's :data:`FLOORS`."""
    f = FLOORS[tier]
    return first_moves >= f.first_moves and decoys >= f.decoys and moves >= f.moves


def tier_lengths(tier: int) -> tuple[int, ...]:
    """The answer lengths (within 3–8) a puzzle of ``tier`` can have."""
    return tuple(range(max(MIN_MOVES, FLOORS[tier].moves), HORIZON[tier] + 1))


__all__ = ["DECOY_CAP", "FLOORS", "HORIZON", "MAX_MOVES", "MIN_MOVES", "SLACK",
           "TECHNIQUES", "TECHNIQUE_TIER", "TIERS", "Floors", "keeps_floors", "known_at",
           "tier_lengths", "tier_of"]
