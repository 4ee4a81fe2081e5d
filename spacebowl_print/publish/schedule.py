"""Which puzzle goes where, for every game: the slots of a dated booklet (one puzzle a day,
its tier from the weekly ramp) and of a classroom set (a short code per student, the same
tier mix for everyone), and the ``--tiers`` range. Knows no game rule: a game turns each
:class:`Slot` into a puzzle of the slot's tier.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show

WEEK_RAMP = (1, 2, 3, 3, 4, 4, 5)
"""Tier of Monday … Sunday before ``--tiers`` rescales it: the week ramps up."""

CODE_LETTERS = "ACDEFHJKLMNPRTUVWXY"
"""Letters of a student's code: none that a child could read as another (no B/8, O/0, I/1,
G/6, S/5, Z/2, Q)."""


@dataclass(frozen=True)
class Slot:
    """Where a puzzle goes: its ``number`` (1-based, in print order), ``tier`` (1–5), its id
    in the manifest (``puzzle_id``: an ISO date in a booklet, ``CODE-k`` in a classroom set)
    and its ``date`` (None in a classroom set)."""

    number: int
    tier: int
    puzzle_id: str
    date: dt.date | None = None


def tier_for(day: dt.date, lo: int = 1, hi: int = 5) -> int:
    """The tier of ``day``: the weekly ramp (:data:`WEEK_RAMP`) rescaled into ``lo``..``hi``."""
    base = WEEK_RAMP[day.weekday()]
    return lo + round((base - 1) * (hi - lo) / 4)


def parse_tier_range(value: str) -> tuple[int, int]:
    """``"1-5"`` or ``"3"`` → (low, high) within 1..5; an :class:`InputError` at ``tiers``
    otherwise."""
    m = re.fullmatch(r"\s*([0-9])\s*(?:-\s*([0-9])\s*)?", value)
    if not m:
        raise InputError(f"must look like 1-5, got {show(value)}", "tiers")
    pair = (int(m.group(1)), int(m.group(2) or m.group(1)))
    if not 1 <= pair[0] <= pair[1] <= 5:
        raise InputError(f"tiers run from 1 to 5, low to high; got {show(value)}", "tiers")
    return pair


def daily_slots(start: dt.date, days: int, tiers: tuple[int, int]) -> list[Slot]:
    """One slot a day from ``start``: id the ISO date, tier the day's place in the weekly
    ramp within ``tiers``; a run past 9999-12-31 is an :class:`InputError` at ``start``."""
    if days < 1:
        raise InputError(f"must be at least 1, got {days}", "days")
    if (dt.date.max - start).days + 1 < days:
        raise InputError(f"{days} days from {start.isoformat()} run past "
                         f"{dt.date.max.isoformat()}", "start")
    out = []
    for k in range(days):
        day = start + dt.timedelta(days=k)
        out.append(Slot(k + 1, tier_for(day, *tiers), day.isoformat(), day))
    return out


def ramp_tiers(n: int, tiers: tuple[int, int]) -> list[int]:
    """The tiers of ``n`` undated puzzles from easy to hard: the tiers of ``tiers`` in order,
    each given an equal share (the earlier tiers one more when ``n`` does not divide), so a
    book ramps gently from its first puzzle to its last."""
    lo, hi = tiers
    count = hi - lo + 1
    return [lo + k * count // n for k in range(n)]


def undated_slots(n: int, tiers: tuple[int, int]) -> list[Slot]:
    """``n`` undated slots numbered 1…n, tiers ramping with :func:`ramp_tiers`, ids
    ``N-001``… (no date: the book prints none)."""
    if n < 1:
        raise InputError(f"must be at least 1, got {n}", "days")
    return [Slot(k + 1, tier, f"N-{k + 1:03d}") for k, tier in enumerate(ramp_tiers(n, tiers))]


def tier_mix(puzzles: int, tier: int | None) -> list[int]:
    """The tiers of one student's puzzles: ``tier`` for all, or 1, 2, … 5, 1, … in turn."""
    return [tier] * puzzles if tier else [1 + (k % 5) for k in range(puzzles)]


def student_codes(n: int, seed: int) -> list[str]:
    """``n`` distinct short sheet codes (two letters of :data:`CODE_LETTERS`, two digits),
    the same for the same ``seed``."""
    if n > len(CODE_LETTERS) ** 2 * 90:
        raise InputError(f"at most {len(CODE_LETTERS) ** 2 * 90} students, got {n}",
                         "students")
    import numpy as np  # here: every game's puzzle kind imports this module for Slot

    rng = np.random.default_rng([seed, 99])
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        code = "".join(rng.choice(list(CODE_LETTERS), size=2)) + f"{int(rng.integers(10, 100))}"
        if code not in seen:
            seen.add(code)
            out.append(code)
    return out


def class_slots(codes: Sequence[str], puzzles: int, tier: int | None) -> list[Slot]:
    """Every student's slots, student by student: id ``CODE-k``, the tier mix of
    :func:`tier_mix` for everyone, numbered across the whole set."""
    mix = tier_mix(puzzles, tier)
    return [Slot(s * puzzles + k + 1, t, f"{code}-{k + 1}")
            for s, code in enumerate(codes) for k, t in enumerate(mix)]


