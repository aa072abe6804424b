"""The Hike It! engine compiled (numba): :mod:`state` and its mixins (day, afternoon,
trade_offers, bear_turns) on the arrays of :mod:`fast`, step for step.

Every function mirrors the Python method of the same name: the same continuations (``stage``,
``phase``, ``after_pay``, ``trade_return``), the same order of draws from the engine's stream, the
same order of the legal actions (the ``random`` strategy draws an index into them). ``S`` is the
game's state (a named tuple of arrays, see ``fast.State``) and ``T`` the rules' tables
(``fast.Tables``); scalars live in ``S.g`` at the indices below, per-hiker numbers in ``S.p``.

Actions are rows ``(kind, x, y, z)`` of ``S.acts``, kinds below; ``pay`` methods are 0 tile,
1 cards, 2 token (``challenges.METHODS``); ``bear`` is (bear, space or -1, 1 for "trail").
"""

from __future__ import annotations

import numba as nb

from simkit.core.fast_rng import below, shuffle
from simkit.games.hike_it import fast_box as box
from simkit.games.hike_it.fast_box import BAG
from simkit.games.hike_it.phases import (  # numba reads these integers as constants
    AFTERNOON,
    AFTERNOON_START,
    BEAR_PICK,
    BEAR_STEP,
    END_TURN,
    EVENING,
    FINISHED,
    GIVE_SCENIC,
    HAND,
    HIKING,
    IN_AFTERNOON,
    KEEP,
    KNOCKED_OUT,
    MORNING,
    OVER,
    PAY,
    REFILL,
    REROLL,
    REST,
    RESTING,
    SHOO,
    SKILL,
    START,
    TRADE_ANSWER,
    TRADE_GET,
    TRADE_GIVE,
    TRADE_WINDOW,
    TRAILHEAD,
    WAYPOINT,
    WINDOW,
)

# action kinds
(
    A_END,
    A_HIKE,
    A_WATER,
    A_GEAR,
    A_BAG,
    A_DUMP,
    A_CAMPFIRE,
    A_TURN_ORDER,
    A_RECYCLE,
    A_SET,
    A_TRADE,
    A_ASK,
    A_SHOO,
    A_REROLL,
    A_FACE_WEATHER,
    A_PAY,
    A_SUFFER,
    A_SKILL,
    A_REFILL,
    A_KEEP,
    A_DISCARD,
    A_REST,
    A_BEAR,
    A_BEAR_STEP,
    A_GIVE,
    A_GET,
    A_PROPOSE,
    A_ACCEPT,
    A_DECLINE,
    A_SCENIC,
    A_PASS,
    A_WAYPOINT,
    A_TRAILHEAD,
) = range(33)
TILE, CARDS, TOKEN = range(3)  # pay methods

# S.g: the game's scalars
(
    G_DAY,
    G_ORDER_INDEX,
    G_PHASE,
    G_STAGE,
    G_SEAT_NOW,
    G_END_REASON,
    G_AGGRESSIVE,
    G_LAST_BEAR,
    G_LAST_BEAR_MOVER,
    G_SCENIC_DISCARDED,
    G_ARRIVALS,
    G_ACTIONS,
    G_REROLLS,
    G_CAMPED,
    G_MILES_TODAY,
    G_WATER_TODAY,
    G_GEAR_TODAY,
    G_FACING,
    G_OFFERS_LEFT,
    G_TRADE_RETURN,
    G_SKILL_PICKS,
    G_SHOO_PENDING,
    G_AFTER_PAY,
    G_BEAR_FACE,
    G_BEAR_MOVING,
    G_BEAR_STEPS,
    G_BEAR_CAME_FROM,
    G_PREV_PHASE,
    G_IN_SETUP,
    G_OFFERER,
    G_RECEIVER,
    G_N_GIVES,
    G_N_GETS,
    G_PAY_LEN,
    G_KEEP_LEN,
    G_WINDOW_LEN,
    G_BOTTOM_LEN,
    G_OWED_LEN,
    G_N_DICE,
    G_N_ACTS,
    G_SETUP_LEN,
    G_DECISIONS,
) = range(42)
N_G = 42
NORMAL, TURN_LIMIT = 0, 1  # end reasons
NO_FACE, STEPS, PAW, DEN = range(4)  # the bear die face rolled

# S.p: per hiker
P_POS, P_HOME, P_STATUS, P_HEALTH, P_CLAIMED, P_CAMPFIRES = range(6)
P_FINISH_HEALTH, P_BONUS, P_DAYS_OUT, P_WEATHER_HITS, P_TRADES = range(6, 11)
N_P = 11

# piles (rows of S.piles): the bag first, as fast_box
SKILL_DECK, WEATHER_DECK, TRAIL_DECK, EASY, DIFFICULT = range(1, 6)
SKILL_DISCARD, WEATHER_DISCARD, TRAIL_DISCARD = range(6, 9)
N_PILES = 9

# T.ints: the rules' numbers
(
    R_HEALTH_START,
    R_HEALTH_MAX,
    R_STORAGE,
    R_SCENIC_DEALT,
    R_HAND_LIMIT,
    R_FACE_UP,
    R_SET_COST,
    R_PAW_COST,
    R_CAMPFIRES,
    R_START_WATER_MAX,
    R_HIKER_BOX,
    R_OPTIONAL_RECYCLE,
    R_SIDE_DEALT,
    R_EASY_POINTS,
    R_DIFFICULT_POINTS,
    R_TOKEN_POINTS,
    R_HEALTH_POINTS,
    R_SCENIC_POINTS,
    R_TRADE_OFFERS,
    R_TRADE_WINDOW,
    R_TRADE_ITEMS,
    R_TRAILHEAD_BONUS,
    R_KNOCKS_OUT_FALLEN,
    R_TRACK,
    R_TURN_LIMIT,
    R_WATER_TILES,
    R_PER_TYPE,
    R_PAWS_PER_TYPE,
    R_N_EASY,
    R_BEAR_REACH,
    R_WAYPOINTS,
) = range(31)
N_R = 31

# trail card kinds (data.TRAIL_KINDS) and side hike objectives (data.OBJECTIVES)
T_CHALLENGE, T_SKILL, T_HEALTH, T_GEAR, T_WATER, T_SHIFTY, T_SHOO, T_CALM = range(8)
(
    O_MASTERIES,
    O_HIKE_IN_TURN,
    O_WATER_AND_GEAR,
    O_FINISH_HEALTH,
    O_SKILL_SET_TOKENS,
    O_SCENIC_TOKENS,
    O_SCENIC_TYPE,
    O_CAMPFIRES,
    O_HAND_FULL,
    O_TOKEN_REGIONS,
    O_COLUMNS,
    O_TOKEN_TYPES,
    O_WATER_IN_TURN,
    O_GEAR_IN_TURN,
) = range(14)

N_ITEMS = 6
WATER_ITEM = 5
GEAR_TYPES = 5
CARD_CODE, TOKEN_CODE, SCENIC_CODE = 6, 12, 18  # trading codes (trading.py)
N_CODES = 19


# ----------------------------------------------------------------------------- small helpers


@nb.njit(cache=True, inline="always", _nrt=False)
def in_park(S, s):
    st = S.p[s, P_STATUS]
    return st in (HIKING, RESTING)


@nb.njit(cache=True, inline="always", _nrt=False)
def region_of(S, T, s):
    return T.region[S.p[s, P_POS]]  # a hiker out of the park reads the last space, as in Python


@nb.njit(cache=True, inline="always", _nrt=False)
def tiles(S, s):
    k = 0
    for i in range(N_ITEMS):
        k += S.storage[s, i]
    return k


@nb.njit(cache=True, inline="always", _nrt=False)
def change_health(S, T, s, delta):
    S.p[s, P_HEALTH] = max(0, min(T.ints[R_HEALTH_MAX], S.p[s, P_HEALTH] + delta))


@nb.njit(cache=True, inline="always", _nrt=False)
def count_actions(S, T, s):
    return max(S.p[s, P_HEALTH], 0) + T.ints[R_STORAGE] - tiles(S, s) + min(S.p[s, P_CLAIMED], 3)


@nb.njit(cache=True, inline="always", _nrt=False)
def skill_type(T, card):
    return T.card_type[card]


@nb.njit(cache=True, inline="always", _nrt=False)
def is_paw(T, card):
    return T.card_paw[card] != 0


@nb.njit(cache=True, inline="always", _nrt=False)
def hand_count(S, T, s, t):
    """skill_cards.count: a range test per card (the cards of type ``t`` are numbered
    together)."""
    low = t * T.ints[R_PER_TYPE]
    high = low + T.ints[R_PER_TYPE]
    k = 0
    for i in range(S.hand_len[s]):
        c = S.hand[s, i]
        k += low <= c and c < high
    return k


