"""How Noughts draws and what it says: a 3×3 grid with column letters and row numbers, X as
a cross and O as a ring (told apart by shape, not colour), winning cells ringed; its words
in English and French."""

from __future__ import annotations

from collections.abc import Sequence

from noughts.rules import NAMES
from spacebowl_print.core.languages import check_lang
from spacebowl_print.render.api import Canvas, Style

INK = "#1A1A2E"
GOOD = "#009E73"

LANGS: tuple[str, ...] = ("en", "fr")
WORDS: dict[str, dict[str, str]] = {
    "en": {"puzzle": "Puzzle", "puzzles": "Puzzles",
           "question": "{player} to move. Which cells win at once?",
           "answer": "{player} wins on {cells}.", "teach": "Three in a row wins. Find every "
           "cell where the player to move wins now.", "describe": "a 3×3 board",
           "legend": "The cells where the player to move wins at once, by column letter and "
           "row number.", "how_1": "{player} is to move. Three in a line win.",
           "how_2": "Find every cell that wins at once.", "to_move": "to move"},
    "fr": {"puzzle": "Énigme", "puzzles": "Énigmes",
           "question": "Aux {player} de jouer. Quelles cases gagnent tout de suite ?",
           "answer": "Les {player} gagnent en {cells}.", "teach": "Trois alignés gagnent. "
           "Trouvez chaque case où le joueur qui a le trait gagne tout de suite.",
           "describe": "un plateau de 3×3", "legend": "Les cases où le joueur qui a le trait "
           "gagne tout de suite, par lettre de colonne et numéro de ligne.",
           "how_1": "Aux {player} de jouer. Trois alignés gagnent.",
           "how_2": "Trouvez chaque case qui gagne tout de suite.", "to_move": "au trait"},
}


def words(lang: str) -> dict[str, str]:
    """The game's words in ``lang``."""
    return WORDS[check_lang(lang, LANGS)]


def draw_board(canvas: Canvas, board: str, x: float, y: float, size: float,
               marked: Sequence[int] = ()) -> None:
    """The board as a square of ``size`` mm, lower-left corner at (x, y)."""
    cell = size / 3.4
    ox, oy = x + size - 3 * cell, y
    line = Style(stroke=INK, width=0.5)
    for k in range(4):
        canvas.line(ox + k * cell, oy, ox + k * cell, oy + 3 * cell, line)
        canvas.line(ox, oy + k * cell, ox + 3 * cell, oy + k * cell, line)
    for k in range(3):
        canvas.text(ox + (k + 0.5) * cell, oy + 3 * cell + 1.5, "ABC"[k], 8, "bold", INK,
                    "middle")
        canvas.text(ox - 2.5, oy + (2.5 - k) * cell - 1, str(k + 1), 8, "bold", INK, "middle")
    for k, mark in enumerate(board):
        cx, cy = ox + (k % 3 + 0.5) * cell, oy + (2.5 - k // 3) * cell
        r = cell * 0.3
        if mark == "X":
            canvas.line(cx - r, cy - r, cx + r, cy + r, Style(stroke=INK, width=1.2))
            canvas.line(cx - r, cy + r, cx + r, cy - r, Style(stroke=INK, width=1.2))
        elif mark == "O":
            canvas.circle(cx, cy, r, Style(stroke=INK, width=1.2))
        if k in marked:
            canvas.circle(cx, cy, cell * 0.42, Style(stroke=GOOD, width=0.8, dash=(1.0, 0.6)))


def cell_names(cells: Sequence[int]) -> str:
    return ", ".join(NAMES[k] for k in cells) or "—"
