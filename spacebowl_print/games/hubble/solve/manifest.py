"""Daily manifest entries: making them (with the par solver) and re-deriving them.

An entry is ``{"id", "challenge", "par": {"total", "score", "play", "bound"}}``: the
challenge as ``challenge.json`` writes it, and the par play with the engine's score object
and total, and the proved upper bound on any play's total (optional: older entries lack it); an
entry of a tiered booklet also has ``"tier"`` (1–5, :mod:`~.tiers`) after ``"id"``.
:func:`verify_entry` trusts nothing in the entry: it reads the challenge and the play
strictly and checks the solo rules, then has the second engine (``rules.independent``, which
shares no code with the replay and the scorer that made the par) replay the play and rescore
the finished pad; a tier is graded again from the challenge by the human model's techniques,
played and scored anew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.core.jsonio import show
from spacebowl_print.games.hubble.model.challenge import (
    Challenge,
    challenge_from_json,
    play_from_json,
    solo_rules_problem,
)
from spacebowl_print.games.hubble.model.constellations import (
    ConstellationSet,
    constellations_from_data,
    load_constellation_set,
    set_digest,
    set_to_dict,
)
from spacebowl_print.games.hubble.rules.independent import entry_problem
from spacebowl_print.games.hubble.solve.par import ParSettings, par_entry, solve_par
from spacebowl_print.games.hubble.solve.tiers import (
    CANDIDATES,
    TIERS,
    candidate,
    grade,
    slot_day,
)
from spacebowl_print.publish.schedule import slot_of

ENTRY_KEYS = ("id", "challenge", "par")
OPTIONAL_KEYS = ("tier",)
PAR_KEYS = ("total", "score", "play")
PAR_OPTIONAL = ("bound",)
"""The model's proved upper bound on any play's total (entries made before it had none)."""


def make_entry(challenge: Challenge, cset: ConstellationSet | None = None,
               settings: ParSettings | None = None) -> dict[str, Any]:
    """The manifest entry of ``challenge``: the par solver's play, replayed and scored."""
    cset = cset or load_constellation_set()
    return par_entry(challenge, solve_par(challenge, cset.pick(challenge.constellations),
                                          settings))


def verify_header(header: Mapping[str, Any], cset: ConstellationSet) -> str | None:
    """Why a daily manifest's header does not match what its entries are verified with, or
    None: its ``constellations`` must give ``cset``'s name and digest (a booklet made with
    another set, or with this set edited, cannot be proved with this one; the set's cards may
    be recorded beside them); its ``pad``, when recorded, must be ``{"cols", "rows"}`` of whole
    numbers."""
    recorded = header.get("constellations")
    want = {"name": cset.name, "sha256": set_digest(cset)}
    got = ({k: recorded.get(k) for k in want} if isinstance(recorded, Mapping) else recorded)
    if got != want:
        return (f"constellations: the header records {show(got)[:80]}, the set used to "
                f"check is {cset.name!r} with digest {want['sha256'][:12]}…")
    pad = header.get("pad")
    if pad is not None and (not isinstance(pad, Mapping) or set(pad) != {"cols", "rows"}
                            or not all(isinstance(v, int) and not isinstance(v, bool)
                                       for v in pad.values())):
        return f"pad: must be {{\"cols\", \"rows\"}}, got {show(pad)[:60]}"
    return None


def verify_entry(entry: Mapping[str, Any], cset: ConstellationSet | None = None,
                 header: Mapping[str, Any] | None = None) -> str | None:
    """``None`` if ``entry`` re-derives exactly, else one line saying what is wrong: a
    header that does not match the set (:func:`verify_header`, when ``header`` is given), a
    challenge that does not read or break the solo rules, a pad of another size than the
    header's, an illegal play, a recorded score or total that the replayed pad does not
    earn, or a recorded tier (optional) that the challenge does not grade as
    (:mod:`~.tiers`). The par is proved by the second engine
    (:func:`~spacebowl_print.games.hubble.rules.independent.entry_problem`), not by the code
    that made it. ``cset`` defaults to the shipped set."""
    cset = cset or load_constellation_set()
    try:
        if header is not None:
            problem = verify_header(header, cset)
            if problem:
                return problem
        problem = _verify(entry, cset)
        if problem is None and header is not None and isinstance(header.get("pad"), Mapping):
            geo = challenge_from_json(entry["challenge"], cset.names).geometry
            if (geo.cols, geo.rows) != (header["pad"]["cols"], header["pad"]["rows"]):
                return (f"challenge: a {geo.cols}×{geo.rows} pad, the header records "
                        f"{header['pad']['cols']}×{header['pad']['rows']}")
        return problem
    except InputError as err:
        return str(err)


def _verify(entry: Mapping[str, Any], cset: ConstellationSet) -> str | None:
    if not isinstance(entry, Mapping):
        return f"an entry must be a JSON object, got {show(entry)}"
    problem = _keys_problem(entry, ENTRY_KEYS, optional=OPTIONAL_KEYS)
    if problem:
        return problem
    try:
        challenge = challenge_from_json(entry["challenge"], cset.names)
    except InputError as err:
        raise err.within("challenge") from None
    if entry["id"] != challenge.id:
        return f"id {show(entry['id'])} is not the challenge's id {show(challenge.id)}"
    problem = solo_rules_problem(challenge)
    if problem:
        return f"challenge: {problem}"
    problem = _verify_par(entry, challenge, cset)
    if problem or "tier" not in entry:
        return problem
    return _verify_tier(entry["tier"], challenge, entry["par"]["total"], cset)


