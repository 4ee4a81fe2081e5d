"""Pad geometry: offset rows, names, neighbours, axial coordinates, turns, quadrants,
triangles and lines, against the spec's examples and brute force."""

from __future__ import annotations

import itertools

import pytest

from spacebowl_print.games.hubble.model.geometry import (
    ADJACENT,
    AXIAL_STEPS,
    BLUE,
    GREEN,
    RED,
    YELLOW,
    adjacent,
    geometry,
    turn,
)

SIZES = [(4, 4), (6, 4), (4, 6), (8, 8), (12, 12), (10, 6), (26, 26), (26, 4)]


def names(geo, cells):
    return sorted(geo.names[c] for c in cells)


def test_spec_neighbour_examples() -> None:
    geo = geometry(12, 12)
    c3, c4 = geo.parse_cell("C3"), geo.parse_cell("C4")
    assert names(geo, geo.neighbours[c3]) == sorted(["B2", "C2", "B3", "D3", "B4", "C4"])
    assert names(geo, geo.neighbours[c4]) == sorted(["C3", "D3", "B4", "D4", "C5", "D5"])


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_neighbours_follow_the_offset_rule(cols: int, rows: int) -> None:
    """The rule as the spec words it, with 1-based rows: odd rows lean left, even rows right."""
    geo = geometry(cols, rows)
    for i in range(geo.size):
        r, c = i // cols + 1, i % cols
        if r % 2:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
        else:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
        want = sorted((rr - 1) * cols + cc for rr, cc in cand if 1 <= rr <= rows and 0 <= cc < cols)
        assert list(geo.neighbours[i]) == want
        for n in geo.neighbours[i]:
            assert i in geo.neighbours[n]


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_axial_coordinates(cols: int, rows: int) -> None:
    geo = geometry(cols, rows)
    for i, (q, r) in enumerate(geo.axial):
        row, col = divmod(i, cols)
        assert (q, r) == (col - (row - row % 2) // 2, row)
        assert geo.at_axial(q, r) == i
        steps = {(geo.axial[n][0] - q, geo.axial[n][1] - r) for n in geo.neighbours[i]}
        assert steps <= set(AXIAL_STEPS)


def test_turns() -> None:
    assert turn(1, 0) == (0, 1)
    assert turn(3, -2, 6) == (3, -2)
    assert {turn(1, 0, k) for k in range(6)} == set(AXIAL_STEPS)
    # a turn maps neighbours to neighbours (it is a symmetry of the lattice)
    for q, r in AXIAL_STEPS:
        assert turn(q, r) in AXIAL_STEPS


def test_cell_names_and_quadrants() -> None:
    geo = geometry(12, 12)
    assert geo.names[geo.index(3, 2)] == "C4"
    for name, quad in [("A1", RED), ("F6", RED), ("G1", BLUE), ("L6", BLUE), ("A7", YELLOW),
                       ("F12", YELLOW), ("G7", GREEN), ("L12", GREEN)]:
        assert geo.quadrant[geo.parse_cell(name)] == quad
    assert adjacent(RED, BLUE) and adjacent(YELLOW, GREEN)
    assert adjacent(RED, YELLOW) and adjacent(BLUE, GREEN)
    assert not adjacent(RED, GREEN) and not adjacent(BLUE, YELLOW)
    assert len(ADJACENT) == 4
    assert [len(q) for q in geometry(8, 6).quadrant_cells] == [12, 12, 12, 12]


@pytest.mark.parametrize("bad", ["c4", "C0", "C13", "M1", "C04", "", "CC4", 4, None])
def test_bad_cell_names(bad: object) -> None:
    from spacebowl_print.core.errors import InputError

    with pytest.raises(InputError):
        geometry(12, 12).parse_cell(bad, "where")


def test_twelve_by_twelve_has_242_triangles() -> None:
    assert len(geometry(12, 12).triangles) == 242


@pytest.mark.parametrize(("cols", "rows"), SIZES[:6])
def test_triangles_are_every_mutually_touching_triple(cols: int, rows: int) -> None:
    geo = geometry(cols, rows)
    nb = [set(n) for n in geo.neighbours]
    brute = {(a, b, c) for a, b, c in itertools.combinations(range(geo.size), 3)
             if b in nb[a] and c in nb[a] and c in nb[b]}
    assert set(geo.triangles) == brute
    assert len(geo.triangles) == 2 * (cols - 1) * (rows - 1)  # 2 per cell between two rows


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_lines(cols: int, rows: int) -> None:
    geo = geometry(cols, rows)
    for line, d in zip(geo.lines, geo.line_direction, strict=True):
        assert len(line) >= 2
        for a, b in itertools.pairwise(line):
            assert b in geo.neighbours[a]  # a straight run of touching cells
        qr = [geo.axial[c] for c in line]
        key = [lambda q, r: r, lambda q, r: q, lambda q, r: -q - r][d]
        assert len({key(q, r) for q, r in qr}) == 1
    for i in range(geo.size):
        assert len(geo.lines_of[i]) <= 3
        assert len({geo.line_direction[ln] for ln in geo.lines_of[i]}) == len(geo.lines_of[i])
    # the rows are lines of the first direction
    assert [ln for ln, d in zip(geo.lines, geo.line_direction, strict=True) if d == 0] == [
        tuple(range(r * cols, (r + 1) * cols)) for r in range(rows)]


def test_scope_triangles() -> None:
    geo = geometry(8, 8)
    for a, b in itertools.combinations(range(4), 2):
        allowed = set(geo.scope_triangles(a, b))
        for t, tri in enumerate(geo.triangles):
            qs = {geo.quadrant[c] for c in tri}
            ok = qs <= {a, b} and (len(qs) == 1 or adjacent(a, b))
            assert (t in allowed) == ok
        if not adjacent(a, b):
            assert all(len({geo.quadrant[c] for c in geo.triangles[t]}) == 1 for t in allowed)
