"""Round scoring, captain hand-over and the end of the game (space-bowl.md, "A round").

The table of the spec, per player, for a round that is *found* (someone designated a valid
card) or *not found*:

============================================  =======  =========
who                                           found    not found
============================================  =======  =========
designated a valid card                       +1       —
… and called "Go!"                            +1 more  —
… and no one else designated that card        +1       —
used the Wild token                           −1       —
designated a wrong card                       −1       −1
… and called "Go!"                            −1 more  —
called "We are all going to die!"             −1       +1
shows the red button (the doom caller too)    −1       +1
============================================  =======  =========

A round never takes a score below 0. Decisions where the spec is silent are documented on
:func:`next_captain`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from spacebowl_print.games.spacebowl.model import Pos

WIN_SCORE = 18
START_SCORE = 4
ROUNDS = 10


@dataclass(frozen=True)
class Play:
    """What one player did in a round.

    ``card`` is the card their small Crew token designates (``None``: they placed none).
    ``red_button`` is true for the doom caller and every player who concurred.
    """

    player: str
    card: Pos | None = None
    go_caller: bool = False
    doom_caller: bool = False
    red_button: bool = False
    used_wild: bool = False

    def __post_init__(self) -> None:
        if self.doom_caller and not self.red_button:
            object.__setattr__(self, "red_button", True)  # the caller flips their token too
        if self.red_button and self.card is not None:
            raise ValueError(f"{self.player} shows the red button and cannot designate a card")
        if self.red_button and self.used_wild:
            raise ValueError(f"{self.player}: red-button players may not use the Wild token")
        if self.go_caller and self.doom_caller:
            raise ValueError(f"{self.player} cannot call both Go! and doom")


@dataclass(frozen=True)
class RoundResult:
    """The outcome of a round: ``found``, each player's points from the table (``deltas``,
    before the floor) and their new scores (after it), and the new captain."""

    found: bool
    deltas: Mapping[str, int]
    scores: Mapping[str, int]
    captain: str | None
    taken_card: Pos | None = None
    lines: Mapping[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    """Per player, the table rows that applied (label, points): for worked examples."""


def round_deltas(plays: Sequence[Play], valid: Collection[Pos]
                 ) -> tuple[bool, dict[str, int], dict[str, tuple[tuple[str, int], ...]]]:
    """Apply the table: (found, points per player, the rows that gave them)."""
    valid = set(valid)
    names = [p.player for p in plays]
    if len(set(names)) != len(names):
        raise ValueError("each player plays once a round")
    if sum(p.go_caller for p in plays) > 1 or sum(p.doom_caller for p in plays) > 1:
        raise ValueError("at most one Go! caller and one doom caller a round")
    found = any(p.card in valid for p in plays if p.card is not None)
    designated = Counter(p.card for p in plays if p.card is not None)
    deltas: dict[str, int] = {}
    lines: dict[str, tuple[tuple[str, int], ...]] = {}
    for p in plays:
        rows: list[tuple[str, int]] = []
        if p.card is not None:
            if p.card in valid:  # only possible when found
                rows.append(("valid card", 1))
                if p.go_caller:
                    rows.append(("Go! caller, valid", 1))
                if designated[p.card] == 1:
                    rows.append(("no one else chose it", 1))
            else:
                rows.append(("wrong card", -1))
                if p.go_caller and found:  # the spec's "not found" column has no extra −1
                    rows.append(("Go! caller, wrong", -1))
        if p.used_wild and found:
            rows.append(("used the Wild token", -1))
        if p.doom_caller:
            rows.append(("doom caller", -1 if found else 1))
        if p.red_button:
            rows.append(("red button", -1 if found else 1))
        deltas[p.player] = sum(v for _, v in rows)
        lines[p.player] = tuple(rows)
    return found, deltas, lines


def next_captain(plays: Sequence[Play], valid: Collection[Pos], found: bool,
                 captain: str | None) -> tuple[str | None, Pos | None]:
    """The new captain and the galaxy card they take (``None``: they take the top deck card).

    Spec: found → the Go! caller; not found → the doom caller. **Decisions** where it is
    silent: in a found round whose Go! caller chose a wrong card (or with no Go! caller), the
    captain goes to the first player, in play order, who designated a valid card — the one
    who really found it — and they take that card; with no doom caller in a round not found,
    the captain stays and takes the top deck card.
    """
    valid = set(valid)
    if found:
        go = [p for p in plays if p.go_caller and p.card in valid]
        finder = go[0] if go else next(p for p in plays if p.card is not None and p.card in valid)
        return finder.player, finder.card
    doom = [p for p in plays if p.doom_caller]
    return (doom[0].player if doom else captain), None


def score_round(plays: Sequence[Play], valid: Collection[Pos], scores: Mapping[str, int],
                captain: str | None = None) -> RoundResult:
    """Score a round: the table's points, each new score floored at 0, the new captain."""
    found, deltas, lines = round_deltas(plays, valid)
    new = dict(scores)
    for name, d in deltas.items():
        new[name] = max(0, new.get(name, START_SCORE) + d)
    cap, card = next_captain(plays, valid, found, captain)
    return RoundResult(found, deltas, new, cap, card, lines)


@dataclass(frozen=True)
class GameState:
    """Scores, cards taken and rounds played so far."""

    scores: Mapping[str, int]
    cards_taken: Mapping[str, int]
    rounds: int = 0

    @staticmethod
    def start(players: Sequence[str]) -> GameState:
        """Everyone on the start space (4), no cards taken."""
        return GameState({p: START_SCORE for p in players}, {p: 0 for p in players}, 0)

    def after(self, result: RoundResult) -> GameState:
        """The state after a scored round (the new captain takes one card)."""
        taken = dict(self.cards_taken)
        if result.captain is not None:
            taken[result.captain] = taken.get(result.captain, 0) + 1
        return GameState(dict(result.scores), taken, self.rounds + 1)

    @property
    def over(self) -> bool:
        """True once someone has 18 or more, or the 10-card deck is used up."""
        return any(s >= WIN_SCORE for s in self.scores.values()) or self.rounds >= ROUNDS

    def winners(self) -> list[str]:
        """Highest score wins; ties go to most cards taken, then stay tied (a list)."""
        best = max(self.scores.values())
        top = [p for p, s in self.scores.items() if s == best]
        most = max(self.cards_taken.get(p, 0) for p in top)
        return [p for p in top if self.cards_taken.get(p, 0) == most]
