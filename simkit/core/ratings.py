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
from dataclasses import dataclass

import choix
import numpy as np
import polars as pl

from simkit.core.stats import cell_strategies, score_test, shares_from_sums, with_variance

ELO_PER_NAT = 400.0 / math.log(10.0)
BOOTSTRAP_RESAMPLES = 200
BOOTSTRAP_SEED = 20151207
BOOTSTRAP_BLOCKS = 5000
# A whisper of regularisation keeps the fit finite when one strategy wins every meeting.
REGULARISATION = 1e-6
FALLBACK_REGULARISATION = 0.1


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


@dataclass
class Meetings:
    """One cell's meetings as game-level summaries: ``won[g, a, b]`` is what strategy a won
    against strategy b in game g (1 a meeting won, 1/2 tied), ``met[g, a, b]`` how many times they
    met, ``before[a, b]`` how many meetings had a in the earlier seat."""

    names: list[str]
    won: np.ndarray
    met: np.ndarray
    before: np.ndarray


def cell_meetings(part: pl.DataFrame) -> Meetings:
    """The meetings of one cell (one variant at one player count), from its rows, built seat
    pair by seat pair on (games, seats) arrays rather than by joining rows."""
    n = int(part["n_players"][0])
    ordered = part.select("game_index", "seat", "strategy", "rank").sort("game_index", "seat")
    names = sorted(ordered["strategy"].unique().to_list())
    code = ordered["strategy"].cast(pl.Enum(names)).to_physical().cast(pl.Int32)
    return _meetings(names, ordered.with_columns(strategy=code), n)


def _meetings(names: list[str], ordered: pl.DataFrame, n: int) -> Meetings:
    """One cell's meetings from its rows in game then seat order, ``strategy`` an index into
    ``names``."""
    k = len(names)
    strategy = ordered["strategy"].to_numpy().reshape(-1, n)
    rank = ordered["rank"].to_numpy().reshape(-1, n)
    games = len(strategy)
    won = np.zeros((games, k * k), dtype=np.float32)
    met = np.zeros((games, k * k), dtype=np.float32)
    before = np.zeros(k * k)
    rows = np.arange(games)
    for i in range(n):
        for j in range(n):
            differ = strategy[:, i] != strategy[:, j]
            if i == j or not differ.any():
                continue
            key = strategy[:, i] * k + strategy[:, j]
            result = (rank[:, i] < rank[:, j]) + 0.5 * (rank[:, i] == rank[:, j])
            # One meeting per game and seat pair, so no index repeats within this pass.
            won[rows[differ], key[differ]] += result[differ]
            met[rows[differ], key[differ]] += 1
            if i < j:
                before += np.bincount(key[differ], minlength=k * k)
    return Meetings(names, won.reshape(games, k, k), met.reshape(games, k, k), before.reshape(k, k))


def all_meetings(df) -> dict[tuple[str, int], Meetings]:
    """Every cell's meetings; ``df`` may be a lazy scan (a cell's four columns are read at a
    time)."""
    rows = df.lazy()
    cells = rows.select("variant", "n_players").unique().sort("variant", "n_players").collect()
    return {
        (variant, int(n)): _meetings(*cell_strategies(rows, variant, n, ["rank"]), n)
        for variant, n in cells.iter_rows()
    }


