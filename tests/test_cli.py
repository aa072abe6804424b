"""The command line through click's CliRunner, including the errors a user can make."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from simkit.cli import main


@pytest.fixture
def cli():
    runner = CliRunner()

    def invoke(*args, ok=True):
        result = runner.invoke(main, [str(a) for a in args])
        if ok:
            assert result.exit_code == 0, result.output
        return result

    return invoke


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs") / "lth"
    result = CliRunner().invoke(
        main,
        [
            "run",
            "--game",
            "lets-take-a-hike",
            "--players",
            "3",
            "--games",
            "60",
            "--seed",
            "4",
            "--strategies",
            "bold,greedy,random",
            "--rotate",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    return out


def test_games_lists_the_registry(cli):
    out = cli("games").output
    assert "lets-take-a-hike" in out and "2-5 players" in out


def test_strategies_say_what_they_play(cli):
    out = cli("strategies", "lets-take-a-hike").output
    for name in ("random", "bold (default)", "greedy", "cautious", "threshold"):
        assert name in out
    assert "hike=5" in out


def test_run_report_and_replay(cli, small_run):
    assert (small_run / "run.json").is_file()
    out = cli("report", small_run).output
    assert "seat 0 wins" in out
    for png in (
        "win_share_by_seat.png",
        "win_share_by_strategy.png",
        "ratings.png",
        "scores.png",
        "game_length.png",
    ):
        assert (small_run / "report" / png).stat().st_size > 1000
    page = (small_run / "report/index.html").read_text()
    assert page.count("data:image/png;base64,") == 5
    replay = cli("replay", small_run, "--index", 7).output
    assert "draws" in replay or "hike" in replay
    assert "The replay matches the recorded row." in replay


def test_check_plays_random_games_with_invariants(cli):
    out = cli(
        "check", "lets-take-a-hike", "--games", "20", "--players", "3", "--set", "hazards.bear=5"
    ).output
    assert "all checks passed" in out and "20 games" in out


def test_run_from_an_experiment_file(cli, tmp_path):
    spec = tmp_path / "bears.toml"
    spec.write_text(
        'game = "lets-take-a-hike"\nplayers = [2, 3]\ngames = 10\nseed = 3\n'
        '[sweep]\nfield = "hazards.bear"\nvalues = [0, 4]\n'
    )
    cli("run", spec, "--jobs", "1", "--quiet", "--out", tmp_path / "out")
    meta = json.loads((tmp_path / "out/run.json").read_text())
    assert meta["games_total"] == 10 * 2 * 3
    assert meta["rules_as_used"]["hazards.bear=4"]["hazards"]["bear"] == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "--game", "chess"], "unknown game 'chess'"),
        (["run", "--game", "lets-take-a-hike", "--players", "9"], "plays 2-5 players"),
        (
            ["run", "--game", "lets-take-a-hike", "--strategies", "wizard"],
            "unknown strategy 'wizard'",
        ),
        (
            ["run", "--game", "lets-take-a-hike", "--strategies", "threshold:hike=x"],
            "parameter 'hike' = 'x' is not a whole number",
        ),
        (
            ["run", "--game", "lets-take-a-hike", "--strategies", "threshold:jump=3"],
            "has no parameter 'jump'",
        ),
        (
            ["run", "--game", "lets-take-a-hike", "--set", "hazards.dragon=1"],
            "rule 'hazards.dragon' = '1' is invalid: no such rule",
        ),
        (
            ["run", "--game", "lets-take-a-hike", "--set", "hazards.bear=-1"],
            "rule 'hazards.bear' = -1 is invalid: a number from 0 to 20",
        ),
        (
            ["run", "--game", "lets-take-a-hike", "--set", "backpack_deal=many"],
            "expected a whole number",
        ),
        (
            ["run", "--game", "lets-take-a-hike", "--set", "data=nowhere.toml"],
            "no such component data file",
        ),
        (
            ["run", "--game", "lets-take-a-hike", "--strategies", "bold,random", "--players", "4"],
            "2 strategies for 4 seats",
        ),
        (["run", "missing.toml"], "no experiment file"),
        (["report", "nowhere"], "not a run directory"),
        (["check", "chess"], "unknown game"),
    ],
)
def test_bad_input_is_one_clear_line_and_a_non_zero_exit(cli, args, message):
    result = cli(*args, ok=False)
    assert result.exit_code != 0
    assert message in result.output, result.output
    assert "Traceback" not in result.output


def test_bad_card_file_names_the_field(cli, tmp_path):
    cards = tmp_path / "cards.toml"
    cards.write_text('[[items]]\nname = "Tent"\nmiles = 5\nspaces = ["roof"]\ncopies = 4\n')
    result = cli("run", "--game", "lets-take-a-hike", "--set", f"data={cards}", ok=False)
    assert result.exit_code != 0
    assert "items[0] (Tent).spaces: unknown space 'roof'" in result.output


def test_a_designers_card_file_is_used(cli, tmp_path):
    from simkit.games.lets_take_a_hike.cards import DATA_FILE

    text = DATA_FILE.read_text().replace("copies = 4\n", "copies = 9\n")  # nine Tents
    cards = tmp_path / "cards.toml"
    cards.write_text(text)
    cli(
        "run",
        "--game",
        "lets-take-a-hike",
        "--set",
        f"data={cards}",
        "--games",
        "5",
        "--jobs",
        "1",
        "--quiet",
        "--out",
        tmp_path / "r",
    )
    meta = json.loads((tmp_path / "r/run.json").read_text())
    tents = [i for i in meta["rules_as_used"]["base"]["items"] if i["name"] == "Tent"]
    assert tents[0]["copies"] == 9


def test_replay_of_a_missing_game_is_an_error(cli, small_run):
    result = cli("replay", small_run, "--index", 100000, ok=False)
    assert result.exit_code != 0 and "game index 100000 is not in this run" in result.output


def _strategies_of(run_dir):
    return json.loads((run_dir / "run.json").read_text())["strategies"]


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (["threshold:hike=5,drop=7"], ["threshold:hike=5,drop=7"]),
        (["threshold:hike=5,drop=7,bold"], ["threshold:hike=5,drop=7", "bold"]),
        (["threshold:hike=6;threshold:drop=3"], ["threshold:hike=6", "threshold:drop=3"]),
        (["bold", "threshold:hike=5,drop=7"], ["bold", "threshold:hike=5,drop=7"]),
        (["bold,greedy"], ["bold", "greedy"]),
    ],
)
def test_strategy_lists_are_unambiguous(cli, tmp_path, given, expected):
    args = [a for g in given for a in ("--strategies", g)]
    out = tmp_path / "r"
    cli("run", "--game", "lets-take-a-hike", "--players", max(2, len(expected)), *args, "--games", 2,
        "--jobs", 1, "--quiet", "--out", out)  # fmt: skip
    assert _strategies_of(out) == expected


def test_a_parameter_without_its_strategy_is_named(cli):
    result = cli("run", "--game", "lets-take-a-hike", "--strategies", "bold,hike=5", ok=False)
    assert "unknown strategy 'hike=5'" in result.output


def test_default_run_folders_are_unique_per_game_and_study(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for game in ("lets-take-a-hike", "timber-tom"):
        study = tmp_path / game / "first-player.toml"
        study.parent.mkdir()
        study.write_text(f'game = "{game}"\nplayers = 2\ngames = 4\n')
        cli("run", study, "--jobs", 1, "--quiet")
        assert (tmp_path / "runs" / game / "first-player" / "run.json").is_file()
    runs = tmp_path / "runs" / "lets-take-a-hike"
    for seed in (1, 2, 2):
        cli("run", "--game", "lets-take-a-hike", "--games", 3, "--seed", seed, "--jobs", 1,
            "--quiet")  # fmt: skip
    ad_hoc = sorted(p.name for p in runs.iterdir() if p.name.startswith("run-"))
    assert len(ad_hoc) == 2  # two settings, two folders; the same settings again resume
    out = cli("run", "--game", "lets-take-a-hike", "--games", 5, "--seed", 2, "--jobs", 1,
              "--quiet").output  # fmt: skip
    assert "5 games in runs/lets-take-a-hike/run-" in out and "on 1 worker," in out


def test_rules_lists_every_field_with_default_range_and_help(cli):
    out = cli("rules", "lets-take-a-hike").output
    assert "hazards.bear = 2  (a number from 0 to 20)" in out
    assert "Bear: everyone loses Granola Bars unless Bear Spray" in out
    assert "items = (12 entries)  (component data: --set data=FILE)" in out


def test_strategies_explain_their_parameters(cli):
    out = cli("strategies", "lets-take-a-hike").output
    assert "hike=5: hikes or joins with at least hike cards" in out
    assert "``" not in out
    # the comment on a field's line, also for a field inherited from a base class
    out = cli("strategies", "hike-it").output
    assert "pack=3: tiles to carry at most (each one costs an action every day)" in out


def test_help_shows_defaults_and_no_markup(cli):
    out = cli("run", "--help").output
    for default in ("[default: (study's, else 1000)", "(study's, else 0)", "usual count"):
        assert default in " ".join(out.split()), default
    assert "threshold:hike=5,drop=7" in out
    for name in ("run", "report", "replay", "check", "bench", "tune", "rules", "strategies"):
        text = cli(name, "--help").output
        assert "\\b" not in text and "``" not in text, name


def test_games_rows_line_up(cli):
    lines = cli("games").output.splitlines()
    columns = {line.index(" players") for line in lines}
    assert len(columns) == 1, lines


def test_comparing_runs_whose_folders_share_a_name(cli, tmp_path):
    for parent in ("a", "b"):
        cli("run", "--game", "lets-take-a-hike", "--games", 6, "--seed", len(parent) + 1,
            "--jobs", 1, "--quiet", "--out", tmp_path / parent / "lth")  # fmt: skip
    out = tmp_path / "cmp"
    cli("report", tmp_path / "a" / "lth", tmp_path / "b" / "lth", "--out", out)
    page = (out / "index.html").read_text()
    assert "a/lth" in page and "b/lth" in page


def test_the_first_compiled_run_says_it_compiles(tmp_path, monkeypatch, capsys):
    from simkit.core import runner
    from simkit.core.experiment import Experiment

    monkeypatch.setattr(runner, "_compiled_before", lambda module: False)
    exp = Experiment.from_dict({"game": "lets-take-a-hike", "games": 4, "strategies": "bold"})
    runner.run(exp, tmp_path / "r", jobs=1, engine="compiled", progress=False)
    assert "compiling lets-take-a-hike's fast engine once" in capsys.readouterr().err


def test_compile_names_the_games_it_compiled(cli):
    out = cli("compile", "lets-take-a-hike", "--jobs", 1).output
    assert out.strip() == "compiled: lets-take-a-hike"


def test_more_games_extend_a_study_of_several_cells(cli, tmp_path):
    from simkit.core.results import read_results

    study = tmp_path / "bears.toml"
    study.write_text(
        'game = "lets-take-a-hike"\nplayers = [2, 3]\nseed = 8\nchunk = 3\n'
        'strategies = ["bold", "random"]\nrotate = true\n'
        '[sweep]\nfield = "hazards.bear"\nvalues = [0, 4]\n'
    )
    run = ["run", study, "--jobs", 1, "--quiet", "--engine", "python"]
    cli(*run, "--games", 4, "--out", tmp_path / "grown")
    out = cli(*run, "--games", 10, "--out", tmp_path / "grown").output
    assert "60 games in" in out and "(42 played now" in out  # 6 cells: a full part of 3 kept each
    cli(*run, "--games", 10, "--out", tmp_path / "fresh")
    grown = read_results(tmp_path / "grown").sort("game_index", "seat")
    fresh = read_results(tmp_path / "fresh").sort("game_index", "seat")
    assert grown.equals(fresh)
    cli("replay", tmp_path / "grown", "--index", 57)  # matches its recorded row
    result = cli(*run, "--games", 5, "--out", tmp_path / "grown", ok=False)
    assert "give --games 10 or more" in result.output
