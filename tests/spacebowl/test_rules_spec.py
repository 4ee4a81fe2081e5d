"""Hand-made cases for each rule of space-bowl.md and its Decisions, checked on both engines."""

from __future__ import annotations

import pytest

from conftest import LETTERS
from spacebowl_print.games.spacebowl.model import (
    Galaxy,
    Pos,
    Toss,
    Variants,
    parse_cell,
    parse_space,
)
from spacebowl_print.games.spacebowl.rules import bitboard, reference


def sp(name: str) -> Pos:
    return parse_space(name)


def cells(g: Galaxy, names: list[str]) -> list[Pos]:
    return [parse_cell(n, g.rows, g.cols) for n in names]


def both(g: Galaxy, t: Toss, v: Variants = Variants()) -> list[tuple[str, tuple[int, ...], bool]]:
    ref = reference.solve(g, t, v)
    assert bitboard.solve(g, t, LETTERS, v) == ref
    return [(s.cell.name, s.rotations, s.wild) for s in ref]


PLAIN = Galaxy.from_strings([
    ["R", "G", "B", "", "Y"],
    ["RG", "", "", "", ""],
    ["", "", "RG", "G", ""],
    ["", "", "", "", "S"],
    ["B", "", "", "", "RGB"],
])


def test_marble_on_destination_space_needs_planet_on_destination() -> None:
    t = Toss(sp("B2"), {"R": sp("B2")})
    assert [c for c, _, _ in both(PLAIN, t)] == ["A1", "A2", "C3", "E5"]


def test_marbles_in_one_space_need_a_card_showing_all_of_them() -> None:
    t = Toss(sp("B2"), {"R": sp("B2"), "G": sp("B2")})
    assert [c for c, _, _ in both(PLAIN, t)] == ["A2", "C3", "E5"]


def test_space_with_marble_must_cover_a_card_but_empty_space_may_hang_off() -> None:
    # G one card to the right of the destination: E-column cards have no right neighbour.
    t = Toss(sp("A1"), {"G": sp("B1")})
    assert [c for c, _, _ in both(PLAIN, t)] == ["A1", "B3", "C3", "D5"]
    # the disc in a corner: the empty spaces cover nothing, the destination still counts
    t2 = Toss(sp("A1"), {})
    assert len(both(PLAIN, t2)) == 25


def test_black_hole_turns_marbles_into_prohibitions_and_still_needs_a_card() -> None:
    t = Toss(sp("B2"), {"R": sp("C2")}, black_hole=sp("C2"))
    got = [c for c, _, _ in both(PLAIN, t)]
    # every card whose right neighbour exists and does not show R
    expected = [p.name for p in PLAIN.positions()
                if p.col < 4 and "R" not in (PLAIN[Pos(p.row, p.col + 1)] or "")]
    assert got == sorted(expected, key=lambda n: (int(n[1:]), n[0]))


def test_black_hole_alone_or_on_the_disc_has_no_effect() -> None:
    base = both(PLAIN, Toss(sp("B2"), {"G": sp("B1")}))
    assert both(PLAIN, Toss(sp("B2"), {"G": sp("B1")}, black_hole=sp("C3"))) == base
    assert both(PLAIN, Toss(sp("B2"), {"G": sp("B1")}, black_hole=sp("B2"))) == base


def test_marbles_with_the_black_hole_on_the_disc_ban_the_destination_itself() -> None:
    """Decision (README): the black hole on the disc's space leaves the disc alone, but
    marbles sharing that space with it are bans on the destination card."""
    g = Galaxy.from_strings([["R", "", "R"], ["", "R", ""], ["R", "", "R"]])
    t = Toss(sp("B2"), {"R": sp("B2")}, black_hole=sp("B2"))
    assert [c for c, _, _ in both(g, t)] == ["B1", "A2", "C2", "B3"]
    # without the black hole the same marble is a demand: the cards that show R
    assert [c for c, _, _ in both(g, Toss(sp("B2"), {"R": sp("B2")}))] == [
        "A1", "C1", "B2", "A3", "C3"]


