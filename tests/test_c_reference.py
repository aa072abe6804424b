"""The C reference of Let's Take a Hike (``bench/c_reference``) plays the compiled kernel's games:
the same seeds, draws and outcomes, game by game, for every strategy and player count. It is what
``simkit bench`` measures the kernel against, so a port that drifted would measure another game.
"""

from __future__ import annotations

import numpy as np
import pytest
from sizes import size

from simkit.core.bench import c_play, c_port, measure_c_reference
from simkit.core.strategy import make_strategy
from simkit.games.lets_take_a_hike import fast
from simkit.games.lets_take_a_hike.cards import Rules

GAME = "lets-take-a-hike"
STRATEGIES = ["random", "bold", "cautious", "greedy", "threshold", "bold:enough=6,reserve=3"]


@pytest.fixture(scope="module")
def lib():
    built = c_port(GAME)
    if isinstance(built, str):
        pytest.skip(built)
    return built


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_c_reference_plays_the_kernels_games(lib, n):
    rules = fast.compiled_rules(Rules())
    known = np.full(rules.known.shape, -1, dtype=np.int64)
    count = size(300, 5_000)
    rng = np.random.default_rng(n)
    # Each game its own mix of strategies, seat by seat.
    lineups = [
        [make_strategy(STRATEGIES[i], GAME) for i in rng.integers(len(STRATEGIES), size=n)]
        for _ in range(count)
    ]
    kinds, params = fast.seat_codes(lineups)
    compiled = rules.play(2026, 1_000, count, kinds, params)
    ported = c_play(lib, rules, known, 2026, 1_000, kinds, params)
    names = ("seeds", "tally", "ranks", "end", "turns", "decisions")
    for name, a, b in zip(names, compiled, ported, strict=True):
        assert np.array_equal(a, b), name
    assert (compiled[3] == fast.NORMAL).all()


def test_a_rule_variant_is_played_alike(lib):
    """Rules other than the defaults: the port reads the same arrays as the kernel."""
    rules = fast.CompiledRules(Rules(backpack_deal=3, drawoff_first="lowest_seat", turn_limit=30))
    known = np.full(rules.known.shape, -1, dtype=np.int64)
    players = [make_strategy(s, GAME) for s in ("bold", "cautious", "random")]
    kinds, params = fast.seat_codes([players] * 200)
    compiled = rules.play(7, 0, 200, kinds, params)
    ported = c_play(lib, rules, known, 7, 0, kinds, params)
    for a, b in zip(compiled, ported, strict=True):
        assert np.array_equal(a, b)
    assert (compiled[3] == fast.TURN_LIMIT).any()


def test_the_bench_compares_both_kernels_on_the_same_games(lib):
    measured = measure_c_reference(GAME, "bold", 4, 0.01)
    assert measured["c_equal"] is True
    ratio = measured["c_games_per_s_one_core"] / measured["kernel_games_per_s_one_core"]
    assert measured["c_over_kernel"] == pytest.approx(ratio, rel=0.01)
