"""Let's Take a Hike compiled with numba: the rules of :mod:`state`, played with the compiled
heuristics of :mod:`fast_strategies`, for whole chunks of games at once.

It mirrors the Python engine step by step (same continuations, same order of the piles, same
draws from the same SplitMix64 streams), so that a game gives the same outcome in both; the tests
check that game by game (``tests/test_fast_path.py``). The Python engine stays the reference: it
is the one that is read, logged and replayed.

State lives in a few flat arrays: the three piles (draw, discard, hiking) in the Python lists'
order, the backpacks as per-type counts, the count of each card no seat sees, the debt queue,
per-seat tallies, and the registers (``regs``: the Python engine's scalar attributes, where the
game goes on from). ``play_games`` allocates them (and every scratch row: ``game_arrays``) once
per chunk; ``_setup`` deals a game on them and ``_run`` plays it on from its registers, which is
also how a playout takes up a position of the Python engine (:mod:`fast_playouts`). Every decision goes
through one step, ``DECIDE``, where the strategies are called (or a playout's first move is
forced), and is taken on at the step of its phase.

Speed: numba counts references to arrays (an atomic NRT_incref/NRT_decref) whenever one crosses a
call into a function that is not inlined or is taken out of a tuple, which at a hundred decisions a
game was most of the kernel's time. So every helper here and in :mod:`fast_strategies` is
``inline="always"`` and takes arrays by name, nothing is allocated while a game is played, and
``_run`` is compiled without the runtime (``_nrt=False``, numba's switch for code that only
borrows arrays its caller owns), which leaves no reference counting in the hot loop at all;
``_run`` cannot allocate, and a helper it calls is compiled the same way. The rules, the state and
the scratch rows reach ``_run`` as three tuples built once per chunk (``CompiledRules.kernel``,
``game_arrays``), taken apart once a game there, which without the runtime counts nothing.
What the heuristics read is kept up to date as cards move rather than counted at each decision
(the unseen cards of ``bold``'s guard), and a payment tries only sets of the fewest cards.

numba's on-disk cache checks only the source file of each compiled function: after changing
:mod:`fast_strategies` (inlined into ``_run``), touch this file or clear ``__pycache__``.
"""

from __future__ import annotations

import time
from functools import cache

import numba as nb
import numpy as np
import pyarrow as pa

from simkit.core.fast_rng import below, game_streams, shuffle
from simkit.core.fast_rows import lineups, outcome_table, strategy_column
from simkit.games.lets_take_a_hike import fast_strategies as fs
from simkit.games.lets_take_a_hike.backpack import tables
from simkit.games.lets_take_a_hike.cards import SPACES, Rules
from simkit.strategies.generic import Random

# Action codes and phases as in :mod:`state` (numba needs them as plain module constants).
DRAW, HIKE, JOIN, STAY_BEHIND, CONTINUE, DROP_OUT = range(6)
DISCARD_BASE, TAKE_BASE = 100, 200
TURN, DISCARD, JOIN_PHASE, CONTINUE_PHASE, TAKE = range(5)
OVERFLOW, RACCOON, SKUNK, BLISTER, MILES = range(5)

# Piles (rows of ``piles``).
DRAW_PILE, DISCARD_PILE, HIKING_PILE = range(3)

# Per-seat tallies (columns of ``tally``); the first seven are the outcome's extras, in order.
CARDS_SCORED, HIKES_LED, HIKES_JOINED, LOST, BUSTS, PACK_MILES, DRAWOFF = range(7)
SCORED_MILES, PACK_CARDS = 7, 8
PACK_KEY = 9  # the backpack packed 4 bits a type (as ``backpack.py`` packs it), kept as it changes
N_TALLIES = 10
EXTRAS = (
    "x_backpack_miles",
    "x_busts",
    "x_cards_lost_to_hazards",
    "x_cards_scored",
    "x_drawoff",
    "x_hikes_joined",
    "x_hikes_led",
)  # sorted, as the Python runner writes them
_EXTRA_TALLY = (PACK_MILES, BUSTS, LOST, CARDS_SCORED, DRAWOFF, HIKES_JOINED, HIKES_LED)

# Where a game goes on from (``pc``): what the Python engine keeps in ``after_debts`` and its
# method calls, plus the decisions' steps. A decision is set up by one pc (``legal``, ``phase``,
# ``seat``), then made and taken on at ``DECIDE``.
(
    SETTLE,
    FINISH_SETUP,
    START_TURN,
    END_TURN,
    TURN_UP,
    AFTER_CARD,
    START_ROUND,
    NEXT_IN_ROUND,
    END_HIKE,
    JOIN_NEXT,
    DROPS_OUT,
    LEAVES,
    DECIDE,
) = range(13)

