"""Scoring a Hubble pad: galaxies, planets, asteroids, comets and stars (docs/hubble.md).

:func:`score_pad` is what every command reports; the category functions are public so the
players can score parts of a pad, and the tests can check each rule on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import (
    COMET,
    GALAXY,
    PLANET,
    PadGeometry,
)
from spacebowl_print.games.hubble.model.pad import Pad
from spacebowl_print.games.hubble.rules import asteroids, stars

GALAXY_POINTS = 11
COMET_POINTS = (0, 0, 4, 7, 11, 15)
"""Points of a comet group by size, up to 5; each further comet adds 5."""
COMET_EXTRA = 5


def comet_group_points(size: int) -> int:
    """Points of one connected group of ``size`` comets: 1→0, 2→4, 3→7, 4→11, 5→15, +5 each
    further comet."""
    if size < len(COMET_POINTS):
        return COMET_POINTS[size]
    return COMET_POINTS[-1] + COMET_EXTRA * (size - len(COMET_POINTS) + 1)


def galaxy_points(cells: str, geo: PadGeometry) -> int:
    """11 × the number of galaxies in the quadrant that has the fewest."""
    counts = [0, 0, 0, 0]
    for i, ch in enumerate(cells):
        if ch == GALAXY:
            counts[geo.quadrant[i]] += 1
    return GALAXY_POINTS * min(counts)


def planet_line_points(count: int) -> int:
    """What one line scores with ``count`` planets: the count, when it is at least 2."""
    return count if count >= 2 else 0


def planet_points(cells: str, geo: PadGeometry) -> int:
    """For every line of the three directions holding at least 2 planets, its planets."""
    return sum(planet_line_points(sum(1 for c in line if cells[c] == PLANET))
               for line in geo.lines)


def comet_groups(cells: str, geo: PadGeometry) -> list[list[int]]:
    """The connected groups of comets (cells in order of discovery, groups by first cell)."""
    seen: set[int] = set()
    groups = []
    for start, ch in enumerate(cells):
        if ch != COMET or start in seen:
            continue
        seen.add(start)
        group, stack = [], [start]
        while stack:
            c = stack.pop()
            group.append(c)
            for n in geo.neighbours[c]:
                if cells[n] == COMET and n not in seen:
                    seen.add(n)
                    stack.append(n)
        groups.append(sorted(group))
    return groups


def comet_points(cells: str, geo: PadGeometry) -> int:
    """The sum over connected comet groups of their points by size."""
    return sum(comet_group_points(len(g)) for g in comet_groups(cells, geo))


def asteroid_points(cells: str, geo: PadGeometry) -> int:
    """8 × the largest number of all-asteroid triangles that share no cell."""
    return asteroids.POINTS_PER_TRIANGLE * asteroids.packing(cells, geo)


@dataclass(frozen=True)
class CardScore:
    """A completed card: name, points, the cells of its red stars (card order) and the
    purple cells holding stars that count for it."""

    name: str
    points: int
    red: tuple[int, ...]
    purple: tuple[int, ...]


@dataclass(frozen=True)
class Score:
    """A pad's score by category; ``constellations`` lists the completed cards in the pad's
    order."""

    galaxy: int
    planet: int
    asteroid: int
    comet: int
    stars: int
    constellations: tuple[CardScore, ...] = ()

    @property
    def total(self) -> int:
        return self.galaxy + self.planet + self.asteroid + self.comet + self.stars


def score_cells(cells: str, geo: PadGeometry, cards: Sequence[Constellation]) -> Score:
    """Score the icons ``cells`` (row by row) of a pad of geometry ``geo`` for ``cards``."""
    total, chosen = stars.best(cells, cards, geo)
    done = tuple(CardScore(cards[c.card].name, c.points, c.placement.red, c.purple_stars)
                 for c in sorted(chosen, key=lambda c: c.card))
    return Score(galaxy_points(cells, geo), planet_points(cells, geo),
                 asteroid_points(cells, geo), comet_points(cells, geo), total, done)


def score_pad(pad: Pad, cards: Sequence[Constellation]) -> Score:
    """Score ``pad`` for ``cards`` (the constellation cards it plays for, resolved by the
    caller from ``pad.constellations``)."""
    return score_cells(pad.cells, pad.geometry, cards)


def score_to_json(score: Score, geo: PadGeometry) -> dict[str, Any]:
    """The score object ``hubble score --json`` prints (docs/hubble.md)."""
    return {"galaxy": score.galaxy, "planet": score.planet, "asteroid": score.asteroid,
            "comet": score.comet, "stars": score.stars, "total": score.total,
            "constellations": [{"name": c.name, "points": c.points,
                                "red": [geo.names[x] for x in c.red],
                                "purple": [geo.names[x] for x in c.purple]}
                               for c in score.constellations]}
