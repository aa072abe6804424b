"""Balance metrics against cases with known answers."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
from race_game import RaceRules, registered, seat_win_chance
from sizes import size

from simkit.core import metrics, runner, stats
from simkit.core.experiment import Experiment
from simkit.core.results import read_results


def games_table(games: list[dict], variant: str = "base") -> pl.DataFrame:
    """Rows from per-game dicts: scores per seat, turns, end reason; ranks and shares follow."""
    rows = []
    for g, game in enumerate(games):
        scores = game["scores"]
        top = max(scores)
        winners = scores.count(top)
        for seat, score in enumerate(scores):
            rows.append(
                {
                    "variant": variant,
                    "n_players": len(scores),
                    "game_index": g,
                    "seed": game.get("seed", g),
                    "seat": seat,
                    "strategy": "s",
                    "score": float(score),
                    "rank": 1 + sum(1 for other in scores if other > score),
                    "win_share": 1.0 / winners if score == top else 0.0,
                    "turns": game.get("turns", 10),
                    "end_reason": game.get("end", "normal"),
                    "x_camps": game.get("camps", [0] * len(scores))[seat],
                }
            )
    return pl.DataFrame(rows)


def metric(table: pl.DataFrame, name: str) -> dict:
    return table.filter(pl.col("metric") == name).row(0, named=True)


def test_ludii_outcome_metrics_by_hand():
    df = games_table(
        [
            {"scores": [3, 1], "turns": 10},
            {"scores": [3, 1], "turns": 12},
            {"scores": [2, 2], "turns": 14},  # a shared first place
            {"scores": [0, 5], "turns": 20, "end": "turn_limit"},
        ]
    )
    m = metrics.outcome_metrics(df)
    # seat 0 wins 2.5 of 4 games, seat 1 wins 1.5: balance 1 - (0.625 - 0.375)
    assert metric(m, "balance")["value"] == pytest.approx(0.75)
    assert metric(m, "advantage_p1")["value"] == pytest.approx(0.625)
    assert metric(m, "drawishness")["value"] == pytest.approx(0.25)
    assert metric(m, "timeouts")["value"] == pytest.approx(0.25)
    assert metric(m, "completion")["value"] == pytest.approx(0.5)
    assert metric(m, "duration_mean")["value"] == pytest.approx(14.0)
    assert metric(m, "duration_sd")["value"] == pytest.approx(np.std([10, 12, 14, 20], ddof=1))
    for row in m.iter_rows(named=True):
        assert row["lo"] <= row["hi"]


def test_ludii_metrics_for_three_players_with_ties_by_hand():
    df = games_table(
        [
            {"scores": [3, 1, 1]},  # ranks 1, 2.5, 2.5: partial wins 1, 0.25, 0.25
            {"scores": [2, 2, 0]},  # ranks 1.5, 1.5, 3: 0.75, 0.75, 0
            {"scores": [0, 1, 2]},  # 0, 0.5, 1
            {"scores": [1, 1, 1]},  # all tied: 0.5 each, a draw
        ]
    )
    m = metrics.outcome_metrics(df)
    # seats' partial-win rates 0.5625, 0.5, 0.4375
    assert metric(m, "balance")["value"] == pytest.approx(1 - (0.5625 - 0.4375))
    assert metric(m, "advantage_p1")["value"] == pytest.approx(0.5625)
    assert metric(m, "drawishness")["value"] == pytest.approx(0.25)
    assert metric(m, "shared_first")["value"] == pytest.approx(0.5)
    assert metric(m, "completion")["value"] == pytest.approx(0.5)
    # first places only: seat 0 1 + 1/2 + 1/3, seat 1 1/2 + 1/3, seat 2 1 + 1/3 (of 4 games)
    assert metric(m, "win_share_p1")["value"] == pytest.approx((1 + 1 / 2 + 1 / 3) / 4)
    assert metric(m, "balance_first")["value"] == pytest.approx(1 - (1 + 1 / 2 - 1 / 2) / 4)


def test_ludii_metrics_for_four_players_with_ties_and_a_timeout_by_hand():
    df = games_table(
        [
            {"scores": [5, 3, 3, 1]},  # ranks 1, 2.5, 2.5, 4: 1, 0.5, 0.5, 0
            {"scores": [2, 2, 2, 0]},  # ranks 2, 2, 2, 4: 2/3, 2/3, 2/3, 0
            {"scores": [0, 0, 0, 0], "end": "turn_limit"},  # all tied at the cap: no draw
        ]
    )
    m = metrics.outcome_metrics(df)
    seat0, seat3 = (1 + 2 / 3 + 0.5) / 3, 0.5 / 3
    assert metric(m, "advantage_p1")["value"] == pytest.approx(seat0)
    assert metric(m, "balance")["value"] == pytest.approx(1 - (seat0 - seat3))
    assert metric(m, "drawishness")["value"] == pytest.approx(0.0)
    assert metric(m, "timeouts")["value"] == pytest.approx(1 / 3)
    assert metric(m, "completion")["value"] == pytest.approx(1 / 3)


def test_ludii_and_first_place_metrics_agree_for_two_players():
    rng = np.random.default_rng(5)
    df = games_table([{"scores": list(rng.integers(0, 3, 2))} for _ in range(200)])
    m = metrics.outcome_metrics(df)
    assert metric(m, "advantage_p1")["value"] == pytest.approx(metric(m, "win_share_p1")["value"])
    assert metric(m, "balance")["value"] == pytest.approx(metric(m, "balance_first")["value"])


def test_balance_interval_covers_a_perfectly_even_game():
    rng = np.random.default_rng(3)
    winners = rng.integers(0, 3, 3000)
    df = games_table([{"scores": [int(w == s) for s in range(3)]} for w in winners])
    m = metrics.outcome_metrics(df)
    row = metric(m, "balance")
    assert row["lo"] <= 1.0 and row["hi"] == 1.0 and row["value"] > 0.95
    # the correction removes most of the raw estimate's shortfall from 1
    corrected = metric(m, "balance_corrected")["value"]
    assert row["value"] < corrected <= 1.0


def test_score_anatomy_splits_a_column_between_winners_and_the_rest():
    df = games_table(
        [
            {"scores": [5, 1], "camps": [3, 1]},
            {"scores": [2, 4], "camps": [0, 2]},
        ]
    )
    row = metrics.score_anatomy(df).row(0, named=True)
    assert row["column"] == "x_camps"
    assert row["mean"] == pytest.approx(1.5)
    assert row["winners"] == pytest.approx(2.5)
    assert row["others"] == pytest.approx(0.5)
    assert row["corr_with_score"] == pytest.approx(np.corrcoef([3, 1, 0, 2], [5, 1, 2, 4])[0, 1])


def test_paired_differences_match_game_by_game():
    base = games_table([{"scores": [1, 0], "turns": 10}, {"scores": [0, 1], "turns": 10}])
    other = games_table(
        [{"scores": [0, 1], "turns": 12}, {"scores": [0, 1], "turns": 16}], variant="v"
    )
    diffs = metrics.paired_metric_differences(pl.concat([base, other]))
    fpa = diffs.filter(pl.col("metric") == "fpa").row(0, named=True)
    assert fpa["diff"] == pytest.approx(-0.5) and fpa["pairs"] == 2
    length = diffs.filter(pl.col("metric") == "duration_mean").row(0, named=True)
    assert length["diff"] == pytest.approx(4.0)
    t = 12.706204736174707  # t(0.975, 1): two pairs
    assert length["lo"] == pytest.approx(4.0 - t * np.std([2, 6], ddof=1) / math.sqrt(2))


def test_race_game_matches_its_analytic_win_chances(tmp_path):
    rules = RaceRules()
    assert seat_win_chance(RaceRules(first_hits=4), 2, 0) == pytest.approx(0.5)
    assert sum(seat_win_chance(rules, 3, s) for s in range(3)) == pytest.approx(1.0)
    with registered():
        exp = Experiment.from_dict({"game": "dice-race", "players": 3, "games": 3000, "seed": 4})
        runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    seats = stats.seat_win_shares(read_results(tmp_path / "r"))
    for row in seats.iter_rows(named=True):
        assert row["lo"] <= seat_win_chance(rules, 3, row["seat"]) <= row["hi"]


@pytest.mark.slow
def test_fpa_interval_covers_the_truth_at_the_nominal_rate(tmp_path):
    """Repeated studies of the race (one run cut into blocks of independent games, each block a
    study): the 95% FPA interval must cover the analytic FPA about 95% of the time (a binomial
    band around 0.95 for the number of studies)."""
    repeats, games = size(80, 400), size(300, 2000)
    truth = seat_win_chance(RaceRules(), 2, 0) - 0.5
    with registered():
        exp = Experiment.from_dict(
            {"game": "dice-race", "players": 2, "games": repeats * games, "seed": 1000}
        )
        runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    df = read_results(tmp_path / "r").with_columns(
        variant=(pl.col("game_index") // games).cast(pl.String)
    )
    fpa = stats.first_player_advantage(df)
    assert len(fpa) == repeats
    covered = ((fpa["lo"] <= truth) & (truth <= fpa["hi"])).mean()
    band = 3 * math.sqrt(0.95 * 0.05 / repeats)
    assert 0.95 - band <= covered <= min(1.0, 0.95 + band)


def test_score_anatomy_leaves_sentinel_values_out():
    df = games_table(
        [
            {"scores": [5, 1], "camps": [3, -1]},  # -1: does not apply
            {"scores": [2, 4], "camps": [-1, 2]},
        ]
    )
    row = metrics.score_anatomy(df, {"x_camps": -1}).row(0, named=True)
    assert row["mean"] == pytest.approx(2.5) and row["winners"] == pytest.approx(2.5)
    assert metrics.score_anatomy(df).row(0, named=True)["mean"] == pytest.approx(0.75)