# Registers: the scalars of a game in progress, what ``_run`` starts from (``regs``).
(
    PC,
    AFTER,  # the continuation once the debts are settled
    SEAT,  # the hiker dropping out (at DROPS_OUT)
    TURN_SEAT,  # whose turn it is (or starts)
    LEAD,
    ANNOUNCER,
    JOIN_AT,  # the seat asked to join, clockwise from the announcer
    RQ_LEN,  # hikers left to answer in this round (``round_queue``)
    DECK_EXHAUSTED,
    NO_CARDS_LEFT,
    TURNS,
) = range(11)
N_REGS = 11

# End reasons: codes in the outcome arrays.
NORMAL, TURN_LIMIT, FAILED, CUT = 0, 1, 2, 3  # CUT: a playout's horizon came first
END_REASONS = ("normal", "turn_limit")


# ----------------------------------------------------------------------- backpacks
# Slots of the table of backpacks already measured: 2**12 int64 are 32 KB, which stay in the
# cache (a table of 2**16 keys and values, 1 MB, missed it at every lookup).
_KNOWN_BITS = 12
KEY_TYPES = 14  # Item types a key packs (4 bits each, and 4 more bits for the answer)


@nb.njit(cache=True, inline="always")
def nibble(item):
    """One card of ``item`` in a packed backpack (0 for a type beyond what a key holds)."""
    return 1 << (4 * item) if item < KEY_TYPES else 0


@nb.njit(cache=True, inline="always")
def _pack_change(packs, tally, unseen, miles, seat, item, k):
    packs[seat, item] += k
    unseen[item] -= k
    tally[seat, PACK_CARDS] += k
    tally[seat, PACK_MILES] += k * miles[item]
    tally[seat, PACK_KEY] += k * nibble(item)


@nb.njit(cache=True, inline="always")
def _placeable(packs, seat, key, held, sup_start, sup_list, capacity, need, known):
    """Most cards of a backpack the spaces hold at once (Hall's theorem, as ``Tables.placeable``),
    remembered per distinct backpack in a direct-mapped table when its ``key`` (``PACK_KEY``) is
    exact: at most 14 types and fewer than 16 cards (``held``), so no count overflows its 4 bits.
    A slot holds the key and, in its low 4 bits, the answer (at most the seven spaces), so a
    lookup reads one word."""
    n_items = packs.shape[1]
    small = n_items <= KEY_TYPES and held < 16
    slot = (np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - _KNOWN_BITS)
    if small and known[slot] >> 4 == key:
        return known[slot] & 15
    for x in range(need.shape[0]):
        need[x] = 0
    cards = 0
    for t in range(n_items):
        c = packs[seat, t]
        if c:
            cards += c
            for j in range(sup_start[t], sup_start[t + 1]):
                need[sup_list[j]] += c
    excess = 0
    for x in range(need.shape[0]):
        e = need[x] - capacity[x]
        if e > excess:
            excess = e
    if small:
        known[slot] = key << 4 | (cards - excess)
    return cards - excess


@nb.njit(cache=True, inline="always")
def _debt_choices(
    packs,
    tally,
    unseen,
    miles,
    sup_start,
    sup_list,
    capacity,
    need,
    known,
    seat,
    kind,
    amount,
    out,
):
    """The item types ``seat`` may discard for this debt, into ``out``; returns how many."""
    n_items = packs.shape[1]
    k = 0
    if kind == OVERFLOW:
        key, held = tally[seat, PACK_KEY], tally[seat, PACK_CARDS]
        best = _placeable(packs, seat, key, held, sup_start, sup_list, capacity, need, known)
        if best == held:
            return 0
        for t in range(n_items):
            if packs[seat, t]:
                packs[seat, t] -= 1
                placed = _placeable(
                    packs,
                    seat,
                    key - nibble(t),
                    held - 1,
                    sup_start,
                    sup_list,
                    capacity,
                    need,
                    known,
                )
                if placed == best:
                    out[k] = t
                    k += 1
                packs[seat, t] += 1
        return k
    if kind == BLISTER:
        top = 0
        for t in range(n_items):
            if packs[seat, t] and miles[t] > top:
                top = miles[t]
        for t in range(n_items):
            if packs[seat, t] and miles[t] == top:
                out[k] = t
                k += 1
        return k
    if amount <= 0:
        return 0
    for t in range(n_items):
        if packs[seat, t]:
            out[k] = t
            k += 1
    return k


