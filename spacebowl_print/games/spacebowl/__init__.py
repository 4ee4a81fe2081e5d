"""Space Bowl, the flagship: model, two rules engines, CP-SAT solvers, card art, kit, puzzles.

Layers inside (each imports only those before it): ``model`` → ``rules`` → ``solve`` →
``art`` → ``kit`` | ``puzzles`` → ``cli``. :data:`GAME` is the table the shared layers use:
its kit and puzzles give ``spacebowl kit | booklet | classroom | web`` (at the top level, as
the flagship), and its own commands ``solve``, ``stats``, ``deck`` and ``galaxy``.
"""

from __future__ import annotations

from spacebowl_print.games.spacebowl.art.texts import LANGS
from spacebowl_print.publish.table import Game, KitSpec, Option, PuzzleSpec

_CLI = "spacebowl_print.games.spacebowl.cli"

DECK_OPTION = Option("deck", "--deck", "A deck file, or the name of a shipped deck "
                     "(docs/deck-format.md).", default="classic", metavar="DECK", limit=4096)
"""``--deck``, on the kit and on every puzzle command (its default is the model's
``DEFAULT_DECK``)."""

GAME = Game(
    id="spacebowl",
    title="Space Bowl",
    languages=LANGS,
    summary="Space Bowl",
    words="spacebowl_print.games.spacebowl.art.texts:words",
    kit=KitSpec(
        kind="spacebowl_print.games.spacebowl.kit:KIT",
        papers=("a4", "letter"),
        contents=("cards.pdf            the deck's cards, crop marks, backs for long-edge "
                  "duplex\n"
                  "ship-computer.pdf    the Ship Computer, sized to --box\n"
                  "scoretrack.pdf       the score track\n"
                  "tokens.pdf           the tokens to cut out\n"
                  "rules-LANG.pdf       the rule summary in each --lang"),
        options=(
            DECK_OPTION,
            Option("card_size", "--card-size", "poker (63x88 mm), bridge (2.25x3.5 in: "
                   "57.15x88.9 mm), 2.5x3.5in (63.5x88.9 mm), or WxHmm.", default="poker",
                   metavar="SIZE", limit=40),
            Option("fold", "--fold", "Fronts and backs side by side to fold and glue (no "
                   "duplex printer).", default=False, kind="flag"),
            Option("box", "--box", "Inner size of your Ship Computer box: 150mm, or WxH like "
                   "160x140mm.", default="150mm", metavar="SIZE", limit=40),
            Option("back_offset", "--back-offset", "Shift the card backs by X,Y mm (read it "
                   "off the duplex check page).", default="0,0", metavar="X,Y", limit=40),
            Option("cards_only", "--cards-only", "Only the cards (cards.pdf, cut guides, "
                   "SVGs): to reprint a deck.", default=False, kind="flag"))),
    puzzles=PuzzleSpec(
        kind="spacebowl_print.games.spacebowl.puzzles.kind:PUZZLES",
        options=(DECK_OPTION,),
        max_puzzles=3660,  # ten years of daily puzzles: about a minute and a half
        default_days=365),
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
    check_options=(Option("check_deck", "--deck", "Space Bowl: the deck the booklet was made "
                          "with (default: the file the manifest records, then one of that "
                          "name beside the manifest, then the shipped deck of its name).",
                          default=None, metavar="DECK", limit=4096),),
    checked_against="spacebowl_print.games.spacebowl.puzzles.verify:deck_used",
)
