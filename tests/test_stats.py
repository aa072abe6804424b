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


def test_win_share_and_first_player_advantage_by_hand():
    df = table([1, 1, 1, 0])
    seats = stats.seat_win_shares(df)
    assert seats["win_share"].to_list() == [0.75, 0.25]
    sd = np.std([1, 1, 1, 0], ddof=1)
    half = stats.Z95 * sd / 2
    assert seats["lo"][0] == pytest.approx(0.75 - half)
    fpa = stats.first_player_advantage(df)
    assert fpa["fpa"][0] == pytest.approx(0.25)
    assert fpa["hi"][0] - fpa["lo"][0] == pytest.approx(2 * half)


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
