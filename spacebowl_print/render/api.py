"""The one drawing API. Components draw themselves once against :class:`Canvas`; the PDF
backend (reportlab) and the SVG backend (svgwrite) each implement it.

Conventions, binding for every component and backend:

* Units are millimetres. The origin is the **bottom-left** corner of the page (or of the art
  being defined), y grows **upwards** — as in PDF. The SVG backend flips y itself.
* Colours are ``"#RRGGBB"`` strings; ``None`` means "no fill" / "no stroke".
* Text uses the fonts shipped in ``spacebowl_print/fonts`` (DejaVu), so every machine renders
  the same glyphs; :func:`text_width` measures with those same fonts.
* Repeated art (card backs, planet glyphs, frames) is defined once with :meth:`Canvas.define`
  and placed with :meth:`Canvas.place`: a reportlab form (``beginForm``/``doForm``) in PDF,
  a ``<symbol>``/``<use>`` pair in SVG.
* Pictures (PNG, JPEG, SVG art the user supplies) arrive as :class:`Picture` values — loaded and
  checked by :mod:`spacebowl_print.render.images` — and are drawn with :meth:`Canvas.image`,
  stretched to the rectangle given (callers keep the aspect ratio with
  :func:`spacebowl_print.render.images.cover` / ``contain``). Inside defined art they are embedded
  once per document.
* A user's font file arrives as a :class:`UserFont` (see :mod:`spacebowl_print.render.fonts`);
  ``text`` accepts it wherever it accepts a shipped font, and falls back to the shipped DejaVu
  glyph by glyph for characters the font lacks.
* This module knows nothing of any game: publish code may import it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

Colour = str | None
FontName = Literal["regular", "bold", "mono"]
PictureKind = Literal["png", "jpeg", "svg"]
Anchor = Literal["start", "middle", "end"]
ColourMode = Literal["rgb", "cmyk", "grey"]

MM_PER_PT = 25.4 / 72.0
PT_PER_MM = 72.0 / 25.4


@dataclass(frozen=True)
class Style:
    """How a shape is painted: fill colour, stroke colour, stroke width (mm), dash pattern (mm)."""

    fill: Colour = None
    stroke: Colour = None
    width: float = 0.25
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0

    def unfilled(self) -> Style:
        """The same stroke with no fill (a line or an open polyline is never filled)."""
        return Style(None, self.stroke, self.width, self.dash, self.opacity)


@dataclass(frozen=True)
class Picture:
    """An image file's content, checked and ready to draw (see
    :func:`spacebowl_print.render.images.load_picture`).

    ``key`` is a digest of the content: the same bytes give the same key wherever they come
    from, so art is defined (and embedded) once per document. ``width``/``height`` are the
    pixel size of a PNG or JPEG (after its EXIF orientation), or an SVG's own size in its
    units; only their ratio matters for vector art.
    """

    key: str
    kind: PictureKind
    data: bytes = field(repr=False)
    width: float
    height: float
    source: str = ""
    """Where it was read from (for messages only; never drawn)."""

    @property
    def raster(self) -> bool:
        """True for PNG and JPEG (pixels), False for SVG (vector, any size)."""
        return self.kind != "svg"

    @property
    def aspect(self) -> float:
        """width / height."""
        return self.width / self.height


@dataclass(frozen=True)
class UserFont:
    """A TrueType/OpenType file the user supplied, registered with the PDF engine under
    ``name`` (see :func:`spacebowl_print.render.fonts.load_font_file`).

    Characters the font does not cover are set in the shipped ``fallback`` font, so text never
    shows an empty box; ``family`` is the font's own family name, used by SVG output
    (``font-family: "family", DejaVu Sans``).
    """

    name: str
    family: str
    fallback: FontName = "regular"
    source: str = ""


Face = FontName | UserFont
"""Any font ``text`` accepts: a shipped one by role, or a user's font."""


