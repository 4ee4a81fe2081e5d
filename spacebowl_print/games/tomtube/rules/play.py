"""Playing one turn: placing the top rhomb (with isolated triangles and new counters),
moving (paying, an automatic alien exchange, taking a counter), passing; and scoring.

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
    build,
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
            if t not in cov and all(u in cov or u in b.module_triangles
                                    for u in b.triangle_neighbours[t])]


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
    (by name) alien for 0 tube ends, control for 1 — never next to a module."""
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
    return replace(new, counters=counters, stock=stock, to_move=other(pos.to_move))


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
    net = build(new, tiles)
    for k in sorted(complete_knots(coverage(new)) - before):
        if k in b.next_to_module:
            continue
        ends = net.tube_ends[k]
        counter = "alien" if ends == 0 else "control" if ends == 1 else None
        if counter and stock[counter] > 0:
            counters[b.knots[k].name] = counter
            stock[counter] -= 1


def move(pos: Position, tiles: TileSet, mv: Move) -> Position:
    """Make a legal move: pay (exchanging an alien first when the payment is otherwise not
    possible), go to ``mv.to`` and take the counter there, pass the turn."""
    legal = legal_moves(pos, tiles)
    if mv not in legal:
        raise InputError(f"not a legal move for {pos.to_move}: {mv.kind} to {mv.to} paying "
                         f"{mv.pay or 'nothing'}")
    player = pos.to_move
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
    return replace(pos, counters=counters, stock=stock, astronauts=astronauts,
                   to_move=other(player))


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


def play(pos: Position, tiles: TileSet, action: Action) -> Position:
    """Play one action (placement, move or pass) for the player to move."""
    if isinstance(action, Placement):
        return place(pos, tiles, action)
    if isinstance(action, Move):
        return move(pos, tiles, action)
    if can_place(pos) or legal_moves(pos, tiles):
        raise InputError(f"{pos.to_move} may pass only when they can neither place nor move")
    return replace(pos, to_move=other(pos.to_move))


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


__all__ = ["Fill", "Pass", "at_home", "can_pay", "can_place", "exchange", "fill_owner",
           "isolated_after", "move", "place", "play", "score"]
