"""Where the ``spacebowl`` command starts (the console script and ``python -m
spacebowl_print``): interrupts are taken over on its first line, before anything is imported.

So a Ctrl-C, SIGTERM or SIGHUP at *any* moment, even while the command line's own modules load,
ends the run with ``Interrupted`` and exit status 128 + N (never a traceback, never death by
the signal). Once the command has run and knows its exit status, the three signals are
ignored: a late one can no longer kill the process between its last output and its exit.
This module sits above the layers (like ``__main__``); it only starts ``cli.main.run``, and
imports nothing but ``os``, ``signal`` and ``sys`` (loaded with the interpreter) before its
handlers are in place.
"""

import os
import signal
import sys


class _EarlyInterrupt(KeyboardInterrupt):
    """SIGTERM or SIGHUP while the command line itself loads."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _early(signum: int, frame: object) -> None:
    raise _EarlyInterrupt(signum)


def _received() -> int | None:
    """The signal the core's handlers received, if any."""
    core = sys.modules.get("spacebowl_print.core.signals")
    received = getattr(core, "received", None)
    return received() if received is not None else None


def _interrupted(signum: int) -> int:
    """Say so, and the exit status of a run interrupted by ``signum``."""
    try:  # noqa: SIM105 - contextlib is not imported this early
        print("Interrupted", file=sys.stderr)
    except (OSError, ValueError):
        pass
    return 128 + signum


def main() -> None:
    """Run the ``spacebowl`` command with the arguments on the command line and exit with
    its status (``spacebowl_print.cli.main`` lists them)."""
    try:
        for sig in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(sig) == signal.SIG_DFL:  # a nohup's ignored SIGHUP stays so
                signal.signal(sig, _early)
        # imported here, after the early handlers: a signal during start-up must already be caught
        from spacebowl_print.core.signals import take_over_interrupts

        for sig in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(sig) is _early:
                signal.signal(sig, signal.SIG_DFL)  # handed to the core's own handler
        take_over_interrupts()
        # imported here: the command line loads with the core's signal handling in place
        from spacebowl_print.cli.main import run

        code = run()
    except KeyboardInterrupt as err:  # while the command line loaded, or as it reported
        code = _interrupted(getattr(err, "signum", signal.SIGINT))
    except Exception:
        # A failure right after a signal is the signal's doing: a library's import cut in
        # half by it ends in an ImportError ("initialization failed"), not in the interrupt.
        signum = _received()
        if signum is None:
            raise
        code = _interrupted(signum)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)  # the work is done: a late signal changes nothing
    if code > 128:
        # Interrupted: leave at once. (CPython remembers a KeyboardInterrupt that passed
        # through code a library ran with PyRun_String while it was imported, even once
        # caught, and would end the process by SIGINT at exit instead of with this status.)
        for stream in (sys.stdout, sys.stderr):
            try:  # noqa: SIM105 - contextlib is not imported this early
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    sys.exit(code)


__all__ = ["main"]
