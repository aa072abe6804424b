"""Timber Tom compiled with numba: the turn flow of :mod:`state`, played with the compiled
strategies of :mod:`fast_strategies`, for whole chunks of games at once.

It mirrors the Python engine step by step: the same stages and phases, the same legal actions in
the same order (an action is a row ``(kind, a, b)``, codes in :mod:`fast_codes`), the same draws
from the same SplitMix64 streams (the die and the card pile from the engine's, each seat's choices
from its own), so a game gives the same row in both; ``tests/timber_tom/test_timber_tom_fast.py``
checks that game by game. The Python engine stays the reference: the one that is read, logged,
traced and replayed.

State lives in flat arrays allocated once per chunk: ``g`` the game's scalars, ``ps`` one row per
hiker, the trees (one byte per node), the move's path, each hiker's last path, the card piles, the
trees in hand, the way home kept between plantings, and the snapshot a move given up returns to.
The board, the rules and the deck are arrays built once per ``Rules`` (:func:`compiled`). The
board searches are those of :mod:`fast_searches`, called as they are.

numba's on-disk cache checks only the source file of each compiled function: after changing
:mod:`fast_strategies` or :mod:`fast_searches`, touch this file or clear ``__pycache__``.
"""

from __future__ import annotations

import time
from functools import cache

import numba as nb
import numpy as np
import pyarrow as pa

from simkit.core.fast_rng import below, game_streams, shuffle
from simkit.core.results import SCHEMA
from simkit.games.lets_take_a_hike.fast import _constant, _lineups
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import cards as cd
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_searches as fsr
from simkit.games.timber_tom import fast_strategies as fst
from simkit.games.timber_tom.rules import DIE_FACES, Rules

_DIE = np.array(DIE_FACES, dtype=np.int64)
MAX_PEAKS = 60  # a hiker's Treasures, Snow Cap fees and One-for-One uses are bits by peak


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
    return trees.any()


@nb.njit(cache=True, inline="always")
def _add(legal, k, kind, a, b):
    legal[k, 0] = kind
    legal[k, 1] = a
    legal[k, 2] = b
    return k + 1


# ----------------------------------------------------------------------- the way home
@nb.njit(cache=True)
def _way_from(first, nbr, camp, trees, here, way, g):
    """``WaysHome.way_from``: a free way from ``here`` home kept in ``way[:g[WAY_LEN]]`` (``here``
    first, Base Camp left out) while no tree falls on it; returns its length, 0 when ringed in."""
    n = g[c.G_WAY_LEN]
    if n and way[0] == here:
        clear = True
        for k in range(n):
            if trees[way[k]]:
                clear = False
                break
        if clear:
            return n
    nxt_home = fsr._ways_home(first, nbr, camp, trees)
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
def plant_spaces(B, g, ps, trees, lifted, way, n, out):
    """Where the hiker to move may plant (``state._plant_spaces``), into ``out``; how many."""
    first, nbr, nd, lists, list_len = B[0], B[1], B[2], B[3], B[4]
    ring, has_ring, hole, plantable = B[5], B[6], B[7], B[8]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    busy = np.zeros(camp + 1, dtype=np.bool_)
    for t in range(n):
        if not ps[t, c.P_FINISHED] and ps[t, c.P_POS] != camp:
            busy[ps[t, c.P_POS]] = True
    if g[c.G_HAND]:
        for k in range(g[c.G_LIFTED_LEN]):
            busy[lifted[k]] = True
    here = ps[s, c.P_POS]
    length = 0
    if here != camp and not ps[s, c.P_FINISHED]:
        length = _way_from(first, nbr, camp, trees, here, way, g)
    closing = np.zeros(camp + 1, dtype=np.bool_)
    if length > 1:
        closing = fsr._closing(
            first, nbr, ring, has_ring, hole, plantable, camp, trees, busy, here, way[1:length]
        )
    k = 0
    for j in range(list_len[c.L_PLANTABLE]):
        i = lists[c.L_PLANTABLE, j]
        if not trees[i] and not busy[i] and not closing[i]:
            out[k] = i
            k += 1
    return k


# ----------------------------------------------------------------------- legal actions
@nb.njit(cache=True)
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


@nb.njit(cache=True)
def _move_actions(B, rl, g, ps, trees, path, n, legal):
    first, nbr, nd, tailwind = B[0], B[1], B[2], B[9]
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


@nb.njit(cache=True)
def legal_actions(B, rl, g, ps, trees, path, lifted, way, n, legal, scratch):
    """The legal actions of the hiker to move into ``legal``, as ``state._compute_legal``."""
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
        m = plant_spaces(B, g, ps, trees, lifted, way, n, scratch)
        for j in range(m):
            k = _add(legal, k, c.A_PLANT, scratch[j], 0)
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


# ----------------------------------------------------------------------- cards
@nb.njit(cache=True, inline="always")
def _zone_matches(flt, zone, drawer_zone):
    if flt == c.F_ANY:
        return True
    if flt == c.F_HERE:
        return zone == drawer_zone
    if flt == c.F_LOW:
        return zone == bd.Z250 or zone == bd.Z500 or zone == bd.FLOOD
    if flt == c.F_HIGH:
        return zone == bd.Z1000 or zone == bd.Z1500 or zone == bd.SNOW
    return zone == flt - 3


@nb.njit(cache=True)
def _forced_move(B, g, ps, trees, path, last_path, n, do, count, t):
    """``state._forced_move``: back the way the last move came, or downhill."""
    first, nbr, nd = B[0], B[1], B[2]
    camp = nd.shape[1] - 1
    where = ps[t, c.P_POS]
    if where == camp:
        return
    to = where
    if do == c.E_FORCED_BACK:
        if t == g[c.G_SEAT]:
            way = path
            length = g[c.G_PATH_LEN]
        else:
            way = last_path[t]
            length = ps[t, c.P_LAST_LEN]
        if way[length - 1] != where:  # it flew, radioed or was moved since
            return
        for j in range(length - 2, max(0, length - 1 - count) - 1, -1):
            node = way[j]
            if node == camp or trees[node]:
                break
            if not _occupied(ps, n, camp, node, t) and nd[c.N_FEATURE, node] != bd.CANOE:
                to = node
    else:
        nxt_home = fsr._ways_home(first, nbr, camp, trees)
        node = where
        for _ in range(count):
            node = nxt_home[node]
            if node < 0 or node == camp:
                break
            if not _occupied(ps, n, camp, node, t) and nd[c.N_FEATURE, node] != bd.CANOE:
                to = node
    if to != where:
        ps[t, c.P_POS] = to
        last_path[t, 0] = to
        ps[t, c.P_LAST_LEN] = 1