@nb.njit(cache=True, inline="always")
def _pay_debt(packs, tally, unseen, miles, piles, plen, debts, dq, item):
    head = dq[0]
    seat, kind = debts[head, 0], debts[head, 1]
    _pack_change(packs, tally, unseen, miles, seat, item, -1)
    piles[DISCARD_PILE, plen[DISCARD_PILE]] = item
    plen[DISCARD_PILE] += 1
    if kind in (RACCOON, SKUNK, BLISTER):
        tally[seat, LOST] += 1
    if kind == MILES:
        debts[head, 2] -= miles[item]
    elif kind in (RACCOON, SKUNK):
        debts[head, 2] -= 1
    elif kind == BLISTER:
        debts[head, 2] = -1
        dq[0] += 1


@nb.njit(cache=True, inline="always")
def _owe(debts, dq, seat, kind, amount):
    tail = dq[1]
    debts[tail, 0], debts[tail, 1], debts[tail, 2] = seat, kind, amount
    dq[1] = tail + 1


# ----------------------------------------------------------------------- piles and hikers
@nb.njit(cache=True, inline="always")
def _push(piles, plen, pile, card):
    piles[pile, plen[pile]] = card
    plen[pile] += 1


@nb.njit(cache=True, inline="always")
def _hazard(
    card, seats, n_seats, on_hike, packs, tally, unseen, miles, piles, plen, debts, dq, cards, n
):
    """A Hazard card strikes ``seats``; a Bear outside a hike strikes everyone (``State._hazard``)."""
    granola, socks, spray = cards[0], cards[1], cards[2]
    raccoon, skunk, bear = cards[3], cards[4], cards[6]
    if card == bear:
        for i in range(n_seats if on_hike else n):
            s = seats[i] if on_hike else i
            if packs[s, spray]:
                continue
            eaten = packs[s, granola]
            if eaten:
                _pack_change(packs, tally, unseen, miles, s, granola, -eaten)
                for _ in range(eaten):
                    _push(piles, plen, DISCARD_PILE, granola)
                tally[s, LOST] += eaten
        return
    for i in range(n_seats):
        s = seats[i]
        if tally[s, PACK_CARDS] == 0:
            continue
        if card == raccoon:
            _owe(debts, dq, s, RACCOON, 1)
        elif card == skunk:
            _owe(debts, dq, s, SKUNK, 2)
        elif packs[s, socks] == 0:
            _owe(debts, dq, s, BLISTER, 0)


@nb.njit(cache=True, inline="always")
def _clockwise(on_hike, lead, n, out):
    k = 0
    for i in range(n):
        s = (lead + i) % n
        if on_hike[s]:
            out[k] = s
            k += 1
    return k


@nb.njit(cache=True, inline="always")
def _take(piles, plen, tally, unseen, miles, seat, card):
    """Score one copy of ``card`` from the hiking pile (the first, as ``list.remove``): out of
    sight, in the scoring pile."""
    length = plen[HIKING_PILE]
    at = 0
    while piles[HIKING_PILE, at] != card:
        at += 1
    for j in range(at, length - 1):
        piles[HIKING_PILE, j] = piles[HIKING_PILE, j + 1]
    plen[HIKING_PILE] = length - 1
    tally[seat, SCORED_MILES] += miles[card]
    tally[seat, CARDS_SCORED] += 1
    unseen[card] += 1


# ----------------------------------------------------------------------- the end
@nb.njit(cache=True, inline="always")
def _ranks(tally, n, ranks):
    for s in range(n):
        r = 1
        for o in range(n):
            if tally[o, SCORED_MILES] > tally[s, SCORED_MILES] or (
                tally[o, SCORED_MILES] == tally[s, SCORED_MILES]
                and tally[o, CARDS_SCORED] > tally[s, CARDS_SCORED]
            ):
                r += 1
        ranks[s] = r


