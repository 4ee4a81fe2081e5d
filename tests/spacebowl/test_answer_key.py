"""The answer key's boxes are legible (issue 16 item 3): every text at 7 pt or more, coordinates
on every mini galaxy so a reader finds the cells an answer names, and everything inside its
box whatever the box's size — recorded by a canvas that keeps what is drawn where."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import math
import re
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.spacebowl.art.minigalaxy import HIGHLIGHT
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles
from spacebowl_print.games.spacebowl.puzzles.item import ANSWER_PT, SpaceBowlPuzzle
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style
from spacebowl_print.render.fonts import text_width

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


Matrix = tuple[float, float, float, float, float, float]  # x' = a·x + c·y + e, y' = b·x + d·y + f


@dataclasses.dataclass
class Text:
    x: float
    y: float
    s: str
    size: float
    font: str
    anchor: str

    @property
    def box(self) -> Box:
        w = text_width(self.s, self.size, self.font)  # type: ignore[arg-type]
        x0 = {"start": self.x, "middle": self.x - w / 2, "end": self.x - w}[self.anchor]
        return (x0, self.y - 0.25 * self.size * MM_PER_PT, x0 + w,
                self.y + 0.8 * self.size * MM_PER_PT)


class Recorder:
    """A :class:`Canvas` that draws nothing and keeps every text (at its printed size) and the
    extent of every shape, in page coordinates: transforms are followed and defined art is
    replayed where it is placed, so the letters inside a placed planet count too."""

    def __init__(self) -> None:
        self.texts: list[Text] = []
        self.shapes: list[Box] = []
        self.highlights: list[Box] = []
        self.art: dict[str, Callable[[Canvas], None]] = {}
        self.m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        self.stack: list[Matrix] = []

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.m
        return a * x + c * y + e, b * x + d * y + f

    def _scale(self) -> float:
        a, b, c, d, _, _ = self.m
        return float(abs(a * d - b * c) ** 0.5)

    def _shape(self, x0: float, y0: float, x1: float, y1: float, style: Style) -> Box:
        pad = (style.width or 0) / 2 if style.stroke else 0.0
        pts = [self._pt(x, y) for x in (x0 - pad, x1 + pad) for y in (y0 - pad, y1 + pad)]
        box = (min(p[0] for p in pts), min(p[1] for p in pts),
               max(p[0] for p in pts), max(p[1] for p in pts))
        self.shapes.append(box)
        return box

    def _concat(self, n: Matrix) -> None:
        a, b, c, d, e, f = self.m
        a2, b2, c2, d2, e2, f2 = n
        self.m = (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                  a * e2 + c * f2 + e, b * e2 + d * f2 + f)

    def save(self) -> None:
        self.stack.append(self.m)

    def restore(self) -> None:
        self.m = self.stack.pop()

    def translate(self, dx: float, dy: float) -> None:
        self._concat((1.0, 0.0, 0.0, 1.0, dx, dy))

    def rotate(self, degrees: float) -> None:
        t = math.radians(degrees)
        self._concat((math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0.0, 0.0))

    def scale(self, sx: float, sy: float) -> None:
        self._concat((sx, 0.0, 0.0, sy, 0.0, 0.0))

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        pass

    def clip_path(self, ops: Sequence[tuple[object, ...]]) -> None:
        pass

    def rect(self, x: float, y: float, w: float, h: float, style: Style,
             radius: float = 0.0) -> None:
        box = self._shape(x, y, x + w, y + h, style)
        if style.stroke == HIGHLIGHT and style.fill is None:
            self.highlights.append(box)

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        self._shape(cx - r, cy - r, cx + r, cy + r, style)

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        self._shape(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2), style)

    def polygon(self, points: Sequence[tuple[float, float]], style: Style,
                closed: bool = True) -> None:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self._shape(min(xs), min(ys), max(xs), max(ys), style)

    def path(self, ops: Sequence[tuple[object, ...]], style: Style) -> None:
        pts = [float(v) for op in ops for v in op[1:]]  # type: ignore[arg-type]
        self._shape(min(pts[0::2]), min(pts[1::2]), max(pts[0::2]), max(pts[1::2]), style)

    def text(self, x: float, y: float, s: str, size: float, font: str = "regular",
             fill: str = "#000000", anchor: str = "start") -> None:
        px, py = self._pt(x, y)
        self.texts.append(Text(px, py, s, size * self._scale(), font, anchor))

    def image(self, picture: object, x: float, y: float, w: float, h: float) -> None:
        self._shape(x, y, x + w, y + h, Style())

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        self.art.setdefault(name, draw)

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        self.save()
        self.translate(x, y)
        self.scale(scale, scale)
        self.art[name](self)  # type: ignore[arg-type]
        self.restore()


@functools.cache
def _puzzles() -> tuple[SpaceBowlPuzzle, ...]:
    """Eight weeks: every tier, variant, the black hole, the Wild token, 6×6 galaxies and
    the longest reasons (a doom answer with many near misses)."""
    deck = parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")
    return tuple(daily_puzzles(deck, dt.date(2027, 1, 1), 56, 1, (1, 5)))


def _draw(p: SpaceBowlPuzzle, box: tuple[float, float, float, float]) -> Recorder:
    rec = Recorder()
    p.draw_answer(rec, *box)  # type: ignore[arg-type]
    return rec


BOXES = {"a5": (54.9, 79.1), "6x9in": (56.9, 88.1), "a4": (84.3, 74.9)}
"""The answer boxes' insides (mm) of today's booklets: 2 × 2 a page on A5 and 6×9 in,
2 × 3 on A4."""


def _check_box(p: SpaceBowlPuzzle, w: float, h: float) -> Recorder:
    x, y = 10.0, 20.0
    rec = _draw(p, (x, y, w, h))
    assert rec.texts
    small = [t.s for t in rec.texts if t.size < ANSWER_PT - 1e-9]
    assert not small, small
    tol = 0.35  # strokes and glyph overhangs
    for box in rec.shapes + [t.box for t in rec.texts]:
        assert x - tol <= box[0] and box[2] <= x + w + tol, (p.id, box)
        assert y - tol <= box[1] and box[3] <= y + h + tol, (p.id, box)
    return rec


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("trim", list(BOXES))
def test_every_answer_is_7pt_and_fits_its_box(trim: str, lang: str) -> None:
    w, h = BOXES[trim]
    for p in _puzzles():
        _check_box(dataclasses.replace(p, lang=lang), w, h)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=st.integers(0, 55), lang=st.sampled_from(["en", "fr", "de"]),
       w=st.floats(48, 100), h=st.floats(66, 110))
def test_any_reasonable_box_fits_its_answer_at_7pt(k: int, lang: str, w: float,
                                                   h: float) -> None:
    _check_box(dataclasses.replace(_puzzles()[k], lang=lang), w, h)


@pytest.mark.parametrize("trim", list(BOXES))
def test_answer_galaxies_carry_coordinates_for_the_cells_they_name(trim: str) -> None:
    w, h = BOXES[trim]
    for p in _puzzles():
        rec = _check_box(p, w, h)
        g = p.galaxy
        # column letters are centred over the columns, row numbers end left of the rows (the
        # toss's space numbers, on large boxes, start at their space's corner)
        letters = {t.s: t for t in rec.texts
                   if re.fullmatch(r"[A-F]", t.s) and t.anchor == "middle"}
        numbers = {t.s: t for t in rec.texts
                   if re.fullmatch(r"[1-6]", t.s) and t.anchor == "end"}
        assert sorted(letters) == [chr(65 + c) for c in range(g.cols)], p.id
        assert sorted(numbers) == [str(r + 1) for r in range(g.rows)], p.id
        # Every ringed card lies under its column letter and beside its row number, so the
        # cell the text names ("C3") is found by its coordinates.
        assert len(rec.highlights) == len(p.solutions)
        for sol in p.solutions:
            col, row = sol.cell.name[0], sol.cell.name[1:]
            lx, ly = letters[col].x, numbers[row].y + 0.36 * ANSWER_PT * MM_PER_PT
            ringed = [b for b in rec.highlights if b[0] < lx < b[2] and b[1] < ly < b[3]]
            assert len(ringed) == 1, (p.id, sol.cell.name)
            assert numbers[row].x < ringed[0][0] and letters[col].y > ringed[0][3]
        # ...and the cells named in the reasons exist on that galaxy.
        named = {m for t in rec.texts for m in re.findall(r"\b([A-F][1-6])\b", t.s)}
        for cell in named:
            assert cell[0] in letters and cell[1:] in numbers, (p.id, cell)
