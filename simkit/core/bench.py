"""``simkit bench``: games/s and decisions/s per core, the speed-up of two workers over one, and
for a game with a compiled engine its games/s per core, the ratio to the Python engine and the
share of a compiled chunk's time spent in Python around the kernel (seat codes, Arrow rows, the
Parquet part the runner writes), today and with a kernel three times faster; for each, the time a
million games would take on two cores.

A game with a C port of its compiled kernel (``bench/c_reference``: Let's Take a Hike) is also
measured against it: the two kernels play the same games in turn in this process, on one core, and
the bench gives both games/s per core, their ratio and whether every game measured came out the
same in both. The C port is built here with the machine's C compiler (``cc -O2``, or ``$CC``) when
first asked; without a compiler that comparison is skipped with a message.

Per-core figures are timed in the process's CPU time, so that other work on a shared machine does
not count against them; the two-worker speed-up is wall-clock time. Benchmarks measure; no test
asserts a time.
"""

from __future__ import annotations

import ctypes
import importlib
import os
import platform
import shutil
import subprocess
import tempfile
import time
from functools import cache
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed

from simkit import __version__
from simkit.core import registry
from simkit.core.experiment import LARGEST_CHUNK
from simkit.core.results import write_part
from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy

# Games per compiled chunk: the largest the runner cuts by default.
CHUNK = LARGEST_CHUNK["compiled"]
FIRST = 50  # games of a first chunk, which gives the engine's rate
MILLION = 1_000_000
FASTER_KERNEL = 3.0  # the pipeline's share is also given for a kernel this many times faster

# C ports of compiled kernels, a measuring stick for them (not engines ``simkit run`` uses).
C_REFERENCE = Path(__file__).resolve().parents[2] / "bench" / "c_reference"
C_PORTS = {"lets-take-a-hike": "lets_take_a_hike"}
C_CHUNK = 2_000  # games a kernel plays in a turn, numba and C alternately


