"""The CP-SAT tile designer: 40 rhombs balanced between the players.

**Shape classes.** For a player P, a tile's *usable* corners are those with a tube of P's
colour or neutral (P drifts along them for free). The tile's shape for P is

* ``none``: no usable corner; ``stub``: one;
* ``straight``: two usable corners opposite each other (s1 and s2, or b1 and b2);
* ``turn``: two usable corners next to each other;
* ``fork``: three or four usable corners;

each with or without an energy cross. The set is **balanced** when, for every shape class,
as many tiles have that shape for Tom as for Dave, Tom's tube ends on tiles of that class
are as many as Dave's on tiles of the same class for Dave, and the two players' tube ends
are equally many in all.

Other rules of the design: every tile has ``min_tubes``–4 tubes; exactly ``crosses`` tiles show a
cross; ``neutral`` (a range) of the 160 corners are neutral; no two tiles look the same
even after a half turn; at least ``mixed`` tiles carry both players' colours. A seeded
random objective picks one design among the many balanced ones; one worker and a
deterministic time budget make it reproducible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spacebowl_print.core import cpsat
from spacebowl_print.games.tomtube.model.board import DAVE, NEUTRAL, TOM
from spacebowl_print.games.tomtube.model.tiles import CORNERS, Tile

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:  # imported with signals held back, so an interrupt meanwhile ends the run cleanly
    cp_model = cpsat.cp_model()

SHAPES = ("none", "stub", "straight", "turn", "fork")
CODE = {None: 0, TOM: 1, DAVE: 2, NEUTRAL: 3}
COLOUR_OF = {v: k for k, v in CODE.items()}


@dataclass(frozen=True)
class DesignParams:
    """What the designer aims at (see the module docstring)."""

    tiles: int = 40
    crosses: int = 12
    neutral: tuple[int, int] = (36, 44)
    mixed: int = 12
    min_tubes: int = 2
    max_tubes: int = 4
    blank_sharp: tuple[int, int] = (0, 80)
    """How many of the sharp corners (s1, s2; 80 on 40 tiles) carry no tube (a range)."""
    blank_blunt: tuple[int, int] = (0, 80)
    """How many of the blunt corners (b1, b2; 80 on 40 tiles) carry no tube (a range)."""
    seed: int = 1
    budget: float = 20.0  # deterministic time units, not seconds


def shape(tile: Tile, player: str) -> tuple[str, bool]:
    """The tile's shape class for ``player`` and whether it shows a cross."""
    usable = [c in (player, NEUTRAL) for c in tile.corners]
    n = sum(usable)
    if n == 0:
        name = "none"
    elif n == 1:
        name = "stub"
    elif n == 2:
        opposite = (usable[0] and usable[2]) or (usable[1] and usable[3])
        name = "straight" if opposite else "turn"
    else:
        name = "fork"
    return name, tile.cross


def balance_report(tiles: list[Tile]) -> dict[str, dict[str, list[int]]]:
    """Per shape class (``shape`` or ``shape+cross``): [tiles, tube ends] for each player."""
    out: dict[str, dict[str, list[int]]] = {}
    for t in tiles:
        for pl in (TOM, DAVE):
            name, cross = shape(t, pl)
            key = name + ("+cross" if cross else "")
            row = out.setdefault(key, {TOM: [0, 0], DAVE: [0, 0]})
            row[pl][0] += 1
            row[pl][1] += sum(1 for c in t.corners if c == pl)
    return {k: out[k] for k in sorted(out)}


def is_balanced(tiles: list[Tile]) -> bool:
    """The balance property of the module docstring."""
    rep = balance_report(tiles)
    ends = {pl: sum(1 for t in tiles for c in t.corners if c == pl) for pl in (TOM, DAVE)}
    return ends[TOM] == ends[DAVE] and all(r[TOM] == r[DAVE] for r in rep.values())


Colours = list[list[list[cp_model.IntVar]]]
"""``x[t][k][c]``: tile ``t``'s corner ``k`` has colour code ``c`` (:data:`CODE`)."""


