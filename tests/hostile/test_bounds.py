"""Work bounded by what can finish, and the crashes of allowed or nearly allowed input (issue 19,
items 5 and 6): every case the fuzzing run found is here, refused in one line (exit 2) or
handled; the exact statistics stream; the worker pool streams its tasks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacebowl_print.cli.main import run
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.core.workers import worker_pool
from spacebowl_print.games.spacebowl.model import InputError, parse_deck
from spacebowl_print.games.spacebowl.rules.stats import (
    MAX_GALAXIES,
    deal,
    deal_chunks,
    deck_stats,
)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.err


def _one_line(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.startswith("Error: ") and err.count("\n") == 1 and len(err) <= 201, err
    for w in words:
        assert w in err, err


@pytest.fixture(scope="module")
def classic() -> object:
    path = decks_dir() / "classic.toml"
    return parse_deck(path.read_text("utf-8"), str(path))


def test_deck_report_galaxies_are_bounded(capsys: pytest.CaptureFixture[str],
                                          classic: object) -> None:
    code, err = _cli(capsys, "deck", "report", "classic", "--galaxies", "1000000", "--json")
    _one_line(code, err, "--galaxies", str(MAX_GALAXIES))
    with pytest.raises(InputError, match="galaxies"):
        deck_stats(classic, MAX_GALAXIES + 1, 1)  # type: ignore[arg-type]


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(st.integers(1, 40), st.integers(1, 50), st.integers(0, 3))
def test_galaxies_dealt_in_chunks_are_the_same_galaxies(n: int, chunk: int, void: int) -> None:
    path = decks_dir() / "classic.toml"
    deck = parse_deck(path.read_text("utf-8"), str(path))
    whole, left = deal(deck, n, 7, void=void)
    parts = list(deal_chunks(deck, n, 7, void=void, chunk=chunk))
    assert [g for part, _ in parts for g in part] == whole
    assert [row.tolist() for _, block in parts for row in block] == left.tolist()


def test_the_pool_reads_its_tasks_as_a_stream() -> None:
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for k in range(1000):
            taken.append(k)
            yield k

    with worker_pool(2) as pool:
        results = pool.map(abs, tasks())
        assert next(results) == 0
        assert len(taken) <= 16  # a window of tasks, not all thousand
        assert list(results) == list(range(1, 1000))


def test_a_pad_naming_a_thousand_constellations(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    pad = tmp_path / "pad.json"
    pad.write_text(json.dumps({"rows": ["S" * 14] * 4, "constellations": ["Lyra"] * 1000}))
    _one_line(*_cli(capsys, "hubble", "score", str(pad)), "constellations", "at most 20")
    # twenty copies, all stars: the best choice is searched within bounds
    pad.write_text(json.dumps({"rows": ["S" * 14] * 4, "constellations": ["Lyra"] * 20}))
    assert run(["hubble", "score", str(pad), "--json"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("counters", [{}, [], "x", 1, None])
def test_tom_tube_counters_of_any_type(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       counters: object) -> None:
    entry = json.loads((Path(__file__).parent / "data" / "tomtube-entry.json").read_text())
    position = entry["position"]
    position["counters"] = {"E5": counters} if counters != "x" else counters
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position, indent=1))
    code, err = _cli(capsys, "tomtube", "moves", str(path))
    _one_line(code, err, "counters")


@pytest.mark.parametrize("text", [
    "name = " + "[" * 5000 + "]" * 5000,
    "name = " + "9" * 5000,
    "name = {a = " * 3000 + "1" + "}" * 3000,
    "[[constellations]]\n" * 200 + "name = 1",
])
@pytest.mark.parametrize("option", [("hubble", "score", "--constellations"),
                                    ("tomtube", "moves", "--tiles")])
def test_toml_of_absurd_depth_or_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         text: str, option: tuple[str, str, str]) -> None:
    bad = tmp_path / "set.toml"
    bad.write_text(text)
    (tmp_path / "x.json").write_text("{}")
    code, err = _cli(capsys, *option, str(bad), str(tmp_path / "x.json"))
    _one_line(code, err, "set.toml")


def test_json_of_absurd_depth_or_numbers(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"rows": ' + "9" * 5000 + "}",
                 '{"rows": 1e999}', '{"rows": NaN}', "[" * 40 + "]" * 40,
                 '{"rows": ' + str(2**70) + "}"):
        (tmp_path / "p.json").write_text(text)
        _one_line(*_cli(capsys, "hubble", "score", str(tmp_path / "p.json")), "p.json")


def test_a_planet_name_too_long_to_print(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    text = (decks_dir() / "solar-system.toml").read_text("utf-8")
    (tmp_path / "solar-system").symlink_to(decks_dir() / "solar-system")
    deck = tmp_path / "d.toml"
    deck.write_text(text.replace('name = "Mercury"', f'name = "{"Mercury" * 4}"', 1))
    code, err = _cli(capsys, "deck", "check", str(deck))
    _one_line(code, err, "planet M.name", "fits under a planet")
    # a name that fits is accepted, and every card lays out (deck check runs the layout)
    deck.write_text(text.replace('name = "Mercury"', 'name = "Mercury Merc"', 1))
    assert run(["deck", "check", str(deck)]) == 0
    capsys.readouterr()


def test_a_galaxy_larger_than_the_engines(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "g.json").write_text(json.dumps({"cards": [["RG"] * 26] * 100}))
    (tmp_path / "t.json").write_text(
        '{"destination": "B2", "marbles": {"R": "A1"}, "black_hole": null}')
    for args in (["stats", "--galaxy", str(tmp_path / "g.json"), "--planets", "RG"],
                 ["solve", str(tmp_path / "g.json"), str(tmp_path / "t.json")]):
        _one_line(*_cli(capsys, *args), "26 rows")


def test_a_nul_byte_in_a_theme_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (decks_dir() / "solar-system.toml").read_text("utf-8")
    deck = tmp_path / "d.toml"
    deck.write_text(text.replace('"solar-system/mercury.svg"', '"solar-system/m\\u0000.svg"'))
    _one_line(*_cli(capsys, "deck", "check", str(deck)), "planet M.image", "\\u0000")


def test_hubble_par_on_a_pad_too_large_to_finish(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hubble", "challenge", "--seed", "3", "--size", "26x26"]) == 0
    (tmp_path / "c.json").write_text(capsys.readouterr().out)
    _one_line(*_cli(capsys, "hubble", "par", str(tmp_path / "c.json")), "pad", "256 cells")
