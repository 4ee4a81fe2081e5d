"""The par solver's beam search: roll by roll, keep the ``width`` most promising pads.

A pad is valued by its exact score without stars plus the potentials of
:mod:`~.par_gains`. The red cells of a plan's card take only stars while the card can still
be completed; a card whose missing stars the remaining rolls can no longer bring is given up
and its cells freed. Fogs are tried when nothing can be placed or when the pad is nearly
full, so the last icons go where they score. Children are ranked by value, earliest on ties,
and a pad reached twice (same icons, same fogs) is kept once.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Any

from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, Place, Roll, Turn
from spacebowl_print.games.hubble.model.geometry import BLANK, ICONS, STAR, PadGeometry
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.moves import fog_icons, turn_draws
from spacebowl_print.games.hubble.solve.par_gains import group_delta, single_delta
from spacebowl_print.games.hubble.solve.par_plans import FreeStars, Plan
from spacebowl_print.games.hubble.solve.par_settings import ParSettings, Weights

Change = tuple[int, str]
Frame = tuple[tuple[str, ...], int]
"""An order of the Scope's icons on a triangle, and where the player's choice goes (or -1)."""
Child = tuple[float, list[Change], Any]
"""A child worth a look: (value, changes, move) where move is (triangle, icons) for a
placement or a :class:`Fog`."""

THIRDS_KEPT = 2
"""With the third icon the player's choice, the beam keeps only the best few choices for
each triangle and order of the dice (the others are dominated by the local valuation)."""


class Node:
    """A pad in the beam: its board, the turn that led to it from ``parent``, its fogs, its
    value ``h`` and per slot of the plan its red stars drawn (-1: given up)."""

    __slots__ = ("board", "fog", "h", "parent", "progress", "turn")

    def __init__(self, board: Board, parent: Node | None, turn: Turn | None, fog: int,
                 h: float, progress: tuple[int, ...]) -> None:
        self.board = board
        self.progress = progress
        self.parent = parent
        self.turn = turn
        self.fog = fog
        self.h = h

    def turns(self) -> list[Turn]:
        out = []
        node: Node | None = self
        while node is not None and node.turn is not None:
            out.append(node.turn)
            node = node.parent
        return out[::-1]


def beam_search(challenge: Challenge, plan: Plan, settings: ParSettings,
                prefix: Sequence[Turn] = ()) -> list[Node]:
    """Beam search over the rolls after the turns ``prefix`` (legal, fewer than three fogs);
    returns every pad it finished (ended by the third fog or by the last roll)."""
    geo = challenge.geometry
    beam = [_start(geo, plan, prefix)]
    finished: list[Node] = []
    supply = _supply_suffix(challenge.rolls)
    slot_cells: dict[int, list[int]] = {}
    for c, j in plan.red.items():
        slot_cells.setdefault(j, []).append(c)
    for i in range(len(prefix), len(challenge.rolls)):
        for node in beam:
            node.progress = _give_up(node, slot_cells, supply[i], geo)
        children = _children(beam, challenge.rolls[i], plan, settings)
        beam, done = _select(children, plan, settings.width)
        finished += done
        if not beam:
            break
    return beam + finished


def _start(geo: PadGeometry, plan: Plan, prefix: Sequence[Turn]) -> Node:
    """The node after the turns ``prefix``, each a node of its own."""
    start = Node(Board(geo), None, None, 0, 0.0, (0,) * len(plan.sizes))
    for done in prefix:
        board = start.board.copy()
        board.apply(turn_draws(done))
        start = Node(board, start, done, start.fog + isinstance(done, Fog), 0.0,
                     start.progress)
    return start


def _children(beam: Sequence[Node], roll: Roll, plan: Plan, settings: ParSettings
              ) -> list[tuple[float, int, Node, list[Change], Any]]:
    """Every child of the beam worth a look, best first (earliest on ties): (-value, rank,
    parent, changes, move)."""
    frames = _frames(roll)
    children: list[tuple[float, int, Node, list[Change], Any]] = []
    for node in beam:
        for h, changes, move in expand(node, roll, frames, plan, settings):
            children.append((-h, len(children), node, changes, move))
    children.sort(key=_first_two)
    return children


def _first_two(child: tuple[Any, ...]) -> tuple[float, int]:
    return child[0], child[1]


def _select(children: Sequence[tuple[float, int, Node, list[Change], Any]], plan: Plan,
            width: int) -> tuple[list[Node], list[Node]]:
    """The next beam (at most ``width`` pads, each pad once) and the pads the children
    finish with their third fog on the way."""
    beam: list[Node] = []
    finished: list[Node] = []
    keys: set[tuple[str, int]] = set()
    for neg_h, _, parent, changes, what in children:
        fog = parent.fog + isinstance(what, Fog)
        key = (_pad_after(parent.board.cells, changes), fog)
        if key in keys:
            continue
        keys.add(key)
        child = _child(parent, changes, what, fog, -neg_h, plan)
        if fog == MAX_FOG:
            finished.append(child)
        else:
            beam.append(child)
        if len(beam) >= width:
            break
    return beam, finished


def _pad_after(cells: Sequence[str], changes: Sequence[Change]) -> str:
    """The pad's icons, one a cell, once ``changes`` are drawn."""
    after = list(cells)
    for c, icon in changes:
        after[c] = icon
    return "".join(after)


