"""The independent check of a "way home" entry (:func:`verify_entry`).

It shares no search code with the generator (``solve/wayhome.py`` on the fast network
engine): moves come from the reference engine (``rules/reference.py``: tubes as line pieces
in integer coordinates, drifts as enumerated trails); its states are its own — the sphere's
name, the counts held, the stock counted out explicitly, the counters still on the board —
and so are payments and exchanges. It tries an alien exchange at every moment the rules
allow (before any move, as often as the player has aliens and the stock has the counters),
where the generator only exchanges right before a payment that needs it.

What it proves: the position leaves no rhomb to place; the line, replayed, is legal, enters
the base only with its last move and ends there holding both solar counters; no line of
fewer moves gets home (breadth-first search over every line, pruned only by a bound that no
line can beat); and, when the entry states them, the decoys (first moves after which home is
still reachable, but only in more moves — at most :data:`~.tiers.SLACK` more), the tier of
the human-model solver's rule (:mod:`.tiers`), re-derived here by a search of its own that
takes only moves of the techniques a tier knows (:func:`_fewest_with`, not the generator's
:mod:`.human`), the grade (legal first moves, the printed line's techniques and forced
moves) and the tier's floors.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.tomtube.model.board import BASES, MODULES, SOLARS, board, other
from spacebowl_print.games.tomtube.model.position import Move, Position
from spacebowl_print.games.tomtube.model.position_read import move_from_json, position_from_json
from spacebowl_print.games.tomtube.model.tiles import TileSet, tiles_from_mapping
from spacebowl_print.games.tomtube.model.tiles_file import load_tiles
from spacebowl_print.games.tomtube.rules import reference
from spacebowl_print.games.tomtube.solve.tiers import (
    FLOORS,
    SLACK,
    TECHNIQUES,
    TIERS,
    keeps_floors,
    known_at,
    tier_of,
)

# (sphere, energy, control, alien, solar held, stock energy, stock control, stock alien,
#  bitmask of the board counters still there)
Key = tuple[str, int, int, int, int, int, int, int, int]
HELD = {"energy": 1, "control": 2, "alien": 3, "solar": 4}
EVERY = frozenset({"tom", "dave", "neutral"})
NEVER = 1 << 20
"""A bound meaning "no line gets there"."""


@cache
def shipped_tiles() -> TileSet:
    """The shipped tile set (decks/tomtube-tiles.toml), read once."""
    return load_tiles()


class _Solo:
    """The lone player's moves by the reference engine, over :data:`Key` states."""

    def __init__(self, pos: Position, tiles: TileSet) -> None:
        self.player = pos.to_move
        self.them = pos.astronauts[other(self.player)].at
        self.scene = reference.Scene(pos, tiles)
        self.counters = sorted(pos.counters.items())
        # sphere → (its bit in the mask of counters left, index of its kind in a state)
        self.counter_at = {name: (1 << i, HELD[kind])
                           for i, (name, kind) in enumerate(self.counters)}
        self.base = BASES[self.player]
        a = pos.astronauts[self.player]
        self.start: Key = (a.at, a.held["energy"], a.held["control"], a.held["alien"],
                           a.held["solar"], pos.stock["energy"], pos.stock["control"],
                           pos.stock["alien"], (1 << len(self.counters)) - 1)
        self.own = frozenset({self.player, "neutral"})
        self._geo: dict[tuple[str, int], list[Move]] = {}
        self._jumps: dict[str, list[Move]] = {}
        self._next: dict[Key, list[tuple[Move, Key]]] = {}
        self._bound: dict[tuple[str, int, int], int] = {}
        self._far: dict[str, dict[str, int]] = {}
        self.solar_bits = [(name, 1 << i) for i, (name, kind) in enumerate(self.counters)
                           if kind == "solar" and name in SOLARS[self.player]]
        self.solar_mask = sum(bit for _n, bit in self.solar_bits)

    # ---- moves ---------------------------------------------------------------------------

    def geometry(self, at: str, left: int) -> list[Move]:
        """The moves from ``at`` with the counters ``left`` on the board, payable or not:
        free drifts, drifts paying control, jumps paying energy, each by destination."""
        key = (at, left)
        got = self._geo.get(key)
        if got is None:
            here = [n for i, (n, _k) in enumerate(self.counters) if left >> i & 1]
            sc = self.scene
            got = [Move("drift", n, None) for n in sorted(
                reference.trails_end(sc, self.player, at, self.them, self.own, here))]
            got += [Move("drift", n, "control") for n in sorted(
                reference.trails_end(sc, self.player, at, self.them, EVERY, here))]
            jumps = self._jumps.get(at)
            if jumps is None:  # jumps do not depend on the counters
                jumps = [Move("jump", n, "energy")
                         for n in sorted(reference.jumps_from(sc, at, self.them))]
                self._jumps[at] = jumps
            got += jumps
            self._geo[key] = got
        return got

    @staticmethod
    def exchanged(k: Key) -> Key | None:
        """``k`` after one alien is exchanged for 1 control and 2 energy, if possible."""
        at, e, c, a, s, se, sc, sa, left = k
        if a < 1 or sc < 1 or se < 2:
            return None
        return (at, e + 2, c + 1, a - 1, s, se - 2, sc - 1, sa + 1, left)

    def apply(self, k: Key, mv: Move) -> Key | None:
        """The state after ``mv`` (exchanging an alien right before a payment the player
        cannot make otherwise), or None when the payment is impossible."""
        if mv.pay is not None:
            if (k[2] if mv.pay == "control" else k[1]) < 1:
                ex = self.exchanged(k)
                if ex is None:
                    return None
                k = ex
            at, e, c, a, s, se, sc, sa, left = k
            if mv.pay == "control":
                c, sc = c - 1, sc + 1
            else:
                e, se = e - 1, se + 1
            k = (at, e, c, a, s, se, sc, sa, left)
        at, e, c, a, s, se, sc, sa, left = k
        here = self.counter_at.get(mv.to)
        if here is None or not left & here[0]:
            return (mv.to, e, c, a, s, se, sc, sa, left)
        held = [0, e, c, a, s]
        held[here[1]] += 1
        return (mv.to, held[1], held[2], held[3], held[4], se, sc, sa, left & ~here[0])

    def moves(self, k: Key) -> list[Move]:
        """The legal moves in state ``k`` (a payment counts if an alien can be exchanged)."""
        out = []
        for mv in self.geometry(k[0], k[8]):
            if mv.pay is None or self.apply(k, mv) is not None:
                out.append(mv)
        return out

    def successors(self, k: Key) -> list[tuple[Move, Key]]:
        """Every (move, state after it), with any number of aliens exchanged first."""
        got = self._next.get(k)
        if got is None:
            got = []
            cur: Key | None = k
            while cur is not None:
                for mv in self.geometry(cur[0], cur[8]):
                    after = self.apply(cur, mv)
                    if after is not None:
                        got.append((mv, after))
                cur = self.exchanged(cur)
            self._next[k] = got
        return got

    def home(self, k: Key) -> bool:
        """Whether ``k`` is on the base with both solar counters: a way home's end."""
        return k[0] == self.base and k[4] >= 2

    # ---- a bound no line can beat --------------------------------------------------------

    def _distances(self, target: str) -> dict[str, int]:
        """Fewest moves from each sphere to ``target`` if every payment were free and no
        counter stopped a drift: no real line is shorter."""
        got = self._far.get(target)
        if got is None:
            spheres = sorted({*self.scene.complete, *MODULES,
                              *(n for n, cross in self.scene.centre_of.values() if cross)})
            back: dict[str, list[str]] = {n: [] for n in spheres}
            for n in spheres:
                if n == self.them or (n in MODULES and MODULES[n][0] != self.player):
                    continue
                reach = reference.trails_end(self.scene, self.player, n, self.them, EVERY, ())
                for t in reach | reference.jumps_from(self.scene, n, self.them):
                    back.setdefault(t, []).append(n)
            got = {target: 0}
            layer = [target]
            while layer:
                nxt = []
                for t in layer:
                    for n in back.get(t, ()):
                        if n not in got:
                            got[n] = got[t] + 1
                            nxt.append(n)
                layer = nxt
            self._far[target] = got
        return got

    def bound(self, k: Key) -> int:
        """At least this many moves from ``k`` to a way home's end."""
        key = (k[0], k[4], k[8] & self.solar_mask)
        got = self._bound.get(key)
        if got is None:
            solar_left = tuple(n for n, bit in self.solar_bits if k[8] & bit)
            home = self._distances(self.base)
            need = 2 - k[4]
            if need <= 0:
                got = home.get(k[0], NEVER)
            elif len(solar_left) < need:
                got = NEVER
            else:
                # Fetch the solar counters still needed in the best order, then go home.
                got = NEVER
                orders = [(m,) for m in solar_left] if need == 1 else \
                    [solar_left, solar_left[::-1]]
                for order in orders:
                    total, here = 0, k[0]
                    for m in order:
                        total += self._distances(m).get(here, NEVER)
                        here = m
                    got = min(got, total + home.get(here, NEVER))
            self._bound[key] = got
        return got

    # ---- searches ------------------------------------------------------------------------

    def fewest(self, starts: list[Key], limit: int) -> int | None:
        """The fewest moves (at most ``limit``) from any of ``starts`` to a way home's end
        (entering the base ends the game, so only the last move may enter it); None if it
        takes more. Breadth-first, layer by layer, every state once; a state is left out
        only when :meth:`bound` says no line through it is short enough."""
        seen = set(starts)
        layer = [k for k in starts if self.bound(k) <= limit]
        for depth in range(1, limit + 1):
            nxt = []
            for k in layer:
                for mv, after in self.successors(k):
                    if mv.to == self.base:
                        if after[4] >= 2:
                            return depth
                        continue
                    if after not in seen:
                        seen.add(after)
                        if depth + self.bound(after) <= limit:
                            nxt.append(after)
            layer = nxt
        return None


