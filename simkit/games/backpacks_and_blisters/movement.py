"""Rambling: which spaces a Rambler can end a move on with a card's circles and triangles.

The symbols may be spent in any order, so the choice is a destination, not a step: a small search
over (space, circles left, triangles left) finds every space the Rambler can stop on. Entering a
space costs one symbol of its shape; a small space held by another Rambler costs nothing to pass
(overtaking) but cannot be stopped on; Prime Locations and Keswick always cost, whoever is there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from simkit.games.backpacks_and_blisters.board import Board


def allowance(
    circles: int, triangles: int, *, sticks: bool, rucksack: bool, mint_cake: bool, chocolate: bool
) -> list[tuple[int, int]]:
    """The (circles, triangles) a played card gives, after Equipment, the Heavy Rucksack and Chocolate.

    Walking Sticks add a circle; the Heavy Rucksack then takes a circle and a triangle (Kendal Mint
    Cake: a circle or a triangle, the Rambler's pick, hence two allowances); Chocolate doubles what
    is left (the rulebook: reduce before doubling).
    """
    circles += 1 if sticks else 0
    if not rucksack:
        options = [(circles, triangles)]
    elif mint_cake:
        options = [(max(circles - 1, 0), triangles), (circles, max(triangles - 1, 0))]
    else:
        options = [(max(circles - 1, 0), max(triangles - 1, 0))]
    factor = 2 if chocolate else 1
    return [(c * factor, t * factor) for c, t in options]


def reachable(
    board: Board,
    start: int,
    circles: int,
    triangles: int,
    others: frozenset[int] | set[int],
    stops: frozenset[int] = frozenset(),
) -> frozenset[int]:
    """Every space a Rambler on ``start`` may end the move on (``start`` itself included).

    ``others`` holds the small spaces occupied by other Ramblers: free to pass, closed to stop on.
    ``stops`` holds spaces that end the walk when entered (Keswick from 4 p.m.: see
    :func:`walk_stops`).
    """
    return _reachable(board, start, circles, triangles, frozenset(others), frozenset(stops))


def walk_stops(board: Board, turn: int, late_keswick: str) -> frozenset[int]:
    """The spaces a walk cannot go through this turn: Keswick from 4 p.m. under the rule
    ``late_keswick = "stop"`` ("A Rambler arriving there from 4 p.m. onwards immediately scores
    ... Once the points have been scored, the Rambler is removed from the map")."""
    if late_keswick == "stop" and turn >= board.return_from_turn:
        return frozenset((board.start,))
    return frozenset()


# The engine offers the moves and every planner weighs them again, card by card, from the same
# space with the same Ramblers about: one search serves them all.
@lru_cache(maxsize=4096)
def _reachable(
    board: Board,
    start: int,
    circles: int,
    triangles: int,
    others: frozenset[int],
    stops: frozenset[int],
) -> frozenset[int]:
    offsets, targets, triangle = _map_arrays(board)
    mask = np.zeros((2, board.n_spaces), dtype=np.bool_)
    mask[0, list(others)] = True
    mask[1, list(stops)] = True
    ends = _compiled_reach()(
        offsets, targets, triangle, start, circles, triangles, mask[0], mask[1]
    )
    return frozenset(np.flatnonzero(ends).tolist())


@cache
def _map_arrays(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per map, its paths as arrays for the compiled search: each space's neighbours are
    ``targets[offsets[s]:offsets[s + 1]]``; ``triangle`` marks the spaces entered with a triangle."""
    offsets = np.zeros(board.n_spaces + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(a) for a in board.neighbours])
    targets = np.array([t for a in board.neighbours for t in a], dtype=np.int64)
    return offsets, targets, np.array(board.triangle, dtype=np.bool_)


@cache
def _compiled_reach():
    """:func:`_reach` compiled (numba keeps it on disk), at the first walk: importing numba
    costs some 115 MB, which a command that plays no game (``simkit report``) need not pay."""
    import numba as nb  # noqa: PLC0415

    return nb.njit(cache=True)(_reach)


def _reach(offsets, targets, triangle, start, circles, triangles, others, stops):
    """The search of :func:`reachable` over (space, circles left, triangles left), each state
    visited once: the spaces arrived on, less those held by other Ramblers."""
    n = triangle.shape[0]
    seen = np.zeros((n, circles + 1, triangles + 1), dtype=np.bool_)
    arrived = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n * (circles + 1) * (triangles + 1) * 3, dtype=np.int64)
    seen[start, circles, triangles] = True
    arrived[start] = True
    stack[0], stack[1], stack[2] = start, circles, triangles
    top = 3
    while top:
        top -= 3
        here, c, t = stack[top], stack[top + 1], stack[top + 2]
        for k in range(offsets[here], offsets[here + 1]):
            there = targets[k]
            nc, nt = c, t
            if others[there]:
                pass  # overtaking on a small space costs nothing
            elif triangle[there]:
                if t == 0:
                    continue
                nt = t - 1
            else:
                if c == 0:
                    continue
                nc = c - 1
            if seen[there, nc, nt]:
                continue
            seen[there, nc, nt] = True
            arrived[there] = True
            if not stops[there]:
                stack[top], stack[top + 1], stack[top + 2] = there, nc, nt
                top += 3
    return arrived & ~others


def reachable_any(
    board: Board,
    start: int,
    allowances: list[tuple[int, int]],
    others: frozenset[int] | set[int],
    stops: frozenset[int] = frozenset(),
) -> set[int]:
    """The union of :func:`reachable` over several allowances (Kendal Mint Cake's choice)."""
    ends: set[int] = set()
    for c, t in allowances:
        ends |= reachable(board, start, c, t, others, stops)
    return ends


@dataclass(frozen=True)
class Purse:
    """What a walk may spend on Chocolate: the bar carried at the start, the pounds, the price
    and the Refreshment locations open for buying (Chocolate "may be bought from a Refreshment
    location at any time in a Rambler's turn", so also while passing one, or where the walk
    starts after eating the bar carried)."""

    bar: bool
    money: int
    price: int
    shops: frozenset[int]


def walks(
    board: Board,
    start: int,
    allowances: list[tuple[int, int]],
    others: frozenset[int] | set[int],
    stops: frozenset[int],
    purse: Purse,
) -> set[tuple[int, int, int]]:
    """Every (end space, bar eaten 0/1, bars bought on the way) a walk can finish with.

    Eating the bar at any point of the walk doubles the card for the turn, so it adds the card's
    (circles, triangles) once more to what is left; a bar is bought at an open Refreshment
    location passed or started from, when none is carried and the pounds allow. At most one bar
    is eaten in a turn (Chocolate doubles a card, it does not double it twice).
    """
    others, stops = frozenset(others), frozenset(stops)
    doubled = [(2 * c, 2 * t) for c, t in allowances]
    can_buy = purse.money >= purse.price and purse.shops
    far = reachable_any(board, start, doubled, others, stops) if purse.bar or can_buy else set()
    if not can_buy or not (far | {start}) & purse.shops:
        # Nothing to buy on the way: eating anywhere adds the same symbols as eating at the
        # start, so the plain search and the doubled one give every end (and much faster).
        plain = reachable_any(board, start, allowances, others, stops)
        eaten = far if purse.bar else set()
        return {(d, 0, 0) for d in plain} | {(d, 1, 0) for d in eaten}
    return set(_walks(board, start, tuple(allowances), others, stops, purse))


@lru_cache(maxsize=4096)
def _walks(
    board: Board,
    start: int,
    allowances: tuple[tuple[int, int], ...],
    others: frozenset[int],
    stops: frozenset[int],
    purse: Purse,
) -> frozenset[tuple[int, int, int]]:
    ends: set[tuple[int, int, int]] = set()
    for c0, t0 in allowances:
        ends |= _walk(board, start, c0, t0, others, stops, purse)
    return frozenset(ends)


def _walk(
    board: Board,
    start: int,
    c0: int,
    t0: int,
    others: frozenset[int],
    stops: frozenset[int],
    purse: Purse,
) -> set[tuple[int, int, int]]:
    """:func:`walks` for one allowance: a search over (space, circles left, triangles left,
    eaten, carrying a bar, bars bought), keeping per (space, eaten, bar, bought) only the
    (circles, triangles) no other arrival beats in both."""
    neighbours, triangle = board.neighbours, board.triangle
    best: dict[tuple[int, int, int, int], list[tuple[int, int]]] = {}
    stack: list[tuple[int, int, int, int, int, int]] = []

    def push(here, c, t, eaten, bar, bought, walk_on=True):
        key = (here, eaten, bar, bought)
        kept = best.get(key)
        if kept is None:
            best[key] = [(c, t)]
        elif any(kc >= c and kt >= t for kc, kt in kept):
            return
        else:
            kept[:] = [(kc, kt) for kc, kt in kept if kc > c or kt > t]
            kept.append((c, t))
        if walk_on:
            stack.append((here, c, t, eaten, bar, bought))

    push(start, c0, t0, 0, int(purse.bar), 0)
    while stack:
        here, c, t, eaten, bar, bought = stack.pop()
        if bar and not eaten:
            push(here, c + c0, t + t0, 1, 0, bought)
        # Where the walk starts, a bar bought before eating is the turn's plain "buy".
        shop = here in purse.shops and (here != start or eaten)
        if not bar and shop and purse.money >= (bought + 1) * purse.price:
            push(here, c, t, eaten, 1, bought + 1)
        for there in neighbours[here]:
            if there in others:
                nc, nt = c, t
            elif triangle[there]:
                if not t:
                    continue
                nc, nt = c, t - 1
            else:
                if not c:
                    continue
                nc, nt = c - 1, t
            # Arriving on a stop ends the walk there: nothing more is bought or eaten.
            push(there, nc, nt, eaten, bar, bought, walk_on=there not in stops)
    return {(h, e, k) for h, e, _, k in best if h not in others}


def offered(
    ends: set[tuple[int, int, int]], bar: bool, shops: frozenset[int]
) -> list[tuple[int, int, int]]:
    """The ways to end a walk worth offering, sorted: of the (space, eaten, bought) ways to one
    space only those not beaten on both what is left (a bar carried at the end, money kept):
    eating a bar that was not needed only loses it. A bar bought on the way to an open
    Refreshment location that is the walk's end is bought there on arrival instead."""
    if not any(k for _, _, k in ends):
        # Nothing bought: a walk eaten for is offered only where the plain one cannot go.
        plain = {d for d, e, _ in ends if not e}
        return [(d, e, k) for d, e, k in sorted(ends) if not (e and d in plain)]

    def left(eat: int, bought: int) -> tuple[int, int]:
        return int(bar) - eat + bought, -bought  # a bar at the end, pounds kept

    def beats(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return a != b and a[0] >= b[0] and a[1] >= b[1]

    ways: dict[int, list[tuple[int, int]]] = {}
    for dest, eat, bought in ends:
        ways.setdefault(dest, []).append(left(eat, bought))
    kept = []
    for dest, eat, bought in ends:
        mine = left(eat, bought)
        beaten = any(beats(other, mine) for other in ways[dest])
        late_shop = bought and dest in shops and (dest, eat, bought - 1) in ends
        if not beaten and not late_shop:
            kept.append((dest, eat, bought))
    return sorted(kept)
