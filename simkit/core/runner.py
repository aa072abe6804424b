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
import importlib.util
import json
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from filelock import FileLock, Timeout
from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from simkit.core import registry
from simkit.core.describe import describe
from simkit.core.errors import ExperimentError, IllegalAction, SimkitError, StrategyError
from simkit.core.experiment import Chunk, Experiment
from simkit.core.extend import renumber
from simkit.core.results import (
    RowBuffer,
    odd_parts,
    part_problem,
    planned_parts,
    read_run_meta,
    trace_problem,
    write_json,
    write_part,
)
from simkit.core.rng import GameRng, game_seed, seat_streams
from simkit.core.strategy import make_strategy, names_code
from simkit.core.traces import TRACE_SCHEMA, ScoreRecorder, TraceBuffer
from simkit.core.worlds import Worlds, uses_worlds

ENGINES = ("auto", "python", "compiled")
RETRIES = 2
WORKERS_PER_CORE = 2  # more CPU-bound workers than this only compete for the cores
ORPHAN_CHECK_SECONDS = 1.0  # how often a worker looks whether the run that started it is alive


class SeatFailure(StrategyError):
    """A strategy raised, or returned an illegal action, in one seat of a game."""

    def __init__(self, seat: int, strategy: str, what: str):
        self.seat, self.strategy = seat, strategy
        super().__init__(f"strategy '{strategy}' in seat {seat} {what}")


class GameTimeout(BaseException):
    """The game's time limit ran out (a BaseException, so no strategy's ``except Exception``
    swallows it)."""


class _TimeLimit:
    """A per-game time limit: SIGALRM raises :class:`GameTimeout` wherever the game is, even in a
    strategy that never returns. Signals reach only the main thread; elsewhere (a Dask worker's
    thread) the limit is checked between decisions instead."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.alarm = bool(seconds) and threading.current_thread() is threading.main_thread()
        self.deadline = time.monotonic() + seconds if seconds else None

    def __enter__(self):
        if self.alarm:
            self.previous = signal.signal(signal.SIGALRM, self._expire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)

    def _expire(self, *_):
        raise GameTimeout

    def check(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise GameTimeout


def play_game(
    spec,
    rules,
    strategies: Sequence,
    seed: int,
    log: bool = False,
    observe=None,
    time_limit: float | None = None,
):
    """Play one game to the end from its seed; returns the final state.

    ``observe(state)``, if given, is called after setup and after every action (score traces).
    ``time_limit`` (seconds) stops a game that runs longer, naming the seat whose strategy was
    deciding when it ran out.
    """
    if len(strategies) not in spec.player_counts:
        raise SimkitError(
            f"{len(strategies)} strategies: {spec.name} plays "
            f"{spec.min_players}-{spec.max_players} players"
        )
    with _TimeLimit(time_limit) as limit:
        try:
            return _play(spec, rules, strategies, seed, log, observe, limit)
        except GameTimeout:  # ran out in the engine, between two decisions
            raise SimkitError(f"the game ran past its {time_limit:g} s limit") from None


def _play(spec, rules, strategies, seed, log, observe, limit):
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
            limit.check()
            if searching[seat]:
                worlds = Worlds(state, seat, spec.name)
                action = player.choose(state.view(seat), legal, seat_rngs[seat], worlds=worlds)
            else:
                action = player.choose(state.view(seat), legal, seat_rngs[seat])
        except MemoryError:
            raise
        except GameTimeout:
            raise SeatFailure(
                seat, player.name, f"did not return within the game's {limit.seconds:g} s limit"
            ) from None
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
    time_limit: float | None = None,
    parent: int | None = None,
):
    """Play one chunk's games (in a worker); returns the chunk, its rows as an Arrow table and,
    with ``trace``, its games' score lines as another (else None). ``parent`` is the pid of the
    run's process: a worker it started exits soon after it is gone."""
    if parent is not None:
        _exit_with(parent)
    spec = registry.game(exp.game)
    rules = exp.rules_for(chunk.cell.variant)
    built: dict[str, object] = {}
    games = range(chunk.first, chunk.first + chunk.count)
    # Experiment.seats(k) repeats with the seating design's period: build each lineup once, so
    # the per-game Python work of a compiled chunk is one list lookup.
    variant, n_players = chunk.cell.variant, chunk.cell.n_players
    period = exp.seating_period(n_players)
    lineups = []
    for k in games[:period]:
        names = exp.seats(k, chunk.cell.n_players)
        for name in names:
            if name not in built:
                built[name] = make_strategy(name, exp.game)
        lineups.append([built[name] for name in names])
    seats = [lineups[i % period] for i in range(chunk.count)]
    if engine == "compiled" and not trace:
        labels = (exp.name, chunk.cell.variant.name, spec.name)
        first_index = exp.game_index(chunk.cell, chunk.first)
        table = _fast_module(spec).play_rows(
            labels, rules, exp.seed, chunk.first, first_index, seats
        )
        if table is not None:
            return chunk, describe(table, exp, variant, n_players, run_dir), None
    rows = RowBuffer(exp.name, chunk.cell.variant.name, spec.name)
    traces = TraceBuffer(exp.name, chunk.cell.variant.name, spec.name) if trace else None
    for k, players in zip(games, seats, strict=True):
        seed = game_seed(exp.seed, k)
        index = exp.game_index(chunk.cell, k)
        recorder = ScoreRecorder() if trace else None
        try:
            state = play_game(spec, rules, players, seed, observe=recorder, time_limit=time_limit)
        except MemoryError:
            raise  # the runner retries the chunk as for a dead worker
        except Exception as exc:  # a strategy's or engine's failure: name the game that shows it
            code = any(names_code(name, exp.game) for name in built)
            raise StrategyError(_failure(index, seed, players, exc, run_dir, code)) from exc
        rows.add(index, seed, [p.name for p in players], state.outcome())
        if trace:
            recorder.finish(state)
            traces.add(index, recorder)
    table = describe(rows.table(), exp, variant, n_players, run_dir)
    if trace:
        return chunk, table, describe(traces.table(), exp, variant, n_players, run_dir)
    return chunk, table, None


