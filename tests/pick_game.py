"""A test-only game with a known best move at every decision: the dice pick.

Each seat takes ``rounds`` turns, seat 0 first; on its turn it picks one of three dice and rolls
it: die ``i`` scores a point with chance ``chances[i]`` in ten (2, 5 and 8 by default). The most
points wins; equal points share the win. Every decision's best move is the surest die, whatever
the others do, so a player's blunders are known exactly: ``Worst`` always picks the least sure
die, ``Best`` the surest, ``Fixed(die=i)`` always die ``i`` (a parameter to tune: die 2 is best).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from simkit.core import registry
from simkit.core.errors import IllegalAction, InvariantError
from simkit.core.game import GameSpec, Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.core.rules import rule

SIDES = 10


@dataclass(frozen=True)
class PickRules:
    die_a: int = rule(2, lo=0, hi=SIDES)
    die_b: int = rule(5, lo=0, hi=SIDES)
    die_c: int = rule(8, lo=0, hi=SIDES)
    rounds: int = rule(3, lo=1, hi=50)

    @property
    def chances(self) -> tuple[int, int, int]:
        return (self.die_a, self.die_b, self.die_c)


@dataclass(frozen=True)
class PickView:
    seat: int
    points: tuple[int, ...]
    chances: tuple[int, int, int]


class PickState:
    def __init__(self, rules: PickRules, n: int, rng: GameRng):
        self.rules, self.n, self.rng = rules, n, rng
        self.turn = 0
        self.points = [0] * n
        self.events: list[str] = []

    def current_player(self) -> int:
        return self.turn % self.n

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [0, 1, 2]

    def apply(self, action) -> None:
        if action not in (0, 1, 2) or self.is_terminal():
            raise IllegalAction(self.current_player(), action)
        if self.rng.below(SIDES) < self.rules.chances[action]:
            self.points[self.current_player()] += 1
        self.turn += 1

    def is_terminal(self) -> bool:
        return self.turn >= self.rules.rounds * self.n

    def outcome(self) -> Outcome:
        ranks, shares = rank_by([(p,) for p in self.points])
        return Outcome(self.scores(), ranks, shares, self.turn, "normal")

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def turns(self) -> int:
        return self.turn

    def view(self, seat: int) -> PickView:
        return PickView(seat, tuple(self.points), self.rules.chances)

    def clone(self) -> PickState:
        other = PickState(self.rules, self.n, self.rng.clone())
        other.turn, other.points = self.turn, list(self.points)
        return other

    def sample_hidden(self, seat: int, rng: GameRng) -> PickState:
        other = self.clone()
        other.rng = GameRng(rng.next64())  # the future rolls are all that is hidden
        return other

    def invariants(self) -> None:
        if sum(self.points) > self.turn:
            raise InvariantError("more points than rolls")

    def action_text(self, action) -> str:
        return f"roll die {'abc'[action]}"


def new_pick(rules: PickRules, n_players: int, rng: GameRng, log: bool = False) -> PickState:
    return PickState(rules, n_players, rng)


PICK = GameSpec(
    name="dice-pick",
    title="Dice pick (test game)",
    min_players=2,
    max_players=4,
    rules_type=PickRules,
    new_state=new_pick,
    default_strategy="random",
    typical_players=2,
    turn_unit="rolls",
)


@dataclass
class Best:
    """Rolls the surest die."""

    def choose(self, view, legal, rng):
        return max(legal, key=lambda a: view.chances[a])


@dataclass
class Worst:
    """Rolls the least sure die."""

    def choose(self, view, legal, rng):
        return min(legal, key=lambda a: view.chances[a])


@dataclass
class Fixed:
    """Always rolls die ``die``."""

    die: int = 0

    def choose(self, view, legal, rng):
        return legal[self.die % len(legal)]


@contextlib.contextmanager
def registered():
    """The dice pick in the game registry (in this process: run it with jobs=1)."""
    games = registry.games()
    games[PICK.name] = PICK
    try:
        yield PICK
    finally:
        games.pop(PICK.name, None)
