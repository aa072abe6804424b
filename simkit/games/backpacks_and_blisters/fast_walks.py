"""Rambling compiled for :mod:`fast`: ``movement.walks`` and ``movement.offered``, the ways a walk
can end, as rows of ``("move", space, eat, bought)`` in the Python engine's sorted order.

The searches visit each state once; a state is marked with the number of the search (``stamp``)
instead of clearing the marks between searches. The Python ``_walk`` keeps per (space, eaten, bar,
bought) only the (circles, triangles) no other arrival beats; that prunes states whose moves are
a subset of another's, so the set of (space, eaten, bought) it arrives at is the one found here
by visiting every state.

The map's paths travel as ``paths = (offsets, targets, triangle)``, a search's scratch as a
``fast_state.Search`` and the walk's as the engine's ``fast_state.Work``.
"""

from __future__ import annotations

import numba as nb

from simkit.games.backpacks_and_blisters.board import SMALL
from simkit.games.backpacks_and_blisters.fast_state import (
    C_CIRCLES,
    C_TRIANGLES,
    EQUIPMENT,
    POS,
    S_KIND,
)
from simkit.games.backpacks_and_blisters.rules import MINT_CAKE, WALKING_STICKS

SYMBOLS = 21  # circles or triangles left: a card's 9, a Walking Stick's 1, doubled
MOVE = 2  # the action kind of :mod:`fast`


@nb.njit(cache=True, inline="always")
def _next_stamp(marks):
    marks[0] += 1
    return marks[0]


@nb.njit(cache=True, inline="always")
def clear(mask):
    for s in range(mask.shape[0]):
        mask[s] = False


@nb.njit(cache=True, inline="always")
def allowance(cards, seats, seat, card, eat, rucksack, allow):
    """``movement.allowance`` of ``card`` into the rows of ``allow``; returns how many: Walking
    Sticks add a circle, the Heavy Rucksack takes a circle and a triangle (Kendal Mint Cake: one
    or the other, two allowances), Chocolate then doubles what is left."""
    eq = seats[seat, EQUIPMENT]
    circles = cards[card, C_CIRCLES] + (1 if eq == WALKING_STICKS else 0)
    triangles = cards[card, C_TRIANGLES]
    k = 1
    if not rucksack:
        allow[0, 0], allow[0, 1] = circles, triangles
    elif eq == MINT_CAKE:
        allow[0, 0], allow[0, 1] = max(circles - 1, 0), triangles
        allow[1, 0], allow[1, 1] = circles, max(triangles - 1, 0)
        k = 2
    else:
        allow[0, 0], allow[0, 1] = max(circles - 1, 0), max(triangles - 1, 0)
    factor = 2 if eat else 1
    for a in range(k):
        allow[a, 0] *= factor
        allow[a, 1] *= factor
    return k


@nb.njit(cache=True, inline="always")
def mark_others(spaces, seats, n, seat, others):
    """The small spaces other Ramblers hold, as a mask (cleared by :func:`clear_others`)."""
    for s in range(n):
        p = seats[s, POS]
        if s != seat and p >= 0 and spaces[p, S_KIND] == SMALL:
            others[p] = True


@nb.njit(cache=True, inline="always")
def clear_others(seats, n, others):
    for s in range(n):
        p = seats[s, POS]
        if p >= 0:
            others[p] = False


@nb.njit(cache=True, inline="always")
def _step(triangle, others, there, c, t):
    """The (circles, triangles) left after entering ``there``, one of them -1 where the symbol
    it costs is spent: overtaking on a small space costs nothing."""
    if others[there]:
        return c, t
    if triangle[there]:
        return c, t - 1
    return c - 1, t


