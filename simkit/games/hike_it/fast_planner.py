"""The Hike It! heuristics compiled: ``random`` and the route planners of
:mod:`simkit.strategies.hike_it` (planner, rusher, collector, careful: one class, other
parameters), deciding from the compiled state as the Python ones decide from the view.

Each handler mirrors the Python method of the same name and returns the action it wants as
(kind, x, y, z); ``choose`` then finds it among the legal actions (the first one if it is not
there, as ``legal[legal.index(choice)]`` falls back to ``legal[0]``). Ties are broken as the
Python keys break them (tuples of numbers and the actions' own tuples).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.fast_rng import below
from simkit.games.hike_it.fast_game import (
    A_ACCEPT,
    A_CAMPFIRE,
    A_DECLINE,
    A_DISCARD,
    A_DUMP,
    A_END,
    A_FACE_WEATHER,
    A_GEAR,
    A_GET,
    A_GIVE,
    A_HIKE,
    A_PASS,
    A_PAY,
    A_PROPOSE,
    A_REFILL,
    A_REROLL,
    A_REST,
    A_SET,
    A_SUFFER,
    A_TRADE,
    A_TURN_ORDER,
    A_WATER,
    AFTERNOON,
    BEAR_PICK,
    BEAR_STEP,
    CARD_CODE,
    G_ACTIONS,
    G_AGGRESSIVE,
    G_N_ACTS,
    G_N_GETS,
    G_N_GIVES,
    G_OFFERER,
    G_PAY_LEN,
    G_PHASE,
    G_RECEIVER,
    G_SEAT_NOW,
    G_TRADE_RETURN,
    G_WINDOW_LEN,
    GIVE_SCENIC,
    HAND,
    HIKING,
    KEEP,
    N_ITEMS,
    O_CAMPFIRES,
    O_COLUMNS,
    O_FINISH_HEALTH,
    O_GEAR_IN_TURN,
    O_HAND_FULL,
    O_HIKE_IN_TURN,
    O_MASTERIES,
    O_SCENIC_TOKENS,
    O_SCENIC_TYPE,
    O_SKILL_SET_TOKENS,
    O_TOKEN_REGIONS,
    O_TOKEN_TYPES,
    O_WATER_AND_GEAR,
    O_WATER_IN_TURN,
    P_CAMPFIRES,
    P_CLAIMED,
    P_HEALTH,
    P_HOME,
    P_POS,
    P_STATUS,
    PAY,
    R_CAMPFIRES,
    R_HAND_LIMIT,
    R_SET_COST,
    R_STORAGE,
    R_TRADE_ITEMS,
    REFILL,
    REROLL,
    REST,
    RESTING,
    SCENIC_CODE,
    SHOO,
    SKILL,
    TILE,
    TOKEN,
    TOKEN_CODE,
    TRADE_ANSWER,
    TRADE_GET,
    TRADE_GIVE,
    TRADE_WINDOW,
    TRAILHEAD,
    WATER_ITEM,
    WAYPOINT,
    hand_count,
    skill_type,
    tiles,
    token_count,
)

RANDOM, PLANNER = range(2)  # strategy kinds
# planner parameters (the dataclass fields of strategies.hike_it._Planner)
PARAMS = (
    "pack",
    "water",
    "forecast_gear",
    "detour",
    "camp_below",
    "rest_levels",
    "use_track",
    "token_health",
    "trade",
    "camp_window",
    "camp_detour",
    "long_tour",
)
(
    PACK,
    WATER,
    FORECAST_GEAR,
    DETOUR,
    CAMP_BELOW,
    REST_LEVELS,
    USE_TRACK,
    TOKEN_HEALTH,
    TRADE,
    CAMP_WINDOW,
    CAMP_DETOUR,
    LONG_TOUR,
) = range(len(PARAMS))
N_PARAMS = len(PARAMS)
NONE = -1  # no plan


@nb.njit(cache=True, inline="always", _nrt=False)
def choose(S, T, n, kinds, params, seat):
    """The row of S.acts the seat's strategy picks."""
    k = S.g[G_N_ACTS]
    if kinds[seat] == RANDOM:
        # the seat's stream (each its own in a run, one shared in a playout); below's uint64
        # would make the result float
        return np.int64(below(S.rng, S.seat_stream[seat], k))
    kind, x, y, z = decide(S, T, n, params[seat], seat)
    return find(S, kind, x, y, z)


@nb.njit(cache=True, inline="always", _nrt=False)
def find(S, kind, x, y, z):
    for i in range(S.g[G_N_ACTS]):
        if S.acts[i, 0] == kind and S.acts[i, 1] == x and S.acts[i, 2] == y and S.acts[i, 3] == z:
            return i
    return 0


