"""The ``tomtube`` click group: legal moves of a position (one or a batch) and playing one
move. The root command mounts it as ``spacebowl tomtube``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from spacebowl_print.core.cli import (
    BoundedInt,
    ShortText,
    answer_batch,
    progress,
    quiet_option,
    read_text,
    reports_input_errors,
    seed_option,
)
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import loads_json
from spacebowl_print.core.resources import decks_dir
from spacebowl_print.games.tomtube.model import (
    Position,
    TileSet,
    move_from_json,
    position_from_json,
    position_to_json,
    tiles_from_toml,
)
from spacebowl_print.games.tomtube.model.locate import line_of
from spacebowl_print.games.tomtube.rules.network import legal_moves, placement_count
from spacebowl_print.games.tomtube.rules.play import play

TILES_FILE = "tomtube-tiles.toml"


def default_tiles_path() -> Path:
    """The shipped tile set."""
    return decks_dir() / TILES_FILE


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Read a tile set file (default: the shipped one); errors name file, line and field."""
    p = Path(path) if path else default_tiles_path()
    return tiles_from_toml(read_text(p), str(p))


def moves_json(pos: Position, tiles: TileSet) -> dict[str, Any]:
    """The spec's moves object: ``{"moves": [...], "placements": N}``."""
    return {"moves": [m.to_json() for m in legal_moves(pos, tiles)],
            "placements": placement_count(pos)}


def _read_json(path: str) -> tuple[str, Any]:
    text = read_text(path)
    try:
        return text, loads_json(text)
    except InputError as err:
        raise err.at_file(path) from None


def _located(err: InputError, path: str, text: str) -> InputError:
    """``err`` tied to ``path`` and, when the field can be found, to its line."""
    return err.at_file(path, line_of(text, err.where))


def _read_position(path: str, tiles: TileSet) -> Position:
    text, obj = _read_json(path)
    try:
        return position_from_json(obj, tiles)
    except InputError as err:
        raise _located(err, path, text) from None


tiles_option = click.option("--tiles", "tiles_file", metavar="FILE",
                            help="Tile set TOML (default: the shipped decks/tomtube-tiles.toml).")


@click.group("tomtube")
def tomtube() -> None:
    """Tom Tube: lay tube tiles, drift home with both solar counters.

    \b
    Positions are JSON files (docs/tomtube.md has the shape): placed rhombs
    {"id", "at": "B3-C4", "s1": "B4"}, player triangles, the face-down stack (top first),
    counters on spheres, both astronauts, the stock, and who is to move.
    Spheres are named by knot (E5; modules A3, I3, G1, G7, C1, C7) or, for an energy
    sphere, by its rhomb's position (B3-C4). Knots: rows A (top) to I, numbered from
    the left.

    \b
    spacebowl tomtube moves position.json            the legal moves, readable
    spacebowl tomtube moves position.json --json     {"moves": [...], "placements": N}
    spacebowl tomtube moves --batch positions.jsonl  one answer a line
    spacebowl tomtube play position.json move.json   the position after the move
    """


@tomtube.command("moves")
@click.argument("position_file", metavar="POSITION.json", required=False)
@tiles_option
@click.option("--json", "as_json", is_flag=True, help="Print the moves object as JSON.")
@click.option("--batch", "batch", metavar="POSITIONS.jsonl",
              help="One position a line in, one moves object a line out, in order.")