@nb.njit(cache=True)
def _apply_effect(B, g, ps, trees, path, last_path, n, do, count, who, flt):
    nd = B[2]
    s = g[c.G_SEAT]
    drawer_zone = nd[c.N_ZONE, ps[s, c.P_POS]]
    penalty = do != c.E_GAIN_PACKS and do != c.E_GAIN_AXES and do != c.E_MOVE_BONUS
    for t in range(n):
        where = ps[t, c.P_POS]
        if ps[t, c.P_FINISHED]:
            continue
        if (who == c.W_SELF and t != s) or (who == c.W_OTHERS and t == s):
            continue
        if not _zone_matches(flt, nd[c.N_ZONE, where], drawer_zone):
            continue
        feat = nd[c.N_FEATURE, where]
        if penalty and (feat == bd.REFUGE_AXES or feat == bd.REFUGE_SUPPLIES):
            continue  # a refuge is a safety zone (7. Refuge Huts)
        if do == c.E_LOSE_PACKS:
            ps[t, c.P_PACKS] = max(0, ps[t, c.P_PACKS] - count)
        elif do == c.E_LOSE_AXES:
            ps[t, c.P_AXES] = max(0, ps[t, c.P_AXES] - count)
        elif do == c.E_GAIN_PACKS:
            ps[t, c.P_PACKS] = min(3, ps[t, c.P_PACKS] + count)
        elif do == c.E_GAIN_AXES:
            ps[t, c.P_AXES] = min(3, ps[t, c.P_AXES] + count)
        elif do == c.E_FORCED_BACK or do == c.E_LANDSLIDE:
            _forced_move(B, g, ps, trees, path, last_path, n, do, count, t)
        elif do == c.E_MOVE_BONUS:
            ps[t, c.P_MOVE_MOD] += count
        elif do == c.E_MOVE_PENALTY:
            ps[t, c.P_MOVE_MOD] -= count
        elif do == c.E_ROLL_NEXT:
            ps[t, c.P_ROLL_NEXT] = 1
        elif do == c.E_SKIP_MOVE:
            ps[t, c.P_SKIP] = 1


@nb.njit(cache=True)
def _draw_card(B, D, g, ps, trees, path, last_path, draw, discard, rngs, n):
    """Draw and resolve a Hiking Card; returns the trees it lets the drawer plant."""
    card_kind, card_trees, effects, n_effects = D
    s = g[c.G_SEAT]
    if g[c.G_DRAW_LEN] == 0:
        for j in range(g[c.G_DISCARD_LEN]):
            draw[j] = discard[j]
        g[c.G_DRAW_LEN] = g[c.G_DISCARD_LEN]
        g[c.G_DISCARD_LEN] = 0
        shuffle(rngs, 0, draw, g[c.G_DRAW_LEN])
    if g[c.G_DRAW_LEN] == 0:
        return 0
    g[c.G_DRAW_LEN] -= 1
    idx = draw[g[c.G_DRAW_LEN]]
    ps[s, c.P_CARDS] += 1
    if card_kind[idx] == c.K_WILD:
        g[c.G_WILD_DRAWN] = idx  # used at once or kept: the hiker's choice
        return 0
    slot = 0
    if card_kind[idx] == c.K_RED:
        slot = _DIE[np.int64(below(rngs, 0, _DIE.shape[0]))] - 2  # on_3, on_4, on_5 in slots 1 to 3
    for e in range(n_effects[idx, slot]):
        _apply_effect(
            B,
            g,
            ps,
            trees,
            path,
            last_path,
            n,
            effects[idx, slot, e, 0],
            effects[idx, slot, e, 1],
            effects[idx, slot, e, 2],
            effects[idx, slot, e, 3],
        )
    discard[g[c.G_DISCARD_LEN]] = idx
    g[c.G_DISCARD_LEN] += 1
    return card_trees[idx]


# ----------------------------------------------------------------------- turn flow
@nb.njit(cache=True, inline="always")
def _save_move_start(g, ps, trees, undo_ps, undo_trees):
    undo_ps[:, : c.UNDO_COLUMNS] = ps[:, : c.UNDO_COLUMNS]
    undo_trees[:] = trees
    g[c.G_U_BOX] = g[c.G_BOX]
    g[c.G_U_HAND] = g[c.G_HAND]
    g[c.G_U_SAW_CREDIT] = g[c.G_SAW_CREDIT]
    g[c.G_U_MOVE141] = g[c.G_MOVE141]
    g[c.G_U_DISCARD_LEN] = g[c.G_DISCARD_LEN]
    g[c.G_U_LIFTED_LEN] = g[c.G_LIFTED_LEN]


@nb.njit(cache=True)
def _begin_move(nd, rl, g, ps, trees, path, undo_ps, undo_trees, rngs):
    s = g[c.G_SEAT]
    here = ps[s, c.P_POS]
    zone = nd[c.N_ZONE, here]
    danger = zone == bd.FLOOD or zone == bd.SNOW
    g[c.G_DIE] = 0
    if danger and rl[c.R_DANGER_MOVE]:
        base = rl[c.R_DANGER_MOVE]
    elif danger or ps[s, c.P_ROLL_NEXT]:
        g[c.G_DIE] = _DIE[np.int64(below(rngs, 0, _DIE.shape[0]))]
        base = g[c.G_DIE]
    else:
        base = rl[c.R_MOVE + zone]
    g[c.G_ALLOWANCE] = max(1, base + ps[s, c.P_MOVE_MOD])
    ps[s, c.P_MOVE_MOD] = 0
    ps[s, c.P_ROLL_NEXT] = 0
    g[c.G_START] = here
    g[c.G_COUNTED] = 0
    path[0] = here
    g[c.G_PATH_LEN] = 1
    g[c.G_R4_OPEN] = g[c.G_DIE] == 4
    # a chainsaw's cut left from an earlier move (5. "1 Chainsaw removes 2 trees")
    g[c.G_SAW_CREDIT] = ps[s, c.P_SAW_KEPT] if rl[c.R_SAW_KEPT] else 0
    ps[s, c.P_SAW_KEPT] = 0
    g[c.G_MOVE141] = 0
    g[c.G_WILD_ACTIVE] = 0
    g[c.G_STAGE] = c.S_MOVE
    g[c.G_PHASE] = c.MOVE
    _save_move_start(g, ps, trees, undo_ps, undo_trees)


