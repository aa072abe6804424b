"""Outcome metrics a designer reads, each with a 95% interval, from the results table.

- Ludii's outcome metrics, exactly as Ludii's Evaluation module defines them for any player count:
  Balance and AdvantageP1 count every placing as a partial win (RankUtils: rank r of n is worth
  1 - (r - 1) / (n - 1), tied seats share their mean rank, so 2nd of 3 is 0.5), Drawishness counts
  a game only when all players tie, Completion a game with a winner, Timeouts a game stopped by the
  turn cap. For two players they equal simkit's first-place versions, which are kept under their
  own names (``balance_first``, ``win_share_p1``, ``shared_first``).
- Score anatomy: the game's own ``x_`` columns, for winners against the rest.

Metrics come in long format (variant, n_players, metric, value, lo, hi). Shares get Wilson's
interval (``stats.share_table``), means a t interval, both with the game as the unit.

Balance is 1 minus the largest gap between two seats. ``balance`` is Ludii's value exactly; picking
the best and the worst seat from the same data makes it biased low (a fair game never shows 1), so
``balance_corrected`` (the one the report leads with) removes the bias with a parametric bootstrap of
the seat shares (normal draws from their game-level covariance, a fixed seed): the corrected gap is
the one whose bootstrap draws show, on average, the gap measured (seat shares shrunk towards their
mean until they do; 0 if even equal seats would show more). The interval of both holds every pairwise gap at once:
max-|t| simultaneous intervals of all seat differences (critical value from the same draws), so it
covers the true balance whenever all of them cover.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
from scipy import stats as sps

from simkit.core import stats
from simkit.core.stats import KEYS, mean_ci, share_table

BOOTSTRAP_DRAWS = 4000
# Bytes of a cell's x_ columns the score anatomy reads at a time (as float64).
ANATOMY_BYTES = 64 * 2**20
BOOTSTRAP_SEED = 20110501

DEFINITIONS = {
    "balance": "Balance (Ludii): 1 minus the largest gap between two seats' partial-win rates "
    "(a placing is a partial win: 1st 1, last 0, rank r of n 1 - (r-1)/(n-1), ties share their "
    "mean rank); 1 is perfectly even. As Ludii computes it, so biased low: a fair game never "
    "shows 1. Simultaneous interval over all seat pairs.",
    "balance_corrected": "Balance, bias-corrected: 1 minus the gap whose parametric-bootstrap "
    "draws show on average the gap measured (seat shares shrunk towards their mean until they "
    "do).",
    "balance_first": "Balance, first places (simkit): the same with first places only (a win "
    "share: 1, 1/k for a k-way tie, 0).",
    "balance_first_corrected": "Balance, first places, bias-corrected (as above).",
    "advantage_p1": "AdvantageP1 (Ludii): the first player's (seat 0's) mean partial win; fair is "
    "1/2 for any number of players.",
    "win_share_p1": "First player's win share (simkit): seat 0's share of first places; fair is "
    "1/n.",
    "completion": "Completion (Ludii): share of games with a winner (not all tied, not stopped by "
    "the turn cap).",
    "drawishness": "Drawishness (Ludii): share of games that end normally with all players tied.",
    "shared_first": "Shared first place (simkit): share of games whose first place is shared by "
    "two or more seats.",
    "timeouts": "Timeouts (Ludii): share of games stopped by the turn cap.",
    "duration_mean": "Duration (Ludii), mean: the mean game length in the game's turn unit.",
    "duration_sd": "Duration (Ludii), spread: the standard deviation of game length (Bonett's "
    "interval).",
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


def with_partial_wins(df: pl.DataFrame) -> pl.DataFrame:
    """Add ``partial_win``: Ludii's utility of the seat's placing mapped to [0, 1]
    (RankUtils.rankToUtil): tied seats share the mean of the ranks they span."""
    game = [*KEYS, "game_index"]
    tied = pl.len().over([*game, "rank"])
    mean_rank = pl.col("rank").cast(pl.Float64) + (tied - 1) / 2
    n = pl.col("n_players").cast(pl.Float64)
    return df.with_columns(
        partial_win=pl.when(n > 1).then(1.0 - (mean_rank - 1.0) / (n - 1.0)).otherwise(None)
    )


def per_game(df) -> pl.DataFrame:
    """One row per game: its seed, length, end, how first place fell, the best and second-best
    score, seat 0's win share and partial win. ``df`` may be a lazy scan of the rows: the game is
    the unit of every interval, so this is the one pass over them most figures need, made cell
    by cell on (games, seats) arrays rather than by grouping rows."""
    rows = df.lazy()
    cells = rows.select(KEYS).unique().sort(KEYS).collect()
    frames = [_cell_games(rows, variant, n) for variant, n in cells.iter_rows()]
    games = pl.concat(frames) if frames else _cell_games(rows.clear(), "", 1)
    return games.with_columns(
        timeout=(pl.col("end_reason") == "turn_limit").cast(pl.Float64),
        shared_first=(pl.col("firsts") > 1).cast(pl.Float64),
        all_tied=(pl.col("firsts") == pl.col("seats")).cast(pl.Float64),
    ).with_columns(
        completion=((pl.col("firsts") == 1) & (pl.col("timeout") == 0)).cast(pl.Float64),
        drawishness=((pl.col("all_tied") == 1) & (pl.col("timeout") == 0)).cast(pl.Float64),
    )  # cells in order, each cell's games in order: sorted already


def _cell_games(rows: pl.LazyFrame, variant: str, n: int) -> pl.DataFrame:
    # A game's own columns are read from its seat 0 row alone (a string column read for every
    # seat was a third of the report's peak memory at a million games); the seats' from all rows.
    first_seats = stats.cell_rows(
        rows.filter(pl.col("seat") == 0), variant, n, ["seed", "turns", "end_reason", "win_share"]
    )
    part = stats.cell_rows(rows, variant, n, ["score", "rank"])
    score = part["score"].to_numpy().reshape(-1, n)
    rank = part["rank"].to_numpy().reshape(-1, n)
    del part
    solo = n < 2
    return first_seats.select(
        variant=pl.lit(variant, pl.String),
        n_players=pl.lit(n, pl.Int8),
        game_index="game_index",
        seed="seed",
        turns=pl.col("turns").cast(pl.Float64),
        end_reason=pl.col("end_reason").cast(pl.String),
        firsts=pl.Series((rank == 1).sum(axis=1), dtype=pl.UInt32),
        seats=pl.lit(n, pl.UInt32),
        top=pl.Series(score.max(axis=1, initial=-np.inf) if len(score) else []),
        second=None if solo else pl.Series(np.sort(score, axis=1)[:, -2]),
        seat0_share="win_share",
        seat0_partial=None if solo else pl.Series(partial_wins(rank)[:, 0]),
    ).with_columns(pl.col("second", "seat0_partial").cast(pl.Float64))


def partial_wins(ranks: np.ndarray) -> np.ndarray:
    """Ludii's partial wins (see :func:`with_partial_wins`) of a (games, seats) array of ranks."""
    n = ranks.shape[1]
    if n < 2:  # a solo game has no placing to share out
        return np.full(ranks.shape, np.nan)
    tied = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    mean_rank = ranks.astype(np.float64) + (tied - 1) / 2
    return 1.0 - (mean_rank - 1.0) / (n - 1.0)


