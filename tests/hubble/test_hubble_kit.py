"""``spacebowl hubble kit``: pages are exactly A4 or Letter; 20 constellation cards in
cut-guide.json with mirrored backs; the printed pad puts every hex where the engine's axial
coordinates say (even rows shifted right, coordinates on the edges); five dice nets of six
faces that fold into a cube; no text under 6 pt, fonts embedded; rule summaries readable in
EN/FR/DE with the engine's worked example; same seed, same bytes. Everything is read back
from the files written."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
import pytest
from click.testing import CliRunner
from hubble_helpers import hubble_run, pdf_text
from pdfread import char_sizes as text_sizes
from pdfread import embedded_fonts

from spacebowl_print.cli.main import cli
from spacebowl_print.games.hubble.art.dice import DICE, FACES, die_net
from spacebowl_print.games.hubble.art.hexes import HUES, SQRT3
from spacebowl_print.games.hubble.art.padsheet import pad_cells_layout
from spacebowl_print.games.hubble.art.rules import example_pad, worked_example
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.geometry import QUADRANTS, geometry
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS
from spacebowl_print.render.api import MM_PER_PT, PAPER

PT = 72 / 25.4


@pytest.fixture(scope="module")
def a4_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hubble_run("kit", tmp_path_factory.mktemp("hk") / "a4", "--lang", "en,fr,de",
                      "--players", "2", "--seed", "5")


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hubble_run("kit", tmp_path_factory.mktemp("hk") / "letter", "--paper", "letter",
                      "--ink-saver", "--lang", "de", "--players", "1")


KITS = [("a4_kit", "a4"), ("letter_kit", "letter")]


def _kit(request: pytest.FixtureRequest, which: str) -> Path:
    folder: Path = request.getfixturevalue(which)
    return folder


# -- pages, fonts, text ------------------------------------------------------------------------

@pytest.mark.parametrize(("which", "paper"), KITS)
def test_every_page_is_the_paper(which: str, paper: str, request: pytest.FixtureRequest
                                 ) -> None:
    folder = _kit(request, which)
    pw, ph = PAPER[paper]
    names = {p.name for p in folder.iterdir()}
    assert {"kit.pdf", "cards.pdf", "pads.pdf", "dice.pdf", "cut-guide.json",
            "cut-lines-01.svg", "svg"} <= names
    for pdf in sorted(folder.glob("*.pdf")):
        for page in pypdf.PdfReader(pdf).pages:
            size = (float(page.mediabox.width) * MM_PER_PT,
                    float(page.mediabox.height) * MM_PER_PT)
            assert size == pytest.approx((pw, ph), abs=0.05), (pdf.name, size)


def test_one_pad_per_player(a4_kit: Path, letter_kit: Path) -> None:
    assert len(pypdf.PdfReader(a4_kit / "pads.pdf").pages) == 2
    assert len(pypdf.PdfReader(letter_kit / "pads.pdf").pages) == 1




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
    assert len(sizes) > 2000
    assert min(sizes) >= 6.0 - 1e-6


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Scoring", "Fogged Lens", "Scope", "Worked example", "Amazing Astrophysicist",
            "Starry-Eyed Enthusiast", "International Space Station", "clockwise",
            "next player who is not out", "The blank face", "End of the game",
            "ten or more players", "shared"]),
    ("fr", ["Décompte", "lentille embuée", "lunette", "Exemple de décompte",
            "Astrophysicien admirable", "Enthousiaste aux yeux étoilés",
            "Station spatiale internationale", "sens des aiguilles d’une montre",
            "qui n’est pas éliminé", "La face vide", "Fin de la partie",
            "à partir de dix joueurs", "partagées"]),
    ("de", ["Wertung", "beschlagene", "Fernrohr", "Rechenbeispiel",
            "Atemberaubender Astrophysiker", "Sternäugiger Schwärmer",
            "Internationale Raumstation", "Uhrzeigersinn", "noch nicht ausgeschieden",
            "Die leere Seite", "Spielende", "ab zehn Personen", "geteilt"]),
])
def test_rule_summaries_readable(a4_kit: Path, lang: str, words: list[str]) -> None:
    text = " ".join(pdf_text(a4_kit / f"rules-{lang}.pdf").split())
    for word in words:
        assert word in text, (lang, word)


def test_worked_example_numbers_are_the_engines(a4_kit: Path) -> None:
    """The example pad is scored by the engine's scoring functions; the summary prints each
    category's points and the total in every language."""
    cset = load_constellation_set()
    pad, card = example_pad(cset)
    score = score_pad(pad, [card])
    ex = worked_example(cset)
    assert (ex["galaxy"], ex["planet"], ex["asteroid"], ex["comet"], ex["stars"],
            ex["total"]) == (score.galaxy, score.planet, score.asteroid, score.comet,
                             score.stars, score.total)
    assert all(v > 0 for v in (score.galaxy, score.planet, score.asteroid, score.comet,
                               score.stars))
    totals = {"en": f"Total: {score.total} points", "fr": f"Total : {score.total} points",
              "de": f"Summe: {score.total} Punkte"}
    for lang, total in totals.items():
        text = " ".join(pdf_text(a4_kit / f"rules-{lang}.pdf").replace("\xa0", " ").split())
        assert total in text, lang
        assert f"11 × {ex['fewest']} = {score.galaxy}" in text
        assert f"= {score.asteroid}" in text
        assert f"→ {score.planet}" in text
        assert f"→ {score.comet}" in text
        assert f"→ {score.stars}" in text


