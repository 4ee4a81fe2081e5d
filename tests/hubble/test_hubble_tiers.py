"""Difficulty tiers: the features on hand-made challenges, the cuts, the tiered daily entries
(deterministic, the recorded tier is the real one, also when no candidate grades as the wanted
tier) and their check in the manifest."""

from __future__ import annotations

import copy
import datetime as dt
import json

import pytest

from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    Roll,
    challenge_from_json,
    solo_rules_problem,
)
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.solve import tiers
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.manifest import verify_entry
from spacebowl_print.games.hubble.solve.tiers import (
    THRESHOLDS,
    TierFeatures,
    TierStats,
    candidate,
    daily_for_tier,
    greedy_total,
    thresholds_for,
    tier_features,
    tier_of,
)

CSET = load_constellation_set()
RED, BLUE, YELLOW, GREEN = range(4)
DAY = dt.date(2027, 3, 14)


def hand_made() -> Challenge:
    """A 4×4 challenge (8 rolls) whose features are counted by hand below."""
    rolls = (
        Roll((RED, BLUE), ("G", "."), "P"),  # adjacent, one blank: open
        Roll((RED, GREEN), ("S", "S"), "C"),  # split
        Roll((YELLOW, GREEN), (".", "."), None),  # two blanks (the choice is not one)
        Roll((BLUE, YELLOW), ("A", "C"), "."),  # split, one blank
        Roll((RED, YELLOW), ("P", "P"), "G"),  # open
        Roll((BLUE, GREEN), (".", "G"), None),  # open, one blank
        Roll((RED, BLUE), ("C", "A"), "."),  # open, one blank
        Roll((YELLOW, GREEN), (".", "."), "."),  # three blanks
    )
    return Challenge("hand", 4, 4, ("Lyra", "Orion"), rolls)


def test_the_hand_made_challenge_follows_the_solo_rules() -> None:
    assert solo_rules_problem(hand_made()) is None


def test_features_counted_by_hand() -> None:
    f = tier_features(hand_made(), par=60, greedy=40)
    assert (f.cols, f.rows, f.par, f.greedy, f.gap) == (4, 4, 60, 40, 20)
    assert f.gap_pct == 50  # 20 of 40
    assert (f.rolls, f.choices, f.split) == (8, 2, 2)
    assert f.blanks == 1 + 0 + 2 + 1 + 0 + 1 + 1 + 3
    assert f.freedom == 50  # 4 open rolls of 8
    assert f.difficulty == 50 + 50 // 5


def test_gap_in_percent_rounds_down_and_survives_a_greedy_of_zero() -> None:
    ch = hand_made()
    assert tier_features(ch, par=100, greedy=30).gap_pct == 233  # 70 / 30 = 2.33…
    assert tier_features(ch, par=12, greedy=0).gap_pct == 1200
    assert tier_features(ch, par=40, greedy=40).gap_pct == 0


def features_with(difficulty: int, cols: int = 14, rows: int = 4) -> TierFeatures:
    return TierFeatures(cols, rows, 0, 0, 0, 0, 0, 0, 0, 0, 0, difficulty)


def test_tiers_begin_at_the_thresholds() -> None:
    for (cols, rows), th in THRESHOLDS.items():
        assert list(th.cuts) == sorted(th.cuts) and len(set(th.cuts)) == 4
        assert tier_of(features_with(th.cuts[0] - 1, cols, rows)) == 1
        for k, cut in enumerate(th.cuts, start=2):
            assert tier_of(features_with(cut, cols, rows)) == k
            assert tier_of(features_with(cut - 1, cols, rows)) == k - 1
        assert tier_of(features_with(10**6, cols, rows)) == 5
        assert tier_of(features_with(-10**6, cols, rows)) == 1


def test_an_unlisted_size_uses_the_nearest_listed_one() -> None:
    listed = sorted(THRESHOLDS, key=lambda s: s[0] * s[1])
    smallest = listed[0]
    assert thresholds_for(4, 4) == THRESHOLDS[smallest]
    largest = listed[-1]
    assert thresholds_for(26, 26) == THRESHOLDS[largest]
    for size, th in THRESHOLDS.items():
        assert thresholds_for(*size) == th


def test_attempt_zero_is_the_plain_day() -> None:
    plain = generate_challenge(7, DAY.isoformat(), CSET.names, 4, 4)
    assert candidate(7, DAY, 0, CSET, 4, 4) == plain
    others = {candidate(7, DAY, k, CSET, 4, 4).rolls for k in range(1, 4)}
    assert plain.rolls not in others and len(others) == 3
    assert all(candidate(7, DAY, k, CSET, 4, 4).id == DAY.isoformat() for k in range(4))


def recomputed_tier(entry: dict) -> int:  # type: ignore[type-arg]
    ch = challenge_from_json(entry["challenge"], CSET.names)
    greedy = greedy_total(ch, CSET.pick(ch.constellations))
    return tier_of(tier_features(ch, entry["par"]["total"], greedy))


@pytest.mark.parametrize("tier", [1, 5])
def test_tiered_days_are_deterministic_and_graded_truly(tier: int) -> None:
    stats = TierStats()
    entry = daily_for_tier(3, DAY, tier, CSET, 4, 4, stats)
    assert list(entry) == ["id", "tier", "challenge", "par"]
    assert entry["id"] == DAY.isoformat() == entry["challenge"]["id"]
    assert entry["tier"] == recomputed_tier(entry)
    assert entry == daily_for_tier(3, DAY, tier, CSET, 4, 4)
    assert 1 <= stats.solves <= tiers.SOLVES and stats.candidates <= tiers.CANDIDATES
    assert stats.missed == (entry["tier"] != tier)
    assert verify_entry(json.loads(json.dumps(entry)), CSET) is None


def test_when_no_candidate_grades_as_the_tier_the_real_tier_is_recorded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tiers, "CANDIDATES", 1)
    monkeypatch.setattr(tiers, "SOLVES", 1)
    first = daily_for_tier(3, DAY, 1, CSET, 4, 4)
    wanted = 5 if first["tier"] < 3 else 1  # a tier the only candidate does not have
    stats = TierStats()
    entry = daily_for_tier(3, DAY, wanted, CSET, 4, 4, stats)
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
