"""Tom Tube's own commands: the legal moves of a position (one or a batch) and playing one
move (its kit, booklets, classroom sets and web sites are the shared publishing commands,
built from the game's table)."""

from __future__ import annotations

import json
from typing import Any

import click

from spacebowl_print.core.cli import (
    answer_batch,
    read_text,
    reports_input_errors,
)
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import loads_json
from spacebowl_print.games.tomtube.model import (
    Position,
    TileSet,
    move_from_json,
    position_from_json,
    position_to_json,
)
from spacebowl_print.games.tomtube.model.locate import line_of
from spacebowl_print.games.tomtube.model.tiles_file import load_tiles
from spacebowl_print.games.tomtube.rules.network import legal_moves, placement_count
from spacebowl_print.games.tomtube.rules.play import play


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


@click.command("moves")
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


@click.command("play")
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
