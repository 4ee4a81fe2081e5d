"""Scoring against the spec: the worked checks, each category's rule, and the decisions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hubble_helpers import HUBBLE_EXAMPLE_CARD, HUBBLE_EXAMPLE_ROWS

from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import PadGeometry, geometry
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.rules import asteroids, stars
from spacebowl_print.games.hubble.rules.scoring import (
    comet_group_points,
    comet_points,
    galaxy_points,
    planet_points,
    score_pad,
    score_to_json,
)


def blank(cols: int = 8, rows: int = 8) -> list[list[str]]:
    return [["."] * cols for _ in range(rows)]


def pad_of(grid: list[list[str]], cards: tuple[str, ...] = ()) -> Pad:
    return Pad.from_rows(["".join(r) for r in grid], cards)


def put(grid: list[list[str]], names: str, icon: str) -> None:
    for name in names.split():
        grid[int(name[1:]) - 1][ord(name[0]) - 65] = icon


def test_the_example_pad_scores_50() -> None:
    pad = Pad.from_rows(HUBBLE_EXAMPLE_ROWS, ["Example"])
    s = score_pad(pad, [HUBBLE_EXAMPLE_CARD])
    assert (s.galaxy, s.planet, s.asteroid, s.comet, s.stars, s.total) == (22, 3, 8, 7, 10, 50)
    out = score_to_json(s, pad.geometry)
    assert out["total"] == 50
    assert out["constellations"] == [{"name": "Example", "points": 10,
                                      "red": ["E8", "F8", "G8"], "purple": []}]


def test_the_example_relies_on_the_neighbour_rule() -> None:
    """K10 sits on an even row, shifted right: it does not touch J9, so the comets make a
    group of 3 (7 points) and a lone comet (0), not a group of 4 (11)."""
    geo = geometry(12, 12)
    assert geo.parse_cell("K10") not in geo.neighbours[geo.parse_cell("J9")]
    assert comet_points("".join(HUBBLE_EXAMPLE_ROWS), geo) == 7


def test_comet_table() -> None:
    assert [comet_group_points(n) for n in range(1, 9)] == [0, 4, 7, 11, 15, 20, 25, 30]


def test_comet_groups_of_6_and_2_score_24() -> None:
    g = blank()
    put(g, "A1 B1 C1 D1 E1 F1", "C")  # a row of 6
    put(g, "A5 A6", "C")  # A5 (odd row) touches A6 (even row, shifted right)
    pad = pad_of(g)
    assert comet_points(pad.cells, pad.geometry) == 24


def test_comets_connect_in_any_shape() -> None:
    g = blank()
    put(g, "B2 C3 B4 B5", "C")  # a zigzag down the rows
    assert comet_points(pad_of(g).cells, geometry(8, 8)) == 11


def test_galaxies_count_the_poorest_quadrant() -> None:
    g = blank()
    put(g, "A1 B1 C1 E1 A5 E5 F5 G5", "G")  # red 3, blue 1, yellow 1, green 3
    assert galaxy_points(pad_of(g).cells, geometry(8, 8)) == 11
    put(g, "H2 B6", "G")
    assert galaxy_points(pad_of(g).cells, geometry(8, 8)) == 22


def test_planets_need_two_on_a_line_but_not_touching() -> None:
    geo = geometry(8, 8)
    g = blank()
    put(g, "A3 H3", "P")  # same row, far apart
    assert planet_points(pad_of(g).cells, geo) == 2
    put(g, "D3", "P")
    assert planet_points(pad_of(g).cells, geo) == 3


def test_a_planet_may_score_on_three_lines() -> None:
    geo = geometry(8, 8)
    centre = geo.parse_cell("D4")
    g = blank()
    put(g, "D4", "P")
    # one more planet on each of D4's three lines, each on no other shared line
    for ln in geo.lines_of[centre]:
        other = next(c for c in geo.lines[ln] if c != centre and
                     not set(geo.lines_of[c]) - {ln} & set().union(
                         *(geo.lines_of[x] for x in range(64) if g[x // 8][x % 8] == "P")))
        g[other // 8][other % 8] = "P"
    pad = pad_of(g)
    assert pad.cells.count("P") == 4
    assert planet_points(pad.cells, geo) == 6  # three lines of 2


def test_asteroids_count_disjoint_triangles() -> None:
    geo = geometry(8, 8)
    g = blank()
    put(g, "B7 C7 B8 C8", "A")  # two triangles sharing two cells: only one counts
    assert asteroids.packing(pad_of(g).cells, geo) == 1
    put(g, "E1 F1 E2", "A")  # a separate triangle
    assert asteroids.packing(pad_of(g).cells, geo) == 2
    full = "A" * 64  # CP-SAT proves 20 (a lattice 3-colouring bounds it by 21)
    assert asteroids.packing(full, geo) == asteroids.packing_cpsat(full, geo) == 20


def five_red_card() -> Constellation:
    return Constellation("Five", 10, 3, ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
                         ((0, 1), (4, -1)))


@pytest.mark.parametrize(("purples", "points"), [("", 10), ("D3", 13), ("D3 G1", 16)])
def test_five_red_card_scores_10_13_16(purples: str, points: int) -> None:
    g = blank()
    put(g, "C2 D2 E2 F2 G2", "S")  # axial (2..6, 1): purple (2, 2) = D3, (6, 0) = G1
    if purples:
        put(g, purples, "S")
    pad = pad_of(g, ("Five",))
    s = score_pad(pad, [five_red_card()])
    assert s.stars == points


def test_turns_count_but_mirrors_do_not() -> None:
    card = Constellation("Hook", 5, 0, ((0, 0), (1, 0), (2, 0), (2, 1)))  # chiral
    geo = geometry(8, 8)
    for k in range(6):
        red, _ = card.turned(k)
        assert stars.best(_stars_at(red, geo), [card], geo)[0] == 5
    mirror = [(r, q) for q, r in card.red]  # (q, r) → (r, q) mirrors the lattice
    assert stars.best(_stars_at(mirror, geo), [card], geo)[0] == 0


def _stars_at(offsets: Sequence[tuple[int, int]], geo: PadGeometry) -> str:
    """The pad with a star at each axial offset from (3, 3), and nothing else."""
    cells = ["."] * geo.size
    for q, r in offsets:
        c = geo.at_axial(q + 3, r + 3)
        assert c is not None
        cells[c] = "S"
    return "".join(cells)


def test_each_star_serves_one_card() -> None:
    """Two cards that need the same star: only one scores."""
    geo = geometry(8, 8)
    g = blank()
    put(g, "B2 C2 D2", "S")
    pair = Constellation("Pair", 4, 0, ((0, 0), (1, 0)))
    trio = Constellation("Trio", 6, 0, ((0, 0), (1, 0), (2, 0)))
    assert stars.best(pad_of(g).cells, [pair, trio], geo)[0] == 6
    put(g, "E2", "S")  # four in a row: still one card (a pair and a trio need five)
    assert stars.best(pad_of(g).cells, [pair, trio], geo)[0] == 6
    put(g, "F2", "S")
    assert stars.best(pad_of(g).cells, [pair, trio], geo)[0] == 10


def test_a_purple_star_present_serves_its_card() -> None:
    """Decision: a placement uses its red stars and every purple cell holding a star, so a
    purple star cannot also be another card's red star. Stars B2–F2; the Tail (two red, a
    purple star each side) on B2 C2 would use D2 too, leaving E2 F2 to the Trio: not enough.
    The best is the Tail alone on C2 D2 with both purple stars (4 + 2 × 2 = 8), not
    Tail 4 + Trio 6 = 10."""
    geo, pad, cards = _tail_and_trio()
    best, chosen = stars.best(pad.cells, cards, geo)
    assert best == 8
    assert [(c.card, sorted(geo.names[x] for x in c.placement.red)) for c in chosen] == [
        (0, ["C2", "D2"])]
    assert stars.best_reference(pad.row_strings(), cards) == 8
    assert stars.best_cpsat(pad.cells, cards, geo)[0] == 8


def test_the_other_reading_of_star_service() -> None:
    """On the decision's example the other reading (a purple star may be left to another
    card's red pattern) would give 4 + 6 = 10; the par solver publishes no such pad."""
    geo, pad, cards = _tail_and_trio()
    assert stars.best(pad.cells, cards, geo)[0] == 8
    assert stars.best_other_reading(pad.cells, cards, geo) == 10


def _tail_and_trio() -> tuple[PadGeometry, Pad, list[Constellation]]:
    """The decision's example (docs/hubble.md): stars on B2–F2 of an 8 × 8 pad; the Tail
    (red pair, a purple star each side, 4 + 2 a purple star) and the Trio (three red, 6)."""
    g = blank()
    put(g, "B2 C2 D2 E2 F2", "S")
    tail = Constellation("Tail", 4, 2, ((0, 0), (1, 0)), ((-1, 0), (2, 0)))
    trio = Constellation("Trio", 6, 0, ((0, 0), (1, 0), (2, 0)))
    return geometry(8, 8), pad_of(g), [tail, trio]


def test_a_card_listed_twice_scores_twice_on_disjoint_stars() -> None:
    geo = geometry(8, 8)
    g = blank()
    put(g, "B2 C2 D2", "S")
    trio = Constellation("Trio", 6, 0, ((0, 0), (1, 0), (2, 0)))
    assert stars.best(pad_of(g).cells, [trio, trio], geo)[0] == 6
    put(g, "B5 C5 D5", "S")
    assert stars.best(pad_of(g).cells, [trio, trio], geo)[0] == 12
