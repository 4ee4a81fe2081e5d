"""Puzzle generation, deterministic from a seed: the generator plans, the galaxy builder builds,
the human-model solver grades.

**Planning.** Each puzzle's tier fixes what it may look like (:data:`~.tiers.TIERS`); the
generator decides the rest from the seed alone, before any galaxy exists:

* the variants, in turn through the tier's list (the *i*-th puzzle of a tier takes entry
  *i* mod its length);
* the number of solutions, of marbles, the black hole and the question, as stratified draws:
  every block of :data:`BLOCK` puzzles of a tier holds each value in proportion to its share,
  in a seeded order, so a year's puzzles keep the tier table's shares (the Wild token's
  puzzles never have no solution, so the tier's other puzzles have that many more); a
  *find* that could need none of the tier's techniques asks for a *count* instead;
* the toss: the planets of a random deck card with that many planets (a possible top card,
  which the galaxy must then not contain), and random spaces for the disc (the centre in
  learning mode, never the centre otherwise), the marbles and the black hole (always beside
  a marble: a lone black hole means nothing).

**Building.** The plans become :class:`~solve.BuildRequest` s (exact K, the tier's near-miss
band, the top card excluded; the Wild token needed by every solution of a *find*, helping
some solution of a *count*) and go, grouped by galaxy shape and variants, to the one galaxy
builder (:func:`~solve.try_build_galaxies`): pooled random deals for common targets, CP-SAT
for rare ones (from a plan's :data:`POOLS_ONLY`-th toss on), each galaxy certified by the
reference engine.

**Grading.** The human-model solver (:mod:`.human`) must grade each galaxy the slot's tier,
with at least the tier's least checks; a plan whose galaxy it grades otherwise, or no galaxy
can meet, is re-planned with a new toss and the same tier features.

**Checking.** Every kept answer is re-derived by the bitboard engine; the two engines must
agree.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import numpy as np

from spacebowl_print.games.spacebowl.model import CENTRE, SPACES, Deck, InputError, Toss
from spacebowl_print.games.spacebowl.puzzles.human import Grade, grade, scan, solves
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle
from spacebowl_print.games.spacebowl.puzzles.tiers import CHECKS_FLOOR, TECHNIQUES, TIERS, TierSpec
from spacebowl_print.games.spacebowl.rules import bitboard
from spacebowl_print.games.spacebowl.solve import BuildRequest, BuildResult, try_build_galaxies
from spacebowl_print.publish.schedule import Slot, daily_slots

T = TypeVar("T", bound=Hashable)

BLOCK = 20
"""Puzzles of a tier per stratified block: the tier table's shares are multiples of 5 %."""
VOID_CARDS = 3
"""Face-down cards in the void variant (the rules: 3 random cards)."""
MAX_ATTEMPTS = 60
"""Tosses tried for one puzzle before giving up (each after the pools or CP-SAT found no
galaxy for the last one, or the human-model solver graded its galaxy another tier): over six
seeds' years no puzzle took more than 23."""
WINDOW = 512
"""Puzzles built together: bounds the builder's arrays for ten-year booklets."""
POOLS_ONLY = 5
"""A plan's first tosses met from the builder's pooled deals only: a toss the pools do not
meet is re-planned rather than handed to CP-SAT (a rare target costs CP-SAT tens of
milliseconds, a new toss a share of the next pooled pass)."""
CPSAT_WORK = 2.0
"""CP-SAT work limit per puzzle (deterministic seconds): over six seeds' years every puzzle
model was solved or proved infeasible within 0.05; past the limit the puzzle is re-planned
rather than holding up the booklet."""


@dataclass(frozen=True)
class Plan:
    """A puzzle before its galaxy: its slot, variants and question, and what to build."""

    slot: Slot
    names: tuple[str, ...]
    question: str
    request: BuildRequest
    attempt: int

    @property
    def shape(self) -> tuple[int, bool, bool, int]:
        """(size, rotation, torus, face-down cards): puzzles of one shape build together."""
        names = self.names
        return (6 if "6x6" in names else 5, "rotation" in names, "torus" in names,
                VOID_CARDS if "void" in names else 0)


