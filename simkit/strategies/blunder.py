"""A planted blunderer, to check that the instruments see a bad player (the blunder audit must
rate it clearly worse than the strategy it wraps).

Its blunders are moves the audit can judge: ranked on the audit's own scale
(``simkit.core.playout.looks``: the lowest win share over paired playouts, the margin only to
break ties), *shown* worse than the best move by the audit's own test (the paired edge in win
share beyond the noise), and never the move the source would play anyway. Where no such move is
shown (in Let's Take a Hike 23 of 60 of bold's decisions had a worst move shown worse than the
best over 512 paired playouts, and bold itself plays the worst move at some of those), the blunder
is owed and played at the seat's next decision that admits one. Blunders owed add up (a coin that
falls while one is owed is not lost), so the seat plays real blunders at the planted rate of its
decisions where the game offers that many, not at that rate times the share of decisions that
admit one. (Let's Take a Hike offers one at about 1 decision in 25, so there a
"10%" blunderer plants about 3.5%: docs/players.md.)"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from simkit.core.errors import StrategyError
from simkit.core.playout import blunder_z, looks, move_values, paired_edge, policy_for
from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy, strategy
from simkit.core.worlds import Worlds, uses_worlds


@strategy("blunder")
@dataclass
class Blunderer:
    """A test player: plays ``source`` (the game's default heuristic if empty), except that at
    ``rate`` of its decisions with more than one move it plays the worst move, the one with the
    lowest win share over ``playouts`` paired playouts of the default heuristic (cut after
    ``horizon`` decisions as the audit's may be) when it is shown worse than the best and is not
    the source's own move; a decision with no such move leaves the blunder owed, and blunders owed
    add up until played."""

    source: str = ""  # the strategy it plays between blunders (empty: the default heuristic)
    rate: float = 0.1  # share of its decisions with more than one move that are blunders (0 to 1)
    playouts: int = 64  # paired playouts per move (the default heuristic) that find the worst one
    horizon: int = 0  # decisions after which those playouts are scored (0: to the end)
    uses_worlds = True
    _players: dict = field(default_factory=dict, init=False, repr=False)
    # Blunders owed by each seat of each game in progress (a replay from the seed owes the same).
    _owed: WeakKeyDictionary = field(default_factory=WeakKeyDictionary, init=False, repr=False)

    def __post_init__(self):
        if not 0.0 <= self.rate <= 1.0:
            raise StrategyError(f"blunder: rate={self.rate} must lie between 0 and 1")
        if self.playouts < 2:
            raise StrategyError("blunder: playouts must be at least 2 (the noise needs two)")
        if self.horizon < 0:
            raise StrategyError("blunder: horizon must be 0 (play to the end) or more")

    def choose(self, view, legal_actions, rng: GameRng, worlds: Worlds | None = None):
        if worlds is None:
            raise StrategyError("the blunder player needs worlds to sample: play it through simkit")
        source, policy = self._players_for(worlds.game)
        if uses_worlds(source):
            own = source.choose(view, legal_actions, rng, worlds=worlds)
        else:
            own = source.choose(view, legal_actions, rng)
        if len(legal_actions) > 1:
            owed = self._owed.setdefault(worlds.game_token(), Counter())
            owed[worlds.seat] += rng.random() < self.rate
            if owed[worlds.seat]:
                blunder = self._shown_worst(worlds, legal_actions, policy, rng)
                # The source's own move is no planted blunder, even where it is the worst.
                if blunder is not None and blunder != own:
                    owed[worlds.seat] -= 1
                    return blunder
        return own

    def _shown_worst(self, worlds: Worlds, legal_actions, policy, rng: GameRng):
        """The worst-looking move if its paired playouts show it worse than the best-looking one
        in win share beyond the noise, else None."""
        wins, margins = move_values(
            worlds.sample, worlds.seat, legal_actions, policy, self.playouts, rng, self.horizon
        )
        seen = looks(wins, margins)
        moves = range(len(legal_actions))
        best, worst = max(moves, key=seen.__getitem__), min(moves, key=seen.__getitem__)
        edge, se = paired_edge(wins, best, worst)
        return legal_actions[worst] if edge > blunder_z(len(legal_actions)) * se else None

    def _players_for(self, game: str):
        if game not in self._players:
            source = make_strategy(self.source, game) if self.source else policy_for(game)
            self._players[game] = (source, policy_for(game))
        return self._players[game]
