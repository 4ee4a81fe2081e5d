"""What drawing icons is worth, for a batch of pads and every triangle of a roll at once.

The beam search, the polish and the greedy player all ask one question thousands of times:
what is drawing these icons on these cells worth? The scalar answer is
:mod:`~.par_gains` (one pad, one group of cells at a time). This module gives the same
answer with numpy for a batch of pads (the beam) and every triangle a roll allows:

- :meth:`Tables.single` — per icon, drawing it alone in each cell;
- :meth:`Tables.group` — per icon and per two or three positions of a triangle, drawing that
  icon on those cells together;
- :meth:`Tables.free` — the plan-free stars' change (:class:`~.par_plans.FreeStars`);
- :meth:`Tables.frame` — a whole Scope on every triangle: the groups added in the order the
  scalar valuation adds them, then the plan-free stars' change.

Every value is an integer in whole units (:data:`~.par_settings.SCALE` a point,
:class:`~.par_settings.Units`), so the two paths agree exactly whatever order numpy adds in
and whichever CPU features it uses (tests compare them on random pads): the beam's ranking,
and therefore the par, does not depend on which path or machine valued a pad. With zero
weights and an empty plan (:data:`EXACT`) a value is :data:`SCALE` × the exact score gain
without stars, which the greedy player and the polish use.

The asteroid packing is the one part left to the scalar board (:meth:`Board.gain`): it is
asked only where a drawn asteroid completes a triangle, which is rare.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from spacebowl_print.games.hubble.rules.asteroids import POINTS_PER_TRIANGLE
from spacebowl_print.games.hubble.rules.scoring import GALAXY_POINTS
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.par_arrays import (
    AST,
    BLA,
    COM,
    GAL,
    PLA,
    STA,
    SUBSETS,
    Bool,
    GeoArrays,
    Int,
    PlanArrays,
    PlanSet,
    Scope,
    Value,
)
from spacebowl_print.games.hubble.solve.par_settings import SCALE, Units


class Tables:
    """Values of drawing icons on a batch of pads for one roll of two quadrants (``scope``).
    Row ``b`` is the pad ``boards[b]`` (``codes[b]``: its cells as icon codes, a sentinel
    last) under the plan ``plans[row_plan[b]]`` with its red stars drawn ``progress[b]``,
    so that the beams of several plans are valued together. Tables of one icon cover the
    cells of the rolled quadrants only (``scope.here``): no placement or fog reaches the
    others."""

    def __init__(self, ga: GeoArrays, plans: PlanSet, row_plan: Int, w: Units,
                 boards: Sequence[Board], codes: Int, progress: Int, scope: Scope,
                 packing: dict[tuple[frozenset[int], tuple[int, ...]], int] | None = None
                 ) -> None:
        self.ga, self.w = ga, w
        self.cgp = ga.cgp * SCALE  # a comet group's points by size, in units
        self.plans, self.row_plan = plans, row_plan
        self.boards = boards
        self.codes = codes
        self.B = len(boards)
        self.scope = scope
        self.tris, self.cells, self.here = scope.tris, scope.cells, scope.here
        self.rows = np.arange(self.B)[:, None]
        self.red_slot = plans.red_slot[row_plan]  # (B, n + 1)
        # progress with a last column of -1, for cells on no slot
        self.progress = np.concatenate([progress, np.full((self.B, 1), -1)], axis=1)
        here = self.here
        self.empty = codes[:, here] == BLA  # (B, m + 1), like every table of one icon
        self.slot_here = self.red_slot[:, here]
        self.progress_here = self.progress[self.rows, self.slot_here]
        self.reserved = (self.slot_here >= 0) & (self.progress_here >= 0)
        self.e = -w.empty_cell
        self.free_rows = np.nonzero(plans.has_free[row_plan])[0]
        self._single: dict[int, Value] = {}
        self._legal: dict[int, Bool] = {}
        self._group: dict[tuple[int, int], Value] = {}
        self._free: tuple[Value, Value] | None = None
        self._comets: tuple[Int, Int] | None = None
        self._gal: Int | None = None
        self._lines: Int | None = None
        self._rows_of: dict[str, NDArray[Any]] = {}
        self._covered: Bool | None = None
        self._tri_counts: tuple[Int, Int, Bool, Bool] | None = None
        self._packing = {} if packing is None else packing

    def _row_plans(self, field: str) -> NDArray[Any]:
        """(B, n + 1): a field of each row's plan."""
        out = self._rows_of.get(field)
        if out is None:
            out = self._rows_of[field] = getattr(self.plans, field)[self.row_plan]
        return out

    # ------------------------------------------------------------------ legality

    def legal(self, icon: int) -> Bool:
        """(B, m + 1): where ``icon`` may be drawn (a blank anywhere; an icon in an empty
        cell, a reserved one only a star)."""
        out = self._legal.get(icon)
        if out is None:
            if icon == BLA:
                out = np.ones_like(self.empty)
            elif icon == STA:
                out = self.empty
            else:
                out = self.empty & ~self.reserved
            self._legal[icon] = out
        return out

    # ------------------------------------------------------------------ one icon

    def single(self, icon: int) -> Value:
        """(B, m + 1): the value of drawing ``icon`` alone in each empty cell."""
        out = self._single.get(icon)
        if out is None:
            out = self._single[icon] = _SINGLE[icon](self)
        return out

    def galaxies(self) -> Int:
        """(B, 4): galaxies per quadrant."""
        if self._gal is None:
            self._gal = np.array([b.gal for b in self.boards], dtype=np.int64)
        return self._gal

    def line_counts(self) -> Int:
        """(B, lines + 1): planets per line (the sentinel line holds none)."""
        if self._lines is None:
            self._lines = np.array([[*b.line_pl, 0] for b in self.boards], dtype=np.int64)
        return self._lines

    def _galaxy(self) -> Value:
        gal = self.galaxies()
        low = gal.min(axis=1, keepdims=True)
        alone = (gal == low).sum(axis=1, keepdims=True) == 1
        gq = np.concatenate([gal[:, self.ga.quadrant[self.here[:-1]]], low], axis=1)
        e = self.e
        return np.where(gq > low, e + self.w.spare_galaxy,
                        np.where(alone, e + SCALE * GALAXY_POINTS, e))

    def _planet(self) -> Value:
        lines_of = self.ga.lines_of[self.here]
        on_line = self.line_counts()[:, lines_of]  # (B, m + 1, 3)
        real = lines_of < self.ga.lines
        d = np.full(on_line.shape[:2], self.e)
        for j in range(3):
            k = on_line[:, :, j]
            term = np.where(k == 0, self.w.lone_planet_line,
                            np.where(k == 1, 2 * SCALE, SCALE))
            d = d + np.where(real[:, j], term, 0)
        return d

    def comets(self) -> tuple[Int, Int]:
        """(B, n + 1) and (B, groups + 1): every cell's comet group (-1: none) and each
        group's size (the last column 0, for -1)."""
        if self._comets is None:
            n = self.ga.n
            gid = np.full((self.B, n + 1), -1, dtype=np.int64)
            top = max((b.next_gid for b in self.boards), default=0)
            size = np.zeros((self.B, top + 1), dtype=np.int64)
            for i, b in enumerate(self.boards):
                if b.csize:
                    gid[i, :n] = b.cgroup
                    size[i, list(b.csize)] = list(b.csize.values())
            self._comets = gid, size
        return self._comets

    def _touched(self, around: Int) -> tuple[Int, Int, Bool]:
        """For cells' neighbourhoods ``around`` (…, k): the total size of the distinct comet
        groups touched, their points, and whether any is touched."""
        gid, size = self.comets()
        g = np.sort(gid[:, around], axis=-1)
        first = g >= 0
        first[..., 1:] &= g[..., 1:] != g[..., :-1]
        rows = self.rows.reshape((self.B,) + (1,) * (g.ndim - 1))
        s = np.where(first, size[rows, g], 0)
        return s.sum(axis=-1), self.cgp[s].sum(axis=-1), np.asarray(first.any(axis=-1))

    def _comet(self) -> Value:
        total, points, touched = self._touched(self.ga.nb[self.here])
        e = self.e
        return np.where(touched, (e + self.cgp[1 + total]) - points, e + self.w.lone_comet)

    def _asteroid(self) -> Value:
        ga, codes, here = self.ga, self.codes, self.here
        is_ast = codes == AST
        open_ = (codes == BLA) & ~(self.red_slot >= 0)
        others = ga.others[here]
        a, b = others[:, :, 0], others[:, :, 1]
        n_ast = is_ast[:, a].astype(np.int64) + is_ast[:, b]  # (B, m + 1, 6)
        free = open_[:, a] | open_[:, b]
        d = np.full(self.empty.shape, self.e)
        for j in range(6):
            d = d + np.where((n_ast[:, :, j] == 1) & free[:, :, j], self.w.asteroid_pair, 0)
        new = (n_ast == 2) & self.empty[:, :, None]  # (B, m + 1, 6): triangles completed
        if new.any():
            # the common case without the packing search: the new triangles (they share the
            # drawn cell) touch no all-asteroid triangle, so the packing grows by one
            covered = self.covered()
            touching = (new & (covered[:, a] | covered[:, b])).any(axis=2)
            gain = np.where(new.any(axis=2), POINTS_PER_TRIANGLE, 0)
            tris_of = ga.tris_of[here]
            for i, c in zip(*np.nonzero(touching), strict=True):
                made = tuple(tris_of[c][new[i, c]].tolist())
                gain[i, c] = self._packing_gain(i, made, [int(here[c])])
            d = d + SCALE * gain
        return d

    def _packing_gain(self, row: int, made: tuple[int, ...], cells: Sequence[int]) -> int:
        """The score gain of asteroids drawn in ``cells`` of pad ``row``, completing the
        triangles ``made``: it depends on the pad's all-asteroid triangles and those alone,
        which sibling pads share, so it is asked of the board once per pair."""
        board = self.boards[row]
        key = (board.ast_tris, made)
        gain = self._packing.get(key)
        if gain is None:
            gain = self._packing[key] = board.gain([(c, "A") for c in cells])
        return gain

    def covered(self) -> Bool:
        """(B, n + 1): the cells of the pads' all-asteroid triangles."""
        if self._covered is None:
            self._covered = np.zeros(self.codes.shape, dtype=np.bool_)
            for i, b in enumerate(self.boards):
                if b.ast_tris:
                    self._covered[i, self.ga.tri[list(b.ast_tris)]] = True
        return self._covered

    def _star_worth(self, slot: Int, k: Int) -> Value:
        """The worth of a star on a red cell of ``slot`` with ``k`` stars of it drawn (rows
        as the batch's; slot and k ≥ 0 where it counts)."""
        table = self.plans.worth
        plan = self.row_plan.reshape((self.B,) + (1,) * (slot.ndim - 1))
        return table[plan, np.clip(slot, 0, table.shape[1] - 1),
                     np.clip(k, 0, table.shape[2] - 1)]

    def _star(self) -> Value:
        slot, k = self.slot_here, self.progress_here
        purple = self._row_plans("purple")[:, self.here]
        value = np.where(slot < 0, purple, np.where(k < 0, 0, self._star_worth(slot, k)))
        return self.e + value

    # ------------------------------------------------------------------ icons together

    def group(self, icon: int, subset: int) -> Value:
        """(B, ns): the value of drawing ``icon`` on the positions ``SUBSETS[subset]`` of
        every triangle of the roll together."""
        key = (icon, subset)
        out = self._group.get(key)
        if out is None:
            out = self._group[key] = _GROUP[icon](self, subset)
        return out

    def _start(self, subset: int) -> int:
        return -self.w.empty_cell * len(SUBSETS[subset])

    def _group_stars(self, subset: int) -> Value:
        cells = self.cells[:, SUBSETS[subset]]  # (ns, m)
        rows = self.rows[:, :, None]
        slots = self.red_slot[rows, cells]  # (B, ns, m)
        base = self.progress[rows, slots]
        purple = self._row_plans("purple")[rows, cells]
        d = np.full(base.shape[:2], self._start(subset))
        for i in range(cells.shape[1]):
            k = base[:, :, i].copy()
            live = (slots[:, :, i] >= 0) & (k >= 0)
            for j in range(i):
                k += live & (slots[:, :, j] == slots[:, :, i])
            worth = self._star_worth(slots[:, :, i], k)
            d = d + np.where(slots[:, :, i] < 0, purple[:, :, i], np.where(k < 0, 0, worth))
        return d

    def _group_comets(self, subset: int) -> Value:
        cells = self.cells[:, SUBSETS[subset]]
        around = self.ga.nb[cells].reshape(len(cells), -1)
        total, points, _ = self._touched(around)
        m = len(SUBSETS[subset])
        return (self._start(subset) + self.cgp[m + total]) - points

    def _group_planets(self, subset: int) -> Value:
        lines = self.ga.planet_lines[self.tris, subset]  # (ns, 9)
        ks = self.ga.planet_k[self.tris, subset]
        count = self.line_counts()[:, lines]  # (B, ns, 9)
        d = np.full(count.shape[:2], self._start(subset))
        for j in range(lines.shape[1]):
            k, n = ks[:, j], count[:, :, j]
            if not k.any():
                break
            after = np.where(n + k >= 2, n + k, 0) - np.where(n >= 2, n, 0)
            d = d + SCALE * np.where(k > 0, after, 0)
            d = d + np.where((n == 0) & (k == 1), self.w.lone_planet_line, 0)
        return d

    def _group_galaxies(self, subset: int) -> Value:
        gal = self.galaxies()
        inc = self.ga.quad_inc[self.tris, subset]  # (ns, 4)
        new = gal[:, None, :] + inc[None]
        low = gal.min(axis=1)
        new_low = new.min(axis=2)
        spare = (new - new_low[:, :, None]).sum(axis=2) - (gal - low[:, None]).sum(axis=1)[:, None]
        return ((self._start(subset) + SCALE * GALAXY_POINTS * (new_low - low[:, None]))
                + self.w.spare_galaxy * np.maximum(0, spare))

    def _group_asteroids(self, subset: int) -> Value:
        ga, codes = self.ga, self.codes
        touch = ga.touch[self.tris, subset]  # (ns, 15)
        used = (touch < ga.nt).any(axis=0)
        touch = touch[:, used]  # (ns, k): the triangles through the subset's cells
        m = len(SUBSETS[subset])
        inside = ga.touch_mine[self.tris, subset][:, used, :m]  # (ns, k, m)
        mine = self.cells[:, SUBSETS[subset]]  # (ns, m)
        # per pad and triangle: asteroids, and empty cells off the plan
        ast_in, open_in, covered_in, open_ = self._triangle_counts()
        n_ast = ast_in[:, touch] + inside.sum(axis=2)  # (B, ns, k)
        free = open_in[:, touch] - (inside[None] & open_[:, mine][:, :, None, :]).sum(axis=3)
        d = np.full(n_ast.shape[:2], self._start(subset))
        empty_mine = (codes[:, mine] == BLA).all(axis=2)
        new = (n_ast == 3) & empty_mine[:, :, None]
        if new.any():
            # as for one asteroid: a single new triangle touching no all-asteroid triangle
            # adds one to the packing; anything else asks the board
            count = new.sum(axis=2)
            touching = (new & covered_in[:, touch]).any(axis=2)
            gain = np.where(count > 0, POINTS_PER_TRIANGLE, 0)
            for i, s in zip(*np.nonzero(touching | (count > 1)), strict=True):
                made = tuple(touch[s][new[i, s]].tolist())
                gain[i, s] = self._packing_gain(i, made, mine[s].tolist())
            d = d + SCALE * gain
        for j in range(touch.shape[1]):
            d = d + np.where((n_ast[:, :, j] == 2) & (free[:, :, j] == 1),
                             self.w.asteroid_pair, 0)
        return d

    def _triangle_counts(self) -> tuple[Int, Int, Bool, Bool]:
        """Per pad and triangle: its asteroids, its empty cells off the plan, whether it
        touches an all-asteroid triangle; and per pad and cell whether it is empty and off
        the plan."""
        counts = self._tri_counts
        if counts is None:
            codes, tri = self.codes, self.ga.tri
            open_ = (codes == BLA) & ~self._row_plans("plan_any")
            counts = self._tri_counts = ((codes == AST)[:, tri].sum(axis=2),
                                         open_[:, tri].sum(axis=2),
                                         np.asarray(self.covered()[:, tri].any(axis=2)), open_)
        return counts

    # ------------------------------------------------------------------ plan-free stars

    def free(self, icon: int) -> Value:
        """(B, m + 1): the plan-free stars' change of drawing ``icon`` in each empty cell
        (0 on rows whose plan has none)."""
        if self._free is None:
            here = self.here[:-1]
            n = self.ga.n
            d_star = np.zeros(self.empty.shape, dtype=np.int64)
            d_other = np.zeros(self.empty.shape, dtype=np.int64)
            for j, pa in enumerate(self.plans.plans):
                rows = np.nonzero(self.row_plan == j)[0]
                if pa.free and len(rows):
                    star, other = _free_stars(pa, self.codes[rows, :n])
                    d_star[rows, :-1], d_other[rows, :-1] = star[:, here], other[:, here]
            self._free = d_star, d_other
        return self._free[0] if icon == STA else self._free[1]

    # ------------------------------------------------------------------ a whole Scope

    def orders(self, orders: Sequence[Sequence[int]]) -> tuple[Value, Bool]:
        """(B, ns, K) each, for K orders of a Scope's icons (codes, one per position of a
        triangle; blanks draw nothing): the value of drawing each on every triangle, and
        whether every icon may go there: per order its kinds' values, then the plan-free
        stars' change cell by cell (integers: the order of the sums is immaterial)."""
        local = self.scope.local  # (ns, 3)
        ns, B, m1 = len(local), self.B, len(self.here)
        how = _layout(tuple(tuple(o) for o in orders))
        # per pad, icon and position: (B, 6, ns) tables, taken along the icon axis per order
        legal_of = np.ones((B, BLA + 1, m1), dtype=np.bool_)
        for x in how.icons:
            legal_of[:, x] = self.legal(x)
        legal_at = legal_of[:, :, local]  # (B, 6, ns, 3)
        legal = (legal_at[:, :, :, 0].take(how.icon[:, 0], axis=1)
                 & legal_at[:, :, :, 1].take(how.icon[:, 1], axis=1)
                 & legal_at[:, :, :, 2].take(how.icon[:, 2], axis=1))  # (B, K, ns)
        single_of = np.zeros((B, BLA + 1, m1), dtype=np.int64)
        for x in how.alone:
            single_of[:, x] = self.single(x)
        single_at = single_of[:, :, local.T].reshape(B, 3 * (BLA + 1), ns)  # x * 3 + p
        group_of = np.zeros((B, len(how.groups) + 1, ns), dtype=np.int64)
        for g, key in enumerate(how.groups):
            group_of[:, g] = self.group(*key)
        d: Value | int = 0
        for alone_at, group_at in how.terms:
            d = d + (single_at.take(alone_at, axis=1) + group_of.take(group_at, axis=1))
        d = np.broadcast_to(d, legal.shape)
        value = d + 0  # a writable copy
        free_rows = self.free_rows
        if len(free_rows):
            free_of = np.zeros((len(free_rows), 3, m1), dtype=np.int64)  # star, other, blank
            free_of[:, 0] = self.free(STA)[free_rows]
            free_of[:, 1] = self.free(GAL)[free_rows]
            free_at = free_of[:, :, local]  # (rows, 3, ns, 3)
            f: Value | int = 0
            for p in range(3):
                f = f + free_at[:, :, :, p].take(how.kind[:, p], axis=1)
            value[free_rows] = d[free_rows] + f
        return value.transpose(0, 2, 1), legal.transpose(0, 2, 1)

    def fog_values(self, icon: int) -> Value:
        """(B, m + 1): the value of a fog drawing ``icon`` in each cell (fog weight not
        subtracted)."""
        v = self.single(icon)
        return v + self.free(icon) if len(self.free_rows) else v + 0