@nb.njit(cache=True, inline="always", _nrt=False)
def paws_held(S, T, s):
    k = 0
    for i in range(S.hand_len[s]):
        k += is_paw(T, S.hand[s, i])
    return k


@nb.njit(cache=True, inline="always", _nrt=False)
def hand_remove(S, s, card):
    """``hand.remove(card)``: the cards after it move down one place."""
    i = 0
    while S.hand[s, i] != card:
        i += 1
    for k in range(i, S.hand_len[s] - 1):
        S.hand[s, k] = S.hand[s, k + 1]
    S.hand_len[s] -= 1


@nb.njit(cache=True, inline="always", _nrt=False)
def hand_append(S, s, card):
    S.hand[s, S.hand_len[s]] = card
    S.hand_len[s] += 1


@nb.njit(cache=True, inline="always", _nrt=False)
def push(S, p, card):
    S.piles[p, S.pile_len[p]] = card
    S.pile_len[p] += 1


@nb.njit(cache=True, inline="always", _nrt=False)
def pop(S, p):
    S.pile_len[p] -= 1
    return S.piles[p, S.pile_len[p]]


@nb.njit(cache=True, inline="always", _nrt=False)
def token_count(S, s):
    k = 0
    for t in range(N_ITEMS):
        k += S.tokens[s, t]
    return k


@nb.njit(cache=True, inline="always", _nrt=False)
def any_face_up(S):
    found = False
    for c in S.face_up:
        if c >= 0:
            found = True
            break
    return found


@nb.njit(cache=True, inline="always", _nrt=False)
def any_in_park(S, n):
    found = False
    for s in range(n):
        if in_park(S, s):
            found = True
            break
    return found


@nb.njit(cache=True, inline="always", _nrt=False)
def bear_at(S, space):
    found = False
    for b in range(S.bear_pos.shape[0]):
        if S.bear_pos[b] == space:
            found = True
            break
    return found


@nb.njit(cache=True, inline="always", _nrt=False)
def add_act(S, kind, x, y, z):
    k = S.g[G_N_ACTS]
    S.acts[k, 0] = kind
    S.acts[k, 1] = x
    S.acts[k, 2] = y
    S.acts[k, 3] = z
    S.g[G_N_ACTS] = k + 1


# ----------------------------------------------------------------------------- cards


@nb.njit(cache=True, _nrt=False)
def discard_cards(S, T, s, t, k, paws):
    """skill_cards.discard: paw cards (the commonest type first, then the higher card) or cards
    of type ``t`` (non-paw first, then the lower card)."""
    for _ in range(k):
        best, best_a, best_b = -1, 0, 0
        for i in range(S.hand_len[s]):
            c = S.hand[s, i]
            if paws:
                if not is_paw(T, c):
                    continue
                a, b = hand_count(S, T, s, skill_type(T, c)), -c
                if best < 0 or a > best_a or (a == best_a and b > best_b):
                    best, best_a, best_b = c, a, b
            else:
                if skill_type(T, c) != t:
                    continue
                a, b = 1 if is_paw(T, c) else 0, c
                if best < 0 or a < best_a or (a == best_a and b < best_b):
                    best, best_a, best_b = c, a, b
        hand_remove(S, s, best)
        push(S, SKILL_DISCARD, best)


@nb.njit(cache=True, inline="always", _nrt=False)
def draw_skill(S):
    if S.pile_len[SKILL_DECK] == 0 and S.pile_len[SKILL_DISCARD]:
        for i in range(S.pile_len[SKILL_DISCARD]):
            push(S, SKILL_DECK, S.piles[SKILL_DISCARD, i])
        S.pile_len[SKILL_DISCARD] = 0
        shuffle(S.rng, 0, S.piles[SKILL_DECK], S.pile_len[SKILL_DECK])
    if S.pile_len[SKILL_DECK]:
        return pop(S, SKILL_DECK)
    return -1


@nb.njit(cache=True, _nrt=False)
def refill_skill_row(S):
    for i in range(S.face_up.shape[0]):
        if S.face_up[i] < 0:
            S.face_up[i] = draw_skill(S)


@nb.njit(cache=True, _nrt=False)
def advance_forecast(S):
    push(S, WEATHER_DISCARD, S.forecast[0])
    S.forecast[0] = S.forecast[1]
    S.forecast[1] = S.forecast[2]
    if S.pile_len[WEATHER_DECK] == 0:
        for i in range(S.pile_len[WEATHER_DISCARD]):
            push(S, WEATHER_DECK, S.piles[WEATHER_DISCARD, i])
        S.pile_len[WEATHER_DISCARD] = 0
        shuffle(S.rng, 0, S.piles[WEATHER_DECK], S.pile_len[WEATHER_DECK])
    S.forecast[2] = pop(S, WEATHER_DECK)


@nb.njit(cache=True, inline="always", _nrt=False)
def has_set(S, T, s):
    """Whether _set_actions(seat) is not empty."""
    if S.hand_len[s] < T.ints[R_SET_COST]:
        return False
    found = False
    for t in range(N_ITEMS):
        if S.token_supply[t] and hand_count(S, T, s, t) >= T.ints[R_SET_COST]:
            found = True
            break
    return found


@nb.njit(cache=True, _nrt=False)
def add_sets(S, T, s):
    if S.hand_len[s] < T.ints[R_SET_COST]:
        return
    for t in range(N_ITEMS):
        if S.token_supply[t] and hand_count(S, T, s, t) >= T.ints[R_SET_COST]:
            add_act(S, A_SET, t, -1, -1)


@nb.njit(cache=True, _nrt=False)
def complete_columns(S, T, s):
    for c in range(T.columns.shape[0]):
        if S.cols_done[s, c]:
            continue
        full = True
        for j in range(T.col_len[c]):
            full &= S.tokens[s, T.columns[c, j]] > 0
        if full:
            S.cols_done[s, c] = 1
            change_health(S, T, s, 1)


# ----------------------------------------------------------------------------- gear


@nb.njit(cache=True, inline="always", _nrt=False)
def draw_bag(S):
    return box._draw_bag(S.rng, S.piles, S.pile_len)


@nb.njit(cache=True, inline="always", _nrt=False)
def forced_recycle(S):
    box._forced_recycle(S.rng, S.piles, S.pile_len, S.box, S.box_len)


@nb.njit(cache=True, inline="always", _nrt=False)
def gain_tile(S, s, item):
    S.storage[s, item] += 1
    if item == WATER_ITEM:
        S.g[G_WATER_TODAY] += 1
    else:
        S.g[G_GEAR_TODAY] += 1


@nb.njit(cache=True, _nrt=False)
def drop_tile(S, s, item):
    S.storage[s, item] -= 1
    if item == WATER_ITEM:
        S.water[3] += 1
    else:
        box.place(S.rng, S.piles, S.pile_len, S.box, S.box_len, item)
        forced_recycle(S)


# ----------------------------------------------------------------------------- side hikes


@nb.njit(cache=True, inline="always", _nrt=False)
def achieved(S, T, s, card, end_of_turn):
    obj, n = T.side_obj[card], T.side_n[card]
    on_turn = s == S.g[G_SEAT_NOW]
    if obj == O_MASTERIES:
        k = 0
        for t in range(N_ITEMS):
            k += S.tokens[s, t] >= 2
        return k >= n
    if obj == O_HIKE_IN_TURN:
        return on_turn and S.g[G_MILES_TODAY] >= n
    if obj == O_WATER_AND_GEAR:
        return on_turn and S.g[G_WATER_TODAY] >= 1 and S.g[G_GEAR_TODAY] >= 1
    if obj == O_WATER_IN_TURN:
        return on_turn and S.g[G_WATER_TODAY] >= n
    if obj == O_GEAR_IN_TURN:
        return on_turn and S.g[G_GEAR_TODAY] >= n
    if obj == O_FINISH_HEALTH:
        return S.p[s, P_FINISH_HEALTH] >= n
    if obj == O_SKILL_SET_TOKENS:
        k = 0
        for t in range(N_ITEMS):
            k += S.tokens[s, t]
        return k >= n
    if obj == O_SCENIC_TOKENS:
        return S.scenic_len[s] >= n
    if obj == O_SCENIC_TYPE:
        k = 0
        for i in range(S.scenic_len[s]):
            k += T.scenic_type[S.scenic[s, i]] == T.side_type[card]
        return k >= n
    if obj == O_CAMPFIRES:
        return S.p[s, P_CAMPFIRES] >= n
    if obj == O_HAND_FULL:
        return end_of_turn and on_turn and S.hand_len[s] >= n
    if obj == O_TOKEN_REGIONS:
        seen = 0
        for i in range(S.scenic_len[s]):
            seen |= 1 << T.region[S.scenic[s, i]]
        return seen == (1 << T.dens.shape[0]) - 1
    if obj == O_COLUMNS:
        k = 0
        for c in range(T.columns.shape[0]):
            k += S.cols_done[s, c]
        return k >= n
    # O_TOKEN_TYPES
    k = 0
    for t in range(N_ITEMS):
        k += S.tokens[s, t] >= 1
    return k >= n