def verify_entry(entry: Any, tiles: TileSet | None = None) -> str | None:
    """``None`` if the manifest entry is right, else a one-line reason (see the module
    docstring: the position, the line, its minimality, and the decoys and tier when the
    entry states them)."""
    ts = tiles or shipped_tiles()
    read = _read_entry(entry, ts)
    if isinstance(read, str):
        return read
    pos, n, line = read
    if _can_place(pos):
        return "a rhomb can still be placed: not a way-home position"
    if len(line) != n:
        return f"the line has {len(line)} moves but the answer says {n}"
    solo = _Solo(pos, ts)
    problem = _replay(solo, line)
    if problem:
        return problem
    if n > 1:
        shorter = solo.fewest([solo.start], n - 1)
        if shorter is not None:
            return f"a shorter line exists ({shorter} moves)"
    if "decoys" in entry or "tier" in entry:
        return _check_grading(solo, entry, n, line)
    return None


def _check_grading(solo: _Solo, entry: Mapping[str, Any], n: int, line: list[Move]
                   ) -> str | None:
    """The stated decoys, grade and tier, counted again: for every first move (not into the
    base), the fewest moves home after it; the least tier whose techniques give a line of
    ``n`` moves (:func:`_fewest_with`); the legal first moves; the printed line's techniques
    and forced moves (:func:`_line_facts`); the tier's floors."""
    decoys = 0
    for mv in solo.moves(solo.start):
        if mv.to == solo.base:
            continue
        starts = []
        cur: Key | None = solo.start
        while cur is not None:  # the first move, after 0, 1, … voluntary exchanges
            after = solo.apply(cur, mv)
            if after is not None:
                starts.append(after)
            cur = solo.exchanged(cur)
        rest = solo.fewest(starts, n - 1 + SLACK)
        if rest is not None and 1 + rest > n:
            decoys += 1
    stated = entry.get("decoys", decoys)
    if stated != decoys:
        return f"decoys: the entry says {stated!r}, counted {decoys}"
    level = next((k for k in TIERS if _fewest_with(solo, known_at(k), n) == n), None)
    if level is None:  # every technique known: the answer's own length
        return f"no line of {n} moves by the techniques the solver knows"
    tier = tier_of(level, n, decoys)
    if entry.get("tier") != tier:
        return (f"tier: the entry says {entry.get('tier')!r}, but the human-model solver "
                f"grades it tier {tier} ({n} moves, {decoys} decoys, techniques of tier "
                f"{level})")
    firsts = len(solo.moves(solo.start))
    used, forced = _line_facts(solo, line)
    if not used <= known_at(level):
        return (f"the line uses {', '.join(t for t in TECHNIQUES if t in used)}: more than "
                f"the techniques of tier {level} that suffice")
    grade = {"techniques": [t for t in TECHNIQUES if t in used], "first_moves": firsts,
             "forced": forced}
    if "grade" in entry and entry["grade"] != grade:
        return f"grade: the entry says {entry['grade']!r}, counted {grade!r}"
    if not keeps_floors(tier, firsts, decoys, n):
        f = FLOORS[tier]
        return (f"tier {tier} promises at least {f.first_moves} first moves, {f.decoys} "
                f"decoys and {f.moves} moves; the puzzle has {firsts}, {decoys}, {n}")
    return None


