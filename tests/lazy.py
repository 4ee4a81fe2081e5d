"""Module fixtures that build only what a test asks for.

The suite spreads tests over its workers one by one (``--dist worksteal``), so one module's
tests may run on both workers; a fixture that built every output up front would build each
of them twice. ``Lazy`` builds an output the first time a test reads it and keeps it;
``built`` shares one output between modules."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Generic, TypeVar

import pytest
from click.testing import CliRunner

from spacebowl_print.cli.main import cli

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lazy(Mapping[K, V], Generic[K, V]):
    """A mapping over ``keys`` whose value for a key is ``make(key)``, made on first read."""

    def __init__(self, keys: Iterable[K], make: Callable[[K], V]) -> None:
        self._keys = list(keys)
        self._make = make
        self._made: dict[K, V] = {}

    def __getitem__(self, key: K) -> V:
        if key not in self._keys:
            raise KeyError(key)
        if key not in self._made:
            self._made[key] = self._make(key)
        return self._made[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


_BUILT: dict[tuple[str, ...], Path] = {}


def built(factory: pytest.TempPathFactory, *args: str) -> Path:
    """The folder ``spacebowl ARGS -q -o FOLDER`` writes, run once per worker for the same
    ``args`` and shared by every module that asks: only for tests that read the folder and
    never change it (the web pages the browser tests open, say)."""
    if args not in _BUILT:
        out = factory.mktemp("built")
        result = CliRunner().invoke(cli, [*args, "-q", "-o", str(out)])
        assert result.exit_code == 0, result.output
        _BUILT[args] = out
    return _BUILT[args]