@nb.njit(cache=True, inline="always", _nrt=False)
def side_value(T, card):
    return 1 if card >= T.ints[R_N_EASY] else 0


@nb.njit(cache=True, inline="always", _nrt=False)
def side_remove_value(S, T, s, value, keep):
    """Drop every held side hike of ``value`` (easy 0, difficult 1) but ``keep``."""
    k = 0
    for i in range(S.side_len[s]):
        c = S.side_hand[s, i]
        if side_value(T, c) != value or c == keep:
            S.side_hand[s, k] = c
            k += 1
    S.side_len[s] = k


@nb.njit(cache=True, _nrt=False)
def check_side_hikes(S, T, s, end_of_turn):
    i = 0
    while i < S.side_len[s]:
        card = S.side_hand[s, i]
        if achieved(S, T, s, card, end_of_turn):
            value = side_value(T, card)
            S.side_done[s, S.side_done_len[s]] = card
            S.side_done_len[s] += 1
            side_remove_value(S, T, s, value, -1)
            k = 0
            for j in range(S.g[G_KEEP_LEN]):
                if S.keep_values[j] != value:
                    S.keep_values[k] = S.keep_values[j]
                    k += 1
            S.g[G_KEEP_LEN] = k
            i = 0  # the held list changed: go on from its start, skipping cards no longer held
            continue
        i += 1


@nb.njit(cache=True, inline="always", _nrt=False)
def side_points(S, T, s):
    k = 0
    for i in range(S.side_done_len[s]):
        if S.side_done[s, i] < T.ints[R_N_EASY]:
            k += T.ints[R_EASY_POINTS]
        else:
            k += T.ints[R_DIFFICULT_POINTS]
    return k


@nb.njit(cache=True, inline="always", _nrt=False)
def points_held(S, T, s):
    k = 0
    for t in range(N_ITEMS):
        k += S.tokens[s, t]
    return S.scenic_len[s] + T.ints[R_TOKEN_POINTS] * k + side_points(S, T, s)


@nb.njit(cache=True, inline="always", _nrt=False)
def any_rest_level(S, T, s):
    points = points_held(S, T, s)
    found = False
    for k in range(T.rest_cost.shape[0]):
        if T.rest_cost[k] <= points:
            found = True
            break
    return found


# ----------------------------------------------------------------------------- challenges


@nb.njit(cache=True, inline="always", _nrt=False)
def can_pay(S, T, s, item, method, times):
    if method == TILE:
        return S.storage[s, item] >= times
    if method == CARDS:
        return hand_count(S, T, s, item) >= T.ints[R_SET_COST] * times
    return S.tokens[s, item] >= times


@nb.njit(cache=True, inline="always", _nrt=False)
def method_name_rank(m):
    """The order of the method names as strings ("cards" < "tile" < "token")."""
    return 1 if m == TILE else (0 if m == CARDS else 2)


@nb.njit(cache=True, _nrt=False)
def add_pay_options(S, T, s):
    """challenges.pay_options for the challenge now open: ("pay", method[, method])."""
    need0, need1, k = -1, -1, 0
    for i in range(S.g[G_PAY_LEN]):
        it = S.pay_req[i]
        if S.tokens[s, it] < 2:
            if k == 0:
                need0 = it
            else:
                need1 = it
            k += 1
    if k == 0:
        return
    if k == 1:
        for m in range(3):
            if can_pay(S, T, s, need0, m, 1):
                add_act(S, A_PAY, m, -1, -1)
        return
    for m1 in range(3):
        if not can_pay(S, T, s, need0, m1, 1):
            continue
        for m2 in range(3):
            if not can_pay(S, T, s, need1, m2, 1):
                continue
            if need0 == need1 and m1 == m2 and not can_pay(S, T, s, need0, m1, 2):
                continue
            if need0 == need1 and method_name_rank(m2) < method_name_rank(m1):
                continue
            add_act(S, A_PAY, m1, m2, -1)


@nb.njit(cache=True, _nrt=False)
def has_pay_option(S, T, s):
    k = S.g[G_N_ACTS]
    add_pay_options(S, T, s)
    found = S.g[G_N_ACTS] > k
    S.g[G_N_ACTS] = k
    return found


@nb.njit(cache=True, _nrt=False)
def challenge(S, T, n, after):
    """_challenge with ``S.pay_req`` set: masteries overcome it; else pay, trade or suffer."""
    seat = S.g[G_SEAT_NOW]
    S.g[G_AFTER_PAY] = after
    mastered = True
    for i in range(S.g[G_PAY_LEN]):
        mastered &= S.tokens[seat, S.pay_req[i]] >= 2
    if mastered:
        S.g[G_SKILL_PICKS] += 1
        S.g[G_STAGE] = after
    elif has_pay_option(S, T, seat) or has_trade(S, T, n, seat):
        S.g[G_PHASE] = PAY
    else:
        suffer(S, T)


@nb.njit(cache=True, _nrt=False)
def suffer(S, T):
    seat = S.g[G_SEAT_NOW]
    change_health(S, T, seat, -1)
    S.g[G_STAGE] = S.g[G_AFTER_PAY]
    if S.p[seat, P_HEALTH] < 1:
        S.p[seat, P_STATUS] = RESTING
        S.g[G_STAGE] = END_TURN


# ----------------------------------------------------------------------------- trading


@nb.njit(cache=True, inline="always", _nrt=False)
def holds_anything(S, s):
    return tiles(S, s) > 0 or S.hand_len[s] > 0 or token_count(S, s) > 0 or S.scenic_len[s] > 0


@nb.njit(cache=True, inline="always", _nrt=False)
def is_partner(S, T, s, other, region):
    return other != s and in_park(S, other) and region_of(S, T, other) == region


@nb.njit(cache=True, _nrt=False)
def has_trade(S, T, n, s):
    """Whether _trade_actions(seat) is not empty."""
    if not S.g[G_OFFERS_LEFT]:
        return False
    region = region_of(S, T, s)
    mine = holds_anything(S, s)
    found = False
    for other in range(n):
        if is_partner(S, T, s, other, region) and (mine or holds_anything(S, other)):
            found = True
            break
    return found


@nb.njit(cache=True, _nrt=False)
def add_trades(S, T, n, s):
    if not S.g[G_OFFERS_LEFT]:
        return
    region = region_of(S, T, s)
    mine = holds_anything(S, s)
    for other in range(n):
        if is_partner(S, T, s, other, region):
            if mine:
                add_act(S, A_TRADE, other, -1, -1)
            if holds_anything(S, other):
                add_act(S, A_ASK, other, -1, -1)


@nb.njit(cache=True, _nrt=False)
def add_window_actions(S, T, n, s):
    """_window_actions: pass, sets, offers (none when nothing is to decide)."""
    if not in_park(S, s):
        return
    start = S.g[G_N_ACTS]
    add_act(S, A_PASS, -1, -1, -1)
    add_sets(S, T, s)
    if T.ints[R_TRADE_WINDOW] and T.ints[R_TRADE_OFFERS] and holds_anything(S, s):
        region = region_of(S, T, s)
        for other in range(n):
            if is_partner(S, T, s, other, region):
                add_act(S, A_TRADE, other, -1, -1)
    if S.g[G_N_ACTS] == start + 1:
        S.g[G_N_ACTS] = start


@nb.njit(cache=True, _nrt=False)
def holding(S, T, s, code):
    """trading.count: how many of the thing ``code`` hiker ``s`` holds."""
    if code < CARD_CODE:
        return S.storage[s, code]
    if code < TOKEN_CODE:
        return hand_count(S, T, s, code - CARD_CODE)
    if code < SCENIC_CODE:
        return S.tokens[s, code - TOKEN_CODE]
    return S.scenic_len[s]


@nb.njit(cache=True, inline="always", _nrt=False)
def count_code(codes, k, code):
    c = 0
    for i in range(k):
        c += codes[i] == code
    return c


@nb.njit(cache=True, _nrt=False)
def add_offer_actions(S, T, phase):
    offerer, receiver = S.g[G_OFFERER], S.g[G_RECEIVER]
    ng, nt = S.g[G_N_GIVES], S.g[G_N_GETS]
    most = T.ints[R_TRADE_ITEMS]
    if phase != TRADE_ANSWER:
        if phase == TRADE_GET:
            add_asks(S, T, receiver, ng, nt, most)
            add_act(S, A_PROPOSE, -1, -1, -1)
            return
        if ng < most:
            for c in range(N_CODES):
                if holding(S, T, offerer, c) > count_code(S.gives, ng, c):
                    add_act(S, A_GIVE, c, -1, -1)
        if ng:
            add_asks(S, T, receiver, ng, nt, most)
        return
    if can_accept(S, T, offerer, receiver):
        add_act(S, A_ACCEPT, -1, -1, -1)
    add_act(S, A_DECLINE, -1, -1, -1)


