"""The shipped DejaVu fonts and the user's own fonts: registration with reportlab, measuring and
wrapping text.

Both backends and every component measure text here, with the very fonts the PDF embeds, so a
layout that fits on screen fits on paper. Sizes are in points, widths in millimetres (the units
of :mod:`spacebowl_print.render.api`).

A user's TrueType/OpenType file (:func:`load_font_file`) is registered under a name derived from
its content (``User-<digest>``), so the same file gives the same PDF. Text in a
:class:`~spacebowl_print.render.api.UserFont` is split into runs by glyph coverage
(:func:`font_runs`): characters the font lacks are set in its shipped DejaVu fallback, measured
and drawn as such by both backends.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import re
import struct
import threading
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.resources import fonts_dir
from spacebowl_print.core.userfiles import FONT_LIMIT, read_user_bytes
from spacebowl_print.render.api import MM_PER_PT, Face, FontName, UserFont

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


class FontFileError(ValueError):
    """A font file that cannot be embedded; the message says why in one line."""


_user_fonts: dict[str, tuple[UserFont, frozenset[int]]] = {}

_NEEDED = ("head", "hhea", "maxp", "hmtx", "cmap", "name", "post", "loca", "glyf")
"""The tables the PDF engine reads (and subsets) from a TrueType font."""

_FS_RESTRICTED, _FS_NO_SUBSET, _FS_BITMAP_ONLY = 0x0002, 0x0100, 0x0200
"""``OS/2.fsType`` bits: restricted-licence embedding, no subsetting, bitmap embedding only."""


class _Complaints(logging.Handler):
    """Collects what fontTools logs while it reads a font (it reports damage it works round,
    such as cmap ranges past U+10FFFF, as warnings)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage())


def _check_cmap_ranges(raw: bytes) -> None:
    """Refuse a character map (the raw ``cmap`` table) with a format 12/13 subtable whose
    groups are not sorted, disjoint and within Unicode, before any reader expands them: a
    flipped bit made one range four billion characters long, and reportlab's reader then
    grew past 4 GB."""
    def damaged(why: str) -> FontFileError:
        return FontFileError(f"damaged font file (character map: {why})")

    if len(raw) < 4:
        raise damaged("too short")
    (count,) = struct.unpack_from(">H", raw, 2)
    for k in range(count):
        if 4 + 8 * k + 8 > len(raw):
            raise damaged("truncated directory")
        (offset,) = struct.unpack_from(">L", raw, 4 + 8 * k + 4)
        if offset + 16 > len(raw):
            continue  # fontTools reports it
        (fmt,) = struct.unpack_from(">H", raw, offset)
        if fmt not in (12, 13):
            continue
        (groups,) = struct.unpack_from(">L", raw, offset + 12)
        if offset + 16 + 12 * groups > len(raw):
            raise damaged(f"{groups} ranges do not fit in the table")
        last = -1
        for g in range(groups):
            start, end = struct.unpack_from(">LL", raw, offset + 16 + 12 * g)
            if not last < start <= end <= 0x10FFFF:
                raise damaged(f"a range U+{start:X}–U+{end:X}")
            last = end


def check_font_data(data: bytes) -> None:
    """The sanity pass every user font goes through before the PDF engine reads it: fontTools
    (a well-kept, defensive reader) decodes every table the engine uses, the character map's
    ranges are checked before anything expands them, and every glyph's header and
    components are read. Any damage fontTools reports, a missing table, PostScript (CFF)
    outlines, a font collection, or licence bits that forbid embedding a subset
    (``fsType`` restricted, no subsetting, bitmap only) raise :class:`FontFileError`."""
    if data[:4] == b"OTTO":
        raise FontFileError("OpenType with PostScript (CFF) outlines cannot be embedded by the "
                            "PDF engine; use a font with TrueType outlines")
    if data[:4] == b"ttcf":
        raise FontFileError("a font collection (.ttc); give one font file (.ttf)")
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        raise FontFileError("not a usable TrueType/OpenType font (not a font file)")
    # imported here: fontTools loads only for a user's own font
    from fontTools.ttLib import TTFont as FontToolsFont

    complaints = _Complaints()
    log = logging.getLogger("fontTools")
    log.addHandler(complaints)
    try:
        font = FontToolsFont(io.BytesIO(data), lazy=True, recalcBBoxes=False,
                             recalcTimestamp=False)
        missing = [tag for tag in _NEEDED if tag not in font]
        if missing:
            raise FontFileError(f"not a usable TrueType font (no {'/'.join(missing)} table)")
        _check_cmap_ranges(font.reader["cmap"])
        for tag in _NEEDED[:-1]:
            font[tag]  # decoding is the check
        for subtable in font["cmap"].tables:
            subtable.cmap  # noqa: B018
        glyf = font["glyf"]
        for name in font.getGlyphOrder():
            glyf[name]
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
    except FontFileError:
        raise
    except Exception as err:  # fontTools raises many types on damaged input; all mean that
        raise FontFileError(f"damaged font file ({type(err).__name__}: {err})") from None
    finally:
        log.removeHandler(complaints)
    if complaints.seen:
        raise FontFileError(f"damaged font file ({complaints.seen[0]})")
    if fs_type & _FS_RESTRICTED:
        raise FontFileError("its licence forbids embedding (fsType: restricted licence)")
    if fs_type & (_FS_NO_SUBSET | _FS_BITMAP_ONLY):
        raise FontFileError("its licence forbids embedding a subset of its outlines "
                            f"(fsType {fs_type:#06x})")


