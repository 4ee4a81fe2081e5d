"""Worker processes for ``--jobs``: one pool every game uses, in which an interrupt is only
ever the parent's business. :func:`worker_map` runs one function over many independent tasks
and returns the results in task order (the output never depends on the number of processes);
:func:`worker_pool` gives the pool itself, for a stream of tasks.

Promises of :func:`worker_pool` (and so of :func:`worker_map`):

* workers ignore SIGINT, SIGTERM and SIGHUP from their first instruction on (they are forked
  with those signals blocked, set them to "ignore", then unblock), so a Ctrl-C or a
  ``kill`` sent to the whole process group reaches the parent alone: no worker prints a
  traceback, none dies holding a lock another one waits for;
* the parent tears the workers down (``SIGKILL``, then waits for each) whenever the pool is
  left early: an interrupt, an error in a task, a worker that died. So a run that is
  interrupted ends at once with ``Interrupted`` and its exit status, never hangs; and on
  Linux the kernel ends a worker whose parent is gone however it went (a parent-death
  signal), so none can outlive the run holding its output pipes open;
* :meth:`Pool.map` yields results in the order of its inputs (so ``--jobs`` never changes an
  output), reading its inputs only as the workers need them (a stream of tasks stays a
  stream); an exception raised by a task is raised again in the parent, unchanged;
* with one job, or one task, no process is made at all: the tasks run here, in order.

Tasks and results travel pickled over one pipe per worker; the pool has no feeder thread and
no lock shared between workers.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol, TypeVar

_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


class Pool(Protocol):
    """What a game's code sees of a pool: an ordered ``map``."""

    def map(self, fn: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]:
        """``fn`` applied to the zipped ``iterables``, results in input order."""


class WorkerDied(RuntimeError):
    """A worker process ended without answering (killed from outside, out of memory)."""


class _Serial:
    """The pool of one job: ``map`` runs here, lazily, like the builtin."""

    def map(self, fn: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]:
        return map(fn, *iterables)


_PR_SET_PDEATHSIG = 1


def _die_with(parent: int) -> None:
    """Have the kernel end this process when its parent does (Linux ``PR_SET_PDEATHSIG``):
    however the parent ends, even killed in a step no cleanup covers, no worker outlives it
    holding the run's output pipes open. Elsewhere a worker still ends when its pipe closes."""
    with suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent ended before the request was made
        os._exit(0)


def _worker_main(conn: Connection, parents_ends: list[Connection], parent: int) -> None:
    """A worker's life: signals ignored, then tasks from ``conn`` until told to stop."""
    for sig in _SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    with suppress(ValueError):  # the parent's wake-up descriptor is not ours to write to
        signal.set_wakeup_fd(-1)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    for end in parents_ends:
        # The fork copied the parent's ends of this worker's pipe and of the earlier
        # workers' pipes: held here, they would keep a pipe open after the parent is gone,
        # and a worker would wait for a task for ever instead of seeing the end.
        with suppress(OSError):
            end.close()
    _die_with(parent)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        index, fn, args = message
        try:
            reply = (index, True, fn(*args))
        except BaseException as err:  # handed to the parent, which raises it
            reply = (index, False, err)
        try:
            conn.send(reply)
        except Exception as err:  # a result or exception that cannot be pickled
            conn.send((index, False, RuntimeError(f"a worker's answer cannot be sent back: "
                                                  f"{type(err).__name__}: {err}")))


