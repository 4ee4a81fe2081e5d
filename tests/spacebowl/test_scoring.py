"""Round scoring, captain hand-over and end of game, from the spec's table and worked checks."""

from __future__ import annotations

import pytest

from spacebowl_print.games.spacebowl.model import Pos
from spacebowl_print.games.spacebowl.rules.scoring import GameState, Play, RoundResult, score_round

A, B, C = Pos(0, 0), Pos(1, 1), Pos(2, 2)
VALID = {A, B}


def start(*names: str) -> dict[str, int]:
    return {n: 4 for n in names}


def test_worked_check_a() -> None:
    r = score_round([Play("P1", A, go_caller=True), Play("P2", B), Play("P3", C)], VALID,
                    start("P1", "P2", "P3"))
    assert r.found
    assert dict(r.deltas) == {"P1": 3, "P2": 2, "P3": -1}
    assert r.captain == "P1" and r.taken_card == A


def test_worked_check_b() -> None:
    r = score_round([Play("P1", doom_caller=True), Play("P2", red_button=True), Play("P3", B)],
                    VALID, start("P1", "P2", "P3"))
    assert r.found
    assert dict(r.deltas) == {"P1": -2, "P2": -1, "P3": 2}


def test_shared_valid_card_loses_the_alone_bonus() -> None:
    r = score_round([Play("P1", A, go_caller=True), Play("P2", A)], VALID, start("P1", "P2"))
    assert dict(r.deltas) == {"P1": 2, "P2": 1}


def test_go_caller_wrong_while_someone_else_found_one() -> None:
    r = score_round([Play("P1", C, go_caller=True), Play("P2", B), Play("P3")], VALID,
                    start("P1", "P2", "P3"))
    assert r.found
    assert dict(r.deltas) == {"P1": -2, "P2": 2, "P3": 0}
    # Decision: the captain goes to the player who really found a card, who takes it.
    assert r.captain == "P2" and r.taken_card == B


def test_doom_called_while_a_valid_card_existed_but_nobody_found_it() -> None:
    # a valid card exists, but nobody designated it: the round is not found
    r = score_round([Play("P1", doom_caller=True), Play("P2", red_button=True), Play("P3", C)],
                    VALID, start("P1", "P2", "P3"))
    assert not r.found
    assert dict(r.deltas) == {"P1": 2, "P2": 1, "P3": -1}
    assert r.captain == "P1" and r.taken_card is None


def test_wild_token_costs_a_point_when_found() -> None:
    r = score_round([Play("P1", A, go_caller=True, used_wild=True)], VALID, start("P1"))
    assert r.deltas["P1"] == 2


def test_wrong_go_caller_in_a_round_not_found() -> None:
    # the table's "not found" column has no extra point off for the Go! caller
    r = score_round([Play("P1", C, go_caller=True), Play("P2", C)], VALID, start("P1", "P2"))
    assert not r.found and dict(r.deltas) == {"P1": -1, "P2": -1}


def test_score_never_goes_below_zero() -> None:
    r = score_round([Play("P1", C, go_caller=True), Play("P2", A)], VALID, {"P1": 1, "P2": 4})
    assert r.deltas["P1"] == -2 and r.scores["P1"] == 0


def test_red_button_players_cannot_designate_or_use_the_wild_token() -> None:
    with pytest.raises(ValueError):
        Play("P1", A, red_button=True)
    with pytest.raises(ValueError):
        Play("P1", red_button=True, used_wild=True)


def test_game_ends_at_18_points_or_after_10_rounds_with_tie_break() -> None:
    s = GameState.start(["P1", "P2"])
    assert s.scores == {"P1": 4, "P2": 4} and not s.over
    r = RoundResult(True, {"P1": 14}, {"P1": 18, "P2": 4}, "P1", A)
    s2 = s.after(r)
    assert s2.over and s2.winners() == ["P1"] and s2.cards_taken["P1"] == 1
    s3 = GameState({"P1": 9, "P2": 9}, {"P1": 2, "P2": 3}, 10)
    assert s3.over and s3.winners() == ["P2"]
    s4 = GameState({"P1": 9, "P2": 9}, {"P1": 3, "P2": 3}, 10)
    assert s4.winners() == ["P1", "P2"]
    assert not GameState({"P1": 17}, {"P1": 0}, 9).over
