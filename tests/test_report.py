"""Reports of solo runs: no seat balance (meaningless alone), the score and the honours instead."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
import toy_games as toy
from hypothesis import assume, given
from hypothesis import strategies as st
from race_game import registered

from simkit.core import registry, runner
from simkit.core.experiment import Experiment
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
