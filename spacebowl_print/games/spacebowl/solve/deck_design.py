"""The deck designer: a CP-SAT model over the card multiset, checked by the exact statistics.

The model (:mod:`solve.deck_model`) chooses how many cards show each planet set, which show a
black hole and what decoys each card shows, under named constraint groups (card count,
copies, planet and pair balance, black holes, decoys) so that an infeasible request can say
which of them conflict.

Difficulty is the objective, not a constraint group: :mod:`solve.difficulty`
estimates the share of no-solution tosses and the mean number of solutions from the deck's
containment frequencies, and the model uses its first-order expansion — a linear function of
the type counts — around a reference deck, minimising the distance of both proxies from the
middle fifth of their target bands. The reference is moved to each solution until proxy and
estimate agree (sequential linearisation). The deck is then verified with the exact counter
(:func:`rules.stats.deck_stats`); if the verified figures miss the band, the
estimate's error on this deck is measured and the model re-solved with the goal shifted by
it, up to ``max_attempts`` verifications. A band the closest deck cannot reach is reported
with the figures that deck does reach. Within the goal zone the objective prefers distinct
planet sets (variety), then seeded preferences for which sets carry black holes and which
decoys each card shows, so different seeds give different decks.

Determinism: CP-SAT runs on one worker with a fixed ``random_seed`` and a *deterministic* time
limit, the model is built in a fixed order, and the seeded preferences come from one numpy
Generator, so a seed gives the same deck on a given install.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

import numpy as np

from spacebowl_print import __version__
from spacebowl_print.games.spacebowl.model import Card, Deck, InputError
from spacebowl_print.games.spacebowl.rules.stats import deck_stats
from spacebowl_print.games.spacebowl.solve.deck_model import (
    GROUPS,
    Band,
    DeckSpec,
    Goal,
    SolvedDeck,
    preferences,
    solve_deck,
)
from spacebowl_print.games.spacebowl.solve.difficulty import DifficultyEstimate, Floats, Linear

__all__ = ["GENERATOR", "GROUPS", "DesignResult", "design_deck"]

GENERATOR = f"spacebowl_print {__version__} deck-design/1"
_LINEAR_TOLERANCE = 0.004  # accept a linearisation when proxy and estimate agree this well
_MAX_RELINEARISE = 5


@dataclass(frozen=True)
class DesignResult:
    """A designed deck and how it was obtained.

    ``proxy_*`` are the linear proxy's figures for the final deck (what the CP-SAT model saw),
    ``estimate_*`` the analytic estimate it linearises, ``verified_*`` the exact figures of
    :func:`~rules.stats.deck_stats` over ``galaxies`` seeded deals (base game).
    ``attempts`` counts exact verifications, ``solves`` CP-SAT solves, ``seconds`` wall time.
    """

    deck: Deck
    proxy_none: float
    proxy_mean: float
    estimate_none: float
    estimate_mean: float
    verified_none: float
    verified_mean: float
    galaxies: int
    attempts: int
    solves: int
    seconds: float
    sizes: dict[int, int] = field(default_factory=dict)

    def report(self) -> str:
        """A short human-readable report (a few lines)."""
        sizes = ", ".join(f"{n} with {k}" for k, n in sorted(self.sizes.items()))
        bh = sum(c.black_hole for c in self.deck.cards)
        return "\n".join([
            f"deck {self.deck.name}: {len(self.deck.cards)} cards "
            f"(planets per card: {sizes}), {bh} black holes, seed {self.deck.seed}",
            f"share of no-solution tosses: proxy {self.proxy_none:.3f}, "
            f"verified {self.verified_none:.3f}",
            f"mean solutions per toss:     proxy {self.proxy_mean:.3f}, "
            f"verified {self.verified_mean:.3f}",
            f"{self.solves} CP-SAT solves, {self.attempts} exact verification(s) over "
            f"{self.galaxies} galaxies, {self.seconds:.2f} s",
        ])


@dataclass(frozen=True)
class _Candidate:
    """A solved deck with the linear proxies it was solved against and its estimate."""

    solved: SolvedDeck
    lin_none: Linear
    lin_mean: Linear
    estimate: tuple[float, float]

    @property
    def proxy(self) -> tuple[float, float]:
        return self.lin_none(self.solved.x), self.lin_mean(self.solved.x)


def _zone(band: Band) -> Band:
    """The middle fifth of ``band``: aimed at, so the verified figure lands well inside."""
    mid, half = (band[0] + band[1]) / 2, (band[1] - band[0]) / 10
    return mid - half, mid + half


@dataclass
class _Designer:
    """One design run: the request, its seeded preferences, and what it learnt so far (the
    linearisation point, the estimate's measured error, the decks already verified)."""

    spec: DeckSpec
    base: Deck
    name: str
    title: str
    seed: int
    galaxies: int
    estimate: DifficultyEstimate = field(init=False)
    x_ref: Floats = field(init=False)
    shift: tuple[float, float] = (0.0, 0.0)  # exact − estimate on the last verified deck
    solves: int = 0
    verified: dict[tuple[Card, ...], tuple[float, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.estimate = DifficultyEstimate(self.spec.types)
        self.prefs = preferences(self.spec, self.seed)
        self.x_ref = np.full(len(self.spec.types), self.spec.cards / len(self.spec.types))

    def solve(self) -> _Candidate:
        """Solve, re-linearising the estimate around each solution until proxy and estimate
        agree (or :data:`_MAX_RELINEARISE` solves)."""
        for _ in range(_MAX_RELINEARISE):
            lin_none, lin_mean = self.estimate.linearise(self.x_ref)
            goal = Goal(lin_none, lin_mean, _zone(self.spec.none_band),
                        _zone(self.spec.mean_band), self.shift)
            solved = solve_deck(self.spec, goal, self.prefs, self.seed)
            self.solves += 1
            est_none, est_mean = self.estimate.estimate(solved.x)
            agree = (abs(est_none - lin_none(solved.x)) <= _LINEAR_TOLERANCE
                     and abs(est_mean - lin_mean(solved.x)) <= 10 * _LINEAR_TOLERANCE)
            self.x_ref = solved.x
            if agree:
                break
        return _Candidate(solved, lin_none, lin_mean, (est_none, est_mean))

    def deck(self, candidate: _Candidate) -> Deck:
        """The candidate as a deck, its design table recording the request and the proxy."""
        spec, (proxy_none, proxy_mean) = self.spec, candidate.proxy
        design: dict[str, object] = {
            "generator": GENERATOR,
            "cards": spec.cards,
            "per_card": f"{spec.per_card[0]}-{spec.per_card[1]}",
            "black_holes": spec.black_holes,
            "max_copies": spec.max_copies,
            "target_none": f"{spec.none_band[0]:g}-{spec.none_band[1]:g}",
            "target_mean": f"{spec.mean_band[0]:g}-{spec.mean_band[1]:g}",
            "proxy_share_none": round(proxy_none, 4),
            "proxy_mean_solutions": round(proxy_mean, 4),
        }
        return _make_deck(spec, candidate.solved, self.base, self.name, self.title, self.seed,
                          design)

    def verify(self, deck: Deck) -> tuple[float, float]:
        """The exact (share none, mean) of ``deck``; a re-solve may return a deck already
        verified."""
        if deck.cards not in self.verified:
            stats = deck_stats(deck, self.galaxies, self.seed, ["base"]).variants[0]
            self.verified[deck.cards] = (stats.share_none, stats.mean)
        return self.verified[deck.cards]

    def in_bands(self, figures: tuple[float, float]) -> bool:
        return (self.spec.none_band[0] <= figures[0] <= self.spec.none_band[1]
                and self.spec.mean_band[0] <= figures[1] <= self.spec.mean_band[1])

    def result(self, deck: Deck, candidate: _Candidate, figures: tuple[float, float],
               started: float) -> DesignResult:
        """The accepted deck, its design table completed with the verified figures."""
        deck = dataclasses.replace(deck, design={
            **deck.design,
            "verified_share_none": round(figures[0], 4),
            "verified_mean_solutions": round(figures[1], 4),
            "verified_galaxies": self.galaxies,
            "verifications": len(self.verified),
        })
        sizes: dict[int, int] = {}
        for c in deck.cards:
            sizes[len(c.planets)] = sizes.get(len(c.planets), 0) + 1
        return DesignResult(deck, *candidate.proxy, *candidate.estimate, *figures,
                            self.galaxies, len(self.verified), self.solves,
                            time.perf_counter() - started, sizes)

    def out_of_reach(self, figures: tuple[float, float]) -> InputError:
        """The band cannot be reached: name the figures the closest deck does reach."""
        spec = self.spec
        return InputError(
            f"infeasible request: the closest deck the other constraints allow has "
            f"{figures[0]:.3f} no-solution tosses and {figures[1]:.2f} mean solutions (exact), "
            f"outside the bands {spec.none_band[0]:g}-{spec.none_band[1]:g} and "
            f"{spec.mean_band[0]:g}-{spec.mean_band[1]:g}", "difficulty")


def _make_deck(spec: DeckSpec, solved: SolvedDeck, base: Deck, name: str, title: str, seed: int,
               design: dict[str, object]) -> Deck:
    letters = base.letters
    cards: list[Card] = []
    for t, mask in enumerate(spec.types):  # types are already in (size, deck order) order
        planets = "".join(letters[i] for i in range(6) if mask >> i & 1)
        for j in range(solved.counts[t]):
            cards.append(Card(len(cards) + 1, planets, solved.comets[t][j], solved.stars[t][j],
                              solved.black_hole[t] and j == 0))
    return Deck(name, title, base.planets, tuple(cards), seed, design)


def design_deck(base: Deck, *, name: str = "designed", title: str | None = None,
                cards: int = 56, per_card: tuple[int, int] = (1, 4), black_holes: int = 8,
                target_none: tuple[float, float] = (0.20, 0.35),
                target_mean: tuple[float, float] = (1.0, 2.0), max_copies: int = 2,
                seed: int = 0, galaxies: int = 200, max_attempts: int = 3) -> DesignResult:
    """Design a deck whose verified difficulty lies in the target bands.

    Planets (ids, names, colours, glyphs) are taken from ``base`` so the art stays the same.
    ``per_card`` is the allowed range of planets on a card, ``max_copies`` the most cards that
    may show the same planet set, ``target_none`` the band for the share of no-solution tosses
    and ``target_mean`` for the mean number of solutions (base game, 5×5). The verified figures
    come from :func:`~rules.stats.deck_stats` over ``galaxies`` deals seeded
    with ``seed``; the deck records ``seed`` and a flat ``design`` table of the figures.

    Raises :class:`InputError` at the argument's name for a malformed request, naming the
    conflicting constraint group(s) when the request is infeasible, the figures the closest
    deck reaches when the difficulty band is out of reach, and the last figures when
    ``max_attempts`` verifications all miss the band.
    """
    started = time.perf_counter()
    spec = DeckSpec.of(cards, per_card, black_holes, target_none, target_mean, max_copies)
    if galaxies < 1:
        raise InputError(f"must be at least 1, got {galaxies}", "galaxies")
    run = _Designer(spec, base, name, title or name.replace("-", " ").title(), seed, galaxies)
    last = ""
    for attempt in range(1, max_attempts + 1):
        candidate = run.solve()
        deck = run.deck(candidate)
        figures = run.verify(deck)
        if run.in_bands(figures):
            return run.result(deck, candidate, figures, started)
        est_none, est_mean = candidate.estimate
        if attempt > 1 and not run.in_bands((est_none + run.shift[0], est_mean + run.shift[1])):
            # With the estimate's error on this deck already measured, even the deck closest
            # to the goal was predicted outside the band: the band is out of reach.
            raise run.out_of_reach(figures)
        run.shift = (figures[0] - est_none, figures[1] - est_mean)
        last = f"share none {figures[0]:.3f}, mean {figures[1]:.2f}"
    raise InputError(f"no deck verified inside the target bands after {max_attempts} attempts "
                     f"(last: {last}); widen the target bands", "difficulty")