def stratified(shares: Mapping[T, float], index: int, salt: Sequence[int]) -> T:
    """The ``index``-th draw of a stratified sequence: each block of :data:`BLOCK` draws holds
    every value in proportion to its share (largest remainders), in an order seeded by
    ``salt`` and the block number."""
    keys = sorted(shares, key=repr)
    total = sum(shares.values())
    exact = [shares[k] / total * BLOCK for k in keys]
    counts = [int(e) for e in exact]
    by_remainder = sorted(range(len(keys)), key=lambda i: (counts[i] - exact[i], i))
    for i in by_remainder[: BLOCK - sum(counts)]:
        counts[i] += 1
    tickets = [k for k, c in zip(keys, counts, strict=True) for _ in range(c)]
    block, position = divmod(index, BLOCK)
    order = np.random.default_rng([*salt, block]).permutation(BLOCK)
    return tickets[int(order[position])]


def solution_shares(spec: TierSpec, wild: bool) -> dict[int, float]:
    """Shares of K for the tier's puzzles with (``wild``) or without the Wild token, such that
    the tier as a whole keeps ``spec.solutions``: the token must help some solution, so its
    puzzles never have none, and the others make up for them."""
    with_token = sum("wild" in names for names in spec.variants) / len(spec.variants)
    none = spec.solutions.get(0, 0.0)
    if not with_token:
        return dict(spec.solutions)
    if wild:
        return {k: p / (1 - none) for k, p in spec.solutions.items() if k}
    rest = (1 - with_token / (1 - none)) / (1 - with_token)  # each K > 0 scaled down alike
    return {k: none / (1 - with_token) if k == 0 else p * rest
            for k, p in spec.solutions.items()}


def kind_index(spec: TierSpec, index: int, wild: bool) -> int:
    """How many of the tier's first ``index`` puzzles are, like this one, with (``wild``) or
    without the Wild token (the variants come in turn)."""
    kinds = [("wild" in names) == wild for names in spec.variants]
    full, rest = divmod(index, len(kinds))
    return full * sum(kinds) + sum(kinds[:rest])