def keep_played(exp: Experiment, out: Path, played: dict) -> None:
    """Write, as :func:`run` would, the part of every chunk (of ``exp.chunk`` games) whose games
    were all played elsewhere and are in ``played`` (game k: its seats' strategy names and its
    outcome) and which has no part yet; a following :func:`run` then plays only the rest. The audit
    plays each game once for its positions and keeps its rows here rather than play it twice."""
    spec = registry.game(exp.game)
    for chunk in exp.chunks(exp.chunk):
        games = range(chunk.first, chunk.first + chunk.count)
        if _part(out, chunk).exists() or any(k not in played for k in games):
            continue
        rows = RowBuffer(exp.name, chunk.cell.variant.name, spec.name)
        for k in games:
            rows.add(exp.game_index(chunk.cell, k), game_seed(exp.seed, k), *played[k])
        cell = chunk.cell
        write_part(
            describe(rows.table(), exp, cell.variant, cell.n_players, str(out)), _part(out, chunk)
        )


_watching: set[int] = set()


def _exit_with(parent: int) -> None:
    """In a worker started by ``parent`` (a loky process), watch it from a daemon thread and exit
    as soon as it is gone: a run killed with SIGKILL leaves no idle worker holding its memory. A
    worker elsewhere (a Dask cluster's, or the run's own process) has another parent: not watched."""
    if parent in _watching or os.getpid() == parent or os.getppid() != parent:
        return
    _watching.add(parent)

    def watch():
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(1)  # reparented: the run is gone

    threading.Thread(target=watch, name="simkit-orphan-watch", daemon=True).start()


def _failure(
    index: int, seed: int, players: Sequence, exc: Exception, run_dir: str, code: bool = False
) -> str:
    if isinstance(exc, SeatFailure):
        what = str(exc)
    else:
        names = ", ".join(p.name for p in players)
        what = f"the engine raised {type(exc).__name__}: {exc} (strategies {names})"
    return (
        f"game {index} (seed {seed}) failed: {what}; "
        f"reproduce with `simkit replay {run_dir} --index {index}"
        + (" --allow-import`" if code else "`")
    )


def _fast_module(spec):
    return importlib.import_module(spec.fast_engine)