def _techniques(solo: _Solo, k: Key, mv: Move, voluntary: int, after: Key) -> set[str]:
    """The techniques of ``mv`` from ``k`` (after ``voluntary`` alien exchanges of the
    player's own) to ``after``: how it moves and pays, whether an alien was exchanged,
    whether it takes a solar counter, and whether the player now holds fewer energy,
    control or alien counters than they have taken from the board (a detour's pay)."""
    out = {"walk" if mv.kind == "drift" and mv.pay is None else
           "ride" if mv.kind == "drift" else "jump"}
    if voluntary or (mv.pay is not None
                     and (k[2] if mv.pay == "control" else k[1]) < 1):
        out.add("exchange")
    if after[4] > k[4]:
        out.add("fetch")
    taken = {"energy": 0, "control": 0, "alien": 0}
    for i, (_name, kind) in enumerate(solo.counters):
        if kind in taken and not after[8] >> i & 1:
            taken[kind] += 1
    if after[1] < taken["energy"] or after[2] < taken["control"] or after[3] < taken["alien"]:
        out.add("detour")
    return out


def _fewest_with(solo: _Solo, known: frozenset[str], limit: int) -> int | None:
    """The fewest moves home (at most ``limit``) by moves whose techniques are all
    ``known`` (any number of aliens exchanged first, when ``exchange`` is known)."""
    seen = {solo.start}
    layer = [solo.start] if solo.bound(solo.start) <= limit else []
    for depth in range(1, limit + 1):
        nxt = []
        for k in layer:
            cur: Key | None = k
            voluntary = 0
            while cur is not None:
                for mv in solo.geometry(cur[0], cur[8]):
                    after = solo.apply(cur, mv)
                    if after is None or not _techniques(solo, cur, mv, voluntary,
                                                        after) <= known:
                        continue
                    if mv.to == solo.base:
                        if after[4] >= 2:
                            return depth
                        continue
                    if after not in seen:
                        seen.add(after)
                        if depth + solo.bound(after) <= limit:
                            nxt.append(after)
                cur = solo.exchanged(cur) if "exchange" in known else None
                voluntary += 1
        layer = nxt
    return None