@nb.njit(cache=True, inline="always", _nrt=False)
def add_asks(S, T, receiver, ng, nt, most):
    if nt >= most:
        return
    for c in range(N_CODES):
        if count_code(S.gives, ng, c):
            continue
        if (CARD_CODE <= c < TOKEN_CODE) or holding(S, T, receiver, c) > count_code(S.gets, nt, c):
            add_act(S, A_GET, c, -1, -1)


@nb.njit(cache=True, inline="always", _nrt=False)
def hand_bound(S, s):
    return s != S.g[G_SEAT_NOW] or S.g[G_STAGE] == WINDOW


@nb.njit(cache=True, _nrt=False)
def can_accept(S, T, offerer, receiver):
    ng, nt = S.g[G_N_GIVES], S.g[G_N_GETS]
    for i in range(nt):
        c = S.gets[i]
        if holding(S, T, receiver, c) < count_code(S.gets, nt, c):
            return False
    tiles_gives, tiles_gets, cards_gives, cards_gets = 0, 0, 0, 0
    for i in range(ng):
        tiles_gives += S.gives[i] < CARD_CODE
        cards_gives += CARD_CODE <= S.gives[i] < TOKEN_CODE
    for i in range(nt):
        tiles_gets += S.gets[i] < CARD_CODE
        cards_gets += CARD_CODE <= S.gets[i] < TOKEN_CODE
    storage = T.ints[R_STORAGE]
    if tiles(S, receiver) + tiles_gives - tiles_gets > storage:
        return False
    if tiles(S, offerer) + tiles_gets - tiles_gives > storage:
        return False
    limit = T.ints[R_HAND_LIMIT]
    if hand_bound(S, receiver) and S.hand_len[receiver] + cards_gives - cards_gets > limit:
        return False
    return not (hand_bound(S, offerer) and S.hand_len[offerer] + cards_gets - cards_gives > limit)


@nb.njit(cache=True, _nrt=False)
def open_trade(S, offerer, receiver):
    if S.g[G_STAGE] != WINDOW:
        S.g[G_OFFERS_LEFT] -= 1
    S.g[G_TRADE_RETURN] = S.g[G_PREV_PHASE]
    S.g[G_OFFERER] = offerer
    S.g[G_RECEIVER] = receiver
    S.g[G_N_GIVES] = 0
    S.g[G_N_GETS] = 0
    S.g[G_PHASE] = TRADE_GIVE


@nb.njit(cache=True, _nrt=False)
def transfer(S, T, src, dst, code):
    if code < CARD_CODE:
        S.storage[src, code] -= 1
        S.storage[dst, code] += 1
    elif code < TOKEN_CODE:
        t = code - CARD_CODE
        card = -1
        for i in range(S.hand_len[src]):  # the first card of the type, a paw only if no other
            c = S.hand[src, i]
            if skill_type(T, c) == t and (card < 0 or (is_paw(T, card) and not is_paw(T, c))):
                card = c
        hand_remove(S, src, card)
        hand_append(S, dst, card)
    else:
        S.tokens[src, code - TOKEN_CODE] -= 1
        S.tokens[dst, code - TOKEN_CODE] += 1


@nb.njit(cache=True, _nrt=False)
def do_accept(S, T, n):
    offerer, receiver = S.g[G_OFFERER], S.g[G_RECEIVER]
    ng, nt = S.g[G_N_GIVES], S.g[G_N_GETS]
    for i in range(ng):
        if S.gives[i] == SCENIC_CODE:
            owe(S, offerer, receiver)
        else:
            transfer(S, T, offerer, receiver, S.gives[i])
    for i in range(nt):
        if S.gets[i] == SCENIC_CODE:
            owe(S, receiver, offerer)
        else:
            transfer(S, T, receiver, offerer, S.gets[i])
    complete_columns(S, T, receiver)
    complete_columns(S, T, offerer)
    if S.g[G_STAGE] != WINDOW:
        turn = S.g[G_SEAT_NOW]
        if turn == receiver:
            count_got(S, S.gives, ng)
        elif turn == offerer:
            count_got(S, S.gets, nt)
    S.p[offerer, P_TRADES] += 1
    S.p[receiver, P_TRADES] += 1
    hand_over_scenic(S, T, n)


@nb.njit(cache=True, inline="always", _nrt=False)
def count_got(S, codes, k):
    for i in range(k):
        if codes[i] == WATER_ITEM:
            S.g[G_WATER_TODAY] += 1
        elif codes[i] < WATER_ITEM:
            S.g[G_GEAR_TODAY] += 1


@nb.njit(cache=True, inline="always", _nrt=False)
def owe(S, giver, receiver):
    k = S.g[G_OWED_LEN]
    S.owed[k, 0] = giver
    S.owed[k, 1] = receiver
    S.g[G_OWED_LEN] = k + 1


@nb.njit(cache=True, _nrt=False)
def add_scenic_actions(S, T):
    """trading.scenic_choices for the first owed token: one of each (type, region) held."""
    giver = S.owed[0, 0]
    for i in range(S.scenic_len[giver]):
        x = S.scenic[giver, i]
        first = True
        for j in range(i):
            y = S.scenic[giver, j]
            if T.scenic_type[y] == T.scenic_type[x] and T.region[y] == T.region[x]:
                first = False
                break
        if first:
            add_act(S, A_SCENIC, x, -1, -1)


@nb.njit(cache=True, _nrt=False)
def give_scenic(S, space):
    giver, receiver = S.owed[0, 0], S.owed[0, 1]
    for k in range(1, S.g[G_OWED_LEN]):
        S.owed[k - 1, 0] = S.owed[k, 0]
        S.owed[k - 1, 1] = S.owed[k, 1]
    S.g[G_OWED_LEN] -= 1
    i = 0
    while S.scenic[giver, i] != space:
        i += 1
    for k in range(i, S.scenic_len[giver] - 1):
        S.scenic[giver, k] = S.scenic[giver, k + 1]
    S.scenic_len[giver] -= 1
    S.scenic[receiver, S.scenic_len[receiver]] = space
    S.scenic_len[receiver] += 1


@nb.njit(cache=True, _nrt=False)
def hand_over_scenic(S, T, n):
    while S.g[G_OWED_LEN]:
        k = S.g[G_N_ACTS]
        add_scenic_actions(S, T)
        choices = S.g[G_N_ACTS] - k
        first = S.acts[k, 1]
        S.g[G_N_ACTS] = k
        if choices > 1:
            S.g[G_PHASE] = GIVE_SCENIC
            return
        give_scenic(S, first)
    close_trade(S, T, n)


@nb.njit(cache=True, _nrt=False)
def close_trade(S, T, n):
    S.g[G_OFFERER] = -1
    S.g[G_RECEIVER] = -1
    S.g[G_N_GIVES] = 0
    S.g[G_N_GETS] = 0
    back = S.g[G_TRADE_RETURN]
    S.g[G_TRADE_RETURN] = -1
    if back == PAY:
        challenge(S, T, n, S.g[G_AFTER_PAY])
    elif back == HAND:
        S.g[G_STAGE] = END_TURN
    elif back == TRADE_WINDOW:
        window_pop(S)
    else:
        S.g[G_PHASE] = back


@nb.njit(cache=True, inline="always", _nrt=False)
def window_pop(S):
    for k in range(1, S.g[G_WINDOW_LEN]):
        S.window[k - 1] = S.window[k]
    S.g[G_WINDOW_LEN] -= 1


@nb.njit(cache=True, _nrt=False)
def open_window(S, n):
    S.g[G_STAGE] = WINDOW
    k = S.g[G_ORDER_INDEX]
    for i in range(1, n):
        S.window[i - 1] = S.order[(k + i) % n]
    S.g[G_WINDOW_LEN] = n - 1


@nb.njit(cache=True, _nrt=False)
def window_step(S, T, n):
    while S.g[G_WINDOW_LEN]:
        k = S.g[G_N_ACTS]
        add_window_actions(S, T, n, S.window[0])
        any_choice = S.g[G_N_ACTS] > k
        S.g[G_N_ACTS] = k
        if any_choice:
            S.g[G_PHASE] = TRADE_WINDOW
            return
        window_pop(S)
    next_turn(S, T, n)


# ----------------------------------------------------------------------------- bears


