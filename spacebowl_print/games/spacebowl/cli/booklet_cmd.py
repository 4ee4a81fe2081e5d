"""``spacebowl booklet`` and ``spacebowl classroom``."""

from __future__ import annotations

import datetime as dt
import time
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
from spacebowl_print.games.spacebowl.model import InputError
from spacebowl_print.games.spacebowl.puzzles.booklet import (
    BookletRequest,
    ClassroomRequest,
    build_booklet,
    build_classroom,
)
from spacebowl_print.games.spacebowl.puzzles.tiers import parse_tier_range
from spacebowl_print.publish.booklet import VerificationError

MAX_DAYS = 3660
"""Ten years of daily puzzles: about a minute and a half."""
MAX_CLASS_PUZZLES = 5000
"""Students × puzzles of one classroom set: about a minute and a half (500 × 50 would take
ten minutes and more)."""


@click.command("booklet")
@deck_option
@click.option("--days", type=BoundedInt(1, MAX_DAYS), default=365, show_default=True,
              help="How many daily puzzles (up to ten years: about 90 s).")
@click.option("--start", type=IsoDate(), default="2027-01-01", show_default=True,
              help="Date of puzzle 1; the last one must fall by 9999-12-31.")
@click.option("--tiers", type=ShortText(16), default="1-5", show_default=True,
              help="Tier range; the week ramps from the lowest to the highest.")
@click.option("--paper", type=click.Choice(["a5", "a4", "letter"]), default="a5",
              show_default=True, help="Page size (with --imposition saddle: A5 on A4, or "
                                      "half-Letter on Letter).")
@click.option("--imposition", type=click.Choice(["none", "saddle"]), default="none",
              show_default=True, help="saddle: two pages a side in saddle-stitch order "
                                      "(at most 20 folded sheets: 80 pages).")
@click.option("--trim", type=ShortText(24), default=None, metavar="SIZE",
              help="Print-on-demand trim: 6x9in, 8.5x11in, 5x8in, 5.5x8.5in, 7x10in, 8x10in, "
                   "a5, a4, letter, or WxHin / WxHmm (4–8.5 in by 6–11.69 in). Perfect "
                   "bound: at least 24 pages, mirrored margins, gutter by page count.")
@click.option("--bleed", is_flag=True,
              help="Print-on-demand: pages grow 0.125 in at top, bottom and outside edge; "
                   "TrimBox and BleedBox set; no crop marks.")
@click.option("--cover", is_flag=True,
              help="Also write cover.pdf (back, spine, front on one sheet; spine width from "
                   "the page count and --paper-stock).")
@click.option("--paper-stock", type=click.Choice(["white", "cream", "colour"]),
              default="white", show_default=True, help="Interior paper (sets the spine width).")
@click.option("--greyscale", is_flag=True,
              help="Print every colour as the grey a photocopier makes of it.")
@click.option("--lang", type=click.Choice(["en", "fr", "de"]), default="en", show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Same seed, same booklet, byte for byte.")
@quiet_option
@click.option("-o", "--output", "out_dir", default="out/booklet", show_default=True,
              type=click.Path(file_okay=False),
              help="Output folder: new, empty, or an earlier output (replaced as a whole).")
@reports_input_errors
def booklet_command(deck: str, days: int, start: dt.date, tiers: str, paper: str,
                    imposition: str, trim: str | None, bleed: bool, cover: bool,
                    paper_stock: str, greyscale: bool, lang: str, seed: int, quiet: bool,
                    out_dir: str) -> None:
    """Daily puzzle booklet with an engine-verified answer key.

    Writes booklet.pdf and manifest.json (every galaxy, toss, variant and answer). Every
    answer is re-derived by the reference engine before anything is written; the folder is
    then replaced as a whole, so it never mixes two runs.

    Tiers and options: docs/spacebowl.md; manifest: docs/formats.md; printing at home or
    on demand: docs/printing.md.
    """
    last_day(start, days)
    request = BookletRequest(days, start, parse_tier_range(tiers), paper,
                             "saddle" if imposition == "saddle" else "none", trim, bleed, cover,
                             paper_stock, lang, seed, greyscale)
    request.layout()  # a bad --trim or combination: one line now, not after the puzzles
    check_before_work(out_dir)
    loaded = load_puzzle_deck(deck, range(request.tiers[0], request.tiers[1] + 1))
    t0 = time.perf_counter()
    with progress(days, "Making puzzles", quiet) as step:
        try:
            report = build_booklet(loaded, Path(out_dir), request, step)
        except VerificationError as err:
            raise click.ClickException(f"answer key rejected, nothing written: {err}") from None
    if not quiet:
        click.echo(f"{report.puzzles} puzzles, {report.pages} pages, "
                   f"{100 * report.no_solution_share:.0f} % with no solution, "
                   f"variants: {', '.join(report.variants_seen) or 'none'} "
                   f"({time.perf_counter() - t0:.1f} s)")
        for f in report.files:
            click.echo(f"  wrote {f}")


@click.command("classroom")
@deck_option
@click.option("--students", type=BoundedInt(1, 500), required=True,
              help=f"Worksheets; students × puzzles at most {MAX_CLASS_PUZZLES} "
                   "(about 90 s).")
@click.option("--puzzles", type=BoundedInt(1, 50), required=True, help="Puzzles a student.")
@click.option("--tier", type=BoundedInt(1, 5), default=None,
              help="One tier for all (default: tiers 1–5 in turn).")
@click.option("--paper", type=click.Choice(["a4", "letter", "a5"]), default="a4",
              show_default=True)
@click.option("--greyscale", is_flag=True,
              help="Photocopy mode: every colour as the grey a copier makes of it (pieces "
                   "differ by shape too).")
@click.option("--lang", type=click.Choice(["en", "fr", "de"]), default="en", show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True)
@quiet_option
@click.option("-o", "--output", "out_dir", default="out/class", show_default=True,
              type=click.Path(file_okay=False),
              help="Output folder: new, empty, or an earlier output (replaced as a whole).")
@reports_input_errors
def classroom_command(deck: str, students: int, puzzles: int, tier: int | None, paper: str,
                      greyscale: bool, lang: str, seed: int, quiet: bool, out_dir: str) -> None:
    """A classroom set: one worksheet per student (a code on each), all puzzles distinct
    with the same tier mix, a teacher's answer key by code, and manifest.json.

    See docs/spacebowl.md; photocopying: docs/printing.md."""
    if students * puzzles > MAX_CLASS_PUZZLES:
        raise InputError(f"{students} students × {puzzles} puzzles is {students * puzzles}; "
                         f"at most {MAX_CLASS_PUZZLES} puzzles a set (make two sets)",
                         "--students")
    check_before_work(out_dir)
    loaded = load_puzzle_deck(deck, [tier] if tier else range(1, 6))
    with progress(students * puzzles, "Making worksheets", quiet) as step:
        try:
            report = build_classroom(loaded, Path(out_dir), ClassroomRequest(
                students, puzzles, tier, paper, lang, seed, greyscale), step)
        except VerificationError as err:
            raise click.ClickException(f"answer key rejected, nothing written: {err}") from None
    if not quiet:
        click.echo(f"{students} worksheets × {puzzles} puzzles, {report.pages} pages")
        for f in report.files:
            click.echo(f"  wrote {f}")


__all__ = ["booklet_command", "classroom_command"]
