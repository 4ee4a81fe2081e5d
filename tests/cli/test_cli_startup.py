"""Start-up stays light (issue 18): ``--help`` and a tiny ``solve`` load none of the heavy
libraries; only the commands that draw or solve with CP-SAT load them. The modules a run
imported are read from the process itself, not timed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("reportlab", "PIL", "ortools", "pandas", "numba", "fontTools", "pypdfium2", "svgwrite")

PROBE = """
import json, sys
watched = set(json.loads(sys.argv[2]))
sys.argv = ["spacebowl", *json.loads(sys.argv[1])]
from spacebowl_print.cli.main import cli
try:
    cli.main(standalone_mode=True)
except SystemExit:
    pass
heavy = sorted({m.split(".")[0] for m in sys.modules} & watched)
print("HEAVY=" + json.dumps(heavy), file=sys.stderr)
"""


def heavy_after(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args), json.dumps(HEAVY)],
                          capture_output=True, text=True, timeout=120)
    line = [ln for ln in done.stderr.splitlines() if ln.startswith("HEAVY=")]
    assert line, done.stderr[-1500:]
    loaded: list[str] = json.loads(line[-1][len("HEAVY="):])
    return loaded


@pytest.fixture()
def tiny(tmp_path: Path) -> tuple[str, str]:
    galaxy = tmp_path / "g.json"
    galaxy.write_text(json.dumps({"cards": [["R", "G", "B"], ["Y", "P", "S"],
                                            ["RG", "", "B"]]}))
    toss = tmp_path / "t.json"
    toss.write_text(json.dumps({"destination": "B2", "marbles": {"R": "A1"},
                                "black_hole": None}))
    return str(galaxy), str(toss)


@pytest.mark.parametrize("args", [["--help"], ["hubble", "--help"], ["tomtube", "--help"],
                                  ["--version"]])
def test_help_loads_no_heavy_library(args: list[str]) -> None:
    assert heavy_after(*args) == []


@pytest.mark.parametrize("args", [["booklet", "--help"], ["classroom", "--help"],
                                  ["hubble", "booklet", "--help"], ["tomtube", "web", "--help"],
                                  ["kit", "--help"]])
def test_a_publishing_commands_help_loads_no_solver(args: list[str]) -> None:
    # the command's options come from the game's puzzle kind, which draws (reportlab), but
    # the generators (OR-Tools, pandas) and the compiled kernel load only when puzzles are made
    loaded = heavy_after(*args)
    assert not {"ortools", "pandas", "numba"} & set(loaded), loaded


def test_a_tiny_solve_loads_no_heavy_library(tiny: tuple[str, str]) -> None:
    assert heavy_after("solve", *tiny, "--json") == []


def test_the_probe_sees_a_drawing_command_load_reportlab(tmp_path: Path) -> None:
    # the same probe on a command that draws: it must see reportlab, or it sees nothing
    assert "reportlab" in heavy_after("hubble", "kit", "--lang", "en", "-q",
                                      "-o", str(tmp_path / "kit"))


@pytest.mark.parametrize("game", [[], ["hubble"], ["tomtube"]])
def test_check_loads_no_drawing_library(game: list[str], tmp_path: Path) -> None:
    # check proves answers through the game table's light verifier, not the puzzle kind
    out = tmp_path / "b"
    made = subprocess.run([sys.executable, "-m", "spacebowl_print", *game, "booklet", "--days",
                           "1", "--jobs", "1", "-q", "-o", str(out)], capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0, made.stderr[-1500:]
    loaded = heavy_after("check", str(out / "manifest.json"))
    assert not {"reportlab", "PIL", "svgwrite", "ortools", "pandas"} & set(loaded), loaded
