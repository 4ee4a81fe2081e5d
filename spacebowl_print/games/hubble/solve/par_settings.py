"""The par solver's knobs: how hard it works (:class:`ParSettings`) and the potentials its
beam search adds to a pad's exact score without stars (:class:`Weights`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """The potentials of the beam search's valuation (points per item)."""

    star_red: float = 4.0  # × the card's value, shared over its red stars …
    star_curve: float = 1.0  # … growing as (stars drawn / red stars) ** curve
    star_done: float = 0.0  # × the card's value, once all its red stars are drawn
    star_purple: float = 1.0  # × the card's bonus
    free_star: float = 0.8  # without a plan: × the card's value, shared over its red stars
    lone_comet: float = 0.5
    lone_planet_line: float = 0.5
    asteroid_pair: float = 0.5
    spare_galaxy: float = 0.0
    empty_cell: float = 1.5
    fog: float = 3.0


@dataclass(frozen=True)
class ParSettings:
    """How hard the solver works: beam width, number of star plans, fog window."""

    width: int = 8
    plans: int = 6
    fog_window: int = 16  # fogs are tried once this few cells are empty
    weights: Weights = Weights()
    reference: bool = False
    """Value the beam's children and polish with the scalar reference paths (slow: tests
    and benchmarks compare the fast paths against them; the result is the same)."""