def _compiled_before(module) -> bool:
    """Whether numba's cache of ``module`` exists (its index files beside the module), i.e. the
    first run's silent minute of compiling is over."""
    path = Path(module.__file__)
    return any((path.parent / "__pycache__").glob(f"{path.stem}.*.nbi"))


def compile_engines(games: list[str], jobs: int) -> list[str]:
    """Compile the compiled engines of ``games`` now, in ``jobs`` processes (0: one a core; numba
    keeps them on disk), so that no run or test waits for it; the games that have one."""
    names = sorted(
        (g for g in games if registry.game(g).fast_engine), key=_source_size, reverse=True
    )
    workers = jobs or min(len(names), os.cpu_count() or 1) or 1
    Parallel(n_jobs=workers)(delayed(_warm)(g) for g in names)
    return names


def _source_size(game: str) -> int:
    """Bytes of a game's compiled sources (the ``fast*.py`` beside its engine), so the longest
    compile starts first and the others share the remaining cores."""
    path = Path(importlib.util.find_spec(registry.game(game).fast_engine).origin)
    return sum(p.stat().st_size for p in path.parent.glob("fast*.py"))


def _warm(game: str) -> None:
    """The game's compiled engine and, where it offers them, its compiled playouts (the search
    player's and the audit's), each one move of a new two-player game played on by ``random``."""
    spec = registry.game(game)
    module = importlib.import_module(spec.fast_engine)
    module.warm()
    playouts = getattr(module, "playouts", None)
    if playouts is not None:
        world = spec.new_state(spec.default_rules(), 2, GameRng(0))
        seat = world.current_player()
        legal = world.legal_actions()
        playouts(world, seat, legal[:1], make_strategy("random", game), GameRng(1))


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


def _prepare(exp: Experiment, out: Path, repair: bool = False) -> dict:
    meta_path = out / "run.json"
    meta = exp.to_json()
    meta["fingerprint"] = exp.fingerprint()
    old = _old_meta(out, repair) if meta_path.exists() else None
    if old is not None:
        _refuse_foreign(out, old, meta)
        if len(exp.cells()) > 1 and old.get("games_per_cell", exp.games) != exp.games:
            renumber(out, old["games_per_cell"], exp.games)  # more games: indices move
        meta["started"] = old.get("started")
        meta["resumed"] = old.get("resumed", 0) + 1
        if "chunk_size" in old:
            meta["chunk_size"] = old["chunk_size"]
    else:
        meta["started"] = _now()
    meta["status"] = "running"
    write_json(meta_path, meta)
    return meta


def _old_meta(out: Path, repair: bool) -> dict | None:
    """The run.json a rerun resumes; with ``repair``, a damaged one is rebuilt from this run's
    experiment instead (its parts are then each checked against it, as always)."""
    try:
        return read_run_meta(out)
    except SimkitError:
        if not repair:
            raise
        _say(f"{out / 'run.json'} is damaged: rebuilt from this command (--repair)")
        return None


