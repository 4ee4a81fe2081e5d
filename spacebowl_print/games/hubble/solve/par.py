"""The par solver: a play log for a solo challenge that a good player could hope to match.

A solo challenge lists every roll in advance, so par is a planning problem with full
information. The solver works in three steps:

1. **Star plans.** For each dealt card it ranks the placements whose red stars the rolls can
   supply (a small max-flow of star-bearing rolls into quadrants), preferring edge cells (they
   matter least to comets, planets and asteroid triangles) and few stars the player must
   choose, and pairs them into up to ``plans`` plans of disjoint cells.
2. **Beam search.** For each plan, for a plan-free variant that values stars by the best
   placement still open (:class:`_FreeStars`), and for a variant blind to stars, it goes roll
   by roll keeping the ``width`` most promising pads. A pad is valued by its exact score
   without stars plus a few potentials: stars on the plan's red cells (which no other icon may
   take while the card can still be completed; a card whose missing stars the remaining rolls
   can no longer bring is given up and its cells freed), lone comets that may still be
   joined, lone planets on lines that may still pair, two asteroids that may still make a
   triangle, and empty cells still to fill. Fogs are tried when nothing can be placed or when
   the pad is nearly full, so the last icons go where they score.
3. **Exact choice.** Every finished pad is scored by the engine (stars included) against the
   greedy player's total; the best log wins (earliest on ties) and is polished turn by turn
   (:func:`polish`). If it still does not beat greedy (rare), the plan-free searches run again
   four times wider, then endings of greedy's own log are replanned, and the winner is
   polished again. The final log is replayed by the legality checker.

Everything is deterministic: no clocks, no unseeded randomness; the work is bounded by the
beam width and the number of plans, tuned to stay under a second of CPU per standard
challenge (``benchmarks/bench_hubble.py`` measures it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any

from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    Fog,
    Place,
    PlayLog,
    Roll,
    Turn,
)
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import (
    ASTEROID,
    BLANK,
    COMET,
    GALAXY,
    ICONS,
    PLANET,
    STAR,
    PadGeometry,
)
from spacebowl_print.games.hubble.model.pad import MAX_FOG, Pad
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import (
    GALAXY_POINTS,
    Score,
    comet_group_points,
    score_cells,
    score_pad,
)
from spacebowl_print.games.hubble.rules.stars import Placement, placements
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.moves import fog_icons
from spacebowl_print.games.hubble.solve.moves import fogs as fogs_of
from spacebowl_print.games.hubble.solve.moves import placements as placements_of


@dataclass(frozen=True)
class Weights:
    """The potentials of the beam search's valuation (points per item)."""

    star_red: float = 4.0  # × the card's value, shared over its red stars …
    star_curve: float = 1.0  # … growing as (stars drawn / red stars) ** curve
    star_done: float = 0.0  # × the card's value, once all its red stars are drawn
    star_purple: float = 1.0  # × the card's bonus
    free_star: float = 0.8  # without a plan: × the card's value, shared over its red stars
    lone_comet: float = 0.5
    lone_planet_line: float = 0.5
    asteroid_pair: float = 0.5
    spare_galaxy: float = 0.0
    empty_cell: float = 1.5
    fog: float = 3.0


@dataclass(frozen=True)
class ParSettings:
    """How hard the solver works: beam width, number of star plans, fog window."""

    width: int = 8
    plans: int = 6
    fog_window: int = 16  # fogs are tried once this few cells are empty
    weights: Weights = Weights()


@dataclass(frozen=True)
class Plan:
    """Cells reserved for stars: each red cell with the slot of its card, each purple cell
    with its points; per slot the number of red cells and the weighted value."""

    red: dict[int, int]
    purple: dict[int, float]
    sizes: tuple[int, ...] = ()
    values: tuple[float, ...] = ()
    label: str = ""
    free_stars: _FreeStars | None = None

    def star_value(self, cell: int, progress: Sequence[int], w: Weights) -> float:
        """What a star drawn in ``cell`` is worth, with ``progress[j]`` red stars of slot
        ``j`` already drawn (-1: the slot was given up), 0 off the plan."""
        j = self.red.get(cell)
        if j is None:
            return self.purple.get(cell, 0.0)
        n, k = self.sizes[j], progress[j]
        if k < 0:
            return 0.0
        v = self.values[j] * (((k + 1) / n) ** w.star_curve - (k / n) ** w.star_curve)
        return v + (self.values[j] * w.star_done if k + 1 == n else 0.0)


