"""The runner: plays an experiment's chunks in parallel and writes each as a Parquet part at once.

Work is fixed before it is dispatched (Mesa's batch runner): every chunk knows its games, seeds and
seats, so results never depend on completion order or on the number of workers. The parent writes
each finished chunk atomically; a rerun of an interrupted run plays only the chunks without a
complete, readable part, and a run directory made for a different experiment is refused.

A chunk runs on the game's compiled engine when the game has one and every strategy of the run has
a compiled form (the results are the same, game by game); otherwise on the Python engine. A worker
that dies (killed, out of memory) is reported and the chunks it may have held are played again, up
to ``retries`` times each.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from simkit.core import registry
from simkit.core.errors import ExperimentError, IllegalAction, SimkitError, StrategyError
from simkit.core.experiment import Chunk, Experiment
from simkit.core.results import RowBuffer, part_is_complete, part_is_readable, write_part
from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.core.traces import ScoreRecorder, TraceBuffer
from simkit.core.worlds import Worlds, uses_worlds

ENGINES = ("auto", "python", "compiled")
RETRIES = 2


class SeatFailure(StrategyError):
    """A strategy raised, or returned an illegal action, in one seat of a game."""

    def __init__(self, seat: int, strategy: str, what: str):
        self.seat, self.strategy = seat, strategy
        super().__init__(f"strategy '{strategy}' in seat {seat} {what}")


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
        player = strategies[seat]
        try:
            if searching[seat]:
                worlds = Worlds(state, seat, spec.name)
                action = player.choose(state.view(seat), legal, seat_rngs[seat], worlds=worlds)
            else:
                action = player.choose(state.view(seat), legal, seat_rngs[seat])
        except MemoryError:
            raise
        except Exception as exc:
            raise SeatFailure(seat, player.name, f"raised {type(exc).__name__}: {exc}") from exc
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise SeatFailure(seat, player.name, f"returned an illegal action: {exc}") from exc
        if observe is not None:
            observe(state)
    return state


def play_chunk(
    exp: Experiment,
    chunk: Chunk,
    engine: str = "python",
    run_dir: str = "RUN_DIR",
    trace: bool = False,
):
    """Play one chunk's games (in a worker); returns the chunk, its rows as an Arrow table and,
    with ``trace``, its games' score lines as another (else None)."""
    spec = registry.game(exp.game)
    rules = exp.rules_for(chunk.cell.variant)
    built: dict[str, object] = {}
    games = range(chunk.first, chunk.first + chunk.count)
    # Experiment.seats(k) repeats every len(strategies) games: build each lineup once, so the
    # per-game Python work of a compiled chunk is one list lookup.
    period = len(exp.strategies)
    lineups = []
    for k in games[:period]:
        names = exp.seats(k, chunk.cell.n_players)
        for name in names:
            if name not in built:
                built[name] = make_strategy(name, exp.game)
        lineups.append([built[name] for name in names])
    seats = [lineups[i % period] for i in range(chunk.count)]
    if engine == "compiled" and not trace:
        labels = (exp.name, chunk.cell.variant.name, exp.game)
        first_index = exp.game_index(chunk.cell, chunk.first)
        table = _fast_module(spec).play_rows(
            labels, rules, exp.seed, chunk.first, first_index, seats
        )
        if table is not None:
            return chunk, table, None
    rows = RowBuffer(exp.name, chunk.cell.variant.name, exp.game)
    traces = TraceBuffer(exp.name, chunk.cell.variant.name, exp.game) if trace else None
    for k, players in zip(games, seats, strict=True):
        seed = game_seed(exp.seed, k)
        index = exp.game_index(chunk.cell, k)
        recorder = ScoreRecorder() if trace else None
        try:
            state = play_game(spec, rules, players, seed, observe=recorder)
        except MemoryError:
            raise  # the runner retries the chunk as for a dead worker
        except Exception as exc:  # a strategy's or engine's failure: name the game that shows it
            raise StrategyError(_failure(index, seed, players, exc, run_dir)) from exc
        rows.add(index, seed, [p.name for p in players], state.outcome())
        if trace:
            recorder.finish(state)
            traces.add(index, recorder)
    return chunk, rows.table(), traces.table() if trace else None


def _failure(index: int, seed: int, players: Sequence, exc: Exception, run_dir: str) -> str:
    if isinstance(exc, SeatFailure):
        what = str(exc)
    else:
        names = ", ".join(p.name for p in players)
        what = f"the engine raised {type(exc).__name__}: {exc} (strategies {names})"
    return (
        f"game {index} (seed {seed}) failed: {what}; "
        f"reproduce with `simkit replay {run_dir} --index {index}`"
    )


def _fast_module(spec):
    return importlib.import_module(spec.fast_engine)


