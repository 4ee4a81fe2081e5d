"""``spacebowl kit``: the printable game — cards, cut guides, Ship Computer, scoretrack, tokens
and rule summaries — written atomically into one folder."""

from __future__ import annotations

import sys
import time

import click

from spacebowl_print.core.cli import ShortText
from spacebowl_print.core.folders import check_output_dir
from spacebowl_print.core.reproducible import source_date_epoch
from spacebowl_print.games.spacebowl.art.cardsize import parse_card_size
from spacebowl_print.games.spacebowl.art.themed import art_warnings
from spacebowl_print.games.spacebowl.cli.common import (
    deck_option,
    load_deck,
    quiet_option,
    reports_input_errors,
    seed_option,
)
from spacebowl_print.games.spacebowl.kit import (
    KIND,
    LANGS,
    PAPERS,
    KitOptions,
    build_spacebowl_kit,
    parse_back_offset,
    parse_box_size,
    parse_langs,
)
from spacebowl_print.publish.raster import png_resolution


@click.command("kit")
@deck_option
@click.option("--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4",
              show_default=True, help="Paper size (portrait).")
@click.option("--lang", "lang", type=ShortText(64), default="en,fr,de", show_default=True,
              metavar="LANGS",
              help=f"Rule summary languages, comma-separated ({', '.join(LANGS)}); the "
                   "first is also the cover's and the print checks' language.")
@click.option("--card-size", type=ShortText(40), default="poker", show_default=True,
              metavar="SIZE",
              help="poker (63x88 mm), bridge (2.25x3.5 in: 57.15x88.9 mm), 2.5x3.5in "
                   "(63.5x88.9 mm), or WxHmm.")
@click.option("--ink-saver", is_flag=True, help="Light backgrounds, outlines instead of fills.")
@click.option("--fold", is_flag=True,
              help="Fronts and backs side by side to fold and glue (no duplex printer).")
@click.option("--box", type=ShortText(40), default="150mm", show_default=True, metavar="SIZE",
              help="Inner size of your Ship Computer box: 150mm, or WxH like 160x140mm.")
@click.option("--back-offset", type=ShortText(40), default="0,0", show_default=True,
              metavar="X,Y",
              help="Shift the card backs by X,Y mm (read it off the duplex check page).")
@click.option("--cards-only", is_flag=True,
              help="Only the cards (cards.pdf, cut guides, SVGs): to reprint a deck.")
@click.option("--png", is_flag=True,
              help="Also a PNG of every card face and back, with and without bleed (png/).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=None, metavar="DPI",
              help="Resolution of the --png pictures  [default: 300]")
@click.option("--tts", is_flag=True,
              help="Also Tabletop Simulator deck sheets and backs (tts/).")
@click.option("--force", is_flag=True,
              help="Replace the output folder even if another command or game wrote it.")
@seed_option()
@quiet_option
@click.option("-o", "--output", "--out", "out", default="out/kit", show_default=True,
              metavar="FOLDER", type=click.Path(file_okay=False, writable=True),
              help="Output folder: new, empty, or an earlier kit (replaced as a whole, so it "
                   "holds exactly one kit).")
@reports_input_errors
def kit(deck: str, paper: str, lang: str, card_size: str, ink_saver: bool, fold: bool,
        box: str, back_offset: str, cards_only: bool, png: bool, dpi: int | None, tts: bool,
        force: bool, seed: int, quiet: bool, out: str) -> None:
    """Write the print-and-play kit into FOLDER.

    \b
    FOLDER/kit.pdf          everything, in print order, behind a cover page
    FOLDER/cards.pdf        9 cards a sheet, crop marks, backs for long-edge duplex
    FOLDER/cut-guide.json   every card's trim box, for cutting machines
    FOLDER/svg/             each card as an SVG at its real size
    FOLDER/png/, tts/       with --png: each card as a picture; with --tts: Tabletop
                            Simulator deck sheets
    plus the Ship Computer, scoretrack, tokens and rule summaries as separate PDFs.

    Printing and cutting: docs/printing.md; cut-guide.json: docs/formats.md.
    """
    started = time.perf_counter()
    opts = KitOptions(
        paper=paper.lower(), langs=parse_langs(lang), card_size=parse_card_size(card_size),
        ink_saver=ink_saver, fold=fold, box_mm=parse_box_size(box),
        back_offset=parse_back_offset(back_offset), seed=seed,
    )
    png_dpi = png_resolution(png, dpi)
    check_output_dir(out, KIND, force)  # a bad -o fails now, not after the rendering
    source_date_epoch()
    loaded = load_deck(deck)
    for line in art_warnings(loaded, opts.card_size, opts.bleed):
        click.echo(f"warning: {line}", err=True)
    result = build_spacebowl_kit(loaded, out, opts, extras=not cards_only, png_dpi=png_dpi,
                                 tts=tts, force=force)
    for line in result.warnings:
        click.echo(f"warning: {line}", err=True)
    if not quiet:
        took = time.perf_counter() - started
        click.echo(f"wrote {len(result.files)} files to {out} in {took:.1f} s: "
                   f"{result.cards} cards on {result.sheets} sheets, "
                   f"kit.pdf {result.kit_pages} pages", file=sys.stderr)