def _play(spec, rules, strategy: str, n_players: int, seeds: range) -> tuple[int, int, float]:
    """Play games seeded by ``seeds`` on this core; returns (games, decisions, seconds)."""
    players = [make_strategy(strategy, spec.name) for _ in range(n_players)]
    decisions = 0
    t0 = time.process_time()
    for k in seeds:
        engine_rng, rngs = seat_streams(game_seed(12345, k), n_players)
        state = spec.new_state(rules, n_players, engine_rng)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(players[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
            decisions += 1
    return len(seeds), decisions, time.process_time() - t0


def measure(game: str, strategy: str, seconds: float = 3.0) -> dict:
    spec = registry.game(game)
    rules = spec.default_rules()
    n = spec.typical_players
    _play(spec, rules, strategy, n, range(3))  # warm caches
    games, decisions, elapsed, start = 0, 0, 0.0, 0
    batch = 20
    while elapsed < seconds:
        g, d, s = _play(spec, rules, strategy, n, range(start, start + batch))
        games, decisions, elapsed, start = games + g, decisions + d, elapsed + s, start + batch
        batch = min(batch * 2, 2000)
    one_core = games / elapsed
    # Two workers, each the same share of games: wall-clock speed-up over one worker.
    share = max(20, int(one_core * seconds / 2))
    t0 = time.perf_counter()
    Parallel(n_jobs=2)(
        delayed(_play)(spec, rules, strategy, n, range(i * share, (i + 1) * share))
        for i in range(2)
    )
    two = 2 * share / (time.perf_counter() - t0)
    result = {
        "game": game,
        "players": n,
        "strategy": strategy,
        "games_per_s_one_core": round(one_core, 1),
        "decisions_per_s_one_core": round(decisions / elapsed, 1),
        "decisions_per_game": round(decisions / games, 1),
        "games_per_s_two_workers": round(two, 1),
        "speedup_two_workers": round(two / one_core, 2),
    }
    compiled = _measure_compiled(spec, rules, strategy, n, seconds)
    if compiled is not None:
        result.update(compiled)
        result["fast_path_ratio"] = round(compiled["compiled_games_per_s_one_core"] / one_core, 1)
    # What `simkit run` would use: the compiled engine when the strategy has a compiled form.
    rate = compiled["compiled_games_per_s_one_core"] if compiled else one_core
    result["run_engine"] = "compiled" if compiled else "python"
    result["million_games_two_cores_s"] = round(MILLION / (2 * rate))
    if game in C_PORTS:
        result.update(measure_c_reference(game, strategy, n, seconds))
    return result


def _measure_compiled(spec, rules, strategy: str, n: int, seconds: float) -> dict | None:
    """Games/s on one core of the game's compiled engine as the runner plays a chunk of ``CHUNK``
    games (fewer for an engine too slow to play two in ``seconds``): ``play_rows`` (seat codes, kernel, Arrow rows) and the part written to Parquet. If the
    engine counts its kernel time, the share of that time spent in Python around the kernel, and
    that share with a kernel ``FASTER_KERNEL`` times faster. None if the strategy has no compiled
    form."""
    if not spec.fast_engine:
        return None
    fast = importlib.import_module(spec.fast_engine)
    players = [make_strategy(strategy, spec.name) for _ in range(n)]
    if not fast.supports(players):
        return None
    fast.warm()
    labels = ("bench", "base", spec.name)
    # Untimed: a process's first chunk also imports pandas (pyarrow does, given numpy arrays),
    # some 0.4 s, which made the rate so low that chunks of a few hundred games were measured.
    fast.play_rows(labels, rules, 12345, 0, 0, [players] * FIRST)
    t0 = time.process_time()
    fast.play_rows(labels, rules, 12345, 0, 0, [players] * FIRST)
    # The runner's largest chunk, or what half the time allows for a slow engine.
    rate = FIRST / max(time.process_time() - t0, 1e-9)
    chunk = int(min(CHUNK, max(FIRST, rate * seconds / 2)))
    kernel_before = getattr(fast, "kernel_seconds", None)
    games, elapsed, writing = 0, 0.0, 0.0
    with tempfile.TemporaryDirectory() as folder:
        part = Path(folder) / "part.parquet"
        while elapsed + writing < seconds:
            seats = [players] * chunk  # one list for every game of a lineup, as the runner passes
            t0 = time.process_time()
            table = fast.play_rows(labels, rules, 12345, games, games, seats)
            t1 = time.process_time()
            write_part(table, part)
            writing += time.process_time() - t1
            elapsed += t1 - t0
            games += chunk
    total = elapsed + writing
    result = {
        "compiled_games_per_s_one_core": round(games / total, 1),
        "compiled_chunk": chunk,
        "compiled_write_share": round(writing / total, 3),
    }
    if kernel_before is not None:
        kernel = fast.kernel_seconds - kernel_before
        around = total - kernel
        result["compiled_python_share"] = round(around / total, 3)
        result["compiled_python_share_faster_kernel"] = round(
            around / (around + kernel / FASTER_KERNEL), 3
        )
    return result


@cache
def c_port(game: str) -> ctypes.CDLL | str:
    """The C port of ``game``'s kernel (``play_games`` as the compiled engine's), built into
    ``bench/c_reference/build`` if missing or older than its source; or why there is none."""
    source = C_REFERENCE / f"{C_PORTS[game]}.c"
    if not source.exists():
        return f"no C reference here ({source} is not in this install)"
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        return "no C compiler (cc, or $CC): the C reference is skipped"
    library = C_REFERENCE / "build" / f"{C_PORTS[game]}.so"
    if not library.exists() or library.stat().st_mtime < source.stat().st_mtime:
        library.parent.mkdir(exist_ok=True)
        # Built beside and renamed, so that workers building at once never load half a file.
        partial = library.with_suffix(f".{os.getpid()}.so")
        command = [compiler, "-O2", "-shared", "-fPIC", "-o", str(partial), str(source)]
        built = subprocess.run(command, capture_output=True, text=True)
        if built.returncode:
            return f"the C reference does not build: {built.stderr.strip()}"
        partial.replace(library)
    lib = ctypes.CDLL(str(library))
    lib.play_games.restype = ctypes.c_int64
    return lib


def _pointer(array: np.ndarray) -> ctypes.c_void_p:
    return ctypes.c_void_p(array.ctypes.data)


def c_play(lib: ctypes.CDLL, rules, known: np.ndarray, root: int, first: int, kinds, params):
    """Games ``first .. first+len(kinds)-1`` played by the C port, as ``CompiledRules.play``
    gives them (``rules``: the game's ``CompiledRules``; ``known``: the port's own table of
    backpacks measured, 4096 words of -1 to start)."""
    count, n = kinds.shape
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    params = np.ascontiguousarray(params, dtype=np.int64)
    seeds = np.zeros(count, dtype=np.uint64)
    tally = np.zeros((count, n, 10), dtype=np.int64)
    ranks = np.zeros((count, n), dtype=np.int64)
    end = np.zeros(count, dtype=np.int64)
    turns = np.zeros(count, dtype=np.int64)
    i64 = ctypes.c_int64
    decisions = lib.play_games(
        ctypes.c_uint64(root),
        i64(first),
        i64(count),
        i64(n),
        _pointer(kinds),
        _pointer(params),
        i64(rules.copies.shape[0]),
        _pointer(rules.copies),
        i64(rules.miles.shape[0]),
        _pointer(rules.miles),
        _pointer(rules.cards),
        i64(rules.deal),
        i64(rules.turn_limit),
        i64(rules.drawoff_random),
        _pointer(rules.sup_start),
        _pointer(rules.sup_list),
        i64(rules.capacity.shape[0]),
        _pointer(rules.capacity),
        _pointer(known),
        _pointer(seeds),
        _pointer(tally),
        _pointer(ranks),
        _pointer(end),
        _pointer(turns),
    )
    if decisions < 0:
        raise ValueError(f"these rules or {n} players are beyond what the C reference holds")
    return seeds, tally, ranks, end, turns, decisions


def measure_c_reference(game: str, strategy: str, n: int, seconds: float) -> dict:
    """Games/s per core of the compiled kernel and of its C port, playing the same games in turn
    (``C_CHUNK`` each, numba first) for about ``seconds`` each; their ratio, and whether every
    game measured gave the same outcome in both."""
    lib = c_port(game)
    if isinstance(lib, str):
        return {"c_reference": lib}
    spec = registry.game(game)
    fast = importlib.import_module(spec.fast_engine)
    players = [make_strategy(strategy, spec.name) for _ in range(n)]
    fast.warm()
    rules = fast.compiled_rules(spec.default_rules())
    kinds, params = fast.seat_codes([players] * C_CHUNK)
    known = np.full(rules.known.shape, -1, dtype=np.int64)
    numba_s, c_s, games, equal = 0.0, 0.0, 0, True
    while min(numba_s, c_s) < seconds:
        t0 = time.process_time()
        compiled = rules.play(12345, games, C_CHUNK, kinds, params)
        t1 = time.process_time()
        ported = c_play(lib, rules, known, 12345, games, kinds, params)
        t2 = time.process_time()
        numba_s, c_s, games = numba_s + t1 - t0, c_s + t2 - t1, games + C_CHUNK
        equal &= all(np.array_equal(a, b) for a, b in zip(compiled, ported, strict=True))
    return {
        "kernel_games_per_s_one_core": round(games / numba_s, 1),
        "c_games_per_s_one_core": round(games / c_s, 1),
        "c_over_kernel": round(numba_s / c_s, 2),
        "c_games": games,
        "c_equal": equal,
    }


def run_bench(games: list[str], seconds: float = 3.0) -> dict:
    results = []
    for game in games:
        spec = registry.game(game)
        for strategy in dict.fromkeys(["random", spec.default_strategy]):
            results.append(measure(game, strategy, seconds))
    return {
        "simkit_version": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "per_core_timing": "process CPU time",
        "million_games_two_cores": "seconds for 1,000,000 games at twice the games/s per core "
        "of the engine `simkit run` picks (both cores busy)",
        "faster_kernel": FASTER_KERNEL,
        "load_average": os.getloadavg()[0],
        "results": results,
    }
