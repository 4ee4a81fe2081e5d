"""``spacebowl deck design``: design a deck with CP-SAT and verify its difficulty exactly.

The lead attaches :data:`design` under the ``deck`` group.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click

from spacebowl_print.core.cli import BoundedInt, ShortText
from spacebowl_print.core.files import check_output_file, write_atomic
from spacebowl_print.core.jsonio import show
from spacebowl_print.core.texts import user_text
from spacebowl_print.games.spacebowl.cli.common import (
    load_deck,
    quiet_option,
    reports_input_errors,
    seed_option,
)
from spacebowl_print.games.spacebowl.model import InputError, parse_deck
from spacebowl_print.games.spacebowl.model.csvdeck import folders_for, with_theme_of
from spacebowl_print.games.spacebowl.model.deck import MAX_TITLE
from spacebowl_print.games.spacebowl.model.deck_write import deck_to_toml
from spacebowl_print.games.spacebowl.rules.stats import MAX_GALAXIES
from spacebowl_print.games.spacebowl.solve import design_deck

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*\Z")
_DECIMAL = r"\d{1,6}(?:\.\d{0,6})?|\.\d{1,6}"
MAX_CARDS = 1000
"""The designer's CP-SAT model and its exact verification stay within a minute up to here."""


def parse_int_range(text: str, option: str) -> tuple[int, int]:
    """``"1-4"`` → (1, 4), ``"3"`` → (3, 3); an :class:`InputError` naming ``option``
    otherwise."""
    m = re.fullmatch(r"\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?", text)
    if not m:
        raise InputError(f"must be a number or a range like 1-4, got {show(text)}", option)
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo
    if lo > hi:
        raise InputError(f"range {show(text)} is upside down", option)
    return lo, hi


def parse_float_range(text: str, option: str) -> tuple[float, float]:
    """``"0.2-0.35"`` → (0.2, 0.35); an :class:`InputError` naming ``option`` otherwise."""
    m = re.fullmatch(rf"\s*({_DECIMAL})\s*-\s*({_DECIMAL})\s*", text)
    if not m:
        raise InputError(f"must be a range like 0.2-0.35, got {show(text)}", option)
    lo, hi = float(m.group(1)), float(m.group(2))
    if lo >= hi:
        raise InputError(f"range {show(text)} must go from low to high", option)
    return lo, hi


@click.command("design")
@click.option("--cards", type=BoundedInt(1, MAX_CARDS), default=56, show_default=True,
              help=f"Cards in the deck (at most {MAX_CARDS}).")
@click.option("--per-card", type=ShortText(16), default="1-4", show_default=True,
              metavar="LO-HI",
              help="Planets on a card.")
@click.option("--black-holes", type=BoundedInt(0, MAX_CARDS), default=8, show_default=True,
              help="Cards that show a black hole.")
@click.option("--target-none", type=ShortText(24), default="0.2-0.35", show_default=True,
              metavar="LO-HI",
              help="Band for the share of tosses with no solution (base game, exact).")
@click.option("--target-mean", type=ShortText(24), default="1-2", show_default=True,
              metavar="LO-HI",
              help="Band for the mean number of solutions per toss.")
@click.option("--max-copies", type=BoundedInt(1, MAX_CARDS), default=2, show_default=True,
              help="Most cards that may show the same set of planets.")
@click.option("--base", "base", default="classic", show_default=True, metavar="DECK",
              help="Deck whose planets (names, colours, glyphs, art) and theme the new deck "
                   "keeps.")
@click.option("--name", type=ShortText(64), default=None,
              help="Deck name (default: the output file's stem).")
@click.option("--title", type=ShortText(120), default=None,
              help="Deck title (default: from the name).")
@click.option("--galaxies", type=BoundedInt(10, MAX_GALAXIES), default=200, show_default=True,
              help="Dealt galaxies for the exact verification.")
@seed_option(default=1)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="The deck file to write (decks/NAME.toml).")
@quiet_option
@reports_input_errors
def design(cards: int, per_card: str, black_holes: int, target_none: str, target_mean: str,
           max_copies: int, base: str, name: str | None, title: str | None, galaxies: int,
           seed: int, output: str, quiet: bool) -> None:
    """Design a deck: balanced planets and pairs, black holes and decoys placed, and a
    difficulty inside the target bands, verified with the exact statistics.

    \b
    Example:
      spacebowl deck design --seed 7 -o decks/mydeck.toml

    See docs/spacebowl.md; the deck file: docs/deck-format.md.
    """
    check_output_file(output)  # a bad -o fails now, not after the design
    if title is not None:  # and a title that cannot be printed
        user_text(title, "title", limit=MAX_TITLE)
    deck_name = name or Path(output).stem
    if not _NAME.match(deck_name):
        raise InputError(f"must be a file-safe id (a-z, 0-9, _ and -), got {show(deck_name)}; "
                         "use --name", "name")
    base_deck = load_deck(base)
    result = design_deck(
        base_deck, name=deck_name, title=title, cards=cards,
        per_card=parse_int_range(per_card, "per_card"), black_holes=black_holes,
        target_none=parse_float_range(target_none, "target_none"),
        target_mean=parse_float_range(target_mean, "target_mean"), max_copies=max_copies,
        seed=seed, galaxies=galaxies)
    command = ["spacebowl", "deck", "design", "--cards", str(cards), "--per-card", per_card,
               "--black-holes", str(black_holes), "--target-none", target_none,
               "--target-mean", target_mean, "--max-copies", str(max_copies),
               "--galaxies", str(galaxies), "--seed", str(seed), "-o", output]
    if base != "classic":
        command[3:3] = ["--base", base]
    header = (f"Space Bowl deck {deck_name!r}, designed with CP-SAT and verified exactly.\n"
              f"Regenerate: {shlex.join(command)}")
    out_dir = Path(output).parent
    # the new cards, in the base deck's look: its [theme] and art, paths as seen from -o
    deck = with_theme_of(result.deck, base_deck, out_dir)
    text = deck_to_toml(deck, header)
    with folders_for(Path(output)):
        parse_deck(text, output, base_dir=out_dir)  # every path still finds its file
        write_atomic(output, text)
    if not quiet:
        click.echo(result.report())
        click.echo(f"wrote {output}")
