"""Balance statistics from the results table (DESIGN.md, "Statistics").

Every figure comes with a 95% interval. A win share is the mean of per-game shares (1, 1/k for a
k-way tie, 0); its interval is the normal one, mean +- 1.96 standard errors, which covers well for the
thousands of games a study plays. The first-player advantage is seat 0's win share minus 1/n.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
from scipy import stats as sps

Z95 = 1.959963984540054


def mean_ci(values: np.ndarray) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = float(np.mean(values))
    if n == 1:
        return m, math.nan, math.nan
    half = Z95 * float(np.std(values, ddof=1)) / math.sqrt(n)
    return m, m - half, m + half


def with_interval(frame: pl.DataFrame, mean: str, count: str) -> pl.DataFrame:
    """Add ``lo`` and ``hi``: the 95% normal interval of column ``mean``, from its standard
    deviation (column ``sd``) and its number of observations (column ``count``)."""
    half = Z95 * pl.col("sd") / pl.col(count).sqrt()
    return frame.with_columns(lo=pl.col(mean) - half, hi=pl.col(mean) + half)


def seat_win_shares(df: pl.DataFrame) -> pl.DataFrame:
    """Win share per (variant, n_players, seat) with its interval."""
    out = (
        df.group_by("variant", "n_players", "seat")
        .agg(
            games=pl.len(),
            win_share=pl.col("win_share").mean(),
            sd=pl.col("win_share").std(ddof=1),
        )
        .pipe(with_interval, "win_share", "games")
        .drop("sd")
        .sort("variant", "n_players", "seat")
    )
    return out


def first_player_advantage(df: pl.DataFrame) -> pl.DataFrame:
    """FPA = seat 0's win share - 1/n, with its interval, per (variant, n_players)."""
    seat0 = seat_win_shares(df).filter(pl.col("seat") == 0)
    fair = 1.0 / pl.col("n_players").cast(pl.Float64)
    return seat0.select(
        "variant",
        "n_players",
        "games",
        fpa=pl.col("win_share") - fair,
        lo=pl.col("lo") - fair,
        hi=pl.col("hi") - fair,
    )


def seats_equal_test(df: pl.DataFrame) -> pl.DataFrame:
    """Chi-square test that every seat wins equally often, per (variant, n_players).

    The observed counts are the summed win shares per seat; the expected count is total/n.
    """
    rows = []
    for (variant, n), part in df.group_by("variant", "n_players", maintain_order=True):
        wins = (
            part.group_by("seat")
            .agg(pl.col("win_share").sum())
            .sort("seat")["win_share"]
            .to_numpy()
        )
        total = wins.sum()
        if total <= 0 or len(wins) < 2:
            continue
        chi2, p = sps.chisquare(wins)
        rows.append({"variant": variant, "n_players": n, "chi2": float(chi2), "p_value": float(p)})
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "chi2": pl.Float64,
            "p_value": pl.Float64,
        },
    )


def strategy_win_shares(df: pl.DataFrame) -> pl.DataFrame:
    """Win share per strategy (meaningful with seats rotated), with its interval and 1/n for scale."""
    return (
        df.group_by("variant", "n_players", "strategy")
        .agg(
            seats=pl.len(),
            win_share=pl.col("win_share").mean(),
            sd=pl.col("win_share").std(ddof=1),
            mean_score=pl.col("score").mean(),
        )
        .pipe(with_interval, "win_share", "seats")
        .drop("sd")
        .sort("variant", "n_players", "win_share", descending=[False, False, True])
    )


def game_summary(df: pl.DataFrame) -> pl.DataFrame:
    """Per (variant, n_players): games, mean length, share of ties and of turn-limit games, and the
    mean margin of victory (winner's score minus the best other score)."""
    per_game = df.group_by("variant", "n_players", "game_index").agg(
        turns=pl.col("turns").first(),
        end_reason=pl.col("end_reason").first(),
        tie=(pl.col("rank") == 1).sum() > 1,
        top=pl.col("score").max(),
        second=pl.col("score").sort(descending=True).slice(1, 1).first(),
    )
    return (
        per_game.group_by("variant", "n_players")
        .agg(
            games=pl.len(),
            mean_turns=pl.col("turns").mean(),
            sd_turns=pl.col("turns").std(),
            tie_share=pl.col("tie").mean(),
            turn_limit_share=(pl.col("end_reason") == "turn_limit").mean(),
            mean_margin=(pl.col("top") - pl.col("second")).mean(),
        )
        .sort("variant", "n_players")
    )


def paired_fpa_difference(df: pl.DataFrame, base: str = "base") -> pl.DataFrame:
    """Each variant's FPA minus the base variant's, paired game by game on the shared seeds."""
    seat0 = df.filter(pl.col("seat") == 0).select("variant", "n_players", "seed", "win_share")
    base_rows = seat0.filter(pl.col("variant") == base).rename({"win_share": "base_share"})
    joined = seat0.filter(pl.col("variant") != base).join(
        base_rows.drop("variant"), on=["n_players", "seed"]
    )
    rows = []
    for (variant, n), part in joined.group_by("variant", "n_players", maintain_order=True):
        diff = (part["win_share"] - part["base_share"]).to_numpy()
        m, lo, hi = mean_ci(diff)
        rows.append(
            {"variant": variant, "n_players": n, "pairs": len(diff), "diff": m, "lo": lo, "hi": hi}
        )
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "pairs": pl.Int64,
            "diff": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
        },
    )
