"""CLI plumbing every game's click group shares: one-line errors with exit status 2, strict
file reading, lazy subcommands, bounded parameter types (:data:`SEED`, :class:`BoundedInt`,
:class:`IsoDate`, :class:`ShortText`), ``--seed``/``--quiet`` options and progress bars.

It lives in the core (not in ``cli``) because each game package carries its own click group."""

from __future__ import annotations

import datetime as dt
import importlib
import json
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any, NoReturn, ParamSpec, TypeVar

import click

from spacebowl_print.core.documents import load as load_document
from spacebowl_print.core.errors import MESSAGE_LIMIT as MESSAGE_LIMIT
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.errors import capped as capped
from spacebowl_print.core.folders import check_output_dir
from spacebowl_print.core.jsonio import loads_json, show
from spacebowl_print.core.paths import shown_path
from spacebowl_print.core.reproducible import source_date_epoch
from spacebowl_print.core.signals import signals_held
from spacebowl_print.core.userfiles import DATA_LIMIT, read_user_text

P = ParamSpec("P")
R = TypeVar("R")


class SuggestingGroup(click.Group):
    """A group that answers a mistyped subcommand as click answers a mistyped option:
    ``No such command 'hubbel'. Did you mean 'hubble'?`` (click's own lookup suggests only
    among the commands it holds, and the lazy groups hold none until one runs)."""

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if (not ctx.resilient_parsing and isinstance(name, str) and name
                and not name.startswith("-") and name not in self.list_commands(ctx)):
            raise click.exceptions.NoSuchCommand(
                name, possibilities=self.list_commands(ctx), ctx=ctx)
        return super().resolve_command(ctx, args)


class LazyGroup(SuggestingGroup):
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
            # A command's libraries (numpy, reportlab, OR-Tools) load for up to a second: an
            # interrupt meanwhile is acted on after the import, never inside it, where it
            # would leave a half-imported module and a traceback.
            with signals_held():
                loaded = importlib.import_module(module)
            command = getattr(loaded, attr)
            if not isinstance(command, click.Command):
                raise TypeError(f"{self.lazy[cmd_name]} is not a click command")
            return command
        return super().get_command(ctx, cmd_name)


class BadInput(click.ClickException):
    """Bad input: printed as one line ``Error: …`` (at most :data:`MESSAGE_LIMIT` characters)
    and exit status 2."""

    exit_code = 2

    def __init__(self, message: str):
        super().__init__(capped(message))


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


def read_text(path: str | Path, limit: int = DATA_LIMIT) -> str:
    """The UTF-8 text of the regular file at ``path`` (at most ``limit`` bytes; a byte-order
    mark is harmless): anything else, any OS error (``EACCES``, ``ENOTDIR``, ``ELOOP``,
    ``ENAMETOOLONG``…) or text that is not UTF-8 is an :class:`InputError` naming the file
    (its name cut if absurdly long). See :mod:`.userfiles`."""
    return read_user_text(path, limit)


def load_json_file(path: str | Path) -> Any:
    """Decode a JSON file strictly and within bounds (:mod:`.documents`); errors name the
    file and line."""
    return load_document(path, "json").data


