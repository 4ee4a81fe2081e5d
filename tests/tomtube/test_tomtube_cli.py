"""The ``tomtube`` click group: moves (text, JSON, batch), play, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from tomtube_helpers import random_position

from spacebowl_print.cli.main import cli
from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.model import position_to_json, start_position
from spacebowl_print.games.tomtube.rules import reference

TILES = load_tiles()


def write(tmp: Path, name: str, value: object) -> str:
    p = tmp / name
    p.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return str(p)


def test_moves_json_matches_the_spec_shape(tmp_path: Path) -> None:
    pos = random_position(TILES, 5, 30)
    f = write(tmp_path, "p.json", position_to_json(pos))
    res = CliRunner().invoke(cli, ["tomtube", "moves", f, "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert list(out) == ["moves", "placements"]
    assert out["moves"] == [m.to_json() for m in reference.legal_moves(pos, TILES)]
    start = write(tmp_path, "s.json", position_to_json(start_position(TILES.ids())))
    out = json.loads(CliRunner().invoke(cli, ["tomtube", "moves", start, "--json"]).output)
    assert out == {"moves": [], "placements": 204}  # 102 free positions, two ways round


def test_moves_text(tmp_path: Path) -> None:
    f = write(tmp_path, "s.json", position_to_json(start_position(TILES.ids())))
    res = CliRunner().invoke(cli, ["tomtube", "moves", f])
    assert res.exit_code == 0
    assert "Tom to move, at A3" in res.output and "placements for rhomb 1: 204" in res.output


def test_batch_keeps_line_alignment(tmp_path: Path) -> None:
    good = json.dumps(position_to_json(random_position(TILES, 8, 20)))
    # U+2028 inside a JSON string is legal JSON; str.splitlines would cut the line there.
    weird = json.dumps({"x": "a\u2028b"}, ensure_ascii=False)
    f = write(tmp_path, "b.jsonl", "\n".join([good, "{oops", "", weird, good]) + "\n")
    res = CliRunner().invoke(cli, ["tomtube", "moves", "--batch", f])
    assert res.exit_code == 2
    lines = res.stdout.strip("\n").split("\n")
    assert len(lines) == 5, res.stdout
    assert json.loads(lines[0]) == json.loads(lines[4]) and "moves" in json.loads(lines[0])
    for n in (2, 3, 4):
        bad = json.loads(lines[n - 1])
        assert bad["line"] == n and f"b.jsonl:{n}:" in bad["error"]
    assert "unknown key" in json.loads(lines[3])["error"]


def test_play_move_and_placement(tmp_path: Path) -> None:
    start = position_to_json(start_position(TILES.ids()))
    f = write(tmp_path, "s.json", start)
    m = write(tmp_path, "m.json", {"kind": "place", "at": "E4-E5", "s1": "D4", "fill": []})
    res = CliRunner().invoke(cli, ["tomtube", "play", f, m])
    assert res.exit_code == 0, res.output
    after = json.loads(res.output)
    assert after["rhombs"] == [{"id": 1, "at": "E4-E5", "s1": "D4"}]
    assert after["to_move"] == "dave" and after["stack"] == TILES.ids()[1:]
    bad = write(tmp_path, "bad.json", {"kind": "drift", "to": "E5", "pay": None})
    res = CliRunner().invoke(cli, ["tomtube", "play", f, bad])
    assert res.exit_code == 2
    assert res.output.count("\n") == 1 and "bad.json" in res.output
    assert "not a legal move" in res.output and "Traceback" not in res.output


def test_errors_are_one_line_exit_2(tmp_path: Path) -> None:
    f = write(tmp_path, "p.json", '{"rhombs": [}')
    res = CliRunner().invoke(cli, ["tomtube", "moves", f, "--json"])
    assert res.exit_code == 2 and res.output.startswith("Error: ") and "p.json:1" in res.output
    res = CliRunner().invoke(cli, ["tomtube", "moves", str(tmp_path / "none.json")])
    assert res.exit_code == 2 and "no such file" in res.output
    js = position_to_json(start_position([1]))
    js["rhombs"] = [{"id": 2, "at": "B3-C4", "s1": "B3"}]
    res = CliRunner().invoke(cli, ["tomtube", "moves", write(tmp_path, "q.json", js)])
    assert res.exit_code == 2 and res.output.count("\n") == 1
    assert "rhombs[0].s1" in res.output
    t = write(tmp_path, "t.toml", "[[rhombs]]\nid = 1\n")
    res = CliRunner().invoke(cli, ["tomtube", "moves", f, "--tiles", t])
    assert res.exit_code == 2 and "t.toml" in res.output and "missing key" in res.output


def test_help_teaches() -> None:
    res = CliRunner().invoke(cli, ["tomtube", "--help"])
    assert res.exit_code == 0 and "moves" in res.output and "play" in res.output
    res = CliRunner().invoke(cli, ["tomtube", "play", "--help"])
    assert '"kind": "place"' in res.output


def test_errors_in_pretty_files_name_the_line(tmp_path: Path) -> None:
    js = position_to_json(start_position([1, 2]))
    js["astronauts"]["dave"]["held"]["solar"] = 3
    text = json.dumps(js, indent=1)
    line = next(i for i, ln in enumerate(text.split("\n"), 1) if '"solar": 3' in ln)
    f = write(tmp_path, "p.json", text)
    res = CliRunner().invoke(cli, ["tomtube", "moves", f])
    assert res.exit_code == 2
    assert f"p.json:{line}: astronauts.dave.held.solar:" in res.output
    m = write(tmp_path, "m.json", '{\n "kind": "jump",\n "to": "E5",\n "pay": null\n}')
    res = CliRunner().invoke(cli, ["tomtube", "play", write(tmp_path, "s.json", js | {
        "astronauts": position_to_json(start_position([1, 2]))["astronauts"]}), m])
    assert res.exit_code == 2 and "m.json:4: pay:" in res.output
