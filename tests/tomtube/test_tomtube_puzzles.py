"""Way-home puzzles: seeded generation, the answer checked by the independent verifier, and
the verifier catching wrong answers."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.model import BASES, position_from_json
from spacebowl_print.games.tomtube.rules.network import free_positions
from spacebowl_print.games.tomtube.solve.puzzles import (
    MAX_MOVES,
    MIN_MOVES,
    difficulty,
    generate,
    verify_entry,
)

TILES = load_tiles()


@cache
def manifest() -> dict[str, Any]:
    return generate(TILES, 6, 3)[0]


def test_manifest_shape_and_determinism() -> None:
    man = manifest()
    assert list(man) == ["game", "title", "seed", "puzzles"] and man["game"] == "tomtube"
    assert [p["id"] for p in man["puzzles"]] == list(range(1, 7))
    for p in man["puzzles"]:
        assert list(p) == ["id", "position", "answer"]
        assert MIN_MOVES <= p["answer"]["moves"] == len(p["answer"]["line"]) <= MAX_MOVES
        pos = position_from_json(p["position"], TILES)
        assert not (pos.stack and free_positions(pos))
        assert p["answer"]["line"][-1]["to"] == BASES[pos.to_move]
    lengths = [p["answer"]["moves"] for p in man["puzzles"]]
    assert lengths == sorted(lengths)
    assert json.dumps(generate(TILES, 6, 3)[0]) == json.dumps(man)


def test_every_answer_verifies() -> None:
    for p in manifest()["puzzles"]:
        assert verify_entry(p, TILES) is None
        d = difficulty(p, TILES)
        assert d["moves"] == p["answer"]["moves"] and d["decoys"] >= 0


def test_verifier_catches_wrong_answers() -> None:
    p = manifest()["puzzles"][-1]
    n = p["answer"]["moves"]
    longer = copy.deepcopy(p)
    longer["answer"]["moves"] = n + 1
    assert "line has" in (verify_entry(longer, TILES) or "")
    cut = copy.deepcopy(p)
    cut["answer"]["line"] = cut["answer"]["line"][1:]
    cut["answer"]["moves"] = n - 1
    assert verify_entry(cut, TILES) is not None
    wrong = copy.deepcopy(p)
    wrong["answer"]["line"][0]["to"] = "A1"
    assert "not legal" in (verify_entry(wrong, TILES) or "")
    # a detour: go somewhere and come back first, then the line; longer than the answer
    pos = position_from_json(p["position"], TILES)
    shorter_exists = copy.deepcopy(p)
    me = pos.astronauts[pos.to_move]
    first = p["answer"]["line"][0]
    back = {"kind": "drift", "to": me.at, "pay": None}
    shorter_exists["answer"]["line"] = [first, back, *p["answer"]["line"]]
    shorter_exists["answer"]["moves"] = n + 2
    verdict = verify_entry(shorter_exists, TILES)
    assert verdict is not None  # either the detour is illegal or a shorter line exists
    bad_shape = copy.deepcopy(p)
    del bad_shape["id"]
    assert "needs the keys" in (verify_entry(bad_shape, TILES) or "")
    extra = copy.deepcopy(p)
    extra["tier"] = 3  # a booklet may annotate entries; the answer is what is checked
    assert verify_entry(extra, TILES) is None
