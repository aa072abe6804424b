"""Statistics against cases with known answers."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
from sizes import size

from simkit.core import stats


def table(
    wins_seat0: list[float],
    n_players: int = 2,
    variant: str = "base",
    seeds: list[int] | None = None,
) -> pl.DataFrame:
    """Rows for games in which seat 0 wins the given share and the rest is split evenly."""
    rows = []
    for g, w in enumerate(wins_seat0):
        for seat in range(n_players):
            share = w if seat == 0 else (1 - w) / (n_players - 1)
            rows.append(
                {
                    "variant": variant,
                    "n_players": n_players,
                    "game_index": g,
                    "seed": (seeds or range(len(wins_seat0)))[g],
                    "seat": seat,
                    "strategy": "a" if seat == 0 else "b",
                    "score": 10.0 * share,
                    "rank": 1 if share >= 0.5 else 2,
                    "win_share": share,
                    "turns": 10 + g,
                    "end_reason": "normal",
                }
            )
    return pl.DataFrame(rows)


def wilson_by_hand(successes: float, n: float) -> tuple[float, float]:
    z = 1.959963984540054
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_win_share_and_first_player_advantage_by_hand():
    df = table([1, 1, 1, 0])
    seats = stats.seat_win_shares(df)
    assert seats["win_share"].to_list() == [0.75, 0.25]
    lo, hi = wilson_by_hand(3, 4)
    assert seats["lo"][0] == pytest.approx(lo) and seats["hi"][0] == pytest.approx(hi)
    fpa = stats.first_player_advantage(df)
    assert fpa["fpa"][0] == pytest.approx(0.25)
    assert fpa["lo"][0] == pytest.approx(lo - 0.5) and fpa["hi"][0] == pytest.approx(hi - 0.5)


def test_shares_at_the_extremes_keep_an_honest_interval_inside_0_and_1():
    # A seat winning 30 of 30: not [1, 1] (the normal interval) but Wilson's [0.886, 1].
    seats = stats.seat_win_shares(table([1.0] * 30))
    best, worst = seats.row(0, named=True), seats.row(1, named=True)
    assert best["hi"] == pytest.approx(1.0) and best["lo"] == pytest.approx(
        wilson_by_hand(30, 30)[0]
    )
    assert worst["lo"] == pytest.approx(0.0, abs=1e-12) and worst["hi"] > 0.1
    for row in seats.iter_rows(named=True):
        assert 0.0 <= row["lo"] <= row["win_share"] <= row["hi"] <= 1.0


def test_a_mean_over_few_values_uses_the_t_quantile():
    values = np.array([1.0, 2.0, 4.0, 7.0, 11.0])
    m, lo, hi = stats.mean_ci(values)
    half = 2.7764451051977987 * np.std(values, ddof=1) / math.sqrt(5)  # t(0.975, 4)
    assert (lo, hi) == pytest.approx((m - half, m + half))


def test_a_strategy_in_several_seats_of_a_game_is_one_cluster():
    # Self-play of one strategy against itself in both seats: exactly one of its two seats wins
    # every game, so its share is exactly 1/2 with no uncertainty at all (rows are dependent).
    df = table([1, 0, 1, 1, 0, 0, 1, 0]).with_columns(strategy=pl.lit("same"))
    row = stats.strategy_win_shares(df).row(0, named=True)
    assert row["win_share"] == 0.5 and row["lo"] == pytest.approx(0.5) and row["hi"] == 0.5


def test_chi_square_for_equal_seats():
    test = stats.seats_equal_test(table([1, 1, 1, 0]))
    assert test["chi2"][0] == pytest.approx(1.0)
    assert test["p_value"][0] == pytest.approx(math.erfc(math.sqrt(0.5)), rel=1e-6)


def test_ties_count_as_shares():
    df = table([0.5, 0.5], n_players=2)
    assert stats.seat_win_shares(df)["win_share"].to_list() == [0.5, 0.5]


def test_paired_difference_uses_the_shared_seeds():
    base = table([1, 0, 1, 0], variant="base")
    variant = table([1, 1, 1, 0], variant="more")
    diff = stats.paired_fpa_difference(pl.concat([base, variant]))
    assert diff["diff"][0] == pytest.approx(0.25)
    assert diff["pairs"][0] == 4


def test_game_summary_counts_lengths_margins_and_turn_limits():
    df = table([1, 0])
    summary = stats.game_summary(df)
    assert summary["mean_turns"][0] == 10.5
    assert summary["turn_limit_share"][0] == 0.0
    assert summary["mean_margin"][0] == 10.0


def test_interval_covers_a_known_first_player_advantage_at_the_nominal_rate():
    # Seat 0 of a two-player game wins with probability 0.6: the true FPA is 0.1.
    rng = np.random.default_rng(0)
    repeats, games = size(200, 1000), 400
    covered = 0
    for _ in range(repeats):
        wins = (rng.random(games) < 0.6).astype(float)
        fpa = stats.first_player_advantage(table(list(wins)))
        covered += fpa["lo"][0] <= 0.1 <= fpa["hi"][0]
    rate = covered / repeats
    # 95% nominal; allow the binomial noise of the repeat count (about 4 standard errors).
    assert abs(rate - 0.95) < 4 * math.sqrt(0.95 * 0.05 / repeats)
