"""A solo challenge on paper: the roll list (each roll's two quadrants by colour chip with
its pattern *and* name, the two bag-dice faces, and the white die's face or "your choice"),
a compact Fogged Lens and score strip, and the score breakdown of a finished pad.

Used by the daily booklet (one challenge a page, the par's pad in the answers) and the
classroom set (the teacher's sheet reads the rolls aloud).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spacebowl_print.games.hubble.art.hexes import (
    INK,
    MUTED,
    PAPER,
    chip,
    draw_icon,
    quadrant_hue,
)
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.games.hubble.model.challenge import Roll
from spacebowl_print.games.hubble.model.geometry import QUADRANTS
from spacebowl_print.games.hubble.model.titles import title_for
from spacebowl_print.games.hubble.rules.scoring import Score
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import MM_PER_PT, Canvas, Style
from spacebowl_print.render.fonts import text_width

MIN_PT = 6.0


def die_face(canvas: Canvas, icon: str, x: float, y: float, size: float,
             white: bool = False) -> None:
    """A die face ``size`` mm square at (x, y) showing ``icon`` (an empty face for a blank);
    the white die's face has a double outline. Defined once per icon and size, placed."""
    name = f"hubble-face-{icon}-{size:.2f}-{int(white)}"
    canvas.define(name, size, size, lambda c: _die_face(c, icon, size, white))
    canvas.place(name, x, y)


def _die_face(canvas: Canvas, icon: str, size: float, white: bool) -> None:
    """Paint :func:`die_face`'s art in its own box (0, 0)–(size, size)."""
    x = y = 0.0
    canvas.rect(x, y, size, size, Style(fill=PAPER, stroke=INK, width=0.3), radius=size * 0.18)
    if white:
        inset = size * 0.12
        canvas.rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset,
                    Style(stroke=MUTED, width=0.2), radius=size * 0.12)
    if icon != ".":
        draw_icon(canvas, icon, x + size / 2, y + size / 2, size * 0.36,
                  width=max(0.2, size * 0.045))


FACE_MAX = 5.0
"""Largest die face (mm) in a roll row of a booklet page; the teacher's sheet asks for more."""
FACE_MIN = 3.4
"""Smallest die face (mm): the icons stay readable."""


def _row_need(face: float, size: float, ctx: RenderContext) -> float:
    """The width (mm) a roll row with die faces of ``face`` mm and text at ``size`` pt needs
    when its third icon is "your choice" (the widest case)."""
    wd = words(ctx.lang)
    num_w = text_width("00", size, "bold") + 1.0
    name_w = max(text_width(wd[q], size, "regular") for q in QUADRANTS) + 1.5
    return (num_w + 1.0 + 2 * (face * 1.25 + 0.8 + name_w) + 2 * (face + 0.8)
            + text_width("+", size, "bold") + 1.6 + text_width(wd["choice"], size, "bold")
            + 1.6 + 0.5)


def row_fit(w: float, h: float, ctx: RenderContext, face_max: float = FACE_MAX
            ) -> tuple[float, float]:
    """(die face in mm, text size in pt) of a roll row ``w`` × ``h`` mm: as large as the row's
    height allows (faces up to ``face_max``, text up to 11 pt), the text shrinking first (not
    under 6 pt), then the faces (not under :data:`FACE_MIN`)."""
    face = min(h * 0.86, face_max)
    size = max(MIN_PT, min(11.0, h * 1.6))
    while size > MIN_PT and _row_need(face, size, ctx) > w:
        size = max(MIN_PT, size - 0.25)
    while face > FACE_MIN and _row_need(face, size, ctx) > w:
        face = max(FACE_MIN, face - 0.1)
    return face, size


