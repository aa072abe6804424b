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


def pick_discard(view: View, legal: list[int]) -> int:
    """Give up the least useful card; paying miles, cover the debt with as few miles as possible."""
    t = view.tables
    items = [a - DISCARD_BASE for a in legal]
    if view.debt is not None and view.debt[0] == Debt.MILES:
        owed = view.debt[1]
        covering = [i for i in items if t.miles[i] >= owed]
        if covering:
            return DISCARD_BASE + min(covering, key=lambda i: (t.miles[i], keep_value(view, i)))
        return DISCARD_BASE + max(items, key=lambda i: (t.miles[i], -keep_value(view, i)))
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
            return HIKE if self.hikes(view) else DRAW
        if view.phase == Phase.JOIN:
            return JOIN if self.joins(view) else STAY_BEHIND
        return CONTINUE if self.goes_on(view) else DROP_OUT

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

    full: int = 7

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

    take_at: int = 3
    hike_at: int = 5

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

    reserve: int = 5
    enough: int = 9
    hike_miles: int = 12

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

    hike: int = 5
    drop: int = 7
    reserve: int = 3

    def hikes(self, view):
        return cards_held(view) >= self.hike or (endgame(view) and cards_held(view) > 0)

    joins = hikes

    def goes_on(self, view):
        return pile_miles(view) < self.drop and miles_held(view) >= self.reserve
