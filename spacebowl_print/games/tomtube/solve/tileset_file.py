"""Writing ``decks/tomtube-tiles.toml``: the designed tiles, the design notes and the
self-play table, all reproduced from the seed by :func:`tileset_toml`.

Regenerate (stdout): ``python -m spacebowl_print.games.tomtube.solve.tileset_file``
"""

from __future__ import annotations

import random
import sys

from spacebowl_print.games.tomtube.model.position import STOCK_KINDS
from spacebowl_print.games.tomtube.model.tiles import Tile, TileSet, tiles_to_toml
from spacebowl_print.games.tomtube.solve.puzzles import full_board
from spacebowl_print.games.tomtube.solve.selfplay import self_play, summarise
from spacebowl_print.games.tomtube.solve.tiles_design import (
    DesignParams,
    balance_report,
    design,
    is_balanced,
    shuffled_ids,
)

# The shipped design, tuned by self-play (200 games a candidate between the greedy players)
# and by counters on randomly filled boards (docs/tomtube.md has the table). The rulebook
# puts a control counter on a knot sphere completed with one tube end and an alien counter on
# one with none; with 3-4 tubes on every rhomb neither happened (0.3 control, no alien a
# game). Blank corners make them happen, blunt ones most: a blunt corner covers two of a
# knot's six triangles, a sharp one only one. 48-56 blank blunt corners, 4-10 blank sharp
# ones (2-4 tubes a tile) put about 4 control and 1 alien counter into a game; 18 crosses
# (more energy to pay jumps) keep astronauts from being lost in space and the first-player
# rate near 50 %. With this much blank room at most 74 of the ~102 tubes can be neutral
# before tiles without either colour run out of distinct looks, and fewer tiles carry both
# colours (at least 6).
SHIPPED = DesignParams(tiles=40, crosses=18, neutral=(60, 74), mixed=6, min_tubes=2,
                       max_tubes=4, blank_sharp=(4, 10), blank_blunt=(48, 56), seed=2026,
                       budget=2.0)
SELFPLAY_GAMES = 1000
SELFPLAY_SEED = 7
RANDOM_BOARDS = 1000
RANDOM_SEED = 7


def random_boards(tiles: TileSet, boards: int = RANDOM_BOARDS, seed: int = RANDOM_SEED
                  ) -> dict[str, float]:
    """Counters the rules put on randomly filled boards (:func:`~.puzzles.full_board`: random
    rhombs, turns and isolated-triangle fills from the start until no rhomb can be placed;
    board ``i`` from seed ``seed * 1_000_003 + i``), a board on average, by kind."""
    total = dict.fromkeys(STOCK_KINDS, 0)
    for i in range(boards):
        pos = full_board(tiles, random.Random(seed * 1_000_003 + i))
        for kind in pos.counters.values():
            if kind in total:
                total[kind] += 1
    return {"boards": boards, "seed": seed,
            **{f"mean_{k}_placed": round(total[k] / boards, 2) for k in STOCK_KINDS}}

HEADER = """\
# Tom Tube rhombs: 40 tiles designed with CP-SAT (one worker, seed {seed}) and checked by
# self-play and on randomly filled boards. Regenerate:
# python -m spacebowl_print.games.tomtube.solve.tileset_file
#
# Corners s1, b1, s2, b2 run counter-clockwise as seen on the printed board (s sharp,
# b blunt); each is "tom", "dave", "neutral" or "" (no tube). Every tube runs from its
# corner to the centre; cross = true shows an energy cross there. Blank corners, most of
# them blunt, leave knot spheres with one tube end (a control counter) or none (an alien
# counter): the [design.random_boards] and [design.selfplay] tables count them.
#
# Shape classes. For a player, a tile's usable corners are those of their colour or
# neutral. Its shape for that player: none (0 usable), stub (1), straight (2 opposite:
# s1+s2 or b1+b2), turn (2 next to each other), fork (3 or 4); with or without a cross.
# Balance (checked by tests/tomtube): for every class, as many tiles have it for Tom as for
# Dave, and the players' own tube ends on those tiles are equally many; Tom and Dave have
# equally many tube ends in all. No two tiles look alike, even after a half turn.
name = "tomtube"
title = "Tom Tube rhombs"
seed = {seed}
"""


def design_table(params: DesignParams, tiles_list: list[Tile], summary: dict[str, object],
                 boards: dict[str, float] | None = None) -> str:
    """The ``[design]`` table: parameters, the balance per shape class, self-play figures."""
    lines = ["[design]",
             f"tiles = {params.tiles}",
             f"crosses = {params.crosses}",
             f"neutral_corners = [{params.neutral[0]}, {params.neutral[1]}]",
             f"neutral_actual = {sum(c == 'neutral' for t in tiles_list for c in t.corners)}",
             f"mixed_tiles_at_least = {params.mixed}",
             f"min_tubes = {params.min_tubes}",
             f"max_tubes = {params.max_tubes}",
             f"blank_sharp_corners = [{params.blank_sharp[0]}, {params.blank_sharp[1]}]",
             f"blank_sharp_actual = {sum(c is None for t in tiles_list for c in t.corners[0::2])}",
             f"blank_blunt_corners = [{params.blank_blunt[0]}, {params.blank_blunt[1]}]",
             f"blank_blunt_actual = {sum(c is None for t in tiles_list for c in t.corners[1::2])}",
             f"budget_deterministic = {params.budget}",
             f"tube_ends_tom = {sum(c == 'tom' for t in tiles_list for c in t.corners)}",
             f"tube_ends_dave = {sum(c == 'dave' for t in tiles_list for c in t.corners)}",
             "",
             "[design.balance]  # class = [tiles for Tom, Tom's tube ends, tiles for Dave, "
             "Dave's tube ends]"]
    for cls, row in balance_report(tiles_list).items():
        lines.append(f'"{cls}" = [{row["tom"][0]}, {row["tom"][1]}, {row["dave"][0]}, '
                     f'{row["dave"][1]}]')
    if boards:
        lines += ["", "[design.random_boards]  # counters put on randomly filled boards"]
        lines += [f"{k} = {v}" for k, v in boards.items()]
    lines += ["", "[design.selfplay]  # greedy players, see docs/tomtube.md",
              f"seed = {SELFPLAY_SEED}"]
    for k, v in summary.items():
        lines.append(f"{k} = {v}")
    return "\n".join(lines) + "\n"


def tileset_toml(params: DesignParams = SHIPPED, games: int = SELFPLAY_GAMES,
                 workers: int = 2) -> str:
    """The whole tile set file for ``params``: same parameters, same bytes."""
    tiles_list = shuffled_ids(design(params), params.seed)
    if not is_balanced(tiles_list):  # the model enforces it; a broken model must not ship
        raise RuntimeError("designed tile set is not balanced")
    ts = TileSet({t.id: t for t in tiles_list})
    summary = summarise(self_play(ts, games, SELFPLAY_SEED, workers=workers)) if games else {}
    boards = random_boards(ts) if games else None
    return tiles_to_toml(tiles_list, HEADER.format(seed=params.seed),
                         design_table(params, tiles_list, summary, boards))


if __name__ == "__main__":
    sys.stdout.write(tileset_toml())
