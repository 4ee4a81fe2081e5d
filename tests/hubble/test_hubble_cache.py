"""The result cache (``SPACEBOWL_PRINT_CACHE``) as Hubble's days use it: a day read back
gives the same bytes as a day solved, a damaged or edited cache file is solved again, a
cache that cannot be written is no cache, and a change to the solver's code is a miss."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from hubble_helpers import hubble_run

from spacebowl_print.core import resultcache
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.puzzles import kind

# a tier-3 day: its tier search is among the cheapest (a tier-5 day took 2 s more a booklet)
ARGS = ("--days", "1", "--start", "2027-05-05", "--seed", "11", "--jobs", "1")


def _files(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in ("booklet.pdf", "manifest.json")}


def _cache_files(cache: Path) -> list[Path]:
    return sorted(p for p in cache.rglob("*.json") if p.is_file())


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, bytes], Path]:
    """The booklet made without any cache, and a cache that a second making filled (the
    same bytes: a miss hands back its day as the cache holds it)."""
    root = tmp_path_factory.mktemp("c")
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(resultcache.ENV, raising=False)
        solved = _files(hubble_run("booklet", root / "solved", *ARGS))
        mp.setenv(resultcache.ENV, str(root / "cache"))
        assert _files(hubble_run("booklet", root / "miss", *ARGS)) == solved
    return solved, root / "cache"


def _no_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved although the cache holds the day")
    monkeypatch.setattr(kind, "daily_for_tier", refuse)


def _job(day: dict[str, Any]) -> tuple[int, str, str, int, Any, int, int]:
    pad = day["challenge"]["pad"]
    return (11, day["id"], day["id"], day["tier"], load_constellation_set(), pad["cols"],
            pad["rows"])


def test_a_day_read_back_gives_the_same_bytes(made: tuple[dict[str, bytes], Path],
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    solved, cache = made
    (entry,) = _cache_files(cache)
    assert json.loads(entry.read_text("utf-8"))["id"] == "2027-05-05"
    monkeypatch.setenv(resultcache.ENV, str(cache))
    _no_solving(monkeypatch)
    assert _files(hubble_run("booklet", tmp_path / "hit", *ARGS)) == solved


@pytest.mark.parametrize("damage", ["garbage", "edited par", "other day", "a folder", "huge"])
def test_a_damaged_or_edited_cache_file_is_solved_again(
        made: tuple[dict[str, bytes], Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(made[1], cache)
    monkeypatch.setenv(resultcache.ENV, str(cache))
    (entry,) = _cache_files(cache)
    day = json.loads(entry.read_text("utf-8"))
    with monkeypatch.context() as mp:  # first: the job's key is the file's (a hit)
        _no_solving(mp)
        assert kind._entry(_job(day)) == day
    if damage == "garbage":
        entry.write_bytes(b"\x00{not json")
    elif damage == "edited par":
        edited = json.loads(json.dumps(day))
        edited["par"]["total"] += 1
        edited["par"]["score"]["total"] += 1
        entry.write_text(json.dumps(edited), "utf-8")
    elif damage == "other day":
        entry.write_text(json.dumps({**day, "id": "2027-05-03"}), "utf-8")
    elif damage == "huge":
        entry.write_text(json.dumps(day) + " " * resultcache.MAX_ENTRY_BYTES, "utf-8")
    else:
        entry.unlink()
        entry.mkdir()
    solves: list[int] = []

    def solve(*args: object, **kwargs: object) -> dict[str, Any]:
        solves.append(1)
        return day
    monkeypatch.setattr(kind, "daily_for_tier", solve)
    assert kind._entry(_job(day)) == day and solves == [1]


def test_a_cache_that_cannot_be_written_is_no_cache(made: tuple[dict[str, bytes], Path],
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (entry,) = _cache_files(made[1])
    day = json.loads(entry.read_text("utf-8"))
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", "utf-8")
    monkeypatch.setenv(resultcache.ENV, str(blocker / "cache"))
    monkeypatch.setattr(kind, "daily_for_tier", lambda *a, **k: day)
    assert kind._entry(_job(day)) == day
    assert blocker.read_text("utf-8") == "not a folder"


def test_a_change_to_the_code_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    package = tmp_path / "fingerprinted"
    package.mkdir()
    (package / "__init__.py").write_text("", "utf-8")
    (package / "solver.py").write_text("ANSWER = 1\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = resultcache.code_fingerprint("fingerprinted")
    (package / "solver.py").write_text("ANSWER = 2\n", "utf-8")
    resultcache.code_fingerprint.cache_clear()
    assert resultcache.code_fingerprint("fingerprinted") != before
    sys.modules.pop("fingerprinted", None)

    monkeypatch.setenv(resultcache.ENV, str(tmp_path / "cache"))
    made: list[int] = []

    def make(value: int) -> dict[str, int]:
        made.append(value)
        return {"value": value}

    for fingerprint, value in (("a", 1), ("a", 1), ("b", 2)):
        got = resultcache.cached_json("t", [fingerprint], lambda v=value: make(v),
                                      lambda found: isinstance(found, dict))
        assert got == {"value": value}
    assert made == [1, 2]  # the second "a" was read back; "b" is another key
