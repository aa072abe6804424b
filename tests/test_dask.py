"""The same run on a Dask cluster (joblib's Dask backend) gives the same rows as a local run."""

from __future__ import annotations

import pytest
from distributed import LocalCluster

from simkit.core import runner
from simkit.core.errors import ExperimentError
from simkit.core.experiment import Experiment
from simkit.core.results import read_results


@pytest.fixture(scope="module")
def scheduler():
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_a_dask_run_gives_the_rows_of_a_local_run(tmp_path, scheduler, engine):
    exp = Experiment.from_dict(
        {
            "name": "dask",
            "game": "lets-take-a-hike",
            "players": [3, 4],
            "games": 60,
            "seed": 11,
            "chunk": 15,
            "strategies": ["bold", "random", "greedy"],
            "rotate": True,
        }
    )
    remote = runner.run(
        exp, tmp_path / "dask", progress=False, backend="dask", scheduler=scheduler, engine=engine
    )
    runner.run(exp, tmp_path / "local", jobs=1, progress=False, engine=engine)
    assert remote["backend"] == "dask" and remote["engine"] == engine
    dask_rows = read_results(tmp_path / "dask").sort("game_index", "seat")
    local_rows = read_results(tmp_path / "local").sort("game_index", "seat")
    assert dask_rows.height == 60 * 3 + 60 * 4
    assert dask_rows.equals(local_rows)


def test_the_dask_backend_needs_a_scheduler(tmp_path):
    exp = Experiment.from_dict({"game": "lets-take-a-hike", "games": 5})
    with pytest.raises(ExperimentError, match="--scheduler tcp://HOST:PORT"):
        runner.run(exp, tmp_path / "r", progress=False, backend="dask")
