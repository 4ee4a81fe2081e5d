"""Space Bowl's side of the kit sheets (Ship Computer, scoretrack, tokens, rules): the words
its sheets print, its brand line on every page frame, and planet discs as on the cards.

The game-free furniture (frame, cut/fold lines, glue tabs, tiling) is
:mod:`spacebowl_print.render.furniture`; player colours :mod:`spacebowl_print.render.palette`.
"""

from __future__ import annotations

from spacebowl_print.core.languages import check_lang
from spacebowl_print.games.spacebowl.art.sky import planet_disc
from spacebowl_print.games.spacebowl.model import Planet
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render import furniture
from spacebowl_print.render.api import Canvas, Page, Painter
from spacebowl_print.render.furniture import OVERLAP

BRAND = "Space Bowl · print-and-play"
"""The footer line of every Space Bowl kit page."""

# ---------------------------------------------------------------- labels on the sheets
# The cut-out sheets carry a few words each; the rule summaries have their own templates.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "ship_computer": "Ship Computer",
        "ship_grid": "Ship Computer grid — {w:g} × {h:g} mm (lay it on the floor of your box)",
        "tray": "Ship Computer tray — floor {w:g} × {h:g} mm, walls {d:g} mm",
        "tray_help": "Cut the solid lines, fold the dotted lines up, glue each tab inside "
                     "the next wall.",
        "strips": "Galaxy coordinate strips",
        "strips_help": "Cards {cw:g} × {ch:g} mm with {g:g} mm gaps. Lay the letters above the "
                       "columns and the numbers beside the rows; glue each piece onto the "
                       "tab of the previous one.",
        "cut_5x5": "cut here for 5×5",
        "scoretrack": "Scoretrack",
        "start": "START",
        "end": "END",
        "start_help": "Everyone starts on 4.",
        "end_help": "The game ends after a round in which someone reaches 18 (or after 10 "
                    "rounds). Scores above 18 still count.",
        "players": "Crew colours",
        "tokens": "Tokens",
        "destination": "Destination",
        "black_hole": "Black Hole",
        "wild": "Wild",
        "wild_token": "Wild token",
        "captain": "Captain",
        "captain_token": "Captain",
        "crew": "Crew",
        "ship": "Ship",
        "red_button": "Red Button",
        "pointer": "pointer",
        "score": "score",
        "planets": "Planets",
        "learning": "learning mode: disc here",
        "tokens_help": "Cut the solid lines. Fold each Crew strip on its dotted line and glue "
                       "it back to back: one side shows the Ship, the other the Red Button.",
    },
    "fr": {
        "ship_computer": "Ordinateur de bord",
        "ship_grid": "Grille de l'Ordinateur de bord — {w:g} × {h:g} mm (à poser au fond "
                     "de votre boîte)",
        "tray": "Bac de l'Ordinateur de bord — fond {w:g} × {h:g} mm, bords {d:g} mm",
        "tray_help": "Découpez les traits pleins, pliez les pointillés vers le haut, collez "
                     "chaque languette à l'intérieur du bord voisin.",
        "strips": "Réglettes de coordonnées de la Galaxie",
        "strips_help": "Cartes {cw:g} × {ch:g} mm, espacées de {g:g} mm. Posez les lettres "
                       "au-dessus des colonnes et les chiffres à côté des lignes ; collez "
                       "chaque morceau sur la languette du précédent.",
        "cut_5x5": "couper ici pour 5×5",
        "scoretrack": "Piste des scores",
        "start": "DÉPART",
        "end": "FIN",
        "start_help": "Tout le monde commence sur 4.",
        "end_help": "La partie s'arrête après une manche où quelqu'un atteint 18 (ou après "
                    "10 manches). Les points au-delà de 18 comptent.",
        "players": "Couleurs d'équipage",
        "tokens": "Jetons",
        "destination": "Destination",
        "black_hole": "Trou noir",
        "wild": "Joker",
        "wild_token": "Joker",
        "captain": "Capitaine",
        "captain_token": "Capitaine",
        "crew": "Équipage",
        "ship": "Vaisseau",
        "red_button": "Bouton rouge",
        "pointer": "pointeur",
        "score": "score",
        "planets": "Planètes",
        "learning": "mode découverte : disque ici",
        "tokens_help": "Découpez les traits pleins. Pliez chaque bande d'équipage sur ses "
                       "pointillés et collez-la dos à dos : Vaisseau d'un côté, Bouton rouge "
                       "de l'autre.",
    },
    "de": {
        "ship_computer": "Schiffscomputer-Box",
        "ship_grid": "Raster der Schiffscomputer-Box — {w:g} × {h:g} mm (auf den Boden "
                     "eurer Box legen)",
        "tray": "Schiffscomputer-Box zum Falten — Boden {w:g} × {h:g} mm, Wände {d:g} mm",
        "tray_help": "Durchgezogene Linien schneiden, gepunktete Linien nach oben falzen, "
                     "jede Lasche innen an die Nachbarwand kleben.",
        "strips": "Koordinatenleisten für die Galaxie",
        "strips_help": "Karten {cw:g} × {ch:g} mm mit {g:g} mm Abstand. Buchstaben über die "
                       "Spalten, Zahlen neben die Zeilen legen; jedes Stück auf die Lasche "
                       "des vorigen kleben.",
        "cut_5x5": "hier schneiden für 5×5",
        "scoretrack": "Punkteübersicht",
        "start": "START",
        "end": "ENDE",
        "start_help": "Alle beginnen auf 4.",
        "end_help": "Das Spiel endet nach einer Runde, in der jemand 18 erreicht (oder nach "
                    "10 Runden). Punkte über 18 zählen mit.",
        "players": "Crewfarben",
        "tokens": "Marker und Plättchen",
        "destination": "Ziel-Plättchen",
        "black_hole": "Schwarzes-Loch-Plättchen",
        "wild": "Joker",
        "wild_token": "Joker-Marker",
        "captain": "Captain",
        "captain_token": "Captain-Marker",
        "crew": "Crew-Marker",
        "ship": "Schiff",
        "red_button": "Roter Knopf",
        "pointer": "Zeiger",
        "score": "Punkte",
        "planets": "Planeten",
        "learning": "Lernmodus: Ziel-Plättchen hierher",
        "tokens_help": "Durchgezogene Linien schneiden. Jeden großen Crew-Marker an der "
                       "gepunkteten Linie falzen und Rücken an Rücken kleben: Schiff auf der "
                       "einen, Roter Knopf auf der anderen Seite.",
    },
}


