"""Die-cut tiles in publish.sheets: 60° rhombs and equilateral triangles tessellate on one sheet,
neighbours share one cut, cut-guide.json records each outline on the page, and back sheets
mirror the fronts (a tile turned on the front is turned on the back) — checked by reading the
PDFs, the cut guide and the cut-line SVGs back."""

from __future__ import annotations

import io
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
import pytest
from pypdf.generic import ContentStream

from spacebowl_print.publish.geometry import area2, cut, outward_planes
from spacebowl_print.publish.items import TILES, LayoutError
from spacebowl_print.publish.kinds import KitParts
from spacebowl_print.publish.kit import KitPrint, write_kit
from spacebowl_print.publish.sheets import impose, plan_sheets
from spacebowl_print.render.api import MM_PER_PT, PAPER, Canvas, PdfOptions, Style
from spacebowl_print.render.pdf import pdf_bytes

S = 40.0  # tile side
H = S * math.sqrt(3) / 2
B = 3.0  # bleed
TOL = 0.011  # the cut guide rounds to 0.01 mm
NARROW = (130.0, 200.0)
"""A paper on which 2 rhombs and 6 triangles fall into two rows worked out by hand below."""


@dataclass(frozen=True)
class Tile:
    """A rhomb (two triangles sharing an edge, leaning right) or a triangle, point up. Its art
    fills the art box in a colour naming its id and puts a small marker by the trim box's
    lower-left corner, so that the PDF shows where and which way round each tile went."""

    id: int
    kind: str
    back: bool = False

    @property
    def width(self) -> float:
        return (1.5 * S if self.kind == "rhomb" else S) + 2 * B

    @property
    def height(self) -> float:
        return H + 2 * B

    @property
    def outline(self) -> list[tuple[float, float]]:
        pts = ([(0.0, 0.0), (S, 0.0), (1.5 * S, H), (S / 2, H)] if self.kind == "rhomb"
               else [(0.0, 0.0), (S, 0.0), (S / 2, H)])
        w = self.width - 2 * B
        return [(w - x, y) for x, y in pts] if self.back else pts  # as seen from behind

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height,
                    Style(fill=f"#{self.id:02X}{'80' if self.back else '00'}80"))
        canvas.rect(B + 1.0, B + 0.2, 1.0, 0.5, Style(fill=f"#{self.id:02X}FF00"))


def tiles(rhombs: int, triangles: int) -> list[Tile]:
    return ([Tile(k, "rhomb") for k in range(1, rhombs + 1)]
            + [Tile(rhombs + k, "triangle") for k in range(1, triangles + 1)])


BACKS = {"rhomb": Tile(0, "rhomb", back=True), "triangle": Tile(0, "triangle", back=True)}


def backs_of(fronts: list[Tile]) -> list[Tile]:
    return [BACKS[t.kind] for t in fronts]


@pytest.fixture(scope="module")
def narrow_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tiles") / "kit"
    fronts = tiles(2, 6)
    write_kit(KitParts("Tiles", fronts, backs_of(fronts), B, TILES), KitPrint(NARROW), out)
    return out


def _guide(folder: Path) -> list[dict[str, Any]]:
    pages: list[dict[str, Any]] = json.loads((folder / "cut-guide.json").read_text())["pages"]
    return pages


