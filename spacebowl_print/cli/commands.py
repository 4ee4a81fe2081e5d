"""Every top-level command, in the order ``--help`` lists them, as ``module:attribute``.

Commands are imported only when used (or listed by ``--help``), so ``spacebowl solve`` does
not pay for reportlab and OR-Tools at start-up.
"""

from __future__ import annotations

COMMANDS: dict[str, str] = {
    "kit": "spacebowl_print.cli.kit_cmd:kit",
    "booklet": "spacebowl_print.cli.booklet_cmd:booklet_command",
    "classroom": "spacebowl_print.cli.booklet_cmd:classroom_command",
    "check": "spacebowl_print.cli.booklet_cmd:check_command",
    "solve": "spacebowl_print.cli.solve_cmd:solve_command",
    "stats": "spacebowl_print.cli.stats_cmd:stats_command",
    "deck": "spacebowl_print.cli.deck_cmd:deck_group",
    "galaxy": "spacebowl_print.cli.galaxy_cmd:galaxy",
}
