"""Moving (B. Moving Rules, C. Move values, D. Danger Zones, 3. the die): how far a move goes and
which steps, trades and stops are open at each point of it.

A move is played one space at a time; these functions list the choices of one point of a move
from the board, the trees, where the other hikers stand and what the move has left."""

from __future__ import annotations

from collections.abc import Callable

from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import snow_caps, supply_packs
from simkit.games.timber_tom.rules import DIE_FACES


class Move:
    """The move in progress (B. Moving Rules): where it began, its allowance and the spaces
    counted against it (a hiker jumped counts none), its path, the die thrown, and what is open
    during it: the Rolling-4 tree (3.), a Wild card in play (11.), One-for-One on a mountain
    (5.); then how it ended: short of its allowance, given up, done clearing after it."""

    __slots__ = ("start", "counted", "allowance", "die", "path", "roll4_open", "wild_active")
    __slots__ += ("one_for_one", "early", "turned_back", "cleared_after")

    def __init__(self, here: int):
        self.start = here
        self.counted = self.allowance = self.die = 0
        self.path = [here]
        self.roll4_open = self.wild_active = False
        self.one_for_one = 0  # bits by mountain: One-for-One used in this move
        self.early = self.turned_back = self.cleared_after = False

    @property
    def room(self) -> int:
        """Spaces the move has still to go."""
        return self.allowance - self.counted

    def begin(self, here: int, die: int, allowance: int) -> None:
        self.start, self.counted, self.path = here, 0, [here]
        self.die, self.allowance = die, allowance
        self.roll4_open = die == 4  # 3. The "Rolling 4" Rule
        self.one_for_one = 0
        self.wild_active = False

    def new_turn(self) -> None:
        self.early = self.turned_back = self.cleared_after = False

    def step(self, nxt: int, jumped: bool) -> None:
        """A space stepped onto: a hiker jumped costs no space (Rule 5)."""
        self.counted += 0 if jumped else 1
        self.path.append(nxt)

    def one_for_one_on(self, mountain_bit: int) -> None:
        """A tree cleared by One-for-One takes a point off the move (5. Tree Clearing)."""
        self.one_for_one |= mountain_bit
        self.allowance -= 1

    def end(self) -> None:
        self.early = self.counted < self.allowance

    def play_wild(self, here: int, spaces: int) -> None:
        """A Wild card played as soon as drawn: the move goes on ``spaces`` more from where it
        landed, through trees, and a turn back now returns here (11. Hiking Cards)."""
        self.wild_active = True
        self.allowance = self.counted + spaces
        self.start = here
        self.early = self.cleared_after = False

    def copy(self) -> Move:
        new = object.__new__(Move)
        new.start, new.counted, new.allowance = self.start, self.counted, self.allowance
        new.die, new.path, new.one_for_one = self.die, list(self.path), self.one_for_one
        new.roll4_open, new.wild_active = self.roll4_open, self.wild_active
        new.early, new.turned_back = self.early, self.turned_back
        new.cleared_after = self.cleared_after
        return new


def zone_values(zones) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each zone's Move-value and Tree-value (C. "Move" & "Tree" Values): Base Camp "is situated
    inside the 250 zone" for its Move-value; danger zones have neither (0)."""
    move = {
        bd.BASE: zones.move_250,
        bd.Z250: zones.move_250,
        bd.Z500: zones.move_500,
        bd.Z1000: zones.move_1000,
        bd.Z1500: zones.move_1500,
    }
    trees = {
        bd.Z250: zones.trees_250,
        bd.Z500: zones.trees_500,
        bd.Z1000: zones.trees_1000,
        bd.Z1500: zones.trees_1500,
    }
    kinds = range(len(bd.ZONE_NAMES))
    return tuple(move.get(k, 0) for k in kinds), tuple(trees.get(k, 0) for k in kinds)


def roll(rng) -> int:
    """A throw of the game die (3. Using the Game Dice)."""
    return DIE_FACES[rng.below(len(DIE_FACES))]