class _FreeStars:
    """Stars without a plan: per card, every placement of its red stars; a pad is worth, per
    card, ``value × weight × k / n`` where k is the most red stars drawn in a placement
    that no other icon blocks yet."""

    def __init__(self, cards: Sequence[Constellation], geo: PadGeometry, weight: float):
        self.cards = []
        for card in cards:
            cells = [p.red for p in placements(card, geo.cols, geo.rows)]
            by_cell: dict[int, list[int]] = {}
            for i, red in enumerate(cells):
                for c in red:
                    by_cell.setdefault(c, []).append(i)
            self.cards.append((cells, by_cell, card.value * weight / len(card.red)))

    def levels(self, cells: Sequence[str]) -> list[tuple[list[int], int]]:
        """Per card: each placement's drawn red stars (-1 when blocked) and the best."""
        out = []
        for red_cells, _, _ in self.cards:
            ks = []
            for red in red_cells:
                k = 0
                for c in red:
                    if cells[c] == STAR:
                        k += 1
                    elif cells[c] != BLANK:
                        k = -1
                        break
                ks.append(k)
            out.append((ks, max(ks, default=-1)))
        return out

    def delta(self, levels: list[tuple[list[int], int]], c: int, icon: str) -> float:
        """The change of worth of drawing ``icon`` in empty cell ``c``."""
        d = 0.0
        for (ks, best), (_, by_cell, per_star) in zip(levels, self.cards, strict=True):
            mine = by_cell.get(c, ())
            if icon == STAR:
                if best >= 0 and any(ks[i] == best for i in mine):
                    d += per_star
            elif best > 0 and any(ks[i] == best for i in mine):
                inside = set(mine)
                rest = max((k for i, k in enumerate(ks) if i not in inside), default=-1)
                d -= per_star * (best - max(rest, 0))
        return d


@dataclass(frozen=True)
class ParResult:
    """A par play: the log, the finished pad (replayed by the legality checker), its score,
    and which plan produced it."""

    play: PlayLog
    pad: Pad
    score: Score
    plan: str


# --------------------------------------------------------------------------- star plans

def _star_supply(rolls: Sequence[Roll]) -> list[tuple[int, tuple[int, int], bool]]:
    """Per roll that can bring a star: how many (natural S faces, or 1 if the player chooses
    the third icon), its quadrants, and whether it is the player's choice."""
    out = []
    for r in rolls:
        natural = sum(1 for i in r.icons if i == STAR) + (r.third == STAR)
        if natural:
            out.append((natural, r.quadrants, False))
        elif r.third is None:
            out.append((1, r.quadrants, True))
    return out


def _max_flow(supply: Sequence[tuple[int, tuple[int, int], bool]], demand: Sequence[int]
              ) -> int:
    """How many of the ``demand`` stars per quadrant the rolls can deliver (each roll brings
    at most its count, into either of its quadrants): a tiny max-flow by augmenting paths."""
    cap = [s[0] for s in supply]
    flow: dict[tuple[int, int], int] = {}
    into = [0, 0, 0, 0]
    total = 0
    for _ in range(sum(demand)):
        # breadth-first search from rolls with spare capacity to a quadrant with spare demand
        prev: dict[tuple[str, int], tuple[str, int] | None] = {}
        frontier: list[tuple[str, int]] = []
        for i, c in enumerate(cap):
            if c > 0:
                prev["r", i] = None
                frontier.append(("r", i))
        found = None
        while frontier and found is None:
            nxt = []
            for kind, k in frontier:
                if kind == "r":
                    for q in supply[k][1]:
                        if ("q", q) not in prev:
                            prev["q", q] = (kind, k)
                            if into[q] < demand[q]:
                                found = ("q", q)
                                break
                            nxt.append(("q", q))
                else:
                    for i in range(len(supply)):
                        if flow.get((i, k), 0) > 0 and ("r", i) not in prev:
                            prev["r", i] = (kind, k)
                            nxt.append(("r", i))
                if found:
                    break
            frontier = nxt
        if found is None:
            break
        node: tuple[str, int] | None = found
        into[found[1]] += 1
        while node is not None:
            back = prev[node]
            if back is None:
                cap[node[1]] -= 1
            elif node[0] == "q":
                flow[back[1], node[1]] = flow.get((back[1], node[1]), 0) + 1
            else:
                flow[node[1], back[1]] -= 1
            node = back
        total += 1
    return total


