"""Strategies for Backpacks & Blisters, built on shortest-path estimates of the map.

All three plan the same way: every option open now (each card to each reachable space, a ride, a
Refreshment stop) is valued as the points it scores at once, plus the best Prime Location left
within reach of where it ends (discounted by the turns it takes to get there), plus the Time
chart's points for the return it leaves possible; an option that leaves too few turns to walk home
by 6 p.m. is ruled out. From Tea the walk home is counted with the cards held (an average pace
only for cards not yet drawn), and from 4 p.m. only what this turn scores is weighed against
going home now. The Heavy Rucksack goes to the leader while it is a burden and away from the
leader once carrying it home would earn the hero's points. They differ in what they weigh:
points per turn and Chocolate (peak-bagger), Cairns (cairn-racer), or rides and Refreshments
(day-tripper).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

import numpy as np

from simkit.core.strategy import strategy
from simkit.games.backpacks_and_blisters.board import PRIME
from simkit.games.backpacks_and_blisters.cards import BLISTER, faces
from simkit.games.backpacks_and_blisters.movement import allowance, reachable, walk_stops
from simkit.games.backpacks_and_blisters.rules import (
    BINOCULARS,
    COMPASS,
    GUIDE_BOOKS,
    MINT_CAKE,
    SUN_PROTECTION,
    WALKING_STICKS,
)
from simkit.games.backpacks_and_blisters.state import CARRIED

GAME = "backpacks-and-blisters"
UNSAFE = -1000.0
STRANDED = -20.0  # what the Heavy Rucksack costs a Rambler it may keep out past 6 p.m.


@cache
def home_turns(board, circles: float, triangles: float) -> tuple[float, ...]:
    """Estimated turns from each space to Keswick, a circle costing 1/circles of a turn and a
    triangle 1/triangles (Dijkstra from Keswick over the cost of entering each space)."""
    cost = [1.0 / triangles if tri else 1.0 / circles for tri in board.triangle]
    dist = [math.inf] * board.n_spaces
    dist[board.start] = 0.0
    heap = [(0.0, board.start)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        for there in board.neighbours[here]:
            nd = d + cost[here]
            if nd < dist[there]:
                dist[there] = nd
                heapq.heappush(heap, (nd, there))
    return tuple(dist)


@cache
def home_set(board, circles: int, triangles: int) -> frozenset[int]:
    """The spaces from which one walk of ``circles`` and ``triangles`` reaches Keswick: a search
    backwards from Keswick, where stepping back off a space costs that space's symbol (the one
    the forward walk pays to enter it). Other Ramblers are ignored: by then they have moved."""
    best: dict[int, list[tuple[int, int]]] = {board.start: [(circles, triangles)]}
    stack = [(board.start, circles, triangles)]
    while stack:
        here, c, t = stack.pop()
        if board.triangle[here]:
            if not t:
                continue
            c, t = c, t - 1
        elif not c:
            continue
        else:
            c, t = c - 1, t
        for there in board.neighbours[here]:
            kept = best.setdefault(there, [])
            if any(kc >= c and kt >= t for kc, kt in kept):
                continue
            kept[:] = [(kc, kt) for kc, kt in kept if kc > c or kt > t]
            kept.append((c, t))
            stack.append((there, c, t))
    return frozenset(best)


@cache
def _prime_tables(board, speed: float, home_circles: float, home_triangles: float):
    """Per map: the Prime Locations, the turns from every space to each (spaces / ``speed``),
    the turns from each back home, and the (space, column) cells where a space is that place."""
    primes = [s for s, _, _ in board.cards]
    hops = np.array(
        [[board.hops(a, p) for p in primes] for a in range(board.n_spaces)], dtype=np.float64
    )
    home = home_turns(board, home_circles, home_triangles)
    home_need = np.array([math.ceil(home[p]) for p in primes], dtype=np.float64)
    own = (np.array(primes), np.arange(len(primes)))
    return primes, hops / speed, home_need, own


@cache
def _prospects(
    board, speed: float, home_circles: float, home_triangles: float, burden: int, turns_after: int
):
    """The part of the prospect sweep that does not change from one decision to the next: the
    Prime Locations, each space's divisor (1 + turns to get there) and where a visit still
    leaves time to walk home (never the location the Rambler stands on: not a prospect)."""
    primes, turns, home_need, own = _prime_tables(board, speed, home_circles, home_triangles)
    in_time = turns + (home_need + burden) <= turns_after
    in_time[own] = False
    return primes, 1.0 + turns, in_time


@dataclass(frozen=True)
class _Locations:
    """Per map, the Rambling cards' locations as arrays (in the map's order): space, printed
    points, triangular or not, a Prime Location or not, the card whose Secret Desire it is."""

    spaces: np.ndarray
    points: np.ndarray
    triangle: np.ndarray
    prime: np.ndarray
    card: np.ndarray
    space_list: tuple[int, ...]  # the same as Python numbers, for set look-ups
    card_list: tuple[int, ...]


@cache
def _locations(rules) -> _Locations:
    b, card_of_location = rules.board, faces(rules).card_of_location
    spaces = [space for space, _, _ in b.cards]
    return _Locations(
        spaces=np.array(spaces),
        points=np.array([b.points[s] for s in spaces], dtype=np.float64),
        triangle=np.array([bool(b.triangle[s]) for s in spaces]),
        prime=np.array([b.kind[s] == PRIME for s in spaces]),
        card=np.array([card_of_location.get(s, -1) for s in spaces]),
        space_list=tuple(spaces),
        card_list=tuple(card_of_location.get(s, -1) for s in spaces),
    )


@cache
def _walking_turns_after(board, turn: int) -> int:
    """Turns of walking left after ``turn`` (Lunch and Tea are not walking turns)."""
    return sum(
        1 for t in range(turn + 1, board.n_turns) if t not in (board.lunch_turn, board.tea_turn)
    )


@cache
def _board_arrays(board) -> tuple[np.ndarray, np.ndarray]:
    """Per map, as arrays for the end-value sweep: each space's beauty, the Time chart's points."""
    return (
        np.array(board.beauty, dtype=np.float64),
        np.array(board.return_points, dtype=np.float64),
    )


@cache
def _home_arrays(board, home: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Per map and pace (``home_turns``): the turns home as an array and the whole turns
    needed (none from Keswick itself). Built once, not per decision; never written to."""
    turns = np.array(home)
    need = np.ceil(turns)
    need[board.start] = 0
    return turns, need


