"""The ``hubble`` click group: score pads, replay play logs, deal challenges, find par.

Thin: parse, call the model/rules/solve layers, report. Bad input ends with one line naming
the file, line and field, and exit status 2 (never a traceback).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from typing import Any

import click

from spacebowl_print.core.cli import (
    BadInput,
    IsoDate,
    ShortText,
    load_json_file,
    read_text,
    reports_input_errors,
    seed_option,
)
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import loads_json
from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    challenge_from_json,
    challenge_to_json,
    play_from_json,
    play_to_json,
)
from spacebowl_print.games.hubble.model.constellations import (
    ConstellationSet,
    load_constellation_set,
)
from spacebowl_print.games.hubble.model.geometry import check_size
from spacebowl_print.games.hubble.model.pad import pad_from_json
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad, score_to_json
from spacebowl_print.games.hubble.rules.textview import pad_report

HELP = """Hubble: a stargazing roll-and-write on a hex pad in four coloured quadrants.

\b
Each round two coloured dice name two quadrants and two icons; a third icon completes the
Scope. Draw the three icons on one triangle of touching cells inside the rolled quadrants
(across their border only when the two quadrants touch), or fog: draw at most one icon and
cross a Fogged Lens box. Three fogs and you are out.

\b
Scoring: galaxies 11 × the fewest in a quadrant; planets, per line with 2 or more, their
number; asteroids 8 per triangle of asteroids (sharing no cell); comets by group size
(2→4, 3→7, 4→11, 5→15, +5 each); stars complete constellation cards (turns allowed,
no mirrors), each star serving one card.

\b
  spacebowl hubble score pad.json                 the pad drawn, with its score
  spacebowl hubble score pad.json --json          the score object
  spacebowl hubble score --batch pads.jsonl       one pad a line in, one score a line out
  spacebowl hubble replay challenge.json play.json   legality check, then the score
  spacebowl hubble challenge --seed 7 > c.json    a random solo challenge
  spacebowl hubble par c.json --json              the par solver's play log and score

