"""Paper dice: five cube nets (red, blue, green, yellow — the bag dice — and white, the solo
die), each with the six faces G P A C S and blank, fold lines between faces, glue tabs, and a
cut outline.

A net is a cross: four faces in a row, one above and one below the second. Of its fourteen
outer edges, seven carry glue tabs (top and bottom of faces 1, 3 and 4, and the right edge
of face 4) and seven are cut plain: each tab meets exactly one plain edge when the cube is
folded. Every face repeats the die's colour as a patterned rim and prints the colour's name,
so a greyscale print still tells the dice apart; the icons are drawn as on the pad.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacebowl_print.games.hubble.art.hexes import (
    HUES,
    INK,
    MUTED,
    PAPER,
    chip_ink,
    draw_icon,
    patterned,
    rect_ops,
)
from spacebowl_print.games.hubble.art.texts import words
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.fonts import fit_size
from spacebowl_print.render.furniture import (
    CUT,
    FOLD,
    content_box,
    glue_tab,
    page_frame,
    paper_size,
)

DICE: tuple[str, ...] = ("red", "blue", "green", "yellow", "white")
"""The five dice, in print order."""
FACES: tuple[str, ...] = ("G", "P", "A", "C", "S", ".")
"""The six faces of every die, in net order."""
FACE_MM = 20.0
"""Edge of a die (mm)."""
TAB = 0.3
"""Glue tab depth, as a share of the edge."""
MIN_PT = 6.0

# face positions in the cross, in units of the edge: (column, row), row 0 at the bottom
_CROSS = ((0, 1), (1, 1), (2, 1), (3, 1), (1, 2), (1, 0))


Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class DieNet:
    """One net, in its own box (origin bottom-left): the die's colour key, each face as
    (icon, x, y) with edge ``edge``, the folds between faces, the tab bases (each directed
    so that its tab lies to its left) and the plain cut edges."""

    die: str
    edge: float
    faces: tuple[tuple[str, float, float], ...]
    folds: tuple[Segment, ...]
    tabs: tuple[Segment, ...]
    cuts: tuple[Segment, ...]

    @property
    def width(self) -> float:
        return 4 * self.edge + TAB * self.edge

    @property
    def height(self) -> float:
        return 3 * self.edge + 2 * TAB * self.edge

    @property
    def origin(self) -> tuple[float, float]:
        """Where the cross's lower-left corner sits in the box (room for the tabs)."""
        return (0.0, TAB * self.edge)


def die_net(die: str, edge: float = FACE_MM) -> DieNet:
    """The net of die ``die`` (one of :data:`DICE`) with faces of ``edge`` mm."""
    if die not in DICE:
        raise ValueError(f"no die {die!r} (one of {', '.join(DICE)})")
    e = edge
    ox, oy = 0.0, TAB * e
    faces = tuple((icon, ox + c * e, oy + r * e) for icon, (c, r) in zip(FACES, _CROSS,
                                                                            strict=True))

    def pt(c: float, r: float) -> tuple[float, float]:
        return (ox + c * e, oy + r * e)

    folds = (
        (pt(1, 1), pt(1, 2)), (pt(2, 1), pt(2, 2)), (pt(3, 1), pt(3, 2)),  # row joints
        (pt(1, 2), pt(2, 2)), (pt(1, 1), pt(2, 1)),  # face 2 to the top and bottom faces
    )
    tabs = (
        (pt(0, 2), pt(1, 2)), (pt(1, 1), pt(0, 1)),  # face 1 top, bottom
        (pt(2, 2), pt(3, 2)), (pt(3, 1), pt(2, 1)),  # face 3
        (pt(3, 2), pt(4, 2)), (pt(4, 1), pt(3, 1)),  # face 4
        (pt(4, 2), pt(4, 1)),  # face 4 right
    )
    cuts = (
        (pt(0, 1), pt(0, 2)),  # face 1 left
        (pt(1, 2), pt(1, 3)), (pt(1, 3), pt(2, 3)), (pt(2, 3), pt(2, 2)),  # top face
        (pt(1, 1), pt(1, 0)), (pt(1, 0), pt(2, 0)), (pt(2, 0), pt(2, 1)),  # bottom face
    )
    return DieNet(die, e, faces, folds, tabs, cuts)


