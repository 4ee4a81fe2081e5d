"""``spacebowl preflight``: check a book interior or cover PDF against a print service's press
profile, as the service's upload check would, and print one table."""

from __future__ import annotations

import click

from spacebowl_print.core.cli import reports_input_errors
from spacebowl_print.core.paths import shown_path
from spacebowl_print.publish.preflight import check
from spacebowl_print.publish.press import BOOK_PRESSES, book_press
from spacebowl_print.render.pdfscan import read_pdf


@click.command("preflight")
@click.argument("pdf_file", metavar="FILE.pdf")
@click.option("--press", "press_id", type=click.Choice(BOOK_PRESSES), required=True,
              help="The service whose published figures the file is checked against.")
@click.option("--cover", is_flag=True,
              help="The file is a one-sheet cover (back, spine, front), not an interior.")
@click.option("--pages", type=click.IntRange(1, 2000), default=None,
              help="Cover: the interior's page count (sets the spine's width).")
@click.option("--paper-stock", type=click.Choice(["white", "cream", "colour"]),
              default="white", show_default=True, help="Cover: the interior's paper.")
@click.option("--all", "show_all", is_flag=True,
              help="List every finding, not the first three of each check.")
@reports_input_errors
def preflight_command(pdf_file: str, press_id: str, cover: bool, pages: int | None,
                      paper_stock: str, show_all: bool) -> None:
    """Check FILE.pdf as the print service's upload check would.

    Page size and boxes, bleed, every text and drawing inside the safe area (margins and
    gutter by page count; cover panels and spine), fonts embedded, colour spaces, smallest
    text and thinnest line, image resolution, page count, spine width against --pages,
    barcode zone, transparency and PDF/X, each against the figures of --press (with their
    sources: docs/printing.md). A failing check names the page and the object.

    \b
    Exit status: 0 every check passes (warnings allowed); 1 a check fails;
    2 the file is not a readable PDF (or is not a regular file, or is too large).
    """
    scanned, declared = read_pdf(pdf_file)
    report = check(scanned, declared, book_press(press_id), cover=cover, book_pages=pages,
                   stock=paper_stock, file=shown_path(pdf_file))
    click.echo(report.table(limit=10**6 if show_all else 3))
    if report.failed:
        raise SystemExit(1)
