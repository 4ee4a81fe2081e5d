"""Temp files and folders made beside an output: their names, the sweep of those a killed
run left, and the small file-system steps around them (removal, fsync, the umask).

A temp is hidden and named after its target and the process that made it
(``.NAME.sb-tmp-PID-XXXX``; ``sb-old-`` for an old folder set aside during a swap), so the
next run into the same place can tell a dead run's leftovers from a running one's.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
import threading
from contextlib import suppress
from pathlib import Path

from spacebowl_print.core.signals import signals_held

OUR_TEMP = re.compile(r"\.(?:.*\.)?sb-(?:tmp|old)-(\d+)-[A-Za-z0-9_]+(?:\.tmp)?")
"""The names of our temps (group 1: the process id that made it)."""

def _temp_stem(name: str) -> str:
    """``name`` for a temp name; a long one is replaced by a hash, so the temp name stays
    within NAME_MAX (255 bytes) whatever the target is called."""
    raw = os.fsencode(name)
    return name if len(raw) <= 64 else hashlib.sha256(raw).hexdigest()[:16]


def _temp_base(name: str) -> str:
    """What every temp name made for target ``name`` starts with (``""``: a temp inside the
    target itself, for a mount point)."""
    return f".{_temp_stem(name)}.sb-" if name else ".sb-"


def temp_prefix(name: str, kind: str) -> str:
    """The start of a temp name for target ``name`` made by this process: ``kind`` ``tmp``
    (being written) or ``old`` (set aside)."""
    return f"{_temp_base(name)}{kind}-{os.getpid()}-"


def sweep_temps(parent: Path, name: str) -> None:
    """Remove temps that a killed earlier run (``kill -9``, power cut) left beside ``name``
    in ``parent`` (``name`` ``""``: inside ``parent``); an old folder set aside by such a run
    is put back if the target is gone. Temps of running processes are left alone."""
    stem = _temp_base(name)
    try:
        found = [e for e in os.listdir(parent) if e.startswith(stem)]
    except OSError:
        return
    for entry in found:
        m = OUR_TEMP.fullmatch(entry)
        if not m or _alive(int(m.group(1))):
            continue
        path = parent / entry
        with suppress(OSError):
            if name and "sb-old-" in entry and not os.path.lexists(parent / name):
                os.rename(path, parent / name)
            elif path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (ours, or someone else's we may not signal)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def current_umask() -> int:
    """The process umask."""
    # Read without a window where the umask is 0 for other threads: /proc when available.
    with suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_live: dict[int, set[Path]] = {}
"""The temps this process made and has not removed yet, by the thread that made them."""


def made_temp(path: Path) -> Path:
    """Note ``path`` as a temp of this process (and thread) until :func:`remove_quietly`
    removes it: however a run ends, :func:`remove_live_temps` then removes what is left."""
    _live.setdefault(threading.get_ident(), set()).add(path)
    return path


def remove_quietly(path: Path | None) -> None:
    """Remove the file or folder ``path`` if there is one, ignoring errors (cleanup); it is
    no longer a live temp of this process."""
    if path is None:
        return
    for paths in _live.values():
        paths.discard(path)
    if not os.path.lexists(path):
        return
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with suppress(OSError):
            path.unlink()


def remove_temps(*paths: Path | None) -> None:
    """Remove ``paths`` (:func:`remove_quietly`) with SIGINT, SIGTERM and SIGHUP held back,
    even when one lands as the holding begins or ends: the removal is tried again, and the
    interrupt raised once the temps are gone."""
    interrupt: KeyboardInterrupt | None = None
    for _ in range(100):  # each try that an interrupt cuts short is followed by another
        try:
            with signals_held():
                for path in paths:
                    remove_quietly(path)
            break
        except KeyboardInterrupt as err:
            interrupt = interrupt or err
    if interrupt is not None:
        raise interrupt


def remove_live_temps(all_threads: bool = False) -> None:
    """Remove every temp this thread (or, with ``all_threads``, this process) made and has
    not removed: the last line of defence of a command's end, for a temp whose own cleanup
    an interrupt cut short (one landing between two steps of it). The ``spacebowl`` command
    runs it as it ends, the second time with every signal ignored, so that nothing can cut
    it short."""
    keys = list(_live) if all_threads else [threading.get_ident()]
    for key in keys:
        remove_temps(*sorted(_live.get(key, ())))


def fsync_path(path: Path, directory: bool = False) -> None:
    """Flush ``path`` (a file, or with ``directory`` a folder's entries) to disk; a file
    system without fsync is no error."""
    fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if directory else 0))
    try:
        os.fsync(fd)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.ENOTSUP):  # file systems without fsync
            raise
    finally:
        os.close(fd)


__all__ = [
    "OUR_TEMP", "current_umask", "fsync_path", "made_temp", "remove_live_temps",
    "remove_quietly", "remove_temps", "sweep_temps", "temp_prefix",
]
