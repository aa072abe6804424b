"""A planted blunderer, to check that the instruments see a bad player (the blunder audit must
rate it clearly worse than the strategy it wraps).

Its "worst-looking" move is ranked on the audit's own scale (``simkit.core.playout.looks``: the
lowest win share over paired playouts, the margin only to break ties) and from as many playouts
as the audit's first stage gives a move, so that what it plants is a move the audit can judge: a
move chosen on the margin of a few playouts was, in Let's Take a Hike, as often the best move as a
bad one, and the control planted no blunders to find."""

from __future__ import annotations

from dataclasses import dataclass, field

from simkit.core.errors import StrategyError
from simkit.core.playout import looks, move_values, policy_for
from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy, strategy
from simkit.core.worlds import Worlds, uses_worlds


@strategy("blunder")
@dataclass
class Blunderer:
    """A test player: plays ``source`` (the game's default heuristic if empty), except that one
    decision in ``1/rate`` it plays the worst-looking move (the lowest win share, then score margin,
    over ``playouts`` paired playouts of the default heuristic, cut after ``horizon`` decisions as
    the audit's may be)."""

    source: str = ""  # the strategy it plays between blunders (empty: the default heuristic)
    rate: float = 0.1  # chance of a blunder at each decision with more than one move (0 to 1)
    playouts: int = 64  # paired playouts per move (the default heuristic) that find the worst one
    horizon: int = 0  # decisions after which those playouts are scored (0: to the end)
    uses_worlds = True
    _players: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self):
        if not 0.0 <= self.rate <= 1.0:
            raise StrategyError(f"blunder: rate={self.rate} must lie between 0 and 1")
        if self.playouts < 1:
            raise StrategyError("blunder: playouts must be at least 1")
        if self.horizon < 0:
            raise StrategyError("blunder: horizon must be 0 (play to the end) or more")

    def choose(self, view, legal_actions, rng: GameRng, worlds: Worlds | None = None):
        if worlds is None:
            raise StrategyError("the blunder player needs worlds to sample: play it through simkit")
        source, policy = self._players_for(worlds.game)
        if len(legal_actions) > 1 and rng.random() < self.rate:
            wins, margins = move_values(
                worlds.sample, worlds.seat, legal_actions, policy, self.playouts, rng, self.horizon
            )
            seen = looks(wins, margins)
            return legal_actions[min(range(len(legal_actions)), key=seen.__getitem__)]
        if uses_worlds(source):
            return source.choose(view, legal_actions, rng, worlds=worlds)
        return source.choose(view, legal_actions, rng)

    def _players_for(self, game: str):
        if game not in self._players:
            source = make_strategy(self.source, game) if self.source else policy_for(game)
            self._players[game] = (source, policy_for(game))
        return self._players[game]
