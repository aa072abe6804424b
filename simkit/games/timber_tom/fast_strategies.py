"""Compiled forms of the Timber Tom strategies, for the compiled engine in :mod:`fast`.

``random`` and the three walkers (``trailblazer``, ``blocker``, ``climber``: one compiled form,
their fields as parameters) mirror ``simkit/strategies/timber_tom.py`` decision by decision: the
same distance fields (kept for the rest of the turn once read, as ``_Walker._field`` keeps them),
the same searches of :mod:`fast_searches`, the same draws from the seat's stream and the same
tie-breaks (Python's ``min`` and ``max`` keep the first best). A strategy has a compiled form
only if its class is exactly one of these: a subclass may play differently.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.fast_rng import below
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_searches as fsr
from simkit.games.timber_tom.fast_fields import (
    AHEAD,
    DRAW_ON_SNOW,
    FLY_COST,
    FLY_MARGIN,
    INF,
    M_FIELDS,
    M_ROUND,
    M_SEAT,
    N_PARAMS,
    OWN_WAY,
    PLANT_NEAR,
    SPEND_FLIGHTS,
    TRADE_TO_TREASURE,
    TREE_COST,
    _field,
    _find,
    _goal_key,
    _heading_key,
    _held,
    _known_field,
    _list_targets,
    _manhattan,
    _moves,
    _near_field,
    _other,
    _own_field,
    _pack_need,
    _random,
    _rival_field,
    _target_key,
    _target_near,
    _tools,
    _turn_slot,
    _walk_field,
)
from simkit.strategies import timber_tom as walkers
from simkit.strategies.generic import Random

RANDOM, WALKER = range(2)
_WALKERS = (walkers.Trailblazer, walkers.Blocker, walkers.Climber)


def compiled_form(player) -> tuple[int, list[int]] | None:
    """(kind code, integer parameters) of a strategy, or None if it has none."""
    if type(player) is Random:
        return RANDOM, [0] * N_PARAMS
    if type(player) not in _WALKERS or player.tree_cost < 0 or player.ahead < 0:
        return None  # a negative cost or lead: the Python strategy says what is wrong
    return WALKER, [
        int(player.tree_cost),
        int(player.reserve_packs),
        int(bool(player.spend_flights)),
        int(bool(player.draw_on_snow)),
        int(player.plant_on == "near"),
        int(player.ahead),
        int(bool(player.trade_to_treasure)),
    ]


# ----------------------------------------------------------------------- moving
@nb.njit(cache=True, inline="always")
def _trade(B, rl, g, ps, trees, cache, par, s, legal, k):
    """``_Walker._trade``: a row of ``legal`` or -1."""
    nd, lists = B[2], B[3]
    n_nodes = nd.shape[1]
    camp = n_nodes - 1
    home = _target_key(rl, lists, ps, n_nodes, s) == camp
    if not (home or par[TRADE_TO_TREASURE]):
        return -1
    dist = cache[2][_walk_field(B, rl, g, ps, trees, cache, par, s)]
    here = ps[s, c.P_POS]
    need = 0 if home else _pack_need(rl, ps, par, s)
    spare = max(0, ps[s, c.P_PACKS] - need)
    flights = ps[s, c.P_FLIGHTS] if (home or par[SPEND_FLIGHTS]) else 0
    wild = 2 if ps[s, c.P_WILD] >= 0 and not g[c.G_WILD_ACTIVE] else 0
    if not 0 < dist[here] <= spare + 2 * flights + wild:
        return -1
    feat = nd[c.N_FEATURE, here]
    landing = feat == bd.REFUGE_AXES or feat == bd.REFUGE_SUPPLIES or feat == bd.HELIPAD
    if (landing or feat == bd.RADIO) and _find(legal, k, c.A_STOP, 0, 0) >= 0:
        return -1
    wild_row = _find(legal, k, c.A_EXTRA, c.X_WILD, 0)
    if home and wild_row >= 0 and wild:  # the Wild counts nothing in a drawn finish
        return wild_row
    j = _find(legal, k, c.A_EXTRA, c.X_PACK, 0)
    if j >= 0 and spare and (dist[here] % 2 or not flights):
        return j
    j = _find(legal, k, c.A_EXTRA, c.X_FLIGHT, 0)
    if j >= 0 and flights:
        return j
    if wild_row >= 0 and wild:
        return wild_row
    return -1


@nb.njit(cache=True, inline="always")
def _no_step(legal, k):
    """Stop if the hiker may; else trade for the spaces to go on; only then give up the move."""
    j = _find(legal, k, c.A_STOP, 0, 0)
    if j >= 0:
        return j
    for x in (c.X_PACK, c.X_FLIGHT, c.X_WILD):
        j = _find(legal, k, c.A_EXTRA, x, 0)
        if j >= 0:
            return j
    j = _find(legal, k, c.A_TURN_BACK, 0, 0)
    if j >= 0:
        return j
    for j in range(k):
        if legal[j, 0] == c.A_EMERGENCY:
            return j
    return 0


@nb.njit(cache=True, inline="always")
def _landing_targets(B, rl, g, ps, trees, cache, par, s, n, out):
    """``_Walker._landing_targets``: free helipads worth an exact landing, into ``out``."""
    nd, lists, list_len = B[2], B[3], B[4]
    if not ps[s, c.P_FLIGHTS]:
        return 0
    n_nodes = nd.shape[1]
    camp = n_nodes - 1
    walk = cache[2][_walk_field(B, rl, g, ps, trees, cache, par, s)]
    goal = _goal_key(B, rl, ps, s)
    spaces = cache[5][_known_field(B, trees, cache, 1, goal, False)]
    room = g[c.G_ALLOWANCE] - g[c.G_COUNTED]
    on_foot = spaces[ps[s, c.P_POS]] - room
    pads = list_len[c.L_HELIPADS]
    free = cache[7][0]
    m = 0
    for i in range(pads):
        p = lists[c.L_HELIPADS, i]
        if not _other(ps, n, camp, s, p):
            free[m] = p
            m += 1
    home = _target_key(rl, lists, ps, n_nodes, s) == camp
    k = 0
    for i in range(m):
        best = INF
        for q in range(m):
            if q != i:
                best = min(best, walk[free[q]])
        if best + FLY_MARGIN > on_foot:
            continue
        if home and _moves(best) >= _moves(on_foot):
            continue  # the last leg: a token kept counts 1.5 points if the finish is drawn
        out[k] = free[i]
        k += 1
    return k


@nb.njit(cache=True, inline="always")
def _exact_landing(B, rl, g, ps, trees, path, cache, par, s, n, legal, k):
    """``_Walker._exact_landing``: a step on a way that ends the move exactly on a landing
    target, through trees the hiker can clear, or first a spare supply pack traded when the way
    is a space or more longer than the move; a row of ``legal`` or -1."""
    nd = B[2]
    rows, cols = nd[c.N_ROW], nd[c.N_COL]
    camp = nd.shape[1] - 1
    targets = cache[7][1]
    m = _landing_targets(B, rl, g, ps, trees, cache, par, s, n, targets)
    if m == 0:
        return -1
    room = g[c.G_ALLOWANCE] - g[c.G_COUNTED]
    pack = _find(legal, k, c.A_EXTRA, c.X_PACK, 0)
    spare = 0
    if pack >= 0:
        spare = max(0, ps[s, c.P_PACKS] - _pack_need(rl, ps, par, s))
    here = ps[s, c.P_POS]
    near = INF
    for i in range(m):
        near = min(near, _manhattan(rows, cols, here, targets[i]))
    if near > room + spare + 2:
        return -1
    goal, taken, seen = cache[8][0], cache[8][1], cache[8][2]
    goal[:] = False
    goal_nodes = targets[:m]
    for i in range(1, m):  # in node order (an insertion sort: a few helipads, no allocation)
        x = goal_nodes[i]
        j = i - 1
        while j >= 0 and goal_nodes[j] > x:
            goal_nodes[j + 1] = goal_nodes[j]
            j -= 1
        goal_nodes[j + 1] = x
    goal_rows, goal_cols = cache[7][2][:m], cache[7][3][:m]
    for i in range(m):
        goal[goal_nodes[i]] = True
        goal_rows[i] = rows[goal_nodes[i]]
        goal_cols[i] = cols[goal_nodes[i]]
    taken[:] = False
    for t in range(n):
        if t != s and not ps[t, c.P_FINISHED] and ps[t, c.P_POS] != camp:
            taken[ps[t, c.P_POS]] = True
    seen[:] = False
    for j in range(g[c.G_PATH_LEN]):
        seen[path[j]] = True
    landing = (goal, goal_rows, goal_cols, taken, seen)
    for extra in range(spare + 1):
        j = _landing_step(B, rl, g, ps, trees, cache, s, legal, k, landing, room + extra)
        if j >= 0:
            return j if extra == 0 else pack
    return -1


@nb.njit(cache=True, inline="always")
def _landing_step(B, rl, g, ps, trees, cache, s, legal, k, landing, room):
    """``_Walker._landing_step``: the row of the step that starts a walk of exactly ``room``
    spaces onto a landing target, the cheapest way of clearing first; -1 if there is none.
    ``landing``: the targets' marks, rows and columns, the hikers' and the path's marks."""
    first, nbr, nd = B[0], B[1], B[2]
    avoid, rows, cols = nd[c.N_AVOID], nd[c.N_ROW], nd[c.N_COL]
    camp = nd.shape[1] - 1
    goal, goal_rows, goal_cols, taken, seen = landing
    through = _tools(g, ps, s)
    best = -1
    best_cost = 0.0
    for j in range(k):
        if legal[j, 0] != c.A_STEP:
            continue
        nxt, how = legal[j, 1], legal[j, 2]
        if nxt == camp or nd[c.N_FEATURE, nxt] == bd.CANOE or nd[c.N_ZONE, nxt] == bd.SNOW:
            continue
        cost = (0 if taken[nxt] else 1) + (1 if how == c.H_141 else 0)
        clear = _clear_cost(rl, g, ps, s, how)
        if cost > room or (best >= 0 and clear >= best_cost):
            continue
        was = seen[nxt]
        seen[nxt] = True
        ok = fsr._lands(
            first,
            nbr,
            rows,
            cols,
            avoid,
            trees,
            taken,
            goal,
            goal_rows,
            goal_cols,
            nxt,
            room - cost,
            seen,
            0,
            cache[7][4:],  # the search's stack
            through,
        )
        seen[nxt] = was
        if ok:
            best, best_cost = j, clear
    return best


