"""The daily puzzle web site: one self-contained HTML page a day and an index.

Each page carries everything inline (SVG art, CSS, a small script, the engine's answer), loads
nothing from the network and works from a USB stick or a projector's laptop. The galaxy is a
grid of buttons, one per card, each showing its mini card as inline SVG; players pick cards (or
"none"), check, and reveal the engine's answer. Mouse and keyboard both work: arrow keys move
between cards, Space or Enter picks, N, C and R are "none", "check" and "reveal".
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print import __version__
from spacebowl_print.core.languages import long_date
from spacebowl_print.core.templates import html_environment
from spacebowl_print.games.spacebowl.art.minigalaxy import MINI_H, MINI_W, draw_toss, mini_card
from spacebowl_print.games.spacebowl.model import Deck
from spacebowl_print.games.spacebowl.puzzles.booklet import SpaceBowlPuzzleGame
from spacebowl_print.games.spacebowl.puzzles.generate import daily_puzzles
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle, answer_text
from spacebowl_print.games.spacebowl.puzzles.texts import WORDS, check_lang
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS
from spacebowl_print.games.spacebowl.puzzles.verify import deck_digest
from spacebowl_print.publish import booklet as pub
from spacebowl_print.publish.manifest import seal_subject
from spacebowl_print.render.api import Canvas, DrawnPage, Style
from spacebowl_print.render.svg import num, svg_bytes

WEB_WORDS: dict[str, dict[str, str]] = {
    "en": {"title": "Space Bowl — puzzle of the day", "none": "No valid card",
           "check": "Check", "reveal": "Reveal the answer", "reset": "Start again",
           "right": "Right! That is exactly the engine's answer.",
           "wrong_pick": "Not yet: {n} picked card(s) not valid.",
           "missing": "Not yet: {n} valid card(s) still to find.",
           "wrong_none": "Not yet: there is at least one valid card.",
           "nothing": "Pick the valid cards, or “No valid card”, then check.",
           "keyhelp": "Keys: arrows move, Space picks, N none, C check, R reveal.",
           "previous": "previous day", "next": "next day", "index": "all days",
           "card": "card", "picked": "picked", "days": "Puzzles of the day"},
    "fr": {"title": "Space Bowl — l'énigme du jour", "none": "Aucune carte valide",
           "check": "Vérifier", "reveal": "Voir la solution", "reset": "Recommencer",
           "right": "Bravo ! C'est exactement la réponse du moteur.",
           "wrong_pick": "Pas encore : {n} carte(s) choisie(s) non valide(s).",
           "missing": "Pas encore : il reste {n} carte(s) valide(s) à trouver.",
           "wrong_none": "Pas encore : il y a au moins une carte valide.",
           "nothing": "Choisissez les cartes valides, ou « Aucune carte valide », puis vérifiez.",
           "keyhelp": "Touches : flèches pour se déplacer, Espace pour choisir, N aucune, "
                   "C vérifier, R solution.",
           "previous": "jour précédent", "next": "jour suivant", "index": "tous les jours",
           "card": "carte", "picked": "choisie", "days": "Énigmes du jour"},
    "de": {"title": "Space Bowl — Rätsel des Tages", "none": "Keine gültige Karte",
           "check": "Prüfen", "reveal": "Lösung zeigen", "reset": "Neu beginnen",
           "right": "Richtig! Genau die Antwort des Programms.",
           "wrong_pick": "Noch nicht: {n} gewählte Karte(n) nicht gültig.",
           "missing": "Noch nicht: {n} gültige Karte(n) fehlen noch.",
           "wrong_none": "Noch nicht: Es gibt mindestens eine gültige Karte.",
           "nothing": "Wähle die gültigen Karten oder „Keine gültige Karte“ und prüfe dann.",
           "keyhelp": "Tasten: Pfeile bewegen, Leertaste wählt, N keine, C prüfen, R Lösung.",
           "previous": "voriger Tag", "next": "nächster Tag", "index": "alle Tage",
           "card": "Karte", "picked": "gewählt", "days": "Rätsel des Tages"},
}
"""What the web pages say (the puzzle wording itself comes from :data:`WORDS`)."""


@dataclass(frozen=True)
class WebReport:
    """What :func:`build_site` wrote."""

    files: list[Path]
    pages: int


def _svg(width: float, height: float, paint: Callable[[Canvas], None]) -> str:
    """Inline SVG markup (no XML declaration) of a drawing ``width`` × ``height`` mm; the
    fixed physical size is dropped so CSS scales it."""
    text = svg_bytes(DrawnPage(width, height, paint)).decode("utf-8")
    text = text.split("?>", 1)[1].strip() if text.startswith("<?xml") else text
    return text.replace(f'width="{num(width)}mm" ', "", 1).replace(
        f'height="{num(height)}mm" ', "", 1)


def _card_svg(p: SpaceBowlPuzzle, row: int, col: int) -> str:
    cell = p.galaxy.cells[row][col]
    if cell is None:  # face down (void): the hatched back
        def back(c: Canvas) -> None:
            c.rect(0, 0, MINI_W, MINI_H, Style(fill="#3A3A58", stroke="#9A9AB0", width=0.3),
                   radius=MINI_W * 0.09)
            for k in range(1, 5):
                c.line(MINI_W * k / 5, 1, MINI_W * k / 5, MINI_H - 1,
                       Style(stroke="#55557A", width=0.4))
        return _svg(MINI_W, MINI_H, back)
    cid = p.galaxy.card_ids[row][col] if p.galaxy.card_ids else None
    decoys = TIERS[p.tier].decoys if cid is not None else "none"

    def paint(c: Canvas) -> None:
        c.place(mini_card(c, p.deck, cell, cid, decoys), 0, 0)

    return _svg(MINI_W, MINI_H, paint)


def page_context(p: SpaceBowlPuzzle, lang: str, prev_id: str | None, next_id: str | None
                 ) -> dict[str, Any]:
    """Everything a day's template needs: the card grid, the toss drawing, the question, the
    badges, and the answer (as data for the script and as text for the reveal)."""
    words, web = WORDS[lang], WEB_WORDS[lang]
    g = p.galaxy
    cards = [[{"cell": f"{chr(65 + c)}{r + 1}", "svg": _card_svg(p, r, c),
               "wild": p.variants.wild is not None and (r, c) == tuple(p.variants.wild)}
              for c in range(g.cols)] for r in range(g.rows)]
    size = 42.0
    toss = _svg(size, size + 5, lambda c: draw_toss(c, p.deck, p.toss, 0, 0, size,
                                                     words["toss"]))
    question = words[p.question]
    wild = (words["wild_on"].format(cell=p.variants.wild.name)
            if p.variants.wild is not None else "")
    return {
        "lang": lang, "w": web, "id": p.id, "tier": p.tier, "stars": "★" * p.tier,
        "date": long_date(p.date, lang) if p.date else p.id,
        "badges": list(p.badges), "cards": cards, "cols": g.cols, "rows": g.rows,
        "toss_svg": toss,
        "question": question, "wild": wild, "wild_letter": p.wild_letter,
        "answer": json.dumps([s.cell.name for s in p.solutions]),
        "answer_text": answer_text(p), "prev": prev_id, "next": next_id,
        "version": __version__,
    }


def site_files(puzzles: Sequence[SpaceBowlPuzzle], lang: str, seal: str = "") -> dict[str, str]:
    """File name → HTML for every day page and the index; each page carries ``seal`` (the
    manifest's content digest) in a ``<meta>`` so ``spacebowl check`` can tie them together."""
    env = html_environment()
    day_t = env.get_template("spacebowl/web-day.html.j2")
    index_t = env.get_template("spacebowl/web-index.html.j2")
    files: dict[str, str] = {}
    for k, p in enumerate(puzzles):
        prev_id = puzzles[k - 1].id if k else None
        next_id = puzzles[k + 1].id if k + 1 < len(puzzles) else None
        files[f"{p.id}.html"] = day_t.render(seal=seal,
                                             **page_context(p, lang, prev_id, next_id))
    days = [{"id": p.id, "date": long_date(p.date, lang) if p.date else p.id,
             "stars": "★" * p.tier, "tier": p.tier} for p in puzzles]
    files["index.html"] = index_t.render(lang=lang, w=WEB_WORDS[lang], days=days, seal=seal,
                                         words=WORDS[lang], version=__version__)
    return files


def build_site(deck: Deck, out_dir: Path, days: int, start: dt.date, tiers: tuple[int, int],
               lang: str = "en", seed: int = 1,
               advance: Callable[[int], None] = lambda k: None) -> WebReport:
    """Generate ``days`` daily puzzles (the same ones ``spacebowl booklet`` makes for the same
    deck, start, tiers and seed), verify every answer, and write the site with a
    ``manifest.json`` that ``spacebowl check`` proves, all or nothing."""
    lang = check_lang(lang)
    puzzles = daily_puzzles(deck, start, days, seed, tiers, lang, advance)
    entries = pub.verify_all(SpaceBowlPuzzleGame(deck, lang), puzzles)
    header = {"deck": deck.name, "seed": seed, "deck_sha256": deck_digest(deck),
              "options": {"days": days, "start": start.isoformat(), "tiers": list(tiers),
                          "lang": lang, "site": True},
              "tool": f"spacebowl_print {__version__}"}
    data = pub.manifest("spacebowl", WEB_WORDS[lang]["title"], header, entries)
    pages = site_files(puzzles, lang, seal_subject(data))
    written = pub.write_sealed(out_dir, data, {  # sealed like every booklet
        name: _rendered(text.encode("utf-8")) for name, text in pages.items()})
    return WebReport(written, len(puzzles))


def _rendered(data: bytes) -> Callable[[str], bytes]:
    """A page already rendered with the seal :func:`publish.booklet.write_sealed` passes."""
    return lambda subject: data
