"""The par's hill climb (par_climb, par_climb_kernel): the kernel scores every category as the
engine does, a climb only ever returns a legal play worth exactly what the engine says, never
worse than its start, the same on every run, and the compiled kernel and the plain Python
one (numba's NUMBA_DISABLE_JIT) take the very same steps."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.model.geometry import ASTEROID, BLANK, STAR, geometry
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.asteroids import packing
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve import par_climb_kernel as kernel
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
    # no steps: the start, polished by the trades (here it has none that score more)
    assert climb(ch, cards, start.play, ClimbSettings(steps=0)) == (start.play,
                                                                      start.score.total)


def _kind_range(t: ClimbTables, roll: int, answer: int) -> range:
    """The answers of ``roll`` of the same kind (placement or fog) as ``answer``."""
    lo, mid, hi = (int(t.first_answer[roll]), int(t.fog_first[roll]),
                   int(t.first_answer[roll + 1]))
    return range(mid, hi) if t.fog[answer] else range(lo, mid)


def better_trades(t: ClimbTables, chosen: list[int]) -> list[tuple[int, int]]:
    """Every trade of the play ``chosen`` that scores more and reads alike, found the plain
    way: each roll in the game, each other answer of its kind, and when that answer draws
    on one other roll's cells, each answer of that roll's kind that then fits (the kernel
    scores each play; test_the_kernel_scores_a_play_as_the_engine_does holds it to the
    engine)."""
    drawn = [int(d) for d in t.drawn]
    fogs, end = 0, len(chosen) - 1
    for i, k in enumerate(chosen):
        fogs += int(t.fog[k])
        if fogs == 3:
            end = i
            break
    now, _ = t.points(chosen)
    found = []
    for i in range(end + 1):
        for k in _kind_range(t, i, chosen[i]):
            hit = [j for j in range(end + 1) if j != i and drawn[chosen[j]] & drawn[k]]
            if k == chosen[i] or len(hit) > 1:
                continue
            trial = list(chosen)
            trial[i] = k
            seconds: list[int | None] = [None]
            if hit:
                taken = drawn[k]
                for j in range(end + 1):
                    if j not in (i, hit[0]):
                        taken |= drawn[chosen[j]]
                seconds = [b for b in _kind_range(t, hit[0], chosen[hit[0]])
                           if not drawn[b] & taken]
            for b in seconds:
                if b is not None:
                    trial[hit[0]] = b
                total, clear = t.points(trial)
                if total > now and clear:
                    found.append((i, k))
    return found


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (6, 4), (4, 6)]))
def test_the_polish_leaves_no_trade_that_scores_more(seed: int, size: tuple[int, int]) -> None:
    ch = generate_challenge(seed, "p", CSET.names, *size)
    cards = CSET.pick(ch.constellations)
    t = tables(ch, cards)
    start = play_answers(ch, beam_par(ch, cards).play, t)
    total, polished = kernel.polish(start, 50, *t.arrays())
    chosen = [int(k) for k in polished]
    assert total >= t.points(list(start))[0]
    assert (total, True) == t.points(chosen)
    replay(ch, answers_play(ch, chosen, t))  # legal, or the checker raises
    assert better_trades(t, chosen) == []


def test_the_polish_finds_what_a_climb_left() -> None:
    # a short climb's best, far from settled: the trades the plain search sees, the polish
    # takes, and the climb returns the polished play
    ch = generate_challenge(11, "p", CSET.names, 6, 6)
    cards = CSET.pick(ch.constellations)
    t = tables(ch, cards)
    start = play_answers(ch, beam_par(ch, cards).play, t)
    total, found = kernel.climb(start, 2_000, 20, 1, *t.arrays())
    assert better_trades(t, [int(k) for k in found])
    polished, chosen = kernel.polish(found, 50, *t.arrays())
    assert polished > total and better_trades(t, [int(k) for k in chosen]) == []
    play, best = climb(ch, cards, answers_play(ch, [int(k) for k in start], t),
                       ClimbSettings(2_000, 20, 1)) or (None, 0)
    assert best == polished and play == answers_play(ch, [int(k) for k in chosen], t)


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


def test_the_compiled_and_the_plain_kernel_take_the_same_steps(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # the plain path is the same source run by Python (numba's NUMBA_DISABLE_JIT): what
    # differs is integer width and wrap-around, which the kernel must not depend on
    code = """
import json
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.solve import par_climb_kernel as kernel
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
    if size == (4, 4):  # the descent too (plain Python is slow: one small pad, one pass)
        total, found = kernel.polish(found, 1, *t.arrays())
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
