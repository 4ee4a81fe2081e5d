"""The ``spacebowl`` command: a thin click layer that parses, calls and reports."""

from __future__ import annotations

import click

from spacebowl_print import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "--version", "-V", prog_name="spacebowl")
def cli() -> None:
    """Design, verify and publish print-and-play material for Space Bowl.

    \b
    Start with:
      spacebowl kit -o out/kit/            the printable game, default deck
      spacebowl booklet --days 7 -o out/booklet/
      spacebowl solve galaxy.json toss.json
      spacebowl deck check decks/classic.toml

    Inputs use the shapes of formats.md; bad input exits with status 2 and one line
    naming the file and field.
    """


def _register() -> None:
    from spacebowl_print.cli import commands

    for command in commands.ALL:
        cli.add_command(command)


_register()


def main() -> None:
    """Entry point of the console script and of ``python -m spacebowl_print``."""
    cli()