@nb.njit(cache=True)
def _start_turn(B, rl, g, ps, trees):
    first, nbr, nd = B[0], B[1], B[2]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    ps[s, c.P_MOVES_MADE] += 1
    g[c.G_TURNED_BACK] = 0
    g[c.G_EARLY] = 0
    g[c.G_CLEARED_AFTER] = 0
    g[c.G_PLANT_LEFT] = 0
    g[c.G_HAND] = 0
    g[c.G_LIFTED_LEN] = 0
    here = ps[s, c.P_POS]
    if here != camp and not fsr._reaches_home(first, nbr, camp, here, trees):
        g[c.G_RELIEF_LEFT] = rl[c.R_RING_RELIEF]
    g[c.G_STAGE] = c.S_RELIEF


@nb.njit(cache=True)
def _end_turn(rl, g, ps, n):
    """The chainsaw's unused cut kept or lost; the next hiker to move, or the end of the game.
    Returns True when a next turn starts."""
    seat = g[c.G_SEAT]
    ps[seat, c.P_SAW_KEPT] = g[c.G_SAW_CREDIT] if rl[c.R_SAW_KEPT] else 0
    g[c.G_SAW_CREDIT] = 0
    while True:
        seat += 1
        if seat == n:
            if rl[c.R_FAIR]:
                done = False
                for t in range(n):
                    done |= ps[t, c.P_FINISHED] != 0
                if done:
                    g[c.G_TERMINAL] = 1
                    g[c.G_END] = c.END_NORMAL
                    return False
            g[c.G_ROUND] += 1
            if g[c.G_ROUND] >= rl[c.R_TURN_LIMIT]:
                g[c.G_TERMINAL] = 1
                g[c.G_END] = c.END_TURN_LIMIT
                return False
            seat = 0
        if ps[seat, c.P_FINISHED]:
            continue
        if ps[seat, c.P_SKIP]:
            ps[seat, c.P_SKIP] = 0
            ps[seat, c.P_MOVES_MADE] += 1
            continue
        break
    g[c.G_SEAT] = seat
    return True


@nb.njit(cache=True)
def _clear_after_open(B, g, ps, trees):
    """Whether a tree next to the hiker can still be cleared after its move."""
    first, nbr, nd = B[0], B[1], B[2]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    here = ps[s, c.P_POS]
    if here == camp or ps[s, c.P_FINISHED]:
        return False
    if not (ps[s, c.P_AXES] or g[c.G_SAW_CREDIT] or ps[s, c.P_SAWS]):
        return False
    found = False
    for e in range(first[here], first[here + 1]):
        found |= nbr[e] != camp and trees[nbr[e]] != 0
    return found


@nb.njit(cache=True, inline="always")
def _refuge(nd, rl, g, ps, s, here):
    if nd[c.N_FEATURE, here] == bd.REFUGE_AXES:
        ps[s, c.P_AXES] = max(ps[s, c.P_AXES], rl[c.R_TRAY_AXES])
    else:
        ps[s, c.P_PACKS] = max(ps[s, c.P_PACKS], rl[c.R_TRAY_PACKS])
    g[c.G_PLANT_LEFT] = rl[c.R_TREES + nd[c.N_ZONE, here]]


@nb.njit(cache=True)
def _plain_landing(B, D, rl, g, ps, trees, path, last_path, draw, discard, rngs, n, here):
    """A landing without a choice, or the Snow Cap's card (True: it waits for the hiker)."""
    zone = B[2][c.N_ZONE, here]
    if zone == bd.FLOOD:
        if rl[c.R_CARDS]:
            g[c.G_PLANT_LEFT] = _draw_card(
                B, D, g, ps, trees, path, last_path, draw, discard, rngs, n
            )
    elif zone == bd.SNOW:
        if rl[c.R_CARDS] and (g[c.G_DRAW_LEN] or g[c.G_DISCARD_LEN]):
            g[c.G_PHASE] = c.SNOW_CARD
            return True
    else:
        g[c.G_PLANT_LEFT] = rl[c.R_TREES + zone]
    return False


@nb.njit(cache=True)
def _land(B, D, rl, g, ps, trees, path, last_path, draw, discard, rngs, n):
    """The landing space's effect; True when it waits for the hiker's choice."""
    nd, lists, list_len = B[2], B[3], B[4]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    here = ps[s, c.P_POS]
    g[c.G_PLANT_LEFT] = 0
    if here == camp or g[c.G_TURNED_BACK]:
        return False
    feat = nd[c.N_FEATURE, here]
    exact = not g[c.G_EARLY]
    if feat == bd.HELIPAD and exact and ps[s, c.P_FLIGHTS]:
        for j in range(list_len[c.L_HELIPADS]):
            p = lists[c.L_HELIPADS, j]
            if p != here and not _occupied(ps, n, camp, p, s):
                g[c.G_PHASE] = c.FLY
                return True
    if (feat == bd.REFUGE_AXES or feat == bd.REFUGE_SUPPLIES) and exact:
        _refuge(nd, rl, g, ps, s, here)
        return False
    if feat == bd.RADIO and exact:
        g[c.G_PHASE] = c.HOTSPOT
        return True
    return _plain_landing(B, D, rl, g, ps, trees, path, last_path, draw, discard, rngs, n, here)


@nb.njit(cache=True)
def _uproot_open(lists, list_len, trees):
    for row in (c.L_PLANTABLE_1500, c.L_PLANTABLE_1000):
        for j in range(list_len[row]):
            if trees[lists[row, j]]:
                return True
    return False


