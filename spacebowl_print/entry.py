"""Where the ``spacebowl`` command starts (the console script and ``python -m
spacebowl_print``): interrupts are taken over on its first line, before anything is imported.

So a Ctrl-C, SIGTERM or SIGHUP at *any* moment, even while the command line's own modules load,
ends the run with ``Interrupted`` and exit status 128 + N (never a traceback, never death by
the signal). Once the command has run and knows its exit status, the three signals are
ignored: a late one can no longer kill the process between its last output and its exit.
This module sits above the layers (like ``__main__``); it only starts ``cli.main.run``.
"""

from __future__ import annotations

import contextlib
import signal
import sys


def main() -> None:
    """Run the ``spacebowl`` command with the arguments on the command line and exit with
    its status (``spacebowl_print.cli.main`` lists them)."""
    from spacebowl_print.core.signals import ignore_interrupts, take_over_interrupts

    take_over_interrupts()
    try:
        from spacebowl_print.cli.main import run

        code = run()
    except KeyboardInterrupt as err:  # while the command line loaded, or as it reported
        code = 128 + getattr(err, "signum", signal.SIGINT)
        with contextlib.suppress(OSError, ValueError):
            print("Interrupted", file=sys.stderr)
    ignore_interrupts()
    sys.exit(code)


__all__ = ["main"]
