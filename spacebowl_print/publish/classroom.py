"""A classroom set of any game: a worksheet per student (a short code, name and date lines,
the puzzles), a teacher's key by code with a legend, and ``manifest.json``.

``worksheets.pdf`` opens with the game's teaching page (to project or hand out) on a sheet
of its own; then every student's worksheet takes a whole number of sheets when printed on
both sides (a student's pages never share a sheet with another's: odd counts get a page
for notes), ending with the game's score sheet when it has one (:class:`ScoringAid`).
``teacher-key.pdf`` is a table of codes × puzzles, as many rows a page as fit (a class of
30 with up to six puzzles each is one page), under the tiers the set uses and a legend; then
every code's answers drawn, as the booklet's answer key draws them (a set where everyone
has the same puzzles draws them once). Every answer survives the game's independent check
before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish.book import notes_page, teach_page
from spacebowl_print.publish.kinds import PuzzleItem, ScoringAid
from spacebowl_print.publish.layout import Frame, Layout, frame
from spacebowl_print.publish.publication import Publisher, manifest
from spacebowl_print.publish.requests import ClassRequest
from spacebowl_print.publish.schedule import class_slots, student_codes
from spacebowl_print.render.api import Canvas, Page, Style
from spacebowl_print.render.fonts import fit_size, line_height, text_width, wrap

KEY_COLUMNS = 6
"""Puzzle columns per teacher's key table (more puzzles continue in another table)."""
KEY_ROW, KEY_HEAD = 6.2, 24.0
"""Row height and heading height (mm) of the teacher's key."""
KEY_SIZE = 8.5
"""Type size of the key's answers (they shrink to fit a cell, never under 7 pt)."""


@dataclass(frozen=True)
class ClassReport:
    """What a build wrote: files, puzzles made, worksheet pages and key pages."""

    files: list[Path]
    puzzles: int
    pages: int
    key_pages: int
    students: int = 0
    per_student: int = 0

    def lines(self) -> list[str]:
        """What the command prints: the worksheets, the key's pages, the files."""
        plural = "s" if self.key_pages != 1 else ""
        return [f"{self.students} worksheets × {self.per_student} puzzles, {self.pages} "
                f"worksheet pages, teacher's key {self.key_pages} page{plural}",
                *(f"  wrote {f}" for f in self.files)]


Sheet = tuple[str, list[PuzzleItem]]
"""A student's worksheet: the code and the puzzles."""


def build_classroom(req: ClassRequest, out_dir: Path,
                    advance: Callable[[int], None] = lambda k: None) -> ClassReport:
    """Make, prove and write the classroom set into ``out_dir`` (all or nothing):
    ``worksheets.pdf``, ``teacher-key.pdf`` and ``manifest.json``."""
    publisher = Publisher.start(req.run, req.tiers)
    layout = req.layout
    codes = student_codes(req.students, publisher.seed)
    if req.same:
        made = publisher.make(class_slots(["ALL"], req.puzzles, req.tier), advance)
        sheets: list[Sheet] = [(code, made) for code in codes]
    else:
        made = publisher.make(class_slots(codes, req.puzzles, req.tier), advance)
        sheets = [(code, made[s * req.puzzles: (s + 1) * req.puzzles])
                  for s, code in enumerate(codes)]
    header = publisher.header({**req.options(), "lang": publisher.ctx.lang,
                               "ink_saver": publisher.ctx.ink_saver,
                               "greyscale": publisher.ctx.greyscale})
    header["students"] = codes
    entries = publisher.verified(header, made)
    words = publisher.words
    title = words["class_title"]
    sheet_pages = pub.in_grey(worksheet_pages(publisher, layout, sheets), publisher.ctx.greyscale)
    key = pub.in_grey(pub.compose(layout, teacher_key(publisher, layout, sheets, req)),
                      publisher.ctx.greyscale)
    data = manifest(header, title, entries)
    files = pub.write_sealed(out_dir, data, {
        "worksheets.pdf": lambda subject: pub.render_pages(
            layout, sheet_pages, title, subject, duplex="DuplexFlipLongEdge"),
        "teacher-key.pdf": lambda subject: pub.render_pages(layout, key, title, subject),
    }, publisher.kind_of("classroom"), req.run.force)
    return ClassReport(files, len(made), len(sheet_pages), len(key), req.students, req.puzzles)


def worksheet_pages(publisher: Publisher, layout: Layout, sheets: Sequence[Sheet]
                    ) -> list[Page]:
    """The teaching page with its back left for notes, then each student's pages (the
    game's number of puzzles a page, fewer on A5), each under the code, name and date
    lines, padded to whole sheets."""
    words = publisher.words
    noun = publisher.ctx.words["puzzle"]
    per_page = publisher.kind.worksheet_per_page
    if layout.trim.width < 180:
        per_page = 1
    fns: list[pub.PageFn] = [teach_page(publisher, words["how_to_play"]),
                             notes_page(words["notes"])]
    kind = publisher.kind
    aid = (kind.scoring_aid(publisher.source, publisher.ctx)
           if isinstance(kind, ScoringAid) else None)
    for code, sheet in sheets:
        mine: list[pub.PageFn] = []
        fields = [f"{words['name']}:", f"{words['date']}:", f"{words['code']} {code}"]
        for start in range(0, len(sheet), per_page):
            items = [(p, f"{words['code']} {code} · {noun} {k + 1}/{len(sheet)}")
                     for k, p in enumerate(sheet[start: start + per_page], start=start)]
            mine.append(pub.puzzle_page(items, words, fields))
        if aid is not None:
            mine.append(_aid_page(aid, len(sheet), fields))
        if len(mine) % 2:
            mine.append(notes_page(words["notes"]))
        fns += mine
    return pub.compose(layout, fns)


