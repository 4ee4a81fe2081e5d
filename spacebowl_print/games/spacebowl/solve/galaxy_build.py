"""The galaxy builder: deck cards laid out so that a toss has exactly K solutions.

Two strategies, one contract:

* **sample** — seeded rejection sampling: deal random galaxies from the deck in growing
  batches, count solutions and near misses of the whole batch at once with the bitboard engine
  (:mod:`rules.bitboard`, on tables holding only this toss's rows:
  :mod:`solve.toss_tables`), keep the first that meets the target. Cheap when
  a random deal meets the target often ("loose" targets).
* **cpsat** — the CP-SAT model of :mod:`solve.galaxy_cpsat`: it places card
  classes on slots so that ``sum(valid) == K`` exactly. Its cost hardly depends on how rare the
  target is ("tight" targets, and proofs that a target is impossible).
* **auto** (default) — deals :data:`PILOT` galaxies first (about one CP-SAT build's worth),
  up to twice as many more when the pilot shows the target is almost loose, then hands over
  to CP-SAT with the closest sample as a solution hint. The switch depends on counts, never
  on the clock, so a seed gives the same galaxy on every run.

Whatever the strategy, every result is re-counted by the reference engine
(:mod:`rules.reference`) before it is returned; a disagreement raises
:class:`BuilderBug`. Targets that cannot be met raise :class:`InputError`.

:func:`build_galaxies` serves many requests at once (a booklet's worth): one pool of dealt
galaxies answers every toss in a single vectorised pass, CP-SAT covers the rest.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import (
    Deck,
    Galaxy,
    InputError,
    Pos,
    Solution,
    Toss,
    Variants,
    galaxy_to_json,
)
from spacebowl_print.games.spacebowl.rules import bitboard, reference
from spacebowl_print.games.spacebowl.solve.galaxy_cpsat import Layout, Target, solve_layout
from spacebowl_print.games.spacebowl.solve.toss_tables import toss_tables

STRATEGIES: tuple[str, ...] = ("auto", "sample", "cpsat")
_BATCHES = (4, 8, 16, 32, 64, 128, 256, 512)
"""Growing batch sizes: a loose target is usually met within the first few deals, while a
batch costs a fixed ~0.3 ms plus ~25 µs per dealt galaxy (toss-only tables, bitboard counter),
so rare targets get wide batches."""
PILOT = sum(_BATCHES[:7])
"""Galaxies (508) the ``auto`` strategy deals before it hands over to CP-SAT. Dealing them
costs about as much as one CP-SAT build (15–25 ms on 5×5; ``benchmarks/bench_solve.py``), the
classic rent-or-buy split: auto never costs much more than the better strategy for a target.
The switch is count-based, never clock-based, hence deterministic."""
SAMPLE_LIMIT = 50_000
"""Galaxies the pure ``sample`` strategy deals before it gives up."""
_WILD_CANDIDATES = 4  # zero-solution galaxies per batch tried with every Wild cell


class BuilderBug(RuntimeError):
    """A built galaxy that the reference engine does not certify: a bug, never bad input."""


@dataclass(frozen=True)
class BuildRequest:
    """One galaxy to build: the toss, exactly ``solutions`` valid cards, at least
    ``near_misses`` near misses; ``wild_needed``: none valid without the Wild token, and
    ``solutions`` (≥ 1) valid with it on the cell the builder chooses."""

    toss: Toss
    solutions: int
    near_misses: int = 0
    wild_needed: bool = False


@dataclass(frozen=True)
class BuildResult:
    """A certified galaxy.

    ``galaxy`` carries ``card_ids``; ``variants`` are the ones the answer holds under (their
    ``wild`` is the Wild token's cell when the request needed it); ``solutions`` and
    ``near_misses`` are the reference engine's answer. ``strategy`` is ``"sample"`` or
    ``"cpsat"`` (what produced this galaxy), ``tries`` the galaxies sampled plus CP-SAT solves,
    ``seconds`` the wall time including certification.
    """

    galaxy: Galaxy
    toss: Toss
    variants: Variants
    solutions: tuple[Solution, ...]
    near_misses: tuple[Pos, ...]
    strategy: str
    tries: int
    seconds: float

    @property
    def wild(self) -> Pos | None:
        """The Wild token's cell (wild-needed requests only)."""
        return self.variants.wild

    def to_json(self, letters: str) -> dict[str, Any]:
        """The ``galaxy.json`` value (formats.md: ``cards`` and ``card_ids``)."""
        return galaxy_to_json(self.galaxy, letters)

    def report(self) -> str:
        """One or two human-readable lines."""
        cells = ", ".join(s.cell.name for s in self.solutions) or "none"
        line = (f"{self.galaxy.cols}×{self.galaxy.rows} galaxy: {len(self.solutions)} "
                f"solution(s) ({cells}), {len(self.near_misses)} near miss(es); "
                f"{self.strategy}, {self.tries} tries, {self.seconds * 1000:.1f} ms")
        if self.wild is not None:
            line += f"\nWild token on {self.wild.name}: no solution without it"
        return line


@dataclass(frozen=True)
class _Setup:
    """A checked deck and galaxy shape, with the deck as arrays."""

    deck: Deck
    rows: int
    cols: int
    rotation: bool
    torus: bool
    void: int
    masks: npt.NDArray[np.int64]  # (cards,) planet bit masks over deck.letters
    sets: tuple[frozenset[str], ...]
    ids: tuple[int, ...]
    layout: Layout = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", Layout(self.rows, self.cols, self.rotation,
                                                  self.torus, self.void, self.deck.letters))

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def variants(self, wild: Pos | None = None) -> Variants:
        return Variants(self.rotation, self.torus, wild)


