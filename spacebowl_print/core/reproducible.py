"""The build date every PDF records, from ``SOURCE_DATE_EPOCH`` (reproducible-builds.org).

Read here and nowhere else. The value must be what ``date +%s`` prints: ASCII digits only, a
non-negative whole number of seconds since 1970-01-01 UTC, at most 253402300799
(9999-12-31 23:59:59 UTC, the last second a PDF date or a Python date can hold — the bound
GCC uses too). Anything else is refused with one line (the specification: a malformed value
should fail the build). Unset, or set to the empty string (as Python's own ``py_compile``
treats it), the date is :data:`DEFAULT_EPOCH`, so the same inputs give the same bytes
whenever they are built.
"""

from __future__ import annotations

import os
import re

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show

VARIABLE = "SOURCE_DATE_EPOCH"
DEFAULT_EPOCH = 946684800
"""2000-01-01 00:00:00 UTC: the date recorded when ``SOURCE_DATE_EPOCH`` is not set (the one
reportlab's invariant mode uses)."""
MAX_EPOCH = 253402300799


def source_date_epoch() -> int | None:
    """``SOURCE_DATE_EPOCH`` as seconds, ``None`` when unset or empty; an :class:`InputError`
    at ``SOURCE_DATE_EPOCH`` for a malformed or out-of-range value."""
    raw = os.environ.get(VARIABLE)
    if not raw:
        return None
    if not re.fullmatch(r"[0-9]{1,12}", raw) or int(raw) > MAX_EPOCH:
        raise InputError(f"must be a whole number of seconds from 0 to {MAX_EPOCH} "
                         f"(like `date +%s` prints), got {show(raw)}", VARIABLE)
    return int(raw)


def build_epoch() -> int:
    """The seconds since 1970 to record as a document's creation date (see the module)."""
    epoch = source_date_epoch()
    return DEFAULT_EPOCH if epoch is None else epoch
