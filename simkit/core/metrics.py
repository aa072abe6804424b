"""Balance metrics a designer reads, each with a 95% interval, from the results table.

- Seat balance: a one-line verdict on the first player, with the games the verdict needs.
- Ludii's outcome metrics (Browne's game-quality measures as Ludii computes them): Balance,
  AdvantageP1, Completion, Drawishness, Timeouts, Duration.
- Score anatomy: the game's own ``x_`` columns, for winners against the rest.

Metrics come in long format (variant, n_players, metric, value, lo, hi) so reports, sweeps and run
comparisons treat them alike. Means get the normal interval, Balance that of the gap between the
best and the worst seat (paired game by game), and the spread of game length a percentile
bootstrap over games with a fixed seed, so a report is reproducible.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
from scipy import stats as sps

from simkit.core import stats
from simkit.core.stats import Z95, mean_ci

BOOTSTRAP_RESAMPLES = 999
BOOTSTRAP_SEED = 20110501

DEFINITIONS = {
    "balance": "Balance (Ludii): 1 minus the gap between the best and the worst seat's win "
    "share; 1 is perfectly even.",
    "advantage_p1": "AdvantageP1 (Ludii): the first player's (seat 0's) win share; fair is 1/n.",
    "completion": "Completion (Ludii): share of games that end normally with a sole winner "
    "(no shared first place, no turn cap).",
    "drawishness": "Drawishness (Ludii): share of games whose first place is shared.",
    "timeouts": "Timeouts (Ludii): share of games stopped by the turn cap.",
    "duration_mean": "Duration (Ludii), mean: the mean game length in the game's turn unit.",
    "duration_sd": "Duration (Ludii), spread: the standard deviation of game length.",
}

METRIC_SCHEMA = {
    "variant": pl.String,
    "n_players": pl.Int8,
    "metric": pl.String,
    "value": pl.Float64,
    "lo": pl.Float64,
    "hi": pl.Float64,
}


def metric_frame(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=METRIC_SCHEMA)


def bootstrap_ci(sample: np.ndarray, statistic) -> tuple[float, float]:
    """Percentile bootstrap over the first axis (games) of ``sample``; ``statistic(x, axis)`` must
    accept a batch of resamples."""
    if len(sample) < 2:
        return math.nan, math.nan
    result = sps.bootstrap(
        (sample,),
        statistic,
        n_resamples=BOOTSTRAP_RESAMPLES,
        method="percentile",
        vectorized=True,
        batch=50,
        axis=0,
        random_state=np.random.default_rng(BOOTSTRAP_SEED),
    )
    ci = result.confidence_interval
    return float(ci.low), float(ci.high)


def _sd(x: np.ndarray, axis: int) -> np.ndarray:
    return x.std(axis=axis, ddof=1)


def per_game(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game: length, end, whether first place is shared, seat 0's share."""
    return (
        df.group_by("variant", "n_players", "game_index")
        .agg(
            turns=pl.col("turns").first(),
            end_reason=pl.col("end_reason").first(),
            shared_first=(pl.col("rank") == 1).sum() > 1,
            seat0_share=pl.col("win_share").filter(pl.col("seat") == 0).first(),
        )
        .sort("variant", "n_players", "game_index")
    )


def win_matrix(part: pl.DataFrame) -> np.ndarray:
    """Win shares as a (games, seats) array, games in game_index order."""
    n = int(part["n_players"][0])
    ordered = part.sort("game_index", "seat")
    return ordered["win_share"].to_numpy().reshape(-1, n)


def outcome_metrics(df: pl.DataFrame) -> pl.DataFrame:
    """Ludii's outcome metrics per (variant, n_players), with intervals."""
    rows = []
    games = per_game(df)
    for (variant, n), part in df.group_by("variant", "n_players", maintain_order=True):
        g = games.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        wins = win_matrix(part)
        shares = wins.mean(axis=0)
        # The gap between the best and the worst seat, paired game by game.
        _, gap_lo, gap_hi = mean_ci(wins[:, shares.argmax()] - wins[:, shares.argmin()])
        normal = (g["end_reason"] == "normal").to_numpy()
        shared = g["shared_first"].to_numpy()
        turns = g["turns"].to_numpy().astype(float)
        values = {
            "balance": (1.0 - (shares.max() - shares.min()), 1.0 - gap_hi, min(1.0, 1.0 - gap_lo)),
            "advantage_p1": mean_ci(g["seat0_share"].to_numpy()),
            "completion": mean_ci((normal & ~shared).astype(float)),
            "drawishness": mean_ci(shared.astype(float)),
            "timeouts": mean_ci((g["end_reason"] == "turn_limit").to_numpy().astype(float)),
            "duration_mean": mean_ci(turns),
            "duration_sd": (float(np.std(turns, ddof=1)), *bootstrap_ci(turns, _sd)),
        }
        for metric, (value, low, high) in values.items():
            rows.append(
                {"variant": variant, "n_players": n, "metric": metric, "value": value}
                | {"lo": low, "hi": high}
            )
    return metric_frame(rows).sort("variant", "n_players", "metric")


def games_needed(sd: float, effect: float) -> int:
    """Games for a 95% interval half as wide as ``effect``: enough to tell its sign."""
    if sd <= 0 or effect == 0:
        return 0
    return math.ceil((Z95 * sd / abs(effect)) ** 2)


