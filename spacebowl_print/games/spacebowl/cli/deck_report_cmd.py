"""``spacebowl deck report``: a deck's difficulty and composition as PDF pages with plots, and the
same figures as JSON (equal to ``spacebowl stats DECK --json`` for the same galaxies and seed).
"""

from __future__ import annotations

import json
import os
import time

import click

from spacebowl_print.core.cli import BoundedInt
from spacebowl_print.core.files import check_output_file
from spacebowl_print.games.spacebowl.art.report import report_data, report_pages
from spacebowl_print.games.spacebowl.cli.common import (
    load_deck,
    progress,
    quiet_option,
    reports_input_errors,
)
from spacebowl_print.games.spacebowl.rules.stats import MAX_GALAXIES, VARIANTS
from spacebowl_print.render.api import PAPER, PdfOptions
from spacebowl_print.render.pdf import write_pdf


@click.command("report")
@click.argument("deck_file", metavar="DECK")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="The PDF to write (required unless --json).")
@click.option("--galaxies", type=BoundedInt(1, MAX_GALAXIES), default=200, show_default=True,
              help="Galaxies dealt for the exact difficulty figures.")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=1, show_default=True,
              help="Deal seed (the same seed gives the same figures and a byte-identical PDF).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--jobs", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="all cores", help="Worker processes for the statistics.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the figures as JSON (what stats --json prints, plus verdicts, "
                   "composition, warnings and the sample deal).")
@quiet_option
@reports_input_errors
def report(deck_file: str, output: str | None, galaxies: int, seed: int, paper: str,
           jobs: int, as_json: bool, quiet: bool) -> None:
    """A deck report: verdict per variant against the designer's bands, no-solution share and
    mean solutions per variant, the whole distribution of solutions per toss, planet and pair
    frequencies, black-hole spread, and a sample galaxy and toss.

    \b
    Example:
      spacebowl deck report classic -o classic-report.pdf
      spacebowl deck report decks/mydeck.toml --json

    See docs/spacebowl.md; the JSON: docs/formats.md.
    """
    if output is None and not as_json:
        raise click.UsageError("give -o REPORT.pdf, --json, or both")
    if output is not None:
        check_output_file(output)
    deck = load_deck(deck_file)
    started = time.perf_counter()
    with progress(galaxies * len(VARIANTS), "Dealing galaxies", quiet or as_json) as step:
        data = report_data(deck, galaxies, seed, VARIANTS, step, jobs)
    if output is not None:
        title = f"Space Bowl deck report — {deck.title}"
        write_pdf(report_pages(data, PAPER[paper]), output, PdfOptions(title=title))
    elapsed = time.perf_counter() - started
    if as_json:
        out = data.to_json()
        out["seconds"] = round(elapsed, 3)
        click.echo(json.dumps(out, ensure_ascii=False))
    if not quiet and output is not None:
        click.echo(f"wrote {output}: {len(data.verdicts)} variants, {galaxies} galaxies, "
                   f"{elapsed:.1f} s", err=True)
        for v in data.verdicts:
            click.echo(v.line, err=True)
