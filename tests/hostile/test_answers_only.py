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
from lazy import Lazy

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
    no_options = {k: v for k, v in TIERS["header"].items() if k != "options"}
    for entry in TIERS["entries"]:
        for tier in range(1, 6):
            if verify_manifest_entry(no_options, {**entry, "tier": tier}) is None:
                passing.add((entry["tier"], tier))
    # every puzzle passes as its own tier only: where the tier table's promises would let
    # a puzzle pass as another tier, the human-model solver's grade does not (issue 25), nor
    # does the schedule the options record
    assert passing == {(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)}
    for entry in TIERS["entries"]:
        for tier in range(1, 6):
            verdict = verify_manifest_entry(TIERS["header"], {**entry, "tier": tier})
            assert (verdict is None) == (tier == entry["tier"]), (entry["id"], tier, verdict)


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
    header = {**TIERS["header"], "options": {**TIERS["header"]["options"], "days": 1}}
    data = {**header, "puzzles": [entry],
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


# -- round three (issue 27, items 5 and 12): everything an answer depends on ---------------------

MADE = {
    "hubble booklet": ["hubble", "booklet", "--days", "1", "--jobs", "1"],
    "hubble classroom": ["hubble", "classroom", "--students", "1", "--puzzles", "2"],
    "hubble pod": ["hubble", "booklet", "--days", "1", "--trim", "6x9in", "--jobs", "1"],
    "hubble web": ["hubble", "web", "--days", "1"],
    "spacebowl pod": ["booklet", "--days", "4", "--trim", "6x9in", "--jobs", "1"],
    "spacebowl classroom": ["classroom", "--students", "1", "--puzzles", "2"],
}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Lazy[str, Path]:
    """Each output of ``MADE``, made when a test first reads it."""
    base = tmp_path_factory.mktemp("made")

    def make(name: str) -> Path:
        folder = base / name.replace(" ", "-")
        assert run([*MADE[name], "-q", "-o", str(folder)]) == 0, name
        return folder

    return Lazy(MADE, make)


def _check_changed(folder: Path, tmp_path: Path, change: Any, full: bool = False
                   ) -> tuple[int, str]:
    """``check`` (``--answers-only`` unless ``full``) of the folder's manifest after
    ``change(data)``, resealed."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    data = json.loads((folder / "manifest.json").read_text("utf-8"))
    change(data)
    data["seal"] = seal_of(data)
    path = (folder if full else tmp_path) / ("changed.json" if full else "manifest.json")
    path.write_text(json.dumps(data), "utf-8")
    err = io.StringIO()
    try:
        with redirect_stderr(err), redirect_stdout(io.StringIO()):
            code = run(["check", *([] if full else ["--answers-only"]), str(path)])
    finally:
        if full:
            path.unlink()
    return code, err.getvalue()


def _roll_changes(data: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every single change to the first puzzle's rolls: each roll's quadrants in the other
    order or another colour, each icon and each white die another face."""
    rolls = data["puzzles"][0]["challenge"]["rolls"]
    out: list[tuple[str, Any]] = []
    for i, roll in enumerate(rolls):
        a, b = roll["quadrants"]
        other = next(c for c in ("red", "yellow", "green", "blue") if c not in (a, b))
        out += [(f"roll {i + 1} quadrants {q}", ("quadrants", i, q))
                for q in ([b, a], [a, other])]
        for k in range(2):
            face = "G" if roll["icons"][k] != "G" else "."
            out.append((f"roll {i + 1} icon {k + 1}", ("icons", i, [
                face if j == k else x for j, x in enumerate(roll["icons"])])))
        if roll["third"] is not None:
            out.append((f"roll {i + 1} white die", ("third", i, "C" if roll["third"] != "C"
                                                     else "P")))
    return out


@pytest.mark.parametrize("kind", ["hubble booklet", "hubble classroom", "hubble pod",
                                  "hubble web"])
def test_any_changed_roll_is_found_by_answers_only(made: Lazy[str, Path], kind: str,
                                                   tmp_path: Path) -> None:
    """A changed roll in a Hubble manifest, resealed, passed ``--answers-only`` when the par
    still replayed (17 trials): the challenge is now proved dealt by the manifest's seed for
    its slot, so every change to a roll is found, exit status 1. A sample of the changes,
    every 12th (quadrants, icons and white dice in turn; every one: ``benchmarks/fuzz.py``,
    category "manifests changed")."""
    data = json.loads((made[kind] / "manifest.json").read_text("utf-8"))
    changes = _roll_changes(data)
    for label, (field, i, value) in changes[::12]:
        def change(d: dict[str, Any], field: str = field, i: int = i, value: Any = value
                   ) -> None:
            d["puzzles"][0]["challenge"]["rolls"][i][field] = value
        code, err = _check_changed(made[kind], tmp_path, change)
        assert code == 1 and err.count("\n") == 1, (label, err)


@pytest.mark.parametrize("kind", ["spacebowl pod", "spacebowl classroom"])
def test_every_relabelled_tier_is_found(made: Lazy[str, Path], kind: str,
                                        tmp_path: Path) -> None:
    """A POD book's puzzle relabelled to another tier whose promises it keeps passed; every
    relabelling of every puzzle is found now (the tier its slot has, from the options)."""
    data = json.loads((made[kind] / "manifest.json").read_text("utf-8"))
    from spacebowl_print.games import find_game
    from spacebowl_print.publish.manifest import check_entries

    verify = find_game("spacebowl").verifier()
    assert check_entries(data, verify)[1] is None
    for k, entry in enumerate(data["puzzles"]):
        for tier in set(range(1, 6)) - {entry["tier"]}:
            changed = json.loads(json.dumps(data))
            changed["puzzles"][k]["tier"] = tier
            _, problem = check_entries(changed, verify)
            assert problem is not None and "tier" in problem, (entry["id"], tier)
    code, err = _check_changed(made[kind], tmp_path, lambda d: d["puzzles"][0].update(
        tier=d["puzzles"][0]["tier"] % 5 + 1))
    assert code == 1 and "tier" in err, err


CONSTELLATION_CHANGES = {
    "digest": lambda c: c.update(sha256="0" * 64),
    "digest of another set": lambda c: c.update(sha256="1" * 64),
    "a card's value": lambda c: c["cards"][0].update(value=c["cards"][0]["value"] % 9 + 1),
    "a card's name": lambda c: c["cards"][0].update(name=c["cards"][0]["name"] + "x"),
}


@pytest.mark.parametrize("change", sorted(CONSTELLATION_CHANGES))
@pytest.mark.parametrize("kind", ["hubble booklet", "hubble classroom", "hubble pod",
                                  "hubble web"])
def test_a_changed_constellation_set_is_tampering(made: Lazy[str, Path], kind: str,
                                                  change: str, tmp_path: Path) -> None:
    """A changed constellation digest made ``check`` exit 2 ("not a readable manifest")
    instead of 1 in booklet, classroom, POD and web manifests (16 cases): it is tampering,
    exit status 1, with or without ``--answers-only``."""
    def apply(d: dict[str, Any]) -> None:
        CONSTELLATION_CHANGES[change](d["constellations"])

    for full in (False, True):
        code, err = _check_changed(made[kind], tmp_path, apply, full=full)
        assert code == 1 and err.count("\n") == 1 and "constellations" in err, (full, err)


SCHEDULE_CHANGES = {
    "a puzzle dropped": lambda d: d["puzzles"].pop(),
    "two puzzles swapped": lambda d: d["puzzles"].reverse(),
    "a puzzle re-dated": lambda d: d["puzzles"][0].update(id="2026-12-31"),
    "options dropped": lambda d: d.pop("options"),
    "a student's code": lambda d: d.get("students", ["x"]).__setitem__(0, "AA11"),
}


@pytest.mark.parametrize("change", sorted(SCHEDULE_CHANGES))
def test_the_schedule_is_proved(made: Lazy[str, Path], change: str, tmp_path: Path) -> None:
    """The ids, their order and a classroom set's codes are what the recorded options and
    seed make: a puzzle dropped, moved or re-dated, the options removed, a code changed
    (each resealed) is found."""
    kind = "spacebowl classroom" if change == "a student's code" else "spacebowl pod"
    code, err = _check_changed(made[kind], tmp_path, SCHEDULE_CHANGES[change])
    assert code == 1 and err.count("\n") == 1, err
