"""Plane geometry for die-cut outlines: polygons in mm, y up, as the drawing API.

Pure functions, no drawing. Tolerances are :data:`EPS` (a millionth of a millimetre): positions
come out of sums of item sizes, so two tiles that share an edge agree to far better than that.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

Point = tuple[float, float]
Polygon = tuple[Point, ...]
Segment = tuple[Point, Point]
EPS = 1e-6


def area2(poly: Sequence[Point]) -> float:
    """Twice the signed area (positive when counter-clockwise; 0 for an empty polygon)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in edges(tuple(poly)))


def simplify(poly: Sequence[Point]) -> Polygon:
    """``poly`` counter-clockwise, without a closing repeat, repeated corners or corners on a
    straight line; empty when it has no area."""
    pts: list[Point] = []
    for p in poly:
        if not pts or abs(p[0] - pts[-1][0]) > EPS or abs(p[1] - pts[-1][1]) > EPS:
            pts.append(p)
    while len(pts) > 1 and abs(pts[0][0] - pts[-1][0]) <= EPS \
            and abs(pts[0][1] - pts[-1][1]) <= EPS:
        pts.pop()
    changed = True
    while changed and len(pts) >= 3:
        changed = False
        for i in range(len(pts)):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % len(pts)]
            if abs(_cross(a, b, c)) <= EPS * max(1.0, _dist(a, c)):
                del pts[i]
                changed = True
                break
    if len(pts) < 3 or abs(area2(pts)) <= EPS:
        return ()
    return tuple(pts) if area2(pts) > 0 else tuple(reversed(pts))


def _cross(a: Point, b: Point, c: Point) -> float:
    """z of (b − a) × (c − b): positive for a left turn at ``b``."""
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])


