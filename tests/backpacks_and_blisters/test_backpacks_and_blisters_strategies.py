"""The heuristics: each plays every kind of decision, beats random clearly and gets home by 6 p.m."""

import os

import pytest

from simkit.core.rng import GameRng, game_seed, seat_streams
from simkit.core.strategy import make_strategy, strategies_for
from simkit.games.backpacks_and_blisters import GAME
from simkit.games.backpacks_and_blisters.scenario import position

HEURISTICS = ("peak-bagger", "cairn-racer", "day-tripper")
GAMES = 200 if os.environ.get("SIMKIT_FULL") else 12


def play(names, seed):
    n = len(names)
    engine, seats = seat_streams(seed, n)
    state = GAME.new_state(GAME.default_rules(), n, engine)
    players = [make_strategy(name, GAME.name) for name in names]
    while not state.is_terminal():
        seat = state.current_player()
        action = players[seat].choose(state.view(seat), state.legal_actions(), seats[seat])
        state.apply(action)
    return state.outcome()


def test_three_documented_heuristics_and_a_parameterised_one():
    available = strategies_for(GAME.name)
    for name in HEURISTICS:
        assert available[name].summary
    assert make_strategy("peak-bagger:margin=2", GAME.name).margin == 2


@pytest.mark.slow
@pytest.mark.parametrize("name", HEURISTICS)
def test_heuristic_beats_random_and_gets_home(name):
    share, returned = 0.0, 0
    for k in range(GAMES):
        seat = k % 2
        names = ["random", "random"]
        names[seat] = name
        out = play(names, game_seed(11, k))
        share += out.win_shares[seat]
        returned += out.extras["x_returned"][seat]
    assert share / GAMES > 0.9
    assert returned / GAMES >= 0.9


@pytest.mark.slow
def test_solo_planner_earns_honours():
    scores = [play(["peak-bagger"], game_seed(12, k)).scores[0] for k in range(GAMES)]
    assert sum(s >= 50 for s in scores) / len(scores) > 0.7


def test_votes_pass_the_rucksack_to_the_leader():
    state = position(
        3,
        seat=1,
        at=["Grange", "Catbells", "Castlehead"],
        hands=[[], ["Blister"], []],
        rucksack=1,
        carried_turns=1,
    )
    state.score = [5, 20, 9]
    for seat in range(3):
        state.ledger[seat]["prime"] = state.score[seat]
    state.apply(("play", state.hands[1][0]))
    planner = make_strategy("peak-bagger", GAME.name)
    assert planner.choose(state.view(2), state.legal_actions(), GameRng(1)) == ("vote", 1)


def test_planner_walks_home_when_time_runs_short():
    state = position(
        2,
        turn=GAME.default_rules().board.n_turns - 2,
        at=["Castlehead", "Grange"],
        hands=[["Walla Crag", "Helvellyn"], []],
    )
    planner = make_strategy("peak-bagger", GAME.name)
    while state.cur == 0 and not state.is_terminal():
        state.apply(planner.choose(state.view(0), state.legal_actions(), GameRng(2)))
    assert state.pos[0] == -1 and state.return_turn[0] >= 0
