"""The rule summaries: jinja2 templates (``templates/rules-<lang>.md.j2``) rendered to a small
Markdown subset, then set on the page by a two-column flow layout of our own.

The worked example is *computed*: :func:`worked_example` plays two rounds through
:func:`rules.scoring.score_round` and the templates only print its numbers, so
the summary can never disagree with the engine.

The Markdown subset the templates use (one block per blank-line-separated group):

* ``%% key: value`` — page metadata (``title``, ``subtitle``, ``footer``);
* ``## Heading`` and ``### Sub-heading``;
* paragraphs; ``**bold**`` inline;
* ``- item`` bullets and ``1. item`` numbered items (continuation lines indented);
* ``> text`` — a shaded note;
* tables: ``| a | b |`` rows, a ``|:--|:-:|--:|`` line under the header row sets alignment;
* ``[[planets]]`` — the deck's planets drawn as discs with their names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from spacebowl_print.core.languages import check_lang
from spacebowl_print.core.resources import templates_dir
from spacebowl_print.games.spacebowl.art.kitparts import draw_planet
from spacebowl_print.games.spacebowl.model import (
    Deck,
    Galaxy,
    Planet,
    Pos,
    Toss,
    Variants,
    cell_name,
    parse_cell,
    parse_space,
)
from spacebowl_print.games.spacebowl.rules import reference
from spacebowl_print.games.spacebowl.rules.scoring import (
    ROUNDS,
    START_SCORE,
    WIN_SCORE,
    Play,
    score_round,
)
from spacebowl_print.render.api import Anchor, Canvas, DrawnPage, FontName, Page, Style
from spacebowl_print.render.fonts import fit_size, text_width
from spacebowl_print.render.furniture import GREY, INK, paper_size

RULES_LANGS: tuple[str, ...] = ("en", "fr", "de")
"""Languages with a rule-summary template."""

# ---------------------------------------------------------------- typography
BODY = 8.6
"""Body text size (pt)."""
LEADING = 1.3
MM = 25.4 / 72.0
MARGIN = 12.0
COL_GAP = 7.0
HEAD_COLOUR = "#1F3A60"
NOTE_FILL = "#EEF1F6"
RULE_GREY = "#B8B8B8"
KEEP_TABLE_ROWS = 12
"""Tables with at most this many rows are never split across columns."""


def _lh(size: float) -> float:
    """Baseline-to-baseline distance (mm) at ``size`` pt."""
    return size * LEADING * MM


# ---------------------------------------------------------------- the worked example
@dataclass(frozen=True)
class _Act:
    """One player's part in an example round (``concurred`` is story only: scoring does not
    need it, the text does)."""

    name: str
    card: str | None = None
    go: bool = False
    concurred: bool = False
    doom: bool = False
    red: bool = False
    wild: bool = False


_START = {"Ana": 6, "Ben": 4, "Cleo": 2, "Dan": 1}
_ROUNDS: tuple[tuple[tuple[str, ...], tuple[_Act, ...]], ...] = (
    # Round 1: a Go! round. Ana finds C4 alone; Ben concurs and needs the Wild token for B2;
    # Cleo concurs on a wrong card; Dan does nothing.
    (("C4", "B2"),
     (_Act("Ana", "C4", go=True), _Act("Ben", "B2", concurred=True, wild=True),
      _Act("Cleo", "E1", concurred=True), _Act("Dan"))),
    # Round 2: Dan calls doom and Cleo joins him, yet Ana keeps searching and finds D2; Ben
    # points at a wrong card. Dan's and Cleo's scores show the floor at 0.
    (("D2",),
     (_Act("Ana", "D2"), _Act("Ben", "A5"), _Act("Cleo", red=True), _Act("Dan", doom=True))),
)


def _pos(name: str) -> Pos:
    return parse_cell(name, 26, 26)


def worked_example() -> dict[str, Any]:
    """Two example rounds scored by :func:`score_round`, as plain data for the templates.

    ``{"start": {name: score}, "rounds": [{"valid": [cell…], "found": bool,
    "captain": name, "taken": cell | None, "players": [{"name", "card", "valid", "alone",
    "go", "concurred", "doom", "red", "wild", "before", "delta", "after", "floored",
    "rows": [(label, points)…]}…]}…]}`` — every number comes from the scoring engine; the
    row labels are the engine's (the templates translate them).
    """
    scores = dict(_START)
    rounds: list[dict[str, Any]] = []
    for valid_names, acts in _ROUNDS:
        valid = {_pos(v) for v in valid_names}
        plays = [Play(a.name, _pos(a.card) if a.card else None, go_caller=a.go,
                      doom_caller=a.doom, red_button=a.red, used_wild=a.wild) for a in acts]
        result = score_round(plays, valid, scores)
        players = []
        for a in acts:
            rows = list(result.lines[a.name])
            players.append({
                "name": a.name, "card": a.card, "go": a.go, "concurred": a.concurred,
                "doom": a.doom, "red": a.red or a.doom, "wild": a.wild,
                "valid": a.card is not None and _pos(a.card) in valid,
                "alone": any(label == "no one else chose it" for label, _ in rows),
                "before": scores[a.name], "delta": result.deltas[a.name],
                "after": result.scores[a.name],
                "floored": result.scores[a.name] != scores[a.name] + result.deltas[a.name],
                "rows": rows,
            })
        rounds.append({
            "valid": list(valid_names), "found": result.found, "captain": result.captain,
            "taken": cell_name(result.taken_card) if result.taken_card else None,
            "players": players,
        })
        scores = dict(result.scores)
    return {"start": dict(_START), "rounds": rounds}


# ---------------------------------------------------------------- the toss example
# A 5×5 galaxy written with planet *indices* (0–5, the deck's planet order), so the example
# works with any deck. The toss: disc on B2, planets 0 and 2 together on A1, planet 1 on C2.
_TOSS_GALAXY = (
    ("1", "3", "4", "02", "5"),
    ("45", "1", "02", "3", "14"),
    ("024", "5", "1", "4", "15"),
    ("3", "0", "45", "13", "2"),
    ("12", "4", "03", "5", "01"),
)
_TOSS_DESTINATION = "B2"
_TOSS_MARBLES: dict[int, str] = {0: "A1", 2: "A1", 1: "C2"}


def toss_example(deck: Deck) -> dict[str, Any]:
    """A toss on a small galaxy, solved by the reference engine, as plain data.

    ``{"galaxy": [[letters…]…], "destination": "B2", "spaces": [{"space", "planets": [name…],
    "letters"}…], "solutions": [cell…], "checks": [{"space", "cell", "planets": [name…]}…]}``
    — ``checks`` says, for the first solution, which galaxy card each marble space lies on.
    """
    letters = deck.letters
    galaxy = Galaxy.from_strings([["".join(letters[int(i)] for i in cell) for cell in row]
                                  for row in _TOSS_GALAXY])
    marbles = {letters[i]: parse_space(space) for i, space in _TOSS_MARBLES.items()}
    toss = Toss(parse_space(_TOSS_DESTINATION), marbles)
    solutions = reference.solve(galaxy, toss, Variants())
    by_space: dict[Pos, list[str]] = {}
    for letter, space in marbles.items():
        by_space.setdefault(space, []).append(letter)
    spaces = [{"space": cell_name(sp), "letters": deck.ordered(ls),
               "planets": [deck.planet(x).name for x in deck.ordered(ls)]}
              for sp, ls in sorted(by_space.items())]
    checks = []
    if solutions:
        first = solutions[0].cell
        for sp, ls in sorted(by_space.items()):
            under = reference.covered_cell(galaxy, first, toss.destination, sp, 0, False)
            checks.append({"space": cell_name(sp), "cell": cell_name(under) if under else None,
                           "planets": [deck.planet(x).name for x in deck.ordered(ls)]})
    return {
        "galaxy": [[deck.ordered(c or "") for c in row] for row in galaxy.cells],
        "destination": _TOSS_DESTINATION, "spaces": spaces,
        "solutions": [cell_name(sol.cell) for sol in solutions], "checks": checks,
    }


# ---------------------------------------------------------------- templates
def signed(n: int) -> str:
    """``+3``, ``−1`` (a true minus sign), ``0``."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def template_environment() -> Environment:
    """The jinja2 environment over ``templates/`` (strict undefined, ``signed`` filter) that
    rule summaries and booklet introductions render with."""
    env = Environment(loader=FileSystemLoader(str(templates_dir())), autoescape=False,
                      undefined=StrictUndefined, keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["signed"] = signed
    return env


def rules_context(deck: Deck) -> dict[str, Any]:
    """What every rules template receives: the deck, the game's constants, the example."""
    return {
        "deck": {"title": deck.title, "cards": len(deck.cards),
                 "planets": [{"id": p.id, "name": p.name} for p in deck.planets]},
        "n": {"start": START_SCORE, "win": WIN_SCORE, "rounds": ROUNDS, "galaxy": 5,
              "big_galaxy": 6, "deck": ROUNDS, "countdown": 10, "players_min": 2,
              "players_max": 8, "void": 3},
        "ex": worked_example(),
        "toss": toss_example(deck),
    }


def rules_text(lang: str, deck: Deck) -> str:
    """The rule summary in ``lang`` as Markdown-subset text (see the module docstring).

    ``ValueError`` for a language without a template; jinja2 errors (a missing variable is
    an error, never an empty string) propagate.
    """
    lang = check_lang(lang)
    if lang not in RULES_LANGS:
        raise ValueError(f"no rule summary in {lang!r} (one of {', '.join(RULES_LANGS)})")
    text = template_environment().get_template(f"rules-{lang}.md.j2").render(**rules_context(deck))
    return french_spacing(text) if lang == "fr" else text


NBSP = "\u00a0"
_FR_BEFORE = re.compile(r" ([!?;:»])")
_FR_AFTER = re.compile(r"« ")


def french_spacing(text: str) -> str:
    """French typography: the space before ``! ? ; : »`` and after ``«`` becomes a no-break
    space, so « Go ! » never splits over two lines (template authors type plain spaces)."""
    return _FR_AFTER.sub("«" + NBSP, _FR_BEFORE.sub(NBSP + r"\1", text))


# ---------------------------------------------------------------- the Markdown subset
@dataclass(frozen=True)
class Run:
    """A piece of text in one font."""

    text: str
    font: FontName = "regular"


Word = tuple[Run, ...]
Line = list[Word]


def parse_inline(s: str, base: FontName = "regular") -> list[Run]:
    """Split ``s`` on ``**`` into alternating ``base`` / bold runs."""
    runs: list[Run] = []
    bold = False
    for part in s.split("**"):
        if part:
            runs.append(Run(part, "bold" if bold else base))
        bold = not bold
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
_FIGURE = re.compile(r"^\[\[(planets|toss_example)(?:\|(.*))?\]\]$")


def parse_markdown(text: str) -> tuple[dict[str, str], list[Block]]:
    """Parse the template output into metadata and blocks (see the module docstring)."""
    meta: dict[str, str] = {}
    blocks: list[Block] = []
    para: list[str] = []
    current: Block | None = None  # the list item or note being continued

    def flush() -> None:
        nonlocal current
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()
        current = None

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        if m := _META.match(stripped):
            flush()
            meta[m.group(1)] = m.group(2).strip()
            continue
        if stripped.startswith("### "):
            flush()
            blocks.append(Block("heading3", stripped[4:]))
            continue
        if stripped.startswith("## "):
            flush()
            blocks.append(Block("heading2", stripped[3:]))
            continue
        if m := _FIGURE.match(stripped):
            flush()
            args = [a.strip() for a in (m.group(2) or "").split("|") if a.strip()]
            blocks.append(Block(m.group(1), rows=[args]))
            continue
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if blocks and blocks[-1].kind == "table" and current is blocks[-1]:
                table = blocks[-1]
                if all(re.fullmatch(r":?-+:?", c) for c in cells):
                    table.header = True
                    table.align = ["middle" if c.startswith(":") and c.endswith(":")
                                   else "end" if c.endswith(":") else "start" for c in cells]
                else:
                    table.rows.append(cells)
                continue
            flush()
            current = Block("table", rows=[cells])
            blocks.append(current)
            continue
        if stripped.startswith("- "):
            flush()
            current = Block("bullet", stripped[2:], "•")
            blocks.append(current)
            continue
        if m := _NUM.match(stripped):
            flush()
            current = Block("number", m.group(2), m.group(1) + ".")
            blocks.append(current)
            continue
        if stripped.startswith("> "):
            if current is not None and current.kind == "note":
                current.text += " " + stripped[2:]
                continue
            flush()
            current = Block("note", stripped[2:])
            blocks.append(current)
            continue
        if current is not None and current.kind in ("bullet", "number", "note") \
                and line.startswith(" "):
            current.text += " " + stripped  # an indented continuation line
            continue
        if current is not None:
            current = None
        para.append(stripped)
    flush()
    return meta, blocks


# ---------------------------------------------------------------- flow layout
Painter = Callable[[Canvas, float, float], None]
"""Draws a fragment with its top-left corner at (x, y_top)."""


@dataclass(frozen=True)
class Frag:
    """An unbreakable slice of the flow: its height, how to draw it, the space wanted above
    it (dropped at the top of a column) and whether it must stay with the next fragment."""

    height: float
    paint: Painter
    space_before: float = 0.0
    keep_with_next: bool = False


@dataclass(frozen=True)
class Style_:
    """Page geometry and colours of one rule summary."""

    width: float
    height: float
    col_w: float
    ink_saver: bool

    @property
    def head(self) -> str:
        return INK if self.ink_saver else HEAD_COLOUR


def _text_frags(runs: Sequence[Run], width: float, size: float, indent: float, fill: str,
                space_before: float, marker: str = "") -> list[Frag]:
    """One fragment per wrapped line; the first two and last two lines stay together
    (no orphan or widow lines)."""
    lines = wrap_runs(runs, width - indent, size)
    lh = _lh(size)
    frags: list[Frag] = []
    for i, line in enumerate(lines):

        def paint(canvas: Canvas, x: float, y: float, line: Line = line, first: bool = i == 0
                  ) -> None:
            base = y - size * MM * 0.95
            if first and marker:
                canvas.text(x + indent - 1.2, base, marker, size, "regular", fill, "end")
            draw_line(canvas, x + indent, base, line, size, fill)

        n = len(lines)
        keep = n > 1 and (i == 0 or i == n - 2)
        frags.append(Frag(lh, paint, space_before if i == 0 else 0.0, keep))
    return frags


def _anchor(a: str) -> Anchor:
    return "middle" if a == "middle" else "end" if a == "end" else "start"


def _table_frags(block: Block, st: Style_, size: float) -> list[Frag]:
    """A drawn table: column widths by water-filling (narrow columns keep their natural
    width, wide ones share the rest and wrap), header row bold over a rule, zebra rows."""
    pad = 1.2
    n_cols = max(len(r) for r in block.rows)
    rows = [r + [""] * (n_cols - len(r)) for r in block.rows]
    align: list[Anchor] = [_anchor(a) for a in (block.align + ["start"] * n_cols)[:n_cols]]
    def base_font(i: int) -> FontName:
        return "bold" if block.header and i == 0 else "regular"

    natural = [max(line_width(wrap_runs(parse_inline(r[c], base_font(i)), 10_000, size)[0],
                              size) for i, r in enumerate(rows)) + 2 * pad
               for c in range(n_cols)]
    natural = [w + 0.05 for w in natural]  # rounding must never wrap a cell measured to fit
    avail = st.col_w
    widths = [0.0] * n_cols
    free = list(range(n_cols))
    room = avail
    while free:
        share = room / len(free)
        fixed = [c for c in free if natural[c] <= share]
        if not fixed:
            for c in free:
                widths[c] = share
            break
        for c in fixed:
            widths[c] = natural[c]
            room -= natural[c]
            free.remove(c)
    if sum(widths) < avail:  # give any slack to the first column (the text column)
        widths[0] += avail - sum(widths)
    lh = _lh(size)
    frags: list[Frag] = []
    for i, row in enumerate(rows):
        head = block.header and i == 0
        cells = [wrap_runs(parse_inline(cell, base_font(i)),
                           widths[c] - 2 * pad, size) for c, cell in enumerate(row)]
        height = max(len(c) for c in cells) * lh + 2 * pad * 0.8
        zebra = not head and not st.ink_saver and (i % 2 == (0 if block.header else 1))

        def paint(canvas: Canvas, x: float, y: float, cells: list[list[Line]] = cells,
                  height: float = height, head: bool = head, zebra: bool = zebra) -> None:
            if zebra:
                canvas.rect(x, y - height, st.col_w, height, Style(fill=NOTE_FILL))
            cx = x
            for c, lines in enumerate(cells):
                base = y - pad * 0.8 - size * MM * 0.95
                for line in lines:
                    draw_line(canvas, cx + pad, base, line, size, INK, align[c],
                              widths[c] - 2 * pad)
                    base -= lh
                cx += widths[c]
            rule = Style(stroke=INK if head else RULE_GREY, width=0.4 if head else 0.15)
            canvas.line(x, y - height, x + st.col_w, y - height, rule)

        # A short table stays in one piece; a long one keeps at least its header with a row.
        keep = head or (len(rows) <= KEEP_TABLE_ROWS and i < len(rows) - 1)
        frags.append(Frag(height, paint, 1.5 if i == 0 else 0.0, keep_with_next=keep))
    # The top rule of the table.
    first = frags[0]

    def top_rule(canvas: Canvas, x: float, y: float, inner: Painter = first.paint) -> None:
        canvas.line(x, y, x + st.col_w, y, Style(stroke=INK, width=0.4))
        inner(canvas, x, y)

    frags[0] = Frag(first.height, top_rule, first.space_before, first.keep_with_next)
    return frags


def _planet_frag(planets: Sequence[Planet], st: Style_) -> Frag:
    """The deck's planets as a row of small discs with names."""
    height = 13.0

    def paint(canvas: Canvas, x: float, y: float) -> None:
        pitch = st.col_w / max(1, len(planets))
        for i, p in enumerate(planets):
            cx = x + pitch * (i + 0.5)
            draw_planet(canvas, p, cx, y - 4.5, 3.6, st.ink_saver)
            size = min(6.5, 6.5 * (pitch - 1) / max(1e-6, text_width(p.name, 6.5, "regular")))
            canvas.text(cx, y - 11.0, p.name, size, "regular", INK, "middle")

    return Frag(height, paint, 0.5)


def _toss_frag(deck: Deck, st: Style_, captions: Sequence[str]) -> Frag:
    """The toss example as a figure: the Ship Computer with the toss on the left, the galaxy
    on the right with the valid card(s) framed and, around the first, the 3×3 window of the
    box laid on it (all from :func:`toss_example`). ``captions``: the two figure titles."""
    data = toss_example(deck)
    galaxy: list[list[str]] = data["galaxy"]
    rows, cols = len(galaxy), len(galaxy[0])
    ship_s = 8.5
    left = 3 * ship_s + 8.0
    card_w = (st.col_w - left - 4.0 - (cols - 1) * 0.9) / cols
    card_h = card_w * 88 / 63
    head = 4.5
    height = head + 3.5 + rows * (card_h + 0.9) + 1.0
    purple = "#7B3FA0"
    # The cards under the marble spaces when the box lies on the first valid card: tinted.
    covered = {c["cell"] for c in data["checks"]}
    titles = [*captions, "", ""]

    def paint(canvas: Canvas, x: float, y: float) -> None:
        canvas.text(x, y - 3.0, titles[0], fit_size(titles[0], left - 2.0, 7.0, "bold"),
                    "bold", INK, "start")
        canvas.text(x + left + 4.0, y - 3.0, titles[1], 7.0, "bold", INK, "start")
        # The Ship Computer and the toss.
        top = y - head - 3.5
        dest = parse_space(data["destination"])
        for sp in (Pos(r, c) for r in range(3) for c in range(3)):
            sx, sy = x + sp.col * ship_s, top - (sp.row + 1) * ship_s
            canvas.rect(sx, sy, ship_s, ship_s, Style(fill=None if st.ink_saver else NOTE_FILL,
                                                       stroke=GREY, width=0.3))
            canvas.text(sx + 0.6, sy + ship_s - 2.0, cell_name(sp), 4.5, "regular", GREY,
                        "start")
            if sp == dest:
                canvas.circle(sx + ship_s / 2, sy + ship_s / 2 - 0.6, 2.6,
                              Style(fill=purple, stroke=INK, width=0.2))
        for item in data["spaces"]:
            sp = parse_space(item["space"])
            n = len(item["letters"])
            for k, letter in enumerate(item["letters"]):
                cx = x + sp.col * ship_s + ship_s / 2 + (k - (n - 1) / 2) * 3.6
                cy = top - (sp.row + 1) * ship_s + ship_s / 2 - 0.6
                draw_planet(canvas, deck.planet(letter), cx, cy, 1.55, st.ink_saver)
        # The galaxy.
        gx = x + left + 4.0
        gtop = y - head - 3.5
        for c in range(cols):
            canvas.text(gx + c * (card_w + 0.9) + card_w / 2, gtop + 1.0, chr(65 + c), 6.0,
                        "bold", GREY, "middle")
        valid = [parse_cell(v, rows, cols) for v in data["solutions"]]
        for r in range(rows):
            canvas.text(gx - 1.5, gtop - r * (card_h + 0.9) - card_h / 2 - 0.8, str(r + 1),
                        6.0, "bold", GREY, "end")
            for c in range(cols):
                cx0 = gx + c * (card_w + 0.9)
                cy0 = gtop - r * (card_h + 0.9) - card_h
                on = Pos(r, c) in valid
                fill = (None if st.ink_saver else
                        "#FFF3C4" if cell_name(Pos(r, c)) in covered else "#FBFBFB")
                canvas.rect(cx0, cy0, card_w, card_h,
                            Style(fill=fill,
                                  stroke=purple if on else GREY, width=0.8 if on else 0.25),
                            radius=0.8)
                letters = galaxy[r][c]
                for k, letter in enumerate(letters):
                    row_k, col_k = divmod(k, 2)
                    in_row = min(2, len(letters) - row_k * 2)
                    px = cx0 + card_w / 2 + (col_k - (in_row - 1) / 2) * 3.6
                    py = cy0 + card_h - 3.0 - row_k * 3.7
                    draw_planet(canvas, deck.planet(letter), px, py, 1.35, st.ink_saver)
        if valid:
            # The box laid on the first valid card: its 3×3 window, dashed.
            v = valid[0]
            r0, c0 = v.row - dest.row, v.col - dest.col
            wx = gx + c0 * (card_w + 0.9) - 0.5
            wy = gtop - (r0 + 3) * (card_h + 0.9) + 0.9 - 0.5
            canvas.rect(wx, wy, 3 * card_w + 2 * 0.9 + 1.0, 3 * card_h + 2 * 0.9 + 1.0,
                        Style(stroke=purple, width=0.45, dash=(1.2, 0.8)), radius=1.2)

    return Frag(height, paint, 2.0, keep_with_next=True)


def block_frags(blocks: Sequence[Block], deck: Deck, st: Style_) -> list[Frag]:
    """Turn blocks into the fragments of the flow."""
    frags: list[Frag] = []
    for b in blocks:
        if b.kind in ("heading2", "heading3"):
            size = 11.5 if b.kind == "heading2" else 9.2
            colour = st.head
            runs = parse_inline(b.text, "bold")
            lines = wrap_runs(runs, st.col_w, size)
            lh = _lh(size)

            def paint_head(canvas: Canvas, x: float, y: float, lines: list[Line] = lines,
                      size: float = size, lh: float = lh, colour: str = colour,
                      rule: bool = b.kind == "heading2") -> None:
                base = y - size * MM * 0.95
                for line in lines:
                    draw_line(canvas, x, base, line, size, colour)
                    base -= lh
                if rule:
                    canvas.line(x, y - len(lines) * lh - 0.4, x + st.col_w,
                                y - len(lines) * lh - 0.4, Style(stroke=colour, width=0.35))

            extra = 1.6 if b.kind == "heading2" else 0.4
            frags.append(Frag(len(lines) * lh + extra, paint_head,
                              4.5 if b.kind == "heading2" else 2.5, keep_with_next=True))
        elif b.kind == "para":
            frags += _text_frags(parse_inline(b.text), st.col_w, BODY, 0.0, INK, 1.6)
        elif b.kind in ("bullet", "number"):
            indent = 3.6 if b.kind == "bullet" else 4.6
            frags += _text_frags(parse_inline(b.text), st.col_w, BODY, indent, INK, 0.9,
                                 b.marker)
        elif b.kind == "note":
            inner = _text_frags(parse_inline(b.text), st.col_w - 4.0, BODY, 0.0, INK, 0.0)
            for i, f in enumerate(inner):
                first, last = i == 0, i == len(inner) - 1
                h = f.height + (1.2 if first else 0.0) + (1.2 if last else 0.0)

                def paint_note(canvas: Canvas, x: float, y: float, f: Frag = f, h: float = h,
                               first: bool = first) -> None:
                    if not st.ink_saver:
                        canvas.rect(x, y - h, st.col_w, h, Style(fill=NOTE_FILL))
                    canvas.line(x + 0.4, y, x + 0.4, y - h,
                                Style(stroke=st.head, width=0.8))
                    f.paint(canvas, x + 3.0, y - (1.2 if first else 0.0))

                frags.append(Frag(h, paint_note, 2.0 if first else 0.0, f.keep_with_next))
        elif b.kind == "table":
            frags += _table_frags(b, st, BODY - 0.4)
        elif b.kind == "planets":
            frags.append(_planet_frag(deck.planets, st))
        elif b.kind == "toss_example":
            frags.append(_toss_frag(deck, st, b.rows[0] if b.rows else []))
        else:  # pragma: no cover - the parser makes no other kinds
            raise ValueError(f"unknown block kind {b.kind!r}")
    return frags


@dataclass
class _Placed:
    page: int
    col: int
    y: float
    frag: Frag


def flow(frags: Sequence[Frag], col_top: Callable[[int], float], bottom: float,
         columns: int = 2) -> list[_Placed]:
    """Place fragments top to bottom, column after column, page after page. A fragment that
    does not fit goes to the next column together with the fragments it must stay with."""
    placed: list[_Placed] = []
    page, col = 0, 0
    y = col_top(page)
    at_top = True
    i = 0
    while i < len(frags):
        # The chain of fragments that must share a column with frags[i].
        need = (0.0 if at_top else frags[i].space_before) + frags[i].height
        j = i
        while frags[j].keep_with_next and j + 1 < len(frags):
            j += 1
            need += frags[j].space_before + frags[j].height
        if y - need < bottom and not at_top:
            col += 1
            if col == columns:
                page, col = page + 1, 0
            y = col_top(page)
            at_top = True
            continue
        f = frags[i]
        if not at_top:
            y -= f.space_before
        placed.append(_Placed(page, col, y, f))
        y -= f.height
        at_top = False
        i += 1
    return placed


# ---------------------------------------------------------------- pages
def _header(canvas: Canvas, st: Style_, meta: Mapping[str, str]) -> float:
    """Title and subtitle across the top of page 1; returns where the columns start."""
    top = st.height - MARGIN
    canvas.text(MARGIN, top - 7.0, meta.get("title", "Space Bowl"), 19, "bold", st.head,
                "start")
    canvas.text(MARGIN, top - 12.5, meta.get("subtitle", ""), 9, "regular", GREY, "start")
    canvas.line(MARGIN, top - 15.0, st.width - MARGIN, top - 15.0,
                Style(stroke=st.head, width=0.6))
    return top - 18.0


def _footer(canvas: Canvas, st: Style_, meta: Mapping[str, str], page: int, total: int
            ) -> None:
    y = MARGIN - 4.0
    canvas.line(MARGIN, y + 3.5, st.width - MARGIN, y + 3.5, Style(stroke=RULE_GREY, width=0.2))
    canvas.text(MARGIN, y, meta.get("footer", ""), 6.5, "regular", GREY, "start")
    canvas.text(st.width - MARGIN, y, f"{page}/{total}", 7, "bold", GREY, "end")


def rules_pages(lang: str, paper: str, deck: Deck, ink_saver: bool) -> list[Page]:
    """The rule summary in ``lang`` (``"en"``, ``"fr"`` or ``"de"``) on ``paper`` (``"a4"`` or
    ``"letter"``): two columns, headings, wrapped paragraphs and lists, the scoring table as
    a drawn table and a worked example computed by :func:`score_round`; two pages for the
    shipped templates (more only if a template grows). ``ink_saver`` drops the tinted
    backgrounds. ``ValueError`` for an unknown language or paper."""
    text = rules_text(lang, deck)
    pw, ph = paper_size(paper)
    col_w = (pw - 2 * MARGIN - COL_GAP) / 2
    st = Style_(pw, ph, col_w, ink_saver)
    meta, blocks = parse_markdown(text)
    frags = block_frags(blocks, deck, st)
    first_top = ph - MARGIN - 18.0

    def col_top(page: int) -> float:
        return first_top if page == 0 else ph - MARGIN

    placed = flow(frags, col_top, MARGIN + 2.0)
    total = (placed[-1].page + 1) if placed else 1
    pages: list[Page] = []
    for n in range(total):
        mine = [p for p in placed if p.page == n]

        def paint(canvas: Canvas, n: int = n, mine: list[_Placed] = mine) -> None:
            if n == 0:
                _header(canvas, st, meta)
            for p in mine:
                x = MARGIN + p.col * (col_w + COL_GAP)
                p.frag.paint(canvas, x, p.y)
            _footer(canvas, st, meta, n + 1, total)

        pages.append(DrawnPage(pw, ph, paint))
    return pages
