"""Machine-readable cuts: the entries of ``cut-guide.json`` and the ``cut-lines-NN.svg`` files.

``cut-guide.json`` (mm, origin bottom-left, 0.01 mm precision)::

    {"unit": "mm", "origin": "bottom-left",
     "pages": [{"page": 3, "side": "front", "<key>": [{"id": 1, "x": …, "y": …, "w": …, "h": …},
                                                      …]}, …]}

``<key>`` is chosen by the caller (``cards``, ``tiles``). Each item gives its trim box on that page.
Items with a die-cut outline also give ``rotation`` (0 or 180: how the item is turned on the
sheet) and ``outline``, the polygon ``[[x, y], …]`` on that page — on a back page mirrored, as
the shape lies on that side of the paper.

``cut-lines-NN.svg`` is paper-sized with one red hairline path per cut. Rectangular items give
one closed path per trim box, as before; outline items give every side once, sides shared by
neighbours (and sides continuing each other on one straight line) merged into one segment, so a
cutting machine (Cricut, Silhouette…) cuts each line once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacebowl_print.publish.geometry import Segment, merged_segments
from spacebowl_print.publish.imposition import Placement, Size
from spacebowl_print.render.api import Canvas, DrawnPage, Style
from spacebowl_print.render.svg import svg_bytes

CUT = Style(stroke="#FF0000", width=0.1)


def _r(v: float) -> float | int:
    """Round to 0.01 mm; integral values as ints (``63`` rather than ``63.0``)."""
    v = round(v + 0.0, 2)
    return int(v) if v == int(v) else v


def guide_items(ids: Sequence[int], places: Sequence[Placement]) -> list[dict[str, Any]]:
    """The cut-guide entries of items ``ids`` at ``places`` on one page."""
    out: list[dict[str, Any]] = []
    for i, p in zip(ids, places, strict=True):
        x, y, w, h = p.trim
        entry: dict[str, Any] = {"id": i, "x": _r(x), "y": _r(y), "w": _r(w), "h": _r(h)}
        if p.outline is not None:
            entry["rotation"] = 180 if p.turned else 0
            entry["outline"] = [[_r(px), _r(py)] for px, py in p.outline]
        out.append(entry)
    return out


def guide_page(page: int, side: str, key: str, ids: Sequence[int],
               places: Sequence[Placement]) -> dict[str, Any]:
    """One ``pages`` entry of the cut guide."""
    return {"page": page, "side": side, key: guide_items(ids, places)}


def cut_guide(pages: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole cut guide around its ``pages`` entries."""
    return {"unit": "mm", "origin": "bottom-left", "pages": pages}


def cut_segments(places: Sequence[Placement]) -> list[Segment]:
    """Every cut of the outline items at ``places``, each once (see the module docstring)."""
    return merged_segments(p.outline for p in places if p.outline is not None)


def cut_svg(paper: Size, places: Sequence[Placement]) -> bytes:
    """A paper-sized SVG of the cuts at ``places``, for cutting machines."""
    segments = cut_segments(places)

    def paint(c: Canvas) -> None:
        for p in places:
            if p.outline is None:
                x, y, w, h = p.trim
                c.path([("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h),
                        ("Z",)], CUT)
        for (x0, y0), (x1, y1) in segments:
            c.path([("M", x0, y0), ("L", x1, y1)], CUT)

    return svg_bytes(DrawnPage(paper[0], paper[1], paint))


__all__ = ["CUT", "cut_guide", "cut_segments", "cut_svg", "guide_items", "guide_page"]