def _key(p: tuple[float, float], q: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """A side as an unordered pair of points rounded to 0.1 mm (guide values are to 0.01)."""
    a, b = (round(p[0], 1), round(p[1], 1)), (round(q[0], 1), round(q[1], 1))
    return (a, b) if a <= b else (b, a)


def _svg_segments(svg: str) -> list[tuple[float, ...]]:
    return [tuple(float(v) for v in re.findall(r"-?[\d.]+", d))
            for d in re.findall(r'<path d="([^"]+)"', svg)]


# -- one sheet, shared cuts ------------------------------------------------------------------------

def test_rhombs_and_triangles_tessellate_and_share_cuts(narrow_kit: Path) -> None:
    """Row 1: rhomb, rhomb, triangle point up (taking the second rhomb's free slanted side).
    Row 2: five triangles, point down under each rhomb and under the triangle, point up
    between. Sides: row 1 has 4 + 3 + 2 = 9 distinct ones, row 2 adds 2 + 2 + 1 + 2 + 1 = 8:
    17 sides of 40 mm. Cuts: those on one straight line join, three horizontal lines plus four
    "/" and four "\\" lines: 11 cuts."""
    pages = _guide(narrow_kit)
    fronts = [p for p in pages if p["side"] == "front"]
    assert len(fronts) == 1 and set(fronts[0]) == {"page", "side", "tiles"}
    placed = fronts[0]["tiles"]
    assert [t["id"] for t in placed] == list(range(1, 9))
    assert [t["rotation"] for t in placed] == [0, 0, 0, 180, 0, 180, 0, 180]
    assert len({round(t["y"], 1) for t in placed}) == 2  # two rows
    sides = {_key(tuple(o[k]), tuple(o[(k + 1) % len(o)]))
             for t in placed for o in [t["outline"]] for k in range(len(o))}
    assert len(sides) == 17
    assert sum(len(t["outline"]) for t in placed) - len(sides) == 9  # 9 cuts serve two tiles

    cuts = _svg_segments((narrow_kit / "cut-lines-01.svg").read_text())
    assert len(cuts) == 11
    assert sum(math.hypot(x1 - x0, y1 - y0) for x0, y0, x1, y1 in cuts) == \
        pytest.approx(17 * S, abs=0.01)
    # ... and the front sheet prints exactly those cuts (thin grey lines), plus a frame
    with pdfplumber.open(narrow_kit / "tiles.pdf") as pdf:
        page = pdf.pages[fronts[0]["page"] - 1]
        grey = [ln for ln in page.lines if ln.get("stroking_color") == (0.502, 0.502, 0.502)
                or _is_grey(ln.get("stroking_color"))]
        frames = [r for r in page.rects if r.get("stroke") and not r.get("fill")]
    ph = NARROW[1]
    printed = sorted(_key((ln["x0"] * MM_PER_PT, ph - ln["top"] * MM_PER_PT),
                          (ln["x1"] * MM_PER_PT, ph - ln["bottom"] * MM_PER_PT))
                     for ln in grey)
    assert len(printed) == 11
    assert len(frames) == 1


def _is_grey(colour: Any) -> bool:
    return isinstance(colour, tuple) and len(colour) == 3 and \
        all(abs(c - 128 / 255) < 0.01 for c in colour)


def test_cut_guide_outlines_are_the_item_outlines_on_the_page(narrow_kit: Path) -> None:
    by_id = {t.id: t for t in tiles(2, 6)}
    for entry in _guide(narrow_kit):
        if entry["side"] != "front":
            continue
        for t in entry["tiles"]:
            x, y, w, h = t["x"], t["y"], t["w"], t["h"]
            own = by_id[t["id"]].outline
            expect = ([(x + px, y + py) for px, py in own] if t["rotation"] == 0
                      else [(x + w - px, y + h - py) for px, py in own])
            assert len(t["outline"]) == len(expect)
            for (gx, gy), (ex, ey) in zip(t["outline"], expect, strict=True):
                assert (gx, gy) == pytest.approx((ex, ey), abs=TOL)


def test_back_sheets_mirror_the_fronts(narrow_kit: Path) -> None:
    pw = NARROW[0]
    pages = _guide(narrow_kit)
    fronts = [p for p in pages if p["side"] == "front"]
    backs = [p for p in pages if p["side"] == "back"]
    assert [b["page"] for b in backs] == [f["page"] + 1 for f in fronts]
    for f, b in zip(fronts, backs, strict=True):
        for tf, tb in zip(f["tiles"], b["tiles"], strict=True):
            assert tf["id"] == tb["id"] and tf["rotation"] == tb["rotation"]
            assert tb["x"] == pytest.approx(pw - tf["x"] - tf["w"], abs=TOL)
            assert tb["y"] == pytest.approx(tf["y"], abs=TOL)
            mirrored = sorted((round(pw - x, 1), round(y, 1)) for x, y in tf["outline"])
            assert sorted((round(x, 1), round(y, 1)) for x, y in tb["outline"]) == mirrored
        # The PDFs paint each front and each back there, turned as the guide says: the marker
        # by the art's lower-left trim corner lands by the trim box's lower-left corner, or by
        # its upper-right one when the tile is turned.
        for entry in (f, b):
            markers = _markers(narrow_kit / "tiles.pdf", entry["page"], entry["side"])
            for t in entry["tiles"]:
                mx, my = markers[t["id"]] if entry["side"] == "front" else markers.pop(0)
                corner = ((t["x"] + 1.5, t["y"] + 0.45) if t["rotation"] == 0
                          else (t["x"] + t["w"] - 1.5, t["y"] + t["h"] - 0.45))
                assert (mx, my) == pytest.approx(corner, abs=TOL)


def _markers(pdf_path: Path, page: int, side: str) -> Any:
    """Marker centres (mm, origin bottom-left): by tile id on a front page; on a back page
    (all backs share id 0) in drawing order."""
    found = [(colour, x, y) for colour, x, y in _filled_rects(pdf_path, page)
             if colour[1:] == (1.0, 0.0)]
    if side == "front":
        return {round(c[0] * 255): (x, y) for c, x, y in found}
    return [(x, y) for _, x, y in found]


def _filled_rects(pdf_path: Path, page: int) -> list[tuple[tuple[float, ...], float, float]]:
    """(fill colour, centre x, centre y in mm) of every filled ``re`` on a page, through the
    page's own transforms (pdfplumber does not count a rectangle under a turned CTM as one)."""
    reader = pypdf.PdfReader(pdf_path)
    ops = ContentStream(reader.pages[page - 1].get_contents(), reader).operations
    ctm, stack = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], []
    colour: tuple[float, ...] = ()
    rect: tuple[float, ...] = ()
    out = []
    for operands, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            a2, b2, c2, d2, e2, f2 = ctm
            ctm = [a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
                   e * a2 + f * c2 + e2, e * b2 + f * d2 + f2]
        elif op == b"rg":
            colour = tuple(float(v) for v in operands)
        elif op == b"re":
            rect = tuple(float(v) for v in operands)
        elif op in (b"f", b"f*") and rect:
            x, y = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
            a, b, c, d, e, f = ctm
            out.append((colour, (a * x + c * y + e) * MM_PER_PT, (b * x + d * y + f) * MM_PER_PT))
            rect = ()
    return out


