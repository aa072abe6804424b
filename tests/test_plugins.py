"""Games and strategies from outside simkit: entry points, import paths from the current folder,
resolved in every worker (loky and Dask), and the installed example game end to end."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from simkit.core import registry
from simkit.core import strategy as strategy_module
from simkit.core.errors import SimkitError, StrategyError
from simkit.core.strategy import make_strategy, strategies_for

HERE = Path(__file__).parent
SIMKIT = Path(sys.executable).parent / "simkit"

MY_HIKERS = '''
from dataclasses import dataclass


@dataclass
class Opportunist:
    """Hikes whenever it may."""

    name: str = "opportunist"

    def choose(self, view, legal_actions, rng):
        return legal_actions[-1]
'''


def simkit(*args, cwd: Path) -> str:
    """The simkit command as a user types it, in ``cwd``, with no PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [str(SIMKIT), *map(str, args)], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture
def race_module(tmp_path, monkeypatch):
    """The dice race as the designer's own module ``my_race.py`` in the current folder."""
    shutil.copy(HERE / "race_game.py", tmp_path / "my_race.py")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    sys.modules.pop("my_race", None)


def test_a_game_module_in_the_current_folder_runs_on_two_workers(race_module):
    out = simkit(
        "run", "--game", "my_race:RACE", "--players", 3, "--games", 60, "--jobs", 2, "--quiet",
        cwd=race_module,
    )  # fmt: skip
    run_dir = race_module / "runs" / "dice-race"
    (run_dir,) = run_dir.iterdir()
    assert "on 2 workers" in out and str(run_dir.relative_to(race_module)) in out
    meta = json.loads((run_dir / "run.json").read_text())
    assert meta["game"] == "my_race:RACE" and meta["games_total"] == 60
    replay = simkit("replay", run_dir, "--index", 7, cwd=race_module)
    assert "The replay matches the recorded row." in replay
    assert "all checks passed" in simkit("check", "my_race:RACE", "--games", 5, cwd=race_module)
    assert "seat 0 wins" in simkit("report", run_dir, cwd=race_module)
    bench = simkit("bench", "my_race:RACE", "--seconds", "0.05", cwd=race_module)
    assert "my_race:RACE             random" in bench
    (race_module / "tune.toml").write_text(
        'game = "my_race:RACE"\nplayers = 2\nbudget = 200\n[space]\nfirst_hits = [3, 4, 5]\n'
    )
    tuned = simkit("tune", "my_race:RACE", "--space", "tune.toml", "--jobs", 2, cwd=race_module)
    assert "3 settings" in tuned and (race_module / "runs/dice-race/tune-tune/tune.json").is_file()


def test_the_search_player_plays_a_game_named_by_import_path(race_module):
    out = simkit(
        "run", "--game", "my_race:RACE", "--strategies", "search:playouts=2,random", "--games", 4,
        "--jobs", 2, "--quiet", "--out", "runs/search", cwd=race_module,
    )  # fmt: skip
    assert "4 games in runs/search" in out


def test_a_strategy_module_in_the_current_folder_needs_no_pythonpath(tmp_path):
    (tmp_path / "my_hikers.py").write_text(MY_HIKERS)
    out = simkit(
        "run", "--game", "lets-take-a-hike", "--players", 2, "--games", 20, "--jobs", 2,
        "--strategies", "my_hikers:Opportunist,bold", "--quiet", "--out", "runs/mine",
        cwd=tmp_path,
    )  # fmt: skip
    assert "20 games in runs/mine" in out


def test_a_missing_module_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SimkitError, match="run simkit from the folder that holds it"):
        registry.game("no_such_module:GAME")
    with pytest.raises(StrategyError, match="no module 'nowhere_mod'"):
        make_strategy("nowhere_mod:Player", "lets-take-a-hike")
    with pytest.raises(SimkitError, match="for the file games/my_game.py .*: games.my_game:GAME"):
        registry.game("games/my_game.py:GAME")
    with pytest.raises(SimkitError, match="has no GAMES"):
        registry.game("simkit.core.game:GAMES")


def test_a_plug_in_game_runs_on_a_dask_cluster(race_module):
    from distributed import LocalCluster

    from simkit.core import runner
    from simkit.core.experiment import Experiment
    from simkit.core.results import read_results

    exp = Experiment.from_dict({"game": "my_race:RACE", "players": 2, "games": 40, "chunk": 10})
    # Worker processes start in this folder and import my_race there, as the parent did.
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        runner.run(exp, "dask", progress=False, backend="dask", scheduler=cluster.scheduler_address)
    runner.run(exp, "local", jobs=1, progress=False)
    rows = read_results("dask").sort("game_index", "seat")
    assert rows["game"].unique().to_list() == ["dice-race"]
    assert rows.equals(read_results("local").sort("game_index", "seat"))


