"""The planners of ``simkit.strategies.backpacks_and_blisters`` (``peak-bagger``, ``cairn-racer``,
``day-tripper``) compiled for :mod:`fast`: the same estimates in the same floating-point order,
so that every decision is the Python planner's.

What does not change within a game is worked out once per map and style in Python, with the
Python planner's own functions (``home_turns``, ``home_set``, ``Board.hops``), and handed over
as arrays (:func:`style_tables`): the turns home at each pace, the turns from every space to each
Prime Location, the spaces one walk of (circles, triangles) brings home. A decision's estimates
(the stone values, the prospects, the end values: ``_Plan._end_values``) are swept into the
rows of ``plan``. The Python planner's cache of the last end values is left out: it returns the
values a fresh sweep gives.
"""

from __future__ import annotations

import math
from collections import namedtuple
from functools import cache

import numba as nb
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from simkit.games.backpacks_and_blisters import fast_walks as fw
from simkit.games.backpacks_and_blisters.board import PRIME
from simkit.games.backpacks_and_blisters.cards import BLISTER
from simkit.games.backpacks_and_blisters.fast_state import (
    BAR,
    C_CIRCLES,
    C_KIND,
    C_LOCATION,
    C_TRIANGLES,
    CARRIED,
    CARRYING,
    EQUIPMENT,
    HAND_LEN,
    HOLDER,
    MONEY,
    N_RULES,
    PLAY,
    PLAYED,
    POS,
    R_BEAUTY_POINTS,
    R_BINOCULARS,
    R_BUS_POINTS,
    R_CHOCOLATE_COST,
    R_FERRY_POINTS,
    R_GUIDE_BOOKS,
    R_LATE_STOP,
    R_N_RAMBLING,
    R_N_TURNS,
    R_RAIN_PENALTY,
    R_REFRESH_COST,
    R_REFRESH_POINTS,
    R_RETURN_FROM,
    R_RIDE_COST,
    R_RUCKSACK_HERO,
    R_RUCKSACK_TURNS,
    R_SECRET_DESIRE,
    R_START,
    R_SUN_PROTECTION,
    R_TEA,
    RAINING,
    REFRESH,
    RIDE,
    RUCKSACK_AT,
    S_BEAUTY,
    S_CARD,
    S_KIND,
    S_POINTS,
    S_TRIANGLE,
    SCORE,
    TURN,
    cairn_bonus,
)
from simkit.games.backpacks_and_blisters.rules import (
    BINOCULARS,
    GUIDE_BOOKS,
    MINT_CAKE,
    SUN_PROTECTION,
)
from simkit.strategies.backpacks_and_blisters import (
    STRANDED,
    UNSAFE,
    CairnRacer,
    DayTripper,
    PeakBagger,
    home_set,
    home_turns,
)

# Columns of a style's numbers (``style``); the Equipment taste follows as six tile numbers.
(
    MARGIN,
    SPEED,
    HOME_CIRCLES,
    HOME_TRIANGLES,
    LOOKAHEAD,
    CAIRN_WEIGHT,
    MONEY_VALUE,
    SPEND_BIAS,
    CHOCOLATE_VALUE,
    CAUTION,
    VOTE_HORIZON,
    TASTE,
) = range(12)
N_STYLE = TASTE + 6
PLANNERS = (PeakBagger, CairnRacer, DayTripper)
_NUMBERS = (
    "margin",
    "speed",
    "home_circles",
    "home_triangles",
    "lookahead",
    "cairn_weight",
    "money_value",
    "spend_bias",
    "chocolate_value",
    "rucksack_caution",
    "vote_horizon",
)
# Rows of ``homes``: the turns home at the planner's pace, at the Heavy Rucksack's (both as
# ``_Plan`` clamps them), the unclamped Rucksack pace of ``rucksack_gain`` and the stranded pace.
HOME, HOME_BURDENED, PACE, STRANDED_PACE = range(4)
# Rows of ``plan`` (per decision): stone values (one per Prime Location), prospects, points
# now, with the prospect, end values.
STONES, POTENTIAL, NOW, BASE, ENDS = range(5)
# What a decision is about.
P_EQUIP, P_START, P_MOVE, P_SHOP, P_DISCARD, P_VOTE = range(6)


