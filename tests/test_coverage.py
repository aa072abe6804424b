"""Coverage of every kind of interval in the report, over repeated studies of toy games with exact
answers (``toy_games``): each 95% interval must cover the truth about 95% of the time.

Run in full with SIMKIT_FULL=1 (1,000 studies per figure, a band of about 2 points); CI runs 100
studies per figure with the matching binomial band. ``coverage_table`` prints the figures.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
import toy_games as toy
from sizes import size

from simkit.core import metrics, ratings, stats

STUDIES = size(100, 1000)
BAND = max(0.02, 3 * math.sqrt(0.95 * 0.05 / STUDIES))


def studies(make, seed: int) -> pl.DataFrame:
    """STUDIES independent studies of one toy game in one table, one variant per study."""
    rng = np.random.default_rng(seed)
    return pl.concat([make(rng, f"{i:04d}") for i in range(STUDIES)])


def covered(table: pl.DataFrame, truth, value_filter=None) -> float:
    if value_filter is not None:
        table = table.filter(value_filter)
    lo, hi = table["lo"].to_numpy(), table["hi"].to_numpy()
    truth = np.broadcast_to(np.asarray(truth, dtype=float), lo.shape)
    return float(np.mean((lo <= truth + 1e-12) & (truth - 1e-12 <= hi)))


def metric_rows(m: pl.DataFrame, name: str) -> pl.DataFrame:
    return m.filter(pl.col("metric") == name).sort("variant")


RESULTS: dict[str, float] = {}


def check(kind: str, rate: float, conservative_ok: bool = False) -> None:
    RESULTS[kind] = rate
    assert rate >= 0.95 - BAND, f"{kind}: coverage {rate:.3f}"
    if not conservative_ok:
        assert rate <= 0.95 + BAND, f"{kind}: coverage {rate:.3f}"


@pytest.mark.slow
def test_shares_and_balance_of_a_fair_game_with_ties():
    n, games = 3, 300
    truth = toy.d3_truth(n)
    df = studies(lambda rng, v: toy.d3_ties(rng, games, n, v), seed=11)
    seats = stats.seat_win_shares(df)
    check("seat win share (Wilson, ties)", covered(seats, truth["win_share"]))
    m = metrics.outcome_metrics(df)
    for name in ("advantage_p1", "shared_first", "drawishness", "completion"):
        check(f"{name} (Wilson)", covered(metric_rows(m, name), truth[name]))
    check("balance, fair 3 seats (simultaneous)", covered(metric_rows(m, "balance"), 1.0))
    check("balance, first places, fair", covered(metric_rows(m, "balance_first"), 1.0))
    raw = metric_rows(m, "balance")["value"].mean()
    corrected = metric_rows(m, "balance_corrected")["value"].mean()
    RESULTS["mean balance of a fair game, raw"] = raw
    RESULTS["mean balance of a fair game, corrected"] = corrected
    assert corrected > raw and 1 - corrected < (1 - raw) / 2


@pytest.mark.slow
def test_strategies_meetings_and_dependent_seat_rows():
    strengths = {"a": 1.0, "b": 1.5, "c": 2.5}
    n, games, factor = 3, 300, (1.3, 1.0, 0.8)
    truth = toy.pl_truth(strengths, n, games, factor)
    df = studies(
        lambda rng, v: toy.plackett_luce(rng, games, strengths, n, factor, v, game_effect=1.0),
        seed=12,
    )
    shares = stats.strategy_win_shares(df)
    expected = shares["strategy"].replace_strict(truth["strategy"], return_dtype=pl.Float64)
    check("strategy win share (clustered)", covered(shares, expected.to_numpy()))
    h2h = ratings.head_to_head(df)
    pairs = [truth["h2h"][(a, b)] for a, b in h2h.select("strategy", "opponent").iter_rows()]
    check("head to head (clustered)", covered(h2h, pairs))
    m = metrics.outcome_metrics(df)
    check(
        "advantage_p1 (partial wins)",
        covered(metric_rows(m, "advantage_p1"), truth["seat_partial"][0]),
    )
    unfair = 1 - np.ptp(truth["seat_partial"])
    check("balance, unfair 3 seats", covered(metric_rows(m, "balance"), unfair), True)
    anatomy = metrics.score_anatomy(df)
    check("score anatomy mean (clustered)", covered(anatomy, 2.0))


@pytest.mark.slow
def test_a_strategy_in_several_seats_of_each_game():
    strengths = {"a": 1.0, "b": 1.5}
    n, games = 4, 400
    truth = toy.pl_truth(strengths, n, games)
    df = studies(lambda rng, v: toy.plackett_luce(rng, games, strengths, n, None, v), seed=13)
    shares = stats.strategy_win_shares(df)
    expected = shares["strategy"].replace_strict(truth["strategy"], return_dtype=pl.Float64)
    check("strategy in 2 seats of 4 (clustered)", covered(shares, expected.to_numpy()))


@pytest.mark.slow
def test_a_rare_timeout_and_game_length():
    games, q, p = 500, 0.0014, 0.55
    truth = toy.rare_timeout_truth(q, p)
    df = studies(lambda rng, v: toy.rare_timeout(rng, games, q, p, v), seed=14)
    m = metrics.outcome_metrics(df)
    check("timeouts at 0.14%, 500 games (Wilson)", covered(metric_rows(m, "timeouts"), q), True)
    check(
        "first player's win share", covered(metric_rows(m, "win_share_p1"), truth["win_share_p1"])
    )
    check("duration mean (t)", covered(metric_rows(m, "duration_mean"), truth["duration_mean"]))
    check("duration sd (Bonett)", covered(metric_rows(m, "duration_sd"), truth["duration_sd"]))


@pytest.mark.slow
def test_a_mean_over_five_cells_uses_t():
    rng = np.random.default_rng(15)
    rows = [stats.mean_ci(rng.normal(3.0, 1.0, 5)) for _ in range(STUDIES)]
    table = pl.DataFrame(rows, schema=["value", "lo", "hi"], orient="row")
    check("mean of 5 cells (t)", covered(table, 3.0))


@pytest.mark.slow
def test_coverage_table():
    """Prints the coverage per kind of interval (run after the others: pytest -s)."""
    for kind, rate in RESULTS.items():
        print(f"{kind:45s} {rate:.3f}")
