"""The par solver's scalar valuation of a beam's children, one child at a time: the path the
solver used before :mod:`~.par_tables`, kept as the reference that the numpy path must equal
exactly (integer values in whole units; tests compare them; ``benchmarks/bench_hubble.py``
times one against the other). Select it with ``ParSettings(reference=True)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from spacebowl_print.games.hubble.model.challenge import Fog, Roll
from spacebowl_print.games.hubble.model.geometry import BLANK, ICONS, STAR
from spacebowl_print.games.hubble.solve.moves import fog_icons
from spacebowl_print.games.hubble.solve.par_gains import group_delta, single_delta
from spacebowl_print.games.hubble.solve.par_node import (
    THIRDS_KEPT,
    Candidate,
    Change,
    Frame,
    Node,
    frames,
)
from spacebowl_print.games.hubble.solve.par_plans import FreeStars, Plan
from spacebowl_print.games.hubble.solve.par_settings import ParSettings, Units

Child = tuple[int, list[Change], Any]
"""A child worth a look: (value, changes, move) where move is (triangle, icons) for a
placement or a :class:`Fog`."""


def candidates(beam: Sequence[Node], roll: Roll, plan: Plan, settings: ParSettings
               ) -> Iterator[Candidate]:
    """Every child of the beam worth a look, best first (earliest on ties)."""
    roll_frames = frames(roll)
    children: list[tuple[int, int, Node, list[Change], Any]] = []
    for node in beam:
        for h, changes, move in expand(node, roll, roll_frames, plan, settings):
            children.append((-h, len(children), node, changes, move))
    children.sort(key=_first_two)
    for neg_h, _, node, changes, move in children:
        yield -neg_h, node, changes, move


def _first_two(child: tuple[Any, ...]) -> tuple[int, int]:
    return child[0], child[1]


def expand(node: Node, roll: Roll, frames: Sequence[Frame], plan: Plan,
           settings: ParSettings) -> list[Child]:
    """Every child of ``node`` worth a look: the placements, then the fogs when nothing can
    be placed or at most ``settings.fog_window`` cells are empty."""
    look = _Look(node, plan, settings.units)
    out = _placements(look, roll, frames)
    if not out or node.board.empty <= settings.fog_window:
        out += _fogs(look, roll)
    return out


class _Look:
    """``node``'s pad as its expansion sees it: which icon a cell may take (red cells of the
    plan's live cards take only stars; purple cells stay open) and what drawing a few icons
    is worth, memoised: the same cells and icons recur with every third icon."""

    __slots__ = ("cells", "free", "group", "levels", "node", "plan", "reserved", "single",
                 "star_memo", "w")

    def __init__(self, node: Node, plan: Plan, w: Units) -> None:
        self.node = node
        self.cells = node.board.cells
        self.plan = plan
        self.w = w
        self.reserved = {c for c, j in plan.red.items() if node.progress[j] >= 0}
        self.free = plan.free_stars
        self.levels = self.free.levels(self.cells) if self.free is not None else []
        self.single: dict[tuple[int, str], int] = {}
        self.group: dict[tuple[str, tuple[int, ...]], int] = {}
        self.star_memo: dict[tuple[int, str], int] = {}

    def may_draw(self, c: int, icon: str) -> bool:
        """A blank goes anywhere; an icon needs an empty cell, and a reserved one a star."""
        if icon == BLANK:
            return True
        return self.cells[c] == BLANK and (icon == STAR or c not in self.reserved)

    def value(self, changes: list[Change]) -> int:
        """Icons of different kinds add up (memoised per cell); two or three of one kind
        are valued together (memoised per group); then the plan-free stars' change."""
        by_icon: dict[str, list[int]] = {}
        for c, icon in changes:
            by_icon.setdefault(icon, []).append(c)
        board, progress = self.node.board, self.node.progress
        d = 0
        for icon, cs in by_icon.items():
            if len(cs) == 1:
                v = self.single.get((cs[0], icon))
                if v is None:
                    v = self.single[cs[0], icon] = single_delta(board, cs[0], icon, self.plan,
                                                                self.w, progress)
            else:
                key = (icon, tuple(cs))
                v = self.group.get(key)
                if v is None:
                    v = self.group[key] = group_delta(board, icon, cs, self.plan, self.w,
                                                      progress)
            d += v
        free = self.free
        return d + (0 if free is None else self._free_part(free, changes))

    def _free_part(self, free: FreeStars, changes: list[Change]) -> int:
        d = 0
        for ch in changes:
            v = self.star_memo.get(ch)
            if v is None:
                v = self.star_memo[ch] = free.delta(self.levels, ch[0], ch[1])
            d += v
        return d


def _placements(look: _Look, roll: Roll, frames: Sequence[Frame]) -> list[Child]:
    """The placements worth a look, per triangle of the rolled quadrants with an empty cell;
    of the placements that draw nothing, only the first."""
    node = look.node
    geo = node.board.geo
    cells = look.cells
    out: list[Child] = []
    nothing = False
    for t in geo.scope_triangles(*roll.quadrants):
        tri = geo.triangles[t]
        if cells[tri[0]] != BLANK and cells[tri[1]] != BLANK and cells[tri[2]] != BLANK:
            continue
        for d, changes, icons in _on_triangle(look, tri, frames):
            if not changes:
                if nothing:
                    continue
                nothing = True
            out.append((node.h + d, changes, (tri, icons)))
    return out


def _on_triangle(look: _Look, tri: tuple[int, int, int], frames: Sequence[Frame]
                 ) -> list[tuple[int, list[Change], tuple[str, ...]]]:
    """Per frame whose icons the cells of ``tri`` may take: (value, changes, icons); with
    the player's choice at position ``q``, its best :data:`THIRDS_KEPT` choices."""
    may_draw, value = look.may_draw, look.value
    out = []
    for frame, q in frames:
        if ((q != 0 and not may_draw(tri[0], frame[0]))
                or (q != 1 and not may_draw(tri[1], frame[1]))
                or (q != 2 and not may_draw(tri[2], frame[2]))):
            continue
        base = [(tri[k], frame[k]) for k in range(3) if k != q and frame[k] != BLANK]
        if q < 0:
            out.append((value(base), base, frame))
            continue
        options = []
        for x in ICONS:
            if may_draw(tri[q], x):
                changes = base if x == BLANK else sorted([*base, (tri[q], x)])
                options.append((value(changes), changes, (*frame[:q], x, *frame[q + 1:])))
        options.sort(key=lambda o: -o[0])
        out += options[:THIRDS_KEPT]
    return out


def _fogs(look: _Look, roll: Roll) -> list[Child]:
    """A fog drawing nothing, then every one-icon fog into the rolled quadrants."""
    node = look.node
    geo = node.board.geo
    w = look.w
    out: list[Child] = [(node.h - w.fog, [], Fog())]
    for c in range(geo.size):
        if look.cells[c] != BLANK or geo.quadrant[c] not in roll.quadrants:
            continue
        for icon in fog_icons(roll):
            if look.may_draw(c, icon):
                out.append((node.h + look.value([(c, icon)]) - w.fog, [(c, icon)],
                            Fog(c, icon)))
    return out