def _setup(deck: Deck, size: tuple[int, int], rotation: bool, torus: bool, void: int) -> _Setup:
    cols, rows = size
    if rows < 3 or not 3 <= cols <= 26:
        raise InputError(f"a galaxy is at least 3×3 and at most 26 columns wide, "
                         f"got {cols}×{rows}", "size")
    if rows * cols > bitboard.MAX_CELLS:
        raise InputError(f"at most {bitboard.MAX_CELLS} cards, got {cols}×{rows}", "size")
    if rows * cols > len(deck.cards):
        raise InputError(f"a {cols}×{rows} galaxy needs {rows * cols} distinct cards, the deck "
                         f"{deck.name} has {len(deck.cards)}", "size")
    if not 0 <= void < rows * cols:
        raise InputError(f"must be between 0 and {rows * cols - 1}, got {void}", "void")
    letters = deck.letters
    masks = np.array([sum(1 << letters.index(p) for p in c.planets) for c in deck.cards],
                     dtype=np.int64)
    return _Setup(deck, rows, cols, rotation, torus, void, masks,
                  tuple(c.planet_set for c in deck.cards), tuple(c.id for c in deck.cards))


def _check_request(setup: _Setup, req: BuildRequest) -> Target:
    for planet in req.toss.marbles:
        if planet not in setup.deck.letters:
            raise InputError(f"unknown planet {planet!r} (deck planets: {setup.deck.letters})",
                             "toss", "marbles")
    if req.solutions < 0:
        raise InputError(f"must be 0 or more, got {req.solutions}", "solutions")
    if req.near_misses < 0:
        raise InputError(f"must be 0 or more, got {req.near_misses}", "near-misses")
    if req.wild_needed and req.solutions < 1:
        raise InputError("--wild-needed asks for solutions that need the Wild token, so "
                         "--solutions must be at least 1", "solutions")
    target = Target.of(setup.layout, req.toss, req.solutions, req.near_misses, req.wild_needed)
    if req.wild_needed:
        # With no solution without the token, each solution has the token's card under one of
        # its required spaces; a card, a space and a turn fix the destination.
        helped = sum(1 for _, required, _ in target.demands if required)
        most = helped * len(setup.layout.turns)
        if req.solutions > most:
            raise InputError(
                f"infeasible target: with --wild-needed every solution has the Wild token's card "
                f"under one of its {helped} spaces with required marbles, so this toss allows at "
                f"most {most}, not --solutions {req.solutions}", "solutions")
    room = min(len(target.fits), setup.cells - setup.void)
    if req.solutions + req.near_misses > room:
        what = (f"--solutions {req.solutions}" if req.near_misses == 0 else
                f"--solutions {req.solutions} plus --near-misses {req.near_misses}")
        raise InputError(f"infeasible target: {what} is more than the {room} cards that can be "
                         f"destinations of this toss on a {setup.cols}×{setup.rows} galaxy"
                         + (f" with {setup.void} face down" if setup.void else ""), "solutions")
    return target


# --------------------------------------------------------------------------- dealing


