"""Seatings for rotated strategies: every pair meets in every order, every seat equally often."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simkit.core.experiment import Experiment
from simkit.core.seating import cycle_length, seating


@pytest.mark.parametrize(("k", "n"), [(2, 2), (4, 2), (3, 3), (4, 4), (2, 4), (3, 5), (5, 3)])
def test_a_cycle_meets_every_pair_in_every_order_and_fills_every_seat_evenly(k, n):
    names = [f"s{i}" for i in range(k)]
    games = [seating(names, n, g) for g in range(cycle_length(k, n))]
    ordered = Counter((t[i], t[j]) for t in games for i in range(n) for j in range(i + 1, n))
    for a, b in permutations(names, 2):
        assert ordered[(a, b)] > 0, f"{a} never sat before {b}"
    for seat in range(n):
        counts = Counter(t[seat] for t in games)
        assert len(set(counts.values())) == 1 and len(counts) == k


def test_with_as_many_strategies_as_seats_every_permutation_is_played():
    names = ["a", "b", "c", "d"]
    games = {tuple(seating(names, 4, g)) for g in range(cycle_length(4, 4))}
    assert games == set(permutations(names))


@given(k=st.integers(0, 10_000))
def test_every_run_of_n_games_puts_each_strategy_in_each_seat(k):
    names = ["a", "b", "c"]
    start = k - k % 3
    block = [seating(names, 3, g) for g in range(start, start + 3)]
    for seat in range(3):
        assert sorted(t[seat] for t in block) == names


def test_the_experiment_rotates_over_the_design():
    exp = Experiment.from_dict(
        {"game": "lets-take-a-hike", "players": 2, "games": 12, "seed": 1}
        | {"strategies": ["bold", "greedy", "cautious", "random"], "rotate": True}
    )
    met = {tuple(exp.seats(g, 2)) for g in range(12)}
    assert met == set(permutations(["bold", "greedy", "cautious", "random"], 2))