@nb.njit(cache=True, _nrt=False)
def add_shoo_targets(S, T, n, s, kind):
    """_shoo_targets as actions of ``kind``: the region's bear spaces free of hikers and bears."""
    if S.g[G_AGGRESSIVE] or not in_park(S, s):
        return
    region = region_of(S, T, s)
    bear = S.bear_pos[region]
    for j in range(T.bear_spots_start[region], T.bear_spots_start[region + 1]):
        x = T.bear_spots[j]
        if x == bear or bear_at(S, x):
            continue
        taken = False
        for o in range(n):
            taken |= in_park(S, o) and S.p[o, P_POS] == x
        if not taken:
            add_act(S, kind, x, -1, -1)


@nb.njit(cache=True, _nrt=False)
def has_shoo_target(S, T, n, s):
    k = S.g[G_N_ACTS]
    add_shoo_targets(S, T, n, s, A_SHOO)
    found = S.g[G_N_ACTS] > k
    S.g[G_N_ACTS] = k
    return found


@nb.njit(cache=True, _nrt=False)
def add_paw_shoos(S, T, n, s):
    if S.hand_len[s] < T.ints[R_PAW_COST] or S.g[G_AGGRESSIVE]:
        return
    if paws_held(S, T, s) < T.ints[R_PAW_COST]:
        return
    add_shoo_targets(S, T, n, s, A_SHOO)


@nb.njit(cache=True, inline="always", _nrt=False)
def is_den_move(T, at, space):
    region = T.region[at]
    found = False
    for r in range(T.dens.shape[0]):
        if abs(r - region) <= 1 and T.dens[r] != at and T.dens[r] == space:
            found = True
            break
    return found


@nb.njit(cache=True, inline="always", _nrt=False)
def paw_path(T, at, space):
    """The index in T.paw_dest of ``space`` among the paw moves from ``at`` (-1: none)."""
    for j in range(T.paw_start[at], T.paw_start[at + 1]):
        if T.paw_dest[j] == space:
            return j
    return -1


@nb.njit(cache=True, _nrt=False)
def add_bear_picks(S, T, seat):
    barred = S.g[G_LAST_BEAR] if S.g[G_LAST_BEAR_MOVER] != seat else -1
    face = S.g[G_BEAR_FACE]
    for bear in range(S.bear_pos.shape[0]):
        if bear == barred:
            continue
        if face == STEPS:
            add_act(S, A_BEAR, bear, -1, 0)
            continue
        at = S.bear_pos[bear]
        # sorted(trail | dens), then sorted(trail & dens) marked "trail"
        for x in range(T.region.shape[0]):
            on_trail = paw_path(T, at, x) >= 0
            if on_trail or (face == DEN and is_den_move(T, at, x)):
                add_act(S, A_BEAR, bear, x, 0)
        if face == DEN:
            for x in range(T.region.shape[0]):
                if paw_path(T, at, x) >= 0 and is_den_move(T, at, x):
                    add_act(S, A_BEAR, bear, x, 1)


@nb.njit(cache=True, _nrt=False)
def add_next_steps(S, T, kind):
    at, came_from = S.bear_pos[S.g[G_BEAR_MOVING]], S.g[G_BEAR_CAME_FROM]
    k = S.g[G_N_ACTS]
    for j in range(T.adj_start[at], T.adj_start[at + 1]):
        if T.adj_list[j] != came_from:
            add_act(S, kind, T.adj_list[j], -1, -1)
    if S.g[G_N_ACTS] == k:
        for j in range(T.adj_start[at], T.adj_start[at + 1]):
            add_act(S, kind, T.adj_list[j], -1, -1)


@nb.njit(cache=True, _nrt=False)
def hurt_by_bear(S, T, n, s):
    if S.p[s, P_HEALTH] < 1 and not T.ints[R_KNOCKS_OUT_FALLEN]:
        return
    change_health(S, T, s, -1)
    if S.p[s, P_HEALTH] < 1:
        S.p[s, P_STATUS] = KNOCKED_OUT
        for j in range(S.wp_len[s]):
            w = S.waypoints[s, j]
            if S.wp_owner[w] == s:
                S.wp_owner[w] = -1
        S.p[s, P_POS] = -1
        S.p[s, P_DAYS_OUT] = S.g[G_DAY] + 1
        if not any_in_park(S, n):
            game_over(S, n, NORMAL)


@nb.njit(cache=True, _nrt=False)
def bear_enters(S, T, n, bear, space):
    S.bear_pos[bear] = space
    for s in range(n):
        if S.p[s, P_POS] == space and in_park(S, s) and not S.bear_hit[s]:
            S.bear_hit[s] = 1
            hurt_by_bear(S, T, n, s)


@nb.njit(cache=True, _nrt=False)
def bear_step(S, T, n, space):
    S.g[G_BEAR_CAME_FROM] = S.bear_pos[S.g[G_BEAR_MOVING]]
    bear_enters(S, T, n, S.g[G_BEAR_MOVING], space)
    S.g[G_BEAR_STEPS] -= 1


@nb.njit(cache=True, _nrt=False)
def auto_bear_steps(S, T, n):
    while S.g[G_BEAR_STEPS] > 0 and S.g[G_PHASE] != OVER:
        k = S.g[G_N_ACTS]
        add_next_steps(S, T, A_BEAR_STEP)
        ways = S.g[G_N_ACTS] - k
        first = S.acts[k, 1]
        S.g[G_N_ACTS] = k
        if ways > 1:
            S.g[G_PHASE] = BEAR_STEP
            return
        bear_step(S, T, n, first)
    S.g[G_STAGE] = END_TURN


@nb.njit(cache=True, _nrt=False)
def do_bear(S, T, n, seat, bear, space, trail):
    S.g[G_LAST_BEAR] = bear
    S.g[G_LAST_BEAR_MOVER] = seat
    S.g[G_BEAR_MOVING] = bear
    S.bear_hit[:] = 0
    at = S.bear_pos[bear]
    if S.g[G_BEAR_FACE] == STEPS:
        S.g[G_BEAR_CAME_FROM] = -1
        auto_bear_steps(S, T, n)
        return
    if S.g[G_BEAR_FACE] == DEN and not trail and is_den_move(T, at, space):
        bear_enters(S, T, n, bear, space)  # carried to the den
    else:
        j = paw_path(T, at, space)
        for i in range(T.path_start[j], T.path_start[j + 1]):
            bear_enters(S, T, n, bear, T.path_list[i])
    S.g[G_STAGE] = END_TURN


# ----------------------------------------------------------------------------- the day


@nb.njit(cache=True, _nrt=False)
def reset_turn(S, T):
    S.g[G_N_DICE] = 0
    S.g[G_ACTIONS] = 0
    S.g[G_REROLLS] = 0
    S.g[G_CAMPED] = 0
    S.g[G_MILES_TODAY] = 0
    S.g[G_WATER_TODAY] = 0
    S.g[G_GEAR_TODAY] = 0
    S.g[G_FACING] = 0
    S.g[G_OFFERS_LEFT] = T.ints[R_TRADE_OFFERS]
    S.g[G_OFFERER] = -1
    S.g[G_RECEIVER] = -1
    S.g[G_N_GIVES] = 0
    S.g[G_N_GETS] = 0
    S.g[G_TRADE_RETURN] = -1
    S.g[G_SKILL_PICKS] = 0
    S.g[G_KEEP_LEN] = 0
    S.g[G_SHOO_PENDING] = 0


@nb.njit(cache=True, inline="always", _nrt=False)
def roll_die(S, T, i):
    return T.dice[i, below(S.rng, 0, T.dice_len[i])]


@nb.njit(cache=True, inline="always", _nrt=False)
def advance(S, T, n):
    """Day._advance: forced steps until a hiker must decide (``phase`` >= 0)."""
    while S.g[G_PHASE] < 0:
        seat = S.g[G_SEAT_NOW]
        if S.g[G_SKILL_PICKS] > 0:
            if not any_face_up(S):
                refill_skill_row(S)
            if any_face_up(S):
                S.g[G_PHASE] = SKILL
                return
            S.g[G_SKILL_PICKS] = 0
        if S.g[G_KEEP_LEN] and in_park(S, seat):
            S.g[G_PHASE] = KEEP
            return
        owed = 0
        for r in range(S.refill_owed.shape[0]):
            owed += S.refill_owed[r]
        if owed:
            if S.water[3] >= owed:
                for r in range(S.refill_owed.shape[0]):
                    S.water[r] += S.refill_owed[r]
                    S.water[3] -= S.refill_owed[r]
                S.refill_owed[:] = 0
            elif S.water[3]:
                S.g[G_PHASE] = REFILL
                return
            else:
                S.refill_owed[:] = 0
        if S.g[G_SHOO_PENDING]:
            if has_shoo_target(S, T, n, seat):
                S.g[G_PHASE] = SHOO
                return
            S.g[G_SHOO_PENDING] = 0
        stage = S.g[G_STAGE]
        if stage == START:
            start_turn(S, T, n)
        elif stage == MORNING:
            morning(S, T, n)
        elif stage == AFTERNOON_START:
            S.g[G_ACTIONS] = max(0, count_actions(S, T, seat) - S.g[G_REROLLS])
            S.g[G_STAGE] = IN_AFTERNOON
        elif stage == IN_AFTERNOON:
            S.g[G_PHASE] = AFTERNOON
        elif stage == EVENING:
            evening(S, T, n)
        elif stage == END_TURN:
            end_turn(S, T, n)
        else:
            window_step(S, T, n)


