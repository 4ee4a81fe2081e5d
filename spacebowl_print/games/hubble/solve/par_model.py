"""A solo challenge as one CP-SAT model: every legal play is a solution, its objective the
pad's exact score (docs/hubble.md, *Par*).

Decisions, per roll ``i`` (the rolls in order):

- ``place[i]`` (the Scope on one triangle ``z[i, t]`` the roll allows), ``fog[i]``, or
  ``ended[i]`` (the game is over: exactly when three fogs came before roll ``i``);
- ``y[i, c, x]``: roll ``i`` draws icon ``x`` in cell ``c`` of its two quadrants. A
  placement draws each non-blank icon of its Scope once, on cells of its triangle; with the
  third icon the player's choice, ``u[i, x]`` picks it (``.`` too). A fog draws at most one
  of the Scope's non-blank icons (``f[i, x]``) in any cell of the rolled quadrants;
- a cell takes at most one icon in the whole game (a drawn icon needs an empty cell; a
  blank draws nothing, so a triangle's blank positions may lie on drawn cells).

Score, every category exactly (the maximum over the model's free choices is the pad's score):

- galaxies: 11 × a variable at most every quadrant's count;
- planets: per line, its planets when at least 2 (a line flag that needs 2 planets);
- asteroids: 8 × disjoint all-asteroid triangles (a packing the model chooses);
- comets: 5 per comet − 10 per group + a small bonus by group size (1 → 5, 2 → 4, 3 → 2,
  4 → 1, more → 0), which is 0, 4, 7, 11, 15, +5 each further. Groups are clusters that
  the model grows from a root along comet–comet neighbours (a flow of one unit per comet):
  splitting a group never scores more (the points are superadditive), so the best
  clustering is the groups themselves;
- constellations: per card at most one placement whose red cells are stars, its purple
  stars counted when they are stars, each star serving at most one card.

So every legal play maps to a solution worth exactly its score, every solution is a legal
play worth at most its pad's score, and the optimum is the best score a play can reach: the
solver's objective bound is a proved upper bound on par.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spacebowl_print.core import cpsat
from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    Fog,
    Place,
    PlayLog,
    Roll,
    Turn,
)
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import (
    ASTEROID,
    BLANK,
    COMET,
    DRAWN_ICONS,
    GALAXY,
    PLANET,
    STAR,
    PadGeometry,
)
from spacebowl_print.games.hubble.model.pad import MAX_FOG
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.scoring import GALAXY_POINTS
from spacebowl_print.games.hubble.solve.moves import fogs, placements, turn_draws

ASTEROID_POINTS = 8
COMET_BONUS = (0, 5, 4, 2, 1)
"""A comet group's points are 5 × its size − 10 + this bonus by size (0 from 5 on)."""


Draw = tuple[tuple[int, str], ...]
"""What an answer to a roll draws: (cell, icon) pairs, cells ascending."""


@dataclass
class RollVars:
    """One roll's answers, each a literal: the placements (one per distinct set of drawn
    icons, with one triangle and order that draws it), the fogs (nothing, or one icon in one
    cell), and last the end of the game."""

    answers: list[Any]
    turns: list[Turn | None]  # per answer: the turn, or None for the end of the game
    draws: list[Draw]
    fog: Any  # whether the answer is a fog

    def index(self, turn: Turn | None) -> int:
        """The answer that plays ``turn`` (``None``: the end of the game)."""
        if turn is None:
            return len(self.turns) - 1
        d = tuple(sorted(turn_draws(turn)))
        return next(k for k, (t, dk) in enumerate(zip(self.turns, self.draws, strict=True))
                    if dk == d and isinstance(t, type(turn)))


@lru_cache(maxsize=64)  # one challenge's 19 or so rolls; rolls rarely repeat across days, and
# 4,096 entries of several thousand answers each grew a long site's memory by 3 MB a day
def answers(roll: Roll, geo: PadGeometry) -> tuple[tuple[Turn, ...], tuple[Draw, ...]]:
    """Every answer to ``roll`` on an empty pad, one per distinct drawing: the placements
    (in :func:`~.moves.placements` order, the first of each drawing), a fog drawing nothing,
    then the one-icon fogs; and what each draws (cached: every neighbourhood asks again)."""
    turns: list[Turn] = []
    draws: list[Draw] = []
    seen: set[Draw] = set()
    for move in placements(BLANK * geo.size, roll, geo):
        # sorted already: a move's cells are its triangle's, which the geometry lists sorted
        d = tuple((c, x) for c, x in move if x != BLANK)
        if d not in seen:
            seen.add(d)
            turns.append(Place(move))
            draws.append(d)
    turns.append(Fog())
    draws.append(())
    for c, x in fogs(BLANK * geo.size, roll, geo):
        turns.append(Fog(c, x))
        draws.append(((c, x),))
    return tuple(turns), tuple(draws)


