"""The void variant's deal in the deck statistics is the rulebook's: 3 random cards of the deck
are turned face down *before* dealing, so a dealt galaxy holds 0 to 3 of them (a hypergeometric
count), and one left in the Infinity & Beyond deck is turned up when it reaches the top."""

from __future__ import annotations

import collections
from math import comb

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.rules.stats import deal, deal_chunks, deck_stats

CLASSIC = parse_deck((decks_dir() / "classic.toml").read_text(), "classic.toml")


def _face_down(galaxy_cells: tuple[tuple[object, ...], ...]) -> int:
    return sum(cell is None for row in galaxy_cells for cell in row)


def test_a_dealt_galaxy_holds_zero_to_three_face_down_cards_as_the_shuffle_falls() -> None:
    n = 4000
    galaxies, left = deal(CLASSIC, n, 11, void=3, before_dealing=True)
    counts = collections.Counter(_face_down(g.cells) for g in galaxies)
    assert set(counts) <= {0, 1, 2, 3}
    cards, cells = len(CLASSIC.cards), 25
    # Hypergeometric: k of the 3 face-down cards among the 25 dealt of ``cards``.
    for k in range(4):
        p = comb(3, k) * comb(cards - 3, cells - k) / comb(cards, cells)
        expected = p * n
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(counts[k] - expected) <= 5 * sd + 1, (k, counts[k], expected)
    # Every card left over can still be the top card: the face-down ones are turned up there.
    assert (left.sum(axis=1) == cards - cells).all()


def test_the_puzzle_layout_still_turns_exactly_the_asked_number() -> None:
    galaxies, _ = deal(CLASSIC, 200, 11, void=3)
    assert {_face_down(g.cells) for g in galaxies} == {3}


@settings(max_examples=20, deadline=None)
@given(n=st.integers(1, 150), chunk=st.integers(1, 70), seed=st.integers(0, 2**32 - 1))
def test_the_rulebook_deal_is_the_same_in_any_chunks(n: int, chunk: int, seed: int) -> None:
    whole, left = deal(CLASSIC, n, seed, void=3, before_dealing=True)
    parts = list(deal_chunks(CLASSIC, n, seed, void=3, chunk=chunk, before_dealing=True))
    assert [g for part, _ in parts for g in part] == whole
    assert np.array_equal(np.concatenate([lft for _, lft in parts]), left)


def test_the_void_statistics_use_the_rulebook_deal() -> None:
    """The classic deck's 56 cards put 3 × 25 / 56 ≈ 1.34 face-down cards in a galaxy on
    average, not a puzzle's 3; the void still answers fewer tosses than the base game."""
    stats = {v.variant: v for v in deck_stats(CLASSIC, 256, 5, ("base", "void")).variants}
    assert stats["base"].share_none <= stats["void"].share_none
    galaxies, _ = deal(CLASSIC, 256, 5, void=3, before_dealing=True)
    mean_down = sum(_face_down(g.cells) for g in galaxies) / len(galaxies)
    assert 1.0 < mean_down < 1.7
