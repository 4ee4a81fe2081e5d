"""``check --answers-only`` (issue 19, item 8): every promise of the Space Bowl tier table that
one puzzle can keep is enforced, so a puzzle relabelled to another tier fails even with the
manifest resealed; and Hubble's verifier checks the header fields it depends on (the
constellation set's name and digest, the pad size)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from spacebowl_print.cli.main import run
from spacebowl_print.games.hubble.solve.manifest import verify_entry
from spacebowl_print.games.spacebowl.puzzles.verify import verify_manifest_entry
from spacebowl_print.publish.manifest import seal_of

DATA = Path(__file__).parent / "data"
TIERS: dict[str, Any] = json.loads((DATA / "spacebowl-tiers.json").read_text("utf-8"))


def _entry(tier: int) -> dict[str, Any]:
    return copy.deepcopy(next(e for e in TIERS["entries"] if e["tier"] == tier))


def test_only_tiers_whose_promises_the_puzzle_keeps_pass() -> None:
    passing = set()
    for entry in TIERS["entries"]:
        for tier in range(1, 6):
            if verify_manifest_entry(TIERS["header"], {**entry, "tier": tier}) is None:
                passing.add((entry["tier"], tier))
    # a tier-1 puzzle (2 marbles, centre disc, 1 solution, 3 near misses) keeps tier 2's too
    assert passing == {(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (1, 2)}


def test_the_black_hole_promise_of_tier_5() -> None:
    four = _entry(4)  # 4 marbles, rotation, no black hole: relabelled 5 it lacks the hole
    problem = verify_manifest_entry(TIERS["header"], {**four, "tier": 5})
    assert problem is not None and "no black hole, which tier 5 always" in problem


def test_a_relabelled_tier_fails_check_answers_only_even_resealed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    entry = _entry(4)
    entry["tier"] = 5
    data = {**TIERS["header"], "puzzles": [entry],
            "files": {"booklet.pdf": {"sha256": "0" * 64, "bytes": 1}}}
    data["seal"] = seal_of(data)
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(data), "utf-8")
    assert run(["check", "--answers-only", str(path)]) == 1
    assert "tier 5 always tosses" in capsys.readouterr().err


def test_hubble_header_fields_are_verified() -> None:
    data = json.loads((DATA / "hubble-entry.json").read_text("utf-8"))
    header = {"constellations": {"name": "hubble-classic", "sha256": "0" * 64},
              "pad": dict(data["challenge"]["pad"])}
    assert "constellations" in (verify_entry(data, header=header) or "")
    from spacebowl_print.games.hubble.model.constellations import (
        load_constellation_set,
        set_digest,
    )

    cset = load_constellation_set()
    header["constellations"] = {"name": cset.name, "sha256": set_digest(cset)}
    assert verify_entry(data, header=header) is None
    assert "header records 12×12" in (verify_entry(data, header={**header, "pad": {
        "cols": 12, "rows": 12}}) or "")
    assert "constellations" in (verify_entry(data, header={**header, "constellations": {
        "name": "other", "sha256": set_digest(cset)}}) or "")


@pytest.mark.parametrize("bad", [None, [], {}, "x", 10**30])
def test_a_hubble_header_card_with_a_hostile_value_is_one_line(
        bad: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The constellation cards a Hubble manifest records, one field replaced by a null, a
    list, a table, a string or a huge number, and the seal made again: ``check`` answers in
    one line (a null went through a TOML writer and ended in a TypeError traceback)."""
    from spacebowl_print.games.hubble.model.constellations import (
        load_constellation_set,
        set_digest,
        set_to_dict,
    )

    cset = load_constellation_set()
    cards = set_to_dict(cset)["constellations"]
    first = dict(cards[0])
    first[next(iter(first))] = bad
    entry = json.loads((DATA / "hubble-entry.json").read_text("utf-8"))
    data = {"game": "hubble", "title": "t", "seed": 1,
            "constellations": {"name": cset.name, "sha256": set_digest(cset),
                               "cards": [first, *cards[1:]]},
            "pad": dict(entry["challenge"]["pad"]), "puzzles": [entry],
            "files": {"booklet.pdf": {"sha256": "0" * 64, "bytes": 1}}}
    data["seal"] = seal_of(data)
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(data), "utf-8")
    code = run(["check", "--answers-only", str(path)])
    err = capsys.readouterr().err
    assert code in (1, 2) and err.count("\n") == 1 and "Traceback" not in err, err
    assert "constellations" in err or "manifest.json" in err, err
