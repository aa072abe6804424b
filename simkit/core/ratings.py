"""Strategy ratings from multi-player results: a head-to-head matrix and a Bradley-Terry rating.

A game of n seats is read as its n(n-1)/2 pairwise meetings between seats of different strategies:
the better rank wins the meeting, equal ranks split it. The head-to-head matrix is the share of
meetings each strategy wins against each other one. The Bradley-Terry model (P(i beats j) =
s_i / (s_i + s_j)) is fitted to the same meetings by maximum likelihood with the iterative Luce
spectral ranking of Maystre & Grossglauser (NeurIPS 2015, ``choix.ilsr_pairwise_dense``), and shown
on the Elo scale (400 points = 10:1 odds, mean 0). Its intervals are a percentile bootstrap over
games (the meetings of one game are not independent), with a fixed seed.
"""

from __future__ import annotations

import math

import choix
import numpy as np
import polars as pl

from simkit.core.stats import mean_ci

ELO_PER_NAT = 400.0 / math.log(10.0)
BOOTSTRAP_RESAMPLES = 200
BOOTSTRAP_SEED = 20151207
# A whisper of regularisation keeps the fit finite when one strategy wins every meeting.
REGULARISATION = 1e-6


def meetings(df: pl.DataFrame) -> pl.DataFrame:
    """Every pair of seats with different strategies in every game: (variant, n_players,
    game_index, strategy, opponent, result) with result 1, 0.5 or 0 for ``strategy``."""
    seats = df.select("variant", "n_players", "game_index", "seat", "strategy", "rank")
    pairs = seats.join(seats, on=["variant", "n_players", "game_index"], suffix="_opp")
    pairs = pairs.filter(pl.col("strategy") != pl.col("strategy_opp"))
    return pairs.select(
        "variant",
        "n_players",
        "game_index",
        "strategy",
        opponent=pl.col("strategy_opp"),
        result=pl.when(pl.col("rank") < pl.col("rank_opp"))
        .then(1.0)
        .when(pl.col("rank") == pl.col("rank_opp"))
        .then(0.5)
        .otherwise(0.0),
    )


def head_to_head(df: pl.DataFrame) -> pl.DataFrame:
    """Share of meetings each strategy wins against each other one, with its interval."""
    rows = []
    met = meetings(df)
    keys = ["variant", "n_players", "strategy", "opponent"]
    for key, part in met.group_by(keys, maintain_order=True):
        share, lo, hi = mean_ci(part["result"].to_numpy())
        rows.append(dict(zip(keys, key, strict=True)) | {"meetings": len(part)} | {"share": share})
        rows[-1] |= {"lo": lo, "hi": hi}
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "strategy": pl.String,
            "opponent": pl.String,
            "meetings": pl.Int64,
            "share": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
        },
    ).sort("variant", "n_players", "strategy", "opponent")


def fit_bradley_terry(wins: np.ndarray, alpha: float = REGULARISATION) -> np.ndarray:
    """Elo ratings (mean 0) from ``wins[i, j]``, the (possibly fractional) meetings i won over j;
    ``alpha`` meetings' worth of prior between every pair keeps a never-winning strategy finite."""
    params = choix.ilsr_pairwise_dense(wins, alpha=alpha, max_iter=1000, tol=1e-10)
    elo = params * ELO_PER_NAT
    return elo - elo.mean()


def _win_counts(
    winner: np.ndarray, loser: np.ndarray, result: np.ndarray, weight: np.ndarray, k: int
) -> np.ndarray:
    """The comparison matrix: each meeting adds ``result`` to (winner, loser) and ``1 - result``
    to (loser, winner), times its game's bootstrap weight."""
    wins = np.bincount(winner * k + loser, weights=result * weight, minlength=k * k)
    wins += np.bincount(loser * k + winner, weights=(1.0 - result) * weight, minlength=k * k)
    return wins.reshape(k, k)


def bradley_terry(df: pl.DataFrame, alpha: float = REGULARISATION) -> pl.DataFrame:
    """Bradley-Terry Elo per strategy and (variant, n_players), with bootstrap intervals."""
    rows = []
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    met = meetings(df).filter(pl.col("strategy") < pl.col("opponent"))  # each meeting once
    for (variant, n), part in met.group_by("variant", "n_players", maintain_order=True):
        names = sorted(set(part["strategy"].to_list()) | set(part["opponent"].to_list()))
        index = {name: i for i, name in enumerate(names)}
        k = len(names)
        a = part["strategy"].replace_strict(index, return_dtype=pl.Int64).to_numpy()
        b = part["opponent"].replace_strict(index, return_dtype=pl.Int64).to_numpy()
        result = part["result"].to_numpy()
        games, game_of = np.unique(part["game_index"].to_numpy(), return_inverse=True)
        elo = fit_bradley_terry(_win_counts(a, b, result, np.ones(len(a)), k), alpha)
        draws = np.empty((BOOTSTRAP_RESAMPLES, k))
        for r in range(BOOTSTRAP_RESAMPLES):
            weight = rng.multinomial(len(games), np.full(len(games), 1.0 / len(games)))
            draws[r] = fit_bradley_terry(_win_counts(a, b, result, weight[game_of] * 1.0, k), alpha)
        lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
        for i, name in enumerate(names):
            rows.append(
                {"variant": variant, "n_players": n, "strategy": name, "elo": float(elo[i])}
                | {"lo": float(lo[i]), "hi": float(hi[i]), "games": len(games)}
            )
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "strategy": pl.String,
            "elo": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
            "games": pl.Int64,
        },
    ).sort("variant", "n_players", "elo", descending=[False, False, True])