def design(params: DesignParams) -> list[Tile]:
    """Solve the design model; raises RuntimeError if it has no solution."""
    n = params.tiles
    m = cp_model.CpModel()
    rng = random.Random(params.seed)
    x = [[[m.new_bool_var(f"x{t}_{k}_{c}") for c in range(4)] for k in range(4)]
         for t in range(n)]
    cross = [m.new_bool_var(f"cross{t}") for t in range(n)]
    _add_counts(m, params, x, cross)
    _add_mixed(m, params, x)
    _add_balance(m, n, x, cross)
    _add_distinct(m, n, x, cross)
    _add_hint(m, params, x, cross)
    weights = [[[rng.randrange(10) for _c in range(4)] for _k in range(4)] for _t in range(n)]
    m.maximize(sum(weights[t][k][c] * x[t][k][c] for t in range(n) for k in range(4)
                   for c in range(4)) + sum(rng.randrange(10) * cross[t] for t in range(n)))
    solver = cpsat.new_solver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = params.seed
    solver.parameters.max_deterministic_time = params.budget
    status = cpsat.solve(solver, m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError("no tile set satisfies the design constraints")
    tiles = []
    for t in range(n):
        colours = tuple(COLOUR_OF[next(c for c in range(4) if solver.value(x[t][k][c]))]
                        for k in range(4))
        tiles.append(Tile(t + 1, (colours[0], colours[1], colours[2], colours[3]),
                          bool(solver.value(cross[t]))))
    return tiles


def _add_counts(m: cp_model.CpModel, params: DesignParams, x: Colours,
                cross: list[cp_model.IntVar]) -> None:
    """One colour a corner, ``min_tubes``–``max_tubes`` tubes a tile, ``crosses`` crosses,
    the neutral corners and the blank sharp and blunt corners in their ranges, as many Tom
    corners as Dave corners."""
    n = params.tiles
    for t in range(n):
        for k in range(4):
            m.add_exactly_one(x[t][k])
        tubes = sum(1 - x[t][k][0] for k in range(4))
        m.add(tubes >= params.min_tubes)
        m.add(tubes <= params.max_tubes)
    m.add(sum(cross) == params.crosses)
    for corners, (lo, hi) in (((0, 2), params.blank_sharp), ((1, 3), params.blank_blunt)):
        blank = sum(x[t][k][0] for t in range(n) for k in corners)
        m.add(blank >= lo)
        m.add(blank <= hi)
    neutral = sum(x[t][k][3] for t in range(n) for k in range(4))
    m.add(neutral >= params.neutral[0])
    m.add(neutral <= params.neutral[1])
    m.add(sum(x[t][k][1] for t in range(n) for k in range(4))
          == sum(x[t][k][2] for t in range(n) for k in range(4)))


def _add_mixed(m: cp_model.CpModel, params: DesignParams, x: Colours) -> None:
    """At least ``mixed`` tiles carry both players' colours."""
    mixed = []
    for t in range(params.tiles):
        has = []
        for c in (1, 2):
            h = m.new_bool_var(f"has{t}_{c}")
            m.add_max_equality(h, [x[t][k][c] for k in range(4)])
            has.append(h)
        both = m.new_bool_var(f"mixed{t}")
        m.add_multiplication_equality(both, has)
        mixed.append(both)
    m.add(sum(mixed) >= params.mixed)


ClassVars = dict[tuple[int, int, int, int], cp_model.IntVar]
"""Keyed by (tile, player code, shape index, cross 0/1)."""


def _add_balance(m: cp_model.CpModel, n: int, x: Colours,
                 cross: list[cp_model.IntVar]) -> None:
    """The balance of the module docstring: per shape class (with or without a cross), as
    many tiles and as many own tube ends for Tom as for Dave."""
    cls: ClassVars = {}  # the tile is of this class for this player
    ends: ClassVars = {}  # the player's tube ends on the tile if it is, else 0
    for t in range(n):
        for p in (1, 2):
            _add_shape_classes(m, t, p, x, cross[t], cls, ends)
    for s in range(len(SHAPES)):
        for cr in (0, 1):
            m.add(sum(cls[(t, 1, s, cr)] for t in range(n))
                  == sum(cls[(t, 2, s, cr)] for t in range(n)))
            m.add(sum(ends[(t, 1, s, cr)] for t in range(n))
                  == sum(ends[(t, 2, s, cr)] for t in range(n)))


def _add_shape_classes(m: cp_model.CpModel, t: int, p: int, x: Colours,
                       cross: cp_model.IntVar, cls: ClassVars, ends: ClassVars) -> None:
    """Tile ``t``'s shape for player ``p`` (usable corners: own or neutral), and its class
    and own tube ends into ``cls`` and ``ends``."""
    u = []
    for k in range(4):
        b = m.new_bool_var(f"u{t}_{p}_{k}")
        m.add(b == x[t][k][p] + x[t][k][3])
        u.append(b)
    cnt = sum(u)
    opp = m.new_bool_var(f"opp{t}_{p}")
    o1 = m.new_bool_var("")
    o2 = m.new_bool_var("")
    m.add_multiplication_equality(o1, [u[0], u[2]])
    m.add_multiplication_equality(o2, [u[1], u[3]])
    m.add_max_equality(opp, [o1, o2])
    sh = [m.new_bool_var(f"sh{t}_{p}_{s}") for s in range(len(SHAPES))]
    m.add_exactly_one(sh)
    m.add(cnt == 0).only_enforce_if(sh[0])
    m.add(cnt == 1).only_enforce_if(sh[1])
    m.add(cnt == 2).only_enforce_if(sh[2])
    m.add(opp == 1).only_enforce_if(sh[2])
    m.add(cnt == 2).only_enforce_if(sh[3])
    m.add(opp == 0).only_enforce_if(sh[3])
    m.add(cnt >= 3).only_enforce_if(sh[4])
    own = sum(x[t][k][p] for k in range(4))
    for s in range(len(SHAPES)):
        for cr in (0, 1):
            v = m.new_bool_var(f"cls{t}_{p}_{s}_{cr}")
            crl = cross if cr else cross.negated()
            m.add_bool_and([sh[s], crl]).only_enforce_if(v)
            m.add_bool_or([sh[s].negated(), crl.negated()]).only_enforce_if(v.negated())
            cls[(t, p, s, cr)] = v
            e = m.new_int_var(0, 4, f"ends{t}_{p}_{s}_{cr}")
            m.add(e == own).only_enforce_if(v)
            m.add(e == 0).only_enforce_if(v.negated())
            ends[(t, p, s, cr)] = e


def _add_distinct(m: cp_model.CpModel, n: int, x: Colours,
                  cross: list[cp_model.IntVar]) -> None:
    """Distinct up to a half turn: the smaller code of the two turns differs between
    tiles."""
    canon = []
    for t in range(n):
        col = [sum(c * x[t][k][c] for c in range(4)) for k in range(4)]
        code = m.new_int_var(0, 511, f"code{t}")
        turned = m.new_int_var(0, 511, f"turned{t}")
        m.add(code == col[0] + 4 * col[1] + 16 * col[2] + 64 * col[3] + 256 * cross[t])
        m.add(turned == col[2] + 4 * col[3] + 16 * col[0] + 64 * col[1] + 256 * cross[t])
        smaller = m.new_int_var(0, 511, f"canon{t}")
        m.add_min_equality(smaller, [code, turned])
        canon.append(smaller)
    m.add_all_different(canon)


def _add_hint(m: cp_model.CpModel, params: DesignParams, x: Colours,
              cross: list[cp_model.IntVar]) -> None:
    """Start the search from a paired design (:func:`_paired_start`)."""
    hint = _paired_start(params, random.Random(params.seed))
    for t, (corners, cr) in enumerate(hint):
        for k in range(4):
            for c in range(4):
                m.add_hint(x[t][k][c], corners[k] == c)
        m.add_hint(cross[t], cr)


def _paired_start(params: DesignParams, rng: random.Random
                  ) -> list[tuple[list[int], bool]]:
    """A feasible design to start the search from: random tiles, each with its
    colour-swapped twin (a tile with neither player's colour is its own twin), so balanced
    by construction. The chances of a cross, a blank sharp or blunt corner and a neutral
    tube follow what is still missing from the middle of each wanted range, so the counts
    land in their ranges; drawn again in the rare case they do not."""
    swap = {0: 0, 1: 2, 2: 1, 3: 3}
    n = params.tiles
    mid = {k: (getattr(params, k)[0] + getattr(params, k)[1]) / 2.0
           for k in ("neutral", "blank_sharp", "blank_blunt")}
    if params.blank_sharp == (0, 2 * n):
        mid["blank_sharp"] = 0.15 * 2 * n
    if params.blank_blunt == (0, 2 * n):
        mid["blank_blunt"] = 0.15 * 2 * n

    def share(want: float, have: float, room: float) -> float:
        return min(0.95, max(0.02, (want - have) / room)) if room > 0 else 0.5

    def looks(cs: list[int], cr: bool) -> set[tuple[int | bool, ...]]:
        return {(*v, cr) for v in (cs, cs[2:] + cs[:2])}

    while True:
        seen: set[tuple[int | bool, ...]] = set()
        out: list[tuple[list[int], bool]] = []
        while len(out) < n:
            left = n - len(out)
            crosses = sum(cr for _, cr in out)
            have = {"blank_sharp": sum(c == 0 for cs, _ in out for c in cs[0::2]),
                    "blank_blunt": sum(c == 0 for cs, _ in out for c in cs[1::2]),
                    "neutral": sum(c == 3 for cs, _ in out for c in cs)}
            blank = [share(mid["blank_sharp"], have["blank_sharp"], 2 * left),
                     share(mid["blank_blunt"], have["blank_blunt"], 2 * left)]
            tubes_left = 2 * left * (2 - blank[0] - blank[1])
            neutral = share(mid["neutral"], have["neutral"], tubes_left)
            weights = [[b, (1 - b) * (1 - neutral) / 2, (1 - b) * (1 - neutral) / 2,
                        (1 - b) * neutral] for b in blank]
            cross_share = (params.crosses - crosses) / left
            for _ in range(1000):
                corners = [rng.choices(range(4), weights=weights[k % 2])[0] for k in range(4)]
                twin = [swap[c] for c in corners]
                alone = twin == corners
                room = params.crosses - crosses
                cr = rng.random() < cross_share and room >= (1 if alone else 2)
                keys, keys2 = looks(corners, cr), looks(twin, cr)
                if (not params.min_tubes <= sum(c != 0 for c in corners) <= params.max_tubes
                        or (keys | keys2) & seen):
                    continue
                if alone:
                    seen |= keys
                    out.append((corners, cr))
                    break
                if not keys & keys2 and len(out) + 2 <= n:
                    seen |= keys | keys2
                    out += [(corners, cr), (twin, cr)]
                    break
            else:
                break
        if len(out) != n:
            continue
        count = {"neutral": sum(c == 3 for cs, _ in out for c in cs),
                 "blank_sharp": sum(c == 0 for cs, _ in out for c in cs[0::2]),
                 "blank_blunt": sum(c == 0 for cs, _ in out for c in cs[1::2])}
        mixed = sum(1 for cs, _ in out if 1 in cs and 2 in cs)
        if (sum(cr for _, cr in out) == params.crosses and mixed >= params.mixed
                and all(getattr(params, k)[0] <= v <= getattr(params, k)[1]
                        for k, v in count.items())):
            return out


def shuffled_ids(tiles: list[Tile], seed: int) -> list[Tile]:
    """The same tiles with ids 1..n dealt in a seeded order (so ids say nothing of shape)."""
    order = list(range(1, len(tiles) + 1))
    random.Random(seed).shuffle(order)
    return sorted((Tile(i, t.corners, t.cross) for i, t in zip(order, tiles, strict=True)),
                  key=lambda t: t.id)


__all__ = ["CORNERS", "DesignParams", "balance_report", "design", "is_balanced", "shape",
           "shuffled_ids"]
