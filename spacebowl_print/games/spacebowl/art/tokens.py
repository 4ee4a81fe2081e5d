"""The token sheet: per crew colour a fold-over large Crew token (Ship side / Red Button side)
and two small Crew tokens (a pointer for cards, a disc for the scoretrack); the Destination
disc, the Black Hole disc, the Wild token, the Captain token and the 6 planet discs that stand
in for marbles. Solid cut outlines, a dotted fold line on each strip, labels under the pieces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from spacebowl_print.games.spacebowl.art.sheetframe import draw_planet, label, page_frame
from spacebowl_print.games.spacebowl.art.sky import FOOTPRINT
from spacebowl_print.games.spacebowl.model import Planet
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Canvas, DrawnPage, Page, Style
from spacebowl_print.render.colour import ink_on, tint
from spacebowl_print.render.furniture import (
    CUT,
    FOLD,
    GREY,
    INK,
    Area,
    centred_text,
    content_box,
    paper_size,
)
from spacebowl_print.render.palette import PLAYER_COLOURS, PlayerColour, fill_pattern, swatch

LARGE = 26.0
"""Side (mm) of each half of a large Crew token (the strip is 2 × LARGE long)."""
SMALL = 14.0
"""Width (mm) of a small Crew token."""
DISC_R = 11.0
"""Radius (mm) of the Destination, Black Hole and planet discs (about a marble's footprint)."""
DESTINATION = "#7B3FA0"
RED = "#D62728"
CAPTAIN_GOLD = "#E3B23C"


# ---------------------------------------------------------------- crew tokens
def _rocket(canvas: Canvas, cx: float, cy: float, h: float, fill: str) -> None:
    """A small rocket ship, nose up, ``h`` mm tall, centred on (cx, cy)."""
    w = h * 0.36
    body = [("M", cx, cy + h / 2),
            ("C", cx + w * 0.9, cy + h * 0.25, cx + w * 0.55, cy - h * 0.15,
             cx + w * 0.5, cy - h * 0.3),
            ("L", cx - w * 0.5, cy - h * 0.3),
            ("C", cx - w * 0.55, cy - h * 0.15, cx - w * 0.9, cy + h * 0.25,
             cx, cy + h / 2),
            ("Z",)]
    st = Style(fill=fill, stroke=INK, width=0.25)
    canvas.polygon([(cx + w * 0.45, cy - h * 0.05), (cx + w * 1.05, cy - h * 0.42),
                    (cx + w * 0.5, cy - h * 0.3)], st)
    canvas.polygon([(cx - w * 0.45, cy - h * 0.05), (cx - w * 1.05, cy - h * 0.42),
                    (cx - w * 0.5, cy - h * 0.3)], st)
    canvas.path(body, st)
    canvas.circle(cx, cy + h * 0.1, w * 0.28, Style(fill="#FFFFFF", stroke=INK, width=0.25))
    canvas.polygon([(cx - w * 0.3, cy - h * 0.3), (cx + w * 0.3, cy - h * 0.3),
                    (cx, cy - h * 0.5)], Style(fill="#F39C12", stroke=INK, width=0.2))


def _red_button(canvas: Canvas, cx: float, cy: float, r: float, ctx: RenderContext) -> None:
    """A big round push button seen from above: housing ring, red cap, highlight."""
    canvas.circle(cx, cy, r, Style(fill="#D0D0D0" if not ctx.ink_saver else None, stroke=INK,
                                   width=0.35))
    cap = tint(RED, 0.35) if ctx.ink_saver else RED
    canvas.circle(cx, cy, r * 0.72, Style(fill=cap, stroke=INK, width=0.35))
    canvas.circle(cx - r * 0.22, cy + r * 0.22, r * 0.18, Style(fill="#FFFFFF", opacity=0.6))


def _half(canvas: Canvas, x: float, y: float, pc: PlayerColour, side: str, ctx: RenderContext
          ) -> None:
    """One face of a large Crew token: the crew colour and pattern as a frame, a white panel
    with the Ship or the Red Button, the side's name and the colour's number."""
    swatch(canvas, x, y, LARGE, LARGE, pc, ctx.ink_saver)
    inset = 3.2
    panel = LARGE - 2 * inset
    canvas.rect(x + inset, y + inset, panel, panel,
                Style(fill="#FFFFFF", stroke=pc.colour, width=0.4), radius=1.5)
    cx = x + LARGE / 2
    icon_y = y + LARGE * 0.58
    if side == "ship":
        body = tint(pc.colour, 0.4) if ctx.ink_saver else pc.colour
        _rocket(canvas, cx, icon_y, panel * 0.55, body)
    else:
        _red_button(canvas, cx, icon_y, panel * 0.28, ctx)
    centred_text(canvas, cx, y + inset + 3.0, label(ctx.lang, side), 6.0, "bold", INK,
                 max_width=panel - 2)
    # The colour's number in a corner: who flipped to the Red Button reads at a glance.
    canvas.text(x + inset + 1.0, y + LARGE - inset - 3.0, str(pc.number), 7.0, "bold", INK,
                "start")


def draw_crew_strip(canvas: Canvas, x: float, y: float, pc: PlayerColour, ctx: RenderContext
                    ) -> None:
    """The large Crew token as a fold-over strip with lower-left corner (x, y): Ship side on
    the left, Red Button side on the right, folded on the dotted middle line and glued back to
    back (a fold about a vertical line keeps both faces upright)."""
    _half(canvas, x, y, pc, "ship", ctx)
    _half(canvas, x + LARGE, y, pc, "red_button", ctx)
    canvas.polygon([(x + LARGE, y), (x, y), (x, y + LARGE), (x + LARGE, y + LARGE)], CUT,
                   closed=False)
    canvas.polygon([(x + LARGE, y), (x + 2 * LARGE, y), (x + 2 * LARGE, y + LARGE),
                    (x + LARGE, y + LARGE)], CUT, closed=False)
    # A white underlay keeps the dotted fold visible on dark crew colours.
    canvas.line(x + LARGE, y, x + LARGE, y + LARGE, Style(stroke="#FFFFFF", width=0.7))
    canvas.line(x + LARGE, y - 2.5, x + LARGE, y + LARGE + 2.5, FOLD)


def _number_badge(canvas: Canvas, cx: float, cy: float, pc: PlayerColour) -> None:
    canvas.circle(cx, cy, 2.6, Style(fill="#FFFFFF", stroke=INK, width=0.2))
    centred_text(canvas, cx, cy, str(pc.number), 7.0, "bold", INK)


def _coloured(pc: PlayerColour, ctx: RenderContext) -> tuple[str, str]:
    return (tint(pc.colour, 0.25), pc.colour) if ctx.ink_saver else (pc.colour, ink_on(pc.colour))


def draw_pointer(canvas: Canvas, x: float, y: float, pc: PlayerColour, ctx: RenderContext) -> None:
    """The small pointer token (for designating a card): a house shape pointing down,
    SMALL wide, SMALL + 4 tall, lower-left of its bounding box at (x, y)."""
    tip = 4.5
    pts = [(x + SMALL / 2, y), (x + SMALL, y + tip), (x + SMALL, y + SMALL),
           (x, y + SMALL), (x, y + tip)]
    fill, pat = _coloured(pc, ctx)
    canvas.polygon(pts, Style(fill=fill))
    fill_pattern(canvas, x + 0.8, y + tip, SMALL - 1.6, SMALL - tip - 0.8, pc.pattern, pat,
                 width=0.4, pitch=2.2)
    _number_badge(canvas, x + SMALL / 2, y + tip + (SMALL - tip) / 2, pc)
    canvas.polygon(pts, CUT)


def draw_marker(canvas: Canvas, cx: float, cy: float, pc: PlayerColour, ctx: RenderContext) -> None:
    """The small score marker: a disc of diameter SMALL for the scoretrack."""
    r = SMALL / 2
    fill, pat = _coloured(pc, ctx)
    canvas.circle(cx, cy, r, Style(fill=fill))
    side = r * math.sqrt(2)
    fill_pattern(canvas, cx - side / 2, cy - side / 2, side, side, pc.pattern, pat, width=0.4,
                 pitch=2.2)
    _number_badge(canvas, cx, cy, pc)
    canvas.circle(cx, cy, r, CUT)


# ---------------------------------------------------------------- game tokens
def draw_destination(canvas: Canvas, cx: float, cy: float, ctx: RenderContext) -> None:
    """The Destination disc: purple with white target rings."""
    r = DISC_R
    if ctx.ink_saver:
        canvas.circle(cx, cy, r, Style(fill=tint(DESTINATION, 0.25)))
        ring = Style(stroke=DESTINATION, width=0.9)
    else:
        canvas.circle(cx, cy, r, Style(fill=DESTINATION))
        ring = Style(stroke="#FFFFFF", width=0.9)
    for k in (0.75, 0.45):
        canvas.circle(cx, cy, r * k, ring)
    canvas.circle(cx, cy, r * 0.15, Style(fill=ring.stroke))
    canvas.circle(cx, cy, r, CUT)


def draw_black_hole(canvas: Canvas, cx: float, cy: float, ctx: RenderContext) -> None:
    """The Black Hole disc: black with a grey spiral (ink-saver: grey, black spiral)."""
    r = DISC_R
    base, arm = ("#B0B0B0", INK) if ctx.ink_saver else (INK, "#8A8A8A")
    canvas.circle(cx, cy, r, Style(fill=base))
    st = Style(stroke=arm, width=0.5)
    for k in range(3):
        pts = []
        for i in range(40):
            t = i / 39
            a = math.radians(120 * k + 400 * t)
            rad = r * (0.12 + 0.78 * t)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        canvas.polygon(pts, st, closed=False)
    canvas.circle(cx, cy, r * 0.18, Style(fill=INK if ctx.ink_saver else "#000000",
                                          stroke=arm, width=0.3))
    canvas.circle(cx, cy, r, CUT)


def draw_wild(canvas: Canvas, x: float, y: float, side: float, planets: Sequence[Planet],
              ctx: RenderContext) -> None:
    """The Wild token: a square showing a star split into the deck's planet colours (it can
    stand for any one planet) and the word Wild/Joker."""
    canvas.rect(x, y, side, side, Style(fill=None if ctx.ink_saver else "#FFFFFF"), radius=2.0)
    cx, cy = x + side / 2, y + side * 0.57
    r = side * 0.33
    n = max(1, len(planets))
    for i in range(10):
        a0 = math.pi / 2 + i * math.pi / 5
        rad = r if i % 2 == 0 else r * 0.45
        a1 = math.pi / 2 + (i + 1) * math.pi / 5
        rad1 = r if (i + 1) % 2 == 0 else r * 0.45
        colour = planets[(i // 2) % n].colour if planets else "#999999"
        if ctx.ink_saver:
            colour = tint(colour, 0.4)
        canvas.polygon([(cx, cy), (cx + rad * math.cos(a0), cy + rad * math.sin(a0)),
                        (cx + rad1 * math.cos(a1), cy + rad1 * math.sin(a1))],
                       Style(fill=colour))
    pts = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rad = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    canvas.polygon(pts, Style(stroke=INK, width=0.35))
    centred_text(canvas, cx, y + side * 0.14, label(ctx.lang, "wild"), 8.0, "bold", INK,
                 max_width=side - 3)
    canvas.rect(x, y, side, side, CUT, radius=2.0)


def draw_captain(canvas: Canvas, cx: float, cy: float, r: float, ctx: RenderContext) -> None:
    """The Captain token: a disc with a captain's cap badge (star) and the word Captain."""
    gold = tint(CAPTAIN_GOLD, 0.35) if ctx.ink_saver else CAPTAIN_GOLD
    canvas.circle(cx, cy, r, Style(fill=gold))
    canvas.circle(cx, cy, r * 0.86, Style(stroke=INK, width=0.4))
    # Cap: a crown band and a peak, with a star badge.
    top = cy + r * 0.05
    canvas.path([("M", cx - r * 0.55, top), ("C", cx - r * 0.6, top + r * 0.55, cx + r * 0.6,
                                            top + r * 0.55, cx + r * 0.55, top), ("Z",)],
                Style(fill="#FFFFFF", stroke=INK, width=0.35))
    canvas.rect(cx - r * 0.55, top - r * 0.16, r * 1.1, r * 0.16, Style(fill=INK))
    canvas.path([("M", cx - r * 0.5, top - r * 0.16), ("C", cx - r * 0.2, top - r * 0.38,
                                                    cx + r * 0.2, top - r * 0.38,
                                                    cx + r * 0.5, top - r * 0.16), ("Z",)],
                Style(fill=INK))
    pts = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rad = r * 0.17 if i % 2 == 0 else r * 0.07
        pts.append((cx + rad * math.cos(a), cy + r * 0.3 + rad * math.sin(a)))
    canvas.polygon(pts, Style(fill=gold, stroke=INK, width=0.2))
    centred_text(canvas, cx, cy - r * 0.52, label(ctx.lang, "captain"), 7.5, "bold", INK,
                 max_width=r * 1.5)
    canvas.circle(cx, cy, r, CUT)


# ---------------------------------------------------------------- the sheet
def _caption(canvas: Canvas, cx: float, y: float, text: str, width: float) -> None:
    centred_text(canvas, cx, y, text, 6.5, "regular", GREY, max_width=width)


def draw_tokens(canvas: Canvas, width: float, height: float, planets: Sequence[Planet],
                ctx: RenderContext) -> None:
    """Paint the whole token sheet of ``width`` × ``height`` mm."""
    page_frame(canvas, width, height, label(ctx.lang, "tokens"), ctx,
               note=label(ctx.lang, "tokens_help"))
    room = content_box(width, height)
    y_game = _crew_tokens(canvas, room, ctx)
    canvas.text(room.x, y_game, label(ctx.lang, "tokens") + " · " + label(ctx.lang, "planets"), 10,
                "bold", INK, "start")
    # Row 1: Destination, Black Hole, Wild, Captain.
    row1 = y_game - 6.0 - 2 * DISC_R - 2.0
    slots = [room.x + room.w * f for f in (0.125, 0.375, 0.625, 0.875)]
    cy = row1 + DISC_R
    draw_destination(canvas, slots[0], cy, ctx)
    _caption(canvas, slots[0], row1 - 4.0, label(ctx.lang, "destination"), 40)
    draw_black_hole(canvas, slots[1], cy, ctx)
    _caption(canvas, slots[1], row1 - 4.0, label(ctx.lang, "black_hole"), 40)
    side = 2 * DISC_R
    draw_wild(canvas, slots[2] - side / 2, row1, side, planets, ctx)
    _caption(canvas, slots[2], row1 - 4.0, label(ctx.lang, "wild_token"), 40)
    draw_captain(canvas, slots[3], cy, DISC_R + 2.0, ctx)
    # the word on the token is the role, the caption names the piece ("Captain-Marker")
    _caption(canvas, slots[3], row1 - 4.0, label(ctx.lang, "captain_token"), 40)
    # Row 2: the planets, standing in for marbles.
    row2 = row1 - 10.0 - 2 * DISC_R
    n = max(1, len(planets))
    pitch = room.w / n
    for i, p in enumerate(planets):
        px = room.x + pitch * (i + 0.5)
        # The card art's letter tag overhangs its disc: shrink it to stay inside the cut.
        draw_planet(canvas, p, px, row2 + DISC_R, DISC_R / (FOOTPRINT + 0.04), ctx.ink_saver)
        canvas.circle(px, row2 + DISC_R, DISC_R, CUT)
        _caption(canvas, px, row2 - 4.0, f"{p.name} ({p.id})", pitch - 2)


def _crew_tokens(canvas: Canvas, room: Area, ctx: RenderContext) -> float:
    """The crew tokens, 2 colours a row, 4 rows (a colour = strip + pointer + marker), under
    their heading at the top of ``room``; returns the y where the game tokens start."""
    unit = 2 * LARGE + 4.0 + SMALL + 3.0 + SMALL
    gap_x = room.w - 2 * unit
    row_h = LARGE + 8.0
    canvas.text(room.x, room.top - 4.0, label(ctx.lang, "crew"), 10, "bold", INK, "start")
    top = room.top - 8.0
    for i, pc in enumerate(PLAYER_COLOURS):
        r, c = divmod(i, 2)
        x = room.x + c * (unit + gap_x)
        y = top - (r + 1) * row_h + 5.0
        draw_crew_strip(canvas, x, y, pc, ctx)
        _caption(canvas, x + LARGE / 2, y - 3.2, f"{pc.number} · {pc.name(ctx.lang)}", LARGE)
        px = x + 2 * LARGE + 4.0
        draw_pointer(canvas, px, y + (LARGE - SMALL) / 2, pc, ctx)
        _caption(canvas, px + SMALL / 2, y + (LARGE - SMALL) / 2 - 3.0, label(ctx.lang, "pointer"),
                 SMALL + 2)
        mx = px + SMALL + 3.0 + SMALL / 2
        draw_marker(canvas, mx, y + LARGE / 2, pc, ctx)
        _caption(canvas, mx, y + (LARGE - SMALL) / 2 - 3.0, label(ctx.lang, "score"), SMALL + 2)
    return top - 4 * row_h - 6.0


def token_pages(ctx: RenderContext, planets: Sequence[Planet]) -> list[Page]:
    """One sheet with every token of the game on ``ctx.paper`` (``"a4"`` or ``"letter"``), in
    ``ctx.lang``: 8 crew colours × (fold-over large Crew token + pointer + score marker), the
    Destination disc (purple), the Black Hole disc (black), the Wild token, the Captain token
    and one disc per planet of ``planets`` (their colours and glyphs). ``ValueError`` on an
    unknown paper (the context's language comes checked)."""
    pw, ph = paper_size(ctx.paper)
    planets = tuple(planets)

    def page(canvas: Canvas) -> None:
        draw_tokens(canvas, pw, ph, planets, ctx)

    return [DrawnPage(pw, ph, page)]