# -- rows of triangles -----------------------------------------------------------------------------

def test_triangles_alternate_within_and_between_rows() -> None:
    """40 triangles on A4: rows of 9 (n triangles span (n + 1) · 20 mm: 9 take 200 + 6 ≤ 210,
    10 would take 226), point up and down in turn; each row starts the other way round from the
    row above, exactly one triangle height lower."""
    imp = impose(tiles(0, 40), BACKS["triangle"], paper=PAPER["a4"], bleed=B, naming=TILES)
    [front] = [p for p in imp.cut_guide["pages"] if p["side"] == "front"]
    rows: dict[float, list[dict[str, Any]]] = {}
    for t in front["tiles"]:
        rows.setdefault(t["y"], []).append(t)
    ys = sorted(rows, reverse=True)
    assert [len(rows[y]) for y in ys] == [9, 9, 9, 9, 4]
    for r, y in enumerate(ys):
        n = len(rows[y])
        assert [t["rotation"] for t in rows[y]] == [180 * ((k + r) % 2) for k in range(n)]
        assert [t["x"] for t in rows[y]] == pytest.approx(
            [rows[ys[0]][0]["x"] + k * S / 2 for k in range(n)], abs=TOL)
    assert [ys[r] - ys[r + 1] for r in range(4)] == pytest.approx([H] * 4, abs=TOL)


