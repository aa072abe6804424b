"""Damaged run directories, concurrent runs, orphaned workers, runaway strategies, bad paths and
imported code (issue 14, items 3-8): each ends in one line saying what is wrong and how to repair
it, or is repaired by a rerun; never a traceback, never a silently wrong table."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import psutil
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from sizes import FULL

from simkit.cli import main
from simkit.core import runner
from simkit.core.describe import METADATA_KEY
from simkit.core.errors import ExperimentError, SimkitError, StrategyError
from simkit.core.experiment import Experiment, default_run_dir
from simkit.core.results import SCHEMA, read_results, write_json
from simkit.core.strategy import make_strategy, names_code, refuse_imports

GAME = "lets-take-a-hike"
STUDY = {"name": GAME, "game": GAME, "players": 2, "games": 100, "seed": 5, "chunk": 20}


def cli_run(games: int = 100, jobs: int = 1) -> list[str]:
    """The study as a command line (the command a run directory records)."""
    return [
        "run", "--game", GAME, "--players", "2", "--games", str(games), "--seed", "5",
        "--chunk", "20", "--strategies", "random", "--engine", "python", "--jobs", str(jobs),
    ]  # fmt: skip


CLI_RUN = cli_run()


def experiment(**kw) -> Experiment:
    return Experiment.from_dict({**STUDY, "strategies": ["random"], **kw})


def rows(run_dir: Path) -> pl.DataFrame:
    return read_results(run_dir).sort("game_index", "seat")


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> pl.DataFrame:
    """The rows of the study played once, uninterrupted."""
    out = tmp_path_factory.mktemp("whole") / "r"
    runner.run(experiment(), out, jobs=1, progress=False, engine="python")
    return rows(out)


@pytest.fixture
def made(tmp_path) -> Path:
    """The study played into a fresh run directory by the command line (its command recorded)."""
    out = tmp_path / "r"
    result = CliRunner().invoke(main, [*CLI_RUN, "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def cli(*args: str):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def one_line_error(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


def parts(out: Path) -> list[Path]:
    return sorted((out / "games").glob("part-*.parquet"))


# ---------------------------------------------------------------------------------- run.json
@pytest.mark.parametrize("damage", ["empty", "cut", "not a table", "missing key"])
def test_a_damaged_run_json_is_one_line_with_its_repair_and_repair_rebuilds_it(made, whole, damage):
    meta_path = made / "run.json"
    text = meta_path.read_text()
    damaged = {
        "empty": "",
        "cut": text[: len(text) // 2],
        "not a table": "[1, 2]",
        "missing key": json.dumps({k: v for k, v in json.loads(text).items() if k != "seed"}),
    }[damage]
    meta_path.write_text(damaged)
    for command in (
        [*CLI_RUN, "--quiet", "--out", made],
        ["report", made, "--quiet"],
        ["replay", made, "--index", "3"],
    ):
        line = one_line_error(cli(*command))
        assert "run.json is damaged" in line and "--repair" in line and "start over" in line
    result = cli(*CLI_RUN, "--quiet", "--out", made, "--repair")
    assert result.exit_code == 0, result.output
    assert json.loads(meta_path.read_text())["games_per_cell"] == 100
    assert rows(made).equals(whole)


def test_run_json_is_written_atomically(tmp_path, monkeypatch):
    path = tmp_path / "run.json"
    write_json(path, {"status": "complete"})

    def killed(_fd):
        raise KeyboardInterrupt  # the process dies after writing, before the file is in place

    monkeypatch.setattr(os, "fsync", killed)
    with pytest.raises(KeyboardInterrupt):
        write_json(path, {"status": "running", "more": list(range(1000))})
    assert json.loads(path.read_text()) == {"status": "complete"}


# ------------------------------------------------------------------------------------- parts
def _rename_column_in_footer(part: Path) -> None:
    data = part.read_bytes()
    assert b"end_reason" in data
    part.write_bytes(data.replace(b"end_reason", b"end_reasoN"))


def test_a_part_whose_footer_renamed_a_column_is_refused_then_played_again(made, whole):
    damaged = parts(made)[2]
    _rename_column_in_footer(damaged)
    with pytest.raises(SimkitError, match=rf"{damaged.name} has no column 'end_reason'.*run `"):
        read_results(made)
    meta = runner.run(experiment(), made, jobs=1, progress=False, engine="python")
    assert meta["games_played_now"] == 20
    assert rows(made).equals(whole)
    assert "end_reasoN" not in rows(made).columns


def test_a_part_copied_over_another_chunk_is_refused_then_played_again(made, whole):
    shutil.copy(parts(made)[0], parts(made)[3])
    with pytest.raises(SimkitError, match=r"part-000-000003.parquet holds games 0-19, not its"):
        read_results(made)
    meta = runner.run(experiment(), made, jobs=1, progress=False, engine="python")
    assert meta["games_played_now"] == 20
    assert rows(made).equals(whole)


def test_a_part_from_a_run_with_another_seed_is_refused(tmp_path, made):
    other = tmp_path / "other"
    runner.run(experiment(seed=6), other, jobs=1, progress=False, engine="python")
    shutil.copy(parts(other)[1], parts(made)[1])
    with pytest.raises(SimkitError, match="seed of another run"):
        read_results(made)


def zero_bytes(path: Path, start: int, count: int = 32) -> None:
    data = bytearray(path.read_bytes())
    data[start : start + count] = bytes(count)
    path.write_bytes(bytes(data))


def test_report_and_replay_of_a_corrupt_part_name_it_and_the_command_that_repairs_it(made, whole):
    damaged = parts(made)[1]
    # In the middle of the scores' pages (a page header or its checksummed data)
    scores = pq.ParquetFile(damaged).metadata.row_group(0).column(SCHEMA.names.index("score"))
    zero_bytes(damaged, scores.data_page_offset + scores.total_compressed_size // 2, 16)
    for command in (["report", made, "--quiet"], ["replay", made, "--index", "25"]):
        line = one_line_error(cli(*command))
        assert damaged.name in line and "cannot be read" in line, line
        assert "simkit run --game lets-take-a-hike" in line and "plays only the chunks" in line
    assert cli("replay", made, "--index", "5").exit_code == 0  # another part is fine
    result = cli(*CLI_RUN, "--quiet", "--out", made)  # the command the error names
    assert result.exit_code == 0 and "(20 played now" in result.output
    assert rows(made).equals(whole)


def test_a_part_whose_description_in_the_footer_is_damaged_is_named_and_played_again(made, whole):
    """The run's description in a part's footer is covered by no page checksum and may still
    read as text: the digest written with the part catches it."""
    damaged = parts(made)[2]
    metadata = pq.ParquetFile(damaged).metadata.metadata
    described = metadata[METADATA_KEY]
    start = damaged.read_bytes().index(described) + len(described) // 2
    zero_bytes(damaged, start, 8)
    line = one_line_error(cli("report", made, "--quiet"))
    assert damaged.name in line and "damaged" in line and "plays only the chunks" in line, line
    result = cli(*CLI_RUN, "--quiet", "--out", made)
    assert result.exit_code == 0 and "(20 played now" in result.output
    assert rows(made).equals(whole)


def test_a_stray_file_named_like_a_part_is_not_read_and_a_rerun_sets_it_aside(made, whole):
    stray = made / "games" / "part-007-000000.parquet"
    shutil.copy(parts(made)[0], stray)
    assert rows(made).equals(whole)  # read_results reads only the parts run.json plans
    runner.run(experiment(), made, jobs=1, progress=False, engine="python")
    assert not stray.exists() and stray.with_name(stray.name + ".stray").exists()
    every = pl.read_parquet(made / "games" / "*.parquet")  # the README's own line
    assert every.sort("game_index", "seat").equals(whole)


def test_fewer_games_than_the_directory_holds_is_refused(made, whole):
    line = one_line_error(cli(*cli_run(games=40), "--quiet", "--out", made))
    assert "holds a run of 100 games" in line and "--games 100 or more" in line
    assert json.loads((made / "run.json").read_text())["games_per_cell"] == 100
    assert rows(made).equals(whole)


# --------------------------------------------------------------------------------- the lock
def test_a_second_run_into_a_locked_directory_is_refused_naming_the_holder(tmp_path):
    out = tmp_path / "r"
    hold = (
        "import sys, time; from pathlib import Path; from simkit.core.runner import run_lock\n"
        "with run_lock(Path(sys.argv[1])):\n    time.sleep(120)\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", hold, str(out)])
    try:
        deadline = time.monotonic() + 60
        while not (out / runner.HOLDER_FILE).exists():
            assert holder.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        with pytest.raises(ExperimentError, match=rf"in use by another run \(process {holder.pid}"):
            runner.run(experiment(games=20), out, jobs=1, progress=False)
        assert not (out / "run.json").exists()
    finally:
        holder.kill()
        holder.wait()
    runner.run(experiment(games=20), out, jobs=1, progress=False)  # freed when its holder died
    with runner.run_lock(out), runner.run_lock(out):  # one process may take it again
        runner.run(experiment(games=40), out, jobs=1, progress=False)


def _start_run(out: Path, games: int = 4000, jobs: int = 1) -> subprocess.Popen:
    args = [*cli_run(games, jobs), "--quiet"]
    code = "from simkit.cli import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args, "--out", str(out)],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _wait_for_parts(proc: subprocess.Popen, out: Path, n: int) -> None:
    deadline = time.monotonic() + 120
    while len(parts(out)) < n:
        assert proc.poll() is None, "the run ended too soon"
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_two_concurrent_runs_into_one_directory_never_both_write(tmp_path):
    out = tmp_path / "r"
    first = _start_run(out)
    try:
        _wait_for_parts(first, out, 1)
        second = cli(*cli_run(4000), "--quiet", "--out", out)
        line = one_line_error(second)
        assert f"is in use by another run (process {first.pid}" in line
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(first.pid, signal.SIGKILL)
        first.wait()


# ------------------------------------------------------------------------- orphaned workers
def test_workers_exit_within_seconds_when_their_run_is_killed(tmp_path):
    out = tmp_path / "r"
    proc = _start_run(out, games=20000, jobs=2)
    children: list[psutil.Process] = []
    try:
        _wait_for_parts(proc, out, 2)
        children = psutil.Process(proc.pid).children(recursive=True)
        assert children, "the run started no worker"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        _, alive = psutil.wait_procs(children, timeout=3 * runner.ORPHAN_CHECK_SECONDS + 5)
        assert not alive, f"still alive after the run was killed: {alive}"
    finally:
        for child in children:  # whatever happened above, leave nothing behind
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


# ------------------------------------------------------------------- runaway strategies, jobs
@dataclass
class Stuck:
    """Never returns from its first decision (a runaway search, a deadlock)."""

    def choose(self, view, legal, rng):
        while True:
            pass


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_strategy_that_never_returns_is_stopped_by_the_time_limit(tmp_path, jobs):
    exp = experiment(games=20, chunk=10, strategies=["random", "test_damaged_runs:Stuck"])
    out = tmp_path / "r"
    started = time.monotonic()
    with pytest.raises(StrategyError) as stopped:
        runner.run(exp, out, jobs=jobs, progress=False, engine="python", time_limit=0.5)
    assert time.monotonic() - started < 60
    message = str(stopped.value)
    assert "strategy 'test_damaged_runs:Stuck' in seat 1 did not return within" in message
    assert "0.5 s limit" in message and "(seed " in message and "\n" not in message
    assert json.loads((out / "run.json").read_text())["status"] == "failed"
    if jobs == 1:  # its replay stops the same way, under the run's limit
        index = message.split()[1]
        replayed = cli("replay", out, "--index", index, "--allow-import")
        assert "did not return within the game's 0.5 s limit" in one_line_error(replayed)


def test_jobs_are_capped_at_a_multiple_of_the_cores(capsys):
    cores = os.cpu_count() or 1
    said = []
    assert runner._workers(1000, say=said.append) == runner.WORKERS_PER_CORE * cores
    assert said and "--jobs 1000: using" in said[0]
    assert runner._workers(1) == 1 and runner._workers(-1) == cores


# -------------------------------------------------------------------------------------- paths
def test_a_study_name_never_takes_the_default_output_outside_runs():
    for name in ("../../x", "/etc/x", "a/../../b", "..", "ok name"):
        exp = Experiment.from_dict({"name": name, "game": GAME, "games": 1})
        folder = default_run_dir(exp, from_file=True)
        assert folder.parent == Path("runs") / GAME, name
        assert folder.name not in ("", ".", "..") and "/" not in folder.name, name


def test_a_study_named_with_dots_runs_inside_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    study = tmp_path / "s.toml"
    study.write_text('name = "../../escape"\ngame = "lets-take-a-hike"\nplayers = 2\ngames = 2\n')
    result = cli("run", study, "--quiet", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert list((tmp_path / "runs").iterdir()) and not (tmp_path.parent.parent / "escape").exists()


@pytest.mark.parametrize("where", ["file", "proc"])
def test_an_out_where_no_folder_can_be_made_is_one_line(tmp_path, where):
    regular = tmp_path / "a-file"
    regular.write_text("x")
    out = regular / "run" if where == "file" else Path("/proc/simkit-run")
    line = one_line_error(cli(*CLI_RUN, "--quiet", "--out", out))
    assert str(out) in line


# ------------------------------------------------------------------------------ code that runs
def test_replay_does_not_import_a_module_the_run_names_without_allow_import(tmp_path, monkeypatch):
    module = tmp_path / "sent_to_you.py"
    marker = tmp_path / "imported"
    module.write_text(
        f"open({str(marker)!r}, 'a').write('x')\n"
        "class Player:\n"
        "    def choose(self, view, legal, rng):\n"
        "        return legal[0]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "r"
    runner.run(experiment(games=4, strategies=["sent_to_you:Player"]), out, jobs=1, progress=False)
    marker.unlink()
    sys.modules.pop("sent_to_you", None)
    line = one_line_error(cli("replay", out, "--index", "1"))
    assert "'sent_to_you:Player' is not a registered strategy" in line and "--allow-import" in line
    assert not marker.exists()
    assert cli("replay", out, "--index", "1", "--allow-import").exit_code == 0
    assert marker.exists()


def test_a_search_policy_by_import_path_counts_as_code():
    assert names_code("search:policy=mod:Class", GAME)
    assert names_code("mod:Class", GAME)
    assert not names_code("threshold:hike=5", GAME) and not names_code("random", GAME)
    with refuse_imports("not here"), pytest.raises(StrategyError, match="not here"):
        make_strategy("os:Anything", GAME)


def test_a_damaged_trace_part_is_named_then_played_again(tmp_path):
    from simkit.core.traces import read_traces

    out = tmp_path / "r"
    exp = experiment(games=40)
    runner.run(exp, out, jobs=1, progress=False, engine="python", trace=True)
    before = read_traces(out)
    trace = sorted((out / "traces").glob("part-*.parquet"))[1]
    trace.write_bytes(trace.read_bytes()[:-40])
    with pytest.raises(SimkitError, match=rf"{trace.name} cannot be read.*run `"):
        read_traces(out)
    meta = runner.run(exp, out, jobs=1, progress=False, engine="python", trace=True)
    assert meta["games_played_now"] == 20
    assert read_traces(out).equals(before)


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        (b"simkit:digest", b"\xc1imkit:digest", None),  # polars panics on such a key
        (b"x_drawoff", b"x_drawofg", "x_drawofg"),  # still a valid name: unlike the other parts
        (b"x_drawoff", b"x_drawofF", "x_drawofF"),
    ],
)
def test_a_damaged_footer_never_gives_a_wrong_table(made, whole, old, new, named):
    part = parts(made)[2]
    data = part.read_bytes()
    assert old in data
    part.write_bytes(data.replace(old, new))
    try:
        assert rows(made).equals(whole)
    except SimkitError as exc:
        assert part.name in str(exc) and (named is None or named in str(exc))
    runner.run(experiment(), made, jobs=1, progress=False, engine="python")
    assert rows(made).equals(whole)


def test_every_single_bit_flip_of_a_footer_is_refused_or_harmless(made, whole):
    """The footer is not covered by the page checksums: an offset or a length damaged there can
    still read, from other bytes of intact pages. Each column's sum, written into the footer,
    shows it (a sample of the footer's bits, every one in full runs)."""
    part = parts(made)[1]
    data = part.read_bytes()
    footer = int.from_bytes(data[-8:-4], "little")
    start = len(data) - 8 - footer
    step = 1 if FULL else 13
    for at in range(start, len(data) - 8, step):
        damaged = bytearray(data)
        damaged[at] ^= 1 << (at % 8)
        part.write_bytes(bytes(damaged))
        with contextlib.suppress(SimkitError):  # refused: fine; read: must be the same rows
            assert rows(made).equals(whole), f"byte {at - start} of the footer"
    part.write_bytes(data)
