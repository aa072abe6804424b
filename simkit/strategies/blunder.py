"""A planted blunderer, to check that the instruments see a bad player (the blunder audit must
rate it clearly worse than the strategy it wraps)."""

from __future__ import annotations

from dataclasses import dataclass, field

from simkit.core.errors import StrategyError
from simkit.core.playout import move_values, policy_for
from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy, strategy
from simkit.core.worlds import Worlds, uses_worlds


@strategy("blunder")
@dataclass
class Blunderer:
    """A test player: plays ``source`` (the game's default heuristic if empty), except that one
    decision in ``1/rate`` it plays the worst-looking move (the lowest score margin, then win share,
    over ``playouts`` paired playouts of the default heuristic)."""

    source: str = ""  # the strategy it plays between blunders (empty: the default heuristic)
    rate: float = 0.1  # chance of a blunder at each decision with more than one move (0 to 1)
    playouts: int = 16  # paired playouts per move (the default heuristic) that find the worst one
    uses_worlds = True
    _players: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self):
        if not 0.0 <= self.rate <= 1.0:
            raise StrategyError(f"blunder: rate={self.rate} must lie between 0 and 1")
        if self.playouts < 1:
            raise StrategyError("blunder: playouts must be at least 1")

    def choose(self, view, legal_actions, rng: GameRng, worlds: Worlds | None = None):
        if worlds is None:
            raise StrategyError("the blunder player needs worlds to sample: play it through simkit")
        source, policy = self._players_for(worlds.game)
        if len(legal_actions) > 1 and rng.random() < self.rate:
            wins, margins = move_values(
                worlds.sample, worlds.seat, legal_actions, policy, self.playouts, rng
            )
            # Points first: the margin tells bad moves apart where win shares are all 0 or 1.
            looks = list(zip(margins.mean(axis=1), wins.mean(axis=1), strict=True))
            return legal_actions[min(range(len(legal_actions)), key=looks.__getitem__)]
        if uses_worlds(source):
            return source.choose(view, legal_actions, rng, worlds=worlds)
        return source.choose(view, legal_actions, rng)

    def _players_for(self, game: str):
        if game not in self._players:
            source = make_strategy(self.source, game) if self.source else policy_for(game)
            self._players[game] = (source, policy_for(game))
        return self._players[game]
