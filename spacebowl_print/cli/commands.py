"""Every top-level command, in the order ``--help`` lists them, as ``module:attribute``:
the games' own commands from their tables (flagship first), then the shared ones.

Commands are imported only when used (or listed by ``--help``), so ``spacebowl solve`` does
not pay for reportlab and OR-Tools at start-up.
"""

from __future__ import annotations

from spacebowl_print.games.base import GAMES, find_game

SHARED: dict[str, str] = {
    "check": "spacebowl_print.cli.check:check_command",
}


def all_commands() -> dict[str, str]:
    """``name → "module:attribute"`` for the root group."""
    out: dict[str, str] = {}
    for name in GAMES:
        out.update(find_game(name).commands)
    return {**out, **SHARED}
