"""The galaxy builder: deck cards laid out so that a toss has exactly K solutions.

Two strategies, one contract (:mod:`solve.galaxy_request`):

* **sample** — seeded rejection sampling (:mod:`solve.galaxy_sample`): deal random galaxies
  from the deck in growing batches, count solutions and near misses of the whole batch at
  once with the bitboard engine, keep the first that meets the target. Cheap when a random
  deal meets the target often ("loose" targets).
* **cpsat** — the CP-SAT model of :mod:`solve.galaxy_cpsat`: it places card classes on slots
  so that ``sum(valid) == K`` exactly. Its cost hardly depends on how rare the target is
  ("tight" targets, and proofs that a target is impossible).
* **auto** (default) — deals :data:`PILOT` galaxies first (about one CP-SAT build's worth),
  up to twice as many more when the pilot shows the target is almost loose, then hands over
  to CP-SAT with the closest sample as a solution hint. The switch depends on counts, never
  on the clock, so a seed gives the same galaxy on every run.

Whatever the strategy, every result is re-counted by the reference engine
(:func:`~solve.galaxy_request.certify`) before it is returned; a disagreement raises
:class:`BuilderBug`. Targets that cannot be met raise :class:`InputError`.

:func:`build_galaxies` serves many requests at once (a booklet's worth): pools of dealt
galaxies answer every toss in a single vectorised pass, ``auto`` covers the rest.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import Deck, Galaxy, InputError, Pos, Toss
from spacebowl_print.games.spacebowl.rules import bitboard
from spacebowl_print.games.spacebowl.solve.galaxy_cpsat import WORK_LIMIT, solve_layout
from spacebowl_print.games.spacebowl.solve.galaxy_request import (
    BuilderBug,
    BuildRequest,
    BuildResult,
    Cards,
    Job,
    Setup,
    certify,
    check_request,
    deal,
    galaxy_of,
    make_setup,
)
from spacebowl_print.games.spacebowl.solve.galaxy_sample import (
    BATCHES,
    Hint,
    Masks,
    near_distance,
    near_in_band,
    sample,
    wild_candidates,
    wild_search,
)
from spacebowl_print.games.spacebowl.solve.toss_tables import tally, toss_tables

__all__ = [
    "PILOT", "SAMPLE_LIMIT", "STRATEGIES", "BuildRequest", "BuildResult", "BuilderBug",
    "build_galaxies", "build_galaxy", "try_build_galaxies",
]

STRATEGIES: tuple[str, ...] = ("auto", "sample", "cpsat")
PILOT = sum(BATCHES[:7])
"""Galaxies (508) the ``auto`` strategy deals before it hands over to CP-SAT. Dealing them
costs about as much as one CP-SAT build (15–25 ms on 5×5; ``benchmarks/bench_solve.py``), the
classic rent-or-buy split: auto never costs much more than the better strategy for a target.
The switch is count-based, never clock-based, hence deterministic."""
SAMPLE_LIMIT = 50_000
"""Galaxies the pure ``sample`` strategy deals before it gives up."""
CHUNK = 256
"""Requests per vectorised pool pass: bounds the (requests × turns × pool) arrays."""
POOL_WILD_CANDIDATES = 16
"""Pooled galaxies a Wild-token request tries per round, each with every Wild cell."""


# --------------------------------------------------------------------------- one galaxy


def _result(setup: Setup, job: Job, galaxy: Galaxy, wild: Pos | None, strategy: str,
            tries: int, started: float) -> BuildResult:
    """Certify ``galaxy`` and wrap it as a result."""
    sols, near = certify(setup, job.target, galaxy, wild)
    return BuildResult(galaxy, job.target.toss, setup.variants(wild), sols, near, strategy,
                       tries, time.perf_counter() - started)


def _layout_to_galaxy(setup: Setup, classes: Sequence[int], face_down: Sequence[bool],
                      class_members: Sequence[Sequence[int]], allowed: Cards,
                      rng: np.random.Generator) -> tuple[Cards, npt.NDArray[np.bool_]]:
    """Turn a CP-SAT layout (a card class per slot) into deck cards: each class's cards in a
    seeded random order; face-down slots take seeded random cards from the allowed ones left."""
    pools = [list(rng.permutation(np.asarray(m, dtype=np.intp))) for m in class_members]
    order = np.full(setup.cells, -1, dtype=np.intp)
    for s, c in enumerate(classes):
        if not face_down[s]:
            order[s] = pools[c].pop()
    spare = rng.permutation(np.setdiff1d(allowed, order[order >= 0]))
    k = 0
    for s in range(setup.cells):
        if face_down[s]:
            order[s] = spare[k]
            k += 1
    return order, np.asarray(face_down, dtype=bool)


def _build_cpsat(setup: Setup, job: Job, hint: Hint | None, seed: int,
                 rng: np.random.Generator, tries: int, started: float,
                 work_limit: float = WORK_LIMIT) -> BuildResult:
    """Solve the layout with CP-SAT (``hint``: a dealt galaxy to start from) and deal the
    classes out as deck cards with ``rng``."""
    hint_cards = None
    if hint is not None:
        order, hidden = hint
        hint_cards = [(-1 if hidden[s] else int(order[s])) for s in range(setup.cells)]
    solved = solve_layout(setup.layout, job.target, setup.masks, hint_cards, seed, job.allowed,
                          work_limit)
    order, hidden = _layout_to_galaxy(setup, solved.classes, solved.face_down,
                                      solved.class_members, job.allowed, rng)
    return _result(setup, job, galaxy_of(setup, order, hidden), solved.wild, "cpsat",
                   tries + 1, started)


def _build_one(setup: Setup, job: Job, seed: int, strategy: str, started: float
               ) -> BuildResult:
    """One galaxy for ``job`` by ``strategy``; the same seed gives the same galaxy."""
    seeds = np.random.SeedSequence(seed).spawn(2)
    rng = np.random.default_rng(seeds[0])
    if strategy == "cpsat":  # a seeded random deal as hint: different seeds, different layouts
        order, hidden = deal(setup, rng, 1, job.allowed)
        return _build_cpsat(setup, job, (order[0], hidden[0]), seed,
                            np.random.default_rng(seeds[1]), 0, started)
    if strategy == "auto":
        sampled = sample(setup, job, rng, PILOT, extend=2 * PILOT)
    else:
        sampled = sample(setup, job, rng, SAMPLE_LIMIT)
    if sampled.galaxy is not None:
        return _result(setup, job, sampled.galaxy, sampled.wild, "sample", sampled.tries,
                       started)
    if strategy == "sample":
        raise InputError(f"sampling dealt {sampled.tries} galaxies and none met the target; "
                         "use cpsat or auto", "strategy")
    # the sampled galaxy that came closest is the hint
    return _build_cpsat(setup, job, sampled.hint, seed, np.random.default_rng(seeds[1]),
                        sampled.tries, started)


def build_galaxy(deck: Deck, toss: Toss, solutions: int, near_misses: int = 0,
                 size: tuple[int, int] = (5, 5), rotation: bool = False, torus: bool = False,
                 void: int = 0, wild_needed: bool = False, seed: int = 0,
                 strategy: str = "auto", *, near_misses_max: int | None = None,
                 exclude: frozenset[int] = frozenset(), wild_matters: bool = False
                 ) -> BuildResult:
    """Lay out distinct cards of ``deck`` so that ``toss`` has exactly ``solutions`` valid
    destination cards and at least ``near_misses`` near misses (at most ``near_misses_max``).

    ``size`` is (columns, rows); ``void`` cards lie face down (the builder chooses which);
    ``rotation`` and ``torus`` are the rule variants the answer holds under. With
    ``wild_needed`` no card is valid without the Wild token and exactly ``solutions`` are valid
    with it on the cell reported in ``result.wild`` (near misses then count with it placed);
    with ``wild_matters`` at least one of them needs it. ``exclude`` lists deck card ids the
    galaxy must not use. ``strategy`` is ``"auto"`` (sample a little, then CP-SAT),
    ``"sample"`` or ``"cpsat"``.

    The same arguments and seed give the same galaxy on a given install. The result is
    re-counted by the reference engine (:class:`BuilderBug` if it disagrees). Raises
    :class:`InputError` at the argument's name for bad arguments and for targets no galaxy
    of this deck can meet.
    """
    started = time.perf_counter()
    if strategy not in STRATEGIES:
        raise InputError(f"unknown strategy {strategy!r} (one of {', '.join(STRATEGIES)})",
                         "strategy")
    setup = make_setup(deck, size, rotation, torus, void)
    job = check_request(setup, BuildRequest(toss, solutions, near_misses, wild_needed,
                                            near_misses_max, exclude, wild_matters))
    return _build_one(setup, job, seed, strategy, started)


# --------------------------------------------------------------------------- many galaxies


@dataclass
class _Pool:
    """One round's dealt galaxies, as arrays: deck card indices, face-down flags and planet
    masks per slot; ``holds[g, c]``: galaxy ``g`` uses deck card ``c``; ``taken[g]``: a
    request of this round has galaxy ``g``."""

    order: Cards
    hidden: npt.NDArray[np.bool_]
    masks: Masks
    holds: npt.NDArray[np.bool_]
    taken: npt.NDArray[np.bool_]

    @staticmethod
    def deal(setup: Setup, rng: np.random.Generator, size: int) -> _Pool:
        order, hidden = deal(setup, rng, size, np.arange(len(setup.ids), dtype=np.intp))
        holds = np.zeros((size, len(setup.ids)), dtype=bool)
        np.put_along_axis(holds, order, True, axis=1)
        masks = np.where(hidden, -1, setup.masks[order])
        return _Pool(order, hidden, masks, holds, np.zeros(size, dtype=bool))

    def usable(self, job: Job) -> npt.NDArray[np.bool_]:
        """Galaxies that hold none of the cards ``job`` excludes."""
        if len(job.allowed) == self.holds.shape[1]:
            return np.ones(len(self.order), dtype=bool)
        excluded = np.delete(self.holds, job.allowed, axis=1)
        return np.logical_not(excluded.any(axis=1))


@dataclass
class _Open:
    """A request not yet met, with its own seed (for its Wild cell orders and its CP-SAT
    build: nothing a later request does changes them) and the pooled galaxy that came
    closest (the CP-SAT hint)."""

    job: Job
    seed: int
    miss: int = 1 << 30
    hint: Hint | None = None
    rng: np.random.Generator = field(init=False)

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(np.random.SeedSequence(self.seed).spawn(3)[2])

    def note(self, pool: _Pool, miss: npt.NDArray[np.int64], usable: npt.NDArray[np.bool_]
             ) -> None:
        """Keep the closest usable galaxy of ``pool`` by ``miss``."""
        miss = np.where(usable, miss, 1 << 30)
        g = int(np.argmin(miss))
        if int(miss[g]) < self.miss:
            self.miss, self.hint = int(miss[g]), (pool.order[g].copy(), pool.hidden[g].copy())


def _pick(setup: Setup, pool: _Pool, request: _Open, counts: npt.NDArray[np.int64],
          near: npt.NDArray[np.int64], cols: npt.NDArray[np.int64], share: bool
          ) -> tuple[int, Pos | None] | None:
    """The pooled galaxy (and Wild cell) that meets ``request``: the first no earlier request
    took (with ``share``, a taken one rather than none; never for the Wild token)."""
    target, usable = request.job.target, pool.usable(request.job)
    if target.wild != "none":
        free = usable & ~pool.taken
        picked = wild_candidates(target, np.where(free, counts, target.plain_max + 1),
                                 POOL_WILD_CANDIDATES)
        found = (wild_search(setup, pool.masks[picked], cols, target, request.rng)
                 if picked.size else None)
        request.note(pool, np.maximum(counts - target.plain_max, 0), usable)
        return None if found is None else (int(picked[found[0]]), found[1])
    ok = (counts == target.solutions) & near_in_band(target, near) & usable
    hits = np.flatnonzero(ok & ~pool.taken)
    if not hits.size and share:
        hits = np.flatnonzero(ok)
    request.note(pool, np.abs(counts - target.solutions) + near_distance(target, near), usable)
    return (int(hits[0]), None) if hits.size else None


def _match(setup: Setup, pool: _Pool, part: Sequence[_Open], share: bool
           ) -> list[tuple[int, Pos | None] | None]:
    """For each open request (in order), the pooled galaxy that meets it, if any."""
    tosses = bitboard.encode_tosses([o.job.target.toss for o in part], setup.deck.letters,
                                    setup.rotation)
    tables = toss_tables(pool.masks, setup.rows, setup.cols, setup.torus, tosses)
    counts, near = tally(tables, tosses)
    out = []
    for k, request in enumerate(part):
        hit = _pick(setup, pool, request, counts[k], near[k], tosses[k : k + 1], share)
        if hit is not None:
            pool.taken[hit[0]] = True
        out.append(hit)
    return out


def _pool_rounds(setup: Setup, open_: dict[int, _Open], rng: np.random.Generator, pool: int,
                 rounds: int) -> dict[int, BuildResult]:
    """Results of the pooled passes, by request index: each round deals ``pool`` galaxies and
    matches every request still open, in request order; only the last round lets requests
    share a galaxy. Requests left open keep their closest galaxy as a hint."""
    found: dict[int, BuildResult] = {}
    for round_ in range(rounds):
        waiting = [i for i in sorted(open_) if i not in found]
        if not waiting:
            break
        started = time.perf_counter()
        dealt = _Pool.deal(setup, rng, pool)
        picks: list[tuple[int, int, Pos | None]] = []
        for start in range(0, len(waiting), CHUNK):
            part = waiting[start : start + CHUNK]
            hits = _match(setup, dealt, [open_[i] for i in part], round_ == rounds - 1)
            picks += [(i, *hit) for i, hit in zip(part, hits, strict=True) if hit is not None]
        share = (time.perf_counter() - started) / max(len(picks), 1)
        for i, g, wild in picks:
            galaxy = galaxy_of(setup, dealt.order[g], dealt.hidden[g])
            found[i] = _result(setup, open_[i].job, galaxy, wild, "sample",
                               round_ * pool + g + 1, time.perf_counter() - share)
    return found


def _child_seed(parent: np.random.SeedSequence, i: int) -> int:
    """The seed of ``parent``'s ``i``-th spawned child, however many siblings it has."""
    child = np.random.SeedSequence(parent.entropy, spawn_key=(*parent.spawn_key, i))
    return int(child.generate_state(1)[0])