def _demand(geo: PadGeometry, cells: Sequence[int]) -> list[int]:
    d = [0, 0, 0, 0]
    for c in cells:
        d[geo.quadrant[c]] += 1
    return d


def star_plans(challenge: Challenge, cards: Sequence[Constellation], count: int,
               weights: Weights) -> list[Plan]:
    """Up to ``count`` plans placing the dealt cards where the rolls can bring their stars."""
    geo = challenge.geometry
    supply = _star_supply(challenge.rolls)
    natural = [s for s in supply if not s[2]]
    ranked: list[list[tuple[float, Placement]]] = []
    for card in cards:
        opts = []
        for p in placements(card, geo.cols, geo.rows):
            need = _demand(geo, p.red)
            if _max_flow(supply, need) < len(p.red):
                continue
            short = len(p.red) - _max_flow(natural, need)  # stars the player must choose
            edge = sum(len(geo.neighbours[c]) for c in p.red) / len(p.red)
            purple = sum(1 for c in p.purple if c is not None)
            cost = 3.0 * short + edge - 1.5 * purple * (card.bonus > 0)
            opts.append((cost, p))
        opts.sort(key=lambda o: o[0])
        ranked.append(opts[:40])
    plans: list[Plan] = []
    seen: set[frozenset[int]] = set()
    # pair the cheapest placements of the two cards (or take one card alone)
    pairs: list[tuple[float, list[tuple[int, Placement]]]] = []
    if len(ranked) >= 2 and ranked[0] and ranked[1]:
        for c0, p0 in ranked[0][:15]:
            used0 = set(p0.red) | {c for c in p0.purple if c is not None}
            for c1, p1 in ranked[1][:15]:
                used1 = set(p1.red) | {c for c in p1.purple if c is not None}
                if used0 & used1:
                    continue
                need = _demand(geo, p0.red + p1.red)
                if _max_flow(supply, need) < len(p0.red) + len(p1.red):
                    continue
                pairs.append((c0 + c1, [(0, p0), (1, p1)]))
    pairs.sort(key=lambda x: x[0])
    singles = [(c, [(j, p)]) for j, opts in enumerate(ranked) for c, p in opts[:1]]
    for _, chosen in pairs + singles:
        red: dict[int, int] = {}
        bonus_cells: dict[int, float] = {}
        sizes, values = [], []
        for slot, (j, p) in enumerate(chosen):
            card = cards[j]
            for cell in p.red:
                red[cell] = slot
            for maybe in p.purple:
                if maybe is not None and card.bonus:
                    bonus_cells[maybe] = card.bonus * weights.star_purple
            sizes.append(len(p.red))
            values.append(card.value * weights.star_red)
        key = frozenset(red) | frozenset(bonus_cells)
        if key in seen:
            continue
        seen.add(key)
        label = " + ".join(f"{cards[j].name}@{geo.names[p.red[0]]}/{p.turn}" for j, p in chosen)
        plans.append(Plan(red, bonus_cells, tuple(sizes), tuple(values), label))
        if len(plans) >= count:
            break
    return plans


# --------------------------------------------------------------------------- beam search

class _Node:
    __slots__ = ("board", "fog", "h", "parent", "progress", "turn")

    def __init__(self, board: Board, parent: _Node | None, turn: Turn | None, fog: int,
                 h: float, progress: tuple[int, ...]) -> None:
        self.board = board
        self.progress = progress
        self.parent = parent
        self.turn = turn
        self.fog = fog
        self.h = h

    def turns(self) -> list[Turn]:
        out = []
        node: _Node | None = self
        while node is not None and node.turn is not None:
            out.append(node.turn)
            node = node.parent
        return out[::-1]


