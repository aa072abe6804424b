"""The results table describes itself: typed columns for the varied rules, and the run's
description in every part's file metadata."""

from __future__ import annotations

import polars as pl
import pyarrow.parquet as pq

from simkit.core import runner
from simkit.core.describe import about, column_name, varied_fields
from simkit.core.experiment import Experiment
from simkit.core.results import read_results


def _bears(**more):
    return Experiment.from_dict(
        {
            "name": "bears",
            "description": "What does one more Bear do?",
            "game": "lets-take-a-hike",
            "players": [2, 3],
            "games": 6,
            "seed": 5,
            "variants": [{"name": "few", "rules": {"hazards.bear": 1, "backpack_deal": 4}}],
            "sweep": {"field": "hazards.bear", "values": [0, 4]},
            **more,
        }
    )


def test_each_varied_rule_field_is_a_typed_column(tmp_path):
    exp = _bears()
    assert varied_fields(exp) == ["hazards.bear", "backpack_deal"]
    runner.run(exp, tmp_path, jobs=1, progress=False, engine="python")
    rows = read_results(tmp_path)
    assert rows.schema["hazards.bear"] == pl.Int64 and rows.schema["backpack_deal"] == pl.Int64
    by_variant = dict(
        rows.group_by("variant")
        .agg(pl.col("hazards.bear").unique(), pl.col("backpack_deal").unique())
        .select("variant", pl.struct("hazards.bear", "backpack_deal"))
        .rows()
    )
    assert by_variant["base"] == {"hazards.bear": [2], "backpack_deal": [5]}  # the rulebook's
    assert by_variant["few"] == {"hazards.bear": [1], "backpack_deal": [4]}
    assert by_variant["hazards.bear=4"] == {"hazards.bear": [4], "backpack_deal": [5]}


def test_the_compiled_engine_writes_the_same_columns(tmp_path):
    exp = _bears(strategies=["bold"])
    runner.run(exp, tmp_path / "c", jobs=1, progress=False, engine="compiled")
    runner.run(exp, tmp_path / "p", jobs=1, progress=False, engine="python")
    compiled = read_results(tmp_path / "c").sort("game_index", "seat")
    python = read_results(tmp_path / "p").sort("game_index", "seat")
    assert compiled.select("hazards.bear", "backpack_deal").equals(
        python.select("hazards.bear", "backpack_deal")
    )


def test_a_part_says_what_it_is(tmp_path):
    exp = _bears()
    meta = runner.run(exp, tmp_path, jobs=1, progress=False, engine="python")
    parts = sorted((tmp_path / "games").glob("*.parquet"))
    assert len(parts) == meta["chunks"] == 8
    told = [about(p) for p in parts]
    assert len({t["run_id"] for t in told}) == 1 and len(told[0]["run_id"]) == 16
    assert {(t["variant"], t["n_players"]) for t in told} == {
        (v, n) for v in ("base", "few", "hazards.bear=0", "hazards.bear=4") for n in (2, 3)
    }
    few = next(t for t in told if t["variant"] == "few")
    assert few["experiment"] == "bears" and few["description"] == "What does one more Bear do?"
    assert few["rules"]["hazards"]["bear"] == 1 and few["rules"]["backpack_deal"] == 4
    assert few["game"] == "lets-take-a-hike" and few["seed"] == 5
    # A part copied away from its folder still says all this (file metadata, not run.json).
    copy = tmp_path / "elsewhere.parquet"
    copy.write_bytes(parts[0].read_bytes())
    assert about(copy) == told[0]
    assert pq.read_table(copy).num_rows == 6 * 2


def test_a_rule_named_like_a_results_column_is_prefixed():
    assert column_name("hazards.bear") == "hazards.bear"
    assert column_name("seed") == "rule.seed"


def test_renumbering_for_more_games_is_done_once_per_part(tmp_path):
    from simkit.core.extend import renumber

    exp = _bears()
    runner.run(exp, tmp_path, jobs=1, progress=False, engine="python", trace=True)
    before = read_results(tmp_path).sort("variant", "n_players", "game_index", "seat")
    assert renumber(tmp_path, 6, 9) == 2 * 7  # every part but cell 0's, games and traces
    assert renumber(tmp_path, 6, 9) == 0  # a second pass (after a crash) finds them done
    # run.json still says 6 games a cell (the run that grows it rewrites it): read the parts bare
    after = pl.read_parquet(tmp_path / "games").sort("variant", "n_players", "game_index", "seat")
    cells = {(v, n): i for i, (v, n) in enumerate(after.select("variant", "n_players").unique(
        maintain_order=True).rows())}  # fmt: skip
    shift = after["game_index"] - before["game_index"]
    expected = [3 * cells[(v, n)] for v, n in after.select("variant", "n_players").rows()]
    assert shift.to_list() == expected
    traces = pl.read_parquet(tmp_path / "traces")
    assert set(traces["game_index"].unique()) == set(after["game_index"].unique())
