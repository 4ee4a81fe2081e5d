"""A small Markdown subset for rule summaries and booklet introductions, parsed into blocks
and set as wrapped lines of mixed-font runs. Game-free: templates (jinja2, rendered by each game)
produce it, :mod:`spacebowl_print.render.flow` lays it out.

One block per blank-line-separated group:

* ``%% key: value`` — page metadata (``title``, ``subtitle``, ``footer``);
* ``## Heading`` and ``### Sub-heading``;
* paragraphs; ``**bold**`` inline (``\\*`` prints a literal asterisk: see :func:`escape`);
* ``- item`` bullets and ``1. item`` numbered items (continuation lines indented);
* ``> text`` — a shaded note;
* tables: ``| a | b |`` rows, a ``|:--|:-:|--:|`` line under the header row sets alignment;
* ``[[name]]`` or ``[[name|arg|arg]]`` — a figure the game draws (e.g. Space Bowl's planets).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from spacebowl_print.render.api import MM_PER_PT, Anchor, Canvas, FontName
from spacebowl_print.render.fonts import text_width

MM = MM_PER_PT
INK = "#000000"


@dataclass(frozen=True)
class Run:
    """A piece of text in one font."""

    text: str
    font: FontName = "regular"


Word = tuple[Run, ...]
Line = list[Word]


_ESCAPED = re.compile(r"\\(.)")
_PIPE = re.compile(r"(?<!\\)\|")


def unescape(s: str) -> str:
    """``s`` with every backslash escape (``\\*``) replaced by the character it protects."""
    return _ESCAPED.sub(r"\1", s)


def parse_inline(s: str, base: FontName = "regular") -> list[Run]:
    """Split ``s`` on ``**`` into alternating ``base`` / bold runs; a backslash makes the next
    character literal (``\\*\\*`` prints two asterisks)."""
    runs: list[Run] = []
    bold = False
    text: list[str] = []
    i = 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            text.append(s[i + 1])
            i += 2
        elif s.startswith("**", i):
            if text:
                runs.append(Run("".join(text), "bold" if bold else base))
                text = []
            bold = not bold
            i += 2
        else:
            text.append(s[i])
            i += 1
    if text:
        runs.append(Run("".join(text), "bold" if bold else base))
    return runs


def _words(runs: Sequence[Run]) -> list[Word]:
    """Break runs into words at ordinary spaces (a no-break space U+00A0 never breaks, so
    « Go ! » stays whole); a word may mix fonts (``**Go!**,``)."""
    words: list[Word] = []
    cur: list[Run] = []
    for run in runs:
        pieces = run.text.split(" ")
        for k, piece in enumerate(pieces):
            if k > 0 and cur:
                words.append(tuple(cur))
                cur = []
            if piece:
                cur.append(Run(piece, run.font))
    if cur:
        words.append(tuple(cur))
    return words


def word_width(word: Word, size: float) -> float:
    """Width (mm) of a word at ``size`` pt."""
    return sum(text_width(r.text, size, r.font) for r in word)


def _split_word(word: Word, width: float, size: float) -> list[Word]:
    """Break a word wider than the line between characters (never overflow the column)."""
    out: list[Word] = []
    cur: list[Run] = []
    cur_w = 0.0
    for run in word:
        buf = ""
        for ch in run.text:
            w = text_width(ch, size, run.font)
            if cur_w + w > width and (cur or buf):
                if buf:
                    cur.append(Run(buf, run.font))
                out.append(tuple(cur))
                cur, buf, cur_w = [], "", 0.0
            buf += ch
            cur_w += w
        if buf:
            cur.append(Run(buf, run.font))
    if cur:
        out.append(tuple(cur))
    return out


def _space(word: Word, size: float) -> float:
    """Width of the space after ``word``: it is set in the font of the word's last run."""
    return text_width(" ", size, word[-1].font) if word else 0.0


def wrap_runs(runs: Sequence[Run], width: float, size: float) -> list[Line]:
    """Greedy wrap of rich text into lines no wider than ``width`` mm (measured exactly as
    :func:`draw_line` sets them)."""
    lines: list[Line] = []
    cur: Line = []
    cur_w = 0.0
    for word in _words(runs):
        w = word_width(word, size)
        if cur and cur_w + _space(cur[-1], size) + w <= width:
            cur_w += _space(cur[-1], size) + w
            cur.append(word)
            continue
        if cur:
            lines.append(cur)
        if w <= width:
            cur, cur_w = [word], w
        else:
            *full, last = _split_word(word, width, size)
            lines.extend([[p] for p in full])
            cur, cur_w = [last], word_width(last, size)
    if cur:
        lines.append(cur)
    return lines or [[]]


def line_runs(line: Line) -> list[Run]:
    """The line as few runs as possible, spaces included, so that each run is one text call
    and PDF text extraction sees real spaces between the words."""
    out: list[Run] = []
    for k, word in enumerate(line):
        for j, run in enumerate(word):
            text = run.text + (" " if j == len(word) - 1 and k < len(line) - 1 else "")
            if out and out[-1].font == run.font:
                out[-1] = Run(out[-1].text + text, run.font)
            else:
                out.append(Run(text, run.font))
    return out