@dataclass
class Planner:
    """Shared planning: greedy one-turn lookahead with a reach-home safety margin."""

    margin: int = 1  # spare turns kept in hand for the walk home
    speed: float = 3.0  # spaces a turn, for the distance to the next Prime Location
    home_circles: float = 2.2  # circles a turn assumed on the walk home (cautious)
    home_triangles: float = 1.4  # triangles a turn assumed on the walk home (cautious)
    lookahead: float = 0.6  # weight of the best Prime Location within reach after this turn
    cairn_weight: float = 1.0  # how much a Cairn's bonus counts
    money_value: float = 3.0  # points a pound is worth early in the day
    spend_bias: float = 0.0  # extra appeal of a ride or a Refreshment stop
    # A bar doubles one card: about a turn's walking, a little more than the pound it costs, so
    # a Rambler with money to spare buys one (when the two tied, the tie meant never buying).
    chocolate_value: float = 3.5  # points a Chocolate bar is worth early in the day
    rucksack_caution: float = 0.4  # pace lost a turn on the walk home under the Heavy Rucksack
    # From Tea (9 turns before the end) the leader is whom a burden vote picks: it plans the
    # walk home at the Rucksack's pace before it is handed over far from Keswick (a leader
    # voted it twice on Skiddaw at 3:20 p.m. and was brought down by Mountain Rescue).
    vote_horizon: int = 9  # turns before the end from which a leader expects the rucksack
    equipment_taste: ClassVar[tuple] = (
        WALKING_STICKS,
        BINOCULARS,
        GUIDE_BOOKS,
        SUN_PROTECTION,
        COMPASS,
        MINT_CAKE,
    )

    # -------------------------------------------------------------- the decision

    # (view key, (end values, points now, with the prospect, prospects)) of the last decision
    _last_ends: ClassVar[tuple | None] = None

    def choose(self, view, legal_actions, rng):
        kind = legal_actions[0][0]
        plan = _Plan(self, view)
        # The destination after a card is played is valued as the card was: reuse that sweep.
        key = plan.key()
        if self._last_ends is not None and self._last_ends[0] == key:
            plan._ends, plan._now, plan._base, plan._potential = self._last_ends[1]
        if kind == "equip":
            return max(legal_actions, key=lambda a: plan.equipment_score(a[1]))
        if kind == "vote" or kind == "give":
            return (kind, plan.rucksack_target([a[1] for a in legal_actions]))
        if kind == "discard":
            return min(legal_actions, key=lambda a: plan.card_worth(a[1]))
        if kind == "move":
            return max(legal_actions, key=lambda a: plan.move_score(*a[1:], rest=view.hand))
        if view.phase == "shop":
            return ("buy",) if plan.wants_chocolate() else ("end",)
        choice = plan.best_start(legal_actions)
        if plan._base is not None:
            self._last_ends = (key, (plan._ends, plan._now, plan._base, plan._potential))
        return choice


