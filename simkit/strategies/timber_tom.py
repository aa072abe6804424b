"""Timber Tom strategies: a racer, a blocker and a resource-careful climber.

All three walk a move step by step down a distance field (spaces to go, trees counted as extra
spaces, a Heli-Flight as a way between helipads) computed once per turn from the board in the
view; they share the habits of a competent hiker (stop rather than jump with no space left, never
plant on their own way, fly when a flight beats walking, keep points for a drawn finish on the
last leg) and differ in how they treat trees, spend packs, draw cards and where they plant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np

from simkit.core.strategy import strategy
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_searches

INF = 10**6
GAME = ("timber-tom",)
# What a flight costs in the distance field: the move must end exactly on the take-off helipad
# (9. Helipads), which wastes on average a few spaces of the move; flying must save more.
FLY_COST = 4
# How much nearer the goal a flight must leave the hiker than walking this move would.
FLY_MARGIN = 2


@cache
def _tables(board: bd.Board):
    """Per board: neighbour lists, the extra cost of entering each node, and (row, col) of each
    node (Base Camp at its first space)."""
    neighbours = tuple(tuple(v for v, _ in steps) for steps in board.steps)
    canoe = tuple(int(f == bd.CANOE) for f in board.feature)
    coords = [divmod(i, board.cols) for i in range(board.camp)]
    coords.append(divmod(board.camp_spaces[0], board.cols))
    return neighbours, canoe, tuple(coords)


@lru_cache(maxsize=1024)
def distance_field(
    board: bd.Board, trees: bytes, targets: tuple[int, ...], tree_cost: int, trees_block: bool
) -> tuple[int, ...]:
    """Spaces from every node to the nearest target, entering a tree costing ``1 + tree_cost``
    (or impossible when ``trees_block``) and a canoe one more (its supply pack). Dial's buckets:
    every cost is a small integer.

    Cached (a tuple, so no caller can spoil it): trees change only when planted, lifted or cut,
    so every hiker sharing a goal reads the same field for many turns running."""
    # Dial's buckets over the board's arrays, compiled (issue 16: the strategies' time went here)
    return tuple(
        fast_searches.distance_field(board, trees, targets, tree_cost, trees_block).tolist()
    )


def _count(bits: int) -> int:
    return bin(bits).count("1")


def _target(view, seat: int) -> tuple[int, ...]:
    """Where a hiker heads: home with enough Treasures, else the Treasure Spaces not yet held."""
    return _heading(view.board, view.treasures[seat], view.treasures_to_win)


@cache
def _heading(b: bd.Board, held: int, treasures_to_win: int) -> tuple[int, ...]:
    if _count(held) >= treasures_to_win:
        return (b.camp,)
    return tuple(t for p, t in enumerate(b.treasures) if not held >> p & 1)


def _moves(spaces: int) -> int:
    """Moves a walk of ``spaces`` takes, at a typical 5 spaces a move (Move-values 4 to 6)."""
    return -(-max(0, spaces) // 5)


def _others(view, seat: int | None = None) -> set[int]:
    """Where the hikers other than ``seat`` (the viewer) still racing stand (Base Camp aside)."""
    b = view.board
    me = view.seat if seat is None else seat
    return {
        p for s, p in enumerate(view.positions) if s != me and not view.finished[s] and p != b.camp
    }


def _with_flights(view, walk: tuple[int, ...], seat: int | None = None) -> tuple[int, ...]:
    """The distance field with one Heli-Flight for hiker ``seat`` (the viewer): a free helipad is
    as far from the goal as the nearest other free helipad plus ``FLY_COST``; spaces leading to
    it are relaxed again."""
    b = view.board
    taken = _others(view, seat)
    free = [p for p in b.helipads if p not in taken]
    dist = list(walk)
    seeds = []
    for p in free:
        best = min((walk[q] for q in free if q != p), default=INF) + FLY_COST
        if best < dist[p]:
            dist[p] = best
            seeds.append(p)
    if not seeds:
        return walk
    # relax outward from the nearest seed on (unit steps; trees as in the walking field's spirit)
    frontier = sorted(seeds, key=lambda p: dist[p])
    return tuple(fast_searches.spread(b, np.array(dist, dtype=np.int64), frontier, view.trees))


def _between(walker, view, start: int, goal: tuple[int, ...]) -> np.ndarray:
    """The spaces on a shortest way from ``start`` to the nearest of ``goal`` (a mask)."""
    to_goal = walker._field_array(view, goal, False)
    from_start = walker._field_array(view, (start,), False)
    total = to_goal[start]
    if total >= INF:
        return np.zeros(len(to_goal), dtype=np.bool_)
    return from_start + to_goal == total


@cache
def _no_landing_way(board: bd.Board) -> np.ndarray:
    """Where a walk to an exact landing does not go: Base Camp, canoes (a pack each) and Snow
    Caps (a pack on first setting foot)."""
    avoid = np.array(
        [f == bd.CANOE or z == bd.SNOW for f, z in zip(board.feature, board.zone, strict=True)]
    )
    avoid[board.camp] = True
    return avoid


@cache
def _coords(board: bd.Board) -> tuple[np.ndarray, np.ndarray]:
    """Row and column of every node as arrays (Base Camp at its first space)."""
    coords = np.array(_tables(board)[2], dtype=np.int64)
    return coords[:, 0], coords[:, 1]


def _manhattan(board: bd.Board, a: int, b: int) -> int:
    coords = _tables(board)[2]
    (ra, ca), (rb, cb) = coords[a], coords[b]
    return abs(ra - rb) + abs(ca - cb)


@dataclass
class _Walker:
    """Shared machinery: distance fields cached for one turn, the step walk, the tree placement.

    Parameters (fields) tune the style; subclasses set their defaults."""

    # Each field's comment is its help line in `simkit strategies timber-tom` (one line each).
    tree_cost: int = 3  # extra spaces a tree counts on the way: 1 cuts through, 5 goes round
    reserve_packs: int = 1  # supply packs kept beyond one per Snow Cap still to climb (3 at most)
    # spend_flights is off by default: a flight from a helipad covers half the board and the
    # token also counts 1.5 points in a drawn game (issue 10: 235 trades against 5 flights)
    spend_flights: bool = False  # also trade Heli-Flight tokens (2 spaces) to reach a Treasure
    draw_on_snow: bool = True  # pick up the optional Hiking Card on Snow Caps and Radio Hot-spots
    plant_on: str = "leader"  # whose way trees go on: "leader" (most Treasures) or "near" rival
    ahead: int = 2  # spaces of that rival's way left free in front of it (0: the very next one)
    trade_to_treasure: bool = False  # trade for the spaces that reach a Treasure (home: always)
    _fields: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _turn: tuple = field(default=(), init=False, repr=False, compare=False)

    # ---------------------------------------------------------------- distance fields
    def _field(self, view, targets: tuple[int, ...], trees_block: bool) -> tuple[int, ...]:
        # The field first read this turn stays for the rest of it, a tree planted meanwhile
        # notwithstanding: that is how the style plays (the cache below is only for speed).
        turn = (view.round, view.to_move)
        if turn != self._turn:
            self._turn = turn
            self._fields = {}
        key = (targets, trees_block)
        if key not in self._fields:
            self._fields[key] = distance_field(
                view.board, view.trees, targets, self.tree_cost, trees_block
            )
        return self._fields[key]

    def _field_array(self, view, targets: tuple[int, ...], trees_block: bool) -> np.ndarray:
        """:meth:`_field` as an array, for the searches that read the whole board at once."""
        field = self._field(view, targets, trees_block)
        key = ("array", targets, trees_block)
        if key not in self._fields:
            self._fields[key] = np.array(field, dtype=np.int64)
        return self._fields[key]

    def _walk_field(self, view) -> tuple[int, ...]:
        """Spaces to the goal on foot."""
        return self._field(view, self._goal(view), not self._tools(view))

    @staticmethod
    def _tools(view) -> bool:
        """Whether the hiker can clear a tree on its way (an axe, a chainsaw, a Wild card in
        play): a walk then passes trees."""
        me = view.seat
        return view.axes[me] + view.chainsaws[me] + view.saw_cuts_left > 0 or view.wild_active

    def _own_field(self, view) -> tuple[int, ...]:
        """Spaces to the goal, a Heli-Flight counted as a way from a helipad to the others when
        the hiker holds a token: a flight covers half the board, and a hiker who only ever
        trades its tokens for 2 spaces never flies (issue 10)."""
        walk = self._walk_field(view)
        me = view.seat
        if not view.heli_flights[me]:
            return walk
        key = ("fly", self._goal(view))
        if key not in self._fields:
            self._fields[key] = _with_flights(view, walk)
        return self._fields[key]

    def _goal(self, view) -> tuple[int, ...]:
        me, b = view.seat, view.board
        goal = _target(view, me)
        if goal != (b.camp,) and view.supply_packs[me] < 1 and not self._on_snow(view, goal):
            return (b.camp,)  # no pack to set foot on a Snow Cap: restore at Base Camp first
        return goal

    @staticmethod
    def _on_snow(view, goal) -> bool:
        b = view.board
        here = view.positions[view.seat]
        return b.zone[here] == bd.SNOW and b.treasures[b.peak[here]] in goal

    # ---------------------------------------------------------------- choosing
    def choose(self, view, legal_actions, rng):
        phase = view.phase
        if phase == "move":
            return self._move(view, legal_actions, rng)
        if phase == "plant":
            return self._plant(view, legal_actions, rng)
        if phase == "lift":
            return self._lift(view, legal_actions)
        if phase == "uproot":
            dist = self._own_field(view)
            return max(legal_actions, key=lambda a: (dist[a[1]], a[1]))
        if phase == "fly":
            return self._fly(view, legal_actions)
        if phase == "hotspot":
            return self._hotspot(view, legal_actions)
        if phase == "snow_card":
            return ("draw", int(self.draw_on_snow))
        if phase == "clear":
            return self._clear_after(view, legal_actions)
        if phase == "wild":
            return self._wild_now(view)
        return legal_actions[rng.below(len(legal_actions))]

    def _move(self, view, legal, rng):
        me, b = view.seat, view.board
        if view.allowance == view.steps_taken:
            trade = self._trade(view, legal)
            if trade is not None:
                return trade
        steps = [a for a in legal if a[0] == "step"]
        if not steps:
            return self._no_step(view, legal)
        room = view.allowance - view.steps_taken
        if room == 0 and ("stop",) in legal:
            # With no space left the only steps are onto hikers (a jump costs nothing): the hiker
            # then stands where no move may end, and must trade a pack, a flight token or the
            # Wild card, or give the move up. Stopping (on a refuge too) is always better.
            return ("stop",)
        exact = self._exact_landing(view, legal)
        if exact is not None:
            return exact
        dist = self._own_field(view)
        others = {
            p
            for s, p in enumerate(view.positions)
            if s != me and not view.finished[s] and p != b.camp
        }
        tools = self._tools(view)
        visited = set(view.path)

        def dead_end(nxt: int) -> bool:
            """On a jumped hiker or in a canoe, the move must go on: is there a way out?"""
            return not any(
                v not in visited and v != nxt and (tools or not view.trees[v])
                for v, _ in b.steps[nxt]
            )

        def key(action):
            _, nxt, how = action
            cost = 0 if nxt in others else 1
            left = room - cost - (how == "141")
            cannot_end = nxt in others or b.feature[nxt] == bd.CANOE
            stuck = cannot_end and (left == 0 or dead_end(nxt))
            return (stuck, dist[nxt], self._clear_cost(view, how), rng.random())

        return min(steps, key=key)

    def _trade(self, view, legal):
        """With the spaces used up, trade for more only when they reach the goal this move: Base
        Camp on the last leg for every style (the finish decides the game), a Treasure only for
        a style with ``trade_to_treasure``. The token that keeps the most points of the drawn
        game's count goes first: on the last leg the Wild card (it counts nothing), then a
        Heli-Flight (2 spaces for 1.5 points) or a pack (1 space for 1.5)."""
        me, b = view.seat, view.board
        home = _target(view, me) == (b.camp,)
        if not (home or self.trade_to_treasure):
            return None
        dist = self._walk_field(view)
        here = view.positions[me]
        need = 0 if home else self._pack_need(view)
        spare = max(0, view.supply_packs[me] - need)
        flights = view.heli_flights[me] if (home or self.spend_flights) else 0
        wild = 2 if view.wild_cards[me] and not view.wild_active else 0
        if not 0 < dist[here] <= spare + 2 * flights + wild or self._good_end(view, legal):
            return None
        if home and ("extra", "wild") in legal and wild:
            # it spent a pack (1.5 points in a drawn finish) and kept the Wild (none) to the end
            return ("extra", "wild")
        if ("extra", "pack") in legal and spare and (dist[here] % 2 or not flights):
            return ("extra", "pack")
        if ("extra", "flight") in legal and flights:
            return ("extra", "flight")
        if ("extra", "wild") in legal and wild:
            return ("extra", "wild")
        return None

    @staticmethod
    def _good_end(view, legal) -> bool:
        """Stopping here is fine: on a refuge, helipad or hot-spot worth landing on."""
        b = view.board
        here = view.positions[view.seat]
        return ("stop",) in legal and b.feature[here] in bd.LANDING_FEATURES

    def _no_step(self, view, legal):
        """No step is open: stop if the hiker may; else (on a jumped hiker or in a canoe) trade
        for the spaces to go on, and only then give up the move."""
        if ("stop",) in legal:
            return ("stop",)
        for extra in (("extra", "pack"), ("extra", "flight"), ("extra", "wild")):
            if extra in legal:
                return extra
        if ("turn_back",) in legal:
            return ("turn_back",)
        emergencies = [a for a in legal if a[0] == "emergency"]
        if emergencies:
            return emergencies[0]
        return legal[0]

    def _pack_need(self, view) -> int:
        """Packs to keep: one per Snow Cap still to climb, plus the style's reserve."""
        me = view.seat
        peaks_left = max(0, view.treasures_to_win - _count(view.treasures[me]))
        return min(3, peaks_left + self.reserve_packs)

    @staticmethod
    def _clear_cost(view, how: str) -> float:
        """What a way of clearing costs the hiker, in the drawn game's points where it spends a
        token (13. Scoring a Drawn Game: axe 0.5, chainsaw 1)."""
        if how in ("", "wild", "roll4"):
            return 0.0
        if how == "saw":
            return 0.0 if view.saw_cuts_left else 1.0
        if how == "axe":
            return 0.5
        # One-for-One spends no token, only a space and the mountain's one use: on the last leg
        # home no later use is lost, so it is the cheapest way to keep the resource count high
        if _count(view.treasures[view.seat]) >= view.treasures_to_win:
            return 0.1
        return 0.8

    # ---------------------------------------------------------------- exact landings
    def _landing_targets(self, view) -> set[int]:
        """Spaces worth ending this move on exactly: a helipad from which a flight leaves the
        hiker nearer its goal than the best this move could do on foot, by a margin."""
        me, b = view.seat, view.board
        if not view.heli_flights[me]:
            return set()
        walk = self._walk_field(view)
        # how far the goal stays after this move on foot, a tree costing one space (One-for-One
        # or an axe), not the style's detour weight: a goal within reach needs no flight
        spaces = distance_field(b, view.trees, self._goal(view), 1, False)
        on_foot = spaces[view.positions[me]] - (view.allowance - view.steps_taken)
        taken = _others(view)
        free = [p for p in b.helipads if p not in taken]
        out = set()
        home = _target(view, me) == (b.camp,)
        for p in free:
            best = min((walk[q] for q in free if q != p), default=INF)
            if best + FLY_MARGIN > on_foot:
                continue
            if home and _moves(best) >= _moves(on_foot):
                continue  # the last leg: a token kept counts 1.5 points if the finish is drawn
            out.add(p)
        return out

    def _exact_landing(self, view, legal):
        """A step on a way that ends the move exactly on a landing target (a refuge, hot-spot or
        helipad counts only when the move ends on it with its full distance, Moving Rule 7).
        The way may go through trees when the hiker can clear them (the first by One-for-One
        too, which takes a point off the move: 5. Tree Clearing), and may be a space or more
        longer than the move, a spare supply pack traded for each (6.): the pack goes first.
        Issue 11: a walker that saw only tree-free ways of the move's own length walked past
        its take-off helipad, at a cost of up to 0.8 of a win in the blunder audit."""
        targets = self._landing_targets(view)
        if not targets:
            return None
        me, b = view.seat, view.board
        room = view.allowance - view.steps_taken
        spare = 0
        if ("extra", "pack") in legal:
            spare = max(0, view.supply_packs[me] - self._pack_need(view))
        if min(_manhattan(b, view.positions[me], t) for t in targets) > room + spare + 2:
            return None
        landing = (targets, _others(view), set(view.path))  # read once for every length tried
        for extra in range(spare + 1):
            step = self._landing_step(view, legal, landing, room + extra)
            if step is not None:
                return step if extra == 0 else ("extra", "pack")
        return None

    def _landing_step(self, view, legal, landing: tuple, room: int):
        """The step that starts a walk of exactly ``room`` spaces onto a free landing target,
        the cheapest way of clearing (:meth:`_clear_cost`) first; None if there is none.
        ``landing``: the targets, the other hikers' spaces and the move's path."""
        b = view.board
        targets, taken, visited = landing
        avoid = _no_landing_way(b)
        through = self._tools(view)
        best, best_cost = None, 0.0
        for act in legal:
            if act[0] != "step":
                continue
            _, nxt, how = act
            if nxt == b.camp or b.feature[nxt] == bd.CANOE or b.zone[nxt] == bd.SNOW:
                continue
            cost = (0 if nxt in taken else 1) + (how == "141")
            clear = self._clear_cost(view, how)
            if cost > room or (best is not None and clear >= best_cost):
                continue
            if fast_searches.lands_exactly(
                b, view.trees, avoid, nxt, room - cost, visited | {nxt}, taken, targets, through
            ):
                best, best_cost = act, clear
        return best

    # ---------------------------------------------------------------- trees
    def _rival(self, view) -> int:
        me, b = view.seat, view.board
        rivals = [s for s in range(len(view.positions)) if s != me and not view.finished[s]]
        if not rivals:
            return -1

        def lead(s):
            goal = _target(view, s)
            near = min(_manhattan(b, view.positions[s], g) for g in goal)
            return (_count(view.treasures[s]), -near)

        if self.plant_on == "near":
            return min(
                rivals, key=lambda s: (_manhattan(b, view.positions[me], view.positions[s]), s)
            )
        return max(rivals, key=lambda s: (lead(s), -s))

    def _own_ways(self, view) -> np.ndarray:
        """Every space on one of the planter's shortest ways to its goal and, from the Treasure
        it heads for, home again: the spaces where a tree of its own would stand in its way."""
        me, b = view.seat, view.board
        here = view.positions[me]
        goal = _target(view, me)
        out = _between(self, view, here, goal)
        if goal != (b.camp,):
            to_goal = self._field(view, goal, False)
            from_here = self._field(view, (here,), False)
            aim = min(goal, key=lambda t: (from_here[t], t))
            if to_goal[aim] == 0:
                out = out | _between(self, view, aim, (b.camp,))
        return out

    def _rival_field(self, view, s: int, goal: tuple[int, ...]) -> np.ndarray:
        """Spaces from everywhere to a rival's ``goal`` as the planter reckons them (its own tree
        cost), a Heli-Flight counted while the rival holds a token: a rival about to fly is
        stopped on the way to its take-off helipad, not on the walk it will not take."""
        if not view.heli_flights[s]:
            return self._field_array(view, goal, False)
        key = ("rival", s, goal)
        if key not in self._fields:
            fly = _with_flights(view, self._field(view, goal, False), s)
            self._fields[key] = np.array(fly, dtype=np.int64)
        return self._fields[key]

    def _way_of(self, view, s: int) -> list[tuple[int, np.ndarray, list[int]]]:
        """A hiker's way ahead, leg by leg, each as (where it starts, its field, its spaces):
        down the field from where the hiker stands (40 steps at most, the lowest-numbered of
        equally near next spaces) to its goal or its take-off helipad, then from a Treasure
        reached on to the next goal (a hiker a step from its Treasure is stopped beyond it)."""
        b = view.board
        held, start = view.treasures[s], view.positions[s]
        legs = []
        for _ in range(2):
            dist = self._rival_field(view, s, _heading(b, held, view.treasures_to_win))
            route = fast_searches.downhill(b, dist, start, 40)
            legs.append((start, dist, route))
            if not route or dist[route[-1]] != 0 or route[-1] == b.camp:
                break
            start = route[-1]
            held |= 1 << b.peak[start]  # the Treasure collected there
        return legs

    def _stops(self, view, legs, open_: np.ndarray) -> int:
        """The space to plant on the rival's way: the nearest ``ahead`` spaces or more in front
        of it (else nearer) that it cannot walk round, every way that keeps nearing its goal
        passing there, and that rings no hiker in (the ringed hiker would lift and replant three
        trees, 4. Tree Planting); -1 if there is none."""
        b = view.board
        way = [(start, dist, route, i) for start, dist, route in legs for i in range(len(route))]
        for start, dist, route, i in way[self.ahead :] + way[: self.ahead]:
            p = route[i]
            if (
                open_[p]
                and not fast_searches.bypassed(b, dist, view.trees, route, start, i)
                and not self._rings(view, p)
            ):
                return p
        return -1

    @staticmethod
    def _rings(view, p: int) -> bool:
        """Whether a tree on ``p`` would ring in another hiker still racing."""
        b = view.board
        trees = bytearray(view.trees)
        trees[p] = 1
        return any(
            not fast_searches.reaches_home(b, here, trees)
            and fast_searches.reaches_home(b, here, view.trees)
            for here in _others(view)
        )

    def _plant(self, view, legal, rng):
        # Never on the planter's own way ahead: a tree there is one the planter must clear
        # itself (issue 10: a fifth to a third of their clearings were their own trees).
        mine = self._own_ways(view)
        spaces = np.array([a[1] for a in legal], dtype=np.int64)  # -1 alone: nowhere to plant
        kept = spaces[(spaces >= 0) & ~mine[spaces]]
        if kept.size:
            spaces = kept
        rival = self._rival(view)
        if rival >= 0:
            # On the rival's way where it cannot walk round the tree (issue 11: a tree on one of
            # several equal ways, or on a walk the rival was about to fly over, cost the planter
            # up to 0.8 of a win in the blunder audit); else the first space of that way.
            legs = self._way_of(view, rival)
            open_ = np.zeros(len(mine), dtype=np.bool_)
            open_[spaces[spaces >= 0]] = True
            stop = self._stops(view, legs, open_)
            if stop >= 0:
                return ("plant", stop)
            route = [p for _, _, leg in legs for p in leg]
            return ("plant", self._on_way_or_near(view, spaces, open_, route, rival))
        return ("plant", int(spaces[rng.below(len(spaces))]))

    def _on_way_or_near(self, view, spaces, open_, route: list[int], rival: int) -> int:
        """The first open space of the rival's way ``ahead`` spaces out, else the space of
        ``spaces`` nearest the rival (the lowest-numbered of equals)."""
        on_route = [p for p in route[self.ahead :] if open_[p]]
        if on_route:
            return on_route[0]
        rows, cols = _coords(view.board)
        there = view.positions[rival]
        near = np.abs(rows[spaces] - rows[there]) + np.abs(cols[spaces] - cols[there])
        return int(spaces[np.lexsort((spaces, near))[0]])

    def _lift(self, view, legal):
        """Lift the tree that opens the way: one next to the hiker (else within a move's
        reach), the one nearest the goal."""
        me, b = view.seat, view.board
        here = view.positions[me]
        dist = self._field(view, self._goal(view), False)
        trees = [a for a in legal if a[1] >= 0]
        for reach in (1, 2, 6):
            close = [a for a in trees if _manhattan(b, here, a[1]) <= reach]
            if close:
                return min(close, key=lambda a: (dist[a[1]], a[1]))
        return ("lift", -1)

    def _clear_after(self, view, legal):
        """After the move: clearing a tree next to the hiker now costs the same token as clearing
        it on the next move, and the tree may be moved or the way change meanwhile, so only a
        chainsaw cut that would otherwise be lost is used, on the tree next on the way."""
        me = view.seat
        if not view.saw_cuts_left:
            return ("clear", -1, "")
        dist = self._walk_field(view)
        here = view.positions[me]
        ahead = [a for a in legal if a[0] == "clear" and a[1] >= 0 and a[2] == "saw"]
        ahead = [a for a in ahead if dist[a[1]] < dist[here]]
        if ahead:
            return min(ahead, key=lambda a: (dist[a[1]], a[1]))
        return ("clear", -1, "")

    def _wild_now(self, view):
        """A Wild card just drawn: two spaces now, through trees, when they bring the goal
        within reach or the hiker may not keep a second one; else kept for tougher times."""
        me = view.seat
        dist = self._walk_field(view)
        here = view.positions[me]
        if 0 < dist[here] <= 2 or view.wild_cards[me]:
            return ("wild", 1)
        return ("wild", 0)

    # ---------------------------------------------------------------- landing choices
    def _fly(self, view, legal):
        dist = self._walk_field(view)
        here = view.positions[view.seat]
        best = min(legal, key=lambda a: (dist[a[1]] if a[1] >= 0 else dist[here], a[1]))
        if best[1] < 0 or dist[best[1]] + FLY_COST > dist[here]:
            return ("fly", -1)
        if _target(view, view.seat) == (view.board.camp,) and _moves(dist[best[1]]) >= _moves(
            dist[here]
        ):
            # the last leg: a flight that does not bring the finish a move earlier only costs
            # the token's 1.5 points in the drawn game's count (13. Scoring a Drawn Game)
            return ("fly", -1)
        return best

    def _hotspot(self, view, legal):
        me = view.seat
        radios = [a for a in legal if a[0] == "radio"]
        b = view.board
        if radios and (view.supply_packs[me] < self._pack_need(view) or view.axes[me] == 0):
            want = (
                bd.REFUGE_SUPPLIES
                if view.supply_packs[me] < self._pack_need(view)
                else (bd.REFUGE_AXES)
            )
            fitting = [a for a in radios if b.feature[a[1]] == want]
            if fitting:
                return fitting[0]
        if ("hotspot", "card") in legal and self.draw_on_snow:
            return ("hotspot", "card")
        return ("hotspot", "plant")


