"""The CP-SAT model behind the galaxy builder: card classes on slots, ``sum(valid) == K``.

Only the planets a toss names decide whether a card meets its demands, so deck cards are
grouped into **classes** by ``planets ∩ toss planets`` (at most 2^m classes for m marbles, plus
a face-down pseudo-class for the void variant). Cards the request excludes (the top card whose
planets were tossed) belong to no class. The model:

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
  always a real near miss, and the solver may set it whenever one exists. An upper bound on
  near misses adds the converse (every real near miss sets its literal) and ``sum(near) <= M``;
* Wild token: ``w[s]`` marks its slot (exactly one), and ``valid`` uses
  ``meet ∨ (w ∧ meet_with_wild)``. *Needed*: no destination is valid on ``meet`` alone.
  *Matters*: ``plain[D]`` is set by every destination valid on ``meet`` alone and
  ``sum(plain) <= K - 1``, so at least one of the K solutions needs the token.

Rotation ORs the turns; the torus wraps the footprints. Classes are mapped back to actual cards
by the caller. One worker, a fixed ``random_seed`` and a deterministic work limit make the
result reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np
import numpy.typing as npt

from spacebowl_print.core import cpsat
from spacebowl_print.games.spacebowl.model import TURNS, InputError, Pos, Toss, turn_space

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:  # imported with signals held back, so an interrupt meanwhile ends the run cleanly
    cp_model = cpsat.cp_model()

Lit = cp_model.LiteralT
"""A CP-SAT literal: a Boolean variable or its negation."""

WildRule = Literal["none", "matters", "needed"]
"""What the Wild token must do: nothing (no token), make at least one of the K solutions
(``matters``), or make every one of them (``needed``: none valid without it)."""

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

    def shifts(self, disc: Pos, spaces: Sequence[Pos], turn: int) -> list[tuple[int, int]]:
        """(row, column) offset of each space from the disc's, the box turned ``turn``°."""
        td = turn_space(disc, turn)
        return [(ts.row - td.row, ts.col - td.col)
                for ts in (turn_space(space, turn) for space in spaces)]

    def under(self, dest: int, shifts: Sequence[tuple[int, int]]) -> tuple[int, ...] | None:
        """Slots under the spaces at ``shifts`` when the disc lies on slot ``dest``; None when
        one is off the galaxy (never with the torus)."""
        row, col = divmod(dest, self.cols)
        out = []
        for dr, dc in shifts:
            r, c = row + dr, col + dc
            if self.torus:
                out.append((r % self.rows) * self.cols + c % self.cols)
            elif 0 <= r < self.rows and 0 <= c < self.cols:
                out.append(r * self.cols + c)
            else:
                return None
        return tuple(out)


