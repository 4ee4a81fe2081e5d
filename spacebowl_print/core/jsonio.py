"""Strict JSON decoding and small helpers for readers that report one-line errors."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from spacebowl_print.core.errors import InputError


def loads_json(text: str) -> Any:
    """Decode JSON text strictly: duplicate keys (e.g. a marble listed twice) are an error."""

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
        return json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as err:
        raise InputError(f"not valid JSON: {err.msg} (column {err.colno})",
                         line=err.lineno) from None
    except InputError:
        raise
    except (ValueError, RecursionError) as err:  # 5,000-digit numbers, absurd nesting
        raise InputError(f"JSON too large to read safely ({type(err).__name__})") from None


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
