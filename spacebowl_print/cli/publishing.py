"""The publishing commands, built once from a game's table for every game: ``kit``,
``booklet`` (home printing and print-on-demand), ``classroom`` and ``web``.

Every option means the same in every game (``--days --start --tiers --paper --trim --bleed
--cover --paper-stock --greyscale --ink-saver --lang --seed --jobs --quiet`` and the book's
``--title --subtitle --author --publisher --isbn --edition --blurb``); a game adds only its own
material's options (Space Bowl's ``--deck``, Hubble's ``--pad-size``…), which its kinds
declare. Summaries go to stdout, progress and errors to stderr.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from spacebowl_print.cli.summaries import SUMMARIES
from spacebowl_print.core.cli import (
    SEED,
    BoundedInt,
    IsoDate,
    ShortText,
    check_before_work,
    progress,
    reports_input_errors,
)
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.languages import check_lang, parse_langs
from spacebowl_print.games.base import Game
from spacebowl_print.publish.kinds import KitKind, Option, RenderContext
from spacebowl_print.publish.limits import (
    DEFAULT_DPI,
    MAX_BLURB,
    MAX_DAYS,
    MAX_DPI,
    MAX_FIELD,
    MAX_PUZZLES,
    MAX_STUDENTS,
    MIN_DPI,
    TRIMS_IN,
)
from spacebowl_print.publish.schedule import parse_tier_range
from spacebowl_print.render.api import PAPER

if TYPE_CHECKING:
    from spacebowl_print.publish.publication import Publisher, VerificationError

# The builders (and the PDF engine, numpy, the games' generators behind them) are imported
# inside the commands that run them, so that building the commands, and --help, stays light.

BOOK_PAPERS = ("a5", "a4", "letter")
CLASS_PAPERS = ("a4", "letter", "a5")
JOBS_MAX = 64


OptionDecorator = Callable[[Any], Any]
"""A click option decorator."""


def click_option(spec: Option) -> OptionDecorator:
    """The click option for one of a game's own options."""
    common: dict[str, Any] = {"help": spec.help, "default": spec.default,
                              "show_default": spec.show_default and spec.kind != "flag"}
    if spec.metavar:
        common["metavar"] = spec.metavar
    if spec.kind == "flag":
        return click.option(spec.flag, spec.name, is_flag=True, help=spec.help)
    if spec.kind == "int":
        return click.option(spec.flag, spec.name, type=BoundedInt(*spec.bounds), **common)
    if spec.kind == "choice":
        return click.option(spec.flag, spec.name, type=click.Choice(spec.choices), **common)
    return click.option(spec.flag, spec.name, type=ShortText(spec.limit), **common)


def default_jobs() -> int:
    """Processes a run may use by default: every core."""
    return max(1, os.cpu_count() or 1)


def _apply(fn: Callable[..., Any], decorators: Sequence[OptionDecorator]) -> Callable[..., Any]:
    for deco in reversed(list(decorators)):
        fn = deco(fn)
    return fn


def _output(game: Game, what: str) -> str:
    return f"out/{game.output}-{what}" if game.output else f"out/{what}"


def _docs(game: Game) -> str:
    return f"docs/{game.id}.md"


def _common(game: Game, what: str, lang_multi: bool = False) -> list[OptionDecorator]:
    """``--lang``, ``--seed``, ``--quiet``, ``--force`` and ``-o`` as every publication has
    them."""
    langs = ", ".join(game.languages)
    if lang_multi:
        lang = click.option("--lang", type=ShortText(64), default=",".join(game.languages),
                            show_default=True, metavar="LANGS",
                            help=f"Languages, comma-separated ({langs}); the first labels "
                                 "the pieces and the cover, each gets a rule summary.")
    else:
        lang = click.option("--lang", type=click.Choice(game.languages), default=game.languages[0],
                            show_default=True, help="Language of every printed word.")
    return [
        lang,
        click.option("--seed", type=SEED, default=1, show_default=True,
                     help="Same inputs and seed, same files, byte for byte."),
        click.option("--quiet", "-q", is_flag=True,
                     help="No progress bar and no summary; errors only."),
        click.option("--force", is_flag=True,
                     help="Replace the output folder even if another command or game wrote "
                          "it (never files spacebowl did not write)."),
        click.option("-o", "--output", "out", default=_output(game, what), show_default=True,
                     type=click.Path(file_okay=False), metavar="FOLDER",
                     help="Output folder: new, empty, or an earlier output (replaced as a "
                          "whole)."),
    ]


