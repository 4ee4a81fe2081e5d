"""Tom Tube: the board, tiles and positions (``model``), the rules engine with two independent
move generators (``rules``), the tile designer, self-play and "way home" puzzles (``solve``),
the print art (``art``), the print-and-play kit (``kit``), the puzzles as publishing sees
them (``puzzles``) and its own commands (``cli``). The rules restated and the file shapes:
docs/tomtube.md.

:data:`GAME` is the table the shared layers use: ``spacebowl tomtube kit | booklet |
classroom | web``, ``spacebowl check`` on its manifests, and its own commands.
"""

from __future__ import annotations

from spacebowl_print.games.tomtube.art.texts import LANGS
from spacebowl_print.publish.table import Game, KitSpec, Option, PuzzleSpec

_CLI = "spacebowl_print.games.tomtube.cli"

TILES_OPTION = Option("tiles", "--tiles", "Tile set TOML (default: the shipped "
                      "decks/tomtube-tiles.toml).", default=None, metavar="FILE", limit=4096)
"""``--tiles``, on the kit and on every puzzle command."""

GAME = Game(
    id="tomtube",
    title="Tom Tube",
    languages=LANGS,
    summary="Tom Tube: board, tiles, counters; \"way home\" puzzles",
    words="spacebowl_print.games.tomtube.art.texts:words",
    kit=KitSpec(
        kind="spacebowl_print.games.tomtube.kit:KIT",
        papers=("a4", "letter", "a3"),
        contents=("tiles.pdf            40 rhombs and 18 triangles (35 mm edges), die-cut, "
                  "backs\n"
                  "board.pdf            the board (35 mm edges), tiled with glue margins or "
                  "on A3\n"
                  "counters.pdf         energy, control, alien and solar counters\n"
                  "astronauts.pdf       the astronauts as fold-over standees\n"
                  "rules-LANG.pdf       the rule summary in each --lang"),
        options=(TILES_OPTION,)),
    puzzles=PuzzleSpec(
        kind="spacebowl_print.games.tomtube.puzzles.kind:PUZZLES",
        options=(TILES_OPTION,),
        max_puzzles=1000,  # about a minute and a half of generating and proving on two cores
        default_days=7),
    verify="spacebowl_print.games.tomtube.solve.verify:verify_with_header",
    commands={
        "moves": (f"{_CLI}:moves_command", "the legal moves of the player to move"),
        "play": (f"{_CLI}:play_command", "the position after one move or placement"),
    },
    aliases={"puzzles": "booklet"},
    help="""Tom Tube, the two-player game of tube tiles: lay tube tiles, drift home with both
solar counters. The kit, "way home" puzzles (booklets, classroom sets, web pages), legal
moves and positions.

\b
Positions are JSON files (docs/tomtube.md has the shape): placed rhombs
{"id", "at": "B3-C4", "s1": "B4"}, player triangles, the face-down stack (top first),
counters on spheres, both astronauts, the stock, and who is to move.
Spheres are named by knot (E5; modules A3, I3, G1, G7, C1, C7) or, for an energy
sphere, by its rhomb's position (B3-C4). Knots: rows A (top) to I, numbered from
the left.

\b
  spacebowl tomtube kit -o out/tomtube-kit/       board, tiles, counters, astronauts, rules
  spacebowl tomtube booklet --days 20             "way home" puzzles with proved answers
  spacebowl tomtube moves position.json           the legal moves, readable
  spacebowl tomtube moves position.json --json    {"moves": [...], "placements": N}
  spacebowl tomtube moves --batch positions.jsonl one answer a line
  spacebowl tomtube play position.json move.json  the position after the move

The rules as the engine plays them, every file shape and command: docs/tomtube.md.""",

)