def _deal(setup: _Setup, rng: np.random.Generator, n: int
          ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    """``n`` random galaxies: (n, cells) deck card indices and (n, cells) face-down flags."""
    order = np.argsort(rng.random((n, len(setup.ids))), axis=1)[:, : setup.cells]
    hidden = np.zeros((n, setup.cells), dtype=bool)
    if setup.void:
        pick = np.argsort(rng.random((n, setup.cells)), axis=1)[:, : setup.void]
        np.put_along_axis(hidden, pick, True, axis=1)
    return order, hidden


def _galaxy(setup: _Setup, order: npt.NDArray[np.intp], hidden: npt.NDArray[np.bool_]
            ) -> Galaxy:
    cols = setup.cols
    cells = tuple(
        tuple(None if hidden[r * cols + c] else setup.sets[order[r * cols + c]]
              for c in range(cols))
        for r in range(setup.rows))
    ids = tuple(tuple(setup.ids[order[r * cols + c]] for c in range(cols))
                for r in range(setup.rows))
    return Galaxy(cells, ids)


# --------------------------------------------------------------------------- sampling


@dataclass
class _Sampled:
    """Outcome of a sampling run: the accepted galaxy (or None), the tries, the best miss."""

    galaxy: Galaxy | None
    wild: Pos | None
    tries: int
    hint: tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]] | None


