"""Counters and astronaut standees, each on its own fold-over sheet.

Counters (the spec's component table: 4 solar, 24 energy, 8 control, 6 alien, from
``model.position.TOTALS``) are laid out by kind on the left half of the sheet, their backs
mirrored on the right half: fold on the dotted line, glue, cut — every counter is printed on
both sides. Each kind has its own colour, glyph *and* die-cut shape (see ``art.tubes``), and
prints its value; solar counters show their owner.

Standees: Tom and Dave, each a strip of foot – front – (fold at the helmet) – back – foot,
the back turned 180° so that it reads upright once folded. Tom's silhouette has round
shoulders and a round helmet, Dave's cut corners and a square helmet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from spacebowl_print.games.tomtube.art.texts import words
from spacebowl_print.games.tomtube.art.tubes import (
    COUNTER_KINDS,
    INK,
    PLAYER_COLOUR,
    WHITE,
    Point,
    arc_points,
    counter_outline,
    draw_counter,
    tube_inks,
)
from spacebowl_print.games.tomtube.model.board import DAVE, PLAYERS, TOM
from spacebowl_print.games.tomtube.model.position import TOTALS, VALUES
from spacebowl_print.render.api import MM_PER_PT, Canvas, DrawnPage, Page, Style
from spacebowl_print.render.colour import tint
from spacebowl_print.render.furniture import CUT, FOLD, GREY, content_box, page_frame

RADIUS = {"solar": 10.0, "energy": 7.5, "control": 7.5, "alien": 8.5}
"""Outer radius (mm) of each kind's outline: solar Ø 20, energy Ø 15, control 12.9 mm
square, alien Ø 17 across corners."""
GAP = 3.0
"""Space between neighbouring counters (room for the bleed and the knife)."""
FOLD_GAP = 3.0
"""Nothing is printed this close to the fold, so a slightly crooked fold still works."""
FRONT_BLEED, BACK_BLEED = 0.8, 1.6


@dataclass(frozen=True)
class PlacedCounter:
    """A counter on the sheet: its kind, owner (solar counters) and centre on the front
    half; its back lies mirrored about the fold."""

    kind: str
    owner: str | None
    cx: float
    cy: float

    @property
    def r(self) -> float:
        return RADIUS[self.kind]


def counter_layout(paper: tuple[float, float]) -> tuple[list[PlacedCounter],
                                                        list[tuple[str, float, float]]]:
    """Every counter of the box on the left half of ``paper``, row by row by kind, and
    each kind's heading (kind, x, baseline y). Raises ``ValueError`` if they do not fit."""
    pw, ph = paper
    box = content_box(pw, ph)
    left, right = box.x, pw / 2 - FOLD_GAP
    y = box.top
    placed: list[PlacedCounter] = []
    heads: list[tuple[str, float, float]] = []
    for kind in COUNTER_KINDS:
        r = RADIUS[kind]
        pitch = 2 * r + GAP
        per_row = max(1, int((right - left + GAP) // pitch))
        owners: list[str | None] = ([TOM, TOM, DAVE, DAVE] if kind == "solar"
                                    else [None] * TOTALS[kind])
        heads.append((kind, left, y - 3.0))
        y -= 5.0
        for i, owner in enumerate(owners):
            row, col = divmod(i, per_row)
            placed.append(PlacedCounter(kind, owner, left + r + col * pitch,
                                        y - r - row * pitch))
        rows = math.ceil(len(owners) / per_row)
        y -= rows * pitch + 1.0
    if y < box.y:
        raise ValueError(f"the counters do not fit on {pw:g}x{ph:g} mm paper")
    return placed, heads


def counter_pages(paper: tuple[float, float], lang: str, ink_saver: bool) -> list[Page]:
    """The counter sheet (see the module docstring)."""
    w = words(lang)
    pw, ph = paper
    placed, heads = counter_layout(paper)

    def paint(c: Canvas) -> None:
        page_frame(c, pw, ph, w["counters"], lang, w["counters_sub"], w["counters_note"],
                   w["brand"])
        for kind, x, y in heads:
            text = w[f"{kind}_n"].format(n=TOTALS[kind])
            c.text(x, y, text, 7, "bold", INK)
            c.text(pw - x, y, text, 7, "regular", GREY, "end")
        for p in placed:
            value = VALUES[p.kind]
            draw_counter(c, p.kind, p.cx, p.cy, p.r, ink_saver, owner=p.owner, value=value,
                         bleed=FRONT_BLEED, outline=False)
            draw_counter(c, p.kind, pw - p.cx, p.cy, p.r, ink_saver, owner=p.owner,
                         value=value, bleed=BACK_BLEED, outline=False)
            c.polygon(counter_outline(p.kind, p.cx, p.cy, p.r), CUT)
        box = content_box(pw, ph)
        c.line(pw / 2, box.y, pw / 2, box.top, FOLD)
        for y in (box.top - 1.0, box.y + 3.0):
            c.text(pw / 2 - 1.5, y - 2.5, w["fold"], 6.5, "regular", GREY, "end")
            c.text(pw / 2 + 1.5, y - 2.5, w["glue"], 6.5, "regular", GREY, "start")

    return [DrawnPage(pw, ph, paint)]


# ---------------------------------------------------------------- standees

STANDEE_W = 40.0
K = STANDEE_W / 32.0
"""The figure is designed on a 32 × 52 unit half and drawn at this scale."""
FIGURE_H = 52.0 * K
FOOT_H = 18.0
SHOULDER = 10.0 * K
"""Tom's rounded shoulders have this radius; Dave's cut corners this leg."""


def _silhouette(player: str, x: float, y: float, w: float = STANDEE_W, h: float = FIGURE_H,
                s: float = SHOULDER) -> list[Point]:
    """The front half's cut outline, from its lower-left corner (x, y) counter-clockwise,
    without the foot: the bottom edge is the fold to the foot, the top middle the hinge."""
    if player == TOM:
        right = arc_points(x + w - s, y + h - s, s, 0.0, 90.0, 10.0)
        left = arc_points(x + s, y + h - s, s, 90.0, 180.0, 10.0)
        return [(x, y), (x + w, y), *right, *left]
    return [(x, y), (x + w, y), (x + w, y + h - s), (x + w - s, y + h), (x + s, y + h),
            (x, y + h - s)]


def standee_outline(player: str, x: float, y: float) -> list[Point]:
    """The whole standee's cut line as one closed polygon, lower-left foot corner at
    (x, y): foot, front, the back (the front turned 180° about the hinge), the other foot."""
    w = STANDEE_W
    front = _silhouette(player, x, y + FOOT_H)
    hinge_y = y + FOOT_H + FIGURE_H
    cx = x + w / 2
    back = [(2 * cx - px, 2 * hinge_y - py) for px, py in front]
    top = 2 * hinge_y - y
    # Up the right side: foot, the front's side and shoulder to the hinge, then the back's
    # shoulder and side; down the left side the same way back.
    front_right = [p for p in front[1:] if p[0] >= cx - 1e-9]
    front_left = [p for p in front[2:] if p[0] < cx - 1e-9]
    back_right = [p for p in back[2:] if p[0] > cx + 1e-9]
    back_left = [p for p in back[1:] if p[0] <= cx + 1e-9]
    return [(x, y), (x + w, y), *front_right, *back_right, (x + w, top), (x, top),
            *back_left, *front_left]


def _figure(c: Canvas, player: str, x: float, y: float, ink_saver: bool, back: bool) -> None:
    """The astronaut in the front half whose lower-left corner is (x, y), upright; ``back``
    draws them from behind (a backpack, no visor, no name)."""
    colour = PLAYER_COLOUR[player]
    suit = tint(colour, 0.45) if ink_saver else colour
    line = Style(stroke=INK, width=0.3)
    c.save()
    c.translate(x, y)
    c.scale(K, K)
    w, cx = 32.0, 16.0
    sil = _silhouette(player, 0.0, 0.0, w, 52.0, 10.0)
    c.clip_path([("M", *sil[0]), *(("L", px, py) for px, py in sil[1:]), ("Z",)])
    c.rect(0.0, 0.0, w, 52.0, Style(fill=tint(colour, 0.15 if not ink_saver else 0.06)))
    body = Style(fill=suit, stroke=INK, width=0.3)
    c.rect(cx - 8.0, 1.5, 6.6, 14.0, body, 1.6)  # legs
    c.rect(cx + 1.4, 1.5, 6.6, 14.0, body, 1.6)
    c.rect(cx - 14.5, 14.5, 5.0, 15.0, body, 2.2)  # arms
    c.rect(cx + 9.5, 14.5, 5.0, 15.0, body, 2.2)
    c.rect(cx - 10.5, 12.0, 21.0, 20.0, body, 3.5)  # torso
    _suit_pattern(c, player, cx, tube_inks(player, ink_saver)[2])
    if back:
        c.rect(cx - 7.5, 14.0, 15.0, 15.0, Style(fill="#D0D4DC", stroke=INK, width=0.3), 2.0)
        c.line(cx - 4.0, 24.0, cx + 4.0, 24.0, line)
        c.line(cx - 4.0, 20.0, cx + 4.0, 20.0, line)
    else:
        c.rect(cx - 9.0, 19.0, 18.0, 6.0, Style(fill=WHITE, stroke=INK, width=0.25), 1.0)
        c.text(cx, 20.4, words("en")[player].upper(), 8.5 / K, "bold", INK, "middle")
    _helmet(c, player, cx, suit, ink_saver, back)
    c.restore()


def _suit_pattern(c: Canvas, player: str, cx: float, pattern: str) -> None:
    """The player's tube pattern on the suit's torso: their colour survives a greyscale
    copy."""
    c.save()
    c.clip_rect(cx - 10.0, 12.5, 20.0, 19.0)
    if player == TOM:
        for i in range(5):
            for j in range(5):
                c.circle(cx - 8.0 + i * 4.0, 14.5 + j * 4.0, 0.65, Style(fill=pattern))
    else:
        for i in range(7):
            c.line(cx - 10.0, 14.0 + i * 2.8, cx + 10.0, 14.0 + i * 2.8,
                   Style(stroke=pattern, width=0.55))
    c.restore()


def _helmet(c: Canvas, player: str, cx: float, suit: str, ink_saver: bool,
            back: bool) -> None:
    """The helmet, round for Tom, square for Dave; its visor from the front, the suit's
    collar from behind."""
    hy = 40.5
    helmet = Style(fill=WHITE, stroke=INK, width=0.45)
    if player == TOM:
        c.circle(cx, hy, 9.0, helmet)
    else:
        c.rect(cx - 8.6, hy - 8.6, 17.2, 17.2, helmet, 2.5)
    visor = Style(fill="#2E3B55" if not ink_saver else "#D6DCE6", stroke=INK, width=0.3)
    if back:
        c.rect(cx - 5.0, hy - 7.0, 10.0, 2.2, Style(fill=suit, stroke=INK, width=0.2), 0.8)
    elif player == TOM:
        c.circle(cx, hy - 0.5, 6.0, visor)
        c.circle(cx - 2.3, hy + 1.6, 1.1, Style(fill="#FFFFFF", opacity=0.8))
    else:
        c.rect(cx - 6.0, hy - 5.0, 12.0, 9.0, visor, 1.5)
        c.rect(cx - 4.2, hy + 1.2, 2.4, 1.6, Style(fill="#FFFFFF", opacity=0.8))


def _foot(c: Canvas, player: str, x: float, y: float, ink_saver: bool) -> None:
    """A foot (base tab) with the astronaut's initial and shape."""
    colour = PLAYER_COLOUR[player]
    c.rect(x, y, STANDEE_W, FOOT_H, Style(fill=tint(colour, 0.3 if not ink_saver else 0.1)))
    cx, cy = x + STANDEE_W / 2, y + FOOT_H / 2
    if player == TOM:
        c.circle(cx, cy, 4.0, Style(fill=WHITE, stroke=INK, width=0.3))
    else:
        c.rect(cx - 3.6, cy - 3.6, 7.2, 7.2, Style(fill=WHITE, stroke=INK, width=0.3))
    c.text(cx, cy - 8 * MM_PER_PT * 0.36, "T" if player == TOM else "D", 8, "bold", INK,
           "middle")


def draw_standee(c: Canvas, player: str, x: float, y: float, ink_saver: bool) -> None:
    """One standee with its lower-left corner at (x, y) (see :func:`standee_outline`): the
    art, the cut line, and dotted folds at both feet and at the helmet's hinge."""
    w = STANDEE_W
    hinge = y + FOOT_H + FIGURE_H
    _foot(c, player, x, y, ink_saver)
    _figure(c, player, x, y + FOOT_H, ink_saver, back=False)
    # The back half and its foot: the front turned 180° about the middle of the hinge, so
    # that both read upright once the strip is folded there.
    c.save()
    c.translate(x + w / 2, hinge)
    c.rotate(180.0)
    _figure(c, player, -w / 2, -FIGURE_H, ink_saver, back=True)
    _foot(c, player, -w / 2, -FIGURE_H - FOOT_H, ink_saver)
    c.restore()
    c.polygon(standee_outline(player, x, y), CUT)
    for fy in (y + FOOT_H, hinge + FIGURE_H):
        c.line(x, fy, x + w, fy, FOLD)
    c.line(x + SHOULDER, hinge, x + w - SHOULDER, hinge, FOLD)


STANDEE_GAP = 25.0


def standee_spots(paper: tuple[float, float]) -> list[tuple[str, float, float]]:
    """(player, x, y) of each standee's lower-left corner on :func:`standee_pages`: side by
    side, centred in the content area."""
    pw, ph = paper
    box = content_box(pw, ph)
    total_h = 2 * (FOOT_H + FIGURE_H)
    x0 = pw / 2 - STANDEE_W - STANDEE_GAP / 2
    y0 = box.y + (box.h - total_h) / 2
    return [(p, x0 + k * (STANDEE_W + STANDEE_GAP), y0) for k, p in enumerate(PLAYERS)]


def standee_pages(paper: tuple[float, float], lang: str, ink_saver: bool) -> list[Page]:
    """The astronauts sheet: Tom's and Dave's standees side by side, names underneath."""
    w = words(lang)
    pw, ph = paper

    def paint(c: Canvas) -> None:
        page_frame(c, pw, ph, w["astronauts"], lang, w["astronauts_sub"],
                   w["astronauts_note"], w["brand"])
        for player, x, y in standee_spots(paper):
            draw_standee(c, player, x, y, ink_saver)
            c.text(x + STANDEE_W / 2, y - 5.0, w[player], 9, "bold", INK, "middle")

    return [DrawnPage(pw, ph, paint)]


__all__ = ["RADIUS", "PlacedCounter", "counter_layout", "counter_pages", "draw_standee",
           "standee_outline", "standee_pages", "standee_spots"]
