"""The compiled walkers' (:mod:`fast_strategies`) readings of the game and their distance fields:
the fields of the turn (kept for the rest of it once read, as ``_Walker._field``), the flight
field, the planter's field searched only as far as its planting reads it, and the fields kept by
trees, targets and costs across turns (a pure function of them, as the Python strategies'
``lru_cache``)."""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.fast_rng import next64
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_searches as fsr
from simkit.games.timber_tom.fast_actions import _copy
from simkit.strategies import timber_tom as walkers

# A walker's parameters, in this order.
TREE_COST, RESERVE_PACKS, SPEND_FLIGHTS, DRAW_ON_SNOW, PLANT_NEAR, AHEAD, TRADE_TO_TREASURE = range(
    7
)
N_PARAMS = 7
INF = walkers.INF
FLY_COST = walkers.FLY_COST
FLY_MARGIN = walkers.FLY_MARGIN
# Slots of ``meta``, the turn's cache of distance fields.
M_ROUND, M_SEAT, M_FIELDS, M_NEXT_KNOWN = range(4)
SLOTS = 40  # distinct fields one turn reads (goals, the planter's and a rival's ways)
# What a turn's field is (``keys[:, 1]``): 0 trees are passed, 1 they block, FLIGHTS flights
# counted, NEAR the planter's field, found only as far as its planting reads it
# (``_near_field``), RIVAL a rival's way with flights (``_rival_field``), OWN_WAY not a field
# but the planter's own way ahead, read from them (``fast_strategies._own_way``)
FLIGHTS, NEAR, RIVAL, OWN_WAY = 2, 3, 4, 5
KNOWN = 64  # fields kept by trees and targets across turns (slots reused in turn)
CHANGES = 8  # trees changed since a kept field of the same targets, for it to be updated (8
# planted trees cost some two thirds of a field: the nodes left with no shortest way are searched
# again)


# ----------------------------------------------------------------------- small readings
@nb.njit(cache=True, inline="always")
def _held(bits):
    k = 0
    while bits:
        k += bits & 1
        bits >>= 1
    return k


