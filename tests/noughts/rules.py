"""The game's rules: a board is 9 characters ``X``, ``O`` or ``.`` row by row (cells A1…C3,
column letter then row number); X moves when the counts are equal."""

from __future__ import annotations

import random

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
NAMES = [f"{'ABC'[k % 3]}{k // 3 + 1}" for k in range(9)]


def winner(board: str) -> str | None:
    """The player with three in a line, if any."""
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def winning_moves(board: str) -> list[int]:
    """Cells where X wins at once (the fast engine: lines with two X and a gap)."""
    out = set()
    for line in LINES:
        marks = [board[k] for k in line]
        if marks.count("X") == 2 and marks.count(".") == 1:
            out.add(line[marks.index(".")])
    return sorted(out)


def tier_of(board: str) -> int:
    """1–5: more empty cells and fewer winning moves are harder."""
    empties = board.count(".")
    wins = len(winning_moves(board))
    return max(1, min(5, empties - 2 * wins + 1))


def puzzle_for(seed: int, key: str, tier: int) -> str:
    """A board (X to move, nobody has won, X can win at once) of ``tier``, from (seed, key)
    alone; the closest tier after 500 tries."""
    rng = random.Random(f"{seed}/{key}")
    best = ""
    for _ in range(500):
        marks = rng.randrange(2, 5)
        cells = rng.sample(range(9), 2 * marks)
        board = ["."] * 9
        for k, cell in enumerate(cells):
            board[cell] = "XO"[k % 2]
        text = "".join(board)
        if winner(text) or not winning_moves(text):
            continue
        if tier_of(text) == tier:
            return text
        if not best or abs(tier_of(text) - tier) < abs(tier_of(best) - tier):
            best = text
    return best


def verify(board: str, answer: list[str]) -> str | None:
    """The independent check: play X on every empty cell and look for three in a line."""
    if len(board) != 9 or set(board) - set("XO.") or board.count("X") != board.count("O"):
        return f"not a board with X to move: {board!r}"
    found = []
    for k in range(9):
        if board[k] == ".":
            after = board[:k] + "X" + board[k + 1:]
            if any(all(after[c] == "X" for c in line) for line in LINES):
                found.append(NAMES[k])
    return None if found == answer else f"the winning cells are {found}, not {answer}"
