"""The command line's edge: each publishing command's option values parsed, once, into its
request (:mod:`spacebowl_print.publish.requests`, where every value is checked), the
publication built by the one ``build_*`` of its module, and its report printed. The commands
themselves (:mod:`spacebowl_print.cli.publishing`) import this module only when they run, so
``--help`` never loads the builders, reportlab or a game's engine."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from spacebowl_print.core.cli import check_before_work, progress, read_text
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.languages import split_langs
from spacebowl_print.publish.book import build_book
from spacebowl_print.publish.bookinfo import BookInfo
from spacebowl_print.publish.classroom import build_classroom
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.publish.kit import build_kit
from spacebowl_print.publish.limits import MAX_BLURB
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
from spacebowl_print.publish.site import build_site
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
    if path is None:
        return ""
    blurb = read_text(path).strip()
    if len(blurb) > MAX_BLURB:
        raise InputError(f"at most {MAX_BLURB} characters, got {len(blurb)}", "blurb")
    return blurb


def kit_request(game: Game, values: dict[str, Any]) -> KitRequest:
    """The kit request the ``kit`` command's option values make (checked: an
    :class:`InputError` at the option otherwise)."""
    spec = game.kit_spec()
    langs = split_langs(values["lang"])
    if not langs:
        raise InputError("at least one language is needed", "lang")
    kind = game.kit_kind()
    run = _run(game, kind.Options, spec.options, values, langs[0], values["paper"].lower())
    return KitRequest(run, langs, png_resolution(values["png"], values["dpi"]), values["tts"])


def book_request(game: Game, values: dict[str, Any]) -> BookRequest:
    """The booklet request the ``booklet`` command's option values make."""
    spec = game.puzzle_spec()
    info = BookInfo(values["title"].strip(), values["subtitle"].strip(),
                    values["author"].strip(), values["publisher"].strip(),
                    values["isbn"].strip(), values["edition"].strip(), _blurb(values["blurb"]))
    run = _run(game, game.puzzle_kind().Options, spec.options, values, values["lang"],
               values["paper"])
    return BookRequest(run, values["days"], values["start"], parse_tier_range(values["tiers"]),
                       values["paper"], values["imposition"], values["trim"], values["bleed"],
                       values["cover"], values["paper_stock"], info)


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


def run_booklet(game: Game, values: dict[str, Any]) -> None:
    """``booklet``: the request, the book (nothing written unless every answer was proved),
    the report."""
    req = book_request(game, values)
    check_before_work(values["out"], req.run.kind_of("booklet"), req.run.force)
    with progress(req.days, "Making puzzles", values["quiet"]) as step:
        try:
            report = build_book(req, Path(values["out"]), step)
        except VerificationError as err:
            raise _rejected(err) from None
    _say(values["quiet"], report.lines())


def run_classroom(game: Game, values: dict[str, Any]) -> None:
    """``classroom``: the request, the set, the report."""
    req = class_request(game, values)
    check_before_work(values["out"], req.run.kind_of("classroom"), req.run.force)
    with progress(req.made, "Making worksheets", values["quiet"]) as step:
        try:
            report = build_classroom(req, Path(values["out"]), step)
        except VerificationError as err:
            raise _rejected(err) from None
    _say(values["quiet"], report.lines())


def run_web(game: Game, values: dict[str, Any]) -> None:
    """``web``: the request, the site, the report."""
    req = site_request(game, values)
    check_before_work(values["out"], req.run.kind_of("web"), req.run.force)
    with progress(req.days, "Making pages", values["quiet"]) as step:
        try:
            report = build_site(req, Path(values["out"]), step)
        except VerificationError as err:
            raise _rejected(err) from None
    _say(values["quiet"], report.lines())


__all__ = ["book_request", "class_request", "kit_request", "run_booklet", "run_classroom",
           "run_kit", "run_web", "site_request"]
