"""Compiled forms of the built-in Let's Take a Hike strategies, for the compiled engine in :mod:`fast`.

Each mirrors its Python class in ``simkit/strategies/lets_take_a_hike.py`` (and ``random`` in
``simkit/strategies/generic.py``) decision by decision, ties broken the same way (Python's ``min`` and
``max`` keep the first best), and reads only what that seat's view shows. A strategy has a compiled
form only if its class is exactly one of these: a subclass may play differently.
"""

from __future__ import annotations

import dataclasses

import numba as nb

from simkit.core.fast_rng import below
from simkit.strategies import lets_take_a_hike as heuristics
from simkit.strategies.generic import Random

RANDOM, CAUTIOUS, GREEDY, BOLD, THRESHOLD = range(5)
N_PARAMS = 3
_FORMS = {
    Random: RANDOM,
    heuristics.Cautious: CAUTIOUS,
    heuristics.Greedy: GREEDY,
    heuristics.Bold: BOLD,
    heuristics.Threshold: THRESHOLD,
}

# Codes shared with :mod:`fast` (and :mod:`state`).
DRAW, HIKE, JOIN, STAY_BEHIND, CONTINUE, DROP_OUT = range(6)
DISCARD_BASE, TAKE_BASE = 100, 200
TURN, DISCARD, JOIN_PHASE, CONTINUE_PHASE, TAKE = range(5)
MILES_DEBT = 4
HIKING_PILE, DRAW_PILE = 2, 0
PACK_MILES, SCORED_MILES, PACK_CARDS = 5, 7, 8  # columns of fast.py's tally


def compiled_form(player) -> tuple[int, list[int]] | None:
    """(kind code, integer parameters in field order) of a strategy, or None if it has none."""
    kind = _FORMS.get(type(player))
    if kind is None:
        return None
    values = [getattr(player, f.name) for f in dataclasses.fields(player)]
    if any(type(v) is not int for v in values):
        return None
    return kind, values + [0] * (N_PARAMS - len(values))


@nb.njit(cache=True, inline="always")
def is_legal(action, legal, k):
    found = False  # a plain loop: no array is made at every decision
    for j in range(k):
        found |= legal[j] == action
    return found


@nb.njit(cache=True, inline="always")
def items_on_pile(piles, plen, n_items, out):
    """The distinct Item types on the hiking pile, ascending, into ``out``; returns how many."""
    k = 0
    for t in range(n_items):
        for j in range(plen[HIKING_PILE]):
            if piles[HIKING_PILE, j] == t:
                out[k] = t
                k += 1
                break
    return k


@nb.njit(cache=True, inline="always")
def _keep_value(packs, seat, item, miles, cards):
    value = float(miles[item])
    if packs[seat, item] == 1:
        value += 1.0
    if item == cards[1]:
        value += 1.5
    if item == cards[2]:
        value += 0.5 * packs[seat, cards[0]]
    return value


@nb.njit(cache=True, inline="always")
def _before(miles_a, value_a, miles_b, value_b):
    """(miles_a, value_a) < (miles_b, value_b), as Python compares the tuples."""
    return miles_a < miles_b or (miles_a == miles_b and value_a < value_b)


@nb.njit(cache=True, inline="always")
def _pick_discard(legal, k, debt_kind, owed, packs, seat, miles, cards, scratch):
    """``pick_discard``: the least useful card; paying miles, ``cheapest_payment``'s set (the
    fewest cards, then fewest miles, then least keep value), its highest-mile card first."""
    if debt_kind == MILES_DEBT:
        return DISCARD_BASE + _cheapest_payment_card(
            legal, k, owed, packs, seat, miles, cards, scratch
        )
    best = -1
    best_value = 0.0
    for j in range(k):
        item = legal[j] - DISCARD_BASE
        value = _keep_value(packs, seat, item, miles, cards)
        if best < 0 or value < best_value:
            best, best_value = item, value
    return DISCARD_BASE + best


