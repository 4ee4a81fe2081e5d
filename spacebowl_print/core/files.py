"""Writing outputs so that nothing is ever half-written: temp file (or folder), then rename."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` through a temp file in the same folder, then rename.

    Readers see either the old file or the complete new one, never a partial write.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes the file private (0600); give it the permissions a plain open() would.
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Build an output folder's files in a hidden temp folder beside it; on success move them
    into ``path`` (replacing files of the same name), on any error leave ``path`` untouched."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    tmp.chmod(0o777 & ~_umask())
    try:
        yield tmp
        target.mkdir(parents=True, exist_ok=True)
        for src in sorted(tmp.rglob("*")):
            if src.is_file():
                dest = target / src.relative_to(tmp)
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.replace(src, dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
