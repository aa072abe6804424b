"""Seatings for rotated strategies: which strategy sits in which seat of game k.

The design is every seating up to rotation, each played in all its rotations: game k plays
arrangement ``k // n`` (cycling) turned by ``k % n`` seats. Every strategy sits in every seat equally
often over each run of n consecutive games, and over a full cycle every pair of strategies meets in
every order (every arrangement of the strategies, all permutations). With more seats than
strategies each strategy takes its share of seats (as even as can be: some take one more, every
choice of which in turn). The seating depends only on the game's index, so rows are the same
whatever the number of workers.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations, zip_longest


@lru_cache(maxsize=64)
def arrangements(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Every arrangement of n seats from k strategies up to rotation (strategy indices), each
    strategy taking floor(n/k) or ceil(n/k) seats, ordered so the first few already mix strategies."""
    each, extra = divmod(n, k)
    groups: list[list[tuple[int, ...]]] = []
    for favoured in combinations(range(k), extra):
        table = [i for i in range(k) for _ in range(each + (i in favoured))]
        found: dict[tuple[int, ...], None] = {}
        for order in sorted(set(permutations(table))):
            found.setdefault(min((order[r:] + order[:r] for r in range(n)), key=_spread))
        groups.append(list(found))
    # One arrangement of each choice of seated strategies in turn, so short runs mix them all.
    mixed = zip_longest(*groups)
    return tuple(a for layer in mixed for a in layer if a is not None)


def _spread(arrangement: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Which turn of an arrangement stands for it: the one that seats a strategy's copies apart
    (most neighbours differ), then the first in order; with n distinct strategies, 0, 1, ... n-1
    as a plain rotation would."""
    together = sum(a == b for a, b in zip(arrangement, arrangement[1:], strict=False))
    return together, arrangement


def seating(names: list[str], n_players: int, k: int) -> list[str]:
    """The strategy in each seat of game ``k`` (see the module notes)."""
    design = arrangements(len(names), n_players)
    block = design[(k // n_players) % len(design)]
    turn = k % n_players
    return [names[block[(seat + turn) % n_players]] for seat in range(n_players)]


def cycle_length(n_strategies: int, n_players: int) -> int:
    """Games in one full cycle of the design (every pair met in every order)."""
    return len(arrangements(n_strategies, n_players)) * n_players
