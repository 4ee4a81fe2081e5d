"""Space Bowl, the flagship: model, two rules engines, CP-SAT solvers, card art, kit, puzzles.

Layers inside (each imports only those before it): ``model`` → ``rules`` → ``solve`` →
``art`` → ``kit`` | ``puzzles`` → ``cli``. :data:`GAME` is the table publishing and the CLI use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacebowl_print.games.base import Game

_CLI = "spacebowl_print.games.spacebowl.cli"


def _verify(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    from spacebowl_print.games.spacebowl.puzzles.verify import verify_manifest_entry

    return verify_manifest_entry(header, entry)


GAME = Game(
    id="spacebowl",
    title="Space Bowl",
    languages=("en", "fr", "de"),
    manifest_schema="spacebowl-puzzles/1",
    commands={
        "kit": f"{_CLI}.kit_cmd:kit",
        "booklet": f"{_CLI}.booklet_cmd:booklet_command",
        "classroom": f"{_CLI}.booklet_cmd:classroom_command",
        "web": f"{_CLI}.web_cmd:web_command",
        "solve": f"{_CLI}.solve_cmd:solve_command",
        "stats": f"{_CLI}.stats_cmd:stats_command",
        "deck": f"{_CLI}.deck_cmd:deck_group",
        "galaxy": f"{_CLI}.galaxy_cmd:galaxy",
    },
    verify=_verify,
)
