"""Whether a valid deck *plays* well: warnings for ``deck check``, verdicts against the
designer's difficulty bands for the deck report, and the up-front refusal of a deck that cannot
make the puzzles a booklet or classroom set asks for.

Everything is measured with the engines (:mod:`.stats`, :mod:`.bitboard`), never guessed: the
difficulty figures are the exact ones of ``spacebowl stats``; the refusal samples tosses the way
the puzzle generator draws them and refuses only when a solution count a tier needs never
occurs in thousands of samples.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from spacebowl_print.games.spacebowl.model import SPACES, Deck, Toss
from spacebowl_print.games.spacebowl.rules import bitboard
from spacebowl_print.games.spacebowl.rules.stats import VariantStats, deal, deck_stats

DEFAULT_NONE_BAND: tuple[float, float] = (0.2, 0.35)
"""The designer's default band for the share of tosses with no solution (base game); the
same as ``spacebowl deck design --target-none``'s default (a test keeps them equal)."""
DEFAULT_MEAN_BAND: tuple[float, float] = (1.0, 2.0)
"""The designer's default band for the mean number of solutions (``--target-mean``)."""

PLAY_CARDS = 26
"""A 5×5 galaxy and a top card: fewer and no game (nor any statistic) can be dealt."""
GAME_CARDS = 35
"""A standard game deals a 5×5 galaxy and a 10-card Infinity & Beyond deck."""
PUZZLE_CARDS = 37
"""Puzzles deal 6×6 galaxies and need a top card: booklets and classroom sets need this."""

CHECK_GALAXIES = 60
"""Galaxies ``deck check`` deals to measure difficulty: about half a second, and precise to a
hundredth on the share of tosses without solution — ample to see a deck far off its bands."""


@dataclass(frozen=True)
class Bands:
    """Target bands for the base game: share of no-solution tosses and mean solutions.
    ``source`` says where they come from: ``"design"`` (the deck's ``[design]`` table) or
    ``"default"`` (the designer's defaults)."""

    none: tuple[float, float]
    mean: tuple[float, float]
    source: str

    def to_json(self) -> dict[str, object]:
        return {"share_none": list(self.none), "mean_solutions": list(self.mean),
                "source": self.source}


def _band(value: object) -> tuple[float, float] | None:
    """``"0.2-0.35"`` (as ``deck design`` records it) → (0.2, 0.35); None if unreadable."""
    if not isinstance(value, str):
        return None
    m = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*-\s*(\d+(?:\.\d*)?|\.\d+)\s*", value)
    if not m or float(m.group(1)) >= float(m.group(2)):
        return None
    return float(m.group(1)), float(m.group(2))


def deck_bands(deck: Deck) -> Bands:
    """The bands ``deck`` was designed for (its ``[design]`` table), else the defaults."""
    none = _band(deck.design.get("target_none"))
    mean = _band(deck.design.get("target_mean"))
    if none is not None and mean is not None:
        return Bands(none, mean, "design")
    return Bands(none or DEFAULT_NONE_BAND, mean or DEFAULT_MEAN_BAND,
                 "design" if none or mean else "default")


@dataclass(frozen=True)
class Verdict:
    """Where one variant's figures fall against the bands.

    ``status``: ``"in band"``, ``"harder"``/``"easier"`` (outside on the hard/easy side),
    ``"far harder"``/``"far easier"`` (more than a band's width outside), or ``"uneven"``
    (hard by one figure and easy by the other: many tosses without solution *and* many
    solutions for the rest). ``line`` says it in one sentence."""

    variant: str
    status: str
    line: str
    far: bool = False
    """More than a band's width outside on some figure."""

    def to_json(self) -> dict[str, object]:
        return {"status": self.status, "far": self.far, "line": self.line}


def verdict(figures: VariantStats, bands: Bands) -> Verdict:
    """The verdict for one variant's exact figures. Bands are designed for the base game; the
    other variants change difficulty on purpose, and their line says so."""
    (nlo, nhi), (mlo, mhi) = bands.none, bands.mean
    none, mean = figures.share_none, figures.mean
    harder = none > nhi or mean < mlo
    easier = none < nlo or mean > mhi
    wn, wm = nhi - nlo, mhi - mlo
    far = none > nhi + wn or none < nlo - wn or mean > mhi + wm or mean < mlo - wm
    if harder and easier:
        status = "uneven"
    elif harder:
        status = "far harder" if far else "harder"
    elif easier:
        status = "far easier" if far else "easier"
    else:
        status = "in band"
    figures_text = (f"no solution {100 * none:.1f} % (band {100 * nlo:g}–{100 * nhi:g} %), "
                    f"mean {mean:.2f} solutions (band {mlo:g}–{mhi:g})")
    if figures.variant == "base":
        meaning = {"in band": "plays as designed", "harder": "harder than designed",
                   "easier": "easier than designed", "far harder": "far too hard",
                   "far easier": "far too easy",
                   "uneven": "uneven: often no solution, else many"}[status]
    else:
        meaning = ("within the base game's bands" if status == "in band"
                   else f"{status} than the base game's bands (a variant changes difficulty "
                        "on purpose)" if status != "uneven"
                   else "uneven against the base game's bands")
    return Verdict(figures.variant, status, f"{figures.variant}: {meaning} — {figures_text}",
                   far)


