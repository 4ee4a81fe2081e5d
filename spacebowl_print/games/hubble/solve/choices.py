"""The options every Hubble command shares for what it plays on: the pad size (``--pad-size
12x12``, both even, 4 to 26; default the calibrated standard pad) and the constellation set
(``--constellations FILE``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.hubble.model.geometry import check_size
from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS
from spacebowl_print.publish.kinds import Option

_SIZE = re.compile(r"\s*(\d{1,2})\s*[x×]\s*(\d{1,2})\s*")


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


SET_OPTION = Option("constellations", "--constellations", "Constellation set TOML (default: "
                    "the shipped decks/hubble-constellations.toml).", default=None,
                    metavar="FILE", limit=4096)
"""``--constellations``, on the kit and on every puzzle command."""
PAD_OPTION = Option("pad_size", "--pad-size", "Pad size WxH, both even, 4 to 26 (default: the "
                    "calibrated standard pad).", default=None, metavar="WxH", limit=20)
"""``--pad-size``, on the kit and on every puzzle command."""


def pad_size_of(options: Mapping[str, Any]) -> tuple[int, int]:
    """The ``--pad-size`` given (default: the standard pad)."""
    text = options.get("pad_size")
    return parse_pad_size(str(text)) if text else (STANDARD_COLS, STANDARD_ROWS)


__all__ = ["PAD_OPTION", "SET_OPTION", "pad_size_of", "parse_pad_size"]
