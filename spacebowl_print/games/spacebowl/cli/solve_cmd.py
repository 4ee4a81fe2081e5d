"""``spacebowl solve``: the valid destinations of one toss, or of a batch of cases."""

from __future__ import annotations

import json

import click

from spacebowl_print.core.cli import answer_batch
from spacebowl_print.games.spacebowl.cli.common import (
    deck_option,
    load_deck,
    load_json_file,
    reports_input_errors,
)
from spacebowl_print.games.spacebowl.model import (
    Galaxy,
    InputError,
    Solution,
    Toss,
    Variants,
    galaxy_from_json,
    parse_cell,
    solutions_to_json,
    toss_from_json,
)
from spacebowl_print.games.spacebowl.rules import reference
from spacebowl_print.games.spacebowl.rules.reference import solve_case
from spacebowl_print.games.spacebowl.rules.textgrid import galaxy_grid


def _describe(sols: list[Solution], rotation: bool) -> list[str]:
    lines = []
    for s in sols:
        notes = []
        if rotation:
            notes.append("turns " + ", ".join(f"{t}°" for t in s.rotations))
        if s.wild:
            notes.append("only with the Wild token")
        lines.append(f"  {s.cell.name}" + (f"  ({'; '.join(notes)})" if notes else ""))
    return lines


@click.command("solve")
@click.argument("galaxy_file", metavar="GALAXY.json", required=False)
@click.argument("toss_file", metavar="TOSS.json", required=False)
@click.option("--rotation", is_flag=True, help="Rotation variant: the box may be turned.")
@click.option("--torus", is_flag=True, help="Toroidal variant: rows and columns wrap.")
@click.option("--wild", "wild", metavar="CELL", help="The Wild token lies on this card (e.g. C4).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the solutions object (docs/formats.md).")
@click.option("--batch", "batch", metavar="CASES.jsonl",
              help="Answer one {galaxy, toss, variants} case a line, one JSON answer a line.")
@deck_option
@reports_input_errors
def solve_command(galaxy_file: str | None, toss_file: str | None, rotation: bool, torus: bool,
                  wild: str | None, as_json: bool, batch: str | None, deck: str) -> None:
    """Find every valid destination card for a toss on a galaxy.

    \b
    spacebowl solve galaxy.json toss.json            text grid, solutions marked
    spacebowl solve galaxy.json toss.json --json     {"count": …, "solutions": [...]}
    spacebowl solve --batch cases.jsonl              one answer a line

    A face-down card is null in galaxy.json (void variant); the black hole is part of the
    toss. Planet letters are those of --deck. File shapes: docs/formats.md; the rules:
    docs/spacebowl.md.
    """
    letters = load_deck(deck).letters
    if batch:
        if galaxy_file or toss_file:
            raise click.UsageError("--batch takes no GALAXY.json / TOSS.json arguments")
        if rotation or torus or wild or as_json:
            raise click.UsageError("--batch reads each case's variants from its line and "
                                   "always prints JSON: drop --rotation/--torus/--wild/--json")
        _batch(batch, letters)
        return
    if not (galaxy_file and toss_file):
        raise click.UsageError("give GALAXY.json and TOSS.json (or --batch CASES.jsonl)")
    try:
        galaxy = galaxy_from_json(load_json_file(galaxy_file), letters)
    except InputError as err:
        raise err.at_file(galaxy_file) from None
    try:
        toss: Toss = toss_from_json(load_json_file(toss_file), letters)
    except InputError as err:
        raise err.at_file(toss_file) from None
    wild_cell = None
    if wild is not None:
        try:
            wild_cell = parse_cell(wild, galaxy.rows, galaxy.cols, "wild cell")
        except InputError as err:
            raise err.within("--wild") from None
    variants = Variants(rotation, torus, wild_cell)
    sols = reference.solve(galaxy, toss, variants)
    if as_json:
        click.echo(json.dumps(solutions_to_json(sols)))
        return
    _print_human(galaxy, variants, sols, letters)


def _print_human(galaxy: Galaxy, variants: Variants, sols: list[Solution], letters: str) -> None:
    marks = {s.cell: "*" for s in sols}
    if variants.wild is not None:
        marks.setdefault(variants.wild, "w")
    click.echo(galaxy_grid(galaxy, marks, letters))
    on = [n for n, v in (("rotation", variants.rotation), ("torus", variants.torus)) if v]
    if variants.wild:
        on.append(f"Wild token on {variants.wild.name}")
    click.echo(f"variants: {', '.join(on) or 'none'}")
    word = "solution" if len(sols) == 1 else "solutions"
    click.echo(f"{len(sols)} {word}" + (":" if sols else " — call \"We are all going to die!\""))
    for line in _describe(sols, variants.rotation):
        click.echo(line)


def _batch(path: str, letters: str) -> None:
    answer_batch(path, lambda case: solve_case(case, letters))