def balance(wins: np.ndarray, seed: int = BOOTSTRAP_SEED) -> tuple[float, float, float, float]:
    """Balance, 1 - max gap between seats, as measured and bias-corrected, and its simultaneous
    95% interval, from a (games, seats) array of per-game shares (see the module notes)."""
    games, n = wins.shape
    if games < 2 or n < 2:
        raw = 1.0 - float(np.ptp(wins.mean(axis=0))) if games else math.nan
        return raw, math.nan, math.nan, math.nan
    shares = wins.mean(axis=0)
    cov = np.cov(wins, rowvar=False) / games
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    a, b = np.array(pairs).T
    gaps = np.abs(shares[a] - shares[b])
    se = np.sqrt(np.clip(cov[a, a] + cov[b, b] - 2 * cov[a, b], 0, None))
    rng = np.random.default_rng(seed)
    noise = rng.multivariate_normal(np.zeros(n), cov, size=BOOTSTRAP_DRAWS, method="eigh")
    gap = float(shares.max() - shares.min())
    corrected = _unbiased_gap(shares, noise, gap)
    if np.all(se == 0):
        return 1.0 - gap, 1.0 - corrected, 1.0 - gap, 1.0 - gap
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.abs(noise[:, a] - noise[:, b]) / np.where(se > 0, se, np.inf)
    crit = float(np.quantile(t.max(axis=1), 1 - stats.ALPHA))
    lowest_gap = float(np.clip(gaps - crit * se, 0, None).max())
    highest_gap = float(min(1.0, (gaps + crit * se).max()))
    return 1.0 - gap, 1.0 - corrected, 1.0 - highest_gap, 1.0 - lowest_gap


