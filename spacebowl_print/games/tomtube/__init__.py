"""Tom Tube: the board, tiles and positions (``model``), the rules engine with two independent
move generators (``rules``), the tile designer, self-play and "way home" puzzles (``solve``),
the print art (``art``), the print-and-play kit (``kit``), the puzzle booklet (``puzzles``) and
the ``tomtube`` click group (``cli``). The rules restated and the file shapes: docs/tomtube.md.

:data:`GAME` is the table publishing and the CLI use (``spacebowl tomtube …``, and
``spacebowl check`` on a booklet's manifest).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacebowl_print.games.base import Game


def _verify(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """Re-prove one "way home" entry with the engine's independent verifier (replay with the
    reference engine, no shorter line by breadth-first search); imported here so that
    reading the table stays cheap."""
    from spacebowl_print.games.tomtube.solve.puzzles import verify_entry

    return verify_entry(dict(entry))


GAME = Game(
    id="tomtube",
    title="Tom Tube",
    languages=("en", "de"),
    manifest_schema="tomtube-puzzles/1",
    commands={"tomtube": "spacebowl_print.games.tomtube.cli:tomtube"},
    verify=_verify,
)