@nb.njit(cache=True, inline="always")
def reach(paths, search, start, circles, triangles, others, stops, out):
    """``movement._reach``: sets ``out[space]`` for every space the walk may end on."""
    offsets, targets, triangle = paths
    seen, marks, stack = search
    stamp = _next_stamp(marks)
    # The marks are laid out for this search's own allowance: few, and close together.
    cs, ts = circles + 1, triangles + 1
    seen[(start * cs + circles) * ts + triangles] = stamp
    out[start] = True
    stack[0] = (start * SYMBOLS + circles) * SYMBOLS + triangles
    top = 1
    while top:
        top -= 1
        code = stack[top]
        t = code % SYMBOLS
        c = (code // SYMBOLS) % SYMBOLS
        here = code // (SYMBOLS * SYMBOLS)
        for k in range(offsets[here], offsets[here + 1]):
            there = targets[k]
            nc, nt = _step(triangle, others, there, c, t)
            if nc < 0 or nt < 0 or seen[(there * cs + nc) * ts + nt] == stamp:
                continue
            seen[(there * cs + nc) * ts + nt] = stamp
            if not others[there]:
                out[there] = True
            if not stops[there]:
                stack[top] = (there * SYMBOLS + nc) * SYMBOLS + nt
                top += 1


@nb.njit(cache=True, inline="always")
def reach_all(paths, search, start, allow, n_allow, factor, others, stops, out):
    """:func:`reach` for each allowance of ``allow`` (times ``factor``) into ``out``, cleared
    first."""
    clear(out)
    for a in range(n_allow):
        reach(paths, search, start, factor * allow[a, 0], factor * allow[a, 1], others, stops, out)


@nb.njit(cache=True, inline="always")
def _pack(mask, bits):
    """A mask of spaces as bits: space ``s`` is bit ``s % 64`` of word ``s // 64``."""
    for w in range(bits.shape[0]):
        bits[w] = 0
    for s in range(mask.shape[0]):
        if mask[s]:
            bits[s >> 6] |= 1 << (s & 63)


@nb.njit(cache=True, inline="always")
def walk_bits(paths, search, notes, start, circles, triangles):
    """The spaces one walk of (``circles``, ``triangles``) reaches from ``start`` on a map with
    nobody about, as bits (:func:`_pack`): searched the first time a chunk asks, then kept in
    ``notes.walks`` (the map does not change)."""
    bits = notes.walks[circles, triangles, start]
    if not notes.walked[circles, triangles, start]:
        via = notes.via
        clear(via)
        reach(paths, search, start, circles, triangles, notes.nowhere, notes.nowhere, via)
        _pack(via, bits)
        notes.walked[circles, triangles, start] = True
    return bits


@nb.njit(cache=True, inline="always")
def _has(bits, space):
    return (bits[space >> 6] >> (space & 63)) & 1 == 1


@nb.njit(cache=True, inline="always")
def ends_bits(paths, work, notes, spaces, seats, n, seat, start, n_allow, stop, out):
    """:func:`reach_all` of ``work.allow[:n_allow]`` from ``start`` as bits into ``out``, with
    the other Ramblers about and ``stop`` (a space that ends the walk, -1: none). While no other
    Rambler stands on or beside the walks kept for the empty map (:func:`walk_bits`) and they
    do not pass the stop, the search goes as it went there and those serve; else it is
    searched."""
    allow, search = work.allow, work.search
    for w in range(out.shape[0]):
        out[w] = 0
    for a in range(n_allow):
        walked = walk_bits(paths, search, notes, start, allow[a, 0], allow[a, 1])
        for w in range(out.shape[0]):
            out[w] |= walked[w]
    offsets, targets, _ = paths
    blocked = stop >= 0 and _has(out, stop)
    for s in range(n):
        p = seats[s, POS]
        if s != seat and p >= 0 and spaces[p, S_KIND] == SMALL:
            # Passing it costs nothing: a walk beside it (the paths go both ways) may go on.
            blocked |= _has(out, p)
            for k in range(offsets[p], offsets[p + 1]):
                blocked |= _has(out, targets[k])
    if not blocked:
        return
    mark_others(spaces, seats, n, seat, work.others)
    reach_all(paths, search, start, allow, n_allow, 1, work.others, work.stops, notes.via)
    clear_others(seats, n, work.others)
    _pack(notes.via, out)


@nb.njit(cache=True, inline="always")
def _code(here, c, t, eaten, bar, bought):
    return ((((here * SYMBOLS + c) * SYMBOLS + t) * 2 + eaten) * 2 + bar) * 3 + bought


@nb.njit(cache=True, inline="always")
def _push(ways, top, here, c, t, eaten, bar, bought, walk_on):
    """``push`` of ``movement._walk``: the (space, eaten, bought) is arrived at (unless another
    Rambler holds the space), and the walk goes on from there unless it is a stop. ``ways``:
    the search's marks (``seen6``, its number), its stack, the ends (``found``, their number),
    the spaces held by others and the circles and triangles the marks are laid out for."""
    seen6, visit, stack, found, stamp, others, cs, ts = ways
    mark = ((((here * cs + c) * ts + t) * 2 + eaten) * 2 + bar) * 3 + bought
    if seen6[mark] == visit:
        return top
    seen6[mark] = visit
    if not others[here]:
        found[here, eaten, bought] = stamp
    if walk_on:
        stack[top] = _code(here, c, t, eaten, bar, bought)
        top += 1
    return top


@nb.njit(cache=True, inline="always")
def walk(paths, work, start, c0, t0, bar0, money, price, stamp):
    """``movement._walk`` for one allowance: marks ``found[space, eaten, bought] = stamp`` for each
    way the walk can end, the bar eaten anywhere on the way and bars bought at shops passed."""
    offsets, targets, triangle = paths
    others, stops, shops, stack = work.others, work.stops, work.shops, work.search.stack
    # Eating adds the allowance once more: at most twice it is left (the marks' layout).
    visit = _next_stamp(work.search.marks)
    ways = (work.seen6, visit, stack, work.found, stamp, others, 2 * c0 + 1, 2 * t0 + 1)
    top = _push(ways, 0, start, c0, t0, 0, bar0, 0, True)
    while top:
        top -= 1
        code = stack[top]
        bought = code % 3
        code //= 3
        bar = code % 2
        code //= 2
        eaten = code % 2
        code //= 2
        t = code % SYMBOLS
        code //= SYMBOLS
        c = code % SYMBOLS
        here = code // SYMBOLS
        if bar and not eaten:
            top = _push(ways, top, here, c + c0, t + t0, 1, 0, bought, True)
        # Where the walk starts, a bar bought before eating is the turn's plain "buy".
        shop = shops[here] and (here != start or eaten)
        if not bar and shop and money >= (bought + 1) * price:
            top = _push(ways, top, here, c, t, eaten, 1, bought + 1, True)
        for k in range(offsets[here], offsets[here + 1]):
            there = targets[k]
            nc, nt = _step(triangle, others, there, c, t)
            if nc < 0 or nt < 0:
                continue
            # Arriving on a stop ends the walk there: nothing more is bought or eaten.
            top = _push(ways, top, there, nc, nt, eaten, bar, bought, not stops[there])


@nb.njit(cache=True, inline="always")
def _offer(acts, k, space, eat, bought):
    acts[k, 0], acts[k, 1], acts[k, 2], acts[k, 3] = MOVE, space, eat, bought
    return k + 1


@nb.njit(cache=True, inline="always")
def options(paths, work, start, n_allow, bar, money, price):
    """``BBState._walk_options``: ``movement.walks`` then ``movement.offered``, as MOVE rows of
    ``work.acts`` (space, eaten, bought) in sorted order; returns how many. ``work.allow`` holds
    the card's (circles, triangles) allowances, ``others`` and ``stops`` are set, ``shops`` holds
    the open shops."""
    acts, allow, others, stops, shops = work.acts, work.allow, work.others, work.stops, work.shops
    plain, far, found, search = work.plain, work.far, work.found, work.search
    n = shops.shape[0]
    any_shop = False
    for s in range(n):
        any_shop |= shops[s]
    can_buy = money >= price and any_shop
    # ``far``: where a bar eaten on the way (a doubled allowance) may end the walk.
    if bar or can_buy:
        reach_all(paths, search, start, allow, n_allow, 2, others, stops, far)
    else:
        clear(far)
    passes_shop = shops[start]
    for s in range(n):
        passes_shop |= far[s] and shops[s]
    k = 0
    if not can_buy or not passes_shop:
        # Nothing to buy on the way: eating anywhere adds what eating at the start adds.
        reach_all(paths, search, start, allow, n_allow, 1, others, stops, plain)
        for s in range(n):
            if plain[s]:
                k = _offer(acts, k, s, 0, 0)
            elif bar and far[s]:
                k = _offer(acts, k, s, 1, 0)
        return k
    stamp = _next_stamp(search.marks)
    for a in range(n_allow):
        walk(paths, work, start, allow[a, 0], allow[a, 1], bar, money, price, stamp)
    any_bought = False
    for s in range(n):
        for e in range(2):
            any_bought |= found[s, e, 1] == stamp or found[s, e, 2] == stamp
    for s in range(n):
        if not any_bought:
            # Nothing bought: a walk eaten for is offered only where the plain one cannot go.
            if found[s, 0, 0] == stamp:
                k = _offer(acts, k, s, 0, 0)
            elif found[s, 1, 0] == stamp:
                k = _offer(acts, k, s, 1, 0)
            continue
        for e in range(2):
            for b in range(3):
                if found[s, e, b] != stamp:
                    continue
                # What is left: a bar at the end, pounds kept; beaten by a way at least as
                # good on both and better on one.
                left_bar, left_money = bar - e + b, -b
                beaten = False
                for e2 in range(2):
                    for b2 in range(3):
                        if found[s, e2, b2] != stamp:
                            continue
                        ob, om = bar - e2 + b2, -b2
                        if (
                            (ob, om) != (left_bar, left_money)
                            and ob >= left_bar
                            and om >= left_money
                        ):
                            beaten = True
                late_shop = b > 0 and shops[s] and found[s, e, b - 1] == stamp
                if not beaten and not late_shop:
                    k = _offer(acts, k, s, e, b)
    return k
