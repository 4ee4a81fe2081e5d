"""The options objects of Hubble's publications, made once from the command line: the pad
size (``--pad-size 12x12``, both even, 4 to 26; default the calibrated standard pad) and the
constellation set (``--constellations FILE``) on every command, and the kit's ``--players``.
The options themselves (flags, help, defaults) are data in the game's table
(:data:`spacebowl_print.games.hubble.GAME`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.hubble.model.constellations import (
    ConstellationSet,
    load_constellation_set,
)
from spacebowl_print.games.hubble.model.geometry import check_size
from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS

_SIZE = re.compile(r"\s*(\d{1,2})\s*[x×]\s*(\d{1,2})\s*")

MAX_PLAYERS = 100
"""Pads a kit prints at most (one a page)."""


def parse_pad_size(text: str) -> tuple[int, int]:
    """``--pad-size 12x12``: (cols, rows), both even from 4 to 26; an :class:`InputError`
    at ``pad_size`` otherwise."""
    m = _SIZE.fullmatch(text)
    if not m:
        raise InputError(f"must look like 12x12 (columns x rows), got {text[:20]!r}",
                         "pad_size")
    cols, rows = int(m.group(1)), int(m.group(2))
    problem = check_size(cols, rows)
    if problem:
        raise InputError(problem, "pad_size")
    return cols, rows


@dataclass(frozen=True)
class HubbleChoice:
    """Hubble's own options on every puzzle command: ``pad_size`` (``"12x12"``, or None for
    the standard pad) and ``constellations`` (a set file, or None for the shipped set);
    ``cols`` and ``rows`` are the pad size, checked when the object is made."""

    pad_size: str | None = None
    constellations: str | None = None
    cols: int = field(init=False)
    rows: int = field(init=False)

    def __post_init__(self) -> None:
        cols, rows = (parse_pad_size(self.pad_size) if self.pad_size
                      else (STANDARD_COLS, STANDARD_ROWS))
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "rows", rows)

    def load_set(self) -> ConstellationSet:
        """The constellation set these options name."""
        return load_constellation_set(self.constellations)


@dataclass(frozen=True)
class HubbleKitChoice(HubbleChoice):
    """The kit's options: those of :class:`HubbleChoice` and ``players``, the pads to print
    (one a page), 1 to :data:`MAX_PLAYERS`."""

    players: int = 4

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 1 <= self.players <= MAX_PLAYERS:
            raise InputError(f"must be 1 to {MAX_PLAYERS}, got {self.players}", "players")


__all__ = ["MAX_PLAYERS", "HubbleChoice", "HubbleKitChoice", "parse_pad_size"]