def style_numbers(player) -> tuple[float, ...]:
    """A planner's numbers as one row (its class's fields and Equipment taste)."""
    return tuple(float(getattr(player, name)) for name in _NUMBERS) + tuple(
        float(t) for t in player.equipment_taste
    )


def compiled(player) -> bool:
    """One of the shipped planners, with any numbers (a subclass may plan otherwise)."""
    return type(player) in PLANNERS


@cache
def board_tables(board):
    """Per map: all-pairs hops, the Prime Locations' spaces, and per (circles, triangles) the
    spaces from which one walk reaches Keswick (``home_set``)."""
    n = board.n_spaces
    hops = np.array([[board.hops(a, b) for b in range(n)] for a in range(n)], dtype=np.int64)
    primes = np.array([s for s, _, _ in board.cards], dtype=np.int64)
    homes = np.zeros((fw.SYMBOLS, fw.SYMBOLS, n), dtype=np.bool_)
    for c in range(fw.SYMBOLS):
        for t in range(fw.SYMBOLS):
            homes[c, t, list(home_set(board, c, t))] = True
    stranded = np.array(home_turns(board, 1.2, 0.6))
    return hops, primes, homes, stranded


@cache
def style_tables(board, numbers: tuple[float, ...]):
    """Per map and style: the turns home (``HOME`` ... rows), and the turns from each space to
    each Prime Location (hops / speed) with a last row of the whole turns home from each
    (``_prime_tables``), and each space's locations nearest first."""
    speed, hc, ht, caution = (
        numbers[SPEED],
        numbers[HOME_CIRCLES],
        numbers[HOME_TRIANGLES],
        numbers[CAUTION],
    )
    hops, primes, _, stranded = board_tables(board)
    rows = []
    for burden in (0, 1):
        slow = caution * burden
        rows.append(home_turns(board, max(hc - slow, 0.3), max(ht - slow, 0.3)))
    rows.append(home_turns(board, hc - caution, ht - caution))
    homes = np.array([*rows, stranded], dtype=np.float64)
    turns = hops[:, primes] / speed
    base = home_turns(board, hc, ht)
    need = np.array([math.ceil(base[p]) for p in primes], dtype=np.float64)
    nearest = np.argsort(turns, axis=1, kind="stable").astype(np.int64)
    return homes, np.vstack([turns, need]), nearest


@cache
def walking_turns_after(board) -> np.ndarray:
    """``_walking_turns_after`` of every turn of the day."""
    breaks = (board.lunch_turn, board.tea_turn)
    return np.array(
        [
            sum(1 for t in range(turn + 1, board.n_turns) if t not in breaks)
            for turn in range(board.n_turns + 1)
        ],
        dtype=np.int64,
    )


@cache
def home_bits(board) -> np.ndarray:
    """``board_tables``' spaces one walk brings home, per (circles, triangles), as the bits of
    ``fast_walks.walk_bits`` (space ``s`` is bit ``s % 64`` of word ``s // 64``)."""
    homes = board_tables(board)[2]
    words = (board.n_spaces + 63) // 64
    padded = np.zeros((fw.SYMBOLS, fw.SYMBOLS, words * 64), dtype=np.bool_)
    padded[:, :, : board.n_spaces] = homes
    packed = np.packbits(padded, axis=-1, bitorder="little")
    return np.ascontiguousarray(packed).view("<u8").view(np.int64)


# ----------------------------------------------------------------------- a decision's estimates
# One decision's planner (``_Plan``): the style's numbers and tables, the seat, the walking turns
# left after this one and whether it expects the Heavy Rucksack (``home`` is the pace it plans).
Plan = namedtuple(
    "Plan",
    "style home homes turns_to nearest hops home_sets home_bits seat turns_after burden",
)


@nb.njit(cache=True, inline="always")
def _need_home(rules, home, space):
    """``_Plan.need_home``: whole turns home from ``space`` (none from Keswick)."""
    if space == rules[R_START]:
        return 0
    return math.ceil(home[space])


