"""The par solver's beam search: roll by roll, keep the ``width`` most promising pads.

A pad is valued by its exact score without stars plus the potentials of
:mod:`~.par_gains`. The red cells of a plan's card take only stars while the card can still
be completed; a card whose missing stars the remaining rolls can no longer bring is given up
and its cells freed. Fogs are tried when nothing can be placed or when the pad is nearly
full, so the last icons go where they score. Children are ranked by value, earliest on ties,
and a pad reached twice (same icons, same fogs) is kept once.

The children of a whole beam are valued at once by :mod:`~.par_tables` (numpy);
``settings.reference`` values them one by one with the scalar path of
:mod:`~.par_reference` instead. Both give the same integer values (whole units,
:class:`~.par_settings.Units`), hence the same search on any machine: tests compare them,
and the benchmark times one against the other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from spacebowl_print.games.hubble.model.challenge import Challenge, Fog, Place, Roll, Turn
from spacebowl_print.games.hubble.model.geometry import BLANK, ICONS, STAR, PadGeometry
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.solve.board import Board
from spacebowl_print.games.hubble.solve.moves import fog_icons, turn_draws
from spacebowl_print.games.hubble.solve.par_arrays import (
    BLA,
    CODE,
    NEG,
    OFF,
    GeoArrays,
    PlanSet,
    Scope,
    geo_arrays,
    plan_arrays,
)
from spacebowl_print.games.hubble.solve.par_node import (
    THIRDS_KEPT,
    Candidate,
    Change,
    Frame,
    Node,
    frames,
)
from spacebowl_print.games.hubble.solve.par_plans import Plan
from spacebowl_print.games.hubble.solve.par_reference import candidates
from spacebowl_print.games.hubble.solve.par_settings import ParSettings
from spacebowl_print.games.hubble.solve.par_tables import Tables


def beam_search(challenge: Challenge, plan: Plan, settings: ParSettings,
                prefix: Sequence[Turn] = ()) -> list[Node]:
    """Beam search over the rolls after the turns ``prefix`` (legal, fewer than three fogs);
    returns every pad it finished (ended by the third fog or by the last roll)."""
    return beam_searches(challenge, [plan], settings, prefix)[0]


def beam_searches(challenge: Challenge, plans: Sequence[Plan], settings: ParSettings,
                  prefix: Sequence[Turn] = ()) -> list[list[Node]]:
    """:func:`beam_search` for each of ``plans``; the beams advance roll by roll together,
    so that one batch of arrays values the children of all of them (each beam is ranked and
    cut on its own, exactly as if it ran alone)."""
    return beam_runs(challenge, [(plans, settings)], prefix)[0]


def beam_runs(challenge: Challenge, runs: Sequence[tuple[Sequence[Plan], ParSettings]],
              prefix: Sequence[Turn] = ()) -> list[list[list[Node]]]:
    """:func:`beam_searches` for each run (its plans and settings), all advanced together:
    each beam keeps its own run's width and fog window, so each run returns exactly what it
    returns alone, while one batch of arrays a roll values every beam's children (numpy's
    cost a call is paid once for all). The runs must share their weights, and the
    reference path or not."""
    if len({(s.weights, s.reference) for _, s in runs}) > 1:
        raise ValueError("runs advanced together must share their weights and path")
    geo = challenge.geometry
    supply = _supply_suffix(challenge.rolls)
    beams: list[_Beam] = []
    for plans, run in runs:
        for plan in plans:
            beams.append(_Beam(geo, len(beams), plan, prefix, run))
    shared = runs[0][1]  # the weights and path every run has
    expander = None if shared.reference else _Expander(geo, [b.plan for b in beams], shared)
    for i in range(len(prefix), len(challenge.rolls)):
        live = [b for b in beams if b.nodes]
        if not live:
            break
        for beam in live:
            beam.give_up(supply[i], geo)
        roll = challenge.rolls[i]
        if expander is None:
            ranked = [candidates(b.nodes, roll, b.plan, b.settings) for b in live]
        else:
            ranked = expander.candidates(live, roll)
        for beam, cands in zip(live, ranked, strict=True):
            beam.nodes, done = _select(cands, beam.plan, beam.settings.width)
            beam.finished += done
    out: list[list[list[Node]]] = []
    first = 0
    for plans, _ in runs:
        out.append([b.nodes + b.finished for b in beams[first:first + len(plans)]])
        first += len(plans)
    return out


class _Beam:
    """One plan's beam: its pads, the pads it finished, its plan's red cells by slot, the
    settings of its run."""

    def __init__(self, geo: PadGeometry, index: int, plan: Plan, prefix: Sequence[Turn],
                 settings: ParSettings) -> None:
        self.index = index
        self.plan = plan
        self.settings = settings
        self.nodes = [_start(geo, plan, prefix)]
        self.finished: list[Node] = []
        self.slot_cells: dict[int, list[int]] = {}
        for c, j in plan.red.items():
            self.slot_cells.setdefault(j, []).append(c)

    def give_up(self, supply: Sequence[int], geo: PadGeometry) -> None:
        if not self.slot_cells:
            return
        for node in self.nodes:
            node.progress = _give_up(node, self.slot_cells, supply, geo)


def _start(geo: PadGeometry, plan: Plan, prefix: Sequence[Turn]) -> Node:
    """The node after the turns ``prefix``, each a node of its own."""
    codes = bytes([BLA] * geo.size + [OFF])
    start = Node(Board(geo), codes, None, None, 0, 0, (0,) * len(plan.sizes))
    for done in prefix:
        board = start.board.copy()
        board.apply(turn_draws(done))
        start = Node(board, _drawn(start.codes, turn_draws(done)), start, done,
                     start.fog + isinstance(done, Fog), 0, start.progress)
    return start


def _drawn(codes: bytes, changes: Sequence[Change]) -> bytes:
    """``codes`` with ``changes`` drawn."""
    if not changes:
        return codes
    out = bytearray(codes)
    for c, icon in changes:
        out[c] = CODE[icon]
    return bytes(out)


def _select(candidates: Iterator[Candidate], plan: Plan, width: int
            ) -> tuple[list[Node], list[Node]]:
    """The next beam (at most ``width`` pads, each pad once) from the candidates (best
    first), and the pads the candidates finish with their third fog on the way."""
    beam: list[Node] = []
    finished: list[Node] = []
    keys: set[tuple[bytes, int]] = set()
    for h, parent, changes, what in candidates:
        fog = parent.fog + isinstance(what, Fog)
        codes = _drawn(parent.codes, changes)
        key = (codes, fog)
        if key in keys:
            continue
        keys.add(key)
        child = _child(parent, codes, changes, what, fog, h, plan)
        if fog == MAX_FOG:
            finished.append(child)
        else:
            beam.append(child)
        if len(beam) >= width:
            break
    return beam, finished


def _child(parent: Node, codes: bytes, changes: list[Change], what: Any, fog: int, h: int,
           plan: Plan) -> Node:
    """The node that ``what`` (a placement's triangle and icons, or a fog) leads to."""
    board = parent.board.copy()
    board.apply(changes)
    if isinstance(what, Fog):
        turn: Turn = what
    else:
        tri, icons = what
        turn = Place(((tri[0], icons[0]), (tri[1], icons[1]), (tri[2], icons[2])))
    progress = parent.progress
    for c, icon in changes:
        if icon == STAR and c in plan.red and progress[plan.red[c]] >= 0:
            now = list(progress)
            now[plan.red[c]] += 1
            progress = tuple(now)
    return Node(board, codes, parent, turn, fog, h, progress)


def _supply_suffix(rolls: Sequence[Roll]) -> list[tuple[int, ...]]:
    """Per roll index i: how many stars rolls i, i+1, … can still bring into each quadrant
    (entries 0–3) and in all (entry 4); a roll brings its S faces, or one star of the
    player's choosing."""
    out: list[tuple[int, ...]] = [(0, 0, 0, 0, 0)]
    for r in reversed(rolls):
        n = sum(1 for x in r.icons if x == STAR) + (r.third == STAR) + (r.third is None)
        last = list(out[-1])
        if n:
            for q in set(r.quadrants):
                last[q] += n
            last[4] += n
        out.append(tuple(last))
    return out[::-1]


def _give_up(node: Node, slot_cells: dict[int, list[int]], supply: Sequence[int],
             geo: PadGeometry) -> tuple[int, ...]:
    """``node``'s progress with every card marked -1 whose missing red stars the remaining
    rolls can no longer bring (its cells then open to other icons)."""
    progress = list(node.progress)
    cells = node.board.cells
    for j, cs in slot_cells.items():
        if progress[j] < 0:
            continue
        missing = [c for c in cs if cells[c] != STAR]
        if not missing:
            continue
        need = [0, 0, 0, 0]
        for c in missing:
            need[geo.quadrant[c]] += 1
        if any(c for c in missing if cells[c] != BLANK) or len(missing) > supply[4] or any(
                need[q] > supply[q] for q in range(4)):
            progress[j] = -1
    return tuple(progress)


# --------------------------------------------------------------------------- the whole beam

class _Expander:
    """Values every child of several beams at once (:class:`~.par_tables.Tables`) and hands
    each beam its children best first, earliest on ties, in the order of the scalar
    expansion: per parent, its placements (per triangle of the roll with an empty cell, per
    frame, the kept choices of the third icon best first; of the placements drawing nothing
    only the first), then its fogs when nothing can be placed or at most ``fog_window``
    cells are empty (a fog drawing nothing, then each cell of the rolled quadrants with each
    icon the fog may draw)."""

    def __init__(self, geo: PadGeometry, plans: Sequence[Plan], settings: ParSettings) -> None:
        self.units = settings.units
        self.ga: GeoArrays = geo_arrays(geo.cols, geo.rows)
        self.plans = PlanSet([plan_arrays(p, self.ga, settings.units) for p in plans])
        self.packing: dict[tuple[frozenset[int], tuple[int, ...]], int] = {}

    def candidates(self, beams: Sequence[_Beam], roll: Roll) -> list[Iterator[Candidate]]:
        """Per beam (its plan's index, its nodes and its run's settings), its candidates
        best first."""
        ga, w = self.ga, self.units
        nodes = [node for b in beams for node in b.nodes]
        row_plan = np.array([b.index for b in beams for _ in b.nodes], dtype=np.int64)
        B = len(nodes)
        codes = np.frombuffer(b"".join(node.codes for node in nodes), dtype=np.uint8
                              ).reshape(B, ga.n + 1).astype(np.int64)
        width = max(len(node.progress) for node in nodes)
        progress = np.full((B, width), -1, dtype=np.int64)
        for b, node in enumerate(nodes):
            progress[b, :len(node.progress)] = node.progress
        tables = Tables(ga, self.plans, row_plan, w, [node.board for node in nodes], codes,
                        progress, _open_part(ga.scope[frozenset(roll.quadrants)], codes),
                        self.packing)
        cells = tables.cells
        h = np.array([node.h for node in nodes], dtype=np.int64)[:, None]
        roll_frames = frames(roll)
        # placements: per frame one slot, or with the player's choice (every frame has it
        # then) THIRDS_KEPT slots, the best choices first and earliest on ties
        ns = len(cells)
        choice = None
        if ns:
            pv, pok, choice = _placements(tables, roll, roll_frames, h)
        else:  # no triangle left open on any pad of the beams
            pv, pok = np.empty((B, 0), dtype=np.int64), np.zeros((B, 0), dtype=np.bool_)
        slots = pv.shape[1] // ns if ns else 1
        # fogs: the cells of the rolled quadrants in order, each with the fog's icons
        fog_codes = [CODE[x] for x in fog_icons(roll)]
        empties = np.array([node.board.empty for node in nodes])
        window = np.array([b.settings.fog_window for b in beams for _ in b.nodes])
        fogging = ~pok.any(axis=1) | (empties <= window)
        nf, m = len(fog_codes), len(tables.here) - 1
        fog_v = np.empty((B, 1 + m * nf), dtype=np.int64)
        fog_ok = np.zeros((B, 1 + m * nf), dtype=np.bool_)
        fog_v[:, 0] = h[:, 0] - w.fog
        fog_ok[:, 0] = fogging
        if fogging.any():
            for k, icon in enumerate(fog_codes):
                fog_v[:, 1 + k::nf] = (h + tables.fog_values(icon)[:, :-1]) - w.fog
                fog_ok[:, 1 + k::nf] = tables.legal(icon)[:, :-1] & fogging[:, None]
        allv = np.concatenate([pv, fog_v], axis=1)
        allv[~np.concatenate([pok, fog_ok], axis=1)] = NEG
        span = allv.shape[1]
        flat_v = allv.ravel()
        decode = _Decoder(nodes, cells, tables.here, roll_frames, choice, slots, span,
                          [ICONS[c] for c in fog_codes], flat_v)
        # per beam, the children worth at least its FIRST-th best are ranked at once (all
        # beams in one sort); the rest only if a beam asks for more
        sizes = [len(b.nodes) for b in beams]
        starts = np.cumsum([0, *sizes]) * span
        # one cut for all: a beam's head and tail together are its children in rank
        # order whatever the cut, so the widest beam's serves them all
        first = 4 * max(b.settings.width for b in beams)
        padded = np.full((len(beams), max(sizes) * span), NEG, dtype=np.int64)
        for g in range(len(beams)):
            padded[g, :starts[g + 1] - starts[g]] = flat_v[starts[g]:starts[g + 1]]
        k = min(first, padded.shape[1])
        cut = np.partition(padded, padded.shape[1] - k, axis=1)[:, padded.shape[1] - k]
        group = np.repeat(np.arange(len(beams)), np.diff(starts))
        head = np.nonzero((flat_v >= cut[group]) & (flat_v > NEG))[0]
        head = head[np.lexsort((head, -flat_v[head], group[head]))]
        bounds = np.searchsorted(group[head], np.arange(len(beams) + 1))
        return [decode.ranked(head[bounds[g]:bounds[g + 1]], starts[g], starts[g + 1], cut[g])
                for g in range(len(beams))]


def _open_part(scope: Scope, codes: Any) -> Scope:
    """The part of ``scope`` that some pad of ``codes`` can still draw on: the triangles
    with an empty cell on some pad, and the cells empty on some pad or on such a triangle
    (the order of both kept, so that children keep their ranks)."""
    empty = (codes == BLA).any(axis=0)
    live = empty[scope.cells].any(axis=1)
    tris, cells = scope.tris[live], scope.cells[live]
    keep = empty[scope.here]
    keep[np.unique(scope.local[live])] = True
    keep[-1] = True  # the sentinel
    here = scope.here[keep]
    local = np.cumsum(keep) - 1
    return Scope(tris, cells, here, local[scope.local[live]])


def _placements(tables: Tables, roll: Roll, roll_frames: Sequence[Frame], h: Any
                ) -> tuple[Any, Any, Any]:
    """The placements of every pad: (B, ns × slots) values and validity, one slot a frame,
    or with the player's choice (every frame has it then) THIRDS_KEPT slots a frame, the best
    choices first and earliest on ties (their icons: the third array, B × ns × frames ×
    kept); of the placements drawing nothing only the first of each pad is valid."""
    B, ns = tables.B, len(tables.cells)
    orders = [[CODE[x] for x in frame] if q < 0 else
              [x if p == q else CODE[frame[p]] for p in range(3)]
              for frame, q in roll_frames for x in (range(len(ICONS)) if q >= 0 else [0])]
    every_v, every_ok = tables.orders(orders)
    choice = None
    if roll.third is None:
        shape = (B, ns, len(roll_frames), len(ICONS))
        rank = np.where(every_ok, every_v, NEG).reshape(shape)
        count = every_ok.reshape(shape).sum(axis=3)
        picks, kept = [], []
        for _ in range(THIRDS_KEPT):
            pick = rank.argmax(axis=3)[:, :, :, None]
            picks.append(pick)
            kept.append(np.take_along_axis(rank, pick, axis=3))
            np.put_along_axis(rank, pick, NEG, axis=3)
        choice = np.concatenate(picks, axis=3)  # (B, ns, frames, kept)
        pv = h[:, :, None] + np.concatenate(kept, axis=3).reshape(B, ns, -1)
        pok = count[:, :, :, None] > np.arange(THIRDS_KEPT)
        # a placement draws nothing when both dice are blank and so is the choice
        nothing = (choice == BLA) if roll.icons == (BLANK, BLANK) else None
    else:
        pv = h[:, :, None] + every_v
        pok = every_ok
        nothing = (np.ones(pok.shape, dtype=np.bool_)
                   if roll.icons == (BLANK, BLANK) and roll.third == BLANK else None)
    slots = pv.shape[2]
    pv = pv.reshape(B, ns * slots)
    is_open = (tables.codes[:, tables.cells] == BLA).any(axis=2)
    pok = (pok.reshape(B, ns, slots) & is_open[:, :, None]).reshape(B, ns * slots)
    if nothing is not None:
        draws_nothing = nothing.reshape(B, ns * slots) & pok
        for row in np.nonzero(draws_nothing.any(axis=1))[0]:
            later = np.nonzero(draws_nothing[row])[0][1:]
            pok[row, later] = False  # of the placements drawing nothing, only the first
    return pv, pok, choice


class _Decoder:
    """Turns ranked flat indices of the children arrays back into candidates."""

    def __init__(self, nodes: Sequence[Node], cells: Any, here: Any,
                 roll_frames: Sequence[Frame], choice: Any, slots: int, span: int,
                 fog_icons_: Sequence[str], values: Any) -> None:
        self.nodes, self.cells, self.frames = nodes, cells, roll_frames
        self.here = here.tolist()
        self.choice, self.slots, self.span = choice, slots, span
        self.place = len(cells) * slots
        self.fog_icons, self.values = fog_icons_, values

    def ranked(self, head: Any, start: int, stop: int, cut: int) -> Iterator[Candidate]:
        """A beam's children: ``head`` (those worth at least ``cut``, ranked), then the
        other valid ones among flat indices ``start`` to ``stop``, best first and earliest
        on ties."""
        yield from self._decode(head)
        values = self.values[start:stop]
        tail = np.nonzero((values < cut) & (values > NEG))[0]
        yield from self._decode(tail[np.lexsort((tail, -values[tail]))] + start)

    def _decode(self, ranked: Any) -> Iterator[Candidate]:
        place, nf = self.place, len(self.fog_icons)
        for flat in ranked.tolist():
            b, j = divmod(flat, self.span)
            node = self.nodes[b]
            h = int(self.values[flat])
            if j < place:
                t, s = divmod(j, self.slots)
                tri = tuple(self.cells[t].tolist())
                if self.choice is None:
                    icons = list(self.frames[s][0])
                else:
                    f, k = divmod(s, THIRDS_KEPT)
                    frame, q = self.frames[f]
                    icons = list(frame)
                    icons[q] = ICONS[int(self.choice[b, t, f, k])]
                changes = [(tri[p], x) for p, x in enumerate(icons) if x != BLANK]
                yield h, node, changes, (tri, tuple(icons))
            elif j == place:
                yield h, node, [], Fog()
            else:
                c, k = divmod(j - place - 1, nf)
                c = self.here[c]
                icon = self.fog_icons[k]
                yield h, node, [(c, icon)], Fog(c, icon)
