"""Colour arithmetic on ``"#RRGGBB"`` strings, shared by every game's art: luminance, the
ink that reads on a colour, tints, mixes, and the grey a colour prints as."""

from __future__ import annotations

from functools import lru_cache

WHITE, BLACK = "#FFFFFF", "#000000"


@lru_cache(maxsize=1024)
def rgb255(colour: str) -> tuple[int, int, int]:
    """``"#RRGGBB"`` → (r, g, b) in 0..255; anything else is a ``ValueError``."""
    if len(colour) != 7 or colour[0] != "#":
        raise ValueError(f"colour must look like '#RRGGBB', got {colour!r}")
    v = int(colour[1:], 16)
    return v >> 16, (v >> 8) & 0xFF, v & 0xFF


def rgb01(colour: str) -> tuple[float, float, float]:
    """``"#RRGGBB"`` → (r, g, b) floats in 0..1 (what PDF operators take)."""
    r, g, b = rgb255(colour)
    return r / 255.0, g / 255.0, b / 255.0


def hex_colour(r: float, g: float, b: float) -> str:
    """(r, g, b) in 0..255 (rounded) → ``"#RRGGBB"``."""
    return "#" + "".join(f"{max(0, min(255, round(c))):02X}" for c in (r, g, b))


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2) of ``colour``, 0 (black) to 1 (white)."""

    def lin(c: int) -> float:
        s = c / 255.0
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = rgb255(colour)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def ink_on(colour: str, dark: str = BLACK, light: str = WHITE) -> str:
    """``light`` or ``dark`` ink, whichever reads better on ``colour``."""
    return light if luminance(colour) < 0.25 else dark


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: ``amount`` 1 keeps it, 0 gives white (ink-saver fills)."""
    return hex_colour(*(255 - (255 - c) * amount for c in rgb255(colour)))


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` towards ``other``."""
    a, b = rgb255(colour), rgb255(other)
    return hex_colour(*(x + (y - x) * t for x, y in zip(a, b, strict=True)))


def grey(colour: str) -> str:
    """The neutral grey of the same luminance: what a greyscale printer or photocopier makes
    of ``colour`` (so greyscale mode can check that pieces differ by more than colour)."""
    lum = luminance(colour)
    s = lum * 12.92 if lum <= 0.0031308 else 1.055 * lum ** (1 / 2.4) - 0.055
    return hex_colour(s * 255, s * 255, s * 255)