def _unbiased_gap(shares: np.ndarray, noise: np.ndarray, gap: float) -> float:
    """The gap whose expected measured value is the gap measured: seat shares shrunk towards
    their mean by lambda in [0, 1] until the mean gap of the bootstrap draws around them equals
    ``gap`` (0 when even equal seats would show a larger gap on average)."""

    def expected(lam: float) -> float:
        centre = shares.mean() + lam * (shares - shares.mean())
        draws = centre + noise
        return float((draws.max(axis=1) - draws.min(axis=1)).mean())

    if expected(0.0) >= gap:
        return 0.0
    if expected(1.0) <= gap:
        return gap
    low, high = 0.0, 1.0
    for _ in range(40):
        mid = (low + high) / 2
        low, high = (mid, high) if expected(mid) < gap else (low, mid)
    return (low + high) / 2 * gap


def duration_sd(turns: np.ndarray) -> tuple[float, float, float]:
    """The spread of game length and its 95% interval by Bonett's method (Computational Statistics
    & Data Analysis 50, 2006): the log variance with a kurtosis estimate from a trimmed mean, which
    holds up for the skewed lengths of games and costs one pass at any number of games."""
    n = len(turns)
    if n < 2:
        return math.nan, math.nan, math.nan
    turns = np.asarray(turns, dtype=float)
    var = float(np.var(turns, ddof=1))
    if var == 0:
        return 0.0, 0.0, 0.0
    if n < 5:  # too few for a kurtosis: the normal-theory (chi-square) interval
        low, high = sps.chi2.ppf([1 - stats.ALPHA / 2, stats.ALPHA / 2], n - 1)
        return math.sqrt(var), math.sqrt((n - 1) * var / low), math.sqrt((n - 1) * var / high)
    z = stats.Z95
    centre = sps.trim_mean(turns, 1 / (2 * math.sqrt(n - 4)))
    kurtosis = n * np.sum((turns - centre) ** 4) / np.sum((turns - turns.mean()) ** 2) ** 2
    c = n / (n - z)
    se = c * math.sqrt(max(kurtosis - (n - 3) / n, 0.0) / (n - 1))
    centre_log = math.log(c * var)
    return math.sqrt(var), math.exp((centre_log - z * se) / 2), math.exp((centre_log + z * se) / 2)


def outcome_metrics(df, games: pl.DataFrame | None = None) -> pl.DataFrame:
    """Ludii's outcome metrics and simkit's first-place versions per (variant, n_players); ``df``
    may be a lazy scan, ``games`` its :func:`per_game` table if already made."""
    games = per_game(df) if games is None else games
    rows = []
    shares = {
        "advantage_p1": "seat0_partial",
        "win_share_p1": "seat0_share",
        "completion": "completion",
        "drawishness": "drawishness",
        "shared_first": "shared_first",
        "timeouts": "timeout",
    }
    for metric, column in shares.items():
        table = share_table(games, KEYS, column)
        rows += table.select(*KEYS, metric=pl.lit(metric), value="value", lo="lo", hi="hi").rows(
            named=True
        )
    length = stats.mean_table(games, KEYS, "turns")
    rows += length.select(
        *KEYS, metric=pl.lit("duration_mean"), value="value", lo="lo", hi="hi"
    ).rows(named=True)
    # grouped on the one column read: a group of every column was a copy of the whole table
    for (variant, n), cell_games in games.select(*KEYS, "turns").group_by(
        KEYS, maintain_order=True
    ):
        cell = {"variant": variant, "n_players": n}
        seats = stats.seat_arrays(df, variant, n, ["rank", "win_share"])
        matrices = {"partial_win": partial_wins(seats["rank"]), "win_share": seats["win_share"]}
        for metric, column in (("balance", "partial_win"), ("balance_first", "win_share")):
            raw, corrected, lo, hi = balance(matrices[column])
            rows.append(cell | {"metric": metric, "value": raw, "lo": lo, "hi": hi})
            rows.append(
                cell | {"metric": f"{metric}_corrected", "value": corrected, "lo": lo, "hi": hi}
            )
        value, lo, hi = duration_sd(cell_games["turns"].to_numpy())
        rows.append(cell | {"metric": "duration_sd", "value": value, "lo": lo, "hi": hi})
    return metric_frame(rows).sort("variant", "n_players", "metric")