def _group_delta(board: Board, icon: str, cs: Sequence[int], plan: Plan, w: Weights,
                 progress: Sequence[int]) -> float:
    """Score gain plus the change of the potentials of drawing ``icon`` in every cell of
    ``cs`` (two or three cells of one triangle: they all touch)."""
    geo = board.geo
    cells = board.cells
    d = -w.empty_cell * len(cs)
    if icon == STAR:
        now = list(progress)
        for c in cs:
            d += plan.star_value(c, now, w)
            if c in plan.red and now[plan.red[c]] >= 0:
                now[plan.red[c]] += 1
        return d
    if icon == COMET:
        sizes: dict[int, int] = {}
        cg = board.cgroup
        for c in cs:
            for n in geo.neighbours[c]:
                if cg[n] >= 0:
                    sizes[cg[n]] = board.csize[cg[n]]
        return d + comet_group_points(len(cs) + sum(sizes.values())) - sum(
            comet_group_points(v) for v in sizes.values())
    if icon == PLANET:
        inc: dict[int, int] = {}
        for c in cs:
            for ln in geo.lines_of[c]:
                inc[ln] = inc.get(ln, 0) + 1
        for ln, k in inc.items():
            n = board.line_pl[ln]
            d += (n + k if n + k >= 2 else 0) - (n if n >= 2 else 0)
            if n == 0 and k == 1:
                d += w.lone_planet_line
        return d
    if icon == GALAXY:
        gal = board.gal.copy()
        low = min(gal)
        for c in cs:
            gal[geo.quadrant[c]] += 1
        new_low = min(gal)
        spare = sum(g - new_low for g in gal) - sum(g - low for g in board.gal)
        return d + GALAXY_POINTS * (new_low - low) + w.spare_galaxy * max(0, spare)
    if icon == ASTEROID:
        d += board.gain([(c, ASTEROID) for c in cs])
        placed = set(cs)
        seen: set[int] = set()
        for c in cs:
            for t in geo.triangles_of[c]:
                if t in seen:
                    continue
                seen.add(t)
                tri = geo.triangles[t]
                n_ast = sum(1 for x in tri if x in placed or cells[x] == ASTEROID)
                free = sum(1 for x in tri if x not in placed and cells[x] == BLANK
                           and x not in plan.red and x not in plan.purple)
                if n_ast == 2 and free == 1:
                    d += w.asteroid_pair
        return d
    return d


def _single(board: Board, c: int, icon: str, plan: Plan, w: Weights,
            progress: Sequence[int]) -> float:
    """:func:`_delta` of drawing one icon, by the cheapest route for each kind."""
    geo = board.geo
    cells = board.cells
    d = -w.empty_cell
    if icon == STAR:
        return d + plan.star_value(c, progress, w)
    if icon == COMET:
        sizes = {}
        cg = board.cgroup
        for n in geo.neighbours[c]:
            g = cg[n]
            if g >= 0:
                sizes[g] = board.csize[g]
        if not sizes:
            return d + w.lone_comet
        total = 1 + sum(sizes.values())
        return d + comet_group_points(total) - sum(comet_group_points(v) for v in sizes.values())
    if icon == PLANET:
        for ln in geo.lines_of[c]:
            n = board.line_pl[ln]
            if n == 0:
                d += w.lone_planet_line
            elif n == 1:
                d += 2
            else:
                d += 1
        return d
    if icon == GALAXY:
        gal = board.gal
        low = min(gal)
        if gal[geo.quadrant[c]] > low:
            return d + w.spare_galaxy
        if gal.count(low) == 1:
            return d + GALAXY_POINTS
        return d
    if icon == ASTEROID:
        tris = geo.triangles
        reserved = plan.red
        new = False
        for t in geo.triangles_of[c]:
            a, b, e = tris[t]
            others = [x for x in (a, b, e) if x != c]
            n_ast = (cells[others[0]] == ASTEROID) + (cells[others[1]] == ASTEROID)
            if n_ast == 2:
                new = True
            elif n_ast == 1:
                free = [x for x in others if cells[x] == BLANK and x not in reserved]
                if free:
                    d += w.asteroid_pair
        if new:
            d += board.gain([(c, ASTEROID)])
        return d
    return d


