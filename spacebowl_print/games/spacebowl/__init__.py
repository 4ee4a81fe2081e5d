"""Space Bowl, the flagship: model, two rules engines, CP-SAT solvers, card art, kit, puzzles.

Layers inside (each imports only those before it): ``model`` → ``rules`` → ``solve`` →
``art`` → ``kit`` | ``puzzles`` → ``cli``. :data:`GAME` is the table the shared layers use:
its kit and puzzles give ``spacebowl kit | booklet | classroom | web`` (at the top level, as
the flagship), and its own commands ``solve``, ``stats``, ``deck`` and ``galaxy``.
"""

from __future__ import annotations

from spacebowl_print.games.base import Game

_CLI = "spacebowl_print.games.spacebowl.cli"

GAME = Game(
    id="spacebowl",
    title="Space Bowl",
    languages=("en", "fr", "de"),
    summary="Space Bowl",
    kit="spacebowl_print.games.spacebowl.kit:KIT",
    puzzles="spacebowl_print.games.spacebowl.puzzles.kind:PUZZLES",
    verify="spacebowl_print.games.spacebowl.puzzles.verify:verify_manifest_entry",
    commands={
        "solve": (f"{_CLI}.solve_cmd:solve_command", "every valid destination card of a toss"),
        "stats": (f"{_CLI}.stats_cmd:stats_command",
                  "exact difficulty: a galaxy's histogram or a deck's figures"),
        "deck": (f"{_CLI}.deck_cmd:deck_group",
                 "check, design, import, export and report on decks"),
        "galaxy": (f"{_CLI}.galaxy_cmd:galaxy", "lay out a galaxy with exactly K solutions"),
    },
    flagship=True,
)
