"""A Space Bowl puzzle's answer in words, for the answer key, the teaching page and the web
page alike: the valid cards with their turns and the Wild token, and the engine's reason for
each (or why no card works and which come closest)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacebowl_print.games.spacebowl.art.texts import WORDS

if TYPE_CHECKING:  # the puzzle's type only: the puzzle module imports this one
    from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle


def answer_reasons(p: SpaceBowlPuzzle) -> list[str]:
    """The answer in words with its reason: one line per valid card (the box laid with the
    disc on it, its turn, the Wild token's help), or why no card works and the closest
    ones."""
    words = WORDS[p.lang]
    if not p.solutions:
        near = ", ".join(c.name for c in p.near_misses)
        return [words["none"], words["why_none"] + (words["why_near"].format(cells=near)
                                                   if near else "")]
    out = [answer_text(p)]
    for s in p.solutions:
        turn = ""
        if p.variants.rotation and s.rotations != (0,) and list(s.rotations) != [0]:
            turn = words["why_turn"].format(deg="/".join(str(t) for t in s.rotations))
        out.append(words["why_valid"].format(cell=s.cell.name, turn=turn,
                                             wild=words["why_wild"] if s.wild else ""))
    return out


def answer_text(p: SpaceBowlPuzzle) -> str:
    """The answer in words: the cells (with turns and Wild token), or the doom call."""
    words = WORDS[p.lang]
    if not p.solutions:
        return words["none"]
    parts = []
    for s in p.solutions:
        notes = []
        if p.variants.rotation:
            notes.append(" ".join(f"{t}°" for t in s.rotations))
        if s.wild:
            notes.append(words["with_wild"])
        parts.append(s.cell.name + (f" ({', '.join(notes)})" if notes else ""))
    head = words["solution"] if len(p.solutions) == 1 else words["solutions"].format(
        n=len(p.solutions))
    return f"{head}: {'; '.join(parts)}"


__all__ = ["answer_reasons", "answer_text"]
