"""Two-column flow layout of Markdown-subset documents (rule summaries, introductions):
headings, wrapped paragraphs and lists without orphans or widows, shaded notes, drawn tables,
and figures a game supplies by name. Game-free.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from spacebowl_print.render.api import Anchor, Canvas, DrawnPage, FontName, Page, Painter, Style
from spacebowl_print.render.furniture import GREY, INK, paper_size
from spacebowl_print.render.markdown import (
    MM,
    Block,
    Line,
    Run,
    draw_line,
    line_width,
    parse_inline,
    parse_markdown,
    wrap_runs,
)

# ---------------------------------------------------------------- typography
BODY = 8.6
"""Body text size (pt)."""
LEADING = 1.3
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


# ---------------------------------------------------------------- flow layout
BlockPainter = Callable[[Canvas, float, float], None]
"""Draws a fragment with its top-left corner at (x, y_top)."""


@dataclass(frozen=True)
class Frag:
    """An unbreakable slice of the flow: its height, how to draw it, the space wanted above
    it (dropped at the top of a column) and whether it must stay with the next fragment."""

    height: float
    paint: BlockPainter
    space_before: float = 0.0
    keep_with_next: bool = False


@dataclass(frozen=True)
class DocStyle:
    """Page geometry and colours of one rule summary."""

    width: float
    height: float
    col_w: float
    ink_saver: bool
    body: float = BODY
    """Body text size (pt); headings and tables keep their own sizes."""

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


def _table_frags(block: Block, st: DocStyle, size: float) -> list[Frag]:
    """A drawn table: column widths by water-filling (narrow columns keep their natural
    width, wide ones share the rest and wrap), header row bold over a rule, zebra rows."""
    n_cols = max(len(r) for r in block.rows)
    rows = [r + [""] * (n_cols - len(r)) for r in block.rows]
    align: list[Anchor] = [_anchor(a) for a in (block.align + ["start"] * n_cols)[:n_cols]]

    def base_font(i: int) -> FontName:
        return "bold" if block.header and i == 0 else "regular"

    natural = [max(line_width(wrap_runs(parse_inline(r[c], base_font(i)), 10_000, size)[0],
                              size) for i, r in enumerate(rows)) + 2 * _PAD
               for c in range(n_cols)]
    natural = [w + 0.05 for w in natural]  # rounding must never wrap a cell measured to fit
    widths = _column_widths(natural, st.col_w)
    frags: list[Frag] = []
    for i, row in enumerate(rows):
        head = block.header and i == 0
        cells = [wrap_runs(parse_inline(cell, base_font(i)),
                           widths[c] - 2 * _PAD, size) for c, cell in enumerate(row)]
        zebra = not head and not st.ink_saver and (i % 2 == (0 if block.header else 1))
        row_art = _TableRow(st, size, widths, align, cells, head, zebra)
        # A short table stays in one piece; a long one keeps at least its header with a row.
        keep = head or (len(rows) <= KEEP_TABLE_ROWS and i < len(rows) - 1)
        frags.append(Frag(row_art.height, row_art.paint, 1.5 if i == 0 else 0.0,
                          keep_with_next=keep))
    # The top rule of the table.
    first = frags[0]

    def top_rule(canvas: Canvas, x: float, y: float, inner: BlockPainter = first.paint) -> None:
        canvas.line(x, y, x + st.col_w, y, Style(stroke=INK, width=0.4))
        inner(canvas, x, y)

    frags[0] = Frag(first.height, top_rule, first.space_before, first.keep_with_next)
    return frags


_PAD = 1.2
"""A table cell's padding (mm)."""


def _column_widths(natural: Sequence[float], avail: float) -> list[float]:
    """Water-filling: columns whose ``natural`` width fits an equal share of what is left
    keep it; the others share the rest equally. Any slack goes to the first column (the text
    column)."""
    n_cols = len(natural)
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
    return widths


@dataclass(frozen=True)
class _TableRow:
    """One row of a table: its wrapped ``cells`` set in columns of ``widths``."""

    st: DocStyle
    size: float
    widths: Sequence[float]
    align: Sequence[Anchor]
    cells: list[list[Line]]
    head: bool
    zebra: bool

    @property
    def height(self) -> float:
        """The tallest cell's lines, and the padding."""
        return max(len(c) for c in self.cells) * _lh(self.size) + 2 * _PAD * 0.8

    def paint(self, canvas: Canvas, x: float, y: float) -> None:
        """The zebra shade, each cell's lines aligned in its column, the rule under."""
        st, size, widths, height = self.st, self.size, self.widths, self.height
        lh = _lh(size)
        if self.zebra:
            canvas.rect(x, y - height, st.col_w, height, Style(fill=NOTE_FILL))
        cx = x
        for c, lines in enumerate(self.cells):
            base = y - _PAD * 0.8 - size * MM * 0.95
            for line in lines:
                draw_line(canvas, cx + _PAD, base, line, size, INK, self.align[c],
                          widths[c] - 2 * _PAD)
                base -= lh
            cx += widths[c]
        rule = Style(stroke=INK if self.head else RULE_GREY, width=0.4 if self.head else 0.15)
        canvas.line(x, y - height, x + st.col_w, y - height, rule)


Figure = Callable[[Block, "DocStyle"], Frag]
"""Draws a ``[[name|args]]`` block (its args are ``block.rows[0]``) as one fragment."""


