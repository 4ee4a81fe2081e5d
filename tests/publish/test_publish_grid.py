"""The rectangular grid of publish.sheets: columns, rows and gutters computed from the item's
trim size, its bleed, the paper and the printer margin; errors that name the field at fault."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from sheet_items import BLEED, Card

from spacebowl_print.cli.publishing import kit_command
from spacebowl_print.games import find_game
from spacebowl_print.publish.items import LayoutError
from spacebowl_print.publish.sheets import impose, plan_layout, plan_sheets
from spacebowl_print.render.api import PAPER, PdfOptions
from spacebowl_print.render.pdf import pdf_bytes

kit = kit_command(find_game("spacebowl"))  # the command the registry builds

# (paper, trim, margin, columns, rows, gutter x, gutter y) — worked out by hand:
# n items fit with gutters when n·t + (n − 1)·2b + 2b ≤ space, abutting when n·t + 2b ≤ space.
GRIDS = [
    ("a4", (63.0, 88.0), 0.0, 3, 3, 6.0, 6.0),      # 207 ≤ 210, 282 ≤ 297
    ("letter", (63.0, 88.0), 0.0, 3, 3, 6.0, 0.0),  # 282 > 279.4: rows abut, 270 fits
    ("a4", (88.0, 126.0), 0.0, 2, 2, 6.0, 6.0),     # large cards: 188 ≤ 210, 264 ≤ 297
    ("letter", (88.0, 126.0), 0.0, 2, 2, 6.0, 6.0),  # 188 ≤ 215.9, 264 ≤ 279.4
    ("a4", (44.0, 63.0), 0.0, 4, 4, 6.0, 6.0),      # mini cards: 200 ≤ 210, 276 ≤ 297
    ("letter", (44.0, 63.0), 0.0, 4, 4, 6.0, 6.0),  # 200 ≤ 215.9, 276 ≤ 279.4
    ("a4", (25.0, 25.0), 0.0, 8, 11, 0.0, 0.0),     # small tiles: 8·25+6 = 206, 11·25+6 = 281
    ("letter", (25.0, 25.0), 0.0, 8, 10, 0.0, 0.0),  # 206 ≤ 215.9, 256 ≤ 279.4 < 281
    ("a4", (63.0, 88.0), 5.0, 3, 3, 0.0, 6.0),      # a 5 mm margin: 207 > 200, columns abut
    ("a4", (120.0, 180.0), 0.0, 1, 1, 6.0, 6.0),    # one big item, centred
]


@pytest.mark.parametrize(("paper", "trim", "margin", "cols", "rows", "gx", "gy"), GRIDS)
def test_grid_is_computed_from_item_bleed_and_paper(paper: str, trim: tuple[float, float],
                                                    margin: float, cols: int, rows: int,
                                                    gx: float, gy: float) -> None:
    layout = plan_layout(PAPER[paper], trim, BLEED, margin=margin)
    assert (layout.x.count, layout.y.count) == (cols, rows)
    assert (layout.x.gutter, layout.y.gutter) == (gx, gy)
    pw, ph = PAPER[paper]
    (bx0, bx1), (by0, by1) = layout.x.block, layout.y.block
    assert bx0 == pytest.approx(pw - bx1) and by0 == pytest.approx(ph - by1)  # centred
    assert bx0 >= margin - 1e-9 and by0 >= margin - 1e-9  # inside the printable area
    # one more column or row would not fit even abutting
    assert (cols + 1) * trim[0] + 2 * BLEED > pw - 2 * margin
    assert (rows + 1) * trim[1] + 2 * BLEED > ph - 2 * margin
    boxes = [layout.front_trim(i) for i in range(layout.per_sheet)]
    for (x0, y0, w0, h0), (x1, y1, w1, h1) in itertools.combinations(boxes, 2):
        assert min(x0 + w0, x1 + w1) - max(x0, x1) <= 1e-9 or \
            min(y0 + h0, y1 + h1) - max(y0, y1) <= 1e-9


def test_items_of_any_size_impose_with_their_own_count_per_sheet() -> None:
    items = [Card(k, 88.0, 126.0) for k in range(1, 10)]
    imp = impose(items, Card(0, 88.0, 126.0), paper=PAPER["a4"], bleed=BLEED)
    fronts = [p for p in imp.cut_guide["pages"] if p["side"] == "front"]
    assert [len(p["cards"]) for p in fronts] == [4, 4, 1]
    assert all(set(c) == {"id", "x", "y", "w", "h"} for p in fronts for c in p["cards"])


def test_fold_mode_uses_the_left_half() -> None:
    layout = plan_layout(PAPER["a4"], (63.0, 88.0), BLEED, fold=True)
    assert (layout.x.count, layout.y.count) == (1, 3)
    assert layout.x.block[1] <= 105 - 3 + 1e-9


@pytest.mark.parametrize(("call", "field"), [
    (lambda: plan_sheets([], PAPER["a4"], BLEED), "items"),
    (lambda: plan_sheets([Card(1, 250.0, 100.0)], PAPER["a4"], BLEED), "items"),
    (lambda: plan_sheets([Card(1, 63.0, 88.0), Card(2, 70.0, 90.0)], PAPER["a4"], BLEED),
     "items"),
    (lambda: plan_sheets([Card(1, 63.0, 88.0)], PAPER["a4"], -1.0), "bleed"),
    (lambda: plan_sheets([Card(1, 63.0, 88.0)], PAPER["a4"], BLEED, margin=200.0), "margin"),
    (lambda: impose([Card(1, 63.0, 88.0)], [], paper=PAPER["a4"], bleed=BLEED), "back"),
    (lambda: impose([Card(1, 63.0, 88.0)], Card(0, 60.0, 88.0), paper=PAPER["a4"],
                    bleed=BLEED), "back"),
])
def test_layout_errors_name_the_field(call: object, field: str) -> None:
    assert callable(call)
    with pytest.raises(LayoutError) as info:
        call()
    assert info.value.field == field
    assert "--" not in str(info.value)  # no command-line option below the CLI


def test_space_bowl_reports_layout_errors_as_its_card_size(tmp_path: Path) -> None:
    """180 mm cards do not fit half a sheet in fold mode: the kit's parts name its
    ``card_size`` field, and the command its option."""
    result = CliRunner().invoke(kit, ["-o", str(tmp_path / "c"), "--card-size", "180x180",
                                      "--fold", "--cards-only"])
    assert result.exit_code == 2
    assert result.output.startswith("Error: --card-size: a 180x180 mm item")


def test_duplex_check_names_no_option_unless_told() -> None:
    def back_page_text(**kw: str) -> str:
        imp = impose([Card(1, 63.0, 88.0)], Card(0, 63.0, 88.0), paper=PAPER["a4"],
                     bleed=BLEED, **kw)  # type: ignore[arg-type]
        data = pdf_bytes(imp.pages[-1:], PdfOptions())
        return pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text()

    assert "--" not in back_page_text()
    assert "the back offset set to X,Y" in back_page_text()
    assert "--back-offset X,Y" in back_page_text(offset_hint="--back-offset X,Y")
