"""The balance report: solo runs (score and honours instead of seat balance), names as data, and
the report at scale (figures from a lazy scan and game-level summaries equal the row-level ones)."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
import toy_games as toy
from hypothesis import assume, given
from hypothesis import strategies as st
from race_game import registered

from simkit.core import metrics, ratings, registry, runner, stats, verdicts
from simkit.core.experiment import Experiment
from simkit.core.results import read_results, scan_results
from simkit.reports.balance import build

SOLO = [spec for spec in registry.games().values() if spec.min_players == 1]


@pytest.mark.parametrize("spec", SOLO, ids=[s.name for s in SOLO])
def test_a_solo_run_reports_scores_and_honours(spec, tmp_path):
    exp = Experiment.from_dict(
        {"name": "solo", "game": spec.name, "players": 1, "games": 12, "seed": 1, "chunk": 6}
    )
    runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    page = build(tmp_path / "r", quiet=True).read_text()
    assert "Solo games" in page
    assert "First-player advantage" not in page
    if spec.honours:
        assert "Solo honours" in page
        for _, title in spec.honours:
            assert title.replace("'", "&#x27;") in page


# ------------------------------------------------------------------ names are data (issue 14)
names = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30
).filter(lambda s: s.strip())


@given(variant=names, strategy_a=names, strategy_b=names)
def test_any_variant_or_strategy_name_goes_through_the_charts_and_tables(
    variant, strategy_a, strategy_b, tmp_path_factory
):
    from simkit.reports import balance

    assume(strategy_a != strategy_b)
    rng = np.random.default_rng(0)
    df = pl.concat(
        [
            toy.plackett_luce(rng, 24, {strategy_a: 1.0, strategy_b: 2.0}, 2, variant=name)
            for name in ("base", variant)
        ]
    )
    out = tmp_path_factory.mktemp("charts")
    balance.chart_seats(df, out / "seats.png")
    assert balance.chart_strategies(df, out / "strategies.png")
    balance.chart_scores(df, out / "scores.png")
    balance.chart_length(df, out / "length.png", "turns")
    page = "".join(balance.verdicts(df)) + balance._table_html(balance.head_to_head_matrix(df))
    assert "<script" not in page.lower() or "&lt;script" in page.lower()
    meta = {"variants": [{"name": "base", "overrides": {}}, {"name": variant, "overrides": {}}]}
    assert balance.sweep_field(meta) is None


def test_strategies_named_like_the_matrix_row_keys_get_their_own_columns():
    # A strategy named "strategy" once collided with the row key of the head-to-head pivot.
    from simkit.reports import balance

    rng = np.random.default_rng(1)
    df = toy.plackett_luce(rng, 40, {"strategy": 1.0, "variant": 2.0, "n_players": 1.5}, 3)
    matrix = balance.head_to_head_matrix(df)
    assert matrix["strategy"].to_list() == ["n_players", "strategy", "variant"]
    assert {"vs strategy", "vs variant", "vs n_players"} <= set(matrix.columns)


def test_a_run_with_awkward_variant_names_reports(tmp_path):
    with registered():
        exp = Experiment.from_dict(
            {
                "name": "names <b>",
                "game": "dice-race",
                "players": 2,
                "games": 60,
                "seed": 3,
                "variants": [
                    {"name": "fewer bears=yes", "rules": {"hits": 4}},
                    {"name": "cost $_$", "rules": {"hits": 6}},
                ],
            }
        )
        runner.run(exp, tmp_path / "r", jobs=1, progress=False)
        page = build(tmp_path / "r", quiet=True).read_text()
    assert "fewer bears=yes" in page and "cost $_$" in page
    assert "names &lt;b&gt;" in page and "names <b>" not in page


def test_a_sweep_is_recognised_from_its_overrides_not_its_names(tmp_path):
    from simkit.reports.balance import sweep_field

    meta = {
        "variants": [
            {"name": "base", "overrides": {}},
            {"name": "hits=4", "overrides": {"hits": 4}},
            {"name": "six", "overrides": {"hits": 6}},
        ]
    }
    assert sweep_field(meta) == "hits"
    meta["variants"].append({"name": "two rules", "overrides": {"hits": 7, "sides": 10}})
    assert sweep_field(meta) is None


# ------------------------------------------------------------------ comparing runs
def test_comparing_runs_shows_paired_differences_on_shared_seeds(tmp_path):
    from simkit.reports.compare import build_comparison

    with registered():
        for name, seed, hits in (("a", 1, 5), ("b", 1, 4), ("c", 2, 4)):
            exp = Experiment.from_dict(
                {"name": name, "game": "dice-race", "players": 2, "games": 300, "seed": seed}
                | {"rules": {"first_hits": hits}}
            )
            runner.run(exp, tmp_path / name, jobs=1, progress=False)
        page = build_comparison(
            [tmp_path / "a", tmp_path / "b", tmp_path / "c"], tmp_path / "cmp"
        ).read_text()
    assert "paired on 300 shared seeds" in page
    assert "unpaired (different seeds)" in page


# ------------------------------------------------------------------ the report at scale (issue 16)
def old_per_game(df: pl.DataFrame) -> pl.DataFrame:
    """The per-game table as it was computed before the report read lazy scans: grouping rows."""
    game = ["variant", "n_players", "game_index"]
    tied = pl.len().over([*game, "rank"])
    n = pl.col("n_players").cast(pl.Float64)
    partial = pl.when(n > 1).then(
        1.0 - (pl.col("rank").cast(pl.Float64) + (tied - 1) / 2 - 1.0) / (n - 1.0)
    )
    return (
        df.with_columns(partial_win=partial)
        .group_by(game)
        .agg(
            seed=pl.col("seed").first(),
            turns=pl.col("turns").first().cast(pl.Float64),
            firsts=(pl.col("rank") == 1).sum(),
            top=pl.col("score").max(),
            second=pl.col("score").sort(descending=True).slice(1, 1).first(),
            seat0_share=pl.col("win_share").filter(pl.col("seat") == 0).first(),
            seat0_partial=pl.col("partial_win").filter(pl.col("seat") == 0).first(),
        )
        .sort(game)
    )


def old_anatomy(df: pl.DataFrame, column: str) -> dict:
    """One x_ column's figures over rows, as the report computed them before."""
    part = df.select(
        "variant", "n_players", "game_index", "score", winner=pl.col("win_share") > 0, v=column
    ).drop_nulls("v")
    sums = part.group_by("variant", "n_players", "game_index").agg(
        y=pl.col("v").cast(pl.Float64).sum(), m=pl.len().cast(pl.Float64)
    )
    mean = stats.mean_table(sums, ["variant", "n_players"], "y", "m")
    split = part.group_by("variant", "n_players").agg(
        winners=pl.col("v").filter(pl.col("winner")).mean(),
        others=pl.col("v").filter(~pl.col("winner")).mean(),
        corr_with_score=pl.corr("v", "score"),
    )
    return mean.join(split, on=["variant", "n_players"]).sort("variant", "n_players")


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    """Two variants at two and three players, strategies rotated: rows and their lazy scan."""
    out = tmp_path_factory.mktemp("study") / "r"
    exp = Experiment.from_dict(
        {
            "name": "scale",
            "game": "lets-take-a-hike",
            "players": [2, 3],
            "games": 300,
            "seed": 7,
            "chunk": 100,
            "strategies": ["bold", "greedy", "cautious"],
            "rotate": True,
            "variants": [{"name": "more-bears", "rules": {"hazards": {"bear": 4}}}],
        }
    )
    runner.run(exp, out, jobs=1, progress=False)
    return read_results(out), scan_results(out)


