"""Where the par solver means to draw stars.

A :class:`Plan` reserves cells for the dealt cards: :func:`star_plans` ranks, per card, the
placements whose red stars the rolls can supply (a small max-flow of star-bearing rolls into
quadrants), preferring edge cells (they matter least to comets, planets and asteroid
triangles) and few stars the player must choose, and pairs them into plans of disjoint cells.
Without a plan, :class:`FreeStars` values stars by the best placement still open.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spacebowl_print.games.hubble.model.challenge import Challenge, Roll
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import BLANK, STAR, PadGeometry
from spacebowl_print.games.hubble.rules.stars import Placement, placements
from spacebowl_print.games.hubble.solve.par_settings import Units, Weights, units


@dataclass(frozen=True)
class Plan:
    """Cells reserved for stars: each red cell with the slot of its card, each purple cell
    with its points; per slot the number of red cells and the weighted value (points in whole
    units, :data:`~.par_settings.SCALE` a point)."""

    red: dict[int, int]
    purple: dict[int, int]
    sizes: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    label: str = ""
    free_stars: FreeStars | None = None

    def star_value(self, cell: int, progress: Sequence[int], w: Units) -> int:
        """What a star drawn in ``cell`` is worth (whole units), with ``progress[j]`` red
        stars of slot ``j`` already drawn (-1: the slot was given up), 0 off the plan.
        Rounded here, in plain Python, so that every path adds the same integer."""
        j = self.red.get(cell)
        if j is None:
            return self.purple.get(cell, 0)
        n, k = self.sizes[j], progress[j]
        if k < 0:
            return 0
        v = round(self.values[j] * (((k + 1) / n) ** w.star_curve - (k / n) ** w.star_curve))
        return v + (round(self.values[j] * w.star_done) if k + 1 == n else 0)


class FreeStars:
    """Stars without a plan: per card, every placement of its red stars; a pad is worth, per
    card, ``value × weight × k / n`` where k is the most red stars drawn in a placement
    that no other icon blocks yet (one star's ``value × weight / n`` rounded to whole
    units)."""

    def __init__(self, cards: Sequence[Constellation], geo: PadGeometry, weight: float):
        self.cards = []
        for card in cards:
            cells = [p.red for p in placements(card, geo.cols, geo.rows)]
            by_cell: dict[int, list[int]] = {}
            for i, red in enumerate(cells):
                for c in red:
                    by_cell.setdefault(c, []).append(i)
            self.cards.append((cells, by_cell, units(card.value * weight / len(card.red))))

    def levels(self, cells: Sequence[str]) -> list[tuple[list[int], int]]:
        """Per card: each placement's drawn red stars (-1 when blocked) and the best."""
        out = []
        for red_cells, _, _ in self.cards:
            ks = []
            for red in red_cells:
                k = 0
                for c in red:
                    if cells[c] == STAR:
                        k += 1
                    elif cells[c] != BLANK:
                        k = -1
                        break
                ks.append(k)
            out.append((ks, max(ks, default=-1)))
        return out

    def delta(self, levels: list[tuple[list[int], int]], c: int, icon: str) -> int:
        """The change of worth (whole units) of drawing ``icon`` in empty cell ``c``."""
        d = 0
        for (ks, best), (_, by_cell, per_star) in zip(levels, self.cards, strict=True):
            mine = by_cell.get(c, ())
            if icon == STAR:
                if best >= 0 and any(ks[i] == best for i in mine):
                    d += per_star
            elif best > 0 and any(ks[i] == best for i in mine):
                inside = set(mine)
                rest = max((k for i, k in enumerate(ks) if i not in inside), default=-1)
                d -= per_star * (best - max(rest, 0))
        return d


# --------------------------------------------------------------------------- the rolls' stars

Supply = tuple[int, tuple[int, int], bool]
"""A roll that can bring stars: how many, its two quadrants, whether the player chooses."""

def _star_supply(rolls: Sequence[Roll]) -> list[Supply]:
    """Per roll that can bring a star: how many (natural S faces, or 1 if the player chooses
    the third icon), its quadrants, and whether it is the player's choice."""
    out = []
    for r in rolls:
        natural = sum(1 for i in r.icons if i == STAR) + (r.third == STAR)
        if natural:
            out.append((natural, r.quadrants, False))
        elif r.third is None:
            out.append((1, r.quadrants, True))
    return out


QUADRANT_SETS = 16
"""The subsets of the four quadrants, as bit masks 0–15."""


def _cut_capacities(supply: Sequence[Supply]) -> list[int]:
    """Per set of quadrants S (a bit mask): the stars of the rolls that can send one outside
    S (a quadrant of theirs not in S)."""
    return [sum(count for count, quadrants, _ in supply
                if any(not s >> q & 1 for q in quadrants))
            for s in range(QUADRANT_SETS)]


def _max_flow(cuts: Sequence[int], demand: Sequence[int]) -> int:
    """How many of the ``demand`` stars per quadrant the rolls can deliver (each roll brings
    at most its count, into either of its quadrants; ``cuts`` is :func:`_cut_capacities` of
    the rolls): the network's smallest cut. A cut keeps a set S of quadrants on the source's
    side and pays their demand, and the rolls that reach a quadrant outside S pay their
    stars (a roll reaching only S stays with the source, free); by the max-flow min-cut
    theorem the cheapest of the 16 is the most the rolls deliver."""
    paid = [0] * QUADRANT_SETS  # the demand of each set, from the set without its lowest
    for s in range(1, QUADRANT_SETS):
        low = s & -s
        paid[s] = paid[s ^ low] + demand[low.bit_length() - 1]
    return min(map(operator.add, cuts, paid))