def _ink() -> list[OptionDecorator]:
    return [
        click.option("--ink-saver", is_flag=True,
                     help="Light fills and outlines instead of solid colour."),
        click.option("--greyscale", is_flag=True,
                     help="Every colour as the grey a photocopier makes of it (pieces differ "
                          "by shape too)."),
    ]


def _jobs() -> OptionDecorator:
    return click.option("--jobs", type=BoundedInt(1, JOBS_MAX), default=default_jobs(),
                        show_default="all cores",
                        help="Processes that make puzzles side by side (the files do not "
                             "depend on it).")


def _days(most: int, default: int) -> list[OptionDecorator]:
    return [
        click.option("--days", type=BoundedInt(1, most), default=default, show_default=True,
                     help=f"How many daily puzzles (at most {most})."),
        click.option("--start", type=IsoDate(), default="2027-01-01", show_default=True,
                     help="Date of puzzle 1; the last must fall by 9999-12-31."),
        click.option("--tiers", type=ShortText(16), default="1-5", show_default=True,
                     help="Tier range 1-5; the week ramps from the lowest to the highest."),
    ]


def _ctx(game: Game, lang: str, ink_saver: bool, greyscale: bool, paper: str,
         words: Mapping[str, str] | None = None) -> RenderContext:
    return RenderContext(lang=check_lang(lang, game.languages), ink_saver=ink_saver,
                         greyscale=greyscale, paper=paper, words=words or {})


def _publisher(game: Game, extra: Mapping[str, Any], tiers: Sequence[int], lang: str,
               ink_saver: bool, greyscale: bool, paper: str, seed: int, jobs: int,
               force: bool) -> Publisher:
    from spacebowl_print.publish.publication import Publisher

    kind = game.puzzle_kind()
    ctx = _ctx(game, lang, ink_saver, greyscale, paper, kind.words(lang))
    source = kind.load(extra, tiers)
    return Publisher(game.id, game.title, kind, source, ctx, seed, jobs, force)


def _rejected(err: VerificationError) -> click.ClickException:
    return click.ClickException(f"answer key rejected, nothing written: {err}")


def _say(quiet: bool, lines: Sequence[str]) -> None:
    if not quiet:
        for line in lines:
            click.echo(line)


# --------------------------------------------------------------------------- kit


def kit_command(game: Game, name: str = "kit") -> click.Command:
    """``[GAME] kit``: the game's print-and-play kit."""
    kind = game.kit_kind()
    papers = tuple(kind.papers)

    @reports_input_errors
    def run(paper: str, lang: str, ink_saver: bool, greyscale: bool, png: bool,
            dpi: int | None, tts: bool, seed: int, quiet: bool, force: bool, out: str,
            **extra: Any) -> None:
        from spacebowl_print.publish.items import LayoutError
        from spacebowl_print.publish.kit import build_kit
        from spacebowl_print.publish.raster import png_resolution

        started = time.perf_counter()
        langs = parse_langs(lang, game.languages)
        png_dpi = png_resolution(png, dpi)
        kind_name = f"{game.id} kit"
        check_before_work(out, kind_name, force)  # SOURCE_DATE_EPOCH read there too
        ctx = _ctx(game, langs[0], ink_saver, greyscale, paper.lower())
        parts = kind.parts(extra, langs, ctx, seed)
        for line in parts.warnings:
            click.echo(f"warning: {line}", err=True)
        try:
            result = build_kit(out, fronts=parts.fronts, back=parts.back, bleed=parts.bleed,
                               paper=PAPER[ctx.paper], title=parts.title, fold=parts.fold,
                               back_offset=parts.back_offset, extras=parts.documents,
                               tips=parts.tips, naming=parts.naming, margin=parts.margin,
                               offset_hint=parts.offset_hint, lang=ctx.lang,
                               greyscale=greyscale, png_dpi=png_dpi, tts=tts,
                               kind=kind_name, force=force)
        except LayoutError as err:
            raise InputError(err.message, "paper" if err.field in ("paper", "margin")
                             else parts.layout_field) from None
        for line in result.warnings:
            click.echo(f"warning: {line}", err=True)
        _say(quiet, [f"wrote {len(result.files)} files to {out} in "
                     f"{time.perf_counter() - started:.1f} s: {result.cards} "
                     f"{parts.naming.plural} on {result.sheets} sheets, kit.pdf "
                     f"{result.kit_pages} pages"])

    options = [
        click.option("--paper", type=click.Choice(papers, case_sensitive=False),
                     default=papers[0], show_default=True, help="Paper size (portrait)."),
        *map(click_option, kind.options), *_ink(),
        click.option("--png", is_flag=True,
                     help="Also a PNG of every face and back, with and without bleed (png/)."),
        click.option("--dpi", type=BoundedInt(MIN_DPI, MAX_DPI), default=None, metavar="DPI",
                     help=f"Resolution of the --png pictures  [default: {DEFAULT_DPI}]"),
        click.option("--tts", is_flag=True,
                     help="Also Tabletop Simulator deck sheets and backs (tts/)."),
        *_common(game, "kit", lang_multi=True)]
    return click.command(name, help=_kit_help(game, kind), short_help=SUMMARIES["kit"])(
        _apply(run, options))


