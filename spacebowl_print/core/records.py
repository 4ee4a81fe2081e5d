"""The record an output folder keeps of what wrote it: ``spacebowl-output.json``
(:data:`MARKER`), trusted only as far as the folder proves it.

A folder written with a *kind* (``"spacebowl kit"``, ``"hubble booklet"``: the game and the
command) holds :data:`MARKER`::

    {"written_by": "spacebowl_print", "kind": "hubble kit",
     "files": {"cards.pdf": {"sha256": "…", "bytes": 48213}, …}}

listing every other file of the folder with its SHA-256 and size, made from the files as
they lie in the folder once written (:func:`record_of`). Promises:

* :func:`read_record` reads a record within bounds (size, depth, number and names of files)
  and says in one line why one is malformed (:class:`RecordError`); a record of the earlier
  shape, a bare list of names, reads as a :class:`Record` whose ``files`` is None: it
  proves nothing about the files' contents.
* :func:`unproved_entry` names the first entry of a folder its record does not prove: not
  listed, not a regular file, sparse, or not of the recorded size and SHA-256. A record that
  lists a file it did not write (edited or forged) therefore never makes that file
  replaceable: its bytes would have to be exactly the ones recorded. Each file is hashed at
  most once a process while it is unchanged (its inode, size and change time), and never
  beyond the recorded size.

It is an integrity check, as the manifest's seal is (docs/formats.md): it finds any edit made
without recomputing the digests, and refuses a file changed after spacebowl wrote it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import loads_json, show
from spacebowl_print.core.userfiles import iter_user_chunks, read_user_bytes

MARKER = "spacebowl-output.json"
"""The record an output folder written with a ``kind`` holds (see the module docstring)."""

WRITTEN_BY = "spacebowl_print"

OUTPUT_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,99}\.(?:pdf|svg|json|html|png)")
"""Names of the files our commands write into an output folder (kits, booklets, classroom
sets, web sites)."""

SUBFOLDER_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""Names of the folders our commands write inside an output folder (``svg``, ``png/bleed``)."""

MAX_RECORD_BYTES = 16_000_000
"""Largest record read (a 3,660-day web site's lists about 3,700 files in 500 kB)."""

MAX_RECORD_FILES = 40_000
"""Most files a record may list (a 1,000-card kit with every picture: about 5,000)."""

MAX_RECORD_DEPTH = 3
"""Most folders a recorded name may lie in (``png/bleed/card-001.png``: 2)."""

_HEX = re.compile(r"[0-9a-f]{64}")


class RecordError(ValueError):
    """A record that is not one spacebowl writes; the message says why in one line."""


@dataclass(frozen=True)
class Record:
    """A folder's record: the ``kind`` of output, and its files with their (SHA-256, size),
    or None for a record of the earlier shape (names only), which proves no content."""

    kind: str
    files: Mapping[str, tuple[str, int]] | None

    @property
    def names(self) -> frozenset[str]:
        """The recorded file names."""
        return frozenset(self.files or ())


def _digest(path: Path, size: int) -> str:
    """SHA-256 of the regular file at ``path`` of exactly ``size`` bytes (links, sparse files
    and other sizes refused with an :class:`InputError`)."""
    sha = hashlib.sha256()
    for chunk in iter_user_chunks(path, max(size, 1), follow_links=False, exact_size=size,
                                  solid=True):
        sha.update(chunk)
    return sha.hexdigest()


def record_of(folder: Path, kind: str) -> str:
    """The text of :data:`MARKER` for ``folder`` as written: every regular file in it (at any
    depth, :data:`MARKER` aside) with its SHA-256 and size; no date, so the same output gives
    the same bytes. A name spacebowl does not write, or anything but files and folders, is
    a ``ValueError`` (a bug of the writer, not bad input)."""
    files: dict[str, dict[str, Any]] = {}
    for here, dirs, names in os.walk(folder):
        rel = Path(here).relative_to(folder).as_posix()
        dirs.sort()
        for name in sorted(names):
            key = name if rel == "." else f"{rel}/{name}"
            if key == MARKER:
                continue
            st = os.lstat(Path(here) / name)
            if not stat.S_ISREG(st.st_mode) or _name_problem(key):
                raise ValueError(f"{key!r} is not a file an output folder may hold")
            files[key] = {"sha256": _digest(Path(here) / name, st.st_size),
                          "bytes": st.st_size}
    record = {"written_by": WRITTEN_BY, "kind": kind, "files": dict(sorted(files.items()))}
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def _name_problem(name: str) -> str | None:
    """Why ``name`` is not a file name an output folder records, or None."""
    parts = name.split("/")
    if len(parts) > MAX_RECORD_DEPTH + 1:
        return f"{show(name)} lies too deep"
    if not OUTPUT_NAME.fullmatch(parts[-1]) or not all(
            SUBFOLDER_NAME.fullmatch(p) for p in parts[:-1]):
        return f"{show(name)} is not a name spacebowl writes"
    return None


