"""Score traces (``--trace``) and the game-arc metrics read from them."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simkit.core import runner, traces
from simkit.core.experiment import Experiment
from simkit.core.results import read_results


class ScriptedGame:
    """Stands in for a state: turns and scores follow a script, one step per action."""

    def __init__(self, steps):
        self.steps, self.i = steps, 0

    def turns(self):
        return self.steps[self.i][0]

    def scores(self):
        return self.steps[self.i][1]


def test_recorder_keeps_the_scores_at_the_end_of_each_turn():
    game = ScriptedGame(
        [
            (0, (0, 0)),  # after setup
            (1, (0, 0)),  # turn 1 begins
            (1, (2, 0)),  # seat 0 scores within turn 1
            (2, (2, 0)),
            (2, (2, 5)),
        ]
    )
    recorder = traces.ScoreRecorder()
    for i in range(len(game.steps)):
        game.i = i
        recorder(game)
    recorder.finish(game)
    assert recorder.turns == [0, 1, 2]
    assert recorder.lines == [(0, 0), (2, 0), (2, 5)]


def arc(lines, winner):
    scores = np.array(lines, dtype=float)
    return traces.game_arc(np.arange(len(lines)), scores, winner)


def test_a_comeback_has_lead_changes_drama_and_a_late_decision():
    # seat 0 leads, seat 1 overtakes at turn 2, seat 0 comes back for good at turn 4
    lines = [(0, 0), (2, 0), (2, 3), (2, 5), (8, 5), (9, 5)]
    a = arc(lines, winner=0)
    assert a["lead_changes"] == 2
    assert a["drama_deficit"] == 3  # 2 against 5 at turn 3
    assert a["drama_time_behind"] == pytest.approx(2 / 5)  # turns 2 and 3 of 1..5
    assert a["decisiveness"] == pytest.approx(4 / 5)


def test_a_walkover_is_decided_from_the_start():
    a = arc([(1, 0), (2, 0), (4, 1)], winner=0)
    assert a == {
        "lead_changes": 0.0,
        "drama_deficit": 0.0,
        "drama_time_behind": 0.0,
        "decisiveness": 0.0,
    }


def test_ludii_lead_change_follows_the_set_of_leaders_by_hand():
    # Ludii: before each turn (every line but the final one) the set of leaders, ties included;
    # the first state counts as a change (from no leaders), then every change of the set.
    two = [(0, 0), (2, 0), (2, 3), (2, 5), (8, 5), (9, 5)]  # {0,1} {0} {1} {1} {0}
    assert traces.ludii_lead_change(np.array(two, dtype=float)) == pytest.approx(4 / 5)
    three = [(0, 0, 0), (1, 1, 0), (2, 2, 0), (2, 2, 3), (2, 2, 3), (9, 0, 0)]
    # {0,1,2} {0,1} {0,1} {2} {2}: 1 + 1 + 0 + 1 + 0 changes over 5 turns
    assert traces.ludii_lead_change(np.array(three, dtype=float)) == pytest.approx(3 / 5)
    four = [(0, 0, 0, 0), (1, 0, 0, 1), (1, 0, 2, 1), (3, 3, 3, 3)]
    # {0,1,2,3} {0,3} {2}: three changes over three turns
    assert traces.ludii_lead_change(np.array(four, dtype=float)) == pytest.approx(1.0)


def test_a_win_on_the_last_turn_is_decided_at_the_end():
    a = arc([(0, 0), (0, 3), (0, 3), (4, 3)], winner=0)
    assert a["decisiveness"] == pytest.approx(1.0)
    assert a["drama_deficit"] == 3


def test_a_traced_run_records_every_game_to_its_final_score(tmp_path):
    exp = Experiment.from_dict(
        {"game": "lets-take-a-hike", "players": 3, "games": 30, "seed": 2, "chunk": 10}
    )
    runner.run(exp, tmp_path / "r", jobs=1, progress=False, trace=True)
    results = read_results(tmp_path / "r")
    lines = traces.read_traces(tmp_path / "r")
    assert lines["game_index"].n_unique() == 30
    last = (
        lines.sort("turn")
        .group_by("game_index", "seat")
        .agg(pl.col("score").last(), pl.col("turn").last(), first=pl.col("turn").first())
    )
    joined = results.join(last, on=["game_index", "seat"], suffix="_trace")
    assert (joined["score"] == joined["score_trace"]).all()
    assert (joined["turns"] == joined["turn"]).all()
    assert (joined["first"] == 0).all()
    # scores never fall in Let's Take a Hike: a scored card stays scored
    steps = (
        lines.sort("game_index", "seat", "turn")
        .group_by("game_index", "seat")
        .agg(falls=(pl.col("score").diff() < 0).sum())
    )
    assert steps["falls"].sum() == 0
    arcs = traces.arc_metrics(lines, results)
    assert set(arcs["metric"]) == set(traces.DEFINITIONS)


def test_a_traced_run_resumes_missing_traces(tmp_path):
    exp = Experiment.from_dict(
        {"game": "lets-take-a-hike", "players": 2, "games": 20, "seed": 2, "chunk": 10}
    )
    runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    assert traces.read_traces(tmp_path / "r") is None
    meta = runner.run(exp, tmp_path / "r", jobs=1, progress=False, trace=True)
    assert meta["games_played_now"] == 20
    assert traces.read_traces(tmp_path / "r")["game_index"].n_unique() == 20
