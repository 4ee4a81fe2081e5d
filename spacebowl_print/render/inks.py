"""Colours for a press: ``"#RRGGBB"`` as the CMYK or grey a printing press is given.

* **CMYK** through the shipped output profile (ISO Coated v2 300 %, FOGRA39; see
  ``pressdata/ISOcoated_v2_300_bas.txt``) with littleCMS (Pillow's ImageCms), from sRGB,
  relative colorimetric intent; each colour converted once per process.
* **Black**: a near-black neutral (every channel at most :data:`DARK`, spread at most 8) is
  printed with black ink alone (0/0/0/100) — text and thin lines stay sharp however the
  plates register — except on a large area (at least :data:`RICH_AREA_MM2`), where it is the
  rich black :data:`RICH_BLACK` (60/40/40/100, 240 % ink, within every service's limit).
* **Grey**: the luminance of the colour (:func:`~spacebowl_print.render.colour.grey`) as a
  grey level, 0 black to 1 white: the K-only plate of a black-and-white interior.
* **No transparency**: a translucent colour is printed as the solid colour it makes on white
  paper (:func:`flatten`), the way a flattener would over a white page.

Values are rounded to 1/1000 so that output is the same on every machine.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageCms

from spacebowl_print.core.resources import press_data_dir
from spacebowl_print.render.colour import grey, luminance, mix, rgb255

PROFILE_FILE = "ISOcoated_v2_300_bas.icc"
OUTPUT_CONDITION = "FOGRA39"
"""The ICC registry's name of the printing condition the profile characterises."""
OUTPUT_CONDITION_INFO = "ISO Coated v2 300% (basICColor): offset on coated paper, ISO 12647-2"
DARK = 40
RICH_AREA_MM2 = 645.16
"""One square inch: below it, a black area is black ink alone."""
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)
K_ONLY = (0.0, 0.0, 0.0, 1.0)


def profile_bytes() -> bytes:
    """The shipped CMYK output profile (for the PDF/X output intent)."""
    return (press_data_dir() / PROFILE_FILE).read_bytes()


@cache
def _transform() -> ImageCms.ImageCmsTransform:
    cmyk = ImageCms.ImageCmsProfile(str(press_data_dir() / PROFILE_FILE))
    srgb = ImageCms.createProfile("sRGB")
    return ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def is_black(colour: str) -> bool:
    """A near-black neutral: what the reader sees as black."""
    r, g, b = rgb255(colour)
    return max(r, g, b) <= DARK and max(r, g, b) - min(r, g, b) <= 8


@cache
def cmyk(colour: str, large: bool = False) -> tuple[float, float, float, float]:
    """``colour`` as C, M, Y, K from 0 to 1 (see the module docstring; ``large`` for an area
    of at least :data:`RICH_AREA_MM2`)."""
    if is_black(colour):
        return RICH_BLACK if large else K_ONLY
    pixel = Image.new("RGB", (1, 1), rgb255(colour))
    c, m, y, k = ImageCms.applyTransform(pixel, _transform()).getpixel((0, 0))  # type: ignore[union-attr,misc]
    return tuple(round(v / 255, 3) for v in (c, m, y, k))  # type: ignore[return-value]


def grey_level(colour: str) -> float:
    """``colour`` as a grey level from 0 (black) to 1 (white)."""
    return round(rgb255(grey(colour))[0] / 255, 3)


def flatten(colour: str, opacity: float) -> str:
    """The solid colour ``colour`` at ``opacity`` makes over white paper."""
    return colour if opacity >= 1 else mix("#FFFFFF", colour, max(0.0, opacity))


def image_for_press(image: Image.Image, mode: str) -> Image.Image:
    """A picture as the press gets it: flattened onto white (no alpha), then converted to
    CMYK through the profile or to grey ("L")."""
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    rgb = image.convert("RGB")
    if mode == "grey":
        return rgb.convert("L")
    return ImageCms.applyTransform(rgb, _transform())  # type: ignore[return-value]


__all__ = ["OUTPUT_CONDITION", "OUTPUT_CONDITION_INFO", "PROFILE_FILE", "RICH_AREA_MM2",
           "RICH_BLACK", "cmyk", "flatten", "grey_level", "image_for_press", "is_black",
           "luminance", "profile_bytes"]