def score_anatomy(df, sentinels: dict[str, float] | None = None, skip: tuple[str, ...] = ()):
    """Each numeric ``x_`` column per (variant, n_players): its mean with interval (the game the
    unit), its mean for the winners and for the others, and its correlation with the final score
    (where points come from). A value equal to the column's sentinel (``sentinels``: "does not
    apply") is left out; columns in ``skip`` are not shown. ``df`` may be a lazy scan: each cell
    is read once, as (games, seats) arrays of every column."""
    sentinels = sentinels or {}
    rows = df.lazy()
    types = rows.collect_schema()
    extras = [
        c
        for c, dtype in types.items()
        if c.startswith("x_") and c not in skip and (dtype.is_numeric() or dtype == pl.Boolean)
    ]
    schema = {
        "variant": pl.String,
        "n_players": pl.Int8,
        "column": pl.String,
        "mean": pl.Float64,
        "lo": pl.Float64,
        "hi": pl.Float64,
        "winners": pl.Float64,
        "others": pl.Float64,
        "corr_with_score": pl.Float64,
    }
    if not extras:
        return pl.DataFrame(schema=schema)

    def value(column: str) -> pl.Expr:
        v = pl.col(column).cast(pl.Float64)
        if column in sentinels:
            v = pl.when(v == sentinels[column]).then(None).otherwise(v)
        return v

    sums, split = _anatomy_sums(rows, extras, value)
    tables = []
    for i, column in enumerate(extras):
        # games where the column applies to no seat are not games of its mean
        column_sums = sums.filter(pl.col("column") == i).drop("column")
        if column_sums.is_empty():
            continue
        share = types[column] == pl.Boolean
        column_sums = stats.with_variance(column_sums)
        table = (stats.shares_from_sums if share else stats.means_from_sums)(column_sums, KEYS)
        tables.append(
            table.join(split, on=KEYS).select(
                *KEYS,
                column=pl.lit(column),
                mean="value",
                lo="lo",
                hi="hi",
                winners=f"winners{i}",
                others=f"others{i}",
                corr_with_score=pl.col(f"corr{i}").fill_nan(None),
            )
        )
    if not tables:
        return pl.DataFrame(schema=schema)
    return pl.concat([t.cast(schema) for t in tables]).sort("variant", "n_players", "column")


