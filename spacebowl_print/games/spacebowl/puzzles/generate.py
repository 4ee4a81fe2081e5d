"""Puzzle generation, deterministic from a seed: galaxies come from seeded deals (one pool per
shape); tosses are sampled in batches and evaluated with the bitboard engine, toss *i* on galaxy
*i*; the first candidate meeting the tier's targets is kept and its answer re-derived by the
reference engine (the two engines must agree)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from spacebowl_print.games.spacebowl.model import SPACES, Deck, Galaxy, InputError, Toss, Variants
from spacebowl_print.games.spacebowl.puzzles.item import SpaceBowlPuzzle
from spacebowl_print.games.spacebowl.puzzles.tiers import TIERS, TierSpec, tier_for
from spacebowl_print.games.spacebowl.puzzles.words import check_lang
from spacebowl_print.games.spacebowl.rules import bitboard, reference
from spacebowl_print.games.spacebowl.rules.stats import deal


@dataclass
class _Pool:
    """Dealt galaxies of one shape, with their bitboard tables, to sample puzzles from."""

    galaxies: list[Galaxy]
    tables: bitboard.Tables
    used: set[int]
    card_ids: list[frozenset[int]]


class Generator:
    """Makes puzzles for a deck, deterministically from ``seed``.

    Galaxies come from seeded deals (one pool per shape); tosses are sampled in batches and
    evaluated with the bitboard engine, toss *i* on galaxy *i*; the first candidate meeting
    the targets is kept and its answer re-derived by the reference engine.
    """

    BATCH = (64, 128, 256, 512)
    """Candidates per round: small first (most targets hit at once), larger when rare."""
    POOL: ClassVar[dict[tuple[int, int, bool, bool], int]] = {(5, 5, False, False): 640}
    """Galaxies dealt per pool; the plain 5×5 pool serves most tiers, the variant pools fewer.
    Each galaxy's tables take 100 KiB, so this bounds memory (about 200 MiB in all)."""
    POOL_OTHER = 256

    def __init__(self, deck: Deck, seed: int, lang: str = "en") -> None:
        self.deck, self.seed, self.lang = deck, seed, check_lang(lang)
        if len(deck.cards) < 37:
            raise InputError(f"puzzles need a deck of at least 37 cards (6×6 galaxies and a "
                             f"top card), {deck.name} has {len(deck.cards)}", "cards")
        self.pools: dict[tuple[int, int, bool, bool], _Pool] = {}
        self.seen: set[tuple[Any, ...]] = set()
        self.by_size: dict[int, list[int]] = {}
        for i, c in enumerate(deck.cards):
            self.by_size.setdefault(len(c.planets), []).append(i)

    def _pool(self, size: int, void: bool, torus: bool) -> _Pool:
        key = (size, size, void, torus)
        if key not in self.pools:
            salt = [self.seed, size, int(void), int(torus)]
            pool_seed = int(np.random.SeedSequence(salt).generate_state(1)[0])
            count = self.POOL.get(key, self.POOL_OTHER)
            gals, _ = deal(self.deck, count, pool_seed, size, size, 3 if void else 0)
            ids = [frozenset(c for row in (g.card_ids or ()) for c in row if c is not None)
                   for g in gals]
            self.pools[key] = _Pool(gals, bitboard.build_tables(gals, self.deck.letters, torus),
                                    set(), ids)
        return self.pools[key]

    def make(self, number: int, tier: int, puzzle_id: str, date: dt.date | None = None
             ) -> SpaceBowlPuzzle:
        """Puzzle ``number`` (1-based) of ``tier``; the same arguments give the same puzzle."""
        spec = TIERS[tier]
        rng = np.random.default_rng([self.seed, number, tier])
        names = spec.variants[(number // 7 + number) % len(spec.variants)]
        keys = sorted(spec.solutions)
        target = int(rng.choice(keys, p=[spec.solutions[k] for k in keys]))
        question = spec.questions[int(rng.integers(len(spec.questions)))]
        if question == "any" and target > 1:
            question = "find"
        size = 6 if "6x6" in names else 5
        rotation, torus, void = "rotation" in names, "torus" in names, "void" in names
        wild = "wild" in names
        if wild:
            target = max(target, 1)  # the token must matter: some card is valid only with it
        pool = self._pool(size, void, torus)
        near_min, near_max = spec.near_misses
        for attempt in range(200):
            batch = self.BATCH[min(attempt, len(self.BATCH) - 1)]
            found = self._search(rng, pool, spec, target, (near_min, near_max), rotation,
                                 torus, wild, batch)
            if found is not None:
                gi, toss, variants = found
                pool.used.add(gi)
                return self._finish(number, tier, puzzle_id, date, pool, gi, toss, variants,
                                    question, names)
            if attempt % 25 == 24:
                # a rare shape: widen the near-miss band by one rather than stall
                near_min, near_max = max(near_min - 1, 0), near_max + 1
        raise RuntimeError(f"no puzzle found for tier {tier} after 200 batches")

    def _search(self, rng: np.random.Generator, pool: _Pool, spec: TierSpec, target: int,
                near: tuple[int, int], rotation: bool, torus: bool, wild: bool, batch: int
                ) -> tuple[int, Toss, Variants] | None:
        n = len(pool.galaxies)
        free = np.array([i for i in range(n) if i not in pool.used] or list(range(n)))
        gidx = rng.choice(free, size=batch)
        tosses = self._tosses(rng, pool, gidx, spec)
        cols = bitboard.encode_tosses(tosses, self.deck.letters, rotation)
        counts = bitboard.count_solutions(pool.tables, cols, gidx)
        nears = np.bitwise_count(bitboard.near_miss_boards(pool.tables, cols, gidx))
        want = target if not wild else None
        for i in range(batch):
            if want is not None and (counts[i] != want or not near[0] <= nears[i] <= near[1]):
                continue
            g = int(gidx[i])
            galaxy, toss = pool.galaxies[g], tosses[i]
            variants = Variants(rotation, torus)
            if wild:
                # The Wild token is placed where it changes the answer to exactly the target.
                if counts[i] > target:
                    continue
                picked = self._wild_cell(rng, galaxy, toss, variants, target, near)
                if picked is None:
                    continue
                variants = picked
            key = (galaxy.cells, tuple(sorted(toss.marbles.items())), toss.destination,
                   toss.black_hole, variants)
            if key in self.seen:
                continue
            self.seen.add(key)
            return g, toss, variants
        return None

    def _wild_cell(self, rng: np.random.Generator, galaxy: Galaxy, toss: Toss,
                   base: Variants, target: int, near: tuple[int, int]) -> Variants | None:
        cells = galaxy.positions()
        order = rng.permutation(len(cells))
        for k in order[:8]:
            v = Variants(base.rotation, base.torus, cells[int(k)])
            sols, lures = reference.analyse(galaxy, toss, v)
            if (len(sols) == target and any(s.wild for s in sols)
                    and near[0] <= len(lures) <= near[1]):
                return v
        return None

    def _tosses(self, rng: np.random.Generator, pool: _Pool, gidx: np.ndarray,
                spec: TierSpec) -> list[Toss]:
        """One random toss per candidate galaxy; all random numbers drawn in bulk. The
        marbles are those of a deck card that is not in that galaxy (a possible top card)."""
        b = len(gidx)
        sizes = rng.choice(np.array(spec.marbles), size=b)
        picks = rng.random((b, 7))
        spaces = rng.integers(9, size=(b, 8))
        holes = rng.random(b) < spec.black_hole
        out = []
        for i in range(b):
            m = int(sizes[i])
            in_galaxy = pool.card_ids[int(gidx[i])]
            choices = [k for k in self.by_size.get(m, ())
                       if self.deck.cards[k].id not in in_galaxy]
            if choices:
                planets = self.deck.cards[choices[int(picks[i, 0] * len(choices))]].planets
            else:  # a deck without such cards: any m planets
                order = np.argsort(picks[i, 1:7])[:m]
                planets = "".join(self.deck.letters[j] for j in sorted(order))
            dest = SPACES[4] if spec.learning else SPACES[int(spaces[i, 0])]
            marbles = {pl: SPACES[int(spaces[i, 1 + j])] for j, pl in enumerate(planets)}
            out.append(Toss(dest, marbles, SPACES[int(spaces[i, 7])] if holes[i] else None))
        return out

    def _finish(self, number: int, tier: int, puzzle_id: str, date: dt.date | None,
                pool: _Pool, gi: int, toss: Toss, variants: Variants, question: str,
                names: tuple[str, ...]) -> SpaceBowlPuzzle:
        galaxy = pool.galaxies[gi]
        sols, near = reference.analyse(galaxy, toss, variants)
        # The pool's tables serve the cross-check unless a Wild token changes them.
        tables = pool.tables if variants.wild is None else None
        index = gi if tables is not None else 0
        letters = self.deck.letters
        if (bitboard.solve(galaxy, toss, letters, variants, tables, index) != sols
                or bitboard.near_misses(galaxy, toss, letters, variants, tables, index) != near):
            raise RuntimeError(f"puzzle {puzzle_id}: the two engines disagree")  # a bug
        return SpaceBowlPuzzle(puzzle_id, number, tier, galaxy, toss, variants, tuple(sols),
                               tuple(near), question, names, self.deck, self.lang, date)


def daily_puzzles(deck: Deck, start: dt.date, days: int, seed: int, tiers: tuple[int, int],
                  lang: str = "en", advance: Callable[[int], None] = lambda k: None
                  ) -> list[SpaceBowlPuzzle]:
    """One puzzle a day from ``start``, tiers following the weekly ramp within ``tiers``."""
    gen = Generator(deck, seed, lang)
    out = []
    for k in range(days):
        day = start + dt.timedelta(days=k)
        out.append(gen.make(k + 1, tier_for(day, *tiers), day.isoformat(), day))
        advance(1)
    return out


def student_sets(deck: Deck, students: int, puzzles: int, seed: int, tier: int | None,
                 lang: str = "en", advance: Callable[[int], None] = lambda k: None
                 ) -> list[tuple[str, list[SpaceBowlPuzzle]]]:
    """Worksheets for a class: ``students`` × ``puzzles``, all distinct, each student with the
    same tier mix (``tier`` for all, or the ramp 1..5 cycled), identified by a short code."""
    gen = Generator(deck, seed, lang)
    mix = [tier] * puzzles if tier else [1 + (k % 5) for k in range(puzzles)]
    codes = _codes(students, seed)
    out = []
    number = 0
    for code in codes:
        sheet = []
        for k, t in enumerate(mix):
            number += 1
            sheet.append(gen.make(number, t, f"{code}-{k + 1}"))
            advance(1)
        out.append((code, sheet))
    return out


def _codes(n: int, seed: int) -> list[str]:
    """``n`` distinct short sheet codes (letters without look-alikes, then digits)."""
    alphabet = "ACDEFHJKLMNPRTUVWXY"
    rng = np.random.default_rng([seed, 99])
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        code = "".join(rng.choice(list(alphabet), size=2)) + f"{int(rng.integers(10, 100))}"
        if code not in seen:
            seen.add(code)
            out.append(code)
    return out
