"""The compiled engine's (:mod:`fast`) small rules and legal actions: who stands where, step
fees, the way home kept between plantings, the spaces a planter may use, and the legal actions
of every phase in the order ``state._compute_legal`` lists them (a row ``(kind, a, b)`` each)."""

from __future__ import annotations

import numba as nb

from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_searches as fsr


# ----------------------------------------------------------------------- small rules
@nb.njit(cache=True, inline="always")
def _occupied(ps, n, camp, node, except_seat):
    """Whether another hiker still racing stands on ``node`` (Base Camp holds everyone)."""
    if node == camp:
        return False
    for s in range(n):
        if s != except_seat and not ps[s, c.P_FINISHED] and ps[s, c.P_POS] == node:
            return True
    return False


@nb.njit(cache=True, inline="always")
def _held(bits):
    k = 0
    while bits:
        k += bits & 1
        bits >>= 1
    return k


@nb.njit(cache=True, inline="always")
def _fee(nd, rl, ps, seat, here, nxt):
    """Supply packs a step costs: a canoe crossing, or the first foot on a Snow Cap."""
    fee = 0
    if nd[c.N_FEATURE, nxt] == bd.CANOE and nd[c.N_FEATURE, here] != bd.CANOE:
        fee += rl[c.R_CANOE_FEE]
    if nd[c.N_ZONE, nxt] == bd.SNOW and not (ps[seat, c.P_SNOW_PAID] >> nd[c.N_PEAK, nxt]) & 1:
        fee += rl[c.R_SNOW_FEE]
    return fee


@nb.njit(cache=True, inline="always")
def _restore_all(g, ps, rl, s):
    ps[s, c.P_PACKS] = rl[c.R_TRAY_PACKS]
    ps[s, c.P_AXES] = rl[c.R_TRAY_AXES]
    ps[s, c.P_SAWS] = rl[c.R_TRAY_SAWS]
    ps[s, c.P_FLIGHTS] = rl[c.R_TRAY_FLIGHTS]
    ps[s, c.P_RADIOS] = rl[c.R_TRAY_RADIOS]
    ps[s, c.P_SAW_KEPT] = 0  # a fresh chainsaw: the half-used one is handed back
    if s == g[c.G_SEAT]:
        g[c.G_SAW_CREDIT] = 0


@nb.njit(cache=True, inline="always")
def _any_tree(trees):
    for i in range(trees.shape[0]):  # noqa: SIM110  (a loop numba compiles, not a generator)
        if trees[i]:
            return True
    return False


