"""The exact model of a solo challenge (par_model) and its search (par_lns): a legal play is a
solution worth exactly its pad's score, the search's par is proved by the second engine, its
bound is a ceiling, and everything is deterministic."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hubble_helpers import random_play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.core import cpsat
from spacebowl_print.games.hubble.model.challenge import PlayLog
from spacebowl_print.games.hubble.model.constellations import load_constellation_set, set_to_dict
from spacebowl_print.games.hubble.rules import independent
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par import ParSettings, beam_par, par_entry, solve_par
from spacebowl_print.games.hubble.solve.par_lns import neighbourhoods, prove_bound
from spacebowl_print.games.hubble.solve.par_model import ParModel
from spacebowl_print.games.hubble.solve.par_settings import ClimbSettings, ExactSettings

CSET = load_constellation_set()
SMALL = ExactSettings(width=8, steps=4, window=3, step_time=0.05, bound_time=0.2,
                      climbs=(ClimbSettings(20_000, 200, 1),))


def model_total(ch, cards, play: PlayLog) -> int:  # type: ignore[no-untyped-def]
    """The model's best objective with every decision fixed to ``play``."""
    model = ParModel(ch, cards)
    for lit, value in model.hint_values(play).items():
        model.model.add(lit == value)
    solver = cpsat.new_solver()
    solver.parameters.num_workers = 1
    assert cpsat.solve(solver, model.model) == cpsat.cp_model().OPTIMAL
    # read back, the play draws the same pad (an answer is kept once per drawing, so its
    # triangle or its blanks' places may differ)
    assert replay(ch, model.play(solver.boolean_value)) == replay(ch, play)
    return int(solver.objective_value)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (6, 4), (4, 6), (6, 8)]))
def test_a_legal_play_is_worth_exactly_its_score(seed: int, size: tuple[int, int]) -> None:
    ch = generate_challenge(seed, "m", CSET.names, *size)
    cards = CSET.pick(ch.constellations)
    rng = random.Random(seed)
    for play in (greedy_play(ch), random_play(ch, rng)):
        assert model_total(ch, cards, play) == score_pad(replay(ch, play), cards).total


def test_the_exact_par_is_proved_by_the_second_engine_and_bounded() -> None:
    ch = generate_challenge(11, "2027-02-02", CSET.names, 4, 4)
    cards = CSET.pick(ch.constellations)
    beam = solve_par(ch, cards, ParSettings(exact=None))
    result = solve_par(ch, cards, ParSettings(exact=SMALL))
    assert result == solve_par(ch, cards, ParSettings(exact=SMALL))  # deterministic
    assert beam.score.total <= result.score.total <= (result.bound or -1)
    entry = json.loads(json.dumps(par_entry(ch, result)))
    assert entry["par"]["bound"] == result.bound
    assert independent.entry_problem(entry, set_to_dict(CSET)) is None
    entry["par"]["bound"] = result.score.total - 1
    assert "par.bound" in (independent.entry_problem(entry, set_to_dict(CSET)) or "")


def test_neighbourhoods_are_drawn_from_the_challenge() -> None:
    ch = generate_challenge(2, "2027-02-03", CSET.names)
    exact = ExactSettings()
    first = neighbourhoods(ch, exact)
    assert first == neighbourhoods(ch, exact)  # the same challenge, the same steps
    assert len(first) == exact.steps
    for free, time in first:
        assert len(free) == exact.window == len(set(free)) and free == sorted(free)
        assert all(0 <= i < len(ch.rolls) for i in free) and time == exact.step_time
    other = generate_challenge(2, "2027-02-04", CSET.names)
    assert neighbourhoods(other, exact) != first


def test_the_wide_beam_is_full_on_the_standard_pad_and_narrower_above() -> None:
    from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS
    from spacebowl_print.games.hubble.solve.par_settings import STANDARD_CELLS

    exact = ExactSettings()
    assert STANDARD_CELLS == STANDARD_COLS * STANDARD_ROWS
    assert exact.beam_width(16) == exact.beam_width(48) == exact.width == 64
    assert exact.beam_width(64) == 48 and exact.beam_width(144) == 21
    assert exact.beam_width(256) == 12 and exact.beam_width(10_000) == 8


def test_the_wider_beam_is_kept_only_where_it_scores_more() -> None:
    # booklets hand solve_par the tiers' narrow beam; `hubble par` does not: the par must be
    # the same either way, and never below either beam's
    # (on a pad of more than 64 cells: on smaller ones the hill climb replaces the wide beam)
    ch = generate_challenge(3, "2027-03-01", CSET.names, 10, 8)
    cards = CSET.pick(ch.constellations)
    exact = ExactSettings(width=16, steps=0, bound_time=0.05, count_time=0.05)  # 9 pads wide
    base = ParSettings(width=4, plans=2, exact=exact)
    narrow = beam_par(ch, cards, base)
    wide = beam_par(ch, cards, replace(base, width=exact.beam_width(ch.geometry.size)))
    given = solve_par(ch, cards, base, beam=narrow)
    assert given == solve_par(ch, cards, base)
    assert given.score.total >= max(narrow.score.total, wide.score.total)


def test_a_bound_is_claimed_only_where_the_solver_proved_one() -> None:
    # found by a blind re-implementation: on a 10×10 pad the bound's budget ran out before
    # presolve ended, CP-SAT answered UNKNOWN with its default bound 0.0, and `hubble par`
    # printed "par 203 (the best possible)" although a legal play scores 223
    ch = generate_challenge(8, "challenge", CSET.names, 6, 8)  # starved below: any size
    cards = CSET.pick(ch.constellations)
    play = greedy_play(ch)
    total = score_pad(replay(ch, play), cards).total
    starved = ExactSettings(bound_time=1e-6)
    bound, kept, kept_total = prove_bound(ch, cards, play, total, starved)
    assert bound is None and kept == play and kept_total == total
    # with a budget that proves one, the bound is a real ceiling on a small pad
    small = generate_challenge(11, "2027-02-02", CSET.names, 4, 4)
    small_cards = CSET.pick(small.constellations)
    small_play = greedy_play(small)
    small_total = score_pad(replay(small, small_play), small_cards).total
    bound, _, best = prove_bound(small, small_cards, small_play, small_total,
                                 ExactSettings(bound_time=0.5))
    assert bound is not None and small_total <= best <= bound