def _frames(roll: Roll) -> list[tuple[tuple[str, ...], int]]:
    """The Scope's icon orders on a triangle's three positions. With the third icon the
    player's choice, its position is marked ``?`` and returned (else -1)."""
    third = "?" if roll.third is None else roll.third
    seen: dict[tuple[str, ...], None] = {}
    for perm in permutations((roll.icons[0], roll.icons[1], third)):
        seen.setdefault(perm, None)
    return [(f, f.index("?") if "?" in f else -1) for f in seen]


THIRDS_KEPT = 2
"""With the third icon the player's choice, the beam keeps only the best few choices for
each triangle and order of the dice (the others are dominated by the local valuation)."""


def _expand(node: _Node, roll: Roll, frames: Sequence[tuple[tuple[str, ...], int]],
            plan: Plan, settings: ParSettings) -> list[tuple[float, list[tuple[int, str]], Any]]:
    """Every child of ``node`` worth a look: (value, changes, move) where move is
    (triangle, icons) for a placement or a :class:`Fog`."""
    board = node.board
    cells = board.cells
    geo = board.geo
    w = settings.weights
    # red cells of the plan's live cards take only stars (purple cells stay open)
    reserved = {c for c, j in plan.red.items() if node.progress[j] >= 0}
    single: dict[tuple[int, str], float] = {}

    free = plan.free_stars
    levels = free.levels(cells) if free is not None else []
    star_memo: dict[tuple[int, str], float] = {}

    def free_part(changes: list[tuple[int, str]]) -> float:
        if free is None:
            return 0.0
        d = 0.0
        for ch in changes:
            v = star_memo.get(ch)
            if v is None:
                v = star_memo[ch] = free.delta(levels, ch[0], ch[1])
            d += v
        return d

    group: dict[tuple[str, tuple[int, ...]], float] = {}

    def value(changes: list[tuple[int, str]]) -> float:
        # icons of different kinds add up (memoised per cell); two or three of one kind are
        # valued together (memoised per group: the same pair recurs with every third icon)
        by_icon: dict[str, list[int]] = {}
        for c, icon in changes:
            by_icon.setdefault(icon, []).append(c)
        d = 0.0
        for icon, cs in by_icon.items():
            if len(cs) == 1:
                v = single.get((cs[0], icon))
                if v is None:
                    v = single[cs[0], icon] = _single(board, cs[0], icon, plan, w, node.progress)
            else:
                key = (icon, tuple(cs))
                v = group.get(key)
                if v is None:
                    v = group[key] = _group_delta(board, icon, cs, plan, w, node.progress)
            d += v
        return d + free_part(changes)

    def may_draw(c: int, icon: str) -> bool:
        return icon == BLANK or (cells[c] == BLANK and (icon == STAR or c not in reserved))

    out: list[tuple[float, list[tuple[int, str]], Any]] = []
    nothing = False
    for t in geo.scope_triangles(*roll.quadrants):
        tri = geo.triangles[t]
        if cells[tri[0]] != BLANK and cells[tri[1]] != BLANK and cells[tri[2]] != BLANK:
            continue
        for frame, q in frames:
            if ((q != 0 and not may_draw(tri[0], frame[0]))
                    or (q != 1 and not may_draw(tri[1], frame[1]))
                    or (q != 2 and not may_draw(tri[2], frame[2]))):
                continue
            base = [(tri[k], frame[k]) for k in range(3) if k != q and frame[k] != BLANK]
            if q < 0:
                options = [(value(base), base, frame)]
            else:
                options = []
                for x in ICONS:
                    if may_draw(tri[q], x):
                        changes = base if x == BLANK else sorted([*base, (tri[q], x)])
                        options.append((value(changes), changes, (*frame[:q], x, *frame[q + 1:])))
                options.sort(key=lambda o: -o[0])
                options = options[:THIRDS_KEPT]
            for d, changes, icons in options:
                if not changes:
                    if nothing:
                        continue
                    nothing = True
                out.append((node.h + d, changes, (tri, icons)))
    if not out or board.empty <= settings.fog_window:
        out.append((node.h - w.fog, [], Fog()))
        for c in range(geo.size):
            if cells[c] != BLANK or geo.quadrant[c] not in roll.quadrants:
                continue
            for icon in fog_icons(roll):
                if may_draw(c, icon):
                    out.append((node.h + value([(c, icon)]) - w.fog, [(c, icon)], Fog(c, icon)))
    return out


