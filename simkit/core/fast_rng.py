"""The seeding and the engine's draws of :mod:`simkit.core.rng`, compiled with numba.

A compiled engine must draw exactly what the Python engine draws. The draws are SplitMix64, a few
integer operations. The seeds come from numpy's ``SeedSequence``, which costs tens of microseconds
a game in Python, more than a compiled game itself; so its hash (O'Neill's seed_seq mixing, as
numpy documents and implements it) is ported here for the one shape simkit uses, a uint64 entropy
with a spawn key of small integers. ``tests/test_fast_path.py`` checks it against numpy itself.
"""

from __future__ import annotations

import numba as nb
import numpy as np

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)

_INIT_A = np.uint32(0x43B0D7E5)
_MULT_A = np.uint32(0x931E8875)
_INIT_B = np.uint32(0x8B51F9DD)
_MULT_B = np.uint32(0x58F38DED)
_MIX_L = np.uint32(0xCA01F9DD)
_MIX_R = np.uint32(0x4973F715)
_POOL = 4
_MASK32 = np.uint64(0xFFFFFFFF)


@nb.njit(cache=True, inline="always")
def next64(state: np.ndarray, i: int) -> np.uint64:
    """Advance generator ``i`` of ``state`` (an array of SplitMix64 states) and return its draw."""
    s = state[i] + _GAMMA
    state[i] = s
    z = (s ^ (s >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@nb.njit(cache=True, inline="always")
def below(state: np.ndarray, i: int, n: int) -> int:
    return int(next64(state, i) % np.uint64(n))


@nb.njit(cache=True)
def shuffle(state: np.ndarray, i: int, seq: np.ndarray, length: int) -> None:
    """Fisher-Yates over ``seq[:length]`` from the end, as ``GameRng.shuffle``."""
    for k in range(length - 1, 0, -1):
        j = below(state, i, k + 1)
        seq[k], seq[j] = seq[j], seq[k]


@nb.njit(cache=True, inline="always")
def _hashmix(value: np.uint32, hash_const: np.ndarray) -> np.uint32:
    value = np.uint32(value ^ hash_const[0])
    hash_const[0] = np.uint32(hash_const[0] * _MULT_A)
    value = np.uint32(value * hash_const[0])
    return np.uint32(value ^ (value >> np.uint32(16)))


@nb.njit(cache=True, inline="always")
def _mix(x: np.uint32, y: np.uint32) -> np.uint32:
    result = np.uint32(np.uint32(_MIX_L * x) - np.uint32(_MIX_R * y))
    return np.uint32(result ^ (result >> np.uint32(16)))


@nb.njit(cache=True, inline="always")
def _words(value: np.uint64, out: np.ndarray, at: int) -> int:
    """numpy's coercion of a non-negative integer to uint32 words (little end first; 0 is [0])."""
    if value == 0:
        out[at] = 0
        return at + 1
    while value > 0:
        out[at] = np.uint32(value & _MASK32)
        at += 1
        value >>= np.uint64(32)
    return at


@nb.njit(cache=True)
def seed_state(entropy: np.uint64, key: np.int64) -> np.uint64:
    """``SeedSequence(entropy, spawn_key=(key,)).generate_state(1, np.uint64)[0]``."""
    words = np.zeros(_POOL + 2, dtype=np.uint32)
    # numpy pads the run entropy to the pool size when a spawn key follows it.
    n = max(_words(entropy, words, 0), _POOL)
    n = _words(np.uint64(key), words, n)
    pool = np.zeros(_POOL, dtype=np.uint32)
    hash_const = np.full(1, _INIT_A, dtype=np.uint32)
    for i in range(_POOL):
        pool[i] = _hashmix(words[i] if i < n else np.uint32(0), hash_const)
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = _mix(pool[dst], _hashmix(pool[src], hash_const))
    for src in range(_POOL, n):
        for dst in range(_POOL):
            pool[dst] = _mix(pool[dst], _hashmix(words[src], hash_const))
    h = _INIT_B
    out = np.uint64(0)
    for i in range(2):
        value = np.uint32(pool[i] ^ h)
        h = np.uint32(h * _MULT_B)
        value = np.uint32(value * h)
        value = np.uint32(value ^ (value >> np.uint32(16)))
        out |= np.uint64(value) << np.uint64(32 * i)
    return out


@nb.njit(cache=True)
def game_streams(root: np.uint64, first: int, count: int, n_players: int):
    """For games ``first .. first+count-1``: their seeds (``rng.game_seed``) and the initial states of
    the engine's and each seat's generators (``rng.seat_streams``), one row a game."""
    seeds = np.empty(count, dtype=np.uint64)
    states = np.empty((count, 1 + n_players), dtype=np.uint64)
    for g in range(count):
        seed = seed_state(root, first + g)
        seeds[g] = seed
        for child in range(1 + n_players):
            states[g, child] = seed_state(seed, child)
    return seeds, states
