"""Solvers: the CP-SAT deck designer and the galaxy builder (hybrid sampling / CP-SAT).

Public API::

    design_deck(base, *, name, title, cards, per_card, black_holes, target_none, target_mean,
                max_copies, seed, galaxies, max_attempts) -> DesignResult
    build_galaxy(deck, toss, solutions, near_misses, size, rotation, torus, void, wild_needed,
                 seed, strategy, *, near_misses_max, exclude, wild_matters) -> BuildResult
    build_galaxies(deck, requests, size, rotation, torus, void, seed, pool, rounds)
        -> list[BuildResult]
    try_build_galaxies(deck, requests, size, rotation, torus, void, seed, pool, rounds,
                       work_limit) -> list[BuildResult | InputError]  (failures in place)

``BuildRequest(toss, solutions, near_misses, wild_needed, near_misses_max, exclude,
wild_matters)`` is one galaxy of a batch. Errors are raised at the argument's name, which the
command line maps to its option.
"""

from spacebowl_print.games.spacebowl.solve.deck_design import DesignResult, design_deck
from spacebowl_print.games.spacebowl.solve.galaxy_build import (
    STRATEGIES,
    BuilderBug,
    BuildRequest,
    BuildResult,
    build_galaxies,
    build_galaxy,
    try_build_galaxies,
)

__all__ = [
    "STRATEGIES", "BuildRequest", "BuildResult", "BuilderBug", "DesignResult", "build_galaxies",
    "build_galaxy", "design_deck", "try_build_galaxies",
]