def _beam(challenge: Challenge, plan: Plan, settings: ParSettings,
          prefix: Sequence[Turn] = ()) -> list[_Node]:
    """Beam search over the rolls after the turns ``prefix`` (legal, fewer than three fogs);
    returns every pad it finished (ended by the third fog or by the last roll)."""
    geo = challenge.geometry
    start = _Node(Board(geo), None, None, 0, 0.0, (0,) * len(plan.sizes))
    for done in prefix:
        board = start.board.copy()
        board.apply(_drawn(done))
        start = _Node(board, start, done, start.fog + isinstance(done, Fog), 0.0,
                      start.progress)
    beam = [start]
    finished: list[_Node] = []
    supply = _supply_suffix(challenge.rolls)
    slot_cells: dict[int, list[int]] = {}
    for c, j in plan.red.items():
        slot_cells.setdefault(j, []).append(c)
    for i in range(len(prefix), len(challenge.rolls)):
        roll = challenge.rolls[i]
        for node in beam:
            node.progress = _give_up(node, slot_cells, supply[i], geo)
        frames = _frames(roll)
        children: list[tuple[float, int, _Node, list[tuple[int, str]], Any]] = []
        for node in beam:
            for h, changes, move in _expand(node, roll, frames, plan, settings):
                children.append((-h, len(children), node, changes, move))
        children.sort(key=_first_two)
        beam = []
        keys: set[tuple[str, int]] = set()
        for neg_h, _, parent, changes, what in children:
            cells = parent.board.cells.copy()
            for c, icon in changes:
                cells[c] = icon
            fog = parent.fog + isinstance(what, Fog)
            key = ("".join(cells), fog)
            if key in keys:
                continue
            keys.add(key)
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
            child = _Node(board, parent, turn, fog, -neg_h, progress)
            if fog == MAX_FOG:
                finished.append(child)
            else:
                beam.append(child)
            if len(beam) >= settings.width:
                break
        if not beam:
            break
    return beam + finished


def _drawn(turn: Turn) -> list[tuple[int, str]]:
    """What a turn draws: its non-blank icons with their cells."""
    if isinstance(turn, Place):
        return [(c, icon) for c, icon in turn.cells if icon != BLANK]
    return [] if turn.cell is None or turn.icon is None else [(turn.cell, turn.icon)]


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