def _demand(geo: PadGeometry, cells: Sequence[int]) -> list[int]:
    d = [0, 0, 0, 0]
    for c in cells:
        d[geo.quadrant[c]] += 1
    return d


# --------------------------------------------------------------------------- plans

Ranked = list[tuple[float, Placement]]
"""A card's placements that the rolls can supply, cheapest first, with their costs."""

Chosen = list[tuple[int, Placement]]
"""The placements of one plan, each with the index of its card among the dealt cards."""


def star_plans(challenge: Challenge, cards: Sequence[Constellation], count: int,
               weights: Weights) -> list[Plan]:
    """Up to ``count`` plans placing the dealt cards where the rolls can bring their stars."""
    geo = challenge.geometry
    supply = _star_supply(challenge.rolls)
    cuts = {False: _cut_capacities(supply),
            True: _cut_capacities([s for s in supply if not s[2]])}
    flows: dict[tuple[bool, tuple[int, ...]], int] = {}

    def flow(natural_only: bool, demand: list[int]) -> int:
        """The max-flow for a demand per quadrant, memoised: placements share demands."""
        key = (natural_only, tuple(demand))
        out = flows.get(key)
        if out is None:
            out = flows[key] = _max_flow(cuts[natural_only], demand)
        return out

    ranked = [_ranked(card, geo, flow) for card in cards]
    # pair the cheapest placements of the two cards (or take one card alone)
    singles = [(c, [(j, p)]) for j, opts in enumerate(ranked) for c, p in opts[:1]]
    plans: list[Plan] = []
    seen: set[frozenset[int]] = set()
    for _, chosen in _pairs(ranked, geo, flow) + singles:
        plan = _plan(chosen, cards, weights, geo)
        key = frozenset(plan.red) | frozenset(plan.purple)
        if key in seen:
            continue
        seen.add(key)
        plans.append(plan)
        if len(plans) >= count:
            break
    return plans


Flow = Callable[[bool, list[int]], int]
"""How many stars of a demand per quadrant the rolls can deliver (natural faces only, or
with the player's choices too)."""


def _ranked(card: Constellation, geo: PadGeometry, flow: Flow) -> Ranked:
    """The card's 40 cheapest placements that the rolls can supply: a star the player must
    choose costs 3, a red star its mean number of neighbours, a purple star on the pad
    earns 1.5 (on a card with a bonus)."""
    opts = []
    for p in placements(card, geo.cols, geo.rows):
        need = _demand(geo, p.red)
        if flow(False, need) < len(p.red):
            continue
        short = len(p.red) - flow(True, need)  # stars the player must choose
        edge = sum(len(geo.neighbours[c]) for c in p.red) / len(p.red)
        purple = sum(1 for c in p.purple if c is not None)
        cost = 3.0 * short + edge - 1.5 * purple * (card.bonus > 0)
        opts.append((cost, p))
    opts.sort(key=lambda o: o[0])
    return opts[:40]


def _pairs(ranked: Sequence[Ranked], geo: PadGeometry, flow: Flow
           ) -> list[tuple[float, Chosen]]:
    """The 15 cheapest placements of the first card against those of the second, wherever
    they use disjoint cells and the rolls can supply both: cheapest pair first."""
    pairs: list[tuple[float, Chosen]] = []
    if len(ranked) < 2 or not ranked[0] or not ranked[1]:
        return pairs
    for c0, p0 in ranked[0][:15]:
        used0 = _cells_of(p0)
        for c1, p1 in ranked[1][:15]:
            if used0 & _cells_of(p1):
                continue
            need = _demand(geo, p0.red + p1.red)
            if flow(False, need) < len(p0.red) + len(p1.red):
                continue
            pairs.append((c0 + c1, [(0, p0), (1, p1)]))
    pairs.sort(key=lambda x: x[0])
    return pairs


def _cells_of(p: Placement) -> set[int]:
    """A placement's red cells and its purple cells on the pad."""
    return set(p.red) | {c for c in p.purple if c is not None}


def _plan(chosen: Chosen, cards: Sequence[Constellation], weights: Weights,
          geo: PadGeometry) -> Plan:
    """The plan reserving the cells of the ``chosen`` placements, one slot each."""
    red: dict[int, int] = {}
    bonus_cells: dict[int, int] = {}
    sizes, values = [], []
    for slot, (j, p) in enumerate(chosen):
        card = cards[j]
        for cell in p.red:
            red[cell] = slot
        for maybe in p.purple:
            if maybe is not None and card.bonus:
                bonus_cells[maybe] = units(card.bonus * weights.star_purple)
        sizes.append(len(p.red))
        values.append(units(card.value * weights.star_red))
    label = " + ".join(f"{cards[j].name}@{geo.names[p.red[0]]}/{p.turn}" for j, p in chosen)
    return Plan(red, bonus_cells, tuple(sizes), tuple(values), label)
