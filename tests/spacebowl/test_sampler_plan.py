"""The one puzzle sampler, planning side: each puzzle's tier features and toss come from the
seed before any galaxy exists, in the shares the tier table promises."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import replace

import pytest

from spacebowl_print.games.spacebowl.model import CENTRE, InputError, parse_deck
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.games.spacebowl.puzzles.generate import (
    BLOCK,
    Generator,
    Slot,
    daily_puzzles,
    solution_shares,
    stratified,
)
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS

CLASSIC = parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")


def test_stratified_draws_hold_every_share_in_each_block() -> None:
    shares = {0: 0.25, 1: 0.4, 2: 0.35}
    draws = [stratified(shares, i, [7, 3]) for i in range(3 * BLOCK)]
    for b in range(3):
        block = Counter(draws[b * BLOCK : (b + 1) * BLOCK])
        assert block == {0: 5, 1: 8, 2: 7}
    assert draws == [stratified(shares, i, [7, 3]) for i in range(3 * BLOCK)]
    assert draws != [stratified(shares, i, [7, 4]) for i in range(3 * BLOCK)]
    # shares that are not multiples of 1/BLOCK: largest remainders, still BLOCK in all
    odd = Counter(stratified({"a": 1.0, "b": 1.0, "c": 1.0}, i, [1]) for i in range(BLOCK))
    assert sorted(odd.values()) == [6, 7, 7]


@pytest.mark.parametrize("tier", sorted(TIERS))
def test_plans_follow_the_tier_table(tier: int) -> None:
    spec = TIERS[tier]
    gen = Generator(CLASSIC, 5)
    plans = [gen.plan(Slot(n + 1, tier, f"p{n}"), n) for n in range(2 * BLOCK)]
    for i, plan in enumerate(plans):
        req, toss = plan.request, plan.request.toss
        assert plan.names == spec.variants[i % len(spec.variants)]
        assert len(toss.marbles) in spec.marbles
        assert req.near_misses == spec.near_misses[0]
        assert req.near_misses_max == spec.near_max
        # finding a card needs the Wild token (no card valid without it); counting, that
        # it helps some card
        assert (req.wild_matters or req.wild_needed) == ("wild" in plan.names)
        assert not (req.wild_matters and req.wild_needed)
        assert req.wild_needed == ("wild" in plan.names and plan.question != "count")
        if "wild" in plan.names:
            assert req.solutions >= 1
        # from tier 2 the disc is never in the centre; a black hole lies beside a marble
        assert (toss.destination == CENTRE) == spec.learning
        if toss.black_hole is not None:
            assert toss.black_hole in toss.marbles.values()
        (top,) = req.exclude  # the top card: its planets are the marbles
        assert CLASSIC.card(top).planet_set == frozenset(toss.marbles)
        assert plan.question in spec.questions or plan.question == "find"
    holes = sum(p.request.toss.black_hole is not None for p in plans) / len(plans)
    assert holes == pytest.approx(spec.black_hole)
    ks = Counter(p.request.solutions for p in plans)
    with_token = sum("wild" in names for names in spec.variants) / len(spec.variants)
    if not with_token:
        assert {k: n / len(plans) for k, n in ks.items()} == pytest.approx(spec.solutions)
    assert all(p.request.solutions for p in plans if "wild" in p.names)
    # the puzzles with the token never have none; the others make up for them
    mix = {k: with_token * solution_shares(spec, True).get(k, 0.0)
           + (1 - with_token) * solution_shares(spec, False).get(k, 0.0)
           for k in spec.solutions}
    assert mix == pytest.approx(spec.solutions)
    assert abs(ks[0] / len(plans) - spec.solutions.get(0, 0.0)) <= 0.1


def test_the_same_seed_plans_the_same_puzzles() -> None:
    slots = [Slot(n + 1, 1 + n % 5, f"p{n}") for n in range(25)]
    a = [Generator(CLASSIC, 3).plan(s, i // 5) for i, s in enumerate(slots)]
    b = [Generator(CLASSIC, 3).plan(s, i // 5) for i, s in enumerate(slots)]
    c = [Generator(CLASSIC, 4).plan(s, i // 5) for i, s in enumerate(slots)]
    assert a == b and a != c


def test_a_deck_without_cards_of_that_size_tosses_any_planets() -> None:
    """No 4-planet cards: tier 5 tosses 4 random planets, no card to keep out; the puzzles
    are still built (re-planned when a toss proves impossible) and keep their promises."""
    deck = replace(CLASSIC, cards=tuple(c for c in CLASSIC.cards if len(c.planets) < 4))
    assert len(deck.cards) >= 37
    start = dt.date(2027, 1, 3)  # a Sunday: tier 5
    puzzles = daily_puzzles(deck, start, 1, 2, (5, 5)) + daily_puzzles(deck, start, 1, 3, (5, 5))
    for p in puzzles:
        assert len(p.toss.marbles) == 4 and p.tier == 5
        assert len(p.solutions) in TIERS[5].solutions
        assert len(p.near_misses) >= TIERS[5].near_misses[0]


def test_small_decks_are_refused() -> None:
    with pytest.raises(InputError, match="at least 26 cards"):
        Generator(replace(CLASSIC, cards=CLASSIC.cards[:25]), 1)
    small = replace(CLASSIC, cards=CLASSIC.cards[:36])
    assert daily_puzzles(small, dt.date(2027, 1, 4), 1, 1, (1, 4))  # a 5×5 tier: fine
    with pytest.raises(InputError, match=r"tier 5 deals 6×6 galaxies.*at least 37 cards"):
        daily_puzzles(small, dt.date(2027, 1, 3), 1, 1, (1, 5))