def block_frags(blocks: Sequence[Block], st: DocStyle,
                figures: Mapping[str, Figure] | None = None) -> list[Frag]:
    """Turn blocks into the fragments of the flow; ``figures`` draws the named figures (an
    unknown figure name is a ``ValueError``)."""
    frags: list[Frag] = []
    for b in blocks:
        if b.kind in ("heading2", "heading3"):
            frags.append(_heading_frag(b, st))
        elif b.kind == "para":
            frags += _text_frags(parse_inline(b.text), st.col_w, st.body, 0.0, INK, 1.6)
        elif b.kind in ("bullet", "number"):
            indent = 3.6 if b.kind == "bullet" else 4.6
            frags += _text_frags(parse_inline(b.text), st.col_w, st.body, indent, INK, 0.9,
                                 b.marker)
        elif b.kind == "note":
            frags += _note_frags(b, st)
        elif b.kind == "table":
            frags += _table_frags(b, st, st.body - 0.4)
        elif figures is not None and b.kind in figures:
            frags.append(figures[b.kind](b, st))
        else:
            raise ValueError(f"the document asks for a figure nobody draws: [[{b.kind}]]")
    return frags


def _heading_frag(b: Block, st: DocStyle) -> Frag:
    """A heading in bold, in the heading colour, kept with what follows; a ``##`` heading
    has a rule under it."""
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
    return Frag(len(lines) * lh + extra, paint_head, 4.5 if b.kind == "heading2" else 2.5,
                keep_with_next=True)


def _note_frags(b: Block, st: DocStyle) -> list[Frag]:
    """A note's lines on a shaded band (none in ink-saver mode) with a bar down its left
    edge."""
    frags: list[Frag] = []
    inner = _text_frags(parse_inline(b.text), st.col_w - 4.0, st.body, 0.0, INK, 0.0)
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
def _header(canvas: Canvas, st: DocStyle, meta: Mapping[str, str]) -> float:
    """Title and subtitle across the top of page 1; returns where the columns start."""
    top = st.height - MARGIN
    canvas.text(MARGIN, top - 7.0, meta.get("title", ""), 19, "bold", st.head,
                "start")
    canvas.text(MARGIN, top - 12.5, meta.get("subtitle", ""), 9, "regular", GREY, "start")
    canvas.line(MARGIN, top - 15.0, st.width - MARGIN, top - 15.0,
                Style(stroke=st.head, width=0.6))
    return top - 18.0


def _footer(canvas: Canvas, st: DocStyle, meta: Mapping[str, str], page: int, total: int
            ) -> None:
    y = MARGIN - 4.0
    canvas.line(MARGIN, y + 3.5, st.width - MARGIN, y + 3.5, Style(stroke=RULE_GREY, width=0.2))
    canvas.text(MARGIN, y, meta.get("footer", ""), 6.5, "regular", GREY, "start")
    canvas.text(st.width - MARGIN, y, f"{page}/{total}", 7, "bold", GREY, "end")


def document_pages(text: str, paper: str, ink_saver: bool,
                   figures: Mapping[str, Figure] | None = None) -> list[Page]:
    """A Markdown-subset document (see :mod:`spacebowl_print.render.markdown`) on ``paper``
    (``"a4"`` or ``"letter"``): title and subtitle from its ``%%`` metadata across the top of
    page 1, then two columns of headings, wrapped paragraphs and lists, notes, tables and
    ``figures``; a footer with the ``footer`` metadata and page numbers. ``ink_saver`` drops
    the tinted backgrounds. ``ValueError`` for an unknown paper."""
    pw, ph = paper_size(paper)
    col_w = (pw - 2 * MARGIN - COL_GAP) / 2
    st = DocStyle(pw, ph, col_w, ink_saver)
    meta, blocks = parse_markdown(text)
    frags = block_frags(blocks, st, figures)
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



BODY_SIZES = (BODY, 8.2, 7.8, 7.4)
"""Body sizes :func:`column_painters` tries, largest first (never under 7 pt)."""
LAST_PAGE_MIN = 0.3
"""A last page filled less than this (by height) is worth a slightly smaller body size."""


def _column_layout(blocks: Sequence[Block], width: float, height: float,
                   figures: Mapping[str, Figure] | None, body: float) -> list[_Placed]:
    st = DocStyle(width, height, width, False, body)
    return flow(block_frags(blocks, st, figures), lambda page: height, 0.0, columns=1)


def column_painters(text: str, width: float, height: float,
                    figures: Mapping[str, Figure] | None = None) -> list[Painter]:
    """A Markdown-subset document set in one column of ``width`` × ``height`` mm (booklet
    front matter), one painter a page drawing with the column's lower-left corner at the
    origin. When the last page would hold only a few lines, the body is set a little
    smaller (down to 7.4 pt) if that saves the page: no near-empty page of spill."""
    _, blocks = parse_markdown(text)
    best = _column_layout(blocks, width, height, figures, BODY_SIZES[0])
    pages = (best[-1].page + 1) if best else 0
    if best and pages > 1:
        last = [p for p in best if p.page == pages - 1]
        used = (height - min(p.y - p.frag.height for p in last)) / height
        if used < LAST_PAGE_MIN:
            for body in BODY_SIZES[1:]:
                trial = _column_layout(blocks, width, height, figures, body)
                if trial[-1].page + 1 < pages:
                    best = trial
                    break
    total = (best[-1].page + 1) if best else 0
    painters: list[Painter] = []
    for n in range(total):
        mine = [p for p in best if p.page == n]

        def paint(canvas: Canvas, mine: list[_Placed] = mine) -> None:
            for p in mine:
                p.frag.paint(canvas, 0.0, p.y)

        painters.append(paint)
    return painters
