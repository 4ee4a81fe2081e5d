"""Paths as the user gave them, and every OS error on them as one line.

* :class:`OutputError`: ``<path>: <cause>``, printed as one line with exit status 2 like any
  other bad input; :func:`output_error` makes one from an ``OSError``.
* :func:`shown_path` keeps a path short enough for a message.
* :func:`resolve_target` follows every symlink, so temp files are made on the target's own
  file system (no ``EXDEV``).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from spacebowl_print.core.errors import InputError


class OutputError(InputError):
    """A path that cannot be written (or read): ``<path>: <cause>``, printed as one line with
    exit status 2 like any other bad input."""

    def __init__(self, path: str | os.PathLike[str], cause: str):
        super().__init__(cause, file=shown_path(path))


_CAUSES = {
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.ENAMETOOLONG: "file name too long",
    errno.ELOOP: "too many levels of symbolic links (a loop?)",
    errno.EXDEV: "cannot move across file systems",
    errno.EPIPE: "broken pipe (the reader went away)",
    errno.ENOENT: "no such file or folder",
    errno.EBUSY: "busy (a mount point?)",
}


def os_cause(err: OSError) -> str:
    """A short, lower-case cause for ``err`` (``no space left on device``)."""
    if err.errno in _CAUSES:
        return _CAUSES[err.errno]
    return (err.strerror or type(err).__name__).lower()


def shown_path(path: str | os.PathLike[str] | bytes) -> str:
    """``path`` as text for a message, cut in the middle beyond 120 characters (a 10 MB
    argument never makes a 10 MB error line)."""
    text = os.fsdecode(path) if isinstance(path, bytes) else os.fspath(path)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # undecodable bytes
    return text if len(text) <= 120 else f"{text[:70]}…{text[-49:]}"


def output_error(path: str | os.PathLike[str], err: OSError) -> OutputError:
    """``err`` as an :class:`OutputError` naming ``path`` (the name the user gave)."""
    return OutputError(path, os_cause(err))


# --------------------------------------------------------------------------- targets


def resolve_target(path: str | os.PathLike[str]) -> Path:
    """The absolute path ``path`` stands for, every symlink followed (a dangling one to where
    it points), so temp files are made on the target's own file system.

    A symlink loop, an empty path and a path with a NUL byte are an :class:`OutputError`.
    """
    if not os.fspath(path):
        raise OutputError('""', "an empty path names no file or folder")
    if "\0" in os.fsdecode(path):
        raise OutputError(path, "the path holds a NUL byte")
    real = Path(os.path.realpath(path))
    try:
        looped = stat.S_ISLNK(real.lstat().st_mode)  # realpath stops at a link in a loop
    except FileNotFoundError:
        return real
    except OSError as err:  # a name too long, a file where a folder should be…
        raise output_error(path, err) from None
    if looped:
        raise OutputError(path, _CAUSES[errno.ELOOP])
    return real


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, for a message (``a named pipe (FIFO)``, ``a folder``)."""
    for test, name in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISDIR, "a folder"), (stat.S_ISREG, "a file")):
        if test(mode):
            return name
    return "not a regular file"


def lstat_or_none(path: Path, shown: str | os.PathLike[str]) -> os.stat_result | None:
    """The status of ``path`` itself (a link not followed); None if nothing is there, an
    :class:`OutputError` naming ``shown`` if it cannot be read."""
    try:
        return path.lstat()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise output_error(shown, err) from None


def make_folder(folder: Path, shown: str | os.PathLike[str]) -> None:
    """``folder`` and its parents, created as needed; a file in the way is named."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file where a folder should be
        raise OutputError(shown, _CAUSES[errno.ENOTDIR]) from None
    except OSError as err:
        raise output_error(shown, err) from None


__all__ = [
    "OutputError", "kind_of", "lstat_or_none", "make_folder", "os_cause", "output_error",
    "resolve_target", "shown_path",
]
