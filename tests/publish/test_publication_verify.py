"""The publishing gate (``Publisher.verified``): every entry re-derived by the game's verify,
in the run's worker processes, the first puzzle that disagrees named in order whatever the
number of processes, a bad input's message reported as the puzzle's problem."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from spacebowl_print.core.errors import InputError
from spacebowl_print.publish.publication import Publisher, VerificationError


@dataclass
class Item:
    id: str
    tier: int = 1

    def manifest_entry(self) -> dict[str, Any]:
        return {"id": self.id, "tier": self.tier}


class Kind:
    """A puzzle kind whose verify refuses the ids it is given, says where it ran, or
    raises a bad input."""

    def __init__(self, bad: frozenset[str] = frozenset(), where: bool = False) -> None:
        self.bad = bad
        self.where = where

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        if entry["id"] == "input":
            raise InputError("not a challenge", "challenge")
        if self.where:
            return f"verified in {os.getpid()}"
        return f"{entry['id']} is wrong" if entry["id"] in self.bad else None


def _gate(kind: Kind, items: list[Item], jobs: int) -> list[dict[str, Any]]:
    publisher = Publisher(SimpleNamespace(jobs=jobs), kind, None)  # type: ignore[arg-type]
    return publisher.verified({"game": "test"}, items)  # type: ignore[arg-type]


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_first_puzzle_that_disagrees_is_named_whatever_the_jobs(jobs: int) -> None:
    items = [Item(f"d{k}") for k in range(6)]
    assert _gate(Kind(), items, jobs) == [{"id": f"d{k}", "tier": 1} for k in range(6)]
    with pytest.raises(VerificationError, match=r"^puzzle d2: d2 is wrong$"):
        _gate(Kind(frozenset({"d4", "d2"})), items, jobs)
    with pytest.raises(VerificationError, match=r"^puzzle input: .*not a challenge"):
        _gate(Kind(), [Item("d0"), Item("input"), Item("d9")], jobs)
    # an id used twice is named where it comes, before a later puzzle's problem
    with pytest.raises(VerificationError, match=r"^puzzle d1: id used twice$"):
        _gate(Kind(frozenset({"d3"})), [Item("d1"), Item("d1"), Item("d3")], jobs)


def test_with_two_jobs_the_entries_are_verified_in_the_workers() -> None:
    with pytest.raises(VerificationError) as caught:
        _gate(Kind(where=True), [Item("a"), Item("b"), Item("c")], 2)
    pid = int(str(caught.value).rsplit(" ", 1)[1])
    assert pid != os.getpid()


class Raising(Kind):
    """A kind whose verify fails with a bug (not a bad input) on the ids it is given."""

    def __init__(self, bad: frozenset[str], broken: frozenset[str]) -> None:
        super().__init__(bad)
        self.broken = broken

    def verify(self, header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
        if entry["id"] in self.broken:
            raise KeyError("par")
        return super().verify(header, entry)


@dataclass
class Unlabelled(Item):
    def manifest_entry(self) -> dict[str, Any]:
        return {"tier": self.tier}


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_later_puzzle_that_breaks_does_not_hide_an_earlier_problem(jobs: int) -> None:
    items = [Item("d0"), Item("d1"), Item("d2")]
    with pytest.raises(VerificationError, match=r"^puzzle d0: d0 is wrong$"):
        _gate(Raising(frozenset({"d0"}), frozenset({"d2"})), items, jobs)
    with pytest.raises(KeyError):  # nothing wrong before it: the bug itself
        _gate(Raising(frozenset(), frozenset({"d2"})), items, jobs)
    # an entry without its id is named as such, after the puzzles before it are verified
    odd = [Item("d0"), Unlabelled("d1"), Item("d2")]
    with pytest.raises(VerificationError, match=r"^puzzle d1: its entry does not carry"):
        _gate(Kind(), odd, jobs)
    with pytest.raises(VerificationError, match=r"^puzzle d0: d0 is wrong$"):
        _gate(Kind(frozenset({"d0"})), odd, jobs)
