"""Hubble's daily solo challenges: the booklet and the classroom set.

**Booklet** (:func:`build_daily`): one challenge a day from the engine's generator
(``solve.challenges.daily_challenges``), each with the par solver's play
(``solve.manifest.make_entry``), each entry re-proved by the engine's independent check
(``solve.manifest.verify_entry``: strict reading, solo rules, legality replay, re-scoring)
before anything is written. Pages: a title page, how to play a day, one challenge a page, and
the answers (the par's finished pad and its score). ``booklet.pdf`` is sealed with
``manifest.json`` (:func:`publish.booklet.write_sealed`), so ``spacebowl check`` proves the
pars and the files.

**Classroom** (:func:`build_classroom`): one challenge for the whole class — the day
``start`` — a pad per student (name and date lines, the two cards, the blank pad, the score
strip), and a teacher's sheet: the rolls to read aloud, then the par with its finished pad.
``worksheets.pdf`` and ``teacher.pdf`` are sealed with ``manifest.json`` the same way.

Manifest: ``{"game": "hubble", "title", "seed", "constellations", "pad", "options", "tool",
"puzzles": [{"id", "challenge", "par": {"total", "score", "play"}}], "files"}`` — ids are
the challenges' ISO dates. A challenge depends only on (seed, date, pad size, set), so a day
prints the same in every booklet that holds it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print import __version__
from spacebowl_print.core.errors import InputError
from spacebowl_print.core.languages import long_date
from spacebowl_print.core.workers import Pool, worker_pool
from spacebowl_print.games.hubble.art.challenge import (
    roll_list,
    roll_list_height,
    roll_row,
    score_strip,
)
from spacebowl_print.games.hubble.art.hexes import INK, MUTED, draw_icon
from spacebowl_print.games.hubble.art.padsheet import (
    draw_pad,
    fit_pad,
    titles_strip,
    titles_strip_height,
)
from spacebowl_print.games.hubble.art.texts import LANGS, words
from spacebowl_print.games.hubble.model.challenge import Roll, min_rolls
from spacebowl_print.games.hubble.model.constellations import ConstellationSet, set_to_dict
from spacebowl_print.games.hubble.model.geometry import check_size
from spacebowl_print.games.hubble.puzzles.item import HubbleDay
from spacebowl_print.games.hubble.solve.challenges import (
    STANDARD_COLS,
    STANDARD_ROWS,
    daily_challenges,
)
from spacebowl_print.games.hubble.solve.manifest import make_entry, verify_entry
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish.pod import Frame
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.fonts import fit_size, line_height, wrap
from spacebowl_print.render.furniture import paragraphs

PAPERS: tuple[str, ...] = ("a5", "a4", "letter")
MAX_DAYS = 1000
"""Challenges a booklet holds at most (the par solver takes about a second each)."""
MAX_STUDENTS = 200
DEFAULT_START = dt.date(2027, 1, 1)
TEACHER_FACE = 7.0
"""Die faces (mm) on the teacher's sheet: large enough to read the rolls out from."""


@dataclass(frozen=True)
class DailyRequest:
    """What ``spacebowl hubble daily`` lets the user choose. ``classroom`` makes the class
    set for the day ``start`` with ``students`` pads instead of a booklet of ``days``."""

    days: int = 7
    start: dt.date = DEFAULT_START
    seed: int = 1
    lang: str = "en"
    paper: str = "a5"
    ink_saver: bool = False
    classroom: bool = False
    students: int = 0
    cols: int = STANDARD_COLS
    rows: int = STANDARD_ROWS
    jobs: int = 1
    """Processes solving pars side by side (the output does not depend on it)."""

    def check(self) -> DailyRequest:
        """Return self, or raise :class:`InputError` naming the bad option."""
        if not 1 <= self.days <= MAX_DAYS:
            raise InputError(f"must be 1 to {MAX_DAYS}, got {self.days}", "days")
        if self.paper not in PAPERS:
            raise InputError(f"must be one of {', '.join(PAPERS)}, got {self.paper!r}",
                             "paper")
        words(self.lang)
        if self.seed < 0:
            raise InputError(f"must be ≥ 0, got {self.seed}", "seed")
        if self.classroom and not 1 <= self.students <= MAX_STUDENTS:
            raise InputError(f"a class set needs 1 to {MAX_STUDENTS} students, got "
                             f"{self.students}", "students")
        if not self.classroom and self.students:
            raise InputError("--students is for the class set (--classroom)", "students")
        problem = check_size(self.cols, self.rows)
        if problem:
            raise InputError(problem, "pad_size")
        if (dt.date.max - self.start).days + 1 < self.days:
            raise InputError(f"{self.days} days from {self.start.isoformat()} run past "
                             f"{dt.date.max.isoformat()}", "start")
        return self

    def options(self) -> dict[str, Any]:
        """The request as the manifest records it."""
        out: dict[str, Any] = {"start": self.start.isoformat(), "lang": self.lang,
                               "paper": self.paper, "ink_saver": self.ink_saver}
        if self.classroom:
            out["students"] = self.students
        else:
            out["days"] = self.days
        return out