class _Processes:
    """``jobs`` forked workers, each with its own pipe."""

    def __init__(self, jobs: int) -> None:
        ctx = multiprocessing.get_context("fork")
        self.workers: list[tuple[Any, Connection]] = []
        # Buffered output would be written twice (by the parent and by the child at exit).
        for stream in (sys.stdout, sys.stderr):
            with suppress(OSError, ValueError, AttributeError):
                stream.flush()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
        try:
            try:
                for _ in range(jobs):
                    ours, theirs = ctx.Pipe(duplex=True)
                    ends = [*(c for _, c in self.workers), ours]
                    process = ctx.Process(target=_worker_main,
                                          args=(theirs, ends, os.getpid()), daemon=True)
                    self.workers.append((process, ours))
                    process.start()
                    theirs.close()
            finally:
                # A signal that came meanwhile is acted on now, in the parent (its
                # KeyboardInterrupt is raised right here).
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        except BaseException:
            self.kill()  # the workers just made must not outlive the run
            raise

    def map(self, fn: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]:
        if not self.workers:
            raise RuntimeError("this worker pool was torn down (an earlier map was left early)")
        finished = False
        try:
            yield from self._map(fn, *iterables)
            finished = True
        finally:
            if not finished:  # answers still on their way would mix with the next map's
                self.kill()

    def _map(self, fn: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]:
        tasks = zip(*iterables, strict=False)  # read as the workers need them (streaming)
        window = 4 * len(self.workers)  # tasks sent but not yet yielded, at most
        done: dict[int, tuple[bool, Any]] = {}
        idle = [conn for _, conn in self.workers]
        busy: dict[Connection, int] = {}
        sentinel_of = {conn: process.sentinel for process, conn in self.workers}
        sent = given = 0
        exhausted = False
        while True:
            while idle and not exhausted and sent - given < window:
                task = next(tasks, None)
                if task is None:
                    exhausted = True
                    break
                conn = idle.pop()
                conn.send((sent, fn, task))
                busy[conn] = sent
                sent += 1
            if given == sent and exhausted:
                return
            if busy:
                ready = wait([*busy, *(sentinel_of[c] for c in busy)])
                for conn in list(busy):
                    if conn in ready or (sentinel_of[conn] in ready and conn.poll()):
                        try:
                            index, ok, value = conn.recv()
                        except (EOFError, OSError):
                            raise WorkerDied("a worker process ended without answering"
                                             ) from None
                        done[index] = (ok, value)
                        del busy[conn]
                        idle.append(conn)
                    elif sentinel_of[conn] in ready:
                        raise WorkerDied("a worker process ended without answering")
            while given in done:
                ok, value = done.pop(given)
                given += 1
                if not ok:
                    raise value
                yield value

    def close(self) -> None:
        """Tell every worker to stop, and wait for them (killing any that lingers)."""
        for _, conn in self.workers:
            with suppress(OSError, ValueError):
                conn.send(None)
        for process, _ in self.workers:
            process.join(5)
        self.kill()

    def kill(self) -> None:
        """End every worker now (they ignore the polite signals) and reap it."""
        for process, conn in self.workers:
            with suppress(OSError, ValueError, AttributeError):
                if process.is_alive():
                    os.kill(process.pid, signal.SIGKILL)
            with suppress(OSError, ValueError, AssertionError):
                process.join()
            with suppress(OSError):
                conn.close()
        self.workers = []


@contextmanager
def worker_pool(jobs: int, tasks: int | None = None) -> Iterator[Pool]:
    """A pool of ``jobs`` worker processes (none when ``jobs`` ≤ 1 or ``tasks`` ≤ 1), torn
    down when the block is left: politely when it ends normally, at once (``SIGKILL``) on an
    interrupt or an error. Only the main thread of a process may open one."""
    if jobs <= 1 or (tasks is not None and tasks <= 1):
        yield _Serial()
        return
    pool: _Processes | None = None
    try:
        pool = _Processes(jobs if tasks is None else min(jobs, tasks))
        yield pool
        pool.close()
    except BaseException:
        if pool is not None:
            pool.kill()
        raise


T = TypeVar("T")
R = TypeVar("R")


def worker_map(fn: Callable[[T], R], tasks: Sequence[T], jobs: int) -> list[R]:
    """``[fn(t) for t in tasks]``, computed in up to ``jobs`` processes when there is more
    than one task and ``jobs`` > 1 (``fn`` and the tasks must pickle); in this process
    otherwise. An interrupt ends the workers at once and propagates (:func:`worker_pool`)."""
    with worker_pool(jobs, len(tasks)) as pool:
        return list(pool.map(fn, tasks))


__all__ = ["Pool", "WorkerDied", "worker_map", "worker_pool"]