def _wild_cell(setup: _Setup, galaxy: Galaxy, cols: npt.NDArray[np.int64], target: Target,
               rng: np.random.Generator) -> Pos | None:
    """A cell for the Wild token that gives ``galaxy`` exactly K solutions and ≥ N near misses
    (the galaxy has none without it), tried in a seeded random order; None if no cell does."""
    cells = [Pos(i // setup.cols, i % setup.cols) for i in rng.permutation(setup.cells)]
    tables = bitboard.build_tables([galaxy] * len(cells), setup.deck.letters, setup.torus, cells)
    counts = bitboard.count_solutions(tables, cols)[0]
    near = np.bitwise_count(bitboard.near_miss_boards(tables, cols)[0])
    ok = np.flatnonzero((counts == target.solutions) & (near >= target.near_misses))
    return cells[int(ok[0])] if ok.size else None


def _sample(setup: _Setup, target: Target, rng: np.random.Generator, budget: int,
            extend: int = 0) -> _Sampled:
    """Deal up to ``budget`` galaxies in growing batches; return the first that meets the
    target, else the one that came closest (as a CP-SAT hint).

    ``extend``: once the budget is spent, deal up to that many more if the two halves of the
    target are each common enough that their product promises a hit within ``budget`` more
    deals (the "almost loose" targets, where sampling beats a CP-SAT build). The decision
    uses counts only, so it is deterministic.

    A batch is counted by the bitboard engine on tables that hold only this toss's rows
    (:mod:`solve.toss_tables`); Galaxy objects are made only for galaxies
    that are kept or examined further.
    """
    letters = setup.deck.letters
    cols = bitboard.encode_tosses([target.toss], letters, setup.rotation)
    tries, step = 0, 0
    hits_k = hits_n = 0  # galaxies with exactly K solutions / with enough near misses
    best: tuple[int, npt.NDArray[np.intp], npt.NDArray[np.bool_]] | None = None
    while True:
        if tries >= budget:
            promise = hits_k * hits_n / max(tries, 1) ** 2  # independence estimate
            if not extend or target.wild_needed or promise * budget < 1:
                break
            budget, extend = budget + extend, 0
        n = min(_BATCHES[min(step, len(_BATCHES) - 1)], budget - tries)
        step += 1
        order, hidden = _deal(setup, rng, n)
        masks = np.where(hidden, -1, setup.masks[order])
        tables = toss_tables(masks, setup.rows, setup.cols, setup.torus, cols)
        counts = bitboard.count_solutions(tables, cols)[0].astype(np.int64)
        near = np.bitwise_count(bitboard.near_miss_boards(tables, cols)[0]).astype(np.int64)
        if target.wild_needed:
            for i in np.flatnonzero(counts == 0)[:_WILD_CANDIDATES]:
                galaxy = _galaxy(setup, order[i], hidden[i])
                wild = _wild_cell(setup, galaxy, cols, target, rng)
                if wild is not None:
                    return _Sampled(galaxy, wild, tries + int(i) + 1, None)
            miss = counts  # closest: fewest plain solutions
        else:
            ok = np.flatnonzero((counts == target.solutions) & (near >= target.near_misses))
            if ok.size:
                i = int(ok[0])
                return _Sampled(_galaxy(setup, order[i], hidden[i]), None, tries + i + 1, None)
            miss = (np.abs(counts - target.solutions)
                    + np.maximum(target.near_misses - near, 0))
            hits_k += int(np.count_nonzero(counts == target.solutions))
            hits_n += int(np.count_nonzero(near >= target.near_misses))
        i = int(np.argmin(miss))
        if best is None or int(miss[i]) < best[0]:
            best = (int(miss[i]), order[i].copy(), hidden[i].copy())
        tries += n
    return _Sampled(None, None, tries, None if best is None else (best[1], best[2]))


# --------------------------------------------------------------------------- certification


def _certify(setup: _Setup, target: Target, galaxy: Galaxy, wild: Pos | None
             ) -> tuple[tuple[Solution, ...], tuple[Pos, ...]]:
    """Re-count with the reference engine; raise :class:`BuilderBug` on any disagreement."""
    variants = setup.variants(wild)
    sols, near = reference.analyse(galaxy, target.toss, variants)
    problems = []
    if len(sols) != target.solutions:
        problems.append(f"{len(sols)} solutions, wanted {target.solutions}")
    if len(near) < target.near_misses:
        problems.append(f"{len(near)} near misses, wanted ≥ {target.near_misses}")
    if target.wild_needed:
        plain = reference.solve(galaxy, target.toss, setup.variants())
        if plain:
            problems.append(f"{len(plain)} solutions without the Wild token, wanted none")
    if problems:
        raise BuilderBug("the reference engine disagrees with the builder: "
                         + "; ".join(problems))
    return tuple(sols), tuple(near)


# --------------------------------------------------------------------------- one galaxy


def _layout_to_galaxy(setup: _Setup, classes: Sequence[int], face_down: Sequence[bool],
                      class_members: Sequence[Sequence[int]], rng: np.random.Generator
                      ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    """Turn a CP-SAT layout (a card class per slot) into deck cards: each class's cards in a
    seeded random order; face-down slots take seeded random cards from those left over."""
    pools = [list(rng.permutation(np.asarray(m, dtype=np.intp))) for m in class_members]
    order = np.full(setup.cells, -1, dtype=np.intp)
    for s, c in enumerate(classes):
        if not face_down[s]:
            order[s] = pools[c].pop()
    left = np.setdiff1d(np.arange(len(setup.ids)), order[order >= 0])
    spare = rng.permutation(left)
    k = 0
    for s in range(setup.cells):
        if face_down[s]:
            order[s] = spare[k]
            k += 1
    return order, np.asarray(face_down, dtype=bool)


def _build_one(setup: _Setup, target: Target, seed: int, strategy: str,
               started: float) -> BuildResult:
    seeds = np.random.SeedSequence(seed).spawn(2)
    rng = np.random.default_rng(seeds[0])
    tries = 0
    hint = None
    if strategy == "cpsat":  # a seeded random deal as hint: different seeds, different layouts
        order, hidden = _deal(setup, rng, 1)
        hint = (order[0], hidden[0])
    else:
        if strategy == "auto":
            sampled = _sample(setup, target, rng, PILOT, extend=2 * PILOT)
        else:
            sampled = _sample(setup, target, rng, SAMPLE_LIMIT)
        tries = sampled.tries
        if sampled.galaxy is not None:
            sols, near = _certify(setup, target, sampled.galaxy, sampled.wild)
            return BuildResult(sampled.galaxy, target.toss, setup.variants(sampled.wild), sols,
                               near, "sample", tries, time.perf_counter() - started)
        if strategy == "sample":
            raise InputError(f"sampling dealt {tries} galaxies and none met the target; "
                             "use --strategy cpsat or auto", "solutions")
        hint = sampled.hint  # the sampled galaxy that came closest
    hint_cards = None
    if hint is not None:
        order, hidden = hint
        hint_cards = [(-1 if hidden[s] else int(order[s])) for s in range(setup.cells)]
    solved = solve_layout(setup.layout, target, setup.masks, hint_cards, seed)
    order, hidden = _layout_to_galaxy(setup, solved.classes, solved.face_down,
                                      solved.class_members, np.random.default_rng(seeds[1]))
    galaxy = _galaxy(setup, order, hidden)
    sols, near = _certify(setup, target, galaxy, solved.wild)
    return BuildResult(galaxy, target.toss, setup.variants(solved.wild), sols, near, "cpsat",
                       tries + 1, time.perf_counter() - started)


def build_galaxy(deck: Deck, toss: Toss, solutions: int, near_misses: int = 0,
                 size: tuple[int, int] = (5, 5), rotation: bool = False, torus: bool = False,
                 void: int = 0, wild_needed: bool = False, seed: int = 0,
                 strategy: str = "auto") -> BuildResult:
    """Lay out distinct cards of ``deck`` so that ``toss`` has exactly ``solutions`` valid
    destination cards and at least ``near_misses`` near misses.

    ``size`` is (columns, rows); ``void`` cards lie face down (the builder chooses which);
    ``rotation`` and ``torus`` are the rule variants the answer holds under. With
    ``wild_needed`` no card is valid without the Wild token and exactly ``solutions`` are valid
    with it on the cell reported in ``result.wild`` (near misses then count with it placed).
    ``strategy`` is ``"auto"`` (sample a little, then CP-SAT), ``"sample"`` or ``"cpsat"``.

    The same arguments and seed give the same galaxy on a given install. The result is
    re-counted by the reference engine (:class:`BuilderBug` if it disagrees). Raises
    :class:`InputError` for bad arguments and for targets no galaxy of this deck can meet.
    """
    started = time.perf_counter()
    if strategy not in STRATEGIES:
        raise InputError(f"unknown strategy {strategy!r} (one of {', '.join(STRATEGIES)})",
                         "strategy")
    setup = _setup(deck, size, rotation, torus, void)
    target = _check_request(setup, BuildRequest(toss, solutions, near_misses, wild_needed))
    return _build_one(setup, target, seed, strategy, started)


# --------------------------------------------------------------------------- many galaxies


def build_galaxies(deck: Deck, requests: Sequence[BuildRequest], size: tuple[int, int] = (5, 5),
                   rotation: bool = False, torus: bool = False, void: int = 0, seed: int = 0,
                   pool: int = 512, rounds: int = 4) -> list[BuildResult]:
    """Build one certified galaxy per request, fast: for a booklet's hundreds of puzzles.

    Each round deals a pool of ``pool`` galaxies once and answers every open request against
    every pooled galaxy in one vectorised bitboard pass; a request takes the first matching
    galaxy no earlier request of the round took (only the last round shares galaxies).
    Requests still open after ``rounds`` rounds, and wild-needed ones, go to
    :func:`build_galaxy` (``auto``) with a seed derived from ``seed`` and their index.
    Results are in request order, each certified by the reference engine; a result's
    ``seconds`` is its share of the pass plus its own certification. The same requests and
    seed give the same galaxies. An impossible request raises :class:`InputError` naming it
    (``request 12: …``).
    """
    if pool < 1 or rounds < 0:
        raise InputError(f"pool must be ≥ 1 and rounds ≥ 0, got {pool} and {rounds}", "pool")
    setup = _setup(deck, size, rotation, torus, void)
    targets = [_check_request(setup, r) for r in requests]
    out: list[BuildResult | None] = [None] * len(requests)
    open_ = [i for i, r in enumerate(requests) if not r.wild_needed]
    seeds = np.random.SeedSequence(seed).spawn(len(requests) + 1)
    rng = np.random.default_rng(seeds[-1])
    letters = deck.letters
    chunk = 256  # requests per vectorised pass: bounds the (requests × turns × pool) arrays
    dealt = 0
    for round_ in range(rounds):
        if not open_:
            break
        started = time.perf_counter()
        order, hidden = _deal(setup, rng, pool)
        galaxies = [_galaxy(setup, order[i], hidden[i]) for i in range(pool)]
        tables = bitboard.build_tables(galaxies, letters, torus)
        taken = np.zeros(pool, dtype=bool)
        matched: list[tuple[int, int]] = []
        still: list[int] = []
        for start in range(0, len(open_), chunk):
            part = open_[start : start + chunk]
            cols = bitboard.encode_tosses([requests[i].toss for i in part], letters, rotation)
            counts = bitboard.count_solutions(tables, cols)
            near = np.bitwise_count(bitboard.near_miss_boards(tables, cols))
            for k, i in enumerate(part):
                ok = (counts[k] == requests[i].solutions) & (near[k] >= requests[i].near_misses)
                hits = np.flatnonzero(ok & ~taken)
                if not hits.size and round_ == rounds - 1:
                    hits = np.flatnonzero(ok)  # last round: share a galaxy rather than fail
                if not hits.size:
                    still.append(i)
                    continue
                taken[int(hits[0])] = True
                matched.append((i, int(hits[0])))
        share = (time.perf_counter() - started) / max(len(matched), 1)
        for i, g in matched:
            t0 = time.perf_counter()
            sols, near_cells = _certify(setup, targets[i], galaxies[g], None)
            out[i] = BuildResult(galaxies[g], requests[i].toss, setup.variants(), sols,
                                 near_cells, "sample", dealt + g + 1,
                                 share + time.perf_counter() - t0)
        dealt += pool
        open_ = still
    results: list[BuildResult] = []
    for i, r in enumerate(out):
        if r is None:
            seed_i = int(seeds[i].generate_state(1)[0])
            try:
                r = _build_one(setup, targets[i], seed_i, "auto", time.perf_counter())
            except InputError as err:
                raise InputError(err.message, f"request {i + 1}") from None
        results.append(r)
    return results
