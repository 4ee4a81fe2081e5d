"""The ``spacebowl`` command: a thin click layer that parses, calls and reports.

Exit statuses, for every command:

* 0 — done (also bare ``spacebowl`` or ``spacebowl deck``: the help, on stdout);
* 1 — ``spacebowl check`` found a wrong answer;
* 2 — bad input or an unusable path: one line ``Error: …`` on stderr, at most 200 characters,
  no traceback. That includes every OS error on an input or output (permission denied,
  read-only, disk full, a file where a folder should be, a name too long, a broken pipe or
  a full disk on stdout…), named ``Error: <path>: <cause>``;
* 128 + N — interrupted by signal N (130 Ctrl-C/SIGINT, 143 SIGTERM, 129 SIGHUP):
  ``Interrupted`` on stderr; every output is the old one or the complete new one.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import logging
import os
import signal
import sys
import warnings

import click

from spacebowl_print import __version__
from spacebowl_print.cli.commands import plugin_groups, root_aliases, root_table
from spacebowl_print.cli.groups import TableGroup
from spacebowl_print.core.cli import capped
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.paths import os_cause, shown_path
from spacebowl_print.core.signals import interrupts_as_exceptions
from spacebowl_print.core.temps import remove_live_temps


@click.group(cls=TableGroup, table=root_table(), aliases=root_aliases(), more=plugin_groups,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "--version", "-V", prog_name="spacebowl")
def cli() -> None:
    """Design, verify and publish print-and-play material for Space Bowl, Tom Tube and
    Hubble.

    Every game is published the same way: `kit`, `booklet` (home printing or
    print-on-demand, under your own title), `classroom` and `web` — at the top for Space
    Bowl, under the game's name for the others (`spacebowl hubble booklet`).

    \b
    Start with:
      spacebowl kit -o out/kit/                   Space Bowl: the printable game
      spacebowl booklet --days 7 -o out/booklet/  a week of puzzles with answers
      spacebowl solve galaxy.json toss.json       every valid destination card
      spacebowl deck check decks/classic.toml     a deck checked and summarised
      spacebowl tomtube kit                       Tom Tube: the printable game
      spacebowl tomtube booklet --days 20         "way home" puzzles
      spacebowl hubble kit                        Hubble: pads, cards, dice, rules
      spacebowl hubble booklet --days 7           solo challenges with the solver's par
      spacebowl hubble classroom --students 25 --puzzles 2
      spacebowl check out/booklet/manifest.json   prove a booklet of any game

    Every command, rule and file format is explained in docs/ (start at docs/README.md;
    Space Bowl: docs/spacebowl.md, docs/formats.md). Bad input exits with status 2 and
    one line naming the file and field (docs/errors.md).

    \b
    Outputs appear whole or not at all: an output folder is built aside and swapped in
    (it then holds exactly one run); only a new or empty folder, or one holding nothing
    but spacebowl's own outputs, is ever replaced.
    Exit status: 0 done, 1 check found a wrong answer, 2 bad input or an unusable path,
    128+N interrupted by signal N (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).
    """


def main() -> None:
    """Entry point of the console script and of ``python -m spacebowl_print``: runs the
    command and exits with the status the module docstring lists. SIGTERM and SIGHUP are
    handled like Ctrl-C for the whole run, so every cleanup happens."""
    with interrupts_as_exceptions():
        code = run()
    sys.exit(code)


def run(args: list[str] | None = None) -> int:
    """Run ``spacebowl`` with ``args`` (default: the command line) and return its exit status;
    every error is reported here in one line, none escapes as a traceback."""
    argv = sys.argv[1:] if args is None else args
    _libraries_quiet()
    _collect_less()
    try:
        return _run(argv)
    finally:
        # an interrupt that landed between two steps of a temp's own cleanup: its temp goes
        # now (and once more, with every signal ignored, in spacebowl_print.entry)
        remove_live_temps()


def _run(argv: list[str]) -> int:
    """:func:`run` without its last cleanup."""
    try:
        try:
            # make_context + invoke rather than cli.main: click's main answers a broken pipe
            # with a silent exit 1 and Ctrl-C with Abort; here they are reported like the rest.
            with cli.make_context("spacebowl", argv) as ctx:
                result = cli.invoke(ctx)
        finally:
            _flush_stdout()
    except click.UsageError as err:
        if type(err).__name__ == "NoArgsIsHelpError" and err.ctx is not None:
            # Bare `spacebowl` (or `spacebowl deck`): the help, as asked, not an error
            # (click ≥ 8.2 raises this; 8.1 printed the help and exited 0 by itself).
            click.echo(err.ctx.get_help())
            return _flushed(0)
        where = f" (see '{err.ctx.command_path} --help')" if err.ctx else ""
        return _error(f"{err.format_message()}{where}", 2)
    except click.ClickException as err:
        return _error(err.format_message(), err.exit_code)
    except click.exceptions.Exit as err:
        return err.exit_code
    except click.Abort:  # a prompt answered with Ctrl-D
        return _error("Aborted", 2)
    except KeyboardInterrupt as err:
        return _error("Interrupted", 128 + getattr(err, "signum", signal.SIGINT), prefix="")
    except InputError as err:  # a command without @reports_input_errors
        return _error(str(err), 2)
    except OSError as err:
        return _error(f"{_os_error_path(err)}: {os_cause(err)}", 2)
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


def _libraries_quiet() -> None:
    """Keep what libraries say to developers off the user's terminal: a Python warning
    (Pillow's ``DecompressionBombWarning``, a ``RuntimeWarning`` of numpy) or a log record of
    a library without a handler (svglib, fontTools) would otherwise print lines of its own
    beside our one-line messages. Whatever matters to the user is said by the command
    itself (``warning: …``, or the one-line refusal). ``PYTHONWARNINGS`` or ``-W`` still show
    the warnings, for debugging."""
    if not sys.warnoptions:
        warnings.simplefilter("ignore")
    root = logging.getLogger()
    if not root.handlers:  # Python's last-resort handler prints to stderr otherwise
        root.addHandler(logging.NullHandler())


YOUNG_COLLECTION = 10_000
"""Allocations between two collections of Python's youngest generation (the interpreter's
default is 700). The solvers make and drop millions of small objects (a beam's nodes and
boards, answers), few of them in cycles; at 700, a Hubble booklet's days spent 3.2 % of
their time in the collector (0.85 s of 27.1 s on 14 days), at 10,000 0.8 % (0.23 s, 109
collections instead of 1,609). Worker processes are forked, so they inherit it; outputs do
not depend on it."""


def _collect_less() -> None:
    """Collect the youngest generation every :data:`YOUNG_COLLECTION` allocations, the
    older ones as often relative to it as by default."""
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, oldest)


def _flush_stdout() -> None:
    """Flush stdout now, so that a full disk or a closed pipe is reported as an error here
    rather than at interpreter exit (where Python prints a traceback-like warning)."""
    try:
        sys.stdout.flush()
    except OSError as err:
        _silence_stdout()
        err.filename = "stdout"
        raise


def _flushed(code: int) -> int:
    try:
        _flush_stdout()
    except OSError as err:
        return _error(f"stdout: {os_cause(err)}", 2)
    return code


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the unwritable rest of its buffer is dropped quietly."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


_STREAM_ERRORS = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def _os_error_path(err: OSError) -> str:
    if err.filename is not None:
        return shown_path(err.filename)
    # No file name: every file we open names itself (core.files, core.folders,
    # core.cli.read_text), so this is a write to stdout (click.echo flushes, and a failed
    # flush drops its buffer).
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()
        return "stdout"
    return "stdout" if err.errno in _STREAM_ERRORS else "spacebowl"


def _error(message: str, code: int, prefix: str = "Error: ") -> int:
    """Print ``message`` as one capped line on stderr (if stderr can take it) and return
    ``code``."""
    with contextlib.suppress(OSError, ValueError):  # stderr gone too: the status says it
        click.echo(prefix + capped(message), err=True)
    return code
