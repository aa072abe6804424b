"""The compiled engine's (:mod:`fast`) Hiking Cards: drawing (the pile reshuffled from the
discards when empty, with the engine's stream), and each effect on the hikers it reaches, forced
moves included, as ``state._draw_card`` / ``_apply_effect`` / ``_forced_move``."""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.fast_rng import below, shuffle
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_searches as fsr
from simkit.games.timber_tom.fast_actions import _occupied
from simkit.games.timber_tom.rules import DIE_FACES

_DIE = np.array(DIE_FACES, dtype=np.int64)


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


@nb.njit(cache=True, _nrt=True)  # it allocates: reference counted even from the games loop
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
    card, effects = D  # per card: kind, trees, effects in each slot
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
    if card[idx, 0] == c.K_WILD:
        g[c.G_WILD_DRAWN] = idx  # used at once or kept: the hiker's choice
        return 0
    slot = 0
    if card[idx, 0] == c.K_RED:
        slot = _DIE[np.int64(below(rngs, 0, _DIE.shape[0]))] - 2  # on_3, on_4, on_5 in slots 1 to 3
    for e in range(card[idx, 2 + slot]):
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
    return card[idx, 1]
