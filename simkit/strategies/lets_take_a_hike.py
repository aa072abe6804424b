"""Heuristic players for Let's Take a Hike.

Each plays one idea a real player might have. They share the small decisions: which card to give
up (the least useful one) and which card to score (the most miles).
"""

from __future__ import annotations

from dataclasses import dataclass

from simkit.core.strategy import strategy
from simkit.games.lets_take_a_hike.state import (
    CONTINUE,
    DISCARD_BASE,
    DRAW,
    DROP_OUT,
    HIKE,
    JOIN,
    STAY_BEHIND,
    TAKE_BASE,
    Debt,
    Phase,
    View,
)

GAME = ("lets-take-a-hike",)


def keep_value(view: View, item: int) -> float:
    """How much a backpack card is worth keeping: its miles (it pays for unmatched cards on a
    hike), more if it is the only one of its kind (it matches that card), and Socks and Bear Spray
    for the hazards they stop."""
    t = view.tables
    pack = view.my_pack
    value = float(t.miles[item])
    if t.count(pack, item) == 1:
        value += 1.0
    if item == t.socks:
        value += 1.5
    if item == t.bear_spray:
        value += 0.5 * t.count(pack, t.granola)
    return value


def unseen_cards(view: View) -> list[int]:
    """How many of each card this seat cannot see: the deck less every backpack and the hiking
    pile (so the draw pile, the face-down discard pile and the scoring piles)."""
    t = view.tables
    left = list(t.copies)
    for pack in view.backpacks:
        for item in t.types_in(pack):
            left[item] -= t.count(pack, item)
    for card in view.hiking_pile:
        left[card] -= 1
    return left


def empties_pack(view: View, card: int) -> bool:
    """Whether ``card``, turned up on the hike, would leave this seat's backpack empty (and so put
    it out of the hike without scoring), paying miles as :func:`cheapest_payment` does (it keeps a
    card whenever some card is not needed to cover the miles)."""
    t, pack = view.tables, view.my_pack
    cards = t.size(pack)
    if t.is_item(card):
        if t.count(pack, card):
            return False  # a match: safe
        # A payment keeps a card only if the others cover the miles without it.
        smallest = min(t.miles[i] for i in t.types_in(pack))
        return t.total_miles(pack) - smallest < t.miles[card]
    if card == t.raccoon:
        return cards <= 1
    if card == t.skunk:
        return cards <= 2
    if card == t.blister:
        return cards <= 1 and not t.count(pack, t.socks)
    # The Bear eats Granola Bars only, and none behind Bear Spray.
    return not t.count(pack, t.bear_spray) and t.count(pack, t.granola) == cards


def risks_whole_pack(view: View) -> bool:
    """More likely than not, the next card turned up leaves this backpack empty (counted over the
    cards this seat cannot see)."""
    left = unseen_cards(view)
    at_risk = sum(k for card, k in enumerate(left) if k > 0 and empties_pack(view, card))
    return 2 * at_risk > sum(k for k in left if k > 0)


def item_to_take(view: View) -> bool:
    return any(view.tables.is_item(c) for c in view.hiking_pile)


def cheapest_payment(view: View, items: list[int], owed: int) -> list[int]:
    """The cards (item types, with repeats) that pay ``owed`` miles: the fewest cards, then the
    fewest miles, then the least keep value; every card of it is needed.

    Why fewest cards and not fewest miles: giving a Tent for a 3-mile Map keeps the Water Bottle and
    the Compass, two cards that match two kinds of card on later hikes and stand against a Skunk.
    Measured paired on shared seeds (``experiments/lets-take-a-hike/payment.py``), the fewest-miles
    rule cost ``bold`` 3.2 ± 1.0 points of win share and made no measurable difference to
    ``threshold`` (see the game README, "Strategies")."""
    t, pack = view.tables, view.my_pack
    best: tuple | None = None
    best_set: list[int] = []
    for chosen in _sub_multisets([(i, t.count(pack, i)) for i in items]):
        miles = sum(t.miles[i] for i in chosen)
        if miles < owed:
            continue
        key = (len(chosen), miles, sum(keep_value(view, i) for i in chosen))
        if best is None or key < best:
            best, best_set = key, chosen
    return best_set


def _sub_multisets(counts: list[tuple[int, int]]):
    """Every sub-multiset of (item, copies) pairs, as lists of items, smallest counts first."""
    if not counts:
        yield []
        return
    (item, copies), rest = counts[0], counts[1:]
    for k in range(copies + 1):
        for tail in _sub_multisets(rest):
            yield [item] * k + tail


def pick_discard(view: View, legal: list[int]) -> int:
    """Give up the least useful card; paying miles, pay :func:`cheapest_payment`'s cards, its
    highest-mile card first (every card of the set is needed, so the order only fixes
    which is asked first)."""
    t = view.tables
    items = [a - DISCARD_BASE for a in legal]
    if view.debt is not None and view.debt[0] == Debt.MILES:
        payment = cheapest_payment(view, items, view.debt[1])
        return DISCARD_BASE + max(payment, key=lambda i: t.miles[i])
    return DISCARD_BASE + min(items, key=lambda i: keep_value(view, i))


def pick_take(view: View, legal: list[int]) -> int:
    return max(legal, key=lambda a: view.tables.miles[a - TAKE_BASE])


def pile_miles(view: View) -> int:
    t = view.tables
    return sum(t.miles[c] for c in view.hiking_pile if t.is_item(c))


def best_in_pile(view: View) -> int:
    t = view.tables
    return max((t.miles[c] for c in view.hiking_pile if t.is_item(c)), default=0)


def endgame(view: View) -> bool:
    """Few cards left to draw: only hikes score now, so every backpack should go hiking."""
    return view.draw_pile_size <= 2 * len(view.backpacks)