@nb.njit(cache=True, inline="always")
def _random(rngs, i):
    """``GameRng.random``: a float in [0, 1) from 53 bits."""
    return float(next64(rngs, i) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@nb.njit(cache=True, inline="always")
def _moves(spaces):
    """Moves a walk of ``spaces`` takes at 5 spaces a move."""
    return (max(0, spaces) + 4) // 5


@nb.njit(cache=True, inline="always")
def _manhattan(rows, cols, a, b):
    return abs(rows[a] - rows[b]) + abs(cols[a] - cols[b])


@nb.njit(cache=True, inline="always")
def _other(ps, n, camp, me, node):
    """Whether another hiker still racing stands on ``node`` (Base Camp aside)."""
    if node == camp:
        return False
    found = False
    for s in range(n):
        found |= s != me and not ps[s, c.P_FINISHED] and ps[s, c.P_POS] == node
    return found


@nb.njit(cache=True, inline="always")
def _find(legal, k, kind, a, b):
    """The row of action ``(kind, a, b)`` among the ``k`` legal ones, -1 if absent."""
    for j in range(k):
        if legal[j, 0] == kind and legal[j, 1] == a and legal[j, 2] == b:
            return j
    return -1


@nb.njit(cache=True, inline="always")
def _target_key(rl, lists, ps, n_nodes, s):
    """Where hiker ``s`` heads (``_target``) as a key: a node when it is one (Base Camp with
    enough Treasures, or the one Treasure left: ``(t,)`` is then the key of ``(here,)`` on it),
    else ``n_nodes`` plus the bits of the peaks not held."""
    return _heading_key(rl, lists, n_nodes, ps[s, c.P_TREASURES])


@nb.njit(cache=True, inline="always")
def _heading_key(rl, lists, n_nodes, held):
    """:func:`_target_key` of a hiker holding the Treasures ``held`` (``_heading``)."""
    if _held(held) >= rl[c.R_TREASURES_TO_WIN]:
        return rl[c.R_CAMP]
    bits = 0
    count = 0
    last = 0
    for p in range(rl[c.R_N_PEAKS]):
        if not (held >> p) & 1:
            bits |= 1 << p
            count += 1
            last = p
    if count == 1:
        return lists[c.L_TREASURES, last]
    return n_nodes + bits


@nb.njit(cache=True, inline="always")
def _list_targets(lists, n_nodes, key, out):
    """The targets of ``key`` into ``out``, in the order of the peaks; how many."""
    if key < n_nodes:
        out[0] = key
        return 1
    bits = key - n_nodes
    k = 0
    for p in range(62):
        if (bits >> p) & 1:
            out[k] = lists[c.L_TREASURES, p]
            k += 1
    return k


@nb.njit(cache=True, inline="always")
def _target_near(lists, rows, cols, n_nodes, key, node):
    """Spaces as the crow flies from ``node`` to the nearest target of ``key`` (not listed: no
    array allocated for them)."""
    if key < n_nodes:
        return _manhattan(rows, cols, node, key)
    bits = key - n_nodes
    near = INF
    for p in range(62):
        if (bits >> p) & 1:
            near = min(near, _manhattan(rows, cols, node, lists[c.L_TREASURES, p]))
    return near


@nb.njit(cache=True, inline="always")
def _in_targets(lists, n_nodes, key, node):
    if key < n_nodes:
        return node == key
    bits = key - n_nodes
    found = False
    for p in range(lists.shape[1]):
        found |= ((bits >> p) & 1) == 1 and lists[c.L_TREASURES, p] == node
    return found


# ----------------------------------------------------------------------- the turn's fields
@nb.njit(cache=True, inline="always")
def _fingerprint(trees):
    """A sum over the trees' places, cheap to compute: where to look for a field already
    computed (layouts of equal sums are then compared in full); and how many trees stand."""
    h = np.int64(0)
    count = np.int64(0)
    for i in range(trees.shape[0]):
        w = np.int64(i + 1)
        h += trees[i] * w * w * w
        count += trees[i]
    return h, count


@nb.njit(cache=True)
def _known_field(B, trees, cache, tree_cost, key, block):
    """The row of ``cache[5]`` holding the distance field for these trees, targets and costs:
    a field is a function of them alone (the Python strategies keep them in an ``lru_cache``), so
    one computed for any hiker, any turn, is reused while the trees are the same; when only a
    few trees were planted or cut since a field of the same targets and costs was kept, that
    field is updated where they changed (the same numbers, without searching the whole board)."""
    first, nbr, lists, canoe = B[0], B[1], B[3], B[2][c.N_CANOE]
    meta, known, known_trees, known_fields = cache[0], cache[3], cache[4], cache[5]
    h, count = _fingerprint(trees)
    nearest = -1
    fewest = CHANGES + 1
    for j in range(known.shape[0]):
        if known[j, 1] != key or known[j, 2] != block or known[j, 3] != tree_cost:
            continue
        if known[j, 0] == h and fsr._changes(known_trees[j], trees) == 0:
            return j
        if abs(known[j, 4] - count) >= fewest:
            continue  # at least that many trees changed: not compared node by node
        changed = fsr._changes(known_trees[j], trees)
        if changed < fewest:
            nearest, fewest = j, changed
    n_nodes = known_trees.shape[1]
    work = cache[6]  # the update's scratch, then the search's
    if nearest >= 0:
        fsr._update_field(
            first,
            nbr,
            B[7],
            B[8],
            canoe,
            known_trees[nearest],
            trees,
            tree_cost,
            block,
            known_fields[nearest],
            work[: fsr.update_work_size(n_nodes, tree_cost)],
        )
        known[nearest, 0] = h
        known[nearest, 4] = count
        return nearest
    j = meta[M_NEXT_KNOWN]
    meta[M_NEXT_KNOWN] = (j + 1) % known.shape[0]
    targets = work[:n_nodes]  # the update's queue, free while a field is filled
    m = _list_targets(lists, n_nodes, key, targets)
    fsr._fill_distance_field(
        first,
        nbr,
        canoe,
        trees,
        targets[:m],
        tree_cost,
        block,
        known_fields[j],
        work[fsr.update_work_size(n_nodes, tree_cost) :],
    )
    _copy(known_trees[j], trees)
    known[j, 0] = h
    known[j, 1] = key
    known[j, 2] = block
    known[j, 3] = tree_cost
    known[j, 4] = count
    return j


@nb.njit(cache=True, inline="always")
def _field(B, trees, cache, tree_cost, key, block):
    """The row of ``fields`` holding the distance field to ``key`` (``block``: trees block; 2:
    the field with flights), computed when first read this turn (``_Walker._field``)."""
    j, known = _turn_slot(cache[0], cache[1], key, block)
    if not known:
        _copy(cache[2][j], cache[5][_known_field(B, trees, cache, tree_cost, key, block != 0)])
    return j


@nb.njit(cache=True, inline="always")
def _turn_slot(meta, keys, key, kind):
    """This turn's row of ``fields`` for (``key``, ``kind``), and whether it holds its field
    already: the row read before this turn, else the next one, taken for it."""
    for j in range(meta[M_FIELDS]):
        if keys[j, 0] == key and keys[j, 1] == kind:
            return j, True
    j = meta[M_FIELDS]
    if j == SLOTS:
        raise ValueError("more distance fields in one turn than the cache holds")
    keys[j, 0] = key
    keys[j, 1] = kind
    meta[M_FIELDS] = j + 1
    return j, False


@nb.njit(cache=True)
def _near_field(B, trees, cache, tree_cost, here, goal, to_goal):
    """The row of ``fields`` holding the field to the planter's space ``here`` as its planting
    reads it (``_plant``): the spaces on its shortest ways to ``goal`` (``to_goal`` that goal's
    row), and which of the goal's spaces is nearest. Only that part is searched: the distances
    up to ``here``'s to the goal, and to the goal's nearest space; kept for the turn as
    ``_field`` keeps a field, read the same way by every planting of the turn. A space that is
    a goal's (Base Camp, a Treasure) may have its field read in full as a goal's too: its
    full field then."""
    first, nbr, nd, lists = B[0], B[1], B[2], B[3]
    fields = cache[2]
    n_nodes = nd.shape[1]
    camp = n_nodes - 1
    if here == camp or nd[c.N_FEATURE, here] == bd.TREASURE:
        return _field(B, trees, cache, tree_cost, here, 0)
    j, known = _turn_slot(cache[0], cache[1], here, NEAR)
    if known:
        return j
    work = cache[6]
    # the search's target and the goal's spaces in the update's queue (free while a field is
    # filled); Base Camp's field is not read beyond the shortest ways
    work[0] = here
    m = 0 if goal == camp else _list_targets(lists, n_nodes, goal, work[1:])
    fsr._fill_near_field(
        first,
        nbr,
        nd[c.N_CANOE],
        trees,
        work[:1],
        tree_cost,
        fields[j],
        work[fsr.update_work_size(n_nodes, tree_cost) :],
        fields[to_goal, here],
        work[1 : 1 + m],
    )
    return j


@nb.njit(cache=True, inline="always")
def _goal_key(B, rl, ps, s):
    """``_Walker._goal``: the target, or Base Camp with no pack for a Snow Cap still ahead."""
    nd, lists = B[2], B[3]
    n_nodes = nd.shape[1]
    camp = n_nodes - 1
    key = _target_key(rl, lists, ps, n_nodes, s)
    if key != camp and ps[s, c.P_PACKS] < 1:
        here = ps[s, c.P_POS]
        on_snow = nd[c.N_ZONE, here] == bd.SNOW and _in_targets(
            lists, n_nodes, key, lists[c.L_TREASURES, nd[c.N_PEAK, here]]
        )
        if not on_snow:
            return camp
    return key


@nb.njit(cache=True, inline="always")
def _tools(g, ps, s):
    return ps[s, c.P_AXES] + ps[s, c.P_SAWS] + g[c.G_SAW_CREDIT] > 0 or g[c.G_WILD_ACTIVE] != 0


@nb.njit(cache=True, inline="always")
def _walk_field(B, rl, g, ps, trees, cache, par, s):
    """Spaces to the goal on foot: a row of ``fields``."""
    key = _goal_key(B, rl, ps, s)
    return _field(B, trees, cache, par[TREE_COST], key, 0 if _tools(g, ps, s) else 1)


@nb.njit(cache=True)
def _own_field(B, rl, g, ps, trees, cache, par, s, n):
    """``_Walker._own_field``: the walk, a Heli-Flight counted as a way between free helipads
    while the hiker holds a token (kept per goal for the turn)."""
    walk = _walk_field(B, rl, g, ps, trees, cache, par, s)
    if not ps[s, c.P_FLIGHTS]:
        return walk
    return _flight_field(B, ps, trees, cache, n, s, walk, _goal_key(B, rl, ps, s), FLIGHTS)


@nb.njit(cache=True)
def _rival_field(B, ps, trees, cache, tree_cost, n, s, key):
    """``_Walker._rival_field``: the field to a rival's goal ``key`` as the planter reckons it
    (trees passed at its ``tree_cost``), a Heli-Flight counted while the rival holds a token."""
    walk = _field(B, trees, cache, tree_cost, key, 0)
    if not ps[s, c.P_FLIGHTS]:
        return walk
    # one field per rival and goal: which helipads are free depends on who flies
    return _flight_field(B, ps, trees, cache, n, s, walk, key * 8 + s, RIVAL)


@nb.njit(cache=True, inline="always")
def _flight_field(B, ps, trees, cache, n, s, walk, key, kind):
    """The row of ``fields`` holding field ``walk`` with one Heli-Flight for hiker ``s``
    (``_with_flights``), kept for the turn as (``key``, ``kind``)."""
    first, nbr, nd, lists, list_len = B[0], B[1], B[2], B[3], B[4]
    fields = cache[2]
    j, known = _turn_slot(cache[0], cache[1], key, kind)
    if known:
        return j
    camp = nd.shape[1] - 1
    dist = fields[j]
    _copy(dist, fields[walk])
    pads = list_len[c.L_HELIPADS]
    free = cache[7][0]
    m = 0
    for i in range(pads):
        p = lists[c.L_HELIPADS, i]
        if not _other(ps, n, camp, s, p):
            free[m] = p
            m += 1
    seeds = cache[7][1]
    k = 0
    for i in range(m):
        best = INF
        for q in range(m):
            if q != i:
                best = min(best, fields[walk, free[q]])
        best += FLY_COST
        if best < dist[free[i]]:
            dist[free[i]] = best
            seeds[k] = free[i]
            k += 1
    if k:
        # nearest seed first, the helipads' order among equals (a stable sort)
        for i in range(1, k):
            x = seeds[i]
            j2 = i - 1
            while j2 >= 0 and dist[seeds[j2]] > dist[x]:
                seeds[j2 + 1] = seeds[j2]
                j2 -= 1
            seeds[j2 + 1] = x
        # in place, in the field's row; the queue in ``free``'s row, done with
        fsr._spread(first, nbr, trees, dist, seeds[:k], free, cache[8][3])
    return j


@nb.njit(cache=True, inline="always")
def _pack_need(rl, ps, par, s):
    """Packs to keep: one per Snow Cap still to climb, plus the style's reserve."""
    left = max(0, rl[c.R_TREASURES_TO_WIN] - _held(ps[s, c.P_TREASURES]))
    return min(3, left + par[RESERVE_PACKS])
