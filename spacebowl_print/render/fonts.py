"""The shipped DejaVu fonts: registration with reportlab, measuring and wrapping text.

Both backends and every component measure text here, with the very fonts the PDF embeds, so a
layout that fits on screen fits on paper. Sizes are in points, widths in millimetres (the units
of :mod:`spacebowl_print.render.api`).
"""

from __future__ import annotations

import threading
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from spacebowl_print.core.resources import fonts_dir
from spacebowl_print.render.api import MM_PER_PT, FontName

FONT_FILES: dict[FontName, tuple[str, str]] = {
    "regular": ("DejaVuSans", "DejaVuSans.ttf"),
    "bold": ("DejaVuSans-Bold", "DejaVuSans-Bold.ttf"),
    "mono": ("DejaVuSansMono", "DejaVuSansMono.ttf"),
}
"""API font name → (reportlab font name, file in :func:`fonts_dir`)."""

SVG_FONTS: dict[FontName, tuple[str, str]] = {
    "regular": ("DejaVu Sans", "normal"),
    "bold": ("DejaVu Sans", "bold"),
    "mono": ("DejaVu Sans Mono", "normal"),
}
"""API font name → (CSS ``font-family``, ``font-weight``) for SVG."""

_lock = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register the three shipped fonts with reportlab (idempotent, thread-safe)."""
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        for rl_name, filename in FONT_FILES.values():
            path = fonts_dir() / filename
            if not path.is_file():  # a broken install, not bad user input
                raise FileNotFoundError(f"shipped font missing: {path} (reinstall the package)")
            pdfmetrics.registerFont(TTFont(rl_name, str(path)))
        _registered = True


def rl_font(font: FontName) -> str:
    """The reportlab name of API font ``font`` (registering the fonts on first use)."""
    register_fonts()
    try:
        return FONT_FILES[font][0]
    except KeyError:
        raise ValueError(f"unknown font {font!r} (one of {', '.join(FONT_FILES)})") from None


@lru_cache(maxsize=4096)
def text_width(s: str, size: float, font: FontName = "regular") -> float:
    """Width in mm of ``s`` set in ``font`` at ``size`` points (no kerning, as both backends)."""
    return float(pdfmetrics.stringWidth(s, rl_font(font), size)) * MM_PER_PT


def fit_size(s: str, width_mm: float, size: float, font: FontName = "regular",
             min_size: float = 4.0) -> float:
    """The largest size ≤ ``size`` (but ≥ ``min_size``) at which ``s`` fits in ``width_mm``."""
    w = text_width(s, size, font)
    if w <= width_mm or w == 0:
        return size
    return max(min_size, size * width_mm / w)


def _split_long_word(word: str, width_mm: float, size: float, font: FontName) -> list[str]:
    """Break a word wider than the line into chunks that fit (at least one character each)."""
    parts: list[str] = []
    cur = ""
    for ch in word:
        if cur and text_width(cur + ch, size, font) > width_mm:
            parts.append(cur)
            cur = ch
        else:
            cur += ch
    if cur:
        parts.append(cur)
    return parts


def wrap(text: str, width_mm: float, size: float, font: FontName = "regular") -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width_mm``.

    Explicit newlines are kept (an empty line stays an empty line); runs of spaces collapse; a
    single word wider than the line is broken between characters rather than overflowing.
    """
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = ""
        for word in words:
            candidate = f"{cur} {word}" if cur else word
            if text_width(candidate, size, font) <= width_mm:
                cur = candidate
                continue
            if cur:
                lines.append(cur)
            if text_width(word, size, font) <= width_mm:
                cur = word
            else:
                *full, cur = _split_long_word(word, width_mm, size, font)
                lines.extend(full)
        lines.append(cur)
    return lines


def coord(value: object) -> float:
    """A path coordinate as a float (path operations are loosely typed tuples);
    :class:`TypeError` for anything that is not a real number."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    raise TypeError(f"path coordinates must be numbers, got {value!r}")


def line_height(size: float, leading: float = 1.2) -> float:
    """Baseline-to-baseline distance in mm for ``size`` points."""
    return size * leading * MM_PER_PT
