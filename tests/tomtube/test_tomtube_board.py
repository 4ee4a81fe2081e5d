"""The board geometry: counts, names and their order, modules, rhomb positions, the corner
order of a placed rhomb and drawing coordinates."""

from __future__ import annotations

import math

from spacebowl_print.games.tomtube.model import MODULES, board
from spacebowl_print.games.tomtube.model.board import direction


def test_counts() -> None:
    b = board()
    assert len(b.triangles) == 96 and len(b.knots) == 61
    assert sum(k.rim for k in b.knots) == 24 and len(b.inside_knots) == 37
    rows = [sum(1 for k in b.knots if k.name[0] == r) for r in "ABCDEFGHI"]
    assert rows == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert len(b.module_triangles) == 18 and len(b.free_triangles) == 78
    assert b.knots[b.knot_index["E5"]].x == 0 and b.knots[b.knot_index["E5"]].y == 0


def test_names_are_sorted_and_in_order() -> None:
    b = board()
    names = [k.name for k in b.knots]
    assert names == sorted(names, key=lambda n: (n[0], int(n[1:])))
    assert names[:6] == ["A1", "A2", "A3", "A4", "A5", "B1"]
    for t in b.triangles:
        assert t.name == "-".join(sorted(t.name.split("-")))
    assert [t.name for t in b.triangles] == sorted(t.name for t in b.triangles)
    assert "A2-A3-B3" in b.triangle_index and "B3-B4" in b.edge_index


def test_modules() -> None:
    b = board()
    assert {m.name: (m.owner, m.kind) for m in b.modules} == MODULES
    a3 = next(m for m in b.modules if m.name == "A3")
    assert sorted(b.knots[k].name for k in a3.tubes_to) == ["B3", "B4"]
    for m in b.modules:
        assert b.knots[m.knot].rim and len(m.triangles) == 3


def test_rhomb_positions_have_two_free_triangles() -> None:
    b = board()
    for p in b.rhomb_positions:
        assert not set(p.triangles) & b.module_triangles
        assert set(p.blunt) == set(b.edges[p.edge].knots)
    assert "A2-A3" not in b.position_index and "B3-C4" in b.position_index


def test_corners_run_counter_clockwise_as_printed() -> None:
    b = board()
    p = b.rhomb_positions[b.position_index["B3-C4"]]
    names = [b.knots[k].name for k in b.corners(p.index, b.knot_index["B4"])]
    # B4 upper right, B3 upper left, C3 lower left, C4 lower right on the printed board.
    assert names == ["B4", "B3", "C3", "C4"]
    names = [b.knots[k].name for k in b.corners(p.index, b.knot_index["C3"])]
    assert names == ["C3", "C4", "B4", "B3"]


def test_drawing_coordinates_put_row_a_on_top() -> None:
    b = board()
    x, y = b.knot_xy(b.knot_index["A3"])
    assert math.isclose(x, 0.0) and math.isclose(y, -2 * math.sqrt(3))
    assert b.knot_xy(b.knot_index["I3"])[1] > 0
    assert direction(1, 0) == 0 and direction(0, -1) == 3  # up the page is 90°
    d = b.drawing()
    assert len(d["knots"]) == 61 and len(d["rhomb_positions"]) == len(b.rhomb_positions)
