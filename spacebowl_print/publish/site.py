"""A daily puzzle web site of any game: one self-contained HTML page a day and an index.

Each page carries everything inline (SVG art, CSS, a small script) and loads nothing from the
network, so it works from a USB stick or a projector's laptop. A page shows the day's puzzle,
a short "how to play", and a Reveal button that shows the engine's one-line reason and the
answer's pictures, stepped through with next/previous (mouse or keys: R, ← →). A game whose
page does more (Space Bowl: pick cards and check) names its own template, which extends the
shared one. Every page carries the manifest's seal; the manifest records every page's hash.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print import __version__
from spacebowl_print.core.folders import MARKER, atomic_dir, marker_json
from spacebowl_print.core.languages import long_date
from spacebowl_print.core.templates import html_environment
from spacebowl_print.publish.booklet import manifest_json
from spacebowl_print.publish.manifest import file_record, seal_of, seal_subject
from spacebowl_print.publish.publication import Publisher, manifest
from spacebowl_print.publish.requests import SiteRequest
from spacebowl_print.render.api import Canvas, DrawnPage
from spacebowl_print.render.svg import SvgCanvas, num, svg_bytes

INDEX_WORDS: dict[str, dict[str, str]] = {
    "en": {"today": "Today", "no_today": "No day of this site is today ({today}): it runs from "
           "{first} to {last}.", "done": "solved"},
    "fr": {"today": "Aujourd’hui", "no_today": "Aucun jour de ce site n’est aujourd’hui "
           "({today}) : il va du {first} au {last}.", "done": "résolu"},
    "de": {"today": "Heute", "no_today": "Kein Tag dieser Seite ist heute ({today}): Sie reicht "
           "vom {first} bis {last}.", "done": "gelöst"},
}
"""The index's own words: the entry that opens the visitor's date, and the mark of a day
already solved in this browser (English for a language without its own)."""


@dataclass(frozen=True)
class SiteReport:
    """What :func:`build_site` wrote."""

    files: list[Path]
    pages: int
    folder: Path = Path()

    def lines(self) -> list[str]:
        """What the command prints."""
        return [f"{self.pages} daily pages and an index in {self.folder}"]


_ID = re.compile(r'(\bid="|url\(#|href="#)([A-Za-z_][\w.-]*)')


_LINE = re.compile(r'<line ((?:(?!x1=|x2=|y1=|y2=)[\w-]+="[^"]*" )*)x1="([^"]+)" x2="([^"]+)" '
                   r'y1="([^"]+)" y2="([^"]+)" ((?:[\w-]+="[^"]*" )*)/>')
_RUN = re.compile(r'(?:<line [^>]*/>)+')
_D = re.compile(r'( d="| points=")([^"]*)"')
_DECIMAL = re.compile(r'(-?\d+\.\d)(\d+)')


def _hundredths(v: str) -> int:
    return round(float(v) * 100)


def _fmt(h: int) -> str:
    """Hundredths of a mm as the shortest SVG number: ``-.5``, ``12.34``, ``3``."""
    sign, h = ("-" if h < 0 else ""), abs(h)
    whole, frac = divmod(h, 100)
    text = (str(whole) if whole else "") + (f".{frac:02d}".rstrip("0") if frac else "")
    return sign + (text or "0")


def _then(text: str, last: str, number: str) -> str:
    """``text`` (whose last number is ``last``) followed by ``number``, with a space only
    where the two would otherwise read as one number."""
    glued = number[0] == "-" or (number[0] == "." and "." in last)
    return text + ("" if glued or not last else " ") + number


_TOKEN = re.compile(r"[MLZ]|-?(?:\d+\.?\d*|\.\d+)")


def _path_data(d: str) -> str:
    """Path data to 0.01 mm: a path of moves and straight lines (all the backend draws but
    curves) in relative steps counted in whole hundredths, so no rounding accumulates;
    anything else (curves, polygon points) only rounded."""
    tokens = _TOKEN.findall(d)
    plain = bool(tokens) and tokens[0] == "M" and re.sub(r"[\s,]+", "", d) == "".join(tokens)
    if not plain:
        return re.sub(r"-?\d+\.\d+", lambda m: _fmt(_hundredths(m.group(0))), d)
    text, last, cmd = "", "", ""
    x = y = sx = sy = 0
    numbers = iter(tokens)
    for t in numbers:
        if t in "MLZ":
            if t == "L" and cmd == "l":
                continue  # still drawing lines: the step needs no letter
            cmd = t
            if t == "Z":
                text, last = text + "z", ""
                x, y = sx, sy
            continue
        nx, ny = _hundredths(t), _hundredths(next(numbers))
        if cmd == "M":
            text, last = text + "M", ""
            sx, sy = nx, ny
            dx, dy = nx, ny
            cmd = "L"  # pairs after a move are lines
        else:
            dx, dy = nx - x, ny - y
            if cmd == "L":
                text, last, cmd = text + "l", "", "l"
        for v in (_fmt(dx), _fmt(dy)):
            text, last = _then(text, last, v), v
        x, y = nx, ny
    return text


def compact_svg(markup: str) -> str:
    """The same picture in fewer bytes, for a page that is carried on a phone: each run of
    ``<line>`` elements drawn with the same attributes becomes one ``<path>`` of moves and
    lines (drawn identically: a line has no fill), and path and polygon coordinates keep
    0.01 mm."""
    def merge(run: re.Match[str]) -> str:
        out: list[str] = []
        style: str | None = None
        parts: list[str] = []
        for m in _LINE.finditer(run.group(0)):
            key = m.group(1) + m.group(6)
            if key != style and parts:
                out.append(f'<path {style}fill="none" d="{" ".join(parts)}" />')
                parts = []
            style = key
            parts.append(f"M{m.group(2)} {m.group(4)}L{m.group(3)} {m.group(5)}")
        if parts:
            out.append(f'<path {style}fill="none" d="{" ".join(parts)}" />')
        merged = "".join(out)
        return merged if len(_LINE.findall(run.group(0))) == run.group(0).count("<line") \
            else run.group(0)
    markup = _RUN.sub(merge, markup)
    return _D.sub(lambda m: m.group(1) + _path_data(m.group(2)) + '"', markup)


def inline_svg(width: float, height: float, paint: Callable[[Canvas], None],
               ids: str = "") -> str:
    """Inline SVG markup (no XML declaration) of a drawing ``width`` × ``height`` mm, through
    the SVG backend; the fixed physical size is dropped so CSS scales it. Every element id
    (and every reference to one) gets the prefix ``ids``: the backend numbers its clip paths
    and defined art from 1 in each drawing, so two drawings inline in one web page need
    different prefixes, or the second would use the first one's clip paths."""
    return _inline(svg_bytes(DrawnPage(width, height, paint)), width, height, ids)