@nb.njit(cache=True, inline="always", _nrt=False)
def has(S, kind, x):
    return find_kind(S, kind, x) >= 0


@nb.njit(cache=True, inline="always", _nrt=False)
def find_kind(S, kind, x):
    """The first legal action of ``kind`` (with first argument ``x`` unless x is -2), or -1."""
    for i in range(S.g[G_N_ACTS]):
        if S.acts[i, 0] == kind and (x == -2 or S.acts[i, 1] == x):
            return i
    return -1


@nb.njit(cache=True, inline="always", _nrt=False)
def act(S, i):
    return S.acts[i, 0], S.acts[i, 1], S.acts[i, 2], S.acts[i, 3]


@nb.njit(cache=True, inline="always", _nrt=False)
def decide(S, T, n, prm, seat):
    phase = S.g[G_PHASE]
    if phase == AFTERNOON:
        return afternoon(S, T, n, prm, seat)
    if phase == WAYPOINT:
        return waypoint(S, T, prm, seat)
    if phase == TRAILHEAD:
        return trailhead(S, T, prm, seat)
    if phase == REROLL:
        if S.p[seat, P_HEALTH] <= 3 or prm[FORECAST_GEAR]:
            return A_REROLL, -1, -1, -1
        return A_FACE_WEATHER, -1, -1, -1
    if phase == PAY:
        return pay(S, T, n, prm, seat)
    if phase == TRADE_WINDOW:
        partner, _ = window_plan(S, T, n, prm, seat, True)
        if partner >= 0:
            return A_TRADE, partner, -1, -1
        return A_PASS, -1, -1, -1
    if phase == TRADE_GIVE:
        return trade_give(S, T, n, prm, seat)
    if phase == TRADE_GET:
        return trade_get(S, T, seat, False)
    if phase == TRADE_ANSWER:
        value = 0
        for i in range(S.g[G_N_GIVES]):
            value += worth_to_me(S, T, seat, S.gives[i])
        for i in range(S.g[G_N_GETS]):
            value -= worth_to_me(S, T, seat, S.gets[i])
        if has(S, A_ACCEPT, -1) and value >= 0:
            return A_ACCEPT, -1, -1, -1
        return A_DECLINE, -1, -1, -1
    if phase == SKILL:
        return act(S, skill(S, T, seat))
    if phase == GIVE_SCENIC:
        return act(S, give_scenic(S, T, seat))
    if phase == REFILL:
        pos = S.p[seat, P_POS]
        region = T.region[pos] if pos >= 0 else 0
        i = find_kind(S, A_REFILL, region)
        return act(S, i if i >= 0 else 0)
    if phase == SHOO:
        return act(S, shoo(S, T, n, seat))
    if phase == KEEP:
        return act(S, keep(S, T, seat))
    if phase == HAND:
        i = find_kind(S, A_SET, -2)
        if i >= 0:
            return act(S, i)
        best, best_held = -1, 0
        for j in range(S.g[G_N_ACTS]):
            if S.acts[j, 0] == A_DISCARD:
                held = hand_count(S, T, seat, S.acts[j, 1])
                if best < 0 or held < best_held:  # then the lower type: listed in order
                    best, best_held = j, held
        return act(S, best)
    if phase == REST:
        best = -1
        for j in range(S.g[G_N_ACTS]):
            level = S.acts[j, 1]
            if (
                S.acts[j, 0] == A_REST
                and level <= prm[REST_LEVELS]
                and (best < 0 or level > S.acts[best, 1])
            ):
                best = j
        if best >= 0:
            return act(S, best)
        i = find_kind(S, A_SET, -2)
        return act(S, i if i >= 0 else 0)
    if phase == BEAR_PICK:
        return act(S, bear_pick(S, T, n))
    if phase == BEAR_STEP:
        return act(S, bear_step(S, T, n))
    return act(S, 0)


# ------------------------------------------------------------------------------ routes


@nb.njit(cache=True, inline="always", _nrt=False)
def tour(T, start, stops, k, home):
    """_tour: (miles, first stop) of the shortest way from ``start`` through ``stops[:k]`` (at
    most three) to ``home``, orders as itertools.permutations gives them, the first shortest
    kept; first stop -1 when there is none."""
    dist = T.dist
    if k == 0:
        return dist[start, home], -1
    best, first = -1, -1
    for a in range(k):
        for b in range(k if k >= 2 else 1):
            if k >= 2 and b == a:
                continue
            for c in range(k if k == 3 else 1):
                if k == 3 and c in (a, b):
                    continue
                miles, at = dist[start, stops[a]], stops[a]
                if k >= 2:
                    miles, at = miles + dist[at, stops[b]], stops[b]
                if k == 3:
                    miles, at = miles + dist[at, stops[c]], stops[c]
                miles += dist[at, home]
                if best < 0 or miles < best:
                    best, first = miles, stops[a]
    return best, first


