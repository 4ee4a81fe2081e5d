"""Deck health (check warnings, verdicts, puzzle refusal), the deck report (figures equal to
``stats --json``, pages that print cleanly and identically), and the solar-system deck."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.art.charts import nice_ticks
from spacebowl_print.games.spacebowl.art.report import (
    deck_check_warnings,
    format_distribution,
    report_data,
    report_pages,
)
from spacebowl_print.games.spacebowl.cli.deck_cmd import deck_group
from spacebowl_print.games.spacebowl.cli.deck_design_cmd import design
from spacebowl_print.games.spacebowl.cli.stats_cmd import stats_command
from spacebowl_print.games.spacebowl.model import Deck, parse_deck
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.games.spacebowl.rules.deck_health import (
    DEFAULT_MEAN_BAND,
    DEFAULT_NONE_BAND,
    Bands,
    check_galaxies,
    deck_bands,
    deck_warnings,
    puzzle_refusal,
    structure_warnings,
    verdict,
)
from spacebowl_print.games.spacebowl.rules.stats import VariantStats
from spacebowl_print.render.pdf import pdf_bytes


def _deck(name: str) -> Deck:
    return parse_deck((decks_dir() / f"{name}.toml").read_text("utf-8"), name)


@pytest.fixture(scope="module")
def classic() -> Deck:
    return _deck("classic")


@pytest.fixture(scope="module")
def solar() -> Deck:
    return _deck("solar-system")


def _with_cards(deck: Deck, planets: str | None = None, count: int | None = None,
                black_hole: bool | None = None) -> Deck:
    cards = deck.cards[: count or len(deck.cards)]
    cards = tuple(dataclasses.replace(c, planets=planets if planets is not None else c.planets,
                                      black_hole=c.black_hole if black_hole is None
                                      else black_hole) for c in cards)
    return dataclasses.replace(deck, cards=cards)


# -- check warnings -------------------------------------------------------------------

def test_shipped_decks_play_well(classic: Deck, solar: Deck) -> None:
    assert deck_warnings(classic) == [] and deck_warnings(solar) == []
    assert deck_check_warnings(solar) == []  # its SVG art has no resolution limit


def test_structure_warnings(classic: Deck) -> None:
    no_p = _with_cards(classic, planets="RY")
    lines = structure_warnings(no_p)
    assert sum("is on no card" in ln for ln in lines) == 4
    assert any(ln.startswith("planet G (Verdant) is on no card") for ln in lines)
    lines = structure_warnings(_with_cards(classic, count=30, black_hole=False))
    assert lines == [
        "30 cards: a standard game deals 35 (a 5×5 galaxy and 10 for the Infinity & Beyond "
        "deck)",
        "30 cards: booklets and classroom sets need at least 37 (6×6 galaxies and a top card)",
        "no card shows a black hole: the black-hole variant never happens"]
    assert structure_warnings(_with_cards(classic, count=20))[0].startswith(
        "20 cards: a game needs at least 26")


def test_far_off_difficulty_is_warned_and_cheaply(classic: Deck) -> None:
    lopsided = _with_cards(classic, planets="RYGSBP")
    assert check_galaxies(lopsided) == 4 and check_galaxies(classic) == 60
    lines = deck_warnings(lopsided)
    assert len(lines) == 1 and lines[0].startswith("difficulty far outside the design bands")
    assert "almost every toss is trivially solved" in lines[0]


def test_check_command_output_is_unchanged_for_valid_decks(classic: Deck) -> None:
    result = CliRunner().invoke(deck_group, ["check", "solar-system"])
    assert result.exit_code == 0 and "valid deck 'solar-system'" in result.output


# -- bands and verdicts -------------------------------------------------------------------

def test_default_bands_are_the_designers_defaults() -> None:
    defaults = {p.name: p.default for p in design.params}
    assert defaults["target_none"] == "-".join(f"{v:g}" for v in DEFAULT_NONE_BAND)
    assert defaults["target_mean"] == "-".join(f"{v:g}" for v in DEFAULT_MEAN_BAND)


def test_bands_come_from_the_design_table(classic: Deck) -> None:
    assert deck_bands(classic) == Bands((0.2, 0.35), (1.0, 2.0), "design")
    custom = dataclasses.replace(classic, design={"target_none": "0.1-0.2",
                                                  "target_mean": "2-3"})
    assert deck_bands(custom) == Bands((0.1, 0.2), (2.0, 3.0), "design")
    assert deck_bands(dataclasses.replace(classic, design={})).source == "default"


@pytest.mark.parametrize(("none", "mean", "status", "far"), [
    (0.27, 1.5, "in band", False),
    (0.40, 1.2, "harder", False),
    (0.60, 0.4, "far harder", True),
    (0.10, 2.5, "easier", False),
    (0.01, 9.0, "far easier", True),
    (0.45, 2.6, "uneven", False),
])
def test_verdicts(none: float, mean: float, status: str, far: bool) -> None:
    v = verdict(VariantStats("base", none, mean, (none,), 1), Bands((0.2, 0.35), (1, 2), "x"))
    assert (v.status, v.far) == (status, far)
    assert v.line.startswith("base: ") and f"{100 * none:.1f} %" in v.line
    other = verdict(VariantStats("rotation", none, mean, (none,), 1),
                    Bands((0.2, 0.35), (1, 2), "x"))
    assert other.status == status and "base game's bands" in other.line


# -- refusing puzzles -------------------------------------------------------------------

def test_shipped_decks_can_make_every_tier(classic: Deck, solar: Deck) -> None:
    assert puzzle_refusal(classic, TIERS) is None
    assert puzzle_refusal(solar, TIERS) is None


def test_lopsided_and_small_decks_are_refused_in_one_line(classic: Deck) -> None:
    why = puzzle_refusal(_with_cards(classic, planets="RYGSBP"), TIERS)
    assert why is not None and "\n" not in why
    assert why.startswith("deck 'classic' cannot make tier 1 puzzles: none of ")
    assert "too easy" in why
    # 36 cards deal 5×5 galaxies (tier 1) but not the 6×6 ones of tier 5
    assert puzzle_refusal(_with_cards(classic, count=36), {1: TIERS[1]}) is None
    small = puzzle_refusal(_with_cards(classic, count=36), {5: TIERS[5]})
    assert small == ("deck 'classic' has 36 cards: these tiers need at least 37 (6×6 galaxies "
                     "and a top card)")
    tiny = puzzle_refusal(_with_cards(classic, count=20), {1: TIERS[1]})
    assert tiny == ("deck 'classic' has 20 cards: these tiers need at least 26 (5×5 galaxies "
                    "and a top card)")


# -- the report -------------------------------------------------------------------

def test_report_json_equals_stats_json(tmp_path: Path) -> None:
    stats = CliRunner().invoke(stats_command, ["classic", "--galaxies", "24", "--seed", "5",
                                               "--jobs", "1", "--json"])
    assert stats.exit_code == 0, stats.output
    rep = CliRunner().invoke(deck_group, ["report", "classic", "--galaxies", "24", "--seed",
                                          "5", "--jobs", "1", "--json", "-o",
                                          str(tmp_path / "r.pdf")])
    assert rep.exit_code == 0, rep.output
    a, b = json.loads(stats.output), json.loads(rep.output.splitlines()[0])
    for key in ("deck", "galaxies", "seed", "variants"):
        assert a[key] == b[key], key
    assert set(b["verdicts"]) == set(a["variants"])
    assert b["composition"]["cards"] == 56 and b["sample"]["count"] >= 1
    assert (tmp_path / "r.pdf").stat().st_size > 10_000


def test_report_pages_print_cleanly_and_identically(solar: Deck, tmp_path: Path) -> None:
    data = report_data(solar, 16, 2)
    pdf = pdf_bytes(report_pages(data))
    assert pdf == pdf_bytes(report_pages(report_data(solar, 16, 2)))
    path = tmp_path / "r.pdf"
    path.write_bytes(pdf)
    with pdfplumber.open(path) as doc:
        assert len(doc.pages) == 4
        chars = [c for page in doc.pages for c in page.chars]
        text = doc.pages[0].extract_text()
    assert min(c["size"] for c in chars) >= 6 - 0.01
    assert all("DejaVu" in c["fontname"] for c in chars)
    assert "base: plays as designed" in text


def test_report_needs_an_output() -> None:
    result = CliRunner().invoke(deck_group, ["report", "classic"])
    assert result.exit_code == 2 and "-o REPORT.pdf, --json" in result.output


def test_every_count_of_a_distribution_is_shown() -> None:
    text = format_distribution((0.25, 0.5, 0.2, 0.049, 0.00099, 0.00001))
    assert text == "0: 25.0 %, 1: 50.0 %, 2: 20.0 %, 3: 4.9 %, 4: 0.099 %, 5: 0.001 %"


def test_nice_ticks() -> None:
    assert nice_ticks(0.4) == pytest.approx([0.0, 0.1, 0.2, 0.3, 0.4])
    assert nice_ticks(5.32)[-1] >= 5.32 and nice_ticks(0) == [0.0, 1.0]


# -- the solar-system deck -------------------------------------------------------

def test_solar_system_deck(solar: Deck) -> None:
    assert [p.name for p in solar.planets] == ["Mercury", "Venus", "Earth", "Mars", "Jupiter",
                                               "Saturn"]
    assert solar.theme.show_names and solar.format == 2 and len(solar.cards) == 56
    for p in solar.planets:
        assert p.art is not None and p.art.kind == "svg"
        assert [lang for lang, _ in p.facts] == ["en", "fr", "de"]
    d = solar.design
    assert solar.seed is not None and d["target_none"] == "0.2-0.35"
    assert 0.2 <= d["verified_share_none"] <= 0.35 and 1 <= d["verified_mean_solutions"] <= 2
