"""Seeding and the engine's random draws.

One root seed decides a run. Game k of every (variant, player count) cell gets the seed
``SeedSequence(root, spawn_key=(k,))`` reduced to one uint64, so variants share seeds (common random
numbers) and any game can be replayed from the seed recorded in its row alone.

From a game seed, ``SeedSequence(game_seed).spawn(1 + n_players)`` gives the engine's stream
(child 0) and one stream per seat's strategy (child 1 + seat).

The engine draws only through :class:`GameRng`: an integer below n and a shuffle. Its generator is
SplitMix64, a few 64-bit integer operations, so a compiled fast path can reproduce the stream
bit for bit.
"""

from __future__ import annotations

from collections.abc import MutableSequence

import numpy as np

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def derived_seed(root: int, *key: int) -> int:
    """``SeedSequence(root, spawn_key=key)`` reduced to one uint64: a stream of its own for each
    key, independent of the others drawn from ``root``."""
    return int(np.random.SeedSequence(root, spawn_key=key).generate_state(1, np.uint64)[0])


def game_seed(root: int, k: int) -> int:
    """The seed of game ``k`` of a cell, for root seed ``root``."""
    return derived_seed(root, k)


def seat_streams(seed: int, n_players: int) -> tuple[GameRng, list[GameRng]]:
    """The engine's generator and one generator per seat, all derived from one game seed."""
    children = np.random.SeedSequence(seed).spawn(1 + n_players)
    states = [int(c.generate_state(1, np.uint64)[0]) for c in children]
    return GameRng(states[0]), [GameRng(s) for s in states[1:]]


class GameRng:
    """SplitMix64: ``below(n)`` and ``shuffle(seq)`` are the whole interface engines may use."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; the modulo bias is below 2**-50 for any real n."""
        return self.next64() % n

    def random(self) -> float:
        """A float in [0, 1) (53 bits), for strategies that need one."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def shuffle(self, seq: MutableSequence) -> None:
        """Fisher-Yates in place, from the end."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def clone(self) -> GameRng:
        return GameRng(self.state)
