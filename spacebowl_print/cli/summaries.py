"""One line per publication for ``--help`` lists, kept apart from the commands so that
listing them imports nothing heavy."""

from __future__ import annotations

SUMMARIES: dict[str, str] = {
    "kit": "the print-and-play kit: cards or tiles, sheets, rule summaries, kit.pdf",
    "booklet": "dated daily puzzles with a proved answer key; home or print-on-demand",
    "classroom": "a worksheet per student (with a code), a teacher's key, manifest.json",
    "web": "a daily puzzle web site: one self-contained page a day and an index",
}
"""One line per publication, for ``--help`` lists (no command is imported to show them)."""

__all__ = ["SUMMARIES"]
