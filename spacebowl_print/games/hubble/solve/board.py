"""An incrementally scored pad for the players: the score without stars (galaxies, planets,
comets, asteroids) kept up to date as icons are drawn, and the exact gain of drawing a few
icons computed without copying anything.

The engine (``rules/scoring.py``) stays the authority: tests check that the board's running
score always equals the engine's score of the same icons.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spacebowl_print.core.errors import InternalError
from spacebowl_print.games.hubble.model.geometry import (
    ASTEROID,
    BLANK,
    COMET,
    GALAXY,
    PLANET,
    PadGeometry,
)
from spacebowl_print.games.hubble.rules.asteroids import POINTS_PER_TRIANGLE, packing_of_triangles
from spacebowl_print.games.hubble.rules.scoring import GALAXY_POINTS, comet_group_points

Change = tuple[int, str]
"""Draw icon ``str`` (not blank) in empty cell ``int``."""


def _line_points(n: int) -> int:
    return n if n >= 2 else 0


class Board:
    """Icons of a pad with running counts: galaxies per quadrant, planets per line, comet
    groups, all-asteroid triangles and their packing."""

    __slots__ = ("ast_pack", "ast_tris", "cells", "cgroup", "csize", "empty", "gal", "geo",
                 "line_pl", "next_gid")

    def __init__(self, geo: PadGeometry) -> None:
        self.geo = geo
        self.cells: list[str] = [BLANK] * geo.size
        self.gal = [0, 0, 0, 0]
        self.line_pl = [0] * len(geo.lines)
        self.cgroup = [-1] * geo.size
        self.csize: dict[int, int] = {}
        self.next_gid = 0
        self.ast_tris: frozenset[int] = frozenset()
        self.ast_pack = 0
        self.empty = geo.size

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.geo = self.geo
        b.cells = self.cells.copy()
        b.gal = self.gal.copy()
        b.line_pl = self.line_pl.copy()
        b.cgroup = self.cgroup.copy()
        b.csize = self.csize.copy()
        b.next_gid = self.next_gid
        b.ast_tris = self.ast_tris
        b.ast_pack = self.ast_pack
        b.empty = self.empty
        return b

    # ------------------------------------------------------------------ scores

    def galaxy(self) -> int:
        return GALAXY_POINTS * min(self.gal)

    def planet(self) -> int:
        return sum(n for n in self.line_pl if n >= 2)

    def comet(self) -> int:
        return sum(comet_group_points(s) for s in self.csize.values())

    def asteroid(self) -> int:
        return POINTS_PER_TRIANGLE * self.ast_pack

    def score(self) -> int:
        """The pad's score without stars."""
        return self.galaxy() + self.planet() + self.comet() + self.asteroid()

    # ------------------------------------------------------------------ gains

    def gain(self, changes: Sequence[Change]) -> int:
        """The exact score gain (stars left out) of drawing ``changes``; several comets drawn
        at once must touch each other (a Scope's cells always do)."""
        total = 0
        gals = [0, 0, 0, 0]
        planets: list[int] = []
        comets: list[int] = []
        asts: list[int] = []
        for cell, icon in changes:
            if icon == GALAXY:
                gals[self.geo.quadrant[cell]] += 1
            elif icon == PLANET:
                planets.append(cell)
            elif icon == COMET:
                comets.append(cell)
            elif icon == ASTEROID:
                asts.append(cell)
        if any(gals):
            g = self.gal
            total += GALAXY_POINTS * (min(g[0] + gals[0], g[1] + gals[1], g[2] + gals[2],
                                          g[3] + gals[3]) - min(g))
        if planets:
            total += self._planet_gain(planets)
        if comets:
            total += self._comet_gain(comets)
        if asts:
            total += self._asteroid_gain(asts, changes)
        return total

    def _planet_gain(self, planets: Sequence[int]) -> int:
        lines_of = self.geo.lines_of
        if len(planets) == 1:
            out = 0
            for ln in lines_of[planets[0]]:
                n = self.line_pl[ln]
                out += (n + 1 if n >= 1 else 0) - (n if n >= 2 else 0)
            return out
        inc: dict[int, int] = {}
        for c in planets:
            for ln in lines_of[c]:
                inc[ln] = inc.get(ln, 0) + 1
        return sum(_line_points(self.line_pl[ln] + k) - _line_points(self.line_pl[ln])
                   for ln, k in inc.items())

    def _comet_gain(self, comets: Sequence[int]) -> int:
        groups: set[int] = set()
        cg = self.cgroup
        for c in comets:
            for n in self.geo.neighbours[c]:
                g = cg[n]
                if g >= 0:
                    groups.add(g)
        size = len(comets)
        old = 0
        for g in groups:
            s = self.csize[g]
            size += s
            old += comet_group_points(s)
        return comet_group_points(size) - old

    def _new_triangles(self, asts: Sequence[int], changes: Sequence[Change]) -> set[int]:
        geo = self.geo
        cells = self.cells
        placed = {c for c, icon in changes if icon == ASTEROID}
        new: set[int] = set()
        for c in asts:
            for t in geo.triangles_of[c]:
                if t in new:
                    continue
                a, b, e = geo.triangles[t]
                if ((a in placed or cells[a] == ASTEROID) and (b in placed or cells[b] == ASTEROID)
                        and (e in placed or cells[e] == ASTEROID)):
                    new.add(t)
        return new

    def _component(self, seeds: Iterable[int], tris: frozenset[int] | set[int]) -> list[int]:
        """Triangles of ``tris`` linked to ``seeds`` through shared cells."""
        geo = self.geo
        seen = set(seeds)
        stack = list(seen)
        while stack:
            t = stack.pop()
            for c in geo.triangles[t]:
                for u in geo.triangles_of[c]:
                    if u in tris and u not in seen:
                        seen.add(u)
                        stack.append(u)
        return sorted(seen)

    def _asteroid_gain(self, asts: Sequence[int], changes: Sequence[Change]) -> int:
        new = self._new_triangles(asts, changes)
        if not new:
            return 0
        every = self.ast_tris | new
        comp = self._component(new, every)
        tri = self.geo.triangles
        after = packing_of_triangles(tuple(tri[t] for t in comp))
        before = packing_of_triangles(tuple(tri[t] for t in comp if t not in new))
        return POINTS_PER_TRIANGLE * (after - before)

    # ------------------------------------------------------------------ drawing

    def apply(self, changes: Sequence[Change]) -> None:
        """Draw ``changes`` (non-blank icons on empty cells) and update every count."""
        geo = self.geo
        asts = [c for c, icon in changes if icon == ASTEROID]
        new = self._new_triangles(asts, changes) if asts else set()
        comets = []
        for cell, icon in changes:
            if icon == BLANK or self.cells[cell] != BLANK:
                raise InternalError(f"cell {cell}: {icon!r} drawn over {self.cells[cell]!r}")
            self.cells[cell] = icon
            self.empty -= 1
            if icon == GALAXY:
                self.gal[geo.quadrant[cell]] += 1
            elif icon == PLANET:
                for ln in geo.lines_of[cell]:
                    self.line_pl[ln] += 1
            elif icon == COMET:
                comets.append(cell)
        if comets:
            self._merge_comets(comets)
        if new:
            old_pack = self.ast_pack
            every = self.ast_tris | new
            comp = self._component(new, every)
            tri = geo.triangles
            self.ast_pack = old_pack + (packing_of_triangles(tuple(tri[t] for t in comp))
                                        - packing_of_triangles(tuple(tri[t] for t in comp
                                                                     if t not in new)))
            self.ast_tris = frozenset(every)

    def _merge_comets(self, comets: Sequence[int]) -> None:
        geo = self.geo
        cg = self.cgroup
        for start in comets:
            if cg[start] >= 0:
                continue
            merged = {cg[n] for n in geo.neighbours[start] if cg[n] >= 0}
            gid = self.next_gid
            self.next_gid += 1
            size = 1
            for g in merged:
                size += self.csize.pop(g)
            if merged:
                for i, g in enumerate(cg):
                    if g in merged:
                        cg[i] = gid
            cg[start] = gid
            self.csize[gid] = size