@nb.njit(cache=True, _nrt=False)
def start_turn(S, T, n):
    seat = S.g[G_SEAT_NOW]
    reset_turn(S, T)
    status = S.p[seat, P_STATUS]
    if status in (FINISHED, KNOCKED_OUT):
        if not S.g[G_AGGRESSIVE]:
            S.g[G_STAGE] = END_TURN
            return
        face = below(S.rng, 0, T.bear_die_kind.shape[0])
        S.g[G_BEAR_FACE] = T.bear_die_kind[face]
        S.g[G_BEAR_STEPS] = T.bear_die_steps[face]
        S.g[G_PHASE] = BEAR_PICK
        return
    S.p[seat, P_DAYS_OUT] = S.g[G_DAY] + 1
    if status == RESTING:
        rest(S, T, seat)
        return
    for i in range(T.dice.shape[0]):
        S.dice[i] = roll_die(S, T, i)
    S.g[G_N_DICE] = T.dice.shape[0]
    S.g[G_STAGE] = MORNING


@nb.njit(cache=True, _nrt=False)
def rest(S, T, seat):
    if any_rest_level(S, T, seat) or has_set(S, T, seat):
        S.g[G_PHASE] = REST
        return
    change_health(S, T, seat, 1)
    S.p[seat, P_STATUS] = HIKING
    S.g[G_STAGE] = END_TURN


@nb.njit(cache=True, inline="always", _nrt=False)
def dice_matching(S, kind):
    k = 0
    for i in range(S.g[G_N_DICE]):
        k += S.dice[i] == kind
    return k


@nb.njit(cache=True, _nrt=False)
def morning(S, T, n):
    seat = S.g[G_SEAT_NOW]
    card = S.forecast[0]
    matched = dice_matching(S, T.weather_kind[card])
    if (
        matched
        and not S.g[G_FACING]
        and S.camp_at[S.p[seat, P_POS]] == seat
        and count_actions(S, T, seat) - S.g[G_REROLLS] >= matched
    ):
        S.g[G_PHASE] = REROLL
        return
    if not matched:
        S.g[G_STAGE] = AFTERNOON_START
        return
    S.p[seat, P_WEATHER_HITS] += 1
    if T.weather_wet[card]:
        for s in range(n):
            if in_park(S, s):
                S.refill_owed[region_of(S, T, s)] += 1
    S.g[G_PAY_LEN] = T.weather_req_len[card]
    for i in range(T.weather_req_len[card]):
        S.pay_req[i] = T.weather_req[card, i]
    challenge(S, T, n, AFTERNOON_START)


@nb.njit(cache=True, _nrt=False)
def evening(S, T, n):
    seat = S.g[G_SEAT_NOW]
    if S.pile_len[TRAIL_DECK] == 0:
        for i in range(S.pile_len[TRAIL_DISCARD]):
            push(S, TRAIL_DECK, S.piles[TRAIL_DISCARD, i])
        S.pile_len[TRAIL_DISCARD] = 0
        shuffle(S.rng, 0, S.piles[TRAIL_DECK], S.pile_len[TRAIL_DECK])
    card = pop(S, TRAIL_DECK)
    push(S, TRAIL_DISCARD, card)
    kind, item = T.trail_kind[card], T.trail_item[card]
    S.g[G_STAGE] = END_TURN
    room = tiles(S, seat) < T.ints[R_STORAGE]
    if kind == T_CHALLENGE:
        S.g[G_PAY_LEN] = 1
        S.pay_req[0] = item
        challenge(S, T, n, END_TURN)
    elif kind == T_SKILL:
        S.g[G_SKILL_PICKS] += 1
    elif kind == T_HEALTH:
        change_health(S, T, seat, 1)
    elif kind == T_GEAR:
        if room and S.pile_len[BAG]:
            gain_tile(S, seat, draw_bag(S))
    elif kind == T_WATER:
        if room and S.water[3]:
            S.water[3] -= 1
            gain_tile(S, seat, WATER_ITEM)
    elif kind == T_SHIFTY:
        advance_forecast(S)
    elif kind == T_SHOO:
        S.g[G_SHOO_PENDING] = 0 if S.g[G_AGGRESSIVE] else 1


@nb.njit(cache=True, _nrt=False)
def end_turn(S, T, n):
    seat = S.g[G_SEAT_NOW]
    if S.hand_len[seat] > T.ints[R_HAND_LIMIT]:
        S.g[G_PHASE] = HAND
        return
    if in_park(S, seat):
        check_side_hikes(S, T, seat, True)
    box.restock(S.rng, S.piles, S.pile_len, S.box, S.box_len)
    if not any_in_park(S, n):
        game_over(S, n, NORMAL)
        return
    open_window(S, n)


@nb.njit(cache=True, _nrt=False)
def next_turn(S, T, n):
    S.g[G_ORDER_INDEX] += 1
    if S.g[G_ORDER_INDEX] >= n:
        end_of_round(S, T, n)
        if S.g[G_PHASE] == OVER:
            return
    S.g[G_SEAT_NOW] = S.order[S.g[G_ORDER_INDEX]]
    S.g[G_STAGE] = START


@nb.njit(cache=True, _nrt=False)
def end_of_round(S, T, n):
    S.g[G_DAY] += 1
    advance_forecast(S)
    if T.ints[R_TRACK]:
        k = S.g[G_BOTTOM_LEN]
        for i in range(k):
            S.scratch[i] = S.bottom_row[i]
        for i in range(n):
            s = S.order[i]
            listed = False
            for j in range(S.g[G_BOTTOM_LEN]):
                listed |= S.bottom_row[j] == s
            if not listed:
                S.scratch[k] = s
                k += 1
        for i in range(n):
            S.order[i] = S.scratch[i]
    else:
        first = S.order[0]
        for i in range(n - 1):
            S.order[i] = S.order[i + 1]
        S.order[n - 1] = first
    S.g[G_BOTTOM_LEN] = 0
    S.g[G_ORDER_INDEX] = 0
    if S.g[G_DAY] >= T.ints[R_TURN_LIMIT]:
        game_over(S, n, TURN_LIMIT)


@nb.njit(cache=True, inline="always", _nrt=False)
def game_over(S, n, reason):
    S.g[G_END_REASON] = reason
    S.g[G_PHASE] = OVER
    turns = S.g[G_DAY] if reason == TURN_LIMIT else S.g[G_DAY] + 1
    for s in range(n):
        if in_park(S, s):
            S.p[s, P_DAYS_OUT] = turns


# ----------------------------------------------------------------------------- the afternoon


@nb.njit(cache=True, inline="always", _nrt=False)
def can_move_up(S, seat):
    for i in range(S.g[G_BOTTOM_LEN]):
        if S.bottom_row[i] == seat:
            return i > 0
    return True


@nb.njit(cache=True, inline="always", _nrt=False)
def add_afternoon_actions(S, T, n, seat):
    here = S.p[seat, P_POS]
    add_act(S, A_END, -1, -1, -1)
    room = tiles(S, seat) < T.ints[R_STORAGE]
    actions = S.g[G_ACTIONS]
    if actions >= 1 and not S.g[G_CAMPED]:
        for j in range(T.adj_start[here], T.adj_start[here + 1]):
            x = T.adj_list[j]
            if S.g[G_AGGRESSIVE] or not bear_at(S, x):
                add_act(S, A_HIKE, x, -1, -1)
    kind = T.kind[here]
    if kind == T.water_kind:
        if actions >= 1 and room and S.water[T.region[here]]:
            add_act(S, A_WATER, -1, -1, -1)
        if S.storage[seat, WATER_ITEM]:
            add_act(S, A_DUMP, WATER_ITEM, -1, -1)
    if kind == T.campsite_kind:
        if room:
            for t in range(GEAR_TYPES):
                c = box.gear_cost(S.box, S.box_len, t)
                if c and c <= actions:
                    add_act(S, A_GEAR, t, -1, -1)
            if S.pile_len[BAG] and actions >= 1:
                add_act(S, A_BAG, -1, -1, -1)
        for t in range(GEAR_TYPES):
            if S.storage[seat, t]:
                add_act(S, A_DUMP, t, -1, -1)
        if (
            not S.g[G_CAMPED]
            and S.camp_at[here] < 0
            and S.p[seat, P_CAMPFIRES] < T.ints[R_CAMPFIRES]
        ):
            add_act(S, A_CAMPFIRE, -1, -1, -1)
        if S.g[G_CAMPED] and T.ints[R_TRACK] and actions >= 1 and can_move_up(S, seat):
            add_act(S, A_TURN_ORDER, -1, -1, -1)
        if T.ints[R_OPTIONAL_RECYCLE] and box.can_recycle(S.box, S.box_len, GEAR_TYPES):
            add_act(S, A_RECYCLE, -1, -1, -1)
    add_sets(S, T, seat)
    add_trades(S, T, n, seat)
    add_paw_shoos(S, T, n, seat)


