"""Rambling compiled for :mod:`fast`: ``movement.walks`` and ``movement.offered``, the ways a walk
can end, as rows of ``("move", space, eat, bought)`` in the Python engine's sorted order.

The searches visit each state once; a state is marked with the number of the search (``stamp``)
instead of clearing the marks between searches. The Python ``_walk`` keeps per (space, eaten, bar,
bought) only the (circles, triangles) no other arrival beats; that prunes states whose moves are
a subset of another's, so the set of (space, eaten, bought) it arrives at is the one found here
by visiting every state.
"""

from __future__ import annotations

import numba as nb

SYMBOLS = 21  # circles or triangles left: a card's 9, a Walking Stick's 1, doubled
MOVE = 2  # the action kind of :mod:`fast`


@nb.njit(cache=True, inline="always")
def _next_stamp(marks):
    marks[0] += 1
    return marks[0]


@nb.njit(cache=True, inline="always")
def reach(
    offsets, targets, triangle, start, circles, triangles, others, stops, seen, marks, stack, out
):
    """``movement._reach``: sets ``out[space]`` for every space the walk may end on."""
    stamp = _next_stamp(marks)
    seen[start, circles, triangles] = stamp
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
            if seen[there, nc, nt] == stamp:
                continue
            seen[there, nc, nt] = stamp
            if not others[there]:
                out[there] = True
            if not stops[there]:
                stack[top] = (there * SYMBOLS + nc) * SYMBOLS + nt
                top += 1


@nb.njit(cache=True, inline="always")
def _code(here, c, t, eaten, bar, bought):
    return ((((here * SYMBOLS + c) * SYMBOLS + t) * 2 + eaten) * 2 + bar) * 3 + bought


@nb.njit(cache=True, inline="always")
def _push(seen6, visit, stack, top, found, stamp, others, here, c, t, eaten, bar, bought, walk_on):
    """``push`` of ``movement._walk``: the (space, eaten, bought) is arrived at (unless another
    Rambler holds the space), and the walk goes on from there unless it is a stop."""
    if seen6[here, c, t, eaten, bar, bought] == visit:
        return top
    seen6[here, c, t, eaten, bar, bought] = visit
    if not others[here]:
        found[here, eaten, bought] = stamp
    if walk_on:
        stack[top] = _code(here, c, t, eaten, bar, bought)
        top += 1
    return top


@nb.njit(cache=True, inline="always")
def walk(
    offsets,
    targets,
    triangle,
    start,
    c0,
    t0,
    others,
    stops,
    shops,
    bar0,
    money,
    price,
    seen6,
    marks,
    stack,
    found,
    stamp,
):
    """``movement._walk`` for one allowance: marks ``found[space, eaten, bought] = stamp`` for each
    way the walk can end, the bar eaten anywhere on the way and bars bought at shops passed."""
    visit = _next_stamp(marks)
    top = _push(seen6, visit, stack, 0, found, stamp, others, start, c0, t0, 0, bar0, 0, True)
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
            top = _push(
                seen6,
                visit,
                stack,
                top,
                found,
                stamp,
                others,
                here,
                c + c0,
                t + t0,
                1,
                0,
                bought,
                True,
            )
        # Where the walk starts, a bar bought before eating is the turn's plain "buy".
        shop = shops[here] and (here != start or eaten)
        if not bar and shop and money >= (bought + 1) * price:
            top = _push(
                seen6,
                visit,
                stack,
                top,
                found,
                stamp,
                others,
                here,
                c,
                t,
                eaten,
                1,
                bought + 1,
                True,
            )
        for k in range(offsets[here], offsets[here + 1]):
            there = targets[k]
            nc, nt = c, t
            if others[there]:
                pass
            elif triangle[there]:
                if t == 0:
                    continue
                nt = t - 1
            else:
                if c == 0:
                    continue
                nc = c - 1
            # Arriving on a stop ends the walk there: nothing more is bought or eaten.
            top = _push(
                seen6,
                visit,
                stack,
                top,
                found,
                stamp,
                others,
                there,
                nc,
                nt,
                eaten,
                bar,
                bought,
                not stops[there],
            )


@nb.njit(cache=True, inline="always")
def options(
    offsets,
    triangle,
    targets,
    start,
    allow,
    n_allow,
    others,
    stops,
    shops,
    bar,
    money,
    price,
    seen,
    seen6,
    marks,
    stack,
    plain,
    far,
    found,
    acts,
):
    """``BBState._walk_options``: ``movement.walks`` then ``movement.offered``, as MOVE rows of
    ``acts`` (space, eaten, bought) in sorted order; returns how many. ``allow`` holds the
    card's (circles, triangles) allowances, ``plain``, ``far`` and ``found`` are scratch."""
    n = triangle.shape[0]
    for s in range(n):
        plain[s] = False
        far[s] = False
    any_shop = False
    for s in range(n):
        any_shop |= shops[s]
    can_buy = money >= price and any_shop
    if bar or can_buy:
        for a in range(n_allow):
            reach(
                offsets,
                targets,
                triangle,
                start,
                2 * allow[a, 0],
                2 * allow[a, 1],
                others,
                stops,
                seen,
                marks,
                stack,
                far,
            )
    passes_shop = shops[start]
    for s in range(n):
        passes_shop |= far[s] and shops[s]
    k = 0
    if not can_buy or not passes_shop:
        # Nothing to buy on the way: eating anywhere adds what eating at the start adds.
        for a in range(n_allow):
            reach(
                offsets,
                targets,
                triangle,
                start,
                allow[a, 0],
                allow[a, 1],
                others,
                stops,
                seen,
                marks,
                stack,
                plain,
            )
        for s in range(n):
            if plain[s]:
                acts[k, 0], acts[k, 1], acts[k, 2], acts[k, 3] = MOVE, s, 0, 0
                k += 1
            elif bar and far[s]:
                acts[k, 0], acts[k, 1], acts[k, 2], acts[k, 3] = MOVE, s, 1, 0
                k += 1
        return k
    stamp = _next_stamp(marks)
    for a in range(n_allow):
        walk(
            offsets,
            targets,
            triangle,
            start,
            allow[a, 0],
            allow[a, 1],
            others,
            stops,
            shops,
            bar,
            money,
            price,
            seen6,
            marks,
            stack,
            found,
            stamp,
        )
    any_bought = False
    for s in range(n):
        for e in range(2):
            any_bought |= found[s, e, 1] == stamp or found[s, e, 2] == stamp
    for s in range(n):
        if not any_bought:
            # Nothing bought: a walk eaten for is offered only where the plain one cannot go.
            if found[s, 0, 0] == stamp:
                acts[k, 0], acts[k, 1], acts[k, 2], acts[k, 3] = MOVE, s, 0, 0
                k += 1
            elif found[s, 1, 0] == stamp:
                acts[k, 0], acts[k, 1], acts[k, 2], acts[k, 3] = MOVE, s, 1, 0
                k += 1
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
                    acts[k, 0], acts[k, 1], acts[k, 2], acts[k, 3] = MOVE, s, e, b
                    k += 1
    return k