@nb.njit(cache=True)
def advance(B, D, rl, g, ps, trees, path, last_path, draw, discard, undo_ps, undo_trees, rngs, n):
    """Go on to the next decision, ending turns (and starting the next) on the way: the loop of
    ``state._advance``, ``_end_turn`` and ``_start_turn``."""
    nd, lists, list_len = B[2], B[3], B[4]
    while True:
        stage = g[c.G_STAGE]
        if stage == c.S_RELIEF:
            if g[c.G_HAND]:
                g[c.G_PHASE] = c.PLANT
                return
            if g[c.G_RELIEF_LEFT] and _any_tree(trees):
                g[c.G_PHASE] = c.LIFT
                return
            g[c.G_RELIEF_LEFT] = 0
            _begin_move(nd, rl, g, ps, trees, path, undo_ps, undo_trees, rngs)
            return
        if stage == c.S_AFTER_MOVE:
            if g[c.G_HAND]:
                g[c.G_PHASE] = c.PLANT
                return
            if g[c.G_R4_OPEN] and _any_tree(trees) and not g[c.G_TURNED_BACK]:
                g[c.G_PHASE] = c.LIFT
                return
            g[c.G_R4_OPEN] = 0
            if not (g[c.G_TURNED_BACK] or g[c.G_CLEARED_AFTER]) and _clear_after_open(
                B, g, ps, trees
            ):
                g[c.G_PHASE] = c.CLEAR
                return
            g[c.G_STAGE] = c.S_TREES
            if _land(B, D, rl, g, ps, trees, path, last_path, draw, discard, rngs, n):
                return
        # S_TREES
        if g[c.G_WILD_DRAWN] >= 0:
            g[c.G_PHASE] = c.WILD_NOW
            return
        if g[c.G_HAND]:
            g[c.G_PHASE] = c.PLANT
            return
        if g[c.G_PLANT_LEFT]:
            if g[c.G_BOX]:
                g[c.G_PHASE] = c.PLANT
                return
            if _uproot_open(lists, list_len, trees):
                g[c.G_PHASE] = c.UPROOT
                return
            g[c.G_PLANT_LEFT] = 0
        if not _end_turn(rl, g, ps, n):
            return
        _start_turn(B, rl, g, ps, trees)


# ----------------------------------------------------------------------- apply
@nb.njit(cache=True)
def _clear_on_path(nd, g, ps, trees, lifted, nxt, how):
    s = g[c.G_SEAT]
    trees[nxt] = 0
    ps[s, c.P_CLEARED] += 1
    if how == c.H_ROLL4:
        g[c.G_R4_OPEN] = 0
        g[c.G_HAND] += 1  # replanted once the move ends (3. The "Rolling 4" Rule)
        lifted[g[c.G_LIFTED_LEN]] = nxt
        g[c.G_LIFTED_LEN] += 1
    else:
        g[c.G_BOX] += 1
    if how == c.H_AXE:
        ps[s, c.P_AXES] -= 1
    elif how == c.H_SAW:
        if g[c.G_SAW_CREDIT]:
            g[c.G_SAW_CREDIT] -= 1
        else:
            ps[s, c.P_SAWS] -= 1
            g[c.G_SAW_CREDIT] = 1
    elif how == c.H_141:
        bit = 1 << nd[c.N_MOUNTAIN, nxt]
        ps[s, c.P_USED141] |= bit
        g[c.G_MOVE141] |= bit
        g[c.G_ALLOWANCE] -= 1


@nb.njit(cache=True)
def _next_turn(
    B, D, rl, g, ps, trees, path, last_path, draw, discard, undo_ps, undo_trees, rngs, n
):
    if _end_turn(rl, g, ps, n):
        _start_turn(B, rl, g, ps, trees)
        advance(
            B, D, rl, g, ps, trees, path, last_path, draw, discard, undo_ps, undo_trees, rngs, n
        )