@nb.njit(cache=True, _nrt=False)
def arrive(S, T, seat, space):
    if S.wp_owner[space] == seat:
        S.wp_owner[space] = -1
        S.p[seat, P_CLAIMED] += 1
        if S.p[seat, P_CLAIMED] == T.ints[R_WAYPOINTS]:
            k = 0
            for value in range(2):
                held = 0
                for i in range(S.side_len[seat]):
                    held += side_value(T, S.side_hand[seat, i]) == value
                if held > 1:
                    S.keep_values[k] = value
                    k += 1
            S.g[G_KEEP_LEN] = k
    if S.scen_on[space]:
        S.scen_on[space] = 0
        S.scenic[seat, S.scenic_len[seat]] = space
        S.scenic_len[seat] += 1
    if space == S.p[seat, P_HOME] and S.p[seat, P_CLAIMED] == T.ints[R_WAYPOINTS]:
        finish(S, T, seat)


@nb.njit(cache=True, _nrt=False)
def finish(S, T, seat):
    S.p[seat, P_STATUS] = FINISHED
    S.p[seat, P_FINISH_HEALTH] = S.p[seat, P_HEALTH]
    check_side_hikes(S, T, seat, False)
    if T.ints[R_TRAILHEAD_BONUS] and S.g[G_ARRIVALS] < T.bonus.shape[0]:
        S.p[seat, P_BONUS] = T.bonus[S.g[G_ARRIVALS]]
    S.g[G_ARRIVALS] += 1
    S.p[seat, P_POS] = -1
    S.p[seat, P_DAYS_OUT] = S.g[G_DAY] + 1
    S.g[G_AGGRESSIVE] = 1
    S.g[G_STAGE] = END_TURN


@nb.njit(cache=True, inline="always", _nrt=False)
def side_worth(T, card):
    return T.ints[R_EASY_POINTS] if card < T.ints[R_N_EASY] else T.ints[R_DIFFICULT_POINTS]


@nb.njit(cache=True, _nrt=False)
def spend_points(S, T, seat, cost):
    """health.spend_points: scenic tokens first (the last collected), then the option as
    (value, what, which) tuples compare (what: "side" < "token"): the least worth ``cost`` or
    more, else the greatest."""
    tp = T.ints[R_TOKEN_POINTS]
    while cost > 0:
        if S.scenic_len[seat]:
            S.scenic_len[seat] -= 1
            S.g[G_SCENIC_DISCARDED] += 1
            cost -= 1
            continue
        found, best = False, (0, 0, 0)
        for i in range(S.side_done_len[seat]):
            o = (side_worth(T, S.side_done[seat, i]), 0, S.side_done[seat, i])
            if o[0] >= cost and (not found or o < best):
                found, best = True, o
        for t in range(N_ITEMS):
            o = (tp, 1, t)
            if S.tokens[seat, t] and o[0] >= cost and (not found or o < best):
                found, best = True, o
        if not found:
            for i in range(S.side_done_len[seat]):
                o = (side_worth(T, S.side_done[seat, i]), 0, S.side_done[seat, i])
                if not found or o > best:
                    found, best = True, o
            for t in range(N_ITEMS):
                o = (tp, 1, t)
                if S.tokens[seat, t] and (not found or o > best):
                    found, best = True, o
        if not found:
            break
        value, what, which = best
        if what == 1:
            S.tokens[seat, which] -= 1
            S.token_supply[which] += 1
        else:
            i = 0
            while S.side_done[seat, i] != which:
                i += 1
            for k in range(i, S.side_done_len[seat] - 1):
                S.side_done[seat, k] = S.side_done[seat, k + 1]
            S.side_done_len[seat] -= 1
        cost -= value


# ----------------------------------------------------------------------------- decisions


@nb.njit(cache=True, _nrt=False)
def current_player(S):
    phase = S.g[G_PHASE]
    if phase in (TRADE_GIVE, TRADE_GET):
        return S.g[G_OFFERER]
    if phase == TRADE_ANSWER:
        return S.g[G_RECEIVER]
    if phase == TRADE_WINDOW:
        return S.window[0]
    if phase == GIVE_SCENIC:
        return S.owed[0, 0]
    return S.g[G_SEAT_NOW]


@nb.njit(cache=True, inline="always", _nrt=False)
def legal_actions(S, T, n):
    """_legal_actions into S.acts (their number in S.g[G_N_ACTS]), in the Python engine's order."""
    S.g[G_N_ACTS] = 0
    p, seat = S.g[G_PHASE], S.g[G_SEAT_NOW]
    if p == AFTERNOON:
        add_afternoon_actions(S, T, n, seat)
    elif p == WAYPOINT:
        add_waypoint_choices(S, T, seat)
    elif p == TRAILHEAD:
        for t in T.trailheads:
            taken = False
            for s in range(n):
                taken |= S.p[s, P_HOME] == t
            if not taken:
                add_act(S, A_TRAILHEAD, t, -1, -1)
    elif p == REROLL:
        add_act(S, A_REROLL, -1, -1, -1)
        add_act(S, A_FACE_WEATHER, -1, -1, -1)
        add_sets(S, T, seat)
    elif p == PAY:
        add_pay_options(S, T, seat)
        add_sets(S, T, seat)
        add_trades(S, T, n, seat)
        add_act(S, A_SUFFER, -1, -1, -1)
    elif p in (TRADE_GIVE, TRADE_GET, TRADE_ANSWER):
        add_offer_actions(S, T, p)
    elif p == TRADE_WINDOW:
        add_window_actions(S, T, n, S.window[0])
    elif p == SKILL:
        for i in range(S.face_up.shape[0]):
            if S.face_up[i] >= 0:
                add_act(S, A_SKILL, i, -1, -1)
    elif p == REFILL:
        for r in range(S.refill_owed.shape[0]):
            if S.refill_owed[r]:
                add_act(S, A_REFILL, r, -1, -1)
    elif p == SHOO:
        add_shoo_targets(S, T, n, seat, A_SHOO)
    elif p == KEEP:
        value = S.keep_values[0]
        for i in range(S.side_len[seat]):
            if side_value(T, S.side_hand[seat, i]) == value:
                add_act(S, A_KEEP, S.side_hand[seat, i], -1, -1)
    elif p == HAND:
        for t in range(N_ITEMS):
            if hand_count(S, T, seat, t):
                add_act(S, A_DISCARD, t, -1, -1)
        add_sets(S, T, seat)
        add_trades(S, T, n, seat)
        add_paw_shoos(S, T, n, seat)
    elif p == REST:
        points = points_held(S, T, seat)
        for k in range(T.rest_cost.shape[0]):
            if T.rest_cost[k] <= points:
                add_act(S, A_REST, k + 1, -1, -1)
        add_sets(S, T, seat)
    elif p == GIVE_SCENIC:
        add_scenic_actions(S, T)
    elif p == BEAR_PICK:
        add_bear_picks(S, T, seat)
    elif p == BEAR_STEP:
        add_next_steps(S, T, A_BEAR_STEP)
    return S.g[G_N_ACTS]


@nb.njit(cache=True, _nrt=False)
def add_waypoint_choices(S, T, seat):
    """setup.waypoint_choices: free scenic spots of a region without a waypoint of the hiker's,
    of a type among its dealt tokens not yet used; else any such spot (assumed)."""
    k = S.g[G_N_ACTS]
    for matching in (True, False):
        for s in T.scenic_spots:
            if S.wp_owner[s] >= 0:
                continue
            free = True
            for j in range(S.wp_len[seat]):
                free &= T.region[S.waypoints[seat, j]] != T.region[s]
            if not free:
                continue
            if matching:
                t = T.scenic_type[s]
                dealt_t, used_t = 0, 0
                for j in range(S.dealt_len[seat]):
                    dealt_t += S.dealt[seat, j] == t
                for j in range(S.wp_len[seat]):
                    used_t += T.scenic_type[S.waypoints[seat, j]] == t
                if dealt_t <= used_t:
                    continue
            add_act(S, A_WAYPOINT, s, -1, -1)
        if S.g[G_N_ACTS] > k:
            return


