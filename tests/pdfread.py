"""Reading back what a PDF prints, through pdfium (a C library, some 40 times faster than
pdfplumber on our booklets): each page's text, and each printed character's size as it lands
on the paper (the font size times the scale of the text and page transforms, so text drawn
small by scaling the canvas is caught as small)."""

from __future__ import annotations

import ctypes
import math
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as raw


def embedded_fonts(pdf: Path) -> list[Any]:
    """Every font dictionary the pages of ``pdf`` use (pypdf objects), looking into form
    XObjects too (art defined once and reused), each form read once."""
    import pypdf

    seen: set[int] = set()

    def fonts(resources: Any) -> list[Any]:
        out: list[Any] = []
        if resources is None:
            return out
        resources = resources.get_object()
        out += [font.get_object() for font in resources.get("/Font", {}).values()]
        for xobj in resources.get("/XObject", {}).values():
            ref = getattr(xobj, "idnum", None)
            obj = xobj.get_object()
            key = id(obj) if ref is None else ref
            if key in seen or obj.get("/Subtype") != "/Form":
                continue
            seen.add(key)
            out += fonts(obj.get("/Resources"))
        return out

    return [f for page in pypdf.PdfReader(pdf).pages for f in fonts(page.get("/Resources"))]


def page_texts(pdf: Path) -> list[str]:
    """The text of every page, in page order (lines joined by newlines)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for page in doc:
            text = page.get_textpage()
            out.append(text.get_text_range().replace("\r\n", "\n"))
            text.close()
            page.close()
        return out
    finally:
        doc.close()


def printed_chars(pdf: Path, pages: Iterable[int] | None = None
                  ) -> Iterator[tuple[int, str, float]]:
    """(page index, character, size in points on the paper) of every printed character that
    is not white space, on ``pages`` (default: all)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for k in range(len(doc)) if pages is None else pages:
            page = doc[k]
            text = page.get_textpage()
            matrix = raw.FS_MATRIX()
            for i in range(text.count_chars()):
                ch = chr(raw.FPDFText_GetUnicode(text.raw, i))
                if not ch.strip():
                    continue
                raw.FPDFText_GetMatrix(text.raw, i, ctypes.byref(matrix))
                # the glyph's upward vector: its length is the size whatever the rotation
                size = raw.FPDFText_GetFontSize(text.raw, i) * math.hypot(matrix.c, matrix.d)
                yield k, ch, size
            text.close()
            page.close()
    finally:
        doc.close()


def page_words(pdf: Path, pages: Iterable[int]) -> dict[int, list[tuple[str, float]]]:
    """Each of ``pages``' words as pdfium reads them (split at the spaces and line breaks it
    finds between text runs), with the printed size of the word's first character."""
    doc = pdfium.PdfDocument(str(pdf))
    out: dict[int, list[tuple[str, float]]] = {}
    try:
        for k in pages:
            page = doc[k]
            text = page.get_textpage()
            matrix = raw.FS_MATRIX()
            words: list[tuple[str, float]] = []
            chars: list[str] = []
            size = 0.0
            for i in range(text.count_chars()):
                ch = chr(raw.FPDFText_GetUnicode(text.raw, i))
                if not ch.strip():
                    if chars:
                        words.append(("".join(chars), size))
                        chars = []
                    continue
                if not chars:
                    raw.FPDFText_GetMatrix(text.raw, i, ctypes.byref(matrix))
                    size = raw.FPDFText_GetFontSize(text.raw, i) * math.hypot(matrix.c,
                                                                               matrix.d)
                chars.append(ch)
            if chars:
                words.append(("".join(chars), size))
            out[k] = words
            text.close()
            page.close()
        return out
    finally:
        doc.close()


def char_sizes(pdf: Path, pages: Iterable[int] | None = None) -> list[float]:
    """The size of every printed character on ``pages`` (default: all)."""
    return [size for _, _, size in printed_chars(pdf, pages)]


__all__ = ["char_sizes", "embedded_fonts", "page_texts", "page_words", "printed_chars"]