@dataclass(frozen=True)
class Target:
    """A toss and what the galaxy must give it, with the geometry precomputed.

    Exactly ``solutions`` valid cards, ``near_misses`` to ``near_max`` near misses (``None``:
    no upper bound), and the Wild token's ``wild`` rule. ``demands[j]`` is (space, required
    mask, prohibited mask); ``footprints[D]`` lists, per turn under which every demand space
    covers a card, the slot under each demand; ``fits`` holds the destination slots with at
    least one such turn.
    """

    toss: Toss
    solutions: int
    near_misses: int
    near_max: int | None
    wild: WildRule
    demands: tuple[tuple[Pos, int, int], ...]
    footprints: dict[int, tuple[tuple[int, ...], ...]]

    @property
    def fits(self) -> tuple[int, ...]:
        return tuple(sorted(self.footprints))

    @property
    def wild_needed(self) -> bool:
        return self.wild == "needed"

    @property
    def plain_max(self) -> int:
        """Most solutions allowed without the Wild token."""
        return {"none": self.solutions, "matters": self.solutions - 1, "needed": 0}[self.wild]

    def near_ok(self, near: int) -> bool:
        """Whether ``near`` near misses are within the band."""
        return self.near_misses <= near and (self.near_max is None or near <= self.near_max)

    @staticmethod
    def of(layout: Layout, toss: Toss, solutions: int, near_misses: int,
           near_max: int | None = None, wild: WildRule = "none") -> Target:
        """Precompute demands and footprints of ``toss`` on ``layout``."""
        bit = {ch: 1 << i for i, ch in enumerate(layout.letters)}
        demands = tuple(
            (space, sum(bit[p] for p in req), sum(bit[p] for p in pro))
            for space, (req, pro) in sorted(toss.demands().items()))
        spaces = [space for space, _, _ in demands]
        shifts = [layout.shifts(toss.destination, spaces, turn) for turn in layout.turns]
        footprints: dict[int, tuple[tuple[int, ...], ...]] = {}
        for dest in range(layout.rows * layout.cols):
            per_turn = [u for u in (layout.under(dest, sh) for sh in shifts) if u is not None]
            if per_turn:
                footprints[dest] = tuple(per_turn)
        return Target(toss, solutions, near_misses, near_max, wild, demands, footprints)


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

    def __init__(self, layout: Layout, target: Target, masks: npt.NDArray[np.int64],
                 allowed: npt.NDArray[np.intp] | None = None) -> None:
        self.layout, self.target = layout, target
        relevant = 0
        for _, req, pro in target.demands:
            relevant |= req | pro
        cards = np.arange(len(masks)) if allowed is None else np.asarray(allowed)
        keys = (masks[cards] & relevant).astype(np.int64)
        self.class_masks: list[int] = sorted({int(k) for k in keys})
        self.members = tuple(tuple(int(cards[i]) for i in np.flatnonzero(keys == k))
                             for k in self.class_masks)
        self.card_class = {int(cards[i]): self.class_masks.index(int(k))
                           for i, k in enumerate(keys)}
        self.m = cp_model.CpModel()
        self.n_slots = layout.rows * layout.cols
        self.n_real = len(self.class_masks)
        self.a = self._slot_classes()
        self._cache: dict[tuple[str, int, int], Lit] = {}
        self._classes: dict[tuple[str, int], list[int]] = {}  # qualifying classes per demand
        self.wild = [self.m.new_bool_var(f"w{s}") for s in range(self.n_slots)
                     ] if target.wild != "none" else []
        if self.wild:
            self.m.add_exactly_one(self.wild)
        self._met: dict[tuple[int, int], Lit] = {}
        self.plain_valid: list[Lit] = []  # "matters": destinations valid without the token

    def _slot_classes(self) -> list[list[cp_model.IntVar]]:
        """``a[s][c]`` with one class per slot and no class on more slots than it has cards;
        the last column is the face-down pseudo-class (void variant only)."""
        m, void = self.m, self.layout.void
        width = self.n_real + (1 if void else 0)
        a = [[m.new_bool_var(f"a{s}_{c}") for c in range(width)] for s in range(self.n_slots)]
        for row in a:
            m.add_exactly_one(row)
        for c in range(self.n_real):
            m.add(sum(a[s][c] for s in range(self.n_slots)) <= len(self.members[c]))
        if void:
            m.add(sum(a[s][self.n_real] for s in range(self.n_slots)) == void)
        return a

    # ---- literals ---------------------------------------------------------------------

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

    def satisfied(self, s: int, j: int) -> Lit:
        """Demand ``j`` is met on slot ``s`` (with the Wild token's help where it lies)."""
        if not self.wild:
            return self.qualifies("meet", s, j)
        if (s, j) not in self._met:
            helped = self.and_lit(f"wh{s}_{j}", [self.wild[s], self.qualifies("meetw", s, j)])
            self._met[(s, j)] = self.or_lit(f"z{s}_{j}", [self.qualifies("meet", s, j), helped])
        return self._met[(s, j)]

    def one_short(self, s: int, j: int, dest: int, t_i: int) -> Lit:
        """Demand ``j`` on slot ``s`` is missed by exactly one planet (after the Wild token's
        help where it lies); the converse is added only when near misses are bounded above."""
        if not self.wild:
            return self.qualifies("one", s, j)
        m, w = self.m, self.wild[s]
        o = m.new_bool_var(f"o{s}_{j}_{dest}_{t_i}")
        m.add_bool_or([~w, self.qualifies("onew", s, j)]).only_enforce_if(o)
        m.add_bool_or([w, self.qualifies("one", s, j)]).only_enforce_if(o)
        if self.target.near_max is not None:
            m.add_bool_or([~w, ~self.qualifies("onew", s, j), o])
            m.add_bool_or([w, ~self.qualifies("one", s, j), o])
        return o

    # ---- constraints ------------------------------------------------------------------

    def destination(self, dest: int, turns: Sequence[tuple[int, ...]]) -> Lit:
        """``valid[D]``: some turn meets every demand with ``D`` face up; with the Wild token,
        also the rule for what a destination may be without it."""
        demands = range(len(self.target.demands))
        plain_valid = (self.m.new_bool_var(f"plain{dest}")
                       if self.target.wild == "matters" else None)
        per_turn = []
        for t_i, under in enumerate(turns):
            if self.wild:  # needed: no turn valid without the token; matters: counted
                plain = [self.qualifies("meet", s, j) for j, s in zip(demands, under, strict=True)]
                clause = [~x for x in [*plain, *self.up(dest)]]
                self.m.add_bool_or(clause if plain_valid is None else [*clause, plain_valid])
            lits = [self.satisfied(s, j) for j, s in zip(demands, under, strict=True)]
            per_turn.append(self.and_lit(f"v{dest}_{t_i}", [*lits, *self.up(dest)]))
        if plain_valid is not None:
            self.plain_valid.append(plain_valid)
        return self.or_lit(f"valid{dest}", per_turn) if len(per_turn) > 1 else per_turn[0]

    def near_turn(self, dest: int, t_i: int, under: tuple[int, ...]) -> Lit:
        """``D`` is exactly one planet short under this turn (and face up)."""
        m = self.m
        demands = range(len(self.target.demands))
        nr = m.new_bool_var(f"n{dest}_{t_i}")
        ones = [self.one_short(s, j, dest, t_i) for j, s in zip(demands, under, strict=True)]
        met_here = [self.satisfied(s, j) for j, s in zip(demands, under, strict=True)]
        m.add(sum(ones) == 1).only_enforce_if(nr)
        m.add(sum(met_here) == len(met_here) - 1).only_enforce_if(nr)
        for u in self.up(dest):
            m.add_implication(nr, u)
        if self.target.near_max is not None:  # one short and the rest met: nr must be set
            for j, one in enumerate(ones):
                others = [~x for i, x in enumerate(met_here) if i != j]
                m.add_bool_or([~one, *others, *[~u for u in self.up(dest)], nr])
        return nr

    def near_miss(self, dest: int, turns: Sequence[tuple[int, ...]], is_valid: Lit) -> Lit:
        """``near[D]``: a near miss under some turn and valid under none."""
        m = self.m
        near_turns = [self.near_turn(dest, t_i, under) for t_i, under in enumerate(turns)]
        is_near = m.new_bool_var(f"near{dest}")
        m.add_implication(is_near, ~is_valid)
        m.add_bool_or(near_turns).only_enforce_if(is_near)
        if self.target.near_max is not None:
            for nr in near_turns:
                m.add_bool_or([is_valid, ~nr, is_near])
        return is_near

    def constrain(self) -> None:
        """Every destination's literals and the target's sums."""
        target = self.target
        counts_near = target.near_misses > 0 or target.near_max is not None
        valid, near = [], []
        for dest, turns in sorted(target.footprints.items()):
            is_valid = self.destination(dest, turns)
            valid.append(is_valid)
            if counts_near:
                near.append(self.near_miss(dest, turns, is_valid))
        self.m.add(sum(valid) == target.solutions)
        if target.near_misses:
            self.m.add(sum(near) >= target.near_misses)
        if target.near_max is not None:
            self.m.add(sum(near) <= target.near_max)
        if self.plain_valid:
            self.m.add(sum(self.plain_valid) <= target.plain_max)

    def hint(self, cards: Sequence[int]) -> None:
        """Hint each slot's class from a deck card index per slot (``-1`` = face down);
        exactly-one implies the rest."""
        for s, card in enumerate(cards):
            self.m.add_hint(self.a[s][self.n_real if card < 0 else self.card_class[card]], True)

    def read(self, solver: cp_model.CpSolver) -> Solved:
        """The solved layout."""
        classes: list[int] = []
        face_down: list[bool] = []
        for s in range(self.n_slots):
            c = next(c for c, var in enumerate(self.a[s]) if solver.boolean_value(var))
            face_down.append(c == self.n_real)
            classes.append(-1 if c == self.n_real else c)
        wild_at = None
        if self.wild:
            w = next(s for s in range(self.n_slots) if solver.boolean_value(self.wild[s]))
            wild_at = Pos(w // self.layout.cols, w % self.layout.cols)
        return Solved(tuple(classes), tuple(face_down), wild_at, self.members)


def _solver(target: Target, seed: int, work_limit: float) -> cp_model.CpSolver:
    """One worker, a fixed seed and a deterministic work limit: reproducible results."""
    solver = cpsat.new_solver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31)
    solver.parameters.max_deterministic_time = work_limit
    # Measured on random tosses (benchmarks/bench_solve.py): for these small models, symmetry
    # detection and probing cost more than they save; median build time drops by about 2/3.
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    if target.near_max is not None:
        # An upper bound on near misses is a counting argument (too few cards lacking the
        # toss's planets for the slots around the destinations) that only the full LP
        # relaxation sees at once: measured, an infeasible tier-1 target took 19 units of
        # work at the default level and 0.01 at level 2, feasible ones cost about the same.
        solver.parameters.linearization_level = 2
    return solver


