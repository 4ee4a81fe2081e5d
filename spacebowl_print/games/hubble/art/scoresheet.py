"""Hubble's score sheet: the scoring aid a child fills in after each challenge of a
classroom set — one row per scoring category with what to count, one column per challenge,
and the total, so that a teacher can mark the sheet category by category against the key's
par pad."""

from __future__ import annotations

from spacebowl_print.games.hubble.art.hexes import INK, MUTED, draw_icon
from spacebowl_print.publish.kinds import RenderContext
from spacebowl_print.render.api import MM_PER_PT, Box, Canvas, Style
from spacebowl_print.render.fonts import fit_size, line_height, wrap

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "My score sheet",
        "how": "When a challenge is over, score it here, one row at a time: count what the "
               "row says on your pad, write the points in the challenge's box, then add the "
               "column up. Your teacher checks each box.",
        "challenge": "Challenge {n}",
        "G": "Galaxies: count the galaxies in each coloured quadrant. Take the smallest "
             "count, times 11.",
        "P": "Planets: look along every straight line of hexes. A line with 2 or more planets "
             "scores 1 point for each planet on it.",
        "A": "Asteroids: find triangles of 3 touching asteroids, no asteroid in two of "
             "them. 8 points for each.",
        "C": "Comets: each group of touching comets: 1 → 0, 2 → 4, 3 → 7, 4 → 11, 5 → 15, "
             "then 5 more for each more comet.",
        "S1": "Card 1: do your stars show its red pattern (turned is fine, mirrored is not)? "
              "Its value, plus its bonus for each purple star too.",
        "S2": "Card 2: the same for the second card (a star counts for one card only).",
        "total": "Total: add the column up.",
        "par": "Par (from your teacher):",
    },
    "fr": {
        "title": "Ma feuille de score",
        "how": "Quand un défi est fini, compte tes points ici, une ligne à la fois : compte "
               "sur ta feuille ce que dit la ligne, écris les points dans la case du défi, "
               "puis additionne la colonne. Ton enseignant vérifie chaque case.",
        "challenge": "Défi {n}",
        "G": "Galaxies : compte les galaxies de chaque quart coloré. Prends le plus petit "
             "nombre, fois 11.",
        "P": "Planètes : regarde chaque ligne droite d'hexagones. Une ligne avec 2 planètes "
             "ou plus rapporte 1 point par planète.",
        "A": "Astéroïdes : trouve des triangles de 3 astéroïdes qui se touchent, aucun "
             "astéroïde dans deux triangles. 8 points chacun.",
        "C": "Comètes : chaque groupe de comètes qui se touchent : 1 → 0, 2 → 4, 3 → 7, "
             "4 → 11, 5 → 15, puis 5 de plus par comète en plus.",
        "S1": "Carte 1 : tes étoiles montrent-elles son motif rouge (tourné oui, en miroir "
              "non) ? Sa valeur, plus son bonus pour chaque étoile violette.",
        "S2": "Carte 2 : pareil pour la deuxième carte (une étoile ne compte que pour une "
              "carte).",
        "total": "Total : additionne la colonne.",
        "par": "Par (donné par ton enseignant) :",
    },
    "de": {
        "title": "Mein Wertungsbogen",
        "how": "Wenn eine Aufgabe fertig ist, werte sie hier aus, eine Zeile nach der "
               "anderen: Zähle auf deinem Block, was die Zeile sagt, schreib die Punkte in "
               "das Kästchen der Aufgabe und zähle die Spalte zusammen. Deine Lehrkraft "
               "prüft jedes Kästchen.",
        "challenge": "Aufgabe {n}",
        "G": "Galaxien: Zähle die Galaxien in jedem farbigen Viertel. Nimm die kleinste "
             "Zahl mal 11.",
        "P": "Planeten: Schau jede gerade Linie von Sechsecken an. Eine Linie mit 2 oder mehr "
             "Planeten bringt 1 Punkt pro Planet darauf.",
        "A": "Asteroiden: Finde Dreiecke aus 3 sich berührenden Asteroiden, kein Asteroid in "
             "zwei davon. 8 Punkte für jedes.",
        "C": "Kometen: jede Gruppe sich berührender Kometen: 1 → 0, 2 → 4, 3 → 7, 4 → 11, "
             "5 → 15, dann 5 mehr für jeden weiteren Kometen.",
        "S1": "Karte 1: Zeigen deine Sterne ihr rotes Muster (gedreht ja, gespiegelt nein)? "
              "Ihr Wert, dazu ihr Bonus für jeden violetten Stern.",
        "S2": "Karte 2: dasselbe für die zweite Karte (ein Stern zählt nur für eine Karte).",
        "total": "Summe: Zähle die Spalte zusammen.",
        "par": "Par (von deiner Lehrkraft):",
    },
}
"""The score sheet's words (the categories as the rule summary scores them)."""

ROWS = ("G", "P", "A", "C", "S1", "S2", "total", "par")
"""The sheet's rows: the four icon categories, the two cards, the total, the par."""
SIZE = 8.5
"""Type size of the sheet (a child reads it; never under 6 pt)."""


def draw_score_sheet(canvas: Canvas, box: Box, challenges: int, ctx: RenderContext) -> None:
    """The score sheet for ``challenges`` challenges in ``box``: title, how to fill it in,
    then a table — what to count on the left (with the icon), a box per challenge."""
    t = TEXTS[ctx.lang if ctx.lang in TEXTS else "en"]
    x, y, w, h = box
    top = y + h
    canvas.text(x, top - 6, t["title"], 15, "bold", INK)
    top -= 10
    lh = line_height(SIZE, 1.3)
    for part in wrap(t["how"], w, SIZE):
        top -= lh
        canvas.text(x, top, part, SIZE, "regular", INK)
    top -= 4
    cols = max(1, challenges)
    cell_w = min(26.0, (w * 0.45) / cols)
    text_w = w - cols * cell_w - 2
    head = line_height(9, 1.2) + 2
    for k in range(cols):
        label = t["challenge"].format(n=k + 1)
        cx = x + text_w + 2 + k * cell_w
        canvas.text(cx + cell_w / 2, top - head + 2, label, fit_size(label, cell_w - 1, 9,
                                                                       "bold", 6.0),
                    "bold", INK, "middle")
    top -= head
    rule = Style(stroke=INK, width=0.35)
    room = (top - y) / len(ROWS)
    for key in ROWS:
        lines = wrap(t[key], text_w - (9 if key in "GPAC" else 2), SIZE,
                     "bold" if key in ("total", "par") else "regular")
        row_h = max(room * 0.9 if key not in ("total", "par") else 9.0,
                    len(lines) * lh + 3)
        row_h = min(row_h, room * 1.4)
        ty = top - 1.5 - SIZE * MM_PER_PT * 0.8
        tx = x
        if len(key) == 1 and key in "GPAC":
            draw_icon(canvas, key, x + 3.2, top - 4.5, 3.0)
            tx = x + 8
        for part in lines:
            canvas.text(tx, ty, part, SIZE, "bold" if key in ("total", "par") else "regular",
                        INK if key != "par" else MUTED)
            ty -= lh
        for k in range(cols):
            cx = x + text_w + 2 + k * cell_w
            canvas.rect(cx + 1, top - row_h + 1, cell_w - 2, row_h - 2,
                        Style(stroke=INK if key != "par" else MUTED,
                              width=0.6 if key == "total" else 0.35), radius=1.0)
        top -= row_h
        if key == "S2":
            canvas.line(x, top + 0.2, x + w, top + 0.2, rule)


__all__ = ["ROWS", "TEXTS", "draw_score_sheet"]