@nb.njit(cache=True)
def _skunk_drawoff(piles, plen, tally, ranks, n, skunk, pool, deck, seats, rngs, random_first):
    """Tied for first at a normal end: the draw-off of ``State._skunk_drawoff``. ``pool`` and
    ``deck`` hold a pile each; ``seats`` rows 0 and 1 the tied players left and those out."""
    size = 0
    skunks = 0
    for p in (DISCARD_PILE, DRAW_PILE, HIKING_PILE):
        for j in range(plen[p]):
            pool[size] = piles[p, j]
            skunks += pool[size] == skunk
            size += 1
    if skunks == 0:
        return
    left = 0
    for s in range(n):
        if ranks[s] == 1:
            tally[s, DRAWOFF] = 1
            seats[0, left] = s
            left += 1
    out = 0
    dlen = 0
    turn = np.int64(below(rngs, 0, left)) if random_first else np.int64(0)
    while left > 1:
        if dlen == 0:
            for j in range(size):
                deck[j] = pool[j]
            dlen = size
            shuffle(rngs, 0, deck, dlen)
        at = turn % left
        seat = seats[0, at]
        dlen -= 1
        if deck[dlen] == skunk:
            for j in range(at, left - 1):
                seats[0, j] = seats[0, j + 1]
            left -= 1
            seats[1, out] = seat
            out += 1
        else:
            turn += 1
    for i in range(out):
        ranks[seats[1, out - 1 - i]] = 2 + i


# ----------------------------------------------------------------------- a game, resumable
@nb.njit(cache=True, _nrt=False)
def _setup(n, rngs, rules, state):
    """Game Setup, up to the first settling of the backpacks' overflow; False if the Item cards
    run out while dealing (the Python engine says why)."""
    copies, miles, _, deal, _, _, _, _, _, _ = rules
    piles, plen, packs, tally, unseen, debts, dq, on_hike, _, regs = state
    n_items = packs.shape[1]
    plen[:] = 0
    packs[:] = 0
    tally[:] = 0
    dq[:] = 0
    on_hike[:] = False
    for card in range(copies.shape[0]):
        unseen[card] = copies[card]
        for _ in range(copies[card]):
            _push(piles, plen, DRAW_PILE, card)
    shuffle(rngs, 0, piles[DRAW_PILE], plen[DRAW_PILE])
    for seat in range(n):
        dealt = 0
        while dealt < deal:
            if plen[DRAW_PILE] == 0:
                return False
            plen[DRAW_PILE] -= 1
            card = piles[DRAW_PILE, plen[DRAW_PILE]]
            if card < n_items:
                _pack_change(packs, tally, unseen, miles, seat, card, 1)
                dealt += 1
            else:
                _push(piles, plen, DISCARD_PILE, card)
        _owe(debts, dq, seat, OVERFLOW, 0)
    regs[:] = 0
    regs[PC] = SETTLE
    regs[AFTER] = FINISH_SETUP
    regs[LEAD] = regs[ANNOUNCER] = -1
    return True


