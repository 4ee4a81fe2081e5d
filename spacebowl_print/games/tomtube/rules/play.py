"""Playing one turn: placing the top rhomb (with isolated triangles and new counters),
moving (paying, an automatic alien exchange, taking a counter), passing; and scoring.

An alien counter can be exchanged at any moment of one's own turn (the rulebook): an action
carries the aliens the player exchanges of their own free will before and after it
(:class:`~spacebowl_print.games.tomtube.model.position.Exchange`); a payment the player
cannot make otherwise exchanges one by itself, right before it.

Every function takes a position and returns a new one; illegal actions raise
:class:`InputError` with a one-line reason.
"""

from __future__ import annotations

from dataclasses import replace

from spacebowl_print.core.errors import InputError
from spacebowl_print.games.tomtube.model.board import MODULES, board, other
from spacebowl_print.games.tomtube.model.position import (
    VALUES,
    Action,
    Astronaut,
    Fill,
    Move,
    Pass,
    PlacedRhomb,
    PlacedTriangle,
    Placement,
    Position,
    complete_knots,
    coverage,
)
from spacebowl_print.games.tomtube.model.tiles import TileSet
from spacebowl_print.games.tomtube.rules.network import (
    can_pay,
    free_positions,
    legal_moves,
)


def can_place(pos: Position) -> bool:
    """Whether a rhomb can still be placed: the stack is not empty and a position is free."""
    return bool(pos.stack) and bool(free_positions(pos))


def isolated_after(pos: Position, at: str) -> list[str]:
    """The free triangles (names, sorted) left with no free neighbour once a rhomb is on
    position ``at``."""
    b = board()
    cov = set(coverage(pos))
    cov.update(b.rhomb_positions[b.position_index[at]].triangles)
    return [b.triangles[t].name for t in b.free_triangles
            if t not in cov and b.free_neighbours[t] <= cov]


def fill_owner(pos: Position, used: dict[str, list[int]]) -> str | None:
    """Whose triangle covers the next isolated triangle: the mover's while they have any,
    then the other player's; ``None`` when neither has any (the triangle stays free).
    ``used[player]`` = [tubes, blanks] already used in this placement."""
    for pl in (pos.to_move, other(pos.to_move)):
        a = pos.astronauts[pl]
        if a.tubes_left - used[pl][0] + a.blanks_left - used[pl][1] > 0:
            return pl
    return None


def place(pos: Position, tiles: TileSet, placement: Placement) -> Position:
    """Place the top rhomb as ``placement`` says, cover isolated triangles with its ``fill``
    (each in order gets the mover's triangle while they have one, then the other player's),
    then put counters from the stock: energy on the new cross, then per knot sphere completed
    (by name) alien for 0 tube ends, control for 1 — never next to a module. Aliens the
    placement says are exchanged before it are exchanged first, those after it last."""
    mover = pos.to_move
    pos = exchange_aliens(pos, mover, placement.exchange.before, "exchange.before")
    _check_placement(pos, placement)
    before = complete_knots(coverage(pos))
    tile_id = pos.stack[0]
    rhombs = (*pos.rhombs, PlacedRhomb(tile_id, placement.at, placement.s1))
    triangles, used = _fill_isolated(pos, placement.fill, isolated_after(pos, placement.at))
    astronauts = {pl: replace(a, tubes_left=a.tubes_left - used[pl][0],
                              blanks_left=a.blanks_left - used[pl][1])
                  for pl, a in pos.astronauts.items()}
    new = replace(pos, rhombs=rhombs, triangles=tuple(triangles), stack=pos.stack[1:],
                  astronauts=astronauts)
    counters = dict(pos.counters)
    stock = dict(pos.stock)
    if tiles[tile_id].cross and stock["energy"] > 0:
        counters[placement.at] = "energy"
        stock["energy"] -= 1
    _counters_on_new_spheres(new, tiles, before, counters, stock)
    done = replace(new, counters=counters, stock=stock, to_move=other(pos.to_move))
    return exchange_aliens(done, mover, placement.exchange.after, "exchange.after")


