"""Difficulty tiers by technique: the human model's players never lose ground as they learn,
the grade is the first player to reach the target, the tiered daily entries (deterministic,
the recorded tier is the real one, also when no candidate grades as the wanted tier) and
their check in the manifest."""

from __future__ import annotations

import copy
import datetime as dt
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.model.challenge import challenge_from_json
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve import tiers
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.human import TECHNIQUES, HumanModel
from spacebowl_print.games.hubble.solve.manifest import verify_entry
from spacebowl_print.games.hubble.solve.tiers import (
    TierStats,
    candidate,
    daily_for_tier,
    grade,
    is_tier,
    target_of,
)

CSET = load_constellation_set()
DAY = dt.date(2027, 3, 14)


def test_five_named_techniques() -> None:
    assert len(TECHNIQUES) == len(tiers.TIERS) == 5
    assert TECHNIQUES[0] == "greedy per roll" and TECHNIQUES[-1] == "full search"


def test_the_target_is_four_fifths_rounded_up_in_integers() -> None:
    assert tiers.TARGET == (4, 5)
    assert [target_of(b) for b in (0, 1, 5, 99, 100, 101)] == [0, 1, 4, 80, 80, 81]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (6, 4), (4, 6)]))
def test_a_player_who_knows_more_never_scores_less(seed: int, size: tuple[int, int]) -> None:
    ch = generate_challenge(seed, "h", CSET.names, *size)
    cards = CSET.pick(ch.constellations)
    model = HumanModel(ch, cards)
    players = [model.player(k) for k in tiers.TIERS]
    assert players == sorted(players)
    # the first technique is the greedy player, scored by the engine
    assert model.technique(1) == score_pad(replay(ch, greedy_play(ch)), cards).total
    g = grade(ch, cards, model)
    assert model.player(g.tier) >= g.target == target_of(model.technique(5))
    assert g.tier == 1 or model.player(g.tier - 1) < g.target
    assert [is_tier(ch, cards, t, model) for t in tiers.TIERS].count(True) == 1
    assert is_tier(ch, cards, g.tier, model)


def test_techniques_played_together_reach_what_each_reaches_alone() -> None:
    """The provisional guess plays the middle techniques together (one batch a roll): each
    must total what a model playing it alone totals."""
    for seed in (3, 11):
        ch = generate_challenge(seed, "together", CSET.names, 6, 8)
        cards = CSET.pick(ch.constellations)
        together = HumanModel(ch, cards)
        together.prepare((4, 2, 3))
        assert sorted(together.plays) == [2, 3, 4]
        for k in (2, 3, 4):
            assert together.plays[k] == HumanModel(ch, cards).technique(k)


def test_attempt_zero_is_the_plain_day() -> None:
    plain = generate_challenge(7, DAY.isoformat(), CSET.names, 4, 4)
    assert candidate(7, DAY, 0, CSET, 4, 4) == plain
    others = {candidate(7, DAY, k, CSET, 4, 4).rolls for k in range(1, 4)}
    assert plain.rolls not in others and len(others) == 3
    assert all(candidate(7, DAY, k, CSET, 4, 4).id == DAY.isoformat() for k in range(4))


def recomputed_tier(entry: dict) -> int:  # type: ignore[type-arg]
    ch = challenge_from_json(entry["challenge"], CSET.names)
    return grade(ch, CSET.pick(ch.constellations)).tier


@pytest.mark.parametrize("tier", [1, 5])
def test_tiered_days_are_deterministic_and_graded_truly(tier: int) -> None:
    stats = TierStats()
    # the classroom's path (the beam's par): the grade does not depend on the par
    entry = daily_for_tier(3, DAY, tier, CSET, 4, 4, stats, exact=False)
    assert list(entry) == ["id", "tier", "challenge", "par"]
    assert entry["id"] == DAY.isoformat() == entry["challenge"]["id"]
    assert entry["tier"] == recomputed_tier(entry)
    assert entry == daily_for_tier(3, DAY, tier, CSET, 4, 4, exact=False)
    assert "bound" not in entry["par"]
    assert stats.solves == 1 and stats.candidates <= tiers.CANDIDATES
    assert stats.missed == (entry["tier"] != tier)
    assert verify_entry(json.loads(json.dumps(entry)), CSET) is None