class Canvas(Protocol):
    """A drawing surface in millimetres, origin bottom-left, y up (see module docstring)."""

    def save(self) -> None:
        """Push the graphics state (transform, clip)."""

    def restore(self) -> None:
        """Pop the graphics state."""

    def translate(self, dx: float, dy: float) -> None:
        """Move the origin."""

    def rotate(self, degrees: float) -> None:
        """Rotate the axes counter-clockwise by ``degrees`` (PDF convention)."""

    def scale(self, sx: float, sy: float) -> None:
        """Scale the axes (negative values mirror)."""

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        """Clip later drawing to a rectangle until the matching :meth:`restore`."""

    def clip_path(self, ops: Sequence[tuple[object, ...]]) -> None:
        """Clip later drawing to a closed path (operators as :meth:`path`; nonzero winding)
        until the matching :meth:`restore`."""

    def rect(self, x: float, y: float, w: float, h: float, style: Style,
             radius: float = 0.0) -> None:
        """A rectangle (rounded when ``radius`` > 0) with lower-left corner (x, y)."""

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        """A circle."""

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        """A straight line (only ``style.stroke``, ``width`` and ``dash`` apply)."""

    def polygon(self, points: Sequence[tuple[float, float]], style: Style,
                closed: bool = True) -> None:
        """A polygon (``closed``) or polyline through ``points``."""

    def path(self, ops: Sequence[tuple[object, ...]], style: Style) -> None:
        """A general path: ``("M", x, y)``, ``("L", x, y)``, ``("C", x1, y1, x2, y2, x, y)``,
        ``("Z",)``."""

    def text(self, x: float, y: float, s: str, size: float, font: Face = "regular",
             fill: str = "#000000", anchor: Anchor = "start") -> None:
        """Text with its baseline at ``y``; ``size`` in points; ``anchor`` aligns on ``x``.
        With a :class:`UserFont`, characters it lacks are set in its shipped fallback."""

    def image(self, picture: Picture, x: float, y: float, w: float, h: float) -> None:
        """Draw ``picture`` stretched to fill the rectangle with lower-left corner (x, y).
        Transparent pixels (PNG alpha) stay transparent."""

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        """Define reusable art once (no-op if ``name`` is already defined in this document).
        ``draw`` paints it in its own box (0, 0)–(width, height)."""

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        """Paint defined art with its lower-left corner at (x, y)."""


class Page(Protocol):
    """One page of a document: a size in mm and a way to draw itself."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    def draw(self, canvas: Canvas) -> None:
        """Paint the whole page."""


@dataclass(frozen=True)
class DrawnPage:
    """A :class:`Page` made from a size and a drawing function."""

    width: float
    height: float
    painter: Callable[[Canvas], None]

    def draw(self, canvas: Canvas) -> None:
        self.painter(canvas)


Box = tuple[float, float, float, float]
"""A page box (x, y, width, height) in mm from the page's lower-left corner."""

Painter = Callable[["Canvas"], None]
"""Draws a whole page, or a piece placed by its caller, on the canvas."""

BoxPainter = Callable[["Canvas", Box], None]
"""Draws inside the box (x, y, w, h) in mm, y up."""


@dataclass(frozen=True)
class BoxedPage:
    """A page that declares its print boxes (a print-on-demand interior page or cover): the
    ``trim`` box where the paper is cut and the ``bleed`` box the art runs to. The PDF
    backend writes them as TrimBox and BleedBox."""

    page: Page
    trim: Box
    bleed: Box

    @property
    def width(self) -> float:
        return self.page.width

    @property
    def height(self) -> float:
        return self.page.height

    def draw(self, canvas: Canvas) -> None:
        self.page.draw(canvas)


@dataclass(frozen=True)
class PdfOptions:
    """Document-level PDF settings. ``duplex`` sets ViewerPreferences ``Duplex``
    (``"DuplexFlipLongEdge"``); ``PrintScaling=None`` is always set so pages print at 100 %."""

    title: str = ""
    author: str = "spacebowl_print"
    subject: str = ""
    duplex: str | None = None
    bookmarks: tuple[tuple[int, str], ...] = ()
    """(0-based page index, title) outline entries."""
    colour: ColourMode = "rgb"
    """How colours are written: ``rgb`` (DeviceRGB, the default), ``cmyk`` (DeviceCMYK through
    the shipped press profile, black text and lines K only, rich black for large dark areas)
    or ``grey`` (DeviceGray, K only: a black-and-white interior). In ``cmyk`` and ``grey``
    nothing is transparent (see :mod:`spacebowl_print.render.inks`)."""


PAPER: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "letter": (215.9, 279.4),
    "a5": (148.0, 210.0),
    "half-letter": (139.7, 215.9),
}
"""Portrait paper sizes in mm."""
