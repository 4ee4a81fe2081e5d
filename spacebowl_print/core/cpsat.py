"""OR-Tools CP-SAT, brought in and run so that an interrupt is always ours.

Every CP-SAT solve of every game goes through :func:`new_solver` and :func:`solve`; every
import of ``cp_model`` through :func:`cp_model`. Promises:

* OR-Tools' own SIGINT handling is switched off (``catch_sigint_signal = False``): left on,
  it swaps in a C-level handler for the solve and leaves SIGINT at its default action after
  it, so a later Ctrl-C killed the process without cleanup, and a Ctrl-C during a solve only
  cut that solve short, letting the run go on with a worse answer;
* a SIGINT, SIGTERM or SIGHUP that comes during a solve stops the search at once (a watcher
  thread woken by Python's signal wake-up descriptor calls ``stop_search``) and the solve
  ends by raising ``KeyboardInterrupt`` (or :class:`~.signals.Interrupted`), never by
  returning what the cut search found: an interrupt stops a run, it never changes its result;
* the import of OR-Tools (half a second of loading native code) runs with those signals
  held back (:func:`~.signals.signals_held`), so one that comes meanwhile ends the run
  cleanly ("Interrupted") right after the import instead of leaving a half-imported module
  and a traceback.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from types import ModuleType
from typing import Any

from spacebowl_print.core.signals import Interrupted, signals_held

_module: ModuleType | None = None

# how many times (every 20 ms: 10 s) the watcher asks a solve it was told to stop to stop
_STOP_TRIES = 500


def cp_model() -> ModuleType:
    """``ortools.sat.python.cp_model``, imported on first use with signals held back."""
    global _module
    if _module is None:
        with signals_held():
            # imported here, once, with signals held: OR-Tools takes half a second to load
            from ortools.sat.python import cp_model as module
        _module = module
    return _module


def new_solver() -> Any:
    """A ``CpSolver`` with OR-Tools' interrupt handling off (set the other parameters on
    it, then run it with :func:`solve`)."""
    solver = cp_model().CpSolver()
    solver.parameters.catch_sigint_signal = False
    return solver


def solve(solver: Any, model: Any) -> Any:
    """``solver.solve(model)``: the status, unless a signal came during the solve, which then
    ends it by raising (``KeyboardInterrupt`` for SIGINT, :class:`~.signals.Interrupted` for
    SIGTERM and SIGHUP). Works outside the main thread too (the solve is then simply run:
    signals are the main thread's business)."""
    solver.parameters.catch_sigint_signal = False
    if threading.current_thread() is not threading.main_thread():
        return solver.solve(model)
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        previous = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    except ValueError:  # not the main interpreter's main thread
        os.close(read_end)
        os.close(write_end)
        return solver.solve(model)
    stop_read, stop_write = os.pipe()
    caught: list[int] = []

    def watch() -> None:
        while not caught:  # other signals' bytes (a handled SIGCHLD, say) keep it watching
            ready, _, _ = select.select([read_end, stop_read], [], [])
            if read_end not in ready:
                return  # the solve is over
            data = os.read(read_end, 64)
            caught.extend(n for n in data if n in (signal.SIGINT, signal.SIGTERM,
                                                      signal.SIGHUP))
        # OR-Tools creates the search that stop_search() stops only inside solve(): a stop
        # sent before it exists is lost (seen: a SIGINT 0.5 s into a solve under load ran it
        # to its 30 s limit), so ask again until the solve returns. The search exists
        # milliseconds after solve() starts; the asking is bounded all the same, so a watcher
        # whose end was never written (an interrupt inside the finally below) cannot spin
        # for the life of the process.
        for _ in range(_STOP_TRIES):
            solver.stop_search()
            if select.select([stop_read], [], [], 0.02)[0]:
                return

    watcher = threading.Thread(target=watch, name="cp-sat-interrupts", daemon=True)
    watcher.start()
    try:
        status = solver.solve(model)
    finally:
        # An interrupt may be raised at any line here (Python runs its handler as soon as
        # the solve returns): the run then ends, so the order only matters for the rest.
        # The watcher is told first: whatever comes after, it stops asking.
        os.write(stop_write, b"x")
        signal.set_wakeup_fd(previous)
        watcher.join()
        for fd in (read_end, write_end, stop_read, stop_write):
            os.close(fd)
    if caught:
        # Python's own handler normally raised already, as the solve returned; a handler
        # that only takes note (signals_held) lands here: the cut search is never used.
        raise KeyboardInterrupt() if caught[0] == signal.SIGINT else Interrupted(caught[0])
    return status


__all__ = ["cp_model", "new_solver", "solve"]