def _kit_help(game: Game, kind: KitKind) -> str:
    return (f"The {game.title} print-and-play kit, written into FOLDER.\n\n"
            "\b\nkit.pdf              everything, in print order, behind a cover page\n"
            f"{kind.contents.rstrip()}\n"
            "cut-guide.json       every piece's trim box (and die-cut outline)\n"
            "cut-lines-NN.svg     each sheet's cut lines, for cutting machines\n"
            "svg/                 each piece as an SVG at its real size\n\n"
            f"The game and its pieces: {_docs(game)}; printing and cutting: docs/printing.md.")


# --------------------------------------------------------------------------- booklet


def _book_options() -> list[OptionDecorator]:
    trims = ", ".join(TRIMS_IN)
    return [
        click.option("--paper", type=click.Choice(BOOK_PAPERS), default="a5", show_default=True,
                     help="Page size at home (with --imposition saddle: A5 on A4, or "
                          "half-Letter on Letter)."),
        click.option("--imposition", type=click.Choice(["none", "saddle"]), default="none",
                     show_default=True, help="saddle: two pages a side in saddle-stitch order "
                                             "(at most 20 folded sheets: 80 pages)."),
        click.option("--trim", type=ShortText(24), default=None, metavar="SIZE",
                     help=f"Print-on-demand trim: {trims}, a5, a4, letter, or WxHin / WxHmm "
                          "(4–8.5 in by 6–11.69 in); perfect bound, at least 24 pages."),
        click.option("--bleed", is_flag=True,
                     help="Print-on-demand: pages grow 0.125 in at top, bottom and outside "
                          "edge; TrimBox and BleedBox set."),
        click.option("--cover", is_flag=True,
                     help="Also write cover.pdf (back, spine, front on one sheet; the spine's "
                          "width from the page count and --paper-stock)."),
        click.option("--paper-stock", type=click.Choice(["white", "cream", "colour"]),
                     default="white", show_default=True,
                     help="Interior paper of a printed book (sets the spine's width)."),
        click.option("--title", type=ShortText(MAX_FIELD), default="",
                     help="The book's title (default: the game's, e.g. \"Daily puzzles for "
                          "Hubble\")."),
        click.option("--subtitle", type=ShortText(MAX_FIELD), default="",
                     help="Subtitle (default: the puzzles and dates)."),
        click.option("--author", type=ShortText(MAX_FIELD), default="",
                     help="Author or compiler, on the title page, cover and spine."),
        click.option("--publisher", type=ShortText(MAX_FIELD), default="",
                     help="Publisher, on the copyright page and the back cover."),
        click.option("--isbn", type=ShortText(24), default="",
                     help="ISBN-13 (or ISBN-10), check digit verified; on the copyright page "
                          "and back cover."),
        click.option("--edition", type=ShortText(MAX_FIELD), default="",
                     help="Edition line for the copyright page, e.g. \"First edition, 2027\"."),
        click.option("--blurb", type=ShortText(4096), default=None, metavar="FILE",
                     help=f"A UTF-8 text file for the back cover (at most {MAX_BLURB} "
                          "characters; default: a line about the book)."),
    ]