# --------------------------------------------------------------------------- from a manifest
# A manifest records the options that made its schedule (``options``: the dates and tier range
# of a booklet or web site, the students, puzzles and tier of a classroom set) and the seed:
# ``spacebowl check`` derives the slots from them again, so every puzzle's id, date, number
# and tier are proved, not taken from the entry (docs/formats.md, "How check proves a
# booklet").

MAX_SLOTS = 50_000
"""Most slots a recorded schedule may describe (a run makes at most a few thousand)."""


def _whole(value: object, lo: int, hi: int, *where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise InputError(f"must be a whole number from {lo} to {hi}, got {show(value)}",
                         *where)
    return value


def _schedule_key(header: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What the schedule of a manifest depends on, read strictly from its header (hashable,
    for the cache), or None when it records no options (a manifest from before they were
    recorded). Bad values are an :class:`InputError` at the field."""
    options = header.get("options")
    if options is None:
        return None
    if not isinstance(options, Mapping):
        raise InputError(f"must be an object, got {show(options)}", "options")
    seed = _whole(header.get("seed"), 0, 2**32 - 1, "seed")
    if "students" in header:  # a classroom set
        codes = header["students"]
        if not isinstance(codes, list) or not all(isinstance(c, str) and len(c) <= 8
                                                  for c in codes):
            raise InputError("must be the list of the students' codes", "students")
        students = _whole(options.get("students"), 1, MAX_SLOTS, "options", "students")
        puzzles = _whole(options.get("puzzles"), 1, MAX_SLOTS, "options", "puzzles")
        tier = options.get("tier")
        if tier is not None:
            _whole(tier, 1, 5, "options", "tier")
        same = options.get("same", False)
        if not isinstance(same, bool):
            raise InputError(f"must be true or false, got {show(same)}", "options", "same")
        if (1 if same else students) * puzzles > MAX_SLOTS:
            raise InputError(f"more than {MAX_SLOTS} puzzles", "options", "puzzles")
        return ("class", seed, tuple(codes), students, puzzles, tier, same)
    if options.get("undated") is True:  # numbered 1…N, no dates
        days = _whole(options.get("days"), 1, MAX_SLOTS, "options", "days")
        return ("undated", seed, days, _tier_range(options.get("tiers")))
    start = options.get("start")
    if not isinstance(start, str):
        raise InputError(f"must be a date like 2027-01-01, got {show(start)}", "options",
                         "start")
    try:
        day = dt.date.fromisoformat(start)
    except ValueError:
        raise InputError(f"must be a date like 2027-01-01, got {show(start)}", "options",
                         "start") from None
    days = _whole(options.get("days"), 1, MAX_SLOTS, "options", "days")
    return ("daily", seed, day, days, _tier_range(options.get("tiers")))


def _tier_range(tiers: object) -> tuple[int, int]:
    if (not isinstance(tiers, list) or len(tiers) != 2
            or not all(isinstance(t, int) and not isinstance(t, bool) for t in tiers)
            or not 1 <= tiers[0] <= tiers[1] <= 5):
        raise InputError(f"must be [low, high] within 1 to 5, got {show(tiers)}", "options",
                         "tiers")
    return (tiers[0], tiers[1])


@lru_cache(maxsize=8)
def _slots_of(key: tuple[Any, ...]) -> tuple[dict[str, Slot], list[str], str | None]:
    """(slot by id, ids in order, why the recorded codes are not the seed's or None)."""
    if key[0] == "class":
        _, seed, codes, students, puzzles, tier, same = key
        problem = None
        if len(codes) != students:
            problem = f"students: {len(codes)} codes recorded for {students} students"
        elif list(codes) != student_codes(students, seed):
            problem = "students: the codes are not the ones the seed gives"
        slots = class_slots(["ALL"] if same else list(codes), puzzles, tier)
    elif key[0] == "undated":
        _, seed, days, tiers = key
        slots, problem = undated_slots(days, tiers), None
    else:
        _, seed, day, days, tiers = key
        slots, problem = daily_slots(day, days, tiers), None
    return {s.puzzle_id: s for s in slots}, [s.puzzle_id for s in slots], problem


def recorded_schedule(header: Mapping[str, Any]) -> tuple[list[str], str | None] | None:
    """The puzzle ids, in print order, that a manifest's header (its ``options`` and seed,
    and a classroom set's ``students``) makes, and why its student codes are not the seed's
    (None when they are, or for a dated manifest); None when the header records no options.
    Malformed options are an :class:`InputError` at the field."""
    key = _schedule_key(header)
    if key is None:
        return None
    _, order, problem = _slots_of(key)
    return order, problem


def slot_of(header: Mapping[str, Any], puzzle_id: object) -> Slot | None:
    """The slot a manifest's header makes for the puzzle ``puzzle_id`` (its number, tier and
    date, derived again from the recorded options), or None when the header records no
    options or makes no such puzzle (the manifest's ids are checked against the schedule on
    their own: :func:`recorded_schedule`)."""
    key = _schedule_key(header)
    if key is None or not isinstance(puzzle_id, str):
        return None
    return _slots_of(key)[0].get(puzzle_id)


__all__ = ["CODE_LETTERS", "MAX_SLOTS", "WEEK_RAMP", "Slot", "class_slots", "daily_slots",
           "parse_tier_range", "ramp_tiers", "recorded_schedule", "slot_of", "student_codes",
           "tier_for", "tier_mix", "undated_slots"]
