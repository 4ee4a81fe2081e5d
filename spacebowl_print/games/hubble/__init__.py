"""Hubble: the pad, icons, constellation cards, challenges and play logs (``model``), the
scoring engine with two independent paths for asteroids and stars and the legality checker
(``rules``), the challenge generator, the greedy player, the par solver and manifest entries
(``solve``), the print art (``art``), the print-and-play kit (``kit``), the daily challenges
(``puzzles``), and its own commands (``cli``). Rules and file shapes: docs/hubble.md.

:data:`GAME` is the table the shared layers use: ``spacebowl hubble kit | booklet |
classroom | web``, ``spacebowl check`` on its manifests, and its own commands.
"""

from __future__ import annotations

from spacebowl_print.games.hubble.art.texts import LANGS
from spacebowl_print.publish.table import Game, KitSpec, Option, PuzzleSpec

_CLI = "spacebowl_print.games.hubble.cli"

SET_OPTION = Option("constellations", "--constellations", "Constellation set TOML (default: "
                    "the shipped decks/hubble-constellations.toml).", default=None,
                    metavar="FILE", limit=4096)
"""``--constellations``, on the kit and on every puzzle command."""
PAD_OPTION = Option("pad_size", "--pad-size", "Pad size WxH, both even, 4 to 26 (default: the "
                    "calibrated standard pad).", default=None, metavar="WxH", limit=20)
"""``--pad-size``, on the kit and on every puzzle command."""
PLAYERS_OPTION = Option("players", "--players", "Pads to print (one a page, one a player a "
                        "game).", default=4, kind="int", bounds=(1, 100))
"""``--players``, on the kit (its bound is the kit's ``MAX_PLAYERS``)."""

GAME = Game(
    id="hubble",
    title="Hubble",
    languages=LANGS,
    summary="Hubble: pads, constellation cards, dice; solo challenges with a proved par",
    words="spacebowl_print.games.hubble.art.texts:words",
    kit=KitSpec(
        kind="spacebowl_print.games.hubble.kit:KIT",
        papers=("a4", "letter"),
        contents=("cards.pdf            the constellation cards, crop marks, backs for "
                  "long-edge duplex\n"
                  "pads.pdf             the scoring pads, one a player\n"
                  "dice.pdf             the paper dice to fold and glue\n"
                  "rules-LANG.pdf       the rule summary in each --lang"),
        options=(PLAYERS_OPTION, PAD_OPTION, SET_OPTION)),
    puzzles=PuzzleSpec(
        kind="spacebowl_print.games.hubble.puzzles.kind:PUZZLES",
        options=(PAD_OPTION, SET_OPTION),
        max_puzzles=1000,
        default_days=7),
    verify="spacebowl_print.games.hubble.solve.manifest:verify_with_header",
    commands={
        "score": (f"{_CLI}:score_command", "score a pad exactly (or a batch of pads)"),
        "replay": (f"{_CLI}:replay_command", "check a play log against its challenge"),
        "challenge": (f"{_CLI}:challenge_command", "a random solo challenge"),
        "par": (f"{_CLI}:par_command", "the par of a challenge, with its play"),
    },
    aliases={"daily": "booklet"},
    help="""Hubble: a stargazing roll-and-write on a hex pad in four coloured quadrants.

\b
Each round two coloured dice name two quadrants and two icons; a third icon completes the
Scope. Draw the three icons on one triangle of touching cells inside the rolled quadrants
(across their border only when the two quadrants touch), or fog: draw at most one icon and
cross a Fogged Lens box. Three fogs and you are out.

\b
Scoring: galaxies 11 × the fewest in a quadrant; planets, per line with 2 or more, their
number; asteroids 8 per triangle of asteroids (sharing no cell); comets by group size
(2→4, 3→7, 4→11, 5→15, +5 each); stars complete constellation cards (turns allowed,
no mirrors), each star serving one card.

\b
  spacebowl hubble kit -o out/hubble-kit/         pads, constellation cards, dice, rules
  spacebowl hubble booklet --days 7               solo challenges with the solver's par
  spacebowl hubble classroom --students 25 --puzzles 2
  spacebowl hubble web --days 7                   a challenge a day on screen
  spacebowl hubble score pad.json                 the pad drawn, with its score
  spacebowl hubble score --batch pads.jsonl       one pad a line in, one score a line out
  spacebowl hubble replay challenge.json play.json   legality check, then the score
  spacebowl hubble challenge --seed 7 > c.json    a random solo challenge
  spacebowl hubble par c.json --json              the par solver's play log and score

File shapes and rules: docs/hubble.md.""",

)