class _Plan:
    """One decision's estimates for one seat."""

    def __init__(self, style: Planner, view):
        self.style, self.view = style, view
        self.rules = view.rules
        self.board = view.rules.board
        self.faces = faces(view.rules)
        self.seat = view.seat
        self.here = view.positions[view.seat]
        self.stones = view.stones[view.seat]
        self.cairns = dict(view.cairns)
        self.equipment = view.equipment[view.seat]
        b = self.board
        self.day_left = b.n_turns - view.turn
        # Turns of walking left after this one (Lunch and Tea are not walking turns).
        self.turns_after = _walking_turns_after(b, view.turn)
        self.fraction_left = self.day_left / b.n_turns
        self.others = {
            p for s, p in enumerate(view.positions) if s != view.seat and p >= 0 and b.is_small(p)
        }
        self._potential: np.ndarray | None = None
        self._ends: np.ndarray | None = None
        self._stone_values: np.ndarray | None = None
        self._base: np.ndarray | None = None  # points now and the prospect, per end space
        self._now: np.ndarray | None = None  # points now, per end space
        # A Rambler who carries the Heavy Rucksack, or is the likeliest to be voted it next,
        # plans the walk home at the slower pace it forces.
        self._burden = 1 if self.expects_rucksack() else 0
        slow = style.rucksack_caution * self._burden
        self._home = home_turns(
            b, max(style.home_circles - slow, 0.3), max(style.home_triangles - slow, 0.3)
        )

    def key(self) -> tuple:
        """Everything the end values depend on (the played card counts as still held)."""
        v = self.view
        held = frozenset(v.hand) | {v.played} - {-1}  # -1: no card played yet
        return (
            self.seat,
            v.turn,
            self.stones,
            v.cairns,
            v.raining,
            held,
            v.rucksack_holder,
            self._burden,
            self.equipment,
            self.rules,
            id(self.style),
        )

    # -------------------------------------------------------------- values of places

    @property
    def stone_values(self) -> np.ndarray:
        """Points for placing a stone now on each Prime Location (0 where done), one per Rambling
        card's location in the map's order, worked out once per decision as one array sum: the
        points less rain, the Cairn's bonus, a Secret Desire held, Binoculars and Sun Protection."""
        if self._stone_values is None:
            r, v = self.rules, self.view
            table = _locations(self.rules)
            value = np.maximum(table.points - (r.rain_penalty if v.raining else 0), 0.0)
            if self.cairns:
                bonus = (r.cairn_first, r.cairn_second, r.cairn_other)
                placed = [self.cairns.get(space, -1) for space in table.space_list]
                value = value + [
                    self.style.cairn_weight * bonus[min(p, 2)] if p >= 0 else 0.0 for p in placed
                ]
            held = {c for c in (v.played, *v.hand) if c >= 0}
            if held:
                desire = r.guide_books if self.equipment == GUIDE_BOOKS else r.secret_desire
                value = value + np.where([c in held for c in table.card_list], desire, 0)
            if self.equipment == BINOCULARS:
                value = value + np.where(table.triangle, r.binoculars, 0)
            if self.equipment == SUN_PROTECTION and not v.raining:
                value = value + r.sun_protection
            done = ~table.prime
            if self.stones:
                done = done | [space in self.stones for space in table.space_list]
            self._stone_values = np.where(done, 0.0, value)
        return self._stone_values

    def potential(self, space: int) -> float:
        """The best unvisited Prime Location near ``space``, discounted by turns to get there."""
        if self._potential is None:
            self._potential = self._potentials()
        return float(self._potential[space])

    def _potentials(self) -> np.ndarray:
        """:meth:`potential` of every space at once (one array sweep per decision)."""
        b, style = self.board, self.style
        primes, discount, in_time = _prospects(
            b,
            style.speed,
            style.home_circles,
            style.home_triangles,
            self._burden,
            self.turns_after,
        )
        gain = np.where(in_time, self.stone_values / discount, 0.0)
        return gain.max(axis=1)

    def expects_rucksack(self) -> bool:
        """Carrying the Heavy Rucksack, or, late in the day, leading among those who could be
        voted it next."""
        v = self.view
        if v.rucksack_holder == self.seat:
            return True
        horizon = self.style.vote_horizon  # 0: only the carrier slows down
        if v.rucksack != CARRIED or not 0 < self.turns_after <= horizon:
            return False
        rivals = [
            v.scores[s]
            for s, p in enumerate(v.positions)
            if p >= 0 and s not in (self.seat, v.rucksack_holder)
        ]
        return all(v.scores[self.seat] >= x for x in rivals)

    def need_home(self, space: int) -> int:
        """Turns to walk home from ``space``, one more while carrying the Heavy Rucksack."""
        if space == self.board.start:
            return 0
        return math.ceil(self._home[space])

    def end_value(self, space: int) -> float:
        """The whole value of ending this turn on ``space``."""
        if self._ends is None:
            self._ends = self._end_values()
        return float(self._ends[space])

    def _end_values(self) -> np.ndarray:
        """For every space: points now, the best prospect from there and the Time chart points
        for the return it leaves likely; a space too far from Keswick ranks by its distance."""
        b, r, v, style = self.board, self.rules, self.view, self.style
        n = b.n_spaces
        beauty, return_points = _board_arrays(b)
        home, need = _home_arrays(b, self._home)
        values = np.zeros(n)
        values[_locations(r).spaces] = self.stone_values
        wet = r.rain_penalty if v.raining else 0
        values += beauty * max(r.beauty_points - wet, 0)
        if self._potential is None:
            self._potential = self._potentials()
        potential = self._potential
        arrive = np.clip(v.turn + need, b.return_from_turn, b.n_turns - 1).astype(int)
        chart = return_points[arrive - b.return_from_turn]
        self._now = values
        self._base = values + style.lookahead * potential
        ends = self._base + chart
        ends = np.where(need > self.turns_after - style.margin, UNSAFE - 10.0 * home, ends)
        if v.turn >= b.return_from_turn:
            # Going home now banks the Time chart's points for this turn (and the hero's); every
            # other end already weighs what it scores against the later, smaller return. (A
            # further "what the remaining turns could score" charge here counted that twice and
            # kept Ramblers out who would have done better at home.)
            value = b.return_points[v.turn - b.return_from_turn]
            if v.rucksack_holder == self.seat:
                value += r.rucksack_hero
            ends[b.start] = value
        return ends

    # -------------------------------------------------------------- cards and resources

    def pound(self) -> float:
        return self.style.money_value * self.fraction_left

    def chocolate(self) -> float:
        return self.style.chocolate_value * self.fraction_left

    def card_worth(self, card: int) -> float:
        """How much keeping a card is worth: its movement and a Secret Desire near at hand."""
        f = self.faces
        if f.kind[card] == BLISTER:
            return -10.0
        worth = 0.5 * (f.circles[card] + f.triangles[card])
        where = f.location[card]
        if where not in self.stones:
            turns = self.board.hops(self.here, where) / self.style.speed
            if turns + self.need_home(where) <= self.turns_after:
                worth += self.rules.secret_desire * 2.0 / (1.0 + turns)
        return worth

    def move_score(self, space: int, eat: int, bought: int = 0, rest=()) -> float:
        """The end of the walk, less a bar eaten, plus a bar bought on the way at its price."""
        price = self.bar_price()
        bar = self.view.chocolate[self.seat] - eat + bought > 0
        end = self.walk_value(space, tuple(rest), bar)
        # A bar carried on is worth its value only with money to spare, as in the shop.
        kept = self.chocolate() if bought <= eat or self.wants_chocolate() else 0.0
        return end + (bought - eat) * kept - bought * price

    # -------------------------------------------------------------- the walk home

    def late(self) -> bool:
        """From Tea on (two cards in hand, the last eight turns) the walk home is planned with the
        cards held, not with an average pace."""
        return self.view.turn > self.board.tea_turn

    def walk_value(self, space: int, rest: tuple[int, ...], bar: bool) -> float:
        """:meth:`end_value`, but late in the day with the turns home counted from ``rest``, the
        cards left in hand after this turn's, and the Chocolate bar ``bar`` carried on."""
        if not self.late() or space == self.board.start:
            return self.end_value(space)
        b, style = self.board, self.style
        if self._base is None:  # the end values came from the last decision's cache
            self._ends = self._end_values()
        need = self.hand_home_turns(space, rest, bar)
        if need > self.turns_after - style.margin:
            # Out of time: rank by the distance home, whole turns first, then the pace's
            # fraction (whole turns alone tie every far space, and a tie stood the Rambler still).
            return UNSAFE - 10.0 * need - self._home[space]
        arrive = min(max(self.view.turn + need, b.return_from_turn), b.n_turns - 1)
        # Spaces as many whole turns from home score the same chart points: the nearer wins
        # the tie (a tie stood Ramblers still two spaces from Keswick until 6 p.m.).
        chart = b.return_points[arrive - b.return_from_turn] - 0.01 * self._home[space]
        if self.view.turn >= b.return_from_turn:
            # From 4 p.m. each further turn out costs the Time chart's points, and a prospect
            # beyond this turn means another turn out: only what this turn scores is weighed
            # against going home (counting the prospect kept Ramblers out who would have done
            # better at home).
            return float(self._now[space]) + chart
        return float(self._base[space]) + chart

    def best_walk(self, spaces: set[int], rest: tuple[int, ...], bar: bool) -> float:
        """The best :meth:`walk_value` of ``spaces``: before Tea every space's is its end value,
        so one array lookup serves them all (this sweep was the heuristic's hottest loop)."""
        if self.late():
            return max(self.walk_value(d, rest, bar) for d in spaces)
        if self._ends is None:
            self._ends = self._end_values()
        return float(self._ends[list(spaces)].max())

    def card_moves(self, card: int, eat: bool) -> list[tuple[int, int]]:
        f = self.faces
        if f.kind[card] == BLISTER:
            return []
        return allowance(
            f.circles[card],
            f.triangles[card],
            sticks=self.equipment == WALKING_STICKS,
            rucksack=self.view.rucksack_holder == self.seat,
            mint_cake=self.equipment == MINT_CAKE,
            chocolate=eat,
        )

    def hand_home_turns(self, space: int, cards: tuple[int, ...], bar: bool) -> int:
        """Turns the cards held take to walk home from ``space`` (each card once, in either
        order, the bar doubling one of them); when they cannot, at least one turn more than they
        cover, and never fewer than the cautious pace's estimate (cards yet to be drawn are
        unknown: an average card is what the pace assumes)."""
        if space == self.board.start:
            return 0
        b = self.board

        def homes(card: int, eat: bool) -> frozenset[int]:
            out: frozenset[int] = frozenset()
            for c, t in self.card_moves(card, eat):
                out |= home_set(b, c, t)
            return out

        eats = (False, True) if bar else (False,)
        if any(space in homes(card, eat) for card in cards for eat in eats):
            return 1
        for i, first in enumerate(cards):
            for j, second in enumerate(cards):
                if i == j:
                    continue
                for eat in eats:
                    via = set()
                    for c, t in self.card_moves(first, eat):
                        via |= reachable(b, space, c, t, frozenset())
                    last = homes(second, bar and not eat)
                    if via & last:
                        return 2
        return max(self.need_home(space), min(len(cards), 2) + 1)

    def reach(self, card: int, eat: bool) -> set[int]:
        f, v = self.faces, self.view
        moves = allowance(
            f.circles[card],
            f.triangles[card],
            sticks=self.equipment == WALKING_STICKS,
            rucksack=v.carrying,
            mint_cake=self.equipment == MINT_CAKE,
            chocolate=eat,
        )
        stops = walk_stops(self.board, v.turn, self.rules.late_keswick)
        ends: set[int] = set()
        for c, t in moves:
            ends |= reachable(self.board, self.here, c, t, self.others, stops)
        return ends

    def best_start(self, legal_actions):
        best, best_value = legal_actions[0], -math.inf
        v, r = self.view, self.rules
        for action in legal_actions:
            kind = action[0]
            if kind == "play":
                card = action[1]
                keep = self.card_worth(card)
                rest = list(v.hand)
                rest.remove(card)
                rest = tuple(rest)
                bar = bool(v.chocolate[self.seat])
                value = self.best_walk(self.reach(card, False), rest, bar)
                if bar:
                    value = max(
                        value,
                        self.best_walk(self.reach(card, True), rest, False) - self.chocolate(),
                    )
                if v.turn < self.board.return_from_turn:
                    # From 4 p.m. the cards kept matter for the walk home, which walk_value
                    # counts with them: a keep-the-good-card bonus on top played a Blister and
                    # stood still instead of going home.
                    value -= 0.3 * keep
            elif kind == "ride":
                points = r.ferry_points if action[1] == "ferry" else r.bus_points
                worst = min(v.hand, key=self.card_worth, default=-1)
                # The walk home after a ride is counted with the cards kept, as after a walk
                # (the ride's discard goes: the worst card).
                kept = tuple(c for c in v.hand if c != worst)
                end = self.walk_value(action[2], kept, bool(v.chocolate[self.seat]))
                value = (
                    points
                    + self.style.spend_bias
                    + end
                    - r.ride_cost * self.pound()
                    - 0.3 * (self.card_worth(worst) if worst >= 0 else 0.0)
                )
            elif kind == "refresh":
                dropped = sum(self.card_worth(c) for c in action[1:])
                fresh = len(action[1:]) * 1.5
                # Staying put for Refreshments: the walk home from here with the cards kept.
                kept = tuple(c for c in v.hand if c not in action[1:])
                end = self.walk_value(self.here, kept, bool(v.chocolate[self.seat]))
                value = (
                    r.refresh_points
                    + self.style.spend_bias
                    + end
                    - r.refresh_cost * self.pound()
                    - 0.3 * dropped
                    + 0.3 * fresh
                )
            else:  # buy: weighed below, against what the pound would otherwise buy this turn
                continue
            if kind in ("ride", "refresh") and value < UNSAFE / 2:
                # Out of time: only getting closer to Keswick counts, not points on the way,
                # and standing still for Refreshments never gets closer.
                value = end - (1.0 if kind == "ride" else 100.0)
            if value > best_value:
                best, best_value = action, value
        if ("buy",) in legal_actions and self.wants_chocolate() and self.buy_first(best):
            return ("buy",)
        return best

    def buy_first(self, best) -> bool:
        """Buy a bar before the turn's best action, unless that action needs the pound the bar
        would take (a ride or Refreshments already weighed their price against walking)."""
        v, r = self.view, self.rules
        cost = {"ride": r.ride_cost, "refresh": r.refresh_cost}.get(best[0], 0)
        return v.money[self.seat] - r.chocolate_cost >= cost

    def wants_chocolate(self) -> bool:
        """A bar is bought with money to spare (a pound still left for a ride or Refreshments,
        which score more per pound than a bar) when it is worth more than the pounds it costs.
        (Its value and a pound's once tied, and the tie meant never buying.)"""
        spare = self.view.money[self.seat] - self.rules.chocolate_cost
        return spare >= 1 and self.chocolate() > self.bar_price()

    def bar_price(self) -> float:
        """What a bar's pounds are worth: their value, plus the appeal of the ride or the
        Refreshments they would otherwise have paid for (``spend_bias``)."""
        return self.rules.chocolate_cost * (self.pound() + self.style.spend_bias)

    # -------------------------------------------------------------- Equipment and the vote

    def equipment_score(self, tile: int) -> float:
        v = self.view
        score = -float(self.style.equipment_taste.index(tile))
        if tile == MINT_CAKE and v.rucksack_holder == self.seat:
            score += 10
        if tile == SUN_PROTECTION and v.raining:
            score -= 3
        if tile == GUIDE_BOOKS:
            score += sum(1 for c in v.hand if self.card_worth(c) > 2.0)
        return score

    def rucksack_target(self, candidates: list[int]) -> int:
        """Who should carry the Heavy Rucksack next.

        While it is a burden to everyone, it goes to the rival most likely to beat us (the
        highest score). Late in the day, whoever can carry it home gets the hero's points: it is
        a gift, and handing it to the leader then (as every vote did) handed them the game. The
        carrier keeps a gift; while it would be a gift to anyone but the Rambler with the fewest
        points, every other voter gives it to that Rambler: the choice they all agree on, so
        together they outvote the carrier instead of splitting and leaving the tie to it.
        """
        v, me = self.view, self.seat
        rivals = [s for s in candidates if s != me]
        if not rivals:
            return me
        gains = {s: self.rucksack_gain(s) for s in candidates}
        if v.rucksack_holder == me and gains.get(me, -1.0) > 0:
            return me
        # The focal Rambler: the fewest points among those it would not strand out past 6 p.m.
        safe = [s for s in candidates if gains[s] > STRANDED]
        weakest = min(safe or candidates, key=lambda s: (v.scores[s], s))
        if any(gains[s] > 0 for s in candidates if s != weakest):
            return weakest
        return max(rivals, key=lambda s: (v.scores[s], -s))

    def rucksack_gain(self, seat: int) -> float:
        """Points carrying the Heavy Rucksack is worth to ``seat``: the hero's points if they can
        be home with it from 4 p.m. before the next vote (or, for a carrier who decides every
        vote, at all), less the pace it costs on the way (a card's circle and triangle a turn,
        about a point)."""
        v, b, r = self.view, self.board, self.rules
        space = v.positions[seat]
        if space < 0:
            return 0.0
        burden = -1.0 * r.rucksack_turns
        if space == b.start:
            return r.rucksack_hero + burden / 2 if v.turn + 1 >= b.return_from_turn else burden
        # Stranded: the Rucksack takes a circle and a triangle off every card, and an average
        # card then walks about 1.2 circles and 0.6 triangles (blisters included).
        if math.ceil(home_turns(b, 1.2, 0.6)[space]) + 1 > self.turns_after:
            return STRANDED  # slowed down, it may not be home by 6 p.m.: all points lost
        # The hero: home within the turns it carries it at the planner's Rucksack pace, at 4 p.m.
        # or later by the last of them (near Keswick one can wait for 4 p.m.).
        slow = self.style.rucksack_caution
        pace = home_turns(b, self.style.home_circles - slow, self.style.home_triangles - slow)
        home = math.ceil(pace[space])
        if self.keeps_at_will(seat):
            # It decides every vote, so it carries the Rucksack until it is home from 4 p.m., and
            # pays the pace every turn till then: kept from 11 a.m. it cost more than the hero's
            # 5 points (issue 11: the new rule won 0.65 of two-player games against the old).
            if home <= self.turns_after and v.turn + home < b.n_turns:
                return r.rucksack_hero - 1.0 * max(home, b.return_from_turn - v.turn)
            return burden
        last = v.turn + r.rucksack_turns
        if home <= r.rucksack_turns and last >= b.return_from_turn and v.turn + home < b.n_turns:
            return r.rucksack_hero + burden / 2
        return burden

    def keeps_at_will(self, seat: int) -> bool:
        """Whether ``seat`` carries the Heavy Rucksack and wins every vote on it: with at most one
        other Rambler still on the map to vote, its own vote wins or ties, and a tie is the
        carrier's to decide. It then carries it for as long as it likes, not two turns."""
        v = self.view
        return seat == v.rucksack_holder and sum(p >= 0 for p in v.positions) <= 2


