"""A test-only game with an analytically known first-player advantage: the dice race.

Seats roll in turn, seat 0 first; a roll below ``hits`` (``first_hits`` for seat 0) on a die of
``sides`` faces wins at once. With hit chances q_i, seat i wins with probability
q_i * prod_{j<i} (1 - q_j) / (1 - prod_j (1 - q_j)). With 2 players, 20 sides and 5 hits for seat
1, seat 0 needs 4 hits for a fair game (0.2 / (1 - 0.8 * 0.75) = 1/2).
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass

from simkit.core import registry
from simkit.core.errors import IllegalAction, InvariantError
from simkit.core.game import GameSpec, Outcome
from simkit.core.rng import GameRng
from simkit.core.rules import rule

ROLL = 0


@dataclass(frozen=True)
class RaceRules:
    sides: int = rule(20, lo=2, hi=100)
    hits: int = rule(5, lo=1, hi=100)
    first_hits: int = rule(5, lo=1, hi=100)
    turn_limit: int = rule(1000, lo=1, hi=100_000)


class RaceState:
    def __init__(self, rules: RaceRules, n: int, rng: GameRng):
        self.rules, self.n, self.rng = rules, n, rng
        self.rolls = 0
        self.winner = -1
        self.events: list[str] = []

    def current_player(self) -> int:
        return self.rolls % self.n

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [ROLL]

    def apply(self, action) -> None:
        if action != ROLL or self.is_terminal():
            raise IllegalAction(self.current_player(), action)
        seat = self.current_player()
        needed = self.rules.first_hits if seat == 0 else self.rules.hits
        self.rolls += 1
        if self.rng.below(self.rules.sides) < needed:
            self.winner = seat

    def is_terminal(self) -> bool:
        return self.winner >= 0 or self.rolls >= self.rules.turn_limit

    def outcome(self) -> Outcome:
        if self.winner < 0:  # the turn cap: nobody won, a shared first place
            return Outcome(
                (0.0,) * self.n, (1,) * self.n, (1 / self.n,) * self.n, self.rolls, "turn_limit"
            )
        ranks = tuple(1 if s == self.winner else 2 for s in range(self.n))
        shares = tuple(1.0 if s == self.winner else 0.0 for s in range(self.n))
        return Outcome(self.scores(), ranks, shares, self.rolls, "normal")

    def scores(self) -> tuple[float, ...]:
        return tuple(1.0 if s == self.winner else 0.0 for s in range(self.n))

    def turns(self) -> int:
        return self.rolls

    def view(self, seat: int):
        return (seat, self.rolls)

    def clone(self) -> RaceState:
        other = RaceState(self.rules, self.n, self.rng.clone())
        other.rolls, other.winner = self.rolls, self.winner
        return other

    def sample_hidden(self, seat: int, rng: GameRng) -> RaceState:
        other = self.clone()
        other.rng = GameRng(rng.next64())
        return other

    def invariants(self) -> None:
        if self.rolls < 0:
            raise InvariantError("negative rolls")

    def action_text(self, action) -> str:
        return "roll"


def new_race(rules: RaceRules, n_players: int, rng: GameRng, log: bool = False) -> RaceState:
    return RaceState(rules, n_players, rng)


RACE = GameSpec(
    name="dice-race",
    title="Dice race (test game)",
    min_players=2,
    max_players=6,
    rules_type=RaceRules,
    new_state=new_race,
    default_strategy="random",
    typical_players=2,
    turn_unit="rolls",
)


def seat_win_chance(rules: RaceRules, n: int, seat: int) -> float:
    q = [(rules.first_hits if s == 0 else rules.hits) / rules.sides for s in range(n)]
    miss_all = math.prod(1 - x for x in q)
    return q[seat] * math.prod(1 - x for x in q[:seat]) / (1 - miss_all)


@contextlib.contextmanager
def registered():
    """The race in the game registry (in this process: run it with jobs=1)."""
    games = registry.games()
    games[RACE.name] = RACE
    try:
        yield RACE
    finally:
        games.pop(RACE.name, None)
