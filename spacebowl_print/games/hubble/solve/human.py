"""A human model of a Hubble player: five named techniques, each a way of playing a solo
challenge that a person can be taught, from the obvious to the studied.

1. **greedy per roll** — draw where the roll scores most now (the calibration player,
   :mod:`~.greedy`);
2. **plan a constellation** — choose where one dealt card will go, keep its hexes for stars,
   and meanwhile draw where comets, planets and asteroids can still grow (one pad kept in
   mind, the cheapest star plan, fogs only when nothing can be placed);
3. **look ahead and time the fogs** — keep two pads in mind and two star plans, and fog on
   purpose when the pad is nearly full, so the last icons go where they score;
4. **weigh several plans** — four pads in mind, three star plans;
5. **full search** — the par solver's beam search (eight pads, six plans, then a polish turn
   by turn): the most a person could work out with pencil and patience.

The player of tier *k* knows techniques 1 to *k* and keeps the best total any of them
reaches (a player who knows more can always play the simpler way), so its total never falls
as *k* grows. Every play is replayed by the legality checker and scored by the engine.
Deterministic, like the par solver it borrows the beam search from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from spacebowl_print.games.hubble.model.challenge import Challenge, PlayLog
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import STAR
from spacebowl_print.games.hubble.rules import stars
from spacebowl_print.games.hubble.rules.legality import replay
from spacebowl_print.games.hubble.rules.scoring import score_pad
from spacebowl_print.games.hubble.solve.par import (
    ParResult,
    ParSettings,
    beam_par,
    greedy_floor,
    plans_for,
)
from spacebowl_print.games.hubble.solve.par_beam import beam_runs
from spacebowl_print.games.hubble.solve.par_node import Node
from spacebowl_print.games.hubble.solve.par_plans import Plan

TECHNIQUES = ("greedy per roll", "plan a constellation", "look ahead and time the fogs",
              "weigh several plans", "full search")
"""The techniques in the order a player learns them; the player of tier k knows the first k."""

_BEAMS = {2: ParSettings(width=1, plans=1, fog_window=0, exact=None),
          3: ParSettings(width=2, plans=2, exact=None),
          4: ParSettings(width=4, plans=3, exact=None)}
"""The beam search each middle technique plays with (techniques 1 and 5: see the module)."""


@dataclass
class HumanModel:
    """The totals of one challenge's techniques, played on demand and remembered."""

    challenge: Challenge
    cards: Sequence[Constellation]
    plays: dict[int, int] = field(default_factory=dict)
    """Technique number → the total its own play reaches."""
    beam: ParResult | None = None
    """The full search's play (technique 5): the beam search's par, kept for the par."""
    _plans: list[Plan] | None = None
    _greedy: tuple[PlayLog, int] | None = None

    def plans(self) -> list[Plan]:
        """The full search's star plans (then the plan-free ones), made once: a technique
        with fewer plans takes the first of them, the same plans it would make itself
        (:func:`~.par_plans.star_plans` lists a prefix of the longer list)."""
        if self._plans is None:
            self._plans = plans_for(self.challenge, self.cards, ParSettings())
        return self._plans

    def greedy(self) -> tuple[PlayLog, int]:
        """The greedy player's log and total (technique 1), played once: the full search
        starts from them too."""
        if self._greedy is None:
            self._greedy = greedy_floor(self.challenge, self.cards)
        return self._greedy

    def technique(self, k: int) -> int:
        """The total technique ``k`` (1–5) reaches on its own."""
        got = self.plays.get(k)
        if got is None:
            if k == 1:
                got = self.plays[k] = self.greedy()[1]
            elif k == 5:
                self.beam = beam_par(self.challenge, self.cards, plans=self.plans(),
                                     greedy=self.greedy())
                got = self.plays[k] = self.beam.score.total
            else:
                self.prepare((k,))
                got = self.plays[k]
        return got

    def prepare(self, ks: Iterable[int]) -> None:
        """Play those of the middle techniques (2–4) in ``ks`` not played yet, together: their
        beams advance as one batch (:func:`~.par_beam.beam_runs`), each with its own width,
        plans and fog window, so each reaches the total it reaches alone, for little more
        than the widest one's cost."""
        todo = sorted({k for k in ks if k in _BEAMS and k not in self.plays})
        if not todo:
            return
        plans = self.plans()
        runs = [(plans[:_BEAMS[k].plans], _BEAMS[k]) for k in todo]
        memo: dict[bytes, int] = {}
        for k, finals in zip(todo, beam_runs(self.challenge, runs), strict=True):
            self.plays[k] = _best_total(self.challenge, self.cards, finals, _BEAMS[k].width,
                                        memo)

    def player(self, k: int) -> int:
        """The total of the player who knows techniques 1 to ``k``: the best of them."""
        return max(self.technique(j) for j in range(1, k + 1))


def _best_total(challenge: Challenge, cards: Sequence[Constellation],
                finals: Sequence[list[Node]], width: int, memo: dict[bytes, int]) -> int:
    """The best engine total among the ``width`` best-valued pads each of a technique's
    beams finished (``memo``: the stars' points by where the stars are, shared)."""
    best = 0
    for pads in finals:
        pads.sort(key=lambda n: -n.h)
        for node in pads[:width]:
            cells = "".join(node.board.cells)
            key = bytes(x == STAR for x in cells)
            if key not in memo:
                memo[key] = stars.best(cells, cards, challenge.geometry)[0]
            total = node.board.score() + memo[key]
            if total > best:
                # the engine has the last word on the play the search kept
                play = PlayLog(challenge.id, tuple(node.turns()))
                best = max(best, score_pad(replay(challenge, play), cards).total)
    return best
