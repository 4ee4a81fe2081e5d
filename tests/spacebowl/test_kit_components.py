"""The print-and-play kit components (Ship Computer, scoretrack, tokens, rule summaries),
rendered with the PDF backend and read back with pypdf / pdfplumber."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Sequence
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from spacebowl_print.games.spacebowl.art import rules, sheetframe
from spacebowl_print.games.spacebowl.art.rules import (
    rules_pages,
    rules_text,
    signed,
    worked_example,
)
from spacebowl_print.games.spacebowl.art.scoretrack import scoretrack_pages
from spacebowl_print.games.spacebowl.art.shipcomputer import parse_box, ship_computer_pages
from spacebowl_print.games.spacebowl.art.tokens import token_pages
from spacebowl_print.games.spacebowl.model import Deck, parse_deck
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.games.spacebowl.rules.scoring import Play, score_round
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render import furniture, palette
from spacebowl_print.render.api import PAPER, PT_PER_MM, Page
from spacebowl_print.render.markdown import parse_markdown
from spacebowl_print.render.pdf import pdf_bytes, write_pdf

MM_PER_PT = 1 / PT_PER_MM


@pytest.fixture(scope="module")
def deck() -> Deck:
    return parse_deck(deck_path("classic").read_text(encoding="utf-8"), "classic")


def _pdf(pages: Sequence[Page], tmp: Path, name: str) -> Path:
    path = tmp / f"{name}.pdf"
    write_pdf(pages, path)
    return path


@functools.cache
def _text(path: Path) -> str:
    """All text of a PDF in drawing order (pypdf: fast, and our pages draw in reading
    order), line breaks and no-break spaces turned into single plain spaces."""
    return _flat("\n".join(page.extract_text() for page in PdfReader(path).pages))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory, deck: Deck) -> dict[str, Path]:
    """Every component on both papers, rendered once for the module."""
    tmp = tmp_path_factory.mktemp("kit")
    out: dict[str, Path] = {}
    for paper in ("a4", "letter"):
        ctx = RenderContext(paper=paper)
        out[f"ship-{paper}"] = _pdf(ship_computer_pages(ctx, 150, deck.planets), tmp,
                                    f"ship-{paper}")
        out[f"score-{paper}"] = _pdf(scoretrack_pages(ctx), tmp, f"score-{paper}")
        out[f"tokens-{paper}"] = _pdf(token_pages(ctx, deck.planets), tmp, f"tokens-{paper}")
        for lang in ("en", "fr", "de"):
            out[f"rules-{lang}-{paper}"] = _pdf(rules_pages(RenderContext(lang, paper=paper), deck),
                                                tmp, f"rules-{lang}-{paper}")
    return out


# ---------------------------------------------------------------- paper
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("part", ["ship", "score", "tokens", "rules-en", "rules-fr", "rules-de"])
def test_every_page_has_the_paper_size(pdfs: dict[str, Path], part: str, paper: str) -> None:
    w, h = PAPER[paper]
    reader = PdfReader(pdfs[f"{part}-{paper}"])
    assert len(reader.pages) >= 1
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) * MM_PER_PT == pytest.approx(w, abs=0.05)
        assert float(box.height) * MM_PER_PT == pytest.approx(h, abs=0.05)


def test_unknown_paper_and_language_are_refused(deck: Deck) -> None:
    with pytest.raises(ValueError, match="paper"):
        scoretrack_pages(RenderContext(paper="b5"))
    with pytest.raises(ValueError, match="language"):
        rules_pages(RenderContext("it"), deck)


# ---------------------------------------------------------------- Ship Computer
def _space_rects(path: Path, page: int = 0, min_w: float = 20
                 ) -> list[tuple[float, float, float, float]]:
    """(x0, top, width, height) in mm of the rectangles of a page that look like spaces."""
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page]
        return [(float(r["x0"]) * MM_PER_PT, float(r["top"]) * MM_PER_PT,
                 float(r["width"]) * MM_PER_PT, float(r["height"]) * MM_PER_PT)
                for r in p.rects if r["stroke"] and float(r["width"]) * MM_PER_PT > min_w]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_grid_spaces_measure_a_third_of_the_box(pdfs: dict[str, Path], paper: str) -> None:
    rects = [r for r in _space_rects(pdfs[f"ship-{paper}"]) if abs(r[2] - 50) < 1]
    assert len(rects) == 9
    for _, _, w, h in rects:
        assert w == pytest.approx(150 / 3, abs=0.1)
        assert h == pytest.approx(150 / 3, abs=0.1)
    xs = sorted({round(x, 1) for x, _, _, _ in rects})
    tops = sorted({round(t, 1) for _, t, _, _ in rects})
    assert len(xs) == 3 and len(tops) == 3  # a 3×3 grid, not 9 stray boxes


def test_rectangular_box_and_space_names(tmp_path: Path, deck: Deck) -> None:
    pages = ship_computer_pages(RenderContext(ink_saver=True), (160, 120), deck.planets)
    path = _pdf(pages[:1], tmp_path, "rect")
    rects = [r for r in _space_rects(path) if abs(r[2] - 160 / 3) < 1]
    assert len(rects) == 9
    assert all(h == pytest.approx(40, abs=0.1) for _, _, _, h in rects)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        words = {w["text"]: w for w in page.extract_words()}
        text = page.extract_text()
    # Spaces are numbered 1–9 in reading order, like the rule summaries and booklets: 1 top
    # left, 5 centre, 9 bottom right (pdfplumber's "top" grows down). Each number sits in
    # the space it names.
    for k in range(9):
        r, c = divmod(k, 3)
        word = words[str(k + 1)]
        x, top = float(word["x0"]) * MM_PER_PT, float(word["top"]) * MM_PER_PT
        assert 160 / 3 * c < x - rects_left(rects) < 160 / 3 * (c + 1)
        assert 40 * r < top - rects_top(rects) < 40 * (r + 1)
    # ...and no galaxy-card name (A1–C3) names a space anywhere on the sheet.
    assert not re.search(r"\b[A-C][1-3]\b", text), text


def rects_left(rects: list[tuple[float, float, float, float]]) -> float:
    return min(x for x, _, _, _ in rects)


def rects_top(rects: list[tuple[float, float, float, float]]) -> float:
    return min(t for _, t, _, _ in rects)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("box", [60, 150])
def test_grid_texts_stay_in_their_space_at_6pt_or_more(tmp_path: Path, deck: Deck, lang: str,
                                                       box: float) -> None:
    """The learning-mode note is wrapped (never shrunk under 6 pt) and stays inside space 5,
    even in the smallest box."""
    path = _pdf(ship_computer_pages(RenderContext(lang), box, deck.planets)[:1], tmp_path,
                "small")
    rects = [r for r in _space_rects(path, min_w=15) if abs(r[2] - box / 3) < 0.5]
    assert len(rects) == 9
    x0, t0 = rects_left(rects), rects_top(rects)
    with pdfplumber.open(path) as pdf:
        chars = [ch for ch in pdf.pages[0].chars if ch["text"].strip()]
    inside = [ch for ch in chars
              if x0 <= float(ch["x0"]) * MM_PER_PT <= x0 + box
              and t0 <= float(ch["top"]) * MM_PER_PT <= t0 + box]
    assert inside and min(float(ch["size"]) for ch in inside) >= 5.99
    s = box / 3
    for ch in inside:
        if float(ch["size"]) < 6.5:  # the note, in space 5
            left, right = float(ch["x0"]) * MM_PER_PT, float(ch["x1"]) * MM_PER_PT
            top, bottom = float(ch["top"]) * MM_PER_PT, float(ch["bottom"]) * MM_PER_PT
            assert x0 + s <= left and right <= x0 + 2 * s
            assert t0 + s <= top and bottom <= t0 + 2 * s


def test_ship_computer_sheets_and_tiling(pdfs: dict[str, Path], deck: Deck) -> None:
    text = _text(pdfs["ship-a4"])
    assert "Ship Computer" in text
    for name in "ABCDEF123456":
        assert re.search(rf"(^|\s){name}(\s|$)", text)
    # A box too large for the paper is tiled (every sheet says which one it is), not cut.
    pages = ship_computer_pages(RenderContext(paper="letter"), 260, deck.planets)
    assert len(pages) > 4
    assert "sheet 1 of" in pdf_text_of(pages)


def pdf_text_of(pages: Sequence[Page]) -> str:
    reader = PdfReader(io.BytesIO(pdf_bytes(pages)))
    return _flat("\n".join(page.extract_text() for page in reader.pages))


@pytest.mark.parametrize(("w", "h"), [(200, 200), (500, 90), (90, 500), (300, 250)])
def test_tiles_cover_the_whole_art(w: float, h: float) -> None:
    room = furniture.content_box(*PAPER["letter"])
    plan = furniture.plan_tiles(w, h, room.w, room.h)
    aw, ah = (h, w) if plan.rotated else (w, h)
    assert plan.win_w <= room.w + 1e-9 and plan.win_h <= room.h + 1e-9
    covered_w = plan.cols * plan.win_w - (plan.cols - 1) * plan.overlap
    covered_h = plan.rows * plan.win_h - (plan.rows - 1) * plan.overlap
    assert covered_w == pytest.approx(aw) and covered_h == pytest.approx(ah)


@pytest.mark.parametrize(("text", "size"), [
    ("150mm", (150, 150)), ("150", (150, 150)), ("15cm", (150, 150)),
    ("160x140mm", (160, 140)), ("16 cm × 14 cm", (160, 140)), ("6in", (152.4, 152.4)),
])
def test_parse_box(text: str, size: tuple[float, float]) -> None:
    assert parse_box(text) == pytest.approx(size)


@pytest.mark.parametrize("text", ["", "big", "10mm", "150x", "2m"])
def test_parse_box_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_box(text)


# ---------------------------------------------------------------- scoretrack and tokens
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_scoretrack_has_19_spaces(pdfs: dict[str, Path], paper: str) -> None:
    with pdfplumber.open(pdfs[f"score-{paper}"]) as pdf:
        page = pdf.pages[0]
        big = [w["text"] for w in page.extract_words(extra_attrs=["size"]) if w["size"] > 20]
        text = page.extract_text()
    assert sorted(big, key=int) == [str(n) for n in range(19)]
    assert "START" in text and "END" in text
    for pc in palette.PLAYER_COLOURS:
        assert pc.name("en") in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tokens_sheet(pdfs: dict[str, Path], deck: Deck, paper: str) -> None:
    text = _text(pdfs[f"tokens-{paper}"])
    # Each strip: the Ship face then the Red Button face, both with the colour's number.
    strips = re.findall(r"Ship (\d) Red Button \1", text)
    assert sorted(strips) == [str(n) for n in range(1, 9)]
    for pc in palette.PLAYER_COLOURS:
        assert f"{pc.number} · {pc.name('en')}" in text
    for p in deck.planets:
        assert f"{p.name} ({p.id})" in text
    for word in ("Destination", "Black Hole", "Wild", "Captain"):
        assert word in text


def test_player_colours_are_distinct_in_colour_and_pattern() -> None:
    colours = palette.PLAYER_COLOURS
    assert len(colours) == 8
    assert len({c.colour for c in colours}) == 8
    assert len({c.pattern for c in colours}) == 8
    for lang in sheetframe.LABELS:
        assert len({c.name(lang) for c in colours}) == 8


def test_output_is_deterministic(deck: Deck) -> None:
    def build() -> bytes:
        return pdf_bytes(token_pages(RenderContext(ink_saver=True), deck.planets)
                         + scoretrack_pages(RenderContext(ink_saver=True, paper="letter"))
                         + rules_pages(RenderContext("fr", ink_saver=True), deck))

    assert build() == build()


# ---------------------------------------------------------------- rule summaries
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_rules_fit_on_two_pages(pdfs: dict[str, Path], lang: str, paper: str) -> None:
    assert 1 <= len(PdfReader(pdfs[f"rules-{lang}-{paper}"]).pages) <= 2


@pytest.mark.parametrize(("lang", "needles"), [
    ("en", ["Ship Computer", "galaxy", "Wild token", "“Go!”", "“We are all going to die!”"]),
    ("fr", ["Ordinateur de bord", "Galaxie", "Joker", "« Go ! »", "« On va tous mourir ! »",
            "é", "è", "à", "ç", "Équipage"]),
    ("de", ["Schiffscomputer", "Galaxie", "Joker", "„Los!“", "„Wir werden alle sterben!“",
            "ä", "ö", "ü", "ß", "schließt"]),
])
def test_rules_text_is_extractable_with_accents(pdfs: dict[str, Path], lang: str,
                                                needles: list[str]) -> None:
    text = _text(pdfs[f"rules-{lang}-a4"])
    for needle in needles:
        assert needle in text, needle


def test_french_quotes_never_break(deck: Deck) -> None:
    text = rules_text("fr", deck)
    assert "« Go ! »" not in text  # the spaces are no-break spaces...
    assert "«\u00a0Go\u00a0!\u00a0»" in text  # ...so the wrapper keeps the call whole


def _example_rows(text: str) -> list[tuple[str, str, int, int]]:
    """(player, signed points, before, after) of every example-table row, in order: the
    player's name, the table rows applied (no sentence punctuation), the points, the score."""
    pat = re.compile(r"\b(Ana|Ben|Cleo|Dan) [^.•→]*?([+−]\d+|0) (\d+) → (\d+)")
    return [(m[1], m[2], int(m[3]), int(m[4])) for m in pat.finditer(text)]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_worked_example_numbers_come_from_score_round(pdfs: dict[str, Path],
                                                      lang: str) -> None:
    # Replay the example's rounds through the engine, independently of worked_example().
    expected: list[tuple[str, str, int, int]] = []
    scores = dict(rules._START)
    for valid_names, acts in rules._ROUNDS:
        valid = {rules._pos(v) for v in valid_names}
        plays = [Play(a.name, rules._pos(a.card) if a.card else None, go_caller=a.go,
                      doom_caller=a.doom, red_button=a.red, used_wild=a.wild) for a in acts]
        result = score_round(plays, valid, scores)
        expected += [(a.name, signed(result.deltas[a.name]), scores[a.name],
                      result.scores[a.name]) for a in acts]
        scores = dict(result.scores)
    assert _example_rows(_text(pdfs[f"rules-{lang}-a4"])) == expected
    # The example exercises the floor at 0 and both kinds of round hand-over.
    ex = worked_example()
    assert any(p["floored"] for r in ex["rounds"] for p in r["players"])


