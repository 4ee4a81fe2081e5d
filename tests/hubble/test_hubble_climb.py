"""The par's hill climb (par_climb, par_climb_kernel): the kernel scores every category as the
engine does, a climb only ever returns a legal play worth exactly what the engine says, never
worse than its start, the same on every run, and the compiled kernel and the plain Python
one (numba's NUMBA_DISABLE_JIT) take the very same steps."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.model.challenge import Challenge
from spacebowl_print.games.hubble.model.constellations import Constellation, load_constellation_set
from spacebowl_print.games.hubble.model.geometry import ASTEROID, BLANK, STAR, geometry
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.asteroids import packing
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve import par_climb_kernel as kernel
from spacebowl_print.games.hubble.solve import par_exchange
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.par import ParSettings, beam_par, solve_par
from spacebowl_print.games.hubble.solve.par_climb import (
    ClimbTables,
    answers_play,
    climb,
    climbs,
    play_answers,
    tables,
)
from spacebowl_print.games.hubble.solve.par_polish import unambiguous
from spacebowl_print.games.hubble.solve.par_settings import ClimbSettings, ExactSettings

CSET = load_constellation_set()
SIZES = [(4, 4), (6, 4), (4, 6), (6, 8), (8, 8)]


def random_answers(t: ClimbTables, rng: random.Random, fog_rate: float) -> list[int]:
    """A legal play as answer indices: each roll a random answer drawing on free cells (a
    fog now and then; the game ends at the third)."""
    taken = 0
    out: list[int] = []
    fogs = 0
    for i in range(len(t.first_answer) - 1):
        lo, hi = int(t.first_answer[i]), int(t.first_answer[i + 1])
        want = int(rng.random() < fog_rate)
        fits = [k for k in range(lo, hi) if not int(t.drawn[k]) & taken and t.fog[k] == want]
        k = rng.choice(fits) if fits else next(k for k in range(lo, hi) if t.fog[k]
                                              and not int(t.drawn[k]))
        out.append(k)
        if fogs < 3:
            taken |= int(t.drawn[k])
        fogs += int(t.fog[k])
    return out


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(SIZES), st.sampled_from([0.0, 0.1, 0.3]))
def test_the_kernel_scores_a_play_as_the_engine_does(seed: int, size: tuple[int, int],
                                                    fog_rate: float) -> None:
    ch = generate_challenge(seed, "k", CSET.names, *size)
    cards = CSET.pick(ch.constellations)
    t = tables(ch, cards)
    chosen = random_answers(t, random.Random(seed), fog_rate)
    play = answers_play(ch, chosen, t)
    pad = replay(ch, play)  # legal, or the checker raises
    total, clear = t.points(chosen)
    assert total == score_pad(pad, cards).total
    assert clear == unambiguous("".join(pad.cells), cards, ch.geometry)
    # and back: the play's answers are the ones chosen, up to the end of the game
    again = play_answers(ch, play, t)
    assert answers_play(ch, list(again), t) == play


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(SIZES), st.floats(0.3, 1.0))
def test_asteroid_packing_matches_the_engine_on_dense_pads(seed: int, size: tuple[int, int],
                                                          density: float) -> None:
    geo = geometry(*size)
    rng = random.Random(seed)
    cells = "".join(ASTEROID if rng.random() < density else BLANK for _ in range(geo.size))
    t = tables(generate_challenge(seed, "a", CSET.names, *size),
               CSET.pick(CSET.names[:2]))
    mask = sum(1 << c for c, x in enumerate(cells) if x == ASTEROID)
    assert kernel.asteroid_packing(np.uint64(mask), t.low_tris, t.low_count) == \
        packing(cells, geo)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(SIZES), st.floats(0.3, 0.95))
def test_both_readings_of_the_stars_match_the_engine(seed: int, size: tuple[int, int],
                                                    density: float) -> None:
    # dense star pads, where one card's purple star is often another's red star: the
    # engine's reading and the other one differ there, and the kernel must see both
    geo = geometry(*size)
    rng = random.Random(seed)
    names = rng.sample(list(CSET.names), 2)
    cards = CSET.pick(names)
    cells = "".join(STAR if rng.random() < density else BLANK for _ in range(geo.size))
    t = tables(generate_challenge(seed, "s", CSET.names, *size), cards)
    mask = sum(1 << c for c, x in enumerate(cells) if x == STAR)
    engine, other = kernel.star_points(np.uint64(mask), t.red, t.purple, t.first, t.value,
                                       t.bonus, t.star_low)
    assert engine == stars.best(cells, cards, geo)[0]
    assert other == stars.best_other_reading(cells, cards, geo)


def test_a_climb_is_legal_exact_deterministic_and_never_worse() -> None:
    ch = generate_challenge(5, "2027-05-05", CSET.names)
    cards = CSET.pick(ch.constellations)
    start = beam_par(ch, cards)
    run = ClimbSettings(steps=20_000, history=200, seed=3)
    found = climb(ch, cards, start.play, run)
    assert found is not None
    play, total = found
    pad = replay(ch, play)
    assert score_pad(pad, cards).total == total > start.score.total
    assert unambiguous("".join(pad.cells), cards, ch.geometry)
    assert climb(ch, cards, start.play, run) == found  # the same on every run
    other = climb(ch, cards, start.play, ClimbSettings(steps=20_000, history=200, seed=4))
    assert other is not None and other[0] != play  # the seed leads elsewhere
    # no steps: the start, settled by the exchanges (the beam's par leaves some)
    t = tables(ch, cards)
    total, settled = par_exchange.exchange(play_answers(ch, start.play, t), 3, 60, *t.arrays())
    assert total > start.score.total
    assert climb(ch, cards, start.play, ClimbSettings(steps=0)) == (
        answers_play(ch, [int(k) for k in settled], t), total)


def _kind_range(t: ClimbTables, roll: int, answer: int) -> range:
    """The answers of ``roll`` of the same kind (placement or fog) as ``answer``."""
    lo, mid, hi = (int(t.first_answer[roll]), int(t.fog_first[roll]),
                   int(t.first_answer[roll + 1]))
    return range(mid, hi) if t.fog[answer] else range(lo, mid)


def _met(old: list[int], new: list[int]) -> bool:
    """Whether the changes of a set meet, the plain way: grow a group from the first roll,
    adding any roll whose old cells the group's new answers draw on, or whose new answer
    draws on the group's old cells, until it stops; the changes meet when it holds them all
    (the kernel counts joined pairs instead)."""
    group = {0}
    while True:
        more = {b for b in range(len(old)) if b not in group
                and any(new[a] & old[b] or new[b] & old[a] for a in group)}
        if not more:
            return len(group) == len(old)
        group |= more


def _disjoint(options: list[list[int]], drawn: list[int], taken: int = 0
              ) -> Iterator[tuple[int, ...]]:
    """Every choice of one answer from each list whose answers draw on distinct cells (none
    of ``taken``), the first list's answer varying slowest."""
    if not options:
        yield ()
        return
    for k in options[0]:
        if not drawn[k] & taken:
            for rest in _disjoint(options[1:], drawn, taken | drawn[k]):
                yield (k, *rest)