def _verify_tier(tier: object, challenge: Challenge, par: int, cset: ConstellationSet
                 ) -> str | None:
    """The recorded tier against the tier the challenge grades as (:func:`~.tiers.grade`:
    the human model's techniques played anew; ``par`` is not part of the grade)."""
    if not isinstance(tier, int) or isinstance(tier, bool) or tier not in TIERS:
        return f"tier: must be a whole number from 1 to 5, got {show(tier)}"
    graded = grade(challenge, cset.pick(challenge.constellations))
    if tier != graded.tier:
        return (f"tier: the challenge grades as tier {graded.tier} (target {graded.target}, "
                f"reached by the tier-{graded.tier} player: {graded.technique}), not {tier}")
    return None


def _verify_par(entry: Mapping[str, Any], challenge: Challenge, cset: ConstellationSet
                ) -> str | None:
    """The entry's par read strictly, then proved by the second engine."""
    par = entry["par"]
    if not isinstance(par, Mapping):
        return f"par: must be a JSON object, got {show(par)}"
    problem = _keys_problem(par, PAR_KEYS, "par", optional=PAR_OPTIONAL)
    if problem:
        return problem
    try:
        play_from_json(par["play"], challenge.geometry)
    except InputError as err:
        raise err.within("par", "play") from None
    # the proof: legality, score breakdown and total, by code that shares nothing with the
    # replay and the scorer that produced the par
    return entry_problem(entry, set_to_dict(cset))


def _keys_problem(obj: Mapping[str, Any], keys: tuple[str, ...], within: str = "",
                  optional: tuple[str, ...] = ()) -> str | None:
    """The first unknown key of ``obj``, else the first missing one, as a message (with
    ``within`` the place of ``obj`` in the entry, none for the entry itself; ``optional``
    keys may be there or not)."""
    for key in obj:
        if key not in keys and key not in optional:
            lead = f"{within}: " if within else ""
            return f"{lead}unknown key {show(key)} (expected {', '.join(keys + optional)})"
    for key in keys:
        if key not in obj:
            return f"{within}.{key}: missing key" if within else f"{key}: missing key"
    return None


def header_set(header: Mapping[str, Any]) -> ConstellationSet | str:
    """The constellation set a manifest's header records, or why it cannot be the one the
    booklet was made with (its cards do not match the recorded digest: a card or the digest
    changed after the manifest was written, so ``check`` says the manifest was tampered with,
    exit status 1); the shipped set when the header records no cards. Cards that cannot be
    read at all are an :class:`InputError` (an unreadable manifest)."""
    raw = header.get("constellations")
    if not isinstance(raw, Mapping) or "cards" not in raw:
        return load_constellation_set(None)
    cards = raw.get("cards")
    if not isinstance(cards, list):
        raise InputError("must be a list of constellation tables", "constellations", "cards")
    name = raw.get("name")
    try:  # read as decoded data: no TOML round trip (which a null in a card could not take)
        cset = constellations_from_data({"name": name if isinstance(name, str) else "",
                                         "constellations": cards})
    except InputError as err:
        raise err.at_file("manifest.json") from None
    if set_digest(cset) != raw.get("sha256"):
        return ("constellations: the recorded cards do not match their sha256 (the cards or "
                "the digest changed after the manifest was written)")
    return cset


def dealt_problem(header: Mapping[str, Any], entry: Mapping[str, Any], cset: ConstellationSet
                  ) -> str | None:
    """Why the entry's challenge is not one its slot's seed deals, or None: the cards and
    every roll must be those of one of the day's :data:`~.tiers.CANDIDATES` candidates
    (:func:`~.tiers.candidate`, from the manifest's seed and the slot's day, which the
    header's options give again), so a roll or card changed after the booklet was made is
    found even when the par still replays. A header without options has no slot to check
    against (None)."""
    slot = slot_of(header, entry.get("id"))
    if slot is None:
        return None
    challenge = challenge_from_json(entry["challenge"], cset.names)
    day = slot_day(slot.date, slot.number)
    dealt = (challenge.constellations, challenge.rolls)
    for attempt in range(CANDIDATES):
        made = candidate(header["seed"], day, attempt, cset, challenge.cols, challenge.rows)
        if (made.constellations, made.rolls) == dealt:
            return None
    return ("challenge: its cards and rolls are none the manifest's seed deals for this "
            "puzzle (a roll or card was changed)")


def verify_with_header(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """:func:`verify_entry` on the set the manifest's ``header`` records (its digest checked
    first; the shipped set for a manifest from before sets were recorded), the header's
    fields checked too, and the challenge proved dealt by the seed (:func:`dealt_problem`):
    what ``spacebowl check`` and the pre-write gate run."""
    cset = header_set(header)
    if isinstance(cset, str):
        return cset
    problem = verify_entry(entry, cset, header)
    if problem is None:
        try:
            problem = dealt_problem(header, entry, cset)
        except InputError as err:
            problem = str(err)
    return problem