@dataclass(frozen=True, eq=False)
class _Layout:
    """How :meth:`Tables.orders` adds up a list of orders: their icons (K × 3), the icons
    drawn and those valued alone, the groups of one kind valued together, per term (the
    kinds' first, second and third, by first position) the (icon × 3 + position) of an icon
    alone and the group's number (the last numbers add 0), and per position the plan-free
    stars' table (0 a star, 1 another icon, 2 a blank)."""

    icon: Int
    icons: tuple[int, ...]
    alone: tuple[int, ...]
    groups: tuple[tuple[int, int], ...]
    terms: tuple[tuple[Int, Int], ...]
    kind: Int


@cache
def _layout(orders: tuple[tuple[int, ...], ...]) -> _Layout:
    """The layout of ``orders`` (cached: rolls repeat)."""
    groups: list[tuple[int, int]] = []
    xp = np.full((len(orders), 3), 3 * BLA, dtype=np.int64)
    group = np.full((len(orders), 3), -1, dtype=np.int64)
    for k, order in enumerate(orders):
        kinds: dict[int, list[int]] = {}
        for p, x in enumerate(order):
            if x != BLA:
                kinds.setdefault(x, []).append(p)
        for j, (x, ps) in enumerate(kinds.items()):
            if len(ps) == 1:
                xp[k, j] = 3 * x + ps[0]
            else:
                key = (x, SUBSETS.index(tuple(ps)))
                if key not in groups:
                    groups.append(key)
                group[k, j] = groups.index(key)
    terms = tuple((xp[:, j], group[:, j]) for j in range(3)
                  if (xp[:, j] != 3 * BLA).any() or (group[:, j] >= 0).any())
    icon = np.array(orders, dtype=np.int64).reshape(len(orders), 3)
    return _Layout(icon, tuple(sorted({int(x) for x in icon.ravel()} - {BLA})),
                   tuple(sorted({int(x) // 3 for x in xp.ravel()} - {BLA})), tuple(groups),
                   terms, np.where(icon == STA, 0, np.where(icon == BLA, 2, 1)))


def _free_stars(pa: PlanArrays, cells: Int) -> tuple[Value, Value]:
    """(rows, n) each: the plan-free stars' change of drawing a star, or another icon, in
    each cell of the pads ``cells`` (:meth:`FreeStars.delta`, card after card). Counted with
    gathers and bincounts, not matrix products: small products through a threaded BLAS
    cost many times their work on a busy machine."""
    R, n = cells.shape
    stars = cells == STA
    blocked = (cells != STA) & (cells != BLA)
    d_star = np.zeros(cells.shape, dtype=np.int64)
    d_other = np.zeros(cells.shape, dtype=np.int64)
    for red, mask, per_star in pa.free:
        if not len(red):
            continue
        ks = np.where(blocked[:, red].any(axis=2), -1, stars[:, red].sum(axis=2))
        best = ks.max(axis=1)
        is_best = ks == best[:, None]
        rows, placed = np.nonzero(is_best)
        # per pad and cell: the best placements through it
        in_best = np.bincount((rows[:, None] * n + red[placed]).ravel(),
                              minlength=R * n).reshape(R, n)
        hit = in_best > 0
        d_star = d_star + np.where((best >= 0)[:, None] & hit, per_star, 0)
        lose = (best > 0)[:, None] & hit
        if lose.any():
            # the best level left once c is blocked: still ``best`` when a best placement
            # avoids c, else the highest level of the placements avoiding c
            rest = np.where(is_best.sum(axis=1)[:, None] > in_best, best[:, None], -1)
            rows, cs = np.nonzero(lose & (rest < 0))
            if len(rows):
                rest[rows, cs] = np.where(mask[:, cs].T, -1, ks[rows]).max(axis=1)
            term = per_star * (best[:, None] - np.maximum(rest, 0))
            d_other = d_other - np.where(lose, term, 0)
    return d_star, d_other


_SINGLE = {GAL: Tables._galaxy, PLA: Tables._planet, AST: Tables._asteroid,
           COM: Tables._comet, STA: Tables._star}
_GROUP = {GAL: Tables._group_galaxies, PLA: Tables._group_planets,
          AST: Tables._group_asteroids, COM: Tables._group_comets, STA: Tables._group_stars}