@nb.njit(cache=True, _nrt=False)
def target_of(S, T, seat):
    """_target / _target_of: the next stop along the best tour of the waypoints left, or home."""
    k = 0
    for j in range(S.wp_len[seat]):
        w = S.waypoints[seat, j]
        if S.wp_owner[w] == seat:
            S.stops[k] = w
            k += 1
    if k == 0:
        return S.p[seat, P_HOME]
    return tour(T, S.p[seat, P_POS], S.stops, k, S.p[seat, P_HOME])[1]


@nb.njit(cache=True, _nrt=False)
def waypoint(S, T, prm, seat):
    """_waypoint: near the trailheads and the waypoints held, or (``long_tour``) far from them,
    the first far from its region's bear."""
    best, best_bear, best_key = -1, 0, 0
    for i in range(S.g[G_N_ACTS]):
        s = S.acts[i, 1]
        key = 0
        bear = 0
        if S.wp_len[seat] == 0:
            key = T.dist[s, T.trailheads[0]]
            for t in T.trailheads:
                key = min(key, T.dist[s, t])
            if prm[LONG_TOUR]:
                bear = -T.dist[s, S.bear_pos[T.region[s]]]
        else:
            for j in range(S.wp_len[seat]):
                key += T.dist[s, S.waypoints[seat, j]]
        if prm[LONG_TOUR]:
            key = -key
        if (
            best < 0
            or bear < best_bear
            or (bear == best_bear and (key < best_key or (key == best_key and s < S.acts[best, 1])))
        ):
            best, best_bear, best_key = i, bear, key
    return act(S, best)


@nb.njit(cache=True, _nrt=False)
def trailhead(S, T, prm, seat):
    """_trailhead: the trailhead of the shortest tour, or (``long_tour``) of the longest, a mile
    from the nearest bear counted as a mile of tour."""
    best, best_key = -1, 0
    for i in range(S.g[G_N_ACTS]):
        t = S.acts[i, 1]
        key = tour(T, t, S.waypoints[seat], S.wp_len[seat], t)[0]
        if prm[LONG_TOUR]:
            bear = T.dist[t, S.bear_pos[0]]
            for b in range(S.bear_pos.shape[0]):
                bear = min(bear, T.dist[t, S.bear_pos[b]])
            key = -key - bear
        if best < 0 or key < best_key or (key == best_key and t < S.acts[best, 1]):
            best, best_key = i, key
    return act(S, best)


@nb.njit(cache=True, _nrt=False)
def miles_around(S, T, target):
    """_bfs_from into ``S.routes[target]``: miles to ``target`` from every space without entering
    the passive bears' spaces, -1 where cut off. A search is kept until a bear moves: the hikers
    step towards the same few targets all game long."""
    routes = S.routes
    moved = False
    for b in range(S.bear_pos.shape[0]):
        if S.route_bears[b] != S.bear_pos[b]:
            S.route_bears[b] = S.bear_pos[b]
            moved = True
    if moved:  # every kept search is stale (a row is kept while its target reads 0)
        for x in range(routes.shape[0]):
            routes[x, x] = -1
            S.bear_on[x] = 0
        for b in range(S.bear_pos.shape[0]):
            S.bear_on[S.bear_pos[b]] = 1
    d = routes[target]
    if d[target] == 0:
        return
    d[:] = -1
    d[target] = 0
    q = S.queue
    q[0] = target
    head, tail = 0, 1
    while head < tail:
        x = q[head]
        head += 1
        for j in range(T.adj_start[x], T.adj_start[x + 1]):
            y = T.adj_list[j]
            if d[y] < 0 and not S.bear_on[y]:
                d[y] = d[x] + 1
                q[tail] = y
                tail += 1


@nb.njit(cache=True, inline="always", _nrt=False)
def off_the_bears(S, T, target, x):
    """Whether no passive bear stands on a shortest way from ``target`` to ``x`` (the target's own
    space aside): the miles around the bears from ``x`` are then its trail miles, as a way
    through a bear is at least the miles to the bear and on from it."""
    miles = T.dist[target, x]
    if miles < 0:
        return False
    for b in range(S.bear_pos.shape[0]):
        p = S.bear_pos[b]
        if p == target:
            continue
        to, on = T.dist[target, p], T.dist[p, x]
        if to >= 0 and on >= 0 and to + on <= miles:
            return False
    return True


@nb.njit(cache=True, inline="always", _nrt=False)
def trail_miles_hold(S, T, seat, target):
    """Whether the miles around the passive bears to ``target`` are the trail miles from the
    hiker's space and every space it may hike to: the step then reads them from the distance
    table, and :func:`miles_around` is not searched (its search was a fifth of the engine's
    time; most steps' ways pass no bear)."""
    if not off_the_bears(S, T, target, S.p[seat, P_POS]):
        return False
    for i in range(S.g[G_N_ACTS]):
        if S.acts[i, 0] == A_HIKE and not off_the_bears(S, T, target, S.acts[i, 1]):
            return False
    return True


