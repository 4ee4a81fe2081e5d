"""``spacebowl galaxy build``: lay out deck cards so that a toss has exactly K solutions.

The lead adds :data:`galaxy` to the top-level commands.
"""

from __future__ import annotations

import re

import click

from spacebowl_print.core.cli import BoundedInt, ShortText
from spacebowl_print.core.files import check_output_file, write_atomic
from spacebowl_print.core.jsonio import show
from spacebowl_print.games.spacebowl.cli.common import (
    deck_option,
    load_deck,
    load_json_file,
    quiet_option,
    reports_input_errors,
    seed_option,
)
from spacebowl_print.games.spacebowl.model import InputError, toss_from_json
from spacebowl_print.games.spacebowl.model.game import galaxy_json_text
from spacebowl_print.games.spacebowl.solve import STRATEGIES, build_galaxy


def parse_size(text: str) -> tuple[int, int]:
    """``"5x5"`` / ``"6×6"`` → (columns, rows); :class:`InputError` naming ``size`` otherwise."""
    m = re.fullmatch(r"\s*(\d{1,3})\s*[x×X]\s*(\d{1,3})\s*", text)
    if not m:
        raise InputError(f"must be COLSxROWS like 5x5, got {show(text)}", "size")
    return int(m.group(1)), int(m.group(2))


@click.group("galaxy")
def galaxy() -> None:
    """Build galaxies with a controlled number of solutions (docs/spacebowl.md)."""


@galaxy.command("build")
@deck_option
@click.option("--toss", "toss_path", required=True, type=click.Path(dir_okay=False),
              metavar="TOSS.json", help="The toss (docs/formats.md).")
@click.option("--solutions", "-k", type=BoundedInt(0, 64), required=True,
              help="Exact number of valid destination cards (0 allowed).")
@click.option("--near-misses", type=BoundedInt(0, 64), default=0, show_default=True,
              help="Least number of near misses.")
@click.option("--size", type=ShortText(16), default="5x5", show_default=True,
              metavar="COLSxROWS", help="Galaxy size, 3x3 up to 64 cards.")
@click.option("--rotation", is_flag=True, help="Rotation variant.")
@click.option("--torus", is_flag=True, help="Toroidal variant.")
@click.option("--void", type=BoundedInt(0, 64), default=0, show_default=True,
              help="Cards laid face down.")
@click.option("--wild-needed", is_flag=True,
              help="No solution without the Wild token, the K solutions need it "
                   "(the report names its cell).")
@click.option("--strategy", type=click.Choice(STRATEGIES), default="auto", show_default=True,
              help="auto: sample a little, then CP-SAT.")
@seed_option(default=1)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              metavar="GALAXY.json")
@quiet_option
@reports_input_errors
def build(deck: str, toss_path: str, solutions: int, near_misses: int, size: str,
          rotation: bool, torus: bool, void: int, wild_needed: bool, strategy: str, seed: int,
          output: str, quiet: bool) -> None:
    """Choose distinct deck cards and place them so that the toss has exactly K solutions
    and at least N near misses; every result is re-checked by the reference engine.

    \b
    Example:
      spacebowl galaxy build --toss toss.json --solutions 1 --near-misses 4 -o galaxy.json

    The toss and galaxy files: docs/formats.md.
    """
    check_output_file(output)  # a bad -o fails now, not after the search
    the_deck = load_deck(deck)
    try:
        toss = toss_from_json(load_json_file(toss_path), the_deck.letters)
    except InputError as err:
        raise err.at_file(toss_path) from None
    result = build_galaxy(the_deck, toss, solutions, near_misses, parse_size(size), rotation,
                          torus, void, wild_needed, seed, strategy)
    write_atomic(output, galaxy_json_text(result.to_json(the_deck.letters)))
    if not quiet:
        click.echo(result.report())
        click.echo(f"wrote {output}")