def roll_columns(count: int, width: float, ctx: RenderContext, most: int = 4
                 ) -> tuple[int, int]:
    """(columns, rows) of a roll list of ``count`` rolls in ``width`` mm: as many columns
    (up to ``most``) as leave every row room for the smallest faces at 6 pt."""
    cols = most
    while cols > 1 and _row_need(FACE_MIN, MIN_PT, ctx) > width / cols - 1.5:
        cols -= 1
    return cols, -(-count // cols)


def roll_row(canvas: Canvas, roll: Roll, number: int, x: float, y: float, w: float,
             h: float, ctx: RenderContext, face_max: float = FACE_MAX) -> None:
    """One roll in the box (x, y, w, h): its number, two quadrant chips with names, the two
    bag-dice faces (at most ``face_max`` mm), then the white die's face or "your choice" in
    a dashed box."""
    wd = words(ctx.lang)
    face, size = row_fit(w, h, ctx, face_max)
    base = y + h / 2 - size * MM_PER_PT * 0.36
    num_w = text_width("00", size, "bold") + 1.0
    canvas.text(x + num_w - 0.5, base, str(number), size, "bold", INK, "end")
    cx = x + num_w + 1.0
    chip_w = face * 1.25
    name_w = max(text_width(wd[q], size, "regular") for q in QUADRANTS) + 1.5
    for q in roll.quadrants:
        chip(canvas, cx, y + (h - face * 0.8) / 2, chip_w, face * 0.8, quadrant_hue(q), ctx)
        canvas.text(cx + chip_w + 0.8, base, wd[QUADRANTS[q]], size, "regular", INK)
        cx += chip_w + 0.8 + name_w
    fy = y + (h - face) / 2
    for icon in roll.icons:
        die_face(canvas, icon, cx, fy, face)
        cx += face + 0.8
    canvas.text(cx + 0.4, base, "+", size, "bold", MUTED)
    cx += text_width("+", size, "bold") + 1.2
    if roll.third is not None:
        die_face(canvas, roll.third, cx, fy, face, white=True)
    else:
        label = wd["choice"]
        lw = text_width(label, size, "bold") + 1.6
        canvas.rect(cx, fy, lw, face, Style(stroke=INK, width=0.3, dash=(0.8, 0.5)),
                    radius=face * 0.18)
        canvas.text(cx + lw / 2, base, label, size, "bold", INK, "middle")


def roll_list(canvas: Canvas, rolls: Sequence[Roll], x: float, top: float, w: float,
              row_h: float, ctx: RenderContext, heading: bool = True,
              face_max: float = FACE_MAX, most: int = 4) -> float:
    """Every roll, numbered from 1, down columns (as many as fit ``w``), under a heading;
    a light band on every other row helps the eye. Returns the y under the list."""
    wd = words(ctx.lang)
    y = top
    if heading:
        canvas.text(x, y - 3.4, wd["rolls"], 8.5, "bold", INK)
        y -= 5.0
    cols, rows = roll_columns(len(rolls), w, ctx, most)
    col_w = w / cols
    for k, roll in enumerate(rolls):
        c, r = divmod(k, rows)
        rx, ry = x + c * col_w, y - (r + 1) * row_h
        if r % 2 == 0:
            canvas.rect(rx, ry, col_w - 1.5, row_h, Style(fill="#F1F1F6"))
        roll_row(canvas, roll, k + 1, rx, ry, col_w - 1.5, row_h, ctx, face_max)
    return y - rows * row_h


def roll_list_height(count: int, w: float, row_h: float, ctx: RenderContext,
                     heading: bool = True, most: int = 4) -> float:
    """The height :func:`roll_list` takes for ``count`` rolls in ``w`` mm."""
    return (5.0 if heading else 0.0) + roll_columns(count, w, ctx, most)[1] * row_h


SCORE_KEYS = ("G", "P", "A", "C", "S1", "S2")


def score_strip(canvas: Canvas, x: float, top: float, w: float, ctx: RenderContext,
                values: Mapping[str, int] | None = None, fog: int = 0) -> float:
    """One line: the Fogged Lens (three boxes, ``fog`` of them crossed), then a box per
    icon and per constellation card, then the total (``values`` fills them, keys G P A C S1
    S2 total). Returns the y under it."""
    wd = words(ctx.lang)
    h = 6.5
    y = top - h
    label = wd["fog"]
    size = 7.0
    canvas.text(x, y + h / 2 - size * MM_PER_PT * 0.36, label, size, "bold", INK)
    bx = x + text_width(label, size, "bold") + 1.5
    box = h * 0.8
    for k in range(3):
        canvas.rect(bx, y + (h - box) / 2, box, box, Style(stroke=INK, width=0.35),
                    radius=0.6)
        if k < fog:
            canvas.line(bx + 0.8, y + (h - box) / 2 + 0.8, bx + box - 0.8,
                        y + (h + box) / 2 - 0.8, Style(stroke=INK, width=0.5))
            canvas.line(bx + 0.8, y + (h + box) / 2 - 0.8, bx + box - 0.8,
                        y + (h - box) / 2 + 0.8, Style(stroke=INK, width=0.5))
        bx += box + 1.0
    bx += 3.0
    slots = [*SCORE_KEYS, "total"]
    slot_w = (x + w - bx) / len(slots)
    for key in slots:
        sx = bx
        if key == "total":
            tag = "="
            canvas.text(sx + 1.5, y + h / 2 - 8 * MM_PER_PT * 0.36, tag, 8, "bold", INK)
        elif key.startswith("S"):
            draw_icon(canvas, "S", sx + 2.3, y + h / 2, 2.0)
            canvas.text(sx + 3.9, y + 0.5, key[1], 6.0, "bold", MUTED)
        else:
            draw_icon(canvas, key, sx + 2.3, y + h / 2, 2.0)
        bw = slot_w - 6.5
        canvas.rect(sx + 5.8, y + 0.3, bw, h - 0.6, Style(stroke=INK, width=0.5 if key ==
                                                          "total" else 0.3), radius=0.6)
        if values is not None and key in values:
            canvas.text(sx + 5.8 + bw / 2, y + h / 2 - 8 * MM_PER_PT * 0.36,
                        str(values[key]), 8, "bold", INK, "middle")
        bx += slot_w
    return y


def score_values(score: Score, cards: Sequence[str]) -> dict[str, int]:
    """The strip's values for ``score``: each category, each dealt card's points (0 when not
    completed), the total."""
    got = {c.name: c.points for c in score.constellations}
    out = {"G": score.galaxy, "P": score.planet, "A": score.asteroid, "C": score.comet,
           "total": score.total}
    for k, name in enumerate(cards[:2], start=1):
        out[f"S{k}"] = got.get(name, 0)
    return out


def breakdown_lines(score: Score, cards: Sequence[str], names: Sequence[str], lang: str,
                    bound: int | None = None) -> list[str]:
    """The score in words: the par and the title it earns, "the best possible" where the
    proved ``bound`` equals it (a looser bound stays in the manifest: printed, a ceiling far
    above the par reads as noise), the categories, and each dealt card (its number,
    completed on which hexes, or not). ``names`` are the pad's cell names."""
    wd = words(lang)
    lines = [wd["par_line"].format(total=score.total, title=title_for(score.total, lang))]
    if bound is not None and bound == score.total:
        lines.append(wd["par_best"])
    lines += [
              f"{wd['G']} {score.galaxy} · {wd['P']} {score.planet} · {wd['A']} "
              f"{score.asteroid} · {wd['C']} {score.comet} · {wd['stars']} {score.stars}"]
    done = {c.name: c for c in score.constellations}
    for k, name in enumerate(cards, start=1):
        c = done.get(name)
        if c is None:
            lines.append(f"{k} · {name}: {wd['no_card']}")
        else:
            purple = f" + {', '.join(names[i] for i in c.purple)}" if c.purple else ""
            lines.append(f"{k} · {name}: {c.points} ({', '.join(names[i] for i in c.red)}"
                         f"{purple})")
    return lines


__all__ = ["FACE_MAX", "FACE_MIN", "SCORE_KEYS", "breakdown_lines", "die_face", "roll_columns",
           "roll_list", "roll_list_height", "roll_row", "row_fit", "score_strip",
           "score_values"]