# -- painting stays inside each tile's own region ------------------------------------------------

def test_no_tile_paints_inside_another() -> None:
    """A Tom Tube-sized set: each tile's paint region holds its outline and overlaps no other
    tile's outline (at most along a shared side)."""
    plans = plan_sheets(tiles(40, 18), PAPER["letter"], B)
    assert sum(len(p.placements) for p in plans) == 58
    for plan in plans:
        for p in plan.placements:
            assert p.region is not None and p.outline is not None
            for x, y in p.outline:
                assert all(nx * x + ny * y <= c + 1e-6 for nx, ny, c in
                           outward_planes(p.region, 0.0))
            for q in plan.placements:
                if q is not p and q.outline is not None:
                    common = p.region
                    for plane in outward_planes(q.outline, 0.0):
                        common = cut(common, plane)
                    assert abs(area2(common)) < 1e-6, (p.index, q.index)


# -- the kit, determinism, errors -----------------------------------------------------------------

def test_tile_kit_files_and_determinism(narrow_kit: Path, tmp_path: Path) -> None:
    names = {p.relative_to(narrow_kit).as_posix() for p in narrow_kit.rglob("*") if p.is_file()}
    assert {"kit.pdf", "tiles.pdf", "cut-guide.json", "cut-lines-01.svg", "svg/tile-001.svg",
            "svg/back-01.svg", "svg/back-02.svg"} <= names
    assert "svg/back.svg" not in names  # two different backs: rhomb and triangle
    fronts = tiles(2, 6)
    write_kit(KitParts("Tiles", fronts, backs_of(fronts), B, TILES), KitPrint(NARROW),
              tmp_path / "again")
    for name in ("tiles.pdf", "kit.pdf", "cut-guide.json", "cut-lines-01.svg"):
        assert (tmp_path / "again" / name).read_bytes() == (narrow_kit / name).read_bytes()


def test_a_back_outline_must_be_the_mirrored_front() -> None:
    with pytest.raises(LayoutError) as info:
        impose([Tile(1, "rhomb")], Tile(0, "rhomb"), paper=PAPER["a4"], bleed=B)
    assert info.value.field == "back"


@dataclass(frozen=True)
class Notched:
    """A non-convex (L-shaped) die-cut item: imposed on the grid, not tessellated."""

    id: int
    width: float = 46.0
    height: float = 46.0
    outline: tuple[tuple[float, float], ...] = ((0, 0), (40, 0), (40, 20), (20, 20), (20, 40),
                                                (0, 40))

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width, self.height, Style(fill="#777777"))


def test_non_convex_outlines_go_on_the_grid_with_their_cuts() -> None:
    imp = impose([Notched(k) for k in range(1, 5)], Notched(0, outline=(
        (40, 0), (0, 0), (0, 20), (20, 20), (20, 40), (40, 40))), paper=PAPER["a4"], bleed=B)
    assert imp.layout is not None
    [front, _back] = imp.cut_guide["pages"]
    assert [len(t["outline"]) for t in front["cards"]] == [6] * 4
    # Five 40 mm columns abut on A4 (5 · 40 + 6 ≤ 210), so neighbours share cuts: y = 0 is one
    # cut; at y = 20 and y = 40 each item has its own; x = 0 and x = 160 one each, x = 40, 80,
    # 120 one each for the two items they part; the inner steps x = 20, 60… one each: 18.
    assert len(_svg_segments(imp.cut_lines[0].decode())) == 1 + 4 + 4 + 2 + 3 + 4
    data = pdf_bytes(imp.pages[2:3], PdfOptions())
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        lines = pdf.pages[0].lines
    assert any(_is_grey(ln.get("stroking_color")) for ln in lines)  # printed outline cuts
    assert any(ln.get("stroking_color") in ((0,), (0, 0, 0), 0) for ln in lines)  # crop marks
