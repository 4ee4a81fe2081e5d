"""Pure data: planets, cards, decks, galaxies, tosses, variants, solutions. No I/O."""

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import loads_json
from spacebowl_print.games.spacebowl.model.deck import GLYPHS, Card, Deck, Planet
from spacebowl_print.games.spacebowl.model.deck_read import parse_deck
from spacebowl_print.games.spacebowl.model.deck_write import deck_to_data, deck_to_toml
from spacebowl_print.games.spacebowl.model.game import (
    Cell,
    Galaxy,
    Puzzle,
    Solution,
    Toss,
    Variants,
    galaxy_from_json,
    galaxy_to_json,
    puzzle_from_json,
    solutions_to_json,
    toss_from_json,
    toss_to_json,
    variants_from_json,
    variants_to_json,
)
from spacebowl_print.games.spacebowl.model.geometry import (
    CENTRE,
    SPACES,
    TURNS,
    Pos,
    cell_name,
    parse_cell,
    parse_space,
    turn_space,
)

__all__ = [
    "CENTRE", "GLYPHS", "SPACES", "TURNS", "Card", "Cell", "Deck", "Galaxy", "InputError",
    "Planet", "Pos", "Puzzle", "Solution", "Toss", "Variants", "cell_name", "deck_to_data",
    "deck_to_toml",
    "galaxy_from_json", "galaxy_to_json", "loads_json", "parse_cell", "parse_deck",
    "parse_space", "puzzle_from_json", "solutions_to_json", "toss_from_json", "toss_to_json",
    "turn_space",
    "variants_from_json", "variants_to_json",
]
