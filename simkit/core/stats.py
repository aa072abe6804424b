"""Balance statistics from the results table (DESIGN.md, "Statistics").

Every figure comes with a 95% interval, and the game is the unit of every interval:

- A share (a win share, a partial win, the share of games that time out...) is a ratio of sums over
  games, sum(y) / sum(m), with y what a game contributes and m how many rows it has (one seat, the
  seats of one strategy, the meetings of two strategies). Its interval is Wilson's, which stays in
  [0, 1] and covers near 95% even for rare events, computed at the *effective* number of games:
  the share's own binomial variance over its cluster-robust variance (rows of one game are not
  independent). With one row per game and a 0/1 outcome this is Wilson's interval itself.
- A mean of any other number uses the same cluster-robust standard error and Student's t quantile
  with one degree of freedom fewer than the games (right for a handful of cells as well).
- A share tested against a fair value uses the score test (the test Wilson's interval inverts); the
  report adjusts the p-values of all its tests together (Holm).
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint

ALPHA = 0.05
Z95 = float(sps.norm.ppf(1 - ALPHA / 2))
KEYS = ["variant", "n_players"]


def t_quantile(df: float) -> float:
    """The two-sided 95% quantile of Student's t (nan below one degree of freedom)."""
    return float(sps.t.ppf(1 - ALPHA / 2, df)) if df >= 1 else math.nan


def mean_ci(values: np.ndarray) -> tuple[float, float, float]:
    """Mean and its 95% t interval, for independent values (one per game or per cell)."""
    values = np.asarray(values, dtype=float)
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = float(np.mean(values))
    if n == 1:
        return m, math.nan, math.nan
    half = t_quantile(n - 1) * float(np.std(values, ddof=1)) / math.sqrt(n)
    return m, m - half, m + half


def wilson(count, nobs) -> tuple[np.ndarray, np.ndarray]:
    """Wilson's 95% interval for ``count`` successes in ``nobs`` trials (both may be fractional
    arrays: an effective number of games). nan where there is nothing to measure."""
    count = np.atleast_1d(np.asarray(count, dtype=float))
    nobs = np.atleast_1d(np.asarray(nobs, dtype=float))
    lo = np.full(count.shape, np.nan)
    hi = np.full(count.shape, np.nan)
    ok = np.isfinite(nobs) & (nobs > 0)
    if ok.any():
        lo[ok], hi[ok] = proportion_confint(count[ok], nobs[ok], alpha=ALPHA, method="wilson")
    return np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)


def _cluster_sums(frame: pl.DataFrame, keys: list[str], y: str, m: str) -> pl.DataFrame:
    """Per group: games, sum(y), sum(m), and the cluster-robust variance of sum(y)/sum(m)."""
    y_, m_ = pl.col(y).cast(pl.Float64), pl.col(m).cast(pl.Float64)
    sums = (
        frame.lazy()
        .group_by(keys)
        .agg(
            games=pl.len(),
            sy=y_.sum(),
            sm=m_.sum(),
            syy=(y_**2).sum(),
            smm=(m_**2).sum(),
            sym=(y_ * m_).sum(),
        )
        .sort(keys)
        .collect()
    )
    return with_variance(sums)


def with_variance(sums: pl.DataFrame) -> pl.DataFrame:
    """From per-group sums over games (games, sy, sm, syy, smm, sym): the ratio ``value`` =
    sy / sm and its cluster-robust variance ``var`` (games / (games - 1) small-sample factor)."""
    ratio = pl.col("sy") / pl.col("sm")
    resid = pl.col("syy") - 2 * ratio * pl.col("sym") + ratio**2 * pl.col("smm")
    return (
        sums.with_columns(value=ratio)
        .with_columns(
            var=pl.when(pl.col("games") > 1)
            .then(
                resid.clip(lower_bound=0.0)
                / pl.col("sm") ** 2
                * pl.col("games")
                / (pl.col("games") - 1)
            )
            .otherwise(None)
        )
        .drop("syy", "smm", "sym")
    )


def share_table(frame: pl.DataFrame, keys: list[str], y: str, m: str | None = None) -> pl.DataFrame:
    """A share per group of ``keys`` from per-game rows of ``frame``: sum(y) / sum(m) (m: 1 per
    row when None), with Wilson's interval at the effective number of games and the standard
    error; columns keys, games, rows, value, lo, hi, se."""
    if m is None:
        frame = frame.with_columns(_m=pl.lit(1.0))
        m = "_m"
    return shares_from_sums(_cluster_sums(frame, keys, y, m), keys)


