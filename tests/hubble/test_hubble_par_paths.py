"""The par solver's two paths agree exactly: the numpy tables (par_tables) against the scalar
valuation (par_gains) on random pads and plans, and the whole beam search, polish and solver
with ``ParSettings(reference=True)`` against the default path. Values are integers (whole
units), so equality is exact on any CPU: no test here compares vectorised floats."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve import par_arrays as pa
from spacebowl_print.games.hubble.solve import par_tables as pt
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.challenges import generate_challenge, sample_challenges
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par import plans_for, solve_par
from spacebowl_print.games.hubble.solve.par_beam import beam_runs, beam_search, beam_searches
from spacebowl_print.games.hubble.solve.par_gains import group_delta, single_delta
from spacebowl_print.games.hubble.solve.par_plans import FreeStars, Plan, star_plans
from spacebowl_print.games.hubble.solve.par_polish import polish
from spacebowl_print.games.hubble.solve.par_settings import ParSettings, Weights, weight_units

CSET = load_constellation_set()
SIZES = [(4, 4), (6, 6), (8, 6), (14, 4), (4, 10)]
ODD = Weights(star_red=3.3, star_curve=1.0, star_done=0.7, star_purple=1.1, free_star=0.9,
              lone_comet=0.3, lone_planet_line=0.7, asteroid_pair=0.1, spare_galaxy=0.2,
              empty_cell=1.3, fog=2.9)
"""Weights that are not halves: with floats, sums would round differently in another order."""


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(SIZES),
       st.sampled_from([ParSettings().weights, ODD, pa.EXACT]), st.integers(0, 7))
def test_tables_equal_the_scalar_valuation(seed: int, size: tuple[int, int], w: Weights,
                                           pick: int) -> None:
    rng = random.Random(seed)
    cols, rows = size
    ch = generate_challenge(seed, "t", CSET.names, cols, rows)
    cards = CSET.pick(ch.constellations)
    geo = ch.geometry
    plans = [*star_plans(ch, cards, 6, w), Plan({}, {}, label="free stars",
                                                free_stars=FreeStars(cards, geo, w.free_star)),
             Plan({}, {}, label="no plan")]
    plan = plans[pick % len(plans)]
    ga = pa.geo_arrays(cols, rows)
    u = weight_units(w)
    boards, progress = [], []
    for _ in range(3):  # three pads of random density, icons and progress
        board = Board(geo)
        density = rng.random()
        for c in range(geo.size):
            if rng.random() < density:
                board.apply([(c, rng.choice("GPACSSAAC"))])
        boards.append(board)
        # a slot's progress is its red stars on the pad, or -1 (given up), as the beam keeps
        # it: never more than its red cells minus the empty ones (an impossible progress, as
        # drawn at random before, made the two paths differ on states no search reaches)
        drawn = [sum(board.cells[c] == "S" for c, j in plan.red.items() if j == slot)
                 for slot in range(len(plan.sizes))]
        progress.append([-1 if rng.random() < 0.2 else k for k in drawn])
    codes = np.array([[pa.CODE[x] for x in b.cells] + [pa.OFF] for b in boards])
    a, b = rng.sample(range(4), 2)
    scope = ga.scope[frozenset({a, b})]
    tables = pt.Tables(ga, pa.PlanSet([pa.plan_arrays(plan, ga, u)]), np.zeros(3, dtype=int),
                       u, boards, codes, np.array(progress, dtype=int).reshape(3, -1), scope)
    here = scope.here.tolist()[:-1]
    for icon in range(5):
        x = "GPACS"[icon]
        one, free = tables.single(icon), tables.free(icon)
        assert one.dtype == np.int64 and free.dtype == np.int64
        for r, board in enumerate(boards):
            levels = plan.free_stars.levels(board.cells) if plan.free_stars else []
            for k, c in enumerate(here):
                if board.cells[c] == ".":
                    assert one[r, k] == single_delta(board, c, x, plan, u, progress[r])
                    if plan.free_stars:
                        assert free[r, k] == plan.free_stars.delta(levels, c, x)
        for s, subset in enumerate(pa.SUBSETS):
            together = tables.group(icon, s)
            assert together.dtype == np.int64
            for r, board in enumerate(boards):
                for k, tri in enumerate(scope.cells.tolist()):
                    cs = [tri[p] for p in subset]
                    if all(board.cells[c] == "." for c in cs):
                        assert together[r, k] == group_delta(board, x, cs, plan, u, progress[r])


def test_beams_of_all_plans_at_once_equal_the_reference() -> None:
    fast = ParSettings(width=4)
    reference = replace(fast, reference=True)
    for ch in sample_challenges(2, 2, CSET.names, 6, 6):
        plans = plans_for(ch, CSET.pick(ch.constellations), fast)
        together = beam_searches(ch, plans, fast)
        for plan, finals in zip(plans, together, strict=True):
            alone = beam_search(ch, plan, reference)
            assert [(n.h, n.turns()) for n in finals] == [(n.h, n.turns()) for n in alone]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(6, 8), (4, 6), (8, 6)]))
def test_runs_advanced_together_finish_what_each_finishes_alone(seed: int,
                                                                  size: tuple[int, int]) -> None:
    """The human model's middle techniques share one batch a roll: each run (its plans,
    width and fog window) must finish exactly the pads it finishes alone, in the same order,
    by the fast path and by the reference path run alone."""
    ch = generate_challenge(seed, "runs", CSET.names, *size)
    plans = plans_for(ch, CSET.pick(ch.constellations), ParSettings())
    runs = [(plans[:1], ParSettings(width=1, plans=1, fog_window=0, exact=None)),
            (plans[:2], ParSettings(width=2, plans=2, exact=None)),
            (plans[:3], ParSettings(width=4, plans=3, exact=None))]
    together = beam_runs(ch, runs)
    for (run_plans, run), finished in zip(runs, together, strict=True):
        alone = beam_searches(ch, run_plans, run)
        assert [[(n.h, n.turns()) for n in f] for f in finished] == \
            [[(n.h, n.turns()) for n in f] for f in alone]
    plans_w, run = runs[1]
    reference = beam_search(ch, plans_w[1], replace(run, reference=True))
    assert [(n.h, n.turns()) for n in together[1][1]] == [(n.h, n.turns()) for n in reference]


def test_runs_must_share_their_weights() -> None:
    ch = generate_challenge(3, "runs", CSET.names, 4, 4)
    plans = plans_for(ch, CSET.pick(ch.constellations), ParSettings())
    with pytest.raises(ValueError, match="share their weights"):
        beam_runs(ch, [(plans[:1], ParSettings(exact=None)),
                       (plans[:1], ParSettings(weights=ODD, exact=None))])


def test_odd_weights_keep_the_paths_together() -> None:
    fast = ParSettings(width=3, plans=2, weights=ODD)
    ch = generate_challenge(4, "odd", CSET.names, 8, 6)
    plans = plans_for(ch, CSET.pick(ch.constellations), fast)
    for plan, finals in zip(plans, beam_searches(ch, plans, fast), strict=True):
        alone = beam_search(ch, plan, replace(fast, reference=True))
        assert [(n.h, n.turns()) for n in finals] == [(n.h, n.turns()) for n in alone]


def test_polish_paths_agree() -> None:
    for ch in sample_challenges(5, 3, CSET.names, 6, 6):
        cards = CSET.pick(ch.constellations)
        log = greedy_play(ch)
        assert polish(ch, log.turns, cards) == polish(ch, log.turns, cards, reference=True)


def test_solver_paths_agree() -> None:
    ch = generate_challenge(8, "paths", CSET.names, 6, 6)
    cards = CSET.pick(ch.constellations)
    fast = ParSettings(width=4, plans=3, exact=None)  # the beam's two paths
    result = solve_par(ch, cards, fast)
    assert result == solve_par(ch, cards, replace(fast, reference=True))
    assert result.score.total > score_pad(replay(ch, greedy_play(ch)), cards).total


def scalar_greedy(ch):  # type: ignore[no-untyped-def]
    """The greedy player move by move with :meth:`Board.gain` (what greedy_play computes
    at once): first best placement in moves order, else first best fog, else nothing."""
    from spacebowl_print.games.hubble.model.challenge import Fog, Place
    from spacebowl_print.games.hubble.solve.moves import drawn, fogs, placements

    board, turns, fogged = Board(ch.geometry), [], 0
    for roll in ch.rolls:
        if fogged == 3:
            break
        moves = placements(board.cells, roll, ch.geometry)
        if moves:
            gains = [board.gain(drawn(m)) for m in moves]
            move = moves[gains.index(max(gains))]
            board.apply(drawn(move))
            turns.append(Place(move))
            continue
        options = fogs(board.cells, roll, ch.geometry)
        if options:
            gains = [board.gain([o]) for o in options]
            cell, icon = options[gains.index(max(gains))]
            board.apply([(cell, icon)])
            turns.append(Fog(cell, icon))
        else:
            turns.append(Fog())
        fogged += 1
    return tuple(turns)


def test_greedy_equals_the_scalar_player_on_every_shape() -> None:
    for cols, rows in [(4, 4), (6, 4), (14, 4), (4, 26), (8, 8)]:
        for ch in sample_challenges(3, 2, CSET.names, cols, rows):
            assert greedy_play(ch).turns == scalar_greedy(ch), (cols, rows, ch.id)
