"""The balancing assistant finds a known optimum and proves it against the rulebook."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from race_game import registered
from sizes import size

from simkit.cli import main
from simkit.core.errors import ExperimentError
from simkit.core.tune import TuneSpec, rounds_plan, tune

RACE_SPACE = {"game": "dice-race", "players": 2, "space": {"first_hits": {"lo": 1, "hi": 8}}}


def test_successive_halving_spends_the_budget_over_halving_rounds():
    plan = rounds_plan(9000, 8)
    assert len(plan) == 3  # 8 -> 4 -> 2 survivors
    spent = plan[0] * 9 + plan[1] * 5 + plan[2] * 3  # the rulebook plays every round
    assert 0.9 * 9000 <= spent <= 9000


@pytest.mark.slow
def test_tune_finds_the_fair_head_start_of_the_dice_race(tmp_path):
    """Seat 0 rolls first; it is fair only with 4 hits of 20 against seat 1's 5 (see race_game)."""
    with registered():
        spec = TuneSpec.from_dict(RACE_SPACE | {"budget": size(12000, 40000), "seed": 3})
        result = tune(spec, tmp_path, jobs=1, say=lambda line: None)
    best = result["best"][0]
    assert best["setting"] == {"first_hits": 4}
    assert best["fpa_lo"] <= 0 <= best["fpa_hi"]
    rulebook = result["rulebook"]
    assert rulebook["fpa_lo"] > 0  # the rulebook (5 hits each) favours the first player
    assert best["seat0_diff_hi"] < 0  # and the tuned setting is proven fairer on shared seeds
    assert result["games_spent"] <= spec.budget
    fresh = result["confirmation"]  # the winner again on fresh seeds, against the rulebook
    assert fresh["name"] == "first_hits=4" and fresh["seed"] == spec.seed + 1
    assert fresh["best"]["seat0_diff_hi"] < 0 and fresh["rulebook"]["fpa_lo"] > 0
    assert json.loads((tmp_path / "tune.json").read_text())["best"][0]["name"] == "first_hits=4"


def test_tune_from_the_command_line(tmp_path):
    space = tmp_path / "space.toml"
    space.write_text("players = 2\nbudget = 600\n[space]\nfirst_hits = [3, 4, 5]\n")
    with registered():
        result = CliRunner().invoke(
            main,
            [
                "tune",
                "dice-race",
                "--space",
                str(space),
                "--jobs",
                "1",
                "--out",
                str(tmp_path / "t"),
            ],
        )
    assert result.exit_code == 0, result.output
    assert "rulebook: FPA" in result.output and "games spent" in result.output


@pytest.mark.parametrize(
    "change, message",
    [
        ({"space": {}}, "empty"),
        ({"space": {"no_such_rule": [1]}}, "no such rule"),
        ({"space": {"first_hits": {"lo": 5, "hi": 2}}}, "lo <= hi"),
        ({"space": {"first_hits": [0]}}, "first_hits"),
        ({"objective": "luck"}, "objective"),
        ({"objective": "length"}, "needs a target"),
    ],
)
def test_a_bad_tune_file_is_one_clear_error(change, message):
    with registered(), pytest.raises(Exception, match=message) as info:
        TuneSpec.from_dict(RACE_SPACE | change)
    assert isinstance(info.value, ExperimentError) or "rule" in str(info.value)


def test_the_rulebook_setting_in_the_space_is_played_once(tmp_path):
    with registered():
        spec = TuneSpec.from_dict(RACE_SPACE | {"space": {"first_hits": [4, 5]}, "budget": 300})
        result = tune(spec, tmp_path, jobs=1, say=lambda line: None)
    assert sorted(p.name for p in (tmp_path / "settings").iterdir()) == ["000", "rulebook"]
    confirmed = 2 * result["confirmation"]["games"]
    assert result["games_spent"] == 2 * result["rounds"][-1]["games_per_setting"] + confirmed


def test_a_best_setting_that_cannot_be_told_from_the_rulebook_is_said_so(tmp_path):
    space = tmp_path / "space.toml"
    space.write_text("players = 2\nbudget = 400\nseed = 1\n[space]\nfirst_hits = [5]\n")
    with registered():
        args = ["tune", "dice-race", "--space", str(space), "--jobs", "1"]
        result = CliRunner().invoke(main, args + ["--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    assert "first_hits=5 (rulebook 5)" in result.output
    assert "NOT distinguishable from the rulebook's setting" in result.output
    assert "|first-player advantage| = |seat 0's win share - 1/2|" in result.output
    saved = json.loads((tmp_path / "t" / "tune.json").read_text())
    assert saved["confirmation"]["verdict"] == "not distinguishable"
    assert saved["rulebook_values"] == {"first_hits": 5}


@pytest.mark.slow
def test_a_proven_fairer_setting_is_called_better(tmp_path):
    with registered():
        spec = TuneSpec.from_dict(RACE_SPACE | {"space": {"first_hits": [2, 4]}} | {"seed": 4})
        spec.budget = size(6000, 20000)
        result = tune(spec, tmp_path, jobs=1, say=lambda line: None)
    assert result["confirmation"]["name"] == "first_hits=4"
    assert result["confirmation"]["verdict"] == "better"
