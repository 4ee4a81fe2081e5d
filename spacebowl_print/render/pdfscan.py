"""What a PDF prints, read back for preflight by two libraries that read PDFs (never by our
own writer): pdfium (pypdfium2) for where everything lands on each page — text with its
printed size, paths with their printed line width, images with their resolution — and
pikepdf (qpdf) for what the file declares — colour spaces in every content stream and image,
fonts and whether they are embedded, transparency, the PDF/X output intent and page boxes.

All coordinates are PDF points on the page (origin bottom-left), form XObjects resolved: an
object inside reused art is reported where it is placed.
"""

from __future__ import annotations

import ctypes
import io
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.paths import shown_path
from spacebowl_print.core.userfiles import MB, read_user_bytes

PDF_LIMIT = 650 * MB
"""The largest PDF preflight reads: KDP's upload limit (a book interior of ours is under
5 MB)."""

Rect = tuple[float, float, float, float]
"""(x0, y0, x1, y1) in points, x0 <= x1, y0 <= y1."""
ObjKind = Literal["text", "path", "image", "shading"]


@dataclass(frozen=True)
class PageObject:
    """One thing a page prints: its ``kind``, its box on the page, a short ``label`` naming it
    (the text itself, "path", "image 800x600 px"), and the figures preflight checks: the
    printed text size (pt), the printed line width of a stroked path (pt), the image's
    resolution (pixels per inch, the lower axis), and whether it paints only white."""

    kind: ObjKind
    box: Rect
    label: str
    text_pt: float | None = None
    line_pt: float | None = None
    ppi: float | None = None
    white: bool = False
    bars: bool = False
    """A dark filled shape at least 8 times as tall as wide, not stroked (a barcode's bar)."""


@dataclass
class PageScan:
    """One page: its boxes (points) and everything it prints."""

    number: int
    media: Rect
    trim: Rect
    bleed: Rect
    has_trimbox: bool
    objects: list[PageObject] = field(default_factory=list)


def _mul(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """The PDF matrix a × b (a applied first), matrices as (a, b, c, d, e, f)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _apply(m: tuple[float, ...], box: Rect) -> Rect:
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        xs.append(m[0] * x + m[2] * y + m[4])
        ys.append(m[1] * x + m[3] * y + m[5])
    return (min(xs), min(ys), max(xs), max(ys))


def _scale(m: tuple[float, ...]) -> float:
    """How much ``m`` scales lengths (the square root of its area factor)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _box(page: Any, name: str) -> Rect | None:
    try:
        box = getattr(page, f"get_{name}")(fallback_ok=False)
    except Exception:  # pdfium raises when the box is absent
        return None
    return tuple(float(v) for v in box) if box else None  # type: ignore[return-value]


def _colour(getter: Any, obj: Any) -> tuple[int, int, int, int]:
    r, g, b, a = (ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint())
    getter(obj, ctypes.byref(r), ctypes.byref(g), ctypes.byref(b), ctypes.byref(a))
    return r.value, g.value, b.value, a.value


def _path(obj: Any, chain: tuple[float, ...]) -> PageObject | None:
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill_mode), ctypes.byref(stroke))
    if not fill_mode.value and not stroke.value:
        return None  # a clipping path or an invisible one: prints nothing
    m = _mul(tuple(obj.get_matrix().get()), chain)
    box = _apply(chain, tuple(obj.get_bounds()))  # bounds include the object's own matrix
    line = None
    white = True
    if stroke.value:
        width = ctypes.c_float()
        pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
        line = width.value * _scale(m)
        white = _colour(pdfium_c.FPDFPageObj_GetStrokeColor, obj.raw)[:3] == (255, 255, 255)
    fill = _colour(pdfium_c.FPDFPageObj_GetFillColor, obj.raw)
    if fill_mode.value:
        white = white and fill[:3] == (255, 255, 255)
    w, h = box[2] - box[0], box[3] - box[1]
    # dark, not only (0, 0, 0): pdfium reports a CMYK black (0 0 0 1 k) as a dark grey
    bars = bool(fill_mode.value and not stroke.value and max(fill[:3]) < 80 and h >= 8 * w)
    return PageObject("path", box, "drawing", line_pt=line, white=white, bars=bars)


def _image(obj: Any, chain: tuple[float, ...]) -> PageObject:
    box = _apply(chain, tuple(obj.get_bounds()))
    pw, ph = obj.get_px_size()
    w_in, h_in = (box[2] - box[0]) / 72, (box[3] - box[1]) / 72
    ppi = min(pw / w_in if w_in > 0 else math.inf, ph / h_in if h_in > 0 else math.inf)
    return PageObject("image", box, f"image {pw}x{ph} px", ppi=ppi)


