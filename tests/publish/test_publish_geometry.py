"""The plane geometry behind die-cut tiles: outlines cleaned up, shapes pushed against each
other, separating lines, and cut lines merged so that each is cut once."""

from __future__ import annotations

import math

import pytest

from spacebowl_print.publish.geometry import (
    area2,
    clearance,
    cut,
    is_convex,
    merged_segments,
    separators,
    simplify,
)

R3 = math.sqrt(3)
UP = ((0.0, 0.0), (2.0, 0.0), (1.0, R3))  # side 2, point up
DOWN = ((0.0, R3), (1.0, 0.0), (2.0, R3))  # the same turned by 180° in its box


def test_simplify_orients_and_drops_repeats_and_straight_corners() -> None:
    clockwise = ((0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (2.0, 1.0), (2.0, 0.0), (0.0, 0.0))
    out = simplify(clockwise)
    assert area2(out) == pytest.approx(4.0)  # counter-clockwise now, 2 × 1
    assert len(out) == 4 and (1.0, 1.0) not in out
    assert simplify(((0.0, 0.0), (1.0, 1.0), (2.0, 2.0))) == ()  # no area
    assert is_convex(out) and not is_convex(simplify(
        ((0, 0), (2, 0), (2, 2), (1, 1), (0, 2))))


def test_clearance_pushes_shapes_until_they_touch() -> None:
    assert clearance(UP, DOWN, 0) == pytest.approx(1.0)  # a point-down triangle: half a side
    assert clearance(UP, UP, 0) == pytest.approx(2.0)  # two point-up ones: a whole side
    assert clearance(UP, DOWN, 1) == pytest.approx(R3)  # stacked: one height
    far = tuple((x, y + 10) for x, y in UP)
    assert clearance(UP, far, 0) is None  # side by side they never meet


def test_separators_keep_each_shape_out_of_the_other() -> None:
    right = tuple((x + 1.0, y) for x, y in DOWN)  # shares UP's right side
    planes = separators(UP, right)  # only the shared side's line separates them (seen twice)
    assert planes and all(p == pytest.approx((R3 / 2, 0.5, R3)) for p in planes)
    for nx, ny, c in planes:
        assert all(nx * x + ny * y <= c + 1e-9 for x, y in UP)
        assert all(nx * x + ny * y >= c - 1e-9 for x, y in right)
    assert separators(UP, tuple((x + 0.5, y) for x, y in UP)) == []  # overlapping
    assert area2(cut(UP, (1.0, 0.0, 1.0))) == pytest.approx(R3)  # x ≤ 1: half of 2·√3


def test_merged_segments_cut_shared_and_continuing_sides_once() -> None:
    """Two unit squares side by side: 8 sides, one shared, and the bottoms and tops continue
    each other — 5 cuts."""
    a = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    b = ((1.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0))
    cuts = merged_segments([a, b])
    assert len(cuts) == 5
    assert sum(math.dist(p, q) for p, q in cuts) == pytest.approx(7.0)
    assert ((0.0, 0.0), (2.0, 0.0)) in cuts and ((0.0, 1.0), (2.0, 1.0)) in cuts
    assert merged_segments([a, b]) == cuts  # the same shapes, the same list