def _give_up(node: _Node, slot_cells: dict[int, list[int]], supply: Sequence[int],
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


def _first_two(child: tuple[Any, ...]) -> tuple[float, int]:
    return child[0], child[1]


WIDE = 4
"""When no plan beats the greedy player (rare), the plan-free searches run again this many
times wider."""


TAIL_STARTS = (4, 7, 10, 14, 18)
"""Last resort: replan the last 4, 7, … turns of the greedy player's own log."""


def solve_par(challenge: Challenge, cards: Sequence[Constellation],
              settings: ParSettings | None = None) -> ParResult:
    """The par play of ``challenge`` with its dealt ``cards`` (the set's cards named by
    ``challenge.constellations``, in order). Deterministic: the same challenge and settings
    always give the same log."""
    settings = settings or ParSettings()
    geo = challenge.geometry
    greedy = greedy_play(challenge)
    floor = score_pad(replay(challenge, greedy), cards).total
    best_total, best_turns, best_label = floor, list(greedy.turns), "greedy"

    def consider(finals: list[_Node], width: int, label: str) -> None:
        nonlocal best_total, best_turns, best_label
        finals.sort(key=lambda n: -n.h)
        for node in finals[:width]:
            cells = "".join(node.board.cells)
            total = score_cells(cells, geo, cards).total
            if total > best_total and unambiguous(cells, cards, geo):
                best_total, best_turns, best_label = total, node.turns(), label

    free = _FreeStars(cards, geo, settings.weights.free_star)
    plans = [*star_plans(challenge, cards, settings.plans, settings.weights),
             Plan({}, {}, label="free stars", free_stars=free), Plan({}, {}, label="no plan")]
    for plan in plans:
        consider(_beam(challenge, plan, settings), settings.width, plan.label)
    best_turns, best_total, best_label = _polished(challenge, best_turns, best_total,
                                                   best_label, cards)
    if best_total <= floor:
        # still no better than greedy: search much wider without plans, then keep greedy's
        # own opening and replan ever longer endings
        wide = replace(settings, width=settings.width * WIDE)
        for plan in plans[-2:]:
            consider(_beam(challenge, plan, wide), wide.width, f"{plan.label}, wide")
        tail = replace(settings, width=settings.width * 2)
        for k in TAIL_STARTS:
            if best_total > floor:
                break
            keep = _tail_prefix(greedy.turns, len(greedy.turns) - k)
            for plan in plans[-2:]:
                consider(_beam(challenge, plan, tail, keep), tail.width,
                         f"greedy's first {len(keep)} turns, then {plan.label}")
        best_turns, best_total, best_label = _polished(challenge, best_turns, best_total,
                                                       best_label, cards)
    play = PlayLog(challenge.id, tuple(best_turns))
    pad = replay(challenge, play)  # the checker, not the search, has the last word
    score = score_pad(pad, cards)
    assert score.total == best_total
    return ParResult(play, pad, score, best_label)


def unambiguous(cells: str, cards: Sequence[Constellation], geo: PadGeometry) -> bool:
    """Whether both readings of "each star serves at most one card" give the pad the same
    stars score (docs/hubble.md): a published par should not depend on the reading."""
    return stars.best(cells, cards, geo)[0] == stars.best_other_reading(cells, cards, geo)


def _polished(challenge: Challenge, turns: list[Turn], total: int, label: str,
              cards: Sequence[Constellation]) -> tuple[list[Turn], int, str]:
    better, score = polish(challenge, turns, cards)
    return (better, score, f"{label}, polished") if score > total else (turns, total, label)


def polish(challenge: Challenge, turns: Sequence[Turn], cards: Sequence[Constellation],
           passes: int = 2) -> tuple[list[Turn], int]:
    """Hill-climb a legal log one turn at a time: replace a turn by another answer to its roll
    (a placement by a placement, a fog by a fog) that draws only into cells no other turn
    draws into, so that every other turn stays legal, and keep it when the finished pad
    scores more. Returns the log and its total."""
    geo = challenge.geometry
    out = list(turns)
    final = list(replay(challenge, PlayLog(challenge.id, tuple(out))).cells)
    total = score_cells("".join(final), geo, cards).total
    for _ in range(passes):
        improved = False
        for i, turn in enumerate(out):
            base = final.copy()
            for c, _icon in _drawn(turn):
                base[c] = BLANK
            roll = challenge.rolls[i]
            options: list[Turn]
            if isinstance(turn, Place):
                options = [Place(m) for m in placements_of(base, roll, geo)]
            else:
                options = [Fog(c, icon) for c, icon in fogs_of(base, roll, geo)]
            for option in options:
                cells = base.copy()
                for c, icon in _drawn(option):
                    cells[c] = icon
                t = score_cells("".join(cells), geo, cards).total
                if t > total and unambiguous("".join(cells), cards, geo):
                    total, final, out[i], improved = t, cells, option, True
                    base = final.copy()
                    for c, _icon in _drawn(option):
                        base[c] = BLANK
        if not improved:
            break
    return out, total


def _tail_prefix(turns: Sequence[Turn], n: int) -> list[Turn]:
    """The first ``n`` turns (at least none), cut before the third fog."""
    out: list[Turn] = []
    fogs = 0
    for turn in turns[:max(n, 0)]:
        fogs += isinstance(turn, Fog)
        if fogs == MAX_FOG:
            break
        out.append(turn)
    return out