def quiet_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--quiet``: no progress bar and no summary chatter."""
    return click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")(fn)


_WHOLE = re.compile(r"[+-]?[0-9]{1,19}")


class _OneLineType(click.ParamType):
    """A parameter type whose refusals are one line ``Error: --option: …`` with exit status
    2 however the command is run (click's own usage errors add a usage block when a command
    runs standalone)."""

    def fail(self, message: str, param: click.Parameter | None = None,
             ctx: click.Context | None = None) -> NoReturn:
        where = ""
        if isinstance(param, click.Option):
            where = max(param.opts, key=len) + ": "
        elif param is not None and param.name:
            where = param.name.upper() + ": "
        raise BadInput(where + message)


class BoundedInt(_OneLineType, click.IntRange):
    """A whole number within ``[lo, hi]``, refused in one short line otherwise.

    Unlike plain ``int``/``click.IntRange`` it never hands ``int()`` an absurd digit string
    (more than 4,300 digits is a ``ValueError`` inside Python) and never echoes more than 40
    characters of what was typed. ``--help`` shows the range.
    """

    def __init__(self, lo: int, hi: int):
        click.IntRange.__init__(self, lo, hi)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
            number = int(value)
        else:
            number = None
        lo, hi = self.min, self.max
        if number is None or not (lo is None or lo <= number) or not (hi is None or number <= hi):
            self.fail(f"must be a whole number from {lo} to {hi}, got {show(value)}", param, ctx)
        return number


SEED_MAX = 2**32 - 1
SEED = BoundedInt(0, SEED_MAX)
"""``--seed``: 0 … 2**32 − 1 (what every random generator here accepts as is)."""


class IsoDate(_OneLineType):
    """A date written ``YYYY-MM-DD``, year 1 … 9999; anything else refused in one line."""

    name = "date"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "YYYY-MM-DD"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> dt.date:
        if isinstance(value, dt.date):
            return value
        text = str(value).strip()
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            try:
                return dt.date.fromisoformat(text)
            except ValueError:
                pass
        self.fail(f"must be a date like 2027-01-01, got {show(value)}", param, ctx)


def last_day(start: dt.date, days: int, option: str = "--start") -> dt.date:
    """The date ``days`` − 1 days after ``start``; an :class:`InputError` at ``option`` when
    that runs past 9999-12-31 (where Python's dates end) instead of an ``OverflowError``."""
    room = (dt.date.max - start).days + 1
    if days > room:
        raise InputError(f"{days} days from {start.isoformat()} run past "
                         f"{dt.date.max.isoformat()} (at most {room} from that date)", option)
    return start + dt.timedelta(days=days - 1)


class ShortText(_OneLineType):
    """Text of at most ``limit`` characters, so that the parser behind it (and every message
    that quotes it) only ever sees a short value; longer is refused in one line."""

    name = "text"

    def __init__(self, limit: int = 64):
        self.limit = limit

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        text = str(value)
        if len(text) > self.limit:
            self.fail(f"at most {self.limit} characters, got {show(text)}", param, ctx)
        return text


def seed_option(default: int = 1) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--seed``: 0 … 2**32 − 1; the same inputs and seed give byte-identical outputs."""
    return click.option("--seed", type=SEED, default=default, show_default=True,
                        help="Random seed; the same seed gives byte-identical output.")


@contextmanager
def progress(length: int, label: str, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress callback ``advance(k)``: a click progress bar on stderr when stderr is a
    terminal, silent when it is piped or ``quiet``."""
    if quiet or not sys.stderr.isatty():
        yield lambda k: None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update


def jsonl_lines(text: str) -> list[str]:
    """The lines of a JSON Lines text: split on ``\\n`` only (a ``\\r`` before it dropped), as
    the format says. ``str.splitlines`` would also split on U+2028, ``\\x0c``, ``\\x85`` and
    others, which may stand inside a JSON string, so answers would stop lining up with the
    input lines. A final newline does not start another line."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def answer_batch(path: str, answer: Callable[[Any], Any], what: str = "case") -> None:
    """Answer a JSON Lines file one line at a time: output line N answers input line N (an
    ``answer`` object as JSON), a bad line prints ``{"line": N, "error": "…"}`` in its place
    (and on stderr); when any line was bad the command ends with one line and status 2."""
    bad = 0
    for number, raw in enumerate(jsonl_lines(read_text(path)), start=1):
        try:
            if not raw.strip():  # still answered, so that output line N answers input line N
                raise InputError(f"empty line (one JSON {what} a line)")
            result = answer(loads_json(raw))
        except InputError as err:
            bad += 1
            err.line = number
            message = capped(str(err.at_file(shown_path(path))))
            click.echo(json.dumps({"line": number, "error": message}))
            click.echo(f"Error: {message}", err=True)
            continue
        click.echo(json.dumps(result))
    sys.stdout.flush()
    if bad:
        raise BadInput(f"{shown_path(path)}: {bad} bad line(s) reported above; the others "
                       "were answered")


def check_before_work(out_dir: str, kind: str | None = None, force: bool = False) -> None:
    """Refuse a bad ``-o`` folder (one that another ``kind`` of output holds, unless
    ``force``) or ``SOURCE_DATE_EPOCH`` now, not after minutes of work."""
    check_output_dir(out_dir, kind, force)
    source_date_epoch()
