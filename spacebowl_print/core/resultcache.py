"""A cache, on the user's request, of results that are slow to make and quick to check.

Hubble's exact par costs about 2.5 CPU seconds a day, and the same days are often made more
than once: a booklet, then the web site and the print-on-demand book of the same dates. With
the environment variable ``SPACEBOWL_PRINT_CACHE`` naming a folder, each result is kept
there as one JSON file and the next run reads it back instead of solving again. Unset or
empty, nothing is cached (the default: a run depends on its inputs alone).

What makes it safe:

* the key holds everything the result depends on, with a fingerprint of the code that makes
  it (:func:`code_fingerprint`: the source of the packages named, and the versions of Python,
  OR-Tools, numba and numpy), so a changed solver never reads an older solver's answer;
* a result read back is checked by the caller's ``valid`` (Hubble: the second engine replays
  and scores the par) and anything unreadable, too large, not a regular file or not valid is
  ignored and made again;
* a miss hands back the result as it reads back from JSON, so a run gives the same bytes
  whether it read the cache or filled it;
* a cache that cannot be written (a read-only folder, a full disk) is no cache: the run goes
  on; files are written whole (temp file, then rename), so workers racing on one key are safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.files import write_atomic

ENV = "SPACEBOWL_PRINT_CACHE"
"""The environment variable naming the cache's folder."""

MAX_ENTRY_BYTES = 1 << 20
"""A cached file larger than this is ignored (a par entry is about 10 KB)."""


def cache_folder() -> Path | None:
    """The folder ``SPACEBOWL_PRINT_CACHE`` names, or None when it is unset or empty."""
    raw = os.environ.get(ENV, "")
    return Path(raw) if raw.strip() else None


@cache
def code_fingerprint(*packages: str) -> str:
    """A SHA-256 over the source files of ``packages`` (dotted names, each a folder: every
    ``.py`` below it, by relative path) and the versions of Python, OR-Tools, numba (the
    par's hill climb) and numpy."""
    from importlib import import_module, metadata  # only when a cache is in use

    h = hashlib.sha256()
    h.update(sys.version.encode())
    for dist in ("ortools", "numba", "numpy"):
        try:
            h.update(f"{dist}={metadata.version(dist)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{dist}=none".encode())
    for name in packages:
        module = import_module(name)
        root = Path(module.__file__ or "").parent
        for path in sorted(root.rglob("*.py")):
            h.update(str(path.relative_to(root)).encode() + b"\0")
            h.update(path.read_bytes())
    return h.hexdigest()


def _read(path: Path) -> Any:
    """The JSON value in ``path``, or None when it is missing, not a regular file, too large
    or not JSON."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_ENTRY_BYTES:
            return None
        return json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None


def cached_json(namespace: str, key: Any, make: Callable[[], Any],
                valid: Callable[[Any], bool]) -> Any:
    """``make()``'s JSON value, read from the cache when it holds a ``valid`` one for
    ``key`` (a JSON value) in ``namespace``, else made, written there and returned as it
    reads back from JSON. Without a cache folder: ``make()`` as JSON reads it back."""
    folder = cache_folder()
    if folder is None:
        return json.loads(json.dumps(make()))
    digest = hashlib.sha256(json.dumps([namespace, key], sort_keys=True,
                                       ensure_ascii=True).encode()).hexdigest()
    path = folder / namespace / digest[:2] / f"{digest}.json"
    found = _read(path)
    if found is not None and valid(found):
        return found
    text = json.dumps(make(), ensure_ascii=False)  # keys in their order: the manifest's
    with suppress(InputError, OSError):  # a cache that cannot be written is no cache
        write_atomic(path, text)
    return json.loads(text)


__all__ = ["ENV", "MAX_ENTRY_BYTES", "cache_folder", "cached_json", "code_fingerprint"]