@nb.njit(cache=True)
def apply(
    B,
    D,
    rl,
    g,
    ps,
    trees,
    path,
    last_path,
    draw,
    discard,
    lifted,
    undo_ps,
    undo_trees,
    rngs,
    n,
    kind,
    a,
    b,
):
    """Play the action ``(kind, a, b)`` for the hiker to move: the handlers of ``state``."""
    nd = B[2]
    camp = nd.shape[1] - 1
    s = g[c.G_SEAT]
    if kind == c.A_STEP:
        here = ps[s, c.P_POS]
        occupied = _occupied(ps, n, camp, a, s)
        if b != c.H_NONE:
            _clear_on_path(nd, g, ps, trees, lifted, a, b)
        fee = _fee(nd, rl, ps, s, here, a)
        if fee:
            ps[s, c.P_PACKS] -= fee
            ps[s, c.P_PACKS_USED] += fee
            if nd[c.N_ZONE, a] == bd.SNOW:
                ps[s, c.P_SNOW_PAID] |= 1 << nd[c.N_PEAK, a]
        if not occupied:
            g[c.G_COUNTED] += 1
        ps[s, c.P_POS] = a
        path[g[c.G_PATH_LEN]] = a
        g[c.G_PATH_LEN] += 1
        if nd[c.N_FEATURE, a] == bd.TREASURE:
            ps[s, c.P_TREASURES] |= 1 << nd[c.N_PEAK, a]
        if a == camp:
            if _held(ps[s, c.P_TREASURES]) >= rl[c.R_TREASURES_TO_WIN]:
                ps[s, c.P_FINISHED] = 1
                ps[s, c.P_MOVES_TO_FINISH] = ps[s, c.P_MOVES_MADE]
                g[c.G_BOX] += g[c.G_HAND]  # no planting on the final return (13. NOTE)
                g[c.G_HAND] = 0
                if not rl[c.R_FAIR]:
                    g[c.G_TERMINAL] = 1
                    g[c.G_END] = c.END_NORMAL
                    return
                _next_turn(
                    B,
                    D,
                    rl,
                    g,
                    ps,
                    trees,
                    path,
                    last_path,
                    draw,
                    discard,
                    undo_ps,
                    undo_trees,
                    rngs,
                    n,
                )
                return
            _restore_all(g, ps, rl, s)
        return
    if kind == c.A_EXTRA:
        if a == c.X_PACK:
            ps[s, c.P_PACKS] -= 1
            ps[s, c.P_PACKS_USED] += 1
            g[c.G_ALLOWANCE] += rl[c.R_PACK_SPACES]
        elif a == c.X_FLIGHT:
            ps[s, c.P_FLIGHTS] -= 1
            g[c.G_ALLOWANCE] += rl[c.R_FLIGHT_SPACES]
        else:
            discard[g[c.G_DISCARD_LEN]] = ps[s, c.P_WILD]
            g[c.G_DISCARD_LEN] += 1
            ps[s, c.P_WILD] = -1
            g[c.G_WILD_ACTIVE] = 1
            g[c.G_ALLOWANCE] += rl[c.R_WILD_SPACES]
        return
    if kind == c.A_STOP:
        g[c.G_EARLY] = g[c.G_COUNTED] < g[c.G_ALLOWANCE]
        length = g[c.G_PATH_LEN]
        last_path[s, :length] = path[:length]
        ps[s, c.P_LAST_LEN] = length
        g[c.G_STAGE] = c.S_AFTER_MOVE
    elif kind == c.A_TURN_BACK:
        ps[:, : c.UNDO_COLUMNS] = undo_ps[:, : c.UNDO_COLUMNS]
        trees[:] = undo_trees
        g[c.G_BOX] = g[c.G_U_BOX]
        g[c.G_HAND] = g[c.G_U_HAND]
        g[c.G_SAW_CREDIT] = g[c.G_U_SAW_CREDIT]
        g[c.G_MOVE141] = g[c.G_U_MOVE141]
        g[c.G_DISCARD_LEN] = g[c.G_U_DISCARD_LEN]
        g[c.G_LIFTED_LEN] = g[c.G_U_LIFTED_LEN]
        g[c.G_WILD_ACTIVE] = 0
        ps[s, c.P_POS] = g[c.G_START]
        last_path[s, 0] = g[c.G_START]
        ps[s, c.P_LAST_LEN] = 1
        g[c.G_TURNED_BACK] = 1
        g[c.G_STAGE] = c.S_AFTER_MOVE
    elif kind == c.A_CLEAR:
        if a < 0:
            g[c.G_CLEARED_AFTER] = 1
        else:
            _clear_on_path(nd, g, ps, trees, lifted, a, b)
    elif kind == c.A_EMERGENCY:
        ps[s, c.P_TREASURES] &= ~(1 << a)
        ps[s, c.P_POS] = camp
        _restore_all(g, ps, rl, s)
        ps[s, c.P_EMERGENCIES] += 1
        g[c.G_STAGE] = c.S_TREES
        g[c.G_PLANT_LEFT] = 0
    elif kind == c.A_FLY:
        g[c.G_STAGE] = c.S_TREES
        if a < 0:
            if _plain_landing(
                B, D, rl, g, ps, trees, path, last_path, draw, discard, rngs, n, ps[s, c.P_POS]
            ):
                return
        else:
            ps[s, c.P_POS] = a
            ps[s, c.P_FLIGHTS] -= 1
            ps[s, c.P_FLOWN] += 1
    elif kind == c.A_HOTSPOT:
        g[c.G_STAGE] = c.S_TREES
        if a == c.HOT_CARD:
            g[c.G_PLANT_LEFT] = _draw_card(
                B, D, g, ps, trees, path, last_path, draw, discard, rngs, n
            )
        else:
            g[c.G_PLANT_LEFT] = rl[c.R_TREES + nd[c.N_ZONE, ps[s, c.P_POS]]]
    elif kind == c.A_RADIO:
        g[c.G_STAGE] = c.S_TREES
        ps[s, c.P_RADIOS] -= 1
        ps[s, c.P_POS] = a
        _refuge(nd, rl, g, ps, s, a)
    elif kind == c.A_DRAW:
        g[c.G_STAGE] = c.S_TREES
        g[c.G_PLANT_LEFT] = 0
        if a:
            g[c.G_PLANT_LEFT] = _draw_card(
                B, D, g, ps, trees, path, last_path, draw, discard, rngs, n
            )
    elif kind == c.A_WILD:
        idx = g[c.G_WILD_DRAWN]
        g[c.G_WILD_DRAWN] = -1
        if not a:
            if ps[s, c.P_WILD] < 0:
                ps[s, c.P_WILD] = idx
            else:  # at most one Wild card per hiker (11. Hiking Cards)
                discard[g[c.G_DISCARD_LEN]] = idx
                g[c.G_DISCARD_LEN] += 1
        else:
            discard[g[c.G_DISCARD_LEN]] = idx
            g[c.G_DISCARD_LEN] += 1
            g[c.G_WILD_ACTIVE] = 1
            g[c.G_ALLOWANCE] = g[c.G_COUNTED] + rl[c.R_WILD_SPACES]
            g[c.G_START] = ps[s, c.P_POS]
            g[c.G_PLANT_LEFT] = 0
            g[c.G_EARLY] = 0
            g[c.G_CLEARED_AFTER] = 0
            g[c.G_STAGE] = c.S_MOVE
            g[c.G_PHASE] = c.MOVE
            _save_move_start(g, ps, trees, undo_ps, undo_trees)
            return
    elif kind == c.A_LIFT:
        if a < 0:
            g[c.G_RELIEF_LEFT] = 0
            g[c.G_R4_OPEN] = 0
        else:
            trees[a] = 0
            g[c.G_HAND] += 1
            lifted[g[c.G_LIFTED_LEN]] = a
            g[c.G_LIFTED_LEN] += 1
            ps[s, c.P_CLEARED] += 1
            if g[c.G_STAGE] == c.S_RELIEF:
                g[c.G_RELIEF_LEFT] -= 1
            else:
                g[c.G_R4_OPEN] = 0
    elif kind == c.A_PLANT:
        if a < 0:
            g[c.G_BOX] += g[c.G_HAND]
            g[c.G_HAND] = 0
            g[c.G_PLANT_LEFT] = 0
            g[c.G_LIFTED_LEN] = 0
        else:
            if g[c.G_HAND]:
                g[c.G_HAND] -= 1
                if not g[c.G_HAND]:
                    g[c.G_LIFTED_LEN] = 0
            else:
                g[c.G_BOX] -= 1
                g[c.G_PLANT_LEFT] -= 1
            trees[a] = 1
            ps[s, c.P_PLANTED] += 1
    elif kind == c.A_UPROOT:
        trees[a] = 0
        g[c.G_HAND] += 1
        lifted[g[c.G_LIFTED_LEN]] = a
        g[c.G_LIFTED_LEN] += 1
        g[c.G_PLANT_LEFT] -= 1
    advance(B, D, rl, g, ps, trees, path, last_path, draw, discard, undo_ps, undo_trees, rngs, n)


