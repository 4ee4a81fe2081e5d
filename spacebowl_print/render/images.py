"""Pictures the user supplies (PNG, JPEG, SVG): strict loading, fitting, and what each backend
needs to draw them.

Promises:

* :func:`load_picture` recognises a file by its *content* (not its name), decodes it fully once
  (so a truncated or corrupt file is refused up front, not half-way through a print run) and
  returns a :class:`~spacebowl_print.render.api.Picture` whose ``key`` is the SHA-256 of the
  bytes: the same art is the same picture wherever it lives.
* Every failure is a :class:`PictureError` (a ``ValueError``) with a one-line reason; callers add
  the file, line and field.
* SVG is read with svglib (a maintained SVG→reportlab converter), never with a parser of our own;
  entities are never resolved and nothing is fetched from the network.
* Drawing data is derived deterministically from the bytes: the same picture gives the same PDF
  objects and the same SVG ``data:`` URI every time.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from spacebowl_print.render.api import Picture, PictureKind

PRINT_DPI = 300.0
"""Below this many pixels per inch at print size a raster picture looks soft; we warn."""

MAX_PIXELS = 64_000_000
"""Larger rasters are refused: decoding them costs gigabytes for no visible gain."""

_MIME: dict[PictureKind, str] = {"png": "image/png", "jpeg": "image/jpeg",
                                 "svg": "image/svg+xml"}


class PictureError(ValueError):
    """A picture file that cannot be used; the message says why in one line."""


def sniff(data: bytes) -> PictureKind | None:
    """The kind of picture ``data`` holds, by its signature; None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    head = data[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"<") and b"<svg" in head:
        return "svg"
    return None


def _raster_size(data: bytes, kind: PictureKind) -> tuple[int, int]:
    """Decode a PNG/JPEG completely (catching truncation) and return its upright pixel size."""
    from PIL import Image, ImageOps

    try:
        with Image.open(io.BytesIO(data)) as im:
            if im.width * im.height > MAX_PIXELS:
                raise PictureError(f"{im.width}×{im.height} pixels is too large "
                                   f"(at most {MAX_PIXELS // 1_000_000} megapixels)")
            im.load()
            upright = ImageOps.exif_transpose(im)
            return upright.width, upright.height
    except PictureError:
        raise
    except Image.DecompressionBombError as err:
        raise PictureError(f"too large to decode safely ({err})") from None
    except (OSError, SyntaxError, ValueError) as err:
        raise PictureError(f"not a readable {kind.upper()} image ({err})") from None


