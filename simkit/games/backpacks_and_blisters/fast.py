"""Backpacks & Blisters compiled with numba: the rules of :mod:`state`, played with the compiled
heuristics of :mod:`fast_planner`, for whole chunks of games at once.

It mirrors the Python engine step by step (the same phases in the same order, the same piles in
the Python lists' order, the same draws from the same SplitMix64 streams), so that a game gives
the same row in both; ``tests/backpacks_and_blisters/test_backpacks_and_blisters_fast.py`` checks
that game by game. The Python engine stays the reference: it is the one that is read, logged,
traced and replayed.

Each decision lists the legal actions in the Python engine's order (``_acts``: kind and up to
three numbers a row) and a seat's compiled strategy picks one row: ``random`` draws its index
from the seat's stream as ``Random.choose`` does. The walk's ends come from the search of
:mod:`fast_walks`, the compiled form of ``movement.walks`` and ``movement.offered``.

State lives in flat integer arrays allocated once per chunk: the deck and the discards (top at
the end, as the Python lists), the hands (kept sorted: only their contents matter), per-seat
tallies (``seats``), the Cairns and the stones. Scalars of the table are slots of ``table``.

The turn is cut into steps where the Python engine waits for a decision (``_turn``, ``_walk``,
``_arrive``, ``_after_move``, ...), so that a playout of :mod:`fast_playouts` takes a game up from
any decision; ``players.steps`` forces a playout's first decision and cuts it at its horizon, and
``players.streams`` names the stream each seat draws from (its own in a run, one in a playout).

numba's on-disk cache checks only the contents of the source file of each compiled function:
after changing a module inlined here (:mod:`fast_walks`, :mod:`fast_state`), clear
``__pycache__``.
"""

from __future__ import annotations

import time
from functools import cache

import numba as nb
import numpy as np
import pyarrow as pa

from simkit.core.fast_rng import below, game_streams
from simkit.core.fast_rows import outcome_table, strategy_column
from simkit.games.backpacks_and_blisters import fast_planner as fp
from simkit.games.backpacks_and_blisters import fast_walks as fw
from simkit.games.backpacks_and_blisters.board import PRIME
from simkit.games.backpacks_and_blisters.cards import BLISTER, RAMBLING, RUCKSACK, WEATHER, faces
from simkit.games.backpacks_and_blisters.fast_state import (
    BAR,
    BUY,
    C_KIND,
    C_LOCATION,
    CAIRN_POINTS,
    CARRIED,
    CARRIED_TURNS,
    CARRYING,
    CUT,
    CUT_AT,
    CUT_SCORES,
    DECISIONS,
    DECK_LEN,
    DESIRES,
    DISCARD,
    DISCARD_LEN,
    END,
    END_REASONS,
    ENTERED,
    EQUIP,
    EQUIPMENT,
    FAILED,
    FORCED,
    GIVE,
    GONE,
    HAND_LEN,
    HOLDER,
    HORIZON,
    MAX_ACTS,
    MONEY,
    N_RULES,
    N_SEAT,
    N_TABLE,
    NORMAL,
    PLAY,
    PLAYED,
    POS,
    PRIMES,
    R_BEAUTY_POINTS,
    R_BINOCULARS,
    R_BREAK_MONEY,
    R_BUS_POINTS,
    R_CAIRN_FIRST,
    R_CAIRN_OTHER,
    R_CAIRN_SECOND,
    R_CAIRNS,
    R_CHOCOLATE_COST,
    R_FERRY_POINTS,
    R_FIRST_MINUTE,
    R_GUIDE_BOOKS,
    R_HAND_SIZE,
    R_LATE_STOP,
    R_LUNCH,
    R_MINUTES_PER_TURN,
    R_N_CARDS,
    R_N_RAMBLING,
    R_N_TURNS,
    R_RAIN_PENALTY,
    R_RANDOM_PASSING,
    R_REFRESH_COST,
    R_REFRESH_POINTS,
    R_RETURN_FROM,
    R_RIDE_COST,
    R_RUCKSACK_CARD,
    R_RUCKSACK_DEPTH,
    R_RUCKSACK_HERO,
    R_RUCKSACK_TURNS,
    R_SEAT_ORDER,
    R_SECRET_DESIRE,
    R_SOLO_RAIN_ALLOWANCE,
    R_SOLO_RUCKSACK_DEPTH,
    R_START,
    R_START_CHOCOLATE,
    R_START_MONEY,
    R_SUN_PROTECTION,
    R_TEA,
    R_TURN_LIMIT,
    RAINING,
    RAINY_TURNS,
    RANDOM,
    REFRESH,
    REFRESHMENTS,
    RETURN_TURN,
    RIDE,
    RIDES,
    RUCKSACK_AT,
    S_BEAUTY,
    S_CARD,
    S_FERRY,
    S_GLASS,
    S_KIND,
    S_POINTS,
    S_TRIANGLE,
    SCORE,
    STONE_ON_TRIANGLE,
    TURN,
    TURN_LIMIT,
    USED,
    VOTE,
    VOTES,
    Board,
    Notes,
    Players,
    Search,
    State,
    Tables,
    Work,
    cairn_bonus,
)
from simkit.games.backpacks_and_blisters.movement import _map_arrays
from simkit.games.backpacks_and_blisters.rules import (
    BINOCULARS,
    COMPASS,
    GUIDE_BOOKS,
    SUN_PROTECTION,
    Rules,
)
from simkit.strategies.backpacks_and_blisters import PeakBagger
from simkit.strategies.generic import Random

# Per-seat outputs: the outcome's extras in the Python runner's (sorted) order, then the score.
EXTRAS = (
    "x_cairn_points",
    "x_honour",
    "x_prime_locations",
    "x_rainy_turns",
    "x_refreshments",
    "x_return_time",
    "x_returned",
    "x_rides",
    "x_secret_desires",
)
(
    O_CAIRN,
    O_HONOUR,
    O_PRIMES,
    O_RAINY,
    O_REFRESHMENTS,
    O_RETURN_TIME,
    O_RETURNED,
    O_RIDES,
    O_DESIRES,
    O_SCORE,
    N_OUT,
) = range(11)


# ----------------------------------------------------------------------- small rules
@nb.njit(cache=True, inline="always")
def _wet(rules, table, points):
    """``weather.wet_points``: less the rain penalty in rain, never below zero."""
    if table[RAINING]:
        points -= rules[R_RAIN_PENALTY]
    return max(points, 0)


