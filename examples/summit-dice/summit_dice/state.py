"""The forward model of Summit Dice (the simkit game protocol)."""

from __future__ import annotations

from dataclasses import dataclass

from simkit.core.errors import IllegalAction, InvariantError
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from summit_dice.rules import SummitRules

CLIMB = "climb"  # roll the die
CAMP = "camp"  # stop and keep this turn's climb


@dataclass(frozen=True)
class View:
    """What a climber sees: everything (no hidden information but the dice to come)."""

    seat: int
    heights: tuple[int, ...]
    climb: int  # this turn's climb so far, lost to a rockfall
    summit: int


class SummitState:
    def __init__(self, rules: SummitRules, n_players: int, rng: GameRng, log: bool = False):
        self.rules, self.rng, self.log = rules, rng, log
        self.heights = [0] * n_players
        self.rockfalls = [0] * n_players
        self.seat = 0
        self.climb = 0
        self.turns_played = 0
        self.winner: int | None = None
        self.events: list[str] = []

    # -- whose turn and what may be done
    def current_player(self) -> int:
        return self.seat

    def legal_actions(self) -> list[str]:
        if self.is_terminal():
            return []
        return [CLIMB, CAMP] if self.climb > 0 else [CLIMB]  # the first roll of a turn is forced

    def apply(self, action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(self.seat, action)
        if action == CLIMB:
            self._roll()
        else:
            self._camp()

    def _roll(self) -> None:
        face = 1 + self.rng.below(self.rules.die)
        if face <= self.rules.rockfall:
            self._say(f"seat {self.seat} rolls {face}: rockfall, {self.climb} m lost")
            self.rockfalls[self.seat] += 1
            self.climb = 0
            self._end_turn()
            return
        self.climb += face
        self._say(f"seat {self.seat} rolls {face}: {self.climb} m this turn")
        if self.heights[self.seat] + self.climb >= self.rules.summit:
            self._camp()  # on the summit: nothing left to risk

    def _camp(self) -> None:
        self.heights[self.seat] += self.climb
        self._say(f"seat {self.seat} camps at {self.heights[self.seat]} m")
        self.climb = 0
        if self.heights[self.seat] >= self.rules.summit:
            self.winner = self.seat
            self._say(f"seat {self.seat} reaches the summit")
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns_played += 1
        if self.winner is None:
            self.seat = (self.seat + 1) % len(self.heights)

    def _say(self, line: str) -> None:
        if self.log:
            self.events.append(line)

    # -- the end
    def is_terminal(self) -> bool:
        return self.winner is not None or self.turns_played >= self.rules.turn_limit

    def outcome(self) -> Outcome:
        ranks, shares = rank_by([(h,) for h in self.heights])
        return Outcome(
            scores=self.scores(),
            ranks=ranks,
            win_shares=shares,
            turns=self.turns_played,
            end_reason="summit" if self.winner is not None else "turn_limit",
            extras={"x_rockfalls": tuple(self.rockfalls)},
        )

    def scores(self) -> tuple[float, ...]:
        return tuple(float(h) for h in self.heights)

    def turns(self) -> int:
        return self.turns_played

    # -- seeing, copying, checking
    def view(self, seat: int) -> View:
        return View(
            seat, tuple(self.heights), self.climb if seat == self.seat else 0, self.rules.summit
        )

    def clone(self) -> SummitState:
        other = SummitState.__new__(SummitState)
        other.__dict__.update(self.__dict__)
        other.heights, other.rockfalls = list(self.heights), list(self.rockfalls)
        other.events = list(self.events)
        other.rng = self.rng.clone()
        return other

    def sample_hidden(self, seat: int, rng: GameRng) -> SummitState:
        other = self.clone()  # nothing is hidden but the dice to come: redraw those
        other.rng = GameRng(rng.next64())
        return other

    def invariants(self) -> None:
        n = len(self.heights)
        if not 0 <= self.seat < n:
            raise InvariantError(f"seat {self.seat} of {n}")
        if min(self.heights) < 0 or self.climb < 0:
            raise InvariantError("negative height or climb")
        leaders = [s for s, h in enumerate(self.heights) if h >= self.rules.summit]
        if leaders != ([] if self.winner is None else [self.winner]):
            raise InvariantError(f"on the summit {leaders}, winner {self.winner}")
        if self.winner is not None and self.climb:
            raise InvariantError("a climb is left after the game")

    def action_text(self, action) -> str:
        return {CLIMB: "roll the die and climb", CAMP: "make camp"}.get(action, repr(action))


def new_state(rules: SummitRules, n_players: int, rng: GameRng, log: bool = False) -> SummitState:
    """A game after setup: every climber at the foot of the mountain, seat 0 to roll."""
    return SummitState(rules, n_players, rng, log)
