"""Card sizes: the named sizes and ``--card-size``, the art box every card face is drawn in
(trim plus bleed), and how large a planet is drawn on a card of a given size.

Geometry of a card object: ``width`` × ``height`` include the bleed on every side; the trim box
is ``(bleed, bleed, w, h)`` and the safe zone is the trim box inset by :data:`SAFE_MM`.
"""

from __future__ import annotations

import re

from spacebowl_print.games.spacebowl.model import InputError
from spacebowl_print.publish.kinds import RenderContext

SAFE_MM = 3.0
"""The safe zone: nothing that matters is drawn closer than this to the trim line."""

DEFAULT_BLEED_MM = 3.0

DEFAULT_CTX = RenderContext()
"""How a card item is drawn unless told otherwise: full colour (cards print no words, so the
language does not matter)."""

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "2.5x3.5in": (63.5, 88.9),
}
"""Named card sizes (trim, portrait, mm)."""

MIN_CARD_MM, MAX_CARD_MM = 30.0, 180.0

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|in|cm)?\s*$", re.I)
_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4}


def parse_card_size(text: str) -> tuple[float, float]:
    """``--card-size``: a name of :data:`CARD_SIZES` or ``WxH`` with unit ``mm`` (default),
    ``cm`` or ``in`` (``63x88``, ``63.5x88.9mm``, ``2.5x3.5in``). Returns (width, height) in mm.

    Raises :class:`InputError` for anything else, or for sides outside 30–180 mm.
    """
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    m = _SIZE.match(key)
    if not m:
        raise InputError(f"card size must be one of {', '.join(CARD_SIZES)} or WxHmm "
                         f"(like 63x88mm), got {text!r}", "--card-size")
    unit = _UNIT[(m.group(3) or "mm").lower()]
    w, h = float(m.group(1)) * unit, float(m.group(2)) * unit
    for side in (w, h):
        if not MIN_CARD_MM <= side <= MAX_CARD_MM:
            raise InputError(f"card sides must be between {MIN_CARD_MM:g} and "
                             f"{MAX_CARD_MM:g} mm, got {w:g}x{h:g} mm", "--card-size")
    return (round(w, 3), round(h, 3))


def planet_radius(n: int, w: float, h: float) -> float:
    """The planet radius (mm) for a card of trim ``w``×``h`` showing ``n`` planets."""
    base = {0: 12.0, 1: 12.0, 2: 11.0, 3: 10.0, 4: 9.2, 5: 8.2, 6: 7.5}.get(n, 7.0)
    return base * min(w / 63.0, h / 88.0)


__all__ = [
    "CARD_SIZES", "DEFAULT_BLEED_MM", "DEFAULT_CTX", "MAX_CARD_MM", "MIN_CARD_MM", "SAFE_MM",
    "parse_card_size", "planet_radius",
]
