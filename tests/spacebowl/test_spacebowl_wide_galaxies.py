"""Galaxies of more than 64 cards take several bitboard words; the fast engine still agrees
with the reference engine on solutions, near misses, batch counts and exact histograms."""

from __future__ import annotations

import collections

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import LETTERS, galaxies, tosses, variants_for
from spacebowl_print.games.spacebowl.model import Galaxy, Toss, Variants
from spacebowl_print.games.spacebowl.rules import bitboard, reference
from spacebowl_print.games.spacebowl.rules.stats import galaxy_histogram
from spacebowl_print.games.spacebowl.rules.tosses import all_tosses, toss_count

wide = galaxies(max_rows=12, max_cols=12).filter(lambda g: g.rows * g.cols > 64)


@st.composite
def wide_batches(draw: st.DrawFn) -> list[Galaxy]:
    """Two or three random galaxies of one shape with more than 64 cards."""
    rows = draw(st.integers(6, 12))
    cols = draw(st.integers(max(3, 65 // rows + 1), 12))
    cell = st.frozensets(st.sampled_from(LETTERS), max_size=6)
    grid = st.lists(st.lists(cell, min_size=cols, max_size=cols), min_size=rows, max_size=rows)
    return [Galaxy(tuple(tuple(r) for r in draw(grid)))
            for _ in range(draw(st.integers(2, 3)))]


@settings(max_examples=60)
@given(st.data())
def test_wide_solutions_and_near_misses_agree(data: st.DataObject) -> None:
    galaxy = data.draw(wide)
    toss = data.draw(tosses())
    variants = data.draw(variants_for(galaxy))
    assert bitboard.solve(galaxy, toss, LETTERS, variants) == reference.solve(galaxy, toss,
                                                                              variants)
    assert bitboard.near_misses(galaxy, toss, LETTERS, variants) == reference.near_misses(
        galaxy, toss, variants)


@settings(max_examples=30)
@given(wide_batches(), st.lists(tosses(), min_size=1, max_size=5), st.booleans(),
       st.booleans())
def test_wide_batch_counts_agree(gals: list[Galaxy], toss_list: list[Toss], rotation: bool,
                                 torus: bool) -> None:
    tables = bitboard.build_tables(gals, LETTERS, torus)
    assert tables.words == bitboard.words_for(gals[0].rows * gals[0].cols) > 1
    cols = bitboard.encode_tosses(toss_list, LETTERS, rotation)
    counts = bitboard.count_solutions(tables, cols)
    variants = Variants(rotation, torus)
    for i, toss in enumerate(toss_list):
        for g, galaxy in enumerate(gals):
            assert counts[i, g] == len(reference.solve(galaxy, toss, variants))
    pairs = [g % len(gals) for g in range(len(toss_list))]
    paired = bitboard.count_solutions(tables, cols, np.array(pairs, dtype=np.intp))
    for i, toss in enumerate(toss_list):
        assert paired[i] == len(reference.solve(gals[pairs[i]], toss, variants))


@settings(max_examples=8)
@given(wide, st.lists(st.sampled_from(LETTERS), unique=True, min_size=1, max_size=2),
       st.booleans())
def test_wide_exhaustive_histogram_agrees(galaxy: Galaxy, planets: list[str],
                                          torus: bool) -> None:
    fast = galaxy_histogram(galaxy, LETTERS, "".join(planets), torus=torus)
    slow = collections.Counter(len(reference.solve(galaxy, t, Variants(torus=torus)))
                               for t in all_tosses("".join(planets)))
    assert fast == dict(sorted(slow.items()))
    assert sum(fast.values()) == toss_count(len(planets))
