"""The reference engine and the bitboard engine agree on random galaxies, tosses and
variant mixes: solutions (cells, turns, Wild flags), near misses, batch counts and exact
toss histograms."""

from __future__ import annotations

import collections

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import LETTERS, galaxies, same_size_galaxies, tosses, variants_for
from spacebowl_print.games.spacebowl.model import Galaxy, Toss, Variants
from spacebowl_print.games.spacebowl.rules import bitboard, reference
from spacebowl_print.games.spacebowl.rules.stats import galaxy_histogram
from spacebowl_print.games.spacebowl.rules.tosses import all_tosses, toss_count


@given(st.data())
def test_solutions_agree(data: st.DataObject) -> None:
    galaxy = data.draw(galaxies())
    toss = data.draw(tosses())
    variants = data.draw(variants_for(galaxy))
    assert bitboard.solve(galaxy, toss, LETTERS, variants) == reference.solve(galaxy, toss,
                                                                              variants)


@given(st.data())
def test_near_misses_agree(data: st.DataObject) -> None:
    galaxy = data.draw(galaxies())
    toss = data.draw(tosses())
    variants = data.draw(variants_for(galaxy))
    fast = bitboard.near_misses(galaxy, toss, LETTERS, variants)
    assert fast == reference.near_misses(galaxy, toss, variants)
    valid = {s.cell for s in reference.solve(galaxy, toss, variants)}
    assert not valid & set(fast)  # a near miss is never a solution


@settings(max_examples=100)
@given(same_size_galaxies(5, 5, 1, 4), st.lists(tosses(), min_size=1, max_size=6), st.booleans(),
       st.booleans())
def test_batch_counts_agree(gals: list[Galaxy], toss_list: list[Toss], rotation: bool,
                            torus: bool) -> None:
    tables = bitboard.build_tables(gals, LETTERS, torus)
    counts = bitboard.count_solutions(tables, bitboard.encode_tosses(toss_list, LETTERS,
                                                                     rotation))
    for t_i, toss in enumerate(toss_list):
        for g_i, galaxy in enumerate(gals):
            expected = len(reference.solve(galaxy, toss, Variants(rotation, torus)))
            assert counts[t_i, g_i] == expected


@settings(max_examples=60)  # each example runs the reference over up to 26,244 tosses
@given(galaxies(max_rows=5, max_cols=5), st.lists(st.sampled_from(LETTERS), unique=True,
                                                  max_size=2),
       st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_exhaustive_histogram_agrees(galaxy: Galaxy, planets: list[str], black_hole: bool,
                                     rotation: bool, torus: bool, learning: bool) -> None:
    marbles = "".join(planets)
    fast = galaxy_histogram(galaxy, LETTERS, marbles, black_hole, rotation, torus, learning)
    slow = collections.Counter(
        len(reference.solve(galaxy, t, Variants(rotation, torus)))
        for t in all_tosses(marbles, black_hole, learning))
    assert fast == dict(slow)
    assert sum(fast.values()) == toss_count(len(marbles), black_hole, learning)


@settings(max_examples=100)
@given(same_size_galaxies(4, 4, 4, 4), st.lists(tosses(), min_size=4, max_size=4), st.booleans(),
       st.booleans())
def test_pairwise_batch_agrees(gals: list[Galaxy], toss_list: list[Toss], rotation: bool,
                               torus: bool) -> None:
    """Toss i on galaxy i (the generator's batch mode): counts and near misses."""
    import numpy as np

    tables = bitboard.build_tables(gals, LETTERS, torus)
    cols = bitboard.encode_tosses(toss_list, LETTERS, rotation)
    pairs = np.arange(4)
    counts = bitboard.count_solutions(tables, cols, pairs)
    near = bitboard.near_miss_boards(tables, cols, pairs)
    for i, (galaxy, toss) in enumerate(zip(gals, toss_list, strict=True)):
        v = Variants(rotation, torus)
        assert counts[i] == len(reference.solve(galaxy, toss, v))
        assert int(near[i]).bit_count() == len(reference.near_misses(galaxy, toss, v))
