"""The deck designer: a CP-SAT model over the card multiset, checked by the exact statistics.

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

Difficulty is the objective, not a constraint group: :mod:`solve.difficulty`
estimates the share of no-solution tosses and the mean number of solutions from the deck's
containment frequencies, and the model uses its first-order expansion — a linear function of
the type counts — around a reference deck, minimising the distance of both proxies from the
middle fifth of their target bands. The reference is moved to each solution until proxy and
estimate agree (sequential linearisation). The deck is then verified with the exact counter
(:func:`rules.stats.deck_stats`); if the verified figures miss the band, the
estimate's error on this deck is measured and the model re-solved with the goal shifted by
it, up to ``max_attempts`` verifications. A band the closest deck cannot reach is reported
with the figures that deck does reach. Within the goal zone the objective prefers distinct
planet sets (variety), then seeded preferences for which sets carry black holes and which
decoys each card shows, so different seeds give different decks.

Determinism: CP-SAT runs on one worker with a fixed ``random_seed`` and a *deterministic* time
limit, the model is built in a fixed order, and the seeded preferences come from one numpy
Generator, so a seed gives the same deck on a given install.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
from ortools.sat.python import cp_model

from spacebowl_print import __version__
from spacebowl_print.games.spacebowl.model import Card, Deck, InputError
from spacebowl_print.games.spacebowl.rules.stats import deck_stats
from spacebowl_print.games.spacebowl.solve.difficulty import DifficultyEstimate, Floats, Linear

GENERATOR = f"spacebowl_print {__version__} deck-design/1"
GALAXY_CELLS = 25  # the exact statistics deal 5×5 galaxies
MAX_COMETS = 2
NONE_SCALE = 100_000  # proxy units: 1e-5 of a share
MEAN_SCALE = 10_000  # 1e-4 solutions
_LINEAR_TOLERANCE = 0.004  # accept a linearisation when proxy and estimate agree this well
_MAX_RELINEARISE = 5
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


@dataclass(frozen=True)
class DesignResult:
    """A designed deck and how it was obtained.

    ``proxy_*`` are the linear proxy's figures for the final deck (what the CP-SAT model saw),
    ``estimate_*`` the analytic estimate it linearises, ``verified_*`` the exact figures of
    :func:`~rules.stats.deck_stats` over ``galaxies`` seeded deals (base game).
    ``attempts`` counts exact verifications, ``solves`` CP-SAT solves, ``seconds`` wall time.
    """

    deck: Deck
    proxy_none: float
    proxy_mean: float
    estimate_none: float
    estimate_mean: float
    verified_none: float
    verified_mean: float
    galaxies: int
    attempts: int
    solves: int
    seconds: float
    sizes: dict[int, int] = field(default_factory=dict)

    def report(self) -> str:
        """A short human-readable report (a few lines)."""
        sizes = ", ".join(f"{n} with {k}" for k, n in sorted(self.sizes.items()))
        bh = sum(c.black_hole for c in self.deck.cards)
        return "\n".join([
            f"deck {self.deck.name}: {len(self.deck.cards)} cards "
            f"(planets per card: {sizes}), {bh} black holes, seed {self.deck.seed}",
            f"share of no-solution tosses: proxy {self.proxy_none:.3f}, "
            f"verified {self.verified_none:.3f}",
            f"mean solutions per toss:     proxy {self.proxy_mean:.3f}, "
            f"verified {self.verified_mean:.3f}",
            f"{self.solves} CP-SAT solves, {self.attempts} exact verification(s) over "
            f"{self.galaxies} galaxies, {self.seconds:.2f} s",
        ])


@dataclass(frozen=True)
class _Spec:
    """A checked design request."""

    cards: int
    per_card: tuple[int, int]
    black_holes: int
    none_band: tuple[float, float]
    mean_band: tuple[float, float]
    max_copies: int
    types: tuple[int, ...]  # planet-set bit masks (bit i = planet i), in deck order
    clutter: tuple[int, int]
    max_stars: int

    def describe(self, group: str) -> str:
        lo, hi = self.clutter
        return GROUPS[group].format(
            cards=self.cards, max_copies=self.max_copies, black_holes=self.black_holes,
            clutter_lo=lo, clutter_hi=hi)


@dataclass(frozen=True)
class _Prefs:
    """Seeded tie-breaking preferences: they make different seeds give different decks."""

    use: tuple[tuple[int, ...], ...]  # per type and copy: small reward for using the slot
    black_hole: tuple[int, ...]  # per type: reward for a black hole
    comets: tuple[tuple[int, ...], ...]  # per type and copy: preferred number of comets
    stars: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class _Solved:
    counts: tuple[int, ...]
    black_hole: tuple[bool, ...]
    comets: tuple[tuple[int, ...], ...]
    stars: tuple[tuple[int, ...], ...]

    @property
    def x(self) -> Floats:
        return np.array(self.counts, dtype=float)


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _check_request(cards: int, per_card: tuple[int, int], black_holes: int,
                   target_none: tuple[float, float], target_mean: tuple[float, float],
                   max_copies: int, galaxies: int) -> _Spec:
    """Validate the request and catch the infeasibilities that need no solver."""
    lo, hi = per_card
    if not 1 <= lo <= hi <= 6:
        raise InputError(f"must be a range within 1–6 planets, got {lo}–{hi}", "per-card")
    if cards <= GALAXY_CELLS:
        raise InputError(f"the difficulty is measured on 5×5 galaxies, so a deck needs more "
                         f"than {GALAXY_CELLS} cards, got {cards}", "cards")
    if max_copies < 1:
        raise InputError(f"must be at least 1, got {max_copies}", "max-copies")
    if galaxies < 1:
        raise InputError(f"must be at least 1, got {galaxies}", "galaxies")
    for what, (a, b), top in (("target-none", target_none, 1.0), ("target-mean", target_mean,
                                                                    float(GALAXY_CELLS))):
        if not 0.0 <= a < b <= top:
            raise InputError(f"must be a range LO-HI with 0 ≤ LO < HI ≤ {top:g}, got {a:g}-{b:g}",
                             what)
    types = tuple(sorted((m for m in range(1, 64) if lo <= _popcount(m) <= hi),
                         key=lambda m: (_popcount(m), [i for i in range(6) if m >> i & 1])))
    capacity = len(types) * max_copies
    if capacity < cards:
        sizes = f"{lo} planet" + ("s" if lo > 1 else "") if lo == hi else f"{lo}–{hi} planets"
        raise InputError(
            f"infeasible request: only {len(types)} distinct planet sets have {sizes}, so "
            f"--max-copies {max_copies} allows at most {len(types)} × {max_copies} = "
            f"{capacity} cards, not {cards}", "copies")
    if not 0 <= black_holes <= min(cards, len(types)):
        raise InputError(
            f"infeasible request: at most one black-hole card per planet set ({len(types)} "
            f"sets) and per card ({cards} cards) allows 0–{min(cards, len(types))}, "
            f"not {black_holes}", "black holes")
    return _Spec(cards, (lo, hi), black_holes, target_none, target_mean, max_copies, types,
                 (hi + 1, hi + 2), hi + 1)


def _prefs(spec: _Spec, seed: int) -> _Prefs:
    rng = np.random.default_rng(seed)
    t, k = len(spec.types), spec.max_copies
    use = rng.integers(0, 3, size=(t, k))
    bh = rng.integers(0, 4, size=t)
    comets = rng.integers(0, MAX_COMETS + 1, size=(t, k))
    stars = rng.integers(0, spec.max_stars + 1, size=(t, k))
    return _Prefs(tuple(tuple(int(v) for v in r) for r in use), tuple(int(v) for v in bh),
                  tuple(tuple(int(v) for v in r) for r in comets),
                  tuple(tuple(int(v) for v in r) for r in stars))


def _linear_terms(lin: Linear, scale: int) -> tuple[list[int], float]:
    """Integer coefficients of ``lin`` and its constant, both in units of ``1/scale``."""
    coeffs = [round(float(g) * scale) for g in lin.gradient]
    constant = (lin.value - float(lin.gradient @ lin.at)) * scale
    return coeffs, constant


def _solve(spec: _Spec, lin_none: Linear, lin_mean: Linear, goal_none: tuple[float, float],
           goal_mean: tuple[float, float], shift: tuple[float, float], prefs: _Prefs,
           seed: int) -> _Solved:
    """One CP-SAT solve. ``goal_*`` is the zone the objective pulls the proxies into, ``shift``
    the measured error of the estimate (exact − estimate), subtracted from the goal. Raises
    :class:`InputError` naming the conflicting constraint groups when infeasible."""
    m = cp_model.CpModel()
    types, copies, n = spec.types, spec.max_copies, spec.cards
    group = {g: m.new_bool_var(g) for g in GROUPS if g != "copies"}  # copies: by construction
    used = [[m.new_bool_var(f"use_{t}_{j}") for j in range(copies)] for t in range(len(types))]
    for row in used:
        for j in range(1, copies):
            m.add_implication(row[j], row[j - 1])  # copies fill in order: no symmetric twins
    count = [sum(row) for row in used]
    m.add(sum(count) == n).only_enforce_if(group["card count"])

    # Balance: every planet on lo or lo+1 cards, every pair together on lo..lo+2 cards.
    p_lo = m.new_int_var(0, n, "planet_lo")
    for p in range(6):
        on = sum(count[t] for t, mask in enumerate(types) if mask >> p & 1)
        m.add(on >= p_lo).only_enforce_if(group["planet balance"])
        m.add(on <= p_lo + 1).only_enforce_if(group["planet balance"])
    if spec.per_card[1] >= 2:
        q_lo = m.new_int_var(0, n, "pair_lo")
        for p, q in combinations(range(6), 2):
            pair = (1 << p) | (1 << q)
            on = sum(count[t] for t, mask in enumerate(types) if mask & pair == pair)
            m.add(on >= q_lo).only_enforce_if(group["pair balance"])
            m.add(on <= q_lo + 2).only_enforce_if(group["pair balance"])

    # Black holes: on the first copy of a set only, so at most one per planet set.
    hole = [m.new_bool_var(f"hole_{t}") for t in range(len(types))]
    for t in range(len(types)):
        m.add_implication(hole[t], used[t][0])
    m.add(sum(hole) == spec.black_holes).only_enforce_if(group["black holes"])
    h_lo = m.new_int_var(0, n, "hole_lo")
    for p in range(6):
        on = sum(hole[t] for t, mask in enumerate(types) if mask >> p & 1)
        m.add(on >= h_lo).only_enforce_if(group["black holes"])
        m.add(on <= h_lo + 2).only_enforce_if(group["black holes"])

    # Decoys: every card shows clutter_lo..clutter_hi things in all.
    comets = [[m.new_int_var(0, MAX_COMETS, f"comets_{t}_{j}") for j in range(copies)]
              for t in range(len(types))]
    stars = [[m.new_int_var(0, spec.max_stars, f"stars_{t}_{j}") for j in range(copies)]
             for t in range(len(types))]
    decoy_cost = []
    for t, mask in enumerate(types):
        for j in range(copies):
            things = _popcount(mask) + comets[t][j] + stars[t][j]
            # Not conditioned on the slot being used: the decoys of an unused slot are never
            # read, and keeping this part separable lets presolve settle it on its own.
            m.add(things >= spec.clutter[0]).only_enforce_if(group["decoys"])
            m.add(things <= spec.clutter[1]).only_enforce_if(group["decoys"])
            for var, want, top in ((comets[t][j], prefs.comets[t][j], MAX_COMETS),
                                   (stars[t][j], prefs.stars[t][j], spec.max_stars)):
                dev = m.new_int_var(0, top, f"dev_{var.name}")
                m.add_abs_equality(dev, var - want)
                decoy_cost.append(dev)

    # Difficulty: distance of each linear proxy from its goal zone (shifted by the measured
    # error of the estimate), in proxy units.
    deviation = []
    for lin, scale, band, goal, sh, name in (
            (lin_none, NONE_SCALE, spec.none_band, goal_none, shift[0], "none"),
            (lin_mean, MEAN_SCALE, spec.mean_band, goal_mean, shift[1], "mean")):
        coeffs, constant = _linear_terms(lin, scale)
        proxy = sum(c * count[t] for t, c in enumerate(coeffs) if c)
        g_lo = round((goal[0] - sh) * scale - constant)
        g_hi = round((goal[1] - sh) * scale - constant)
        span = sum(abs(c) for c in coeffs) * copies + abs(g_lo) + abs(g_hi) + 1
        dev = m.new_int_var(0, span, f"deviation_{name}")
        m.add(dev >= proxy - g_hi)
        m.add(dev >= g_lo - proxy)
        # Equal weight per tenth of the band, so neither figure is sacrificed to the other.
        weight = max(1, round(1000 / ((band[1] - band[0]) * scale)))
        deviation.append(weight * dev)

    reward = [prefs.use[t][j] * used[t][j] for t in range(len(types)) for j in range(copies)]
    reward += [prefs.black_hole[t] * hole[t] for t in range(len(types))]
    # Variety: a second copy of a planet set costs about 0.0002 of share-none deviation, so
    # the deck uses as many distinct sets as the difficulty goal comfortably allows.
    duplicates = [used[t][j] for t in range(len(types)) for j in range(1, copies)]
    deviation.append(cp_model.LinearExpr.sum(duplicates) * _DUPLICATE_COST)
    # Deviation from the difficulty goal dominates; seeded preferences only break ties.
    m.minimize(_DEVIATION_WEIGHT * sum(deviation) + sum(decoy_cost) - sum(reward))
    m.add_assumptions(list(group.values()))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31)
    solver.parameters.max_deterministic_time = _DETERMINISTIC_SECONDS
    solver.parameters.symmetry_level = 0  # measured: halves the solve time of this model
    # The seeded rewards only break ties: stop once no solution can be better by a repeated
    # set or 0.0002 of share-none deviation (proving more costs seconds and buys nothing).
    solver.parameters.absolute_gap_limit = _DEVIATION_WEIGHT * _DUPLICATE_COST - 1
    status = solver.solve(m)
    if status == cp_model.INFEASIBLE:
        core = _minimal_core(m, group, set(solver.sufficient_assumptions_for_infeasibility()),
                             seed)
        described = [f"{g} ({spec.describe(g)})" for g in core]
        if len(described) == 1:
            raise InputError(f"infeasible request: {described[0]} cannot hold")
        raise InputError(f"infeasible request: {' conflicts with '.join(described)}"
                         if len(described) == 2 else
                         f"infeasible request: these cannot all hold: {'; '.join(described)}")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise InputError(f"CP-SAT found no deck within its work limit ({solver.status_name()})",
                         "design")
    return _Solved(
        tuple(int(solver.value(c)) for c in count),
        tuple(bool(solver.value(h)) for h in hole),
        tuple(tuple(int(solver.value(v)) for v in row) for row in comets),
        tuple(tuple(int(solver.value(v)) for v in row) for row in stars),
    )


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
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed % (2**31)
        solver.parameters.max_deterministic_time = _DETERMINISTIC_SECONDS
        if solver.solve(m) == cp_model.INFEASIBLE:
            keep = trial
    return keep


def _make_deck(spec: _Spec, solved: _Solved, base: Deck, name: str, title: str, seed: int,
               design: dict[str, object]) -> Deck:
    letters = base.letters
    cards: list[Card] = []
    for t, mask in enumerate(spec.types):  # types are already in (size, deck order) order
        planets = "".join(letters[i] for i in range(6) if mask >> i & 1)
        for j in range(solved.counts[t]):
            cards.append(Card(len(cards) + 1, planets, solved.comets[t][j], solved.stars[t][j],
                              solved.black_hole[t] and j == 0))
    return Deck(name, title, base.planets, tuple(cards), seed, design)


def design_deck(base: Deck, *, name: str = "designed", title: str | None = None,
                cards: int = 56, per_card: tuple[int, int] = (1, 4), black_holes: int = 8,
                target_none: tuple[float, float] = (0.20, 0.35),
                target_mean: tuple[float, float] = (1.0, 2.0), max_copies: int = 2,
                seed: int = 0, galaxies: int = 200, max_attempts: int = 3) -> DesignResult:
    """Design a deck whose verified difficulty lies in the target bands.

    Planets (ids, names, colours, glyphs) are taken from ``base`` so the art stays the same.
    ``per_card`` is the allowed range of planets on a card, ``max_copies`` the most cards that
    may show the same planet set, ``target_none`` the band for the share of no-solution tosses
    and ``target_mean`` for the mean number of solutions (base game, 5×5). The verified figures
    come from :func:`~rules.stats.deck_stats` over ``galaxies`` deals seeded
    with ``seed``; the deck records ``seed`` and a flat ``design`` table of the figures.

    Raises :class:`InputError` naming the conflicting constraint group(s) when the request is
    infeasible, the figures the closest deck reaches when the difficulty band is out of reach,
    and the last figures when ``max_attempts`` verifications all miss the band.
    """
    started = time.perf_counter()
    spec = _check_request(cards, per_card, black_holes, target_none, target_mean, max_copies,
                          galaxies)
    estimate = DifficultyEstimate(spec.types)
    prefs = _prefs(spec, seed)
    # Aim at the middle fifth of each band, so the verified figure lands well inside it.
    def zone(band: tuple[float, float]) -> tuple[float, float]:
        mid, half = (band[0] + band[1]) / 2, (band[1] - band[0]) / 10
        return mid - half, mid + half

    goal_none, goal_mean = zone(spec.none_band), zone(spec.mean_band)
    x_ref: Floats = np.full(len(spec.types), cards / len(spec.types))
    shift = (0.0, 0.0)  # measured error of the estimate on the current deck (exact − estimate)
    solves = 0
    last = ""
    verified: dict[tuple[Card, ...], tuple[float, float]] = {}
    for attempt in range(1, max_attempts + 1):
        for _ in range(_MAX_RELINEARISE):
            lin_none, lin_mean = estimate.linearise(x_ref)
            solved = _solve(spec, lin_none, lin_mean, goal_none, goal_mean, shift, prefs, seed)
            solves += 1
            est_none, est_mean = estimate.estimate(solved.x)
            agree = (abs(est_none - lin_none(solved.x)) <= _LINEAR_TOLERANCE
                     and abs(est_mean - lin_mean(solved.x)) <= 10 * _LINEAR_TOLERANCE)
            x_ref = solved.x
            if agree:
                break
        proxy_none, proxy_mean = lin_none(solved.x), lin_mean(solved.x)
        design: dict[str, object] = {
            "generator": GENERATOR,
            "cards": cards,
            "per_card": f"{spec.per_card[0]}-{spec.per_card[1]}",
            "black_holes": black_holes,
            "max_copies": max_copies,
            "target_none": f"{spec.none_band[0]:g}-{spec.none_band[1]:g}",
            "target_mean": f"{spec.mean_band[0]:g}-{spec.mean_band[1]:g}",
            "proxy_share_none": round(proxy_none, 4),
            "proxy_mean_solutions": round(proxy_mean, 4),
        }
        deck = _make_deck(spec, solved, base, name, title or name.replace("-", " ").title(),
                          seed, design)
        if deck.cards not in verified:  # a re-solve may return the deck already verified
            stats = deck_stats(deck, galaxies, seed, ["base"]).variants[0]
            verified[deck.cards] = (stats.share_none, stats.mean)
        v_none, v_mean = verified[deck.cards]
        if (spec.none_band[0] <= v_none <= spec.none_band[1]
                and spec.mean_band[0] <= v_mean <= spec.mean_band[1]):
            design.update({
                "verified_share_none": round(v_none, 4),
                "verified_mean_solutions": round(v_mean, 4),
                "verified_galaxies": galaxies,
                "verifications": len(verified),
            })
            sizes: dict[int, int] = {}
            for c in deck.cards:
                sizes[len(c.planets)] = sizes.get(len(c.planets), 0) + 1
            return DesignResult(deck, proxy_none, proxy_mean, est_none, est_mean, v_none, v_mean,
                                galaxies, len(verified), solves, time.perf_counter() - started,
                                sizes)
        predicted = (est_none + shift[0], est_mean + shift[1])
        if attempt > 1 and not (spec.none_band[0] <= predicted[0] <= spec.none_band[1]
                                and spec.mean_band[0] <= predicted[1] <= spec.mean_band[1]):
            # With the estimate's error on this deck already measured, even the deck closest
            # to the goal was predicted outside the band: the band is out of reach.
            raise InputError(
                f"infeasible request: the deck closest to the difficulty target that the other "
                f"constraints allow has a share of no-solution tosses of {v_none:.3f} and "
                f"{v_mean:.2f} solutions on average (exact), outside --target-none "
                f"{spec.none_band[0]:g}-{spec.none_band[1]:g} / --target-mean "
                f"{spec.mean_band[0]:g}-{spec.mean_band[1]:g}", "difficulty")
        shift = (v_none - est_none, v_mean - est_mean)
        last = f"share none {v_none:.3f}, mean {v_mean:.2f}"
    raise InputError(f"no deck verified inside the target bands after {max_attempts} attempts "
                     f"(last: {last}); widen --target-none / --target-mean", "difficulty")