def _anatomy_sums(rows: pl.LazyFrame, columns: list[str], value):
    """Per cell and column ``i`` (``value(column)``: null where it does not apply), the sums
    over games (``stats.game_sums``) of its per-game sum over the seats it applies to and of
    their count; and per cell, its mean for the winners (``winners{i}``) and the others
    (``others{i}``) and its correlation with the score (``corr{i}``) over those seats. Cell by
    cell on (games, seats) arrays, a few columns at a time (``ANATOMY_BYTES``), so a cell of
    millions of rows never has all its columns in memory at once."""
    cells = rows.group_by(KEYS).agg(rows=pl.len()).sort(KEYS).collect()
    sums, split = [], []
    for variant, n, count in cells.iter_rows():
        # As many columns a read as ANATOMY_BYTES hold: one read for most cells, a few for a
        # cell of millions of rows.
        per_read = max(1, ANATOMY_BYTES // (8 * count))
        cell = {"variant": variant, "n_players": n}
        # the scores and winners once a cell, not beside every batch of columns
        part = stats.cell_rows(rows, variant, n, ["score", "win_share"])
        score = part["score"].to_numpy()
        winner = part["win_share"].to_numpy() > 0
        del part
        for first in range(0, len(columns), per_read):
            batch = range(first, min(first + per_read, len(columns)))
            values = [value(columns[i]).alias(f"v{i}") for i in batch]
            part = stats.cell_rows(rows, variant, n, values)
            for i in batch:
                _anatomy_column(part[f"v{i}"], i, n, score, winner, cell, sums)
            del part
        split.append(cell)
    schema = {"variant": pl.String, "n_players": pl.Int8, "column": pl.Int64}
    schema |= stats.SUMS_SCHEMA
    return (
        pl.DataFrame(sums, schema=schema),
        pl.DataFrame(split, schema_overrides={"n_players": pl.Int8}),
    )


def _anatomy_column(v: pl.Series, i: int, n: int, score, winner, cell: dict, sums: list) -> None:
    """Column ``i``'s figures in one cell (see :func:`_anatomy_sums`): its sums over games into
    ``sums``, its means for winners and others and its correlation with the score into ``cell``."""
    applies = v.is_not_null().to_numpy()
    # a null adds nothing and counts no seat; a NaN stays NaN, as in a sum over rows
    v = v.fill_null(0.0).to_numpy()
    seats = applies.reshape(-1, n).sum(axis=1).astype(float)
    some = seats > 0
    if some.any():
        y = v.reshape(-1, n).sum(axis=1)[some]
        where = {"variant": cell["variant"], "n_players": cell["n_players"], "column": i}
        sums.append(where | stats.game_sums(y, seats[some]))
    cell[f"winners{i}"] = _mean(v[applies & winner])
    cell[f"others{i}"] = _mean(v[applies & ~winner])
    everywhere = applies.all()  # then no copies of the column and the scores
    cell[f"corr{i}"] = _corr(v, score) if everywhere else _corr(v[applies], score[applies])


def _mean(values: np.ndarray) -> float | None:
    return float(values.mean()) if len(values) else None


def _corr(x: np.ndarray, y: np.ndarray) -> float | None:
    """Pearson's correlation, None where it is undefined (fewer than two values, no spread)."""
    if len(x) < 2:
        return None
    # Centred once and multiplied out, not np.corrcoef: that stacks and copies both columns,
    # some 200 MB at a million games, the report's peak.
    dx, dy = x - x.mean(), y - y.mean()
    sxx, syy = float(dx @ dx), float(dy @ dy)
    if sxx == 0 or syy == 0:
        return None
    return float(np.clip((dx @ dy) / np.sqrt(sxx * syy), -1.0, 1.0))


PAIRED_MEASURES = {
    "fpa": "seat0_share",
    "advantage_p1": "seat0_partial",
    "duration_mean": "turns",
    "drawishness": "drawishness",
    "shared_first": "shared_first",
    "timeouts": "timeout",
}


def paired_metric_differences(
    df, base: str = "base", games: pl.DataFrame | None = None
) -> pl.DataFrame:
    """Per variant against ``base``, paired game by game on the shared seeds: seat 0's win share
    (the FPA difference), its partial win, game length and the shares of draws and timeouts; each
    with its t interval and a two-sided p-value (the report adjusts them together). ``games``:
    the :func:`per_game` table of ``df`` if already made."""
    games = per_game(df) if games is None else games
    base_rows = games.filter(pl.col("variant") == base).drop("variant", "game_index")
    joined = games.filter(pl.col("variant") != base).join(
        base_rows, on=["n_players", "seed"], suffix="_base"
    )
    rows = []
    for (variant, n), part in joined.sort(KEYS).group_by(KEYS, maintain_order=True):
        for metric, column in PAIRED_MEASURES.items():
            diff = part[column].cast(pl.Float64) - part[f"{column}_base"].cast(pl.Float64)
            diff = diff.drop_nulls().to_numpy()
            value, lo, hi = mean_ci(diff)
            rows.append(
                {"variant": variant, "n_players": n, "metric": metric, "pairs": len(diff)}
                | {"diff": value, "lo": lo, "hi": hi, "p_value": _t_test(diff)}
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
            "p_value": pl.Float64,
        },
    )


def _t_test(diff: np.ndarray) -> float:
    """Two-sided one-sample t test of mean 0 (1 when there is no spread and no difference)."""
    if len(diff) < 2:
        return math.nan
    sd = float(np.std(diff, ddof=1))
    if sd == 0:
        return 1.0 if float(np.mean(diff)) == 0 else 0.0
    return float(sps.ttest_1samp(diff, 0.0).pvalue)