def _svg_root(data: bytes) -> Any:
    """Parse SVG bytes safely (no entities, no network) and return the root element."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as err:
        raise PictureError(f"not readable SVG ({err})") from None
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg":
        raise PictureError("not an SVG document (its root element is not <svg>)")
    return root


@lru_cache(maxsize=64)
def svg_drawing(key: str, data: bytes) -> Any:
    """The reportlab Drawing svglib makes of an SVG picture (cached by its content key)."""
    from svglib.svglib import svg2rlg

    _svg_root(data)  # refuse non-SVG before svglib guesses at it
    try:
        drawing = svg2rlg(io.BytesIO(data))
    except Exception as err:  # svglib raises many types on bad input; all mean the same
        raise PictureError(f"SVG cannot be drawn ({type(err).__name__}: {err})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise PictureError("SVG has no size (give it width/height or a viewBox)")
    return drawing


def svg_has_text(data: bytes) -> bool:
    """Whether an SVG draws text (which the PDF engine would set in a non-embedded font)."""
    root = _svg_root(data)
    return any(isinstance(el.tag, str) and el.tag.rsplit("}", 1)[-1] == "text"
               for el in root.iter())


def picture_from_bytes(data: bytes, source: str = "") -> Picture:
    """A checked :class:`Picture` from file content; :class:`PictureError` if unusable."""
    if not data:
        raise PictureError("the file is empty")
    kind = sniff(data)
    if kind is None:
        raise PictureError("not a PNG, JPEG or SVG image")
    key = hashlib.sha256(data).hexdigest()
    if kind == "svg":
        drawing = svg_drawing(key, data)
        w, h = float(drawing.width), float(drawing.height)
    else:
        pw, ph = _raster_size(data, kind)
        w, h = float(pw), float(ph)
    return Picture(key, kind, data, w, h, source)


_cache: dict[tuple[str, int, int], Picture] = {}


def load_picture(path: str | os.PathLike[str]) -> Picture:
    """Read and check the picture at ``path`` (cached while the file is unchanged).

    Raises :class:`PictureError` for a missing, unreadable or unsupported file.
    """
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise PictureError("no such file") from None
    except OSError as err:
        raise PictureError(err.strerror or "cannot be read") from None
    if not p.is_file():
        raise PictureError("is not a file")
    ident = (str(p.resolve()), st.st_mtime_ns, st.st_size)
    if ident not in _cache:
        try:
            data = p.read_bytes()
        except OSError as err:
            raise PictureError(err.strerror or "cannot be read") from None
        _cache[ident] = picture_from_bytes(data, str(path))
    return _cache[ident]


# -- fitting -----------------------------------------------------------------------------------

Box = tuple[float, float, float, float]


def cover(picture: Picture, box: Box) -> Box:
    """Where to draw ``picture`` so it covers ``box`` (x, y, w, h) with its aspect kept,
    centred; the overflow is for the caller to clip."""
    x, y, w, h = box
    s = max(w / picture.width, h / picture.height)
    dw, dh = picture.width * s, picture.height * s
    return (x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)


def contain(picture: Picture, box: Box) -> Box:
    """Where to draw ``picture`` so it fits inside ``box`` with its aspect kept, centred."""
    x, y, w, h = box
    s = min(w / picture.width, h / picture.height)
    dw, dh = picture.width * s, picture.height * s
    return (x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)


def print_dpi(picture: Picture, w_mm: float, h_mm: float) -> float | None:
    """Pixels per inch of a raster ``picture`` drawn to *cover* a ``w_mm`` × ``h_mm`` box
    (the lower of its two axes); None for vector art, which has no resolution limit."""
    if not picture.raster:
        return None
    _, _, dw, dh = cover(picture, (0.0, 0.0, w_mm, h_mm))
    return min(picture.width / (dw / 25.4), picture.height / (dh / 25.4))


def crop_share(picture: Picture, w_mm: float, h_mm: float) -> float:
    """The share of ``picture`` cut away when it covers a ``w_mm`` × ``h_mm`` box (0 when the
    aspect ratios agree)."""
    _, _, dw, dh = cover(picture, (0.0, 0.0, w_mm, h_mm))
    return 1.0 - (w_mm * h_mm) / (dw * dh)


# -- what the backends need --------------------------------------------------------------------

def data_uri(picture: Picture) -> str:
    """The picture as a ``data:`` URI (for SVG output, which must stand alone)."""
    return f"data:{_MIME[picture.kind]};base64,{base64.b64encode(picture.data).decode('ascii')}"


@lru_cache(maxsize=32)
def _reader(key: str, data: bytes, kind: PictureKind) -> Any:
    from PIL import Image, ImageOps
    from reportlab.lib.utils import ImageReader

    with Image.open(io.BytesIO(data)) as im:
        exif_turn = im.getexif().get(0x0112, 1) not in (0, 1)
        if kind == "jpeg" and im.mode in ("RGB", "L") and not exif_turn:
            # reportlab copies such a JPEG's own bytes into the PDF: no recompression, smallest
            # file, exactly the pixels the user made.
            return ImageReader(io.BytesIO(data))
        im.load()
        upright = ImageOps.exif_transpose(im)
        has_alpha = upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info
        return ImageReader(upright.convert("RGBA" if has_alpha else "RGB"))


def raster_reader(picture: Picture) -> Any:
    """A reportlab ``ImageReader`` for a PNG/JPEG picture: upright (EXIF applied), RGB or RGBA
    (so PNG transparency becomes a soft mask), JPEGs passed through untouched when possible."""
    if not picture.raster:
        raise ValueError("raster_reader needs a PNG or JPEG picture")
    return _reader(picture.key, picture.data, picture.kind)


def has_alpha(picture: Picture) -> bool:
    """Whether a raster picture carries transparency."""
    return bool(getattr(raster_reader(picture), "_dataA", None))


Loader = Callable[[str | os.PathLike[str]], Picture]