def try_build_galaxies(deck: Deck, requests: Sequence[BuildRequest],
                       size: tuple[int, int] = (5, 5), rotation: bool = False,
                       torus: bool = False, void: int = 0, seed: int = 0, pool: int = 512,
                       rounds: int = 4, work_limit: float = WORK_LIMIT,
                       spare: Sequence[bool] = ()) -> list[BuildResult | InputError]:
    """Like :func:`build_galaxies`, but a request that cannot be met gets its
    :class:`InputError` in its place instead of failing the batch (the shape and the pool
    settings still raise), and CP-SAT stops after ``work_limit`` deterministic seconds per
    request (an :class:`InputError` too). A request marked in ``spare`` is met from the pools
    only (never by CP-SAT: an :class:`InputError` when the pools hold no galaxy for it) —
    another galaxy for the same toss, cheap to ask for. A request's result depends only on
    the seed, the settings and the requests before it, so a longer list extends a shorter
    one's results."""
    if pool < 1 or rounds < 0:
        raise InputError(f"pool must be ≥ 1 and rounds ≥ 0, got {pool} and {rounds}", "pool")
    setup = make_setup(deck, size, rotation, torus, void)
    out: list[BuildResult | InputError | Job] = []
    for r in requests:
        try:
            out.append(check_request(setup, r))
        except InputError as err:
            out.append(err)
    pool_seed, own_seeds = np.random.SeedSequence(seed).spawn(2)
    open_ = {i: _Open(j, _child_seed(own_seeds, i)) for i, j in enumerate(out)
             if isinstance(j, Job)}
    found = _pool_rounds(setup, open_, np.random.default_rng(pool_seed), pool, rounds)
    for i, request in open_.items():
        if i not in found and i < len(spare) and spare[i]:
            out[i] = InputError("no pooled galaxy meets this spare request", "spare")
            continue
        try:
            out[i] = found.get(i) or _cpsat_for(setup, request, rounds * pool, work_limit)
        except InputError as err:
            out[i] = err
    return [r for r in out if not isinstance(r, Job)]