@reports_input_errors
def moves_command(position_file: str | None, tiles_file: str | None, as_json: bool,
                  batch: str | None) -> None:
    """List the legal moves of the player to move.

    Every drift (free along own and neutral tubes, or paying one control along every
    colour) and space jump (paying one energy) is listed once per destination; a paid
    drift is listed even where a free one also goes. "placements" counts the (position,
    s1) choices for the top rhomb. A payment the player can make only by first exchanging
    an alien (for 1 control and 2 energy) counts as payable.
    """
    tiles = load_tiles(tiles_file)
    if batch:
        if position_file:
            raise click.UsageError("--batch takes no POSITION.json argument")
        _batch(batch, tiles)
        return
    if not position_file:
        raise click.UsageError("give POSITION.json (or --batch POSITIONS.jsonl)")
    pos = _read_position(position_file, tiles)
    answer = moves_json(pos, tiles)
    if as_json:
        click.echo(json.dumps(answer))
        return
    a = pos.astronauts[pos.to_move]
    held = ", ".join(f"{a.held[k]} {k}" for k in ("energy", "control", "alien", "solar"))
    click.echo(f"{pos.to_move.capitalize()} to move, at {a.at}, holding {held}.")
    groups = (("free drifts", "drift", None), ("drifts paying a control counter", "drift",
                                               "control"),
              ("space jumps paying an energy counter", "jump", "energy"))
    for title, kind, pay in groups:
        dests = [m["to"] for m in answer["moves"] if m["kind"] == kind and m["pay"] == pay]
        click.echo(f"{title} ({len(dests)}): {', '.join(dests) if dests else '-'}")
    top = f" for rhomb {pos.stack[0]}" if pos.stack else " (the stack is empty)"
    click.echo(f"placements{top}: {answer['placements']}")


def _batch(path: str, tiles: TileSet) -> None:
    answer_batch(path, lambda obj: moves_json(position_from_json(obj, tiles), tiles),
                 "position")


@tomtube.command("play")
@click.argument("position_file", metavar="POSITION.json")
@click.argument("move_file", metavar="MOVE.json")
@tiles_option
@click.option("--json", "as_json", is_flag=True, help="Print the position on one line.")
@reports_input_errors
def play_command(position_file: str, move_file: str, tiles_file: str | None,
                 as_json: bool) -> None:
    """Play one move or placement and print the resulting position (JSON).

    \b
    MOVE.json is one of
      {"kind": "drift", "to": "D5", "pay": null}        free drift
      {"kind": "drift", "to": "D5", "pay": "control"}   drift along every colour
      {"kind": "jump", "to": "E5", "pay": "energy"}     space jump
      {"kind": "place", "at": "B3-C4", "s1": "B4",
       "fill": [{"at": "A2-B2-B3", "tube": ["A2", "B3"]}]}
      {"kind": "pass"}
    A placement's "fill" covers each triangle the rhomb isolates, in the order written:
    with the mover's triangles while they have any, then the other player's; "tube"
    names the two corners the tube joins, or null for a blank triangle. A payment the
    player cannot make exchanges an alien first. An illegal move exits with status 2.
    """
    tiles = load_tiles(tiles_file)
    pos = _read_position(position_file, tiles)
    text, obj = _read_json(move_file)
    try:
        action = move_from_json(obj)
    except InputError as err:
        raise _located(err, move_file, text) from None
    try:
        after = play(pos, tiles, action)
    except InputError as err:
        raise _located(err, move_file, text) from None
    out = position_to_json(after)
    click.echo(json.dumps(out) if as_json else json.dumps(out, indent=1))


# ---- print: the kit and the puzzle booklet ------------------------------------------------
# Thin commands: the work is in ``kit.py`` and ``puzzles/booklet.py``, imported when the
# command runs so that ``moves`` and ``play`` do not pay for reportlab.

@tomtube.command("kit")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3"], case_sensitive=False),
              default="a4", show_default=True,
              help="Paper: A4 or Letter (the board on 4 sheets to glue) or A3 (the board "
                   "on one sheet).")
@click.option("--lang", "lang", type=ShortText(32), default="en,de", show_default=True,
              metavar="LANGS", help="Rule summary languages, comma-separated (en, de); the "
                                    "first also labels the board, pieces, cover and print "
                                    "checks.")
@click.option("--ink-saver", is_flag=True, help="Light fills and outlines instead of solid "
                                                "colour.")
@click.option("--png", is_flag=True,
              help="Also a PNG of every tile face and back, with and without bleed (png/).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=None, metavar="DPI",
              help="Resolution of the --png pictures  [default: 300]")
@click.option("--tts", is_flag=True,
              help="Also Tabletop Simulator deck sheets and backs (tts/).")
@click.option("--force", is_flag=True,
              help="Replace the output folder even if another command or game wrote it.")
@seed_option()
@tiles_option
@quiet_option
@click.option("-o", "--output", "--out", "out", default="out/tomtube-kit", show_default=True,
              metavar="FOLDER", type=click.Path(file_okay=False),
              help="Output folder: new, empty, or an earlier kit (replaced as a whole).")