def draw_face(canvas: Canvas, die: str, icon: str, x: float, y: float, e: float,
              ctx: RenderContext) -> None:
    """One face: the die's patterned rim (a double line for the white die), a white centre
    with the icon (the blank face stays empty), the colour's name along the foot."""
    hue = HUES[die]
    rim = e * 0.14
    if hue.pattern == "plain":
        canvas.rect(x, y, e, e, Style(fill=PAPER))
        canvas.rect(x + rim * 0.45, y + rim * 0.45, e - rim * 0.9, e - rim * 0.9,
                    Style(stroke=MUTED, width=0.3))
    else:
        fill, line = chip_ink(hue, ctx)
        patterned(canvas, rect_ops(x, y, e, e), (x, y, e, e), hue, fill, line, 0.8)
    canvas.rect(x + rim, y + rim, e - 2 * rim, e - 2 * rim, Style(fill=PAPER, stroke=INK,
                                                                  width=0.2), radius=0.8)
    name = words(ctx.lang)[die]
    size = fit_size(name, e - 2 * rim - 1.0, 6.5, "regular", MIN_PT)
    canvas.text(x + e / 2, y + rim + 0.9, name, size, "regular", MUTED, "middle")
    if icon != ".":
        draw_icon(canvas, icon, x + e / 2, y + e / 2 + e * 0.06, e * 0.26)


def draw_net(canvas: Canvas, net: DieNet, x: float, y: float, ctx: RenderContext) -> None:
    """The net with its box's lower-left corner at (x, y): faces, folds, tabs, cuts, and the
    die's name in the free corner under the last two faces."""
    e = net.edge
    for icon, fx, fy in net.faces:
        draw_face(canvas, net.die, icon, x + fx, y + fy, e, ctx)
    for (ax, ay), (bx, by) in net.folds:
        canvas.line(x + ax, y + ay, x + bx, y + by, FOLD)
    for (ax, ay), (bx, by) in net.tabs:
        glue_tab(canvas, ((x + ax, y + ay), (x + bx, y + by)), TAB * e, ctx.lang)
    for (ax, ay), (bx, by) in net.cuts:
        canvas.line(x + ax, y + ay, x + bx, y + by, CUT)
    # the die's name in the free corner under faces 3 and 4 (two edges wide)
    wd = words(ctx.lang)
    label = wd[net.die].upper()
    size = fit_size(label, 2 * e - 2.0, 10, "bold", MIN_PT)
    canvas.text(x + 4 * e - 1.0, y + e * 0.45, label, size, "bold", INK, "end")
    sub = wd["dice"]
    canvas.text(x + 4 * e - 1.0, y + e * 0.45 - 4.0, sub,
                fit_size(sub, 2 * e - 2.0, 7, "regular", MIN_PT), "regular", MUTED, "end")


def nets_layout(paper: str, edge: float = FACE_MM) -> list[tuple[DieNet, float, float]]:
    """The five nets placed on one page of ``paper`` (two columns, three rows): each with
    the lower-left corner of its box. Raises ``ValueError`` if they do not fit."""
    pw, ph = paper_size(paper)
    room = content_box(pw, ph)
    nets = [die_net(d, edge) for d in DICE]
    w, h = nets[0].width, nets[0].height
    cols, rows = 2, 3
    gx = (room.w - cols * w) / (cols + 1)
    gy = (room.h - rows * h) / (rows + 1)
    if gx < 2 or gy < 2:
        raise ValueError(f"five {edge:g} mm dice do not fit one {paper} page")
    out = []
    for k, net in enumerate(nets):
        c, r = k % cols, k // cols
        out.append((net, room.x + gx + c * (w + gx), room.top - (r + 1) * (h + gy)))
    return out


def dice_pages(ctx: RenderContext) -> list[Page]:
    """The paper dice: one page of ``ctx.paper`` with the five nets, the page frame with
    the folding hint."""
    pw, ph = paper_size(ctx.paper)
    wd = words(ctx.lang)
    placed = nets_layout(ctx.paper)

    def paint(canvas: Canvas) -> None:
        page_frame(canvas, pw, ph, wd["dice"], ctx.lang, wd["dice_sub"], wd["dice_note"],
                   wd["brand"])
        for net, x, y in placed:
            draw_net(canvas, net, x, y, ctx)

    return [DrawnPage(pw, ph, paint)]


__all__ = ["DICE", "FACES", "FACE_MM", "TAB", "DieNet", "dice_pages", "die_net", "draw_face",
           "draw_net", "nets_layout"]