@nb.njit(cache=True, inline="always")
def _burden(style, table, seats, seat, n, turns_after):
    """``_Plan.expects_rucksack``: carrying the Heavy Rucksack, or late in the day leading among
    those who could be voted it next."""
    holder = table[HOLDER]
    if holder == seat:
        return 1
    if table[RUCKSACK_AT] != CARRIED or not (
        turns_after > 0 and turns_after <= style[VOTE_HORIZON]
    ):
        return 0
    for s in range(n):
        if (
            seats[s, POS] >= 0
            and s != seat
            and s != holder
            and seats[seat, SCORE] < seats[s, SCORE]
        ):
            return 0
    return 1


@nb.njit(cache=True, inline="always")
def _card_worth(p, board, state, card):
    """``_Plan.card_worth``: a card's movement and a Secret Desire near at hand."""
    rules, cards = board.rules, board.cards
    if cards[card, C_KIND] == BLISTER:
        return -10.0
    worth = 0.5 * (cards[card, C_CIRCLES] + cards[card, C_TRIANGLES])
    where = cards[card, C_LOCATION]
    if not state.stones[p.seat, where]:
        turns = p.hops[state.seats[p.seat, POS], where] / p.style[SPEED]
        if turns + _need_home(rules, p.home, where) <= p.turns_after:
            worth += rules[R_SECRET_DESIRE] * 2.0 / (1.0 + turns)
    return worth


@nb.njit(cache=True, inline="always")
def _stone_values(p, board, state, notes):
    """``_Plan.stone_values`` into ``plan[STONES]`` (one per Rambling card's location, the best
    of them last); the end values of the spaces are then worked out as they are asked for
    (``_at``): a new decision's number in ``known[-1]`` forgets the last one's."""
    rules, spaces, cards = board.rules, board.spaces, board.cards
    table, seats, hands, stones = state.table, state.seats, state.hands, state.stones
    known, seat = notes.known, p.seat
    known[known.shape[0] - 1] += 1
    raining = table[RAINING] == 1
    eq = seats[seat, EQUIPMENT]
    played = table[PLAYED]
    wet = rules[R_RAIN_PENALTY] if raining else 0
    for j in range(rules[R_N_RAMBLING]):
        space = cards[j, C_LOCATION]
        value = max(spaces[space, S_POINTS] - float(wet), 0.0)
        placed = state.cairn[space]
        if placed >= 0:
            value += p.style[CAIRN_WEIGHT] * cairn_bonus(rules, placed)
        held = j == played
        for k in range(seats[seat, HAND_LEN]):
            held |= hands[seat, k] == j
        if held:
            value += rules[R_GUIDE_BOOKS] if eq == GUIDE_BOOKS else rules[R_SECRET_DESIRE]
        if eq == BINOCULARS and spaces[space, S_TRIANGLE]:
            value += rules[R_BINOCULARS]
        if eq == SUN_PROTECTION and not raining:
            value += rules[R_SUN_PROTECTION]
        done = spaces[space, S_KIND] != PRIME or stones[seat, space]
        notes.plan[STONES, j] = 0.0 if done else value
    top = 0.0
    for j in range(rules[R_N_RAMBLING]):
        top = max(top, notes.plan[STONES, j])
    notes.plan[STONES, notes.plan.shape[1] - 1] = top