class Generator:
    """Makes puzzles for a deck, deterministically from ``seed`` (see the module docstring).

    ``stats`` counts how the galaxies were made (``sample``: from the builder's pooled deals,
    ``cpsat``) and how many tosses were re-planned (impossible, or a repeat).
    """

    def __init__(self, deck: Deck, seed: int, lang: str = "en") -> None:
        self.deck, self.seed, self.lang = deck, seed, lang
        if len(deck.cards) < 26:  # 6×6 tiers need 37: puzzle_refusal says so per tier
            raise InputError(f"puzzles need a deck of at least 26 cards (a 5×5 galaxy and a "
                             f"top card), {deck.name} has {len(deck.cards)}", "cards")
        self.by_size: dict[int, list[int]] = {}
        for i, c in enumerate(deck.cards):
            self.by_size.setdefault(len(c.planets), []).append(i)
        self.seen: set[tuple[Any, ...]] = set()
        self.stats: Counter[str] = Counter()
        self.art_cache: dict[Any, str] = {}

    # ---- planning --------------------------------------------------------------------

    def plan(self, slot: Slot, index: int) -> Plan:
        """The plan of ``slot``, the ``index``-th puzzle of its tier."""
        spec = TIERS[slot.tier]
        salt = [self.seed, slot.tier]
        names = spec.variants[index % len(spec.variants)]
        size = 6 if "6x6" in names else 5
        if len(self.deck.cards) <= size * size:
            raise InputError(f"tier {slot.tier} deals {size}×{size} galaxies: the deck needs "
                             f"at least {size * size + 1} cards (with the top card), "
                             f"{self.deck.name} has {len(self.deck.cards)}", "cards")
        wild = "wild" in names
        solutions = stratified(solution_shares(spec, wild), kind_index(spec, index, wild),
                               [*salt, 1, int(wild)])
        marbles = stratified({m: 1.0 for m in spec.marbles}, index, [*salt, 2])
        hole = stratified({True: spec.black_hole, False: 1 - spec.black_hole}, index,
                          [*salt, 3])
        question = stratified({q: 1.0 for q in spec.questions}, index, [*salt, 4])
        if question == "any" and solutions > 1:
            question = "find"
        if question != "count" and solutions and not _find_can_need(slot.tier, names, hole):
            question = "count"  # finding one card would need none of the tier's techniques
        rng = np.random.default_rng([self.seed, slot.number, slot.tier, 0])
        toss, top = self._toss(rng, spec, marbles, hole)
        # finding a card must need the Wild token: then no card is valid without it
        needed = wild and question != "count"
        request = BuildRequest(toss, solutions, spec.near_misses[0], needed, spec.near_max, top,
                               wild and not needed)
        return Plan(slot, names, question, request, 0)

    def _toss(self, rng: np.random.Generator, spec: TierSpec, marbles: int, hole: bool
              ) -> tuple[Toss, frozenset[int]]:
        """A toss of the planets of a random deck card with ``marbles`` planets, and that
        card's id (the top card, which the galaxy must not hold)."""
        cards = self.by_size.get(marbles, [])
        spaces = rng.integers(9, size=8)
        off_centre = [s for s in SPACES if s != CENTRE]
        if cards:
            card = self.deck.cards[cards[int(rng.integers(len(cards)))]]
            planets, top = card.planets, frozenset({card.id})
        else:  # a deck without such cards: any planets
            pick = sorted(rng.permutation(len(self.deck.letters))[:marbles])
            planets, top = "".join(self.deck.letters[j] for j in pick), frozenset()
        # learning mode: the disc in the centre; otherwise never there (reading from the disc
        # is the tier-2 technique); the black hole beside a marble (a lone one means nothing)
        dest = CENTRE if spec.learning else off_centre[int(spaces[0]) % 8]
        where = {p: SPACES[int(spaces[1 + j])] for j, p in enumerate(planets)}
        beside = where[planets[int(spaces[7]) % len(planets)]]
        return Toss(dest, where, beside if hole else None), top

    # ---- building --------------------------------------------------------------------

    def make_all(self, slots: Sequence[Slot], advance: Callable[[int], None] = lambda k: None
                 ) -> list[SpaceBowlPuzzle]:
        """The puzzles of ``slots``, in order; the same slots give the same puzzles."""
        per_tier: Counter[int] = Counter()
        plans = []
        for slot in slots:
            plans.append(self.plan(slot, per_tier[slot.tier]))
            per_tier[slot.tier] += 1
        out: list[SpaceBowlPuzzle] = []
        for start in range(0, len(plans), WINDOW):
            window = self._make_window(plans[start : start + WINDOW], start // WINDOW)
            out += window
            advance(len(window))
        return out

    def _make_window(self, plans: list[Plan], window: int) -> list[SpaceBowlPuzzle]:
        """Build ``plans``; keep each galaxy the human-model solver grades the slot's tier;
        re-plan (new toss, same features) the others, those no galaxy can meet and the rare
        puzzle that repeats an earlier one. The kept galaxies are cross-checked."""
        done: dict[int, SpaceBowlPuzzle] = {}
        pending = list(range(len(plans)))
        while pending:
            built = self._build(plans, pending, window)
            retry = []
            kept: dict[tuple[int, bool, bool, int], list[BuildResult]] = {}
            for k in pending:
                result = built[k]
                if isinstance(result, InputError):
                    retry.append(k)
                    continue
                graded = self._grade(plans[k], result)
                if graded is None or self._repeats(result):
                    retry.append(k)
                    continue
                done[k] = self._puzzle(plans[k], result, graded)
                kept.setdefault(plans[k].shape, []).append(result)
            for results in kept.values():
                self._cross_check(results)
            for k in retry:
                plans[k] = self._replan(plans[k])
            pending = retry
        return [done[k] for k in range(len(plans))]

    def _replan(self, plan: Plan) -> Plan:
        """The same puzzle with a new toss: as many marbles, the same black-hole choice."""
        attempt = plan.attempt + 1
        if attempt >= MAX_ATTEMPTS:
            raise RuntimeError(f"no puzzle found for {plan.slot.puzzle_id} (tier "
                               f"{plan.slot.tier}) after {MAX_ATTEMPTS} tosses")
        self.stats["replanned"] += 1
        slot, old = plan.slot, plan.request.toss
        rng = np.random.default_rng([self.seed, slot.number, slot.tier, attempt])
        toss, top = self._toss(rng, TIERS[slot.tier], len(old.marbles),
                               old.black_hole is not None)
        return replace(plan, request=replace(plan.request, toss=toss, exclude=top),
                       attempt=attempt)

    def _build(self, plans: Sequence[Plan], pending: Sequence[int], window: int
               ) -> dict[int, BuildResult | InputError]:
        """Every pending plan built: one builder call per shape and attempt, in first-seen
        order, seeded by both and by the window."""
        groups: dict[tuple[tuple[int, bool, bool, int], int], list[int]] = {}
        for k in pending:
            groups.setdefault((plans[k].shape, plans[k].attempt), []).append(k)
        out: dict[int, BuildResult | InputError] = {}
        for ((size, rotation, torus, void), attempt), members in groups.items():
            salt = [self.seed, window, size, int(rotation), int(torus), void, attempt]
            seed = int(np.random.SeedSequence(salt).generate_state(1)[0])
            # a plan's first tosses are met from the pools only (a new toss is cheaper than
            # CP-SAT for a rare target), its later ones by CP-SAT too
            requests = [plans[k].request for k in members]
            spare = [attempt < POOLS_ONLY] * len(members)
            results = try_build_galaxies(self.deck, requests, (size, size), rotation, torus,
                                         void, seed, work_limit=CPSAT_WORK, spare=spare)
            out.update(zip(members, results, strict=True))
        return out

    def _cross_check(self, results: Sequence[BuildResult]) -> None:
        """The bitboard engine's answers must be the builder's (the reference engine's)."""
        if not results:
            return
        letters = self.deck.letters
        tables = bitboard.build_tables([r.galaxy for r in results], letters,
                                       results[0].variants.torus, [r.wild for r in results])
        for i, r in enumerate(results):
            self.stats[r.strategy] += 1  # of the galaxies kept
            if (tuple(bitboard.solve(r.galaxy, r.toss, letters, r.variants, tables, i))
                    != r.solutions
                    or tuple(bitboard.near_misses(r.galaxy, r.toss, letters, r.variants,
                                                  tables, i)) != r.near_misses):
                raise RuntimeError("the two engines disagree on a generated puzzle")  # a bug

    def _grade(self, plan: Plan, result: BuildResult) -> Grade | None:
        """The galaxy's grade by the human-model solver, when it is the slot's tier and the
        scan takes at least the tier's least checks; None (re-plan) otherwise. The cheap
        tests first: the full scan's checks, then the slot's tier's solver, then the easier
        tiers' solvers (a galaxy is mostly turned down before its grade is complete)."""
        tier, galaxy, toss, variants = plan.slot.tier, result.galaxy, result.toss, result.variants
        answer = [s.cell for s in result.solutions]
        full = scan(galaxy, toss, variants, TECHNIQUES)
        if (full is None or full.checks < CHECKS_FLOOR[tier]
                or not solves(galaxy, toss, variants, plan.question, answer, tier)
                or any(solves(galaxy, toss, variants, plan.question, answer, easier)
                       for easier in range(1, tier))):
            self.stats["off tier"] += 1
            return None
        return grade(galaxy, toss, variants, plan.question, answer)

    def _repeats(self, result: BuildResult) -> bool:
        """Whether the puzzle repeats one already made (and remember it if not)."""
        toss = result.toss
        key = (result.galaxy.cells, tuple(sorted(toss.marbles.items())), toss.destination,
               toss.black_hole, result.variants)
        if key in self.seen:
            return True
        self.seen.add(key)
        return False

    def _puzzle(self, plan: Plan, result: BuildResult, graded: Grade) -> SpaceBowlPuzzle:
        slot = plan.slot
        return SpaceBowlPuzzle(slot.puzzle_id, slot.number, slot.tier, result.galaxy,
                               result.toss, result.variants, result.solutions,
                               result.near_misses, plan.question, plan.names, self.deck,
                               self.lang, slot.date, self.art_cache, graded)


def _find_can_need(tier: int, names: Sequence[str], hole: bool) -> bool:
    """Whether finding one valid card can need a technique of ``tier`` with these variants
    and black hole (tier 3: the black hole or the Wild token; tier 4: the torus — a face-down
    card seldom decides a find; tier 5: rotation, in every variant set); if not, the puzzle
    asks for a count."""
    if tier == 3:
        return hole or "wild" in names
    if tier == 4:
        return "torus" in names
    return True


def daily_puzzles(deck: Deck, start: dt.date, days: int, seed: int, tiers: tuple[int, int],
                  lang: str = "en", advance: Callable[[int], None] = lambda k: None
                  ) -> list[SpaceBowlPuzzle]:
    """One puzzle a day from ``start``, tiers following the weekly ramp within ``tiers``."""
    return Generator(deck, seed, lang).make_all(daily_slots(start, days, tiers), advance)