@nb.njit(cache=True, inline="always", _nrt=False)
def on_bear(S, x):
    found = False
    for b in range(S.bear_pos.shape[0]):
        if S.bear_pos[b] == x:
            found = True
            break
    return found


@nb.njit(cache=True, _nrt=False)
def detour_target(S, T, prm, seat, target):
    here = S.p[seat, P_POS]
    base = T.dist[here, target]
    best, best_miles = target, -1
    for s in T.scenic_spots:
        if not S.scen_on[s] or on_bear(S, s) or s == here:
            continue
        miles = T.dist[here, s]
        if best_miles >= 0 and miles >= best_miles:
            continue
        if miles + T.dist[target, s] - base <= prm[DETOUR] and miles <= S.g[G_ACTIONS]:
            best, best_miles = s, miles
    return best


@nb.njit(cache=True, _nrt=False)
def camp_target(S, T, prm, seat, target):
    actions = S.g[G_ACTIONS]
    if S.p[seat, P_CAMPFIRES] >= T.ints[R_CAMPFIRES] or actions > prm[CAMP_WINDOW]:
        return target
    here = S.p[seat, P_POS]
    base = T.dist[here, target]
    best, found = target, False
    best_extra, best_near = 0, 0
    for c in T.campsites:
        near = T.dist[here, c]
        if S.camp_at[c] >= 0 or near > actions:
            continue
        extra = near + T.dist[c, target] - base
        if extra <= prm[CAMP_DETOUR] and (
            not found or (extra, near, c) < (best_extra, best_near, best)
        ):
            best, best_extra, best_near, found = c, extra, near, True
    return best


@nb.njit(cache=True, inline="always", _nrt=False)
def step(S, T, prm, seat):
    """_step: one mile along a shortest path to the target (-1: no step)."""
    if find_kind(S, A_HIKE, -2) < 0:
        return -1
    aggressive = S.g[G_AGGRESSIVE]
    target = target_of(S, T, seat)
    if prm[DETOUR] and not aggressive:
        target = detour_target(S, T, prm, seat, target)
    target = camp_target(S, T, prm, seat, target)
    if aggressive or trail_miles_hold(S, T, seat, target):  # no bear blocks the way
        d = T.dist[target]
    else:
        miles_around(S, T, target)
        d = S.routes[target]
    safe_only = False
    if aggressive:  # keep away from bears unless no other way
        for i in range(S.g[G_N_ACTS]):
            h = S.acts[i, 1]
            if S.acts[i, 0] == A_HIKE and not on_bear(S, h) and d[h] >= 0:
                safe_only = True
    here = S.p[seat, P_POS]
    best = -1
    for i in range(S.g[G_N_ACTS]):
        if S.acts[i, 0] != A_HIKE:
            continue
        h = S.acts[i, 1]
        if safe_only and on_bear(S, h):
            continue
        if d[h] < 0:
            continue
        if best < 0 or d[h] < d[best] or (d[h] == d[best] and h < best):
            best = h
    if best < 0 or d[here] == 0:
        return -1
    if d[best] >= d[here] >= 0:
        return -1
    return best


@nb.njit(cache=True, _nrt=False)
def weather_needs_has(S, T, item):
    """Whether ``item`` is among the items the forecast asks for."""
    for f in range(3):
        c = S.forecast[f]
        for j in range(T.weather_req_len[c]):
            if T.weather_req[c, j] == item:
                return True
    return False


@nb.njit(cache=True, inline="always", _nrt=False)
def afternoon(S, T, n, prm, seat):
    i = find_kind(S, A_SET, -2)
    if i >= 0:
        return act(S, i)
    held = tiles(S, seat)
    actions = S.g[G_ACTIONS]
    if has(S, A_TURN_ORDER, -1) and prm[USE_TRACK] and actions > prm[CAMP_BELOW]:
        return A_TURN_ORDER, -1, -1, -1
    if held < prm[PACK]:
        if prm[FORECAST_GEAR]:
            # _wanted_gear: the forecast's gear items not carried (each once), in order
            wanted = 0
            for f in range(3):
                c = S.forecast[f]
                for j in range(T.weather_req_len[c]):
                    item = T.weather_req[c, j]
                    if (
                        item < WATER_ITEM
                        and S.storage[seat, item] + ((wanted >> item) & 1) < 1
                        and S.tokens[seat, item] < 2
                    ):
                        wanted |= 1 << item
                        if has(S, A_GEAR, item) and actions > 2:
                            return A_GEAR, item, -1, -1
        if has(S, A_WATER, -1) and S.storage[seat, WATER_ITEM] < prm[WATER] and actions > 2:
            return A_WATER, -1, -1, -1
    if held > prm[PACK]:
        for j in range(S.g[G_N_ACTS]):
            if S.acts[j, 0] == A_DUMP and not weather_needs_has(S, T, S.acts[j, 1]):
                return act(S, j)
    if has(S, A_CAMPFIRE, -1) and actions < prm[CAMP_BELOW]:
        return A_CAMPFIRE, -1, -1, -1
    to = step(S, T, prm, seat)
    if to >= 0:
        return A_HIKE, to, -1, -1
    if has(S, A_CAMPFIRE, -1):
        return A_CAMPFIRE, -1, -1, -1
    return A_END, -1, -1, -1