@nb.njit(cache=True, inline="always")
def _clear_cost(rl, g, ps, s, how):
    """What a way of clearing costs, in the drawn game's points where it spends a token."""
    if how == c.H_NONE or how == c.H_WILD or how == c.H_ROLL4:
        return 0.0
    if how == c.H_SAW:
        return 0.0 if g[c.G_SAW_CREDIT] else 1.0
    if how == c.H_AXE:
        return 0.5
    if _held(ps[s, c.P_TREASURES]) >= rl[c.R_TREASURES_TO_WIN]:
        return 0.1
    return 0.8


@nb.njit(cache=True, inline="always")
def _before(stuck, d, cost, draw, stuck2, d2, cost2, draw2):
    """The key ``(stuck, dist, cost, draw)`` is less than the second one."""
    if stuck != stuck2:
        return stuck2
    if d != d2:
        return d < d2
    if cost != cost2:
        return cost < cost2
    return draw < draw2


@nb.njit(cache=True, inline="always")
def _move(B, rl, g, ps, trees, path, cache, par, s, n, legal, k, rngs):
    first, nbr, nd = B[0], B[1], B[2]
    camp = nd.shape[1] - 1
    if g[c.G_ALLOWANCE] == g[c.G_COUNTED]:
        j = _trade(B, rl, g, ps, trees, cache, par, s, legal, k)
        if j >= 0:
            return j
    steps = 0
    for j in range(k):
        steps += legal[j, 0] == c.A_STEP
    if steps == 0:
        return _no_step(legal, k)
    room = g[c.G_ALLOWANCE] - g[c.G_COUNTED]
    stop = _find(legal, k, c.A_STOP, 0, 0)
    if room == 0 and stop >= 0:
        # with no space left the only steps are onto hikers: stopping is always better
        return stop
    j = _exact_landing(B, rl, g, ps, trees, path, cache, par, s, n, legal, k)
    if j >= 0:
        return j
    dist = cache[2][_own_field(B, rl, g, ps, trees, cache, par, s, n)]
    tools = _tools(g, ps, s)
    plen = g[c.G_PATH_LEN]
    best = -1
    best_stuck = False
    best_dist = 0
    best_cost = 0.0
    best_draw = 0.0
    for j in range(k):
        if legal[j, 0] != c.A_STEP:
            continue
        nxt, how = legal[j, 1], legal[j, 2]
        occ = _other(ps, n, camp, s, nxt)
        left = room - (0 if occ else 1) - (1 if how == c.H_141 else 0)
        stuck = False
        if occ or nd[c.N_FEATURE, nxt] == bd.CANOE:
            if left == 0:
                stuck = True
            else:  # a dead end: no way out of the jumped hiker or the canoe
                stuck = True
                for e in range(first[nxt], first[nxt + 1]):
                    v = nbr[e]
                    if v == nxt or not (tools or not trees[v]):
                        continue
                    visited = False
                    for q in range(plen):
                        if path[q] == v:
                            visited = True
                            break
                    if not visited:
                        stuck = False
                        break
        cost = _clear_cost(rl, g, ps, s, how)
        draw = _random(rngs, 1 + s)
        d = dist[nxt]
        if best < 0 or _before(stuck, d, cost, draw, best_stuck, best_dist, best_cost, best_draw):
            best, best_stuck, best_dist, best_cost, best_draw = j, stuck, d, cost, draw
    return best


