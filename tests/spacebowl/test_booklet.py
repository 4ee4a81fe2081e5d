"""Puzzle booklets, classroom sets and manifest checks: answers verified, tiers measurable,
saddle order right, nothing written when an answer is wrong."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from statistics import mean

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from spacebowl_print.cli.main import cli
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.spacebowl.model import parse_deck
from spacebowl_print.games.spacebowl.puzzles import kind as spacebowl_kind
from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.publish.booklet import saddle_order

DECK = parse_deck((decks_dir() / "classic.toml").read_text(), "classic.toml")


@pytest.fixture(scope="module")
def year() -> list[SpaceBowlPuzzle]:
    return daily_puzzles(DECK, dt.date(2027, 1, 1), 365, 11, (1, 5))


def test_year_covers_every_variant_and_enough_doom(year: list[SpaceBowlPuzzle]) -> None:
    seen = {v for p in year for v in p.variant_names}
    assert seen >= {"rotation", "torus", "void", "wild", "6x6"}
    assert any(p.toss.black_hole is not None for p in year)
    assert sum(1 for p in year if not p.solutions) / len(year) >= 0.15
    keys = {(p.galaxy.cells, tuple(p.toss.marbles.items()), p.toss.destination,
             p.toss.black_hole, p.variants) for p in year}
    assert len(keys) == len(year)  # no two puzzles identical


def test_tier_features_rise_with_tier(year: list[SpaceBowlPuzzle]) -> None:
    table = {t: {k: mean(p.features()[k] for p in year if p.tier == t)
                 for k in ("marbles", "black_hole", "variants", "near_misses", "decoys_per_card")}
             for t in TIERS}
    for t in TIERS:
        table[t]["doom"] = mean(float(not p.solutions) for p in year if p.tier == t)
    for feature in ("marbles", "near_misses", "black_hole", "variants", "doom"):
        values = [table[t][feature] for t in sorted(table)]
        assert values == sorted(values), (feature, values)
    # decoys: none, then stars, then stars and comets (the same card art from tier 3 on)
    decoys = [table[t]["decoys_per_card"] for t in sorted(table)]
    assert decoys[0] == 0 < decoys[1] < min(decoys[2:])
    assert table[5]["variants"] > table[3]["variants"] > table[1]["variants"]
    assert table[1]["black_hole"] == 0 and table[5]["black_hole"] == 1
    for t, spec in TIERS.items():  # the shares the tier table promises, kept per block of 20
        assert abs(table[t]["black_hole"] - spec.black_hole) <= 0.1, (t, table[t])
        assert abs(table[t]["doom"] - spec.solutions.get(0, 0.0)) <= 0.1, (t, table[t])


def test_every_puzzle_keeps_its_tier_promises(year: list[SpaceBowlPuzzle]) -> None:
    """Exact solutions, near misses inside the band, marbles and variants from the tier's
    list (every entry used), the Wild token needed by some solution, and the tossed
    planets those of a deck card that is not in the galaxy (a possible top card)."""
    for p in year:
        spec = TIERS[p.tier]
        lo, hi = spec.near_misses
        assert len(p.solutions) in spec.solutions
        assert lo <= len(p.near_misses) <= hi, (p.id, len(p.near_misses))
        assert len(p.toss.marbles) in spec.marbles
        assert p.variant_names in spec.variants
        assert (p.variants.wild is not None) == ("wild" in p.variant_names)
        if p.variants.wild is not None:
            assert any(s.wild for s in p.solutions), p.id
        laid = {c for row in p.galaxy.card_ids or () for c in row}
        tossed = frozenset(p.toss.marbles)
        assert any(c.planet_set == tossed and c.id not in laid for c in DECK.cards), p.id
    for t, spec in TIERS.items():
        used = {p.variant_names for p in year if p.tier == t}
        assert used == set(spec.variants), (t, used)


def test_a_longer_run_extends_a_shorter_one(year: list[SpaceBowlPuzzle]) -> None:
    """Puzzle n does not depend on how many puzzles come after it."""
    month = daily_puzzles(DECK, dt.date(2027, 1, 1), 31, 11, (1, 5))
    assert [p.manifest_entry() for p in month] == [p.manifest_entry() for p in year[:31]]


def test_week_ramps_from_easy_to_hard(year: list[SpaceBowlPuzzle]) -> None:
    monday = next(i for i, p in enumerate(year) if p.date and p.date.weekday() == 0)
    week = [p.tier for p in year[monday : monday + 7]]
    assert week == sorted(week) and week[0] == 1 and week[-1] == 5


@pytest.mark.parametrize(("pages", "expected"), [
    (8, [(8, 1), (2, 7), (6, 3), (4, 5)]),
    (12, [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]),
])
def test_saddle_order(pages: int, expected: list[tuple[int, int]]) -> None:
    order = saddle_order(pages)
    assert order == expected
    flat = [n for side in order for n in side]
    assert sorted(flat) == list(range(1, pages + 1))
    for left, right in order:  # facing pages of a folded sheet add up to pages + 1
        assert left + right == pages + 1


def test_booklet_writes_verified_manifest_and_is_reproducible(tmp_path: Path) -> None:
    args = ["booklet", "--days", "9", "--seed", "4", "-q"]
    r1 = CliRunner().invoke(cli, [*args, "-o", str(tmp_path / "a")])
    r2 = CliRunner().invoke(cli, [*args, "-o", str(tmp_path / "b")])
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output
    a, b = tmp_path / "a", tmp_path / "b"
    assert (a / "booklet.pdf").read_bytes() == (b / "booklet.pdf").read_bytes()
    data = json.loads((a / "manifest.json").read_text())
    assert data["deck"] == "classic" and data["seed"] == 4 and len(data["puzzles"]) == 9
    first = data["puzzles"][0]
    assert first["id"] == "2027-01-01"
    assert {"id", "tier", "galaxy", "toss", "variants", "solutions"} <= set(first)
    # the manifest's answers are exactly what `spacebowl solve` prints
    g, t = tmp_path / "g.json", tmp_path / "t.json"
    g.write_text(json.dumps(first["galaxy"]))
    t.write_text(json.dumps(first["toss"]))
    extra = ["--rotation"] * first["variants"]["rotation"] + ["--torus"] * first["variants"][
        "torus"] + (["--wild", first["variants"]["wild"]] if first["variants"]["wild"] else [])
    solved = CliRunner().invoke(cli, ["solve", str(g), str(t), "--json", *extra])
    assert json.loads(solved.stdout)["solutions"] == first["solutions"]
    ok = CliRunner().invoke(cli, ["check", str(a / "manifest.json")])
    assert ok.exit_code == 0 and "all 9 answers and files verified" in ok.stdout


def test_check_names_the_first_bad_puzzle(tmp_path: Path) -> None:
    out = tmp_path / "bk"
    assert CliRunner().invoke(cli, ["booklet", "--days", "5", "-q", "-o", str(out)]).exit_code == 0
    data = json.loads((out / "manifest.json").read_text())
    victim = data["puzzles"][2]
    victim["solutions"] = [] if victim["solutions"] else [
        {"cell": "A1", "rotations": [0], "wild": False}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    r = CliRunner().invoke(cli, ["check", str(bad)])
    assert r.exit_code != 0 and victim["id"] in r.stderr
    junk = tmp_path / "junk.json"
    junk.write_text('{"puzzles": 3}')
    assert CliRunner().invoke(cli, ["check", str(junk)]).exit_code == 2


def test_wrong_answer_aborts_before_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    real = spacebowl_kind.SpaceBowlPuzzles.generate

    def tampered(*args: object, **kwargs: object) -> list[SpaceBowlPuzzle]:
        puzzles = real(*args, **kwargs)  # type: ignore[arg-type]
        import dataclasses

        p = puzzles[1]
        puzzles[1] = dataclasses.replace(p, solutions=p.solutions[:-1] if p.solutions else ())
        if puzzles[1] == p:  # it had none: invent one
            from spacebowl_print.games.spacebowl.model import Pos, Solution

            puzzles[1] = dataclasses.replace(p, solutions=(Solution(Pos(0, 0)),))
        return puzzles

    monkeypatch.setattr(spacebowl_kind.SpaceBowlPuzzles, "generate", tampered)
    out = tmp_path / "never"
    r = CliRunner().invoke(cli, ["booklet", "--days", "3", "-q", "-o", str(out)])
    assert r.exit_code != 0 and "2027-01-02" in r.stderr
    assert not out.exists() or not any(out.iterdir())


def test_saddle_imposition_pads_to_multiple_of_four(tmp_path: Path) -> None:
    out = tmp_path / "saddle"
    r = CliRunner().invoke(cli, ["booklet", "--days", "3", "--imposition", "saddle", "-q",
                                 "-o", str(out)])
    assert r.exit_code == 0, r.output
    plain = tmp_path / "plain"
    CliRunner().invoke(cli, ["booklet", "--days", "3", "-q", "-o", str(plain)])
    reading = len(PdfReader(plain / "booklet.pdf").pages)
    sheets = PdfReader(out / "booklet.pdf")
    assert len(sheets.pages) == -(-reading // 4) * 2  # two sides per folded sheet
    box = sheets.pages[0].mediabox
    assert abs(float(box.width) - 297 * 72 / 25.4) < 0.5  # A4 landscape
    assert abs(float(box.height) - 210 * 72 / 25.4) < 0.5


def test_classroom_sets_are_distinct_with_equal_tier_mix(tmp_path: Path) -> None:
    out = tmp_path / "class"
    r = CliRunner().invoke(cli, ["classroom", "--students", "5", "--puzzles", "4", "-q",
                                 "-o", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads((out / "manifest.json").read_text())
    codes = data["students"]
    assert len(set(codes)) == 5
    puzzles = data["puzzles"]
    assert len(puzzles) == 20
    keys = {json.dumps([p["galaxy"], p["toss"], p["variants"]], sort_keys=True) for p in puzzles}
    assert len(keys) == 20
    mixes = {code: sorted(p["tier"] for p in puzzles if p["id"].startswith(code + "-"))
             for code in codes}
    assert len({tuple(m) for m in mixes.values()}) == 1
    assert (out / "worksheets.pdf").is_file() and (out / "teacher-key.pdf").is_file()
    assert CliRunner().invoke(cli, ["check", str(out / "manifest.json")]).exit_code == 0


def test_check_is_strict_about_types(tmp_path: Path) -> None:
    out = tmp_path / "bk"
    assert CliRunner().invoke(cli, ["booklet", "--days", "3", "-q", "-o", str(out)]).exit_code == 0
    data = json.loads((out / "manifest.json").read_text())
    victim = next(p for p in data["puzzles"] if p["solutions"])
    victim["solutions"][0]["wild"] = int(victim["solutions"][0]["wild"])  # 0 is not false
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    r = CliRunner().invoke(cli, ["check", str(bad)])
    assert r.exit_code == 1 and victim["id"] in r.stderr and "wild" in r.stderr
    victim["galaxy"] = {"cards": "nope"}
    bad.write_text(json.dumps(data))
    assert CliRunner().invoke(cli, ["check", str(bad)]).exit_code == 2
