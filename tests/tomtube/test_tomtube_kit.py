"""``spacebowl tomtube kit``: page sizes on A4, Letter and A3; 40 rhombs and 18 triangles
tessellated with their outlines in cut-guide.json and every shared cut once; the tiled board's
windows cover the whole board; counters as the spec's table; no text under 6 pt, fonts
embedded; rule summaries readable in English and German; the same seed gives the same bytes.
Everything is read back from the files written."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
import pytest
from click.testing import CliRunner
from pdfread import char_sizes as text_sizes
from pdfread import embedded_fonts
from pypdf.generic import ContentStream

from spacebowl_print.cli.main import cli
from spacebowl_print.games.tomtube.art.boardsheet import EDGE_MM, board_art_size
from spacebowl_print.games.tomtube.art.pieces import counter_layout
from spacebowl_print.games.tomtube.kit import PAPER_MM
from spacebowl_print.games.tomtube.model.position import TOTALS
from spacebowl_print.render.api import MM_PER_PT

SIDE = EDGE_MM
TOL = 0.02  # the cut guide rounds to 0.01 mm


def _build(folder: Path, *args: str) -> Path:
    result = CliRunner().invoke(cli, ["tomtube", "kit", "-q", "-o", str(folder), *args])
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture(scope="module")
def a4_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("tt") / "a4", "--seed", "3")


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("tt") / "letter", "--paper", "letter",
                  "--ink-saver", "--lang", "de,en")


@pytest.fixture(scope="module")
def a3_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("tt") / "a3", "--paper", "a3", "--lang", "en")


KITS = [("a4_kit", "a4"), ("letter_kit", "letter"), ("a3_kit", "a3")]


def _kit(request: pytest.FixtureRequest, which: str) -> Path:
    folder: Path = request.getfixturevalue(which)
    return folder


# -- pages, fonts, text sizes ----------------------------------------------------------------

@pytest.mark.parametrize(("which", "paper"), KITS)
def test_every_page_is_the_paper(which: str, paper: str, request: pytest.FixtureRequest
                                 ) -> None:
    """Every page of every PDF is the chosen paper, portrait — or, on A3, landscape for the
    rule summaries set two A4 pages a sheet."""
    folder = _kit(request, which)
    pw, ph = PAPER_MM[paper]
    for pdf in sorted(folder.glob("*.pdf")):
        for page in pypdf.PdfReader(pdf).pages:
            size = (float(page.mediabox.width) * MM_PER_PT,
                    float(page.mediabox.height) * MM_PER_PT)
            turned = paper == "a3" and pdf.name.startswith(("rules", "kit"))
            ok = [(pw, ph)] + ([(ph, pw)] if turned else [])
            assert any(size == pytest.approx(s, abs=0.05) for s in ok), (pdf.name, size)
    names = {p.name for p in folder.iterdir()}
    assert {"kit.pdf", "tiles.pdf", "board.pdf", "counters.pdf", "astronauts.pdf",
            "cut-guide.json", "cut-lines-01.svg"} <= names


@pytest.mark.parametrize(("which", "paper"), KITS)
def test_fonts_embedded_and_no_text_under_6pt(which: str, paper: str,
                                              request: pytest.FixtureRequest) -> None:
    kit = _kit(request, which) / "kit.pdf"
    fonts = embedded_fonts(kit)
    assert fonts
    for font in fonts:
        assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
        assert "DejaVu" in str(font["/BaseFont"])
    sizes = text_sizes(kit)
    assert len(sizes) > 3000
    assert min(sizes) >= 6.0 - 1e-6




# -- tiles -------------------------------------------------------------------------------------

def _guide(folder: Path) -> list[dict[str, Any]]:
    pages: list[dict[str, Any]] = json.loads((folder / "cut-guide.json").read_text())["pages"]
    return pages


@pytest.mark.parametrize(("which", "paper"), KITS)
def test_40_rhombs_and_18_triangles_with_outlines(which: str, paper: str,
                                                  request: pytest.FixtureRequest) -> None:
    pages = _guide(_kit(request, which))
    fronts = [t for p in pages if p["side"] == "front" for t in p["tiles"]]
    backs = [t for p in pages if p["side"] == "back" for t in p["tiles"]]
    assert sorted(t["id"] for t in fronts) == list(range(1, 59))
    assert sorted(t["id"] for t in backs) == list(range(1, 59))
    for t in fronts:
        outline = t["outline"]
        assert len(outline) == (4 if t["id"] <= 40 else 3)
        for k in range(len(outline)):
            (x0, y0), (x1, y1) = outline[k], outline[(k + 1) % len(outline)]
            assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(SIDE, abs=TOL)
    sheets = 1 if paper == "a3" else 2
    assert len([p for p in pages if p["side"] == "front"]) == sheets


def _svg_segments(svg: str) -> list[tuple[float, ...]]:
    return [tuple(float(v) for v in re.findall(r"-?[\d.]+", d))
            for d in re.findall(r'<path d="([^"]+)"', svg)]


Seg = tuple[float, float, float, float]


def _lines(segments: list[Seg]) -> dict[tuple[int, int], list[tuple[float, float]]]:
    """Segments grouped by the straight line they lie on (direction, offset), each as an
    interval along that line."""
    out: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for x0, y0, x1, y1 in segments:
        angle = math.atan2(y1 - y0, x1 - x0) % math.pi
        ux, uy = math.cos(angle), math.sin(angle)
        key = (round(math.degrees(angle)) % 180, round((uy * x0 - ux * y0) * 10))
        a, b = ux * x0 + uy * y0, ux * x1 + uy * y1
        out.setdefault(key, []).append((min(a, b), max(a, b)))
    return out


def _union_length(segments: list[Seg]) -> float:
    total = 0.0
    for spans in _lines(segments).values():
        spans.sort()
        lo, hi = spans[0]
        for a, b in spans[1:]:
            if a > hi + 0.05:
                total += hi - lo
                lo, hi = a, b
            else:
                hi = max(hi, b)
        total += hi - lo
    return total


@pytest.mark.parametrize(("which", "paper"), KITS)
def test_shared_cuts_are_cut_once(which: str, paper: str,
                                  request: pytest.FixtureRequest) -> None:
    """Per sheet: tiles abut, so much of their outline is shared; the cut-line SVG covers
    exactly the union of all tile sides, and no two of its cuts overlap (each cut once)."""
    folder = _kit(request, which)
    fronts = [p for p in _guide(folder) if p["side"] == "front"]
    for k, page in enumerate(fronts, start=1):
        sides: list[Seg] = [(*o[i], *o[(i + 1) % len(o)])
                            for t in page["tiles"] for o in [t["outline"]]
                            for i in range(len(o))]
        union = _union_length(sides)
        assert union < 0.9 * len(sides) * SIDE  # many sides are shared…
        cuts = [cast_seg(c) for c in _svg_segments(
            (folder / f"cut-lines-{k:02d}.svg").read_text())]
        total = sum(math.hypot(x1 - x0, y1 - y0) for x0, y0, x1, y1 in cuts)
        assert total == pytest.approx(union, abs=0.5)  # …the cuts are their union…
        assert _union_length(cuts) == pytest.approx(total, abs=0.5)  # …each cut once


def cast_seg(values: tuple[float, ...]) -> Seg:
    x0, y0, x1, y1 = values
    return (x0, y0, x1, y1)


# -- the board ---------------------------------------------------------------------------------

def _windows(pdf: Path) -> list[tuple[float, float, float, float]]:
    """Per page, the window of the board art it shows, in art mm: the first clip rectangle
    after the page frame, moved by the translation the art is drawn with."""
    out = []
    reader = pypdf.PdfReader(pdf)
    for page in reader.pages:
        ops = ContentStream(page.get_contents(), reader).operations
        clip: tuple[float, ...] | None = None
        rect: tuple[float, ...] = ()
        for operands, op in ops:
            if op == b"re":
                rect = tuple(float(v) for v in operands)
            elif op in (b"W", b"W*") and clip is None and rect:
                clip = rect
            elif op == b"cm" and clip is not None:
                e, f = float(operands[4]), float(operands[5])
                x, y, w, h = (v * MM_PER_PT for v in clip)
                out.append((x - e * MM_PER_PT, y - f * MM_PER_PT, w, h))
                break
    return out


@pytest.mark.parametrize(("which", "paper"), KITS[:2])
def test_tiled_board_windows_cover_the_whole_board(which: str, paper: str,
                                                   request: pytest.FixtureRequest) -> None:
    folder = _kit(request, which)
    aw, ah = board_art_size()
    windows = _windows(folder / "board.pdf")
    assert len(windows) == 4 == len(pypdf.PdfReader(folder / "board.pdf").pages)
    pw, ph = PAPER_MM[paper]
    for _x, _y, w, h in windows:  # each window fits the sheet inside the printer margin
        assert w <= pw - 20 + 1e-6 and h <= ph - 20 + 1e-6
    # Every point of the art lies in some window: check a fine grid, edges included.
    for i in range(0, 61):
        for j in range(0, 61):
            px, py = aw * i / 60, ah * j / 60
            assert any(x - 0.01 <= px <= x + w + 0.01 and y - 0.01 <= py <= y + h + 0.01
                       for x, y, w, h in windows), (px, py)
    # Neighbouring windows overlap (the glue margin) by at least 15 mm.
    xs = sorted({round(x, 3) for x, _, _, _ in windows})
    ys = sorted({round(y, 3) for _, y, _, _ in windows})
    w0, h0 = windows[0][2], windows[0][3]
    assert xs[1] <= xs[0] + w0 - 15 + 0.01 and ys[1] <= ys[0] + h0 - 15 + 0.01
    text = pypdf.PdfReader(folder / "board.pdf").pages[0].extract_text()
    assert "1" in text and ("sheet 1 of 4" in text or "Blatt 1 von 4" in text)


def test_a3_board_is_one_sheet(a3_kit: Path) -> None:
    reader = pypdf.PdfReader(a3_kit / "board.pdf")
    assert len(reader.pages) == 1
    # The board is turned a quarter to fit: read the text in every orientation.
    text = reader.pages[0].extract_text(orientations=(0, 90, 180, 270))
    knots = {f"{r}{k}" for r, n in zip("ABCDEFGHI", (5, 6, 7, 8, 9, 8, 7, 6, 5), strict=True)
             for k in range(1, n + 1)}
    assert set(re.findall(r"\b[A-I][1-9]\b", text)) == knots  # every knot named, once…
    assert len(knots) == 61


# -- counters and standees -------------------------------------------------------------------

@pytest.mark.parametrize(("which", "paper"), KITS)
def test_counters_match_the_spec_table(which: str, paper: str,
                                       request: pytest.FixtureRequest) -> None:
    """4 solar (2 each), 24 energy, 8 control, 6 alien — in the layout, and as cut outlines
    on the printed sheet, told apart by shape: a 24-point sun, a 48-gon disc, a square, a
    hexagon."""
    placed, _ = counter_layout(PAPER_MM[paper])
    assert Counter(p.kind for p in placed) == Counter(TOTALS)
    assert Counter(p.owner for p in placed if p.kind == "solar") == {"tom": 2, "dave": 2}
    pw = PAPER_MM[paper][0]
    assert all(p.cx + p.r <= pw / 2 for p in placed)  # fronts left of the fold
    with pdfplumber.open(_kit(request, which) / "counters.pdf") as pdf:
        page = pdf.pages[0]
        cut = Counter()
        for o in page.curves + page.rects:
            if o.get("stroking_color") in ((0,), (0, 0, 0)) and o.get("stroke") and \
                    abs(o.get("linewidth", 0) - 0.3 / MM_PER_PT) < 0.01:
                cut[(o["object_type"], len(o.get("pts", [])))] += 1
        text = page.extract_text()
    assert cut == {("curve", 25): TOTALS["solar"], ("curve", 49): TOTALS["energy"],
                   ("rect", 4): TOTALS["control"], ("curve", 7): TOTALS["alien"]}
    for n in TOTALS.values():
        assert f"×{n}" in text


def test_standees_fold_over(a4_kit: Path) -> None:
    with pdfplumber.open(a4_kit / "astronauts.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "TOM" in text and "DAVE" in text and "Astronauts" in text


# -- rules -----------------------------------------------------------------------------------

def test_rule_summaries_read_in_english_and_german(a4_kit: Path, letter_kit: Path) -> None:
    for folder in (a4_kit, letter_kit):
        with pdfplumber.open(folder / "rules-en.pdf") as pdf:
            en = " ".join(p.extract_text() for p in pdf.pages)
        with pdfplumber.open(folder / "rules-de.pdf") as pdf:
            de = " ".join(p.extract_text() for p in pdf.pages)
        assert "Worked example: drifting" in en and "33 points" in en
        assert "Tom stands on C6" in en and "B5-C6" in en
        assert "Beispiel: Driften" in de and "33 Punkte" in de and "Weltraumsprung" in de


def test_kit_cover_lists_the_parts(a4_kit: Path) -> None:
    text = pypdf.PdfReader(a4_kit / "kit.pdf").pages[0].extract_text()
    for part in ("Tiles — 58 tiles on 2 sheets", "Board", "Counters", "Astronaut standees",
                 "Rule summary (en)", "Rule summary (de)"):
        assert part in text


# -- determinism -------------------------------------------------------------------------------

def test_same_seed_same_bytes(a4_kit: Path, tmp_path: Path) -> None:
    again = _build(tmp_path / "again", "--seed", "3")
    names = sorted(p.relative_to(a4_kit).as_posix() for p in a4_kit.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(again).as_posix() for p in again.rglob("*")
                           if p.is_file())
    for name in names:
        assert (again / name).read_bytes() == (a4_kit / name).read_bytes(), name
    other = _build(tmp_path / "other", "--seed", "4")
    assert (other / "board.pdf").read_bytes() != (a4_kit / "board.pdf").read_bytes()


def test_bad_options_are_one_line_errors(tmp_path: Path) -> None:
    for args, where in ((["--paper", "a5"], "--paper"), (["--lang", "fr"], "--lang")):
        result = CliRunner().invoke(cli, ["tomtube", "kit", "-o", str(tmp_path / "x"), *args])
        assert result.exit_code == 2 and where in result.output
        assert not (tmp_path / "x").exists()