def _dist(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def is_convex(poly: Polygon) -> bool:
    """Whether the counter-clockwise ``poly`` turns left (or goes straight) at every corner."""
    n = len(poly)
    return n >= 3 and all(_cross(poly[i - 1], poly[i], poly[(i + 1) % n]) >= -EPS
                          for i in range(n))


def edges(poly: Polygon) -> list[Segment]:
    """The polygon's sides, in order, each from a corner to the next (none for an empty one)."""
    if not poly:
        return []
    return list(zip(poly, [*poly[1:], poly[0]], strict=True))


def moved(poly: Polygon, dx: float, dy: float) -> Polygon:
    """``poly`` translated by (dx, dy)."""
    return tuple((x + dx, y + dy) for x, y in poly)


def half_turned(poly: Polygon, w: float, h: float) -> Polygon:
    """``poly`` turned by 180° about the centre of the box (0, 0)–(w, h)."""
    return tuple((w - x, h - y) for x, y in poly)


def mirrored(poly: Polygon, paper_w: float, offset: Point) -> Polygon:
    """``poly`` mirrored left-right on a page ``paper_w`` wide, then shifted by ``offset``; kept
    counter-clockwise (a mirror reverses the turning direction)."""
    return tuple((paper_w - x + offset[0], y + offset[1]) for x, y in reversed(poly))


def bounds(poly: Polygon) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the polygon."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


# -- pushing convex shapes against each other ------------------------------------------------

def span(poly: Polygon, axis: int, v: float) -> tuple[float, float] | None:
    """Where the line "coordinate ``1 − axis`` equals ``v``" crosses the convex ``poly``: the
    (low, high) values of coordinate ``axis`` there, or None if it misses."""
    other = 1 - axis
    hits: list[float] = []
    for p, q in edges(poly):
        dp, dq = p[other] - v, q[other] - v
        if abs(p[other] - q[other]) <= EPS:
            if abs(dp) <= EPS:
                hits += [p[axis], q[axis]]
        elif min(dp, dq) <= EPS and max(dp, dq) >= -EPS:
            t = min(1.0, max(0.0, dp / (dp - dq)))
            hits.append(p[axis] + t * (q[axis] - p[axis]))
    return (min(hits), max(hits)) if hits else None


def clearance(a: Polygon, b: Polygon, axis: int) -> float | None:
    """The least shift of convex ``b`` along ``axis`` (0: x, 1: y) that puts it wholly on the
    high side of convex ``a`` (touching allowed) — or None when their extents across that axis
    overlap by no more than :data:`EPS`, so neither can block the other.

    The gap between the two boundaries is piecewise linear and convex across the axis, so its
    extreme lies at a corner of either shape: only those are tried.
    """
    other = 1 - axis
    lo = max(min(p[other] for p in a), min(p[other] for p in b))
    hi = min(max(p[other] for p in a), max(p[other] for p in b))
    if hi - lo <= EPS:
        return None
    levels = {lo, hi, *(p[other] for p in (*a, *b) if lo < p[other] < hi)}
    best: float | None = None
    for v in sorted(levels):
        sa, sb = span(a, axis, v), span(b, axis, v)
        if sa is not None and sb is not None and (best is None or sa[1] - sb[0] > best):
            best = sa[1] - sb[0]
    return best


# -- clipping ----------------------------------------------------------------------------------

HalfPlane = tuple[float, float, float]
"""(nx, ny, c): the points p with n·p ≤ c; n is a unit vector."""


def outward_planes(poly: Polygon, grow: float) -> list[HalfPlane]:
    """The half-planes whose intersection is the convex ``poly`` grown by ``grow`` across each
    side (corners extended, not rounded)."""
    out: list[HalfPlane] = []
    for (x0, y0), (x1, y1) in edges(poly):
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, (x0 - x1) / length  # outward for a counter-clockwise poly
        out.append((nx, ny, nx * x0 + ny * y0 + grow))
    return out


def separators(a: Polygon, b: Polygon) -> list[HalfPlane]:
    """Every half-plane holding convex ``a`` whose border is a side normal of either shape
    and runs halfway across the gap between them along that normal (on their common side or
    corner when they touch): ``a`` painting inside any of them never covers ``b``. Empty when
    they overlap."""
    out: list[HalfPlane] = []
    for poly, sign in ((a, 1.0), (b, -1.0)):
        for nx, ny, _ in outward_planes(poly, 0.0):
            ux, uy = sign * nx, sign * ny  # pointing from a towards b
            a_max = max(ux * x + uy * y for x, y in a)
            b_min = min(ux * x + uy * y for x, y in b)
            if b_min - a_max >= -EPS:
                out.append((ux, uy, (a_max + b_min) / 2))
    return out


def cut(poly: Polygon, plane: HalfPlane) -> Polygon:
    """The part of convex ``poly`` inside ``plane`` (Sutherland–Hodgman, one plane)."""
    nx, ny, c = plane
    out: list[Point] = []
    for p, q in edges(poly):
        dp, dq = nx * p[0] + ny * p[1] - c, nx * q[0] + ny * q[1] - c
        if dp <= EPS:
            out.append(p)
        if (dp <= EPS) != (dq <= EPS):
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return simplify(out)


def box_polygon(x: float, y: float, w: float, h: float) -> Polygon:
    """The rectangle (x, y, w, h) as a counter-clockwise polygon."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


# -- cut lines -------------------------------------------------------------------------------

def merged_segments(polys: Iterable[Polygon]) -> list[Segment]:
    """Every side of ``polys``, with overlapping or touching sides on one straight line merged
    into one segment: the cuts a knife or a cutting machine makes, each exactly once.

    Sorted by direction, then position: the same polygons give the same list.
    """
    found: list[_Side] = []
    for poly in polys:
        for p, q in edges(poly):
            if q[0] < p[0] - EPS or (abs(q[0] - p[0]) <= EPS and q[1] < p[1]):
                p, q = q, p
            found.append((math.atan2(q[1] - p[1], q[0] - p[0]), p, q))
    found.sort()
    out: list[Segment] = []
    for group in _clusters(found, lambda e: e[0], 1e-9):
        angle = group[0][0]
        ux, uy = math.cos(angle), math.sin(angle)

        def offset(e: _Side, ux: float = ux, uy: float = uy) -> float:
            return uy * e[1][0] - ux * e[1][1]  # signed distance of the side's line from 0

        for line in _clusters(sorted(group, key=offset), offset, EPS):
            out += _merge_on_line(line, ux, uy)
    return out


_Side = tuple[float, Point, Point]
"""(direction angle, start, end) of a polygon side, start left of (or below) end."""


def _clusters(items: list[_Side], key: Callable[[_Side], float], tol: float
              ) -> list[list[_Side]]:
    """Runs of consecutive ``items`` (sorted by ``key``) whose keys differ by at most ``tol``."""
    groups: list[list[_Side]] = []
    last = 0.0
    for item in items:
        k = key(item)
        if groups and k - last <= tol:
            groups[-1].append(item)
        else:
            groups.append([item])
        last = k
    return groups


def _merge_on_line(line: list[_Side], ux: float, uy: float) -> list[Segment]:
    """Union of the collinear sides in ``line`` (direction (ux, uy)) as maximal segments."""
    spans = sorted((ux * p[0] + uy * p[1], ux * q[0] + uy * q[1], p, q) for _, p, q in line)
    out: list[Segment] = []
    _, end, start_pt, end_pt = spans[0]
    for s0, s1, p, q in spans[1:]:
        if s0 > end + EPS:  # a gap: the current cut ends here
            out.append((start_pt, end_pt))
            start_pt = p
            end, end_pt = s1, q
        elif s1 > end:
            end, end_pt = s1, q
    out.append((start_pt, end_pt))
    return out


__all__ = [
    "EPS", "HalfPlane", "Point", "Polygon", "Segment", "area2", "bounds", "box_polygon",
    "clearance", "cut", "edges", "half_turned", "is_convex", "merged_segments", "mirrored",
    "moved", "outward_planes", "separators", "simplify", "span",
]