# ----------------------------------------------------------------------- one game
@nb.njit(cache=True)
def _play(B, D, rl, pts, n, rngs, kinds, params, state, cache, legal, scratch, keys, out_stats):
    """Play one game; returns (end reason, turns, decisions); ``keys`` gets each hiker's rank
    key and ``out_stats`` its columns."""
    g, ps, trees, path, last_path, draw, discard, lifted, way, undo_ps, undo_trees = state
    nd = B[2]
    camp = nd.shape[1] - 1
    n_cards = draw.shape[0]
    g[:] = 0
    ps[:] = 0
    trees[:] = 0
    g[c.G_BOX] = rl[c.R_TREE_BOX]
    for s in range(n):
        ps[s, c.P_POS] = camp
        _restore_all(g, ps, rl, s)
        ps[s, c.P_WILD] = -1
        ps[s, c.P_MOVES_TO_FINISH] = -1
        last_path[s, 0] = camp
        ps[s, c.P_LAST_LEN] = 1
    if rl[c.R_CARDS]:
        for j in range(n_cards):
            draw[j] = j
        g[c.G_DRAW_LEN] = n_cards
    shuffle(rngs, 0, draw, g[c.G_DRAW_LEN])
    g[c.G_WILD_DRAWN] = -1
    path[0] = camp
    g[c.G_PATH_LEN] = 1
    g[c.G_START] = camp
    cache[0][fst.M_ROUND] = -1  # a new game: no field of this turn read yet
    cache[0][fst.M_FIELDS] = 0
    _start_turn(B, rl, g, ps, trees)
    advance(B, D, rl, g, ps, trees, path, last_path, draw, discard, undo_ps, undo_trees, rngs, n)
    decisions = 0
    while not g[c.G_TERMINAL]:
        k = legal_actions(B, rl, g, ps, trees, path, lifted, way, n, legal, scratch)
        s = g[c.G_SEAT]
        j = fst.choose(kinds[s], params[s], B, rl, g, ps, trees, path, cache, n, legal, k, rngs)
        decisions += 1
        apply(
            B,
            D,
            rl,
            g,
            ps,
            trees,
            path,
            last_path,
            draw,
            discard,
            lifted,
            undo_ps,
            undo_trees,
            rngs,
            n,
            legal[j, 0],
            legal[j, 1],
            legal[j, 2],
        )
    turned = g[c.G_ROUND] if g[c.G_END] == c.END_TURN_LIMIT else g[c.G_ROUND] + 1
    finished = 0
    for s in range(n):
        finished += ps[s, c.P_FINISHED]
    for s in range(n):
        score = (
            ps[s, c.P_PACKS] * pts[0]
            + ps[s, c.P_FLIGHTS] * pts[1]
            + ps[s, c.P_RADIOS] * pts[2]
            + ps[s, c.P_SAWS] * pts[3]
            + ps[s, c.P_AXES] * pts[4]
        )
        if g[c.G_END] == c.END_NORMAL:
            keys[s, 0] = ps[s, c.P_FINISHED]
        else:
            keys[s, 0] = _held(ps[s, c.P_TREASURES])
        keys[s, 1] = score
        keys[s, 2] = ps[s, c.P_PACKS]
        keys[s, 3] = ps[s, c.P_FLIGHTS]
        keys[s, 4] = ps[s, c.P_RADIOS]
        keys[s, 5] = ps[s, c.P_SAWS]
        keys[s, 6] = ps[s, c.P_AXES]
        out_stats[s, 0] = _held(ps[s, c.P_TREASURES])
        out_stats[s, 1] = ps[s, c.P_PLANTED]
        out_stats[s, 2] = ps[s, c.P_CLEARED]
        out_stats[s, 3] = ps[s, c.P_PACKS_USED]
        out_stats[s, 4] = ps[s, c.P_FLOWN]
        out_stats[s, 5] = ps[s, c.P_CARDS]
        out_stats[s, 6] = ps[s, c.P_EMERGENCIES]
        out_stats[s, 7] = ps[s, c.P_MOVES_TO_FINISH]
        out_stats[s, 8] = 1 if ps[s, c.P_FINISHED] and finished > 1 else 0
    return g[c.G_END], turned, decisions


@nb.njit(cache=True)
def _ranks(keys, n, ranks):
    """Competition ranks from the rank keys (larger is better), as ``rank_by``."""
    for s in range(n):
        r = 1
        for o in range(n):
            for x in range(keys.shape[1]):
                if keys[o, x] != keys[s, x]:
                    r += keys[o, x] > keys[s, x]
                    break
        ranks[s] = r