@nb.njit(cache=True, inline="always")
def _at(p, board, state, notes, a):
    """``_Plan._potentials`` and ``_end_values`` of space ``a`` into its column of ``plan``:
    points now, the best prospect within reach (discounted by the turns to it), the Time
    chart's points for the return it leaves likely; a space too far from Keswick ranks by its
    distance. ``turns_to``'s last row is each location's whole turns home."""
    known, plan = notes.known, notes.plan
    stamp = known[known.shape[0] - 1]
    if known[a] == stamp:
        return
    known[a] = stamp
    rules, spaces, cards, table = board.rules, board.spaces, board.cards, state.table
    style, home, turns_to = p.style, p.home, p.turns_to
    n_primes = rules[R_N_RAMBLING]
    last = turns_to.shape[0] - 1
    # The locations nearest first: once the best stone value over the nearest one left's
    # discount cannot beat the best so far, no farther one can (the maximum is the same).
    top = plan[STONES, plan.shape[1] - 1]
    best = 0.0 if n_primes else -np.inf
    for i in range(n_primes):
        j = p.nearest[a, i]
        discount = 1.0 + turns_to[a, j]
        if top / discount <= best:
            break
        if (
            a != cards[j, C_LOCATION]
            and turns_to[a, j] + (turns_to[last, j] + p.burden) <= p.turns_after
        ):
            best = max(best, plan[STONES, j] / discount)
    plan[POTENTIAL, a] = best
    wet = rules[R_RAIN_PENALTY] if table[RAINING] else 0
    card = spaces[a, S_CARD]
    if card >= 0:
        plan[NOW, a] = plan[STONES, card]
    elif spaces[a, S_BEAUTY]:
        plan[NOW, a] = float(max(rules[R_BEAUTY_POINTS] - wet, 0))
    else:
        plan[NOW, a] = 0.0
    start, rf, turn = rules[R_START], rules[R_RETURN_FROM], table[TURN]
    need = 0.0 if a == start else math.ceil(home[a])
    arrive = min(max(turn + int(need), rf), rules[R_N_TURNS] - 1)
    plan[BASE, a] = plan[NOW, a] + style[LOOKAHEAD] * plan[POTENTIAL, a]
    if need > p.turns_after - style[MARGIN]:
        plan[ENDS, a] = UNSAFE - 10.0 * home[a]
    else:
        plan[ENDS, a] = plan[BASE, a] + rules[N_RULES + arrive - rf]
    if a == start and turn >= rf:
        # Going home now banks the Time chart's points for this turn (and the hero's).
        value = rules[N_RULES + turn - rf]
        if table[HOLDER] == p.seat:
            value += rules[R_RUCKSACK_HERO]
        plan[ENDS, start] = value


@nb.njit(cache=True, inline="always")
def _goes_home(p, cards, seats, allow, card, eat, rucksack, space):
    """``space in homes(card, eat)`` of ``_Plan.hand_home_turns`` (a Blister goes nowhere)."""
    if cards[card, C_KIND] == BLISTER:
        return False
    home = False
    for a in range(fw.allowance(cards, seats, p.seat, card, eat, rucksack, allow)):
        home |= p.home_sets[allow[a, 0], allow[a, 1], space]
    return home


@nb.njit(cache=True, inline="always")
def _hand_home_turns(p, board, state, work, notes, space, n_rest, bar):
    """``_Plan.hand_home_turns``: turns the cards held (``notes.rest[:n_rest]``) take home from
    ``space`` (each once, the bar doubling one), else at least one more than they cover and
    never fewer than the pace's. Two cards go home when a space the first reaches is one the
    second brings home: the first's walks come from the chunk's kept ones, as bits."""
    rules, cards, seats = board.rules, board.cards, state.seats
    allow, rest, bits = work.allow, notes.rest, notes.bits
    if space == rules[R_START]:
        return 0
    rucksack = state.table[HOLDER] == p.seat
    eats = 2 if bar else 1
    for i in range(n_rest):
        for eat in range(eats):
            if _goes_home(p, cards, seats, allow, rest[i], eat, rucksack, space):
                return 1
    for i in range(n_rest):
        if cards[rest[i], C_KIND] == BLISTER:
            continue
        for eat in range(eats):
            for w in range(bits.shape[0]):
                bits[w] = 0
            for a in range(fw.allowance(cards, seats, p.seat, rest[i], eat, rucksack, allow)):
                via = fw.walk_bits(board.paths, work.search, notes, space, allow[a, 0], allow[a, 1])
                for w in range(bits.shape[0]):
                    bits[w] |= via[w]
            last_eat = bar and not eat
            for j in range(n_rest):
                if j == i or cards[rest[j], C_KIND] == BLISTER:
                    continue
                for b in range(
                    fw.allowance(cards, seats, p.seat, rest[j], last_eat, rucksack, allow)
                ):
                    home = p.home_bits[allow[b, 0], allow[b, 1]]
                    for w in range(bits.shape[0]):
                        if bits[w] & home[w]:
                            return 2
    return max(_need_home(rules, p.home, space), min(n_rest, 2) + 1)