# ----------------------------------------------------------------------- trees
@nb.njit(cache=True)
def _between(fields, to_goal, from_start, start, out):
    """Marks in ``out`` the spaces on a shortest way from ``start`` to a goal (``_between``):
    ``to_goal`` the goal's row of ``fields``, ``from_start`` the row of the field to ``start``."""
    total = fields[to_goal, start]
    if total >= INF:
        return
    for i in range(fields.shape[1]):
        if fields[from_start, i] + fields[to_goal, i] == total:
            out[i] = True


@nb.njit(cache=True, inline="always")
def _rival(B, rl, ps, s, n, par):
    nd, lists = B[2], B[3]
    rows, cols = nd[c.N_ROW], nd[c.N_COL]
    n_nodes = nd.shape[1]
    best = -1
    best_a = 0
    best_b = 0
    for t in range(n):
        if t == s or ps[t, c.P_FINISHED]:
            continue
        if par[PLANT_NEAR]:
            a = _manhattan(rows, cols, ps[s, c.P_POS], ps[t, c.P_POS])
            if best < 0 or a < best_a:
                best, best_a = t, a
            continue
        key = _target_key(rl, lists, ps, n_nodes, t)
        near = _target_near(lists, rows, cols, n_nodes, key, ps[t, c.P_POS])
        a = _held(ps[t, c.P_TREASURES])
        b = -near
        if best < 0 or a > best_a or (a == best_a and b > best_b):
            best, best_a, best_b = t, a, b
    return best