File shapes and rules: docs/hubble.md.
"""

constellations_option = click.option(
    "--constellations", "set_file", metavar="FILE",
    help="Constellation set TOML (default: the shipped hubble-constellations.toml).")


def _load_set(path: str | None) -> ConstellationSet:
    return load_constellation_set(path)


@click.group("hubble", help=HELP)
def hubble() -> None:
    """The Hubble commands (help in HELP)."""


# --------------------------------------------------------------------------- score

def score_object(obj: Any, cset: ConstellationSet) -> dict[str, Any]:
    """Score one decoded ``pad.json`` value: the score object of ``score --json``."""
    pad = pad_from_json(obj, cset.names)
    return score_to_json(score_pad(pad, cset.pick(pad.constellations)), pad.geometry)


@hubble.command("score")
@click.argument("pad_file", metavar="PAD.json", required=False)
@constellations_option
@click.option("--json", "as_json", is_flag=True, help="Print the score object.")
@click.option("--batch", metavar="PADS.jsonl",
              help="Score one pad object a line; print one score object a line.")
@reports_input_errors
def score_command(pad_file: str | None, set_file: str | None, as_json: bool,
                  batch: str | None) -> None:
    """Score a pad: galaxies, planets, asteroids, comets, stars and the total.

    \b
    pad.json: {"rows": ["G.P.…", …], "constellations": ["Lyra", "Orion"], "fog": 0}
    (one string a row, one of G P A C S . a cell; even sizes from 4×4 to 26×26).
    A bad line of --batch prints {"line": N, "error": "…"} in its place; the run then ends
    with status 2.
    """
    cset = _load_set(set_file)
    if batch:
        if pad_file or as_json:
            raise click.UsageError("--batch takes no PAD.json and always prints JSON")
        _score_batch(batch, cset)
        return
    if not pad_file:
        raise click.UsageError("give PAD.json (or --batch PADS.jsonl)")
    try:
        pad = pad_from_json(load_json_file(pad_file), cset.names)
    except InputError as err:
        raise err.at_file(pad_file) from None
    score = score_pad(pad, cset.pick(pad.constellations))
    if as_json:
        click.echo(json.dumps(score_to_json(score, pad.geometry), ensure_ascii=False))
    else:
        click.echo(pad_report(pad, score))


def _score_batch(path: str, cset: ConstellationSet) -> None:
    text = read_text(path)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    bad = 0
    for number, raw in enumerate(lines, start=1):
        try:
            if not raw.strip():  # still answered: output line N answers input line N
                raise InputError("empty line (one pad object a line)")
            answer = score_object(loads_json(raw), cset)
        except InputError as err:
            bad += 1
            err.line = number
            message = str(err.at_file(path))
            click.echo(json.dumps({"line": number, "error": message}, ensure_ascii=False))
            click.echo(f"Error: {message}", err=True)
            continue
        click.echo(json.dumps(answer, ensure_ascii=False))
    sys.stdout.flush()
    if bad:
        raise BadInput(f"{path}: {bad} bad line(s) reported above; the others were scored")


# --------------------------------------------------------------------------- replay

def read_challenge(path: str, cset: ConstellationSet) -> Challenge:
    """Read ``challenge.json`` at ``path``; errors name the file."""
    try:
        return challenge_from_json(load_json_file(path), cset.names)
    except InputError as err:
        raise err.at_file(path) from None


@hubble.command("replay")
@click.argument("challenge_file", metavar="CHALLENGE.json")
@click.argument("play_file", metavar="PLAY.json")
@constellations_option
@click.option("--json", "as_json", is_flag=True,
              help="Print {\"turns\", \"fog\", \"pad\", \"score\"} (or the illegal turn).")
@reports_input_errors
def replay_command(challenge_file: str, play_file: str, set_file: str | None,
                   as_json: bool) -> None:
    """Check a play log against its challenge, turn by turn, and score the finished pad.

    \b
    play.json: {"challenge": ID, "turns": [{"place": {"C4": "C", "D4": "G", "C5": "S"}},
                {"fog": {"H2": "P"}}, {"fog": {}}]}
    Turn i answers roll i. The first illegal turn ends the run with status 2 and one line
    naming it (with --json, {"legal": false, "turn": N, "error": "…"} is printed first).
    """
    cset = _load_set(set_file)
    challenge = read_challenge(challenge_file, cset)
    try:
        log = play_from_json(load_json_file(play_file), challenge.geometry)
        pad = replay(challenge, log)
    except InputError as err:
        err.at_file(play_file)
        if as_json:
            turn = None
            if err.where and err.where[0].startswith("turns["):
                turn = int(err.where[0][6:-1]) + 1
            click.echo(json.dumps({"legal": False, "turn": turn, "error": str(err)},
                                  ensure_ascii=False))
        raise
    score = score_pad(pad, cset.pick(pad.constellations))
    if as_json:
        click.echo(json.dumps({"legal": True, "turns": len(log.turns), "fog": pad.fog,
                               "pad": pad.row_strings(),
                               "score": score_to_json(score, pad.geometry)},
                              ensure_ascii=False))
        return
    click.echo(f"{len(log.turns)} legal turn(s) of {len(challenge.rolls)} roll(s), "
               f"{pad.fog} fog(s)\n")
    click.echo(pad_report(pad, score))


# --------------------------------------------------------------------------- challenge, par

def _size(text: str) -> tuple[int, int]:
    try:
        cols, rows = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise InputError(f"must look like 14x4, got {text[:20]!r}", "--size") from None
    problem = check_size(cols, rows)
    if problem:
        raise InputError(problem, "--size")
    return cols, rows


@hubble.command("challenge")
@seed_option()
@click.option("--id", "cid", default="challenge", show_default=True, help="The challenge's id.")
@click.option("--size", default=None, metavar="WxH",
              help="Pad size (default: the standard pad).")
@constellations_option
@reports_input_errors
def challenge_command(seed: int, cid: str, size: str | None, set_file: str | None) -> None:
    """Print a random solo challenge (challenge.json): two cards and every roll.

    The same seed and id give the same challenge.
    """
    from spacebowl_print.games.hubble.solve.challenges import (
        STANDARD_COLS,
        STANDARD_ROWS,
        generate_challenge,
    )

    cset = _load_set(set_file)
    cols, rows = _size(size) if size else (STANDARD_COLS, STANDARD_ROWS)
    if len(cset) < 2:
        raise InputError("a challenge deals two cards: the set has fewer", "--constellations")
    ch = generate_challenge(seed, cid, cset.names, cols, rows)
    click.echo(json.dumps(challenge_to_json(ch), ensure_ascii=False))


@hubble.command("par")
@click.argument("challenge_file", metavar="CHALLENGE.json")
@constellations_option
@click.option("--json", "as_json", is_flag=True,
              help="Print {\"play\", \"score\", \"greedy\"} (play.json, score object, and the "
                   "greedy player's total).")
@reports_input_errors
def par_command(challenge_file: str, set_file: str | None, as_json: bool) -> None:
    """Find par for a solo challenge: the solver's play log, replayed and scored.

    Deterministic: the same challenge always gives the same play. Also shows the total of
    the one-ply greedy player that calibrates the pad.
    """
    from spacebowl_print.games.hubble.solve.greedy import greedy_play
    from spacebowl_print.games.hubble.solve.par import solve_par

    cset = _load_set(set_file)
    challenge = read_challenge(challenge_file, cset)
    cards = cset.pick(challenge.constellations)
    result = solve_par(challenge, cards)
    greedy = score_pad(replay(challenge, greedy_play(challenge)), cards).total
    geo = challenge.geometry
    if as_json:
        click.echo(json.dumps({"play": play_to_json(result.play, geo),
                               "score": score_to_json(result.score, geo), "greedy": greedy},
                              ensure_ascii=False))
        return
    click.echo(pad_report(result.pad, result.score))
    click.echo(f"\ngreedy player: {greedy}; par {result.score.total} "
               f"({len(result.play.turns)} turns, {result.pad.fog} fog(s))")


# --------------------------------------------------------------------------- print: kit, daily
# Thin commands: the work is in ``kit.py`` and ``puzzles/daily.py``, imported when the command
# runs so that ``score`` and ``replay`` do not pay for reportlab.

@hubble.command("kit")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False),
              default="a4", show_default=True, help="Paper size.")
@click.option("--lang", type=ShortText(32), default="en,fr,de", show_default=True,
              metavar="LANGS",
              help="Rule summary languages, comma-separated (en, fr, de); the first also "
                   "labels pads, cards, dice, the cover and the print checks.")
@click.option("--players", type=click.IntRange(1, 100), default=4, show_default=True,
              help="Pads to print (one a page, one a player a game).")
@click.option("--pad-size", "pad_size", default=None, metavar="WxH",
              help="Pad size, both even, 4 to 26 (default: the calibrated standard pad).")
@click.option("--ink-saver", is_flag=True, help="Light fills and outlines instead of solid "
                                                "colour.")
@click.option("--png", is_flag=True,
              help="Also a PNG of every card face and back, with and without bleed (png/).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=None, metavar="DPI",
              help="Resolution of the --png pictures  [default: 300]")
@click.option("--tts", is_flag=True,
              help="Also Tabletop Simulator deck sheets and backs (tts/).")
@click.option("--force", is_flag=True,
              help="Replace the output folder even if another command or game wrote it.")
@seed_option()
@constellations_option
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@click.option("-o", "--output", "--out", "out", default="out/hubble-kit", show_default=True,
              metavar="FOLDER", type=click.Path(file_okay=False),
              help="Output folder: new, empty, or an earlier kit (replaced as a whole).")
@reports_input_errors
def kit_command(paper: str, lang: str, players: int, pad_size: str | None, ink_saver: bool,
                png: bool, dpi: int | None, tts: bool, force: bool, seed: int,
                set_file: str | None, quiet: bool, out: str) -> None:
    """Write the print-and-play kit into FOLDER.

    \b
    FOLDER/kit.pdf          everything, in print order, behind a cover page
    FOLDER/cards.pdf        the constellation cards: bleed, crop marks, backs for duplex
    FOLDER/cut-guide.json   every card's trim box, for cutters
    FOLDER/pads.pdf         one pad a page, dice.pdf (five nets), rules-<lang>.pdf
    """
    import time

    from spacebowl_print.core.folders import check_output_dir
    from spacebowl_print.core.reproducible import source_date_epoch
    from spacebowl_print.games.hubble.kit import (
        KIND,
        KitOptions,
        build_hubble_kit,
        parse_kit_langs,
        parse_pad_size,
    )
    from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS
    from spacebowl_print.publish.raster import png_resolution

    started = time.perf_counter()
    cols, rows = parse_pad_size(pad_size) if pad_size else (STANDARD_COLS, STANDARD_ROWS)
    opts = KitOptions(paper.lower(), parse_kit_langs(lang), players, ink_saver, seed, cols,
                      rows).check()
    png_dpi = png_resolution(png, dpi)
    check_output_dir(out, KIND, force)  # a bad -o fails now, not after the rendering
    source_date_epoch()
    result = build_hubble_kit(_load_set(set_file), out, opts, png_dpi=png_dpi, tts=tts,
                              force=force)
    for line in result.warnings:
        click.echo(f"warning: {line}", err=True)
    if not quiet:
        click.echo(f"wrote {len(result.files)} files to {out} in "
                   f"{time.perf_counter() - started:.1f} s: {result.cards} cards on "
                   f"{result.sheets} sheets, kit.pdf {result.kit_pages} pages", err=True)


@hubble.command("daily")
@click.option("--days", type=click.IntRange(1, 1000), default=7, show_default=True,
              help="How many daily challenges (the par solver takes about a second each).")
@click.option("--start", type=IsoDate(), default="2027-01-01", show_default=True,
              help="Date of challenge 1 (with --classroom: the day).")
@seed_option()
@click.option("--lang", type=click.Choice(["en", "fr", "de"]), default="en",
              show_default=True)
@click.option("--paper", type=click.Choice(["a5", "a4", "letter"]), default=None,
              help="Page size [default: a5; a4 with --classroom].")
@click.option("--ink-saver", is_flag=True, help="Light fills and outlines instead of solid "
                                                "colour.")
@click.option("--classroom", is_flag=True,
              help="One challenge for the whole class: a pad per student and a teacher's "
                   "sheet (rolls to read aloud, the par) instead of a booklet.")
@click.option("--students", type=click.IntRange(0, 200), default=0,
              help="With --classroom: how many student pads.")
@click.option("--jobs", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="all cores",
              help="Processes solving pars side by side; the booklet is the same for any "
                   "number.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@click.option("-o", "--output", "--out", "out", default=None, metavar="FOLDER",
              type=click.Path(file_okay=False),
              help="Output folder [default: out/hubble-daily, out/hubble-class]: new, empty, "
                   "or an earlier output (replaced as a whole).")
@reports_input_errors
def daily_command(days: int, start: dt.date, seed: int, lang: str, paper: str | None,
                  ink_saver: bool, classroom: bool, students: int, jobs: int, quiet: bool,
                  out: str | None) -> None:
    """Daily solo challenges with the solver's par, proved before anything is written.

    Writes booklet.pdf (one challenge a page: the two cards, a blank pad, the rolls; the
    answers at the back: the par's finished pad and its score) and manifest.json; check it
    with: spacebowl check manifest.json. With --classroom --students N: worksheets.pdf (a
    pad per student), teacher.pdf and manifest.json.
    """
    import time
    from pathlib import Path

    from spacebowl_print.core.cli import check_before_work, progress
    from spacebowl_print.games.hubble.puzzles.daily import (
        DailyRequest,
        build_classroom,
        build_daily,
    )
    from spacebowl_print.publish.booklet import VerificationError

    req = DailyRequest(1 if classroom else days, start, seed, lang,
                       paper or ("a4" if classroom else "a5"), ink_saver, classroom,
                       students, jobs=jobs).check()
    folder = out or ("out/hubble-class" if classroom else "out/hubble-daily")
    check_before_work(folder)
    started = time.perf_counter()
    with progress(req.days, "Solving pars", quiet) as step:
        try:
            build = build_classroom if classroom else build_daily
            report = build(load_constellation_set(), Path(folder), req, step)
        except VerificationError as err:
            raise click.ClickException(f"a par was rejected, nothing written: {err}") from None
    if not quiet:
        pars = report.pars
        click.echo(f"{report.puzzles} challenge(s), {report.pages} pages, par "
                   f"{min(pars)}–{max(pars)} in {time.perf_counter() - started:.1f} s")
        for f in report.files:
            click.echo(f"  wrote {f}")
