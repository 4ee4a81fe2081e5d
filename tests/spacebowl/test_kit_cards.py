"""The card part of ``spacebowl kit``, checked by reading the written files back: PDF page sizes,
trim boxes (from cut-guide.json and from the drawn crop marks), mirrored backs, fonts, viewer
preferences, SVG sizes, determinism — plus the card art's layout guarantees."""

from __future__ import annotations

import io
import itertools
import json
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pdfplumber
import pypdf
import pytest
from click.testing import CliRunner
from kits import make_kit
from pypdf.generic import ContentStream

from spacebowl_print.cli.publishing import kit_command
from spacebowl_print.games import find_game
from spacebowl_print.games.spacebowl.art.cardback import CardBack
from spacebowl_print.games.spacebowl.art.cards import CardFront, card_items
from spacebowl_print.games.spacebowl.art.cardsize import parse_card_size
from spacebowl_print.games.spacebowl.art.glyphs import GLYPH_PATHS
from spacebowl_print.games.spacebowl.art.sky import FOOTPRINT, planet_disc
from spacebowl_print.games.spacebowl.cli.common import load_deck
from spacebowl_print.games.spacebowl.model import GLYPHS, Deck, InputError, Planet, deck_to_toml
from spacebowl_print.publish.sheets import LayoutError, impose, plan_layout
from spacebowl_print.render.api import MM_PER_PT, PAPER, DrawnPage, PdfOptions
from spacebowl_print.render.pdf import pdf_bytes
from spacebowl_print.render.svg import svg_bytes

kit = kit_command(find_game("spacebowl"))  # the command the registry builds

TOL = 0.1  # mm
BLEED = 3.0


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck(None)