@nb.njit(cache=True, inline="always")
def _own_way(B, trees, cache, par, here, goal):
    """The row of ``fields`` marking (1) the planter's own way ahead: to its goal, and from that
    Treasure home. It is read from the turn's fields alone, so it is kept for the turn as they
    are (a planter plants a few trees in a row from the same space)."""
    nd, lists = B[2], B[3]
    n_nodes = nd.shape[1]
    camp = n_nodes - 1
    fields = cache[2]
    j, known = _turn_slot(cache[0], cache[1], goal * n_nodes + here, OWN_WAY)
    mine = fields[j]
    if known:
        return mine
    mine[:] = 0
    to_goal = _field(B, trees, cache, par[TREE_COST], goal, 0)
    from_here = _near_field(B, trees, cache, par[TREE_COST], here, goal, to_goal)
    _between(fields, to_goal, from_here, here, mine)
    if goal != camp:
        targets = cache[7][1]
        aim = -1
        for i in range(_list_targets(lists, n_nodes, goal, targets)):
            t = targets[i]
            if aim < 0 or (fields[from_here, t], t) < (fields[from_here, aim], aim):
                aim = t
        if fields[to_goal, aim] == 0:
            to_camp = _field(B, trees, cache, par[TREE_COST], camp, 0)
            _between(fields, to_camp, _field(B, trees, cache, par[TREE_COST], aim, 0), aim, mine)
    return mine


