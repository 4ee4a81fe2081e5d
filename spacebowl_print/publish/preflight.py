"""Preflight: check a book interior or cover PDF against a press profile
(:mod:`~spacebowl_print.publish.press`) the way the service's upload check does, and say what
fails on which page and object.

The checks (names as :data:`~spacebowl_print.publish.press.CHECK_NAMES`):

``size``
    every page the same size: the trim plus the service's bleed on the edges it wants
    (top, bottom, outside for an interior; all four for a cover), or the trim alone.
``trim``
    a trim the service prints (a standard one or within its custom range), the TrimBox and
    BleedBox declared on every page of a file with bleed.
``safe``
    every text inside the safe area (interior: trim less the outside margin at top, bottom
    and outside and the gutter for the page count at the spine side, right-hand pages odd;
    cover: each panel less the cover's safe margin, the spine less its clearance); every
    drawing and image either inside it too or running past the trim into the bleed.
``fonts``  every font embedded.
``colour`` only the colour spaces the service takes (DeviceRGB refused where it wants CMYK
    or grey).
``text`` / ``line`` / ``image``
    smallest printed text, thinnest printed line, lowest image resolution.
``pages``  the page count within the service's range (interior).
``spine``  the cover's spine as wide as the page count on the paper stock makes it, within
    the service's tolerance; spine text only from the service's page count (cover).
``barcode`` the barcode zone clear where the service prints the barcode, a barcode in it where
    the publisher must supply one (cover).
``transparency`` no live transparency where the service wants it flattened.
``pdfx``   the PDF/X version, output intent and page boxes, where the service asks for PDF/X.

A failing check the profile lists as ``advisory`` is a warning; any other is a failure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from spacebowl_print.publish.press import BookPress
from spacebowl_print.render.pdfscan import FileScan, PageObject, PageScan, Rect

Status = Literal["ok", "FAIL", "warn", "n/a"]
PT_PER_IN = 72.0
TOL = 0.75
"""Points of slack in geometric comparisons (a quarter millimetre): rounding in writers."""


@dataclass(frozen=True)
class Finding:
    """One problem: the page (1-based; 0 for the whole file) and what is wrong there."""

    page: int
    text: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.text}" if self.page else self.text


@dataclass
class CheckResult:
    """One row of the table: the check, its status, a summary, and every finding."""

    name: str
    status: Status
    summary: str
    findings: list[Finding] = field(default_factory=list)


@dataclass
class Report:
    """The preflight of one file against one press."""

    file: str
    press: BookPress
    cover: bool
    pages: int
    results: list[CheckResult]

    @property
    def failed(self) -> bool:
        return any(r.status == "FAIL" for r in self.results)

    def table(self, limit: int = 3) -> str:
        """The report as a text table: one row a check, then up to ``limit`` findings of each
        check that did not pass (with a count of the others)."""
        what = "cover" if self.cover else "interior"
        lines = [f"{self.file}: {what}, {self.pages} page(s), against {self.press.id} "
                 f"({self.press.name})", f"{'check':<13} {'result':<6} detail"]
        for r in self.results:
            lines.append(f"{r.name:<13} {r.status:<6} {r.summary}")
            if r.status in ("FAIL", "warn"):
                lines += [f"{'':<20}- {f}" for f in r.findings[:limit]]
                if len(r.findings) > limit:
                    lines.append(f"{'':<20}  … and {len(r.findings) - limit} more")
        verdict = "FAILS" if self.failed else "passes"
        lines.append(f"{self.file} {verdict} {self.press.id}'s preflight")
        return "\n".join(lines)


def _inside(box: Rect, area: Rect, tol: float = TOL) -> bool:
    return (box[0] >= area[0] - tol and box[1] >= area[1] - tol and box[2] <= area[2] + tol
            and box[3] <= area[3] + tol)


def _overlaps(box: Rect, area: Rect) -> bool:
    return box[0] < area[2] - TOL and box[2] > area[0] + TOL and box[1] < area[3] - TOL and \
        box[3] > area[1] + TOL


def _bleeds(box: Rect, trim: Rect) -> bool:
    """Art that runs past the trim into the bleed (a background, a full-bleed picture)."""
    return box[0] < trim[0] - TOL or box[1] < trim[1] - TOL or box[2] > trim[2] + TOL or \
        box[3] > trim[3] + TOL


def _in(pt: float) -> str:
    return f"{pt / PT_PER_IN:.3f} in"


def _where(obj: PageObject, trim: Rect) -> str:
    left, bottom = obj.box[0] - trim[0], obj.box[1] - trim[1]
    right, top = trim[2] - obj.box[2], trim[3] - obj.box[3]
    near = min((left, "left"), (right, "right"), (bottom, "bottom"), (top, "top"))
    return f"{obj.label} {_in(near[0])} from the {near[1]} trim"


class _Checker:
    def __init__(self, press: BookPress, pages: list[PageScan], declared: FileScan,
                 cover: bool, book_pages: int | None, stock: str) -> None:
        self.press, self.pages, self.declared = press, pages, declared
        self.cover, self.book_pages, self.stock = cover, book_pages, stock
        self.results: list[CheckResult] = []

    def add(self, name: str, findings: list[Finding], ok: str, bad: str | None = None,
            applies: bool = True) -> None:
        if not applies:
            self.results.append(CheckResult(name, "n/a", ok))
            return
        status: Status = "ok"
        if findings:
            status = "warn" if name in self.press.advisory else "FAIL"
        summary = ok if not findings else (bad or f"{len(findings)} problem(s)")
        self.results.append(CheckResult(name, status, summary, findings))

    # -- geometry ------------------------------------------------------------------------
    def bleed_pt(self) -> float:
        return self.press.bleed.bleed_in * PT_PER_IN

    def check_size_and_trim(self) -> None:
        size: list[Finding] = []
        trim: list[Finding] = []
        first = self.pages[0]
        tw, th = first.trim[2] - first.trim[0], first.trim[3] - first.trim[1]
        b = self.bleed_pt()
        for p in self.pages:
            pw, ph = p.trim[2] - p.trim[0], p.trim[3] - p.trim[1]
            if abs(pw - tw) > TOL or abs(ph - th) > TOL:
                size.append(Finding(p.number, f"trim {_in(pw)} x {_in(ph)}, page 1 has "
                                              f"{_in(tw)} x {_in(th)}"))
            m = p.media
            pads = (p.trim[0] - m[0], p.trim[1] - m[1], m[2] - p.trim[2], m[3] - p.trim[3])
            if not any(v > TOL for v in pads):
                continue  # no bleed: the page is the trim
            if not p.has_trimbox:
                trim.append(Finding(p.number, "page larger than its trim but no TrimBox"))
            if self.cover:
                want = (b, b, b, b)
            else:
                right_hand = p.number % 2 == 1
                want = (0.0, b, b, b) if right_hand else (b, b, 0.0, b)
            if any(abs(v - w) > TOL for v, w in zip(pads, want, strict=True)):
                size.append(Finding(p.number, "bleed (left, bottom, right, top) "
                                              + ", ".join(_in(v) for v in pads) + ", wants "
                                              + ", ".join(_in(v) for v in want)))
        # a cover's trim is judged with its spine (check_spine)
        trim_ok = self.cover or self.press.trims.accepts(tw / PT_PER_IN, th / PT_PER_IN)
        if not trim_ok:
            trim.append(Finding(0, f"trim {_in(tw)} x {_in(th)} is not one "
                                   f"{self.press.id} prints"))
        self.add("size", size, f"every page {_in(tw)} x {_in(th)} trim, bleed as wanted")
        self.add("trim", trim, f"{_in(tw)} x {_in(th)}, boxes declared")

    def _interior_safe(self, p: PageScan) -> Rect:
        outside = self.press.margins.outside(p.media != p.trim) * PT_PER_IN
        gutter = self.press.margins.gutter(len(self.pages)) * PT_PER_IN
        left, right = (gutter, outside) if p.number % 2 == 1 else (outside, gutter)
        t = p.trim
        return (t[0] + left, t[1] + outside, t[2] - right, t[3] - outside)

    def _cover_panels(self, p: PageScan) -> tuple[list[Rect], Rect, float]:
        """The cover's safe areas (back, front), its spine area and the spine's width."""
        safe = self.press.cover.safe_in * PT_PER_IN
        t = p.trim
        spine = self.spine_pt(p)
        panel = ((t[2] - t[0]) - spine) / 2
        back = (t[0] + safe, t[1] + safe, t[0] + panel - safe, t[3] - safe)
        front = (t[0] + panel + spine + safe, t[1] + safe, t[2] - safe, t[3] - safe)
        clear = self.press.cover.spine_clearance_in * PT_PER_IN
        spine_area = (t[0] + panel + clear, t[1] + safe, t[0] + panel + spine - clear,
                      t[3] - safe)
        return [back, front], spine_area, spine

    def spine_pt(self, p: PageScan) -> float:
        if self.book_pages is None:
            return 0.0
        return self.press.paper.spine_in(self.book_pages, self.stock) * PT_PER_IN

    def check_safe(self) -> None:
        found: list[Finding] = []
        for p in self.pages:
            if self.cover:
                panels, spine, _ = self._cover_panels(p)
                areas = [*panels, spine]
            else:
                areas = [self._interior_safe(p)]
            for obj in p.objects:
                if obj.white and obj.kind == "path":
                    continue
                # a stroke's box holds its line width: a line drawn on the margin is inside
                slack = TOL + (obj.line_pt or 0.0)
                if any(_inside(obj.box, a, slack) for a in areas):
                    continue
                if obj.kind != "text" and _bleeds(obj.box, p.trim):
                    continue
                found.append(Finding(p.number, _where(obj, p.trim)))
        what = "cover panels and spine" if self.cover else "margins and gutter"
        self.add("safe", found, f"all text and art inside the {what}",
                 f"{len(found)} object(s) outside the safe area")

    def check_spine(self) -> None:
        if not self.cover:
            self.add("spine", [], "interior", applies=False)
            return
        if self.book_pages is None:
            self.add("spine", [Finding(0, "give the interior's page count (--pages) to check "
                                          "the spine")], "", "page count not given")
            return
        found: list[Finding] = []
        p = self.pages[0]
        spine = self.spine_pt(p)
        panel = (p.trim[2] - p.trim[0] - spine) / 2
        height = p.trim[3] - p.trim[1]
        tol = self.press.cover.spine_tolerance_in * PT_PER_IN
        # the panels must come out a standard trim: a spine off by more than the tolerance
        # leaves them a size no book has (a custom trim cannot be told from a wrong spine)
        if not self.press.trims.accepts(panel / PT_PER_IN, height / PT_PER_IN, tol / PT_PER_IN,
                                        custom=False):
            found.append(Finding(p.number, f"with a {_in(spine)} spine the covers are "
                                           f"{_in(panel)} x {_in(height)}: not a standard "
                                           f"{self.press.id} trim (spine off?)"))
        texts = [o for o in p.objects if o.kind == "text" and _overlaps(o.box, (
            p.trim[0] + panel, p.trim[1], p.trim[0] + panel + spine, p.trim[3]))]
        if texts and self.book_pages < self.press.cover.spine_text_min_pages:
            found.append(Finding(p.number, f"{texts[0].label} on the spine of a "
                                           f"{self.book_pages}-page book (spine text from "
                                           f"{self.press.cover.spine_text_min_pages} pages)"))
        self.add("spine", found, f"{_in(spine)} for {self.book_pages} pages on {self.stock}")

    def check_barcode(self) -> None:
        rule = self.press.barcode
        if not self.cover or rule.printed_by == "none":
            self.add("barcode", [], "no barcode zone" if self.cover else "interior",
                     applies=False)
            return
        p = self.pages[0]
        spine = self.spine_pt(p)
        panel = (p.trim[2] - p.trim[0] - spine) / 2
        zw, zh = (v * PT_PER_IN for v in rule.zone_in)
        x1 = p.trim[0] + panel - rule.from_spine_in * PT_PER_IN
        y0 = p.trim[1] + rule.from_bottom_in * PT_PER_IN
        zone = (x1 - zw, y0, x1, y0 + zh)
        inside = [o for o in p.objects if _overlaps(o.box, zone) and not o.white]
        found: list[Finding] = []
        if rule.printed_by == "service":
            found = [Finding(p.number, f"{o.label} in the barcode zone") for o in inside
                     if not _inside(zone, o.box)]  # a background under the zone is fine
            self.add("barcode", found, f"{rule.zone_in[0]:g} x {rule.zone_in[1]:g} in zone "
                                       f"clear for {self.press.id}'s barcode")
            return
        bars = sum(1 for o in inside if o.bars and _inside(o.box, zone))
        images = [o for o in inside if o.kind == "image" and _inside(o.box, zone)]
        if bars < 20 and not images:
            found.append(Finding(p.number, f"no barcode in the {rule.zone_in[0]:g} x "
                                           f"{rule.zone_in[1]:g} in zone: {self.press.id} "
                                           f"wants the publisher's EAN-13"))
        self.add("barcode", found, f"barcode present ({bars} bars)")

    # -- what the file prints ---------------------------------------------------------------
    def check_sizes(self) -> None:
        limit_text = self.press.text.min_text_pt
        limit_line = self.press.lines.min_line_pt
        limit_ppi = self.press.lines.min_image_ppi
        small, thin, low = [], [], []
        min_text = min_line = min_ppi = float("inf")
        for p in self.pages:
            for o in p.objects:
                if o.text_pt is not None:
                    min_text = min(min_text, o.text_pt)
                    if o.text_pt < limit_text - 0.05:
                        small.append(Finding(p.number, f"{o.label} at {o.text_pt:.2f} pt"))
                if o.line_pt is not None and not o.white:
                    min_line = min(min_line, o.line_pt)
                    if o.line_pt < limit_line - 0.005:
                        thin.append(Finding(p.number, f"line {o.line_pt:.2f} pt"))
                if o.ppi is not None:
                    min_ppi = min(min_ppi, o.ppi)
                    if o.ppi < limit_ppi - 0.5:
                        low.append(Finding(p.number, f"{o.label} at {o.ppi:.0f} ppi"))

        def fig(v: float, unit: str) -> str:
            return "none" if v == float("inf") else f"smallest {v:.2f} {unit}"

        self.add("text", small, f"{fig(min_text, 'pt')} (at least {limit_text:g} pt)",
                 f"{len(small)} text(s) under {limit_text:g} pt, {fig(min_text, 'pt')}")
        self.add("line", thin, f"{fig(min_line, 'pt')} (at least {limit_line:g} pt)",
                 f"{len(thin)} line(s) under {limit_line:g} pt, {fig(min_line, 'pt')}")
        self.add("image", low, f"{fig(min_ppi, 'ppi')} (at least {limit_ppi:g} ppi)",
                 f"{len(low)} image(s) under {limit_ppi:g} ppi")

    def check_declared(self) -> None:
        d, rule = self.declared, self.press.colour
        fonts = [Finding(f.page, f"{f.where}: {f.what} not embedded") for f in d.unembedded]
        self.add("fonts", fonts, "every font embedded", applies=rule.fonts_embedded)
        allowed = rule.cover if self.cover else rule.interior
        colour = [Finding(v.page, f"{space.upper()} colour ({v.what}) in {v.where}")
                  for space, v in sorted(d.spaces.items()) if space not in allowed]
        used = ", ".join(sorted(d.spaces)) or "none"
        self.add("colour", colour, f"{used} (takes {', '.join(sorted(allowed))})",
                 f"{used} used; {self.press.id} takes {', '.join(sorted(allowed))}")
        trans = [Finding(t.page, f"{t.what} in {t.where}") for t in d.transparency]
        self.add("transparency", trans, "none" if not trans else "allowed",
                 f"{len(trans)} transparent object(s)", applies=not rule.transparency or bool(
                     trans))
        if self.results[-1].status != "n/a" and rule.transparency:
            self.results[-1].status = "ok"
            self.results[-1].summary = f"{len(trans)} transparent object(s), allowed"
        pdfx: list[Finding] = []
        if rule.pdfx:
            if d.pdfx_version != rule.pdfx:
                pdfx.append(Finding(0, f"GTS_PDFXVersion is {d.pdfx_version or 'missing'}, "
                                       f"wants {rule.pdfx}"))
            if not d.output_intent or d.output_profile_n not in (1, 4):
                pdfx.append(Finding(0, "no GTS_PDFX output intent with a CMYK or grey "
                                       "profile"))
            if d.trapped not in ("/True", "/False"):
                pdfx.append(Finding(0, "Trapped is not True or False"))
            pdfx += [Finding(p.number, "no TrimBox") for p in self.pages if not p.has_trimbox]
            if d.encrypted:
                pdfx.append(Finding(0, "encrypted"))
        self.add("pdfx", pdfx, f"{rule.pdfx}, intent {d.output_intent}" if rule.pdfx else
                 "not asked for", applies=bool(rule.pdfx))

    def check_pages(self) -> None:
        n, r = len(self.pages), self.press.pages
        found = [] if r.min <= n <= r.max else [Finding(0, f"{n} pages; {self.press.id} "
                                                           f"takes {r.min} to {r.max}")]
        self.add("pages", found, f"{n} (takes {r.min}–{r.max})", applies=not self.cover)

    def run(self) -> list[CheckResult]:
        self.check_size_and_trim()
        self.check_safe()
        self.check_declared()
        self.check_sizes()
        self.check_pages()
        self.check_spine()
        self.check_barcode()
        order = {name: k for k, name in enumerate(
            ("size", "trim", "safe", "fonts", "colour", "text", "line", "image", "pages",
             "spine", "barcode", "transparency", "pdfx"))}
        return sorted(self.results, key=lambda r: order[r.name])


def check(pages: list[PageScan], declared: FileScan, press: BookPress, *, cover: bool = False,
          book_pages: int | None = None, stock: str = "white", file: str = "") -> Report:
    """The preflight report of a scanned PDF (``scan_pages`` and ``scan_file`` of
    :mod:`spacebowl_print.render.pdfscan`) against ``press``. For a cover, ``book_pages`` is the
    interior's page count and ``stock`` its paper (they set the spine)."""
    results = _Checker(press, pages, declared, cover, book_pages, stock).run()
    return Report(file, press, cover, len(pages), results)


def summary_row(reports: Iterable[Report]) -> str:
    """``check: status`` of several reports side by side (for the before/after tables)."""
    return " | ".join(f"{r.press.id}: {'FAIL' if r.failed else 'ok'}" for r in reports)


__all__ = ["CheckResult", "Finding", "Report", "check", "summary_row"]
