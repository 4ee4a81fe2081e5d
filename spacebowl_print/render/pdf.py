"""The PDF backend: :class:`PdfCanvas` implements :class:`~spacebowl_print.render.api.Canvas` on a
reportlab canvas, and :func:`write_pdf` turns a sequence of pages into one PDF file.

Promises of every PDF written here:

* byte-identical output for identical input (reportlab ``invariant=1``; form names are numbered
  in definition order, never random);
* the creation date is ``SOURCE_DATE_EPOCH`` when set, else 2000-01-01 UTC
  (:mod:`spacebowl_print.core.reproducible`; a malformed value is an ``InputError``);
* the DejaVu fonts embedded as TrueType subsets (so the file prints the same everywhere);
* ``ViewerPreferences`` ``/PrintScaling /None`` (print at 100 %), and ``/Duplex`` when asked;
* art given to :meth:`PdfCanvas.define` becomes one form XObject per document, however many
  times it is placed;
* the file appears atomically (rendered in memory, then written through
  :func:`spacebowl_print.core.files.write_atomic`).

Coordinates arrive in millimetres and are converted to points here; the page CTM is left in
points so that tools reading the PDF back (pdfplumber, cutters) see plain PDF units.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Sequence

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas as RlCanvas
from reportlab.pdfgen.pathobject import PDFPathObject

from spacebowl_print.core.files import write_atomic
from spacebowl_print.core.reproducible import source_date_epoch
from spacebowl_print.render.api import (
    PT_PER_MM,
    Anchor,
    Box,
    BoxedPage,
    Canvas,
    ColourMode,
    Face,
    Page,
    PdfOptions,
    Picture,
    Style,
    UserFont,
)
from spacebowl_print.render.colour import rgb01
from spacebowl_print.render.fonts import coord, font_runs, rl_font, text_width
from spacebowl_print.render.inks import (
    RICH_AREA_MM2,
    cmyk,
    flatten,
    grey_level,
    image_for_press,
)

_PT = PT_PER_MM

# Compressed streams are written as raw binary rather than ASCII85 text: a quarter smaller,
# and without reportlab's C accelerator the pure-Python ASCII85 encoder costs a third of the
# rendering time. Every PDF reader handles binary streams.
rl_config.useA85 = 0


_rgb = rgb01


# The paint state we last emitted: fill, stroke, line width (pt), dash, fill alpha, stroke alpha.
# ``None`` in a slot means "unknown" (start of a page or of a form, whose state is inherited
# from wherever the form is placed), so the next shape sets it explicitly.
_State = list[object]
_UNKNOWN: tuple[object, ...] = (None, None, None, None, None, None)


class PdfCanvas:
    """A :class:`~spacebowl_print.render.api.Canvas` drawing on a reportlab canvas.

    One instance serves a whole document: defined art is remembered across pages. ``mode``
    says how colours are written (:data:`~spacebowl_print.render.api.ColourMode`): ``rgb``
    as given; ``cmyk`` and ``grey`` as :mod:`~spacebowl_print.render.inks` makes them, opaque.
    """

    def __init__(self, rl: RlCanvas, mode: ColourMode = "rgb") -> None:
        self._c = rl
        self._mode = mode
        self._forms: dict[str, tuple[str, float, float]] = {}
        self._state: _State = list(_UNKNOWN)
        self._stack: list[_State] = []

    # -- graphics state ------------------------------------------------------------------
    def reset_state(self) -> None:
        """Forget the emitted paint state (a new page starts from unknown)."""
        self._state = list(_UNKNOWN)
        self._stack.clear()

    def save(self) -> None:
        self._c.saveState()
        self._stack.append(list(self._state))

    def restore(self) -> None:
        self._c.restoreState()
        self._state = self._stack.pop() if self._stack else list(_UNKNOWN)

    def translate(self, dx: float, dy: float) -> None:
        if dx or dy:
            self._c.translate(dx * _PT, dy * _PT)

    def rotate(self, degrees: float) -> None:
        if degrees:
            self._c.rotate(degrees)

    def scale(self, sx: float, sy: float) -> None:
        if sx != 1 or sy != 1:
            self._c.scale(sx, sy)

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        p = self._c.beginPath()
        p.rect(x * _PT, y * _PT, w * _PT, h * _PT)
        self._c.clipPath(p, stroke=0, fill=0)

    def _apply(self, style: Style, area: float = 0.0) -> tuple[int, int]:
        """Emit only the paint settings that differ from the current state; return the
        (stroke, fill) flags for the drawing call. ``area`` (mm²) is the shape's size, which
        decides rich black in CMYK."""
        st, c = self._state, self._c
        fill, stroke = style.fill, style.stroke
        if self._mode != "rgb":
            return self._apply_press(style, area)
        if fill is not None:
            if st[0] != fill:
                c.setFillColorRGB(*_rgb(fill))
                st[0] = fill
            if st[4] != style.opacity:
                c.setFillAlpha(style.opacity)
                st[4] = style.opacity
        if stroke is not None:
            if st[1] != stroke:
                c.setStrokeColorRGB(*_rgb(stroke))
                st[1] = stroke
            self._line(style)
            if st[5] != style.opacity:
                c.setStrokeAlpha(style.opacity)
                st[5] = style.opacity
        return (0 if stroke is None else 1), (0 if fill is None else 1)

    def _line(self, style: Style) -> None:
        st, c = self._state, self._c
        if st[2] != style.width:
            c.setLineWidth(style.width * _PT)
            st[2] = style.width
        dash = style.dash or ()
        if st[3] != dash:
            c.setDash([d * _PT for d in dash] if dash else [])
            st[3] = dash

    def _apply_press(self, style: Style, area: float) -> tuple[int, int]:
        """:meth:`_apply` for ``cmyk`` and ``grey``: translucent colours flattened onto white,
        no opacity ever set (PDF/X-1a allows no transparency)."""
        st, c = self._state, self._c
        large = area >= RICH_AREA_MM2
        if style.fill is not None:
            fill = flatten(style.fill, style.opacity)
            key = (fill, large)
            if st[0] != key:
                if self._mode == "grey":
                    c.setFillGray(grey_level(fill))
                else:
                    c.setFillColorCMYK(*cmyk(fill, large))
                st[0] = key
        if style.stroke is not None:
            stroke = flatten(style.stroke, style.opacity)
            if st[1] != stroke:
                if self._mode == "grey":
                    c.setStrokeGray(grey_level(stroke))
                else:
                    c.setStrokeColorCMYK(*cmyk(stroke))
                st[1] = stroke
            self._line(style)
        return (0 if style.stroke is None else 1), (0 if style.fill is None else 1)

    # -- shapes --------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, style: Style,
             radius: float = 0.0) -> None:
        stroke, fill = self._apply(style, abs(w * h))
        if not (stroke or fill):
            return
        if radius > 0:
            self._c.roundRect(x * _PT, y * _PT, w * _PT, h * _PT, radius * _PT,
                              stroke=stroke, fill=fill)
        else:
            self._c.rect(x * _PT, y * _PT, w * _PT, h * _PT, stroke=stroke, fill=fill)

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        stroke, fill = self._apply(style, 3.14159 * r * r)
        if stroke or fill:
            self._c.circle(cx * _PT, cy * _PT, r * _PT, stroke=stroke, fill=fill)

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        if style.stroke is None:
            return
        self._apply(style.unfilled())
        self._c.line(x1 * _PT, y1 * _PT, x2 * _PT, y2 * _PT)

    def polygon(self, points: Sequence[tuple[float, float]], style: Style,
                closed: bool = True) -> None:
        if len(points) < 2:
            return
        if not closed:  # an open polyline is never filled
            style = style.unfilled()
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        stroke, fill = self._apply(style, (max(xs) - min(xs)) * (max(ys) - min(ys)))
        if not (stroke or fill):
            return
        p = self._c.beginPath()
        (x0, y0), *rest = points
        p.moveTo(x0 * _PT, y0 * _PT)
        for x, y in rest:
            p.lineTo(x * _PT, y * _PT)
        if closed:
            p.close()
        self._c.drawPath(p, stroke=stroke, fill=fill)

    def path(self, ops: Sequence[tuple[object, ...]], style: Style) -> None:
        stroke, fill = self._apply(style)
        if not (stroke or fill):
            return
        self._c.drawPath(self._path(ops), stroke=stroke, fill=fill)

    def _path(self, ops: Sequence[tuple[object, ...]]) -> PDFPathObject:
        """A reportlab path of M, L, C and Z operations (mm to points)."""
        p = self._c.beginPath()
        for op in ops:
            kind, args = op[0], [coord(a) * _PT for a in op[1:]]
            if kind == "M":
                p.moveTo(*args)
            elif kind == "L":
                p.lineTo(*args)
            elif kind == "C":
                p.curveTo(*args)
            elif kind == "Z":
                p.close()
            else:
                raise ValueError(f"unknown path operator {kind!r} (M, L, C or Z)")
        return p

    def text(self, x: float, y: float, s: str, size: float, font: Face = "regular",
             fill: str = "#000000", anchor: Anchor = "start") -> None:
        if not s:
            return
        if isinstance(font, UserFont):
            self._text_runs(x, y, s, size, font, fill, anchor)
            return
        self._apply(Style(fill=fill))
        c = self._c
        c.setFont(rl_font(font), size)
        if anchor == "middle":
            c.drawCentredString(x * _PT, y * _PT, s)
        elif anchor == "end":
            c.drawRightString(x * _PT, y * _PT, s)
        else:
            c.drawString(x * _PT, y * _PT, s)

    def _text_runs(self, x: float, y: float, s: str, size: float, font: UserFont, fill: str,
                   anchor: Anchor) -> None:
        """Text in a user font: each run of covered characters in that font, the others in its
        shipped fallback, laid end to end (the same widths :func:`text_width` measures)."""
        self._apply(Style(fill=fill))
        if anchor != "start":
            w = text_width(s, size, font)
            x -= w / 2 if anchor == "middle" else w
        c = self._c
        for rl_name, run in font_runs(s, font):
            c.setFont(rl_name, size)
            c.drawString(x * _PT, y * _PT, run)
            x += float(c.stringWidth(run, rl_name, size)) / _PT

    def clip_path(self, ops: Sequence[tuple[object, ...]]) -> None:
        self._c.clipPath(self._path(ops), stroke=0, fill=0)

    def image(self, picture: Picture, x: float, y: float, w: float, h: float) -> None:
        # Imported here: only decks with pictures pay for PIL and svglib.
        from spacebowl_print.render.images import raster_reader, svg_drawing

        c = self._c
        if picture.raster and self._mode != "rgb":
            # imported here: Pillow converts a picture only for a CMYK or grey file
            from PIL import Image
            from reportlab.lib.utils import ImageReader

            with Image.open(io.BytesIO(picture.data)) as raw:
                press = image_for_press(raw, self._mode)
            c.drawImage(ImageReader(press), x * _PT, y * _PT, w * _PT, h * _PT)
            return
        if picture.raster:
            # reportlab stores an image XObject once per document (keyed by its pixels), so a
            # picture drawn on every card is embedded once.
            c.drawImage(raster_reader(picture), x * _PT, y * _PT, w * _PT, h * _PT,
                        mask="auto")
            return
        # imported here: only an SVG picture is drawn with reportlab's graphics
        from reportlab.graphics import renderPDF

        drawing = svg_drawing(picture.key, picture.data)
        # reportlab's renderer starts every drawing by selecting its default font (Helvetica,
        # which would then be listed, unembedded, in the file): start it on ours instead.
        drawing.initialFontName = rl_font("regular")
        c.saveState()
        c.translate(x * _PT, y * _PT)
        c.scale(w * _PT / drawing.width, h * _PT / drawing.height)
        renderPDF.draw(drawing, c, 0, 0)
        c.restoreState()

    # -- reusable art --------------------------------------------------------------------
    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        if name in self._forms:
            return
        # PDF names must be plain; the running number keeps sanitised names unique and the
        # output deterministic (definition order is the drawing order).
        form = f"F{len(self._forms)}_{re.sub(r'[^A-Za-z0-9_.-]', '_', name)[:60]}"
        self._forms[name] = (form, width, height)
        saved, saved_stack = self._state, self._stack
        self._state, self._stack = list(_UNKNOWN), []
        self._c.beginForm(form, 0, 0, width * _PT, height * _PT)
        try:
            draw(self)
        finally:
            self._c.endForm()
            self._state, self._stack = saved, saved_stack
        self._fix_form_resources(form)

    def _fix_form_resources(self, form: str) -> None:
        """Give a form the ExtGState (opacity) resources its stream uses.

        reportlab records them on the form object but its ``PDFFormXObject.format`` only copies
        fonts and XObjects into the form's resource dictionary, so a translucent shape inside a
        form would name an ExtGState that viewers cannot find. We build the dictionary here.
        """
        obj = self._c._doc.idToObject[xObjectName(form)]
        if getattr(obj, "ExtGState", None) and not obj.Resources:
            res = PDFResourceDictionary()
            res.basicFonts()
            res.basicProcs()
            if obj.XObjects:
                res.XObject = obj.XObjects
            res.ExtGState = obj.ExtGState
            obj.Resources = res

    def is_defined(self, name: str) -> bool:
        """Whether ``name`` has been defined in this document."""
        return name in self._forms

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        try:
            form = self._forms[name][0]
        except KeyError:
            raise KeyError(f"art {name!r} placed before it was defined") from None
        c = self._c
        c.saveState()
        if self._mode == "rgb":
            # reportlab assumes a form starts fully opaque and skips emitting opacity 1 inside
            # it, so make that true here (a no-op unless something translucent was drawn just
            # before). Press modes never set opacity.
            c.setFillAlpha(1.0)
            c.setStrokeAlpha(1.0)
        c.translate(x * _PT, y * _PT)
        if scale != 1.0:
            c.scale(scale, scale)
        c.doForm(form)
        c.restoreState()


def _pt_box(box: Box) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return (x * _PT, y * _PT, (x + w) * _PT, (y + h) * _PT)


def _set_boxes(rl: RlCanvas, page: Page) -> None:
    """TrimBox and BleedBox of a :class:`BoxedPage` (reportlab keeps boxes for the following
    pages, so every other page clears them)."""
    if isinstance(page, BoxedPage):
        rl.setTrimBox(_pt_box(page.trim))
        rl.setBleedBox(_pt_box(page.bleed))
    else:
        rl.setTrimBox(None)
        rl.setBleedBox(None)


def pdf_bytes(pages: Sequence[Page], options: PdfOptions | None = None) -> bytes:
    """Render ``pages`` (each with its own size) to PDF bytes; see the module docstring for
    what every such PDF promises. An empty ``pages`` is a :class:`ValueError`."""
    if not pages:
        raise ValueError("a PDF needs at least one page")
    # reportlab's invariant mode dates the file from SOURCE_DATE_EPOCH itself (2000-01-01
    # when unset), with int() on whatever it finds: checked first, so that it only ever
    # sees a value the specification allows, and a bad one is one line, not a traceback.
    source_date_epoch()
    options = options or PdfOptions()
    buf = io.BytesIO()
    first = pages[0]
    # initialFontName: reportlab's page preamble otherwise selects Helvetica, which would
    # appear in the file as a non-embedded font.
    rl = RlCanvas(buf, pagesize=(first.width * _PT, first.height * _PT), invariant=1,
                  pageCompression=1, initialFontName=rl_font("regular"), initialFontSize=10)
    rl.setTitle(options.title)
    rl.setAuthor(options.author)
    rl.setSubject(options.subject)
    rl.setCreator("spacebowl_print")
    rl.setViewerPreference("PrintScaling", "None")
    if options.duplex:
        rl.setViewerPreference("Duplex", options.duplex)
    marks: dict[int, list[str]] = {}
    for index, title in options.bookmarks:
        if not 0 <= index < len(pages):
            raise ValueError(f"bookmark {title!r} points at page {index}, "
                             f"the document has {len(pages)}")
        marks.setdefault(index, []).append(title)
    canvas = PdfCanvas(rl, options.colour)
    surface: Canvas = canvas  # mypy checks here that PdfCanvas implements the protocol
    for i, page in enumerate(pages):
        rl.setPageSize((page.width * _PT, page.height * _PT))
        _set_boxes(rl, page)
        canvas.reset_state()
        for k, title in enumerate(marks.get(i, ())):
            key = f"p{i}_{k}"
            rl.bookmarkPage(key)
            rl.addOutlineEntry(title, key, level=0)
        page.draw(surface)
        rl.showPage()
    if marks:
        rl.showOutline()
    rl.save()
    return buf.getvalue()


def write_pdf(pages: Sequence[Page], path: str | os.PathLike[str],
              options: PdfOptions | None = None) -> None:
    """Write ``pages`` as one PDF at ``path``, atomically (see :func:`pdf_bytes`)."""
    write_atomic(path, pdf_bytes(pages, options))