@nb.njit(cache=True, inline="always")
def _walk_value(p, board, state, work, notes, space, n_rest, bar):
    """``_Plan.walk_value``: the end value, but from Tea with the turns home counted from the
    cards kept (``notes.rest[:n_rest]``)."""
    _at(p, board, state, notes, space)
    rules, turn, plan = board.rules, state.table[TURN], notes.plan
    if turn <= rules[R_TEA] or space == rules[R_START]:
        return plan[ENDS, space]
    need = _hand_home_turns(p, board, state, work, notes, space, n_rest, bar)
    if need > p.turns_after - p.style[MARGIN]:
        return UNSAFE - 10.0 * need - p.home[space]
    rf = rules[R_RETURN_FROM]
    arrive = min(max(turn + need, rf), rules[R_N_TURNS] - 1)
    chart = rules[N_RULES + arrive - rf] - 0.01 * p.home[space]
    if turn >= rf:
        return plan[NOW, space] + chart
    return plan[BASE, space] + chart


@nb.njit(cache=True, inline="always")
def _pound(style, rules, table):
    return style[MONEY_VALUE] * ((rules[R_N_TURNS] - table[TURN]) / rules[R_N_TURNS])


@nb.njit(cache=True, inline="always")
def _chocolate(style, rules, table):
    return style[CHOCOLATE_VALUE] * ((rules[R_N_TURNS] - table[TURN]) / rules[R_N_TURNS])


@nb.njit(cache=True, inline="always")
def _bar_price(style, rules, table):
    return rules[R_CHOCOLATE_COST] * (_pound(style, rules, table) + style[SPEND_BIAS])


@nb.njit(cache=True, inline="always")
def _wants_chocolate(style, rules, table, seats, seat):
    """``_Plan.wants_chocolate``: with a pound to spare, when a bar is worth more than its price."""
    spare = seats[seat, MONEY] - rules[R_CHOCOLATE_COST]
    return spare >= 1 and _chocolate(style, rules, table) > _bar_price(style, rules, table)


@nb.njit(cache=True, inline="always")
def _rest(state, seat, skip, rest):
    """The hand without the cards of bit mask ``skip`` (by slot), into ``rest``; how many."""
    k = 0
    for j in range(state.seats[seat, HAND_LEN]):
        if not (skip >> j) & 1:
            rest[k] = state.hands[seat, j]
            k += 1
    return k


@nb.njit(cache=True, inline="always")
def _rucksack_gain(style, rules, table, seats, homes, turns_after, s, n):
    """``_Plan.rucksack_gain``: the hero's points if ``s`` can bring it home in time, less the
    pace it costs; ``STRANDED`` if it may keep ``s`` out past 6 p.m."""
    space = seats[s, POS]
    if space < 0:
        return 0.0
    turn, rf = table[TURN], rules[R_RETURN_FROM]
    burden = -1.0 * rules[R_RUCKSACK_TURNS]
    if space == rules[R_START]:
        return rules[R_RUCKSACK_HERO] + burden / 2 if turn + 1 >= rf else burden
    if math.ceil(homes[STRANDED_PACE, space]) + 1 > turns_after:
        return STRANDED
    home = math.ceil(homes[PACE, space])
    if _keeps_at_will(table, seats, s, n):  # carried till home from 4 p.m., a point a turn
        if home <= turns_after and turn + home < rules[R_N_TURNS]:
            return rules[R_RUCKSACK_HERO] - 1.0 * max(home, rf - turn)
        return burden
    last = turn + rules[R_RUCKSACK_TURNS]
    if home <= rules[R_RUCKSACK_TURNS] and last >= rf and turn + home < rules[R_N_TURNS]:
        return rules[R_RUCKSACK_HERO] + burden / 2
    return burden


@nb.njit(cache=True, inline="always")
def _keeps_at_will(table, seats, s, n):
    """``_Plan.keeps_at_will``: ``s`` carries the Rucksack with at most one other voter left."""
    on_map = 0
    for t in range(n):
        on_map += seats[t, POS] >= 0
    return table[HOLDER] == s and on_map <= 2


