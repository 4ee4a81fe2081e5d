"""The SVG backend: :class:`SvgCanvas` implements :class:`~spacebowl_print.render.api.Canvas` with
svgwrite, one document per page.

* The document has a physical size (``width="63mm" height="88mm"``) and a ``viewBox`` in mm,
  so one user unit is one millimetre.
* The API's origin is bottom-left with y up: all drawing goes into a group with
  ``transform="matrix(1 0 0 -1 0 H)"``; text is flipped back locally so it reads upright.
  Translations, rotations and scalings then mean exactly what they mean in the PDF backend.
* :meth:`SvgCanvas.define` writes the art once into ``<defs>`` as a ``<g id=…>`` (rather than a
  ``<symbol>``, whose viewport rules vary between renderers; a plain group in ``<defs>`` keeps the
  caller's user space everywhere); :meth:`SvgCanvas.place` adds a ``<use>``.
* Output is deterministic: ids are derived from names and counters, never random; numbers are
  written with at most 3 decimals.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import Any

import svgwrite
from svgwrite.container import Group

from spacebowl_print.core.files import write_atomic
from spacebowl_print.render.api import (
    MM_PER_PT,
    Anchor,
    Canvas,
    Face,
    Page,
    Picture,
    Style,
    UserFont,
)
from spacebowl_print.render.fonts import SVG_FONTS, coord


def num(v: float) -> str:
    """A number as short, deterministic SVG text (3 decimals, no trailing zeros, no ``-0``)."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class SvgCanvas:
    """A :class:`~spacebowl_print.render.api.Canvas` building one SVG document.

    ``view`` = (x, y, w, h) in API coordinates (mm, y up) selects the visible part of the page
    (e.g. a card's trim box, leaving its bleed outside); by default the whole page shows and the
    document is ``width`` × ``height`` mm.
    """

    def __init__(self, width: float, height: float,
                 view: tuple[float, float, float, float] | None = None) -> None:
        self.width, self.height = width, height
        vx, vy, vw, vh = view if view is not None else (0.0, 0.0, width, height)
        # API y-up box (vx, vy, vw, vh) → SVG y-down box: top edge at height - (vy + vh).
        self.doc = svgwrite.Drawing(
            size=(f"{num(vw)}mm", f"{num(vh)}mm"), profile="full", debug=False,
            viewBox=f"{num(vx)} {num(height - vy - vh)} {num(vw)} {num(vh)}",
        )
        root = self.doc.g(transform=f"matrix(1 0 0 -1 0 {num(height)})")
        self.doc.add(root)
        self._group: Group = root
        self._stack: list[Group] = []
        self._defined: set[str] = set()
        self._ids: dict[str, str] = {}
        self._clips = 0

    # -- graphics state ------------------------------------------------------------------
    def save(self) -> None:
        self._stack.append(self._group)

    def restore(self) -> None:
        # Everything opened since the matching save (transform and clip groups) is closed by
        # going back to the group that was current then.
        if self._stack:
            self._group = self._stack.pop()

    def _nest(self, **attrs: Any) -> None:
        g = self.doc.g(**attrs)
        self._group.add(g)
        self._group = g

    def translate(self, dx: float, dy: float) -> None:
        if dx or dy:
            self._nest(transform=f"translate({num(dx)} {num(dy)})")

    def rotate(self, degrees: float) -> None:
        # Inside the y-flipped root a positive SVG rotation turns +x towards +y (up), i.e.
        # counter-clockwise on paper, as the API (PDF) convention requires.
        if degrees:
            self._nest(transform=f"rotate({num(degrees)})")

    def scale(self, sx: float, sy: float) -> None:
        if sx != 1 or sy != 1:
            self._nest(transform=f"scale({num(sx)} {num(sy)})")

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._clips += 1
        cid = f"clip{self._clips}"
        # clipPathUnits defaults to userSpaceOnUse: the user space of the group using it,
        # which is the current one.
        cp = self.doc.clipPath(id=cid)
        cp.add(self.doc.rect((num(x), num(y)), (num(w), num(h))))
        self.doc.defs.add(cp)
        self._nest(clip_path=f"url(#{cid})")

    # -- shapes --------------------------------------------------------------------------
    @staticmethod
    def _paint(style: Style) -> dict[str, str]:
        a: dict[str, str] = {"fill": style.fill or "none"}
        if style.stroke is not None:
            a["stroke"] = style.stroke
            a["stroke_width"] = num(style.width)
            if style.dash:
                a["stroke_dasharray"] = " ".join(num(d) for d in style.dash)
        if style.opacity != 1.0:
            a["opacity"] = num(style.opacity)
        return a

    def rect(self, x: float, y: float, w: float, h: float, style: Style,
             radius: float = 0.0) -> None:
        if style.fill is None and style.stroke is None:
            return
        extra: dict[str, str] = {}
        if radius > 0:
            extra = {"rx": num(radius), "ry": num(radius)}
        self._group.add(self.doc.rect((num(x), num(y)), (num(w), num(h)),
                                      **extra, **self._paint(style)))

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        if style.fill is None and style.stroke is None:
            return
        self._group.add(self.doc.circle((num(cx), num(cy)), num(r), **self._paint(style)))

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        if style.stroke is None:
            return
        paint = self._paint(style.unfilled())
        del paint["fill"]
        self._group.add(self.doc.line((num(x1), num(y1)), (num(x2), num(y2)), **paint))

    def polygon(self, points: Sequence[tuple[float, float]], style: Style,
                closed: bool = True) -> None:
        if len(points) < 2:
            return
        if not closed:  # an open polyline is never filled
            style = style.unfilled()
        if style.fill is None and style.stroke is None:
            return
        # Written as a <path>: svgwrite's <polygon> formats its own points (long floats)
        # and ignores a preset "points" attribute.
        (x0, y0), *rest = points
        d = f"M{num(x0)} {num(y0)}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest)
        self._group.add(self.doc.path(d=d + ("Z" if closed else ""), **self._paint(style)))

    def path(self, ops: Sequence[tuple[object, ...]], style: Style) -> None:
        if style.fill is None and style.stroke is None:
            return
        self._group.add(self.doc.path(d=self._path_d(ops), **self._paint(style)))

    def text(self, x: float, y: float, s: str, size: float, font: Face = "regular",
             fill: str = "#000000", anchor: Anchor = "start") -> None:
        if not s:
            return
        family, weight = self._family(font)
        attrs: dict[str, str] = {
            "transform": f"translate({num(x)} {num(y)}) scale(1 -1)",
            "font_family": family,
            "font_size": num(size * MM_PER_PT),
            "fill": fill,
        }
        if weight != "normal":
            attrs["font_weight"] = weight
        if anchor != "start":
            attrs["text_anchor"] = anchor
        self._group.add(self.doc.text(s, insert=(0, 0), **attrs))

    @staticmethod
    def _family(font: Face) -> tuple[str, str]:
        """CSS font family and weight. A user font is named first with its shipped fallback
        after it: SVG viewers then fall back glyph by glyph, as the PDF does."""
        if isinstance(font, UserFont):
            family, weight = SVG_FONTS[font.fallback]
            name = font.family.replace("'", "")
            return f"'{name}', '{family}'", weight
        return SVG_FONTS[font]

    def clip_path(self, ops: Sequence[tuple[object, ...]]) -> None:
        self._clips += 1
        cid = f"clip{self._clips}"
        cp = self.doc.clipPath(id=cid)
        cp.add(self.doc.path(d=self._path_d(ops)))
        self.doc.defs.add(cp)
        self._nest(clip_path=f"url(#{cid})")

    @staticmethod
    def _path_d(ops: Sequence[tuple[object, ...]]) -> str:
        """The ``d`` attribute of a path of M, L, C and Z operations."""
        parts: list[str] = []
        for op in ops:
            kind = op[0]
            if kind not in ("M", "L", "C", "Z"):
                raise ValueError(f"unknown path operator {kind!r} (M, L, C or Z)")
            parts.append(" ".join([str(kind), *(num(coord(a)) for a in op[1:])]))
        return " ".join(parts)

    def image(self, picture: Picture, x: float, y: float, w: float, h: float) -> None:
        # imported here: only decks with pictures pay for Pillow
        from spacebowl_print.render.images import data_uri

        # The root group is flipped (y up); an <image> must be flipped back to stand upright.
        g = self.doc.g(transform=f"translate({num(x)} {num(y + h)}) scale(1 -1)")
        g.add(self.doc.image(data_uri(picture), insert=(0, 0), size=(num(w), num(h)),
                             preserveAspectRatio="none"))
        self._group.add(g)

    # -- reusable art --------------------------------------------------------------------
    def _id(self, name: str) -> str:
        if name not in self._ids:
            self._ids[name] = f"a{len(self._ids)}-{re.sub(r'[^A-Za-z0-9_-]', '_', name)[:60]}"
        return self._ids[name]

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        if name in self._defined:
            return
        self._defined.add(name)
        symbol = self.doc.g(id=self._id(name))
        self.doc.defs.add(symbol)
        group, stack = self._group, self._stack
        self._group, self._stack = symbol, []
        try:
            draw(self)
        finally:
            self._group, self._stack = group, stack

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        if name not in self._defined:
            raise KeyError(f"art {name!r} placed before it was defined")
        transform = f"translate({num(x)} {num(y)})"
        if scale != 1.0:
            transform += f" scale({num(scale)})"
        use = self.doc.use(f"#{self._id(name)}", transform=transform)
        self._group.add(use)

    def tobytes(self) -> bytes:
        """The document as UTF-8 bytes (with an XML declaration)."""
        return ('<?xml version="1.0" encoding="utf-8"?>\n' + self.doc.tostring() + "\n"
                ).encode("utf-8")


def svg_bytes(page: Page, view: tuple[float, float, float, float] | None = None) -> bytes:
    """``page`` as a standalone SVG document (see :class:`SvgCanvas` for ``view``)."""
    canvas = SvgCanvas(page.width, page.height, view)
    surface: Canvas = canvas  # mypy checks here that SvgCanvas implements the protocol
    page.draw(surface)
    return canvas.tobytes()


def write_svg(page: Page, path: str | os.PathLike[str],
              view: tuple[float, float, float, float] | None = None) -> None:
    """Write ``page`` as an SVG file at ``path``, atomically."""
    write_atomic(path, svg_bytes(page, view))
