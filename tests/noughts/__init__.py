"""Noughts: a fourth game that lives outside ``spacebowl_print`` — a 3×3 noughts-and-crosses
"win in one" puzzle (the player to move: which cells win at once?). It is published the way
any game from another distribution would be: its package (this folder) and one entry point
(``spacebowl_print.games``: ``noughts = noughts:GAME``) — not a line of ``spacebowl_print``
changes — and it gets every publication from the midend: kit, booklet (home and
print-on-demand with a cover), classroom set, web site (with a page template of its own),
``spacebowl check``, a command of its own and an older name.

Files: this table, ``rules`` (the game, two engines), ``art`` (drawing and words, English and
French), ``kit``, ``puzzles`` (the puzzle kind), ``cli`` (its own command) and
``templates/`` (its web page). ``contracts.toml`` holds its import contracts.
"""

from __future__ import annotations

from noughts.art import LANGS
from spacebowl_print.publish.table import Game, KitSpec, Option, PuzzleSpec

GAME = Game(
    id="noughts",
    title="Noughts",
    languages=LANGS,
    summary="Noughts: win-in-one puzzles (a game from another package)",
    words="noughts.art:words",
    kit=KitSpec(
        kind="noughts.kit:KIT",
        papers=("a4", "letter"),
        contents="board.pdf            the board",
        options=(Option("tokens", "--tokens", "Tokens of each mark, X and O.", default=5,
                        kind="int", bounds=(3, 9)),)),
    puzzles=PuzzleSpec(
        kind="noughts.puzzles:PUZZLES",
        options=(Option("to_move", "--to-move", "The player to move in every puzzle.",
                        default="X", kind="choice", choices=("X", "O")),),
        max_puzzles=500,
        default_days=7),
    commands={"wins": ("noughts.cli:wins_command",
                       "the cells where the player to move wins at once")},
    aliases={"daily": "booklet"},
    verify="noughts.rules:verify_entry",
    help="Noughts and crosses: find every cell where the player to move wins at once.",
)
