"""Re-deriving a manifest entry with the reference engine, from the entry and the deck alone.

A booklet's entry is accepted only if everything in it holds: the answer and the near misses
exactly as ``spacebowl solve`` finds them, a tier whose promises the puzzle keeps (marbles,
black hole, variants, galaxy size, question), the tier and ``grade`` the human-model solver's
rule gives (re-derived by :mod:`.regrade`, not by the generator's solver), and card ids that
name distinct cards of the manifest's deck showing exactly the planets of their cells.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spacebowl_print.core.userfiles import is_regular_file, read_user_text
from spacebowl_print.games.spacebowl.model import (
    CENTRE,
    Deck,
    InputError,
    Puzzle,
    deck_to_data,
    parse_deck,
    puzzle_from_json,
    solutions_to_json,
)
from spacebowl_print.games.spacebowl.model.shipped import deck_path
from spacebowl_print.games.spacebowl.puzzles.regrade import regrade
from spacebowl_print.games.spacebowl.puzzles.tiers import CHECKS_FLOOR, TIERS
from spacebowl_print.games.spacebowl.rules import reference
from spacebowl_print.publish.schedule import slot_of

MANIFEST_EXTRA_KEYS = ("id", "tier", "solutions", "question", "near_misses", "grade")
"""Keys of a manifest entry besides galaxy, toss and variants."""


def _canon(value: Any) -> str:
    # JSON text, so that 0 ≠ false and 0.0 ≠ 0 as they would be for any other reader
    return json.dumps(value, sort_keys=True)


def deck_digest(deck: Deck) -> str:
    """SHA-256 of the deck's content (planets and cards, not its file's layout or comments):
    recorded in manifests so that ``check`` notices a deck edited after the booklet."""
    return hashlib.sha256(_canon(deck_to_data(deck)).encode("utf-8")).hexdigest()


def _answer_problem(entry: Mapping[str, Any], puzzle: Puzzle) -> str | None:
    found, lures = reference.analyse(puzzle.galaxy, puzzle.toss, puzzle.variants)
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
                return (f"solution {e['cell']}: answer key says {_canon(s)[:60]}, "
                        f"the engine says {_canon(e)}")
    if "near_misses" in entry:
        near = [p.name for p in lures]
        if _canon(entry["near_misses"]) != _canon(near):
            listed = _canon(entry["near_misses"])[:60]
            return f"near misses listed {listed}, the engine finds {near}"
    return None


def verify_entry(entry: Mapping[str, Any], letters: str) -> str | None:
    """Re-derive a manifest entry's answer with the reference engine, from the entry alone.

    Returns ``None`` when the stored ``solutions`` (and ``near_misses``, if present) are
    exactly — as JSON — what ``spacebowl solve`` prints, else one line saying what differs.
    An entry whose galaxy, toss or variants cannot be read raises :class:`InputError`.
    """
    if "solutions" not in entry:
        raise InputError("missing key", "solutions")
    return _answer_problem(entry, puzzle_from_json(entry, letters, MANIFEST_EXTRA_KEYS))


def _variant_names(puzzle: Puzzle) -> frozenset[str]:
    """The variants a puzzle is played with, named as :data:`TIERS` names them."""
    g, v = puzzle.galaxy, puzzle.variants
    names = {"rotation": v.rotation, "torus": v.torus, "wild": v.wild is not None,
             "void": any(c is None for row in g.cells for c in row),
             "6x6": (g.rows, g.cols) == (6, 6)}
    return frozenset(name for name, on in names.items() if on)


def _tier_problem(entry: Mapping[str, Any], puzzle: Puzzle) -> str | None:
    """Why the puzzle breaks one of its tier's promises (see :data:`TIERS`), or None. Every
    promise a single puzzle can keep is checked: its marbles; the black hole (never, or
    always, when the tier's share is 0 or 1); the learning mode's centre disc; its variant
    set, one of the tier's; its galaxy size; its number of solutions, one the tier deals,
    and with the Wild token at least one solution that needs it; its near misses within the
    tier's bounds; its question."""
    tier = entry.get("tier")
    if isinstance(tier, bool) or not isinstance(tier, int) or tier not in TIERS:
        return f"tier must be one of {', '.join(map(str, TIERS))}, got {_canon(tier)[:20]}"
    spec = TIERS[tier]
    g, toss, v = puzzle.galaxy, puzzle.toss, puzzle.variants
    variants = _variant_names(puzzle)
    sets = {frozenset(names) for names in spec.variants}
    solutions = entry.get("solutions")
    count = len(solutions) if isinstance(solutions, list) else -1
    near = entry.get("near_misses")
    near_count = len(near) if isinstance(near, list) else None
    low, high = spec.near_misses
    shown_sets = " or ".join("+".join(sorted(s)) or "none" for s in sorted(sets, key=sorted))
    problems = [
        (len(toss.marbles) not in spec.marbles,
         f"{len(toss.marbles)} marbles, tier {tier} tosses {spec.marbles}"),
        (toss.black_hole is not None and spec.black_hole == 0,
         f"a black hole, which tier {tier} never tosses"),
        (toss.black_hole is None and spec.black_hole == 1,
         f"no black hole, which tier {tier} always tosses"),
        (spec.learning and toss.destination != CENTRE,
         f"tier {tier} is learning mode: the disc lies in the centre space"),
        (variants not in sets,
         f"variants {'+'.join(sorted(variants)) or 'none'}, tier {tier} plays {shown_sets}"),
        ((g.rows, g.cols) not in ((5, 5), (6, 6)), f"a {g.cols}×{g.rows} galaxy in tier {tier}"),
        (count not in {k for k, share in spec.solutions.items() if share > 0},
         f"{count} solution(s), tier {tier} deals "
         f"{', '.join(str(k) for k, share in spec.solutions.items() if share > 0)}"),
        (v.wild is not None and not any(isinstance(s, dict) and s.get("wild") is True
                                         for s in solutions or []),
         f"a Wild token that no solution needs, which tier {tier} never deals"),
        (near_count is not None and not low <= near_count <= high,
         f"{near_count} near misses, tier {tier} has "
         f"{f'{low} to {high}' if high < 99 else f'at least {low}'}"),
    ]
    for bad, why in problems:
        if bad:
            return f"the puzzle has {why}" if not why.startswith("tier") else why
    question = entry.get("question")
    if question not in (*spec.questions, "find"):
        return f"question {_canon(question)[:20]} is not asked in tier {tier}"
    if question == "any" and count > 1:
        return "question 'any' is asked only when there is at most one valid card"
    return None


def _grade_problem(entry: Mapping[str, Any], puzzle: Puzzle) -> str | None:
    """Why the entry's tier and ``grade`` are not what the human-model solver's rule gives
    (:mod:`.regrade`, a second implementation of it), or None."""
    answer = [s.cell for s in reference.solve(puzzle.galaxy, puzzle.toss, puzzle.variants)]
    tier, got = regrade(puzzle.galaxy, puzzle.toss, puzzle.variants, str(entry["question"]),
                        answer)
    if entry["tier"] != tier:
        return (f"tier {_canon(entry['tier'])[:20]}, but the human-model solver grades the "
                f"puzzle tier {tier} (needs {', '.join(map(str, got['techniques']))}; "
                f"{got['checks']} checks)")
    if _canon(entry["grade"]) != _canon(got):
        return f"grade {_canon(entry['grade'])[:80]}, the solver finds {_canon(got)}"
    floor = CHECKS_FLOOR[tier]
    if got["checks"] < floor:
        return f"{got['checks']} checks, tier {tier} takes at least {floor}"
    return None


def _cards_problem(puzzle: Puzzle, deck: Deck) -> str | None:
    """Why the galaxy's card ids do not match ``deck``, or None."""
    ids = puzzle.galaxy.card_ids
    if ids is None:
        return "card_ids missing: a booklet's galaxies are dealt from its deck"
    known = {c.id: c for c in deck.cards}
    seen: set[int] = set()
    for pos in puzzle.galaxy.positions():
        cid = ids[pos.row][pos.col]
        if cid is None or cid not in known:
            return f"card {pos.name}: id {cid} is not a card of deck {deck.name!r}"
        if cid in seen:
            return f"card {pos.name}: card {cid} lies twice in the galaxy"
        seen.add(cid)
        shown = puzzle.galaxy[pos]
        if shown is not None and shown != known[cid].planet_set:
            card = deck.ordered(known[cid].planets) or "none"
            return (f"card {pos.name}: card {cid} shows {card}, "
                    f"the galaxy says {deck.ordered(shown) or 'none'}")
    return None


def verify_puzzle_entry(entry: Mapping[str, Any], deck: Deck) -> str | None:
    """Everything :func:`verify_entry` checks, plus the tier's promises and the card ids
    against ``deck`` (see the module docstring); near misses are required."""
    for key in ("solutions", "near_misses", "tier", "question", "id", "grade"):
        if key not in entry:
            raise InputError("missing key", key)
    puzzle = puzzle_from_json(entry, deck.letters, MANIFEST_EXTRA_KEYS)
    return (_answer_problem(entry, puzzle) or _tier_problem(entry, puzzle)
            or _grade_problem(entry, puzzle) or _cards_problem(puzzle, deck))


@dataclass(frozen=True)
class FoundDeck:
    """The deck a manifest's answers are checked against, and where it was found: ``how``
    is ``--deck``, ``as recorded``, ``beside the manifest`` or ``shipped``."""

    deck: Deck
    path: Path
    how: str


@functools.lru_cache(maxsize=32)
def _read(path: Path) -> Deck:
    return parse_deck(read_user_text(path), str(path))


def _candidates(header: Mapping[str, Any]) -> list[tuple[Path, str]]:
    """Where the manifest's deck may be, in the order they are tried: the ``--deck`` of
    ``spacebowl check`` (``check_deck``), the file the booklet was made from as recorded
    (``deck_file``: as given, so relative to the folder the command ran in), a file of that
    name beside the manifest's folder or in it (``manifest_folder``, which ``check`` adds),
    and the shipped deck of the recorded name."""
    out: list[tuple[Path, str]] = []
    given = header.get("check_deck")
    if isinstance(given, str) and given:
        return [(deck_path(given), "--deck")]
    recorded = header.get("deck_file")
    if isinstance(recorded, str) and recorded:
        out.append((Path(recorded), "as recorded"))
        folder = header.get("manifest_folder")
        if isinstance(folder, str) and folder:
            # the booklet's folder holds only what it records: a deck handed on with it lies
            # beside that folder (or in it, for a manifest checked on its own)
            for where in (Path(folder).parent, Path(folder)):
                out.append((where / Path(recorded).name, "beside the manifest"))
    name = header.get("deck") or "classic"
    out.append((deck_path(str(name)), "shipped"))
    return out


def find_deck(header: Mapping[str, Any]) -> FoundDeck | str:
    """The deck this manifest was made with: the first candidate (:func:`_candidates`) that
    is a regular file and, when the header records ``deck_sha256``, has that content. When
    decks were found but none has that content, one line saying so (the answers cannot be
    the deck's: a wrong answer key, exit 1); when none was found at all, an
    :class:`InputError` at ``deck`` naming every place tried (exit 2)."""
    recorded = header.get("deck_sha256")
    tried: list[str] = []
    differs: list[Path] = []
    for path, how in _candidates(header):
        if not is_regular_file(path):
            tried.append(f"{path} ({how}): no such file")
            continue
        deck = _read(path)
        if recorded is not None and recorded != deck_digest(deck):
            differs.append(path)
            tried.append(f"{path} ({how}): its content differs")
            continue
        return FoundDeck(deck, path, how)
    name = str(header.get("deck") or "classic")[:40]
    if differs:
        return (f"deck {name!r} is not the deck this manifest was made with "
                f"({'; '.join(tried)}; pass the original with --deck)")
    raise InputError(f"the deck {name!r} this manifest was made with was not found: "
                     f"{'; '.join(tried)} (pass it with --deck FILE)", "deck")


def deck_used(header: Mapping[str, Any]) -> str | None:
    """What ``spacebowl check`` says it checked the answers against."""
    found = find_deck(header)
    if isinstance(found, str):
        return None
    return f"deck {found.deck.name!r}: {found.path} ({found.how})"


def verify_manifest_entry(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """:func:`verify_puzzle_entry` against the manifest's deck (:func:`find_deck`: the same
    content as the booklet was made with, when the header records its digest)."""
    found = find_deck(header)
    if isinstance(found, str):
        return found
    return verify_puzzle_entry(entry, found.deck) or _slot_problem(header, entry)


def _slot_problem(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """The entry's tier against the tier its slot has (the date's place in the weekly ramp
    within the recorded tier range, or a classroom set's mix), derived again from the
    header's options: the generator always makes a puzzle of its slot's tier, so a puzzle
    relabelled to another tier whose promises it happens to keep (a tier-1 puzzle keeps tier
    2's) is found. A header without options has no slot to check against."""
    slot = slot_of(header, entry.get("id"))
    if slot is None or entry.get("tier") == slot.tier:
        return None
    return (f"tier {_canon(entry.get('tier'))[:20]}, but the manifest's options make it a "
            f"tier-{slot.tier} puzzle")
