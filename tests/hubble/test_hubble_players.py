"""Challenges, the greedy calibration player and the par solver: the solo rules, legality,
determinism, and par strictly above greedy."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from spacebowl_print.games.hubble.model.challenge import (
    Fog,
    Place,
    PlayLog,
    chooses_third,
    min_rolls,
)
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.challenges import (
    STANDARD_COLS,
    STANDARD_ROWS,
    daily_challenges,
    generate_challenge,
    sample_challenges,
)
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.moves import drawn, placements
from spacebowl_print.games.hubble.solve.par import (
    ParSettings,
    Plan,
    polish,
    solve_par,
    star_plans,
    unambiguous,
)
from spacebowl_print.games.hubble.solve.par_beam import beam_search
from spacebowl_print.games.hubble.solve.par_settings import ClimbSettings, ExactSettings

CSET = load_constellation_set()


@pytest.mark.parametrize(("cols", "rows"), [(6, 8), (14, 4), (8, 8), (4, 26)])
def test_challenges_follow_the_solo_rules(cols: int, rows: int) -> None:
    for ch in sample_challenges(3, 20, CSET.names, cols, rows):
        assert len(ch.rolls) == min_rolls(cols, rows) == cols * rows // 3 + 3
        assert len(set(ch.constellations)) == 2
        assert set(ch.constellations) <= set(CSET.names)
        for i, roll in enumerate(ch.rolls, start=1):
            assert roll.quadrants[0] != roll.quadrants[1]
            assert (roll.third is None) == chooses_third(i) == (i % 3 == 0)
            assert all(face in "GPACS." for face in roll.icons)


def test_challenges_are_seeded() -> None:
    a = generate_challenge(9, "2027-01-04", CSET.names)
    assert a == generate_challenge(9, "2027-01-04", CSET.names)
    assert a != generate_challenge(10, "2027-01-04", CSET.names)
    assert (a.cols, a.rows) == (STANDARD_COLS, STANDARD_ROWS)
    week = daily_challenges(9, dt.date(2027, 1, 1), 7, CSET.names)
    assert [c.id for c in week][:2] == ["2027-01-01", "2027-01-02"]
    assert week[3] == a  # a day's challenge does not depend on the days printed with it


def test_dice_are_fair_over_many_rolls() -> None:
    rolls = [r for ch in sample_challenges(4, 200, CSET.names, 8, 8) for r in ch.rolls]
    faces = [f for r in rolls for f in r.icons]
    for face in "GPACS.":
        assert abs(faces.count(face) / len(faces) - 1 / 6) < 0.02
    pairs = {frozenset(r.quadrants) for r in rolls}
    assert len(pairs) == 6


def test_greedy_is_legal_deterministic_and_greedy() -> None:
    ch = generate_challenge(2, "g", CSET.names, 8, 6)
    log = greedy_play(ch)
    assert log == greedy_play.__wrapped__(ch)  # played again, not the remembered log
    pad = replay(ch, log)
    # replaying by hand: each placement is a best immediate gain, first in move order,
    # and fogs happen only when nothing can be placed
    board = Board(ch.geometry)
    for roll, turn in zip(ch.rolls, log.turns, strict=False):
        moves = placements(board.cells, roll, ch.geometry)
        if isinstance(turn, Fog):
            assert not moves
            if turn.cell is not None and turn.icon is not None:
                board.apply([(turn.cell, turn.icon)])
            continue
        assert isinstance(turn, Place)
        gains = [board.gain(drawn(m)) for m in moves]
        assert moves.index(turn.cells) == gains.index(max(gains))
        board.apply(drawn(turn.cells))
    assert "".join(board.cells) == pad.cells


def test_star_plans_use_disjoint_cells() -> None:
    ch = generate_challenge(3, "p", CSET.names)
    cards = CSET.pick(ch.constellations)
    plans = star_plans(ch, cards, 6, ParSettings().weights)
    assert plans
    for plan in plans:
        assert not set(plan.red) & set(plan.purple)
        for slot, size in enumerate(plan.sizes):
            assert sum(1 for j in plan.red.values() if j == slot) == size


PAR_CASES = [(generate_challenge(20270104, f"par{i}", CSET.names), f"par{i}") for i in range(3)]


@pytest.mark.parametrize(("ch", "name"), PAR_CASES, ids=[n for _, n in PAR_CASES])
def test_par_beats_greedy_and_replays(ch, name) -> None:  # type: ignore[no-untyped-def]
    cards = CSET.pick(ch.constellations)
    # the booklets' solver on the first, the beam search alone on the others
    result = solve_par(ch, cards, None if name == "par0" else ParSettings(exact=None))
    greedy = score_pad(replay(ch, greedy_play(ch)), cards).total
    assert result.score.total > greedy
    if name == "par0":
        beam = solve_par(ch, cards, ParSettings(exact=None)).score.total
        assert result.bound is not None and beam <= result.score.total <= result.bound
    pad = replay(ch, result.play)
    assert pad == result.pad
    assert score_pad(pad, cards) == result.score
    assert unambiguous(pad.cells, cards, ch.geometry)


def test_par_is_deterministic_on_another_size() -> None:
    ch = generate_challenge(5, "d", CSET.names, 6, 6)
    cards = CSET.pick(ch.constellations)
    settings = ParSettings(width=4, plans=2, exact=ExactSettings(
        width=8, steps=3, window=3, bound_time=0.1, climbs=(ClimbSettings(20_000, 200, 1),)))
    first = solve_par(ch, cards, settings)
    assert first == solve_par(ch, cards, settings)
    assert first.score.total > score_pad(replay(ch, greedy_play(ch)), cards).total


def test_board_score_matches_the_engine_along_a_game() -> None:
    ch = generate_challenge(6, "b", CSET.names, 6, 6)
    board = Board(ch.geometry)
    for roll in itertools.islice(ch.rolls, 10):
        moves = placements(board.cells, roll, ch.geometry)
        if not moves:
            break
        board.apply(drawn(moves[len(moves) // 2]))
        pad = Pad(board.geo.cols, board.geo.rows, "".join(board.cells))
        assert board.score() == score_pad(pad, []).total


def test_polish_keeps_logs_legal_and_never_loses() -> None:
    ch = generate_challenge(8, "polish", CSET.names, 8, 6)
    cards = CSET.pick(ch.constellations)
    log = greedy_play(ch)
    before = score_pad(replay(ch, log), cards).total
    turns, total = polish(ch, log.turns, cards)
    assert total >= before
    pad = replay(ch, PlayLog(ch.id, tuple(turns)))
    assert score_pad(pad, cards).total == total
    assert [type(t) for t in turns] == [type(t) for t in log.turns]


def test_replanning_an_ending_keeps_the_opening() -> None:
    ch = generate_challenge(9, "tail", CSET.names, 8, 6)
    log = greedy_play(ch)
    keep = list(log.turns[:10])
    finals = beam_search(ch, Plan({}, {}, label="no plan"), ParSettings(width=3), keep)
    assert finals
    for node in finals:
        turns = node.turns()
        assert turns[:10] == keep
        replay(ch, PlayLog(ch.id, tuple(turns)))  # legal from start to end


def test_calibration_table_names_the_standard_pad_and_is_published() -> None:
    from pathlib import Path

    from spacebowl_print.games.hubble.solve.calibration import (
        CALIBRATION,
        CHALLENGES,
        choose_standard,
        near_square,
        needs_par,
        table_markdown,
    )

    assert CHALLENGES >= 200
    best = choose_standard(CALIBRATION)
    assert (best.cols, best.rows) == (STANDARD_COLS, STANDARD_ROWS)
    # the table holds every near-square even size up to 12×12, and only those
    sizes = {(r.cols, r.rows) for r in CALIBRATION}
    assert sizes == {(c, r) for c in range(4, 13, 2) for r in range(4, 13, 2)
                     if near_square(c, r)}
    for row in CALIBRATION:
        assert (row.par is not None) == needs_par(row.greedy), row
    docs = Path(__file__).resolve().parents[2] / "docs" / "hubble.md"
    assert table_markdown(CALIBRATION) in docs.read_text(encoding="utf-8")


def test_choosing_the_standard_pad() -> None:
    """A qualifying size wins (nearest the band's middle); without one, the near-square size
    whose greedy median lies nearest the band, and drift says how far it misses."""
    from spacebowl_print.games.hubble.solve.calibration import (
        SizeRow,
        choose_standard,
        drift,
        near_square,
        printed_aspect,
    )

    assert near_square(6, 8) and near_square(8, 6) and near_square(8, 8)
    assert not near_square(14, 4) and not near_square(6, 10) and not near_square(10, 6)
    assert printed_aspect(6, 8) == pytest.approx(6.5 * 3 ** 0.5 / 12.5)
    rows = [SizeRow(6, 8, 73.0, 95.0), SizeRow(8, 8, 102.0, 130.0),
            SizeRow(14, 4, 84.0, 110.0)]  # 14×4 qualifies by numbers but is no square
    assert choose_standard(rows) == rows[0]
    assert drift(rows[0]) == (-3.0, -5.0)
    assert drift(rows[1]) == (11.0, 0.0)
    assert choose_standard([*rows, SizeRow(8, 6, 80.0, 101.0), SizeRow(6, 6, 90.0, 120.0)]
                           ) == SizeRow(8, 6, 80.0, 101.0)
    with pytest.raises(ValueError):
        choose_standard([SizeRow(14, 4, 84.0, 110.0)])
