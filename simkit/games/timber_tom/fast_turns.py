"""The compiled engine's (:mod:`fast`) turn flow: starting and ending turns, a move's start and
its undo, landings, and applying an action, as ``state._advance``, ``_land`` and the ``_do_*``
handlers (a loop instead of their mutual calls, which numba cannot compile)."""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.fast_rng import below
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_searches as fsr
from simkit.games.timber_tom.fast_actions import (
    _any_tree,
    _copy,
    _fee,
    _held,
    _occupied,
    _restore_all,
)
from simkit.games.timber_tom.fast_cards import _DIE, _draw_card


# ----------------------------------------------------------------------- turn flow
@nb.njit(cache=True, inline="always")
def _save_move_start(g, ps, trees, undo_ps, undo_trees):
    for s in range(ps.shape[0]):
        _copy(undo_ps[s, : c.UNDO_COLUMNS], ps[s, : c.UNDO_COLUMNS])
    _copy(undo_trees, trees)
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
def _start_turn(B, rl, g, ps, trees, marks, scratch):
    nd = B[2]
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
    if here != camp and not fsr._reaches_home(
        B[7],
        B[8],
        nd[c.N_ROW],
        nd[c.N_COL],
        camp,
        here,
        trees,
        marks[0],
        scratch[0],
        scratch[1][: rl[c.R_FARTHEST]],
    ):
        g[c.G_RELIEF_LEFT] = rl[c.R_RING_RELIEF]
    g[c.G_STAGE] = c.S_RELIEF


@nb.njit(cache=True, inline="always")
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


@nb.njit(cache=True, inline="always")
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
def advance(
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
    marks,
    scratch,
):
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
        _start_turn(B, rl, g, ps, trees, marks, scratch)


# ----------------------------------------------------------------------- apply
@nb.njit(cache=True, inline="always")
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
    marks,
    scratch,
):
    if _end_turn(rl, g, ps, n):
        _start_turn(B, rl, g, ps, trees, marks, scratch)
        advance(
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
            marks,
            scratch,
        )


@nb.njit(cache=True, inline="always")
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
    marks,
    scratch,
):
    """Play the action ``(kind, a, b)`` for the hiker to move: the handlers of ``state``
    (``marks`` and ``scratch``: the legal actions' working space, free once one is chosen, for
    the next turn's ring test)."""
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
                    marks,
                    scratch,
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
        _copy(last_path[s, :length], path[:length])
        ps[s, c.P_LAST_LEN] = length
        g[c.G_STAGE] = c.S_AFTER_MOVE
    elif kind == c.A_TURN_BACK:
        for t in range(ps.shape[0]):
            _copy(ps[t, : c.UNDO_COLUMNS], undo_ps[t, : c.UNDO_COLUMNS])
        _copy(trees, undo_trees)
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
    advance(
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
        marks,
        scratch,
    )
