"""Runs that survive faults: a killed parent or worker, a corrupt part, a foreign run directory, a
failing strategy. Every recovered run ends with exactly the rows of an uninterrupted one."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

import polars as pl
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from simkit.cli import main
from simkit.core import runner
from simkit.core.errors import ExperimentError, SimkitError, StrategyError
from simkit.core.experiment import Experiment
from simkit.core.results import SCHEMA, read_results
from simkit.core.rng import game_seed

GAME = "lets-take-a-hike"


def experiment(**kw) -> Experiment:
    data = {"name": "faults", "game": GAME, "players": 4, "games": 100, "seed": 3, "chunk": 20}
    data.update(kw)
    return Experiment.from_dict(data)


def rows(run_dir) -> pl.DataFrame:
    return read_results(run_dir).sort("game_index", "seat")


@dataclass
class Killer:
    """Plays like ``random``, but kills its own worker: once (the first to create ``marker``), or
    at every decision of a game of ``players`` players; ``memory`` raises MemoryError instead."""

    marker: str = ""
    players: int = 0
    memory: bool = False

    def choose(self, view, legal, rng):
        if len(view.backpacks) == self.players or self._first():
            if self.memory:
                raise MemoryError("simulated: out of memory")
            os.kill(os.getpid(), signal.SIGKILL)
        return legal[rng.below(len(legal))]

    def _first(self) -> bool:
        if not self.marker:
            return False
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return False
        return True


@dataclass
class Faulty:
    """Plays like ``random`` in games of two players; in bigger ones it raises, or cheats."""

    cheat: bool = False

    def choose(self, view, legal, rng):
        if len(view.backpacks) > 2:
            if self.cheat:
                return 999
            raise ValueError("boom")
        return legal[rng.below(len(legal))]


def test_sigkill_of_the_parent_then_a_rerun_gives_the_uninterrupted_rows(tmp_path):
    args = ["--game", GAME, "--players", "4", "--games", "400", "--seed", "8", "--chunk", "10"]
    args += ["--strategies", "random", "--engine", "python", "--jobs", "2", "--quiet"]
    cut = tmp_path / "cut"
    code = "from simkit.cli import main; main()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "run", *args, "--out", str(cut)], start_new_session=True
    )
    try:
        deadline = time.monotonic() + 120
        while len(list((cut / "games").glob("part-*.parquet"))) < 3:
            assert proc.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the workers it started, if still alive
    written = len(list((cut / "games").glob("part-*.parquet")))
    assert json.loads((cut / "run.json").read_text())["status"] == "running"
    exp = Experiment.from_dict(
        {"name": GAME, "game": GAME, "players": 4, "games": 400, "seed": 8, "chunk": 10,
         "strategies": ["random"]}
    )  # fmt: skip
    meta = runner.run(exp, cut, jobs=1, progress=False, engine="python")
    assert meta["games_played_now"] <= 400 - 10 * written
    runner.run(exp, tmp_path / "whole", jobs=1, progress=False, engine="python")
    assert rows(cut).equals(rows(tmp_path / "whole"))


def test_sigkill_of_a_worker_is_reported_and_its_chunk_played_again(tmp_path, capsys):
    marker = tmp_path / "killed"
    exp = experiment(strategies=[f"test_faults:Killer:marker={marker}"])
    meta = runner.run(exp, tmp_path / "cut", jobs=2, progress=False)
    assert marker.exists()
    assert meta["worker_deaths"] == 1
    assert "a worker died" in capsys.readouterr().err
    runner.run(exp, tmp_path / "whole", jobs=1, progress=False)
    assert rows(tmp_path / "cut").equals(rows(tmp_path / "whole"))


def test_out_of_memory_is_retried_like_a_dead_worker(tmp_path):
    marker = tmp_path / "oom"
    exp = experiment(games=40, strategies=[f"test_faults:Killer:marker={marker},memory=true"])
    meta = runner.run(exp, tmp_path / "cut", jobs=1, progress=False)
    assert meta["worker_deaths"] == 1
    runner.run(exp, tmp_path / "whole", jobs=1, progress=False)
    assert rows(tmp_path / "cut").equals(rows(tmp_path / "whole"))


def test_a_chunk_that_always_kills_its_worker_is_retried_a_bounded_number_of_times(tmp_path):
    exp = experiment(players=[2, 4], games=40, strategies=["test_faults:Killer:players=4"])
    with pytest.raises(SimkitError, match=r"chunk part-001-000000.* killed its worker 3 times"):
        runner.run(exp, tmp_path / "r", jobs=2, progress=False, retries=2)
    meta = json.loads((tmp_path / "r/run.json").read_text())
    assert meta["status"] == "failed"
    kept = sorted(p.name for p in (tmp_path / "r/games").glob("part-*.parquet"))
    assert kept == ["part-000-000000.parquet", "part-000-000001.parquet"]


def test_a_corrupt_part_and_a_half_written_part_are_played_again(tmp_path):
    exp = experiment()
    runner.run(exp, tmp_path / "whole", jobs=1, progress=False)
    runner.run(exp, tmp_path / "cut", jobs=1, progress=False)
    parts = sorted((tmp_path / "cut/games").glob("part-*.parquet"))
    data = bytearray(parts[1].read_bytes())
    # Damage a data page (the score column's), not the footer, which still reads: the middle of
    # the file may be the footer's metadata now that parts carry their run's description.
    score = pq.ParquetFile(parts[1]).metadata.row_group(0).column(SCHEMA.names.index("score"))
    middle = score.data_page_offset + score.total_compressed_size // 2
    data[middle : middle + 16] = bytes(16)
    parts[1].write_bytes(bytes(data))
    parts[2].rename(parts[2].with_name(parts[2].name + ".tmp"))  # a write cut short
    parts[3].write_bytes(parts[3].read_bytes()[:-50])  # truncated
    meta = runner.run(exp, tmp_path / "cut", jobs=1, progress=False)
    assert meta["games_played_now"] == 3 * 20
    assert not list((tmp_path / "cut/games").glob("*.tmp"))
    assert rows(tmp_path / "cut").equals(rows(tmp_path / "whole"))


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"seed": 4}, "seed"),
        ({"set": {"hazards.bear": 0}}, "rules_as_used"),
        ({"strategies": ["greedy"]}, "strategies"),
        ({"players": 3}, "players"),
    ],
)
def test_a_run_directory_of_another_experiment_is_refused(tmp_path, change, named):
    runner.run(experiment(games=20), tmp_path / "r", jobs=1, progress=False)
    with pytest.raises(ExperimentError, match=f"different experiment.*differs in {named}"):
        runner.run(experiment(games=20, **change), tmp_path / "r", jobs=1, progress=False)
    assert len(rows(tmp_path / "r")) == 20 * 4  # nothing mixed in


def test_more_games_extend_a_finished_run(tmp_path):
    runner.run(experiment(games=40), tmp_path / "r", jobs=1, progress=False)
    meta = runner.run(experiment(games=100), tmp_path / "r", jobs=1, progress=False)
    assert meta["games_played_now"] == 60
    runner.run(experiment(games=100), tmp_path / "whole", jobs=1, progress=False)
    assert rows(tmp_path / "r").equals(rows(tmp_path / "whole"))


@pytest.mark.parametrize(
    ("strategy", "what"),
    [
        ("test_faults:Faulty", r"strategy 'test_faults:Faulty' in seat \d raised ValueError: boom"),
        (
            "test_faults:Faulty:cheat=true",
            r"strategy 'test_faults:Faulty:cheat=True' in seat \d returned an illegal action",
        ),
    ],
)
def test_a_failing_strategy_stops_the_run_naming_it_and_keeps_finished_chunks(
    tmp_path, strategy, what
):
    exp = experiment(players=[2, 3], games=40, strategies=["random", strategy], rotate=True)
    out = tmp_path / "r"
    with pytest.raises(StrategyError) as failure:
        runner.run(exp, out, jobs=1, progress=False)
    message = str(failure.value)
    assert "\n" not in message
    assert re.search(what, message), message
    index = int(message.split()[1])
    assert index == 40  # the first game of three players, where it first plays
    seed = int(message.split("(seed ")[1].split(")")[0])
    assert f"`simkit replay {out} --index {index} --allow-import`" in message
    _, k = exp.locate(index)
    assert seed == game_seed(exp.seed, k)
    meta = json.loads((out / "run.json").read_text())
    assert meta["status"] == "failed" and meta["error"] == message
    kept = sorted(p.name for p in (out / "games").glob("part-*.parquet"))
    assert kept == ["part-000-000000.parquet", "part-000-000001.parquet"]
    # The replay command it names plays that game again and stops on the same failure.
    shown = CliRunner().invoke(main, ["replay", str(out), "--index", str(index), "--allow-import"])
    assert shown.exit_code == 1
    assert re.match(f"Error: {what}", shown.output.splitlines()[-1]), shown.output
