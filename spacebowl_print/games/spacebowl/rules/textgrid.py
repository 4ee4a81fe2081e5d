"""A galaxy as a small monospaced text grid (for terminal output and plain-text keys)."""

from __future__ import annotations

from collections.abc import Mapping

from spacebowl_print.games.spacebowl.model import Galaxy, Pos


def galaxy_grid(galaxy: Galaxy, marks: Mapping[Pos, str] | None = None,
                letters: str | None = None) -> str:
    """Column letters on top, row numbers at the left, each card's planets (``##`` = face
    down, ``.`` = no planet); a card in ``marks`` is framed by its mark, e.g. ``*RG*``."""
    marks = marks or {}

    def label(pos: Pos) -> str:
        cell = galaxy[pos]
        if cell is None:
            body = "##"
        elif not cell:
            body = "."
        else:
            order = letters or "".join(sorted(cell))
            body = "".join(ch for ch in order if ch in cell)
        m = marks.get(pos)
        return f"{m}{body}{m}" if m else f" {body} "

    cells = [[label(Pos(r, c)) for c in range(galaxy.cols)] for r in range(galaxy.rows)]
    width = max(len(s) for row in cells for s in row)
    head = "    " + " ".join(chr(ord("A") + c).center(width) for c in range(galaxy.cols))
    lines = [head.rstrip()]
    for r, row in enumerate(cells):
        lines.append(f"{r + 1:>3} " + " ".join(s.center(width) for s in row).rstrip())
    return "\n".join(lines)
