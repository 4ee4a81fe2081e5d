"""The engine commands as a user runs them: outputs of formats.md, exit status 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli
from spacebowl_print.games.spacebowl.model import (
    Galaxy,
    Pos,
    Toss,
    Variants,
    galaxy_to_json,
    toss_to_json,
)
from spacebowl_print.games.spacebowl.rules import reference

LETTERS = "RYGSBP"
GALAXY = {"cards": [["RG", "B", "", None, "Y"], ["RYG", "GS", "B", "P", "RS"],
                    ["Y", "G", "RGB", "S", "P"], ["R", "BP", "G", "YS", "RP"],
                    ["G", "R", "B", "Y", "S"]]}
TOSS = {"destination": "B2", "marbles": {"R": "A1", "G": "B2"}, "black_hole": None}


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    g, t = tmp_path / "galaxy.json", tmp_path / "toss.json"
    g.write_text(json.dumps(GALAXY))
    t.write_text(json.dumps(TOSS))
    return g, t


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_solve_json_matches_formats_md(files: tuple[Path, Path]) -> None:
    code, out, _ = run("solve", str(files[0]), str(files[1]), "--json", "--rotation",
                       "--wild", "C3")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"count", "solutions"} and data["count"] == len(data["solutions"])
    cells = [(int(s["cell"][1:]), s["cell"][0]) for s in data["solutions"]]
    assert cells == sorted(cells)  # row, then column
    for s in data["solutions"]:
        assert set(s) == {"cell", "rotations", "wild"}
        assert s["rotations"] == sorted(s["rotations"]) and set(s["rotations"]) <= {0, 90, 180, 270}


def test_solve_human_output_draws_the_grid(files: tuple[Path, Path]) -> None:
    code, out, _ = run("solve", str(files[0]), str(files[1]))
    assert code == 0
    assert "*GS*" in out and "*G*" in out and "2 solutions" in out


def test_batch_answers_every_good_line_and_reports_bad_ones(tmp_path: Path) -> None:
    good = {"galaxy": GALAXY, "toss": TOSS, "variants": {"rotation": True, "torus": False,
                                                          "wild": None}}
    bad = {"galaxy": GALAXY, "toss": {"destination": "B2", "marbles": {"Q": "A1"}}}
    cases = tmp_path / "cases.jsonl"
    cases.write_text("\n".join([json.dumps(good), "{oops", json.dumps(bad), json.dumps(good)]))
    code, out, err = run("solve", "--batch", str(cases))
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 2
    assert len(lines) == 4 and lines[0] == lines[3] and lines[0]["count"] >= 1
    assert lines[1]["line"] == 2 and lines[2]["line"] == 3
    assert "cases.jsonl:2:" in err and "cases.jsonl:3:" in err


def test_stats_galaxy_histogram_is_exact(files: tuple[Path, Path]) -> None:
    code, out, _ = run("stats", "--galaxy", str(files[0]), "--planets", "RG", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["tosses"] == 9 ** 3
    assert sum(data["histogram"].values()) == 9 ** 3
    g = Galaxy.from_strings(GALAXY["cards"])
    # spot-check against the reference engine on a few tosses
    zero = sum(1 for d in range(9) for a in range(9) for b in range(9)
               if not reference.solve(g, Toss(Pos(d // 3, d % 3),
                                              {"R": Pos(a // 3, a % 3),
                                               "G": Pos(b // 3, b % 3)})))
    assert data["histogram"]["0"] == zero


def test_stats_deck_json(tmp_path: Path) -> None:
    code, out, _ = run("stats", "--galaxies", "3", "--seed", "5", "--variants", "base,torus",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data["variants"]) == {"base", "torus"}
    for v in data["variants"].values():
        assert 0 <= v["share_none"] <= 1
        assert abs(sum(v["distribution"].values()) - 1) < 1e-4


def test_deck_check_summarises(tmp_path: Path) -> None:
    code, out, _ = run("deck", "check", "classic", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["cards"] == 56 and len(data["planet_frequency"]) == 6


@pytest.mark.parametrize(("galaxy", "toss", "extra", "needle"), [
    ("{bad json", TOSS, [], "galaxy.json:1: not valid JSON"),
    ({"cards": [["R", "G", "B"], ["R", "G"], ["R", "G", "B"]]}, TOSS, [], "row 2"),
    ({"cards": [["R", "G", "X"], ["R", "G", "B"], ["R", "G", "B"]]}, TOSS, [], "'X'"),
    (GALAXY, {"destination": "B4", "marbles": {}}, [], "toss.json: destination"),
    (GALAXY, '{"destination": "B2", "marbles": {"R": "A1", "R": "A2"}}', [], "twice"),
    (GALAXY, TOSS, ["--wild", "F6"], "--wild"),
])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, galaxy: object, toss: object,
                                         extra: list[str], needle: str) -> None:
    g, t = tmp_path / "galaxy.json", tmp_path / "toss.json"
    g.write_text(galaxy if isinstance(galaxy, str) else json.dumps(galaxy))
    t.write_text(toss if isinstance(toss, str) else json.dumps(toss))
    proc = subprocess.run([sys.executable, "-m", "spacebowl_print", "solve", str(g), str(t),
                           *extra], capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1
    assert needle in proc.stderr and "Traceback" not in proc.stderr


def test_reference_and_cli_agree_on_a_random_case(files: tuple[Path, Path]) -> None:
    g = Galaxy.from_strings(GALAXY["cards"])
    t = Toss(Pos(1, 1), {"R": Pos(0, 0), "G": Pos(1, 1)})
    expected = reference.solve(g, t, Variants(torus=True))
    files[0].write_text(json.dumps(galaxy_to_json(g, LETTERS)))
    files[1].write_text(json.dumps(toss_to_json(t)))
    code, out, _ = run("solve", str(files[0]), str(files[1]), "--torus", "--json")
    assert code == 0
    assert [s["cell"] for s in json.loads(out)["solutions"]] == [s.cell.name for s in expected]


def test_batch_answers_blank_lines_in_place(tmp_path: Path) -> None:
    good = json.dumps({"galaxy": GALAXY, "toss": TOSS})
    cases = tmp_path / "cases.jsonl"
    cases.write_text(f"{good}\n\n{good}\n")
    code, out, _ = run("solve", "--batch", str(cases))
    lines = out.splitlines()
    assert code == 2 and len(lines) == 3 and json.loads(lines[1])["line"] == 2


def test_stats_on_a_galaxy_too_big_for_a_bitboard(tmp_path: Path) -> None:
    g = tmp_path / "big.json"
    g.write_text(json.dumps({"cards": [["R"] * 9] * 9}))
    code, out, _ = run("stats", "--galaxy", str(g), "--planets", "R", "--json")
    data = json.loads(out)
    assert code == 0 and data["tosses"] == 81
    assert sum(data["histogram"].values()) == 81
    assert list(data["histogram"]) == [str(k) for k in range(len(data["histogram"]))]


def test_usage_errors_are_one_line_with_status_2() -> None:
    proc = subprocess.run([sys.executable, "-m", "spacebowl_print", "solve"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