@pytest.fixture
def plugin_entry_points(tmp_path, monkeypatch):
    """A game and a strategy package declared as installed entry points."""
    (tmp_path / "ep_race.py").write_text((HERE / "race_game.py").read_text())
    (tmp_path / "ep_players.py").write_text(
        "from dataclasses import dataclass\n"
        "from simkit.core.strategy import strategy\n\n\n"
        '@strategy("always-first", games=("dice-race", "lets-take-a-hike"))\n'
        "@dataclass\nclass AlwaysFirst:\n"
        '    """Plays the first legal action."""\n\n'
        "    def choose(self, view, legal_actions, rng):\n"
        "        return legal_actions[0]\n"
        "\n\n@dataclass\nclass AlwaysLast:\n"
        '    """Plays the last legal action (registered by its entry point alone)."""\n\n'
        "    def choose(self, view, legal_actions, rng):\n"
        "        return legal_actions[-1]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    points = {
        registry.GAME_GROUP: [EntryPoint("dice-race", "ep_race:RACE", registry.GAME_GROUP)],
        registry.STRATEGY_GROUP: [
            EntryPoint("players", "ep_players", registry.STRATEGY_GROUP),
            EntryPoint("always-last", "ep_players:AlwaysLast", registry.STRATEGY_GROUP),
            EntryPoint("first-again", "ep_players:AlwaysFirst", registry.STRATEGY_GROUP),
            EntryPoint("broken", "no_such_plugin_module", registry.STRATEGY_GROUP),
        ],
    }
    monkeypatch.setattr(registry, "entry_points", lambda group: points.get(group, []))
    before = {name: list(infos) for name, infos in strategy_module._STRATEGIES.items()}
    registry.games.cache_clear()
    registry.load_strategy_modules.cache_clear()
    yield
    registry.games.cache_clear()
    registry.load_strategy_modules.cache_clear()
    strategy_module._STRATEGIES.clear()  # the plug-ins' strategies leave with them
    strategy_module._STRATEGIES.update(before)


def test_entry_points_add_games_and_strategies(plugin_entry_points):
    assert registry.game("dice-race").title == "Dice race (test game)"
    with pytest.warns(UserWarning, match="skipping strategy plug-in 'broken'"):
        available = strategies_for("dice-race")
    assert "always-first" in available and "always-first" in strategies_for("lets-take-a-hike")
    assert make_strategy("always-first", "dice-race").choose(None, [4, 5], None) == 4
    assert make_strategy("always-last", "timber-tom").choose(None, [4, 5], None) == 5
    assert "first-again" not in available  # a decorated class keeps its own name


EXAMPLE = HERE.parent / "examples" / "summit-dice"


def test_the_example_game_end_to_end(tmp_path):
    """What a designer does with their own game: check, run --jobs 2, report, replay. Installed
    (make test installs it) it is named summit-dice; else by import path from its folder."""
    installed = "summit-dice" in registry.games()
    game, cwd = ("summit-dice", tmp_path) if installed else ("summit_dice:GAME", EXAMPLE)
    assert "all checks passed" in simkit("check", game, "--games", 30, cwd=cwd)
    study = EXAMPLE / "studies" / "first-player.toml"
    run_dir = tmp_path / "runs" / "first-player"
    out = simkit("run", study, "--game", game, "--games", 100, "--jobs", 2, "--quiet",
                 "--out", run_dir, cwd=cwd)  # fmt: skip
    assert f"1200 games in {run_dir}" in out and "on 2 workers" in out
    report = simkit("report", run_dir, cwd=cwd)
    assert (run_dir / "report" / "index.html").is_file() and "seat 0 wins" in report
    replay = simkit("replay", run_dir, "--index", 250, cwd=cwd)
    assert "reaches the summit" in replay or "turn cap" in replay
    assert "The replay matches the recorded row." in replay
    strategies = simkit("strategies", game, cwd=cwd)
    assert "metres=20: climb in one turn before making camp" in strategies


def test_new_game_writes_a_package_that_passes_the_conformance_suite(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from simkit.cli import main
    from simkit.core.conformance import check_game

    result = CliRunner().invoke(main, ["new-game", "river-race", "--into", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "river-race"
    files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert "river_race/state.py" in files and "tests/test_river_race.py" in files
    assert not any("summit_dice" in f or "hypothesis" in f for f in files)
    assert 'river-race = "river_race:GAME"' in (folder / "pyproject.toml").read_text()
    monkeypatch.chdir(folder)
    try:
        spec = registry.game("river_race:GAME")
        assert spec.name == "river-race" and spec.title == "River Race"
        check_game(spec)
        assert make_strategy("camp-at:metres=9", "river-race").metres == 9
    finally:
        for module in [m for m in sys.modules if m.startswith("river_race")]:
            del sys.modules[module]
    again = CliRunner().invoke(main, ["new-game", "river-race", "--into", str(tmp_path)])
    assert again.exit_code != 0 and "exists already" in again.output
    bad = CliRunner().invoke(main, ["new-game", "River Race"])
    assert bad.exit_code != 0 and "lower-case words joined by hyphens" in bad.output
