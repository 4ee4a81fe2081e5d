"""Space Bowl puzzles for booklets and classroom sets: tiers, generation, drawing, checking.

A puzzle is a galaxy, a toss and variants; its answer is every valid destination. Tiers are
defined by measurable features (:data:`TIERS`): marbles, black hole, variants, galaxy size,
number of solutions, near misses and decoy density. Generation samples dealt galaxies and
random tosses in batches with the bitboard engine and keeps the first candidate that meets
the tier's targets; the answer is then re-derived by the reference engine (the two must
agree), and the booklet re-checks every manifest entry once more before writing.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from spacebowl_print.core.resources import deck_path
from spacebowl_print.games.spacebowl.art.cards import planet_disc
from spacebowl_print.games.spacebowl.model import (
    SPACES,
    Deck,
    Galaxy,
    InputError,
    Pos,
    Solution,
    Toss,
    Variants,
    galaxy_to_json,
    parse_deck,
    puzzle_from_json,
    solutions_to_json,
    toss_to_json,
    variants_to_json,
)
from spacebowl_print.games.spacebowl.rules import bitboard, reference
from spacebowl_print.games.spacebowl.rules.stats import deal
from spacebowl_print.render.api import Canvas, Style
from spacebowl_print.render.fonts import line_height, wrap

INK = "#1A1A2E"
MUTED = "#5A5A6E"
CARD = "#FBFBFE"
EDGE = "#9A9AB0"
HIGHLIGHT = "#E69F00"  # Okabe–Ito orange: the answer marks
DISC = "#7B3FA0"  # the purple Destination disc
LANGS = ("en", "fr", "de")

# --------------------------------------------------------------------------- tiers


@dataclass(frozen=True)
class TierSpec:
    """What a tier's puzzles look like, in measurable terms.

    ``solutions`` maps a number of valid destinations to its share of the tier's puzzles;
    ``variants`` lists the variant sets the tier cycles through (one per puzzle, in turn).
    """

    marbles: tuple[int, ...]
    black_hole: float
    variants: tuple[tuple[str, ...], ...]
    solutions: Mapping[int, float]
    near_misses: tuple[int, int]
    """Allowed number of near misses (low, high): the lure grows with the tier."""
    decoys: str  # "none" | "stars" | "all"
    learning: bool
    questions: tuple[str, ...]


TIERS: dict[int, TierSpec] = {
    1: TierSpec((2,), 0.0, ((),), {1: 0.5, 2: 0.5}, (0, 3), "none", True, ("find",)),
    2: TierSpec((2, 3), 0.0, ((),), {1: 0.45, 2: 0.4, 3: 0.15}, (2, 5), "stars", False,
                ("find",)),
    3: TierSpec((3,), 0.5, ((), (), ("wild",)), {0: 0.25, 1: 0.4, 2: 0.35}, (4, 99), "all",
                False, ("find", "count")),
    4: TierSpec((3, 4), 0.6, (("rotation",), ("torus",), ("void",), ("wild",)),
                {0: 0.35, 1: 0.35, 2: 0.3}, (5, 99), "all", False, ("count", "find")),
    5: TierSpec((4,), 1.0, (("6x6", "rotation"), ("6x6", "torus"), ("void", "rotation"),
                            ("torus", "wild"), ("6x6", "void")),
                {0: 0.5, 1: 0.5}, (6, 99), "all", False, ("any", "find")),
}
"""The five tiers. Every variant of the spec appears in tiers 3–5; ≥ 15 % of a week's
puzzles (tiers 3–5 weighted by the weekly ramp) have no solution."""

WEEK_RAMP = (1, 2, 3, 3, 4, 4, 5)
"""Tier of Monday … Sunday before ``--tiers`` rescales it: the week ramps up."""


def tier_for(day: dt.date, lo: int = 1, hi: int = 5) -> int:
    """The tier of ``day``: the weekly ramp rescaled into ``lo``..``hi``."""
    base = WEEK_RAMP[day.weekday()]
    return lo + round((base - 1) * (hi - lo) / 4)


# --------------------------------------------------------------------------- words

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Puzzle", "answers": "Answers", "tier": "Tier", "page": "Page",
        "code": "Code", "find": "Find every valid destination card.",
        "count": "How many valid destination cards are there?",
        "any": "Is there any valid destination at all — or is it time to call "
               "“We are all going to die!”?",
        "none": "No valid destination: “We are all going to die!”",
        "wild_on": "The Wild token lies on {cell}.", "turns": "turned",
        "with_wild": "with the Wild token", "black_hole": "black hole",
        "rotation": "rotation", "torus": "torus", "void": "void", "6x6": "6×6",
        "wild": "Wild token", "learning": "learning mode", "toss": "The toss",
        "galaxy": "The galaxy", "solutions": "{n} valid destinations",
        "solution": "1 valid destination", "near": "near misses",
    },
    "fr": {
        "puzzle": "Énigme", "answers": "Solutions", "tier": "Niveau", "page": "Page",
        "code": "Code", "find": "Trouvez toutes les cartes de destination valides.",
        "count": "Combien y a-t-il de cartes de destination valides ?",
        "any": "Existe-t-il au moins une destination valide — ou faut-il crier "
               "« On va tous mourir ! » ?",
        "none": "Aucune destination valide : « On va tous mourir ! »",
        "wild_on": "Le Joker est posé sur {cell}.", "turns": "tourné de",
        "with_wild": "avec le Joker", "black_hole": "trou noir", "rotation": "rotation",
        "torus": "tore", "void": "vide", "6x6": "6×6", "wild": "Joker",
        "learning": "mode découverte", "toss": "Le lancer", "galaxy": "La Galaxie",
        "solutions": "{n} destinations valides", "solution": "1 destination valide",
        "near": "quasi-solutions",
    },
    "de": {
        "puzzle": "Rätsel", "answers": "Lösungen", "tier": "Stufe", "page": "Seite",
        "code": "Code", "find": "Finde alle gültigen Zielkarten.",
        "count": "Wie viele gültige Zielkarten gibt es?",
        "any": "Gibt es überhaupt ein gültiges Ziel — oder heißt es "
               "„Wir werden alle sterben!“?",
        "none": "Kein gültiges Ziel: „Wir werden alle sterben!“",
        "wild_on": "Der Joker liegt auf {cell}.", "turns": "gedreht um",
        "with_wild": "mit dem Joker", "black_hole": "Schwarzes Loch", "rotation": "Drehung",
        "torus": "Torus", "void": "Leere", "6x6": "6×6", "wild": "Joker",
        "learning": "Lernmodus", "toss": "Der Wurf", "galaxy": "Die Galaxie",
        "solutions": "{n} gültige Ziele", "solution": "1 gültiges Ziel",
        "near": "Beinahe-Treffer",
    },
}


def check_lang(lang: str) -> str:
    """``lang`` if supported, else an :class:`InputError`."""
    if lang not in WORDS:
        raise InputError(f"unknown language {lang!r} (one of {', '.join(LANGS)})", "--lang")
    return lang


# --------------------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class SpaceBowlPuzzle:
    """One generated puzzle with its verified answer and measured features."""

    id: str
    number: int
    tier: int
    galaxy: Galaxy
    toss: Toss
    variants: Variants
    solutions: tuple[Solution, ...]
    near_misses: tuple[Pos, ...]
    question: str
    variant_names: tuple[str, ...]
    deck: Deck = field(repr=False, compare=False)
    lang: str = "en"
    date: dt.date | None = None

    # ---- what the publisher asks -------------------------------------------------------

    @property
    def badges(self) -> Sequence[str]:
        words = WORDS[self.lang]
        names = list(self.variant_names)
        if self.toss.black_hole is not None:
            names.insert(0, "black_hole")
        return [words[n] for n in names]

    def manifest_entry(self) -> dict[str, Any]:
        """The formats.md manifest object; ``solutions`` exactly as ``spacebowl solve``."""
        return {
            "id": self.id,
            "tier": self.tier,
            "galaxy": galaxy_to_json(self.galaxy, self.deck.letters),
            "toss": toss_to_json(self.toss),
            "variants": variants_to_json(self.variants),
            "solutions": solutions_to_json(self.solutions)["solutions"],
            "question": self.question,
            "near_misses": [p.name for p in self.near_misses],
        }

    def features(self) -> dict[str, float]:
        """Measured difficulty features (for the tier table and tests)."""
        decoys = 0
        ids = self.galaxy.card_ids
        if ids is not None and TIERS[self.tier].decoys != "none":
            for row in ids:
                for cid in row:
                    if cid is not None:
                        card = self.deck.card(cid)
                        decoys += card.stars + (card.comets if TIERS[self.tier].decoys == "all"
                                                else 0)
        cells = self.galaxy.rows * self.galaxy.cols
        return {
            "marbles": len(self.toss.marbles),
            "black_hole": float(self.toss.black_hole is not None),
            "variants": len(self.variant_names),
            "cards": cells,
            "solutions": len(self.solutions),
            "near_misses": len(self.near_misses),
            "decoys_per_card": decoys / cells,
        }

    # ---- drawing ---------------------------------------------------------------------

    def draw_puzzle(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        words = WORDS[self.lang]
        lines = [words[self.question]]
        if self.variants.wild is not None:
            lines.insert(0, words["wild_on"].format(cell=self.variants.wild.name))
        text_h = 4 + len(lines) * 2 * line_height(9.5)
        diagram = min(w * 0.42, 42.0)
        galaxy_h = h - max(diagram + 8, text_h) - 6
        draw_galaxy(canvas, self, x, y + h - galaxy_h, w, galaxy_h, marks=False)
        # toss diagram at the lower left, question to its right
        draw_toss(canvas, self, x, y, diagram, self.lang)
        tx, tw = x + diagram + 6, w - diagram - 6
        ty = y + diagram - 2
        for line in lines:
            for part in wrap(line, tw, 9.5, "bold" if line == lines[-1] else "regular"):
                canvas.text(tx, ty, part, 9.5, "bold" if line == lines[-1] else "regular", INK)
                ty -= line_height(9.5)
            ty -= 2

    def draw_answer(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        text = answer_text(self)
        size = 6.5
        lines = wrap(text, w, size)
        text_h = len(lines) * line_height(size) + 1
        draw_galaxy(canvas, self, x, y + text_h, w, h - text_h, marks=True, compact=True)
        ty = y + text_h - line_height(size) + 0.5
        for line in lines:
            canvas.text(x, ty, line, size, "regular", INK)
            ty -= line_height(size)


def answer_text(p: SpaceBowlPuzzle) -> str:
    """The answer in words: the cells (with turns and Wild token), or the doom call."""
    words = WORDS[p.lang]
    if not p.solutions:
        return words["none"]
    parts = []
    for s in p.solutions:
        notes = []
        if p.variants.rotation:
            notes.append(" ".join(f"{t}°" for t in s.rotations))
        if s.wild:
            notes.append(words["with_wild"])
        parts.append(s.cell.name + (f" ({', '.join(notes)})" if notes else ""))
    head = words["solution"] if len(p.solutions) == 1 else words["solutions"].format(
        n=len(p.solutions))
    return f"{head}: {'; '.join(parts)}"


def _decoy_star(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    k = r * 0.28
    pts = [(cx, cy + r), (cx + k, cy + k), (cx + r, cy), (cx + k, cy - k), (cx, cy - r),
           (cx - k, cy - k), (cx - r, cy), (cx - k, cy + k)]
    canvas.polygon(pts, Style(fill="#B0B0C4"))


def _decoy_comet(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    canvas.line(cx, cy, cx + 3.2 * r, cy + 1.6 * r, Style(stroke="#B0B0C4", width=r * 0.7))
    canvas.circle(cx, cy, r, Style(fill="#8E8EA6"))


def draw_galaxy(canvas: Canvas, p: SpaceBowlPuzzle, x: float, y: float, w: float, h: float,
                marks: bool, compact: bool = False) -> None:
    """The galaxy as mini cards (planet discs with glyphs; decoys as the tier asks), with
    column letters and row numbers; ``marks`` rings the solutions."""
    g = p.galaxy
    label = 0.0 if compact else 4.0
    gap = 0.8 if compact else 1.4
    aspect = 63 / 88
    ch = min((h - label - (g.rows - 1) * gap) / g.rows,
             ((w - label - (g.cols - 1) * gap) / g.cols) / aspect)
    cw = ch * aspect
    total_w = label + g.cols * cw + (g.cols - 1) * gap
    x0 = x + (w - total_w) / 2 + label
    top = y + h - label
    solved = {s.cell: s for s in p.solutions}
    spec = TIERS[p.tier]
    if not compact:
        for c in range(g.cols):
            canvas.text(x0 + c * (cw + gap) + cw / 2, top + 1, chr(65 + c), 7, "bold", MUTED,
                        "middle")
        for r in range(g.rows):
            canvas.text(x0 - 2, top - r * (ch + gap) - ch / 2 - 1, str(r + 1), 7, "bold", MUTED,
                        "end")
    for pos in g.positions():
        cx = x0 + pos.col * (cw + gap)
        cy = top - (pos.row + 1) * ch - pos.row * gap
        cell = g[pos]
        radius = min(cw, ch) * 0.09
        if cell is None:  # face down: a hatched back
            canvas.rect(cx, cy, cw, ch, Style(fill="#3A3A58", stroke=EDGE, width=0.2),
                        radius=radius)
            for k in range(1, 5):
                canvas.line(cx + cw * k / 5, cy + 1, cx + cw * k / 5, cy + ch - 1,
                            Style(stroke="#55557A", width=0.3))
        else:
            cid = g.card_ids[pos.row][pos.col] if g.card_ids else None
            decoys = spec.decoys if cid is not None and not compact else "none"
            name = mini_card(canvas, p.deck, cell, cid, decoys)
            canvas.place(name, cx, cy, cw / MINI_W)
            if marks and pos in solved:
                canvas.rect(cx, cy, cw, ch, Style(fill=HIGHLIGHT, stroke=HIGHLIGHT, width=1.1,
                                                  opacity=0.35), radius=radius)
                canvas.rect(cx, cy, cw, ch, Style(stroke=HIGHLIGHT, width=1.1), radius=radius)
        if p.variants.wild == pos:
            wr = min(cw, ch) * 0.16
            canvas.circle(cx + cw - wr * 0.9, cy + ch - wr * 0.9, wr,
                          Style(fill="#FFFFFF", stroke=INK, width=0.4))
            canvas.text(cx + cw - wr * 0.9, cy + ch - wr * 1.3, "J" if p.lang != "en" else "W",
                        wr * 2.8, "bold", INK, "middle")


MINI_W = 20.0
MINI_H = MINI_W * 88 / 63


def mini_card(canvas: Canvas, deck: Deck, cell: frozenset[str], card_id: int | None,
              decoys: str) -> str:
    """Define (once per document) the mini card of a galaxy cell and return its art name.

    Drawn at :data:`MINI_W` × :data:`MINI_H` and placed scaled: a booklet deals its galaxies
    from one deck, so a few dozen forms serve thousands of cells. Decoy positions depend on
    the card alone, so a card looks the same in every puzzle.
    """
    planets = [pl for pl in deck.planets if pl.id in cell]
    name = f"mini-{card_id if card_id is not None else ''.join(p.id for p in planets)}-{decoys}"
    if decoys != "none" and card_id is not None:
        card = deck.card(card_id)
        stars, comets = card.stars, card.comets if decoys == "all" else 0
    else:
        stars = comets = 0

    def paint(c: Canvas) -> None:
        w, h = MINI_W, MINI_H
        c.rect(0, 0, w, h, Style(fill=CARD, stroke=EDGE, width=0.3), radius=w * 0.09)
        rng = np.random.default_rng([card_id or 0, 7])
        for _ in range(stars):
            _decoy_star(c, w * rng.uniform(0.12, 0.88), h * rng.uniform(0.08, 0.92), w * 0.05)
        for _ in range(comets):
            _decoy_comet(c, w * rng.uniform(0.12, 0.6), h * rng.uniform(0.08, 0.92), w * 0.035)
        r = w * (0.2 if len(planets) <= 2 else 0.17)
        for pl, (sx, sy) in zip(planets, _spots(len(planets), w, h), strict=False):
            planet_disc(c, pl, sx, sy, r)

    canvas.define(name, MINI_W, MINI_H, paint)
    return name


def _spots(n: int, w: float, h: float) -> list[tuple[float, float]]:
    """Planet centres on a mini card: one centred, two stacked, three in a triangle, four in
    a square."""
    if n <= 1:
        return [(w / 2, h / 2)]
    if n == 2:
        return [(w / 2, h * 0.7), (w / 2, h * 0.3)]
    if n == 3:
        return [(w * 0.3, h * 0.7), (w * 0.7, h * 0.7), (w / 2, h * 0.3)]
    cols, rows = 2, (n + 1) // 2
    return [(w * (0.3 + 0.4 * (i % cols)), h * (0.78 - 0.56 * (i // cols) / max(rows - 1, 1)))
            for i in range(n)]


def draw_toss(canvas: Canvas, p: SpaceBowlPuzzle, x: float, y: float, size: float,
              lang: str) -> None:
    """The Ship Computer seen from above: 3×3 spaces, the purple Destination disc, the marbles
    as planet discs and the black Black Hole disc in their spaces."""
    words = WORDS[lang]
    canvas.text(x, y + size + 1.5, words["toss"], 8, "bold", MUTED)
    cell = size / 3
    canvas.rect(x, y, size, size, Style(fill="#F2F2F8", stroke=INK, width=0.6), radius=1.5)
    for k in (1, 2):
        canvas.line(x + k * cell, y, x + k * cell, y + size, Style(stroke=EDGE, width=0.3))
        canvas.line(x, y + k * cell, x + size, y + k * cell, Style(stroke=EDGE, width=0.3))
    occupants: dict[Pos, list[str]] = {s: [] for s in SPACES}
    occupants[p.toss.destination].append("disc")
    if p.toss.black_hole is not None:
        occupants[p.toss.black_hole].append("hole")
    for planet, space in p.toss.marbles.items():
        occupants[space].append(planet)
    for space, things in occupants.items():
        sx = x + space.col * cell
        sy = y + size - (space.row + 1) * cell
        canvas.text(sx + 1, sy + cell - 2.6, space.name, 5, "regular", MUTED)
        if not things:
            continue
        r = cell * (0.3 if len(things) == 1 else 0.2)
        offsets = [(0.5, 0.45)] if len(things) == 1 else [
            (0.3, 0.65), (0.7, 0.65), (0.3, 0.28), (0.7, 0.28), (0.5, 0.46)][: len(things)]
        for thing, (ox, oy) in zip(things, offsets, strict=False):
            cx, cy = sx + cell * ox, sy + cell * oy
            if thing == "disc":
                canvas.circle(cx, cy, r, Style(fill=DISC, stroke=INK, width=0.3))
                canvas.circle(cx, cy, r * 0.45, Style(stroke="#FFFFFF", width=0.5))
            elif thing == "hole":
                canvas.circle(cx, cy, r, Style(fill="#000000", stroke="#FFFFFF", width=0.3))
                canvas.circle(cx, cy, r * 1.12, Style(stroke=INK, width=0.3))
            else:
                planet_disc(canvas, p.deck.planet(thing), cx, cy, r)


# --------------------------------------------------------------------------- generation


@dataclass
class _Pool:
    """Dealt galaxies of one shape, with their bitboard tables, to sample puzzles from."""

    galaxies: list[Galaxy]
    tables: bitboard.Tables
    used: set[int]
    card_ids: list[frozenset[int]]


class Generator:
    """Makes puzzles for a deck, deterministically from ``seed``.

    Galaxies come from seeded deals (one pool per shape); tosses are sampled in batches and
    evaluated with the bitboard engine, toss *i* on galaxy *i*; the first candidate meeting
    the targets is kept and its answer re-derived by the reference engine.
    """

    BATCH = (64, 128, 256, 512)
    """Candidates per round: small first (most targets hit at once), larger when rare."""
    POOL: ClassVar[dict[tuple[int, int, bool, bool], int]] = {(5, 5, False, False): 640}
    """Galaxies dealt per pool; the plain 5×5 pool serves most tiers, the variant pools fewer.
    Each galaxy's tables take 100 KiB, so this bounds memory (about 200 MiB in all)."""
    POOL_OTHER = 256

    def __init__(self, deck: Deck, seed: int, lang: str = "en") -> None:
        self.deck, self.seed, self.lang = deck, seed, check_lang(lang)
        if len(deck.cards) < 37:
            raise InputError(f"puzzles need a deck of at least 37 cards (6×6 galaxies and a "
                             f"top card), {deck.name} has {len(deck.cards)}", "cards")
        self.pools: dict[tuple[int, int, bool, bool], _Pool] = {}
        self.seen: set[tuple[Any, ...]] = set()
        self.by_size: dict[int, list[int]] = {}
        for i, c in enumerate(deck.cards):
            self.by_size.setdefault(len(c.planets), []).append(i)

    def _pool(self, size: int, void: bool, torus: bool) -> _Pool:
        key = (size, size, void, torus)
        if key not in self.pools:
            salt = [self.seed, size, int(void), int(torus)]
            pool_seed = int(np.random.SeedSequence(salt).generate_state(1)[0])
            count = self.POOL.get(key, self.POOL_OTHER)
            gals, _ = deal(self.deck, count, pool_seed, size, size, 3 if void else 0)
            ids = [frozenset(c for row in (g.card_ids or ()) for c in row if c is not None)
                   for g in gals]
            self.pools[key] = _Pool(gals, bitboard.build_tables(gals, self.deck.letters, torus),
                                    set(), ids)
        return self.pools[key]

    def make(self, number: int, tier: int, puzzle_id: str, date: dt.date | None = None
             ) -> SpaceBowlPuzzle:
        """Puzzle ``number`` (1-based) of ``tier``; the same arguments give the same puzzle."""
        spec = TIERS[tier]
        rng = np.random.default_rng([self.seed, number, tier])
        names = spec.variants[(number // 7 + number) % len(spec.variants)]
        keys = sorted(spec.solutions)
        target = int(rng.choice(keys, p=[spec.solutions[k] for k in keys]))
        question = spec.questions[int(rng.integers(len(spec.questions)))]
        if question == "any" and target > 1:
            question = "find"
        size = 6 if "6x6" in names else 5
        rotation, torus, void = "rotation" in names, "torus" in names, "void" in names
        wild = "wild" in names
        if wild:
            target = max(target, 1)  # the token must matter: some card is valid only with it
        pool = self._pool(size, void, torus)
        near_min, near_max = spec.near_misses
        for attempt in range(200):
            batch = self.BATCH[min(attempt, len(self.BATCH) - 1)]
            found = self._search(rng, pool, spec, target, (near_min, near_max), rotation,
                                 torus, wild, batch)
            if found is not None:
                gi, toss, variants = found
                pool.used.add(gi)
                return self._finish(number, tier, puzzle_id, date, pool, gi, toss, variants,
                                    question, names)
            if attempt % 25 == 24:
                # a rare shape: widen the near-miss band by one rather than stall
                near_min, near_max = max(near_min - 1, 0), near_max + 1
        raise RuntimeError(f"no puzzle found for tier {tier} after 200 batches")

    def _search(self, rng: np.random.Generator, pool: _Pool, spec: TierSpec, target: int,
                near: tuple[int, int], rotation: bool, torus: bool, wild: bool, batch: int
                ) -> tuple[int, Toss, Variants] | None:
        n = len(pool.galaxies)
        free = np.array([i for i in range(n) if i not in pool.used] or list(range(n)))
        gidx = rng.choice(free, size=batch)
        tosses = self._tosses(rng, pool, gidx, spec)
        cols = bitboard.encode_tosses(tosses, self.deck.letters, rotation)
        counts = bitboard.count_solutions(pool.tables, cols, gidx)
        nears = np.bitwise_count(bitboard.near_miss_boards(pool.tables, cols, gidx))
        want = target if not wild else None
        for i in range(batch):
            if want is not None and (counts[i] != want or not near[0] <= nears[i] <= near[1]):
                continue
            g = int(gidx[i])
            galaxy, toss = pool.galaxies[g], tosses[i]
            variants = Variants(rotation, torus)
            if wild:
                # The Wild token is placed where it changes the answer to exactly the target.
                if counts[i] > target:
                    continue
                picked = self._wild_cell(rng, galaxy, toss, variants, target, near)
                if picked is None:
                    continue
                variants = picked
            key = (galaxy.cells, tuple(sorted(toss.marbles.items())), toss.destination,
                   toss.black_hole, variants)
            if key in self.seen:
                continue
            self.seen.add(key)
            return g, toss, variants
        return None

    def _wild_cell(self, rng: np.random.Generator, galaxy: Galaxy, toss: Toss,
                   base: Variants, target: int, near: tuple[int, int]) -> Variants | None:
        cells = galaxy.positions()
        order = rng.permutation(len(cells))
        for k in order[:8]:
            v = Variants(base.rotation, base.torus, cells[int(k)])
            sols, lures = reference.analyse(galaxy, toss, v)
            if (len(sols) == target and any(s.wild for s in sols)
                    and near[0] <= len(lures) <= near[1]):
                return v
        return None

    def _tosses(self, rng: np.random.Generator, pool: _Pool, gidx: np.ndarray,
                spec: TierSpec) -> list[Toss]:
        """One random toss per candidate galaxy; all random numbers drawn in bulk. The
        marbles are those of a deck card that is not in that galaxy (a possible top card)."""
        b = len(gidx)
        sizes = rng.choice(np.array(spec.marbles), size=b)
        picks = rng.random((b, 7))
        spaces = rng.integers(9, size=(b, 8))
        holes = rng.random(b) < spec.black_hole
        out = []
        for i in range(b):
            m = int(sizes[i])
            in_galaxy = pool.card_ids[int(gidx[i])]
            choices = [k for k in self.by_size.get(m, ())
                       if self.deck.cards[k].id not in in_galaxy]
            if choices:
                planets = self.deck.cards[choices[int(picks[i, 0] * len(choices))]].planets
            else:  # a deck without such cards: any m planets
                order = np.argsort(picks[i, 1:7])[:m]
                planets = "".join(self.deck.letters[j] for j in sorted(order))
            dest = SPACES[4] if spec.learning else SPACES[int(spaces[i, 0])]
            marbles = {pl: SPACES[int(spaces[i, 1 + j])] for j, pl in enumerate(planets)}
            out.append(Toss(dest, marbles, SPACES[int(spaces[i, 7])] if holes[i] else None))
        return out

    def _finish(self, number: int, tier: int, puzzle_id: str, date: dt.date | None,
                pool: _Pool, gi: int, toss: Toss, variants: Variants, question: str,
                names: tuple[str, ...]) -> SpaceBowlPuzzle:
        galaxy = pool.galaxies[gi]
        sols, near = reference.analyse(galaxy, toss, variants)
        # The pool's tables serve the cross-check unless a Wild token changes them.
        tables = pool.tables if variants.wild is None else None
        index = gi if tables is not None else 0
        letters = self.deck.letters
        if (bitboard.solve(galaxy, toss, letters, variants, tables, index) != sols
                or bitboard.near_misses(galaxy, toss, letters, variants, tables, index) != near):
            raise RuntimeError(f"puzzle {puzzle_id}: the two engines disagree")  # a bug
        return SpaceBowlPuzzle(puzzle_id, number, tier, galaxy, toss, variants, tuple(sols),
                               tuple(near), question, names, self.deck, self.lang, date)


def daily_puzzles(deck: Deck, start: dt.date, days: int, seed: int, tiers: tuple[int, int],
                  lang: str = "en", advance: Callable[[int], None] = lambda k: None
                  ) -> list[SpaceBowlPuzzle]:
    """One puzzle a day from ``start``, tiers following the weekly ramp within ``tiers``."""
    gen = Generator(deck, seed, lang)
    out = []
    for k in range(days):
        day = start + dt.timedelta(days=k)
        out.append(gen.make(k + 1, tier_for(day, *tiers), day.isoformat(), day))
        advance(1)
    return out


def student_sets(deck: Deck, students: int, puzzles: int, seed: int, tier: int | None,
                 lang: str = "en", advance: Callable[[int], None] = lambda k: None
                 ) -> list[tuple[str, list[SpaceBowlPuzzle]]]:
    """Worksheets for a class: ``students`` × ``puzzles``, all distinct, each student with the
    same tier mix (``tier`` for all, or the ramp 1..5 cycled), identified by a short code."""
    gen = Generator(deck, seed, lang)
    mix = [tier] * puzzles if tier else [1 + (k % 5) for k in range(puzzles)]
    codes = _codes(students, seed)
    out = []
    number = 0
    for code in codes:
        sheet = []
        for k, t in enumerate(mix):
            number += 1
            sheet.append(gen.make(number, t, f"{code}-{k + 1}"))
            advance(1)
        out.append((code, sheet))
    return out


def _codes(n: int, seed: int) -> list[str]:
    """``n`` distinct short sheet codes (letters without look-alikes, then digits)."""
    alphabet = "ACDEFHJKLMNPRTUVWXY"
    rng = np.random.default_rng([seed, 99])
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        code = "".join(rng.choice(list(alphabet), size=2)) + f"{int(rng.integers(10, 100))}"
        if code not in seen:
            seen.add(code)
            out.append(code)
    return out


# --------------------------------------------------------------------------- checking


MANIFEST_EXTRA_KEYS = ("id", "tier", "solutions", "question", "near_misses")
"""Keys of a manifest entry besides galaxy, toss and variants."""


def _canon(value: Any) -> str:
    # JSON text, so that 0 ≠ false and 0.0 ≠ 0 as they would be for any other reader
    return json.dumps(value, sort_keys=True)


def verify_entry(entry: Mapping[str, Any], letters: str) -> str | None:
    """Re-derive a manifest entry's answer with the reference engine, from the entry alone.

    Returns ``None`` when the stored ``solutions`` (and ``near_misses``, if present) are
    exactly — as JSON — what ``spacebowl solve`` prints, else one line saying what differs.
    An entry whose galaxy, toss or variants cannot be read raises :class:`InputError`.
    """
    if "solutions" not in entry:
        raise InputError("missing key", "solutions")
    puzzle = puzzle_from_json(entry, letters, MANIFEST_EXTRA_KEYS)
    galaxy, toss, variants = puzzle.galaxy, puzzle.toss, puzzle.variants
    found, lures = reference.analyse(galaxy, toss, variants)
    expected = solutions_to_json(found)["solutions"]
    stored = entry["solutions"]
    if _canon(stored) != _canon(expected):
        if not isinstance(stored, list):
            return f"solutions must be a list, got {_canon(stored)[:40]}"
        got = [s.get("cell") if isinstance(s, dict) else s for s in stored]
        want = [s["cell"] for s in expected]
        if got != want:
            return f"answer key says {got or 'none'}, the engine finds {want or 'none'}"
        for s, e in zip(stored, expected, strict=True):
            if _canon(s) != _canon(e):
                return (f"solution {e['cell']}: answer key says {_canon(s)}, "
                        f"the engine says {_canon(e)}")
    if "near_misses" in entry:
        near = [p.name for p in lures]
        if _canon(entry["near_misses"]) != _canon(near):
            return f"near misses listed {entry['near_misses']}, the engine finds {near}"
    return None


@functools.lru_cache(maxsize=8)
def _letters(deck_name: str) -> str:
    path = deck_path(deck_name)
    if not path.is_file():
        return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # an unknown deck: any planet letters
    return parse_deck(path.read_text(encoding="utf-8-sig"), deck_name).letters


def verify_manifest_entry(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """:func:`verify_entry` with the planet letters of the manifest's deck (``header["deck"]``,
    default ``classic``)."""
    return verify_entry(entry, _letters(str(header.get("deck") or "classic")))
