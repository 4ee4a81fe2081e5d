"""The command line's edge: each publishing command's option values parsed, once, into its
request (:mod:`spacebowl_print.publish.requests`, where every value is checked), the
publication built by the one ``build_*`` of its module, and its report printed. The commands
themselves (:mod:`spacebowl_print.cli.publishing`) import this module only when they run, so
``--help`` never loads the builders, reportlab or a game's engine."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from spacebowl_print.core.cli import check_before_work, progress
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.languages import split_langs
from spacebowl_print.publish.book import BookReport, build_book
from spacebowl_print.publish.bookinfo import BookInfo, read_blurb
from spacebowl_print.publish.classroom import ClassReport, build_classroom
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.publish.kit import build_kit
from spacebowl_print.publish.publication import VerificationError
from spacebowl_print.publish.requests import (
    BookRequest,
    ClassRequest,
    KitRequest,
    Run,
    SiteRequest,
    png_resolution,
)
from spacebowl_print.publish.schedule import parse_tier_range
from spacebowl_print.publish.site import SiteReport, build_site
from spacebowl_print.publish.table import Game, Option


def _say(quiet: bool, lines: Sequence[str]) -> None:
    if not quiet:
        for line in lines:
            click.echo(line)


def _rejected(err: VerificationError) -> click.ClickException:
    return click.ClickException(f"answer key rejected, nothing written: {err}")


def _run(game: Game, kind_options: type, own: Sequence[Option], values: dict[str, Any],
         lang: str, paper: str, ink: bool = True) -> Run:
    """The run every request carries: the game's own options made into its kind's options
    object (each checked there), the drawing context, the seed, jobs and ``--force``."""
    options = kind_options(**{spec.name: values.pop(spec.name) for spec in own})
    ctx = RenderContext(lang=lang, ink_saver=ink and values["ink_saver"],
                        greyscale=ink and values["greyscale"], paper=paper,
                        words=game.words_in(lang))
    return Run(game, options, ctx, values["seed"], values.get("jobs", 1), values["force"])


def _blurb(path: str | None) -> str:
    return read_blurb(path) if path is not None else ""


def kit_request(game: Game, values: dict[str, Any]) -> KitRequest:
    """The kit request the ``kit`` command's option values make (checked: an
    :class:`InputError` at the option otherwise)."""
    spec = game.kit_spec()
    langs = split_langs(values["lang"])
    if not langs:
        raise InputError("at least one language is needed", "lang")
    kind = game.kit_kind()
    run = _run(game, kind.Options, spec.options, values, langs[0], values["paper"].lower())
    return KitRequest(run, langs, png_resolution(values["png"], values["dpi"]), values["tts"],
                      values.get("service"))


def book_request(game: Game, values: dict[str, Any], given: frozenset[str] = frozenset()
                 ) -> BookRequest:
    """The booklet request the ``booklet`` command's option values make; ``given`` names the
    options typed on the command line (``--start`` with ``--undated`` is refused rather
    than ignored)."""
    spec = game.puzzle_spec()
    if values.get("undated") and "start" in given:
        raise InputError("an undated book has no dates: drop --start (or --undated)", "start")
    info = BookInfo(values["title"].strip(), values["subtitle"].strip(),
                    values["author"].strip(), values["publisher"].strip(),
                    values["isbn"].strip(), values["edition"].strip(), _blurb(values["blurb"]),
                    values.get("licence") or "", (values.get("price") or "").strip(),
                    values.get("year") or 0)
    run = _run(game, game.puzzle_kind().Options, spec.options, values, values["lang"],
               values["paper"])
    return BookRequest(run, values["days"], values["start"], parse_tier_range(values["tiers"]),
                       values["paper"], values["imposition"], values["trim"], values["bleed"],
                       values["cover"], values["paper_stock"], info, values.get("press"),
                       bool(values.get("pdfx")), bool(values.get("undated")),
                       bool(values.get("colophon")))


def _given() -> frozenset[str]:
    """The options typed on the command line of the running command (not defaults)."""
    ctx = click.get_current_context()
    return frozenset(name for name in ctx.params
                     if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE)


def class_request(game: Game, values: dict[str, Any]) -> ClassRequest:
    """The classroom request the ``classroom`` command's option values make."""
    spec = game.puzzle_spec()
    run = _run(game, game.puzzle_kind().Options, spec.options, values, values["lang"],
               values["paper"])
    return ClassRequest(run, values["students"], values["puzzles"], values["tier"],
                        values["paper"], values["same"])


def site_request(game: Game, values: dict[str, Any]) -> SiteRequest:
    """The web site request the ``web`` command's option values make."""
    spec = game.puzzle_spec()
    run = _run(game, game.puzzle_kind().Options, spec.options, values, values["lang"], "a4",
               ink=False)
    start: dt.date = values["start"]
    return SiteRequest(run, values["days"], start, parse_tier_range(values["tiers"]))


# --------------------------------------------------------------------------- the runs


def run_kit(game: Game, values: dict[str, Any]) -> None:
    """``kit``: the request, the kit, the report."""
    req = kit_request(game, values)
    check_before_work(values["out"], req.run.kind_of("kit"), req.run.force)
    report = build_kit(req, values["out"])
    for line in report.warnings:
        click.echo(f"warning: {line}", err=True)
    _say(values["quiet"], report.lines())


R = TypeVar("R", BookReport, ClassReport, SiteReport)


def _puzzles(req: Any, command: str, count: int, label: str, quiet: bool, out: str,
             build: Callable[[Any, Path, Callable[[int], None]], R]) -> None:
    """What every puzzle publication does once its request is made: refuse an output folder
    it may not replace before any work, build with a progress bar of ``count`` steps (nothing
    is written unless every answer was proved), print the report."""
    check_before_work(out, req.run.kind_of(command), req.run.force)
    with progress(count, label, quiet) as step:
        try:
            report = build(req, Path(out), step)
        except VerificationError as err:
            raise _rejected(err) from None
    _say(quiet, report.lines())


def run_booklet(game: Game, values: dict[str, Any]) -> None:
    """``booklet``: the request, the book, the report."""
    req = book_request(game, values, _given())
    _puzzles(req, "booklet", req.days, "Making puzzles", values["quiet"], values["out"],
             build_book)


def run_classroom(game: Game, values: dict[str, Any]) -> None:
    """``classroom``: the request, the set, the report."""
    req = class_request(game, values)
    _puzzles(req, "classroom", req.made, "Making worksheets", values["quiet"], values["out"],
             build_classroom)


def run_web(game: Game, values: dict[str, Any]) -> None:
    """``web``: the request, the site, the report."""
    req = site_request(game, values)
    _puzzles(req, "web", req.days, "Making pages", values["quiet"], values["out"], build_site)


__all__ = ["book_request", "class_request", "kit_request", "run_booklet", "run_classroom",
           "run_kit", "run_web", "site_request"]
