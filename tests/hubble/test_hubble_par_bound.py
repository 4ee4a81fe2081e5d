"""The icon-count relaxation (par_bound): its bound is a ceiling on every play — greedy's,
random legal plays, the climb's, and the best of every two-roll game by exhaustion — and it
is exact where counting is all there is to it."""

from __future__ import annotations

import random
from dataclasses import replace

from hubble_helpers import random_play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.model.challenge import Challenge, Roll
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.geometry import QUADRANTS
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par import ParSettings, solve_par
from spacebowl_print.games.hubble.solve.par_bound import count_bound
from spacebowl_print.games.hubble.solve.par_climb import climb, tables
from spacebowl_print.games.hubble.solve.par_settings import ClimbSettings, ExactSettings

CSET = load_constellation_set()


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (6, 4), (4, 6), (6, 8), (8, 8)]))
def test_the_bound_is_above_every_play_found(seed: int, size: tuple[int, int]) -> None:
    ch = generate_challenge(seed, "b", CSET.names, *size)
    cards = CSET.pick(ch.constellations)
    bound = count_bound(ch, cards)
    assert bound is not None
    greedy = greedy_play(ch)
    plays = [greedy, random_play(ch, random.Random(seed))]
    climbed = climb(ch, cards, greedy, ClimbSettings(20_000, 200, seed))
    assert climbed is not None
    plays.append(climbed[0])
    for play in plays:
        assert score_pad(replay(ch, play), cards).total <= bound


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (6, 4), (6, 8)]))
def test_the_bound_is_above_the_best_of_every_two_roll_game(seed: int,
                                                            size: tuple[int, int]) -> None:
    # the first two rolls of a challenge, every pair of answers that draws on distinct
    # cells scored by the climb's kernel (itself checked against the engine): the best of
    # them all is the game's optimum, and the bound must not be below it
    full = generate_challenge(seed, "o", CSET.names, *size)
    ch = replace(full, rolls=full.rolls[:2])
    cards = CSET.pick(ch.constellations)
    t = tables(ch, cards)
    first, second = (range(int(t.first_answer[i]), int(t.first_answer[i + 1])) for i in (0, 1))
    best = 0
    for a in first:
        for b in second:
            if int(t.drawn[a]) & int(t.drawn[b]):
                continue
            best = max(best, t.points([a, b])[0])
    bound = count_bound(ch, cards)
    assert bound is not None and bound >= best


def test_where_counting_is_all_the_bound_is_the_best_total_and_par_says_so() -> None:
    # every roll puts three comets on the top half (red and blue, adjacent) of a 4 × 4 pad:
    # two placements fill 6 of its 8 cells, two fogs one comet each, the third fog ends the
    # game — 8 comets in one group, 30 points, and no play can do better
    red, blue = QUADRANTS.index("red"), QUADRANTS.index("blue")
    rolls = tuple(Roll((red, blue), ("C", "C"), "C") for _ in range(8))
    ch = Challenge("comets", 4, 4, tuple(CSET.names[:2]), rolls)
    cards = CSET.pick(ch.constellations)
    assert count_bound(ch, cards) == 30
    par = solve_par(ch, cards, ParSettings(exact=ExactSettings(
        climbs=(ClimbSettings(5_000, 100, 1),))))
    assert par.score.total == par.bound == 30  # proved best


def test_the_par_records_the_lower_of_the_bounds() -> None:
    ch = generate_challenge(4, "2027-04-04", CSET.names)
    cards = CSET.pick(ch.constellations)
    exact = ExactSettings(climbs=(ClimbSettings(20_000, 200, 1),))
    par = solve_par(ch, cards, ParSettings(exact=exact))
    assert par.bound == count_bound(ch, cards, exact.count_time)
    assert par.bound is not None and par.score.total <= par.bound
