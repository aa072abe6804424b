"""A generic search player: flat Monte Carlo over sampled hidden information.

For each legal action it plays ``playouts`` games to the end from determinizations of the current
state (the game's ``sample_hidden``: what the seat cannot see redrawn, consistent with what it
can), every seat then played by a fixed ``policy``. Every action is tried on the same sampled worlds
(common random numbers), so the comparison between actions is paired.

It starts from the move the policy itself would make and switches to the best-scoring other move
only when the paired playouts show it better by more than ``z`` standard errors: a rollout policy
improvement that a handful of noisy playouts cannot talk into a blunder. Its value of a playout is
its win share (``value = "win"``) or its score minus the best other seat's (``"margin"``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from simkit.core import registry
from simkit.core.errors import StrategyError
from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy, strategy
from simkit.core.worlds import Worlds, uses_worlds

# Decorrelates the playout players' stream from the world sampled with the same seed.
_POLICY_STREAM = 0x5DEECE66D
VALUES = ("win", "margin")


@strategy("search")
@dataclass
class FlatMonteCarlo:
    """The thinker: tries every legal move in ``playouts`` sampled futures (hidden cards redrawn,
    everyone then playing ``policy``, the game's default heuristic if empty) and plays the move
    that does clearly best, else what the heuristic would: a stronger player, to see how balance
    moves under better play."""

    playouts: int = 16
    policy: str = ""
    value: str = "margin"
    z: float = 1.0
    uses_worlds = True
    _policies: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self):
        if self.value not in VALUES:
            raise StrategyError(f"search: value={self.value!r}; expected one of {VALUES}")
        if self.playouts < 2:
            raise StrategyError("search: playouts must be at least 2")

    def choose(self, view, legal_actions, rng: GameRng, worlds: Worlds | None = None):
        if worlds is None:
            raise StrategyError("the search player needs worlds to sample: play it through simkit")
        policy = self._policy(worlds.game)
        default = policy.choose(view, legal_actions, rng)
        if len(legal_actions) == 1:
            return default
        values = [[0.0] * self.playouts for _ in legal_actions]
        for p in range(self.playouts):
            seed = rng.next64()
            for i, action in enumerate(legal_actions):
                world = worlds.sample(GameRng(seed))
                world.apply(action)
                win, margin = playout(world, policy, worlds.seat, GameRng(seed ^ _POLICY_STREAM))
                values[i][p] = win if self.value == "win" else margin
        return self._better_than(default, legal_actions, values)

    def _better_than(self, default, legal_actions, values):
        """The best action if its paired advantage over ``default`` is clear, else ``default``."""
        base = values[legal_actions.index(default)]
        best, best_edge = default, 0.0
        for action, mine in zip(legal_actions, values, strict=True):
            diffs = [a - b for a, b in zip(mine, base, strict=True)]
            mean = sum(diffs) / len(diffs)
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
            if mean > best_edge and mean > self.z * sd / math.sqrt(len(diffs)):
                best, best_edge = action, mean
        return best

    def _policy(self, game: str):
        if game not in self._policies:
            name = self.policy or registry.game(game).default_strategy
            player = make_strategy(name, game)
            if uses_worlds(player):
                raise StrategyError(f"search policy '{name}' searches itself: name a heuristic")
            self._policies[game] = player
        return self._policies[game]


def playout(world, policy, seat: int, rng: GameRng) -> tuple[float, float]:
    """Play ``world`` to the end with ``policy`` in every seat; ``seat``'s win share and its score
    minus the best other seat's."""
    while not world.is_terminal():
        s = world.current_player()
        world.apply(policy.choose(world.view(s), world.legal_actions(), rng))
    outcome = world.outcome()
    others = max(score for s, score in enumerate(outcome.scores) if s != seat)
    return outcome.win_shares[seat], outcome.scores[seat] - others