@nb.njit(cache=True, inline="always")
def _cheapest_payment_card(legal, k, owed, packs, seat, miles, cards, scratch):
    """The sub-multisets of the legal cards in ``_sub_multisets``' order (the first type's count
    most significant, counts ascending), the first with the least (cards, miles, keep value).
    ``scratch`` rows (at least ``k`` long): 0 the set tried, 1 the best so far, 2 each type's
    keep value doubled (keep values are halves, so their sums are exact integers).

    Only sets of at most the fewest cards that pay are tried (no bigger set can be the cheapest,
    so skipping them keeps the first cheapest), and a set's sums follow it as it counts up."""
    for j in range(k):
        item = legal[j] - DISCARD_BASE
        scratch[0, j] = 0
        scratch[1, j] = 0
        scratch[2, j] = int(2.0 * _keep_value(packs, seat, item, miles, cards))
    fewest = _fewest_cards_paying(legal, k, owed, packs, seat, miles, scratch)
    found = False
    best_cards, best_miles, best_value = 0, 0, 0
    count, total, value = 0, 0, 0
    while True:
        if total >= owed and (
            not found
            or count < best_cards
            or (
                count == best_cards
                and (total < best_miles or (total == best_miles and value < best_value))
            )
        ):
            found = True
            best_cards, best_miles, best_value = count, total, value
            for m in range(k):
                scratch[1, m] = scratch[0, m]
        # The next set: count up the last type that may take one more card, emptying the types
        # after it.
        j = k - 1
        while j >= 0:
            item = legal[j] - DISCARD_BASE
            if count < fewest and scratch[0, j] < packs[seat, item]:
                scratch[0, j] += 1
                count += 1
                total += miles[item]
                value += scratch[2, j]
                break
            c = scratch[0, j]
            count -= c
            total -= c * miles[item]
            value -= c * scratch[2, j]
            scratch[0, j] = 0
            j -= 1
        if j < 0:
            break
    # Its highest-mile card, the first type of the highest miles (as Python's ``max``).
    pay = -1
    for j in range(k):
        item = legal[j] - DISCARD_BASE
        if scratch[1, j] and (pay < 0 or miles[item] > miles[pay]):
            pay = item
    return pay


@nb.njit(cache=True, inline="always")
def _fewest_cards_paying(legal, k, owed, packs, seat, miles, scratch):
    """How few of the legal cards pay ``owed`` miles: the highest-mile cards first (row 1 of
    ``scratch`` counts them, and is left empty)."""
    fewest, paid = 0, 0
    while paid < owed:
        top = -1
        for j in range(k):
            item = legal[j] - DISCARD_BASE
            if scratch[1, j] < packs[seat, item] and (
                top < 0 or miles[item] > miles[legal[top] - DISCARD_BASE]
            ):
                top = j
        if top < 0:
            break
        scratch[1, top] += 1
        paid += miles[legal[top] - DISCARD_BASE]
        fewest += 1
    for j in range(k):
        scratch[1, j] = 0
    return fewest


@nb.njit(cache=True, inline="always")
def _empties_pack(packs, tally, seat, card, miles, cards, smallest):
    """``empties_pack``: whether ``card`` turned up would leave the seat's backpack empty;
    ``smallest`` is the fewest miles of a card in it."""
    n_items = miles.shape[0]
    held = tally[seat, PACK_CARDS]
    if card < n_items:
        if packs[seat, card]:
            return False
        return tally[seat, PACK_MILES] - smallest < miles[card]
    if card == cards[3]:  # Raccoon
        return held <= 1
    if card == cards[4]:  # Skunk
        return held <= 2
    if card == cards[5]:  # Blister
        return held <= 1 and packs[seat, cards[1]] == 0
    return packs[seat, cards[2]] == 0 and packs[seat, cards[0]] == held  # Bear


@nb.njit(cache=True, inline="always")
def _risks_whole_pack(packs, tally, unseen, seat, miles, cards):
    """``risks_whole_pack``: over the unseen cards, more likely than not the next one empties it.
    ``unseen`` is ``unseen_cards``, kept up to date by the engine as cards move (not counted
    again at every decision)."""
    n_items = miles.shape[0]
    smallest = 1 << 30
    for t in range(n_items):
        if packs[seat, t] and miles[t] < smallest:
            smallest = miles[t]
    # An unmatched Item empties it when the rest of the backpack cannot pay without its smallest
    # card (``_empties_pack`` for Items, written out: this runs at every decision to go on).
    spare = tally[seat, PACK_MILES] - smallest
    at_risk, total = 0, 0
    for t in range(n_items):
        left = unseen[t]
        total += left
        if packs[seat, t] == 0 and spare < miles[t]:
            at_risk += left
    for c in range(n_items, unseen.shape[0]):
        left = unseen[c]
        total += left
        if left and _empties_pack(packs, tally, seat, c, miles, cards, smallest):
            at_risk += left
    return 2 * at_risk > total


@nb.njit(cache=True, inline="always")
def _ahead(tally, seat, n):
    """``ahead``: the seat has scored more miles than every other player."""
    for s in range(n):
        if s != seat and tally[s, SCORED_MILES] >= tally[seat, SCORED_MILES]:
            return False
    return True