# ------------------------------------------------------------------------------ challenges


@nb.njit(cache=True, inline="always", _nrt=False)
def pay_req_shown(S):
    """view.pay_req: the challenge's items while it is open (or a trade for it is being made)."""
    return S.g[G_PHASE] == PAY or S.g[G_TRADE_RETURN] == PAY


@nb.njit(cache=True, inline="always", _nrt=False)
def method_rank(m):
    return 0 if m == TILE else (3 if m == TOKEN else 1)


@nb.njit(cache=True, inline="always", _nrt=False)
def method_name(m):
    """The method's place in the order of the names as strings ("cards" < "tile" < "token")."""
    return 1 if m == TILE else (2 if m == TOKEN else 0)


@nb.njit(cache=True, _nrt=False)
def pay(S, T, n, prm, seat):
    for i in range(S.g[G_PAY_LEN]):
        item = S.pay_req[i]
        if has(S, A_SET, item) and S.tokens[seat, item] == 1:
            return A_SET, item, -1, -1
    best = -1
    best_rank = 0
    for j in range(S.g[G_N_ACTS]):
        if S.acts[j, 0] != A_PAY:
            continue
        m1, m2 = S.acts[j, 1], S.acts[j, 2]
        rank = method_rank(m1) + (method_rank(m2) if m2 >= 0 else 0)
        if best < 0 or rank < best_rank:
            best, best_rank = j, rank
        elif rank == best_rank:
            b1, b2 = S.acts[best, 1], S.acts[best, 2]
            if (method_name(m1), method_name(m2) if m2 >= 0 else -1) < (
                method_name(b1),
                method_name(b2) if b2 >= 0 else -1,
            ):
                best = j
    if best < 0:
        partner = NONE
        if prm[TRADE]:
            partner = challenge_plan(S, T, n, prm, seat, True, -1)
        if partner >= 0:
            return A_TRADE, partner, -1, -1
        return A_SUFFER, -1, -1, -1
    if (S.acts[best, 1] == TOKEN or S.acts[best, 2] == TOKEN) and S.p[seat, P_HEALTH] > prm[
        TOKEN_HEALTH
    ]:
        return A_SUFFER, -1, -1, -1
    return act(S, best)


# ------------------------------------------------------------------------------ trading


@nb.njit(cache=True, _nrt=False)
def worth_to_me(S, T, seat, code):
    """_value: what one tradeable thing is worth to this hiker."""
    if code < CARD_CODE:
        needed = weather_needs_has(S, T, code)
        if not needed and S.g[G_SEAT_NOW] == seat and pay_req_shown(S):
            for i in range(S.g[G_PAY_LEN]):
                needed |= S.pay_req[i] == code
        return 1 + (2 if needed and S.tokens[seat, code] < 2 else 0)
    if code < TOKEN_CODE:
        return 1 + (1 if hand_count(S, T, seat, code - CARD_CODE) == 2 else 0)
    if code < SCENIC_CODE:
        return 5 + (2 if S.tokens[seat, code - TOKEN_CODE] == 1 else 0)
    return 1


@nb.njit(cache=True, inline="always", _nrt=False)
def worth_to(S, T, other, code):
    """What the partner makes of ``code`` as this hiker reckons it (_offer_for's ``worth``)."""
    if code < CARD_CODE:
        return 1 + (2 if weather_needs_has(S, T, code) and S.tokens[other, code] < 2 else 0)
    return 1


@nb.njit(cache=True, _nrt=False)
def is_partner_seat(S, seat, p):
    """Whether ``p`` is among the partners the legal trade actions name."""
    found = False
    for i in range(S.g[G_N_ACTS]):
        if S.acts[i, 0] == A_TRADE and S.acts[i, 1] == p:
            found = True
            break
    return found


