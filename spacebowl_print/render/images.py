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
  entities are never resolved and nothing is fetched from the network or the disk. Every raster
  it embeds counts against :data:`MAX_PIXELS` like a picture file, and its size must be sane.
* Only a regular file below :data:`~spacebowl_print.core.userfiles.PICTURE_LIMIT` bytes is read.
* Drawing data is derived deterministically from the bytes: the same picture gives the same PDF
  objects and the same SVG ``data:`` URI every time.
"""

from __future__ import annotations

import base64
import hashlib
import io
import math
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.userfiles import PICTURE_LIMIT, read_user_bytes
from spacebowl_print.render.api import Box, Picture, PictureKind

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
    # imported here: Pillow loads only for a deck with pictures
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
    # imported here: lxml loads only for a deck with SVG pictures
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as err:
        raise PictureError(f"not readable SVG ({err})") from None
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg":
        raise PictureError("not an SVG document (its root element is not <svg>)")
    return root


MAX_SVG_ELEMENTS = 100_000
"""More elements than this in an SVG picture are refused: each becomes a drawing object in
memory (a card's art has a few hundred)."""

SVG_SIZE = (0.01, 100_000.0)
"""An SVG picture's width and height (user units, nominally pixels) must lie in this range,
and neither may be more than :data:`SVG_ASPECT` times the other: a picture 1e30 wide (or
a hair thin) cannot be fitted to a card."""

SVG_ASPECT = 1000.0

_DATA_IMAGE = re.compile(r"^data:image/(jpe?g|png);base64")
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def _embedded_pixels(root: Any) -> int:
    """The pixels of every raster an SVG embeds (``<image href="data:image/png;base64,…">``,
    the only kind the SVG reader loads), each checked like a picture file of its own; a
    damaged one is a :class:`PictureError`."""
    # imported here: Pillow loads only for a deck with pictures
    from PIL import Image

    total = 0
    for count, el in enumerate(root.iter()):
        if count >= MAX_SVG_ELEMENTS:
            raise PictureError(f"SVG has more than {MAX_SVG_ELEMENTS:,} elements")
        if not isinstance(el.tag, str) or el.tag.rsplit("}", 1)[-1] != "image":
            continue
        href = el.get(_XLINK_HREF) or el.get("href") or ""
        m = _DATA_IMAGE.match(href)
        if not m:
            continue
        try:
            raw = base64.decodebytes(href[m.end() + 1:].encode("ascii"))
            with Image.open(io.BytesIO(raw)) as im:
                total += im.width * im.height
        except (ValueError, OSError, SyntaxError, Image.DecompressionBombError) as err:
            raise PictureError(f"SVG embeds a picture that cannot be read ({err})") from None
        if total > MAX_PIXELS:
            raise PictureError(f"SVG embeds pictures of more than "
                               f"{MAX_PIXELS // 1_000_000} megapixels in all")
    return total


@lru_cache(maxsize=64)
def svg_drawing(key: str, data: bytes) -> Any:
    """The reportlab Drawing svglib makes of an SVG picture (cached by its content key).

    Before svglib sees it, the SVG must parse as SVG (no entities, no network), hold at most
    :data:`MAX_SVG_ELEMENTS` elements, and embed rasters of at most :data:`MAX_PIXELS` in all;
    afterwards its size must be sane (:data:`SVG_SIZE`, :data:`SVG_ASPECT`)."""
    # imported here: svglib loads only for a deck with SVG pictures
    from svglib.svglib import svg2rlg

    _embedded_pixels(_svg_root(data))  # refuse non-SVG before svglib guesses at it
    try:
        drawing = svg2rlg(io.BytesIO(data))
    except Exception as err:  # svglib raises many types on bad input; all mean the same
        raise PictureError(f"SVG cannot be drawn ({type(err).__name__}: {err})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise PictureError("SVG has no size (give it width/height or a viewBox)")
    w, h = float(drawing.width), float(drawing.height)
    lo, hi = SVG_SIZE
    if not (math.isfinite(w) and math.isfinite(h) and lo <= w <= hi and lo <= h <= hi):
        raise PictureError(f"SVG size {w:g}×{h:g} is not sane (each side {lo:g} to {hi:g})")
    if max(w / h, h / w) > SVG_ASPECT:
        raise PictureError(f"SVG is {w:g}×{h:g}: one side more than {SVG_ASPECT:g} times "
                           "the other")
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
    """Read and check the picture at ``path`` (cached while the file is unchanged): a regular
    file of at most :data:`~spacebowl_print.core.userfiles.PICTURE_LIMIT` bytes.

    Raises :class:`PictureError` for a missing, unreadable, oversized or unsupported file, a
    FIFO or a device.
    """
    p = Path(path)
    try:
        st = p.stat()
        ident = (str(p.resolve()), st.st_mtime_ns, st.st_size)
    except FileNotFoundError:
        raise PictureError("no such file") from None
    except ValueError:
        raise PictureError("the path holds a NUL byte") from None
    except OSError as err:
        raise PictureError(err.strerror or "cannot be read") from None
    if ident not in _cache:
        try:
            data = read_user_bytes(p, PICTURE_LIMIT)
        except InputError as err:
            raise PictureError(err.message) from None
        _cache[ident] = picture_from_bytes(data, str(path))
    return _cache[ident]


# -- fitting -----------------------------------------------------------------------------------



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


READER_PIXELS = 128_000_000
"""Decoded pictures kept for reuse (a theme's background is drawn on every card) hold at most
this many pixels in all (about 512 MB); the least recently drawn go first."""

_readers: OrderedDict[str, tuple[Any, int]] = OrderedDict()
_readers_lock = threading.Lock()


def _reader(key: str, data: bytes, kind: PictureKind) -> Any:
    with _readers_lock:
        if key in _readers:
            _readers.move_to_end(key)
            return _readers[key][0]
    reader, pixels = _decode(data, kind)
    with _readers_lock:
        _readers[key] = (reader, pixels)
        while len(_readers) > 1 and sum(p for _, p in _readers.values()) > READER_PIXELS:
            _readers.popitem(last=False)
    return reader


def _decode(data: bytes, kind: PictureKind) -> tuple[Any, int]:
    """A reportlab ``ImageReader`` of a PNG/JPEG and the pixels it holds decoded."""
    # imported here: Pillow loads only for a deck with pictures
    from PIL import Image, ImageOps
    from reportlab.lib.utils import ImageReader

    with Image.open(io.BytesIO(data)) as im:
        exif_turn = im.getexif().get(0x0112, 1) not in (0, 1)
        if kind == "jpeg" and im.mode in ("RGB", "L") and not exif_turn:
            # reportlab copies such a JPEG's own bytes into the PDF: no recompression, smallest
            # file, exactly the pixels the user made.
            return ImageReader(io.BytesIO(data)), 0
        im.load()
        upright = ImageOps.exif_transpose(im)
        has_alpha = upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info
        return (ImageReader(upright.convert("RGBA" if has_alpha else "RGB")),
                upright.width * upright.height)


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