def test_a_tier5_day_is_its_first_candidate_graded_tier5() -> None:
    # the plain path: grade every candidate in attempt order, with nothing shared
    wanted = None
    for attempt in range(tiers.TOP_GRADES):
        ch = candidate(2, DAY, attempt, CSET, 4, 4)
        if grade(ch, CSET.pick(ch.constellations)).tier == 5:
            wanted = ch
            break
    assert wanted is not None and attempt > 0  # some candidates are skipped on this day
    stats = TierStats()
    entry = daily_for_tier(2, DAY, 5, CSET, 4, 4, stats, exact=False)
    assert entry["tier"] == 5 and stats.missed == 0
    assert challenge_from_json(entry["challenge"], CSET.names) == wanted
    assert stats.candidates == attempt + 1  # no provisional grades: one candidate a grade


def test_a_tier5_day_without_one_takes_the_highest_graded_first_on_ties(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tiers, "TOP_GRADES", 3)
    graded = [grade(ch, CSET.pick(ch.constellations)).tier
              for ch in (candidate(6, DAY, a, CSET, 4, 4) for a in range(3))]
    assert 5 not in graded and graded.count(max(graded)) > 1  # a tie, on this day
    stats = TierStats()
    entry = daily_for_tier(6, DAY, 5, CSET, 4, 4, stats, exact=False)
    first = candidate(6, DAY, graded.index(max(graded)), CSET, 4, 4)
    assert challenge_from_json(entry["challenge"], CSET.names) == first
    assert entry["tier"] == max(graded) == recomputed_tier(entry)
    assert (stats.candidates, stats.missed) == (3, 1)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_the_provisional_guess_never_says_5(seed: int) -> None:
    ch = generate_challenge(seed, DAY.isoformat(), CSET.names, 4, 4)
    model = HumanModel(ch, CSET.pick(ch.constellations))
    assert tiers.provisional(model, 5) <= 4


def test_when_no_candidate_grades_as_the_tier_the_real_tier_is_recorded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tiers, "CANDIDATES", 1)
    first = daily_for_tier(3, DAY, 1, CSET, 4, 4, exact=False)
    wanted = 5 if first["tier"] < 3 else 1  # a tier the only candidate does not have
    stats = TierStats()
    entry = daily_for_tier(3, DAY, wanted, CSET, 4, 4, stats, exact=False)
    assert entry["challenge"] == first["challenge"]
    assert entry["tier"] == first["tier"] == recomputed_tier(entry) != wanted
    assert (stats.solves, stats.missed) == (1, 1)


def test_a_tier_is_one_of_five() -> None:
    with pytest.raises(ValueError, match="1–5"):
        daily_for_tier(3, DAY, 6, CSET, 4, 4)


@pytest.fixture(scope="module")
def tiered() -> dict:  # type: ignore[type-arg]
    return json.loads(json.dumps(daily_for_tier(5, DAY, 3, CSET, 4, 4)))


def test_the_manifest_checks_a_recorded_tier(tiered: dict) -> None:  # type: ignore[type-arg]
    assert verify_entry(tiered, CSET) is None
    untiered = {k: v for k, v in tiered.items() if k != "tier"}
    assert verify_entry(untiered, CSET) is None  # the tier stays optional
    for wrong in ({1, 2, 3, 4, 5} - {tiered["tier"]}):
        e = copy.deepcopy(tiered)
        e["tier"] = wrong
        message = verify_entry(e, CSET)
        assert message is not None and message.startswith(
            f"tier: the challenge grades as tier {tiered['tier']}")
    for bad in (0, 6, "3", True, 3.0, None):
        e = copy.deepcopy(tiered)
        e["tier"] = bad
        assert (verify_entry(e, CSET) or "").startswith("tier: must be a whole number")


def test_a_tier_does_not_hide_other_faults(tiered: dict) -> None:  # type: ignore[type-arg]
    e = copy.deepcopy(tiered)
    e["par"]["total"] += 1
    assert (verify_entry(e, CSET) or "").startswith("par.total")
    e = copy.deepcopy(tiered)
    e["level"] = 3
    assert "unknown key \"level\"" in (verify_entry(e, CSET) or "")
