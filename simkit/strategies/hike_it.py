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


# Miles around passive bears, shared by every planner of the process (all seats, every game on
# the same board): bears move rarely, so the same few maps are asked for again and again. The
# maps are kept with the board they were searched on and dropped when another board comes.
_DETOURS: dict = {"board": None, "maps": {}}


def _detour_map(board, target: int, blocked: frozenset[int]) -> list[int]:
    """:func:`_bfs_from`, searched once per board, target and set of blocked spaces."""
    if _DETOURS["board"] is not board:
        _DETOURS["board"], _DETOURS["maps"] = board, {}
    maps = _DETOURS["maps"]
    key = (target, blocked)
    if key not in maps:
        if len(maps) > 4096:
            maps.clear()
        maps[key] = _bfs_from(board, target, blocked)
    return maps[key]


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


def _weather_cards(view) -> tuple:
    """The items each weather card (by id) asks for, cached for the rules last seen."""
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
    return _WEATHER_CARDS[1]


def _weather_needs(view) -> list[int]:
    """Items the forecast asks for, today first (extreme cards list two)."""
    cards = _weather_cards(view)
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
    rest_levels: int = 2  # health levels bought at most when resting (Your Packboard, Health)
    use_track: bool = True  # spend an action to move up the turn order after a campfire
    token_health: int = 2  # pay a challenge with a skill set token only at this health or below
    trade: bool = True  # offer a trade for a challenge's missing item
    camp_window: int = 0  # with this many actions left, head for a free campsite near the route
    camp_detour: int = 2  # extra miles accepted to end the day at a campsite
    # Issue 11: the shortest tour home loses. The game ends when the last hiker leaves the park,
    # and every day out is scenic tokens, skill cards and side hikes: the planner on the longest
    # tour won 0.68 of two-player games against itself on the shortest, 0.59 at four (the
    # trailhead bonus, 5 to 10 points, does not make it up; experiments/hike-it/long-tour.py)
    long_tour: bool = False  # waypoints far apart and the trailhead of the longest tour

    # ------------------------------------------------------------------------------ entry
    def choose(self, view, legal, rng):
        phase = view.phase
        handler = getattr(self, "_" + phase, None)
        choice = handler(view, legal) if handler else None
        # The engine's own action object: the engine recognises it without computing the legal
        # actions a second time.
        try:
            return legal[legal.index(choice)]
        except ValueError:
            return legal[0]

    # ------------------------------------------------------------------------------ setup
    def _waypoint(self, view, legal):
        """The first waypoint near the park's trailheads, the others near the ones held: a short
        tour; with ``long_tour`` far from them, a long one, and its first waypoint as far as it
        can be from its region's bear."""
        board = view.board
        mine = view.me.waypoints
        sign = -1 if self.long_tour else 1
        if mine:
            return min(legal, key=lambda a: (sign * sum(board.dist[a[1]][w] for w in mine), a))

        def to_trailheads(space):
            return min(board.dist[space][t] for t in board.trailheads)

        if not self.long_tour:
            return min(legal, key=lambda a: (to_trailheads(a[1]), a))
        # Issue 11: the long tour's first waypoint farthest from the trailheads was no better than
        # an option drawn at random in the audit's playouts (setup_values.py), and the one
        # farthest from its region's passive bear (in its den at setup, a space no hiker may enter
        # or pass) won 0.59 of two-player games against it (first-waypoint.py; both in
        # experiments/hike-it)
        return min(
            legal,
            key=lambda a: (
                -board.dist[a[1]][view.bears[board.park.region[a[1]]]],
                -to_trailheads(a[1]),
                a,
            ),
        )

    def _trailhead(self, view, legal):
        """The trailhead of the shortest tour through the waypoints, or with ``long_tour`` of
        the longest, a mile from the nearest bear counted as a mile of tour."""
        board, wps = view.board, list(view.me.waypoints)
        if not self.long_tour:
            return min(legal, key=lambda a: (_tour(board, a[1], wps, a[1])[0], a))
        # Issue 11: the last miles home are walked when the bears are aggressive. In the audit's
        # playouts the trailhead farthest from the bears beat the longest tour's (+0.081 against
        # +0.038 over the options' mean, setup_values.py); counting both won 0.54 of two-player
        # games against the longest tour alone (trailhead-bears.py; both in experiments/hike-it)
        return min(
            legal,
            key=lambda a: (
                -_tour(board, a[1], wps, a[1])[0] - min(board.dist[a[1]][b] for b in view.bears),
                a,
            ),
        )

    # ------------------------------------------------------------------------------ morning
    def _reroll(self, view, legal):
        return ("reroll",) if view.me.health <= 3 or self.forecast_gear else ("face_weather",)

    def _pay(self, view, legal):
        # Three cards for a second token of the needed item make a mastery: the challenge is
        # overcome and both tokens (10 points) are kept, where paying the cards would spend them.
        for item in view.pay_req:
            if ("set", item) in legal and view.me.tokens[item] == 1:
                return ("set", item)
        pays = [a for a in legal if a[0] == "pay"]
        if not pays:
            # Offer a trade only to a hiker who holds the tile and an offer it will accept (its
            # own valuation of the tile), else the offer is wasted and the health lost anyway.
            plan = self._challenge_plan(view, [a[1] for a in legal if a[0] == "trade"])
            return ("trade", plan[0]) if plan and self.trade else ("suffer",)
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
            # Only this hiker's own challenge is a need: the view shows the pay_req of the hiker
            # whose turn it is, and a hiker asked to help must not price the asker's need as its
            # own (it then declined every spare tile asked of it).
            own = view.pay_req if view.turn == view.seat else ()
            needed = code in _weather_needs(view) or code in own
            return 1.0 + (2.0 if needed and me.tokens[code] < 2 else 0.0)
        if code < 2 * n:
            per = view.rules.decks.skill_per_type
            held = sum(1 for c in view.hand if c // per == code - n)
            return 1.0 + (1.0 if held == 2 else 0.0)
        if code < 3 * n:
            return 5.0 + (2.0 if me.tokens[code - 2 * n] == 1 else 0.0)
        return 1.0

    def _challenge_plan(self, view, partners):
        """(partner, what to give, the tile to ask for) that gets the item the current challenge
        lacks from a hiker of the region who accepts it by its own valuation, or None."""
        me = view.me
        lacking = [i for i in view.pay_req if me.tokens[i] < 2 and not me.storage[i]]
        if not lacking or not partners:
            return None
        need = set(view.pay_req)
        return self._offer_for(view, partners, lacking[0], keep=need)

    def _offer_for(self, view, partners, item: int, keep):
        """An offer for one ``item`` tile that a partner holding one accepts by its own valuation
        (see _value): what this hiker can spare (never items in ``keep``, nor its own water),
        spare tiles first, then its scarcest skill cards, then scenic tokens; or None."""
        me, n, rules = view.me, len(ITEMS), view.rules
        per = rules.decks.skill_per_type
        held = [0] * n
        for c in view.hand:
            held[c // per] += 1
        forecast = _weather_needs(view)
        water_keep = [self.water if t == WATER_ITEM else 0 for t in range(n)]
        for p in partners:
            other = view.players[p]
            if not other.storage[item]:
                continue

            def worth(code, other=other):  # as the partner values it (see _value)
                if code < n:
                    return 1 + (2 if code in forecast and other.tokens[code] < 2 else 0)
                return 1  # a skill card or a scenic token: at least 1 to anyone

            spare = [
                t
                for t in range(n)
                for _ in range(me.storage[t] - water_keep[t])
                if t not in keep and t != item
            ]
            spare.sort(key=worth, reverse=True)
            cards = sorted((t for t in range(n) if held[t] and t not in keep), key=held.__getitem__)
            offer = [*spare, *(n + t for t in cards)] + [3 * n] * len(me.scenic)
            gives: list[int] = []
            for code in offer[: rules.trade_items]:
                if sum(map(worth, gives)) >= worth(item):
                    break
                gives.append(code)
            tiles = sum(1 for c in gives if c < n)
            if (
                gives
                and sum(map(worth, gives)) >= worth(item)
                and sum(other.storage) + tiles - 1 <= rules.storage
                and sum(me.storage) + 1 - tiles <= rules.storage
                and other.hand_size + len(gives) - tiles <= rules.hand_limit
            ):
                return p, tuple(gives), item
        return None

    def _trade_window(self, view, legal):
        """Between turns: pass, unless a hiker of the region carries a tile this hiker lacks for
        its next morning's weather and will take what it can spare for it."""
        plan = self._window_plan(view, [a[1] for a in legal if a[0] == "trade"])
        return ("trade", plan[0]) if plan else ("pass",)

    def _next_weather(self, view, seat: int) -> tuple[int, ...]:
        """Items the weather asks of ``seat`` at its next turn (today's card if its turn is still
        to come this round, else tomorrow's)."""
        later = view.order.index(seat) > view.order.index(view.turn)
        return _weather_cards(view)[view.forecast[0 if later else 1]]

    def _window_plan(self, view, partners):
        """(partner, what to give, the tile to ask for) for a window offer the partner's own
        valuation accepts (its hidden hand can only raise the value of cards), or None."""
        if not self.trade or not partners:
            return None
        me, n, rules = view.me, len(ITEMS), view.rules
        per = rules.decks.skill_per_type
        held = [0] * n
        for c in view.hand:
            held[c // per] += 1
        weather = self._next_weather(view, view.seat)
        lacking = [
            i
            for i in weather
            if not me.storage[i] and not me.tokens[i] and held[i] < rules.set_cost
        ]
        if not lacking:
            return None
        item = lacking[0]
        # only hikers with a tile to spare (two, or one its own next weather does not ask for)
        spare = [
            p
            for p in partners
            if view.players[p].storage[item]
            >= 1 + (item in self._next_weather(view, p) and view.players[p].tokens[item] < 2)
        ]
        return self._offer_for(view, spare, item, keep=set(weather))

    def _trade_give(self, view, legal):
        if view.offer[0] == view.seat and (view.window or view.pay_req):  # an offer as planned
            partner = [view.offer[1]]
            if view.window:
                plan = self._window_plan(view, partner)
            else:
                plan = self._challenge_plan(view, partner)
            if plan:
                gives = plan[1]
                k = len(view.offer[2])
                return ("give", gives[k]) if k < len(gives) else ("get", plan[2])
        if view.offer[2]:  # one thing offered: now what to ask for it
            return self._trade_get(view, [a for a in legal if a[0] == "get"])
        if view.turn != view.seat:  # asked for an offer: give what the asker's challenge needs
            for item in view.pay_req:
                if ("give", item) in legal and self._value(view, item) < 3:
                    return ("give", item)
        return min(legal, key=lambda a: (self._value(view, a[1]), a))

    def _trade_get(self, view, legal):
        if view.offer[3] or not [a for a in legal if a[0] == "get"]:
            return ("propose",)  # one thing asked for
        if view.turn == view.seat:
            for item in view.pay_req:
                for code in (item, 2 * len(ITEMS) + item):
                    if ("get", code) in legal:
                        return ("get", code)
        # Composing an offer another hiker asked for: ask the cheapest thing worth what is given
        # (a greedy ask, e.g. its skill set token for a tile, is declined and helps no one); its
        # skill cards are hidden, so things in plain sight first.
        gets = [a for a in legal if a[0] == "get"]
        given = sum(self._value(view, c) for c in view.offer[2])
        fair = [a for a in gets if self._value(view, a[1]) >= given]
        if fair:
            n = len(ITEMS)
            return min(fair, key=lambda a: (n <= a[1] < 2 * n, self._value(view, a[1]), a))
        return max(gets, key=lambda a: (self._value(view, a[1]), a))

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

    def _give_scenic(self, view, legal):
        """Hand over the scenic token least useful to this hiker's side hikes: one of a type and
        a region it holds most of (not simply the first or last collected)."""
        park, mine = view.board.park, view.me.scenic

        def spare(a):
            s = a[1]
            same_type = sum(1 for x in mine if park.scenic[x] == park.scenic[s])
            same_region = sum(1 for x in mine if park.region[x] == park.region[s])
            return (same_type, same_region, -legal.index(a))

        return max(legal, key=spare)

    def _refill(self, view, legal):
        region = view.board.park.region[view.me.pos] if view.me.pos >= 0 else 0
        return next((a for a in legal if a[1] == region), legal[0])

    def _shoo(self, view, legal):
        """Send the bear onto a rival's route (it blocks them: passive bears cannot be passed),
        never onto this hiker's own; not merely as far from the shooer as possible."""
        d, me = view.board.dist, view.me
        mine = self._target(view)

        def on_route(space, at, target):  # extra miles the space is off the shortest route
            return d[at][space] + d[space][target] - d[at][target]

        rivals = [
            (p.pos, self._target_of(view, s))
            for s, p in enumerate(view.players)
            if s != view.seat and p.status in ("hiking", "resting") and p.pos >= 0
        ]

        def key(a):
            space = a[1]
            blocks_me = on_route(space, me.pos, mine) == 0
            rival = min((on_route(space, at, t) for at, t in rivals), default=0)
            return (blocks_me, rival, -d[me.pos][space], a)

        return min(legal, key=key)

    def _target_of(self, view, seat: int) -> int:
        """Another hiker's next stop: its waypoint markers and trailhead are on the board."""
        p = view.players[seat]
        left = [w for w in p.waypoints if view.waypoint_owner[w] == seat]
        return _tour(view.board, p.pos, left, p.home)[1][0] if left else p.home

    def _keep(self, view, legal):
        """Keep the side hike closest to done (the hike home is short by now), not the first."""
        return max(legal, key=lambda a: (self._side_progress(view, a[1]), -legal.index(a)))

    def _columns_progress(self, view) -> float:
        """Skill columns complete, plus the share of the fullest one still open."""
        tokens = view.me.tokens
        filled = [sum(1 for x in col if tokens[x]) / len(col) for col in view.rules.decks.columns]
        done = sum(1 for f in filled if f == 1)
        return done + max((f for f in filled if f < 1), default=0)

    def _side_progress(self, view, card: int) -> float:
        """How far this hiker is along a side hike's objective, 0 to 1 (a rough estimate)."""
        hike = (view.rules.decks.easy + view.rules.decks.difficult)[card]
        me, obj, n = view.me, hike.objective, max(hike.n, 1)
        park = view.board.park
        per_turn = me.health + view.rules.storage - sum(me.storage) + me.claimed
        counts = {
            "masteries": sum(min(t, 2) for t in me.tokens) / 2,
            "hike_in_turn": per_turn,
            "water_and_gear_in_turn": 0.5 * n,
            "water_in_turn": 0.5,
            "gear_in_turn": 0.5,
            "finish_health": me.health,
            "skill_set_tokens": sum(me.tokens),
            "scenic_tokens": len(me.scenic),
            "scenic_type": sum(1 for s in me.scenic if park.scenic[s] == hike.scenic_type),
            "campfires": me.campfires_used,
            "hand_full": len(view.hand),
            "token_regions": len({park.region[s] for s in me.scenic}),
            "columns": self._columns_progress(view),
            "token_types": sum(1 for t in me.tokens if t),
        }
        if obj == "token_regions":
            n = 3
        return min(1.0, counts.get(obj, 0) / n)

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
        """Buy up to ``rest_levels`` health; only with nothing to pay make a token to pay with."""
        rests = [a for a in legal if a[0] == "rest" and a[1] <= self.rest_levels]
        if rests:
            return max(rests)
        sets = [a for a in legal if a[0] == "set"]
        return sets[0] if sets else legal[0]

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
        # Scenic detours only while the bears are passive: once they turn aggressive every extra
        # mile in the park risks health and the hike itself, for a 1-point token.
        if self.detour and not view.aggressive:
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
        return _detour_map(board, target, blocked)

    def _detour_target(self, view, target: int, blocked) -> int:
        board, here = view.board, view.me.pos
        # Rows of the distance table: trails run both ways, so miles from a spot to the target
        # are the target's row (asked for every scenic spot at most decisions of the afternoon).
        from_here, to_target = board.dist[here], board.dist[target]
        base, detour, actions, scenic_on = (
            from_here[target],
            self.detour,
            view.actions,
            view.scenic_on,
        )
        best, best_miles = target, None
        for s in board.scenic_spots:  # in increasing order: the first nearest spot wins ties
            if not scenic_on[s] or s in blocked or s == here:
                continue
            miles = from_here[s]
            if best_miles is not None and miles >= best_miles:
                continue
            if miles + to_target[s] - base <= detour and miles <= actions:
                best, best_miles = s, miles
        return best


@strategy("planner", games=GAME)
@dataclass
class Planner(_Planner):
    """A balanced hiker: a long tour through waypoints far apart (more days in the park to
    collect), a small pack of forecast gear and water, ends its days at free campsites near the
    route, and picks up scenic tokens a mile or two off the route.

    Parameters: pack (tiles carried), water (water tiles wanted), detour (extra miles for a scenic
    token), camp_window (actions left when it looks for a campsite), camp_detour (miles it accepts
    for one), camp_below (camp when fewer actions remain), rest_levels (health bought when
    resting), token_health (pay with a skill set token only at this health), trade (trade for a
    missing item), long_tour (the longest tour rather than the shortest).
    """

    pack: int = 3
    water: int = 1
    forecast_gear: bool = True
    detour: int = 2
    camp_below: int = 4
    rest_levels: int = 2  # health levels bought at most when resting (Your Packboard, Health)
    use_track: bool = True  # spend an action to move up the turn order after a campfire
    token_health: int = 2
    camp_window: int = 6
    long_tour: bool = True


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
    """A sightseer who collects scenic tokens and skill sets: detours of up to 6 miles to every
    token near the route while the bears are passive, campfires for their skill cards and a pack
    of gear to overcome challenges for skill cards; comes home late.
    """

    pack: int = 4
    water: int = 1
    forecast_gear: bool = True
    detour: int = 6
    camp_below: int = 4
    rest_levels: int = 3
    use_track: bool = True
    token_health: int = 2
    camp_window: int = 5
    long_tour: bool = True


@strategy("careful", games=GAME)
@dataclass
class Careful(_Planner):
    """A careful hiker who carries the gear the forecast asks for and two water tiles, waits out
    weather at its campfires, never pays a challenge with health when it can avoid it, and takes
    the long tour.
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
    long_tour: bool = True
