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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Template

from spacebowl_print import __version__
from spacebowl_print.core.languages import long_date
from spacebowl_print.core.templates import html_environment
from spacebowl_print.publish.booklet import write_sealed
from spacebowl_print.publish.publication import Publisher, manifest
from spacebowl_print.publish.requests import SiteRequest
from spacebowl_print.render.api import Canvas, DrawnPage
from spacebowl_print.render.svg import num, svg_bytes


@dataclass(frozen=True)
class SiteReport:
    """What :func:`build_site` wrote."""

    files: list[Path]
    pages: int
    folder: Path = Path()

    def lines(self) -> list[str]:
        """What the command prints."""
        return [f"{self.pages} daily pages and an index in {self.folder}"]


def inline_svg(width: float, height: float, paint: Callable[[Canvas], None]) -> str:
    """Inline SVG markup (no XML declaration) of a drawing ``width`` × ``height`` mm, through
    the SVG backend; the fixed physical size is dropped so CSS scales it."""
    text = svg_bytes(DrawnPage(width, height, paint)).decode("utf-8")
    text = text.split("?>", 1)[1].strip() if text.startswith("<?xml") else text
    return text.replace(f'width="{num(width)}mm" ', "", 1).replace(
        f'height="{num(height)}mm" ', "", 1)


def _page_renderer(template: Template, page: Mapping[str, Any]) -> Callable[[str], bytes]:
    """A day's page, rendered once the seal is known."""
    return lambda seal: template.render(seal=seal, **page).encode("utf-8")


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
    views = [it.web_view() for it in items]  # drawn once, whatever the seal
    documents: dict[str, Callable[[str], bytes]] = {}
    for k, it in enumerate(items):
        date = dt.date.fromisoformat(it.id)
        page = {"lang": lang, "w": words, "title": title, "date": long_date(date, lang),
                "id": it.id, "tier": it.tier, "stars": "★" * it.tier,
                "badges": list(it.badges), "view": views[k], "howto": howto,
                "open_howto": k == 0, "noun": publisher.ctx.words["puzzle"],
                "prev": items[k - 1].id if k else None,
                "next": items[k + 1].id if k + 1 < len(items) else None,
                "version": __version__}
        documents[f"{it.id}.html"] = _page_renderer(day_t, page)
    days = [{"id": it.id, "date": long_date(dt.date.fromisoformat(it.id), lang),
             "stars": "★" * it.tier, "tier": it.tier} for it in items]
    documents["index.html"] = lambda seal: index_t.render(
        lang=lang, w=words, heading=title, game=" ".join(howto[:1]), days=days, seal=seal,
        version=__version__).encode("utf-8")
    written = write_sealed(out_dir, data, documents, publisher.kind_of("web"), req.run.force)
    return SiteReport(written, len(items), out_dir)


__all__ = ["SiteReport", "build_site", "inline_svg"]
