"""Hubble's own commands: score pads, replay play logs, deal challenges, find par (its kit,
booklets, classroom sets and web sites are the shared publishing commands, built from the
game's table).

Thin: parse, call the model/rules/solve layers, report. Bad input ends with one line naming
the file, line and field, and exit status 2 (never a traceback).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import click

from spacebowl_print.core.cli import (
    BadInput,
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

constellations_option = click.option(
    "--constellations", "set_file", metavar="FILE",
    help="Constellation set TOML (default: the shipped hubble-constellations.toml).")


def _load_set(path: str | None) -> ConstellationSet:
    return load_constellation_set(path)


# --------------------------------------------------------------------------- score

def score_object(obj: Any, cset: ConstellationSet) -> dict[str, Any]:
    """Score one decoded ``pad.json`` value: the score object of ``score --json``."""
    pad = pad_from_json(obj, cset.names)
    return score_to_json(score_pad(pad, cset.pick(pad.constellations)), pad.geometry)


@click.command("score")
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
        score = score_pad(pad, cset.pick(pad.constellations))  # refuses beyond its budget
    except InputError as err:
        raise err.at_file(pad_file) from None
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


@click.command("replay")
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
    Turn i answers roll i; turns are judged in order. The first illegal or malformed turn
    ends the run with status 2 and one line naming it (with --json, {"legal": false,
    "turn": N, "error": "…"} is printed first).
    """
    cset = _load_set(set_file)
    challenge = read_challenge(challenge_file, cset)
    try:
        raw = load_json_file(play_file)
        try:
            log = play_from_json(raw, challenge.geometry)
        except InputError as bad:
            _replay_before(challenge, raw, bad)
            raise
        pad = replay(challenge, log)
    except InputError as err:
        err.at_file(play_file)
        if as_json:
            k = _turn_index(err)
            turn = None if k is None else k + 1
            click.echo(json.dumps({"legal": False, "turn": turn, "error": str(err)},
                                  ensure_ascii=False))
        raise
    try:  # refused past its budget: the challenge's cards on this pad
        score = score_pad(pad, cset.pick(pad.constellations))
    except InputError as err:
        raise err.at_file(challenge_file) from None
    if as_json:
        click.echo(json.dumps({"legal": True, "turns": len(log.turns), "fog": pad.fog,
                               "pad": pad.row_strings(),
                               "score": score_to_json(score, pad.geometry)},
                              ensure_ascii=False))
        return
    click.echo(f"{len(log.turns)} legal turn(s) of {len(challenge.rolls)} roll(s), "
               f"{pad.fog} fog(s)\n")
    click.echo(pad_report(pad, score))


def _turn_index(err: InputError) -> int | None:
    """The 0-based turn ``err`` is at (``turns[i]``…), or None."""
    head = err.where[0] if err.where else ""
    # the turn's own index, whatever follows it (``turns[3].place`` as well as ``turns[3]``)
    found = re.match(r"turns\[(\d+)\]", head)
    return int(found.group(1)) if found else None


def _replay_before(challenge: Challenge, raw: object, bad: InputError) -> None:
    """Turns are judged in the order they are played: when turn k of ``raw`` is malformed
    (``bad``), replay the well-formed turns before it, so an illegal one among them is the
    error reported (a blind re-implementation expected turn 1's illegal move, not turn 5's
    typo). Returns quietly when they are all legal."""
    k = _turn_index(bad)
    if k is None or not isinstance(raw, dict) or not isinstance(raw.get("turns"), list):
        return
    replay(challenge, play_from_json({**raw, "turns": raw["turns"][:k]}, challenge.geometry))


# --------------------------------------------------------------------------- challenge, par

def _size(text: str) -> tuple[int, int]:
    try:
        cols, rows = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise InputError(f"must look like 6x8, got {text[:20]!r}", "--size") from None
    problem = check_size(cols, rows)
    if problem:
        raise InputError(problem, "--size")
    return cols, rows


@click.command("challenge")
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
    # imported here: `spacebowl hubble --help` and `score` need no challenge generator (numpy)
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


@click.command("par")
@click.argument("challenge_file", metavar="CHALLENGE.json")
@constellations_option
@click.option("--json", "as_json", is_flag=True,
              help="Print {\"play\", \"score\", \"greedy\", \"bound\"} (play.json, score "
                   "object, the greedy player's total, the proved upper bound on any play).")
@reports_input_errors
def par_command(challenge_file: str, set_file: str | None, as_json: bool) -> None:
    """Find par for a solo challenge: the solver's play log, replayed and scored.

    Deterministic: the same challenge always gives the same play. Also shows the total of
    the one-ply greedy player that calibrates the pad.
    """
    # imported here: the par solver loads numpy and its tables, which --help never needs
    from spacebowl_print.games.hubble.solve.greedy import greedy_play
    from spacebowl_print.games.hubble.solve.par import solve_par

    cset = _load_set(set_file)
    challenge = read_challenge(challenge_file, cset)
    cards = cset.pick(challenge.constellations)
    try:  # a pad the stars' scoring refuses names the challenge that made it
        result = solve_par(challenge, cards)
        greedy = score_pad(replay(challenge, greedy_play(challenge)), cards).total
    except InputError as err:
        raise err.at_file(challenge_file) from None
    geo = challenge.geometry
    if as_json:
        click.echo(json.dumps({"play": play_to_json(result.play, geo),
                               "score": score_to_json(result.score, geo), "greedy": greedy,
                               "bound": result.bound}, ensure_ascii=False))
        return
    click.echo(pad_report(result.pad, result.score))
    best = " (the best possible)" if result.bound == result.score.total else ""
    ceiling = ("no upper bound proved within the budget" if result.bound is None
               else f"no play scores more than {result.bound} (proved)")
    click.echo(f"\ngreedy player: {greedy}; par {result.score.total}{best} "
               f"({len(result.play.turns)} turns, {result.pad.fog} fog(s)); {ceiling}")