def booklet_command(game: Game, name: str = "booklet", hidden: Sequence[OptionDecorator] = (),
                    translate: Callable[[dict[str, Any]], dict[str, Any]] | None = None
                    ) -> click.Command:
    """``[GAME] booklet``: dated daily puzzles with a proved answer key. ``hidden`` options
    and ``translate`` serve older names of the command (``hubble daily``)."""
    kind = game.puzzle_kind()
    most = kind.max_puzzles

    @reports_input_errors
    def run(**values: Any) -> None:
        if translate is not None:
            redirected = translate(values)
            if redirected.get("_classroom"):
                return _run_classroom(game, redirected)
        _run_booklet(game, values)

    options = [*map(click_option, kind.options), *_days(most, kind.default_days),
               *_book_options(), *_ink(), _jobs(), *_common(game, "booklet"), *hidden]
    help_ = (f"Dated daily {game.title} puzzles, one a page, with an answer key that a second, "
             "independent engine re-derived before anything was written.\n\n"
             "Writes booklet.pdf (and cover.pdf with --cover) and manifest.json; "
             "`spacebowl check FOLDER/manifest.json` proves both. At home: --paper, "
             "--imposition saddle. Print-on-demand: --trim, --bleed, --cover, --paper-stock, "
             "under your own --title, --author, --isbn…\n\n"
             f"The puzzles: {_docs(game)}; printing: docs/printing.md.")
    return click.command(name, help=help_, short_help=SUMMARIES["booklet"])(_apply(run, options))


def _own(game: Game, values: Mapping[str, Any]) -> dict[str, Any]:
    """The values of the game's own options (``--deck``, ``--tiles``, …) among a command's."""
    return {spec.name: values[spec.name] for spec in game.puzzle_kind().options}


def _run_booklet(game: Game, values: dict[str, Any]) -> None:
    from spacebowl_print.publish.book import BookRequest, build_book
    from spacebowl_print.publish.bookinfo import BookInfo, read_blurb
    from spacebowl_print.publish.publication import VerificationError

    own = _own(game, values)
    tiers = parse_tier_range(values["tiers"])
    blurb = read_blurb(values["blurb"]) if values["blurb"] is not None else ""
    info = BookInfo(values["title"].strip(), values["subtitle"].strip(),
                    values["author"].strip(), values["publisher"].strip(),
                    values["isbn"].strip(), values["edition"].strip(), blurb)
    req = BookRequest(values["days"], values["start"], tiers, values["paper"],
                      "saddle" if values["imposition"] == "saddle" else "none", values["trim"],
                      values["bleed"], values["cover"], values["paper_stock"], info)
    req.layout()  # a bad --trim, --isbn or combination: one line now, not after the puzzles
    from spacebowl_print.publish.schedule import daily_slots

    daily_slots(req.start, req.days, tiers)
    out = values["out"]
    check_before_work(out, f"{game.id} booklet", values["force"])
    publisher = _publisher(game, own, range(tiers[0], tiers[1] + 1), values["lang"],
                           values["ink_saver"], values["greyscale"], values["paper"],
                           values["seed"], values["jobs"], values["force"])
    started = time.perf_counter()
    with progress(req.days, "Making puzzles", values["quiet"]) as step:
        try:
            report = build_book(publisher, req, Path(out), step)
        except VerificationError as err:
            raise _rejected(err) from None
    tiers_text = ", ".join(f"tier {t}: {n}" for t, n in report.tiers.items())
    lines = [f"{report.puzzles} puzzles, {report.pages} pages ({tiers_text}) in "
             f"{time.perf_counter() - started:.1f} s"]
    if report.cover_width:
        lines.append(f"cover {report.cover_width / 25.4:.3f} in wide")
    _say(values["quiet"], lines + [f"  wrote {f}" for f in report.files])


# --------------------------------------------------------------------------- classroom


def classroom_command(game: Game, name: str = "classroom") -> click.Command:
    """``[GAME] classroom``: a worksheet per student, a teacher's key, the manifest."""
    kind = game.puzzle_kind()

    @reports_input_errors
    def run(**values: Any) -> None:
        _run_classroom(game, values)

    options = [
        *map(click_option, kind.options),
        click.option("--students", type=BoundedInt(1, MAX_STUDENTS), required=True,
                     help=f"Worksheets, each with its own code (students × puzzles at most "
                          f"{kind.max_puzzles})."),
        click.option("--puzzles", type=BoundedInt(1, MAX_PUZZLES), required=True,
                     help="Puzzles a student."),
        click.option("--tier", type=BoundedInt(1, 5), default=None,
                     help="One tier for all (default: tiers 1–5 in turn)."),
        click.option("--same", is_flag=True,
                     help="Every student gets the same puzzles (a class working together)."),
        click.option("--paper", type=click.Choice(CLASS_PAPERS), default="a4",
                     show_default=True, help="Paper size."),
        *_ink(), _jobs(), *_common(game, "class")]
    help_ = (f"A {game.title} classroom set: one worksheet per student (a code on each; a "
             "student's pages never share a sheet with another's when printed on both "
             "sides), the puzzles distinct with the same tier mix (or the same for all with "
             "--same), a one-page teacher's key by code with a legend, and manifest.json "
             "(`spacebowl check` proves it).\n\n"
             f"The puzzles: {_docs(game)}; photocopying: docs/printing.md.")
    return click.command(name, help=help_, short_help=SUMMARIES["classroom"])(
        _apply(run, options))