@dataclass(frozen=True)
class DailyReport:
    """What a build wrote: files, challenges, pages, and every par (challenge order)."""

    files: list[Path]
    puzzles: int
    pages: int
    pars: list[int]


def set_digest(cset: ConstellationSet) -> str:
    """SHA-256 of the constellation set's content (names, values, patterns)."""
    text = json.dumps(set_to_dict(cset), sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class HubbleDailyGame:
    """The :class:`~spacebowl_print.publish.booklet.PuzzleGame` of Hubble: the engine's
    independent check of an entry."""

    def __init__(self, cset: ConstellationSet) -> None:
        self.cset = cset

    def verify(self, entry: Mapping[str, Any]) -> str | None:
        return verify_entry(entry, self.cset)


def make_days(cset: ConstellationSet, req: DailyRequest,
              advance: Callable[[int], None] = lambda k: None) -> list[HubbleDay]:
    """The requested challenges (``req.days`` from ``req.start``, or the one class day),
    each with its par (the engine's ``make_entry``), as drawable items. ``advance(1)`` after
    each par."""
    days = 1 if req.classroom else req.days
    challenges = daily_challenges(req.seed, req.start, days, cset.names, req.cols, req.rows)
    out = []
    # Each par depends on its challenge alone, so solving them in several processes gives
    # the same entries, in the same order, as solving them one after the other.
    with _pool(req.jobs, len(challenges)) as pool:
        entries = pool.map(make_entry, challenges, [cset] * len(challenges))
        for k, entry in enumerate(entries, start=1):
            out.append(HubbleDay(entry, k, cset, req.lang, req.ink_saver))
            advance(1)
    return out


def _pool(jobs: int, tasks: int) -> AbstractContextManager[Pool]:
    """The shared worker pool (core.workers): signals are the parent's alone."""
    return worker_pool(jobs, tasks)


def _header(cset: ConstellationSet, req: DailyRequest) -> dict[str, Any]:
    """What made the booklet: seed, constellation set (name and digest), pad size, options,
    tool version."""
    return {"seed": req.seed, "constellations": {"name": cset.name, "sha256": set_digest(cset)},
            "pad": {"cols": req.cols, "rows": req.rows}, "options": req.options(),
            "tool": f"spacebowl_print {__version__}"}


# --------------------------------------------------------------------------- pages

_HOW_TO: dict[str, Any] = {"numbered": True, "indent": 5.0, "gap": 2.0, "fill": INK}
"""How Hubble's how-to steps are set (:func:`render.furniture.paragraphs`)."""


def icon_legend(canvas: Canvas, x: float, top: float, w: float, lang: str) -> float:
    """"How to draw": the five icons in a row, each with its letter, name and a pencil
    hint (two lines at most). Returns the y under it."""
    wd = words(lang)
    canvas.text(x, top - 5, wd["legend"], 10, "bold", INK)
    top -= 8
    pitch = w / 5
    for k, icon in enumerate("GPACS"):
        cx = x + pitch * k + pitch / 2
        draw_icon(canvas, icon, cx, top - 5, 4.0)
        label = f"{icon} · {wd[icon]}"
        canvas.text(cx, top - 13, label, fit_size(label, pitch - 1, 8, "bold", 6.0), "bold",
                    INK, "middle")
        for n, line in enumerate(wrap(wd[f"how_{icon}"], pitch - 1.5, 6.5)[:2]):
            canvas.text(cx, top - 16.5 - 2.8 * n, line, 6.5, "regular", MUTED, "middle")
    return top - 21


def how_to_page(lang: str) -> pub.PageFn:
    """How to play a day: three steps, the five icons as drawn, one roll read part by
    part, and the solo titles."""
    wd = words(lang)

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            canvas.text(x, y + h - 6, wd["how_title"], fit_size(wd["how_title"], w, 15, "bold"),
                        "bold", INK)
            top = paragraphs(canvas, x, y + h - 10, w, [wd[f"how_{k}"] for k in (1, 2, 3)],
                             9.0, **_HOW_TO)
            top = icon_legend(canvas, x, top, w, lang) - 6
            # one roll drawn as in the challenges, with what its parts are
            canvas.text(x, top - 4, wd["read_roll"], 10, "bold", INK)
            top -= 7
            example = Roll((0, 1), ("S", "C"), None)
            roll_row(canvas, example, 3, x, top - 6.0, min(w, 80.0), 6.0, lang, False)
            top -= 8.0
            for line in wrap(wd["roll_parts"], w, 8):
                top -= line_height(8, 1.3)
                canvas.text(x, top, line, 8, "regular", MUTED)
            top -= 6
            canvas.text(x, top - 4, wd["titles"], 10, "bold", INK)
            titles_strip(canvas, x, top - 6, w, lang, heading=False)
            pub.folio_text(canvas, f, folio)

        return paint

    return page


def challenge_page(day: HubbleDay, heading: str) -> pub.PageFn:
    """One challenge: its heading over a rule, then the challenge drawn by the item."""

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            size = fit_size(heading, w, 12, "bold", 8.0)
            canvas.text(x, y + h - 5, heading, size, "bold", INK)
            canvas.line(x, y + h - 7.5, x + w, y + h - 7.5, Style(stroke=pub.RULE, width=0.3))
            day.draw_puzzle(canvas, x, y, w, h - 10.0)
            pub.folio_text(canvas, f, folio)

        return paint

    return page


def answers_per_page(layout: pub.Layout, cols: int, rows: int) -> tuple[int, int]:
    """(columns, rows) of answer boxes: pads wider than tall take the page's width, two or
    three a page; squarer pads go two across on large pages."""
    small = layout.trim.height < 240
    wide = cols >= 2 * rows
    if wide:
        return (1, 2) if small else (1, 3)
    return (1, 2) if small else (2, 2)


def booklet_page_fns(layout: pub.Layout, req: DailyRequest, cset: ConstellationSet,
                     days: Sequence[HubbleDay]) -> list[pub.PageFn]:
    """Title page, how to play, one challenge a page, the answers."""
    wd = words(req.lang)
    first, last = req.start, req.start + dt.timedelta(days=len(days) - 1)
    span = (wd["daily_sub"].format(n=len(days), start=long_date(first, req.lang),
                                   end=long_date(last, req.lang)) if len(days) > 1 else
            wd["daily_one"].format(n=1, start=long_date(first, req.lang)))
    fns = [pub.title_page(wd["daily_title"], span, [
        wd["pad_line"].format(cols=req.cols, rows=req.rows, rolls=min_rolls(req.cols,
                                                                            req.rows)),
        wd["set_line"].format(name=cset.name), wd["seed_line"].format(seed=req.seed)]),
        how_to_page(req.lang)]
    for d in days:
        date = dt.date.fromisoformat(d.id)
        fns.append(challenge_page(d, f"{wd['challenge']} {d.number} · "
                                     f"{long_date(date, req.lang)}"))
    fns += pub.answer_pages(days, lambda d, i: f"{wd['challenge']} {i + 1} · {d.id}", wd,
                            answers_per_page(layout, req.cols, req.rows))
    return fns


def build_daily(cset: ConstellationSet, out_dir: Path, req: DailyRequest,
                advance: Callable[[int], None] = lambda k: None) -> DailyReport:
    """Make, prove and publish ``req.days`` daily challenges into ``out_dir``:
    ``booklet.pdf`` and ``manifest.json``, all or nothing. ``advance(1)`` after each par.
    Raises :class:`~publish.booklet.VerificationError` (nothing written) when the engine's
    check disagrees with any par."""
    req.check()
    layout = pub.home_layout(req.paper, "none")
    days = make_days(cset, req, advance)
    entries = pub.verify_all(HubbleDailyGame(cset), days)
    title = words(req.lang)["daily_title"]
    pages = pub.compose(layout, booklet_page_fns(layout, req, cset, days))
    data = pub.manifest("hubble", title, _header(cset, req), entries)
    files = pub.write_sealed(out_dir, data, {
        "booklet.pdf": lambda subject: pub.render_pages(layout, pages, title, subject)})
    return DailyReport(files, len(days), len(pages), [d.par for d in days])


# --------------------------------------------------------------------------- classroom

def student_page(day: HubbleDay, student: int, students: int, lang: str) -> pub.PageFn:
    """A student's pad: name and date lines, the two cards, the blank pad as large as fits,
    the score strip, the solo titles."""
    wd = words(lang)

    def page(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            top = pub.name_line(canvas, x, y + h, w, [f"{wd['name']}:", f"{wd['date']}:",
                                                      f"{student}/{students}"])
            head = f"{wd['student_pad']} · {wd['challenge']} {day.id}"
            canvas.text(x, top - 4.5, head, fit_size(head, w, 11, "bold", 8.0), "bold", INK)
            top -= 7.0
            top = day.draw_cards(canvas, x, top, w, min(30.0, h * 0.14)) - 3.0
            titles_h = titles_strip_height(w, lang)
            room = top - (y + titles_h + 12.0)
            art = fit_pad(day.challenge.cols, day.challenge.rows, w, room, 9.0)
            draw_pad(canvas, art, x + (w - art.width) / 2, top - art.height, lang,
                     day.ink_saver)
            top -= art.height + 2.0
            top = score_strip(canvas, x, top, w, lang) - 4.0
            # the rules in brief and how to draw, for a student on their own
            if top - (y + titles_h) > 70.0:
                top = paragraphs(canvas, x, top, w, [wd["how_2"], wd["how_3"]], 8.5, **_HOW_TO)
                icon_legend(canvas, x, top - 2.0, w, lang)
            titles_strip(canvas, x, y + titles_h, w, lang)

        return paint

    return page


def teacher_pages(day: HubbleDay, lang: str) -> list[pub.PageFn]:
    """The teacher's sheet: the hint, the two cards and every roll in large rows (to read
    aloud); then the par with its finished pad and score."""
    wd = words(lang)

    def rolls(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            head = f"{wd['teacher']} · {wd['challenge']} {day.id}"
            canvas.text(x, y + h - 6, head, fit_size(head, w, 14, "bold", 8.0), "bold", INK)
            top = y + h - 9
            for line in wrap(wd["teacher_hint"], w, 9):
                top -= line_height(9, 1.3)
                canvas.text(x, top, line, 9, "regular", MUTED)
            top = day.draw_cards(canvas, x, top - 3, w, min(30.0, h * 0.14)) - 3.0
            # rows as tall as the page allows (9 mm at most): the sheet is read aloud
            n = len(day.challenge.rolls)
            # one column of big rows when they fit 7 mm or taller, else as many as needed
            most = 1 if roll_list_height(n, w, 7.0, lang, most=1) <= top - y - 4.0 else 4
            row_h = 9.0
            while row_h > 4.0 and roll_list_height(n, w, row_h, lang,
                                                   most=most) > top - y - 4.0:
                row_h -= 0.25
            roll_list(canvas, day.challenge.rolls, x, top, min(w, 150.0) if most == 1 else w,
                      row_h, lang, day.ink_saver, face_max=TEACHER_FACE, most=most)
            pub.folio_text(canvas, f, folio)

        return paint

    def par(f: Frame, folio: int) -> pub.Painter:
        x, y, w, h = f.content

        def paint(canvas: Canvas) -> None:
            head = f"{wd['par_pad']} · {wd['challenge']} {day.id}"
            canvas.text(x, y + h - 6, head, fit_size(head, w, 14, "bold", 8.0), "bold", INK)
            day.draw_answer(canvas, x, y + h * 0.35, w, h * 0.65 - 10)
            pub.folio_text(canvas, f, folio)

        return paint

    return [rolls, par]


def build_classroom(cset: ConstellationSet, out_dir: Path, req: DailyRequest,
                    advance: Callable[[int], None] = lambda k: None) -> DailyReport:
    """The class set for the day ``req.start``: ``worksheets.pdf`` (one pad per student),
    ``teacher.pdf`` (rolls to read, the par) and ``manifest.json``, all or nothing; the par
    is proved by the engine first."""
    req.check()
    if not req.classroom:
        raise InputError("a class set needs --classroom", "classroom")
    layout = pub.home_layout(req.paper, "none")
    days = make_days(cset, req, advance)
    entries = pub.verify_all(HubbleDailyGame(cset), days)
    day = days[0]
    wd = words(req.lang)
    title = wd["class_title"]
    sheets = pub.compose(layout, [student_page(day, k + 1, req.students, req.lang)
                                  for k in range(req.students)])
    teacher = pub.compose(layout, teacher_pages(day, req.lang))
    data = pub.manifest("hubble", title, _header(cset, req), entries)
    files = pub.write_sealed(out_dir, data, {
        "worksheets.pdf": lambda subject: pub.render_pages(layout, sheets, title, subject),
        "teacher.pdf": lambda subject: pub.render_pages(layout, teacher, title, subject),
    })
    return DailyReport(files, 1, len(sheets) + len(teacher), [day.par])


__all__ = ["DEFAULT_START", "LANGS", "MAX_DAYS", "MAX_STUDENTS", "PAPERS", "DailyReport",
           "DailyRequest", "HubbleDailyGame", "answers_per_page", "booklet_page_fns",
           "build_classroom", "build_daily", "challenge_page", "how_to_page", "icon_legend",
           "make_days",
           "set_digest", "student_page", "teacher_pages"]
