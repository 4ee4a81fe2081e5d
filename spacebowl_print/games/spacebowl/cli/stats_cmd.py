"""``spacebowl stats``: exact toss histograms of a galaxy, or a deck's difficulty."""

from __future__ import annotations

import json
import os
import time

import click

from spacebowl_print.core.cli import SEED, BoundedInt, ShortText
from spacebowl_print.core.jsonio import show
from spacebowl_print.games.spacebowl.cli.common import (
    load_deck,
    load_json_file,
    progress,
    quiet_option,
    reports_input_errors,
)
from spacebowl_print.games.spacebowl.model import Deck, InputError, galaxy_from_json
from spacebowl_print.games.spacebowl.rules.deck_health import format_distribution
from spacebowl_print.games.spacebowl.rules.stats import (
    MAX_GALAXIES,
    VARIANTS,
    deck_stats,
    galaxy_histogram,
)
from spacebowl_print.games.spacebowl.rules.tosses import toss_count


def _planets(value: str, letters: str) -> str:
    for ch in value:
        if ch not in letters:
            raise InputError(f"unknown planet {show(ch)} (planets: {letters})", "--planets")
    if len(set(value)) != len(value):
        raise InputError(f"a marble appears twice in {show(value)}", "--planets")
    return value


@click.command("stats")
@click.argument("deck_file", metavar="[DECK.toml]", required=False)
@click.option("--galaxy", "galaxy_file", metavar="GALAXY.json",
              help="Histogram of solutions over every toss on this galaxy.")
@click.option("--planets", type=ShortText(26), default=None, metavar="LETTERS",
              help="With --galaxy: the marbles tossed, e.g. RGB.")
@click.option("--black-hole", is_flag=True, help="With --galaxy: the Black Hole disc is tossed.")
@click.option("--rotation", is_flag=True, help="With --galaxy: rotation variant.")
@click.option("--torus", is_flag=True, help="With --galaxy: toroidal variant.")
@click.option("--learning", is_flag=True, help="With --galaxy: the disc stays on B2.")
@click.option("--galaxies", type=BoundedInt(1, MAX_GALAXIES), default=200, show_default=True,
              help="With a deck: how many galaxies to deal (the most, 20,000, takes about "
                   "two minutes; a progress bar shows on a terminal).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="With a deck: deal seed.")
@click.option("--variants", type=ShortText(200), default=",".join(VARIANTS), show_default=True,
              help="With a deck: comma-separated variants to measure.")
@click.option("--jobs", type=BoundedInt(1, 64), default=min(os.cpu_count() or 1, 64),
              show_default="all cores", help="With a deck: worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@quiet_option
@reports_input_errors
def stats_command(deck_file: str | None, galaxy_file: str | None, planets: str | None,
                  black_hole: bool, rotation: bool, torus: bool, learning: bool, galaxies: int,
                  seed: int, variants: str, jobs: int, as_json: bool, quiet: bool) -> None:
    """Exact statistics over every toss.

    \b
    spacebowl stats --galaxy galaxy.json --planets RGB [--black-hole] --json
        {"tosses": N, "histogram": {"0": n0, "1": n1, ...}}  (solutions per toss)
    spacebowl stats decks/classic.toml --galaxies 1000 --seed 1
        deck difficulty: for each dealt galaxy and each card left over as the top card,
        every toss of its marbles; share of tosses with no solution, mean and distribution
        of solutions, per variant.

    Output shapes: docs/formats.md.
    """
    deck = load_deck(deck_file)
    if galaxy_file:
        if planets is None:
            raise click.UsageError("--galaxy needs --planets (the marbles tossed)")
        _galaxy_stats(deck, galaxy_file, _planets(planets, deck.letters), as_json,
                      black_hole=black_hole, rotation=rotation, torus=torus, learning=learning)
    else:
        _deck_stats(deck, galaxies, seed, [v.strip() for v in variants.split(",") if v.strip()],
                    jobs, as_json, quiet)


def _galaxy_stats(deck: Deck, galaxy_file: str, marbles: str, as_json: bool, *,
                  black_hole: bool, rotation: bool, torus: bool, learning: bool) -> None:
    """Galaxy mode: the histogram of solutions over every toss of ``marbles``."""
    try:
        galaxy = galaxy_from_json(load_json_file(galaxy_file), deck.letters)
    except InputError as err:
        raise err.at_file(galaxy_file) from None
    hist = galaxy_histogram(galaxy, deck.letters, marbles, black_hole, rotation, torus,
                            learning)
    total = toss_count(len(marbles), black_hole, learning)
    # Every count from 0 to the largest, zeros included, as formats.md writes it.
    top = max(hist) if hist else 0
    out = {"tosses": total, "histogram": {str(k): hist.get(k, 0) for k in range(top + 1)}}
    if as_json:
        click.echo(json.dumps(out))
    else:
        click.echo(f"{total} tosses of {marbles or 'no marbles'}"
                   f"{' and the black hole' if black_hole else ''}")
        for k, v in sorted(hist.items()):
            click.echo(f"{k:>3} solutions: {v:>8}  {100 * v / total:6.2f} %")


def _deck_stats(deck: Deck, galaxies: int, seed: int, wanted: list[str], jobs: int,
                as_json: bool, quiet: bool) -> None:
    """Deck mode: per variant, the share of tosses with no solution, the mean and the
    distribution of solutions over ``galaxies`` dealt galaxies."""
    started = time.perf_counter()
    # The bar goes to stderr (on a terminal only), so it never mixes with --json on stdout.
    with progress(galaxies * len(wanted), "Dealing galaxies", quiet) as step:
        result = deck_stats(deck, galaxies, seed, wanted, step, jobs)
    elapsed = time.perf_counter() - started
    if as_json:
        data = result.to_json()
        data["seconds"] = round(elapsed, 3)
        click.echo(json.dumps(data))
        return
    click.echo(f"deck {deck.name}: {galaxies} galaxies, seed {seed}, {elapsed:.1f} s")
    click.echo(f"{'variant':<11} {'no solution':>11} {'mean':>6}  distribution (0, 1, 2, …)")
    for figures in result.variants:
        head = format_distribution(figures.distribution)
        click.echo(f"{figures.variant:<11} {100 * figures.share_none:>10.1f}% "
                   f"{figures.mean:>6.2f}  {head}")