def ahead(view: View) -> bool:
    """This seat has scored more miles than every other player."""
    mine = view.scored_miles[view.seat]
    return all(mine > miles for s, miles in enumerate(view.scored_miles) if s != view.seat)


def small_choice(view: View, legal: list[int]) -> int | None:
    """The decisions every heuristic makes alike; None for draw/hike, join and continue."""
    if view.phase == Phase.DISCARD:
        return pick_discard(view, legal)
    if view.phase == Phase.TAKE:
        return pick_take(view, legal)
    if len(legal) == 1:
        return legal[0]
    return None


class Hiker:
    """What every heuristic here shares: the small choices, then three questions of its own."""

    def choose(self, view: View, legal, rng):
        forced = small_choice(view, legal)
        if forced is not None:
            return forced
        if view.phase == Phase.TURN:
            return HIKE if self.hikes(view) and not self.holds_the_lead(view) else DRAW
        if view.phase == Phase.JOIN:
            return JOIN if self.joins(view) else STAY_BEHIND
        if item_to_take(view) and risks_whole_pack(view):
            # Going on would more likely than not empty the backpack, which puts this hiker out
            # without scoring and loses the card it can take now (all of them, if it is last).
            return DROP_OUT
        return CONTINUE if self.goes_on(view) else DROP_OUT

    def holds_the_lead(self, view: View) -> bool:
        """In the endgame, ahead, with a backpack the first card turned up would more likely than
        not empty: draw and let the game run out rather than hike. Such a hike most likely scores
        nothing for us, and it is a hike the others join (at the end every heuristic joins) and
        go on with alone, which the end of the draw pile does not cut short (the rulebook
        finishes it on the reshuffled discards): it hands the players behind the miles they
        need. A draw only spends a card of the few left. (The audit's worst blunder of ``bold``,
        cost 0.53 win share.)"""
        return endgame(view) and ahead(view) and risks_whole_pack(view)

    def hikes(self, view: View) -> bool:
        """On its turn: take a hike rather than draw?"""
        raise NotImplementedError

    def joins(self, view: View) -> bool:
        """Join the hike another player announced?"""
        raise NotImplementedError

    def goes_on(self, view: View) -> bool:
        """On a hike: continue rather than drop out?"""
        raise NotImplementedError


def cards_held(view: View) -> int:
    return view.tables.size(view.my_pack)


def miles_held(view: View) -> int:
    return view.tables.total_miles(view.my_pack)


@strategy("cautious", games=GAME)
@dataclass
class Cautious(Hiker):
    """The careful packer: fills the backpack before hiking or joining, and drops out with the first
    Item card that turns up, so it rarely loses much on a hike."""

    full: int = 7  # cards in the backpack before it hikes or joins (seven spaces: 7 is full)

    def hikes(self, view):
        return cards_held(view) >= self.full or (endgame(view) and cards_held(view) > 0)

    def joins(self, view):
        return cards_held(view) >= self.full or endgame(view)

    def goes_on(self, view):
        return best_in_pile(view) == 0


@strategy("greedy", games=GAME)
@dataclass
class Greedy(Hiker):
    """The grabber: hikes with a half-full backpack and drops out as soon as a card worth
    ``take_at`` miles or more is on the hiking pile to take."""

    take_at: int = 3  # miles of the best Item on the hiking pile at which it drops out to take it
    hike_at: int = 5  # cards in the backpack to take a hike (one fewer to join one)

    def hikes(self, view):
        return cards_held(view) >= self.hike_at or (endgame(view) and cards_held(view) > 0)

    def joins(self, view):
        return cards_held(view) >= self.hike_at - 1 or endgame(view)

    def goes_on(self, view):
        return best_in_pile(view) < self.take_at and miles_held(view) >= 4


@strategy("bold", games=GAME)
@dataclass
class Bold(Hiker):
    """The stayer: goes on while its backpack can pay for bad cards, outlasting the other hikers to
    be the last one out and take the whole hiking pile; alone, it stops once the pile is rich."""

    reserve: int = 5  # miles in the backpack below which it drops out of a hike
    enough: int = 9  # alone on a hike: miles of Items on the hiking pile at which it drops out
    hike_miles: int = 12  # miles in the backpack to take a hike (two fewer to join one)

    def hikes(self, view):
        return miles_held(view) >= self.hike_miles or (endgame(view) and miles_held(view) > 0)

    def joins(self, view):
        return miles_held(view) >= self.hike_miles - 2 or endgame(view)

    def goes_on(self, view):
        miles = miles_held(view)
        if miles < self.reserve:
            return False
        others = [s for s in view.hikers if s != view.seat]
        if others:
            # Outlast the others while they are poorer than us; else take a card while we can.
            richest = max(view.tables.total_miles(view.backpacks[s]) for s in others)
            return miles > richest or best_in_pile(view) == 0
        return pile_miles(view) < self.enough


@strategy("threshold", games=GAME)
@dataclass
class Threshold(Hiker):
    """The rule-of-thumb hiker, for sweeps: hikes or joins with at least ``hike`` cards, and drops
    out once the hiking pile holds ``drop`` miles or its backpack falls below ``reserve`` miles."""

    # hike's help is the docstring's clause that names it ("hikes or joins with at least ...")
    hike: int = 5
    drop: int = 7  # miles of Items on the hiking pile at which it drops out
    reserve: int = 3  # miles in the backpack below which it drops out of a hike

    def hikes(self, view):
        return cards_held(view) >= self.hike or (endgame(view) and cards_held(view) > 0)

    joins = hikes

    def goes_on(self, view):
        return pile_miles(view) < self.drop and miles_held(view) >= self.reserve
