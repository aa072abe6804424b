"""The runner: plays an experiment's chunks in parallel and writes each as a Parquet part at once.

Work is fixed before it is dispatched (Mesa's batch runner): every chunk knows its games, seeds and
seats, so results never depend on completion order or on the number of workers. The parent writes
each finished chunk atomically; a rerun of an interrupted run plays only the chunks without a
complete part, and a run directory made for a different experiment is refused.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from simkit.core import registry
from simkit.core.errors import ExperimentError, SimkitError, StrategyError
from simkit.core.experiment import Chunk, Experiment
from simkit.core.results import RowBuffer, part_is_complete, write_part
from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.core.traces import ScoreRecorder, TraceBuffer
from simkit.core.worlds import Worlds, uses_worlds


def play_game(spec, rules, strategies: Sequence, seed: int, log: bool = False, observe=None):
    """Play one game to the end from its seed; returns the final state.

    ``observe(state)``, if given, is called after setup and after every action (score traces).
    """
    n = len(strategies)
    engine_rng, seat_rngs = seat_streams(seed, n)
    state = spec.new_state(rules, n, engine_rng, log=log)
    if observe is not None:
        observe(state)
    searching = [uses_worlds(s) for s in strategies]
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if searching[seat]:
            worlds = Worlds(state, seat, spec.name)
            action = strategies[seat].choose(
                state.view(seat), legal, seat_rngs[seat], worlds=worlds
            )
        else:
            action = strategies[seat].choose(state.view(seat), legal, seat_rngs[seat])
        state.apply(action)
        if observe is not None:
            observe(state)
    return state


def play_chunk(exp: Experiment, chunk: Chunk, trace: bool = False):
    """Play one chunk's games (in a worker); returns the chunk, its rows as an Arrow table and,
    with ``trace``, its games' score lines as another (else None)."""
    spec = registry.game(exp.game)
    rules = exp.rules_for(chunk.cell.variant)
    built: dict[str, object] = {}
    rows = RowBuffer(exp.name, chunk.cell.variant.name, exp.game)
    traces = TraceBuffer(exp.name, chunk.cell.variant.name, exp.game) if trace else None
    for k in range(chunk.first, chunk.first + chunk.count):
        names = exp.seats(k, chunk.cell.n_players)
        for name in names:
            if name not in built:
                built[name] = make_strategy(name, exp.game)
        players = [built[name] for name in names]
        seed = game_seed(exp.seed, k)
        index = exp.game_index(chunk.cell, k)
        recorder = ScoreRecorder() if trace else None
        try:
            state = play_game(spec, rules, players, seed, observe=recorder)
        except Exception as exc:  # a strategy's or engine's failure: name the game that shows it
            raise StrategyError(_failure(exp, index, seed, names, exc)) from exc
        rows.add(index, seed, [p.name for p in players], state.outcome())
        if trace:
            recorder.finish(state)
            traces.add(index, recorder)
    return chunk, rows.table(), traces.table() if trace else None


def _failure(exp: Experiment, index: int, seed: int, names: list[str], exc: Exception) -> str:
    return (
        f"game {index} (seed {seed}, strategies {', '.join(names)}) failed: "
        f"{type(exc).__name__}: {exc}; reproduce with `simkit replay RUN_DIR --index {index}`"
    )


def _prepare(exp: Experiment, out: Path) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    (out / "games").mkdir(exist_ok=True)
    meta_path = out / "run.json"
    meta = exp.to_json()
    meta["fingerprint"] = exp.fingerprint()
    if meta_path.exists():
        old = json.loads(meta_path.read_text())
        if old.get("fingerprint") != meta["fingerprint"]:
            raise ExperimentError(
                f"{out} holds a different experiment ({old.get('game')}, seed {old.get('seed')}, "
                f"{old.get('name')}); choose another --out or delete it"
            )
        meta["started"] = old.get("started")
        meta["resumed"] = old.get("resumed", 0) + 1
    else:
        meta["started"] = _now()
    meta["status"] = "running"
    meta_path.write_text(json.dumps(meta, indent=2))
    return meta


