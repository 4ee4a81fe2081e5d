"""The deck designer's CP-SAT model: how many cards of each planet set, holes and decoys.

A deck is described by how many copies of each planet set ("type") it holds, which of them
show a black hole, and the decoys (comets, stars) of every card. The model enforces, in named
groups so that an infeasible request can say which of them conflict:

* ``card count``       — exactly the requested number of cards;
* ``copies``           — no planet set on more than ``max_copies`` cards (structural: the model
  only has that many slots per set);
* ``planet balance``   — every planet on the same number of cards, give or take one;
* ``pair balance``     — every pair of planets together on the same number of cards, ±2
  (a uniform block design does not exist for 6 planets and 56 cards, so sizes must mix);
* ``black holes``      — the requested number of black-hole cards, at most one per planet set,
  each planet on about as many of them as the others (spread ≤ 2);
* ``decoys``           — every card shows about the same number of things (planets + comets +
  stars within one of each other), so clutter does not betray the planet count.

Difficulty is the objective (see :mod:`solve.deck_design`): the distance of two linear proxies
from their goal zones; seeded preferences break ties. The model is built in a fixed order
(deterministic variable numbering) and solved on one worker with a fixed seed and a
deterministic work limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from spacebowl_print.core import cpsat
from spacebowl_print.games.spacebowl.model import InputError
from spacebowl_print.games.spacebowl.solve.difficulty import Floats, Linear

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:  # imported with signals held back, so an interrupt meanwhile ends the run cleanly
    cp_model = cpsat.cp_model()

GALAXY_CELLS = 25  # the exact statistics deal 5×5 galaxies
MAX_COMETS = 2
NONE_SCALE = 100_000  # proxy units: 1e-5 of a share
MEAN_SCALE = 10_000  # 1e-4 solutions
_DETERMINISTIC_SECONDS = 2.0  # CP-SAT work limit per solve (deterministic, not wall time)
_DEVIATION_WEIGHT = 1000  # per proxy unit off the goal zone; outweighs every tie-breaker
_DUPLICATE_COST = 20  # proxy units (of 1e-5 share) per repeated planet set

GROUPS: dict[str, str] = {
    "card count": "exactly {cards} cards",
    "copies": "at most {max_copies} cards per planet set",
    "planet balance": "every planet on the same number of cards (spread ≤ 1)",
    "pair balance": "every pair of planets together equally often (spread ≤ 2)",
    "black holes": "{black_holes} black-hole cards, at most one per planet set, "
                   "spread over the planets (spread ≤ 2)",
    "decoys": "every card shows {clutter_lo}–{clutter_hi} things (planets, comets, stars)",
}

Band = tuple[float, float]


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


@dataclass(frozen=True)
class DeckSpec:
    """A design request: ``types`` are the planet sets allowed (bit masks, bit i = planet i,
    in deck order), ``clutter`` the range of things a card shows, ``max_stars`` the most
    stars on one card. :meth:`of` checks a request and derives the rest."""

    cards: int
    per_card: tuple[int, int]
    black_holes: int
    none_band: Band
    mean_band: Band
    max_copies: int
    types: tuple[int, ...]
    clutter: tuple[int, int]
    max_stars: int

    def describe(self, group: str) -> str:
        lo, hi = self.clutter
        return GROUPS[group].format(
            cards=self.cards, max_copies=self.max_copies, black_holes=self.black_holes,
            clutter_lo=lo, clutter_hi=hi)

    @staticmethod
    def of(cards: int, per_card: tuple[int, int], black_holes: int, target_none: Band,
           target_mean: Band, max_copies: int) -> DeckSpec:
        """Validate a request and catch the infeasibilities that need no solver;
        :class:`InputError` at the field (``per_card``, ``cards``, ``max_copies``,
        ``target_none``, ``target_mean``, ``black_holes``) otherwise."""
        lo, hi = per_card
        if not 1 <= lo <= hi <= 6:
            raise InputError(f"must be a range within 1–6 planets, got {lo}–{hi}", "per_card")
        if cards <= GALAXY_CELLS:
            raise InputError(f"the difficulty is measured on 5×5 galaxies, so a deck needs "
                             f"more than {GALAXY_CELLS} cards, got {cards}", "cards")
        if max_copies < 1:
            raise InputError(f"must be at least 1, got {max_copies}", "max_copies")
        for what, (a, b), top in (("target_none", target_none, 1.0),
                                  ("target_mean", target_mean, float(GALAXY_CELLS))):
            if not 0.0 <= a < b <= top:
                raise InputError(f"must be a range LO-HI with 0 ≤ LO < HI ≤ {top:g}, "
                                 f"got {a:g}-{b:g}", what)
        types = tuple(sorted((m for m in range(1, 64) if lo <= _popcount(m) <= hi),
                             key=lambda m: (_popcount(m), [i for i in range(6) if m >> i & 1])))
        capacity = len(types) * max_copies
        if capacity < cards:
            sizes = f"{lo} planet" + ("s" if lo > 1 else "") if lo == hi else f"{lo}–{hi} planets"
            raise InputError(
                f"infeasible request: only {len(types)} distinct planet sets have {sizes}, so "
                f"at most {max_copies} cards per set allow at most {len(types)} × {max_copies}"
                f" = {capacity} cards, not {cards}", "max_copies")
        if not 0 <= black_holes <= min(cards, len(types)):
            raise InputError(
                f"infeasible request: at most one black-hole card per planet set "
                f"({len(types)} sets) and per card ({cards} cards) allows "
                f"0–{min(cards, len(types))}, not {black_holes}", "black_holes")
        return DeckSpec(cards, (lo, hi), black_holes, target_none, target_mean, max_copies,
                        types, (hi + 1, hi + 2), hi + 1)


@dataclass(frozen=True)
class Preferences:
    """Seeded tie-breaking preferences: they make different seeds give different decks."""

    use: tuple[tuple[int, ...], ...]  # per type and copy: small reward for using the slot
    black_hole: tuple[int, ...]  # per type: reward for a black hole
    comets: tuple[tuple[int, ...], ...]  # per type and copy: preferred number of comets
    stars: tuple[tuple[int, ...], ...]


def preferences(spec: DeckSpec, seed: int) -> Preferences:
    """The seeded preferences for ``spec``."""
    rng = np.random.default_rng(seed)
    t, k = len(spec.types), spec.max_copies
    use = rng.integers(0, 3, size=(t, k))
    bh = rng.integers(0, 4, size=t)
    comets = rng.integers(0, MAX_COMETS + 1, size=(t, k))
    stars = rng.integers(0, spec.max_stars + 1, size=(t, k))
    return Preferences(tuple(tuple(int(v) for v in r) for r in use), tuple(int(v) for v in bh),
                       tuple(tuple(int(v) for v in r) for r in comets),
                       tuple(tuple(int(v) for v in r) for r in stars))


@dataclass(frozen=True)
class SolvedDeck:
    """Cards per type, a black hole per type (on its first copy), decoys per type and copy."""

    counts: tuple[int, ...]
    black_hole: tuple[bool, ...]
    comets: tuple[tuple[int, ...], ...]
    stars: tuple[tuple[int, ...], ...]

    @property
    def x(self) -> Floats:
        return np.array(self.counts, dtype=float)


@dataclass(frozen=True)
class Goal:
    """What the objective pulls the two proxies towards: the zones, and the measured error of
    the estimate (exact − estimate) to subtract from them."""

    lin_none: Linear
    lin_mean: Linear
    none_zone: Band
    mean_zone: Band
    shift: tuple[float, float] = (0.0, 0.0)


def _linear_terms(lin: Linear, scale: int) -> tuple[list[int], float]:
    """Integer coefficients of ``lin`` and its constant, both in units of ``1/scale``."""
    coeffs = [round(float(g) * scale) for g in lin.gradient]
    constant = (lin.value - float(lin.gradient @ lin.at)) * scale
    return coeffs, constant


class _DeckModel:
    """The CP-SAT model of one solve, built group by group in a fixed order."""

    def __init__(self, spec: DeckSpec, prefs: Preferences) -> None:
        self.spec, self.prefs = spec, prefs
        self.m = m = cp_model.CpModel()
        types, copies = spec.types, spec.max_copies
        # copies: by construction (the model has max_copies slots per set)
        self.group = {g: m.new_bool_var(g) for g in GROUPS if g != "copies"}
        self.used = [[m.new_bool_var(f"use_{t}_{j}") for j in range(copies)]
                     for t in range(len(types))]
        for row in self.used:
            for j in range(1, copies):
                m.add_implication(row[j], row[j - 1])  # copies fill in order: no symmetric twins
        self.count = [sum(row) for row in self.used]
        m.add(sum(self.count) == spec.cards).only_enforce_if(self.group["card count"])

    def _spread(self, name: str, amounts: list[cp_model.LinearExprT], width: int, group: str
                ) -> None:
        """Every amount within ``low .. low + width`` of a common ``low`` (under ``group``)."""
        low = self.m.new_int_var(0, self.spec.cards, name)
        for on in amounts:
            self.m.add(on >= low).only_enforce_if(self.group[group])
            self.m.add(on <= low + width).only_enforce_if(self.group[group])

    def balance(self) -> None:
        """Every planet on lo or lo+1 cards, every pair together on lo..lo+2 cards."""
        types, count = self.spec.types, self.count
        self._spread("planet_lo", [sum(count[t] for t, mask in enumerate(types) if mask >> p & 1)
                                   for p in range(6)], 1, "planet balance")
        if self.spec.per_card[1] >= 2:
            pairs = [(1 << p) | (1 << q) for p, q in combinations(range(6), 2)]
            self._spread("pair_lo", [sum(count[t] for t, mask in enumerate(types)
                                         if mask & pair == pair) for pair in pairs],
                         2, "pair balance")

    def black_holes(self) -> None:
        """Black holes on the first copy of a set only, so at most one per planet set."""
        m, types = self.m, self.spec.types
        self.hole = [m.new_bool_var(f"hole_{t}") for t in range(len(types))]
        for t in range(len(types)):
            m.add_implication(self.hole[t], self.used[t][0])
        m.add(sum(self.hole) == self.spec.black_holes).only_enforce_if(self.group["black holes"])
        self._spread("hole_lo", [sum(self.hole[t] for t, mask in enumerate(types) if mask >> p & 1)
                                 for p in range(6)], 2, "black holes")

    def decoys(self) -> None:
        """Every card shows clutter_lo..clutter_hi things in all; ``decoy_cost`` is the
        distance from the seeded preferred decoys."""
        m, spec, prefs, copies = self.m, self.spec, self.prefs, self.spec.max_copies
        self.comets = [[m.new_int_var(0, MAX_COMETS, f"comets_{t}_{j}") for j in range(copies)]
                       for t in range(len(spec.types))]
        self.stars = [[m.new_int_var(0, spec.max_stars, f"stars_{t}_{j}") for j in range(copies)]
                      for t in range(len(spec.types))]
        self.decoy_cost: list[cp_model.IntVar] = []
        for t, mask in enumerate(spec.types):
            for j in range(copies):
                things = _popcount(mask) + self.comets[t][j] + self.stars[t][j]
                # Not conditioned on the slot being used: the decoys of an unused slot are
                # never read, and keeping this part separable lets presolve settle it alone.
                m.add(things >= spec.clutter[0]).only_enforce_if(self.group["decoys"])
                m.add(things <= spec.clutter[1]).only_enforce_if(self.group["decoys"])
                for var, want, top in ((self.comets[t][j], prefs.comets[t][j], MAX_COMETS),
                                       (self.stars[t][j], prefs.stars[t][j], spec.max_stars)):
                    dev = m.new_int_var(0, top, f"dev_{var.name}")
                    m.add_abs_equality(dev, var - want)
                    self.decoy_cost.append(dev)

    def deviation(self, goal: Goal) -> list[cp_model.LinearExpr]:
        """Distance of each linear proxy from its goal zone (shifted by the measured error of
        the estimate), in proxy units, weighted per tenth of its band."""
        spec = self.spec
        out: list[cp_model.LinearExpr] = []
        for lin, scale, band, zone, sh, name in (
                (goal.lin_none, NONE_SCALE, spec.none_band, goal.none_zone, goal.shift[0],
                 "none"),
                (goal.lin_mean, MEAN_SCALE, spec.mean_band, goal.mean_zone, goal.shift[1],
                 "mean")):
            coeffs, constant = _linear_terms(lin, scale)
            proxy = sum(c * self.count[t] for t, c in enumerate(coeffs) if c)
            g_lo = round((zone[0] - sh) * scale - constant)
            g_hi = round((zone[1] - sh) * scale - constant)
            span = sum(abs(c) for c in coeffs) * spec.max_copies + abs(g_lo) + abs(g_hi) + 1
            dev = self.m.new_int_var(0, span, f"deviation_{name}")
            self.m.add(dev >= proxy - g_hi)
            self.m.add(dev >= g_lo - proxy)
            # Equal weight per tenth of the band, so neither figure is sacrificed to the other.
            weight = max(1, round(1000 / ((band[1] - band[0]) * scale)))
            out.append(weight * dev)
        return out

    def objective(self, goal: Goal) -> None:
        """Deviation from the difficulty goal dominates; seeded preferences break ties."""
        types, copies, prefs = self.spec.types, self.spec.max_copies, self.prefs
        deviation = self.deviation(goal)
        reward = [prefs.use[t][j] * self.used[t][j]
                  for t in range(len(types)) for j in range(copies)]
        reward += [prefs.black_hole[t] * self.hole[t] for t in range(len(types))]
        # Variety: a second copy of a planet set costs about 0.0002 of share-none deviation,
        # so the deck uses as many distinct sets as the difficulty goal comfortably allows.
        duplicates = [self.used[t][j] for t in range(len(types)) for j in range(1, copies)]
        deviation.append(cp_model.LinearExpr.sum(duplicates) * _DUPLICATE_COST)
        self.m.minimize(_DEVIATION_WEIGHT * sum(deviation) + sum(self.decoy_cost) - sum(reward))
        self.m.add_assumptions(list(self.group.values()))

    def read(self, solver: cp_model.CpSolver) -> SolvedDeck:
        return SolvedDeck(
            tuple(int(solver.value(c)) for c in self.count),
            tuple(bool(solver.value(h)) for h in self.hole),
            tuple(tuple(int(solver.value(v)) for v in row) for row in self.comets),
            tuple(tuple(int(solver.value(v)) for v in row) for row in self.stars),
        )


def _solver(seed: int) -> cp_model.CpSolver:
    """One worker, a fixed seed, a deterministic work limit: the same deck on every run."""
    solver = cpsat.new_solver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31)
    solver.parameters.max_deterministic_time = _DETERMINISTIC_SECONDS
    return solver


def _minimal_core(m: cp_model.CpModel, group: dict[str, cp_model.IntVar], core: set[int],
                  seed: int) -> list[str]:
    """Shrink CP-SAT's infeasible set of group assumptions to a minimal one (deletion: drop a
    group, keep it dropped if the rest is still infeasible), so the message names only the
    groups that really conflict. Each check is a pure feasibility solve."""
    names = [g for g, lit in group.items() if lit.index in core] or list(group)
    m.clear_objective()
    keep = list(names)
    for g in names:
        trial = [h for h in keep if h != g]
        m.clear_assumptions()
        m.add_assumptions([group[h] for h in trial])
        if cpsat.solve(_solver(seed), m) == cp_model.INFEASIBLE:
            keep = trial
    return keep


def _conflict(spec: DeckSpec, core: list[str]) -> InputError:
    """The one-line error naming the conflicting groups."""
    described = [f"{g} ({spec.describe(g)})" for g in core]
    if len(described) == 1:
        return InputError(f"infeasible request: {described[0]} cannot hold")
    return InputError(f"infeasible request: {' conflicts with '.join(described)}"
                      if len(described) == 2 else
                      f"infeasible request: these cannot all hold: {'; '.join(described)}")


def solve_deck(spec: DeckSpec, goal: Goal, prefs: Preferences, seed: int) -> SolvedDeck:
    """One CP-SAT solve: the deck closest to ``goal`` that meets every constraint group.
    Raises :class:`InputError` naming the conflicting constraint groups when infeasible."""
    model = _DeckModel(spec, prefs)
    model.balance()
    model.black_holes()
    model.decoys()
    model.objective(goal)
    solver = _solver(seed)
    solver.parameters.symmetry_level = 0  # measured: halves the solve time of this model
    # The seeded rewards only break ties: stop once no solution can be better by a repeated
    # set or 0.0002 of share-none deviation (proving more costs seconds and buys nothing).
    solver.parameters.absolute_gap_limit = _DEVIATION_WEIGHT * _DUPLICATE_COST - 1
    status = cpsat.solve(solver, model.m)
    if status == cp_model.INFEASIBLE:
        core = set(solver.sufficient_assumptions_for_infeasibility())
        raise _conflict(spec, _minimal_core(model.m, model.group, core, seed))
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise InputError(f"CP-SAT found no deck within its work limit ({solver.status_name()})",
                         "design")
    return model.read(solver)