def choose_engine(exp: Experiment, engine: str = "auto") -> tuple[str, str]:
    """('compiled' or 'python', why) for a run: compiled when the game has a compiled engine and
    every strategy of the run has a compiled form, unless ``engine`` says otherwise."""
    if engine not in ENGINES:
        raise ExperimentError(f"engine '{engine}': expected one of {', '.join(ENGINES)}")
    spec = registry.game(exp.game)
    if engine == "python":
        return "python", "asked for"
    if not spec.fast_engine:
        why = f"{exp.game} has no compiled engine"
    elif exp.seed >= 2**64:
        why = "the root seed does not fit in 64 bits"
    else:
        module = _fast_module(spec)
        lacking = [
            s
            for s in dict.fromkeys(exp.strategies)
            if not module.supports([make_strategy(s, exp.game)])
        ]
        if not lacking:
            return "compiled", "every strategy has a compiled form"
        why = f"no compiled form for {', '.join(lacking)}"
    if engine == "compiled":
        raise ExperimentError(f"--engine compiled is not possible: {why}")
    return "python", why


def _prepare(exp: Experiment, out: Path) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    (out / "games").mkdir(exist_ok=True)
    meta_path = out / "run.json"
    meta = exp.to_json()
    meta["fingerprint"] = exp.fingerprint()
    if meta_path.exists():
        old = json.loads(meta_path.read_text())
        _refuse_foreign(out, old, meta)
        meta["started"] = old.get("started")
        meta["resumed"] = old.get("resumed", 0) + 1
        if "chunk_size" in old:
            meta["chunk_size"] = old["chunk_size"]
    else:
        meta["started"] = _now()
    meta["status"] = "running"
    meta_path.write_text(json.dumps(meta, indent=2))
    return meta


def _refuse_foreign(out: Path, old: dict, new: dict) -> None:
    """A run directory is resumed (or extended with more games) only by the same experiment."""
    differ = [
        key
        for key in ("game", "seed", "players", "strategies", "rotate", "rules_as_used", "variants")
        if old.get(key) != new.get(key)
    ]
    if old.get("fingerprint") != new["fingerprint"] and not differ:
        differ = ["the experiment's settings"]
    several_cells = len(new["players"]) * len(new["variants"]) > 1
    if several_cells and old.get("games_per_cell") != new["games_per_cell"]:
        differ.append("games (game indices of a run with several cells depend on it)")
    if differ:
        raise ExperimentError(
            f"{out} holds a different experiment ({old.get('name')}: {old.get('game')}, seed "
            f"{old.get('seed')}); it differs in {', '.join(differ)}: choose another --out or "
            "delete it"
        )


def run(
    exp: Experiment,
    out: Path,
    jobs: int = -1,
    progress: bool = True,
    backend: str = "loky",
    scheduler: str | None = None,
    engine: str = "auto",
    retries: int = RETRIES,
    trace: bool = False,
    chunks_per_cell: int | None = None,
) -> dict:
    """Play ``exp`` into run directory ``out``; resumes if ``out`` holds part of the same run.

    ``trace`` also writes every game's score lines to ``out/traces``; ``chunks_per_cell`` plays only
    each cell's first chunks (sequential sampling adds more later).
    """
    out = Path(out)
    engine_used, why = choose_engine(exp, engine)
    if trace and engine_used == "compiled":
        if engine == "compiled":
            raise ExperimentError("--trace records scores turn by turn: use the Python engine")
        engine_used, why = "python", "--trace records scores turn by turn in the Python engine"
    meta = _prepare(exp, out)
    workers = _workers(jobs)
    # A resumed run keeps its chunking, so a part's name always means the same games.
    size = meta.setdefault("chunk_size", exp.chunk_size(workers))
    (out / "run.json").write_text(json.dumps(meta, indent=2))
    chunks = exp.chunks(size)
    if chunks_per_cell is not None:
        chunks = [c for c in chunks if c.number < chunks_per_cell]
    if trace:
        (out / "traces").mkdir(exist_ok=True)
    for folder in ("games", "traces"):
        for stale in (out / folder).glob("*.tmp"):
            stale.unlink()  # a write cut short by a crash; its chunk is played again
    todo = [c for c in chunks if not _chunk_done(out, c, trace)]
    games_total = sum(c.count for c in chunks)
    done_before = games_total - sum(c.count for c in todo)
    if progress:
        _say(f"engine: {engine_used} ({why})")
    if engine_used == "compiled" and todo:
        _fast_module(registry.game(exp.game)).warm()
    t0 = time.perf_counter()
    bar = tqdm(
        total=games_total,
        initial=done_before,
        unit="games",
        disable=not progress,
        desc=exp.name,
        smoothing=0.05,
        file=sys.stderr,
    )
    try:
        with _backend(backend, scheduler, workers):
            deaths = _play_all(exp, out, todo, engine_used, retries, bar, trace)
    except SimkitError as exc:
        meta.update(status="failed", error=str(exc), finished=_now())
        (out / "run.json").write_text(json.dumps(meta, indent=2))
        raise
    finally:
        bar.close()
    elapsed = time.perf_counter() - t0
    meta.update(
        status="complete",
        finished=_now(),
        chunks=len(chunks),
        games_played_now=games_total - done_before,
        seconds_now=round(elapsed, 3),
        workers=workers,
        backend=backend,
        engine=engine_used,
        worker_deaths=deaths,
        trace=trace,
    )
    meta.pop("error", None)
    (out / "run.json").write_text(json.dumps(meta, indent=2))
    return meta