def test_wild_token_supplies_exactly_one_missing_planet_and_is_flagged() -> None:
    g = Galaxy.from_strings([["", "", ""], ["", "R", ""], ["", "", ""]])
    t = Toss(sp("B2"), {"R": sp("B2"), "G": sp("B2")})
    assert both(g, t) == []
    assert both(g, t, Variants(wild=Pos(1, 1))) == [("B2", (0,), True)]
    t3 = Toss(sp("B2"), {"R": sp("B2"), "G": sp("B2"), "B": sp("B2")})
    assert both(g, t3, Variants(wild=Pos(1, 1))) == []  # two missing: the token is not enough


def test_wild_token_cannot_cancel_a_prohibition() -> None:
    g = Galaxy.from_strings([["", "", ""], ["", "R", "G"], ["", "", ""]])
    t = Toss(sp("B2"), {"G": sp("C2")}, black_hole=sp("C2"))
    assert "B2" not in [c for c, _, _ in both(g, t, Variants(wild=Pos(1, 2)))]


def test_face_down_card_is_never_a_destination_but_may_be_covered() -> None:
    g = Galaxy.from_strings([["R", None, "R"], ["R", "R", "R"], ["R", "R", "R"]])
    t = Toss(sp("B2"), {})
    assert "B1" not in [c for c, _, _ in both(g, t)]
    # an empty space over it is fine; a black-hole space whose marbles it lacks is fine too
    t2 = Toss(sp("B2"), {"R": sp("B1")}, black_hole=sp("B1"))
    assert [c for c, _, _ in both(g, t2)] == ["B2"]
    # the Wild token on a face-down card supplies one planet
    t3 = Toss(sp("B2"), {"G": sp("B1")})
    assert both(g, t3, Variants(wild=Pos(0, 1))) == [("B2", (0,), True)]


def test_rotation_lists_every_turn_and_counts_a_card_once() -> None:
    g = Galaxy.from_strings([["", "G", ""], ["", "R", ""], ["", "", ""]])
    # G one space above the disc; rotation variant: turned 90° G sits right of the disc, etc.
    t = Toss(sp("B2"), {"G": sp("B1")})
    assert both(g, t) == [("B2", (0,), False)]
    g2 = Galaxy.from_strings([["", "G", ""], ["G", "R", "G"], ["", "G", ""]])
    by_cell = {c: turns for c, turns, _ in both(g2, t, Variants(rotation=True))}
    assert by_cell["B2"] == (0, 90, 180, 270)
    t_right = Toss(sp("B2"), {"G": sp("C2")})  # right of the disc; turned 270° it is above
    by_cell = {c: turns for c, turns, _ in both(g, t_right, Variants(rotation=True))}
    assert by_cell["B2"] == (270,)


def test_torus_wraps_rows_and_columns() -> None:
    g = Galaxy.from_strings([["G", "", "", ""], ["", "", "", ""], ["", "", "", "R"]])
    t = Toss(sp("A1"), {"G": sp("B2")})  # G one down and one right of the destination
    assert both(g, t) == []
    assert [c for c, _, _ in both(g, t, Variants(torus=True))] == ["D3"]


def test_near_miss_definition() -> None:
    g = Galaxy.from_strings([["RG", "R", ""], ["", "", ""], ["", "", ""]])
    t = Toss(sp("B2"), {"R": sp("B2"), "G": sp("B2")})
    assert reference.near_misses(g, t) == [Pos(0, 1)]
    assert bitboard.near_misses(g, t, LETTERS) == [Pos(0, 1)]


@pytest.mark.parametrize("size", [(3, 3), (6, 6), (4, 7)])
def test_any_galaxy_size(size: tuple[int, int]) -> None:
    rows, cols = size
    g = Galaxy.from_strings([["R"] * cols for _ in range(rows)])
    t = Toss(sp("B2"), {"R": sp("A1")})
    assert len(both(g, t)) == (rows - 1) * (cols - 1)
