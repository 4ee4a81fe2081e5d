"""PDF/X-1a:2001: the post-step that turns a PDF written in ``cmyk`` or ``grey`` colour mode
(:class:`~spacebowl_print.render.api.PdfOptions`) into the file IngramSpark asks for, with
pikepdf (qpdf).

What it adds or checks (ISO 15930-1):

* an ``/OutputIntents`` entry ``/GTS_PDFX`` naming the printing condition (``FOGRA39``, the
  ICC registry) with the shipped CMYK profile embedded as ``/DestOutputProfile``;
* ``/GTS_PDFXVersion`` and ``/GTS_PDFXConformance`` ``(PDF/X-1a:2001)``, ``/Trapped
  /False``, a title;
* a ``/TrimBox`` and ``/BleedBox`` on every page (the MediaBox where the page declares none);
* the PDF version 1.3 header X-1a:2001 requires, and a document ID (deterministic: the same
  input gives the same bytes).

It refuses (``ValueError`` naming page and object) a file that cannot be PDF/X-1a: any
DeviceRGB or other non-CMYK/grey colour, a font not embedded, any transparency. The checks
are those of ``spacebowl preflight``, read by pikepdf, never by our writer.
"""

from __future__ import annotations

import io

import pikepdf

from spacebowl_print.render.inks import OUTPUT_CONDITION, OUTPUT_CONDITION_INFO, profile_bytes
from spacebowl_print.render.pdfscan import scan_file  # the scanner preflight runs

PDFX_VERSION = "PDF/X-1a:2001"


def _problems(pdf: pikepdf.Pdf) -> list[str]:
    scan = scan_file(pdf)
    out = [f"page {d.page}: {space.upper()} colour ({d.what}) in {d.where}"
           for space, d in scan.spaces.items() if space not in ("cmyk", "gray")]
    out += [f"page {d.page}: {d.what} not embedded ({d.where})" for d in scan.unembedded]
    out += [f"page {d.page}: {d.what} in {d.where}" for d in scan.transparency]
    return out


def make_pdfx(data: bytes, title: str = "") -> bytes:
    """``data`` (a PDF in CMYK or grey) as PDF/X-1a:2001 bytes (see the module docstring);
    ``ValueError`` listing what stops it."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        problems = _problems(pdf)
        if problems:
            raise ValueError("cannot be PDF/X-1a: " + "; ".join(problems[:5]))
        profile = pikepdf.Stream(pdf, profile_bytes())
        profile["/N"] = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
            RegistryName=pikepdf.String("http://www.color.org"),
            Info=pikepdf.String(OUTPUT_CONDITION_INFO),
            DestOutputProfile=pdf.make_indirect(profile))
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        for page in pdf.pages:
            media = page.obj.get("/MediaBox")
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = media
            if "/BleedBox" not in page.obj:
                page.obj.BleedBox = media
            if "/Group" in page.obj:
                del page.obj["/Group"]
        info = pdf.docinfo
        info["/GTS_PDFXVersion"] = pikepdf.String(PDFX_VERSION)
        info["/GTS_PDFXConformance"] = pikepdf.String(PDFX_VERSION)
        info["/Trapped"] = pikepdf.Name("/False")
        if title or "/Title" not in info:
            info["/Title"] = pikepdf.String(title or "Untitled")
        out = io.BytesIO()
        pdf.save(out, force_version="1.3", deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return out.getvalue()


__all__ = ["PDFX_VERSION", "make_pdfx"]