@nb.njit(cache=True)  # not inlined: its loops over the plant rows keep their own registers
def _plant(B, rl, ps, trees, cache, par, s, n, legal, k, rngs):
    nd, lists = B[2], B[3]
    rows, cols = nd[c.N_ROW], nd[c.N_COL]
    n_nodes = nd.shape[1]
    camp = n_nodes - 1
    # never on the planter's own way ahead
    mine = _own_way(B, trees, cache, par, ps[s, c.P_POS], _target_key(rl, lists, ps, n_nodes, s))
    spaces = cache[7][2]  # rows 0 and 1 are a flight field's scratch (``_rival_field``)
    row_of = cache[7][5]  # each space's legal row (stale where not listed now: checked)
    m = 0
    for j in range(k):
        node = legal[j, 1]  # read once: a store to ``row_of`` might have changed ``legal``
        if node >= 0:
            row_of[node] = j
            if not mine[node]:
                spaces[m] = j
                m += 1
    every = m == 0  # nowhere off its own way: anywhere
    if every:
        for j in range(k):
            spaces[j] = j
        m = k
    rival = _rival(B, rl, ps, s, n, par)
    if rival < 0:
        return spaces[np.int64(below(rngs, 1 + s, m))]
    route = cache[7][3]
    way = _way_of(B, rl, ps, trees, cache, par, n, rival, route)
    kept = (row_of, mine, every)
    j = _stops(B, rl, ps, trees, cache, par, s, n, legal, k, kept, rival, route, way)
    if j >= 0:
        return j
    # else the first space of that way
    for i in range(min(par[AHEAD], way[3]), way[3]):
        j = _space_row(legal, k, kept, route[i])
        if j >= 0:
            return j
    # else the space nearest the rival, the lowest-numbered of equals
    there = ps[rival, c.P_POS]
    best = -1
    best_near = 0
    best_node = 0
    for j in range(m):
        node = legal[spaces[j], 1]
        at = node if node >= 0 else camp
        near = _manhattan(rows, cols, at, there)
        if best < 0 or near < best_near or (near == best_near and node < best_node):
            best, best_near, best_node = spaces[j], near, node
    return best


@nb.njit(cache=True, inline="always")
def _way_of(B, rl, ps, trees, cache, par, n, rival, route):
    """``_Walker._way_of``: the rival's way into ``route``, to its goal (its field the row
    ``f1``, ``n1`` spaces), then from a Treasure reached on to the next goal (from ``start2``,
    its field the row ``f2``, up to ``total`` spaces in all)."""
    first, nbr, nd, lists = B[0], B[1], B[2], B[3]
    n_nodes = nd.shape[1]
    fields = cache[2]
    held = ps[rival, c.P_TREASURES]
    start = ps[rival, c.P_POS]
    f1 = _rival_field(
        B, ps, trees, cache, par[TREE_COST], n, rival, _heading_key(rl, lists, n_nodes, held)
    )
    n1 = fsr._downhill_into(first, nbr, fields[f1], start, 40, route)
    if not n1 or fields[f1, route[n1 - 1]] != 0 or route[n1 - 1] == n_nodes - 1:
        return f1, n1, f1, n1, start
    start2 = route[n1 - 1]
    held |= 1 << nd[c.N_PEAK, start2]  # the Treasure collected there
    key2 = _heading_key(rl, lists, n_nodes, held)
    f2 = _rival_field(B, ps, trees, cache, par[TREE_COST], n, rival, key2)
    n2 = fsr._downhill_into(first, nbr, fields[f2], start2, 40, route[n1:])
    return f1, n1, f2, n1 + n2, start2