def _line_facts(solo: _Solo, line: list[Move]) -> tuple[set[str], int]:
    """The techniques the (already replayed) ``line`` uses, and its forced moves (taken
    where the player had one legal move only)."""
    k = solo.start
    used: set[str] = set()
    forced = 0
    for mv in line:
        for _ in range(mv.exchange.before):
            k = solo.exchanged(k) or k
        forced += len(solo.moves(k)) == 1
        after = solo.apply(k, mv.plain())
        if after is None:
            break  # _replay has said why
        used |= _techniques(solo, k, mv.plain(), mv.exchange.before, after)
        k = after
        for _ in range(mv.exchange.after):
            k = solo.exchanged(k) or k
    return used, forced


def _can_place(pos: Position) -> bool:
    """Whether a rhomb is left and some edge has both its triangles free (neither printed on
    a module nor covered)."""
    if not pos.stack:
        return False
    b = board()
    covered = set(b.module_triangles)
    for r in pos.rhombs:
        covered.update(b.edges[b.edge_index[r.at]].triangles)
    covered.update(b.triangle_index[t.at] for t in pos.triangles)
    return any(len(e.triangles) == 2 and not set(e.triangles) & covered for e in b.edges)


def _read_entry(entry: Any, ts: TileSet) -> tuple[Position, int, list[Move]] | str:
    """The entry's position, stated answer length and line; or why it cannot be read."""
    try:
        if not isinstance(entry, dict) or not {"id", "position", "answer"} <= set(entry):
            return "an entry needs the keys id, position, answer"
        pos = position_from_json(entry["position"], ts)
        answer = entry["answer"]
        if not isinstance(answer, dict) or set(answer) != {"moves", "line"}:
            return "answer has exactly the keys moves, line"
        n = answer["moves"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            return f"answer.moves must be a positive integer, got {n!r}"
        if not isinstance(answer["line"], list):
            return "answer.line must be a list of moves"
        line = []
        for i, raw in enumerate(answer["line"]):
            mv = move_from_json(raw)
            if not isinstance(mv, Move):
                return f"answer.line[{i}] is not a move (drift or jump)"
            line.append(mv)
    except InputError as err:
        return str(err)
    return pos, n, line


def _replay(solo: _Solo, line: list[Move]) -> str | None:
    """Why ``line`` is not a way home (None if it is): every move legal (with the aliens it
    says are exchanged before and after it), the base entered only by the last, both solar
    counters held there."""
    k = solo.start
    for i, mv in enumerate(line):
        for _ in range(mv.exchange.before):
            ex = solo.exchanged(k)
            if ex is None:
                return f"move {i + 1}: no alien can be exchanged before it"
            k = ex
        plain = mv.plain()
        if plain not in solo.moves(k):
            return f"move {i + 1} ({mv.kind} to {mv.to}) is not legal there"
        after = solo.apply(k, plain)
        if after is None:  # listed moves are payable; kept for a clear message
            return f"move {i + 1} cannot be paid for"
        k = after
        for _ in range(mv.exchange.after):
            ex = solo.exchanged(k)
            if ex is None:
                return f"move {i + 1}: no alien can be exchanged after it"
            k = ex
        if mv.to == solo.base and i != len(line) - 1:
            return f"move {i + 1} reaches the base before the end of the line"
    if k[0] != solo.base:
        return "the line does not end on the player's base"
    if k[4] < 2:
        return "the line comes home without both solar counters"
    return None


def verify_with_header(header: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """:func:`verify_entry` on the tile set the manifest's ``header`` records (the shipped
    set for a manifest from before tile sets were recorded): what ``spacebowl check`` runs."""
    raw = header.get("tiles")
    if raw is None:
        tiles = shipped_tiles()
    elif isinstance(raw, Mapping):
        tiles = tiles_from_mapping(raw, "manifest.json")
    else:
        raise InputError("must be the tile set's table", "tiles")
    return verify_entry(dict(entry), tiles)


__all__ = ["shipped_tiles", "verify_entry", "verify_with_header"]
