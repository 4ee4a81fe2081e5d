"""``spacebowl deck``: check (and, with the solver, design) deck files."""

from __future__ import annotations

import json

import click

from spacebowl_print.core.errors import printable
from spacebowl_print.games.spacebowl.art.cards import layout_problem
from spacebowl_print.games.spacebowl.art.report import deck_check_warnings
from spacebowl_print.games.spacebowl.cli.common import LazyGroup, load_deck, reports_input_errors
from spacebowl_print.games.spacebowl.model.deck import deck_summary


@click.group("deck", cls=LazyGroup,
             lazy={"design": "spacebowl_print.games.spacebowl.cli.deck_design_cmd:design",
                   "import": "spacebowl_print.games.spacebowl.cli.deck_io_cmd:import_command",
                   "export": "spacebowl_print.games.spacebowl.cli.deck_io_cmd:export_command",
                   "report": "spacebowl_print.games.spacebowl.cli.deck_report_cmd:report"})
def deck_group() -> None:
    """Check, design, import, export or report on deck files (docs/deck-format.md)."""


@deck_group.command("check")
@click.argument("deck_file", metavar="DECK.toml")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@reports_input_errors
def check_command(deck_file: str, as_json: bool) -> None:
    """Validate a deck file and summarise it (planet and pair frequencies).

    Exit status 2 with one line naming the file, line, card or planet id and field when
    the deck is not valid. The deck file: docs/deck-format.md.
    """
    deck = load_deck(deck_file)
    problem = layout_problem(deck)  # every card must print at the standard size
    if problem is not None:
        raise problem.at_file(deck_file)
    s = deck_summary(deck)
    warnings = deck_check_warnings(deck)
    if as_json:
        s["warnings"] = warnings
        click.echo(json.dumps(s))
        return
    lines = [f"{deck_file}: valid deck {s['name']!r} ({s['title']}), {s['cards']} cards",
             "planets per card: " + ", ".join(f"{k}: {v}" for k, v in
                                              s["planets_per_card"].items())]
    freq = s["planet_frequency"]
    lines.append("planet frequency: " + ", ".join(
        f"{p.id} {p.name} {freq[p.id]}" for p in deck.planets))
    pf = s["pair_frequency"]
    lines.append(f"pair frequency:   min {min(pf.values())}, max {max(pf.values())}: "
                 + " ".join(f"{k}{v}" for k, v in pf.items()))
    lines.append(f"black-hole cards: {s['black_hole_cards']}; decoys: {s['comets']} comets, "
                 f"{s['stars']} stars")
    if s["repeated_sets"]:
        lines.append("repeated planet sets: " + ", ".join(
            f"{k or '(none)'}×{v}" for k, v in s["repeated_sets"].items()))
    # a valid deck that will not play or print well: say so, exit 0
    lines += [f"warning: {line}" for line in warnings]
    for line in lines:  # deck text shown as typed, terminal controls escaped (core.errors)
        click.echo(printable(line))