TOSS_BUDGET = 60 * 20_000
"""Galaxy·toss evaluations per top card that ``deck check`` affords on average: 60 galaxies of
a deck like the classic one (about 20,000 tosses per card: 2 to 4 marbles)."""


def check_galaxies(deck: Deck, galaxies: int = CHECK_GALAXIES) -> int:
    """How many galaxies ``deck check`` deals: ``galaxies``, fewer (at least 4) for decks
    whose cards show so many planets that every toss costs far more (tosses grow as 9^(m+1)):
    a deck far outside its bands is plainly so even over a few galaxies."""
    if not deck.cards:
        return galaxies
    per_card = sum(9.0 ** (len(c.planets) + 1) for c in deck.cards) / len(deck.cards)
    return max(4, min(galaxies, int(TOSS_BUDGET / per_card)))


def structure_warnings(deck: Deck) -> list[str]:
    """The warnings that need no dealing: a planet on no card, too few cards for a game or
    for puzzles, no black-hole card. One clear line each."""
    out: list[str] = []
    for p in deck.planets:
        if not any(p.id in c.planets for c in deck.cards):
            out.append(f"planet {p.id} ({p.name}) is on no card: its marble is never tossed "
                       "and no card can match it")
    n = len(deck.cards)
    if n < PLAY_CARDS:
        out.append(f"{n} cards: a game needs at least {PLAY_CARDS} (a 5×5 galaxy and a top "
                   "card); nothing can be dealt")
    elif n < GAME_CARDS:
        out.append(f"{n} cards: a standard game deals {GAME_CARDS} (a 5×5 galaxy and 10 for "
                   "the Infinity & Beyond deck)")
    if n < PUZZLE_CARDS:
        out.append(f"{n} cards: booklets and classroom sets need at least {PUZZLE_CARDS} "
                   "(6×6 galaxies and a top card)")
    if deck.cards and not any(c.black_hole for c in deck.cards):
        out.append("no card shows a black hole: the black-hole variant never happens")
    return out


def difficulty_warning(base: VariantStats, bands: Bands, galaxies: int) -> str | None:
    """A line when the base game's exact figures lie more than a band's width outside the
    bands (None otherwise)."""
    v = verdict(base, bands)
    if not v.far:
        return None
    why = ("few tosses can be solved" if "harder" in v.status
           else "almost every toss is trivially solved" if "easier" in v.status
           else "many tosses have no solution and the rest many")
    return (f"difficulty far outside the {bands.source} bands over {galaxies} galaxies — "
            f"{v.line.split(' — ', 1)[1]}: {why}")


def deck_warnings(deck: Deck, galaxies: int = CHECK_GALAXIES, seed: int = 1) -> list[str]:
    """One clear line per reason a *valid* deck will not play well (empty when it will):
    :func:`structure_warnings`, and a base-game difficulty more than a band's width outside
    the designer's bands, measured exactly over :func:`check_galaxies` seeded deals."""
    out = structure_warnings(deck)
    if len(deck.cards) >= PLAY_CARDS:
        dealt = check_galaxies(deck, galaxies)
        base = deck_stats(deck, dealt, seed, ["base"]).variants[0]
        line = difficulty_warning(base, deck_bands(deck), dealt)
        if line:
            out.append(line)
    return out


# -- refusing puzzles up front ------------------------------------------------------------------

class TierLike(Protocol):
    """What the refusal needs of a puzzle tier (``puzzles.tiers.TierSpec`` has it)."""

    @property
    def marbles(self) -> tuple[int, ...]: ...

    @property
    def black_hole(self) -> float: ...

    @property
    def variants(self) -> tuple[tuple[str, ...], ...]: ...

    @property
    def solutions(self) -> Mapping[int, float]: ...

    @property
    def learning(self) -> bool: ...


REFUSAL_SAMPLES = 4096
"""Tosses sampled per tier and variant set. The generator tries up to ~90,000 candidates for a
puzzle; a count never seen in 4,096 samples is rare enough that generation would stall."""
_POOL = 48
_CHUNK = 512


