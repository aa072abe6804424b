"""The Hike It! heuristics: legal, deterministic, finishing their hikes and beating random."""

from __future__ import annotations

import os

import pytest

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy, strategies_for
from simkit.games.hike_it import GAME
from simkit.games.hike_it.rules import Rules

RULES = Rules()
HEURISTICS = ("planner", "rusher", "collector", "careful")
GAMES = 200 if os.environ.get("SIMKIT_FULL") else 16


def play(names: list[str], seed: int, rules: Rules = RULES):
    n = len(names)
    rng, seat_rngs = seat_streams(seed, n)
    players = [make_strategy(name, GAME.name) for name in names]
    state = GAME.new_state(rules, n, rng)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = players[seat].choose(state.view(seat), legal, seat_rngs[seat])
        assert action in legal
        state.apply(action)
    return state.outcome()


def test_heuristics_are_registered_with_a_summary():
    found = strategies_for(GAME.name)
    for name in (*HEURISTICS, "random"):
        assert name in found and found[name].summary
    assert GAME.default_strategy in found
    assert make_strategy("planner:pack=4,detour=3", GAME.name).pack == 4


def test_heuristics_play_legal_deterministic_games():
    a = play(list(HEURISTICS), 7)
    b = play(list(HEURISTICS), 7)
    assert a == b and a.end_reason == "normal"


@pytest.mark.slow
@pytest.mark.parametrize("name", HEURISTICS)
def test_each_heuristic_beats_random_and_finishes_its_hikes(name):
    share = finished = 0.0
    for g in range(GAMES):
        seat = g % 2
        names = ["random", "random"]
        names[seat] = name
        out = play(names, game_seed(1, g))
        share += out.win_shares[seat]
        finished += out.extras["x_finished"][seat]
    assert share / GAMES > 0.8
    assert finished / GAMES > 0.7


@pytest.mark.slow
def test_heuristic_tables_finish_most_hikes_without_turn_limit():
    finished = seats = limits = 0
    for g in range(max(GAMES // 4, 4)):
        out = play(list(HEURISTICS), game_seed(2, g))
        finished += sum(out.extras["x_finished"])
        seats += len(HEURISTICS)
        limits += out.end_reason == "turn_limit"
    assert limits == 0 and finished / seats > 0.6
