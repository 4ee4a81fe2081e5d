"""A second proved ceiling on a solo challenge's best total: the **icon-count relaxation**.

The exact model's linear relaxation (:mod:`~.par_model`) lets every roll spread fractions of
its answers over many cells; its bound sits 40 % or more above a strong play. This model
forgets where on a quadrant an icon lies and keeps what the rolls allow:

- each roll is placed (every non-blank icon of its Scope drawn), fogged (one icon at most)
  or after the end (nothing), and the game ends exactly after the third fog;
- a player's choice of third icon is one of ``GPACS.``; each drawn icon goes to one of the
  roll's two quadrants, all three to the same one where the quadrants are not adjacent (a
  triangle cannot spread over them);
- a quadrant holds at most as many icons as it has cells.

and scores each category by a ceiling that depends only on how many icons of a kind each
quadrant holds: galaxies exactly (11 × the fewest in a quadrant); planets at most 3 a planet
once there are 2 (a planet lies on three lines); asteroids 8 for every 3; comets as if they
made one group (group points are superadditive: 0, 4, 7, 11, 15, +5 …); each card's stars by
a placement whose red stars, and the purple stars counted, fit the stars drawn in each
quadrant (every placement of the card on the pad, grouped by how many of its stars fall in
each quadrant), each star serving one card.

Every legal play maps to a solution worth at least its score, so the optimum is a ceiling
on every play. The model is tiny (a few hundred variables) and CP-SAT solves it to
optimality in a few hundredths of a second; its proved bound is used whatever the status.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacebowl_print.core import cpsat
from spacebowl_print.games.hubble.model.challenge import Challenge, Roll
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import (
    ASTEROID,
    BLANK,
    COMET,
    DRAWN_ICONS,
    GALAXY,
    ICONS,
    PLANET,
    STAR,
    adjacent,
)
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.asteroids import POINTS_PER_TRIANGLE
from spacebowl_print.games.hubble.rules.cpsat import CPSAT_SEED
from spacebowl_print.games.hubble.rules.scoring import GALAXY_POINTS, comet_group_points

QUADRANTS = 4


def _profiles(card: Constellation, challenge: Challenge) -> list[tuple[tuple[int, ...],
                                                                        tuple[int, ...]]]:
    """The card's placements on the pad as (red stars per quadrant, purple cells on the pad
    per quadrant), each profile once, in first-seen order."""
    geo = challenge.geometry
    seen: dict[tuple[tuple[int, ...], tuple[int, ...]], None] = {}
    for p in stars.placements(card, geo.cols, geo.rows):
        red = [0] * QUADRANTS
        purple = [0] * QUADRANTS
        for c in p.red:
            red[geo.quadrant[c]] += 1
        for pc in p.purple:
            if pc is not None:
                purple[geo.quadrant[pc]] += 1
        seen[(tuple(red), tuple(purple))] = None
    return list(seen)


def count_bound(challenge: Challenge, cards: Sequence[Constellation],
                time: float = 1.0) -> int | None:
    """The icon-count relaxation's proved upper bound on any play's total (see the module),
    within ``time`` deterministic seconds of one CP-SAT worker; None if none was proved."""
    cp = cpsat.cp_model()
    m = cp.CpModel()
    count, most = _draws(m, challenge.rolls)
    m.maximize(_ceilings(m, challenge, cards, count, most))
    solver = cpsat.new_solver()
    p = solver.parameters
    p.num_workers = 1
    p.random_seed = CPSAT_SEED
    p.max_deterministic_time = time
    # the full linearisation's cuts close the gap in a fraction of the default's time (on 5
    # standard days 0.1–0.5 CPU-s to optimality, against 0.9–3.0), and probing the whole
    # model buys nothing here
    p.linearization_level = 2
    p.cp_model_probing_level = 0
    status = cpsat.solve(solver, m)
    if status == cp.OPTIMAL:
        return int(solver.objective_value + 1e-6)
    if status == cp.FEASIBLE:
        return int(solver.best_objective_bound + 1e-6)
    return None


def _draws(m: Any, rolls: Sequence[Roll]) -> tuple[dict[tuple[int, str], Any], int]:
    """The rolls' answers in ``m``: the icons drawn per quadrant and kind (linear
    expressions), and the most icons the rolls can draw."""
    # per quadrant and icon: what is drawn there (terms summed below)
    into: dict[tuple[int, str], list[Any]] = {(q, x): [] for q in range(QUADRANTS)
                                             for x in DRAWN_ICONS}
    # rolls whose quadrants are adjacent pool their icons per pair: any split of a pair's
    # icons between its two quadrants is some assignment of each roll's icons
    pooled: dict[tuple[tuple[int, int], str], list[Any]] = {}
    fogs: list[Any] = []
    biggest = 0
    for i, roll in enumerate(rolls):
        place, fog, ended = (m.new_bool_var(f"p{i}"), m.new_bool_var(f"f{i}"),
                             m.new_bool_var(f"e{i}"))
        m.add_exactly_one(place, fog, ended)
        before = sum(fogs)
        m.add(before >= MAX_FOG).only_enforce_if(ended)
        m.add(before <= MAX_FOG - 1).only_enforce_if(~ended)
        fogs.append(fog)
        # the Scope's icons as counts per kind: the dice's faces are drawn when placed; a
        # chosen third is one of GPACS. (drawn when placed, unless blank)
        fixed: dict[str, int] = {}
        for x in (*roll.icons, *([] if roll.third is None else [roll.third])):
            if x != BLANK:
                fixed[x] = fixed.get(x, 0) + 1
        drawn: dict[str, Any] = {}
        for x in DRAWN_ICONS:
            most = fixed.get(x, 0) + (roll.third is None)
            if most == 0:
                continue
            d = m.new_int_var(0, most, f"d{i}{x}")
            drawn[x] = d
            if fixed.get(x, 0):
                m.add(d >= fixed[x]).only_enforce_if(place)
            m.add(d == 0).only_enforce_if(ended)
        if roll.third is None:
            choice = {x: m.new_bool_var(f"c{i}{x}") for x in ICONS}
            m.add_exactly_one(choice.values())
            for x in DRAWN_ICONS:
                # placed: the chosen third is drawn beside the faces; never more than both
                m.add(drawn[x] <= fixed.get(x, 0) + choice[x])
                m.add(drawn[x] >= fixed.get(x, 0) + 1).only_enforce_if([place, choice[x]])
        else:
            for x, d in drawn.items():
                m.add(d <= fixed[x])
        m.add(sum(drawn.values()) <= 1).only_enforce_if(fog)  # a fog draws one at most
        biggest += 3
        qa, qb = roll.quadrants
        if adjacent(qa, qb):
            for x, d in drawn.items():
                pooled.setdefault(((min(qa, qb), max(qa, qb)), x), []).append(d)
            continue
        side = m.new_bool_var(f"s{i}")  # placed: every icon in qb if true, else in qa
        for x, d in drawn.items():
            to_a = m.new_int_var(0, 3, f"a{i}{x}")
            to_b = m.new_int_var(0, 3, f"b{i}{x}")
            m.add(to_a + to_b == d)
            m.add(to_a == 0).only_enforce_if([place, side])
            m.add(to_b == 0).only_enforce_if([place, ~side])
            into[qa, x].append(to_a)
            into[qb, x].append(to_b)
    for ((qa, qb), x), ds in pooled.items():
        to_a = m.new_int_var(0, 3 * len(ds), f"pa{qa}{qb}{x}")
        to_b = m.new_int_var(0, 3 * len(ds), f"pb{qa}{qb}{x}")
        m.add(to_a + to_b == sum(ds))
        into[qa, x].append(to_a)
        into[qb, x].append(to_b)
    m.add(sum(fogs) <= MAX_FOG)
    return {key: sum(v) for key, v in into.items()}, biggest


def _ceilings(m: Any, challenge: Challenge, cards: Sequence[Constellation],
              count: dict[tuple[int, str], Any], total_icons: int) -> Any:
    """Each category's ceiling from the counts, in ``m``; returns their sum (see the
    module). No quadrant holds more icons than it has cells."""
    cells = [len(challenge.geometry.quadrant_cells[q]) for q in range(QUADRANTS)]
    for q in range(QUADRANTS):
        m.add(sum(count[q, x] for x in DRAWN_ICONS) <= cells[q])
    # galaxies, exactly
    low = m.new_int_var(0, max(cells), "gmin")
    for q in range(QUADRANTS):
        m.add(low <= count[q, GALAXY])
    # planets: 3 a planet, none for a lone one
    planets = sum(count[q, PLANET] for q in range(QUADRANTS))
    some = m.new_bool_var("p2")
    m.add(planets >= 2).only_enforce_if(some)
    planet_points = m.new_int_var(0, 3 * total_icons, "pp")
    m.add(planet_points <= 3 * planets)
    m.add(planet_points == 0).only_enforce_if(~some)
    # asteroids: 8 for every 3
    triangles = m.new_int_var(0, total_icons // 3 + 1, "at")
    m.add(3 * triangles <= sum(count[q, ASTEROID] for q in range(QUADRANTS)))
    # comets: one group
    comets = m.new_int_var(0, total_icons, "nc")
    m.add(comets == sum(count[q, COMET] for q in range(QUADRANTS)))
    comet_points = m.new_int_var(0, comet_group_points(total_icons), "cp")
    m.add_element(comets, [comet_group_points(k) for k in range(total_icons + 1)],
                  comet_points)
    # stars: a profile (or none) per card, red and counted purple stars within each quadrant
    star_points = []
    used: list[list[Any]] = [[] for _ in range(QUADRANTS)]
    for j, card in enumerate(cards):
        options = _profiles(card, challenge)
        pick = [m.new_bool_var(f"w{j}_{k}") for k in range(len(options))]
        m.add_at_most_one(pick)
        for q in range(QUADRANTS):
            used[q].append(sum(red[q] * w for (red, _), w in zip(options, pick, strict=True)))
            if card.bonus:
                extra = m.new_int_var(0, len(card.purple), f"u{j}_{q}")
                m.add(extra <= sum(purple[q] * w
                                   for (_, purple), w in zip(options, pick, strict=True)))
                used[q].append(extra)
                star_points.append(card.bonus * extra)
        star_points.append(card.value * sum(pick))
    for q in range(QUADRANTS):
        m.add(sum(used[q]) <= count[q, STAR])
    return (GALAXY_POINTS * low + planet_points + POINTS_PER_TRIANGLE * triangles
            + comet_points + sum(star_points))