@nb.njit(cache=True, _nrt=False)
def challenge_plan(S, T, n, prm, seat, from_legal, only):
    """_challenge_plan: the partner (-1: none) of an offer for the first item the challenge
    lacks, its gives in S.plan (S.plan_len); partners from the legal trades or ``only``."""
    if not pay_req_shown(S):
        return NONE
    lacking = -1
    for i in range(S.g[G_PAY_LEN]):
        it = S.pay_req[i]
        if S.tokens[seat, it] < 2 and not S.storage[seat, it]:
            lacking = it
            break
    if lacking < 0:
        return NONE
    keep = 0
    for i in range(S.g[G_PAY_LEN]):
        keep |= 1 << S.pay_req[i]
    S.spare_ok[:] = 1
    return offer_for(S, T, n, prm, seat, lacking, keep, from_legal, only)


@nb.njit(cache=True, _nrt=False)
def offer_for(S, T, n, prm, seat, item, keep, from_legal, only):
    """_offer_for: the first partner holding an ``item`` tile who takes what this hiker can
    spare (spare tiles, then its scarcest skill cards, then scenic tokens) by its reckoning;
    the partners are those of the legal trades (``from_legal``, filtered by ``spare_of``) or
    ``only``."""
    for p in range(n):
        if from_legal:
            if not is_partner_seat(S, seat, p) or not S.spare_ok[p]:
                continue
        elif p != only:
            continue
        if not S.storage[p, item]:
            continue
        # offer: spare tiles by worth to the partner (stable, high first), then skill cards by
        # count (low first), then scenic tokens
        k = 0
        for w in range(3, 0, -1):
            for t in range(N_ITEMS):
                if (keep >> t) & 1 or t == item or worth_to(S, T, p, t) != w:
                    continue
                spare = S.storage[seat, t] - (prm[WATER] if t == WATER_ITEM else 0)
                for _ in range(spare):
                    S.offer_buf[k] = t
                    k += 1
        for c in range(1, S.hand.shape[1] + 1):
            for t in range(N_ITEMS):
                if (keep >> t) & 1:
                    continue
                if hand_count(S, T, seat, t) == c:
                    S.offer_buf[k] = CARD_CODE + t
                    k += 1
        for _ in range(S.scenic_len[seat]):
            S.offer_buf[k] = SCENIC_CODE
            k += 1
        want = worth_to(S, T, p, item)
        total, g, tile_count = 0, 0, 0
        for i in range(min(k, T.ints[R_TRADE_ITEMS])):
            if total >= want:
                break
            code = S.offer_buf[i]
            S.plan[g] = code
            g += 1
            total += worth_to(S, T, p, code)
            tile_count += code < CARD_CODE
        if (
            g
            and total >= want
            and tiles(S, p) + tile_count - 1 <= T.ints[R_STORAGE]
            and tiles(S, seat) + 1 - tile_count <= T.ints[R_STORAGE]
            and S.hand_len[p] + g - tile_count <= T.ints[R_HAND_LIMIT]
        ):
            S.plan_len[0] = g
            S.plan_len[1] = item
            return p
    return NONE


@nb.njit(cache=True, _nrt=False)
def next_weather_has(S, T, seat, item):
    """Whether ``item`` is among those the weather asks of ``seat`` at its next turn."""
    c = S.forecast[0 if order_at(S, seat) > order_at(S, S.g[G_SEAT_NOW]) else 1]
    found = False
    for j in range(T.weather_req_len[c]):
        if T.weather_req[c, j] == item:
            found = True
            break
    return found


@nb.njit(cache=True, inline="always", _nrt=False)
def order_at(S, seat):
    i = 0
    while S.order[i] != seat:
        i += 1
    return i


@nb.njit(cache=True, _nrt=False)
def window_plan(S, T, n, prm, seat, from_legal):
    """_window_plan: (partner or -1, item) for an offer between turns for the first item the
    next weather asks of this hiker that it lacks."""
    if not prm[TRADE]:
        return NONE, -1
    if from_legal and find_kind(S, A_TRADE, -2) < 0:
        return NONE, -1
    c = S.forecast[0 if order_at(S, seat) > order_at(S, S.g[G_SEAT_NOW]) else 1]
    item, keep = -1, 0
    for j in range(T.weather_req_len[c]):
        i = T.weather_req[c, j]
        keep |= 1 << i
        if (
            item < 0
            and not S.storage[seat, i]
            and not S.tokens[seat, i]
            and hand_count(S, T, seat, i) < T.ints[R_SET_COST]
        ):
            item = i
    if item < 0:
        return NONE, -1
    for p in range(n):
        need = 1 + (1 if next_weather_has(S, T, p, item) and S.tokens[p, item] < 2 else 0)
        S.spare_ok[p] = S.storage[p, item] >= need
    if from_legal:
        return offer_for(S, T, n, prm, seat, item, keep, True, -1), item
    only = S.g[G_RECEIVER]
    if not S.spare_ok[only]:
        return NONE, item
    return offer_for(S, T, n, prm, seat, item, keep, False, only), item