def _make_dirs(out: Path) -> None:
    """The run directory and its games/ folder, or one line saying why they cannot be made."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "games").mkdir(exist_ok=True)
    except OSError as exc:
        raise ExperimentError(
            f"--out {out}: cannot make the run directory there ({exc.strerror or exc}); "
            "choose a folder you can write to"
        ) from None


def _refuse_foreign(out: Path, old: dict, new: dict) -> None:
    """A run directory is resumed (or extended with more games) only by the same experiment."""
    differ = [
        key
        for key in ("game", "seed", "players", "strategies", "rotate", "rules_as_used", "variants")
        if old.get(key) != new.get(key)
    ]
    if old.get("fingerprint") != new["fingerprint"] and not differ:
        differ = ["the experiment's settings"]
    if not differ and old.get("games_per_cell", 0) > new["games_per_cell"]:
        raise ExperimentError(
            f"{out} holds a run of {old['games_per_cell']} games; this one asks for "
            f"{new['games_per_cell']}, so run.json and the results would disagree: give --games "
            f"{old['games_per_cell']} or more to resume or extend it, or choose another --out"
        )
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
    time_limit: float | None = None,
    repair: bool = False,
) -> dict:
    """Play ``exp`` into run directory ``out``; resumes if ``out`` holds part of the same run.

    ``trace`` also writes every game's score lines to ``out/traces``; ``chunks_per_cell`` plays only
    each cell's first chunks (sequential sampling adds more later); ``time_limit`` (seconds) stops
    a game that runs longer; ``repair`` rebuilds a damaged run.json from ``exp``. One run at a
    time writes into ``out`` (a lock file; a second is refused, naming the first).
    """
    out = Path(out)
    if time_limit is not None and not time_limit > 0:
        raise ExperimentError(f"time limit {time_limit}: give a number of seconds above 0")
    with run_lock(out):
        return _run(exp, out, jobs, progress, backend, scheduler, engine, retries, trace,
                    chunks_per_cell, time_limit, repair)  # fmt: skip


def _run(
    exp, out, jobs, progress, backend, scheduler, engine, retries, trace, chunks_per_cell,
    time_limit, repair,
) -> dict:  # fmt: skip
    engine_used, why = choose_engine(exp, engine)
    if trace and engine_used == "compiled":
        if engine == "compiled":
            raise ExperimentError("--trace records scores turn by turn: use the Python engine")
        engine_used, why = "python", "--trace records scores turn by turn in the Python engine"
    meta = _prepare(exp, out, repair)
    meta["time_limit"] = time_limit  # replay plays a game under the same limit
    workers = _workers(jobs, say=_say if progress else None)
    # A resumed run keeps its chunking, so a part's name always means the same games.
    size = meta.setdefault("chunk_size", exp.chunk_size(workers, engine_used))
    write_json(out / "run.json", meta)
    _set_aside_strays(out, exp, meta)
    chunks = exp.chunks(size)
    if chunks_per_cell is not None:
        chunks = [c for c in chunks if c.number < chunks_per_cell]
    if trace:
        (out / "traces").mkdir(exist_ok=True)
    for folder in ("games", "traces"):
        for stale in (out / folder).glob("*.tmp"):
            stale.unlink()  # a write cut short by a crash; its chunk is played again
    odd = odd_parts([p for p in (_part(out, c) for c in chunks) if p.exists()])
    todo = [c for c in chunks if not _chunk_done(out, exp, c, trace, progress, odd)]
    games_total = sum(c.count for c in chunks)
    done_before = games_total - sum(c.count for c in todo)
    if progress:
        _say(f"engine: {engine_used} ({why})")
    if engine_used == "compiled" and todo:
        fast = _fast_module(registry.game(exp.game))
        if not _compiled_before(fast):  # even with --quiet: it explains a silent wait
            _say(
                f"compiling {exp.game}'s fast engine once (half a minute to a few minutes by game;"
                " `simkit compile` does it ahead); later runs reuse it"
            )
        fast.warm()
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
            deaths = _play_all(exp, out, todo, engine_used, retries, bar, trace, time_limit)
    except SimkitError as exc:
        meta.update(status="failed", error=str(exc), finished=_now())
        write_json(out / "run.json", meta)
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
    write_json(out / "run.json", meta)
    return meta


LOCK_FILE, HOLDER_FILE = ".simkit.lock", ".simkit.lock.holder"


class run_lock:
    """The run directory's lock: one ``simkit run`` writes into a directory at a time. The second
    is refused at once, with who holds the lock (the operating system frees it if that process
    dies, even by SIGKILL). Re-entrant within a process, so a command can hold it across several
    runs into one directory (sequential sampling) and its last write to run.json."""

    _held: dict[Path, tuple[FileLock, int]] = {}

    def __init__(self, out: Path):
        _make_dirs(out)
        self.out = out
        self.key = out.resolve()

    def __enter__(self):
        if self.key in self._held:
            lock, depth = self._held[self.key]
            self._held[self.key] = (lock, depth + 1)
            return self
        lock = FileLock(self.out / LOCK_FILE, timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise ExperimentError(
                f"{self.out} is in use by another run ({self._holder()}): wait for it to finish, "
                "or choose another --out"
            ) from None
        self._held[self.key] = (lock, 1)
        holder = {"pid": os.getpid(), "host": socket.gethostname(), "since": _now()}
        (self.out / HOLDER_FILE).write_text(json.dumps(holder))
        return self

    def __exit__(self, *exc):
        lock, depth = self._held.pop(self.key)
        if depth > 1:
            self._held[self.key] = (lock, depth - 1)
            return
        (self.out / HOLDER_FILE).unlink(missing_ok=True)
        lock.release()

    def _holder(self) -> str:
        try:
            h = json.loads((self.out / HOLDER_FILE).read_text())
            return f"process {h['pid']} on {h['host']}, since {h['since']}"
        except (OSError, ValueError, KeyError, TypeError):
            return "a process that has just started"


def _set_aside_strays(out: Path, exp: Experiment, meta: dict) -> None:
    """Files in games/ named like parts that run.json does not plan (copied in, or left by a
    run with other settings) are renamed ``*.stray``: never read, and out of ``games/*.parquet``."""
    planned = {path.name for path, _ in planned_parts(out, exp, meta)}
    for folder in ("games", "traces"):
        for path in sorted((out / folder).glob("part-*.parquet")):
            if path.name not in planned:
                path.rename(path.with_name(path.name + ".stray"))
                _say(f"{path}: not a part of this run; set aside as {path.name}.stray")


def _play_all(exp, out, todo, engine, retries, bar, trace=False, time_limit=None) -> int:
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
                _tasks(exp, out, todo, engine, dispatched, trace, time_limit)
            ):
                _keep(out, chunk, table, traces, bar, finished)
            return survived
        except deaths as exc:
            survived += 1
            suspects = [c for c in dispatched if c.part_name not in finished]
            _say(f"a worker died ({_death_text(exc)}); playing its chunk(s) again one at a time")
            for chunk in suspects:
                survived += _play_alone(
                    exp, out, chunk, engine, retries, bar, deaths, trace, time_limit
                )
                finished.add(chunk.part_name)
            todo = [c for c in todo if c.part_name not in finished]
    return survived


def _play_alone(exp, out, chunk, engine, retries, bar, deaths, trace=False, time_limit=None) -> int:
    """Play one chunk that may have killed its worker; returns the further deaths it caused."""
    for attempt in range(1, retries + 1):
        try:
            tasks = _tasks(exp, out, [chunk], engine, [], trace, time_limit)
            for done, table, traces in _parallel()(tasks):
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


def _tasks(exp, out, chunks, engine, dispatched: list, trace: bool = False, time_limit=None):
    """The chunks as joblib tasks, noting each as joblib takes it (it may then be on a worker)."""
    parent = os.getpid()
    for c in chunks:
        dispatched.append(c)
        yield delayed(play_chunk)(exp, c, engine, str(out), trace, time_limit, parent)


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


def _part(out: Path, chunk: Chunk) -> Path:
    return out / "games" / chunk.part_name


def _trace_part(out: Path, chunk: Chunk) -> Path:
    return out / "traces" / chunk.part_name


def _chunk_done(
    out: Path, exp: Experiment, chunk: Chunk, trace: bool, say: bool, odd: dict[Path, str]
) -> bool:
    """A chunk is done when its part is whole and is this chunk's (schema, rows, game indices,
    seeds, the same columns as the run's other parts); a part that is not is played again, and
    said so."""
    path = _part(out, chunk)
    if not path.exists():
        return False
    problem = odd.get(path) or part_problem(path, exp, chunk)
    if problem is not None:
        if say:
            _say(f"{path} {problem}: playing its chunk again")
        return False
    if not trace:
        return True
    problem = trace_problem(_trace_part(out, chunk), exp, chunk, TRACE_SCHEMA)
    if problem is not None and say and _trace_part(out, chunk).exists():
        _say(f"{_trace_part(out, chunk)} {problem}: playing its chunk again")
    return problem is None


def _workers(jobs: int, say=None) -> int:
    """Worker processes for ``--jobs`` (-1 or 0: one a core), at most WORKERS_PER_CORE a core."""
    cores = os.cpu_count() or 1
    if jobs is None or jobs <= 0:
        return cores
    most = WORKERS_PER_CORE * cores
    if jobs > most:
        if say is not None:
            say(
                f"--jobs {jobs}: using {most} workers ({WORKERS_PER_CORE} for each of {cores} cores)"
            )
        return most
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
    meta = read_run_meta(run_dir)
    return Experiment.from_run_json(meta), meta


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