def _run_classroom(game: Game, values: dict[str, Any]) -> None:
    from spacebowl_print.publish.classroom import ClassRequest, build_classroom
    from spacebowl_print.publish.publication import VerificationError

    own = _own(game, values)
    kind = game.puzzle_kind()
    req = ClassRequest(values["students"], values["puzzles"], values["tier"], values["paper"],
                       values["same"]).check(kind.max_puzzles)
    out = values["out"]
    check_before_work(out, f"{game.id} classroom", values["force"])
    tiers = [req.tier] if req.tier else list(range(1, 6))
    publisher = _publisher(game, own, tiers, values["lang"], values["ink_saver"],
                           values["greyscale"], values["paper"], values["seed"],
                           values["jobs"], values["force"])
    made = req.made
    with progress(made, "Making worksheets", values["quiet"]) as step:
        try:
            report = build_classroom(publisher, req, Path(out), kind.max_puzzles, step)
        except VerificationError as err:
            raise _rejected(err) from None
    _say(values["quiet"], [f"{req.students} worksheets × {req.puzzles} puzzles, "
                           f"{report.pages} worksheet pages, teacher's key {report.key_pages} "
                           f"page{'s' if report.key_pages != 1 else ''}",
                           *(f"  wrote {f}" for f in report.files)])


# --------------------------------------------------------------------------- web


def web_command(game: Game, name: str = "web") -> click.Command:
    """``[GAME] web``: the daily puzzle web site."""
    kind = game.puzzle_kind()

    @reports_input_errors
    def run(**values: Any) -> None:
        from spacebowl_print.publish.publication import VerificationError
        from spacebowl_print.publish.site import SiteRequest, build_site

        own = _own(game, values)
        tiers = parse_tier_range(values["tiers"])
        req = SiteRequest(values["days"], values["start"], tiers)
        from spacebowl_print.publish.schedule import daily_slots

        daily_slots(req.start, req.days, tiers)
        out = values["out"]
        check_before_work(out, f"{game.id} web", values["force"])
        publisher = _publisher(game, own, range(tiers[0], tiers[1] + 1), values["lang"],
                               False, False, "a4", values["seed"], values["jobs"],
                               values["force"])
        with progress(req.days, "Making pages", values["quiet"]) as step:
            try:
                report = build_site(publisher, req, Path(out), step)
            except VerificationError as err:
                raise _rejected(err) from None
        _say(values["quiet"], [f"{report.pages} daily pages and an index in {out}"])

    options = [*map(click_option, kind.options), *_days(min(MAX_DAYS, kind.max_puzzles), 7),
               _jobs(),
               *_common(game, "site")]
    help_ = (f"A daily {game.title} puzzle web site to play on screen or project in class.\n\n"
             "Writes one self-contained HTML page a day (inline pictures, no network access), "
             "index.html and manifest.json. Each page teaches the game in a few lines, shows "
             "the puzzle, and reveals the engine's answer with its reason, step by step. "
             "`spacebowl check FOLDER/manifest.json` proves the site.\n\n"
             f"The puzzles: {_docs(game)}; projecting and offline use: docs/printing.md.")
    return click.command(name, help=help_, short_help=SUMMARIES["web"])(_apply(run, options))


FACTORIES: dict[str, Callable[[Game], click.Command]] = {
    "kit": kit_command, "booklet": booklet_command, "classroom": classroom_command,
    "web": web_command,
}
"""Every publication's command factory, by command name."""


__all__ = ["FACTORIES", "SUMMARIES", "booklet_command", "classroom_command",
           "kit_command", "web_command"]