@nb.njit(cache=True)
def play_games(B, D, rl, pts, root, first, count, n, kinds, params, n_cards):
    """Play games ``first .. first+count-1`` of a cell; kinds/params give each game's seats."""
    seeds, streams = game_streams(root, first, count, n)
    n_nodes = B[2].shape[1]
    state = (
        np.zeros(c.N_G, dtype=np.int64),
        np.zeros((n, c.N_P), dtype=np.int64),
        np.zeros(n_nodes, dtype=np.uint8),
        np.zeros(n_nodes, dtype=np.int64),  # a move never enters a space twice
        np.zeros((n, n_nodes), dtype=np.int64),
        np.zeros(max(n_cards, 1), dtype=np.int64),
        np.zeros(max(n_cards, 1), dtype=np.int64),
        np.zeros(n_nodes, dtype=np.int64),
        np.zeros(n_nodes, dtype=np.int64),
        np.zeros((n, c.N_P), dtype=np.int64),
        np.zeros(n_nodes, dtype=np.uint8),
    )
    # the strategies' fields: this turn's (meta, keys, fields), and those known by trees
    cache = (
        np.zeros(4, dtype=np.int64),
        np.zeros((fst.SLOTS, 2), dtype=np.int64),
        np.zeros((fst.SLOTS, n_nodes), dtype=np.int64),
        np.full((fst.KNOWN, 4), -1, dtype=np.int64),
        np.zeros((fst.KNOWN, n_nodes), dtype=np.uint8),
        np.zeros((fst.KNOWN, n_nodes), dtype=np.int64),
    )
    # a plant or lift lists at most every node; a move's steps, four ways each, fewer
    legal = np.zeros((n_nodes + 4 * B[1].shape[0] + 16, 3), dtype=np.int64)
    scratch = np.zeros(n_nodes, dtype=np.int64)
    keys = np.zeros((n, 7), dtype=np.float64)
    stats = np.zeros((n, 9), dtype=np.int64)
    ranks = np.zeros(n, dtype=np.int64)
    out_stats = np.zeros((count, n, 9), dtype=np.int64)
    out_scores = np.zeros((count, n), dtype=np.float64)
    out_ranks = np.zeros((count, n), dtype=np.int64)
    out_end = np.zeros(count, dtype=np.int64)
    out_turns = np.zeros(count, dtype=np.int64)
    decisions = 0
    for gi in range(count):
        rngs = streams[gi].copy()
        end, turns, d = _play(
            B,
            D,
            rl,
            pts,
            n,
            rngs,
            kinds[gi],
            params[gi],
            state,
            cache,
            legal,
            scratch,
            keys,
            stats,
        )
        decisions += d
        _ranks(keys, n, ranks)
        out_stats[gi] = stats
        out_scores[gi] = keys[:, 1]
        out_ranks[gi] = ranks
        out_end[gi] = end
        out_turns[gi] = turns
    return seeds, out_stats, out_scores, out_ranks, out_end, out_turns, decisions


# ----------------------------------------------------------------------- Python side
EXTRAS = (
    ("x_cards_drawn", 5),
    ("x_drawn", 8),
    ("x_emergencies", 6),
    ("x_flights", 4),
    ("x_moves_to_finish", 7),
    ("x_supply_packs_used", 3),
    ("x_treasures", 0),
    ("x_trees_cleared", 2),
    ("x_trees_planted", 1),
)  # sorted by name, as the Python runner writes them, with their column of ``out_stats``


def _board_arrays(board: bd.Board) -> tuple:
    """The board as the tuple ``B`` the compiled engine reads (see :mod:`fast_codes`)."""
    t = fsr.tables(board)
    n_nodes = board.n_nodes
    nd = np.zeros((7, n_nodes), dtype=np.int64)
    nd[c.N_ZONE] = board.zone
    nd[c.N_FEATURE] = board.feature
    nd[c.N_PEAK] = board.peak
    nd[c.N_MOUNTAIN] = board.mountain
    nd[c.N_PLANTABLE] = board.plantable
    nd[c.N_ROW] = t.rows
    nd[c.N_COL] = t.cols
    rows = [
        board.helipads,
        board.treasures,
        board.plantable_spaces,
        board.plantable_in_zone[bd.Z1500],
        board.plantable_in_zone[bd.Z1000],
        *board.refuges_by_mountain,
    ]
    lists = np.full((len(rows), max(1, max(len(r) for r in rows))), -1, dtype=np.int64)
    for i, r in enumerate(rows):
        lists[i, : len(r)] = r
    list_len = np.array([len(r) for r in rows], dtype=np.int64)
    tailwind = np.array(
        [kind == bd.TAILWIND for steps in board.steps for _, kind in steps], dtype=np.bool_
    )
    avoid = np.array(
        [f == bd.CANOE or z == bd.SNOW for f, z in zip(board.feature, board.zone, strict=True)]
    )
    avoid[board.camp] = True
    plantable = np.array(board.plantable, dtype=np.bool_)
    return (
        t.first,
        t.nbr,
        nd,
        lists,
        list_len,
        t.ring,
        t.has_ring,
        t.hole,
        plantable,
        tailwind,
        t.canoe,
        avoid,
        t.rows,
        t.cols,
    )


def _deck_arrays(deck: tuple[cd.Card, ...]) -> tuple:
    """The deck as the tuple ``D``: kinds, tree values, effects per slot (0: the card's own,
    1-3: a red card's for the die's 3, 4, 5) and how many."""
    most = max([1] + [len(e) for card in deck for e in (card.effects, *card.on_roll)])
    kind = np.array([cd.KINDS.index(card.kind) for card in deck], dtype=np.int64)
    trees = np.array([card.trees for card in deck], dtype=np.int64)
    effects = np.zeros((len(deck), 4, most, 4), dtype=np.int64)
    count = np.zeros((len(deck), 4), dtype=np.int64)
    for i, card in enumerate(deck):
        for slot, effs in enumerate((card.effects, *card.on_roll)):
            count[i, slot] = len(effs)
            for e, eff in enumerate(effs):
                effects[i, slot, e] = (
                    cd.EFFECTS.index(eff.do),
                    eff.n,
                    cd.WHO.index(eff.who),
                    cd.ZONE_FILTERS.index(eff.zone),
                )
    return kind, trees, effects, count


