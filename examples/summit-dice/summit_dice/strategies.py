"""Heuristic climbers for Summit Dice. Each dataclass field is a parameter:
``--strategies camp-at:metres=15``."""

from dataclasses import dataclass, field

from simkit.core.strategy import strategy
from summit_dice.state import CAMP, CLIMB

GAMES = ("summit-dice",)


@strategy("camp-at", games=GAMES)
@dataclass
class CampAt:
    """The steady climber: camps once this turn's climb reaches ``metres``."""

    metres: int = field(default=20, metadata={"help": "climb in one turn before making camp"})

    def choose(self, view, legal_actions, rng):
        return CAMP if CAMP in legal_actions and view.climb >= self.metres else CLIMB


@strategy("rolls", games=GAMES)
@dataclass
class Rolls:
    """The counter: rolls about ``rolls`` times a turn (the expected climb of that many rolls)."""

    rolls: int = field(default=4, metadata={"help": "rolls to risk each turn"})

    def choose(self, view, legal_actions, rng):
        return CAMP if CAMP in legal_actions and view.climb >= 4 * self.rolls else CLIMB


@strategy("chaser", games=GAMES)
@dataclass
class Chaser:
    """The chaser: careful while ahead, bold while behind the leader by ``gap`` metres or more."""

    gap: int = field(default=15, metadata={"help": "metres behind the leader that call for risk"})

    def choose(self, view, legal_actions, rng):
        if CAMP not in legal_actions:
            return CLIMB
        mine = view.heights[view.seat]
        if mine + view.climb >= view.summit:
            return CAMP
        behind = max(view.heights) - mine >= self.gap
        return CAMP if view.climb >= (30 if behind else 12) else CLIMB
