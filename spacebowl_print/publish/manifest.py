"""Manifests of any game: the shared header, and checking every entry with the game's own
independent ``verify``. Knows no game rules."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from spacebowl_print.core.errors import InputError

Verify = Callable[[Mapping[str, Any], Mapping[str, Any]], str | None]


def iter_entries(manifest: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(id, entry) for every puzzle of a manifest; a malformed manifest is an InputError."""
    if not isinstance(manifest, dict) or not isinstance(manifest.get("puzzles"), list):
        raise InputError("a manifest is an object with a \"puzzles\" list", "puzzles")
    for k, entry in enumerate(manifest["puzzles"]):
        if not isinstance(entry, dict):
            raise InputError("must be an object", f"puzzles[{k}]")
        yield str(entry.get("id", f"#{k + 1}")), entry


def header_of(manifest: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest without its puzzles (title, game, deck, seed, …)."""
    return {k: v for k, v in manifest.items() if k != "puzzles"}


def check_entries(manifest: Any, verify: Verify) -> tuple[int, str | None]:
    """(puzzles checked, first problem as "puzzle ID: …" or None)."""
    header = header_of(manifest) if isinstance(manifest, dict) else {}
    count = 0
    for k, (pid, entry) in enumerate(iter_entries(manifest)):
        count += 1
        try:
            problem = verify(header, entry)
        except InputError as err:
            raise err.within(f"puzzles[{k}] ({pid})") from None
        if problem:
            return count, f"puzzle {pid}: {problem}"
    return count, None
