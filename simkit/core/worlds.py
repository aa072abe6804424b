"""What a searching strategy may ask of a game: whole states consistent with its seat's view.

A strategy sees only its seat's ``view``; a search player also needs states to play forward. A
strategy that sets ``uses_worlds = True`` is called as ``choose(view, legal, rng, worlds=...)`` with
a :class:`Worlds`: each ``sample(rng)`` is a determinization, the game's ``State.sample_hidden``
with everything the seat cannot see redrawn from ``rng``, so the sample depends on what the seat
sees and on ``rng`` only, never on the real hidden cards (``tests/test_search.py`` checks this).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from simkit.core.game import State
from simkit.core.rng import GameRng


class Worlds:
    """Determinizations of the game in progress from one seat's point of view."""

    __slots__ = ("_state", "seat", "game")

    def __init__(self, state: State, seat: int, game: str):
        self._state = state
        self.seat = seat
        self.game = game

    def sample(self, rng: GameRng) -> State:
        """An independent state the seat cannot tell from the real one, its hidden parts and its
        engine generator drawn from ``rng``."""
        return self._state.sample_hidden(self.seat, rng)

    def game_token(self) -> GameToken:
        """An object that stands for the game in progress, the same at each of its decisions and
        alive as long as it: a player that carries something from one decision of a game to the
        next keys it on this (weakly), never on the state, which it must not see."""
        return _tokens.setdefault(self._state, GameToken())


class GameToken:
    """One game in progress, opaque (see :meth:`Worlds.game_token`)."""


_tokens: WeakKeyDictionary[State, GameToken] = WeakKeyDictionary()


def uses_worlds(strategy) -> bool:
    return bool(getattr(strategy, "uses_worlds", False))