@nb.njit(cache=True, inline="always", _nrt=False)
def apply(S, T, n, i):
    """HikeState.apply of the action in row ``i`` of S.acts, then the forced steps."""
    kind, x, y, z = S.acts[i, 0], S.acts[i, 1], S.acts[i, 2], S.acts[i, 3]
    seat = current_player(S)
    S.g[G_PREV_PHASE] = S.g[G_PHASE]
    S.g[G_PHASE] = -1
    S.g[G_DECISIONS] += 1
    do(S, T, n, seat, kind, x, y, z)
    now = S.g[G_SEAT_NOW]
    if S.g[G_PHASE] != OVER and in_park(S, now):
        check_side_hikes(S, T, now, False)
    advance(S, T, n)


@nb.njit(cache=True, inline="always", _nrt=False)
def do(S, T, n, seat, kind, x, y, z):
    if kind == A_END:
        S.g[G_STAGE] = EVENING
    elif kind == A_HIKE:
        S.g[G_ACTIONS] -= 1
        S.g[G_MILES_TODAY] += 1
        S.p[seat, P_POS] = x
        if S.g[G_AGGRESSIVE] and bear_at(S, x):
            hurt_by_bear(S, T, n, seat)
            if not in_park(S, seat):
                S.g[G_STAGE] = END_TURN
                return
        arrive(S, T, seat, x)
    elif kind == A_WATER:
        S.water[region_of(S, T, seat)] -= 1
        S.storage[seat, WATER_ITEM] += 1
        S.g[G_ACTIONS] -= 1
        S.g[G_WATER_TODAY] += 1
    elif kind == A_GEAR:
        S.g[G_ACTIONS] -= box.take(S.rng, S.piles, S.pile_len, S.box, S.box_len, x, S.scratch)
        S.storage[seat, x] += 1
        S.g[G_GEAR_TODAY] += 1
        forced_recycle(S)
    elif kind == A_BAG:
        t = draw_bag(S)
        S.storage[seat, t] += 1
        S.g[G_ACTIONS] -= 1
        S.g[G_GEAR_TODAY] += 1
    elif kind == A_DUMP:
        drop_tile(S, seat, x)
    elif kind == A_CAMPFIRE:
        here = S.p[seat, P_POS]
        used = S.p[seat, P_CAMPFIRES]
        S.camp_at[here] = seat
        S.p[seat, P_CAMPFIRES] += 1
        S.g[G_CAMPED] = 1
        S.g[G_SKILL_PICKS] += T.campfire_bonus[used, 0]
        change_health(S, T, seat, T.campfire_bonus[used, 1])
    elif kind == A_TURN_ORDER:
        S.g[G_ACTIONS] -= 1
        k = S.g[G_BOTTOM_LEN]
        at = -1
        for i in range(k):
            if S.bottom_row[i] == seat:
                at = i
        if at >= 0:
            S.bottom_row[at] = S.bottom_row[at - 1]
            S.bottom_row[at - 1] = seat
        else:
            S.bottom_row[k] = seat
            S.g[G_BOTTOM_LEN] = k + 1
    elif kind == A_RECYCLE:
        box._recycle(S.rng, S.piles, S.pile_len, S.box, S.box_len)
    elif kind == A_SET:
        discard_cards(S, T, seat, x, T.ints[R_SET_COST], False)
        S.token_supply[x] -= 1
        S.tokens[seat, x] += 1
        complete_columns(S, T, seat)
        if S.g[G_PREV_PHASE] == PAY:
            challenge(S, T, n, S.g[G_AFTER_PAY])
        elif S.g[G_PREV_PHASE] == REST:
            rest(S, T, S.g[G_SEAT_NOW])
    elif kind == A_TRADE:
        open_trade(S, seat, x)
    elif kind == A_ASK:
        open_trade(S, x, seat)
    elif kind == A_SHOO:
        region = region_of(S, T, seat)
        if S.g[G_PREV_PHASE] == SHOO:
            S.g[G_SHOO_PENDING] = 0
        else:
            discard_cards(S, T, seat, -1, T.ints[R_PAW_COST], True)
        S.bear_pos[region] = x
    elif kind == A_REROLL:
        name = T.weather_kind[S.forecast[0]]
        matched = 0
        for i in range(S.g[G_N_DICE]):
            if S.dice[i] == name:
                S.dice[i] = roll_die(S, T, i)
                matched += 1
        S.g[G_REROLLS] += matched
    elif kind == A_FACE_WEATHER:
        S.g[G_FACING] = 1
    elif kind == A_PAY:
        k = 0
        for i in range(S.g[G_PAY_LEN]):
            item = S.pay_req[i]
            if S.tokens[seat, item] >= 2:
                continue  # a mastery covers it
            pay(S, T, seat, item, x if k == 0 else y)
            k += 1
        S.g[G_SKILL_PICKS] += 1
        S.g[G_STAGE] = S.g[G_AFTER_PAY]
    elif kind == A_SUFFER:
        suffer(S, T)
    elif kind == A_SKILL:
        card = S.face_up[x]
        hand_append(S, seat, card)
        S.face_up[x] = -1
        S.g[G_SKILL_PICKS] -= 1
        if not S.g[G_SKILL_PICKS]:
            refill_skill_row(S)
    elif kind == A_REFILL:
        S.refill_owed[x] -= 1
        S.water[x] += 1
        S.water[3] -= 1
        if not S.water[3]:
            S.refill_owed[:] = 0
    elif kind == A_KEEP:
        value = S.keep_values[0]
        for j in range(1, S.g[G_KEEP_LEN]):
            S.keep_values[j - 1] = S.keep_values[j]
        S.g[G_KEEP_LEN] -= 1
        side_remove_value(S, T, seat, value, x)
    elif kind == A_DISCARD:
        discard_cards(S, T, seat, x, 1, False)
    elif kind == A_REST:
        spend_points(S, T, seat, T.rest_cost[x - 1])
        change_health(S, T, seat, x)
        S.p[seat, P_STATUS] = HIKING
        S.g[G_STAGE] = END_TURN
    elif kind == A_BEAR:
        do_bear(S, T, n, seat, x, y, z)
    elif kind == A_BEAR_STEP:
        bear_step(S, T, n, x)
        auto_bear_steps(S, T, n)
    elif kind == A_GIVE:
        S.gives[S.g[G_N_GIVES]] = x
        S.g[G_N_GIVES] += 1
        S.g[G_PHASE] = TRADE_GIVE
    elif kind == A_GET:
        S.gets[S.g[G_N_GETS]] = x
        S.g[G_N_GETS] += 1
        S.g[G_PHASE] = TRADE_GET
    elif kind == A_PROPOSE:
        S.g[G_PHASE] = TRADE_ANSWER
    elif kind == A_ACCEPT:
        do_accept(S, T, n)
    elif kind == A_DECLINE:
        close_trade(S, T, n)
    elif kind == A_SCENIC:
        give_scenic(S, x)
        hand_over_scenic(S, T, n)
    elif kind == A_PASS:
        window_pop(S)
    elif kind == A_WAYPOINT:
        S.waypoints[seat, S.wp_len[seat]] = x
        S.wp_len[seat] += 1
        S.wp_owner[x] = seat
        k = S.g[G_SETUP_LEN]
        for j in range(1, k):
            S.setup_queue[j - 1] = S.setup_queue[j]
        S.g[G_SETUP_LEN] = k - 1
        if S.wp_len[seat] == T.ints[R_WAYPOINTS]:
            S.g[G_PHASE] = TRAILHEAD
        else:
            next_setup(S, T)
    elif kind == A_TRAILHEAD:
        S.p[seat, P_HOME] = x
        S.p[seat, P_POS] = x
        next_setup(S, T)


@nb.njit(cache=True, _nrt=False)
def pay(S, T, seat, item, method):
    if method == TILE:
        drop_tile(S, seat, item)
    elif method == CARDS:
        discard_cards(S, T, seat, item, T.ints[R_SET_COST], False)
    else:
        S.tokens[seat, item] -= 1
        S.token_supply[item] += 1


@nb.njit(cache=True, _nrt=False)
def next_setup(S, T):
    if S.g[G_SETUP_LEN]:
        S.g[G_SEAT_NOW] = S.setup_queue[0]
        S.g[G_PHASE] = WAYPOINT
    else:
        S.dealt_len[:] = 0
        S.g[G_IN_SETUP] = 0
        S.g[G_ORDER_INDEX] = 0
        S.g[G_SEAT_NOW] = S.order[0]
        S.g[G_STAGE] = START
        S.g[G_PHASE] = -1