@nb.njit(cache=True, _nrt=False)
def _run(n, rngs, streams, kinds, params, rules, state, work, forced, horizon):
    """Play a game on from its registers ``regs`` (the Python engine's attributes: see ``REGS``)
    to its end; returns (end reason, turns, decisions). Outcome in ``tally`` and ``ranks``.

    ``forced`` (if not -1) is the action of the first decision, in place of the seat's strategy
    (a playout's move); ``horizon`` (if not 0) cuts the game short before that many more
    decisions (``CUT``). Seat ``s`` draws its choices from ``rngs[streams[s]]``.

    Every decision goes through ``DECIDE``, the one place the strategies are called, which then
    takes the action on as its ``phase`` says (the pc that set the decision up gave the phase).

    ``rules``, ``state`` and ``work`` are the tuples of ``CompiledRules.kernel`` and
    ``game_arrays``, taken apart once here: without the runtime, that counts no references."""
    _, miles, cards, _, turn_limit, drawoff_random, sup_start, sup_list, capacity, known = rules
    piles, plen, packs, tally, unseen, debts, dq, on_hike, round_queue, regs = state
    need, scratch, legal, choices, ranks, deck, pay_scratch, pool, draw_seats = work
    n_items = packs.shape[1]
    skunk = cards[4]
    pc, after, seat, turn_seat = regs[PC], regs[AFTER], regs[SEAT], regs[TURN_SEAT]
    lead, announcer, join_at, rq_len = regs[LEAD], regs[ANNOUNCER], regs[JOIN_AT], regs[RQ_LEN]
    deck_exhausted, no_cards_left = regs[DECK_EXHAUSTED] != 0, regs[NO_CARDS_LEFT] != 0
    turns = regs[TURNS]
    n_hikers = 0
    for s in range(n):
        n_hikers += on_hike[s]
    decisions = 0
    phase = TURN
    k = 0
    debt_kind, debt_amount = -1, 0
    while True:
        if pc == DECIDE:
            if forced >= 0:
                a = forced
                forced = -1
            else:
                if horizon and decisions >= horizon:
                    return CUT, turns, decisions
                a = fs.choose(
                    kinds[seat],
                    params,
                    seat,
                    phase,
                    legal,
                    k,
                    debt_kind,
                    debt_amount,
                    packs,
                    tally,
                    piles,
                    plen,
                    unseen,
                    on_hike,
                    n,
                    miles,
                    cards,
                    rngs,
                    streams[seat],
                    pay_scratch,
                )
                decisions += 1
            if not fs.is_legal(a, legal, k):
                return FAILED, turns, decisions
            # Take the action on, in the phase's own words.
            if phase == TURN:
                turns += 1
                if a == DRAW:
                    # Option One: an Item goes in the backpack, a Hazard strikes the drawer.
                    if plen[DRAW_PILE] == 0:
                        return FAILED, turns, decisions
                    plen[DRAW_PILE] -= 1
                    card = piles[DRAW_PILE, plen[DRAW_PILE]]
                    if card < n_items:
                        _pack_change(packs, tally, unseen, miles, seat, card, 1)
                        _owe(debts, dq, seat, OVERFLOW, 0)
                    else:
                        scratch[0] = seat
                        _hazard(
                            card,
                            scratch,
                            1,
                            False,
                            packs,
                            tally,
                            unseen,
                            miles,
                            piles,
                            plen,
                            debts,
                            dq,
                            cards,
                            n,
                        )
                        _push(piles, plen, DISCARD_PILE, card)
                    pc = SETTLE
                else:
                    # Option Two: a hike, which the others may join clockwise from the Lead Hiker.
                    tally[seat, HIKES_LED] += 1
                    announcer = lead = seat
                    for s in range(n):
                        on_hike[s] = s == seat
                    n_hikers = 1
                    join_at = 1
                    pc = JOIN_NEXT
            elif phase == CONTINUE_PHASE:
                for j in range(rq_len - 1):
                    round_queue[j] = round_queue[j + 1]
                rq_len -= 1
                pc = NEXT_IN_ROUND if a == CONTINUE else DROPS_OUT
            elif phase == JOIN_PHASE:
                if a == JOIN:
                    on_hike[seat] = True
                    n_hikers += 1
                    tally[seat, HIKES_JOINED] += 1
                join_at += 1
                pc = JOIN_NEXT
            elif phase == DISCARD:
                _pay_debt(packs, tally, unseen, miles, piles, plen, debts, dq, a - DISCARD_BASE)
                pc = SETTLE
            else:  # TAKE
                _take(piles, plen, tally, unseen, miles, seat, a - TAKE_BASE)
                pc = LEAVES
        elif pc == SETTLE:
            while dq[0] < dq[1]:
                head = dq[0]
                seat, debt_kind, debt_amount = debts[head, 0], debts[head, 1], debts[head, 2]
                k = _debt_choices(
                    packs,
                    tally,
                    unseen,
                    miles,
                    sup_start,
                    sup_list,
                    capacity,
                    need,
                    known,
                    seat,
                    debt_kind,
                    debt_amount,
                    choices,
                )
                if k == 0:
                    dq[0] += 1
                elif k == 1:
                    _pay_debt(packs, tally, unseen, miles, piles, plen, debts, dq, choices[0])
                else:
                    break
            if dq[0] < dq[1]:
                for j in range(k):
                    legal[j] = DISCARD_BASE + choices[j]
                phase = DISCARD
                pc = DECIDE
            else:
                dq[0] = 0
                dq[1] = 0
                pc = after
        elif pc == FINISH_SETUP:
            # Once every backpack is set up the discard pile is shuffled back into the draw pile.
            for j in range(plen[DISCARD_PILE]):
                _push(piles, plen, DRAW_PILE, piles[DISCARD_PILE, j])
            plen[DISCARD_PILE] = 0
            shuffle(rngs, 0, piles[DRAW_PILE], plen[DRAW_PILE])
            turn_seat = 0
            pc = START_TURN
        elif pc == START_TURN:
            if turns >= turn_limit:
                _ranks(tally, n, ranks)
                return TURN_LIMIT, turns, decisions
            after = END_TURN
            seat = turn_seat
            legal[0], legal[1] = DRAW, HIKE
            k = 2 if tally[seat, PACK_CARDS] else 1
            phase = TURN
            pc = DECIDE
        elif pc == JOIN_NEXT:
            # The next seat clockwise from the Lead Hiker with a backpack that is not empty.
            while join_at < n and tally[(announcer + join_at) % n, PACK_CARDS] == 0:
                join_at += 1
            if join_at == n:
                pc = TURN_UP
            else:
                seat = (announcer + join_at) % n
                legal[0], legal[1] = JOIN, STAY_BEHIND
                k = 2
                phase = JOIN_PHASE
                pc = DECIDE
        elif pc == END_TURN:
            # Game End: as soon as the draw pile is used up.
            if plen[DRAW_PILE] == 0:
                break
            turn_seat = (turn_seat + 1) % n
            pc = START_TURN
        elif pc == TURN_UP:
            if plen[DRAW_PILE] == 0:
                if plen[DISCARD_PILE] == 0:
                    no_cards_left = True
                    pc = START_ROUND
                    continue
                for j in range(plen[DISCARD_PILE]):
                    piles[DRAW_PILE, j] = piles[DISCARD_PILE, j]
                plen[DRAW_PILE] = plen[DISCARD_PILE]
                plen[DISCARD_PILE] = 0
                shuffle(rngs, 0, piles[DRAW_PILE], plen[DRAW_PILE])
            plen[DRAW_PILE] -= 1
            card = piles[DRAW_PILE, plen[DRAW_PILE]]
            if plen[DRAW_PILE] == 0:
                deck_exhausted = True
            _push(piles, plen, HIKING_PILE, card)
            unseen[card] -= 1
            k = _clockwise(on_hike, lead, n, scratch)
            if card < n_items:
                for i in range(k):
                    s = scratch[i]
                    if packs[s, card]:
                        continue
                    owed = miles[card]
                    if tally[s, PACK_MILES] < owed:
                        # Not enough miles in the whole backpack: out, everything discarded.
                        for t in range(n_items):
                            for _ in range(packs[s, t]):
                                _push(piles, plen, DISCARD_PILE, t)
                            _pack_change(packs, tally, unseen, miles, s, t, -packs[s, t])
                        tally[s, BUSTS] += 1
                    else:
                        _owe(debts, dq, s, MILES, owed)
            else:
                _hazard(
                    card,
                    scratch,
                    k,
                    True,
                    packs,
                    tally,
                    unseen,
                    miles,
                    piles,
                    plen,
                    debts,
                    dq,
                    cards,
                    n,
                )
            after = AFTER_CARD
            pc = SETTLE
        elif pc == AFTER_CARD:
            # Hikers with an empty backpack drop out and score nothing.
            k = _clockwise(on_hike, lead, n, scratch)
            for i in range(k):
                s = scratch[i]
                if tally[s, PACK_CARDS] == 0:
                    lead, n_hikers = _leave(on_hike, n_hikers, lead, n, s)
            pc = START_ROUND
        elif pc == START_ROUND:
            rq_len = _clockwise(on_hike, lead, n, round_queue)
            pc = NEXT_IN_ROUND
        elif pc == NEXT_IN_ROUND:
            if rq_len == 0:
                pc = TURN_UP if n_hikers else END_HIKE
                continue
            seat = round_queue[0]
            if no_cards_left:
                legal[0] = DROP_OUT
                k = 1
            else:
                legal[0], legal[1] = CONTINUE, DROP_OUT
                k = 2
            phase = CONTINUE_PHASE
            pc = DECIDE
        elif pc == DROPS_OUT:
            k = fs.items_on_pile(piles, plen, n_items, choices)
            pc = LEAVES
            if n_hikers == 1:
                # The last hiker out collects every Item card left on the hiking pile.
                kept = 0
                for j in range(plen[HIKING_PILE]):
                    card = piles[HIKING_PILE, j]
                    if card < n_items:
                        tally[seat, SCORED_MILES] += miles[card]
                        tally[seat, CARDS_SCORED] += 1
                        unseen[card] += 1
                    else:
                        piles[HIKING_PILE, kept] = card
                        kept += 1
                plen[HIKING_PILE] = kept
            elif k == 1:
                _take(piles, plen, tally, unseen, miles, seat, choices[0])
            elif k > 1:
                for j in range(k):
                    legal[j] = TAKE_BASE + choices[j]
                phase = TAKE
                pc = DECIDE
        elif pc == LEAVES:
            lead, n_hikers = _leave(on_hike, n_hikers, lead, n, seat)
            for j in range(rq_len):
                if round_queue[j] == seat:
                    for m in range(j, rq_len - 1):
                        round_queue[m] = round_queue[m + 1]
                    rq_len -= 1
                    break
            pc = NEXT_IN_ROUND
        elif pc == END_HIKE:
            for j in range(plen[HIKING_PILE]):
                card = piles[HIKING_PILE, j]
                _push(piles, plen, DISCARD_PILE, card)
                unseen[card] += 1
            plen[HIKING_PILE] = 0
            lead = -1
            no_cards_left = False
            if deck_exhausted or plen[DRAW_PILE] == 0:
                break
            # Play passes to the left of the original Lead Hiker.
            turn_seat = (announcer + 1) % n
            pc = START_TURN
    # Game End (normal): ranks on miles then cards; a tie for first goes to the Skunk draw-off.
    _ranks(tally, n, ranks)
    tied = 0
    for s in range(n):
        if ranks[s] == 1:
            tied += 1
    if tied > 1:
        _skunk_drawoff(
            piles, plen, tally, ranks, n, skunk, pool, deck, draw_seats, rngs, drawoff_random
        )
    return NORMAL, turns, decisions