def shares_from_sums(sums: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    """The share table (see ``share_table``) from per-group sums with their variance
    (``with_variance``): for callers that sum over games themselves."""
    p = sums["value"].to_numpy()
    var = sums["var"].fill_null(np.nan).to_numpy()
    games = sums["games"].to_numpy().astype(float)
    # Wilson's own variance is p(1-p)/n, without the small-sample factor games/(games-1): so one
    # 0/1 row per game gives back Wilson's interval over the games exactly.
    plain = var * np.where(games > 1, (games - 1) / np.maximum(games, 1), 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        n_eff = np.where(plain > 0, p * (1 - p) / plain, np.inf)
    # All wins or all losses: no spread to measure, so fall back on the games themselves.
    n_eff = np.where((p <= 0) | (p >= 1) | ~np.isfinite(var), games, n_eff)
    n_eff = np.where(games < 2, games, n_eff)
    lo, hi = wilson(p * n_eff, n_eff)
    exact = np.isinf(n_eff)  # no spread at all between games: the share is known exactly
    lo[exact] = hi[exact] = p[exact]
    return sums.select(
        *keys,
        "games",
        rows=pl.col("sm"),
        value="value",
        lo=pl.Series(lo),
        hi=pl.Series(hi),
        se=pl.col("var").sqrt(),
    )


def mean_table(frame: pl.DataFrame, keys: list[str], y: str, m: str | None = None) -> pl.DataFrame:
    """A mean per group of ``keys`` from per-game rows: sum(y) / sum(m), with the 95% t interval
    of its cluster-robust standard error (games - 1 degrees of freedom)."""
    if m is None:
        frame = frame.with_columns(_m=pl.lit(1.0))
        m = "_m"
    return means_from_sums(_cluster_sums(frame, keys, y, m), keys)


def means_from_sums(sums: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    """The mean table (see ``mean_table``) from per-group sums with their variance
    (``with_variance``): for callers that sum over games themselves."""
    t = np.array([t_quantile(g - 1) for g in sums["games"].to_list()])
    half = pl.Series(t) * sums["var"].sqrt()
    return sums.select(
        *keys,
        "games",
        rows=pl.col("sm"),
        value="value",
        lo=pl.col("value") - half,
        hi=pl.col("value") + half,
        se=pl.col("var").sqrt(),
    )


def score_test(value, se_null) -> np.ndarray:
    """Two-sided p-value of ``value / se_null`` against the standard normal."""
    value = np.asarray(value, dtype=float)
    se = np.asarray(se_null, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, value / se, np.where(value == 0, 0.0, np.inf))
    return np.where(np.isnan(se) | np.isnan(value), np.nan, 2 * sps.norm.sf(np.abs(z)))


def seat_win_shares(df: pl.DataFrame) -> pl.DataFrame:
    """Win share per (variant, n_players, seat): one row per game and seat, so the games are the
    trials of Wilson's interval."""
    out = share_table(df, [*KEYS, "seat"], "win_share")
    return out.select(*KEYS, "seat", "games", win_share="value", lo="lo", hi="hi")


def first_player_advantage(df: pl.DataFrame, seats: pl.DataFrame | None = None) -> pl.DataFrame:
    """FPA = seat 0's win share - 1/n, with its interval, per (variant, n_players); ``seats``:
    the :func:`seat_win_shares` of ``df`` if already made."""
    seat0 = (seat_win_shares(df) if seats is None else seats).filter(pl.col("seat") == 0)
    fair = 1.0 / pl.col("n_players").cast(pl.Float64)
    return seat0.select(
        *KEYS,
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
    wins = (
        df.lazy()
        .group_by(*KEYS, "seat")
        .agg(pl.col("win_share").sum())
        .sort(*KEYS, "seat")
        .collect()
    )
    for (variant, n), part in wins.group_by(KEYS, maintain_order=True):
        counts = part["win_share"].to_numpy()
        if counts.sum() <= 0 or len(counts) < 2:
            continue
        chi2, p = sps.chisquare(counts)
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


SUMS_SCHEMA = {"games": pl.UInt32} | dict.fromkeys(("sy", "sm", "syy", "smm", "sym"), pl.Float64)


def strategy_sums(df) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Per (variant, n_players, strategy): the sums over games of its wins and of its points
    against its seats (``with_variance``), a game's seats of one strategy being one cluster. Cell
    by cell on (games, seats) arrays, one strategy at a time, rather than by grouping rows."""
    rows = df.lazy()
    cells = rows.select(KEYS).unique().sort(KEYS).collect()
    wins, points = [], []
    for variant, n in cells.iter_rows():
        names, part = cell_strategies(rows, variant, n, ["win_share", "score"])
        code = part["strategy"].to_numpy().reshape(-1, n)
        won = part["win_share"].to_numpy().reshape(-1, n)
        scored = part["score"].to_numpy().reshape(-1, n)
        for i, name in enumerate(names):
            mine = code == i
            seats = mine.sum(axis=1).astype(np.float64)
            played = seats > 0  # a game is one of the strategy's clusters if it sat in it
            m = seats[played]
            cell = {"variant": variant, "n_players": n, "strategy": name}
            for out, values in ((wins, won), (points, scored)):
                y = np.where(mine, values, 0.0).sum(axis=1)[played]
                out.append(cell | game_sums(y, m))
    schema = {"variant": pl.String, "n_players": pl.Int8, "strategy": pl.String} | SUMS_SCHEMA
    return tuple(with_variance(pl.DataFrame(x, schema=schema)) for x in (wins, points))


def game_sums(y: np.ndarray, m: np.ndarray) -> dict[str, float]:
    """A group's sums over games (see ``_cluster_sums``) from its per-game y and m."""
    return {
        "games": len(y),
        "sy": float(y.sum()),
        "sm": float(m.sum()),
        "syy": float(y @ y),
        "smm": float(m @ m),
        "sym": float(y @ m),
    }


def strategy_win_shares(df: pl.DataFrame) -> pl.DataFrame:
    """Win share per strategy (meaningful with seats rotated): its wins over its seats, the game
    the unit of the interval (a strategy in several seats of one game is one cluster)."""
    wins, points = strategy_sums(df)
    keys = [*KEYS, "strategy"]
    shares = shares_from_sums(wins, keys)
    score = means_from_sums(points, keys)
    return (
        shares.join(score.select(*keys, mean_score="value"), on=keys)
        .select(
            *KEYS,
            "strategy",
            "games",
            seats=pl.col("rows").cast(pl.Int64),
            win_share="value",
            lo="lo",
            hi="hi",
            se="se",
            mean_score="mean_score",
        )
        .sort("variant", "n_players", "win_share", descending=[False, False, True])
    )


def game_summary(df, games: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per (variant, n_players): games, mean length, share of ties and of turn-limit games, and the
    mean margin of victory (winner's score minus the best other score); ``games``: the
    :func:`simkit.core.metrics.per_game` table of ``df`` if already made."""
    from simkit.core.metrics import per_game

    games = per_game(df) if games is None else games
    return (
        games.group_by(KEYS)
        .agg(
            games=pl.len(),
            mean_turns=pl.col("turns").mean(),
            sd_turns=pl.col("turns").std(),
            tie_share=(pl.col("firsts") > 1).mean(),
            turn_limit_share=(pl.col("end_reason") == "turn_limit").mean(),
            mean_margin=(pl.col("top") - pl.col("second")).mean(),
        )
        .sort(KEYS)
    )


def distinct(df, column: str) -> int:
    """How many distinct values ``column`` takes (``df`` may be a lazy scan)."""
    return df.lazy().select(pl.col(column).n_unique()).collect().item()


def cell_rows(df, variant: str, n_players: int, columns: list[str]) -> pl.DataFrame:
    """One cell's rows, ``columns`` with game_index and seat, in game then seat order: read from
    a lazy scan column by column, so that each game is ``n_players`` consecutive rows."""
    part = (
        df.lazy()
        .filter((pl.col("variant") == variant) & (pl.col("n_players") == n_players))
        .select("game_index", "seat", *columns)
        .collect()
    )
    # The parts come in this order already: a sortedness check costs a tenth of a sort.
    key = pl.col("game_index") * n_players + pl.col("seat")
    return part if part.select(key).to_series().is_sorted() else part.sort(key)


def cell_strategies(
    df, variant: str, n_players: int, columns: list[str]
) -> tuple[list[str], pl.DataFrame]:
    """A cell's strategies, sorted, and its rows (:func:`cell_rows`) with ``strategy`` as each
    row's index into them: four bytes a row rather than a name."""
    rows = df.lazy().filter((pl.col("variant") == variant) & (pl.col("n_players") == n_players))
    names = sorted(rows.select(pl.col("strategy").unique()).collect()["strategy"].to_list())
    code = pl.col("strategy").cast(pl.Enum(names)).to_physical().cast(pl.Int32)
    return names, cell_rows(df, variant, n_players, [code, *columns])


def seat_arrays(df, variant: str, n_players: int, columns: list[str]) -> dict[str, np.ndarray]:
    """Each of ``columns`` as a (games, seats) array for one cell, games in game_index order:
    a cell's game-level summaries, read from a lazy scan column by column."""
    part = cell_rows(df, variant, n_players, columns)
    return {c: part[c].to_numpy().reshape(-1, n_players) for c in columns}


def paired_fpa_difference(df: pl.DataFrame, base: str = "base") -> pl.DataFrame:
    """Each variant's FPA minus the base variant's, paired game by game on the shared seeds."""
    seat0 = df.filter(pl.col("seat") == 0).select(*KEYS, "seed", "win_share")
    base_rows = seat0.filter(pl.col("variant") == base).rename({"win_share": "base_share"})
    joined = seat0.filter(pl.col("variant") != base).join(
        base_rows.drop("variant"), on=["n_players", "seed"]
    )
    rows = []
    for (variant, n), part in joined.group_by(KEYS, maintain_order=True):
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