def _inline(data: bytes, width: float, height: float, ids: str) -> str:
    text = data.decode("utf-8")
    text = text.split("?>", 1)[1].strip() if text.startswith("<?xml") else text
    text = text.replace(f'width="{num(width)}mm" ', "", 1).replace(
        f'height="{num(height)}mm" ', "", 1)
    return prefix_ids(text, ids) if ids else text


class SharedArt:
    """Art drawn once for a whole site, each page carrying the part it uses once: what
    ``define`` defines on a canvas is kept, definition by definition, and :meth:`page` draws
    a page's picture that places that art without drawing it again, preceded by a hidden
    picture holding the definitions it places (and those they use, and the ones named in
    ``keep``). A year of Tom Tube pages then draws the forty tile designs once, not 365
    times. The page's picture goes on numbering ids and clip paths where the library's
    stopped (the backend's own counters, carried over), so nothing clashes; all ids carry the
    prefix ``ids``."""

    def __init__(self, define: Callable[[Canvas], None], ids: str) -> None:
        library = SvgCanvas(1.0, 1.0)
        define(library)
        self.ids = ids
        # the backend's bookkeeping of what is defined (names → ids, clip numbers), carried
        # into every page's canvas: the one place this module reaches inside SvgCanvas
        self._state = (dict(library._ids), set(library._defined), library._clips)
        self._chunks: dict[str, tuple[str, frozenset[str]]] = {}
        for element in library.doc.defs.elements:
            text = compact_svg(element.tostring())
            refs = frozenset(m.group(2) for m in _ID.finditer(text) if m.group(1) != 'id="')
            self._chunks[element["id"]] = (prefix_ids(text, ids), refs)

    def page(self, width: float, height: float, paint: Callable[[Canvas], None],
             keep: Sequence[str] = ()) -> str:
        """A page's picture (as :func:`inline_svg` gives it) placing the shared art, after
        the hidden picture of the definitions it needs; ``keep``: names (as defined) of art
        the page's script places."""
        canvas = SvgCanvas(width, height)
        names, defined, clips = self._state
        canvas._ids, canvas._defined, canvas._clips = dict(names), set(defined), clips
        DrawnPage(width, height, paint).draw(canvas)
        drawing = canvas.tobytes()
        todo = [m.group(2) for m in _ID.finditer(drawing.decode("utf-8"))
                if m.group(1) != 'id="'] + [names[n] for n in keep]
        need: list[str] = []
        while todo:
            key = todo.pop()
            if key in self._chunks and key not in need:
                need.append(key)
                todo.extend(self._chunks[key][1])
        defs = "".join(self._chunks[k][0] for k in sorted(need, key=list(self._chunks).index))
        hidden = ('<svg width="0" height="0" style="position:absolute" aria-hidden="true" '
                  'focusable="false" xmlns="http://www.w3.org/2000/svg" '
                  f'xmlns:xlink="http://www.w3.org/1999/xlink"><defs>{defs}</defs></svg>')
        return hidden + compact_svg(_inline(drawing, width, height, self.ids))