def load_font_file(path: str | os.PathLike[str], fallback: FontName = "regular") -> UserFont:
    """Register the TrueType font at ``path`` for embedding and return it.

    The file is read once, only if it is a regular file of at most
    :data:`~spacebowl_print.core.userfiles.FONT_LIMIT` bytes, and goes through
    :func:`check_font_data` before the PDF engine sees those very bytes. The registered name
    depends only on the bytes. Raises :class:`FontFileError` for a missing or unreadable
    file, a FIFO or device, a file too large, one that is not a TrueType font, a damaged one,
    PostScript-flavoured (CFF) OpenType, which the PDF engine cannot embed, or a font whose
    licence bits forbid embedding.
    """
    try:
        data = read_user_bytes(path, FONT_LIMIT)
    except InputError as err:
        raise FontFileError(err.message) from None
    digest = hashlib.sha256(data).hexdigest()
    name = f"User-{digest[:16]}"
    with _lock:
        if name not in _user_fonts:
            check_font_data(data)
            source = io.BytesIO(data)
            source.name = f"{name}.ttf"  # reportlab names the embedded file after it
            try:
                tt = TTFont(name, source)
            except TTFError as err:
                raise FontFileError(f"not a usable TrueType font ({err})") from None
            except Exception as err:  # a damaged file can fail anywhere in the parser
                raise FontFileError(f"not a usable TrueType font "
                                    f"({type(err).__name__}: {err})") from None
            pdfmetrics.registerFont(tt)
            family = tt.face.familyName
            family_s = (family.decode("latin-1") if isinstance(family, bytes)
                        else str(family or name))
            covered = frozenset(code for code, glyph in tt.face.charToGlyph.items() if glyph)
            _user_fonts[name] = (UserFont(name, family_s, "regular", str(path)), covered)
    font, _ = _user_fonts[name]
    return UserFont(font.name, font.family, fallback, font.source)


def covers(font: UserFont, ch: str) -> bool:
    """Whether ``font`` has a glyph for the character ``ch``."""
    return ord(ch) in _user_fonts[font.name][1]


@lru_cache(maxsize=4096)
def font_runs(s: str, font: Face) -> tuple[tuple[str, str], ...]:
    """``s`` as (reportlab font name, text) runs: one run in a shipped font; in a user font,
    maximal runs of characters it covers, the others in its fallback. Spaces join the run they
    are in, so a word is never split by the space before it."""
    if not isinstance(font, UserFont):
        return ((rl_font(font), s),) if s else ()
    register_fonts()
    fallback = rl_font(font.fallback)
    runs: list[tuple[str, str]] = []
    for ch in s:
        # a space stays with the run it follows
        keep = ch == " " and bool(runs)
        face = runs[-1][0] if keep else (font.name if covers(font, ch) else fallback)
        if runs and runs[-1][0] == face:
            runs[-1] = (face, runs[-1][1] + ch)
        else:
            runs.append((face, ch))
    return tuple(runs)


@lru_cache(maxsize=4096)
def text_width(s: str, size: float, font: Face = "regular") -> float:
    """Width in mm of ``s`` set in ``font`` at ``size`` points (no kerning, as both backends);
    in a user font, each character is measured in the font that will draw it."""
    if isinstance(font, UserFont):
        return sum(float(pdfmetrics.stringWidth(t, f, size)) for f, t in font_runs(s, font)
                   ) * MM_PER_PT
    return float(pdfmetrics.stringWidth(s, rl_font(font), size)) * MM_PER_PT


def fit_size(s: str, width_mm: float, size: float, font: Face = "regular",
             min_size: float = 4.0) -> float:
    """The largest size ≤ ``size`` (but ≥ ``min_size``) at which ``s`` fits in ``width_mm``."""
    w = text_width(s, size, font)
    if w <= width_mm or w == 0:
        return size
    return max(min_size, size * width_mm / w)


def _split_long_word(word: str, width_mm: float, size: float, font: Face) -> list[str]:
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


_SPACES = re.compile(r"[ \t\r\f\v]+")


def wrap(text: str, width_mm: float, size: float, font: Face = "regular") -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width_mm``.

    Explicit newlines are kept (an empty line stays an empty line); runs of spaces collapse; a
    single word wider than the line is broken between characters rather than overflowing.
    """
    lines: list[str] = []
    for para in text.split("\n"):
        # ordinary spaces only: a no-break space (U+00A0, French « … ! ») keeps words together
        words = [w for w in _SPACES.split(para) if w]
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
