"""The ``spacebowl`` command: a thin click layer that parses, calls and reports."""

from __future__ import annotations

import sys

import click

from spacebowl_print import __version__
from spacebowl_print.cli.commands import all_commands
from spacebowl_print.core.cli import LazyGroup


@click.group(cls=LazyGroup, lazy=all_commands(),
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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


def main() -> None:
    """Entry point of the console script and of ``python -m spacebowl_print``.

    Usage errors are reported in one line (what is wrong, and where to read more) with exit
    status 2, like every other bad input, instead of click's multi-line usage block.
    """
    try:
        cli.main(standalone_mode=False)
    except click.UsageError as err:
        where = f" (see '{err.ctx.command_path} --help')" if err.ctx else ""
        click.echo(f"Error: {err.format_message()}{where}", err=True)
        sys.exit(2)
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    except click.exceptions.Exit as err:
        sys.exit(err.exit_code)
    except click.Abort:
        click.echo("Aborted!", err=True)
        sys.exit(1)
    except BrokenPipeError:  # `spacebowl solve --batch … | head`: stop quietly
        sys.stderr.close()
        sys.exit(1)