@strategy("trailblazer", games=GAME)
@dataclass
class Trailblazer(_Walker):
    """Trailblazer, the racer: heads down the shortest way to the nearest Treasure and home,
    cutting through trees rather than going round them (``tree_cost`` 1), trading spare supply
    packs or the Wild card when the extra spaces reach a Treasure this move, and flying from a
    helipad when the flight beats this move on foot.

    Plants its trees where the hiker in the lead cannot walk round them, leaving ``ahead``
    spaces of its way free."""

    tree_cost: int = 1
    reserve_packs: int = 1
    trade_to_treasure: bool = True


@strategy("blocker", games=GAME)
@dataclass
class Blocker(_Walker):
    """Blocker: walks round trees when the detour is short (``tree_cost`` 3), trades resources
    only to get home, and plants every tree where the leader cannot walk round it, close in front
    (``ahead`` 1), drawing cards on Snow Caps and hot-spots for more trees."""

    tree_cost: int = 3
    reserve_packs: int = 1
    draw_on_snow: bool = True
    plant_on: str = "leader"
    ahead: int = 1


@strategy("climber", games=GAME)
@dataclass
class Climber(_Walker):
    """Resource-careful climber: keeps ``reserve_packs`` supply packs beyond its Snow Cap fees,
    steers around trees rather than cutting them, skips risky card draws, and hems in the rival
    nearest to it."""

    tree_cost: int = 5
    reserve_packs: int = 1
    draw_on_snow: bool = False
    plant_on: str = "near"
    ahead: int = 1
