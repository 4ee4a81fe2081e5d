"""The game's rules: a board is 9 characters ``X``, ``O`` or ``.`` row by row (cells A1…C3,
column letter then row number); X moves when the counts are equal, O when X has one more.
Two engines: the fast one (:func:`winning_moves`, lines with two marks and a gap) makes the
puzzles; the independent one (:func:`verify`, play every empty cell) proves them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spacebowl_print.core.errors import InputError

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
NAMES = [f"{'ABC'[k % 3]}{k // 3 + 1}" for k in range(9)]


def winner(board: str) -> str | None:
    """The player with three in a line, if any."""
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def winning_moves(board: str, player: str = "X") -> list[int]:
    """Cells where ``player`` wins at once (the fast engine: lines with two of its marks and
    a gap)."""
    out = set()
    for line in LINES:
        marks = [board[k] for k in line]
        if marks.count(player) == 2 and marks.count(".") == 1:
            out.add(line[marks.index(".")])
    return sorted(out)


def tier_of(board: str, player: str = "X") -> int:
    """1–5: more empty cells and fewer winning moves are harder."""
    empties = board.count(".")
    wins = len(winning_moves(board, player))
    return max(1, min(5, empties - 2 * wins + 1))


def puzzle_for(seed: int, key: str, tier: int, player: str = "X") -> str:
    """A board (``player`` to move, nobody has won, ``player`` can win at once) of ``tier``,
    from (seed, key) alone; the closest tier after 500 tries."""
    rng = random.Random(f"{seed}/{key}/{player}")
    best = ""
    for _ in range(500):
        marks = rng.randrange(2, 5)
        count = 2 * marks + (player == "O")
        cells = rng.sample(range(9), count)
        board = ["."] * 9
        for k, cell in enumerate(cells):
            board[cell] = "XO"[k % 2]  # X plays first
        text = "".join(board)
        if winner(text) or not winning_moves(text, player):
            continue
        if tier_of(text, player) == tier:
            return text
        if not best or abs(tier_of(text, player) - tier) < abs(tier_of(best, player) - tier):
            best = text
    return best


def verify(board: str, player: str, answer: list[str]) -> str | None:
    """The independent check: play ``player`` on every empty cell and look for three in a
    line."""
    x, o = board.count("X"), board.count("O")
    to_move = "X" if x == o else "O" if x == o + 1 else None
    if len(board) != 9 or set(board) - set("XO.") or to_move != player:
        return f"not a board with {player} to move: {board!r}"
    found = []
    for k in range(9):
        if board[k] == ".":
            after = board[:k] + player + board[k + 1:]
            if any(all(after[c] == player for c in line) for line in LINES):
                found.append(NAMES[k])
    return None if found == answer else f"the winning cells are {found}, not {answer}"


def verify_entry(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """A manifest entry re-derived by :func:`verify` (what ``spacebowl check`` calls)."""
    board, answer, player = entry.get("board"), entry.get("answer"), entry.get("to_move")
    if not isinstance(board, str) or not isinstance(answer, list) or player not in ("X", "O"):
        raise InputError("an entry has a board, the player to move and an answer", "board")
    problem = verify(board, player, answer)
    if problem is None and entry.get("tier") != tier_of(board, player):
        problem = f"tier {entry.get('tier')} recorded, {tier_of(board, player)} measured"
    return problem
