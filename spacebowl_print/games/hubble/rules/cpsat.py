"""CP-SAT as the rules' second path (asteroid packing, stars score): one worker, a fixed
seed, and an answer proved optimal or an error."""

from __future__ import annotations

from typing import Any

from spacebowl_print.core import cpsat

CPSAT_SEED = 20270104


def solve_proved(model: Any, what: str, budget: float | None = None) -> Any:
    """Solve ``model`` (a ``cp_model.CpModel``) and return the solver, to read values from.
    Raises ``RuntimeError`` unless the solver proves its answer optimal; ``what`` names the
    answer in the message. With a ``budget`` (deterministic seconds: the same work on any
    machine), running out of it raises ``TimeoutError``."""
    solver = cpsat.new_solver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = CPSAT_SEED
    if budget is not None:
        solver.parameters.max_deterministic_time = budget
    status = cpsat.solve(solver, model)
    if budget is not None and status in (cpsat.cp_model().FEASIBLE, cpsat.cp_model().UNKNOWN):
        raise TimeoutError(f"CP-SAT did not prove {what} within {budget} deterministic seconds")
    if status != cpsat.cp_model().OPTIMAL:
        raise RuntimeError(f"CP-SAT did not prove {what} optimal "
                           f"(status {solver.status_name(status)})")
    return solver