def teacher_key(publisher: Publisher, layout: Layout, sheets: Sequence[Sheet],
                req: ClassRequest) -> list[pub.PageFn]:
    """The key as tables: one row per worksheet code, one column per puzzle (at most
    :data:`KEY_COLUMNS` a table), as many rows a page as fit; every page says how to read
    it (the game's legend)."""
    puzzles = max(len(sheet) for _, sheet in sheets)
    blocks = [list(range(a, min(a + KEY_COLUMNS, puzzles)))
              for a in range(0, puzzles, KEY_COLUMNS)]
    content = frame(layout.trim, 1, 100, layout.bleed, layout.margin).content
    legend = publisher.kind.key_legend(publisher.ctx)
    legend_h = len(wrap(legend, content[2], 8.5)) * line_height(8.5, 1.3)
    per_page = max(1, int((content[3] - KEY_HEAD - legend_h) // KEY_ROW) - 2)
    used = sorted({p.tier for _, sheet in sheets for p in sheet})
    which = "class_line_one" if len(used) == 1 else "class_line"
    line = publisher.words[which].format(students=req.students, n=req.puzzles,
                                         tiers=tier_span(used))
    fns: list[pub.PageFn] = []
    for block in blocks:
        for a in range(0, len(sheets), per_page):
            fns.append(_key_page(block, sheets[a: a + per_page], publisher.words,
                                 publisher.ctx.words["puzzle"], line, legend))
    return fns + drawn_answers(publisher, layout, sheets, req.same)


def tier_span(tiers: Sequence[int]) -> str:
    """The tiers a set uses, as its key's header says them: ``3``, ``1–3``, ``1, 3, 5``."""
    if not tiers:
        return "—"
    if list(tiers) == list(range(tiers[0], tiers[-1] + 1)):
        return str(tiers[0]) if len(tiers) == 1 else f"{tiers[0]}–{tiers[-1]}"
    return ", ".join(map(str, tiers))


def drawn_answers(publisher: Publisher, layout: Layout, sheets: Sequence[Sheet],
                  same: bool) -> list[pub.PageFn]:
    """Every code's answers drawn (the game's ``draw_answer``, as in a booklet's key), in
    the order of the codes, each box labelled with the code, the puzzle and its tier; once
    for a set where everyone has the same puzzles."""
    noun = publisher.ctx.words["puzzle"]
    words = publisher.words
    content = frame(layout.trim, 1, 100, layout.bleed, layout.margin).content
    per_page = publisher.kind.answers_per_page(publisher.source, content[2], content[3])
    items: list[PuzzleItem] = []
    labels: list[str] = []
    for code, sheet in (sheets[:1] if same else sheets):
        who = words["every_code"] if same else f"{words['code']} {code}"
        for k, p in enumerate(sheet):
            items.append(p)
            labels.append(f"{who} · {noun} {k + 1}/{len(sheet)} · {'★' * p.tier}")
    return pub.answer_pages(items, lambda item, index: labels[index], words, per_page)


def _aid_page(aid: Callable[[Canvas, tuple[float, float, float, float], int], None],
              puzzles: int, fields: Sequence[str]) -> pub.PageFn:
    """A student's scoring aid (the game's :class:`ScoringAid`) under their name, date and
    code."""

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            top = pub.name_line(canvas, x, y + h, w, fields) - 2
            aid(canvas, (x, y, w, top - y), puzzles)
            pub.folio_text(canvas, f, folio)

        return paint

    return page


def _key_page(columns: list[int], part: Sequence[Sheet], words: Mapping[str, str], noun: str,
              line: str, legend: str) -> pub.PageFn:
    """One page of the key: heading, the class line, the legend, and a table of ``part``'s
    codes × ``columns``."""

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            canvas.text(x, y + h - 6, words["teacher_key"], 15, "bold", pub.INK)
            canvas.text(x, y + h - 11.5, line, 9, "regular", pub.MUTED)
            top = y + h - 16
            canvas.text(x, top, f"{words['legend']}:", 8.5, "bold", pub.INK)
            for piece in wrap(legend, w, 8.5):
                top -= line_height(8.5, 1.3)
                canvas.text(x, top, piece, 8.5, "regular", pub.INK)
            top -= 4
            code_w = max(18.0, text_width(words["code"], 9, "bold") + 6)
            col_w = (w - code_w) / len(columns)
            canvas.text(x + 1, top - 4.3, words["code"], 9, "bold", pub.INK)
            for k, c in enumerate(columns):
                head = f"{noun} {c + 1}"
                canvas.text(x + code_w + k * col_w + 1, top - 4.3, head,
                            fit_size(head, col_w - 2, 9, "bold", 7), "bold", pub.INK)
            canvas.line(x, top - KEY_ROW, x + w, top - KEY_ROW,
                        Style(stroke=pub.INK, width=0.4))
            for r, (code, sheet) in enumerate(part):
                ry = top - (r + 2) * KEY_ROW
                if r % 2 == 0:
                    canvas.rect(x, ry, w, KEY_ROW, Style(fill="#EEF1F6"))
                canvas.text(x + 1, ry + 1.8, code, 9, "bold", pub.INK)
                for k, c in enumerate(columns):
                    if c < len(sheet):
                        text = sheet[c].short_answer()
                        size = fit_size(text, col_w - 2, KEY_SIZE, "regular", 7.0)
                        canvas.text(x + code_w + k * col_w + 1, ry + 1.8, text, size,
                                    "regular", pub.INK)
            pub.folio_text(canvas, f, folio)

        return paint

    return page


__all__ = ["ClassReport", "build_classroom", "drawn_answers", "teacher_key", "tier_span",
           "worksheet_pages"]