@nb.njit(cache=True, inline="always")
def _serving(rules, spaces, space, turn):
    """``refreshments.serving``: a Refreshment location open (Keswick's close at 4 p.m.)."""
    late = space == rules[R_START] and turn >= rules[R_RETURN_FROM]
    return spaces[space, S_GLASS] == 1 and not late


@nb.njit(cache=True, inline="always")
def _can_buy(rules, spaces, table, seats, seat):
    space = seats[seat, POS]
    return (
        space >= 0
        and _serving(rules, spaces, space, table[TURN])
        and seats[seat, BAR] == 0
        and seats[seat, MONEY] >= rules[R_CHOCOLATE_COST]
    )


@nb.njit(cache=True, inline="always")
def _hand_limit(rules, turn):
    return rules[R_HAND_SIZE] - (turn > rules[R_LUNCH]) - (turn > rules[R_TEA])


@nb.njit(cache=True, inline="always")
def _carries(rules, table, n, seat):
    """``BBState._carries``: the holder carries it; solo every other hour from when it came out."""
    if table[RUCKSACK_AT] != CARRIED or table[HOLDER] != seat:
        return False
    if n > 1:
        return True
    per_hour = max(60 // rules[R_MINUTES_PER_TURN], 1)
    return (table[TURN] // per_hour - table[ENTERED] // per_hour) % 2 == 0


@nb.njit(cache=True, inline="always")
def _on_map_count(seats, n):
    k = 0
    for s in range(n):
        if seats[s, POS] >= 0:
            k += 1
    return k


# ----------------------------------------------------------------------- hands and piles
@nb.njit(cache=True, inline="always")
def _hand_add(hands, seats, seat, card):
    """Into the sorted hand."""
    k = seats[seat, HAND_LEN]
    while k > 0 and hands[seat, k - 1] > card:
        hands[seat, k] = hands[seat, k - 1]
        k -= 1
    hands[seat, k] = card
    seats[seat, HAND_LEN] += 1


@nb.njit(cache=True, inline="always")
def _hand_remove(hands, seats, seat, card):
    m = seats[seat, HAND_LEN]
    k = 0
    while hands[seat, k] != card:
        k += 1
    for j in range(k, m - 1):
        hands[seat, j] = hands[seat, j + 1]
    seats[seat, HAND_LEN] = m - 1


@nb.njit(cache=True, inline="always")
def _holds(hands, seats, seat, card):
    held = False
    for k in range(seats[seat, HAND_LEN]):
        held |= hands[seat, k] == card
    return held


@nb.njit(cache=True, inline="always")
def _to_discard(table, discard, card):
    discard[table[DISCARD_LEN]] = card
    table[DISCARD_LEN] += 1


@nb.njit(cache=True, inline="always")
def _shuffle_part(rngs, seq, start, length):
    """``GameRng.shuffle`` of ``seq[start:start + length]``."""
    for k in range(length - 1, 0, -1):
        j = np.int64(below(rngs, 0, k + 1))
        seq[start + k], seq[start + j] = seq[start + j], seq[start + k]


@nb.njit(cache=True, inline="always")
def _draw(rules, cards, table, seats, hands, deck, discard, rngs, seat):
    """``BBState._draw``: the card drawn into the hand (-1: none left), resolving Changes of
    Weather and the Heavy Rucksack on the way."""
    while True:
        if table[DECK_LEN] == 0:
            if table[DISCARD_LEN] == 0:
                return -1
            for k in range(table[DISCARD_LEN]):
                deck[k] = discard[k]
            table[DECK_LEN], table[DISCARD_LEN] = table[DISCARD_LEN], 0
            _shuffle_part(rngs, deck, 0, table[DECK_LEN])
        table[DECK_LEN] -= 1
        card = deck[table[DECK_LEN]]
        kind = cards[card, C_KIND]
        if kind == WEATHER:
            table[RAINING] = 1 - table[RAINING]
            _to_discard(table, discard, card)
            continue
        if kind == RUCKSACK:
            table[RUCKSACK_AT], table[HOLDER], table[CARRIED_TURNS] = CARRIED, seat, 0
            table[ENTERED] = table[TURN]
            continue
        _hand_add(hands, seats, seat, card)
        return card


# ----------------------------------------------------------------------- setup
@nb.njit(cache=True, inline="always")
def _setup(rules, cards, table, seats, hands, deck, scratch, cairn, rngs, n):
    """``cards.deal``: the Rambling cards shuffled, five turned for the Cairns, the hands dealt
    (popped from the pile's top, its end), the rest shuffled back, the Heavy Rucksack shuffled
    into the top cards."""
    n_rambling, n_cards = rules[R_N_RAMBLING], rules[R_N_CARDS]
    for c in range(n_rambling):
        deck[c] = c
    _shuffle_part(rngs, deck, 0, n_rambling)
    length = n_rambling
    n_cairns = rules[R_CAIRNS]
    for k in range(n_cairns):
        length -= 1
        scratch[k] = deck[length]
        cairn[cards[scratch[k], C_LOCATION]] = 0
    for _ in range(rules[R_HAND_SIZE]):
        for seat in range(n):
            length -= 1
            _hand_add(hands, seats, seat, deck[length])
    for k in range(n_cairns):
        deck[length] = scratch[k]
        length += 1
    for c in range(n_cards):
        if cards[c, C_KIND] == BLISTER or cards[c, C_KIND] == WEATHER:
            deck[length] = c
            length += 1
    _shuffle_part(rngs, deck, 0, length)
    depth = rules[R_SOLO_RUCKSACK_DEPTH] if n == 1 else rules[R_RUCKSACK_DEPTH]
    depth = min(depth, length)
    deck[length] = rules[R_RUCKSACK_CARD]
    _shuffle_part(rngs, deck, length - depth, depth + 1)
    table[DECK_LEN] = length + 1


# ----------------------------------------------------------------------- scoring
@nb.njit(cache=True, inline="always")
def _place_stone(rules, spaces, table, seats, hands, stones, cairn, seat, space):
    """``BBState._place_stone`` with ``scoring.stone_points``."""
    stones[seat, space] = True
    seats[seat, PRIMES] += 1
    if spaces[space, S_TRIANGLE]:
        table[STONE_ON_TRIANGLE] = 1
    placed = cairn[space]
    if placed >= 0:
        cairn[space] = placed + 1
    card = spaces[space, S_CARD]
    # A card drawn this turn cannot claim it; no card is drawn before a move's stone.
    desire = card >= 0 and (card == table[PLAYED] or _holds(hands, seats, seat, card))
    if desire:
        seats[seat, DESIRES] += 1
    eq = seats[seat, EQUIPMENT]
    points = _wet(rules, table, spaces[space, S_POINTS])
    if eq == SUN_PROTECTION and not table[RAINING]:
        points += rules[R_SUN_PROTECTION]
    if spaces[space, S_TRIANGLE] and eq == BINOCULARS:
        points += rules[R_BINOCULARS]
    if placed >= 0:
        bonus = cairn_bonus(rules, placed)
        points += bonus
        seats[seat, CAIRN_POINTS] += bonus
    if desire:
        points += rules[R_GUIDE_BOOKS] if eq == GUIDE_BOOKS else rules[R_SECRET_DESIRE]
    seats[seat, SCORE] += points


@nb.njit(cache=True, inline="always")
def _leave_map(rules, table, seats, n, seat):
    """``BBState._leave_map``: the Time chart's points, the hero's, off the map."""
    turn = table[TURN]
    seats[seat, SCORE] += rules[N_RULES + turn - rules[R_RETURN_FROM]]
    if table[HOLDER] == seat:
        if _carries(rules, table, n, seat):
            seats[seat, SCORE] += rules[R_RUCKSACK_HERO]
        table[RUCKSACK_AT], table[HOLDER] = GONE, -1
    seats[seat, POS] = -1
    seats[seat, RETURN_TURN] = turn


# ----------------------------------------------------------------------- legal actions
@nb.njit(cache=True, inline="always")
def _act(acts, k, kind, a, b, c):
    acts[k, 0], acts[k, 1], acts[k, 2], acts[k, 3] = kind, a, b, c
    return k + 1


@nb.njit(cache=True, inline="always")
def _start_actions(board, state, work, n, seat):
    """``BBState._start_actions``: play a card, ride, Refreshments with each set of discards,
    buy a bar, in that order."""
    rules, spaces, ferry, bus_start, bus_stops = (
        board.rules, board.spaces, board.ferry, board.bus_start, board.bus_stops
    )  # fmt: skip
    table, seats, hands, acts, others = (
        state.table,
        state.seats,
        state.hands,
        work.acts,
        work.others,
    )
    k = 0
    m = seats[seat, HAND_LEN]
    for j in range(m):
        k = _act(acts, k, PLAY, hands[seat, j], 0, 0)
    here = seats[seat, POS]
    if seats[seat, MONEY] >= rules[R_RIDE_COST] and m > 0:
        fw.mark_others(spaces, seats, n, seat, others)
        if spaces[here, S_FERRY]:
            for j in range(ferry.shape[0]):
                p = ferry[j]
                if p != here and not others[p]:
                    k = _act(acts, k, RIDE, 1, p, 0)
        for bus in range(bus_start.shape[0] - 1):
            on = False
            for j in range(bus_start[bus], bus_start[bus + 1]):
                on |= bus_stops[j] == here
            if on:
                for j in range(bus_start[bus], bus_start[bus + 1]):
                    p = bus_stops[j]
                    if p != here and not others[p]:
                        k = _act(acts, k, RIDE, 0, p, 0)
        fw.clear_others(seats, n, others)
    if _serving(rules, spaces, here, table[TURN]) and seats[seat, MONEY] >= rules[R_REFRESH_COST]:
        # ``refresh_drops``: every combination of the sorted hand, fewest first, in
        # lexicographic order (as itertools.combinations); a row holds the hand slots as bits.
        for size in range(m + 1):
            k = _combinations(acts, k, m, size, work.scratch)
    if _can_buy(rules, spaces, table, seats, seat):
        k = _act(acts, k, BUY, 0, 0, 0)
    return k


@nb.njit(cache=True, inline="always")
def _combinations(acts, k, m, size, idx):
    """``itertools.combinations(range(m), size)`` as bit masks, appended as REFRESH rows."""
    if size == 0:
        return _act(acts, k, REFRESH, 0, 0, 0)
    for j in range(size):
        idx[j] = j
    while True:
        mask = 0
        for j in range(size):
            mask |= 1 << idx[j]
        k = _act(acts, k, REFRESH, mask, size, 0)
        j = size - 1
        while j >= 0 and idx[j] == j + m - size:
            j -= 1
        if j < 0:
            return k
        idx[j] += 1
        for i in range(j + 1, size):
            idx[i] = idx[i - 1] + 1


@nb.njit(cache=True, inline="always")
def _walk_options(board, state, work, n, seat, card):
    """``BBState._walk_options``: the card's allowances (``movement.allowance``), then the walk's
    ends (:func:`fast_walks.options`)."""
    rules, spaces, table, seats = board.rules, board.spaces, state.table, state.seats
    rucksack = table[CARRYING] == 1
    n_allow = fw.allowance(board.cards, seats, seat, card, 0, rucksack, work.allow)
    turn = table[TURN]
    for s in range(work.shops.shape[0]):
        work.shops[s] = _serving(rules, spaces, s, turn)
    work.stops[rules[R_START]] = rules[R_LATE_STOP] == 1 and turn >= rules[R_RETURN_FROM]
    fw.mark_others(spaces, seats, n, seat, work.others)
    count = fw.options(
        board.paths, work, seats[seat, POS], n_allow, seats[seat, BAR], seats[seat, MONEY],
        rules[R_CHOCOLATE_COST],
    )  # fmt: skip
    fw.clear_others(seats, n, work.others)
    return count


# ----------------------------------------------------------------------- decisions
# The engine's steps pass the game as the bundles of :mod:`fast_state`: ``board`` (the rules'
# numbers and the map), ``state``, ``work`` (scratch) and ``players`` (who decides, their
# streams, the planners' tables and scratch, a playout's steps).
@nb.njit(cache=True, _nrt=False)
def _decide(board, state, work, players, n, phase, seat, count):
    """The row of ``acts[:count]`` that ``seat`` plays (the Python runner asks even when one
    action is legal). A playout's first decision is forced (the move tried); past its horizon the
    seats' scores are kept and any row serves, the rest of the turn being played only to reach
    a turn's end, where the engine stops."""
    steps = players.steps
    forced = steps[FORCED]
    if forced >= 0:
        steps[FORCED] = -1
        if phase == fp.P_START and players.kinds[seat] != RANDOM:
            # The planner's move after this start reads the start's sweep: made as in a game.
            _choose(board, state, work, players, n, phase, seat, count)
        return forced
    if steps[HORIZON] > 0 and steps[DECISIONS] >= steps[HORIZON]:
        if not steps[CUT_AT]:
            steps[CUT_AT] = 1
            for s in range(n):
                steps[CUT_SCORES + s] = state.seats[s, SCORE]
        return np.int64(0)
    steps[DECISIONS] += 1
    return _choose(board, state, work, players, n, phase, seat, count)


@nb.njit(cache=True, inline="always")
def _choose(board, state, work, players, n, phase, seat, count):
    """The seat's strategy's row: ``random`` draws it from the seat's stream."""
    kind = players.kinds[seat]
    if kind == RANDOM:
        return np.int64(below(players.rngs, players.streams[seat], count))
    return fp.decide(
        phase, kind - 1, board, state, work, players.tables, players.notes, count, seat, n
    )


@nb.njit(cache=True, inline="always")
def _ask(board, state, work, players, n, phase, seat, count):
    """:func:`_decide`, with the phase and the count as plain numbers: numba compiles a called
    function anew for each constant argument, and so would the planners for each phase."""
    return _decide(board, state, work, players, n, np.int64(phase), np.int64(seat), np.int64(count))


@nb.njit(cache=True, inline="always")
def _buy_bar(rules, seats, seat):
    seats[seat, MONEY] -= rules[R_CHOCOLATE_COST]
    seats[seat, BAR] = 1


@nb.njit(cache=True, inline="always")
def _offer_bar(board, state, work, players, n, seat):
    """The shop's question (``"buy"`` or ``"end"``) and the bar bought."""
    _act(work.acts, 0, BUY, 0, 0, 0)
    _act(work.acts, 1, END, 0, 0, 0)
    if _ask(board, state, work, players, n, fp.P_SHOP, seat, 2) == 0:
        _buy_bar(board.rules, state.seats, seat)


@nb.njit(cache=True, inline="always")
def _discard(state, seat, card):
    """``card`` from ``seat``'s hand onto the discards."""
    _hand_remove(state.hands, state.seats, seat, card)
    _to_discard(state.table, state.discard, card)


# ----------------------------------------------------------------------- one game
# A turn is cut where the Python engine waits for a decision (``_turn``, ``_walk``, ``_arrive``,
# ``_after_move``, ``_compass``, ``_votes_from``, ``_tie``; a break's ``_break_from`` and
# ``_break_shops``), so that a playout can take up a game from any of them (``fast_playouts``).
@nb.njit(cache=True, _nrt=False)
def _equipment_round(board, state, work, players, n, count):
    """``BBState._next_equipment`` over ``queue[:count]``: each seat chooses a free tile; a seat
    left with one takes it without asking."""
    seats, acts = state.seats, work.acts
    for q in range(count):
        seat = work.queue[q]
        k = 0
        for tile in range(6):
            taken = False
            if n == 1:
                taken = (seats[seat, USED] >> tile) & 1 == 1
            else:
                for s in range(n):
                    taken |= seats[s, EQUIPMENT] == tile
            if not taken:
                k = _act(acts, k, EQUIP, tile, 0, 0)
        tile = acts[0, 1]
        if k > 1:
            tile = acts[_ask(board, state, work, players, n, fp.P_EQUIP, seat, k), 1]
        seats[seat, EQUIPMENT] = tile
        seats[seat, USED] |= 1 << tile


@nb.njit(cache=True, _nrt=False)
def _discard_choice(board, state, work, players, n, seat):
    """A discard from the sorted hand (after a ride, at Lunch or Tea): the card, -1 if none."""
    m = state.seats[seat, HAND_LEN]
    if m == 0:
        return -1
    for j in range(m):
        _act(work.acts, j, DISCARD, state.hands[seat, j], 0, 0)
    return work.acts[_ask(board, state, work, players, n, fp.P_DISCARD, seat, m), 1]


@nb.njit(cache=True, _nrt=False)
def _shop(board, state, work, players, n, seat):
    """``BBState._offer_shop``: at an open Refreshment location, buy a bar or not."""
    if _can_buy(board.rules, board.spaces, state.table, state.seats, seat):
        _offer_bar(board, state, work, players, n, seat)


@nb.njit(cache=True, _nrt=False)
def _vote(board, state, work, players, n):
    """``BBState._start_vote``: the carrier has carried it long enough."""
    table, seats = state.table, state.seats
    carrier = table[HOLDER]
    on_map = _on_map_count(seats, n)
    if on_map == 1:
        table[HOLDER], table[CARRIED_TURNS] = carrier, 0
        return
    if board.rules[R_RANDOM_PASSING]:
        pick = np.int64(below(players.rngs, 0, on_map))
        for s in range(n):
            if seats[s, POS] >= 0:
                if pick == 0:
                    table[HOLDER], table[CARRIED_TURNS] = s, 0
                    return
                pick -= 1
    for s in range(n):
        seats[s, VOTES] = 0
    _votes_from(board, state, work, players, n, 1)


@nb.njit(cache=True, _nrt=False)
def _votes_from(board, state, work, players, n, first):
    """``BBState._vote``: the Ramblers on the map vote from the ``first``-th seat on the carrier's
    left (the carrier last), then the carrier breaks a tie."""
    seats, acts = state.seats, work.acts
    carrier = state.table[HOLDER]
    for step in range(first, n + 1):
        voter = (carrier + step) % n
        if seats[voter, POS] < 0:
            continue
        k = 0
        for s in range(n):
            if seats[s, POS] >= 0:
                k = _act(acts, k, VOTE, s, 0, 0)
        seats[acts[_ask(board, state, work, players, n, fp.P_VOTE, voter, k), 1], VOTES] += 1
    _tie(board, state, work, players, n)


@nb.njit(cache=True, _nrt=False)
def _tie(board, state, work, players, n):
    """``BBState._hand_rucksack`` to the most voted, the carrier choosing among several."""
    table, seats, acts = state.table, state.seats, work.acts
    top = 0
    for s in range(n):
        top = max(top, seats[s, VOTES])
    k = 0
    for s in range(n):
        if seats[s, VOTES] == top:
            k = _act(acts, k, GIVE, s, 0, 0)
    seat = acts[0, 1]
    if k > 1:
        seat = acts[_ask(board, state, work, players, n, fp.P_VOTE, table[HOLDER], k), 1]
    table[HOLDER], table[CARRIED_TURNS] = seat, 0


@nb.njit(cache=True, _nrt=False)
def _turn(board, state, work, players, n, seat):
    """``BBState._begin_turn``, the start of one Rambler's turn of the Time chart, and the turn
    on to its end (``_end_turn``)."""
    rules, cards = board.rules, board.cards
    table, seats, hands, acts = state.table, state.seats, state.hands, work.acts
    turn = table[TURN]
    table[PLAYED], table[STONE_ON_TRIANGLE] = -1, 0
    table[CARRYING] = _carries(rules, table, n, seat)
    while True:
        k = _start_actions(board, state, work, n, seat)
        if k == 0:
            return FAILED
        row = _ask(board, state, work, players, n, fp.P_START, seat, k)
        kind = acts[row, 0]
        if kind != BUY:
            break
        _buy_bar(rules, seats, seat)
    if kind == PLAY:
        card = acts[row, 1]
        _discard(state, seat, card)
        table[PLAYED] = card
        if cards[card, C_KIND] == RAMBLING:
            return _walk(board, state, work, players, n, seat, card)
        # A Blister: no walk, the Rambler stays.
        seats[seat, BAR] = 1 if seats[seat, BAR] > 0 else 0
        return _arrive(board, state, work, players, n, seat, seats[seat, POS], PLAY)
    if kind == RIDE:
        seats[seat, MONEY] -= rules[R_RIDE_COST]
        seats[seat, RIDES] += 1
        seats[seat, SCORE] += rules[R_FERRY_POINTS] if acts[row, 1] else rules[R_BUS_POINTS]
        return _arrive(board, state, work, players, n, seat, acts[row, 2], RIDE)
    # REFRESH
    mask = acts[row, 1]
    seats[seat, MONEY] -= rules[R_REFRESH_COST]
    seats[seat, REFRESHMENTS] += 1
    dropped = 0
    for j in range(seats[seat, HAND_LEN]):
        if (mask >> j) & 1:
            work.scratch[dropped] = hands[seat, j]
            dropped += 1
    for j in range(dropped):
        _discard(state, seat, work.scratch[j])
    seats[seat, SCORE] += rules[R_REFRESH_POINTS]
    rngs = players.rngs
    while seats[seat, HAND_LEN] < _hand_limit(rules, turn):
        if _draw(rules, cards, table, seats, hands, state.deck, state.discard, rngs, seat) < 0:
            break
    _shop(board, state, work, players, n, seat)
    return _end_turn(board, state, work, players, n, seat)


@nb.njit(cache=True, _nrt=False)
def _walk(board, state, work, players, n, seat, card):
    """The walk of a Rambling card played: where it ends (asked when there is a choice), the bar
    eaten and the bars bought on the way, then the arrival."""
    rules, seats, acts = board.rules, state.seats, work.acts
    count = _walk_options(board, state, work, n, seat, card)
    row = 0
    if count > 1:
        row = _ask(board, state, work, players, n, fp.P_MOVE, seat, count)
    dest, eat, bought = acts[row, 1], acts[row, 2], acts[row, 3]
    seats[seat, BAR] = 1 if seats[seat, BAR] - eat + bought > 0 else 0
    seats[seat, MONEY] -= bought * rules[R_CHOCOLATE_COST]
    return _arrive(board, state, work, players, n, seat, dest, PLAY)


@nb.njit(cache=True, _nrt=False)
def _arrive(board, state, work, players, n, seat, dest, kind):
    """``BBState._arrive`` after a walk or a ride (``kind``): a stone, a Beauty Spot, Keswick
    from 4 p.m., the shop; then the rest of the turn."""
    rules, spaces, table, seats = board.rules, board.spaces, state.table, state.seats
    hands, stones, cairn = state.hands, state.stones, state.cairn
    seats[seat, POS] = dest
    if spaces[dest, S_KIND] == PRIME and not stones[seat, dest]:
        _place_stone(rules, spaces, table, seats, hands, stones, cairn, seat, dest)
    if spaces[dest, S_BEAUTY]:
        seats[seat, SCORE] += _wet(rules, table, rules[R_BEAUTY_POINTS])
    if dest == rules[R_START] and table[TURN] >= rules[R_RETURN_FROM]:
        _leave_map(rules, table, seats, n, seat)
        return NORMAL
    _shop(board, state, work, players, n, seat)
    return _after_move(board, state, work, players, n, seat, kind)


@nb.njit(cache=True, _nrt=False)
def _after_move(board, state, work, players, n, seat, kind):
    """``BBState._continue_turn`` after the shop: a ride's discard, then the draw (two with the
    Compass, one of them discarded)."""
    rules, cards, rngs = board.rules, board.cards, players.rngs
    table, seats, hands = state.table, state.seats, state.hands
    if kind == RIDE:
        _discard(state, seat, _discard_choice(board, state, work, players, n, seat))
    if table[STONE_ON_TRIANGLE] and seats[seat, EQUIPMENT] == COMPASS:
        first = _draw(rules, cards, table, seats, hands, state.deck, state.discard, rngs, seat)
        second = _draw(rules, cards, table, seats, hands, state.deck, state.discard, rngs, seat)
        if first >= 0 and second >= 0:
            return _compass(board, state, work, players, n, seat, first, second)
    else:
        _draw(rules, cards, table, seats, hands, state.deck, state.discard, rngs, seat)
    return _end_turn(board, state, work, players, n, seat)


@nb.njit(cache=True, _nrt=False)
def _compass(board, state, work, players, n, seat, first, second):
    """The Compass' two cards drawn: one of them discarded, then the turn's end."""
    acts = work.acts
    _act(acts, 0, DISCARD, min(first, second), 0, 0)
    _act(acts, 1, DISCARD, max(first, second), 0, 0)
    row = _ask(board, state, work, players, n, fp.P_DISCARD, seat, 2)
    _discard(state, seat, acts[row, 1])
    return _end_turn(board, state, work, players, n, seat)


@nb.njit(cache=True, _nrt=False)
def _end_turn(board, state, work, players, n, seat):
    """``BBState._end_turn``: a carried turn counts towards the vote."""
    table = state.table
    if n > 1 and table[CARRYING] and table[HOLDER] == seat:
        table[CARRIED_TURNS] += 1
        if table[CARRIED_TURNS] >= board.rules[R_RUCKSACK_TURNS]:
            _vote(board, state, work, players, n)
    return NORMAL


@nb.njit(cache=True, _nrt=False)
def _play(board, state, work, players, n):
    """One game from its set-up to the end of the day; returns the end reason."""
    rules, table, seats = board.rules, state.table, state.seats
    table[:] = 0
    table[HOLDER] = -1
    table[ENTERED] = -1
    seats[:] = 0
    state.stones[:] = False
    state.cairn[:] = -1
    for s in range(n):
        seats[s, POS] = rules[R_START]
        seats[s, MONEY] = rules[R_START_MONEY]
        seats[s, BAR] = rules[R_START_CHOCOLATE]
        seats[s, EQUIPMENT] = -1
        seats[s, RETURN_TURN] = -1
    _setup(
        rules, board.cards, table, seats, state.hands, state.deck, work.scratch, state.cairn,
        players.rngs, n,
    )  # fmt: skip
    for s in range(n):
        work.queue[s] = s
    _equipment_round(board, state, work, players, n, n)
    return _day(board, state, work, players, n)


@nb.njit(cache=True, _nrt=False)
def _day(board, state, work, players, n):
    """The rounds of the Time chart from ``table[TURN]``'s to the end of the day; returns the
    end reason (``CUT`` at the end of the turn where a playout reached its horizon)."""
    rules, table, seats = board.rules, state.table, state.seats
    while True:
        if players.steps[CUT_AT]:
            return CUT
        turn = table[TURN]
        if turn >= rules[R_N_TURNS] or _on_map_count(seats, n) == 0:
            _end_day(rules, table, seats, n)
            return NORMAL
        if turn >= rules[R_TURN_LIMIT]:
            return TURN_LIMIT
        if turn == rules[R_LUNCH] or turn == rules[R_TEA]:
            if _break_from(board, state, work, players, n, 0):
                return FAILED
        elif _round_from(board, state, work, players, n, 0) == FAILED:
            return FAILED
        _end_round(table, n)


@nb.njit(cache=True, _nrt=False)
def _round_from(board, state, work, players, n, first):
    """The turns of the Ramblers on the map from seat ``first`` on."""
    seats = state.seats
    for seat in range(first, n):
        if players.steps[CUT_AT]:
            return CUT
        if seats[seat, POS] >= 0 and _turn(board, state, work, players, n, seat) == FAILED:
            return FAILED
    return NORMAL


@nb.njit(cache=True, inline="always")
def _end_round(table, n):
    """``BBState._end_round``: the solo weather record, the Time marker on."""
    if n == 1 and table[RAINING]:
        table[RAINY_TURNS] += 1
    table[TURN] += 1


@nb.njit(cache=True, _nrt=False)
def _break_from(board, state, work, players, n, first):
    """Lunch or Tea: everyone (from seat ``first``) discards, rests, collects a pound, may buy a
    bar where they rest, and chooses Equipment again from the fewest points up. True if a hand
    was empty."""
    rules, spaces, table, seats, queue = (
        board.rules,
        board.spaces,
        state.table,
        state.seats,
        work.queue,
    )
    for s in range(first, n):
        if seats[s, POS] >= 0:
            card = _discard_choice(board, state, work, players, n, s)
            if card < 0:
                return True
            _discard(state, s, card)
    count = 0
    for s in range(n):
        seats[s, EQUIPMENT] = -1
        here = seats[s, POS]
        if here < 0:
            continue
        if spaces[here, S_KIND] == PRIME:
            seats[s, SCORE] += _wet(rules, table, spaces[here, S_POINTS])
        elif spaces[here, S_BEAUTY]:
            seats[s, SCORE] += _wet(rules, table, rules[R_BEAUTY_POINTS])
        seats[s, MONEY] += rules[R_BREAK_MONEY]
        queue[count] = s
        count += 1
    if not rules[R_SEAT_ORDER]:
        # Fewest points first, ties to the earlier seat (a stable insertion sort).
        for i in range(1, count):
            s = queue[i]
            j = i
            while j > 0 and seats[queue[j - 1], SCORE] > seats[s, SCORE]:
                queue[j] = queue[j - 1]
                j -= 1
            queue[j] = s
    # The shop list is made before anyone buys: each one's own purse decides.
    buyers = 0
    for s in range(n):
        if seats[s, POS] >= 0 and _can_buy(rules, spaces, table, seats, s):
            buyers |= 1 << s
    _break_shops(board, state, work, players, n, buyers, count)
    return False


@nb.njit(cache=True, _nrt=False)
def _break_shops(board, state, work, players, n, buyers, count):
    """A break's shop offered to the seats of ``buyers`` (bits), then the Equipment chosen again
    by ``queue[:count]``."""
    for s in range(n):
        if (buyers >> s) & 1:
            _offer_bar(board, state, work, players, n, s)
    _equipment_round(board, state, work, players, n, count)


@nb.njit(cache=True, inline="always")
def _end_day(rules, table, seats, n):
    """``BBState._end_game("normal")``: the solo rain record, then Mountain Rescue."""
    if n == 1:
        seats[0, SCORE] += max(table[RAINY_TURNS] - rules[R_SOLO_RAIN_ALLOWANCE], 0)
    for s in range(n):
        if seats[s, POS] >= 0:
            seats[s, SCORE] = 0
            seats[s, POS] = -1


@nb.njit(cache=True)
def game_arrays(n, board, tables):
    """A game's state, the engine's scratch and the planners' for ``n`` seats, allocated once and
    reused game after game."""
    n_spaces, n_cards = board.spaces.shape[0], board.cards.shape[0]
    state = State(
        np.zeros(N_TABLE, dtype=np.int64),
        np.zeros((n, N_SEAT), dtype=np.int64),
        np.zeros((n, 16), dtype=np.int64),
        np.zeros(n_cards + 1, dtype=np.int64),
        np.zeros(n_cards + 1, dtype=np.int64),
        np.zeros((n, n_spaces), dtype=np.bool_),
        np.zeros(n_spaces, dtype=np.int64),
    )
    search = Search(
        np.zeros(n_spaces * fw.SYMBOLS * fw.SYMBOLS, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(n_spaces * fw.SYMBOLS * fw.SYMBOLS * 12 + 1, dtype=np.int64),
    )
    work = Work(
        np.zeros((max(MAX_ACTS, 6 * n_spaces + 8), 4), dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros((2, 2), dtype=np.int64),
        np.zeros(n_spaces, dtype=np.bool_),
        np.zeros(n_spaces, dtype=np.bool_),
        np.zeros(n_spaces, dtype=np.bool_),
        np.zeros(n_spaces, dtype=np.bool_),
        np.zeros(n_spaces, dtype=np.bool_),
        np.zeros((n_spaces, 2, 3), dtype=np.int64),
        np.zeros(n_spaces * fw.SYMBOLS * fw.SYMBOLS * 12, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        search,
    )
    words = tables.home_bits.shape[2]
    notes = Notes(
        np.zeros((5, n_spaces + 1), dtype=np.float64),
        np.zeros(n_spaces + 1, dtype=np.int64),
        np.zeros(words, dtype=np.int64),
        np.zeros(n_spaces, dtype=np.bool_),
        np.zeros(n_spaces, dtype=np.bool_),
        np.zeros(16, dtype=np.int64),
        np.zeros(8, dtype=np.float64),
        np.zeros((fw.SYMBOLS, fw.SYMBOLS, n_spaces, words), dtype=np.int64),
        np.zeros((fw.SYMBOLS, fw.SYMBOLS, n_spaces), dtype=np.bool_),
        np.zeros(words, dtype=np.int64),
    )
    return state, work, notes


@nb.njit(cache=True)
def unforced(n):
    """A game's ``steps``: nothing forced, no horizon."""
    steps = np.zeros(CUT_SCORES + n, dtype=np.int64)
    steps[FORCED] = -1
    return steps


@nb.njit(cache=True)
def play_games(root, first, count, n, kinds, board, tables):
    """Play games ``first .. first+count-1`` of a cell; ``kinds[g]`` gives each game's seats
    (``RANDOM``, or 1 + the row of ``tables.styles`` and its tables of a planner). Returns the
    seeds, the per-seat outputs (``O_*`` columns), the end reasons and the turns."""
    seeds, states = game_streams(root, first, count, n)
    state, work, notes = game_arrays(n, board, tables)
    rules, seats, table = board.rules, state.seats, state.table
    out = np.zeros((count, n, N_OUT), dtype=np.int64)
    ends = np.zeros(count, dtype=np.int64)
    turns = np.zeros(count, dtype=np.int64)
    streams = np.arange(1, n + 1)  # each seat its own stream
    steps = unforced(n)
    for g in range(count):
        players = Players(kinds[g], states[g].copy(), tables, notes, streams, steps)
        ends[g] = _play(board, state, work, players, n)
        turns[g] = table[TURN]
        for s in range(n):
            score = seats[s, SCORE]
            out[g, s, O_SCORE] = score
            out[g, s, O_CAIRN] = seats[s, CAIRN_POINTS]
            honour = 0
            for least in (100, 90, 80, 70, 60, 50):
                if score >= least:
                    honour = least
                    break
            out[g, s, O_HONOUR] = honour
            out[g, s, O_PRIMES] = seats[s, PRIMES]
            out[g, s, O_RAINY] = table[RAINY_TURNS]
            out[g, s, O_REFRESHMENTS] = seats[s, REFRESHMENTS]
            back = seats[s, RETURN_TURN]
            clock = -1
            if back >= 0:
                minute = rules[R_FIRST_MINUTE] + back * rules[R_MINUTES_PER_TURN]
                clock = minute // 60 * 100 + minute % 60
            out[g, s, O_RETURN_TIME] = clock
            out[g, s, O_RETURNED] = back >= 0
            out[g, s, O_RIDES] = seats[s, RIDES]
            out[g, s, O_DESIRES] = seats[s, DESIRES]
    return seeds, out, ends, turns


# ----------------------------------------------------------------------- Python side
class CompiledRules:
    """The numbers and the map of one ``Rules`` as the arrays the compiled engine reads."""

    def __init__(self, rules: Rules):
        b, f = rules.board, faces(rules)
        numbers = {
            R_HAND_SIZE: rules.hand_size,
            R_CAIRNS: rules.cairns,
            R_CAIRN_FIRST: rules.cairn_first,
            R_CAIRN_SECOND: rules.cairn_second,
            R_CAIRN_OTHER: rules.cairn_other,
            R_RAIN_PENALTY: rules.rain_penalty,
            R_BEAUTY_POINTS: rules.beauty_points,
            R_START_MONEY: rules.start_money,
            R_BREAK_MONEY: rules.break_money,
            R_START_CHOCOLATE: int(rules.start_chocolate),
            R_REFRESH_COST: rules.refresh_cost,
            R_REFRESH_POINTS: rules.refresh_points,
            R_CHOCOLATE_COST: rules.chocolate_cost,
            R_RIDE_COST: rules.ride_cost,
            R_FERRY_POINTS: rules.ferry_points,
            R_BUS_POINTS: rules.bus_points,
            R_SECRET_DESIRE: rules.secret_desire,
            R_GUIDE_BOOKS: rules.guide_books,
            R_BINOCULARS: rules.binoculars,
            R_SUN_PROTECTION: rules.sun_protection,
            R_RUCKSACK_TURNS: rules.rucksack_turns,
            R_RUCKSACK_HERO: rules.rucksack_hero,
            R_RUCKSACK_DEPTH: rules.rucksack_depth,
            R_SOLO_RUCKSACK_DEPTH: rules.solo_rucksack_depth,
            R_SOLO_RAIN_ALLOWANCE: rules.solo_rain_allowance,
            R_RANDOM_PASSING: int(rules.rucksack_passing == "random"),
            R_SEAT_ORDER: int(rules.equipment_order == "seat_order"),
            R_LATE_STOP: int(rules.late_keswick == "stop"),
            R_TURN_LIMIT: rules.turn_limit,
            R_START: b.start,
            R_N_TURNS: b.n_turns,
            R_LUNCH: b.lunch_turn,
            R_TEA: b.tea_turn,
            R_RETURN_FROM: b.return_from_turn,
            R_FIRST_MINUTE: b.first_minute,
            R_MINUTES_PER_TURN: b.minutes_per_turn,
            R_N_RAMBLING: sum(k == RAMBLING for k in f.kind),
            R_N_CARDS: len(f),
            R_RUCKSACK_CARD: f.rucksack,
        }
        # The Time chart's points follow the numbers (``rules[N_RULES + turn - return_from]``).
        self.rules = np.array(
            [numbers[i] for i in range(N_RULES)] + list(b.return_points), dtype=np.int64
        )
        card_of = f.card_of_location
        self.spaces = np.array(
            [
                (
                    b.kind[s],
                    int(b.triangle[s]),
                    b.points[s],
                    int(b.glass[s]),
                    int(b.beauty[s]),
                    card_of.get(s, -1),
                    int(s in b.ferry),
                )
                for s in range(b.n_spaces)
            ],
            dtype=np.int64,
        ).reshape(b.n_spaces, 7)
        self.cards = np.array(
            list(zip(f.kind, f.location, f.circles, f.triangles, strict=True)), dtype=np.int64
        ).reshape(len(f), 4)
        self.ferry = np.array(sorted(b.ferry), dtype=np.int64)
        self.bus_start = np.cumsum([0] + [len(stops) for _, stops in b.buses]).astype(np.int64)
        self.bus_stops = np.array([s for _, stops in b.buses for s in stops], dtype=np.int64)
        self.offsets, self.targets, self.triangle = _map_arrays(b)
        self.board = b
        self.hops, _, self.home_sets, _ = fp.board_tables(b)
        self.home_bits = fp.home_bits(b)
        self.walking_after = fp.walking_turns_after(b)
        self._bundles: dict[tuple, tuple[Board, Tables]] = {}
        self._arrays: dict[int, tuple] = {}

    def play(self, root: int, first: int, count: int, kinds: np.ndarray, styles: list[tuple]):
        """Games ``first ..`` with seats ``kinds`` (``RANDOM`` or 1 + an index of ``styles``,
        the planners' numbers)."""
        board, planners = self.bundles(tuple(styles))
        return play_games(np.uint64(root), first, count, kinds.shape[1], kinds, board, planners)

    def bundles(self, styles: tuple[tuple, ...]) -> tuple[Board, Tables]:
        """The map and the rules' numbers, and the tables of the planners of ``styles`` (the
        default planner's when there is none), as the kernels take them; kept per ``styles``."""
        kept = self._bundles.get(styles)
        if kept is not None:
            return kept
        tables = [fp.style_tables(self.board, numbers) for numbers in styles] or [
            fp.style_tables(self.board, fp.style_numbers(PeakBagger()))
        ]
        board = Board(
            self.rules,
            self.spaces,
            self.cards,
            self.ferry,
            self.bus_start,
            self.bus_stops,
            (self.offsets, self.targets, self.triangle),
        )
        planners = Tables(
            np.array(styles or [fp.style_numbers(PeakBagger())], dtype=np.float64),
            np.stack([t[0] for t in tables]),
            np.ascontiguousarray(np.stack([t[1] for t in tables])),
            np.stack([t[2] for t in tables]),
            self.hops,
            self.home_sets,
            self.home_bits,
            self.walking_after,
        )
        self._bundles[styles] = board, planners
        return board, planners

    def arrays(self, n: int) -> tuple:
        """A game's state and scratch arrays for ``n`` seats (``game_arrays``), allocated once:
        the playouts reuse them world after world (megabytes of search scratch, and the planners'
        walks on the empty map, kept as in a chunk of games)."""
        kept = self._arrays.get(n)
        if kept is None:
            board, tables = self.bundles(())
            kept = self._arrays[n] = game_arrays(n, board, tables)
        return kept


def compiled_form(player) -> tuple | None:
    """A player's compiled form: ``()`` for ``random``, a planner's numbers, None without one."""
    if type(player) is Random:
        return ()
    if fp.compiled(player):
        return fp.style_numbers(player)
    return None


def playouts(world, seat: int, legal, policy, rng, horizon: int = 0):
    """Compiled playouts, the optional hook of ``simkit.core.playout.move_values``: each legal
    move's win share and margin in ``world``, or None where this engine cannot play them (see
    :mod:`fast_playouts`, imported here when first asked, since it builds on this module)."""
    from simkit.games.backpacks_and_blisters import fast_playouts

    return fast_playouts.playouts(world, seat, legal, policy, rng, horizon)


def supports(strategies) -> bool:
    """Whether every strategy has a compiled form."""
    return all(compiled_form(s) is not None for s in strategies)


def warm() -> None:
    """Compile (or load from numba's cache) before work is dispatched, so workers load it once."""
    seats = [[Random(), PeakBagger()]]
    kinds, styles = seat_codes(seats)
    compiled_rules(Rules()).play(0, 0, 1, kinds, styles)


def seat_codes(seat_players: list[list]) -> tuple[np.ndarray, list[tuple]]:
    """Each game's seat kinds and the planners' distinct numbers they index."""
    styles: dict[tuple, int] = {}
    forms: dict[int, int] = {}
    kinds = np.empty((len(seat_players), len(seat_players[0])), dtype=np.int64)
    for g, players in enumerate(seat_players):
        for seat, player in enumerate(players):
            code = forms.get(id(player))
            if code is None:
                numbers = compiled_form(player)
                code = RANDOM if numbers == () else 1 + styles.setdefault(numbers, len(styles))
                forms[id(player)] = code
            kinds[g, seat] = code
    return kinds, list(styles)


# Process CPU seconds spent inside the compiled kernel by ``play_rows`` (``simkit bench`` reads it).
kernel_seconds = 0.0


@cache
def compiled_rules(rules: Rules) -> CompiledRules:
    """One ``CompiledRules`` per rules (and so per map file), built once per process."""
    return CompiledRules(rules)


def play_rows(
    labels: tuple[str, str, str],
    rules: Rules,
    root: int,
    first: int,
    first_index: int,
    seat_players: list[list],
) -> pa.Table | None:
    """Play games ``first ..`` of a cell (one list of players per game) into their rows; None if a
    game cannot finish here (the runner then plays the chunk in Python, which reports why)."""
    global kernel_seconds
    kinds, styles = seat_codes(seat_players)
    started = time.process_time()
    seeds, out, ends, turns = compiled_rules(rules).play(
        root, first, len(seat_players), kinds, styles
    )
    kernel_seconds += time.process_time() - started
    if (ends == FAILED).any():
        return None
    scores = out[:, :, O_SCORE]
    # ``rank_by``: 1 + the seats scoring more.
    ranks = 1 + (scores[:, None, :] > scores[:, :, None]).sum(axis=2)
    extras = {
        name: out[:, :, col].astype(np.bool_) if col == O_RETURNED else out[:, :, col]
        for col, name in enumerate(EXTRAS)
    }
    strategy = strategy_column(seat_players)
    return outcome_table(
        labels, first_index, strategy, seeds, scores, ranks, turns, ends, END_REASONS, extras
    )


__all__ = ["CompiledRules", "play_rows", "playouts", "supports", "warm"]