@reports_input_errors
def kit_command(paper: str, lang: str, ink_saver: bool, png: bool, dpi: int | None,
                tts: bool, force: bool, seed: int, tiles_file: str | None, quiet: bool,
                out: str) -> None:
    """Write the print-and-play kit into FOLDER.

    \b
    FOLDER/kit.pdf          everything, in print order, behind a cover page
    FOLDER/tiles.pdf        40 rhombs and 18 triangles, die-cut, backs for duplex
    FOLDER/cut-guide.json   every tile's outline, for cutting machines
    FOLDER/board.pdf        the board (35 mm edges), counters.pdf, astronauts.pdf,
                            rules-<lang>.pdf
    """
    import time

    from spacebowl_print.core.folders import check_output_dir
    from spacebowl_print.core.reproducible import source_date_epoch
    from spacebowl_print.games.tomtube.kit import (
        KIND,
        KitOptions,
        build_tomtube_kit,
        parse_kit_langs,
    )
    from spacebowl_print.publish.raster import png_resolution

    started = time.perf_counter()
    opts = KitOptions(paper.lower(), parse_kit_langs(lang), ink_saver, seed).check()
    png_dpi = png_resolution(png, dpi)
    check_output_dir(out, KIND, force)  # a bad -o fails now, not after the rendering
    source_date_epoch()
    result = build_tomtube_kit(load_tiles(tiles_file), out, opts, png_dpi=png_dpi, tts=tts,
                               force=force)
    for line in result.warnings:
        click.echo(f"warning: {line}", err=True)
    if not quiet:
        click.echo(f"wrote {len(result.files)} files to {out} in "
                   f"{time.perf_counter() - started:.1f} s: {result.cards} tiles on "
                   f"{result.sheets} sheets, kit.pdf {result.kit_pages} pages", err=True)


@tomtube.command("puzzles")
@click.option("--count", type=BoundedInt(1, 500), required=True,
              help="How many puzzles (100 take about a minute).")
@seed_option()
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True)
@click.option("--paper", type=click.Choice(["a5", "a4", "letter"]), default="a5",
              show_default=True, help="Page size.")
@click.option("--ink-saver", is_flag=True, help="Light fills and outlines instead of solid "
                                                "colour.")
@quiet_option
@click.option("-o", "--output", "--out", "out", default="out/tomtube-puzzles",
              show_default=True, metavar="FOLDER", type=click.Path(file_okay=False),
              help="Output folder: new, empty, or an earlier booklet (replaced as a whole).")
@reports_input_errors
def puzzles_command(count: int, seed: int, lang: str, paper: str, ink_saver: bool,
                    quiet: bool, out: str) -> None:
    """A booklet of "way home" puzzles with a proved answer key.

    Each puzzle is a position with no rhomb left to place: bring the player to move home,
    alone, holding both solar counters, in the fewest moves. Every answer is found by the
    engine and re-proved by its independent verifier before anything is written; writes
    booklet.pdf and manifest.json (check it with: spacebowl check manifest.json).
    """
    import time

    from spacebowl_print.core.folders import check_output_dir
    from spacebowl_print.core.reproducible import source_date_epoch
    from spacebowl_print.games.tomtube.puzzles.booklet import BookletRequest, build_booklet
    from spacebowl_print.games.tomtube.solve.puzzles import shipped_tiles
    from spacebowl_print.publish.booklet import VerificationError

    req = BookletRequest(count, seed, lang, paper, ink_saver).check()
    check_output_dir(out)
    source_date_epoch()
    started = time.perf_counter()
    with progress(2 * count, "Making and proving puzzles", quiet) as step:
        try:
            report = build_booklet(shipped_tiles(), Path(out), req, step)
        except VerificationError as err:
            raise click.ClickException(f"answer key rejected, nothing written: {err}") \
                from None
    if not quiet:
        lengths = ", ".join(f"{n} moves: {k}" for n, k in report.lengths.items())
        click.echo(f"{report.puzzles} puzzles, {report.pages} pages ({lengths}) in "
                   f"{time.perf_counter() - started:.1f} s")
        for f in report.files:
            click.echo(f"  wrote {f}")
