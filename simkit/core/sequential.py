"""Sequential sampling (``--target-ci W``): play chunks until the first-player advantage is known
well enough.

The experiment's game count is the budget. Rounds play each cell's first m chunks (the same seeds in
every cell, so variants stay paired); after each round the FPA interval of every cell is measured,
and the next round plays as many chunks as the widest interval projects (its width shrinks as one
over the square root of the games), at most twice as many, so a noisy first estimate cannot
overshoot the budget. It stops when every interval is narrower than W or the budget is spent.
"""

from __future__ import annotations

import math
from pathlib import Path

from simkit.core import runner, stats
from simkit.core.errors import ExperimentError
from simkit.core.experiment import Experiment
from simkit.core.results import read_results, write_json


def widest_fpa_interval(out: Path) -> float:
    fpa = stats.first_player_advantage(read_results(out))
    return float((fpa["hi"] - fpa["lo"]).max())


def next_chunks(played: int, per_chunk: int, width: float, target: float, most: int) -> int:
    """Chunks per cell for the next round: the projection from the current width, at least one
    more and at most twice the games played so far, never past the budget."""
    projected = math.ceil(played * (width / target) ** 2 / per_chunk)
    now = max(1, math.ceil(played / per_chunk))
    return min(most, max(now + 1, min(projected, 2 * now)))


def run_to_target(exp: Experiment, out: Path, target: float, jobs: int = -1, **run_options) -> dict:
    """Play ``exp`` (its ``games`` is the budget per cell) until every cell's FPA interval is
    narrower than ``target``; returns the run's meta with a ``sequential`` record."""
    if not 0 < target < 2:
        raise ExperimentError(f"--target-ci {target}: give the interval's width, e.g. 0.02")
    out = Path(out)
    workers = runner._workers(jobs)
    per_chunk = exp.chunk_size(
        workers, runner.choose_engine(exp, run_options.get("engine", "auto"))[0]
    )
    exp.chunk = per_chunk  # fixed, so later rounds only add chunks
    most = math.ceil(exp.games / per_chunk)
    rounds, m, played_now, seconds = [], 1, 0, 0.0
    while True:
        meta = runner.run(exp, out, jobs=jobs, chunks_per_cell=m, **run_options)
        played_now += meta["games_played_now"]
        seconds += meta["seconds_now"]
        played = min(exp.games, m * per_chunk)
        width = widest_fpa_interval(out)
        rounds.append({"games_per_cell": played, "widest_fpa_interval": width})
        if width < target or m >= most:
            break
        m = next_chunks(played, per_chunk, width, target, most)
    meta["sequential"] = {
        "target_width": target,
        "budget_per_cell": exp.games,
        "games_per_cell": played,
        "reached": width < target,
        "rounds": rounds,
    }
    meta["status"] = "complete" if m >= most else "stopped at target"
    meta["games_total"] = played * len(exp.cells())
    meta["games_played_now"], meta["seconds_now"] = played_now, round(seconds, 3)
    write_json(out / "run.json", meta)
    return meta