def _cpsat_for(setup: Setup, request: _Open, tries: int, work_limit: float) -> BuildResult:
    """CP-SAT for a request the pools did not meet, from its closest pooled galaxy (or, with
    no pool, a seeded random deal)."""
    started, seed = time.perf_counter(), request.seed
    seeds = np.random.SeedSequence(seed).spawn(2)
    hint = request.hint
    if hint is None:
        order, hidden = deal(setup, np.random.default_rng(seeds[0]), 1, request.job.allowed)
        hint = (order[0], hidden[0])
    return _build_cpsat(setup, request.job, hint, seed, np.random.default_rng(seeds[1]), tries,
                        started, work_limit)


def build_galaxies(deck: Deck, requests: Sequence[BuildRequest], size: tuple[int, int] = (5, 5),
                   rotation: bool = False, torus: bool = False, void: int = 0, seed: int = 0,
                   pool: int = 512, rounds: int = 4) -> list[BuildResult]:
    """Build one certified galaxy per request, fast: for a booklet's hundreds of puzzles.

    Each round deals a pool of ``pool`` galaxies once and answers every open request against
    every pooled galaxy in one vectorised bitboard pass (toss-only tables); a request takes
    the first matching galaxy no earlier request of the round took (only the last round
    shares galaxies; a Wild-token request tries every Wild cell on the few untaken galaxies
    whose plain solutions come closest below its target). Requests still open after
    ``rounds`` rounds are rare targets: they go to CP-SAT, hinted with the pooled galaxy that
    came closest, seeded from ``seed`` and their index. Results are in request order, each
    certified by the reference engine; a result's ``seconds`` is its share of the pass plus
    its own certification (and CP-SAT solve). The same requests and seed give the same
    galaxies. An impossible request raises :class:`InputError` naming it and its field
    (``request 12.solutions: …``).
    """
    results = try_build_galaxies(deck, requests, size, rotation, torus, void, seed, pool, rounds)
    for i, r in enumerate(results):
        if isinstance(r, InputError):
            raise InputError(r.message, f"request {i + 1}", *r.where) from None
    return [r for r in results if isinstance(r, BuildResult)]