def _check_placement(pos: Position, placement: Placement) -> None:
    """A rhomb to place, on a free rhomb position, its ``s1`` on a sharp corner."""
    b = board()
    if not pos.stack:
        raise InputError("the stack is empty: no rhomb to place")
    if placement.at not in b.position_index:
        raise InputError(f"no rhomb position {placement.at}", "at")
    p = b.rhomb_positions[b.position_index[placement.at]]
    if p.index not in free_positions(pos):
        raise InputError(f"position {placement.at} is not free", "at")
    if placement.s1 not in (b.knots[k].name for k in p.sharp):
        sharp = " or ".join(b.knots[k].name for k in p.sharp)
        raise InputError(f"s1 must be a sharp corner of {placement.at} ({sharp})", "s1")


def _fill_isolated(pos: Position, fill: tuple[Fill, ...], isolated: list[str]
                   ) -> tuple[list[PlacedTriangle], dict[str, list[int]]]:
    """The triangles after covering the ``isolated`` ones as ``fill`` says, and per player
    the [tube, blank] triangles that used. Every isolated triangle must be covered while a
    player has a triangle left."""
    used = {pl: [0, 0] for pl in pos.astronauts}
    triangles = list(pos.triangles)
    done: set[str] = set()
    for i, f in enumerate(fill):
        where = f"fill[{i}]"
        if f.at not in isolated:
            raise InputError(f"triangle {f.at} is not isolated by this placement "
                             f"(isolated: {', '.join(isolated) or 'none'})", where)
        if f.at in done:
            raise InputError(f"triangle {f.at} is covered twice", where)
        owner = fill_owner(pos, used)
        if owner is None:
            raise InputError("no player has a triangle left", where)
        a = pos.astronauts[owner]
        k = 0 if f.tube else 1
        left = (a.tubes_left, a.blanks_left)[k] - used[owner][k]
        if left <= 0:
            kind, alt = ("tube", "blank") if f.tube else ("blank", "tube")
            raise InputError(f"{owner} has no {kind} triangle left: use a {alt} one", where)
        used[owner][k] += 1
        triangles.append(PlacedTriangle(owner, f.at, f.tube))
        done.add(f.at)
    if fill_owner(pos, used) is not None and len(done) < len(isolated):
        missing = [t for t in isolated if t not in done]
        raise InputError(f"isolated triangle(s) must be covered: {', '.join(missing)}", "fill")
    return triangles, used


def _counters_on_new_spheres(new: Position, tiles: TileSet, before: set[int],
                             counters: dict[str, str], stock: dict[str, int]) -> None:
    """Per knot sphere the placement completed (not one ``before``), by name: an alien for 0
    tube ends, a control for 1, while the stock has one — never next to a module."""
    b = board()
    fresh = sorted(k for k in complete_knots(coverage(new)) - before
                   if k not in b.next_to_module)
    ends_at = tube_ends(new, tiles, fresh) if fresh else {}
    for k in fresh:
        ends = ends_at[k]
        counter = "alien" if ends == 0 else "control" if ends == 1 else None
        if counter and stock[counter] > 0:
            counters[b.knots[k].name] = counter
            stock[counter] -= 1


def tube_ends(pos: Position, tiles: TileSet, knots: list[int]) -> dict[int, int]:
    """How many tubes end at each of ``knots`` (indices): rhomb corners with a tube, the
    ends of player triangles' tubes, the modules' printed tubes."""
    b = board()
    out = dict.fromkeys(knots, 0)
    for r in pos.rhombs:
        p = b.position_index[r.at]
        corners = b.corners(p, b.knot_index[r.s1])
        for k, colour in zip(corners, tiles[r.id].corners, strict=True):
            if colour is not None and k in out:
                out[k] += 1
    for tr in pos.triangles:
        for kn in tr.tube or ():
            k = b.knot_index[kn]
            if k in out:
                out[k] += 1
    for m in b.modules:
        for k in (m.knot, *m.tubes_to):
            if k in out:
                out[k] += 1
    return out