def read_record(folder: Path) -> Record | None:
    """``folder``'s record, or None when it holds no :data:`MARKER`; a :class:`RecordError`
    saying why in one line when what is there is not a record spacebowl writes (a link, a
    FIFO, too large, not JSON, too deep, another shape, a name spacebowl never writes)."""
    path = folder / MARKER
    if not os.path.lexists(path):
        return None
    try:  # the bounded reader: a link, FIFO or device swapped in is refused, not read
        data = read_user_bytes(path, MAX_RECORD_BYTES, follow_links=False)
        record = loads_json(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("not UTF-8 text") from None
    except InputError as err:
        raise RecordError(err.message) from None
    return _parse(record)


def _parse(record: object) -> Record:
    if not isinstance(record, dict) or record.get("written_by") != WRITTEN_BY:
        raise RecordError(f"not an object with \"written_by\": {show(WRITTEN_BY)}")
    if set(record) != {"written_by", "kind", "files"}:
        raise RecordError("keys must be written_by, kind, files")
    kind = record["kind"]
    if not isinstance(kind, str) or not re.fullmatch(r"[a-z]{1,20} [a-z]{1,20}", kind):
        raise RecordError(f"kind must name a game and a command, got {show(kind)}")
    files = record["files"]
    if isinstance(files, list):  # the earlier shape: names, no digests
        if len(files) > MAX_RECORD_FILES or not all(isinstance(n, str) for n in files):
            raise RecordError(f"files must list at most {MAX_RECORD_FILES} names")
        return Record(kind, None)
    if not isinstance(files, dict) or len(files) > MAX_RECORD_FILES:
        raise RecordError(f"files must map at most {MAX_RECORD_FILES} names to their digests")
    out: dict[str, tuple[str, int]] = {}
    for name, entry in files.items():
        problem = _name_problem(name)
        if problem:
            raise RecordError(f"files: {problem}")
        if (not isinstance(entry, dict) or set(entry) != {"sha256", "bytes"}
                or not isinstance(entry["sha256"], str) or not _HEX.fullmatch(entry["sha256"])
                or not isinstance(entry["bytes"], int) or isinstance(entry["bytes"], bool)
                or entry["bytes"] < 0):
            raise RecordError(f"files: {show(name)} must be {{\"sha256\": 64 hex digits, "
                              "\"bytes\": a size}")
        out[name] = (entry["sha256"], entry["bytes"])
    return Record(kind, out)


_proved: dict[tuple[int, int, int, int, int], str] = {}
"""(device, inode, size, change time, modification time) → SHA-256 of files already hashed
by this process: the checks before the work, before the swap, and again, hash each file
once."""


def _proved_digest(path: Path, st: os.stat_result) -> str:
    key = (st.st_dev, st.st_ino, st.st_size, st.st_ctime_ns, st.st_mtime_ns)
    if key not in _proved:
        _proved[key] = _digest(path, st.st_size)
    return _proved[key]


def unproved_entry(folder: Path, record: Record, skip: re.Pattern[str]) -> str | None:
    """The first entry of ``folder`` (depth first in name order; top-level names that
    ``skip`` matches, our temps, aside) that ``record`` does not prove spacebowl wrote, with
    the reason: ``"'notes.txt', which spacebowl did not write"`` or ``"'kit.pdf', changed
    since spacebowl wrote it"``; None when every entry is proved. A record without digests
    proves nothing: every file is then unproved. A listed file may be missing."""
    files = record.files or {}
    dirs = {"/".join(n.split("/")[:k]) for n in files for k in range(1, n.count("/") + 1)}
    stack = [(folder, "")]
    while stack:
        here, rel = stack.pop()
        for name in sorted(os.listdir(here)):
            key = rel + name
            if (not rel and skip.fullmatch(name)) or key == MARKER:
                continue
            st = os.lstat(here / name)
            if stat.S_ISDIR(st.st_mode) and key in dirs:
                stack.append((here / name, key + "/"))
                continue
            if not stat.S_ISREG(st.st_mode) or key not in files:
                return f"{_short(key)}, which spacebowl did not write"
            sha, size = files[key]
            try:
                proved = st.st_size == size and _proved_digest(here / name, st) == sha
            except InputError:  # sparse, swapped for a link meanwhile
                proved = False
            if not proved:
                return f"{_short(key)}, changed since spacebowl wrote it"
    return None


def _short(name: str) -> str:
    return repr(name if len(name) <= 60 else name[:57] + "...")


__all__ = [
    "MARKER", "MAX_RECORD_FILES", "OUTPUT_NAME", "SUBFOLDER_NAME", "WRITTEN_BY", "Record",
    "RecordError", "read_record", "record_of", "unproved_entry",
]
