"""The five puzzle tiers of Space Bowl, in measurable terms (the weekly ramp of a daily
booklet is every game's: :mod:`spacebowl_print.publish.schedule`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

TECHNIQUES: tuple[str, ...] = ("scan", "offset", "black_hole", "wild", "count", "torus",
                               "void", "rotation")
"""The human-model solver's techniques (:mod:`.human`), easiest first."""
TECHNIQUE_TIER: dict[str, int] = {"scan": 1, "offset": 2, "black_hole": 3, "wild": 3,
                                  "count": 3, "torus": 4, "void": 4, "rotation": 5}
"""The tier from which a solver knows each technique."""
CHECKS_BUDGET: dict[int, int | None] = {1: 6, 2: 11, 3: 17, 4: 28, 5: None}
"""The most checks the tier's solver makes before giving up (None: no limit)."""
CHECKS_FLOOR: dict[int, int] = {1: 0, 2: 5, 3: 7, 4: 10, 5: 18}
"""The fewest checks a puzzle of the tier takes (a generator's promise that ``spacebowl
check`` holds it to): the effort ramps with the tier."""


def known_at(tier: int) -> frozenset[str]:
    """The techniques the solver limited to ``tier`` knows."""
    return frozenset(t for t, k in TECHNIQUE_TIER.items() if k <= tier)


@dataclass(frozen=True)
class TierSpec:
    """What a tier's puzzles look like, in measurable terms.

    ``solutions`` maps a number of valid destinations to its share of the tier's puzzles,
    ``black_hole`` is the share of tosses with the Black Hole disc, and ``marbles`` and
    ``questions`` are drawn in equal shares: the generator keeps every share exactly over each
    block of 20 puzzles of the tier (a puzzle with the Wild token has at least one solution,
    which the token must help, and the tier's other puzzles make up for it). ``variants``
    lists the variant sets the tier cycles through (one per puzzle, in turn).
    """

    marbles: tuple[int, ...]
    black_hole: float
    variants: tuple[tuple[str, ...], ...]
    solutions: Mapping[int, float]
    near_misses: tuple[int, int]
    """Allowed number of near misses (low, high; a high of 99 means no bound): the lure grows
    with the tier."""
    decoys: str  # "none" | "stars" | "all"
    learning: bool
    questions: tuple[str, ...]

    @property
    def near_max(self) -> int | None:
        """The most near misses a puzzle may have, None when unbounded."""
        return self.near_misses[1] if self.near_misses[1] < 99 else None


TIERS: dict[int, TierSpec] = {
    1: TierSpec((2,), 0.0, ((),), {1: 0.5, 2: 0.5}, (0, 3), "none", True, ("find",)),
    2: TierSpec((2, 3), 0.0, ((),), {1: 0.45, 2: 0.4, 3: 0.15}, (2, 5), "stars", False,
                ("find",)),
    3: TierSpec((3,), 0.5, ((), (), ("wild",)), {0: 0.25, 1: 0.4, 2: 0.35}, (4, 99), "all",
                False, ("find", "count")),
    4: TierSpec((3,), 0.6, (("torus",), ("void",), ("6x6", "torus"), ("void", "wild")),
                {0: 0.35, 1: 0.35, 2: 0.3}, (5, 99), "all", False, ("count", "find")),
    5: TierSpec((4,), 1.0, (("6x6", "rotation"), ("rotation", "torus"), ("void", "rotation"),
                            ("rotation", "wild"), ("6x6", "rotation", "torus")),
                {0: 0.5, 1: 0.5}, (6, 99), "all", False, ("any", "find")),
}
"""The five tiers. Every variant of the spec appears in tiers 3–5; ≥ 15 % of a week's
puzzles (tiers 3–5 weighted by the weekly ramp) have no solution: about 24 %."""