def _texts(page: Any, objs: dict[int, str]) -> Iterator[PageObject]:
    """Every run of characters of one text object (in page space, forms resolved by pdfium's
    text page), with its printed size."""
    text = page.get_textpage()
    try:
        runs: dict[int, list[Any]] = {}
        matrix = pdfium_c.FS_MATRIX()
        for i in range(text.count_chars()):
            ch = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
            if not ch.strip():
                continue
            handle = pdfium_c.FPDFText_GetTextObject(text.raw, i)
            key = ctypes.cast(handle, ctypes.c_void_p).value or 0
            left, right, bottom, top = (ctypes.c_double() for _ in range(4))
            pdfium_c.FPDFText_GetCharBox(text.raw, i, ctypes.byref(left), ctypes.byref(right),
                                         ctypes.byref(bottom), ctypes.byref(top))
            pdfium_c.FPDFText_GetMatrix(text.raw, i, ctypes.byref(matrix))
            size = pdfium_c.FPDFText_GetFontSize(text.raw, i) * math.hypot(matrix.c, matrix.d)
            runs.setdefault(key, []).append((ch, (left.value, bottom.value, right.value,
                                                  top.value), size))
        for chars in runs.values():
            boxes = [b for _, b, _ in chars]
            box = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                   max(b[2] for b in boxes), max(b[3] for b in boxes))
            label = "".join(c for c, _, _ in chars)
            yield PageObject("text", box, f"text '{label[:24]}'",
                             text_pt=min(s for _, _, s in chars))
    finally:
        text.close()


def scan_pages(doc: pdfium.PdfDocument) -> list[PageScan]:
    """Every page of ``doc``: boxes and printed objects (see :class:`PageObject`)."""
    out: list[PageScan] = []
    for k in range(len(doc)):
        page = doc[k]
        media = tuple(float(v) for v in page.get_mediabox())
        trim = _box(page, "trimbox")
        bleed = _box(page, "bleedbox")
        scan = PageScan(k + 1, media, trim or media, bleed or media, trim is not None)  # type: ignore[arg-type]
        chains: list[tuple[float, ...]] = [IDENTITY]
        for obj in page.get_objects(max_depth=15):
            del chains[obj.level + 1:]
            chain = chains[obj.level]
            if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
                chains.append(_mul(tuple(obj.get_matrix().get()), chain))
            elif obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
                found = _path(obj, chain)
                if found is not None:
                    scan.objects.append(found)
            elif obj.type == pdfium_c.FPDF_PAGEOBJ_IMAGE:
                scan.objects.append(_image(obj, chain))
            elif obj.type == pdfium_c.FPDF_PAGEOBJ_SHADING:
                scan.objects.append(PageObject("shading", _apply(chain, tuple(obj.get_bounds())),
                                               "shading"))
        scan.objects.extend(_texts(page, {}))
        page.close()
        out.append(scan)
    return out


# -- what the file declares (pikepdf) --------------------------------------------------------

@dataclass(frozen=True)
class Declared:
    """One thing the file declares that preflight judges, with where it is: ``page`` (1-based;
    0 for the document) and ``where`` (a form's name, an image's, a font's)."""

    page: int
    where: str
    what: str


@dataclass
class FileScan:
    """The colour spaces used (``gray``, ``rgb``, ``cmyk``, ``other``) with the first place each
    is used; fonts not embedded; transparency; the PDF/X declarations."""

    spaces: dict[str, Declared] = field(default_factory=dict)
    unembedded: list[Declared] = field(default_factory=list)
    transparency: list[Declared] = field(default_factory=list)
    pdfx_version: str = ""
    output_intent: str = ""
    output_profile_n: int = 0
    trapped: str = ""
    encrypted: bool = False


_OPS = {"rg": "rgb", "RG": "rgb", "k": "cmyk", "K": "cmyk", "g": "gray", "G": "gray"}
_DEVICE = {"/DeviceRGB": "rgb", "/DeviceCMYK": "cmyk", "/DeviceGray": "gray",
           "/CalRGB": "rgb", "/CalGray": "gray", "/Pattern": "other"}


def _space_of(cs: Any, resources: Any) -> str:
    """The family of a colour space object or name: gray, rgb, cmyk or other."""
    if isinstance(cs, pikepdf.Name):
        name = str(cs)
        if name in _DEVICE:
            return _DEVICE[name]
        named = resources.get("/ColorSpace", {}) if resources is not None else {}
        return _space_of(named[name], None) if name in named else "other"
    if isinstance(cs, pikepdf.Array) and len(cs) > 0:
        family = str(cs[0])
        if family == "/ICCBased":
            n = int(cs[1].get("/N", 0))
            return {1: "gray", 3: "rgb", 4: "cmyk"}.get(n, "other")
        if family == "/Indexed":
            return _space_of(cs[1], resources)
        if family in ("/Separation", "/DeviceN"):
            return "other"
        return _DEVICE.get(family, "other")
    return "other"


def _note(scan: FileScan, space: str, page: int, where: str, what: str) -> None:
    scan.spaces.setdefault(space, Declared(page, where, what))


