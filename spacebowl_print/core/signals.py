"""Signals while outputs are written: SIGTERM and SIGHUP turned into :class:`Interrupted` (a
``KeyboardInterrupt``, like Ctrl-C), so every cleanup runs; and a few renames run with
SIGINT, SIGTERM and SIGHUP held back (:func:`signals_held`), so none is cut in half.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP received: raised like Ctrl-C's ``KeyboardInterrupt`` so that every
    ``finally`` runs; ``signum`` says which signal it was."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


_AS_INTERRUPT = (signal.SIGTERM, signal.SIGHUP)
_HELD = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


_received: list[int] = []


def received() -> int | None:
    """The last interrupt this process received through the handlers of this module (or
    None): a failure right after one is the interrupt's doing (an import cut in half makes
    an ``ImportError`` of it), and is reported as the interrupt."""
    return _received[-1] if _received else None


def _raise_interrupted(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    raise Interrupted(signum)


def _raise_keyboard_interrupt(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    raise KeyboardInterrupt()


def _unraisable(info: sys.UnraisableHookArgs) -> None:
    """An interrupt raised where Python cannot propagate it (a ctypes callback of a library,
    a ``__del__``) is not printed and lost: the signal is sent again a moment later (from a
    helper thread, once the callback has returned), and acted on where it can be."""
    if isinstance(info.exc_value, KeyboardInterrupt):
        signum = getattr(info.exc_value, "signum", signal.SIGINT)

        def again() -> None:
            time.sleep(0.01)
            os.kill(os.getpid(), signum)

        threading.Thread(target=again, name="interrupt-again", daemon=True).start()
        return
    sys.__unraisablehook__(info)


@contextmanager
def interrupts_as_exceptions() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise :class:`Interrupted` instead of killing the
    process on the spot (Python's default, which skips all cleanup); the previous handlers come
    back on leaving.

    Only signals still at their default action are taken over: a SIGHUP ignored by ``nohup``
    stays ignored, and a handler someone else installed is kept. Outside the main thread
    (where Python cannot set handlers) this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[signal.Signals, Callable[[int, FrameType | None], object] | int | None] = {}
    try:
        for sig in _AS_INTERRUPT:
            if signal.getsignal(sig) == signal.SIG_DFL:
                previous[sig] = signal.signal(sig, _raise_interrupted)
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back while inside, so that a few renames are never cut
    in half by an interrupt; one that came meanwhile is acted on when leaving (its handler
    runs then: ``KeyboardInterrupt``, :class:`Interrupted`, or the default action).

    Done with Python-level handlers that only take note, not with a signal mask: a process
    with other threads (numpy's, OR-Tools') may get the signal on any of them, and Python then
    runs the handler in the main thread whatever the main thread's mask says. Outside the
    main thread (where no Python handler runs) this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []

    def take_note(signum: int, frame: FrameType | None) -> None:
        pending.append(signum)

    previous: dict[signal.Signals, Callable[[int, FrameType | None], object] | int | None] = {}
    try:
        for sig in _HELD:
            if signal.getsignal(sig) != signal.SIG_IGN:
                previous[sig] = signal.signal(sig, take_note)
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if pending:
            _deliver(pending[0], previous.get(signal.Signals(pending[0])))


def _deliver(signum: int, handler: Callable[[int, FrameType | None], object] | int | None
             ) -> None:
    """Act on a signal that was held back, as its handler would have."""
    if callable(handler):
        handler(signum, None)
    elif handler in (signal.SIG_DFL, None):
        signal.raise_signal(signum)


def take_over_interrupts() -> None:
    """For a whole process (the ``spacebowl`` command's first line): SIGTERM and SIGHUP raise
    :class:`Interrupted` from now on, where they are still at their default action (a
    ``nohup``'s ignored SIGHUP stays ignored); SIGINT raises ``KeyboardInterrupt`` as Python
    makes it; each is remembered (:func:`received`); and one raised where it cannot
    propagate (a library's callback) is sent again rather than printed and lost. Nothing is
    restored afterwards (``spacebowl_print.entry`` ignores the three signals once the
    command's work is done)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in _AS_INTERRUPT:
        if signal.getsignal(sig) == signal.SIG_DFL:
            signal.signal(sig, _raise_interrupted)
    if signal.getsignal(signal.SIGINT) in (signal.SIG_DFL, signal.default_int_handler):
        signal.signal(signal.SIGINT, _raise_keyboard_interrupt)
    sys.unraisablehook = _unraisable


__all__ = [
    "Interrupted", "interrupts_as_exceptions", "received", "signals_held",
    "take_over_interrupts",
]