@pytest.fixture(scope="module")
def a4_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole kit through the CLI command (A4, default options)."""
    out = tmp_path_factory.mktemp("a4") / "kit"
    result = CliRunner().invoke(kit, ["-o", str(out), "--quiet", "--seed", "7"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory: pytest.TempPathFactory, deck: Deck) -> Path:
    """The card part only, on US Letter, with a back offset."""
    out = tmp_path_factory.mktemp("letter") / "kit"
    make_kit("spacebowl", out, "--paper", "letter", "--back-offset", "0.5,-1", "--cards-only")
    return out


def _guide(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "cut-guide.json").read_text("utf-8"))
    return data


# -- reading the PDF back ----------------------------------------------------------------------

@dataclass
class Drawn:
    """What a page paints at page level (its forms' insides are not opened): clipping
    rectangles, form placements and stroked straight segments with their widths — in mm,
    origin bottom-left."""

    clips: list[tuple[float, float, float, float]]
    forms: list[tuple[str, float, float]]
    lines: list[dict[str, float]]


def _apply(m: list[float], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e) * MM_PER_PT, (b * x + d * y + f) * MM_PER_PT


def _mul(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2]


def _drawn(reader: pypdf.PdfReader, index: int) -> Drawn:
    """Interpret a page's own content stream: the CTM and line-width stack, clipping
    rectangles (``re`` … ``W``/``W*``), ``Do`` operators and stroked ``m``/``l`` segments.
    (pdfplumber would also open every form, which makes it slow on card sheets.)"""
    page = reader.pages[index]
    ops = ContentStream(page.get_contents(), reader).operations
    ctm, width = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], 1.0
    stack: list[tuple[list[float], float]] = []
    last_rect: tuple[float, ...] | None = None
    path: list[tuple[float, float]] = []
    segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
    out = Drawn([], [], [])
    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, width))
        elif op == b"Q":
            ctm, width = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == b"w":
            width = float(operands[0])
        elif op == b"re":
            last_rect = tuple(float(v) for v in operands)
        elif op in (b"W", b"W*") and last_rect is not None:
            x, y, w, h = last_rect
            (x0, y0), (x1, y1) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
            out.clips.append((round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3)))
        elif op == b"Do":
            out.forms.append((str(operands[0]), ctm[4] * MM_PER_PT, ctm[5] * MM_PER_PT))
        elif op == b"m":
            path = [_apply(ctm, float(operands[0]), float(operands[1]))]
        elif op == b"l" and path:
            p = _apply(ctm, float(operands[0]), float(operands[1]))
            segments.append((path[-1], p))
            path.append(p)
        elif op == b"S":
            for (xa, ya), (xb, yb) in segments:
                out.lines.append({"x0": min(xa, xb), "x1": max(xa, xb), "y0": min(ya, yb),
                                  "y1": max(ya, yb), "w": width * abs(ctm[0]) * MM_PER_PT})
            segments, path = [], []
        elif op in (b"n", b"f", b"f*", b"B", b"b"):
            segments, path = [], []
    return out


# -- page sizes, preferences, fonts ------------------------------------------------------------

@pytest.mark.parametrize(("which", "paper"), [("a4_kit", "a4"), ("letter_kit", "letter")])
def test_page_sizes_preferences_and_fonts(which: str, paper: str,
                                          request: pytest.FixtureRequest) -> None:
    folder: Path = request.getfixturevalue(which)
    reader = pypdf.PdfReader(folder / "cards.pdf")
    pw, ph = PAPER[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(pw, abs=0.01)
        assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(ph, abs=0.01)
    prefs: Any = cast(Any, reader.trailer["/Root"])["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    for page in reader.pages:
        for font in cast(Any, page["/Resources"]).get("/Font", {}).values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
            assert "DejaVu" in str(font["/BaseFont"])
    # 1 scale check + its blank back, 7 front + 7 back sheets, 2 duplex-check pages
    assert len(reader.pages) == 2 + 2 * 7 + 2
    text = reader.pages[0].extract_text()
    assert "Print at 100 % (no scaling)" in text and "50 mm" in text


def test_scale_check_square_measures_50_mm(a4_kit: Path) -> None:
    with pdfplumber.open(a4_kit / "cards.pdf", pages=[1]) as pdf:
        rects = pdf.pages[0].rects
    squares = [r for r in rects if abs(r["width"] * MM_PER_PT - 50) < 0.01]
    assert squares and squares[0]["height"] * MM_PER_PT == pytest.approx(50, abs=0.01)


def test_kit_folder_holds_every_file(a4_kit: Path) -> None:
    names = {p.relative_to(a4_kit).as_posix() for p in a4_kit.rglob("*") if p.is_file()}
    assert {"kit.pdf", "cards.pdf", "cut-guide.json", "svg/back.svg"} <= names
    assert {f"cut-lines-{k:02d}.svg" for k in range(1, 8)} <= names
    assert {f"svg/card-{k:03d}.svg" for k in range(1, 57)} <= names
    assert not [n for n in names if n.startswith(".")]
    kit_reader = pypdf.PdfReader(a4_kit / "kit.pdf")
    cover = kit_reader.pages[0].extract_text()
    assert "Contents" in cover and "Cards — 56 cards on 7 sheets" in cover
    # the card sheets appear in kit.pdf as in cards.pdf (cover + blank back first)
    cards_reader = pypdf.PdfReader(a4_kit / "cards.pdf")
    assert len(kit_reader.pages) >= 2 + len(cards_reader.pages)
    titles = [o["/Title"] for o in cast(Any, kit_reader.outline)]
    assert titles[:2] == ["Cover", "Cards"]


# -- trim boxes --------------------------------------------------------------------------------

@pytest.mark.parametrize(("which", "paper"), [("a4_kit", "a4"), ("letter_kit", "letter")])
def test_cut_guide_trim_boxes(which: str, paper: str, request: pytest.FixtureRequest) -> None:
    folder: Path = request.getfixturevalue(which)
    guide = _guide(folder)
    assert guide["unit"] == "mm" and guide["origin"] == "bottom-left"
    pw, ph = PAPER[paper]
    seen: dict[str, list[int]] = {"front": [], "back": []}
    for entry in guide["pages"]:
        assert set(entry) == {"page", "side", "cards"}
        assert entry["side"] in ("front", "back")
        boxes = entry["cards"]
        assert 1 <= len(boxes) <= 9
        for b in boxes:
            assert set(b) == {"id", "x", "y", "w", "h"}
            assert b["w"] == pytest.approx(63, abs=TOL) and b["h"] == pytest.approx(88, abs=TOL)
            assert b["x"] > 0 and b["x"] + b["w"] < pw and b["y"] > 0 and b["y"] + b["h"] < ph
            assert all(round(v, 2) == v for v in (b["x"], b["y"]))
            seen[entry["side"]].append(b["id"])
        for p, q in itertools.combinations(boxes, 2):  # trim boxes never overlap
            overlap_x = min(p["x"] + p["w"], q["x"] + q["w"]) - max(p["x"], q["x"])
            overlap_y = min(p["y"] + p["h"], q["y"] + q["h"]) - max(p["y"], q["y"])
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6
    assert sorted(seen["front"]) == list(range(1, 57)) == sorted(seen["back"])


@pytest.mark.parametrize(("which", "gutter_y"), [("a4_kit", 6.0), ("letter_kit", 0.0)])
def test_crop_marks_lie_on_trim_lines_and_reach_the_edge(which: str, gutter_y: float,
                                                         request: pytest.FixtureRequest) -> None:
    folder: Path = request.getfixturevalue(which)
    guide = _guide(folder)
    reader = pypdf.PdfReader(folder / "cards.pdf")
    pw = float(reader.pages[0].mediabox.width) * MM_PER_PT
    ph = float(reader.pages[0].mediabox.height) * MM_PER_PT
    for entry in guide["pages"]:
        marks = [ln for ln in _drawn(reader, entry["page"] - 1).lines if ln["w"] < 0.3]
        if entry["side"] == "back":
            assert not marks  # backs carry no marks: the fronts are cut
            continue
        vertical = [m for m in marks if abs(m["x0"] - m["x1"]) < 1e-3]
        horizontal = [m for m in marks if abs(m["y0"] - m["y1"]) < 1e-3]
        xs = sorted({round(m["x0"], 3) for m in vertical})
        ys = sorted({round(m["y0"], 3) for m in horizontal})
        # marks run to the paper edge, top and bottom / left and right
        for x in xs:
            ends = [(m["y0"], m["y1"]) for m in vertical if abs(m["x0"] - x) < 1e-3]
            assert any(y1 == pytest.approx(ph, abs=0.01) for _, y1 in ends)
            assert any(y0 == pytest.approx(0, abs=0.01) for y0, _ in ends)
        for y in ys:
            ends = [(m["x0"], m["x1"]) for m in horizontal if abs(m["y0"] - y) < 1e-3]
            assert any(x0 == pytest.approx(0, abs=0.01) for x0, _ in ends)
            assert any(x1 == pytest.approx(pw, abs=0.01) for _, x1 in ends)
        # every card edge has a mark on it, and the marks measure 63 x 88
        for b in entry["cards"]:
            left = min(xs, key=lambda v: abs(v - b["x"]))
            right = min(xs, key=lambda v: abs(v - b["x"] - b["w"]))
            bottom = min(ys, key=lambda v: abs(v - b["y"]))
            top = min(ys, key=lambda v: abs(v - b["y"] - b["h"]))
            assert left == pytest.approx(b["x"], abs=TOL)
            assert bottom == pytest.approx(b["y"], abs=TOL)
            assert right - left == pytest.approx(63, abs=TOL)
            assert top - bottom == pytest.approx(88, abs=TOL)
        # marks stay in the margins: none crosses the card block (bleed included)
        x_lo = min(b["x"] for b in entry["cards"]) - BLEED
        x_hi = max(b["x"] + b["w"] for b in entry["cards"]) + BLEED
        y_lo = min(b["y"] for b in entry["cards"]) - BLEED
        y_hi = max(b["y"] + b["h"] for b in entry["cards"]) + BLEED
        for m in vertical:
            assert m["y0"] >= y_hi - 1e-3 or m["y1"] <= y_lo + 1e-3
        for m in horizontal:
            assert m["x0"] >= x_hi - 1e-3 or m["x1"] <= x_lo + 1e-3
        if len(entry["cards"]) == 9:
            assert len(ys) == (6 if gutter_y else 4)  # abutting rows share a cut


@pytest.mark.parametrize(("which", "offset"), [("a4_kit", (0.0, 0.0)),
                                               ("letter_kit", (0.5, -1.0))])
def test_backs_are_mirrored_fronts(which: str, offset: tuple[float, float],
                                   request: pytest.FixtureRequest) -> None:
    folder: Path = request.getfixturevalue(which)
    guide = _guide(folder)["pages"]
    reader = pypdf.PdfReader(folder / "cards.pdf")
    pw = float(reader.pages[0].mediabox.width) * MM_PER_PT
    fronts = [e for e in guide if e["side"] == "front"]
    backs = [e for e in guide if e["side"] == "back"]
    assert len(fronts) == len(backs) == 7
    for f, b in zip(fronts, backs, strict=True):
        assert b["page"] == f["page"] + 1
        assert [c["id"] for c in f["cards"]] == [c["id"] for c in b["cards"]]
        for cf, cb in zip(f["cards"], b["cards"], strict=True):
            assert cb["x"] == pytest.approx(pw - cf["x"] - cf["w"] + offset[0], abs=0.011)
            assert cb["y"] == pytest.approx(cf["y"] + offset[1], abs=0.011)
        # ... and the PDF really paints them there: one back form per card, its art box at
        # the trim box minus the bleed; the clip boxes are the fronts' clips mirrored.
        drawn_f, drawn_b = _drawn(reader, f["page"] - 1), _drawn(reader, b["page"] - 1)
        placed = sorted((round(x, 2), round(y, 2)) for _, x, y in drawn_b.forms
                        if "back" in _)
        expect = sorted((round(c["x"] - BLEED, 2), round(c["y"] - BLEED, 2))
                        for c in b["cards"])
        # element-wise: pytest 9's approx() refuses a list of tuples
        assert len(placed) == len(expect)
        for got_xy, want_xy in zip(placed, expect, strict=True):
            assert got_xy == pytest.approx(want_xy, abs=0.011)
        mirrored = sorted((round(pw - x - w + offset[0], 2), round(y + offset[1], 2))
                          for x, y, w, _h in drawn_f.clips)
        got = sorted((round(x, 2), round(y, 2)) for x, y, _w, _h in drawn_b.clips)
        assert len(got) == len(mirrored)
        for got_xy, want_xy in zip(got, mirrored, strict=True):
            assert got_xy == pytest.approx(want_xy, abs=0.011)
        # the middle column stays in the middle, the left one goes right
        first_f, first_b = f["cards"][0], b["cards"][0]
        assert first_f["x"] < pw / 2 < first_b["x"]


def test_each_front_is_clipped_to_its_own_bleed(a4_kit: Path) -> None:
    guide = _guide(a4_kit)["pages"]
    reader = pypdf.PdfReader(a4_kit / "cards.pdf")
    entry = guide[0]
    clips = _drawn(reader, entry["page"] - 1).clips
    assert len(clips) == len(entry["cards"]) == 9
    for (x, y, w, h), c in zip(clips, entry["cards"], strict=True):
        # A4 fits full gutters: every card keeps its whole 3 mm bleed
        assert (x, y) == pytest.approx((c["x"] - BLEED, c["y"] - BLEED), abs=0.011)
        assert (w, h) == pytest.approx((c["w"] + 2 * BLEED, c["h"] + 2 * BLEED), abs=0.011)


# -- SVG ---------------------------------------------------------------------------------------

def test_svg_sizes_in_mm(a4_kit: Path) -> None:
    card = ET.parse(a4_kit / "svg" / "card-001.svg").getroot()
    assert (card.get("width"), card.get("height")) == ("63mm", "88mm")
    assert card.get("viewBox") == "3 3 63 88"
    back = ET.parse(a4_kit / "svg" / "back.svg").getroot()
    assert (back.get("width"), back.get("height")) == ("63mm", "88mm")
    cut = ET.parse(a4_kit / "cut-lines-01.svg").getroot()
    assert (cut.get("width"), cut.get("height")) == ("210mm", "297mm")
    assert cut.get("viewBox") == "0 0 210 297"
    paths = cut.findall(".//{http://www.w3.org/2000/svg}path")
    assert len(paths) == 9
    # every drawn polygon and path has geometry (no empty shapes)
    for el in card.iter():
        if el.tag.endswith("path"):
            assert el.get("d")


# -- determinism -------------------------------------------------------------------------------

def test_same_seed_gives_byte_identical_output(a4_kit: Path, deck: Deck, tmp_path: Path) -> None:
    """The whole kit (seed 7) and the cards alone with the same options write the same card
    files, byte for byte."""
    make_kit("spacebowl", tmp_path / "again", "--seed", "7", "--cards-only")
    for name in ("cards.pdf", "cut-guide.json", "cut-lines-01.svg", "svg/card-042.svg"):
        assert (tmp_path / "again" / name).read_bytes() == (a4_kit / name).read_bytes(), name


def test_rebuilding_into_the_same_folder_removes_stale_numbered_files(deck: Deck,
                                                                       tmp_path: Path) -> None:
    out = tmp_path / "kit"
    for n in (12, 3):
        small = tmp_path / f"deck-{n}.toml"
        small.write_text(deck_to_toml(Deck(deck.name, deck.title, deck.planets,
                                           deck.cards[:n])), "utf-8")
        make_kit("spacebowl", out, "--deck", str(small), "--cards-only")
    assert [p.name for p in out.glob("cut-lines-*.svg")] == ["cut-lines-01.svg"]
    assert len(list((out / "svg").glob("card-*.svg"))) == 3


# -- fold mode and other layouts ---------------------------------------------------------------

def test_fold_mode(deck: Deck) -> None:
    """Poker cards fold on a landscape A4 sheet: two columns of fronts left of the fold, their
    backs mirrored to the right, 4 cards a sheet (portrait holds 3)."""
    imp = impose(card_items(deck), CardBack(deck), paper=PAPER["a4"], bleed=BLEED, fold=True)
    assert imp.duplex is None
    pages = imp.cut_guide["pages"]
    assert len(pages) == 2 * math.ceil(56 / 4)
    for f, b in zip(pages[::2], pages[1::2], strict=True):
        assert f["page"] == b["page"] and (f["side"], b["side"]) == ("front", "back")
        assert len({c["x"] for c in f["cards"]}) == 2  # two columns
        for cf, cb in zip(f["cards"], b["cards"], strict=True):
            assert cf["x"] + cf["w"] < 148.5 < cb["x"]  # fronts left of the fold, backs right
            assert cb["x"] == pytest.approx(297 - cf["x"] - cf["w"], abs=0.011)
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(imp.pages[:2], PdfOptions())))
    fold_line = [ln for ln in _drawn(reader, 1).lines
                 if abs(ln["x0"] - 148.5) < 0.01 and abs(ln["x0"] - ln["x1"]) < 1e-3]
    assert fold_line and fold_line[0]["y1"] - fold_line[0]["y0"] == pytest.approx(210, abs=0.01)


@pytest.mark.parametrize(("paper", "size", "per_sheet", "gutters"), [
    ("a4", (63.0, 88.0), 9, (6.0, 6.0)),
    ("letter", (63.0, 88.0), 9, (6.0, 0.0)),
    ("letter", (63.5, 88.9), 9, (6.0, 0.0)),
    ("a4", (70.0, 120.0), 4, (6.0, 6.0)),
])
def test_layouts(paper: str, size: tuple[float, float], per_sheet: int,
                 gutters: tuple[float, float]) -> None:
    layout = plan_layout(PAPER[paper], size, BLEED)
    assert layout.per_sheet == per_sheet
    assert (layout.x.gutter, layout.y.gutter) == gutters
    (bx0, bx1), (by0, by1) = layout.x.block, layout.y.block
    pw, ph = PAPER[paper]
    assert bx0 == pytest.approx(pw - bx1) and by0 == pytest.approx(ph - by1)  # centred
    assert bx0 >= 0 and by0 >= 0


def test_layout_errors(deck: Deck) -> None:
    with pytest.raises(LayoutError):
        plan_layout(PAPER["a4"], (250.0, 100.0), BLEED)
    with pytest.raises(LayoutError):
        impose([], CardBack(deck), paper=PAPER["a4"], bleed=BLEED)
    mixed = [CardFront(deck, deck.cards[0]), CardFront(deck, deck.cards[1], (70.0, 90.0))]
    with pytest.raises(LayoutError):
        impose(mixed, CardBack(deck), paper=PAPER["a4"], bleed=BLEED)


# -- card sizes and art ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "size"), [
    ("poker", (63.0, 88.0)), ("bridge", (57.15, 88.9)), ("2.5x3.5in", (63.5, 88.9)),
    ("63x88", (63.0, 88.0)), ("59X91mm", (59.0, 91.0)), (" 6.3 x 8.8 cm ", (63.0, 88.0)),
])
def test_parse_card_size(text: str, size: tuple[float, float]) -> None:
    assert parse_card_size(text) == pytest.approx(size)


@pytest.mark.parametrize("text", ["", "huge", "63", "63x", "0x88", "10x20mm", "63x88ft",
                                  "500x88", "-63x88"])
def test_parse_card_size_rejects(text: str) -> None:
    with pytest.raises(InputError):
        parse_card_size(text)


def _iter_layouts(deck: Deck, size: tuple[float, float]) -> Iterator[CardFront]:
    for card in deck.cards:
        yield CardFront(deck, card, size, seed=3)


@pytest.mark.parametrize("size", [(63.0, 88.0), (50.0, 70.0)])
def test_front_layout_keeps_art_apart_and_inside_the_safe_zone(deck: Deck,
                                                               size: tuple[float, float]) -> None:
    for front in _iter_layouts(deck, size):
        x0, y0, x1, y1 = front.safe
        items = front.layout
        planets = [p for p in items if p.kind == "planet"]
        assert "".join(sorted(p.planet for p in planets)) == "".join(sorted(front.card.planets))
        assert sum(p.kind == "black_hole" for p in items) == int(front.card.black_hole)
        assert sum(p.kind == "comet" for p in items) == front.card.comets
        assert sum(p.kind == "star" for p in items) == front.card.stars
        reach = [(p.x, p.y, p.r * FOOTPRINT if p.kind == "planet" else p.r) for p in items]
        for x, y, r in reach:
            assert x0 - 1e-6 <= x - r and x + r <= x1 + 1e-6
            assert y0 - 1e-6 <= y - r and y + r <= y1 + 1e-6
        for i, (xa, ya, ra) in enumerate(reach):
            for xb, yb, rb in reach[i + 1:]:
                assert math.hypot(xa - xb, ya - yb) >= ra + rb, front.card.id


def test_layout_depends_on_seed_and_card_only(deck: Deck) -> None:
    a = CardFront(deck, deck.cards[5], seed=11).layout
    assert a == CardFront(deck, deck.cards[5], seed=11).layout
    assert a != CardFront(deck, deck.cards[5], seed=12).layout


def test_every_glyph_is_drawn_through_both_backends() -> None:
    assert set(GLYPH_PATHS) == set(GLYPHS)
    colours = ["#D55E00", "#F0E442", "#009E73", "#56B4E9", "#0072B2", "#CC79A7", "#000000",
               "#FFFFFF", "#999999", "#E69F00"]
    planets = [Planet(chr(65 + k), g, colours[k], g) for k, g in enumerate(GLYPHS)]

    def paint(c: Any) -> None:
        for k, p in enumerate(planets):
            planet_disc(c, p, 12 + 22 * (k % 5), 12 + 22 * (k // 5), 9, ink_saver=k % 2 == 1)
            planet_disc(c, p, 12 + 22 * (k % 5), 12 + 22 * (k // 5), 9, ink_saver=k % 2 == 1)

    page = DrawnPage(112.0, 46.0, paint)
    data = pdf_bytes([page])
    assert data.count(b"/Subtype /Form") == len(planets)  # each planet defined once
    root = ET.fromstring(svg_bytes(page))
    assert len(root.findall(".//{http://www.w3.org/2000/svg}use")) == 2 * len(planets)


# -- the command -------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "needle"), [
    (["--card-size", "huge"], "--card-size"),
    (["--card-size", "200x300"], "--card-size"),
    (["--back-offset", "1"], "--back-offset"),
    (["--back-offset", "50,0"], "--back-offset"),
    (["--lang", "en,xx"], "--lang"),
    (["--box", "10mm"], "--box"),
    (["--seed", "-2"], "--seed"),
    (["--deck", "no-such-deck"], "no-such-deck"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], needle: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(kit, ["-o", str(tmp_path / "k"), *args])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and needle in result.output
    assert not (tmp_path / "k").exists()