@nb.njit(cache=True, inline="always")
def _leave(on_hike, n_hikers, lead, n, seat):
    """A hiker leaves; if it led, the next hiker clockwise leads. Returns (lead, hikers left)."""
    on_hike[seat] = False
    n_hikers -= 1
    if seat == lead and n_hikers:
        for i in range(1, n):
            s = (seat + i) % n
            if on_hike[s]:
                return s, n_hikers
    return lead, n_hikers


@nb.njit(cache=True)
def work_arrays(n, n_items, total, n_subsets):
    """The scratch rows ``_run`` works in, allocated once by its caller (their uses there)."""
    width = max(n_items, 2)
    return (
        np.zeros(n_subsets, dtype=np.int64),  # need
        np.zeros(n, dtype=np.int64),  # scratch
        np.zeros(width, dtype=np.int64),  # legal
        np.zeros(width, dtype=np.int64),  # choices
        np.zeros(n, dtype=np.int64),  # ranks
        np.zeros(max(total, 1), dtype=np.int64),  # deck
        np.zeros((3, width), dtype=np.int64),  # pay_scratch
        np.zeros(max(total, 1), dtype=np.int64),  # pool
        np.zeros((2, n), dtype=np.int64),  # draw_seats
    )


@nb.njit(cache=True)
def state_arrays(n, n_items, n_cards, total):
    """A game's state: piles, their lengths, backpacks, tallies, unseen counts, debts and their
    queue's ends, who is on the hike, the round's queue and the registers."""
    return (
        np.empty((3, max(total, 1)), dtype=np.int64),
        np.zeros(3, dtype=np.int64),
        np.zeros((n, n_items), dtype=np.int64),
        np.zeros((n, N_TALLIES), dtype=np.int64),
        np.zeros(n_cards, dtype=np.int64),
        np.zeros((4 * n + 4, 3), dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.int64),
        np.zeros(N_REGS, dtype=np.int64),
    )