class PadScore:
    """The score of a pad drawn in a CP-SAT model: ``x[cell, icon]`` is true where the pad
    holds ``icon`` (a key missing: never). :meth:`score` adds every category exactly (see
    the module) and maximises the total."""

    model: Any
    geo: PadGeometry
    cards: Sequence[Constellation]
    x: dict[tuple[int, str], Any]

    def score(self) -> None:
        """Add the score's variables and maximise it (``parts`` per category, and
        ``objective``)."""
        self.parts = {"galaxy": self._galaxies(), "planet": self._planets(),
                      "asteroid": self._asteroids(), "comet": self._comets(),
                      "stars": self._stars()}
        self.objective = sum(self.parts.values())
        self.model.maximize(self.objective)

    def _count(self, cells: Sequence[int], icon: str) -> Any:
        return sum(self.x[c, icon] for c in cells if (c, icon) in self.x)

    def _galaxies(self) -> Any:
        m, geo = self.model, self.geo
        low = m.new_int_var(0, geo.size, "gmin")
        for q in range(4):
            m.add(low <= self._count(geo.quadrant_cells[q], GALAXY))
        return GALAXY_POINTS * low

    def _planets(self) -> Any:
        m, geo = self.model, self.geo
        total = []
        for k, line in enumerate(geo.lines):
            if len(line) < 2:
                continue
            count = self._count(line, PLANET)
            pts = m.new_int_var(0, len(line), f"pl{k}")
            scores = m.new_bool_var(f"pb{k}")
            m.add(pts <= count)
            m.add(pts <= len(line) * scores)
            m.add(count >= 2 * scores)
            total.append(pts)
        return sum(total)

    def _asteroids(self) -> Any:
        m, geo = self.model, self.geo
        self.packed: dict[int, Any] = {}
        by_cell: dict[int, list[Any]] = {}
        for t, tri in enumerate(geo.triangles):
            if all((c, ASTEROID) in self.x for c in tri):
                v = m.new_bool_var(f"a{t}")
                for c in tri:
                    m.add_implication(v, self.x[c, ASTEROID])
                    by_cell.setdefault(c, []).append(v)
                self.packed[t] = v
        for lits in by_cell.values():
            m.add_at_most_one(lits)
        return ASTEROID_POINTS * sum(self.packed.values())

    def _comets(self) -> Any:
        m, geo = self.model, self.geo
        n = geo.size
        cells = [c for c in range(n) if (c, COMET) in self.x]
        if not cells:
            return 0
        here = set(cells)
        flow_in: dict[int, list[Any]] = {c: [] for c in cells}
        flow_out: dict[int, list[Any]] = {c: [] for c in cells}
        for a in cells:
            for b in geo.neighbours[a]:
                if b in here:
                    v = m.new_int_var(0, len(cells) - 1, f"cf{a}_{b}")
                    m.add(v == 0).only_enforce_if(~self.x[a, COMET])
                    m.add(v == 0).only_enforce_if(~self.x[b, COMET])
                    flow_out[a].append(v)
                    flow_in[b].append(v)
        roots, bonus = [], []
        for c in cells:
            root = m.new_bool_var(f"cr{c}")
            size = m.new_int_var(0, len(cells), f"cs{c}")
            m.add_implication(root, self.x[c, COMET])
            m.add(size == 0).only_enforce_if(~root)
            m.add(size >= 1).only_enforce_if(root)
            # a root supplies its cluster; every comet takes one unit
            m.add(size + sum(flow_in[c]) - sum(flow_out[c]) == self.x[c, COMET])
            b = m.new_int_var(0, max(COMET_BONUS), f"cb{c}")
            table = [COMET_BONUS[k] if k < len(COMET_BONUS) else 0
                     for k in range(len(cells) + 1)]
            m.add_element(size, table, b)
            roots.append(root)
            bonus.append(b)
        return 5 * sum(self.x[c, COMET] for c in cells) - 10 * sum(roots) + sum(bonus)

    def _stars(self) -> Any:
        m, geo = self.model, self.geo
        serves: dict[int, list[Any]] = {}
        total = []
        self.card_vars: list[list[tuple[stars.Placement, Any]]] = []
        for j, card in enumerate(self.cards):
            options = []
            for k, p in enumerate(stars.placements(card, geo.cols, geo.rows)):
                if not all((c, STAR) in self.x for c in p.red):
                    continue
                w = m.new_bool_var(f"w{j}_{k}")
                for c in p.red:
                    m.add_implication(w, self.x[c, STAR])
                    serves.setdefault(c, []).append(w)
                total.append(card.value * w)
                if card.bonus:
                    for pc in p.purple:
                        if pc is not None and (pc, STAR) in self.x:
                            v = m.new_bool_var(f"v{j}_{k}_{pc}")
                            m.add_implication(v, w)
                            m.add_implication(v, self.x[pc, STAR])
                            serves.setdefault(pc, []).append(v)
                            total.append(card.bonus * v)
                options.append((p, w))
            m.add_at_most_one(w for _, w in options)
            self.card_vars.append(options)
        for lits in serves.values():
            m.add_at_most_one(lits)
        return sum(total)


