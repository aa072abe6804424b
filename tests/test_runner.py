"""The runner: schema, determinism across workers, resume after a crash, refusing a foreign run."""

from __future__ import annotations

import json

import polars as pl
import pyarrow as pa
import pytest

from simkit.core import results, runner
from simkit.core.errors import ExperimentError, StrategyError
from simkit.core.experiment import Experiment
from simkit.core.results import SCHEMA, read_results


def experiment(**kw) -> Experiment:
    data = {
        "name": "t",
        "game": "lets-take-a-hike",
        "players": 4,
        "games": 120,
        "seed": 1,
        "chunk": 25,
    }
    data.update(kw)
    return Experiment.from_dict(data)


def rows(path) -> pl.DataFrame:
    return read_results(path).sort("game_index", "seat")


def test_rows_follow_the_design_schema(tmp_path):
    runner.run(experiment(games=20), tmp_path / "r", jobs=1, progress=False)
    table = pa.concat_tables(
        [pa.parquet.read_table(p) for p in sorted((tmp_path / "r/games").glob("*.parquet"))]
    )
    for field in SCHEMA:
        assert table.schema.field(field.name).type == field.type, field.name
    df = rows(tmp_path / "r")
    assert df.height == 20 * 4
    assert df.group_by("game_index").agg(pl.col("win_share").sum())["win_share"].min() == 1.0
    for column in ("x_cards_scored", "x_hikes_led", "x_hikes_joined", "x_cards_lost_to_hazards"):
        assert column in df.columns
    meta = json.loads((tmp_path / "r/run.json").read_text())
    for key in (
        "game",
        "rules_as_used",
        "strategies",
        "seed",
        "games_total",
        "simkit_version",
        "started",
        "finished",
    ):
        assert key in meta


def test_same_seed_same_rows_whatever_the_number_of_workers(tmp_path):
    exp = experiment(strategies=["bold", "greedy", "cautious", "random"], rotate=True)
    runner.run(exp, tmp_path / "one", jobs=1, progress=False)
    runner.run(exp, tmp_path / "two", jobs=2, progress=False)
    assert rows(tmp_path / "one").equals(rows(tmp_path / "two"))
    other = experiment(seed=2)
    runner.run(other, tmp_path / "seed2", jobs=1, progress=False)
    assert not rows(tmp_path / "one").equals(rows(tmp_path / "seed2"))


def test_rotation_puts_every_strategy_in_every_seat_equally(tmp_path):
    exp = experiment(games=40, strategies=["bold", "random"], rotate=True)
    runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    counts = rows(tmp_path / "r").group_by("seat", "strategy").len()
    assert set(counts["len"].to_list()) == {20}


def test_an_interrupted_run_resumes_and_loses_nothing(tmp_path, monkeypatch):
    exp = experiment()
    runner.run(exp, tmp_path / "whole", jobs=1, progress=False)
    real_write = results.write_part
    written = []

    def crash_after_two(table, path):
        if len(written) == 2:
            raise KeyboardInterrupt
        written.append(path)
        real_write(table, path)

    monkeypatch.setattr(runner, "write_part", crash_after_two)
    with pytest.raises(KeyboardInterrupt):
        runner.run(exp, tmp_path / "cut", jobs=1, progress=False)
    assert len(list((tmp_path / "cut/games").glob("*.parquet"))) == 2
    monkeypatch.setattr(runner, "write_part", real_write)
    # A corrupt part is detected and its chunk played again.
    first = sorted((tmp_path / "cut/games").glob("*.parquet"))[0]
    first.write_bytes(first.read_bytes()[:100])
    meta = runner.run(exp, tmp_path / "cut", jobs=1, progress=False)
    assert meta["games_played_now"] == 120 - 25
    assert rows(tmp_path / "cut").equals(rows(tmp_path / "whole"))


def test_a_run_directory_of_another_experiment_is_refused(tmp_path):
    runner.run(experiment(games=10), tmp_path / "r", jobs=1, progress=False)
    with pytest.raises(ExperimentError, match="different experiment"):
        runner.run(experiment(games=10, seed=9), tmp_path / "r", jobs=1, progress=False)


class Broken:
    """A user's strategy that fails."""

    name = "broken"

    def choose(self, view, legal, rng):
        raise ValueError("boom")


def test_a_failing_strategy_names_the_game_and_how_to_replay_it(tmp_path):
    exp = experiment(games=10, strategies=["test_runner:Broken"])
    with pytest.raises(StrategyError, match=r"game 0 \(seed \d+.*simkit replay"):
        runner.run(exp, tmp_path / "r", jobs=1, progress=False)


def test_variants_share_seeds(tmp_path):
    exp = experiment(games=30, sweep={"field": "hazards.bear", "values": [0, 4]})
    runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    df = rows(tmp_path / "r")
    seeds = df.filter(pl.col("seat") == 0).group_by("variant").agg(pl.col("seed").sort())
    assert len({tuple(s) for s in seeds["seed"].to_list()}) == 1
    assert set(df["variant"].unique().to_list()) == {"base", "hazards.bear=0", "hazards.bear=4"}


def test_strategy_names_are_per_game():
    from simkit.core.strategy import strategies_for, strategy

    @strategy("same-name-test", games=("game-a",))
    class A:
        """Plays game a."""

    @strategy("same-name-test", games=("game-b",))
    class B:
        """Plays game b."""

    assert strategies_for("game-a")["same-name-test"].cls is A
    assert strategies_for("game-b")["same-name-test"].cls is B
    with pytest.raises(StrategyError, match="registered twice"):
        strategy("same-name-test", games=("game-a",))(type("C", (), {}))
