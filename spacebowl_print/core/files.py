"""Writing an output file so that it is never half-written.

Promises of this module:

* :func:`write_atomic` writes a file through a temp file beside the *resolved* target (symlinks
  followed, so the temp is always on the target's own file system: no ``EXDEV``), flushed to
  disk, then renamed over it. Readers see the old file or the complete new one.
* Only a regular file is ever replaced; a folder, FIFO, device, socket or ``/dev/null`` is
  refused with one line (:func:`check_output_file`).
* SIGTERM and SIGHUP are turned into :class:`~.signals.Interrupted` while it runs, so its
  cleanup always happens; making the temp and the rename run with those signals held back
  (:func:`~.signals.signals_held`). No temp file is left behind (a ``kill -9`` can leave one:
  the next run into the same place removes it, :mod:`.temps`).
* Every ``OSError`` on the way becomes :class:`~.paths.OutputError`: ``<path>: <cause>``.

Output folders, swapped in as a whole, are :mod:`.folders`.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from spacebowl_print.core.paths import (
    OutputError,
    kind_of,
    lstat_or_none,
    make_folder,
    output_error,
    resolve_target,
)
from spacebowl_print.core.signals import interrupts_as_exceptions, signals_held
from spacebowl_print.core.temps import (
    current_umask,
    fsync_path,
    made_temp,
    remove_temps,
    sweep_temps,
    temp_prefix,
)


def check_output_file(path: str | os.PathLike[str]) -> Path:
    """The resolved path a file output ``-o FILE`` will replace; an :class:`OutputError` if
    what is there now is not a regular file (a folder, FIFO, device, socket: never replaced).

    Call it before slow work so a bad ``-o`` fails at once; :func:`write_atomic` checks again.
    """
    target = resolve_target(path)
    st = lstat_or_none(target, path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OutputError(path, f"is {kind_of(st.st_mode)}; only a regular file is replaced")
    return target


# --------------------------------------------------------------------------- one file


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` (text as UTF-8) to ``path``: through a temp file beside the resolved
    target, flushed to disk, then renamed over it. Returns ``Path(path)``.

    Readers see either the old file or the complete new one; a symlink stays a symlink (the
    file it points to is replaced); an existing file keeps its permissions, a new one gets
    those of a plain ``open()``. A target that is not a regular file, and any OS error, is
    an :class:`OutputError` naming ``path``; nothing is left behind.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = check_output_file(path)
    with interrupts_as_exceptions():
        make_folder(target.parent, path)
        sweep_temps(target.parent, target.name)
        tmp: Path | None = None
        try:
            with signals_held():
                fd, name = tempfile.mkstemp(prefix=temp_prefix(target.name, "tmp"),
                                            suffix=".tmp", dir=target.parent)
                tmp = made_temp(Path(name))
            with os.fdopen(fd, "wb") as fh:
                # mkstemp makes the file private (0600): give it the old file's permissions,
                # or those a plain open() would.
                old = lstat_or_none(target, path)
                mode = stat.S_IMODE(old.st_mode) if old else 0o666 & ~current_umask()
                os.fchmod(fh.fileno(), mode)
                fh.write(raw)
                fh.flush()
                os.fsync(fh.fileno())
            with signals_held():
                check_output_file(path)  # still a regular file (or nothing) at commit time
                os.replace(tmp, target)
                tmp = None
            fsync_path(target.parent, directory=True)
        except OSError as err:
            raise output_error(path, err) from None
        finally:
            remove_temps(tmp)
    return Path(path)


__all__ = ["check_output_file", "write_atomic"]