def test_the_per_game_summaries_equal_the_row_level_computation(study):
    rows, scan = study
    new = metrics.per_game(scan).select(old_per_game(rows).columns)
    assert new.equals(old_per_game(rows).cast(new.schema))


def test_the_score_anatomy_from_game_arrays_equals_the_row_level_computation(study):
    rows, scan = study
    anatomy = metrics.score_anatomy(scan)
    extras = [c for c in rows.columns if c.startswith("x_") and rows[c].dtype != pl.Boolean]
    assert extras
    for column in extras:
        old = old_anatomy(rows, column)
        new = anatomy.filter(pl.col("column") == column).sort("variant", "n_players")
        for a, b in (("value", "mean"), ("lo", "lo"), ("hi", "hi"), ("winners", "winners")):
            np.testing.assert_allclose(new[b].to_numpy(), old[a].to_numpy(), rtol=1e-12)
        np.testing.assert_allclose(
            new["corr_with_score"].to_numpy().astype(float),
            old["corr_with_score"].fill_nan(None).to_numpy().astype(float),
            rtol=1e-9,
        )


def test_the_score_anatomy_read_column_by_column_equals_one_read(study, monkeypatch):
    # A cell of millions of rows is read a few columns at a time: the figures must not change.
    _, scan = study
    whole = metrics.score_anatomy(scan)
    monkeypatch.setattr(metrics, "ANATOMY_BYTES", 1)
    assert metrics.score_anatomy(scan).equals(whole)
    assert whole.height > 0


def test_every_figure_from_the_scan_equals_the_one_from_the_rows(study):
    rows, scan = study
    for figure in (
        metrics.outcome_metrics,
        stats.game_summary,
        stats.seat_win_shares,
        stats.strategy_win_shares,
        verdicts.seat_tests,
        ratings.head_to_head,
        ratings.bradley_terry,
        verdicts.variant_differences,
    ):
        assert figure(scan).equals(figure(rows)), figure.__name__


GAMES = list(registry.games().values())


@pytest.mark.parametrize("spec", GAMES, ids=[s.name for s in GAMES])
def test_every_game_reports_its_tables(spec, tmp_path):
    exp = Experiment.from_dict(
        {"name": "tables", "game": spec.name, "players": spec.typical_players, "games": 6}
        | {"seed": 2, "chunk": 3}
    )
    runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    page = build(tmp_path / "r", quiet=True).read_text()
    for heading in ("Findings", "Seat balance", "Metrics", "Games", "How this was made"):
        assert f">{heading}</h2>" in page
    assert "<td>nan</td>" not in page.split('id="seats"')[1].split('id="metrics"')[0]
    assert "6 games played" in page