@nb.njit(cache=True, inline="always")
def _rucksack_target(p, rules, table, seats, acts, count, gains, n):
    """``_Plan.rucksack_target`` over the seats of ``acts[:count]``: the row to pick."""
    seat = p.seat
    me_row = -1
    for r in range(count):
        s = acts[r, 1]
        gains[r] = _rucksack_gain(p.style, rules, table, seats, p.homes, p.turns_after, s, n)
        if s == seat:
            me_row = r
    if count == 1 and me_row == 0:
        return 0
    if table[HOLDER] == seat and me_row >= 0 and gains[me_row] > 0:
        return me_row
    any_safe = False
    for r in range(count):
        any_safe |= gains[r] > STRANDED
    weakest = -1
    for r in range(count):
        if any_safe and not gains[r] > STRANDED:
            continue
        s = acts[r, 1]
        if weakest < 0 or (seats[s, SCORE], s) < (seats[acts[weakest, 1], SCORE], acts[weakest, 1]):
            weakest = r
    for r in range(count):
        if r != weakest and gains[r] > 0:
            return weakest
    best = -1
    for r in range(count):
        s = acts[r, 1]
        if s == seat:
            continue
        if best < 0 or (seats[s, SCORE], -s) > (seats[acts[best, 1], SCORE], -acts[best, 1]):
            best = r
    return best


@nb.njit(cache=True, _nrt=False)
def _best_walk(p, board, state, work, notes, n, card, eat, n_rest, bar):
    """``_Plan.best_walk(_Plan.reach(card, eat), rest, bar)``: the best end of the card's walk."""
    rules, seats, table, ends = board.rules, state.seats, state.table, notes.ends
    k = fw.allowance(board.cards, seats, p.seat, card, eat, table[CARRYING] == 1, work.allow)
    stop = -1
    if rules[R_LATE_STOP] == 1 and table[TURN] >= rules[R_RETURN_FROM]:
        stop = rules[R_START]
    work.stops[rules[R_START]] = stop >= 0
    here = seats[p.seat, POS]
    fw.ends_bits(board.paths, work, notes, board.spaces, seats, n, p.seat, here, k, stop, ends)
    best = -np.inf
    late = table[TURN] > rules[R_TEA]
    for w in range(ends.shape[0]):
        left = ends[w]
        while left:
            # The ends in the spaces' order, lowest bit first.
            s = w * 64 + trailing_zeros(left)
            left &= left - 1
            if late:
                value = _walk_value(p, board, state, work, notes, s, n_rest, bar)
            else:
                _at(p, board, state, notes, s)
                value = notes.plan[ENDS, s]
            best = max(best, value)
    return best


@nb.njit(cache=True, _nrt=False)
def decide(phase, k, board, state, work, tables, notes, count, seat, n):
    """The row of ``work.acts[:count]`` the planner of style ``k`` picks for ``seat``
    (``Planner.choose``). ``phase``: what is decided (the ``P_*`` numbers)."""
    rules, table, seats, hands, acts = board.rules, state.table, state.seats, state.hands, work.acts
    style, homes = tables.styles[k], tables.homes[k]
    turns_after = tables.walking_after[table[TURN]]
    burden = _burden(style, table, seats, seat, n, turns_after)
    p = Plan(
        style, homes[HOME_BURDENED] if burden else homes[HOME], homes, tables.turns_to[k],
        tables.nearest[k], tables.hops, tables.home_sets, tables.home_bits, seat, turns_after,
        burden,
    )  # fmt: skip
    if phase == P_EQUIP:
        best, best_score = 0, -np.inf
        for r in range(count):
            tile = acts[r, 1]
            score = 0.0
            for j in range(6):
                if style[TASTE + j] == tile:
                    score = -float(j)
            if tile == MINT_CAKE and table[HOLDER] == seat:
                score += 10
            if tile == SUN_PROTECTION and table[RAINING]:
                score -= 3
            if tile == GUIDE_BOOKS:
                for j in range(seats[seat, HAND_LEN]):
                    if _card_worth(p, board, state, hands[seat, j]) > 2.0:
                        score += 1
            if score > best_score:
                best, best_score = r, score
        return best
    if phase == P_VOTE:
        return _rucksack_target(p, rules, table, seats, acts, count, notes.gains, n)
    if phase == P_DISCARD:
        best, least = 0, np.inf
        for r in range(count):
            worth = _card_worth(p, board, state, acts[r, 1])
            if worth < least:
                best, least = r, worth
        return best
    if phase == P_SHOP:
        return 0 if _wants_chocolate(style, rules, table, seats, seat) else 1
    if phase != P_MOVE:
        # The move follows the seat's own start, valued on the same stones and cards (the one
        # played counts as held in both): its sweep serves, as the Python planner's cache does.
        _stone_values(p, board, state, notes)
    if phase == P_MOVE:
        n_rest = _rest(state, seat, 0, notes.rest)
        price = _bar_price(style, rules, table)
        best, best_score = 0, -np.inf
        for r in range(count):
            space, eat, bought = acts[r, 1], acts[r, 2], acts[r, 3]
            bar_end = seats[seat, BAR] - eat + bought > 0
            end = _walk_value(p, board, state, work, notes, space, n_rest, bar_end)
            kept = 0.0
            if bought <= eat or _wants_chocolate(style, rules, table, seats, seat):
                kept = _chocolate(style, rules, table)
            score = end + (bought - eat) * kept - bought * price
            if score > best_score:
                best, best_score = r, score
        return best
    return _best_start(p, board, state, work, notes, count, n, seats[seat, BAR] == 1)