def better_exchanges(t: ClimbTables, chosen: list[int], largest: int = 3
                     ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every exchange of the play ``chosen`` that scores more and reads alike, found the
    plain way: each set of 1 to ``largest`` rolls in the game, each choice of another answer
    of its kind for every roll of the set (of either kind for a pair, where the game still
    ends at the same roll: as many fogs, the last roll still a fog), kept when the new
    answers draw on distinct cells that no other roll uses (and, for sets of three, when the
    changes meet); the
    kernel scores each play (test_the_kernel_scores_a_play_as_the_engine_does holds it to
    the engine)."""
    drawn = [int(d) for d in t.drawn]
    fogs, end = 0, len(chosen) - 1
    for i, k in enumerate(chosen):
        fogs += int(t.fog[k])
        if fogs == 3:
            end = i
            break
    now, _ = t.points(chosen)
    found = []
    for size in range(1, largest + 1):
        for rolls in itertools.combinations(range(end + 1), size):
            others = 0
            for j in range(end + 1):
                if j not in rolls:
                    others |= drawn[chosen[j]]
            options = [[k for k in (range(int(t.first_answer[r]), int(t.first_answer[r + 1]))
                                    if size == 2 else _kind_range(t, r, chosen[r]))
                        if k != chosen[r] and not drawn[k] & others] for r in rolls]
            for combo in _disjoint(options, drawn):
                fogs_now = sum(int(t.fog[chosen[r]]) for r in rolls)
                if sum(int(t.fog[k]) for k in combo) != fogs_now or any(
                        r == end and not t.fog[k] for r, k in zip(rolls, combo, strict=True)):
                    continue  # the game would end at another roll
                cells = [drawn[k] for k in combo]
                if size == 3 and not _met(
                        [drawn[chosen[r]] for r in rolls], cells):
                    continue
                trial = list(chosen)
                for r, k in zip(rolls, combo, strict=True):
                    trial[r] = k
                total, clear = t.points(trial)
                if total > now and clear:
                    found.append((rolls, combo))
    return found


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (4, 6)]))
def test_the_exchanges_leave_no_set_that_scores_more(seed: int, size: tuple[int, int]) -> None:
    ch = generate_challenge(seed, "p", CSET.names, *size)
    cards = CSET.pick(ch.constellations)
    t = tables(ch, cards)
    start = play_answers(ch, beam_par(ch, cards).play, t)
    total, settled = par_exchange.exchange(start, 3, 60, *t.arrays())
    chosen = [int(k) for k in settled]
    assert total >= t.points(list(start))[0]
    assert (total, True) == t.points(chosen)
    replay(ch, answers_play(ch, chosen, t))  # legal, or the checker raises
    assert better_exchanges(t, chosen) == []


def _short_climb(seed: int, tag: str, steps: int, history: int
                 ) -> tuple[Challenge, tuple[Constellation, ...], ClimbTables, Any, int, Any]:
    """A 6 × 6 challenge, its cards and tables, the beam's answers, and a short climb's
    best total and answers from them (far from settled)."""
    ch = generate_challenge(seed, tag, CSET.names, 6, 6)
    cards = CSET.pick(ch.constellations)
    t = tables(ch, cards)
    start = play_answers(ch, beam_par(ch, cards).play, t)
    total, found = kernel.climb(start, steps, history, 1, *t.arrays())
    return ch, cards, t, start, int(total), found


def test_a_pair_may_trade_kinds_where_the_game_still_ends_at_the_same_roll() -> None:
    # a short climb's best whose only better exchanges turn a placement into a fog and a fog
    # into a placement: the descent takes one, and the game ends at the same roll
    ch, cards, t, _, _, found = _short_climb(5, "k", 20_000, 50)
    chosen = [int(k) for k in found]
    better = better_exchanges(t, chosen, 2)
    assert better and all(any(t.fog[k] != t.fog[chosen[r]] for r, k in zip(*e, strict=True))
                          for e in better)
    total, settled = par_exchange.exchange(found, 2, 60, *t.arrays())
    after = [int(k) for k in settled]
    assert (total, True) == t.points(after) and total > t.points(chosen)[0]
    assert any(t.fog[a] != t.fog[b] for a, b in zip(chosen, after, strict=True))
    assert better_exchanges(t, after, 2) == []
    log = answers_play(ch, after, t)
    assert len(log.turns) == len(answers_play(ch, chosen, t).turns)
    assert score_pad(replay(ch, log), cards).total == total


def test_the_exchanges_find_what_a_climb_left() -> None:
    # a short climb's best, far from settled: the exchanges the plain search sees, the
    # descent takes, and the climb returns the settled play
    ch, cards, t, start, total, found = _short_climb(11, "p", 2_000, 20)
    assert better_exchanges(t, [int(k) for k in found], 2)
    settled, chosen = par_exchange.exchange(found, 3, 60, *t.arrays())
    assert settled > total and better_exchanges(t, [int(k) for k in chosen], 2) == []
    play, best = climb(ch, cards, answers_play(ch, [int(k) for k in start], t),
                       ClimbSettings(2_000, 20, 1)) or (None, 0)
    assert best == settled and play == answers_play(ch, [int(k) for k in chosen], t)


def test_the_climb_takes_pads_of_64_cells_at_most() -> None:
    cards = CSET.pick(CSET.names[:2])
    assert climbs(generate_challenge(1, "c", CSET.names, 8, 8), cards)
    big = generate_challenge(1, "c", CSET.names, 10, 8)
    assert not climbs(big, cards)
    assert climb(big, cards, beam_par(big, cards).play) is None


def test_the_par_on_the_standard_pad_is_climbed_and_bounded() -> None:
    ch = generate_challenge(7, "2027-07-07", CSET.names)
    cards = CSET.pick(ch.constellations)
    exact = ExactSettings(bound_time=0.05,
                          climbs=(ClimbSettings(20_000, 200, 1), ClimbSettings(20_000, 200, 2)))
    narrow = beam_par(ch, cards)
    par = solve_par(ch, cards, ParSettings(exact=exact), beam=narrow)
    assert par == solve_par(ch, cards, ParSettings(exact=exact))  # with or without the beam
    assert par.plan.endswith("climbed") and par.score.total > narrow.score.total
    runs = [climb(ch, cards, narrow.play, run) for run in exact.climbs]
    # the better run (the bound's solve may still find more)
    assert par.score.total >= max(found[1] for found in runs if found is not None)
    assert par.bound is None or par.bound >= par.score.total


def _listed_pick(state: Any, lo: int, hi: int, drawn: Any, taken: int) -> int:
    """The answer a roll that must move takes, as the kernel first picked it: up to
    TRIES random answers, then every fitting answer listed in order and one drawn."""
    n = hi - lo
    if n <= 0:
        return -1
    for _ in range(kernel.TRIES):
        b = lo + kernel._below(state, n)
        if not int(drawn[b]) & taken:
            return b
    fits = [b for b in range(lo, hi) if not int(drawn[b]) & taken]
    return fits[kernel._below(state, len(fits))] if fits else -1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 300), st.integers(0, 300),
       st.integers(0, 2**64 - 1), st.integers(0, 64), st.integers(1, 2**63))
def test_a_roll_that_must_move_takes_the_answer_a_plain_listing_gives(
        cells: int, lo: int, span: int, noise: int, full: int, seed: int) -> None:
    # the kernel counts the fitting answers by blocks rather than listing them: the same
    # draws must give the same answer, or every par would change (``full`` cells taken
    # from the first: a full pad, where few answers fit and the count decides)
    rng = np.random.default_rng(cells)
    taken = noise | ((1 << full) - 1)
    drawn = np.zeros(lo + span + 1, dtype=np.uint64)
    for k in range(len(drawn)):
        for c in rng.choice(64, size=int(rng.integers(1, 4)), replace=False):
            drawn[k] |= np.uint64(1) << np.uint64(c)
    counts = np.empty(len(drawn) // kernel.BLOCK + 1, dtype=np.int64)
    ours, plain = (np.array([seed], dtype=np.uint64) for _ in range(2))
    got = kernel._fitting(ours, lo, lo + span, drawn, np.uint64(taken), counts)
    assert got == _listed_pick(plain, lo, lo + span, drawn, taken)
    assert ours[0] == plain[0]  # and as many draws


def test_the_compiled_and_the_plain_kernel_take_the_same_steps(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # the plain path is the same source run by Python (numba's NUMBA_DISABLE_JIT): what
    # differs is integer width and wrap-around, which the kernel must not depend on
    code = """
import json
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.solve import par_climb_kernel as kernel
from spacebowl_print.games.hubble.solve import par_exchange
from spacebowl_print.games.hubble.solve.challenges import generate_challenge
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par_climb import play_answers, tables
cset = load_constellation_set()
out = []
for seed, size in ((1, (6, 8)), (2, (4, 4)), (3, (8, 8))):
    ch = generate_challenge(seed, "j", cset.names, *size)
    t = tables(ch, cset.pick(ch.constellations))
    total, found = kernel.climb(play_answers(ch, greedy_play(ch), t), 1500, 50, seed,
                                *t.arrays())
    out.append([int(total), [int(k) for k in found]])
    if size == (4, 4):  # the exchanges too (plain Python is slow: one small pad)
        total, found = par_exchange.exchange(found, 3, 60, *t.arrays())
        out.append([int(total), [int(k) for k in found]])
print(json.dumps(out))
"""
    runs = []
    for jit_off in ("0", "1"):
        env = dict(os.environ, NUMBA_DISABLE_JIT=jit_off)
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=120, check=True)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    assert all(total > 0 for total, _ in runs[0])