def _unsolved(status: cp_model.CpSolverStatus, name: str, target: Target) -> InputError:
    """The error for a model without a solution: proved infeasible, or out of work."""
    if status == cp_model.INFEASIBLE:
        near = (f" and {target.near_misses}–{target.near_max} near misses"
                if target.near_max is not None else
                f" and at least {target.near_misses} near misses" if target.near_misses else "")
        wild = {"none": "", "matters": ", one or more needing the Wild token,",
                "needed": ", all needing the Wild token,"}[target.wild]
        return InputError(f"infeasible target: no layout of this deck's cards gives the toss "
                          f"exactly {target.solutions} solution(s){wild}{near}", "solutions")
    return InputError(f"CP-SAT found no galaxy within its work limit ({name})", "solutions")


def solve_layout(layout: Layout, target: Target, masks: npt.NDArray[np.int64],
                 hint: Sequence[int] | None, seed: int,
                 allowed: npt.NDArray[np.intp] | None = None,
                 work_limit: float = WORK_LIMIT) -> Solved:
    """Solve the model for ``target``: a class per slot meeting it exactly.

    ``masks`` are the deck cards' planet masks, ``allowed`` the indices of the cards the galaxy
    may use (default: all); ``hint`` optionally gives an allowed deck card index per slot
    (``-1`` = face down), e.g. the closest sampled galaxy, as a solution hint.
    Raises :class:`InputError` if no layout exists (or none is found within ``work_limit``
    deterministic seconds).
    """
    model = _Model(layout, target, masks, allowed)
    model.constrain()
    if hint is not None:
        model.hint(hint)
    solver = _solver(target, seed, work_limit)
    status = cpsat.solve(solver, model.m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise _unsolved(status, solver.status_name(status), target)
    return model.read(solver)