def line_width(line: Line, size: float) -> float:
    """Width (mm) of a wrapped line."""
    return sum(text_width(r.text, size, r.font) for r in line_runs(line))


def draw_line(canvas: Canvas, x: float, y: float, line: Line, size: float, fill: str = INK,
              anchor: Anchor = "start", width: float = 0.0) -> None:
    """Draw a wrapped line with its baseline at ``y``; ``anchor`` aligns it in ``width``."""
    runs = line_runs(line)
    if anchor != "start":
        lw = sum(text_width(r.text, size, r.font) for r in runs)
        x += (width - lw) if anchor == "end" else (width - lw) / 2
    for run in runs:
        canvas.text(x, y, run.text, size, run.font, fill, "start")
        x += text_width(run.text, size, run.font)


@dataclass
class Block:
    """One parsed block: ``kind`` is heading2, heading3, para, bullet, number, note, table or
    planets; ``text`` its inline text (or the number for ``number``), ``rows`` table cells."""

    kind: str
    text: str = ""
    marker: str = ""
    rows: list[list[str]] = field(default_factory=list)
    align: list[str] = field(default_factory=list)
    header: bool = False


_META = re.compile(r"^%%\s*(\w+)\s*:\s*(.*)$")
_NUM = re.compile(r"^(\d+)\.\s+(.*)$")
_FIGURE = re.compile(r"^\[\[(\w+)(?:\|(.*))?\]\]$")


def parse_markdown(text: str) -> tuple[dict[str, str], list[Block]]:
    """Parse the template output into metadata and blocks (see the module docstring)."""
    parser = _Parser()
    for raw in text.splitlines():
        parser.feed(raw)
    parser.flush()
    return parser.meta, parser.blocks


class _Parser:
    """The state of :func:`parse_markdown`: what is parsed so far, the paragraph being
    gathered and the list item, note or table being continued."""

    def __init__(self) -> None:
        self.meta: dict[str, str] = {}
        self.blocks: list[Block] = []
        self.para: list[str] = []
        self.current: Block | None = None  # the list item or note being continued

    def flush(self) -> None:
        """End the paragraph being gathered, and any block being continued."""
        if self.para:
            self.blocks.append(Block("para", " ".join(self.para)))
            self.para.clear()
        self.current = None

    def start(self, block: Block, continued: bool = False) -> None:
        """End what came before and add ``block`` (which later lines may continue)."""
        self.flush()
        self.blocks.append(block)
        if continued:
            self.current = block

    def feed(self, raw: str) -> None:
        """One line of the template output."""
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            self.flush()
        elif m := _META.match(stripped):
            self.flush()
            self.meta[m.group(1)] = unescape(m.group(2).strip())
        elif stripped.startswith("### "):
            self.start(Block("heading3", stripped[4:]))
        elif stripped.startswith("## "):
            self.start(Block("heading2", stripped[3:]))
        elif m := _FIGURE.match(stripped):
            args = [a.strip() for a in (m.group(2) or "").split("|") if a.strip()]
            self.start(Block(m.group(1), rows=[args]))
        elif stripped.startswith("|"):
            self.table_row([c.strip() for c in _PIPE.split(stripped.strip("|"))])
        elif stripped.startswith("- "):
            self.start(Block("bullet", stripped[2:], "•"), continued=True)
        elif m := _NUM.match(stripped):
            self.start(Block("number", m.group(2), m.group(1) + "."), continued=True)
        elif stripped.startswith("> "):
            self.note(stripped[2:])
        else:
            self.text(line, stripped)

    def table_row(self, cells: list[str]) -> None:
        """A table row: the alignment line under the header row, another row of the table
        being continued, or the first row of a new table."""
        table = self.current
        if table is None or table.kind != "table" or not self.blocks \
                or self.blocks[-1] is not table:
            self.start(Block("table", rows=[cells]), continued=True)
        elif all(re.fullmatch(r":?-+:?", c) for c in cells):
            table.header = True
            table.align = ["middle" if c.startswith(":") and c.endswith(":")
                           else "end" if c.endswith(":") else "start" for c in cells]
        else:
            table.rows.append(cells)

    def note(self, text: str) -> None:
        """A ``>`` line: continues the note just above, or starts one."""
        if self.current is not None and self.current.kind == "note":
            self.current.text += " " + text
        else:
            self.start(Block("note", text), continued=True)

    def text(self, line: str, stripped: str) -> None:
        """A plain line: an indented continuation of a list item or note, else paragraph
        text."""
        current = self.current
        if current is not None and current.kind in ("bullet", "number", "note") \
                and line.startswith(" "):
            current.text += " " + stripped  # an indented continuation line
            return
        self.current = None
        self.para.append(stripped)
