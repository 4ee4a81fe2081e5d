"""Where the ``spacebowl`` command starts (the console script and ``python -m
spacebowl_print``): interrupts are taken over on its first line, before anything is imported.

So a Ctrl-C, SIGTERM or SIGHUP at any moment from that first line on, even while the command
line's own modules load, ends the run with ``Interrupted`` and exit status 128 + N (never a
traceback, never death by the signal). (Before it, while Python starts and imports this
module, no Python code of ours can act: the interpreter's defaults apply.) Once the command
has run and knows its exit status, the three signals are ignored: a late one can no longer
kill the process between its last output and its exit.
This module sits above the layers (like ``__main__``); it only starts ``cli.main.run``, and
imports nothing but ``os``, ``signal`` and ``sys`` (loaded with the interpreter) before its
handlers are in place.
"""

import os
import signal
import sys


class _EarlyInterrupt(KeyboardInterrupt):
    """SIGINT, SIGTERM or SIGHUP while the command line itself loads."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_lost: list[int] = []
_THREE = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _early(signum: int, frame: object) -> None:
    raise _EarlyInterrupt(signum)


def _early_unraisable(info: "sys.UnraisableHookArgs") -> None:
    """An interrupt raised where Python cannot propagate it while the command line loads
    (the import system's own weakref callbacks, a ``__del__``) would be printed as "Exception
    ignored" and lost, and the run would go on to exit 0: it is noted instead, and acted on
    as soon as the start-up is back in ordinary code (:func:`_act_on_lost`)."""
    if isinstance(info.exc_value, KeyboardInterrupt):
        _lost.append(getattr(info.exc_value, "signum", signal.SIGINT))
        return
    sys.__unraisablehook__(info)


def _catch_early() -> None:
    """The first thing the command does: SIGINT, SIGTERM and SIGHUP raise
    :class:`_EarlyInterrupt` where they are still at their default action (a ``nohup``'s
    ignored SIGHUP, a background job's ignored SIGINT stay so), and one raised where it
    cannot propagate is kept (:func:`_early_unraisable`). The hook comes first and SIGTERM
    last: whoever waits for SIGTERM to be caught (``/proc``'s ``SigCgt``) finds the others
    in place too."""
    sys.unraisablehook = _early_unraisable
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        if signal.getsignal(sig) in (signal.SIG_DFL, signal.default_int_handler):
            signal.signal(sig, _early)


def _hand_over_early() -> None:
    """Put the three signals back as they were before :func:`_catch_early`, for the core's
    own handlers to take over (it only takes over signals at their default action)."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) is _early:
            signal.signal(sig, signal.SIG_DFL)
    if signal.getsignal(signal.SIGINT) is _early:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _act_on_lost() -> None:
    """Raise the first interrupt that was lost in a callback while the command line loaded."""
    if _lost:
        raise _EarlyInterrupt(_lost[0])


def _received() -> int | None:
    """The signal the core's handlers received, if any."""
    core = sys.modules.get("spacebowl_print.core.signals")
    received = getattr(core, "received", None)
    return received() if received is not None else None


def _remove_live_temps() -> None:
    """Remove any temp the run made and did not remove (an interrupt cut its cleanup short),
    now that no signal can cut this short; nothing to do when the core never loaded."""
    temps = sys.modules.get("spacebowl_print.core.temps")
    remove = getattr(temps, "remove_live_temps", None)
    if remove is not None:
        try:  # noqa: SIM105 - contextlib is not imported this early
            remove(all_threads=True)
        except Exception:  # a cleanup that fails must not change the exit status
            pass


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
        _catch_early()
        # imported here, after the early handlers: a signal during start-up must already be caught
        from spacebowl_print.core.signals import take_over_interrupts

        # held back while the handlers change hands (SIGTERM at its default action for a
        # moment would kill the process); one that came meanwhile reaches the core's handler
        # as the mask is restored
        held = signal.pthread_sigmask(signal.SIG_BLOCK, _THREE)
        try:
            _hand_over_early()
            take_over_interrupts()  # the core's handlers, and its own hook for lost interrupts
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        _act_on_lost()  # one lost before the core's hook was in place
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
    _remove_live_temps()
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
