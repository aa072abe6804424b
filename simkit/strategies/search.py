"""A generic search player: flat Monte Carlo over sampled hidden information.

For each legal action it plays ``playouts`` games on from determinizations of the current state
(the game's ``sample_hidden``: what the seat cannot see redrawn, consistent with what it can),
every seat then played by a fixed ``policy``. Every action is tried on the same sampled worlds
(common random numbers, ``simkit.core.playout``), so the comparison between actions is paired.

It starts from the move the policy itself would make and switches to the best-scoring other move
only when the paired playouts show it better by more than ``z`` standard errors: a rollout policy
improvement that a handful of noisy playouts cannot talk into a blunder. Its value of a playout is
its win share (``value = "win"``) or its score minus the best other seat's (``"margin"``).
``horizon`` cuts each playout short after that many decisions and scores it on the points so far
(0: play to the end), for games whose points are banked as they go.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simkit.core.errors import StrategyError
from simkit.core.playout import VALUES, move_values, paired_edge, playout, policy_for
from simkit.core.rng import GameRng
from simkit.core.strategy import strategy
from simkit.core.worlds import Worlds

__all__ = ["FlatMonteCarlo", "playout", "policy_for"]


@strategy("search")
@dataclass
class FlatMonteCarlo:
    """The thinker: tries every legal move in ``playouts`` sampled futures (hidden cards redrawn,
    everyone then playing ``policy``, the game's default heuristic if empty) and plays the move
    that does clearly best, else what the heuristic would: a stronger player, to see how balance
    moves under better play."""

    playouts: int = 16  # sampled futures every legal move is tried in, the same ones (2 or more)
    policy: str = ""  # the heuristic every seat plays in the playouts (empty: the game's default)
    value: str = "margin"  # a playout's worth: "margin" (score minus the best other's) or "win"
    z: float = 1.0  # standard errors by which a move must beat the policy's own move to be played
    horizon: int = 0  # decisions after which a playout is scored on points so far (0: the end)
    uses_worlds = True
    _policies: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self):
        if self.value not in VALUES:
            raise StrategyError(f"search: value={self.value!r}; expected one of {VALUES}")
        if self.playouts < 2:
            raise StrategyError("search: playouts must be at least 2")
        if self.horizon < 0:
            raise StrategyError("search: horizon must be 0 (play to the end) or more")

    def choose(self, view, legal_actions, rng: GameRng, worlds: Worlds | None = None):
        if worlds is None:
            raise StrategyError("the search player needs worlds to sample: play it through simkit")
        policy = self._policy(worlds.game)
        default = policy.choose(view, legal_actions, rng)
        if len(legal_actions) == 1:
            return default
        wins, margins = move_values(
            worlds.sample, worlds.seat, legal_actions, policy, self.playouts, rng, self.horizon
        )
        values = wins if self.value == "win" else margins
        return legal_actions[self._better_than(legal_actions.index(default), values)]

    def _better_than(self, default: int, values) -> int:
        """The best move if its paired advantage over ``default`` is clear, else ``default``."""
        best, best_edge = default, 0.0
        for i in range(len(values)):
            edge, se = paired_edge(values, i, default)
            if edge > best_edge and edge > self.z * se:
                best, best_edge = i, edge
        return best

    def _policy(self, game: str):
        if game not in self._policies:
            self._policies[game] = policy_for(game, self.policy)
        return self._policies[game]
