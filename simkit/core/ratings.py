"""Strategy ratings from multi-player results: a head-to-head matrix and a Bradley-Terry rating.

A game of n seats is read as its n(n-1)/2 pairwise meetings between seats of different strategies:
the better rank wins the meeting, equal ranks split it. The head-to-head matrix is the share of
meetings each strategy wins against each other one. The Bradley-Terry model (P(i beats j) =
s_i / (s_i + s_j)) is fitted to the same meetings by maximum likelihood with the iterative Luce
spectral ranking of Maystre & Grossglauser (NeurIPS 2015, ``choix.ilsr_pairwise_dense``), and shown
on the Elo scale (400 points = 10:1 odds, mean 0). Its intervals are a percentile bootstrap over
games (the meetings of one game are not independent), with a fixed seed; beyond 5,000 games it
resamples 5,000 blocks of consecutive games, summed once, instead of every row.
"""

from __future__ import annotations

import math

import choix
import numpy as np
import polars as pl

from simkit.core.stats import score_test, share_table

ELO_PER_NAT = 400.0 / math.log(10.0)
BOOTSTRAP_RESAMPLES = 200
BOOTSTRAP_SEED = 20151207
BOOTSTRAP_BLOCKS = 5000
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
    """Share of meetings each strategy wins against each other one, with Wilson's interval at the
    effective number of games (a game's meetings are one cluster: they are not independent) and
    the two-sided p-value of the share against 1/2 (cluster-robust z test)."""
    keys = ["variant", "n_players", "strategy", "opponent"]
    per_game = (
        meetings(df)
        .group_by(*keys, "game_index")
        .agg(won=pl.col("result").sum(), met=pl.len().cast(pl.Float64))
    )
    table = share_table(per_game, keys, "won", "met")
    p = score_test(table["value"].to_numpy() - 0.5, table["se"].fill_null(np.nan).to_numpy())
    return table.select(
        *keys,
        "games",
        meetings=pl.col("rows").cast(pl.Int64),
        share="value",
        lo="lo",
        hi="hi",
        p_value=pl.Series(p).fill_nan(None),
    ).sort(keys)


def fit_bradley_terry(wins: np.ndarray) -> np.ndarray:
    """Elo ratings (mean 0) from ``wins[i, j]``, the (possibly fractional) meetings i won over j."""
    params = choix.ilsr_pairwise_dense(wins, alpha=REGULARISATION, max_iter=1000, tol=1e-10)
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


def bradley_terry(df: pl.DataFrame) -> pl.DataFrame:
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
        elo = fit_bradley_terry(_win_counts(a, b, result, np.ones(len(a)), k))
        # Resample games through game-level summaries: each game's meetings summed into its
        # block's comparison matrix once (a block is one game up to BOOTSTRAP_BLOCKS games, then
        # consecutive games), so a resample costs a weighted sum of blocks, not a pass over rows.
        blocks = min(len(games), BOOTSTRAP_BLOCKS)
        block_of = game_of * blocks // len(games)
        cells = block_of * k * k
        per_block = np.bincount(cells + a * k + b, weights=result, minlength=blocks * k * k)
        per_block += np.bincount(cells + b * k + a, weights=1 - result, minlength=blocks * k * k)
        per_block = per_block.reshape(blocks, k, k)
        draws = np.empty((BOOTSTRAP_RESAMPLES, k))
        for r in range(BOOTSTRAP_RESAMPLES):
            weight = rng.multinomial(blocks, np.full(blocks, 1.0 / blocks)).astype(float)
            draws[r] = fit_bradley_terry(np.tensordot(weight, per_block, axes=1))
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


def unmeasured_pairs(df: pl.DataFrame) -> list[str]:
    """Per cell, the pairs of strategies the seating left unmeasured: pairs that never met, and
    pairs that met in only one seat order (so seat and strategy are mixed up in their meeting)."""
    keys = ["variant", "n_players", "game_index"]
    seats = df.select(*keys, "seat", "strategy")
    met = (
        seats.join(seats, on=keys, suffix="_opp")
        .filter(
            (pl.col("strategy") != pl.col("strategy_opp")) & (pl.col("seat") < pl.col("seat_opp"))
        )
        .select("variant", "n_players", first="strategy", second="strategy_opp")
        .unique()
    )
    names = df.group_by("variant", "n_players").agg(pl.col("strategy").unique().sort())
    lines = []
    for variant, n, cell_names in names.sort("variant", "n_players").iter_rows():
        if len(cell_names) < 2:
            continue
        cell = met.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        orders = set(cell.select("first", "second").iter_rows())
        never, one_way = [], []
        for i, a in enumerate(cell_names):
            for b in cell_names[i + 1 :]:
                seen = ((a, b) in orders) + ((b, a) in orders)
                (never if seen == 0 else one_way if seen == 1 else []).append(f"{a} / {b}")
        if never:
            lines.append(
                f"{variant}, {n} players: these pairs never met, so their head-to-head is not "
                f"measured: {', '.join(never)} (rotate the seats, or play a full cycle of the "
                "seating design)."
            )
        if one_way:
            lines.append(
                f"{variant}, {n} players: these pairs met in one seat order only, so seat and "
                f"strategy are confounded in their head-to-head: {', '.join(one_way)}."
            )
    return lines
