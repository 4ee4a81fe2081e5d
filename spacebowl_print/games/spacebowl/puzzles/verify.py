"""Re-deriving a manifest entry's answer with the reference engine, from the entry alone."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from spacebowl_print.core.resources import deck_path
from spacebowl_print.games.spacebowl.model import (
    InputError,
    parse_deck,
    puzzle_from_json,
    solutions_to_json,
)
from spacebowl_print.games.spacebowl.rules import reference

MANIFEST_EXTRA_KEYS = ("id", "tier", "solutions", "question", "near_misses")
"""Keys of a manifest entry besides galaxy, toss and variants."""


def _canon(value: Any) -> str:
    # JSON text, so that 0 ≠ false and 0.0 ≠ 0 as they would be for any other reader
    return json.dumps(value, sort_keys=True)


def verify_entry(entry: Mapping[str, Any], letters: str) -> str | None:
    """Re-derive a manifest entry's answer with the reference engine, from the entry alone.

    Returns ``None`` when the stored ``solutions`` (and ``near_misses``, if present) are
    exactly — as JSON — what ``spacebowl solve`` prints, else one line saying what differs.
    An entry whose galaxy, toss or variants cannot be read raises :class:`InputError`.
    """
    if "solutions" not in entry:
        raise InputError("missing key", "solutions")
    puzzle = puzzle_from_json(entry, letters, MANIFEST_EXTRA_KEYS)
    galaxy, toss, variants = puzzle.galaxy, puzzle.toss, puzzle.variants
    found, lures = reference.analyse(galaxy, toss, variants)
    expected = solutions_to_json(found)["solutions"]
    stored = entry["solutions"]
    if _canon(stored) != _canon(expected):
        if not isinstance(stored, list):
            return f"solutions must be a list, got {_canon(stored)[:40]}"
        got = [s.get("cell") if isinstance(s, dict) else s for s in stored]
        want = [s["cell"] for s in expected]
        if got != want:
            return f"answer key says {got or 'none'}, the engine finds {want or 'none'}"
        for s, e in zip(stored, expected, strict=True):
            if _canon(s) != _canon(e):
                return (f"solution {e['cell']}: answer key says {_canon(s)}, "
                        f"the engine says {_canon(e)}")
    if "near_misses" in entry:
        near = [p.name for p in lures]
        if _canon(entry["near_misses"]) != _canon(near):
            return f"near misses listed {entry['near_misses']}, the engine finds {near}"
    return None


@functools.lru_cache(maxsize=8)
def _letters(deck_name: str) -> str:
    path = deck_path(deck_name)
    if not path.is_file():
        return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # an unknown deck: any planet letters
    return parse_deck(path.read_text(encoding="utf-8-sig"), deck_name).letters


def verify_manifest_entry(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """:func:`verify_entry` with the planet letters of the manifest's deck (``header["deck"]``,
    default ``classic``)."""
    return verify_entry(entry, _letters(str(header.get("deck") or "classic")))
