"""A plain-text view of a pad and its score, for people (the commands' non-JSON output).

The grid is drawn as printed: even-numbered rows shifted half a cell (one character) to the
right, a ``|`` between the left and right quadrants and a rule between the top and bottom
ones. Stars of completed cards are shown as ``*`` (red) and ``+`` (purple).
"""

from __future__ import annotations

from spacebowl_print.games.hubble.model.geometry import GALAXY, QUADRANTS
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.model.titles import title_for
from spacebowl_print.games.hubble.rules.asteroids import POINTS_PER_TRIANGLE
from spacebowl_print.games.hubble.rules.scoring import Score, comet_groups

LEGEND = "G galaxy  P planet  A asteroid  C comet  S star  . empty  * + stars of completed cards"


def pad_grid(pad: Pad, score: Score | None = None) -> str:
    """The pad as a text grid (completed cards' stars marked when ``score`` is given)."""
    geo = pad.geometry
    marks: dict[int, str] = {}
    if score is not None:
        for card in score.constellations:
            marks.update({c: "*" for c in card.red})
            marks.update({c: "+" for c in card.purple})
    half = pad.cols // 2
    letters = [chr(ord("A") + c) for c in range(pad.cols)]
    lines = ["     " + " ".join(letters[:half]) + "   " + " ".join(letters[half:])]
    for r in range(pad.rows):
        if r == pad.rows // 2:
            lines.append("    " + "-" * (2 * half) + "+" + "-" * (2 * half + 1))
        row = [marks.get(geo.index(r, c), pad[geo.index(r, c)]) for c in range(pad.cols)]
        shift = " " if r % 2 else ""
        lines.append(f"{r + 1:>3}  {shift}" + " ".join(row[:half]) + " | " + " ".join(row[half:]))
    return "\n".join(lines)


def score_lines(pad: Pad, score: Score) -> list[str]:
    """The score by category with a word on where it comes from, and the solo title."""
    geo = pad.geometry
    gal = [0, 0, 0, 0]
    for i, ch in enumerate(pad.cells):
        if ch == GALAXY:
            gal[geo.quadrant[i]] += 1
    per_quadrant = ", ".join(f"{QUADRANTS[q]} {gal[q]}" for q in range(4))
    groups = sorted((len(g) for g in comet_groups(pad.cells, geo)), reverse=True)
    planet_lines = sum(1 for line in geo.lines if sum(pad[c] == "P" for c in line) >= 2)
    out = [
        f"galaxy   {score.galaxy:>4}  galaxies per quadrant: {per_quadrant}",
        f"planet   {score.planet:>4}  {planet_lines} line(s) with 2 or more planets",
        f"asteroid {score.asteroid:>4}  {score.asteroid // POINTS_PER_TRIANGLE} "
        "asteroid triangle(s) sharing no cell",
        f"comet    {score.comet:>4}  comet groups: "
        + (", ".join(map(str, groups)) if groups else "none"),
    ]
    done = [f"{c.name} {c.points} ({' '.join(geo.names[x] for x in c.red)}"
            + (f" + {' '.join(geo.names[x] for x in c.purple)}" if c.purple else "") + ")"
            for c in score.constellations]
    cards = ", ".join(pad.constellations) or "no cards"
    out.append(f"stars    {score.stars:>4}  "
               + ("; ".join(done) if done else f"no card completed ({cards})"))
    out.append(f"total    {score.total:>4}  solo title: {title_for(score.total)}")
    return out


def pad_report(pad: Pad, score: Score) -> str:
    """Grid, legend and score lines."""
    return "\n".join([pad_grid(pad, score), "", LEGEND, "", *score_lines(pad, score)])