# -- cards -------------------------------------------------------------------------------------

def _guide(folder: Path) -> list[dict[str, Any]]:
    pages: list[dict[str, Any]] = json.loads((folder / "cut-guide.json").read_text())["pages"]
    return pages


@pytest.mark.parametrize(("which", "paper"), KITS)
def test_20_cards_with_mirrored_backs(which: str, paper: str,
                                      request: pytest.FixtureRequest) -> None:
    folder = _kit(request, which)
    guide = _guide(folder)
    pw = PAPER[paper][0]
    fronts = [p for p in guide if p["side"] == "front"]
    backs = [p for p in guide if p["side"] == "back"]
    assert sorted(c["id"] for p in fronts for c in p["cards"]) == list(range(1, 21))
    assert len(fronts) == len(backs) == 3
    for f, b in zip(fronts, backs, strict=True):
        assert b["page"] == f["page"] + 1
        assert [c["id"] for c in f["cards"]] == [c["id"] for c in b["cards"]]
        for cf, cb in zip(f["cards"], b["cards"], strict=True):
            assert (cf["w"], cf["h"]) == (63, 88)
            assert cb["x"] == pytest.approx(pw - cf["x"] - cf["w"], abs=0.011)
            assert cb["y"] == pytest.approx(cf["y"], abs=0.011)
    assert len(list((folder / "svg").glob("card-*.svg"))) == 20


def test_cards_print_names_values_and_both_star_kinds(a4_kit: Path) -> None:
    """Every card's name and value is on the sheets; red and purple stars differ by shape:
    the red one a filled five-point star (10 corners), the purple one a four-point sparkle
    (8 corners) in a dashed ring."""
    cset = load_constellation_set()
    text = pdf_text(a4_kit / "cards.pdf")
    for card in cset:
        assert card.name in text
    from spacebowl_print.games.hubble.art.hexes import star_points
    assert len(star_points(0, 0, 1)) == 10
    assert len(star_points(0, 0, 1, 4, 0.34)) == 8


# -- the pad -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("cols", "rows"), [(STANDARD_COLS, STANDARD_ROWS), (8, 8), (12, 12),
                                            (26, 4)])