def run(
    exp: Experiment,
    out: Path,
    jobs: int = -1,
    progress: bool = True,
    backend: str = "loky",
    scheduler: str | None = None,
    trace: bool = False,
    chunks_per_cell: int | None = None,
) -> dict:
    """Play ``exp`` into run directory ``out``; resumes if ``out`` holds part of the same run.

    ``trace`` also writes every game's score lines to ``out/traces``; ``chunks_per_cell`` plays only
    each cell's first chunks (sequential sampling adds more later).
    """
    out = Path(out)
    meta = _prepare(exp, out)
    workers = _workers(jobs)
    size = exp.chunk_size(workers)
    chunks = exp.chunks(size)
    if chunks_per_cell is not None:
        chunks = [c for c in chunks if c.number < chunks_per_cell]
    if trace:
        (out / "traces").mkdir(exist_ok=True)
    todo = [c for c in chunks if not _chunk_done(out, c, trace)]
    games_total = sum(c.count for c in chunks)
    done_before = games_total - sum(c.count for c in todo)
    t0 = time.perf_counter()
    bar = tqdm(
        total=games_total,
        initial=done_before,
        unit="games",
        disable=not progress,
        desc=exp.name,
        smoothing=0.05,
    )
    try:
        with _backend(backend, scheduler, workers):
            tasks = (delayed(play_chunk)(exp, c, trace) for c in todo)
            for chunk, table, traces in Parallel(return_as="generator_unordered")(tasks):
                if traces is not None:  # first, so a complete game part implies its traces
                    write_part(traces, _trace_part(out, chunk))
                write_part(table, _part(out, chunk))
                bar.update(chunk.count)
    finally:
        bar.close()
    elapsed = time.perf_counter() - t0
    meta.update(
        status="complete",
        finished=_now(),
        chunk_size=size,
        chunks=len(chunks),
        games_played_now=games_total - done_before,
        seconds_now=round(elapsed, 3),
        workers=workers,
        backend=backend,
        trace=trace,
    )
    (out / "run.json").write_text(json.dumps(meta, indent=2))
    return meta


def _part(out: Path, chunk: Chunk) -> Path:
    return out / "games" / chunk.part_name


def _trace_part(out: Path, chunk: Chunk) -> Path:
    return out / "traces" / chunk.part_name


def _chunk_done(out: Path, chunk: Chunk, trace: bool) -> bool:
    if not part_is_complete(_part(out, chunk), chunk.count * chunk.cell.n_players):
        return False
    return not trace or _trace_part(out, chunk).is_file()


def _workers(jobs: int) -> int:
    import os

    if jobs is None or jobs <= 0:
        return os.cpu_count() or 1
    return jobs


def _backend(backend: str, scheduler: str | None, workers: int):
    if backend == "dask":
        if not scheduler:
            raise ExperimentError("--backend dask needs --scheduler tcp://HOST:PORT")
        from distributed import Client

        client = Client(scheduler)
        return _DaskContext(client)
    if backend != "loky":
        raise ExperimentError(f"backend '{backend}': expected loky or dask")
    return parallel_config(backend="loky" if workers > 1 else "sequential", n_jobs=workers)


class _DaskContext:
    """joblib's Dask backend over a client connected to a running scheduler."""

    def __init__(self, client):
        self.client = client
        self.config = parallel_config(backend="dask", n_jobs=-1)

    def __enter__(self):
        self.config.__enter__()
        return self

    def __exit__(self, *exc):
        self.config.__exit__(*exc)
        self.client.close()


def load_run(run_dir: Path) -> tuple[Experiment, dict]:
    path = Path(run_dir) / "run.json"
    if not path.is_file():
        raise SimkitError(f"{run_dir}: not a run directory (no run.json)")
    meta = json.loads(path.read_text())
    return Experiment.from_run_json(meta), meta


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
