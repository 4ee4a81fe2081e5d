"""Noughts: a fourth game that exists only inside the tests — a 3×3 noughts-and-crosses "win
in one" puzzle (X to move: which cells win at once?). It is one package and one registry line
(added by the test, never in ``spacebowl_print``), and it gets every publication from the
midend: kit, booklet (home and print-on-demand with a cover), classroom set, web site and
``spacebowl check``. It shows exactly what a new game writes: a table (this file), a kit
(:mod:`.kit`), a puzzle kind (:mod:`.puzzles`), and its words.
"""

from __future__ import annotations

from spacebowl_print.games.base import Game

GAME = Game(
    id="noughts",
    title="Noughts",
    languages=("en",),
    summary="Noughts: win-in-one puzzles (a test game)",
    kit="noughts.kit:KIT",
    puzzles="noughts.puzzles:PUZZLES",
    help="Noughts and crosses: X to move, find every cell that wins at once.",
)