@nb.njit(cache=True)
def game_arrays(n, rules):
    """A game's state and the scratch rows ``_run`` works in, allocated once by a caller that
    plays games on them (``play_games``, and a playout's copy of its world)."""
    copies, miles, capacity = rules[0], rules[1], rules[8]
    total = copies.sum()
    return (
        state_arrays(n, miles.shape[0], copies.shape[0], total),
        work_arrays(n, miles.shape[0], total, capacity.shape[0]),
    )


@nb.njit(cache=True)
def play_games(root, first, count, n, kinds, params, rules):
    """Play games ``first .. first+count-1`` of a cell; kinds/params give each game's seats,
    ``rules`` is ``CompiledRules.kernel``."""
    seeds, states = game_streams(root, first, count, n)
    state, work = game_arrays(n, rules)
    tally, ranks = state[3], work[4]
    rngs = np.empty(n + 1, dtype=np.uint64)
    streams = np.arange(1, n + 1)  # each seat its own generator, after the engine's
    out_tally = np.zeros((count, n, N_TALLIES), dtype=np.int64)
    out_ranks = np.zeros((count, n), dtype=np.int64)
    out_end = np.zeros(count, dtype=np.int64)
    out_turns = np.zeros(count, dtype=np.int64)
    decisions = 0
    for g in range(count):
        rngs[:] = states[g]
        ranks[:] = 0
        end, turns, d = FAILED, 0, 0
        if _setup(n, rngs, rules, state):
            end, turns, d = _run(n, rngs, streams, kinds[g], params[g], rules, state, work, -1, 0)
        decisions += d
        out_tally[g] = tally
        out_ranks[g] = ranks
        out_end[g] = end
        out_turns[g] = turns
    return seeds, out_tally, out_ranks, out_end, out_turns, decisions


