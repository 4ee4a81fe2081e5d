"""The common back of a deck's cards: the night sky, a frame inside the safe zone, a bowl
seen from above with orbits carrying the deck's planets, the game's title and the deck's;
or, for a themed deck (format 2), the theme's ``back`` picture full bleed.
"""

from __future__ import annotations

import math

from spacebowl_print.games.spacebowl.art.cardsize import DEFAULT_BLEED_MM, DEFAULT_CTX, SAFE_MM
from spacebowl_print.games.spacebowl.art.sky import INK, SPACE
from spacebowl_print.games.spacebowl.art.themed import paint_cover
from spacebowl_print.games.spacebowl.model import Deck
from spacebowl_print.publish.items import ArtBox
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import Canvas, Face, Picture, Style
from spacebowl_print.render.colour import BLACK, WHITE
from spacebowl_print.render.fonts import fit_size


class CardBack(ArtBox):
    """The common back of every card of a deck, with bleed; defined once per document."""

    def __init__(self, deck: Deck, size_mm: tuple[float, float] = (63.0, 88.0),
                 bleed_mm: float = DEFAULT_BLEED_MM, ctx: RenderContext = DEFAULT_CTX,
                 title: str = "SPACE BOWL") -> None:
        self.deck = deck
        self.trim_w, self.trim_h = size_mm
        self.bleed = bleed_mm
        self.ctx = ctx
        self.title = title

    id = 0
    """Backs are all alike; the sheets only need an id for bookkeeping."""

    @property
    def picture(self) -> Picture | None:
        """The theme's back picture (None for the built-in back, and in ink-saver mode)."""
        return None if self.ctx.ink_saver else self.deck.theme.back_art

    @property
    def art_name(self) -> str:
        """The name the back is defined under (unique per deck, size, ink mode and theme)."""
        name = (f"back-{self.deck.name}-{self.width:g}x{self.height:g}"
                f"{'-ink' if self.ctx.ink_saver else ''}")
        if self.picture is not None:
            name += f"-img{self.picture.key[:16]}"
        elif self.deck.theme.font_face is not None:
            name += f"-{self.deck.theme.font_face.name}"
        return name


    @property
    def unit(self) -> float:
        """The back's scale: 1 on a poker card, less or more on smaller or larger cards."""
        return min(self.trim_w / 63.0, self.trim_h / 88.0)

    def _paint(self, c: Canvas) -> None:
        picture = self.picture
        if picture is not None:
            # The designer's back, full bleed; nothing of ours on it.
            paint_cover(c, picture, self.width, self.height)
            return
        line = INK if self.ctx.ink_saver else "#C9D3FF"
        self._paint_sky_and_frame(c, line)
        self._paint_motif(c, line)
        self._paint_titles(c)

    def _paint_sky_and_frame(self, c: Canvas, line: str) -> None:
        """The night sky with a soft glow in the middle (none in ink-saver mode), and a frame
        inside the safe zone, so a slightly off-centre cut still looks even."""
        W, H, unit = self.width, self.height, self.unit
        if not self.ctx.ink_saver:
            c.rect(0, 0, W, H, Style(fill=SPACE))
            for rr, op in ((34.0, 0.16), (24.0, 0.2), (15.0, 0.24)):
                c.circle(W / 2, H / 2, rr * unit, Style(fill="#3A2A6B", opacity=op))
        inset = self.bleed + SAFE_MM
        c.rect(inset, inset, W - 2 * inset, H - 2 * inset,
               Style(stroke=line, width=0.35, opacity=0.7), radius=2.5 * unit)

    def _paint_motif(self, c: Canvas, line: str) -> None:
        """The motif: a bowl seen from above, orbits tilted around it, the deck's planets on
        them."""
        cx, cy, unit, ink = self.width / 2, self.height / 2, self.unit, self.ctx.ink_saver
        for k, (rx, ry, rot) in enumerate(((25.0, 9.0, 28.0), (25.0, 9.0, -28.0),
                                          (19.0, 19.0, 0.0))):
            c.save()
            c.translate(cx, cy)
            c.rotate(rot)
            c.scale(rx * unit / 10.0, ry * unit / 10.0)
            # a circle of radius 10 scaled into an ellipse; its stroke width is compensated
            c.circle(0, 0, 10.0, Style(stroke=line, width=0.3 * 10.0 / (ry * unit),
                                       opacity=0.55 if k < 2 else 0.35))
            c.restore()
        c.circle(cx, cy, 9.0 * unit, Style(fill=WHITE if ink else "#1B2450", stroke=line,
                                           width=0.6))
        c.circle(cx, cy, 6.2 * unit, Style(stroke=line, width=0.3, dash=(0.8, 0.8)))
        for i, planet in enumerate(self.deck.planets):
            a = math.radians(90 + 60 * i)
            px, py = cx + 19.0 * unit * math.cos(a), cy + 19.0 * unit * math.sin(a)
            c.circle(px, py, 2.3 * unit, Style(fill=WHITE if ink else planet.colour,
                                               stroke=planet.colour if ink else WHITE,
                                               width=0.9 if ink else 0.3))

    def _paint_titles(self, c: Canvas) -> None:
        """The game's title across the top, the deck's title across the bottom, in the
        theme's font if it has one."""
        cx, unit = self.width / 2, self.unit
        text = BLACK if self.ctx.ink_saver else "#F4F6FF"
        room = self.trim_w - 2 * SAFE_MM - 4
        user = self.deck.theme.font_face
        bold: Face = user or "bold"
        regular: Face = user or "regular"
        size = fit_size(self.title, room, 15.0 * unit, bold)
        top = self.bleed + self.trim_h - SAFE_MM - 9.0 * unit
        c.text(cx, top, self.title, size, bold, fill=text, anchor="middle")
        sub = self.deck.title
        size2 = fit_size(sub, room, 9.0 * unit, regular)
        c.text(cx, self.bleed + SAFE_MM + 5.5 * unit, sub, size2, regular, fill=text,
               anchor="middle")

    def draw(self, canvas: Canvas) -> None:
        """Place the back (defining it on first use in this document)."""
        canvas.define(self.art_name, self.width, self.height, self._paint)
        canvas.place(self.art_name, 0, 0)


__all__ = ["CardBack"]
