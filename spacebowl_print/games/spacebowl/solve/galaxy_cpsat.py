"""The CP-SAT model behind the galaxy builder: card classes on slots, ``sum(valid) == K``.

Only the planets a toss names decide whether a card meets its demands, so deck cards are
grouped into **classes** by ``planets ∩ toss planets`` (at most 2^m classes for m marbles, plus
a face-down pseudo-class for the void variant). The model:

* ``a[s][c]``   — slot ``s`` holds a card of class ``c``; exactly one class per slot, each
  class on at most as many slots as it has cards (so the cards can be distinct), the
  face-down class on exactly ``void`` slots;
* ``meet[s,j]`` — the card on slot ``s`` meets demand ``j`` (a space's required planets, or
  its black-hole prohibitions); ``one[s,j]`` — it misses it by exactly one planet. Both are
  sums of ``a[s][c]`` over the classes precomputed to qualify, so they are exact;
* ``valid[D,r]`` ⇔ AND of the ``meet`` literals of the spaces under turn ``r`` with the disc on
  ``D`` (and ``D`` face up) — fully reified with ``AddBoolAnd``/``AddBoolOr`` and
  enforcement literals; ``valid[D]`` ⇔ OR over turns; ``sum(valid) == K``;
* ``near[D]`` ⇒ not ``valid[D]`` and, under some turn, exactly one unmet demand by one planet;
  ``sum(near) >= N``. Only this direction is needed for "at least N": a true ``near`` literal is
  always a real near miss, and the solver may set it whenever one exists;
* Wild token (``wild_needed``): ``w[s]`` marks its slot (exactly one); no destination is valid
  on ``meet`` alone, and ``valid`` uses ``meet ∨ (w ∧ meet_with_wild)``.

Rotation ORs the turns; the torus wraps the footprints. Classes are mapped back to actual cards
by the caller. One worker, a fixed ``random_seed`` and a deterministic work limit make the
result reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from ortools.sat.python import cp_model

from spacebowl_print.games.spacebowl.model import TURNS, InputError, Pos, Toss, turn_space

Lit = cp_model.LiteralT
"""A CP-SAT literal: a Boolean variable or its negation."""

WORK_LIMIT = 20.0
"""CP-SAT deterministic time limit per build (about as many seconds on one core); a limit in
deterministic units keeps the outcome independent of machine load."""


def _popcount(x: int) -> int:
    return bin(x).count("1")


@dataclass(frozen=True)
class Layout:
    """Galaxy shape and rule variants the builder works with."""

    rows: int
    cols: int
    rotation: bool
    torus: bool
    void: int
    letters: str

    @property
    def turns(self) -> tuple[int, ...]:
        return TURNS if self.rotation else (0,)

    def cover(self, dest: int, disc: Pos, space: Pos, turn: int) -> int | None:
        """Slot under ``space`` when the box, turned ``turn``°, puts the disc on slot ``dest``;
        None when that is off the galaxy (never with the torus)."""
        ts, td = turn_space(space, turn), turn_space(disc, turn)
        r = dest // self.cols + ts.row - td.row
        c = dest % self.cols + ts.col - td.col
        if self.torus:
            return (r % self.rows) * self.cols + c % self.cols
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return None


@dataclass(frozen=True)
class Target:
    """A toss and what the galaxy must give it, with the geometry precomputed.

    ``demands[j]`` is (space, required mask, prohibited mask); ``footprints[D]`` lists, per turn
    under which every demand space covers a card, the slot under each demand; ``fits`` holds the
    destination slots with at least one such turn.
    """

    toss: Toss
    solutions: int
    near_misses: int
    wild_needed: bool
    demands: tuple[tuple[Pos, int, int], ...]
    footprints: dict[int, tuple[tuple[int, ...], ...]]

    @property
    def fits(self) -> tuple[int, ...]:
        return tuple(sorted(self.footprints))

    @staticmethod
    def of(layout: Layout, toss: Toss, solutions: int, near_misses: int, wild_needed: bool
           ) -> Target:
        """Precompute demands and footprints of ``toss`` on ``layout``."""
        bit = {ch: 1 << i for i, ch in enumerate(layout.letters)}
        demands = tuple(
            (space, sum(bit[p] for p in req), sum(bit[p] for p in pro))
            for space, (req, pro) in sorted(toss.demands().items()))
        footprints: dict[int, tuple[tuple[int, ...], ...]] = {}
        for dest in range(layout.rows * layout.cols):
            per_turn = []
            for turn in layout.turns:
                under = [layout.cover(dest, toss.destination, sp, turn) for sp, _, _ in demands]
                if all(u is not None for u in under):
                    per_turn.append(tuple(u for u in under if u is not None))
            if per_turn:
                footprints[dest] = tuple(per_turn)
        return Target(toss, solutions, near_misses, wild_needed, demands, footprints)


@dataclass(frozen=True)
class Solved:
    """A layout: per slot a class index (``-1`` = face down), the Wild token's cell, and the
    deck card indices of each class."""

    classes: tuple[int, ...]
    face_down: tuple[bool, ...]
    wild: Pos | None
    class_members: tuple[tuple[int, ...], ...]


def _violations(shown: int, required: int, prohibited: int, wild: bool) -> int:
    """Unmet demands of a card showing ``shown`` (reference rules; the Wild token supplies one
    missing required planet)."""
    missing = _popcount(required & ~shown)
    if wild and missing:
        missing -= 1
    return missing + _popcount(prohibited & shown)


class _Model:
    """Builds the CP-SAT model in a fixed order (deterministic variable numbering)."""

    def __init__(self, layout: Layout, target: Target, masks: npt.NDArray[np.int64]) -> None:
        self.layout, self.target = layout, target
        relevant = 0
        for _, req, pro in target.demands:
            relevant |= req | pro
        keys = (masks & relevant).astype(np.int64)
        self.class_masks: list[int] = sorted({int(k) for k in keys})
        self.members = tuple(tuple(int(i) for i in np.flatnonzero(keys == k))
                             for k in self.class_masks)
        self.card_class = {int(i): self.class_masks.index(int(k)) for i, k in enumerate(keys)}
        self.m = cp_model.CpModel()
        n_slots = layout.rows * layout.cols
        n_real = len(self.class_masks)
        m = self.m
        # a[s][c]; the last column is the face-down pseudo-class (void variant only).
        width = n_real + (1 if layout.void else 0)
        self.a = [[m.new_bool_var(f"a{s}_{c}") for c in range(width)] for s in range(n_slots)]
        for row in self.a:
            m.add_exactly_one(row)
        for c in range(n_real):
            m.add(sum(self.a[s][c] for s in range(n_slots)) <= len(self.members[c]))
        if layout.void:
            m.add(sum(self.a[s][n_real] for s in range(n_slots)) == layout.void)
        self.n_real = n_real
        self._cache: dict[tuple[str, int, int], Lit] = {}
        self._classes: dict[tuple[str, int], list[int]] = {}  # qualifying classes per demand

    def up(self, s: int) -> list[Lit]:
        """Literals that say slot ``s`` is face up (none without the void variant)."""
        return [~self.a[s][self.n_real]] if self.layout.void else []

    def qualifies(self, kind: str, s: int, j: int) -> Lit:
        """Literal: the card on slot ``s`` has 0 (``meet``) or 1 (``one``) unmet demands of
        demand ``j``; ``meetw``/``onew``: the same with the Wild token on it."""
        key = (kind, s, j)
        if key in self._cache:
            return self._cache[key]
        if (kind, j) not in self._classes:
            _, req, pro = self.target.demands[j]
            want = 0 if kind.startswith("meet") else 1
            wild = kind.endswith("w")
            classes = [c for c, shown in enumerate(self.class_masks)
                       if _violations(shown, req, pro, wild) == want]
            if self.layout.void and _violations(0, req, pro, wild) == want:
                classes.append(self.n_real)  # a face-down card shows no planets
            self._classes[(kind, j)] = classes
        lit = self.m.new_bool_var(f"{kind}{s}_{j}")
        self.m.add(sum(self.a[s][c] for c in self._classes[(kind, j)]) == lit)
        self._cache[key] = lit
        return lit

    def and_lit(self, name: str, lits: Sequence[Lit]) -> Lit:
        """A new literal equivalent to the AND of ``lits`` (fully reified)."""
        out = self.m.new_bool_var(name)
        self.m.add_bool_and(lits).only_enforce_if(out)
        self.m.add_bool_or([~x for x in lits]).only_enforce_if(~out)
        return out

    def or_lit(self, name: str, lits: Sequence[Lit]) -> Lit:
        """A new literal equivalent to the OR of ``lits`` (fully reified)."""
        out = self.m.new_bool_var(name)
        self.m.add_bool_or(lits).only_enforce_if(out)
        for x in lits:
            self.m.add_implication(x, out)
        return out


def solve_layout(layout: Layout, target: Target, masks: npt.NDArray[np.int64],
                 hint: Sequence[int] | None, seed: int) -> Solved:
    """Solve the model for ``target``: a class per slot meeting it exactly.

    ``masks`` are the deck cards' planet masks; ``hint`` optionally gives a deck card index per
    slot (``-1`` = face down), e.g. the closest sampled galaxy, as a solution hint.
    Raises :class:`InputError` if no layout exists (or none is found within the work limit).
    """
    model = _Model(layout, target, masks)
    m, k_solutions = model.m, target.solutions
    n_slots = layout.rows * layout.cols
    wild = [m.new_bool_var(f"w{s}") for s in range(n_slots)] if target.wild_needed else []
    if wild:
        m.add_exactly_one(wild)
    met: dict[tuple[int, int], Lit] = {}

    def satisfied(s: int, j: int) -> Lit:
        """Demand ``j`` is met on slot ``s`` (with the Wild token's help where it lies)."""
        if not wild:
            return model.qualifies("meet", s, j)
        if (s, j) not in met:
            helped = model.and_lit(f"wh{s}_{j}", [wild[s], model.qualifies("meetw", s, j)])
            met[(s, j)] = model.or_lit(f"z{s}_{j}", [model.qualifies("meet", s, j), helped])
        return met[(s, j)]

    demands = range(len(target.demands))
    valid = []
    near = []
    for dest, turns in sorted(target.footprints.items()):
        per_turn = []
        for t_i, under in enumerate(turns):
            if wild:  # without the token, no turn of any destination may be valid
                plain = [model.qualifies("meet", s, j) for j, s in zip(demands, under, strict=True)]
                m.add_bool_or([~x for x in [*plain, *model.up(dest)]])
            lits = [satisfied(s, j) for j, s in zip(demands, under, strict=True)]
            per_turn.append(model.and_lit(f"v{dest}_{t_i}", [*lits, *model.up(dest)]))
        is_valid = model.or_lit(f"valid{dest}", per_turn) if len(per_turn) > 1 else per_turn[0]
        valid.append(is_valid)
        if target.near_misses:
            near_turns = []
            for t_i, under in enumerate(turns):
                nr = m.new_bool_var(f"n{dest}_{t_i}")
                ones: list[Lit] = []
                for j, s in zip(demands, under, strict=True):
                    if wild:  # one unmet after the token's help, where it lies
                        o = m.new_bool_var(f"o{s}_{j}_{dest}_{t_i}")
                        m.add_bool_or([~wild[s], model.qualifies("onew", s, j)]).only_enforce_if(o)
                        m.add_bool_or([wild[s], model.qualifies("one", s, j)]).only_enforce_if(o)
                        ones.append(o)
                    else:
                        ones.append(model.qualifies("one", s, j))
                met_here = [satisfied(s, j) for j, s in zip(demands, under, strict=True)]
                m.add(sum(ones) == 1).only_enforce_if(nr)
                m.add(sum(met_here) == len(met_here) - 1).only_enforce_if(nr)
                for u in model.up(dest):
                    m.add_implication(nr, u)
                near_turns.append(nr)
            is_near = m.new_bool_var(f"near{dest}")
            m.add_implication(is_near, ~is_valid)
            m.add_bool_or(near_turns).only_enforce_if(is_near)
            near.append(is_near)
    m.add(sum(valid) == k_solutions)
    if target.near_misses:
        m.add(sum(near) >= target.near_misses)

    if hint is not None:  # the hinted class of each slot; exactly-one implies the rest
        for s, card in enumerate(hint):
            m.add_hint(model.a[s][model.n_real if card < 0 else model.card_class[card]], True)

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31)
    solver.parameters.max_deterministic_time = WORK_LIMIT
    # Measured on random tosses (benchmarks/bench_solve.py): for these small models, symmetry
    # detection and probing cost more than they save; median build time drops by about 2/3.
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    status = solver.solve(m)
    if status == cp_model.INFEASIBLE:
        near_txt = f" and at least {target.near_misses} near misses" if target.near_misses else ""
        wild_txt = ", all needing the Wild token," if target.wild_needed else ""
        raise InputError(f"infeasible target: no layout of this deck's cards gives the toss "
                         f"exactly {k_solutions} solution(s){wild_txt}{near_txt}", "solutions")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise InputError(f"CP-SAT found no galaxy within its work limit "
                         f"({solver.status_name(status)})", "solutions")
    classes: list[int] = []
    face_down: list[bool] = []
    for s in range(n_slots):
        c = next(c for c, var in enumerate(model.a[s]) if solver.boolean_value(var))
        face_down.append(c == model.n_real)
        classes.append(-1 if c == model.n_real else c)
    wild_at = None
    if wild:
        w = next(s for s in range(n_slots) if solver.boolean_value(wild[s]))
        wild_at = Pos(w // layout.cols, w % layout.cols)
    return Solved(tuple(classes), tuple(face_down), wild_at, model.members)