def label(lang: str, key: str, **values: float | str) -> str:
    """The sheet label ``key`` in ``lang`` (Space Bowl's words, else the furniture's),
    formatted with ``values``."""
    words = LABELS[check_lang(lang)]
    if key in words:
        return words[key].format(**values)
    return furniture.label(lang, key, **values)


def page_frame(canvas: Canvas, width: float, height: float, title: str, ctx: RenderContext,
               subtitle: str = "", note: str = "") -> None:
    """:func:`render.furniture.page_frame` in ``ctx.lang`` with Space Bowl's brand line."""
    furniture.page_frame(canvas, width, height, title, ctx.lang, subtitle, note, BRAND)


def art_pages(ctx: RenderContext, art_w: float, art_h: float, painter: Painter, title: str,
              subtitle: str = "", note: str = "", overlap: float = OVERLAP) -> list[Page]:
    """:func:`render.furniture.art_pages` on ``ctx.paper``, in ``ctx.lang``, with Space
    Bowl's brand line."""
    return furniture.art_pages(ctx.paper, art_w, art_h, painter, title, ctx.lang, subtitle,
                               note, overlap, BRAND)


# ---------------------------------------------------------------- planets
def draw_planet(canvas: Canvas, planet: Planet, cx: float, cy: float, r: float,
                ink_saver: bool) -> None:
    """A planet disc of radius ``r`` centred on (cx, cy), exactly as on the cards (colour,
    glyph and letter tag: :func:`cards.planet_disc`), so a disc matches the cards it stands
    for and reads without colour."""
    planet_disc(canvas, planet, cx, cy, r, ink_saver)