SMALLEST_EFFECT = 0.01  # one percentage point: below it a seat's edge is noise to a designer


def seat_verdicts(df: pl.DataFrame) -> pl.DataFrame:
    """One plain sentence per (variant, n_players) on the first player, and the games it needs.

    A verdict is sure when the FPA interval excludes 0; ``games_needed`` is then how many games
    showing it takes (at the measured spread and effect), otherwise how many games would rule out
    an edge of one percentage point either way.
    """
    equal = stats.seats_equal_test(df)
    rows = []
    for (variant, n), part in df.group_by("variant", "n_players", maintain_order=True):
        seat0 = part.filter(pl.col("seat") == 0)["win_share"].to_numpy()
        share, lo, hi = mean_ci(seat0)
        fair = 1.0 / n
        sd = float(np.std(seat0, ddof=1)) if len(seat0) > 1 else math.nan
        if lo > fair:
            call, need = "a first-player advantage", games_needed(sd, share - fair)
        elif hi < fair:
            call, need = "a first-player disadvantage", games_needed(sd, share - fair)
        else:
            call, need = "no first-player effect these games can show", 0
            need = games_needed(sd, SMALLEST_EFFECT)
        text = (
            f"{variant}, {n} players: seat 0 wins {100 * share:.1f}% "
            f"± {100 * (hi - lo) / 2:.1f}%, fair is {100 * fair:.1f}%: {call}"
        )
        if lo > fair or hi < fair:
            text += f" (sure after about {need:,} games; {len(seat0):,} played)."
        else:
            text += (
                f" (ruling out an edge of {100 * SMALLEST_EFFECT:.0f} point either way needs "
                f"about {need:,} games; {len(seat0):,} played)."
            )
        test = equal.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        if not test.is_empty() and test["p_value"][0] < 0.05:
            text += f" The seats are not equal (chi-square p = {test['p_value'][0]:.2g})."
        rows.append(
            {
                "variant": variant,
                "n_players": n,
                "games": len(seat0),
                "verdict": text,
                "sure": bool(lo > fair or hi < fair),
                "games_needed": need,
            }
        )
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "games": pl.Int64,
            "verdict": pl.String,
            "sure": pl.Boolean,
            "games_needed": pl.Int64,
        },
    )


def score_anatomy(df: pl.DataFrame) -> pl.DataFrame:
    """Each numeric ``x_`` column per (variant, n_players): its mean with interval, its mean for
    the winners and for the others, and its correlation with the final score (where points come
    from)."""
    extras = [c for c in df.columns if c.startswith("x_") and df[c].dtype.is_numeric()]
    extras += [c for c in df.columns if c.startswith("x_") and df[c].dtype == pl.Boolean]
    rows = []
    for (variant, n), part in df.group_by("variant", "n_players", maintain_order=True):
        winner = (part["win_share"] > 0).to_numpy()
        score = part["score"].to_numpy().astype(float)
        for column in extras:
            values = part[column].cast(pl.Float64).to_numpy()
            mean, lo, hi = mean_ci(values)
            spread = np.std(values) > 0 and np.std(score) > 0
            rows.append(
                {
                    "variant": variant,
                    "n_players": n,
                    "column": column,
                    "mean": mean,
                    "lo": lo,
                    "hi": hi,
                    "winners": float(values[winner].mean()) if winner.any() else math.nan,
                    "others": float(values[~winner].mean()) if (~winner).any() else math.nan,
                    "corr_with_score": float(np.corrcoef(values, score)[0, 1])
                    if spread
                    else math.nan,
                }
            )
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "column": pl.String,
            "mean": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
            "winners": pl.Float64,
            "others": pl.Float64,
            "corr_with_score": pl.Float64,
        },
    )


def paired_metric_differences(df: pl.DataFrame, base: str = "base") -> pl.DataFrame:
    """Per variant against ``base``, paired game by game on the shared seeds: seat 0's win share
    (the FPA difference), game length, and the share of games with a shared first place."""
    games = per_game(df).with_columns(pl.col("shared_first").cast(pl.Float64))
    seeds = df.filter(pl.col("seat") == 0).select("variant", "n_players", "game_index", "seed")
    games = games.join(seeds, on=["variant", "n_players", "game_index"])
    base_rows = games.filter(pl.col("variant") == base).drop("variant", "game_index")
    joined = games.filter(pl.col("variant") != base).join(
        base_rows, on=["n_players", "seed"], suffix="_base"
    )
    rows = []
    measures = {"fpa": "seat0_share", "duration_mean": "turns", "drawishness": "shared_first"}
    for (variant, n), part in joined.group_by("variant", "n_players", maintain_order=True):
        for metric, column in measures.items():
            diff = part[column].cast(pl.Float64) - part[f"{column}_base"].cast(pl.Float64)
            value, lo, hi = mean_ci(diff.to_numpy())
            rows.append(
                {"variant": variant, "n_players": n, "metric": metric, "pairs": len(diff)}
                | {"diff": value, "lo": lo, "hi": hi}
            )
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "metric": pl.String,
            "pairs": pl.Int64,
            "diff": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
        },
    )
