"""``spacebowl deck import`` / ``deck export``: card lists as CSV, for decks kept in a
spreadsheet (formats.md; columns and rules in :mod:`...model.csvdeck` and docs/deck-format.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from spacebowl_print.core.files import check_output_file, write_atomic
from spacebowl_print.core.paths import shown_path
from spacebowl_print.games.spacebowl.cli.common import read_text, reports_input_errors
from spacebowl_print.games.spacebowl.model import Deck, parse_deck
from spacebowl_print.games.spacebowl.model.csvdeck import (
    cards_to_csv,
    deck_name_for,
    folders_for,
    import_cards,
    parse_cards_csv,
)
from spacebowl_print.games.spacebowl.model.deck_read import missing_deck
from spacebowl_print.games.spacebowl.model.shipped import DEFAULT_DECK, deck_path


def _read_deck(name_or_path: str) -> tuple[Deck, str]:
    """A deck (path or shipped name) and its text; pictures read from the deck's folder."""
    p = deck_path(name_or_path)
    if not p.exists() and not p.is_symlink():
        raise missing_deck(shown_path(name_or_path))
    text = read_text(p)
    return parse_deck(text, shown_path(name_or_path), base_dir=p.parent), text


@click.command("import")
@click.argument("cards_file", metavar="CARDS.csv")
@click.option("--theme", "theme", default=DEFAULT_DECK, show_default=True, metavar="DECK",
              help="Deck file (or shipped deck) supplying everything but the cards: planets, "
                   "theme, title; also its comments, seed and [design] when the cards are its "
                   "own.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="The deck file to write (TOML).")
@click.option("--name", default=None, help="Deck name (default: the output file's stem).")
@click.option("--title", default=None,
              help="Deck title, printed on the kit's cover and the card backs (default: the "
                   "theme's).")
@reports_input_errors
def import_command(cards_file: str, theme: str, output: str, name: str | None,
                   title: str | None) -> None:
    """Make a deck file from a CSV card list.

    \b
    The header row names the columns: id, planets (required), comets, stars,
    black_hole (true/false), and optionally count (copies of the card), title,
    text (printed on the card) and image (a picture file, relative to the CSV).
    Errors name the line and the column.

    \b
    Example:
      spacebowl deck export decks/classic.toml -o cards.csv
      spacebowl deck import cards.csv --theme decks/classic.toml -o mydeck.toml

    The CSV and deck files: docs/deck-format.md.
    """
    out = Path(output)
    check_output_file(out)
    deck_name_for(out, name)  # a bad name fails before any reading
    theme_deck, theme_text = _read_deck(theme)
    csv_path = Path(cards_file)
    cards = parse_cards_csv(read_text(csv_path), shown_path(cards_file), theme_deck.letters,
                            csv_path.parent)
    with folders_for(out):
        result = import_cards(cards, csv_path.parent, theme_deck, theme_text, out, name, title)
        write_atomic(out, result.toml)
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    deck = result.deck
    rows = len(deck.designs)
    copies = f" ({rows} rows with their counts)" if rows != len(deck.cards) else ""
    click.echo(f"wrote {output}: {len(deck.cards)} cards{copies}, titled {deck.title!r}; planets "
               f"and theme from {theme_deck.name!r}", err=True)


@click.command("export")
@click.argument("deck_file", metavar="DECK.toml")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="The CSV file to write ('-' for standard output).")
@reports_input_errors
def export_command(deck_file: str, output: str) -> None:
    """Write a deck's cards as a CSV card list (one row a card).

    Columns: id, planets, comets, stars, black_hole, plus count, title, text and image
    when any card has them (one row per card and its copies; image paths rewritten
    relative to the CSV file). See docs/deck-format.md.
    """
    deck, _ = _read_deck(deck_file)
    if output == "-":
        sys.stdout.write(cards_to_csv(deck, Path.cwd()))
        return
    out = Path(output)
    check_output_file(out)
    write_atomic(out, cards_to_csv(deck, out.parent))
    rows = len(deck.designs)
    click.echo(f"wrote {output}: {len(deck.cards)} cards"
               + (f" in {rows} rows" if rows != len(deck.cards) else ""), err=True)
