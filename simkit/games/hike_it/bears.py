"""Bear movement on the trail graph (Passive Bears; Aggressive Bears): the rules as functions of
the map and the bears' spaces, and :class:`BearTurn`, the bear's turn in progress with its
handlers."""

from __future__ import annotations

from collections import deque

from simkit.games.hike_it import day, skill_cards
from simkit.games.hike_it.board import Board
from simkit.games.hike_it.data import REGIONS
from simkit.games.hike_it.phases import BEAR_PICK, BEAR_STEP, END_TURN, KNOCKED_OUT, OVER, SHOO


def paw_moves(board: Board, start: int, max_miles: int) -> dict[int, tuple[int, ...]]:
    """The bear paw or den spaces a bear reaches along the trail without passing another one,
    at most ``max_miles`` away, or the nearest ones if none is that close (assumed: the printed
    board's paw spaces are never far apart; the die's longest move bounds "adjacent").

    Maps each such space to the spaces entered on the way (the shortest such walk, destination
    last): the paw face of the bear die, and the den face's alternative.
    """
    key = (start, max_miles)
    if key not in board.paw_cache:
        board.paw_cache[key] = _paw_moves(board, start, max_miles)
    return board.paw_cache[key]


def _paw_moves(board: Board, start: int, max_miles: int) -> dict[int, tuple[int, ...]]:
    prev = {start: -1}
    todo = deque([start])
    found: dict[int, tuple[int, ...]] = {}
    while todo:
        x = todo.popleft()
        for y in board.adj[x]:
            if y in prev:
                continue
            prev[y] = x
            if board.is_bear_spot(y):
                path = [y]
                while prev[path[-1]] != start:
                    path.append(prev[path[-1]])
                found[y] = tuple(reversed(path))
            else:
                todo.append(y)
    near = {s: p for s, p in found.items() if len(p) <= max_miles}
    if near or not found:
        return near
    closest = min(len(p) for p in found.values())  # none in reach: the nearest ones
    return {s: p for s, p in found.items() if len(p) == closest}


def next_steps(board: Board, at: int, came_from: int) -> tuple[int, ...]:
    """Where a bear moving a number of spaces may step: never back, unless at a dead end."""
    ahead = tuple(y for y in board.adj[at] if y != came_from)
    return ahead or board.adj[at]


def den_moves(board: Board, at: int) -> tuple[int, ...]:
    """Bear dens of the bear's own region and the adjacent ones (the den face of the bear die)."""
    region = board.park.region[at]
    return tuple(d for r, d in enumerate(board.dens) if abs(r - region) <= 1 and d != at)


def shoo_targets(board: Board, region: int, bear_pos: list[int], occupied: set[int]) -> list[int]:
    """Where a passive bear may be shooed: a bear space or the den of its own region, free of
    hikers and other bears."""
    bear = bear_pos[region]
    return [s for s in board.bear_spots[region] if s != bear and s not in occupied]


def pick_actions(
    board: Board, bear_pos: list[int], face: str, reach: int, barred: int
) -> list[tuple]:
    """An aggressive bear's move for the face rolled, any bear but ``barred``: a number moves it
    step by step (("bear", bear), then its steps); the paw along the trail to a nearby bear or
    den space (("bear", bear, space)); the den carries it to a den of its or an adjacent region
    (("bear", bear, den)) or walks like the paw ((..., "trail") when that space is also such a
    den)."""
    out: list[tuple] = []
    for bear, at in enumerate(bear_pos):
        if bear == barred:
            continue
        if face == "steps":
            out.append(("bear", bear))
            continue
        trail = set(paw_moves(board, at, reach))
        dens = set(den_moves(board, at)) if face == "den" else set()
        out += [("bear", bear, s) for s in sorted(trail | dens)]
        out += [("bear", bear, s, "trail") for s in sorted(trail & dens)]
    return out


def barred(last_bear: int, last_mover: int, seat: int) -> int:
    """The bear ``seat`` may not move: "The same bear cannot be moved by two players in a row on
    back-to-back turns" (-1: none)."""
    return last_bear if last_mover != seat else -1


def path(
    board: Board, at: int, face: str, reach: int, space: int, how: str
) -> tuple[tuple[int, ...], bool]:
    """The spaces a bear at ``at`` enters on its way to ``space`` for the paw or den face, and
    whether it is carried: the den face "transports" it to a den (entering only the den, so it
    injures only hikers there) unless ``how`` asks it to walk the trail, mauling on the way."""
    if face == "den" and not how and space in den_moves(board, at):
        return (space,), True
    return paw_moves(board, at, reach)[space], False


def mauled(space: int, hiker_at: list[int], hit: tuple[int, ...]) -> list[int]:
    """The hikers a bear entering ``space`` mauls: those standing there (``hiker_at``: each
    hiker's space, -1 out of the park) not yet hit on this move (a bear hurts a hiker once a
    move)."""
    return [s for s, at in enumerate(hiker_at) if at == space and s not in hit]


def hurts(health: int, knocks_out_fallen: bool) -> bool:
    """Whether a bear takes health from a hiker: one lying at 0 (after weather or a trail card)
    has none left unless the rule reads "below 1 because of a bear" as a knock-out."""
    return health >= 1 or knocks_out_fallen