def is_danger(zone: int) -> bool:
    """Flood zones and Snow Caps: "YOUR NEXT MOVE IS MADE USING ONLY THE GAME DIE"."""
    return zone in (bd.FLOOD, bd.SNOW)


def move_length(
    zone: int, move_value: tuple[int, ...], danger_move: int, roll_next: bool, move_mod: int, rng
) -> tuple[int, int]:
    """(die, allowance) of the move about to start: the zone's Move-value, the die in a danger
    zone (or the fixed danger Move-value of "A more strategical game") or when a card said
    "roll next", plus what cards added or took off; never less than one space."""
    die = 0
    danger = is_danger(zone)
    if danger and danger_move:
        base = danger_move
    elif danger or roll_next:
        die = base = roll(rng)
    else:
        base = move_value[zone]
    return die, max(1, base + move_mod)


def step_fee(board: bd.Board, here: int, nxt: int, snow_paid: int, canoe: int, snow: int) -> int:
    """Supply packs a step costs: a canoe crossing (6.), or the first foot on a Snow Cap (10.)."""
    return supply_packs.canoe_fare(board, here, nxt, canoe) + snow_caps.entry_fee(
        board, nxt, snow_paid, snow
    )


def move_actions(
    board: bd.Board,
    here: int,
    path: list[int],
    occupied: set[int],
    room: int,
    trees,
    *,
    moved: bool,
    tokens: tuple[bool, bool, bool],
    affordable: Callable[[int], bool],
    clearing: Callable[[int, int], list[str]],
) -> list:
    """The choices of one point of a move: the steps, the trades for extra spaces the hiker's
    ``tokens`` allow (a supply pack, a Heli-Flight token, the Wild card not yet in play), and
    stopping once the move has gone its distance or can go no further (Moving Rules 6, 7)."""
    acts = step_actions(board, here, set(path), occupied, room, trees, affordable, clearing)
    stuck = not acts
    # "a Supply Pack can be traded at any time during your move" (6.), a Heli-Flight token
    # "AT ANY TIME" (9.): offered before the spaces run out too, so that One-for-One, which
    # takes a point off the move, can combine with them (5.: "combine it with other resources")
    pack, flight, wild = tokens
    if pack:
        acts.append(("extra", "pack"))
    if flight:
        acts.append(("extra", "flight"))
    if wild:
        acts.append(("extra", "wild"))
    if here == board.camp:
        if moved or stuck:
            acts.append(("stop",))
    elif can_end_on(board, here, occupied) and (room == 0 or stuck):
        acts.append(("stop",))
    return acts


def step_actions(
    board: bd.Board,
    here: int,
    visited: set[int],
    occupied: set[int],
    room: int,
    trees,
    affordable: Callable[[int], bool],
    clearing: Callable[[int, int], list[str]],
) -> list:
    """The ``("step", node, how)`` actions from ``here``: perpendicular steps and tailwinds
    (Moving Rules 1, 9), never back onto the move's own path (Rule 2); a hiker jumped costs no
    space (Rule 5) and cannot be tailwinded onto; ``affordable(nxt)`` says whether the hiker can
    pay the step's fee, ``clearing(nxt, cost)`` how a tree there can be cleared."""
    steps = []
    for nxt, kind in board.steps[here]:
        if nxt in visited:
            continue
        occ = nxt in occupied
        if occ and kind == bd.TAILWIND:
            continue
        cost = 0 if occ else 1
        if cost > room or not affordable(nxt):
            continue
        if not trees[nxt]:
            steps.append(("step", nxt, ""))
            continue
        steps.extend(("step", nxt, how) for how in clearing(nxt, cost))
    return steps


def can_end_on(board: bd.Board, node: int, occupied: set[int]) -> bool:
    """No move ends on another hiker (Rule 5: jumping) or in a canoe."""
    return node not in occupied and board.feature[node] != bd.CANOE
