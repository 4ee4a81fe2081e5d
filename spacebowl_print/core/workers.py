"""Work shared among processes, for every game: :func:`worker_map` runs one function over many
independent tasks and returns the results in task order, so the output never depends on the
number of processes.

Workers ignore SIGINT, SIGTERM and SIGHUP: a Ctrl-C (or a signal to the process group)
reaches the parent, which stops the pool and ends the run as every interrupted command does.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def _ignore_signals() -> None:
    """A worker's first act: leave the interrupts to the parent."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)


def worker_map(fn: Callable[[T], R], tasks: Sequence[T], jobs: int) -> list[R]:
    """``[fn(t) for t in tasks]``, computed in up to ``jobs`` processes when there is more
    than one task and ``jobs`` > 1 (``fn`` and the tasks must pickle); in this process
    otherwise. An interrupt stops the workers before it propagates."""
    if jobs <= 1 or len(tasks) <= 1:
        return [fn(t) for t in tasks]
    pool = ProcessPoolExecutor(min(jobs, len(tasks)), initializer=_ignore_signals)
    try:
        results = list(pool.map(fn, tasks, chunksize=1))
    except BaseException:
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return results


__all__ = ["worker_map"]
