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
    # every puzzle passes as its own tier only: where the tier table's promises would let
    # a puzzle pass as another tier, the human-model solver's grade does not (issue 25)
    assert passing == {(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)}


def test_a_tier_table_promise_and_the_solver_grade() -> None:
    four = _entry(4)  # 3 marbles: relabelled 5 it breaks the table's 4 marbles
    problem = verify_manifest_entry(TIERS["header"], {**four, "tier": 5})
    assert problem is not None and "3 marbles, tier 5 tosses" in problem
    one = _entry(1)  # relabelled 2 it keeps tier 2's table; the solver grades it 1
    problem = verify_manifest_entry(TIERS["header"], {**one, "tier": 2})
    assert problem is not None and "human-model solver grades the puzzle tier 1" in problem
    graded = _entry(3)
    graded["grade"] = {**graded["grade"], "checks": graded["grade"]["checks"] + 1}
    problem = verify_manifest_entry(TIERS["header"], graded)
    assert problem is not None and "grade" in problem


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
    assert "tier 5 tosses" in capsys.readouterr().err


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
