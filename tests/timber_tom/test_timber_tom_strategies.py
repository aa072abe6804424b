"""The heuristics finish their games and clearly beat random (statistical: small by default,
full size with SIMKIT_FULL=1)."""

import os

import pytest

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.timber_tom import GAME

FULL = bool(os.environ.get("SIMKIT_FULL"))
GAMES = 200 if FULL else 8


def play(names, seed):
    n = len(names)
    engine, seats = seat_streams(seed, n)
    state = GAME.new_state(GAME.default_rules(), n, engine)
    players = [make_strategy(name, GAME.name) for name in names]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(players[seat].choose(state.view(seat), state.legal_actions(), seats[seat]))
    return state.outcome()


@pytest.mark.slow
@pytest.mark.parametrize("heuristic", ["trailblazer", "blocker", "climber"])
def test_each_heuristic_beats_random_with_seats_rotated(heuristic):
    share = 0.0
    for k in range(GAMES):
        seat = k % 4
        names = ["random"] * 4
        names[seat] = heuristic
        share += play(names, game_seed(41, k)).win_shares[seat]
    assert share / GAMES >= 0.75  # random hikers almost never make it home


@pytest.mark.slow
def test_heuristics_finish_nearly_every_game():
    names = ["trailblazer", "blocker", "climber", "trailblazer"]
    outcomes = [play(names, game_seed(43, k)) for k in range(GAMES)]
    turn_limited = sum(o.end_reason == "turn_limit" for o in outcomes)
    assert turn_limited <= GAMES // 20
    assert all(max(o.extras["x_treasures"]) >= 2 for o in outcomes if o.end_reason == "normal")
