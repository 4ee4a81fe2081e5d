"""``spacebowl web``: the daily puzzle web site (one self-contained page a day, an index)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from spacebowl_print.core.cli import (
    SEED,
    BoundedInt,
    IsoDate,
    ShortText,
    check_before_work,
    last_day,
)
from spacebowl_print.games.spacebowl.cli.common import (
    deck_option,
    load_puzzle_deck,
    progress,
    quiet_option,
    reports_input_errors,
)
from spacebowl_print.games.spacebowl.puzzles.tiers import parse_tier_range
from spacebowl_print.games.spacebowl.puzzles.web import build_site

MAX_WEB_DAYS = 3660


@click.command("web")
@deck_option
@click.option("--days", type=BoundedInt(1, MAX_WEB_DAYS), default=7, show_default=True,
              help="How many daily pages (up to ten years).")
@click.option("--start", type=IsoDate(), default="2027-01-01", show_default=True,
              help="Date of the first page.")
@click.option("--tiers", type=ShortText(16), default="1-5", show_default=True,
              help="Tier range; the week ramps from the lowest to the highest.")
@click.option("--lang", type=click.Choice(["en", "fr", "de"]), default="en", show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Same seed, same pages, byte for byte (and the same puzzles as "
                   "`spacebowl booklet` with the same options).")
@quiet_option
@click.option("-o", "--output", "out_dir", default="out/site", show_default=True,
              type=click.Path(file_okay=False),
              help="Output folder: new, empty, or an earlier site (replaced as a whole).")
@reports_input_errors
def web_command(deck: str, days: int, start: dt.date, tiers: str, lang: str, seed: int,
                quiet: bool, out_dir: str) -> None:
    """A daily puzzle web site to play on screen or project in class.

    Writes one self-contained HTML page a day (inline SVG galaxy and toss; no network
    access), index.html and manifest.json. On a page: click cards (or use the arrow keys
    and Space) to pick the valid ones, or "No valid card"; Check says whether you are right;
    Reveal shows the engine's answer. `spacebowl check out/site/manifest.json` proves it.
    See docs/spacebowl.md; projecting and offline use: docs/printing.md.
    """
    last_day(start, days)
    tier_range = parse_tier_range(tiers)
    check_before_work(out_dir)
    loaded = load_puzzle_deck(deck, range(tier_range[0], tier_range[1] + 1))
    with progress(days, "Making pages", quiet) as step:
        report = build_site(loaded, Path(out_dir), days, start, tier_range, lang, seed, step)
    if not quiet:
        click.echo(f"{report.pages} daily pages and an index in {out_dir}")