@nb.njit(cache=True, _nrt=False)
def trade_give(S, T, n, prm, seat):
    ng = S.g[G_N_GIVES]
    if S.g[G_OFFERER] == seat and (S.g[G_WINDOW_LEN] or pay_req_shown(S)):
        if S.g[G_WINDOW_LEN]:
            partner, _ = window_plan(S, T, n, prm, seat, False)
        else:
            partner = challenge_plan(S, T, n, prm, seat, False, S.g[G_RECEIVER])
        if partner >= 0:
            if ng < S.plan_len[0]:
                return A_GIVE, S.plan[ng], -1, -1
            return A_GET, S.plan_len[1], -1, -1
    if ng:
        return trade_get(S, T, seat, True)
    if S.g[G_SEAT_NOW] != seat and pay_req_shown(S):
        for i in range(S.g[G_PAY_LEN]):
            item = S.pay_req[i]
            if has(S, A_GIVE, item) and worth_to_me(S, T, seat, item) < 3:
                return A_GIVE, item, -1, -1
    best, best_v = -1, 0
    for j in range(S.g[G_N_ACTS]):
        v = worth_to_me(S, T, seat, S.acts[j, 1])
        if best < 0 or v < best_v:  # then the lower code: listed in order
            best, best_v = j, v
    return act(S, best)


@nb.njit(cache=True, _nrt=False)
def trade_get(S, T, seat, gets_only):
    """_trade_get (over the legal "get" actions only when composing from _trade_give)."""
    any_get = find_kind(S, A_GET, -2) >= 0
    if S.g[G_N_GETS] or not any_get:
        return A_PROPOSE, -1, -1, -1
    if S.g[G_SEAT_NOW] == seat and pay_req_shown(S):
        for i in range(S.g[G_PAY_LEN]):
            item = S.pay_req[i]
            if has(S, A_GET, item):
                return A_GET, item, -1, -1
            if has(S, A_GET, TOKEN_CODE + item):
                return A_GET, TOKEN_CODE + item, -1, -1
    given = 0
    for i in range(S.g[G_N_GIVES]):
        given += worth_to_me(S, T, seat, S.gives[i])
    best, best_card, best_v = -1, 0, 0
    for j in range(S.g[G_N_ACTS]):  # the cheapest fair ask, things in plain sight first
        if S.acts[j, 0] != A_GET:
            continue
        code = S.acts[j, 1]
        v = worth_to_me(S, T, seat, code)
        if v < given:
            continue
        card = 1 if CARD_CODE <= code < TOKEN_CODE else 0
        if best < 0 or (card, v) < (best_card, best_v):
            best, best_card, best_v = j, card, v
    if best >= 0:
        return act(S, best)
    for j in range(S.g[G_N_ACTS]):  # else the most valuable ask (the higher code on ties)
        if S.acts[j, 0] != A_GET:
            continue
        v = worth_to_me(S, T, seat, S.acts[j, 1])
        if best < 0 or v >= best_v:
            best, best_v = j, v
    return act(S, best)


# ------------------------------------------------------------------------------ the rest


@nb.njit(cache=True, _nrt=False)
def skill(S, T, seat):
    best, best_held = -1, 0
    for j in range(S.g[G_N_ACTS]):
        held = hand_count(S, T, seat, skill_type(T, S.face_up[S.acts[j, 1]]))
        if best < 0 or held > best_held:  # the lower slot on ties
            best, best_held = j, held
    return best


@nb.njit(cache=True, _nrt=False)
def give_scenic(S, T, seat):
    best, bt, br = -1, 0, 0
    for j in range(S.g[G_N_ACTS]):
        s = S.acts[j, 1]
        same_type, same_region = 0, 0
        for i in range(S.scenic_len[seat]):
            x = S.scenic[seat, i]
            same_type += T.scenic_type[x] == T.scenic_type[s]
            same_region += T.region[x] == T.region[s]
        if best < 0 or (same_type, same_region) > (bt, br):  # the earliest on ties
            best, bt, br = j, same_type, same_region
    return best


@nb.njit(cache=True, inline="always", _nrt=False)
def off_route(T, space, at, target):
    return T.dist[at, space] + T.dist[space, target] - T.dist[at, target]