@nb.njit(cache=True, inline="always")
def _copy(dst, src):
    """``dst[:] = src`` as a loop: numba's slice assignment may allocate (a copy, in case the two
    overlap), and the games loop runs without numba's reference counting (no allocation)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@nb.njit(cache=True, inline="always")
def _add(legal, k, kind, a, b):
    legal[k, 0] = kind
    legal[k, 1] = a
    legal[k, 2] = b
    return k + 1


# ----------------------------------------------------------------------- the way home
@nb.njit(cache=True)
def _way_from(first, nbr, camp, trees, here, way, g, scratch):
    """``WaysHome.way_from``: a free way from ``here`` home kept in ``way[:g[WAY_LEN]]`` (``here``
    first, Base Camp left out) while no tree falls on it; returns its length, 0 when ringed in.
    ``scratch``: two rows of integers a node each, for the search home (stopped at ``here``)."""
    n = g[c.G_WAY_LEN]
    if n and way[0] == here:
        clear = True
        for k in range(n):
            if trees[fsr._node(way[k])]:
                clear = False
                break
        if clear:
            return n
    nxt_home = fsr._ways_home_into(first, nbr, camp, trees, here, scratch[0], scratch[1])
    if nxt_home[here] < 0:
        return 0
    n = 0
    node = here
    while node != camp:
        way[n] = node
        n += 1
        node = nxt_home[node]
    g[c.G_WAY_LEN] = n
    return n


@nb.njit(cache=True)
def plant_spaces(B, rl, g, ps, trees, lifted, way, n, scratch, marks):
    """Where the hiker to move may plant (``state._plant_spaces``), into ``scratch[0]``; how
    many. ``scratch`` (two rows of integers) and ``marks`` (four of booleans) are the searches'
    working space, a node each, allocated once per chunk."""
    first, nbr, nd, lists, list_len = B[0], B[1], B[2], B[3], B[4]
    ring, has_ring, hole, plantable = B[5], nd[c.N_HAS_RING], nd[c.N_HOLE], nd[c.N_PLANTABLE]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    out, busy = scratch[0], marks[3]
    busy[:] = False
    for t in range(n):
        if not ps[t, c.P_FINISHED] and ps[t, c.P_POS] != camp:
            busy[ps[t, c.P_POS]] = True
    if g[c.G_HAND]:
        for k in range(g[c.G_LIFTED_LEN]):
            busy[lifted[k]] = True
    here = ps[s, c.P_POS]
    length = 0
    if here != camp and not ps[s, c.P_FINISHED]:
        length = _way_from(first, nbr, camp, trees, here, way, g, scratch)
    closing = marks[0]
    if length > 1:
        fsr._closing_with(
            first,
            nbr,
            ring,
            has_ring,
            hole,
            plantable,
            nd[c.N_ROW],
            nd[c.N_COL],
            camp,
            trees,
            busy,
            here,
            way[1:length],
            marks,
            scratch[1],  # the way home is found: its search's rows are free
            scratch[0][: rl[c.R_FARTHEST]],
        )
    else:
        closing[:] = False
    k = 0
    for j in range(list_len[c.L_PLANTABLE]):
        i = fsr._node(lists[c.L_PLANTABLE, j])
        if not trees[i] and not busy[i] and not closing[i]:
            out[k] = i
            k += 1
    return k


# ----------------------------------------------------------------------- legal actions
@nb.njit(cache=True, inline="always")
def _clear_after(B, g, ps, trees, legal, k):
    """``state._clear_after_actions``, appended to ``legal`` from row ``k``; returns the end."""
    first, nbr, nd = B[0], B[1], B[2]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    here = ps[s, c.P_POS]
    if here == camp or ps[s, c.P_FINISHED]:
        return k
    axes = ps[s, c.P_AXES] > 0
    saw = g[c.G_SAW_CREDIT] > 0 or ps[s, c.P_SAWS] > 0
    if not (axes or saw):
        return k
    for e in range(first[here], first[here + 1]):
        nxt = nbr[e]
        if nxt != camp and trees[nxt]:
            if axes:
                k = _add(legal, k, c.A_CLEAR, nxt, c.H_AXE)
            if saw:
                k = _add(legal, k, c.A_CLEAR, nxt, c.H_SAW)
    return k


@nb.njit(cache=True, inline="always")
def _move_actions(B, rl, g, ps, trees, path, n, legal):
    first, nbr, nd, tailwind = B[0], B[1], B[2], B[6]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    here = ps[s, c.P_POS]
    k = 0
    treasures = ps[s, c.P_TREASURES]
    if (
        g[c.G_PATH_LEN] == 1
        and ps[s, c.P_PACKS] == 0
        and ps[s, c.P_AXES] == 0
        and ps[s, c.P_SAWS] == 0
        and treasures != 0
    ):
        for p in range(rl[c.R_N_PEAKS]):
            if (treasures >> p) & 1:
                k = _add(legal, k, c.A_EMERGENCY, p, 0)
    room = g[c.G_ALLOWANCE] - g[c.G_COUNTED]
    steps = 0
    for e in range(first[here], first[here + 1]):
        nxt = nbr[e]
        seen = False
        for j in range(g[c.G_PATH_LEN]):
            if path[j] == nxt:
                seen = True
                break
        if seen:
            continue
        occ = _occupied(ps, n, camp, nxt, s)
        if occ and tailwind[e]:
            continue
        cost = 0 if occ else 1
        if cost > room or _fee(nd, rl, ps, s, here, nxt) > ps[s, c.P_PACKS]:
            continue
        if not trees[nxt]:
            k = _add(legal, k, c.A_STEP, nxt, c.H_NONE)
            steps += 1
            continue
        if g[c.G_WILD_ACTIVE]:
            k = _add(legal, k, c.A_STEP, nxt, c.H_WILD)
            steps += 1
            continue
        if g[c.G_R4_OPEN]:
            k = _add(legal, k, c.A_STEP, nxt, c.H_ROLL4)
            steps += 1
        if ps[s, c.P_AXES]:
            k = _add(legal, k, c.A_STEP, nxt, c.H_AXE)
            steps += 1
        if g[c.G_SAW_CREDIT] or ps[s, c.P_SAWS]:
            k = _add(legal, k, c.A_STEP, nxt, c.H_SAW)
            steps += 1
        bit = 1 << nd[c.N_MOUNTAIN, nxt]
        if (g[c.G_MOVE141] & bit or not ps[s, c.P_USED141] & bit) and cost + 1 <= room:
            k = _add(legal, k, c.A_STEP, nxt, c.H_141)
            steps += 1
    if ps[s, c.P_PACKS]:
        k = _add(legal, k, c.A_EXTRA, c.X_PACK, 0)
    if ps[s, c.P_FLIGHTS]:
        k = _add(legal, k, c.A_EXTRA, c.X_FLIGHT, 0)
    if ps[s, c.P_WILD] >= 0 and not g[c.G_WILD_ACTIVE]:
        k = _add(legal, k, c.A_EXTRA, c.X_WILD, 0)
    if here == camp:
        if g[c.G_COUNTED] or not steps:
            k = _add(legal, k, c.A_STOP, 0, 0)
    elif (
        not _occupied(ps, n, camp, here, s)
        and nd[c.N_FEATURE, here] != bd.CANOE
        and (room == 0 or not steps)
    ):
        k = _add(legal, k, c.A_STOP, 0, 0)
    if k == 0:
        k = _add(legal, k, c.A_TURN_BACK, 0, 0)
    return k


@nb.njit(cache=True, inline="always")  # inlined in the games loop: no call carrying the board
def legal_actions(B, rl, g, ps, trees, path, lifted, way, n, legal, scratch, marks):
    """The legal actions of the hiker to move into ``legal``, as ``state._compute_legal``
    (``scratch`` and ``marks``: :func:`plant_spaces`'s working space)."""
    nd, lists, list_len = B[2], B[3], B[4]
    camp = nd.shape[1] - 1
    phase = g[c.G_PHASE]
    s = g[c.G_SEAT]
    if phase == c.MOVE:
        return _move_actions(B, rl, g, ps, trees, path, n, legal)
    k = 0
    if phase == c.LIFT:
        k = _add(legal, k, c.A_LIFT, -1, 0)
        for j in range(list_len[c.L_PLANTABLE]):
            i = lists[c.L_PLANTABLE, j]
            if trees[i]:
                k = _add(legal, k, c.A_LIFT, i, 0)
        return k
    if phase == c.PLANT:
        m = plant_spaces(B, rl, g, ps, trees, lifted, way, n, scratch, marks)
        for j in range(m):
            k = _add(legal, k, c.A_PLANT, scratch[0, j], 0)
        if k == 0:
            k = _add(legal, k, c.A_PLANT, -1, 0)
        return k
    if phase == c.UPROOT:
        return _uprootable(lists, list_len, trees, legal, c.A_UPROOT)
    here = ps[s, c.P_POS]
    if phase == c.FLY:
        k = _add(legal, k, c.A_FLY, -1, 0)
        for j in range(list_len[c.L_HELIPADS]):
            p = lists[c.L_HELIPADS, j]
            if p != here and not _occupied(ps, n, camp, p, s):
                k = _add(legal, k, c.A_FLY, p, 0)
        return k
    if phase == c.HOTSPOT:
        k = _add(legal, k, c.A_HOTSPOT, c.HOT_PLANT, 0)
        if rl[c.R_CARDS] and (g[c.G_DRAW_LEN] or g[c.G_DISCARD_LEN]):
            k = _add(legal, k, c.A_HOTSPOT, c.HOT_CARD, 0)
        if ps[s, c.P_RADIOS]:
            row = c.L_REFUGES + nd[c.N_MOUNTAIN, here]
            for j in range(list_len[row]):
                r = lists[row, j]
                if r != here and not _occupied(ps, n, camp, r, s):
                    k = _add(legal, k, c.A_RADIO, r, 0)
        return k
    if phase == c.CLEAR:
        k = _add(legal, k, c.A_CLEAR, -1, c.H_NONE)
        return _clear_after(B, g, ps, trees, legal, k)
    if phase == c.WILD_NOW:
        k = _add(legal, k, c.A_WILD, 1, 0)
        return _add(legal, k, c.A_WILD, 0, 0)
    k = _add(legal, k, c.A_DRAW, 1, 0)
    return _add(legal, k, c.A_DRAW, 0, 0)


@nb.njit(cache=True, inline="always")
def _uprootable(lists, list_len, trees, legal, kind):
    """Trees to take when the box is empty: the 1500 zones', else the 1000 zones'."""
    k = 0
    for row in (c.L_PLANTABLE_1500, c.L_PLANTABLE_1000):
        for j in range(list_len[row]):
            i = lists[row, j]
            if trees[i]:
                k = _add(legal, k, kind, i, 0)
        if k:
            return k
    return 0