@nb.njit(cache=True, _nrt=False)
def _best_start(p, board, state, work, notes, count, n, bar):
    """``_Plan.best_start``: each card's best walk, a ride, Refreshments, then maybe a bar first."""
    rules, table, seats, hands, acts = board.rules, state.table, state.seats, state.hands, work.acts
    style, seat, rest = p.style, p.seat, notes.rest
    best, best_value = 0, -np.inf
    turn, m = table[TURN], seats[seat, HAND_LEN]
    pound = _pound(style, rules, table)
    buy_row = -1
    for r in range(count):
        kind = acts[r, 0]
        end = 0.0
        if kind == PLAY:
            card = acts[r, 1]
            slot = 0
            while hands[seat, slot] != card:
                slot += 1
            n_rest = _rest(state, seat, 1 << slot, rest)
            # The walk as it is, and with the bar eaten (its value spent).
            value = -np.inf
            for eat in range(2 if bar else 1):
                walk = _best_walk(
                    p, board, state, work, notes, n, card, eat, n_rest, bar and not eat
                )
                if eat:
                    walk -= _chocolate(style, rules, table)
                value = max(value, walk)
            if turn < rules[R_RETURN_FROM]:
                value -= 0.3 * _card_worth(p, board, state, card)
        elif kind == RIDE:
            points = rules[R_FERRY_POINTS] if acts[r, 1] else rules[R_BUS_POINTS]
            worst, least = -1, np.inf
            for j in range(m):
                worth = _card_worth(p, board, state, hands[seat, j])
                if worth < least:
                    worst, least = j, worth
            n_rest = _rest(state, seat, 1 << worst if worst >= 0 else 0, rest)
            end = _walk_value(p, board, state, work, notes, acts[r, 2], n_rest, bar)
            value = (
                points
                + style[SPEND_BIAS]
                + end
                - rules[R_RIDE_COST] * pound
                - 0.3 * (least if worst >= 0 else 0.0)
            )
        elif kind == REFRESH:
            mask = acts[r, 1]
            dropped = 0.0
            for j in range(m):
                if (mask >> j) & 1:
                    dropped += _card_worth(p, board, state, hands[seat, j])
            fresh = acts[r, 2] * 1.5
            n_rest = _rest(state, seat, mask, rest)
            end = _walk_value(p, board, state, work, notes, seats[seat, POS], n_rest, bar)
            value = (
                rules[R_REFRESH_POINTS]
                + style[SPEND_BIAS]
                + end
                - rules[R_REFRESH_COST] * pound
                - 0.3 * dropped
                + 0.3 * fresh
            )
        else:  # buy: weighed below, against what the pound would otherwise buy this turn
            buy_row = r
            continue
        if kind in (RIDE, REFRESH) and value < UNSAFE / 2:
            # Out of time: only getting closer to Keswick counts.
            value = end - (1.0 if kind == RIDE else 100.0)
        if value > best_value:
            best, best_value = r, value
    if buy_row >= 0 and _wants_chocolate(style, rules, table, seats, seat):
        cost = 0
        if acts[best, 0] == RIDE:
            cost = rules[R_RIDE_COST]
        elif acts[best, 0] == REFRESH:
            cost = rules[R_REFRESH_COST]
        if seats[seat, MONEY] - rules[R_CHOCOLATE_COST] >= cost:
            return buy_row
    return best


__all__ = [
    "compiled",
    "decide",
    "home_bits",
    "style_numbers",
    "style_tables",
    "walking_turns_after",
]
