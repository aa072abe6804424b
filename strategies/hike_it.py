"""Strategies for Hike It!: route planners on the trail graph's shortest paths.

Every heuristic here plans its afternoon once per decision from the view: the next target is the
nearest unclaimed waypoint along the best remaining tour (or the trailhead once all three are
claimed), and each step goes one mile along a shortest path that avoids passive bears. The styles
differ in what they carry, what detours they accept and how they spend their evening.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import permutations

from simkit.core.strategy import strategy
from simkit.games.hike_it.data import GEAR_TYPES, ITEMS, WATER_ITEM

GAME = ("hike-it",)


def _bfs_from(board, target: int, blocked: frozenset[int]) -> list[int]:
    """Miles from every space to ``target`` without entering ``blocked`` spaces (-1: cut off)."""
    dist = [-1] * board.size
    dist[target] = 0
    todo = deque([target])
    while todo:
        x = todo.popleft()
        for y in board.adj[x]:
            if dist[y] < 0 and y not in blocked:
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


def _tour(board, start: int, stops: list[int], home: int) -> tuple[int, list[int]]:
    """The shortest order to visit ``stops`` from ``start`` and end at ``home``."""
    d = board.dist
    best = (10**9, list(stops))
    for perm in permutations(stops):
        at, miles = start, 0
        for s in perm:
            miles += d[at][s]
            at = s
        miles += d[at][home]
        if miles < best[0]:
            best = (miles, list(perm))
    return best


_WEATHER_CARDS: list = [None, ()]  # the rules last seen and their weather cards' needs


def _weather_needs(view) -> list[int]:
    """Items the forecast asks for, today first (extreme cards list two)."""
    rules = view.rules
    if _WEATHER_CARDS[0] is not rules:
        _WEATHER_CARDS[:] = [
            rules,
            tuple(
                kind.requires[i % len(kind.requires)]
                for kind, count in zip(rules.decks.weather, rules.weather.counts(), strict=True)
                for i in range(count)
            ),
        ]
    cards = _WEATHER_CARDS[1]
    needs: list[int] = []
    for c in view.forecast:
        needs += list(cards[c])
    return needs


@dataclass
class _Planner:
    """Shared machinery; subclasses set the style through their dataclass fields."""

    pack: int = 2  # tiles to carry at most (each one costs an action every day)
    water: int = 1  # water tiles wanted
    forecast_gear: bool = False  # fetch the gear the forecast asks for
    detour: int = 0  # extra miles accepted for a scenic token
    camp_below: int = 3  # camp at a free campsite when fewer actions than this remain
    rest_levels: int = 2
    use_track: bool = True
    token_health: int = 2  # pay a challenge with a skill set token only at this health or below
    trade: bool = True  # offer a trade for a challenge's missing item
    camp_window: int = 0  # with this many actions left, head for a free campsite near the route
    camp_detour: int = 2  # extra miles accepted to end the day at a campsite

    # ------------------------------------------------------------------------------ entry
    def choose(self, view, legal, rng):
        phase = view.phase
        handler = getattr(self, "_" + phase, None)
        choice = handler(view, legal) if handler else None
        return choice if choice in legal else legal[0]

    # ------------------------------------------------------------------------------ setup
    def _waypoint(self, view, legal):
        board = view.board
        mine = view.me.waypoints
        if not mine:
            # Start near the middle of the park's trailheads: short tours later.
            return min(legal, key=lambda a: (min(board.dist[a[1]][t] for t in board.trailheads), a))
        return min(legal, key=lambda a: (sum(board.dist[a[1]][w] for w in mine), a))

    def _trailhead(self, view, legal):
        board, wps = view.board, list(view.me.waypoints)
        return min(legal, key=lambda a: (_tour(board, a[1], wps, a[1])[0], a))

    # ------------------------------------------------------------------------------ morning
    def _reroll(self, view, legal):
        return ("reroll",) if view.me.health <= 3 or self.forecast_gear else ("face_weather",)

    def _pay(self, view, legal):
        pays = [a for a in legal if a[0] == "pay"]
        if not pays:
            trades = [a for a in legal if a[0] == "trade"]
            first = view.offers_left == view.rules.trade_offers  # one try per turn
            return trades[0] if trades and self.trade and first else ("suffer",)
        # Tiles first (a lighter pack), then skill cards, tokens (5 points each) only when weak.
        rank = {"tile": 0, "cards": 1, "token": 3}
        best = min(pays, key=lambda a: (sum(rank[m] for m in a[1:]), a))
        if "token" in best[1:] and view.me.health > self.token_health:
            return ("suffer",)
        return best

    # ------------------------------------------------------------------------------ trading
    def _value(self, view, code: int) -> float:
        """What one tradeable thing is worth to this hiker (see simkit.games.hike_it.trading)."""
        n = len(ITEMS)
        me = view.me
        if code < n:
            needed = code in _weather_needs(view) or code in view.pay_req
            return 1.0 + (2.0 if needed and me.tokens[code] < 2 else 0.0)
        if code < 2 * n:
            per = view.rules.decks.skill_per_type
            held = sum(1 for c in view.hand if c // per == code - n)
            return 1.0 + (1.0 if held == 2 else 0.0)
        if code < 3 * n:
            return 5.0 + (2.0 if me.tokens[code - 2 * n] == 1 else 0.0)
        return 1.0

    def _trade_give(self, view, legal):
        if view.offer[2]:  # one thing offered: now what to ask for it
            return self._trade_get(view, [a for a in legal if a[0] == "get"])
        if view.turn != view.seat:  # asked for an offer: give what the asker's challenge needs
            for item in view.pay_req:
                if ("give", item) in legal and self._value(view, item) < 3:
                    return ("give", item)
        return min(legal, key=lambda a: (self._value(view, a[1]), a))

    def _trade_get(self, view, legal):
        if view.offer[3] or not [a for a in legal if a[0] == "get"]:
            return ("propose",)  # one thing for one thing
        if view.turn == view.seat:
            for item in view.pay_req:
                for code in (item, 2 * len(ITEMS) + item):
                    if ("get", code) in legal:
                        return ("get", code)
        return max(legal, key=lambda a: (self._value(view, a[1]), a))

    def _trade_answer(self, view, legal):
        _, _, gives, gets = view.offer
        value = sum(self._value(view, c) for c in gives) - sum(self._value(view, c) for c in gets)
        if ("accept",) in legal and value >= 0:
            return ("accept",)
        return ("decline",)

    def _skill(self, view, legal):
        per = view.rules.decks.skill_per_type
        held = [0] * len(ITEMS)
        for c in view.hand:
            held[c // per] += 1
        return max(legal, key=lambda a: (held[view.face_up[a[1]] // per], -a[1]))

    def _refill(self, view, legal):
        region = view.board.park.region[view.me.pos] if view.me.pos >= 0 else 0
        return next((a for a in legal if a[1] == region), legal[0])

    def _shoo(self, view, legal):
        return max(legal, key=lambda a: (view.board.dist[view.me.pos][a[1]], a))

    def _keep(self, view, legal):
        return legal[0]

    def _hand(self, view, legal):
        sets = [a for a in legal if a[0] == "set"]
        if sets:
            return sets[0]
        per = view.rules.decks.skill_per_type
        held = [0] * len(ITEMS)
        for c in view.hand:
            held[c // per] += 1
        return min((a for a in legal if a[0] == "discard"), key=lambda a: (held[a[1]], a))

    def _rest(self, view, legal):
        return max((a for a in legal if a[1] <= self.rest_levels), default=legal[0])

    # ------------------------------------------------------------------------------ bears
    def _hikers(self, view) -> list[int]:
        return [p.pos for p in view.players if p.status in ("hiking", "resting")]

    def _bear_pick(self, view, legal):
        board, hikers = view.board, self._hikers(view)
        if not hikers:
            return legal[0]

        def closeness(a):
            at = a[2] if len(a) > 2 else view.bears[a[1]]
            return (min(board.dist[at][h] for h in hikers), a)

        return min(legal, key=closeness)

    def _bear_step(self, view, legal):
        board, hikers = view.board, self._hikers(view)
        if not hikers:
            return legal[0]
        return min(legal, key=lambda a: (min(board.dist[a[1]][h] for h in hikers), a))

    # ------------------------------------------------------------------------------ afternoon
    def _target(self, view) -> int:
        me, board = view.me, view.board
        left = [w for w in me.waypoints if view.waypoint_owner[w] == view.seat]
        if not left:
            return me.home
        return _tour(board, me.pos, left, me.home)[1][0]

    def _wanted_gear(self, view) -> list[int]:
        me = view.me
        wanted: list[int] = []
        if self.forecast_gear:
            for item in _weather_needs(view):
                if (
                    item < GEAR_TYPES
                    and me.storage[item] + wanted.count(item) < 1
                    and (me.tokens[item] < 2)
                ):
                    wanted.append(item)
        return wanted

    def _afternoon(self, view, legal):
        me = view.me
        kinds = {a[0]: a for a in legal}
        sets = [a for a in legal if a[0] == "set"]
        if sets:
            return sets[0]
        tiles = sum(me.storage)
        if "turn_order" in kinds and self.use_track and view.actions > self.camp_below:
            return kinds["turn_order"]
        # Gear and water for the road, within the pack's size.
        if tiles < self.pack:
            for item in self._wanted_gear(view):
                if ("gear", item) in legal and view.actions > 2:
                    return ("gear", item)
            if "water" in kinds and me.storage[WATER_ITEM] < self.water and view.actions > 2:
                return kinds["water"]
        # Dump what the forecast no longer asks for when the pack is too heavy.
        if tiles > self.pack:
            needs = set(_weather_needs(view))
            dumps = [a for a in legal if a[0] == "dump" and a[1] not in needs]
            if dumps:
                return dumps[0]
        if "campfire" in kinds and view.actions < self.camp_below:
            return kinds["campfire"]
        step = self._step(view, legal)
        if step is not None:
            return step
        if "campfire" in kinds:
            return kinds["campfire"]
        return ("end",)

    def _step(self, view, legal):
        hikes = [a[1] for a in legal if a[0] == "hike"]
        if not hikes:
            return None
        me, board = view.me, view.board
        target = self._target(view)
        blocked = frozenset(view.bears) if not view.aggressive else frozenset()
        if self.detour:
            target = self._detour_target(view, target, blocked)
        target = self._camp_target(view, target)
        dist = self._distances(board, target, blocked)
        if view.aggressive:  # keep away from bears unless no other way
            bears = set(view.bears)
            safe = [h for h in hikes if h not in bears and dist[h] >= 0]
            hikes = safe or hikes
        reach = [h for h in hikes if dist[h] >= 0]
        if not reach or dist[me.pos] == 0:
            return None
        best = min(reach, key=lambda h: (dist[h], h))
        if dist[best] >= dist[me.pos] >= 0:
            return None
        return ("hike", best)

    def _camp_target(self, view, target: int) -> int:
        """Late in the day, a free campsite close to the route: its campfire bonus and rerolls."""
        me, board = view.me, view.board
        if me.campfires_used >= view.rules.campfires or view.actions > self.camp_window:
            return target
        d = board.dist
        here, base = me.pos, d[me.pos][target]
        best, best_key = target, None
        for c in board.campsites:
            if view.campfire_at[c] >= 0 or d[here][c] > view.actions:
                continue
            extra = d[here][c] + d[c][target] - base
            if extra <= self.camp_detour:
                key = (extra, d[here][c], c)
                if best_key is None or key < best_key:
                    best, best_key = c, key
        return best

    def _distances(self, board, target: int, blocked: frozenset[int]):
        """Miles to ``target`` around passive bears (cached: bears move rarely)."""
        if not blocked:
            return board.dist[target]
        cache = self.__dict__.setdefault("_paths", {})
        key = (id(board), target, blocked)
        if key not in cache:
            if len(cache) > 256:
                cache.clear()
            cache[key] = _bfs_from(board, target, blocked)
        return cache[key]

    def _detour_target(self, view, target: int, blocked) -> int:
        board, here = view.board, view.me.pos
        d = board.dist
        base = d[here][target]
        best, best_key = target, None
        for s in board.scenic_spots:
            if not view.scenic_on[s] or s in blocked or s == here:
                continue
            extra = d[here][s] + d[s][target] - base
            if extra <= self.detour and d[here][s] <= view.actions:
                key = (d[here][s], s)
                if best_key is None or key < best_key:
                    best, best_key = s, key
        return best


@strategy("planner", games=GAME)
@dataclass
class Planner(_Planner):
    """A balanced hiker: the best tour through its waypoints, a small pack of forecast gear and
    water, ends its days at free campsites near the route, and picks up scenic tokens a mile or two
    off the route.

    Parameters: pack (tiles carried), water (water tiles wanted), detour (extra miles for a scenic
    token), camp_window (actions left when it looks for a campsite), camp_detour (miles it accepts
    for one), camp_below (camp when fewer actions remain), rest_levels (health bought when
    resting), token_health (pay with a skill set token only at this health), trade (trade for a
    missing item).
    """

    pack: int = 3
    water: int = 1
    forecast_gear: bool = True
    detour: int = 2
    camp_below: int = 4
    rest_levels: int = 2
    use_track: bool = True
    token_health: int = 2
    camp_window: int = 6


@strategy("rusher", games=GAME)
@dataclass
class Rusher(_Planner):
    """A waypoint rusher racing for the biggest trailhead bonus: the shortest tour, a near-empty
    pack for the most actions a day, no detours, campfires only when they cost no miles.
    """

    pack: int = 1
    water: int = 1
    forecast_gear: bool = False
    detour: int = 0
    camp_below: int = 2
    rest_levels: int = 1
    use_track: bool = False
    token_health: int = 2
    camp_window: int = 0


@strategy("collector", games=GAME)
@dataclass
class Collector(_Planner):
    """A sightseer who collects scenic tokens and skill sets: long detours to every token near the
    route and a pack of gear to overcome challenges for skill cards; comes home late.
    """

    pack: int = 4
    water: int = 1
    forecast_gear: bool = True
    detour: int = 5
    camp_below: int = 4
    rest_levels: int = 3
    use_track: bool = True
    token_health: int = 2
    camp_window: int = 5


@strategy("careful", games=GAME)
@dataclass
class Careful(_Planner):
    """A careful hiker who carries the gear the forecast asks for and two water tiles, waits out
    weather at its campfires and never pays a challenge with health when it can avoid it.
    """

    pack: int = 5
    water: int = 2
    forecast_gear: bool = True
    detour: int = 1
    camp_below: int = 5
    rest_levels: int = 3
    use_track: bool = True
    token_health: int = 8
    camp_window: int = 6