@nb.njit(cache=True, inline="always")
def _pile_miles(piles, plen, miles):
    total, top = 0, 0
    for j in range(plen[HIKING_PILE]):
        card = piles[HIKING_PILE, j]
        if card < miles.shape[0]:
            total += miles[card]
            top = max(top, miles[card])
    return total, top


@nb.njit(cache=True, inline="always")
def choose(
    kind,
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
    stream,
    scratch,
):
    """The action of the strategy ``kind`` (``params[seat]`` its parameters) for ``seat`` at this
    decision, among ``legal[:k]``, reading the compiled engine's state arrays (see ``fast._run``)
    one by one: a tuple of arrays would be packed and unpacked, with reference counting, at every
    decision. ``rngs[stream]`` is the seat's generator; ``scratch`` is three rows of work space
    (``fast.work_arrays``)."""
    if kind == RANDOM:
        return legal[below(rngs, stream, k)]
    # small_choice: the decisions every heuristic makes alike.
    if phase == DISCARD:
        return _pick_discard(legal, k, debt_kind, debt_amount, packs, seat, miles, cards, scratch)
    if phase == TAKE:
        best = legal[0]
        for j in range(1, k):
            if miles[legal[j] - TAKE_BASE] > miles[best - TAKE_BASE]:
                best = legal[j]
        return best
    if k == 1:
        return legal[0]
    if phase == CONTINUE_PHASE:
        pile_total, pile_best = _pile_miles(piles, plen, miles)
        if pile_best > 0 and _risks_whole_pack(packs, tally, unseen, seat, miles, cards):
            # Going on would more likely than not empty the backpack and lose the pile's cards.
            return DROP_OUT
    cards_held = tally[seat, PACK_CARDS]
    my_miles = tally[seat, PACK_MILES]
    endgame = plen[DRAW_PILE] <= 2 * n
    if (
        phase == TURN
        and endgame
        and _ahead(tally, seat, n)
        and _risks_whole_pack(packs, tally, unseen, seat, miles, cards)
    ):
        return DRAW  # Hiker.holds_the_lead: ahead at the end, a backpack likely to be emptied
    if kind == CAUTIOUS:
        full = params[seat, 0]
        if phase == TURN:
            return HIKE if cards_held >= full or (endgame and cards_held) else DRAW
        if phase == JOIN_PHASE:
            return JOIN if cards_held >= full or endgame else STAY_BEHIND
        return DROP_OUT if _pile_miles(piles, plen, miles)[1] > 0 else CONTINUE
    if kind == GREEDY:
        take_at, hike_at = params[seat, 0], params[seat, 1]
        if phase == TURN:
            return HIKE if cards_held >= hike_at or (endgame and cards_held) else DRAW
        if phase == JOIN_PHASE:
            return JOIN if cards_held >= hike_at - 1 or endgame else STAY_BEHIND
        low = my_miles < 4
        return DROP_OUT if _pile_miles(piles, plen, miles)[1] >= take_at or low else CONTINUE
    if kind == BOLD:
        reserve, enough, hike_miles = params[seat, 0], params[seat, 1], params[seat, 2]
        if phase == TURN:
            return HIKE if my_miles >= hike_miles or (endgame and my_miles) else DRAW
        if phase == JOIN_PHASE:
            return JOIN if my_miles >= hike_miles - 2 or endgame else STAY_BEHIND
        if my_miles < reserve:
            return DROP_OUT
        others = False
        richest = 0
        for s in range(n):
            if on_hike[s] and s != seat:
                richest = tally[s, PACK_MILES] if not others else max(richest, tally[s, PACK_MILES])
                others = True
        pile_total, pile_best = _pile_miles(piles, plen, miles)
        if others:
            # Outlast the others while they are poorer than us; else take a card while we can.
            return CONTINUE if my_miles > richest or pile_best == 0 else DROP_OUT
        return DROP_OUT if pile_total >= enough else CONTINUE
    # THRESHOLD
    hike, drop, reserve = params[seat, 0], params[seat, 1], params[seat, 2]
    if phase in (TURN, JOIN_PHASE):
        go = cards_held >= hike or (endgame and cards_held > 0)
        if phase == TURN:
            return HIKE if go else DRAW
        return JOIN if go else STAY_BEHIND
    if _pile_miles(piles, plen, miles)[0] >= drop or my_miles < reserve:
        return DROP_OUT
    return CONTINUE


__all__ = ["N_PARAMS", "choose", "compiled_form", "is_legal", "items_on_pile"]
