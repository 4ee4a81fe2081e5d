"""Docs and ``--help`` agree with the code on every size they state: the named card sizes
(``poker``, ``bridge``, ``2.5x3.5in``), the print-on-demand trims and their custom bounds, Tom
Tube's tile edge. A size is stated as a name followed by its size in brackets — ``poker (63×88
mm)``, ``bridge (2.25x3.5 in: 57.15x88.9 mm)``, ``bridge or 2.5x3.5in (both …)`` — and every
size in those brackets must be the named one's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli
from spacebowl_print.games.spacebowl.art.cardsize import CARD_SIZES
from spacebowl_print.games.tomtube.art.boardsheet import EDGE_MM
from spacebowl_print.publish.layout import CUSTOM_H_IN, CUSTOM_W_IN, TRIMS_IN

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

NAME = r"`?(?:poker|bridge|2\.5x3\.5in)`?(?:\s+cards?)?"
STATED = re.compile(rf"((?:{NAME}(?:\s+or\s+|,\s*))*{NAME})\s*\(([^)]*)\)")
NAMES = re.compile(r"poker|bridge|2\.5x3\.5in")
PAIR = re.compile(r"(\d+(?:\.\d+)?)\s*[×x]\s*(\d+(?:\.\d+)?)\s*(mm|in)\b")


def help_text(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # wrapped lines joined


def stated_card_sizes(text: str) -> list[tuple[str, tuple[float, float], str]]:
    """Every (name, size in mm, the words) where ``text`` states a named card's size."""
    out = []
    for match in STATED.finditer(text):
        pairs = PAIR.findall(match[2])
        for name in NAMES.findall(match[1]):
            for w, h, unit in pairs:
                scale = 25.4 if unit == "in" else 1.0
                out.append((name, (float(w) * scale, float(h) * scale), match[0]))
    return out


def test_card_sizes_in_kit_help_are_the_codes() -> None:
    stated = stated_card_sizes(help_text("kit"))
    assert {name for name, _, _ in stated} == set(CARD_SIZES)  # every name states its size
    for name, size, words in stated:
        assert size == pytest.approx(CARD_SIZES[name], abs=0.005), words


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_card_sizes_in_the_docs_are_the_codes(doc: Path) -> None:
    for line in doc.read_text(encoding="utf-8").splitlines():
        for name, size, words in stated_card_sizes(line):
            assert size == pytest.approx(CARD_SIZES[name], abs=0.005), f"{doc.name}: {words}"


def test_the_docs_state_every_card_size() -> None:
    text = (ROOT / "docs" / "spacebowl.md").read_text(encoding="utf-8")
    assert {name for name, _, _ in stated_card_sizes(text)} == set(CARD_SIZES)


def listing_start(text: str) -> int:
    """Where the ``--trim`` listing starts: the first ``--trim`` followed by several trims."""
    for found in re.finditer(r"--trim", text):
        if "8.5x11in" in text[found.start():found.start() + 200]:
            return found.start()
    raise AssertionError("no --trim listing")


def trims_listed(text: str) -> set[str]:
    """The named trims of a ``--trim`` listing (from "--trim" to "or a custom" / "or WxH")."""
    start = listing_start(text)
    listing = text[start:start + 400].split(" or ")[0]
    return set(re.findall(r"\b(\d+(?:\.\d+)?x\d+(?:\.\d+)?in|a5|a4|letter)\b", listing))


def bounds_stated(text: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The custom trim bounds: "4–8.5 in by 6–11.69 in" or "4 to 8.5 in wide and 6 to
    11.69 in high"."""
    found = re.search(r"(\d+(?:\.\d+)?)\s*(?:–|to)\s*(\d+(?:\.\d+)?) in(?: wide)?"
                      r"(?: by| and)\s*(\d+(?:\.\d+)?)\s*(?:–|to)\s*(\d+(?:\.\d+)?) in",
                      text[listing_start(text):])
    assert found, "no custom trim bounds stated"
    a, b, c, d = (float(v) for v in found.groups())
    return (a, b), (c, d)


@pytest.mark.parametrize("source", ["help", "spacebowl.md", "printing.md"])
def test_print_on_demand_trims_agree(source: str) -> None:
    text = (help_text("booklet") if source == "help"
            else " ".join((ROOT / "docs" / source).read_text(encoding="utf-8").split()))
    assert trims_listed(text) == set(TRIMS_IN) | {"a5", "a4", "letter"}
    assert bounds_stated(text) == (CUSTOM_W_IN, CUSTOM_H_IN)


def test_tom_tube_tile_edge_in_help_is_the_codes() -> None:
    found = re.findall(r"(\d+(?:\.\d+)?) mm edges", help_text("tomtube", "kit"))
    assert found and all(float(v) == EDGE_MM for v in found)