@nb.njit(cache=True, inline="always")
def _stops(B, rl, ps, trees, cache, par, s, n, legal, k, kept, rival, route, way):
    """``_Walker._stops``: the legal row of planting where the rival cannot walk round the tree,
    the nearest ``ahead`` spaces of its way or more in front of it (else nearer), ringing no
    hiker in; -1 if there is none. ``way``: :func:`_way_of`'s; ``kept``: the spaces'
    legal rows, the planter's own way and whether every space is kept (``_space_row``)."""
    first, nbr = B[0], B[1]
    f1, n1, f2, total, start2 = way
    seen, beyond = cache[8][1], cache[8][2]
    seen[:] = False
    beyond[:] = False
    ahead = min(par[AHEAD], total)
    for i2 in range(total):
        i = i2 + ahead if i2 + ahead < total else i2 + ahead - total
        j = _space_row(legal, k, kept, route[i])
        if j < 0:
            continue
        field, start, last = (f1, ps[rival, c.P_POS], n1) if i < n1 else (f2, start2, total)
        for q in range(i + 1, last):
            beyond[route[q]] = True
        dist, end, queue = cache[2][field], route[last - 1], cache[7][4]
        walks_round = fsr._bypassed(
            first, nbr, dist, trees, start, end, route[i], beyond, seen, queue
        )
        for q in range(i + 1, last):
            beyond[route[q]] = False
        if not walks_round and not _rings(B, rl, ps, trees, cache, n, s, route[i]):
            return j
    return -1


@nb.njit(cache=True, inline="always")
def _space_row(legal, k, kept, node):
    """The legal row of planting on ``node``, if it is one of the spaces kept (off the
    planter's own way, or ``every`` space); -1 if not."""
    row_of, mine, every = kept
    j = row_of[node]
    if 0 <= j < k and legal[j, 1] == node and (every or not mine[node]):
        return j
    return -1


@nb.njit(cache=True, inline="always")
def _rings(B, rl, ps, trees, cache, n, s, node):
    """``_Walker._rings``: a tree on ``node`` would ring in another hiker still racing (the
    searches in a flight field's scratch rows, free while a planting is chosen)."""
    nd = B[2]
    seen, later, filed = cache[8][3], cache[7][0], cache[7][1][: rl[c.R_FARTHEST]]
    rows, cols = nd[c.N_ROW], nd[c.N_COL]
    camp = nd.shape[1] - 1
    rings = False
    for t in range(n):
        here = ps[t, c.P_POS]
        if t == s or ps[t, c.P_FINISHED] or here == camp or rings:
            continue
        trees[node] = 1
        after = fsr._reaches_home(B[7], B[8], rows, cols, camp, here, trees, seen, later, filed)
        trees[node] = 0
        rings = not after and fsr._reaches_home(
            B[7], B[8], rows, cols, camp, here, trees, seen, later, filed
        )
    return rings


@nb.njit(cache=True, inline="always")
def _lift(B, rl, ps, trees, cache, par, s, legal, k):
    """Lift the tree that opens the way: next to the hiker (else within a move's reach), the one
    nearest the goal."""
    rows, cols = B[2][c.N_ROW], B[2][c.N_COL]
    here = ps[s, c.P_POS]
    dist = cache[2][_field(B, trees, cache, par[TREE_COST], _goal_key(B, rl, ps, s), 0)]
    for reach in (1, 2, 6):
        best = -1
        for j in range(k):
            a = legal[j, 1]
            if a < 0 or _manhattan(rows, cols, here, a) > reach:
                continue
            if best < 0 or (dist[a], a) < (dist[legal[best, 1]], legal[best, 1]):
                best = j
        if best >= 0:
            return best
    return 0  # ("lift", -1) is first


@nb.njit(cache=True, inline="always")
def _fly(B, rl, g, ps, trees, cache, par, s, legal, k):
    nd, lists = B[2], B[3]
    n_nodes = nd.shape[1]
    dist = cache[2][_walk_field(B, rl, g, ps, trees, cache, par, s)]
    here = ps[s, c.P_POS]
    best = -1
    best_d = 0
    for j in range(k):
        a = legal[j, 1]
        d = dist[a] if a >= 0 else dist[here]
        if best < 0 or d < best_d or (d == best_d and a < legal[best, 1]):
            best, best_d = j, d
    pad = legal[best, 1]
    if pad < 0 or dist[pad] + FLY_COST > dist[here]:
        return 0
    home = _target_key(rl, lists, ps, n_nodes, s) == n_nodes - 1
    if home and _moves(dist[pad]) >= _moves(dist[here]):
        return 0  # the last leg: a flight that does not bring the finish a move earlier
    return best


