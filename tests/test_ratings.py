"""Strategy ratings: head-to-head shares and Bradley-Terry fits with known answers."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from simkit.core import ratings


def ranked_games(games: list[list[tuple[str, int]]]) -> pl.DataFrame:
    """Rows from games given as (strategy, rank) per seat."""
    rows = []
    for g, seats in enumerate(games):
        for seat, (name, rank) in enumerate(seats):
            rows.append(
                {
                    "variant": "base",
                    "n_players": len(seats),
                    "game_index": g,
                    "seat": seat,
                    "strategy": name,
                    "rank": rank,
                }
            )
    return pl.DataFrame(rows)


def test_head_to_head_reads_ranks_and_splits_ties():
    df = ranked_games(
        [
            [("a", 1), ("b", 2), ("c", 3)],
            [("b", 1), ("c", 1), ("a", 3)],
        ]
    )
    h2h = ratings.head_to_head(df)

    def share(x, y):
        return h2h.filter((pl.col("strategy") == x) & (pl.col("opponent") == y))["share"][0]

    assert share("a", "b") == pytest.approx(0.5)
    assert share("b", "c") == pytest.approx(0.75)  # a win and a tie
    assert share("c", "b") == pytest.approx(0.25)
    assert share("a", "c") == pytest.approx(0.5)


def test_bradley_terry_recovers_known_odds_from_two_strategies():
    # a beats b in 3 games of 4: odds 3:1, 400 * log10(3) Elo apart
    df = ranked_games([[("a", 1), ("b", 2)]] * 300 + [[("a", 2), ("b", 1)]] * 100)
    fit = ratings.bradley_terry(df)
    elo = dict(zip(fit["strategy"], fit["elo"], strict=True))
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3), abs=0.05)
    assert elo["a"] + elo["b"] == pytest.approx(0.0, abs=1e-9)
    a = fit.filter(pl.col("strategy") == "a").row(0, named=True)
    assert a["lo"] < a["elo"] < a["hi"]


def test_bradley_terry_recovers_strengths_from_exact_pairwise_counts():
    strengths = {"x": 4.0, "y": 2.0, "z": 1.0}
    games = []
    names = list(strengths)
    for i, p in enumerate(names):
        for q in names[i + 1 :]:
            wins = round(700 * strengths[p] / (strengths[p] + strengths[q]))
            games += [[(p, 1), (q, 2)]] * wins + [[(p, 2), (q, 1)]] * (700 - wins)
    fit = ratings.bradley_terry(ranked_games(games))
    elo = dict(zip(fit["strategy"], fit["elo"], strict=True))
    expected = {k: 400 * math.log10(v) for k, v in strengths.items()}
    mean = np.mean(list(expected.values()))
    for name in names:
        assert elo[name] == pytest.approx(expected[name] - mean, abs=1.0)


def test_bootstrap_interval_narrows_with_more_games():
    few = ranked_games([[("a", 1), ("b", 2)]] * 30 + [[("a", 2), ("b", 1)]] * 20)
    many = ranked_games([[("a", 1), ("b", 2)]] * 600 + [[("a", 2), ("b", 1)]] * 400)

    def width(df):
        row = ratings.bradley_terry(df).filter(pl.col("strategy") == "a").row(0, named=True)
        return row["hi"] - row["lo"]

    assert width(many) < width(few) / 2