def move(pos: Position, tiles: TileSet, mv: Move) -> Position:
    """Make a legal move: exchange the aliens ``mv.exchange`` names before it, pay
    (exchanging an alien first when the payment is otherwise not possible), go to ``mv.to``
    and take the counter there, exchange the aliens named after it, pass the turn."""
    player = pos.to_move
    pos = exchange_aliens(pos, player, mv.exchange.before, "exchange.before")
    legal = legal_moves(pos, tiles)
    if mv.plain() not in legal:
        raise InputError(f"not a legal move for {pos.to_move}: {mv.kind} to {mv.to} paying "
                         f"{mv.pay or 'nothing'}")
    a = pos.astronauts[player]
    held = dict(a.held)
    stock = dict(pos.stock)
    if mv.pay is not None:
        if held[mv.pay] < 1:
            exchange(held, stock)
        held[mv.pay] -= 1
        stock[mv.pay] += 1
    counters = dict(pos.counters)
    if mv.to in counters:
        held[counters.pop(mv.to)] += 1
    astronauts = dict(pos.astronauts)
    astronauts[player] = replace(a, at=mv.to, held=held)
    done = replace(pos, counters=counters, stock=stock, astronauts=astronauts,
                   to_move=other(player))
    return exchange_aliens(done, player, mv.exchange.after, "exchange.after")


def exchange(held: dict[str, int], stock: dict[str, int]) -> None:
    """Exchange one alien for one control and two energy counters from the stock (in place)."""
    if held["alien"] < 1 or stock["control"] < 1 or stock["energy"] < 2:
        raise InputError("no alien to exchange, or the stock lacks 1 control and 2 energy")
    held["alien"] -= 1
    stock["alien"] += 1
    held["control"] += 1
    held["energy"] += 2
    stock["control"] -= 1
    stock["energy"] -= 2


def exchange_aliens(pos: Position, player: str, count: int, where: str = "exchange"
                    ) -> Position:
    """``player`` exchanges ``count`` aliens, one after the other, each for 1 control and 2
    energy counters from the stock; an error (naming ``where``) if they hold too few aliens
    or the stock runs short."""
    if count <= 0:
        return pos
    held = dict(pos.astronauts[player].held)
    stock = dict(pos.stock)
    for _ in range(count):
        if held.get("alien", 0) < 1:
            raise InputError(f"{player} holds no alien counter to exchange", where)
        if stock["control"] < 1 or stock["energy"] < 2:
            raise InputError("the stock lacks the 1 control and 2 energy counters an alien "
                             "is exchanged for", where)
        exchange(held, stock)
    astronauts = dict(pos.astronauts)
    astronauts[player] = replace(pos.astronauts[player], held=held)
    return replace(pos, stock=stock, astronauts=astronauts)


def play(pos: Position, tiles: TileSet, action: Action) -> Position:
    """Play one action (placement, move or pass) for the player to move, with the aliens it
    says are exchanged before and after it."""
    if isinstance(action, Placement):
        return place(pos, tiles, action)
    if isinstance(action, Move):
        return move(pos, tiles, action)
    player = pos.to_move
    pos = exchange_aliens(pos, player, action.exchange.before, "exchange.before")
    if can_place(pos) or legal_moves(pos, tiles):
        raise InputError(f"{pos.to_move} may pass only when they can neither place nor move")
    done = replace(pos, to_move=other(pos.to_move))
    return exchange_aliens(done, player, action.exchange.after, "exchange.after")


def score(a: Astronaut, bonus: int = 0, lost: bool = False) -> int:
    """Points: energy 1, control 2, alien 5, solar 5 for each counter held, plus the bonus;
    0 for an astronaut lost in space."""
    if lost:
        return 0
    return sum(VALUES[k] * a.held.get(k, 0) for k in VALUES) + bonus


def at_home(pos: Position, player: str) -> bool:
    """Whether ``player`` stands on their base."""
    at = pos.astronauts[player].at
    return at in MODULES and MODULES[at] == (player, "base")


__all__ = ["Fill", "Pass", "at_home", "can_pay", "can_place", "exchange", "exchange_aliens",
           "fill_owner", "isolated_after", "move", "place", "play", "score", "tube_ends"]