def prefix_ids(markup: str, prefix: str) -> str:
    """``markup`` with every element id, and every reference to one, prefixed: the same
    drawing shown twice in a page (a card in two cells) needs its ids made unique twice."""
    return _ID.sub(lambda m: m.group(1) + prefix + m.group(2), markup)


def _write_streamed(out_dir: Path, data: Mapping[str, Any],
                    documents: Iterable[tuple[str, Callable[[str], bytes]]], names: list[str],
                    kind: str, force: bool) -> list[Path]:
    """What :func:`publish.booklet.write_sealed` writes — the same bytes, the same folder
    record, all or nothing — but each document goes to the temporary folder as soon as it is
    rendered and only its digest is kept, so a site of 3,660 pages needs the memory of one
    page. ``names`` lists the documents in the order ``documents`` yields them."""
    subject = seal_subject(data)
    files: dict[str, dict[str, Any]] = {}
    with atomic_dir(out_dir, kind, force) as tmp:
        for name, render in documents:
            blob = render(subject)
            (tmp / name).write_bytes(blob)
            files[name] = file_record(blob)
        marker = marker_json(kind, [*names, "manifest.json"]).encode("utf-8")
        (tmp / MARKER).write_bytes(marker)
        files[MARKER] = file_record(marker)
        body = {k: v for k, v in data.items() if k not in ("files", "seal")}
        body["files"] = dict(sorted(files.items()))
        body["seal"] = seal_of(body)
        (tmp / "manifest.json").write_text(manifest_json(body), encoding="utf-8")
    return [*(Path(out_dir) / n for n in names), Path(out_dir) / MARKER,
            Path(out_dir) / "manifest.json"]


def build_site(req: SiteRequest, out_dir: Path,
               advance: Callable[[int], None] = lambda k: None) -> SiteReport:
    """Make the request's daily puzzles (the same ones a booklet with the same options
    holds), prove every answer, and write the pages, ``index.html`` and ``manifest.json``
    into ``out_dir``, all or nothing."""
    publisher = Publisher.start(req.run, range(req.tiers[0], req.tiers[1] + 1))
    items = publisher.make(req.slots, advance)
    header = publisher.header({**req.options(), "lang": publisher.ctx.lang})
    entries = publisher.verified(header, items)
    words = {**publisher.words, **publisher.ctx.words}  # a game's own words win
    title = f"{publisher.title} — {words['days']}"
    data = manifest(header, title, entries)
    template = Path(publisher.kind.web_template or "web/day.html.j2")
    if template.is_absolute():  # a game's own template, from its own package
        env = html_environment(template.parent)
        day_t = env.get_template(template.name)
    else:
        env = html_environment()
        day_t = env.get_template(template.as_posix())
    index_t = env.get_template("web/index.html.j2")
    howto = list(publisher.kind.web_howto(publisher.ctx))
    lang = publisher.ctx.lang
    store = "spacebowl:" + publisher.kind_of("web").split()[0]
    ids = [it.id for it in items]

    def day(k: int) -> Callable[[str], bytes]:
        it = items[k]

        def render(seal: str) -> bytes:
            page = {"lang": lang, "w": words, "title": title,
                    "date": long_date(dt.date.fromisoformat(it.id), lang),
                    "id": it.id, "tier": it.tier, "stars": "★" * it.tier,
                    "badges": list(it.badges), "view": it.web_view(), "howto": howto,
                    "open_howto": k == 0, "noun": publisher.ctx.words["puzzle"],
                    "prev": ids[k - 1] if k else None,
                    "next": ids[k + 1] if k + 1 < len(ids) else None,
                    "store": store, "version": __version__, "seal": seal}
            return day_t.render(**page).encode("utf-8")
        return render

    days = [{"id": it.id, "date": long_date(dt.date.fromisoformat(it.id), lang),
             "stars": "★" * it.tier, "tier": it.tier} for it in items]

    def index(seal: str) -> bytes:
        return index_t.render(lang=lang, w=words, heading=title, game=" ".join(howto[:1]),
                              days=days, ids=ids, store=store, seal=seal,
                              iw=INDEX_WORDS.get(lang, INDEX_WORDS["en"]),
                              version=__version__).encode("utf-8")

    names = [*(f"{i}.html" for i in ids), "index.html"]
    documents = ((names[k], day(k)) for k in range(len(ids)))
    written = _write_streamed(out_dir, data, itertools.chain(documents, [("index.html", index)]),
                              names, publisher.kind_of("web"), req.run.force)
    return SiteReport(written, len(items), out_dir)


__all__ = ["INDEX_WORDS", "SharedArt", "SiteReport", "build_site", "compact_svg", "inline_svg",
           "prefix_ids"]
