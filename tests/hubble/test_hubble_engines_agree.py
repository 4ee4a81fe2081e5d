"""Independent paths agree on random pads: asteroid packing (memoised search, CP-SAT, plain
include/exclude), stars (branch and bound, CP-SAT, brute force with its own coordinates), and
the players' incremental board against the engine."""

from __future__ import annotations

from hubble_helpers import hubble_cards, hubble_pads
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.model.geometry import BLANK, geometry
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.rules import asteroids, stars
from spacebowl_print.games.hubble.rules.scoring import score_cells
from spacebowl_print.games.hubble.solve.board import Board


def runs(n: int) -> settings:
    """``n`` examples, no deadline (CP-SAT start-up varies on a shared machine)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@runs(300)
@given(hubble_pads(icons="AAAAAAAGS.", sides=st.sampled_from([4, 6])))
def test_asteroid_packing_three_ways(pad: Pad) -> None:
    geo = pad.geometry
    fast = asteroids.packing(pad.cells, geo)
    assert fast == asteroids.packing_reference(pad.cells, geo)
    assert fast == asteroids.packing_cpsat(pad.cells, geo)


@runs(60)
@given(hubble_pads(icons="AAAAAAAAA.", sides=st.sampled_from([8, 10, 12])))
def test_asteroid_packing_on_dense_large_pads(pad: Pad) -> None:
    """Large dense groups go through the memoised search or its CP-SAT hand-over."""
    assert asteroids.packing(pad.cells, pad.geometry) == asteroids.packing_cpsat(
        pad.cells, pad.geometry)


@runs(300)
@given(hubble_pads(icons="SSSSSSSP.", sides=st.sampled_from([4, 6, 8])),
       st.lists(hubble_cards(), min_size=1, max_size=3,
                unique_by=lambda c: c.name))
def test_stars_three_ways(pad: Pad, cards: list) -> None:  # type: ignore[type-arg]
    geo = pad.geometry
    fast, chosen = stars.best(pad.cells, cards, geo)
    assert fast == stars.best_reference(pad.row_strings(), cards)
    assert fast == stars.best_cpsat(pad.cells, cards, geo)[0]
    # the reported choice is a valid one that earns the total
    used: set[int] = set()
    for c in chosen:
        card = cards[c.card]
        assert all(pad.cells[x] == "S" for x in c.placement.red)
        cells = set(c.placement.red) | set(c.purple_stars)
        assert not cells & used
        used |= cells
        assert c.points == card.value + card.bonus * len(c.purple_stars)
    assert sum(c.points for c in chosen) == fast


@st.composite
def drawing_orders(draw: st.DrawFn) -> tuple[int, int, list[list[tuple[int, str]]]]:
    """A pad size and a sequence of draws: each a triangle (up to three icons) or one cell."""
    cols, rows = draw(st.sampled_from([4, 6, 8])), draw(st.sampled_from([4, 6, 8]))
    geo = geometry(cols, rows)
    taken: set[int] = set()
    steps = []
    for _ in range(draw(st.integers(1, 40))):
        if draw(st.booleans()):
            tri = geo.triangles[draw(st.integers(0, len(geo.triangles) - 1))]
            cells = [c for c in tri if c not in taken]
        else:
            cells = [draw(st.integers(0, geo.size - 1))]
            cells = [c for c in cells if c not in taken]
        step = [(c, draw(st.sampled_from("GPACCAS"))) for c in cells]
        taken.update(cells)
        if step:
            steps.append(step)
    return cols, rows, steps


@runs(300)
@given(drawing_orders())
def test_board_keeps_the_engine_score(case: tuple[int, int, list[list[tuple[int, str]]]]
                                      ) -> None:
    cols, rows, steps = case
    geo = geometry(cols, rows)
    board = Board(geo)
    cells = [BLANK] * geo.size
    before = 0
    for step in steps:
        gain = board.gain(step)
        board.apply(step)
        for c, icon in step:
            cells[c] = icon
        now = score_cells("".join(cells), geo, []).total
        assert board.score() == now
        assert gain == now - before
        before = now
