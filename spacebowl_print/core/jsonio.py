"""Strict JSON decoding, bounded (depth, numbers), and small helpers for readers that report
one-line errors."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from spacebowl_print.core.errors import InputError

MAX_DEPTH = 32
"""Deepest nesting of lists and objects (tables) any of our files may have; ours use 5."""

MAX_INT = 2**63 - 1
"""Largest magnitude of an integer in a file: every count, id and seed of ours is far below."""


def loads_json(text: str) -> Any:
    """Decode JSON text strictly: duplicate keys (e.g. a marble listed twice), ``NaN`` and
    infinities are an error, and so is a value beyond the bounds of :func:`check_bounds`."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                raise InputError(f"key {show(k)} appears twice")
            out[k] = v
        return out

    def constant(name: str) -> Any:
        raise InputError(f"{name} is not a JSON number")

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as err:
        raise InputError(f"not valid JSON: {err.msg} (column {err.colno})",
                         line=err.lineno) from None
    except InputError:
        raise
    except (ValueError, RecursionError) as err:  # 5,000-digit numbers, absurd nesting
        raise InputError(f"JSON too large to read safely ({type(err).__name__})") from None
    check_bounds(data)
    return data


_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(text: str, path: Sequence[str | int], key: bool = False) -> None:
    """Refuse ``text`` (a string at ``path``, or with ``key`` a key of the object there)
    holding a lone surrogate, which JSON can write (``"\\ud800"``) but which is not Unicode
    text: it could not be written again as UTF-8 (a manifest's seal, a PDF)."""
    if not text.isascii() and (m := _SURROGATE.search(text)):
        what = f"the key {show(text)} holds" if key else "holds"
        raise InputError(f"{what} U+{ord(m.group()):04X} (a lone surrogate), which is not "
                         "valid Unicode", *_where(path))


def check_bounds(data: Any) -> None:
    """Refuse a decoded value (JSON, or TOML) nested deeper than :data:`MAX_DEPTH`, holding
    an integer beyond ±:data:`MAX_INT`, a float that is not finite, or a string or key that
    is not valid Unicode (a lone surrogate), naming where (no recursion: a value 100,000
    deep is walked like a flat one)."""
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(data, 0, ())]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, dict):
            children: Sequence[tuple[str | int, Any]] = list(value.items())
            for key in value:
                if isinstance(key, str):
                    _lone_surrogate(key, path, key=True)
        elif isinstance(value, list):
            children = list(enumerate(value))
        else:
            if isinstance(value, str):
                _lone_surrogate(value, path)
                continue
            if isinstance(value, bool):
                continue
            if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
                raise InputError(f"a number beyond ±{MAX_INT} (about 9.2e18)", *_where(path))
            if isinstance(value, float) and not math.isfinite(value):
                raise InputError("a number that is not finite (nan or inf)", *_where(path))
            continue
        if depth >= MAX_DEPTH and children:
            raise InputError(f"nested more than {MAX_DEPTH} levels deep", *_where(path))
        for key, child in reversed(children):
            stack.append((child, depth + 1, (*path, key)))


def _where(path: Sequence[str | int]) -> list[str]:
    """A field path as location parts (``("rhombs", 2, "at")`` → ``["rhombs[2]", "at"]``),
    the first 8 parts at most."""
    out: list[str] = []
    for part in path[:8]:
        if isinstance(part, int):
            out.append(f"{out.pop() if out else ''}[{part}]")
        else:
            out.append(part if len(part) <= 40 else part[:37] + "...")
    return out


def show(value: object) -> str:
    """A value as JSON writes it (``null``, ``true``, ``"A1"``), cut to 40 characters, for
    error messages (a 10 MB string never makes a 10 MB error line)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value) if not isinstance(value, dict | list) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def mapping(obj: object, what: str) -> Mapping[str, Any]:
    """``obj`` if it is a JSON object, else an :class:`InputError` at ``what``."""
    if not isinstance(obj, dict):
        raise InputError(f"must be a JSON object, got {show(obj)}", what)
    return obj


def only_keys(obj: Mapping[str, Any], allowed: Sequence[str], what: str) -> None:
    """Refuse keys of ``obj`` outside ``allowed``, naming the first such key."""
    for k in obj:
        if k not in allowed:
            name = k if len(k) <= 40 else show(k)
            raise InputError(f"unknown key (expected {', '.join(allowed)})", what, name)


def whole(obj: object, lo: int, hi: int, *where: str) -> int:
    """``obj`` if it is a whole number (not ``true``/``false``) from ``lo`` to ``hi``, else an
    :class:`InputError` at ``where``."""
    if not isinstance(obj, int) or isinstance(obj, bool) or not lo <= obj <= hi:
        raise InputError(f"must be a whole number from {lo} to {hi}, got {show(obj)}", *where)
    return obj


def text(obj: object, limit: int, *where: str) -> str:
    """``obj`` if it is a string of at most ``limit`` characters, else an
    :class:`InputError` at ``where``."""
    if not isinstance(obj, str):
        raise InputError(f"must be a string, got {show(obj)}", *where)
    if len(obj) > limit:
        raise InputError(f"must be at most {limit} characters, got {len(obj)}", *where)
    return obj


def items(obj: object, limit: int, *where: str) -> list[Any]:
    """``obj`` if it is a list of at most ``limit`` elements, else an :class:`InputError`
    at ``where``."""
    if not isinstance(obj, list):
        raise InputError(f"must be a list, got {show(obj)}", *where)
    if len(obj) > limit:
        raise InputError(f"must list at most {limit} items, got {len(obj)}", *where)
    return obj
