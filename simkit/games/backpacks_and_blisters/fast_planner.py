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
from functools import cache

import numba as nb
import numpy as np

from simkit.games.backpacks_and_blisters import fast_walks as fw
from simkit.games.backpacks_and_blisters.board import PRIME, SMALL
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
    R_CAIRN_FIRST,
    R_CAIRN_OTHER,
    R_CAIRN_SECOND,
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
)
from simkit.games.backpacks_and_blisters.rules import (
    BINOCULARS,
    GUIDE_BOOKS,
    MINT_CAKE,
    SUN_PROTECTION,
    WALKING_STICKS,
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


# ----------------------------------------------------------------------- a decision's estimates
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
def _card_worth(style, rules, cards, hops, seats, stones, home, seat, turns_after, card):
    """``_Plan.card_worth``: a card's movement and a Secret Desire near at hand."""
    if cards[card, C_KIND] == BLISTER:
        return -10.0
    worth = 0.5 * (cards[card, C_CIRCLES] + cards[card, C_TRIANGLES])
    where = cards[card, C_LOCATION]
    if not stones[seat, where]:
        turns = hops[seats[seat, POS], where] / style[SPEED]
        if turns + _need_home(rules, home, where) <= turns_after:
            worth += rules[R_SECRET_DESIRE] * 2.0 / (1.0 + turns)
    return worth


@nb.njit(cache=True, inline="always")
def _stone_values(
    style, rules, spaces, cards, table, seats, hands, stones, cairn, plan, known, seat
):
    """``_Plan.stone_values`` into ``plan[STONES]`` (one per Rambling card's location); the end
    values of the spaces are then worked out as they are asked for (``_at``): a new decision's
    number in ``known[-1]`` forgets the last one's."""
    known[known.shape[0] - 1] += 1
    raining = table[RAINING] == 1
    eq = seats[seat, EQUIPMENT]
    played = table[PLAYED]
    wet = rules[R_RAIN_PENALTY] if raining else 0
    for j in range(rules[R_N_RAMBLING]):
        space = cards[j, C_LOCATION]
        value = max(spaces[space, S_POINTS] - float(wet), 0.0)
        placed = cairn[space]
        if placed >= 0:
            if placed == 0:
                bonus = rules[R_CAIRN_FIRST]
            elif placed == 1:
                bonus = rules[R_CAIRN_SECOND]
            else:
                bonus = rules[R_CAIRN_OTHER]
            value += style[CAIRN_WEIGHT] * bonus
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
        plan[STONES, j] = 0.0 if done else value


@nb.njit(cache=True, inline="always")
def _at(
    style,
    rules,
    spaces,
    cards,
    turns_to,
    nearest,
    table,
    home,
    plan,
    known,
    seat,
    turns_after,
    burden,
    a,
):
    """``_Plan._potentials`` and ``_end_values`` of space ``a`` into its column of ``plan``:
    points now, the best prospect within reach (discounted by the turns to it), the Time
    chart's points for the return it leaves likely; a space too far from Keswick ranks by its
    distance. ``turns_to``'s last row is each location's whole turns home."""
    stamp = known[known.shape[0] - 1]
    if known[a] == stamp:
        return
    known[a] = stamp
    n_primes = rules[R_N_RAMBLING]
    last = turns_to.shape[0] - 1
    # The locations nearest first: once the best stone value over the nearest one left's
    # discount cannot beat the best so far, no farther one can (the maximum is the same).
    top = 0.0
    for j in range(n_primes):
        top = max(top, plan[STONES, j])
    best = 0.0 if n_primes else -np.inf
    for i in range(n_primes):
        j = nearest[a, i]
        discount = 1.0 + turns_to[a, j]
        if top / discount <= best:
            break
        if (
            a != cards[j, C_LOCATION]
            and turns_to[a, j] + (turns_to[last, j] + burden) <= turns_after
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
    if need > turns_after - style[MARGIN]:
        plan[ENDS, a] = UNSAFE - 10.0 * home[a]
    else:
        plan[ENDS, a] = plan[BASE, a] + rules[N_RULES + arrive - rf]
    if a == start and turn >= rf:
        # Going home now banks the Time chart's points for this turn (and the hero's).
        value = rules[N_RULES + turn - rf]
        if table[HOLDER] == seat:
            value += rules[R_RUCKSACK_HERO]
        plan[ENDS, start] = value


@nb.njit(cache=True, inline="always")
def _moves(cards, seats, seat, card, eat, rucksack, allow):
    """``movement.allowance`` of ``card`` into ``allow``; returns how many allowances."""
    eq = seats[seat, EQUIPMENT]
    circles = cards[card, C_CIRCLES] + (1 if eq == WALKING_STICKS else 0)
    triangles = cards[card, C_TRIANGLES]
    k = 1
    if not rucksack:
        allow[0, 0], allow[0, 1] = circles, triangles
    elif eq == MINT_CAKE:
        allow[0, 0], allow[0, 1] = max(circles - 1, 0), triangles
        allow[1, 0], allow[1, 1] = circles, max(triangles - 1, 0)
        k = 2
    else:
        allow[0, 0], allow[0, 1] = max(circles - 1, 0), max(triangles - 1, 0)
    factor = 2 if eat else 1
    for a in range(k):
        allow[a, 0] *= factor
        allow[a, 1] *= factor
    return k


@nb.njit(cache=True, inline="always")
def _goes_home(cards, seats, table, home_sets, allow, seat, card, eat, space):
    """``space in homes(card, eat)`` of ``_Plan.hand_home_turns`` (a Blister goes nowhere)."""
    if cards[card, C_KIND] == BLISTER:
        return False
    k = _moves(cards, seats, seat, card, eat, table[HOLDER] == seat, allow)
    home = False
    for a in range(k):
        home |= home_sets[allow[a, 0], allow[a, 1], space]
    return home


@nb.njit(cache=True, inline="always")
def _hand_home_turns(
    rules,
    cards,
    offsets,
    targets,
    triangle,
    table,
    seats,
    home_sets,
    home,
    allow,
    via,
    nowhere,
    seen,
    marks,
    stack,
    seat,
    space,
    rest,
    n_rest,
    bar,
):
    """``_Plan.hand_home_turns``: turns the cards held take home from ``space`` (each once, the
    bar doubling one), else at least one more than they cover and never fewer than the pace's."""
    if space == rules[R_START]:
        return 0
    for i in range(n_rest):
        for eat in range(2 if bar else 1):
            if _goes_home(cards, seats, table, home_sets, allow, seat, rest[i], eat, space):
                return 1
    for i in range(n_rest):
        for j in range(n_rest):
            if i == j:
                continue
            for eat in range(2 if bar else 1):
                first = rest[i]
                if cards[first, C_KIND] == BLISTER:
                    continue
                for s in range(via.shape[0]):
                    via[s] = False
                k = _moves(cards, seats, seat, first, eat, table[HOLDER] == seat, allow)
                for a in range(k):
                    fw.reach(
                        offsets,
                        targets,
                        triangle,
                        space,
                        allow[a, 0],
                        allow[a, 1],
                        nowhere,
                        nowhere,
                        seen,
                        marks,
                        stack,
                        via,
                    )
                last_eat = bar and not eat
                for s in range(via.shape[0]):
                    if via[s] and _goes_home(
                        cards, seats, table, home_sets, allow, seat, rest[j], last_eat, s
                    ):
                        return 2
    return max(_need_home(rules, home, space), min(n_rest, 2) + 1)


@nb.njit(cache=True, inline="always")
def _walk_value(
    style,
    rules,
    spaces,
    cards,
    offsets,
    targets,
    triangle,
    turns_to,
    nearest,
    table,
    seats,
    home_sets,
    home,
    plan,
    known,
    allow,
    via,
    nowhere,
    seen,
    marks,
    stack,
    seat,
    turns_after,
    burden,
    space,
    rest,
    n_rest,
    bar,
):
    """``_Plan.walk_value``: the end value, but from Tea with the turns home counted from the
    cards kept."""
    _at(
        style,
        rules,
        spaces,
        cards,
        turns_to,
        nearest,
        table,
        home,
        plan,
        known,
        seat,
        turns_after,
        burden,
        space,
    )
    turn, start = table[TURN], rules[R_START]
    if turn <= rules[R_TEA] or space == start:
        return plan[ENDS, space]
    need = _hand_home_turns(
        rules,
        cards,
        offsets,
        targets,
        triangle,
        table,
        seats,
        home_sets,
        home,
        allow,
        via,
        nowhere,
        seen,
        marks,
        stack,
        seat,
        space,
        rest,
        n_rest,
        bar,
    )
    if need > turns_after - style[MARGIN]:
        return UNSAFE - 10.0 * need - home[space]
    rf = rules[R_RETURN_FROM]
    arrive = min(max(turn + need, rf), rules[R_N_TURNS] - 1)
    chart = rules[N_RULES + arrive - rf] - 0.01 * home[space]
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
def _rest(hands, seats, seat, skip, rest):
    """The hand without the cards of bit mask ``skip`` (by slot), into ``rest``; how many."""
    k = 0
    for j in range(seats[seat, HAND_LEN]):
        if not (skip >> j) & 1:
            rest[k] = hands[seat, j]
            k += 1
    return k


@nb.njit(cache=True, inline="always")
def _rucksack_gain(style, rules, table, seats, homes, turns_after, s):
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
    last = turn + rules[R_RUCKSACK_TURNS]
    if home <= rules[R_RUCKSACK_TURNS] and last >= rf and turn + home < rules[R_N_TURNS]:
        return rules[R_RUCKSACK_HERO] + burden / 2
    return burden


@nb.njit(cache=True, inline="always")
def _rucksack_target(style, rules, table, seats, homes, acts, count, seat, turns_after, gains):
    """``_Plan.rucksack_target`` over the seats of ``acts[:count]``: the row to pick."""
    me_row = -1
    for r in range(count):
        s = acts[r, 1]
        gains[r] = _rucksack_gain(style, rules, table, seats, homes, turns_after, s)
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
def _best_walk(
    style,
    rules,
    spaces,
    cards,
    offsets,
    targets,
    triangle,
    turns_to,
    nearest,
    table,
    seats,
    home_sets,
    home,
    plan,
    known,
    allow,
    reach,
    via,
    nowhere,
    others,
    stops,
    seen,
    marks,
    stack,
    seat,
    n,
    turns_after,
    burden,
    card,
    eat,
    rest,
    n_rest,
    bar,
):
    """``_Plan.best_walk(_Plan.reach(card, eat), rest, bar)``: the best end of the card's walk."""
    for s in range(reach.shape[0]):
        reach[s] = False
    k = _moves(cards, seats, seat, card, eat, table[CARRYING] == 1, allow)
    stops[rules[R_START]] = rules[R_LATE_STOP] == 1 and table[TURN] >= rules[R_RETURN_FROM]
    for s in range(n):
        p = seats[s, POS]
        if s != seat and p >= 0 and spaces[p, S_KIND] == SMALL:
            others[p] = True
    here = seats[seat, POS]
    for a in range(k):
        fw.reach(
            offsets,
            targets,
            triangle,
            here,
            allow[a, 0],
            allow[a, 1],
            others,
            stops,
            seen,
            marks,
            stack,
            reach,
        )
    for s in range(n):
        if seats[s, POS] >= 0:
            others[seats[s, POS]] = False
    best = -np.inf
    late = table[TURN] > rules[R_TEA]
    for s in range(reach.shape[0]):
        if not reach[s]:
            continue
        if late:
            value = _walk_value(
                style,
                rules,
                spaces,
                cards,
                offsets,
                targets,
                triangle,
                turns_to,
                nearest,
                table,
                seats,
                home_sets,
                home,
                plan,
                known,
                allow,
                via,
                nowhere,
                seen,
                marks,
                stack,
                seat,
                turns_after,
                burden,
                s,
                rest,
                n_rest,
                bar,
            )
        else:
            _at(
                style,
                rules,
                spaces,
                cards,
                turns_to,
                nearest,
                table,
                home,
                plan,
                known,
                seat,
                turns_after,
                burden,
                s,
            )
            value = plan[ENDS, s]
        best = max(best, value)
    return best


@nb.njit(cache=True, _nrt=False)
def decide(
    phase,
    style,
    homes,
    turns_to,
    nearest,
    hops,
    home_sets,
    walking_after,
    rules,
    spaces,
    cards,
    offsets,
    targets,
    triangle,
    table,
    seats,
    hands,
    stones,
    cairn,
    acts,
    count,
    seat,
    n,
    plan,
    known,
    allow,
    reach,
    via,
    nowhere,
    others,
    stops,
    seen,
    marks,
    stack,
    rest,
    gains,
):
    """The row of ``acts[:count]`` the planner ``style`` picks for ``seat`` (``Planner.choose``).
    ``phase``: what is decided (the ``P_*`` numbers)."""
    turn = table[TURN]
    turns_after = walking_after[turn]
    burden = _burden(style, table, seats, seat, n, turns_after)
    home = homes[HOME_BURDENED] if burden else homes[HOME]
    if phase == P_EQUIP:
        best, best_score = 0, -np.inf
        for r in range(count):
            tile = acts[r, 1]
            score = 0.0
            for k in range(6):
                if style[TASTE + k] == tile:
                    score = -float(k)
            if tile == MINT_CAKE and table[HOLDER] == seat:
                score += 10
            if tile == SUN_PROTECTION and table[RAINING]:
                score -= 3
            if tile == GUIDE_BOOKS:
                for k in range(seats[seat, HAND_LEN]):
                    worth = _card_worth(
                        style,
                        rules,
                        cards,
                        hops,
                        seats,
                        stones,
                        home,
                        seat,
                        turns_after,
                        hands[seat, k],
                    )
                    if worth > 2.0:
                        score += 1
            if score > best_score:
                best, best_score = r, score
        return best
    if phase == P_VOTE:
        return _rucksack_target(
            style, rules, table, seats, homes, acts, count, seat, turns_after, gains
        )
    if phase == P_DISCARD:
        best, least = 0, np.inf
        for r in range(count):
            worth = _card_worth(
                style, rules, cards, hops, seats, stones, home, seat, turns_after, acts[r, 1]
            )
            if worth < least:
                best, least = r, worth
        return best
    if phase == P_SHOP:
        return 0 if _wants_chocolate(style, rules, table, seats, seat) else 1
    _stone_values(
        style, rules, spaces, cards, table, seats, hands, stones, cairn, plan, known, seat
    )
    bar = seats[seat, BAR] == 1
    if phase == P_MOVE:
        n_rest = _rest(hands, seats, seat, 0, rest)
        price = _bar_price(style, rules, table)
        best, best_score = 0, -np.inf
        for r in range(count):
            space, eat, bought = acts[r, 1], acts[r, 2], acts[r, 3]
            bar_end = seats[seat, BAR] - eat + bought > 0
            end = _walk_value(
                style,
                rules,
                spaces,
                cards,
                offsets,
                targets,
                triangle,
                turns_to,
                nearest,
                table,
                seats,
                home_sets,
                home,
                plan,
                known,
                allow,
                via,
                nowhere,
                seen,
                marks,
                stack,
                seat,
                turns_after,
                burden,
                space,
                rest,
                n_rest,
                bar_end,
            )
            kept = 0.0
            if bought <= eat or _wants_chocolate(style, rules, table, seats, seat):
                kept = _chocolate(style, rules, table)
            score = end + (bought - eat) * kept - bought * price
            if score > best_score:
                best, best_score = r, score
        return best
    return _best_start(
        style,
        rules,
        spaces,
        cards,
        hops,
        offsets,
        targets,
        triangle,
        turns_to,
        nearest,
        table,
        seats,
        hands,
        stones,
        home_sets,
        home,
        plan,
        known,
        acts,
        count,
        allow,
        reach,
        via,
        nowhere,
        others,
        stops,
        seen,
        marks,
        stack,
        rest,
        seat,
        n,
        turns_after,
        burden,
        bar,
    )


@nb.njit(cache=True, _nrt=False)
def _best_start(
    style,
    rules,
    spaces,
    cards,
    hops,
    offsets,
    targets,
    triangle,
    turns_to,
    nearest,
    table,
    seats,
    hands,
    stones,
    home_sets,
    home,
    plan,
    known,
    acts,
    count,
    allow,
    reach,
    via,
    nowhere,
    others,
    stops,
    seen,
    marks,
    stack,
    rest,
    seat,
    n,
    turns_after,
    burden,
    bar,
):
    """``_Plan.best_start``: each card's best walk, a ride, Refreshments, then maybe a bar first."""
    best, best_value = 0, -np.inf
    turn, m = table[TURN], seats[seat, HAND_LEN]
    pound = _pound(style, rules, table)
    buy_row = -1
    for r in range(count):
        kind = acts[r, 0]
        end = 0.0
        if kind == PLAY:
            card = acts[r, 1]
            keep = _card_worth(
                style, rules, cards, hops, seats, stones, home, seat, turns_after, card
            )
            slot = 0
            while hands[seat, slot] != card:
                slot += 1
            n_rest = _rest(hands, seats, seat, 1 << slot, rest)
            value = _best_walk(
                style,
                rules,
                spaces,
                cards,
                offsets,
                targets,
                triangle,
                turns_to,
                nearest,
                table,
                seats,
                home_sets,
                home,
                plan,
                known,
                allow,
                reach,
                via,
                nowhere,
                others,
                stops,
                seen,
                marks,
                stack,
                seat,
                n,
                turns_after,
                burden,
                card,
                0,
                rest,
                n_rest,
                bar,
            )
            if bar:
                eaten = _best_walk(
                    style,
                    rules,
                    spaces,
                    cards,
                    offsets,
                    targets,
                    triangle,
                    turns_to,
                    nearest,
                    table,
                    seats,
                    home_sets,
                    home,
                    plan,
                    known,
                    allow,
                    reach,
                    via,
                    nowhere,
                    others,
                    stops,
                    seen,
                    marks,
                    stack,
                    seat,
                    n,
                    turns_after,
                    burden,
                    card,
                    1,
                    rest,
                    n_rest,
                    False,
                ) - _chocolate(style, rules, table)
                value = max(value, eaten)
            if turn < rules[R_RETURN_FROM]:
                value -= 0.3 * keep
        elif kind == RIDE:
            points = rules[R_FERRY_POINTS] if acts[r, 1] else rules[R_BUS_POINTS]
            worst, least = -1, np.inf
            for j in range(m):
                worth = _card_worth(
                    style,
                    rules,
                    cards,
                    hops,
                    seats,
                    stones,
                    home,
                    seat,
                    turns_after,
                    hands[seat, j],
                )
                if worth < least:
                    worst, least = j, worth
            n_rest = _rest(hands, seats, seat, 1 << worst if worst >= 0 else 0, rest)
            end = _walk_value(
                style,
                rules,
                spaces,
                cards,
                offsets,
                targets,
                triangle,
                turns_to,
                nearest,
                table,
                seats,
                home_sets,
                home,
                plan,
                known,
                allow,
                via,
                nowhere,
                seen,
                marks,
                stack,
                seat,
                turns_after,
                burden,
                acts[r, 2],
                rest,
                n_rest,
                bar,
            )
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
                    dropped += _card_worth(
                        style,
                        rules,
                        cards,
                        hops,
                        seats,
                        stones,
                        home,
                        seat,
                        turns_after,
                        hands[seat, j],
                    )
            fresh = acts[r, 2] * 1.5
            n_rest = _rest(hands, seats, seat, mask, rest)
            end = _walk_value(
                style,
                rules,
                spaces,
                cards,
                offsets,
                targets,
                triangle,
                turns_to,
                nearest,
                table,
                seats,
                home_sets,
                home,
                plan,
                known,
                allow,
                via,
                nowhere,
                seen,
                marks,
                stack,
                seat,
                turns_after,
                burden,
                seats[seat, POS],
                rest,
                n_rest,
                bar,
            )
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


__all__ = ["compiled", "decide", "style_numbers", "style_tables", "walking_turns_after"]