@nb.njit(cache=True, inline="always")
def _hotspot(B, rl, ps, par, s, legal, k):
    nd = B[2]
    radios = False
    for j in range(k):
        radios |= legal[j, 0] == c.A_RADIO
    need = _pack_need(rl, ps, par, s)
    if radios and (ps[s, c.P_PACKS] < need or ps[s, c.P_AXES] == 0):
        want = bd.REFUGE_SUPPLIES if ps[s, c.P_PACKS] < need else bd.REFUGE_AXES
        for j in range(k):
            if legal[j, 0] == c.A_RADIO and nd[c.N_FEATURE, legal[j, 1]] == want:
                return j
    j = _find(legal, k, c.A_HOTSPOT, c.HOT_CARD, 0)
    if j >= 0 and par[DRAW_ON_SNOW]:
        return j
    return _find(legal, k, c.A_HOTSPOT, c.HOT_PLANT, 0)


@nb.njit(cache=True, inline="always")
def _clear_after(B, rl, g, ps, trees, cache, par, s, legal, k):
    """Only a chainsaw cut that would otherwise be lost, on the tree next on the way."""
    if not g[c.G_SAW_CREDIT]:
        return 0  # ("clear", -1, "") is first
    dist = cache[2][_walk_field(B, rl, g, ps, trees, cache, par, s)]
    here = ps[s, c.P_POS]
    best = -1
    for j in range(k):
        a = legal[j, 1]
        if a < 0 or legal[j, 2] != c.H_SAW or dist[a] >= dist[here]:
            continue
        if best < 0 or (dist[a], a) < (dist[legal[best, 1]], legal[best, 1]):
            best = j
    return best if best >= 0 else 0


# ----------------------------------------------------------------------- choosing
@nb.njit(cache=True, inline="always")  # inlined in the games loop: no call carrying the board
def choose(par, B, rl, g, ps, trees, path, cache, n, legal, k, rngs):
    """The row of ``legal`` a walker to move picks (``random`` draws in :mod:`fast`)."""
    s = g[c.G_SEAT]
    meta = cache[0]
    if meta[M_ROUND] != g[c.G_ROUND] or meta[M_SEAT] != s:
        # the fields first read this turn stay for the rest of it (``_Walker._field``)
        meta[M_ROUND] = g[c.G_ROUND]
        meta[M_SEAT] = s
        meta[M_FIELDS] = 0
    phase = g[c.G_PHASE]
    if phase == c.MOVE:
        return _move(B, rl, g, ps, trees, path, cache, par, s, n, legal, k, rngs)
    if phase == c.PLANT:
        return _plant(B, rl, ps, trees, cache, par, s, n, legal, k, rngs)
    if phase == c.LIFT:
        return _lift(B, rl, ps, trees, cache, par, s, legal, k)
    if phase == c.UPROOT:
        dist = cache[2][_own_field(B, rl, g, ps, trees, cache, par, s, n)]
        best = 0
        for j in range(1, k):
            a = legal[j, 1]
            if (dist[a], a) > (dist[legal[best, 1]], legal[best, 1]):
                best = j
        return best
    if phase == c.FLY:
        return _fly(B, rl, g, ps, trees, cache, par, s, legal, k)
    if phase == c.HOTSPOT:
        return _hotspot(B, rl, ps, par, s, legal, k)
    if phase == c.SNOW_CARD:
        return 0 if par[DRAW_ON_SNOW] else 1  # ("draw", 1) is first
    if phase == c.CLEAR:
        return _clear_after(B, rl, g, ps, trees, cache, par, s, legal, k)
    # WILD_NOW: two spaces now when they bring the goal within reach, or a second card
    dist = cache[2][_walk_field(B, rl, g, ps, trees, cache, par, s)]
    here = ps[s, c.P_POS]
    if 0 < dist[here] <= 2 or ps[s, c.P_WILD] >= 0:
        return 0  # ("wild", 1) is first
    return 1