def head_to_head(df, by_cell=None) -> pl.DataFrame:
    """Share of meetings each strategy wins against each other one, with Wilson's interval at the
    effective number of games (a game's meetings are one cluster: they are not independent) and
    the two-sided p-value of the share against 1/2 (cluster-robust z test). ``by_cell``: the
    cells' :func:`all_meetings` if already made."""
    keys = ["variant", "n_players", "strategy", "opponent"]
    frames = []
    by_cell = all_meetings(df) if by_cell is None else by_cell
    for (variant, n), m in by_cell.items():
        k = len(m.names)
        y = m.won.reshape(len(m.won), k * k)
        c = m.met.reshape(len(m.met), k * k)
        pairs = np.flatnonzero(c.sum(axis=0, dtype=np.float64) > 0)
        if len(pairs) == 0:
            continue

        frames.append(
            pl.DataFrame(
                {
                    "variant": [variant] * len(pairs),
                    "n_players": [n] * len(pairs),
                    "strategy": [m.names[x // k] for x in pairs],
                    "opponent": [m.names[x % k] for x in pairs],
                    "games": np.count_nonzero(c, axis=0)[pairs],
                    "sy": y.sum(axis=0, dtype=np.float64)[pairs],
                    "sm": c.sum(axis=0, dtype=np.float64)[pairs],
                    "syy": _dot(y, y)[pairs],
                    "smm": _dot(c, c)[pairs],
                    "sym": _dot(y, c)[pairs],
                },
                schema_overrides={"n_players": pl.Int8},
            )
        )
    schema = {
        "variant": pl.String,
        "n_players": pl.Int8,
        "strategy": pl.String,
        "opponent": pl.String,
        "games": pl.Int64,
        "meetings": pl.Int64,
        "share": pl.Float64,
        "lo": pl.Float64,
        "hi": pl.Float64,
        "p_value": pl.Float64,
    }
    if not frames:
        return pl.DataFrame(schema=schema)
    table = shares_from_sums(with_variance(pl.concat(frames)), keys)
    p = score_test(table["value"].to_numpy() - 0.5, table["se"].fill_null(np.nan).to_numpy())
    return (
        table.select(
            *keys,
            "games",
            meetings=pl.col("rows").cast(pl.Int64),
            share="value",
            lo="lo",
            hi="hi",
            p_value=pl.Series(p).fill_nan(None),
        )
        .cast(schema)
        .sort(keys)
    )


def _dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Column by column sums of a * b over games, in float64 without a float64 copy of the
    (games, k * k) float32 arrays."""
    return np.einsum("gp,gp->p", a, b, dtype=np.float64)


def fit_bradley_terry(wins: np.ndarray, alpha: float = REGULARISATION) -> np.ndarray:
    """Elo ratings (mean 0) from ``wins[i, j]``, the (possibly fractional) meetings i won over j;
    ``alpha`` meetings' worth of prior between every pair keeps a never-winning strategy finite."""
    try:
        params = choix.ilsr_pairwise_dense(wins, alpha=alpha, max_iter=1000, tol=1e-10)
    except RuntimeError:
        # A strategy that never wins (random against heuristics) has no finite maximum: with a
        # whisper of prior the iteration crawls; a tenth of a meeting's prior converges and moves
        # the other ratings by far less than their intervals.
        params = choix.ilsr_pairwise_dense(wins, alpha=FALLBACK_REGULARISATION, max_iter=1000)
    elo = params * ELO_PER_NAT
    return elo - elo.mean()


def bradley_terry(df, alpha: float = REGULARISATION, by_cell=None) -> pl.DataFrame:
    """Bradley-Terry Elo per strategy and (variant, n_players), with bootstrap intervals;
    ``by_cell``: the cells' :func:`all_meetings` if already made."""
    rows = []
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    by_cell = all_meetings(df) if by_cell is None else by_cell
    for (variant, n), m in by_cell.items():
        k = len(m.names)
        if k < 2:
            continue
        # Each meeting once: a's wins over b in [a, b], b's in [b, a].
        per_game = m.won
        elo = fit_bradley_terry(per_game.sum(axis=0, dtype=np.float64), alpha)
        # Resample games through game-level summaries: each game's comparison matrix summed into
        # its block once (a block is one game up to BOOTSTRAP_BLOCKS games, then consecutive
        # games), so a resample costs a weighted sum of blocks, not a pass over rows.
        games = len(per_game)
        blocks = min(games, BOOTSTRAP_BLOCKS)
        starts = np.arange(blocks) * games // blocks
        per_block = np.add.reduceat(per_game, starts, axis=0, dtype=np.float64)
        draws = np.empty((BOOTSTRAP_RESAMPLES, k))
        for r in range(BOOTSTRAP_RESAMPLES):
            weight = rng.multinomial(blocks, np.full(blocks, 1.0 / blocks)).astype(float)
            draws[r] = fit_bradley_terry(np.tensordot(weight, per_block, axes=1), alpha)
        lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
        for i, name in enumerate(m.names):
            rows.append(
                {"variant": variant, "n_players": n, "strategy": name, "elo": float(elo[i])}
                | {"lo": float(lo[i]), "hi": float(hi[i]), "games": games}
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


def unmeasured_pairs(df, by_cell=None) -> list[str]:
    """Per cell, the pairs of strategies the seating left unmeasured: pairs that never met, and
    pairs that met in only one seat order (so seat and strategy are mixed up in their meeting);
    ``by_cell``: the cells' :func:`all_meetings` if already made."""
    lines = []
    by_cell = all_meetings(df) if by_cell is None else by_cell
    for (variant, n), m in by_cell.items():
        never, one_way = [], []
        for i, a in enumerate(m.names):
            for j in range(i + 1, len(m.names)):
                seen = int(m.before[i, j] > 0) + int(m.before[j, i] > 0)
                (never if seen == 0 else one_way if seen == 1 else []).append(f"{a} / {m.names[j]}")
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