class ParModel(PadScore):
    """The CP-SAT model of ``challenge`` with its dealt ``cards`` (see the module). The rolls
    in ``fixed`` keep the answer given there (``None``: the game is over by then) and have no
    variables: a neighbourhood of the large-neighbourhood search is the model with every
    other roll fixed to the incumbent play. Answers that would draw on a cell a fixed roll
    draws on are left out."""

    def __init__(self, challenge: Challenge, cards: Sequence[Constellation],
                 fixed: Mapping[int, Turn | None] | None = None) -> None:
        cp = cpsat.cp_model()
        self.challenge = challenge
        self.cards = cards
        self.geo = geo = challenge.geometry
        self.model = m = cp.CpModel()
        self.fixed = fixed = fixed or {}
        n = geo.size
        taken = {c for t in fixed.values() if t is not None for c, _ in turn_draws(t)}
        self.rolls: dict[int, RollVars] = {}
        drawn: dict[tuple[int, str], list[Any]] = {}
        fogs_before: list[Any] = []
        for i, roll in enumerate(challenge.rolls):
            if i in fixed and fixed[i] is not None:
                turn = fixed[i]
                for key in [] if turn is None else turn_draws(turn):
                    drawn.setdefault(key, []).append(1)
                m.add(sum(fogs_before) <= MAX_FOG - 1)
                fogs_before.append(int(isinstance(turn, Fog)))
                continue
            # a roll fixed after the game's end may still be played as a fog drawing
            # nothing, should a freed roll before it no longer fog
            rv = self._roll(i, roll, taken, i in fixed)
            self.rolls[i] = rv
            for lit, d in zip(rv.answers, rv.draws, strict=True):
                for key in d:
                    drawn.setdefault(key, []).append(lit)
            ended = rv.answers[-1]
            # the game ends exactly at the third fog
            m.add(sum(fogs_before) >= MAX_FOG).only_enforce_if(ended)
            m.add(sum(fogs_before) <= MAX_FOG - 1).only_enforce_if(~ended)
            fogs_before.append(rv.fog)
        m.add(sum(fogs_before) <= MAX_FOG)
        # the pad: x[c, icon] = some roll drew icon in c; a cell takes one icon at most
        self.x: dict[tuple[int, str], Any] = {}
        for c in range(n):
            here = []
            for icon in DRAWN_ICONS:
                lits = drawn.get((c, icon), [])
                if lits:
                    v = m.new_bool_var(f"x{c}{icon}")
                    m.add(v == sum(lits))
                    self.x[c, icon] = v
                    here.append(v)
            if here:
                m.add_at_most_one(here)
        self.score()

    # ------------------------------------------------------------------ the rolls

    def _roll(self, i: int, roll: Roll, taken: set[int], over: bool = False) -> RollVars:
        m = self.model
        turns, draws = [], []
        for t, d in zip(*answers(roll, self.geo), strict=True):
            if (t == Fog() if over else not any(c in taken for c, _ in d)):
                turns.append(t)
                draws.append(d)
        lits = [m.new_bool_var(f"r{i}_{k}") for k in range(len(turns))]
        ended = m.new_bool_var(f"e{i}")
        fog = m.new_bool_var(f"g{i}")
        m.add(fog == sum(lit for lit, t in zip(lits, turns, strict=True) if isinstance(t, Fog)))
        m.add_exactly_one([*lits, ended])
        return RollVars([*lits, ended], [*turns, None], [*draws, ()], fog)

    # ------------------------------------------------------------------ plays

    def hint_values(self, play: PlayLog) -> dict[Any, int]:
        """The decision literals' values for ``play`` (a legal log of this challenge that
        agrees with the fixed rolls; a log that stops before its third fog goes on with fogs
        drawing nothing)."""
        out: dict[Any, int] = {}
        fogs_seen = 0
        for i in range(len(self.challenge.rolls)):
            turn = play.turns[i] if i < len(play.turns) else None
            if turn is None and fogs_seen < MAX_FOG:
                turn = Fog()
            fogs_seen += isinstance(turn, Fog)
            rv = self.rolls.get(i)
            if rv is None:
                continue
            for lit in rv.answers:
                out[lit] = 0
            out[rv.answers[rv.index(turn)]] = 1
        return out

    def play(self, value: Any) -> PlayLog:
        """The play log of a solution (``value(literal) -> int``)."""
        turns: list[Turn] = []
        for i in range(len(self.challenge.rolls)):
            rv = self.rolls.get(i)
            turn = self.fixed.get(i) if rv is None else next(
                t for lit, t in zip(rv.answers, rv.turns, strict=True) if value(lit))
            if turn is None:
                break
            turns.append(turn)
        return PlayLog(self.challenge.id, tuple(turns))