class BearTurn:
    """The bear's turn: the face of the bear die a hiker out of the park rolled, the bear it
    moves, the spaces still to go and where it came from, the hikers it already hurt on this move;
    and the last bear moved and by whom (the same bear is not moved twice in a row).

    Its handlers (``do_<action>``) and helpers take the game ``g`` for the pieces they change."""

    __slots__ = ("face", "steps", "moving", "came_from", "hit", "last", "last_mover")
    HANDLES = ("shoo", "bear", "bear_step")

    def __init__(self) -> None:
        self.face = ""
        self.steps = 0
        self.moving = -1
        self.came_from = -1
        self.hit: tuple[int, ...] = ()
        self.last = -1
        self.last_mover = -1

    def clone(self) -> BearTurn:
        c = BearTurn.__new__(BearTurn)
        c.face, c.steps, c.moving, c.came_from = self.face, self.steps, self.moving, self.came_from
        c.hit, c.last, c.last_mover = self.hit, self.last, self.last_mover  # hit: a tuple, shared
        return c

    def roll(self, g, seat: int) -> None:
        """A hiker out of the park rolls the bear die while the bears are aggressive."""
        faces = g.rules.decks.bear_die
        face = faces[g.rng.below(len(faces))]
        self.face, self.steps = day.bear_die(face)
        g.record(f"{g.who(seat)} rolls the bear die: {face}")
        g.phase = BEAR_PICK

    # passive bears
    def shoo_targets(self, g, seat: int) -> list[int]:
        if g.aggressive or not g.in_park(seat):
            return []
        occupied = {g.pos[s] for s in range(g.n) if g.in_park(s)} | set(g.bear_pos)
        return shoo_targets(g.board, g.region_of(seat), g.bear_pos, occupied)

    def paw_shoos(self, g, seat: int) -> list[tuple]:
        hand, r = g.hand[seat], g.rules
        if len(hand) < r.paw_cost or g.aggressive:  # the quick no
            return []
        if skill_cards.paws(r.decks, hand) < r.paw_cost:
            return []
        return [("shoo", s) for s in self.shoo_targets(g, seat)]

    def do_shoo(self, g, seat: int, space: int) -> None:
        region = g.region_of(seat)
        if g.prev_phase == SHOO:  # a Shoo Bear! trail card
            g.owed.shoo = False
        else:  # two paw cards, in the afternoon or at the hand limit
            g.discard_cards(seat, -1, g.rules.paw_cost, paws=True)
        g.bear_pos[region] = space
        g.record(f"{g.who(seat)} shoos the {REGIONS[region]} bear to {g.space_name(space)}")

    # aggressive bears
    def pick_actions(self, g, seat: int) -> list[tuple]:
        bar = barred(self.last, self.last_mover, seat)
        return pick_actions(g.board, g.bear_pos, self.face, g.bear_reach, bar)

    def step_actions(self, g) -> list[tuple]:
        ways = next_steps(g.board, g.bear_pos[self.moving], self.came_from)
        return [("bear_step", s) for s in ways]

    def do_bear(self, g, seat: int, bear: int, space: int = -1, how: str = "") -> None:
        self.last, self.last_mover = bear, seat
        self.moving = bear
        self.hit = ()
        if self.face == "steps":
            self.came_from = -1
            g.record(f"{g.who(seat)} moves the {REGIONS[bear]} bear {self.steps} spaces")
            self.auto_steps(g)
            return
        at = g.bear_pos[bear]
        walk, carried = path(g.board, at, self.face, g.bear_reach, space, how)
        g.record(
            f"{g.who(seat)} {'carries' if carried else 'moves'} the {REGIONS[bear]} bear "
            f"to {g.space_name(space)}"
        )
        for s in walk:
            self.enters(g, bear, s)
        g.stage = END_TURN

    def do_bear_step(self, g, seat: int, space: int) -> None:
        self.step(g, space)
        self.auto_steps(g)

    def step(self, g, space: int) -> None:
        self.came_from = g.bear_pos[self.moving]
        self.enters(g, self.moving, space)
        self.steps -= 1

    def auto_steps(self, g) -> None:
        """Steps with a single way on are forced; stop at a fork or at the end of the roll."""
        while self.steps > 0 and g.phase != OVER:
            ways = next_steps(g.board, g.bear_pos[self.moving], self.came_from)
            if len(ways) > 1:
                g.phase = BEAR_STEP
                return
            self.step(g, ways[0])
        g.stage = END_TURN

    def enters(self, g, bear: int, space: int) -> None:
        g.bear_pos[bear] = space
        hiker_at = [g.pos[s] if g.in_park(s) else -1 for s in range(g.n)]
        for s in mauled(space, hiker_at, self.hit):
            self.hit += (s,)
            g.record(f"the {REGIONS[bear]} bear mauls {g.who(s)}")
            self.hurt(g, s)

    def hurt(self, g, seat: int) -> None:
        """A bear takes a health; at 0 the hiker is knocked out: its hike is over."""
        if not hurts(g.health[seat], g.rules.bear_knocks_out_fallen):
            return
        g.change_health(seat, -1)
        if g.health[seat] < 1:
            g.status[seat] = KNOCKED_OUT
            for w in g.waypoints[seat]:  # its unclaimed waypoints leave the map
                if g.waypoint_owner[w] == seat:
                    g.waypoint_owner[w] = -1
            g.pos[seat] = -1
            g.days_out[seat] = g.day + 1
            g.record(f"{g.who(seat)} is knocked out by a bear: the hike is over")
            if not any(g.in_park(s) for s in range(g.n)):
                day.game_over(g, "normal")