@strategy("peak-bagger", games=(GAME,))
@dataclass
class PeakBagger(Planner):
    """Bags the most points per turn: each turn the card and space worth most now and next, always
    keeping the turns needed to walk home by 6 p.m. (``margin`` spare turns); its pounds buy
    Chocolate, which takes it further."""


@strategy("cairn-racer", games=(GAME,))
@dataclass
class CairnRacer(Planner):
    """Races for the Cairns: a Cairn's bonus counts double and the far view matters more, so it
    heads for unclaimed Cairns first and picks up Prime Locations on the way."""

    cairn_weight: float = 2.0  # a Cairn's bonus counts double
    lookahead: float = 1.0  # the far view counts in full: it heads for the Cairns left
    equipment_taste: ClassVar[tuple] = (
        WALKING_STICKS,
        COMPASS,
        BINOCULARS,
        GUIDE_BOOKS,
        SUN_PROTECTION,
        MINT_CAKE,
    )


@strategy("day-tripper", games=(GAME,))
@dataclass
class DayTripper(Planner):
    """Spends its money: rides the Ferry and the Buses and stops for Refreshments whenever a pound
    buys more points than walking would, then walks the fells nearest its stop; it buys
    Chocolate only to eat at once."""

    money_value: float = 0.5  # a pound is for spending, not keeping
    spend_bias: float = 4.0  # extra appeal of a ride or a Refreshment stop
    # Its pounds go on rides and Refreshments, points on the spot: a bar is worth less to it
    # than the ride its pound would pay for, so it buys one only to eat at once for a walk
    # worth more than that ride (it eats the bar it starts with).
    chocolate_value: float = 0.4  # a bar kept is worth little: it eats what it buys
    lookahead: float = 0.4  # the fells near its stop count less than the ride there
    equipment_taste: ClassVar[tuple] = (
        GUIDE_BOOKS,
        WALKING_STICKS,
        SUN_PROTECTION,
        BINOCULARS,
        COMPASS,
        MINT_CAKE,
    )
