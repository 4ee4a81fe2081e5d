"""The star plans' max-flow (how many of a card's red stars the rolls can bring to each
quadrant), read from the network's 16 cuts, against its definition: every way of splitting
each roll's stars between its two quadrants, tried one by one."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.solve.par_plans import (
    Supply,
    _cut_capacities,
    _max_flow,
)

QUADRANT_PAIRS = [(a, b) for a in range(4) for b in range(4) if a != b]

supplies = st.lists(st.tuples(st.integers(1, 3), st.sampled_from(QUADRANT_PAIRS),
                              st.booleans()), max_size=6)
demands = st.lists(st.integers(0, 6), min_size=4, max_size=4)


def delivered(supply: list[Supply], demand: list[int]) -> int:
    """The most stars delivered: each roll sends k of its stars to its first quadrant and
    the rest to its second, for every k; a quadrant takes at most its demand."""
    best = 0
    for split in itertools.product(*(range(count + 1) for count, _, _ in supply)):
        into = [0, 0, 0, 0]
        for k, (count, (qa, qb), _) in zip(split, supply, strict=True):
            into[qa] += k
            into[qb] += count - k
        best = max(best, sum(min(d, n) for d, n in zip(demand, into, strict=True)))
    return best


@settings(max_examples=300, deadline=None)
@given(supplies, demands)
def test_the_smallest_cut_is_the_most_the_rolls_deliver(supply: list[Supply],
                                                        demand: list[int]) -> None:
    assert _max_flow(_cut_capacities(supply), demand) == delivered(supply, demand)


def test_a_roll_reaches_only_its_two_quadrants() -> None:
    # two stars, both rollable only into quadrants 0 and 1: quadrant 2 gets none
    supply: list[Supply] = [(2, (0, 1), False)]
    assert _max_flow(_cut_capacities(supply), [0, 0, 2, 0]) == 0
    assert _max_flow(_cut_capacities(supply), [1, 1, 2, 0]) == 2
    assert _max_flow(_cut_capacities(supply), [3, 0, 0, 0]) == 2