def _table_points(cell: str) -> int:
    m = re.match(r"([+−])(\d)", cell)
    return 0 if not m else (1 if m[1] == "+" else -1) * int(m[2])


def _marginals(found: bool) -> list[int | None]:
    """What score_round gives for each row of the scoring table, measured by difference of
    two plays (None where the situation cannot happen)."""
    V, W, X = rules._pos("A1"), rules._pos("B1"), rules._pos("C1")  # valid, valid, wrong
    valid = {V, W} if found else set()
    base = {"P": 4, "Q": 4, "R": 4}

    def delta(*plays: Play) -> int:
        return score_round(list(plays), valid, base).deltas["P"]

    other = Play("Q", V if found else X)  # someone else sharing card V (or wrong)
    if found:
        shared = delta(Play("P", V), other)
        rows: list[int | None] = [
            shared,
            delta(Play("P", V, go_caller=True), other) - shared,
            delta(Play("P", W), other) - shared,
            delta(Play("P", V, used_wild=True), other) - shared,
        ]
    else:
        rows = [None, None, None, delta(Play("P", X, used_wild=True)) - delta(Play("P", X))]
    wrong = delta(Play("P", X), Play("Q", V if found else X))
    red = delta(Play("P", red_button=True), Play("Q", V if found else None))
    rows += [
        wrong,
        delta(Play("P", X, go_caller=True), Play("Q", V if found else X)) - wrong,
        delta(Play("P", doom_caller=True), Play("Q", V if found else None)) - red,
        red,
    ]
    return rows


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("column", [1, 2], ids=["found", "not-found"])
def test_scoring_table_agrees_with_the_engine(deck: Deck, lang: str, column: int) -> None:
    _, blocks = parse_markdown(rules_text(lang, deck))
    table = next(b for b in blocks if b.kind == "table")
    assert table.header and len(table.rows) == 9
    engine = _marginals(found=column == 1)
    for i, (row, points) in enumerate(zip(table.rows[1:], engine, strict=True)):
        if points is None:
            assert row[column] == "—"
        else:
            assert _table_points(row[column]) == points, (i, row)


def test_toss_example_is_solved_by_both_engines(pdfs: dict[str, Path], deck: Deck) -> None:
    from spacebowl_print.games.spacebowl.model import Galaxy, Toss, cell_name, parse_space
    from spacebowl_print.games.spacebowl.rules import bitboard

    data = rules.toss_example(deck)
    galaxy = Galaxy.from_strings(data["galaxy"])
    marbles = {letter: parse_space(sp["space"]) for sp in data["spaces"]
               for letter in sp["letters"]}
    toss = Toss(parse_space(data["destination"]), marbles)
    assert data["solutions"] == [cell_name(s.cell) for s in bitboard.solve(galaxy, toss,
                                                                          deck.letters)]
    assert len(data["solutions"]) >= 1
    # The summary names the valid card the engines found.
    assert f"card {data['solutions'][0]}" in _text(pdfs["rules-en-a4"])
