"""Reading what a user hands in: only a regular file, and never more than a size cap.

Every file a command reads on the user's behalf (decks, CSV card lists, JSON positions, pads,
challenges, batches, tile and constellation sets, manifests, theme fonts and pictures) comes
through :func:`read_user_bytes` or :func:`read_user_text`. Promises:

* only a regular file is read (a symbolic link to one is fine); a folder, a named pipe, a
  device (``/dev/zero``, ``/dev/stdin`` on a terminal) or a socket is refused in one line,
  without blocking: the file is opened with ``O_NONBLOCK`` and checked with ``fstat`` on
  the very descriptor that is read, so nothing can be swapped in between;
* at most ``limit`` bytes are ever read: a larger file is refused naming its size and the
  cap (a file that grows while it is read is caught too);
* a path with a NUL byte, and every ``OSError``, is an :class:`~.errors.InputError` naming
  the path (:class:`~.paths.OutputError`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.paths import OutputError, kind_of, output_error, shown_path

MB = 1_000_000

DATA_LIMIT = 16 * MB
"""Decks, CSV card lists, JSON and JSON Lines inputs, tile and constellation sets,
manifests: none of ours comes near (a 365-day manifest is under 2 MB)."""

FONT_LIMIT = 32 * MB
"""Theme fonts (the largest common TrueType fonts, CJK ones, are about 20 MB)."""

PICTURE_LIMIT = 64 * MB
"""Theme pictures (PNG, JPEG, SVG): a 64-megapixel PNG is rarely over 50 MB."""


def _human(size: int) -> str:
    """``size`` bytes as a short figure for a message (``2.5 MB``, ``180 bytes``)."""
    if size < 10_000:
        return f"{size} bytes"
    return f"{size / 1e6:.1f} MB" if size < 10**9 else f"{size / 1e9:.1f} GB"


SPARSE_MIN = 1 << 20
"""Files below this size are never called sparse by their block count (small files may live
in their inode, with no block of their own)."""

SPARSE_RATIO = 64
"""A file of :data:`SPARSE_MIN` bytes or more is called sparse when the space it takes on disk
is less than its size over this ratio: a compressing file system (btrfs, ZFS) keeps text a
few times smaller, never 64 times; a file made with ``truncate`` takes nothing."""


def sparse_problem(fd: int, st: os.stat_result) -> str | None:
    """Why the open regular file ``fd`` (``st``: its ``fstat``) is not really on disk, or
    None: it has a hole (``SEEK_HOLE`` finds one before its end), or it takes far less space
    than its size says (:data:`SPARSE_RATIO`). A file that reads as gigabytes of zeros from a
    few kilobytes of disk would make a reader hash or parse for minutes."""
    size = st.st_size
    if size == 0:
        return None
    hole = size
    seek_hole = getattr(os, "SEEK_HOLE", None)
    if seek_hole is not None:
        try:
            hole = os.lseek(fd, 0, seek_hole)
        except OSError:  # a file system that cannot say: judged by its blocks alone
            hole = size
        finally:
            os.lseek(fd, 0, os.SEEK_SET)
    on_disk = getattr(st, "st_blocks", size // 512 + 1) * 512
    if hole < size or (size >= SPARSE_MIN and on_disk * SPARSE_RATIO < size):
        return (f"is sparse: {_human(size)} long but {_human(on_disk)} on disk (a file with "
                "holes is not one spacebowl wrote)")
    return None


def read_user_bytes(path: str | os.PathLike[str], limit: int = DATA_LIMIT,
                    follow_links: bool = True, exact_size: int | None = None) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Anything else at ``path`` (a folder, FIFO, device, socket), a larger file, or any OS
    error is an :class:`~.paths.OutputError` (an :class:`InputError`) naming ``path``. With
    ``follow_links`` False a symbolic link is refused too. With ``exact_size``, a file of any
    other size is refused before a byte of it is read.
    """
    return b"".join(iter_user_chunks(path, limit, follow_links, exact_size))


def iter_user_chunks(path: str | os.PathLike[str], limit: int = DATA_LIMIT,
                     follow_links: bool = True, exact_size: int | None = None,
                     chunk: int = MB, solid: bool = False) -> Iterator[bytes]:
    """:func:`read_user_bytes` a ``chunk`` at a time (to hash a large file in little
    memory); the same checks, all made before the first chunk is yielded, and the same
    errors (a file that grows while it is read fails at the end). With ``solid`` a sparse
    file (:func:`sparse_problem`) is refused before a byte of it is read."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    if not follow_links:
        flags |= os.O_NOFOLLOW
    try:
        if not follow_links and stat.S_ISLNK(os.lstat(path).st_mode):
            raise OutputError(path, "is a symbolic link, not a regular file")
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise OutputError(path, "no such file") from None
    except ValueError:  # an embedded NUL byte
        raise OutputError(path, "the path holds a NUL byte") from None
    except OSError as err:
        raise output_error(path, err) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OutputError(path, f"is {kind_of(st.st_mode)}, not a regular file")
        if exact_size is not None and st.st_size != exact_size:
            raise OutputError(path, f"is {st.st_size:,} bytes, not {exact_size:,} as recorded")
        if st.st_size > limit:
            raise OutputError(path, f"is {_human(st.st_size)}; at most {_human(limit)} is read")
        if solid and (sparse := sparse_problem(fd, st)) is not None:
            raise OutputError(path, sparse)
        want = limit if exact_size is None else exact_size
        os.set_blocking(fd, True)
        got = 0
        while got <= want:
            data = os.read(fd, min(chunk, want + 1 - got))
            if not data:
                break
            got += len(data)
            if got > want:
                raise OutputError(path, f"grew past {_human(want)} while it was read")
            yield data
    except OSError as err:
        raise output_error(path, err) from None
    finally:
        os.close(fd)


def read_user_text(path: str | os.PathLike[str], limit: int = DATA_LIMIT) -> str:
    """The UTF-8 text of the regular file at ``path`` (:func:`read_user_bytes`; a byte-order
    mark is dropped); text that is not UTF-8 is an :class:`InputError` naming the byte."""
    data = read_user_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text (byte {err.start})", file=shown_path(path)) from None


def is_regular_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a regular file (links followed); False for anything else and
    for a path that cannot be looked at (a NUL byte, a name too long)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


__all__ = [
    "DATA_LIMIT", "FONT_LIMIT", "PICTURE_LIMIT", "is_regular_file", "iter_user_chunks",
    "read_user_bytes", "read_user_text", "sparse_problem",
]