def _child(parent: Node, changes: list[Change], what: Any, fog: int, h: float, plan: Plan
           ) -> Node:
    """The node that ``what`` (a placement's triangle and icons, or a fog) leads to."""
    board = parent.board.copy()
    board.apply(changes)
    if isinstance(what, Fog):
        turn: Turn = what
    else:
        tri, icons = what
        turn = Place(((tri[0], icons[0]), (tri[1], icons[1]), (tri[2], icons[2])))
    progress = parent.progress
    for c, icon in changes:
        if icon == STAR and c in plan.red and progress[plan.red[c]] >= 0:
            now = list(progress)
            now[plan.red[c]] += 1
            progress = tuple(now)
    return Node(board, parent, turn, fog, h, progress)


def _supply_suffix(rolls: Sequence[Roll]) -> list[tuple[int, ...]]:
    """Per roll index i: how many stars rolls i, i+1, … can still bring into each quadrant
    (entries 0–3) and in all (entry 4); a roll brings its S faces, or one star of the
    player's choosing."""
    out: list[tuple[int, ...]] = [(0, 0, 0, 0, 0)]
    for r in reversed(rolls):
        n = sum(1 for x in r.icons if x == STAR) + (r.third == STAR) + (r.third is None)
        last = list(out[-1])
        if n:
            for q in set(r.quadrants):
                last[q] += n
            last[4] += n
        out.append(tuple(last))
    return out[::-1]


def _give_up(node: Node, slot_cells: dict[int, list[int]], supply: Sequence[int],
             geo: PadGeometry) -> tuple[int, ...]:
    """``node``'s progress with every card marked -1 whose missing red stars the remaining
    rolls can no longer bring (its cells then open to other icons)."""
    progress = list(node.progress)
    cells = node.board.cells
    for j, cs in slot_cells.items():
        if progress[j] < 0:
            continue
        missing = [c for c in cs if cells[c] != STAR]
        if not missing:
            continue
        need = [0, 0, 0, 0]
        for c in missing:
            need[geo.quadrant[c]] += 1
        if any(c for c in missing if cells[c] != BLANK) or len(missing) > supply[4] or any(
                need[q] > supply[q] for q in range(4)):
            progress[j] = -1
    return tuple(progress)


# --------------------------------------------------------------------------- one node's children

def _frames(roll: Roll) -> list[Frame]:
    """The Scope's icon orders on a triangle's three positions. With the third icon the
    player's choice, its position is marked ``?`` and returned (else -1)."""
    third = "?" if roll.third is None else roll.third
    seen: dict[tuple[str, ...], None] = {}
    for perm in permutations((roll.icons[0], roll.icons[1], third)):
        seen.setdefault(perm, None)
    return [(f, f.index("?") if "?" in f else -1) for f in seen]


def expand(node: Node, roll: Roll, frames: Sequence[Frame], plan: Plan,
           settings: ParSettings) -> list[Child]:
    """Every child of ``node`` worth a look: the placements, then the fogs when nothing can
    be placed or at most ``settings.fog_window`` cells are empty."""
    look = _Look(node, plan, settings.weights)
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

    def __init__(self, node: Node, plan: Plan, w: Weights) -> None:
        self.node = node
        self.cells = node.board.cells
        self.plan = plan
        self.w = w
        self.reserved = {c for c, j in plan.red.items() if node.progress[j] >= 0}
        self.free = plan.free_stars
        self.levels = self.free.levels(self.cells) if self.free is not None else []
        self.single: dict[tuple[int, str], float] = {}
        self.group: dict[tuple[str, tuple[int, ...]], float] = {}
        self.star_memo: dict[tuple[int, str], float] = {}

    def may_draw(self, c: int, icon: str) -> bool:
        """A blank goes anywhere; an icon needs an empty cell, and a reserved one a star."""
        if icon == BLANK:
            return True
        return self.cells[c] == BLANK and (icon == STAR or c not in self.reserved)

    def value(self, changes: list[Change]) -> float:
        """Icons of different kinds add up (memoised per cell); two or three of one kind
        are valued together (memoised per group); then the plan-free stars' change."""
        by_icon: dict[str, list[int]] = {}
        for c, icon in changes:
            by_icon.setdefault(icon, []).append(c)
        board, progress = self.node.board, self.node.progress
        d = 0.0
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
        return d + (0.0 if free is None else self._free_part(free, changes))

    def _free_part(self, free: FreeStars, changes: list[Change]) -> float:
        d = 0.0
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
                 ) -> list[tuple[float, list[Change], tuple[str, ...]]]:
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