def _scan_resources(scan: FileScan, resources: Any, page: int, where: str,
                    seen: set[tuple[int, int]]) -> None:
    if resources is None:
        return
    for name, gs in resources.get("/ExtGState", {}).items():
        ca = [float(gs.get(k, 1)) for k in ("/CA", "/ca")]
        smask = gs.get("/SMask")
        blend = str(gs.get("/BM", "/Normal"))
        if min(ca) < 1 or (smask is not None and str(smask) != "/None") or \
                blend not in ("/Normal", "/Compatible"):
            scan.transparency.append(Declared(page, where, f"graphics state {name} "
                                              f"(opacity {min(ca):g})"))
    for name, font in resources.get("/Font", {}).items():
        _check_font(scan, font, page, f"{where} font {name}")
    for name, xobj in resources.get("/XObject", {}).items():
        key = xobj.objgen
        if key in seen and key != (0, 0):
            continue
        seen.add(key)
        subtype = str(xobj.get("/Subtype"))
        label = f"{where} {'form' if subtype == '/Form' else 'image'} {name}"
        if subtype == "/Image":
            if not xobj.get("/ImageMask", False):
                cs = xobj.get("/ColorSpace")
                _note(scan, _space_of(cs, resources) if cs is not None else "other", page,
                      label, "image")
            if xobj.get("/SMask") is not None:
                scan.transparency.append(Declared(page, label, "soft mask (alpha)"))
        elif subtype == "/Form":
            group = xobj.get("/Group")
            if group is not None and str(group.get("/S")) == "/Transparency":
                scan.transparency.append(Declared(page, label, "transparency group"))
            _scan_stream(scan, xobj, xobj.get("/Resources", resources), page, label, seen)


def _scan_stream(scan: FileScan, stream: Any, resources: Any, page: int, where: str,
                 seen: set[tuple[int, int]]) -> None:
    for instruction in pikepdf.parse_content_stream(stream):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            _note(scan, "other", page, where, "inline image")
            continue
        operands, name = instruction.operands, str(instruction.operator)
        if name in _OPS:
            _note(scan, _OPS[name], page, where,
                  " ".join(f"{float(v):.3g}" for v in operands) + f" {name}")
        elif name in ("cs", "CS") and operands:
            _note(scan, _space_of(operands[0], resources), page, where, f"{operands[0]} {name}")
        elif name == "sh" and operands:
            sh = resources.get("/Shading", {}).get(str(operands[0])) if resources else None
            if sh is not None:
                _note(scan, _space_of(sh.get("/ColorSpace"), resources), page, where, "shading")
    _scan_resources(scan, resources, page, where, seen)


def _check_font(scan: FileScan, font: Any, page: int, where: str) -> None:
    subtype = str(font.get("/Subtype"))
    if subtype == "/Type3":
        return  # glyphs drawn by the file itself
    descriptor = font.get("/FontDescriptor")
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        descriptor = descendants[0].get("/FontDescriptor") if descendants else None
    embedded = descriptor is not None and any(k in descriptor for k in
                                              ("/FontFile", "/FontFile2", "/FontFile3"))
    if not embedded:
        scan.unembedded.append(Declared(page, where, str(font.get("/BaseFont", "?"))))


def scan_file(pdf: pikepdf.Pdf) -> FileScan:
    """What ``pdf`` declares (see :class:`FileScan`)."""
    scan = FileScan(encrypted=pdf.is_encrypted)
    info = pdf.docinfo
    scan.pdfx_version = str(info.get("/GTS_PDFXVersion", ""))
    scan.trapped = str(info.get("/Trapped", ""))
    for intent in pdf.Root.get("/OutputIntents", []):
        if str(intent.get("/S")) == "/GTS_PDFX":
            scan.output_intent = str(intent.get("/OutputConditionIdentifier", ""))
            profile = intent.get("/DestOutputProfile")
            scan.output_profile_n = int(profile.get("/N", 0)) if profile is not None else 0
    seen: set[tuple[int, int]] = set()
    for k, page in enumerate(pdf.pages, start=1):
        group = page.obj.get("/Group")
        if group is not None and str(group.get("/S")) == "/Transparency":
            scan.transparency.append(Declared(k, "page", "transparency group"))
        resources = page.obj.get("/Resources")
        _scan_stream(scan, page, resources, k, "page", seen)
    return scan


def read_pdf(path: str) -> tuple[list[PageScan], FileScan]:
    """The pages and declarations of the PDF at ``path``, read as a user's file (a regular
    file, at most :data:`PDF_LIMIT`); anything that is not a readable PDF is an
    :class:`InputError` naming the file."""
    data = read_user_bytes(path, PDF_LIMIT)
    where = shown_path(path)
    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as err:
        raise InputError(f"not a readable PDF ({err})", file=where) from None
    try:
        if len(doc) == 0:
            raise InputError("the PDF has no pages", file=where)
        pages = scan_pages(doc)
    finally:
        doc.close()
    try:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            declared = scan_file(pdf)
    except (pikepdf.PdfError, pikepdf.PasswordError, ValueError) as err:
        raise InputError(f"not a readable PDF ({str(err)[:120]})", file=where) from None
    return pages, declared


__all__ = ["PDF_LIMIT", "Declared", "FileScan", "PageObject", "PageScan", "Rect", "read_pdf",
           "scan_file", "scan_pages"]
