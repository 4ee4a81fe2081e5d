"""CLI plumbing every game's click group shares: one-line errors with exit status 2, strict
file reading, lazy subcommands, ``--seed``/``--quiet`` options and progress bars.

It lives in the core (not in ``cli``) because each game package carries its own click group."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import loads_json

P = ParamSpec("P")
R = TypeVar("R")


class LazyGroup(click.Group):
    """A group whose subcommands (``name → "module:attribute"``) are imported on first use,
    click's documented pattern: a command pays only for the libraries it needs."""

    def __init__(self, *args: Any, lazy: Mapping[str, str] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.lazy, *(n for n in super().list_commands(ctx) if n not in self.lazy)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, attr = self.lazy[cmd_name].split(":")
            command = getattr(importlib.import_module(module), attr)
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, cmd_name)


class BadInput(click.ClickException):
    """Bad input: printed as one line ``Error: …`` and exit status 2."""

    exit_code = 2


def reports_input_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn :class:`InputError` raised by ``fn`` into :class:`BadInput` (one line, exit 2).

    Lower layers name the *field* that is wrong (``lang``, ``card_size``); when that field is
    a parameter of the running command, the message names its option (``--lang``) instead.
    """

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except InputError as err:
            raise BadInput(str(_as_option(err))) from None

    return wrapper


def _as_option(err: InputError) -> InputError:
    ctx = click.get_current_context(silent=True)
    if ctx is None or not err.where:
        return err
    for param in ctx.command.params:
        if isinstance(param, click.Option) and param.name == err.where[0]:
            longest = max(param.opts, key=len)
            err.where = [longest, *err.where[1:]]
            break
    return err


def read_text(path: str | Path) -> str:
    """The text of ``path``; a missing or unreadable file is an :class:`InputError`."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8-sig")  # a byte-order mark is harmless
    except FileNotFoundError:
        raise InputError("no such file", file=str(path)) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", file=str(path)) from None
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text (byte {err.start})", file=str(path)) from None
    except OSError as err:
        raise InputError(err.strerror or "cannot be read", file=str(path)) from None


def load_json_file(path: str | Path) -> Any:
    """Decode a JSON file strictly; errors name the file and line."""
    try:
        return loads_json(read_text(path))
    except InputError as err:
        raise err.at_file(str(path)) from None


def quiet_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--quiet``: no progress bar and no summary chatter."""
    return click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")(fn)


def seed_option(default: int = 1) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--seed``: the same inputs and seed give byte-identical outputs."""
    return click.option("--seed", type=int, default=default, show_default=True,
                        help="Random seed; the same seed gives byte-identical output.")


@contextmanager
def progress(length: int, label: str, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress callback ``advance(k)``: a click progress bar on a terminal, silent when
    piped or quiet."""
    if quiet or not sys.stderr.isatty():
        yield lambda k: None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update