def test_printed_hexes_follow_the_engine_geometry(cols: int, rows: int) -> None:
    """Engine neighbours are exactly one hex width apart on paper and every other pair is
    farther; rows are 1.5 radii apart; the even-numbered rows (1-based) sit half a hex to
    the right of the odd ones."""
    art, _, _ = pad_cells_layout(cols, rows, "a4")
    grid = art.grid
    geo = geometry(cols, rows)
    w = grid.hex_w
    assert w == pytest.approx(SQRT3 * grid.s)
    pts = [grid.centre(i) for i in range(geo.size)]
    for i in range(geo.size):
        for j in range(i + 1, geo.size):
            d = math.dist(pts[i], pts[j])
            if j in geo.neighbours[i]:
                assert d == pytest.approx(w, abs=1e-6)
            else:
                assert d > w * 1.5
    for r in range(rows):
        x0, y0 = pts[r * cols]
        assert x0 - pts[0][0] == pytest.approx(w / 2 if r % 2 else 0.0)  # row r + 1
        assert pts[0][1] - y0 == pytest.approx(1.5 * grid.s * r)


def test_pad_sheet_coordinates_sit_on_the_hexes(a4_kit: Path) -> None:
    """On the printed pad the column letters above the grid stand over row 1's hexes, those
    under it over the last row's (shifted half a hex when the last row is even), and the
    row numbers beside each row; the four quadrant names are printed."""
    art, ax, ay = pad_cells_layout(STANDARD_COLS, STANDARD_ROWS, "a4")
    grid, cols, rows = art.grid, STANDARD_COLS, STANDARD_ROWS
    gx, gy = ax + art.side, ay + art.band
    ph = PAPER["a4"][1]
    with pdfplumber.open(a4_kit / "pads.pdf") as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if abs(c["size"] - art.coord_pt) < 0.05]
        words_ = " ".join((page.extract_text() or "").split())
    for q in QUADRANTS:
        assert q.upper() in words_

    def near(text: str, x: float, y: float) -> bool:
        # pdfplumber's top is from the page top in points
        for c in chars:
            cx = (c["x0"] + c["x1"]) / 2 / PT
            cy = ph - (c["top"] + c["bottom"]) / 2 / PT
            if c["text"] == text and abs(cx - x) < 0.6 and abs(cy - y) < 4.0:
                return True
        return False

    last = (rows - 1) * cols
    for c in range(cols):
        letter = chr(ord("A") + c)
        tx, _ = grid.centre(c)
        bx, _ = grid.centre(last + c)
        assert near(letter, gx + tx, gy + grid.height + 1.5), letter
        assert near(letter, gx + bx, gy - 1.5), letter
        assert bx - tx == pytest.approx(grid.hex_w / 2 if rows % 2 == 0 else 0.0)
    for r in range(rows):
        _, ly = grid.centre(r * cols)
        found = [c for c in chars if c["text"] == str(r + 1)[-1]
                 and abs(ph - (c["top"] + c["bottom"]) / 2 / PT - (gy + ly)) < 1.0]
        assert len(found) >= 2, r + 1  # left and right


def test_quadrant_patterns_differ() -> None:
    """Each quadrant (and die) colour has its own pattern, so greyscale prints tell them
    apart (red and blue are close in grey)."""
    patterns = [HUES[q].pattern for q in QUADRANTS]
    assert len(set(patterns)) == 4 and "plain" not in patterns


# -- dice --------------------------------------------------------------------------------------

Vec = tuple[int, int, int]


def _neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


def _fold(net: Any) -> dict[int, dict[str, Vec]]:
    """Roll a cube over the net from face 0: each face's outward normal and the directions
    of its right and up edges."""
    e = net.edge
    cells = {(round(fx / e), round((fy - net.origin[1]) / e)): k
             for k, (_, fx, fy) in enumerate(net.faces)}
    frames = {0: {"n": (0, 0, 1), "r": (1, 0, 0), "u": (0, 1, 0)}}
    pos = {k: p for p, k in cells.items()}
    todo = [0]
    while todo:
        k = todo.pop()
        f = frames[k]
        c, r = pos[k]
        for (dc, dr), nxt in {(1, 0): lambda f: {"n": f["r"], "r": _neg(f["n"]), "u": f["u"]},
                              (-1, 0): lambda f: {"n": _neg(f["r"]), "r": f["n"], "u": f["u"]},
                              (0, 1): lambda f: {"n": f["u"], "r": f["r"], "u": _neg(f["n"])},
                              (0, -1): lambda f: {"n": _neg(f["u"]), "r": f["r"],
                                                  "u": f["n"]}}.items():
            j = cells.get((c + dc, r + dr))
            if j is not None and j not in frames:
                frames[j] = nxt(f)
                todo.append(j)
    return frames