@nb.njit(cache=True, _nrt=False)
def shoo(S, T, n, seat):
    here = S.p[seat, P_POS]
    mine = target_of(S, T, seat)
    for s in range(n):
        rival = s != seat and S.p[s, P_POS] >= 0
        rival &= S.p[s, P_STATUS] == HIKING or S.p[s, P_STATUS] == RESTING
        S.rival_target[s] = target_of(S, T, s) if rival else -1
    best = -1
    bk0, bk1, bk2, bk3 = 0, 0, 0, 0
    for j in range(S.g[G_N_ACTS]):
        space = S.acts[j, 1]
        blocks_me = 1 if off_route(T, space, here, mine) == 0 else 0
        rival, any_rival = 0, False
        for s in range(n):
            if S.rival_target[s] >= 0:
                r = off_route(T, space, S.p[s, P_POS], S.rival_target[s])
                if not any_rival or r < rival:
                    rival, any_rival = r, True
        key = (blocks_me, rival, -T.dist[here, space], space)
        if best < 0 or key < (bk0, bk1, bk2, bk3):
            best = j
            bk0, bk1, bk2, bk3 = key
    return best


@nb.njit(cache=True, _nrt=False)
def side_progress(S, T, seat, card):
    """_side_progress: how far along a side hike's objective this hiker is, 0 to 1."""
    obj = T.side_obj[card]
    n = max(T.side_n[card], 1)
    if obj == O_MASTERIES:
        k = 0
        for t in range(N_ITEMS):
            k += min(S.tokens[seat, t], 2)
        x = k / 2
    elif obj == O_HIKE_IN_TURN:
        x = float(S.p[seat, P_HEALTH] + T.ints[R_STORAGE] - tiles(S, seat) + S.p[seat, P_CLAIMED])
    elif obj == O_WATER_AND_GEAR:
        x = 0.5 * n
    elif obj in (O_WATER_IN_TURN, O_GEAR_IN_TURN):
        x = 0.5
    elif obj == O_FINISH_HEALTH:
        x = float(S.p[seat, P_HEALTH])
    elif obj == O_SKILL_SET_TOKENS:
        x = float(token_count(S, seat))
    elif obj == O_SCENIC_TOKENS:
        x = float(S.scenic_len[seat])
    elif obj == O_SCENIC_TYPE:
        k = 0
        for i in range(S.scenic_len[seat]):
            k += T.scenic_type[S.scenic[seat, i]] == T.side_type[card]
        x = float(k)
    elif obj == O_CAMPFIRES:
        x = float(S.p[seat, P_CAMPFIRES])
    elif obj == O_HAND_FULL:
        x = float(S.hand_len[seat])
    elif obj == O_TOKEN_REGIONS:
        seen = 0
        for i in range(S.scenic_len[seat]):
            seen |= 1 << T.region[S.scenic[seat, i]]
        x = float((seen & 1) + ((seen >> 1) & 1) + ((seen >> 2) & 1))
        n = 3
    elif obj == O_COLUMNS:
        done, most = 0, 0.0
        for c in range(T.columns.shape[0]):
            k = 0
            for j in range(T.col_len[c]):
                k += S.tokens[seat, T.columns[c, j]] > 0
            f = k / T.col_len[c]
            if f == 1:
                done += 1
            elif f > most:
                most = f
        x = done + most
    elif obj == O_TOKEN_TYPES:
        k = 0
        for t in range(N_ITEMS):
            k += S.tokens[seat, t] > 0
        x = float(k)
    else:
        x = 0.0
    return min(1.0, x / n)


@nb.njit(cache=True, _nrt=False)
def keep(S, T, seat):
    best, best_v = -1, 0.0
    for j in range(S.g[G_N_ACTS]):
        v = side_progress(S, T, seat, S.acts[j, 1])
        if best < 0 or v > best_v:  # the earliest on ties
            best, best_v = j, v
    return best


@nb.njit(cache=True, _nrt=False)
def nearest_hiker(S, T, n, at):
    """Miles from ``at`` to the nearest hiker in the park (-1: none)."""
    best = -1
    for s in range(n):
        st = S.p[s, P_STATUS]
        if st in (HIKING, RESTING):
            d = T.dist[at, S.p[s, P_POS]]
            if best < 0 or d < best:
                best = d
    return best


@nb.njit(cache=True, _nrt=False)
def bear_pick(S, T, n):
    if nearest_hiker(S, T, n, 0) < 0:
        return 0
    best = -1
    bk = (0, 0, 0, 0)
    for j in range(S.g[G_N_ACTS]):
        bear, space, trail = S.acts[j, 1], S.acts[j, 2], S.acts[j, 3]
        at = space if space >= 0 else S.bear_pos[bear]
        key = (nearest_hiker(S, T, n, at), bear, space, trail)
        if best < 0 or key < bk:
            best, bk = j, key
    return best


@nb.njit(cache=True, _nrt=False)
def bear_step(S, T, n):
    if nearest_hiker(S, T, n, 0) < 0:
        return 0
    best = -1
    bk = (0, 0)
    for j in range(S.g[G_N_ACTS]):
        key = (nearest_hiker(S, T, n, S.acts[j, 1]), S.acts[j, 1])
        if best < 0 or key < bk:
            best, bk = j, key
    return best