def _play_all(exp, out, todo, engine, retries, bar, trace=False) -> int:
    """Play ``todo``, writing each chunk as it finishes. When a worker dies, the chunks it may have
    held are played again one at a time, so that a chunk that kills its worker is known; it is
    retried at most ``retries`` times. Returns how many worker deaths the run survived."""
    deaths = _worker_deaths()
    survived = 0
    while todo:
        dispatched: list[Chunk] = []
        finished: set[str] = set()
        try:
            for chunk, table, traces in _parallel()(
                _tasks(exp, out, todo, engine, dispatched, trace)
            ):
                _keep(out, chunk, table, traces, bar, finished)
            return survived
        except deaths as exc:
            survived += 1
            suspects = [c for c in dispatched if c.part_name not in finished]
            _say(f"a worker died ({_death_text(exc)}); playing its chunk(s) again one at a time")
            for chunk in suspects:
                survived += _play_alone(exp, out, chunk, engine, retries, bar, deaths, trace)
                finished.add(chunk.part_name)
            todo = [c for c in todo if c.part_name not in finished]
    return survived


def _play_alone(exp, out, chunk, engine, retries, bar, deaths, trace=False) -> int:
    """Play one chunk that may have killed its worker; returns the further deaths it caused."""
    for attempt in range(1, retries + 1):
        try:
            for done, table, traces in _parallel()(_tasks(exp, out, [chunk], engine, [], trace)):
                _keep(out, done, table, traces, bar, set())
            return attempt - 1
        except deaths as exc:
            last = exc
            _say(f"chunk {chunk.part_name}: its worker died ({_death_text(exc)}), try {attempt}")
    games = f"games {chunk.first}-{chunk.first + chunk.count - 1} of {chunk.cell.n_players} players"
    raise SimkitError(
        f"chunk {chunk.part_name} ({games}) killed its worker {retries + 1} times "
        f"({_death_text(last)}); finished chunks are kept in {out}: if it ran out of memory, "
        "lower --chunk or --jobs, then run again to resume"
    ) from last


def _parallel() -> Parallel:
    # One chunk a task and no more queued than there are workers, so that when a worker dies the
    # chunks it may have held are few.
    return Parallel(return_as="generator_unordered", batch_size=1, pre_dispatch="n_jobs")


def _keep(out: Path, chunk: Chunk, table, traces, bar, finished: set[str]) -> None:
    if traces is not None:  # first, so that a complete game part implies its traces
        write_part(traces, _trace_part(out, chunk))
    write_part(table, _part(out, chunk))
    finished.add(chunk.part_name)
    bar.update(chunk.count)


def _say(message: str) -> None:
    tqdm.write(message, file=sys.stderr)


def _tasks(exp, out, chunks, engine, dispatched: list, trace: bool = False):
    """The chunks as joblib tasks, noting each as joblib takes it (it may then be on a worker)."""
    for c in chunks:
        dispatched.append(c)
        yield delayed(play_chunk)(exp, c, engine, str(out), trace)


def _worker_deaths() -> tuple[type[BaseException], ...]:
    """The errors that mean a worker died (killed, out of memory) rather than a game failed."""
    from joblib.externals.loky.process_executor import BrokenProcessPool

    kinds: list[type[BaseException]] = [BrokenProcessPool, MemoryError]
    try:
        from distributed import KilledWorker

        kinds.append(KilledWorker)
    except ImportError:  # Dask is optional at run time: no cluster, no KilledWorker
        pass
    return tuple(kinds)


def _death_text(exc: BaseException) -> str:
    first = str(exc).split(". ")[0].splitlines()[0] if str(exc).strip() else "no detail"
    return f"{type(exc).__name__}: {first}"


def _part_done(out: Path, chunk: Chunk) -> bool:
    path = _part(out, chunk)
    return part_is_complete(path, chunk.count * chunk.cell.n_players) and part_is_readable(path)


def _part(out: Path, chunk: Chunk) -> Path:
    return out / "games" / chunk.part_name


def _trace_part(out: Path, chunk: Chunk) -> Path:
    return out / "traces" / chunk.part_name


def _chunk_done(out: Path, chunk: Chunk, trace: bool) -> bool:
    return _part_done(out, chunk) and (not trace or _trace_part(out, chunk).is_file())


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