def _rule_array(rules: Rules) -> np.ndarray:
    z, tray, board = rules.zones, rules.tray, rules.board
    rl = np.zeros(c.N_R, dtype=np.int64)
    rl[c.R_TREASURES_TO_WIN] = rules.treasures_to_win
    rl[c.R_FAIR] = rules.fair_and_square
    rl[c.R_CARDS] = rules.cards
    rl[c.R_DANGER_MOVE] = rules.danger_move
    rl[c.R_TREE_BOX] = rules.tree_box
    rl[c.R_RING_RELIEF] = rules.ring_relief
    rl[c.R_PACK_SPACES] = rules.pack_spaces
    rl[c.R_FLIGHT_SPACES] = rules.flight_spaces
    rl[c.R_WILD_SPACES] = rules.wild_spaces
    rl[c.R_SNOW_FEE] = rules.snow_cap_fee
    rl[c.R_CANOE_FEE] = rules.canoe_fee
    rl[c.R_SAW_KEPT] = rules.saw_cut_kept
    rl[c.R_TURN_LIMIT] = rules.turn_limit
    rl[c.R_TRAY_PACKS] = tray.supply_packs
    rl[c.R_TRAY_AXES] = tray.axes
    rl[c.R_TRAY_SAWS] = tray.chainsaws
    rl[c.R_TRAY_FLIGHTS] = tray.heli_flights
    rl[c.R_TRAY_RADIOS] = tray.heli_radios
    rl[c.R_CAMP] = board.camp
    rl[c.R_N_PEAKS] = len(board.treasures)
    moves = {bd.BASE: z.move_250, bd.Z250: z.move_250, bd.Z500: z.move_500}
    moves |= {bd.Z1000: z.move_1000, bd.Z1500: z.move_1500}
    trees = {bd.Z250: z.trees_250, bd.Z500: z.trees_500, bd.Z1000: z.trees_1000}
    trees[bd.Z1500] = z.trees_1500
    for zone in range(len(bd.ZONE_NAMES)):
        rl[c.R_MOVE + zone] = moves.get(zone, 0)
        rl[c.R_TREES + zone] = trees.get(zone, 0)
    return rl


class Compiled:
    """One ``Rules`` as the arrays the compiled engine reads: board, deck, numbers."""

    def __init__(self, rules: Rules):
        self.board = _board_arrays(rules.board)
        self.deck = _deck_arrays(rules.deck)
        self.rules = _rule_array(rules)
        p = rules.points
        self.points = np.array(
            [p.supply_pack, p.heli_flight, p.heli_radio, p.chainsaw, p.axe], dtype=np.float64
        )
        self.n_cards = len(rules.deck)

    def play(self, root: int, first: int, count: int, kinds: np.ndarray, params: np.ndarray):
        return play_games(
            self.board,
            self.deck,
            self.rules,
            self.points,
            np.uint64(root),
            first,
            count,
            kinds.shape[1],
            kinds,
            params,
            self.n_cards,
        )


@cache
def compiled(rules: Rules) -> Compiled:
    """One ``Compiled`` per rules (and so per board and deck), built once per process."""
    return Compiled(rules)


def supports(strategies) -> bool:
    """Whether every strategy has a compiled form."""
    return all(fst.compiled_form(s) is not None for s in strategies)


def warm() -> None:
    """Compile (or load from numba's cache) before work is dispatched."""
    from simkit.strategies.generic import Random  # noqa: PLC0415

    compiled(Rules()).play(0, 0, 1, *seat_codes([[Random()] * 2]))


# Process CPU seconds spent inside the compiled kernel by ``play_rows`` (read by ``simkit bench``).
kernel_seconds = 0.0


def seat_codes(seat_players: list[list]) -> tuple[np.ndarray, np.ndarray]:
    """Each game's seats as (kind codes, parameters) arrays for the compiled engine."""
    which, lineups = _lineups(seat_players)
    n = len(lineups[0])
    kinds = np.zeros((len(lineups), n), dtype=np.int64)
    params = np.zeros((len(lineups), n, fst.N_PARAMS), dtype=np.int64)
    for i, players in enumerate(lineups):
        for seat, player in enumerate(players):
            kinds[i, seat], params[i, seat] = fst.compiled_form(player)
    return kinds[which], params[which]


def play_rows(
    labels: tuple[str, str, str],
    rules: Rules,
    root: int,
    first: int,
    first_index: int,
    seat_players: list[list],
) -> pa.Table | None:
    """Play games ``first ..`` of a cell (one list of players per game) into their rows; None
    for a board of more peaks than a 64-bit word has bits for (the runner then plays Python)."""
    global kernel_seconds
    if len(rules.board.treasures) > MAX_PEAKS:
        return None
    kinds, params = seat_codes(seat_players)
    started = time.process_time()
    played = compiled(rules).play(root, first, len(seat_players), kinds, params)
    kernel_seconds += time.process_time() - started
    names = [[p.name for p in players] for players in seat_players]
    return outcome_table(*labels, first_index, names, played)


def outcome_table(
    experiment: str, variant: str, game: str, first_index: int, names: list[list[str]], played
) -> pa.Table:
    """The rows of a chunk played by the compiled engine, as the Python runner writes them."""
    seeds, stats, scores, ranks, end, turns, _ = played
    count, n = ranks.shape
    rows = count * n
    winners = (ranks == 1).sum(axis=1, keepdims=True)
    shares = np.where(ranks == 1, 1.0 / winners, 0.0)
    columns = {
        "experiment": _constant(experiment, rows),
        "variant": _constant(variant, rows),
        "game": _constant(game, rows),
        "n_players": pa.array(np.full(rows, n, dtype=np.int8)),
        "game_index": pa.array(np.repeat(np.arange(first_index, first_index + count), n)),
        "seed": pa.array(np.repeat(seeds, n)),
        "seat": pa.array(np.tile(np.arange(n, dtype=np.int8), count)),
        "strategy": pa.array([name for game_names in names for name in game_names], pa.string()),
        "score": pa.array(scores.ravel()),
        "rank": pa.array(ranks.ravel().astype(np.int8)),
        "win_share": pa.array(shares.ravel()),
        "turns": pa.array(np.repeat(turns, n).astype(np.int32)),
        "end_reason": pa.DictionaryArray.from_arrays(
            np.repeat(end, n).astype(np.int32), pa.array(c.END_REASONS, pa.string())
        ).cast(pa.string()),
    }
    arrays = [columns[f.name].cast(f.type) for f in SCHEMA]
    arrays += [pa.array(stats[:, :, col].ravel()) for _, col in EXTRAS]
    return pa.Table.from_arrays(arrays, names=[*SCHEMA.names, *(name for name, _ in EXTRAS)])


__all__ = ["Compiled", "play_rows", "supports", "warm"]
