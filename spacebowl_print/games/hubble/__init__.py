"""Hubble: the pad, icons, constellation cards, challenges and play logs (``model``), the
scoring engine with two independent paths for asteroids and stars and the legality checker
(``rules``), the challenge generator, the greedy player, the par solver and manifest entries
(``solve``), the print art (``art``), the print-and-play kit (``kit``), the daily challenges
and class sets (``puzzles``), and the ``hubble`` click group (``cli``). Rules and file shapes:
docs/hubble.md.

:data:`GAME` is the table publishing and the CLI use (``spacebowl hubble …``, and
``spacebowl check`` on a daily booklet's or class set's manifest).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacebowl_print.games.base import Game


def _verify(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """Re-prove one daily entry with the engine's independent check (strict reading, solo
    rules, legality replay of the par's play, re-scoring); imported here so that reading the
    table stays cheap."""
    from spacebowl_print.games.hubble.solve.manifest import verify_entry

    return verify_entry(dict(entry))


GAME = Game(
    id="hubble",
    title="Hubble",
    languages=("en", "fr", "de"),
    manifest_schema="hubble-daily/1",
    commands={"hubble": "spacebowl_print.games.hubble.cli:hubble"},
    verify=_verify,
)
