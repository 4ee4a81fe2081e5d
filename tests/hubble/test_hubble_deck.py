"""The shipped constellation set: the rulebook's names and its two cards' points, shape
rules, distinct patterns, fit on the standard pad, and values that are exactly what the
documented generator produces."""

from __future__ import annotations

import re

from spacebowl_print.games.hubble.model.constellations import (
    canonical_shape,
    load_constellation_set,
    shipped_set_path,
)
from spacebowl_print.games.hubble.rules.stars import placements
from spacebowl_print.games.hubble.solve import deck_design
from spacebowl_print.games.hubble.solve.challenges import STANDARD_COLS, STANDARD_ROWS

CSET = load_constellation_set()


RULEBOOK_NAMES = ("Aquarius", "Aquila", "Aries", "Cancer", "Canis Major", "Capricorn",
                  "Cassiopeia", "Cepheus", "Gemini", "Leo", "Libra", "Lyra", "Orion", "Pisces",
                  "Sagittarius", "Scorpio", "Taurus", "Ursa Minor", "Virgo")


def test_the_rulebooks_nineteen_names_and_our_twentieth() -> None:
    assert CSET.names[:19] == RULEBOOK_NAMES
    assert CSET.names[19] == "Cygnus"


def test_ursa_minor_and_cepheus_are_the_rulebooks() -> None:
    """Ursa Minor: 5 red stars for 10, 2 purple at +3 (16 at most); Cepheus: 5 red for 15,
    no purple star."""
    um, ce = CSET["Ursa Minor"], CSET["Cepheus"]
    assert (len(um.red), len(um.purple), um.value, um.bonus) == (5, 2, 10, 3)
    assert um.value + um.bonus * len(um.purple) == 16
    assert (len(ce.red), len(ce.purple), ce.value, ce.bonus) == (5, 0, 15, 0)


def test_twenty_cards_within_the_limits() -> None:
    assert CSET.name == "hubble-classic"
    assert len(CSET) == 20 and len(set(CSET.names)) == 20
    for card in CSET:
        assert 3 <= len(card.red) <= 7
        assert 0 <= len(card.purple) <= 3
        assert not set(card.red) & set(card.purple)
        assert (card.bonus == 0) == (not card.purple)
        assert card.value > 0


def test_no_two_red_patterns_alike_up_to_translation_and_turning() -> None:
    shapes = [canonical_shape(card.red) for card in CSET]
    assert len(set(shapes)) == len(shapes)


def test_canonical_shape_sees_turns_and_shifts_but_not_mirrors() -> None:
    hook = [(0, 0), (1, 0), (2, 0), (2, 1)]
    turned = [(-r + 5, q + r - 2) for q, r in hook]  # a turn by 60°, then a shift
    assert canonical_shape(turned) == canonical_shape(hook)
    mirrored = [(r, q) for q, r in hook]
    assert canonical_shape(mirrored) != canonical_shape(hook)


def test_every_card_fits_the_standard_pad_purple_stars_included() -> None:
    """Every card can be completed on the standard pad with all its purple stars on it, so
    its printed best (Ursa Minor's 16) can be reached."""
    for card in CSET:
        full = [pl for pl in placements(card, STANDARD_COLS, STANDARD_ROWS)
                if all(c is not None for c in pl.purple)]
        assert full, card.name


def test_shipped_file_is_what_the_generator_writes() -> None:
    _, text = deck_design.generate_set()
    assert shipped_set_path().read_text(encoding="utf-8") == text


def test_values_follow_the_documented_formula() -> None:
    """Recompute value from the bits printed in the file's header; every card but the two
    the rulebook prices carries the formula's points."""
    header = shipped_set_path().read_text(encoding="utf-8").split("\nname = ")[0]
    rows = {}
    for line in header.splitlines():
        m = re.match(r"# (.+?)\s+(\d)\s+(\d)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s+(\d+)"
                     r"\s+(\d+)\s+(\d+)\s+(measured|rulebook)$", line)
        if m:
            rows[m.group(1)] = m
    assert len(rows) == 20
    for card in CSET:
        m = rows[card.name]
        bits = float(m.group(6))
        want = min(deck_design.VALUE_MAX, max(deck_design.VALUE_MIN,
                                              round(deck_design.VALUE_BASE
                                                    + deck_design.VALUE_PER_BIT * bits)))
        assert want == int(m.group(7))
        assert (card.value, card.bonus) == (int(m.group(9)), int(m.group(10)))
        if card.name in deck_design.RULEBOOK_POINTS:
            assert m.group(11) == "rulebook"
            assert (card.value, card.bonus) == deck_design.RULEBOOK_POINTS[card.name]
        else:
            assert m.group(11) == "measured"
            assert (card.value, card.bonus) == (want, int(m.group(8)))
