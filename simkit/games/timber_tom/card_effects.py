"""What a Hiking Card does when drawn (11. Hiking Cards): the pile it comes from, who an effect
reaches and the change it makes to a hiker's tray, next move or place. The cards themselves
(kinds, tree values, effects as data) are in cards.py; a refuge's protection in refuges.py."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom.cards import PENALTIES, RED, Card, Effect
from simkit.games.timber_tom.movement import roll
from simkit.games.timber_tom.refuges import is_safe
from simkit.games.timber_tom.supply_packs import after_gain, after_loss

MAX_AXES = 3  # "restore all 3 axes" (5. Tree Clearing)

_LOW = (bd.Z250, bd.Z500, bd.FLOOD)
_HIGH = (bd.Z1000, bd.Z1500, bd.SNOW)


class HikingCards:
    """The Hiking Cards off the hikers' trays (11.): the pile (its top last), the "used" card
    pile, and a Wild card just drawn, to be played at once or kept (``wild_drawn``, -1 none)."""

    __slots__ = ("pile", "used", "wild_drawn")

    def __init__(self, n_cards: int, rng):
        self.pile = list(range(n_cards))
        rng.shuffle(self.pile)
        self.used: list[int] = []
        self.wild_drawn = -1

    def left(self) -> bool:
        """Whether a card can still be drawn (the used pile is shuffled into a new one)."""
        return bool(self.pile or self.used)

    def take(self, rng) -> int:
        """The card drawn (its index in the deck), -1 when none is left."""
        idx, self.pile, self.used = draw(self.pile, self.used, rng)
        return idx

    def copy(self) -> HikingCards:
        new = object.__new__(HikingCards)
        new.pile, new.used, new.wild_drawn = list(self.pile), list(self.used), self.wild_drawn
        return new


def draw(pile: list[int], discards: list[int], rng) -> tuple[int, list[int], list[int]]:
    """(the card drawn, the pile, the discards): the top card of the pile, the "used card" pile
    shuffled into a new one when it runs out; -1 when no card is left anywhere."""
    if not pile:
        pile, discards = discards, []
        rng.shuffle(pile)
    if not pile:
        return -1, pile, discards
    return pile.pop(), pile, discards


def rolled(card: Card, rng) -> tuple[tuple[Effect, ...], int]:
    """(effects, die face) of a drawn card: a red card's "Roll the dice!" decides which of its
    outcomes applies (0: no roll)."""
    if card.kind != RED:
        return card.effects, 0
    face = roll(rng)
    return card.on_roll[face - 3], face


def hikers_hit(eff: Effect, drawer: int, board: bd.Board, pos: list[int], finished) -> list[int]:
    """The hikers still racing an effect reaches; a penalty spares a hiker on a refuge, "a SAFETY
    ZONE against any penalties or losses" (7. Refuge Huts)."""
    drawer_zone = board.zone[pos[drawer]]
    return [
        t
        for t, where in enumerate(pos)
        if not finished[t]
        and reaches(eff, drawer, t, board.zone[where], drawer_zone)
        and not (eff.do in PENALTIES and is_safe(board, where))
    ]


def zone_matches(flt: str, zone: int, drawer_zone: int) -> bool:
    """Whether a hiker standing in ``zone`` is in the zone an effect names."""
    if flt == "any":
        return True
    if flt == "here":
        return zone == drawer_zone
    if flt == "low":
        return zone in _LOW
    if flt == "high":
        return zone in _HIGH
    return bd.ZONE_NAMES[zone] == flt


def reaches(eff: Effect, drawer: int, hiker: int, hiker_zone: int, drawer_zone: int) -> bool:
    """Whether the effect names ``hiker`` (by who and where; refuges are checked by the caller)."""
    if eff.who == "self" and hiker != drawer:
        return False
    if eff.who == "others" and hiker == drawer:
        return False
    return zone_matches(eff.zone, hiker_zone, drawer_zone)


def tray_change(eff: Effect, packs: int, axes: int) -> tuple[int, int]:
    """(packs, axes) after a loss or gain: losses stop at 0, gains at the most one carries."""
    if eff.do == "lose_packs":
        return after_loss(packs, eff.n), axes
    if eff.do == "lose_axes":
        return packs, max(0, axes - eff.n)
    if eff.do == "gain_packs":
        return after_gain(packs, eff.n), axes
    if eff.do == "gain_axes":
        return packs, min(MAX_AXES, axes + eff.n)
    return packs, axes


def move_change(eff: Effect) -> int:
    """Spaces added to (or taken off) the hiker's next move."""
    if eff.do == "move_bonus":
        return eff.n
    if eff.do == "move_penalty":
        return -eff.n
    return 0


def forced_to(board: bd.Board, eff: Effect, where: int, last_path, trees, taken, next_home) -> int:
    """Where a card penalty that moves a hiker (``eff.do`` in MOVES_A_HIKER) leaves it: back the
    way its ``last_path`` came, or downhill (``next_home()``: each node's next node home); a hiker
    on Base Camp, or moved since its last move (it flew, radioed), stays."""
    if where == board.camp:
        return where
    if eff.do == "forced_back":
        if last_path[-1] != where:
            return where
        return forced_back_to(board, last_path, eff.n, trees, taken)
    return landslide_to(board, where, eff.n, next_home(), taken)


def forced_back_to(
    board: bd.Board, last_path: tuple[int, ...], n: int, trees, occupied: set[int]
) -> int:
    """Where a hiker forced ``n`` spaces back the way its last move came ends: back along that
    path (``last_path[-1]`` is where it stands), never into Base Camp or onto a tree planted since,
    on the furthest space it may stand on (not a canoe, not another hiker)."""
    best = last_path[-1]
    for node in reversed(last_path[-1 - n : -1]):
        if node == board.camp or trees[node]:
            break
        if node not in occupied and board.feature[node] != bd.CANOE:
            best = node
    return best


def landslide_to(board: bd.Board, here: int, n: int, next_home, occupied: set[int]) -> int:
    """Where a landslide carries a hiker: ``n`` spaces downhill, down its shortest tree-free way
    towards Base Camp (``next_home``: each node's next node on it), stopping short of Base Camp,
    on the furthest space it may stand on."""
    best = node = here
    for _ in range(n):
        node = next_home[node]
        if node < 0 or node == board.camp:
            break
        if node not in occupied and board.feature[node] != bd.CANOE:
            best = node
    return best