# ----------------------------------------------------------------------- Python side
class CompiledRules:
    """The numbers of one ``Rules`` as the arrays the compiled engine reads."""

    def __init__(self, rules: Rules):
        t = tables(rules)
        self.copies = np.array(t.copies, dtype=np.int64)
        self.miles = np.array(t.miles, dtype=np.int64)
        self.cards = np.array(
            [t.granola, t.socks, t.bear_spray, t.raccoon, t.skunk, t.blister, t.bear],
            dtype=np.int64,
        )
        self.deal = rules.backpack_deal
        self.turn_limit = rules.turn_limit
        self.drawoff_random = rules.drawoff_first == "random"
        # For each item type, the space sets that hold every space its card may go in.
        subsets = range(1 << len(SPACES))
        supersets = [[x for x in subsets if m & ~x == 0] for m in t.masks]
        self.sup_start = np.cumsum([0] + [len(s) for s in supersets]).astype(np.int64)
        self.sup_list = np.array([x for s in supersets for x in s], dtype=np.int64)
        self.capacity = np.array([bin(x).count("1") for x in subsets], dtype=np.int64)
        # Backpacks already measured (``_placeable``): kept across chunks and playouts.
        self.known = np.full(1 << _KNOWN_BITS, -1, dtype=np.int64)
        # What the kernel reads, in one tuple (``_setup`` and ``_run`` take it apart).
        self.kernel = (
            self.copies,
            self.miles,
            self.cards,
            self.deal,
            self.turn_limit,
            self.drawoff_random,
            self.sup_start,
            self.sup_list,
            self.capacity,
            self.known,
        )

    def play(self, root: int, first: int, count: int, kinds: np.ndarray, params: np.ndarray):
        return play_games(np.uint64(root), first, count, kinds.shape[1], kinds, params, self.kernel)


def playouts(world, seat: int, legal, policy, rng, horizon: int = 0):
    """Compiled playouts, the optional hook of ``simkit.core.playout.move_values``: each legal
    move's (win share, margin) in ``world``, or None if ``policy`` has no compiled form (see
    :mod:`fast_playouts`, imported here when first asked, since it builds on this module)."""
    from simkit.games.lets_take_a_hike import fast_playouts

    return fast_playouts.playouts(world, seat, legal, policy, rng, horizon)


def supports(strategies) -> bool:
    """Whether every strategy has a compiled form."""
    return all(fs.compiled_form(s) is not None for s in strategies)


def warm() -> None:
    """Compile (or load from numba's cache) before work is dispatched, so workers load it once."""
    CompiledRules(Rules()).play(0, 0, 1, *seat_codes([[Random()] * 2]))


# Process CPU seconds spent inside the compiled kernel by ``play_rows`` (``simkit bench`` reads it
# to report the share of a chunk's time that is Python work around the kernel).
kernel_seconds = 0.0


@cache
def compiled_rules(rules: Rules) -> CompiledRules:
    """One ``CompiledRules`` per rules, built once per process, not once per chunk."""
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
    grouped = lineups(seat_players)
    which, distinct = grouped
    kinds, params = _lineup_codes(distinct)
    started = time.process_time()
    played = compiled_rules(rules).play(root, first, len(seat_players), kinds[which], params[which])
    kernel_seconds += time.process_time() - started
    seeds, tally, ranks, end, turns, _ = played
    if (end == FAILED).any():
        return None
    # One pass that puts each tally column's rows together: read one by one from the tally, the
    # columns are strided copies, each through the whole tally again.
    by_column = np.ascontiguousarray(np.moveaxis(tally, 2, 0))
    extras = {
        name: by_column[col].astype(np.bool_) if col == DRAWOFF else by_column[col]
        for name, col in zip(EXTRAS, _EXTRA_TALLY, strict=True)
    }
    strategy = strategy_column(seat_players, grouped)
    scores = by_column[SCORED_MILES]
    return outcome_table(
        labels, first_index, strategy, seeds, scores, ranks, turns, end, END_REASONS, extras
    )


def _lineup_codes(distinct: list[list]) -> tuple[np.ndarray, np.ndarray]:
    count, n = len(distinct), len(distinct[0])
    kinds = np.empty((count, n), dtype=np.int64)
    params = np.zeros((count, n, fs.N_PARAMS), dtype=np.int64)
    for g, players in enumerate(distinct):
        for seat, player in enumerate(players):
            kinds[g, seat], params[g, seat] = fs.compiled_form(player)
    return kinds, params


def seat_codes(seat_strategies: list[list]) -> tuple[np.ndarray, np.ndarray]:
    """Each game's seats as (kind codes, parameters) arrays for the compiled engine."""
    which, distinct = lineups(seat_strategies)
    kinds, params = _lineup_codes(distinct)
    return kinds[which], params[which]


__all__ = ["CompiledRules", "play_rows", "playouts", "supports", "warm"]
