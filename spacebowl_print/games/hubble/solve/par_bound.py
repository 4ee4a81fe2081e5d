"""A proved upper bound on a challenge's best score, cheaper to prove than the play model's.

The *supply relaxation* keeps the pad and its exact score (:class:`~.par_model.PadScore`)
but forgets where on the rolled quadrants a roll's icons fall together: each roll brings its
Scope's non-blank icons (the player's third icon of any kind where it is theirs to choose)
into either of its two quadrants, every roll may be used, and a cell takes one icon at most.
Every legal play's pad satisfies that (a placement's icons lie in the rolled quadrants, a
fog draws one of the Scope's icons there, and the game may end earlier), so the relaxation's
optimum — and CP-SAT's proved bound on it — is at least any play's score. It is far smaller
than the play model (no answers, no order), so CP-SAT closes much of its gap within the
budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacebowl_print.core import cpsat
from spacebowl_print.games.hubble.model.challenge import Challenge
from spacebowl_print.games.hubble.model.constellations import Constellation
from spacebowl_print.games.hubble.model.geometry import BLANK, DRAWN_ICONS
from spacebowl_print.games.hubble.solve.par_model import PadScore


class SupplyModel(PadScore):
    """The supply relaxation of ``challenge`` (see the module)."""

    def __init__(self, challenge: Challenge, cards: Sequence[Constellation]) -> None:
        self.challenge = challenge
        self.cards = cards
        self.geo = geo = challenge.geometry
        self.model = m = cpsat.cp_model().CpModel()
        # per quadrant and icon: how many the rolls may bring there
        supply: dict[tuple[int, str], list[Any]] = {}
        for i, roll in enumerate(challenge.rolls):
            natural = [x for x in (*roll.icons, roll.third) if x not in (None, BLANK)]
            choice: dict[str, Any] = {}
            if roll.third is None:
                choice = {x: m.new_bool_var(f"u{i}{x}") for x in DRAWN_ICONS}
                m.add_at_most_one(choice.values())
            for x in DRAWN_ICONS:
                most = natural.count(x) + (1 if x in choice else 0)
                if not most:
                    continue
                split = [m.new_int_var(0, most, f"s{i}{x}{q}") for q in roll.quadrants]
                m.add(sum(split) <= natural.count(x) + choice.get(x, 0))
                for q, v in zip(roll.quadrants, split, strict=True):
                    supply.setdefault((q, x), []).append(v)
        self.x = {}
        for c in range(geo.size):
            here = []
            for x in DRAWN_ICONS:
                if (geo.quadrant[c], x) in supply:
                    v = self.x[c, x] = m.new_bool_var(f"x{c}{x}")
                    here.append(v)
            if here:
                m.add_at_most_one(here)
        for (q, x), bring in supply.items():
            m.add(sum(self.x[c, x] for c in geo.quadrant_cells[q] if (c, x) in self.x)
                  <= sum(bring))
        self.score()


def supply_bound(challenge: Challenge, cards: Sequence[Constellation], floor: int,
                 time: float, seed: int) -> int:
    """CP-SAT's proved upper bound on the supply relaxation of ``challenge`` within the
    deterministic ``time`` (one worker, ``seed``), never below ``floor`` (a score some play
    reaches)."""
    relaxed = SupplyModel(challenge, cards)
    solver = cpsat.new_solver()
    p = solver.parameters
    p.num_workers = 1
    p.random_seed = seed
    p.max_deterministic_time = time
    p.linearization_level = 2
    status = cpsat.solve(solver, relaxed.model)
    cp = cpsat.cp_model()
    if status not in (cp.OPTIMAL, cp.FEASIBLE, cp.UNKNOWN):
        raise RuntimeError(f"the bound model of {challenge.id} is {solver.status_name(status)}")
    bound = solver.best_objective_bound
    if status == cp.UNKNOWN and bound >= 2 ** 40:  # no bound within the budget
        raise RuntimeError(f"no bound for {challenge.id} within the budget")
    return max(floor, int(bound + 1e-6))