def _sample_tosses(rng: np.random.Generator, deck: Deck, spec: TierLike, n: int) -> list[Toss]:
    """``n`` tosses drawn as the puzzle generator draws them: a marble count of the tier, the
    planets of a deck card with that many (any planets if there is none), random spaces, the
    disc in the centre in learning mode, the black hole with the tier's probability."""
    by_size: dict[int, list[str]] = {}
    for c in deck.cards:
        by_size.setdefault(len(c.planets), []).append(c.planets)
    sizes = rng.choice(np.array(spec.marbles), size=n)
    spaces = rng.integers(9, size=(n, 8))
    holes = rng.random(n) < spec.black_hole
    out = []
    for i in range(n):
        m = int(sizes[i])
        choices = by_size.get(m)
        if choices:
            planets = choices[int(rng.integers(len(choices)))]
        else:
            order = rng.permutation(len(deck.letters))[:m]
            planets = "".join(deck.letters[j] for j in sorted(order))
        dest = SPACES[4] if spec.learning else SPACES[int(spaces[i, 0])]
        marbles = {pl: SPACES[int(spaces[i, 1 + j])] for j, pl in enumerate(planets)}
        out.append(Toss(dest, marbles, SPACES[int(spaces[i, 7])] if holes[i] else None))
    return out


def puzzle_refusal(deck: Deck, tiers: Mapping[int, TierLike], seed: int = 1,
                   samples: int = REFUSAL_SAMPLES) -> str | None:
    """One line saying why ``deck`` cannot make puzzles of the given ``tiers`` ({number:
    spec}), or None when it can. Reasons: too few cards; a number of solutions a tier needs
    (e.g. exactly one, or none for "no solution" puzzles) that no sampled toss of that tier
    gives — a deck too easy or too hard for it. The Wild token and near-miss targets are not
    sampled (they only narrow the choice among tosses that do occur)."""
    n = len(deck.cards)
    biggest = max((6 if "6x6" in names else 5) for spec in tiers.values()
                  for names in spec.variants)
    if n < biggest * biggest + 1:
        return (f"deck {deck.name!r} has {n} cards: these tiers need at least "
                f"{biggest * biggest + 1} ({biggest}×{biggest} galaxies and a top card)")
    pools: dict[tuple[int, bool, bool], bitboard.Tables] = {}
    for number in sorted(tiers):
        spec = tiers[number]
        needed = sorted(k for k, p in spec.solutions.items() if p > 0)
        for names in dict.fromkeys(spec.variants):
            size = 6 if "6x6" in names else 5
            torus, void, rotation = "torus" in names, "void" in names, "rotation" in names
            key = (size, torus, void)
            if key not in pools:
                gals, _ = deal(deck, _POOL, seed + 7919 * size + 2 * torus + void, size, size,
                               3 if void else 0)
                pools[key] = bitboard.build_tables(gals, deck.letters, torus)
            rng = np.random.default_rng([seed, number, len(names), size, torus, void,
                                         rotation])
            seen: set[int] = set()
            drawn: list[npt.NDArray[np.uint8]] = []
            # In chunks: a deck that plays well shows every needed count in the first one.
            for _ in range(0, samples, _CHUNK):
                tosses = _sample_tosses(rng, deck, spec, _CHUNK)
                gidx = rng.integers(_POOL, size=_CHUNK)
                counts = bitboard.count_solutions(
                    pools[key], bitboard.encode_tosses(tosses, deck.letters, rotation), gidx)
                drawn.append(counts)
                seen.update(np.unique(counts).tolist())
                if all(k in seen for k in needed):
                    break
            missing = [k for k in needed if k not in seen]
            if missing:
                typical = int(np.median(np.concatenate(drawn)))
                shown = " or ".join(str(k) for k in missing)
                where = f" ({', '.join(names)})" if names else ""
                side = "too easy" if typical > max(missing) else "too hard"
                return (f"deck {deck.name!r} cannot make tier {number} puzzles{where}: none of "
                        f"{samples} sampled tosses has {shown} solution"
                        f"{'' if missing == [1] else 's'} (typically {typical}); the deck "
                        f"is {side} for them")
    return None


def format_distribution(distribution: Sequence[float]) -> str:
    """Every count of a solution distribution as text, none cut off:
    ``"0: 26.7 %, 1: 30.2 %, …, 11: 0.0014 %"`` (shares under 0.1 % keep two significant
    digits, so a rare count never reads as 0)."""
    parts = []
    for k, share in enumerate(distribution):
        pct = 100 * share
        text = f"{pct:.1f}" if pct >= 0.1 or pct == 0 else f"{pct:.2g}"
        parts.append(f"{k}: {text} %")
    return ", ".join(parts)