def _cube_edge(net: Any, frames: dict[int, dict[str, Vec]], seg: Any) -> frozenset[Vec]:
    """The cube edge a net segment becomes: (face normal, direction of the side)."""
    ends = {(round(x, 6), round(y, 6)) for x, y in seg}
    e = net.edge
    for k, (_, fx, fy) in enumerate(net.faces):
        sides = {"down": ((fx, fy), (fx + e, fy)), "up": ((fx, fy + e), (fx + e, fy + e)),
                 "left": ((fx, fy), (fx, fy + e)), "right": ((fx + e, fy), (fx + e, fy + e))}
        for side, ends_ in sides.items():
            if {(round(x, 6), round(y, 6)) for x, y in ends_} == ends:
                f = frames[k]
                d = {"up": f["u"], "down": _neg(f["u"]), "right": f["r"],
                     "left": _neg(f["r"])}[side]
                return frozenset({f["n"], d})
    raise AssertionError(f"segment {seg} is no face side")


@pytest.mark.parametrize("die", DICE)
def test_each_net_folds_into_a_cube(die: str) -> None:
    """Six faces G P A C S blank; folding the net puts them on six different cube faces;
    the five folds and the seven tab/cut pairs cover the twelve cube edges once each, every
    glue tab meeting a plainly cut edge."""
    net = die_net(die, 20.0)
    assert [f[0] for f in net.faces] == list(FACES)
    assert len(net.folds) == 5 and len(net.tabs) == 7 and len(net.cuts) == 7
    frames = _fold(net)
    assert len(frames) == 6
    assert len({f["n"] for f in frames.values()}) == 6
    folds = Counter(_cube_edge(net, frames, s) for s in net.folds)
    tabs = Counter(_cube_edge(net, frames, s) for s in net.tabs)
    cuts = Counter(_cube_edge(net, frames, s) for s in net.cuts)
    assert max(folds.values()) == max(tabs.values()) == max(cuts.values()) == 1
    assert set(tabs) == set(cuts)
    assert not set(folds) & set(tabs)
    assert len(set(folds) | set(tabs)) == 12


def test_dice_page_has_five_nets_of_six_named_faces(a4_kit: Path) -> None:
    """One page, five nets; every face prints its die's colour name (read in greyscale)."""
    reader = pypdf.PdfReader(a4_kit / "dice.pdf")
    assert len(reader.pages) == 1
    words_ = (reader.pages[0].extract_text() or "").split()
    counts = Counter(w.lower() for w in words_)
    for die in DICE:
        assert counts[die] >= 6, (die, counts[die])


# -- reproducible ------------------------------------------------------------------------------

def test_same_seed_same_bytes(a4_kit: Path, tmp_path: Path) -> None:
    again = hubble_run("kit", tmp_path / "again", "--lang", "en,fr,de", "--players", "2",
                       "--seed", "5")
    for path in sorted(a4_kit.rglob("*")):
        if path.is_file():
            assert (again / path.relative_to(a4_kit)).read_bytes() == path.read_bytes(), path
    other = hubble_run("kit", tmp_path / "other", "--lang", "en,fr,de", "--players", "2",
                       "--seed", "6")
    assert (other / "cards.pdf").read_bytes() != (a4_kit / "cards.pdf").read_bytes()


def test_bad_options_are_one_line(tmp_path: Path) -> None:
    for args, word in ((["--players", "0"], "players"), (["--lang", "it"], "lang"),
                       (["--pad-size", "5x4"], "pad")):
        result = CliRunner().invoke(cli, ["hubble", "kit", "-q", "-o", str(tmp_path / "x"),
                                          *args])
        assert result.exit_code == 2, (args, result.output)
        assert word in result.output.lower()
