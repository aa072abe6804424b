"""What the tests of every game's compiled playouts share: positions played through the Python
engine, the Python playouts each compiled one must equal, and the check that ``move_values``
plays on the compiled engine when the policy has a compiled form (and in Python when not)."""

from __future__ import annotations

import numpy as np

from simkit.core import playout as playouts_module
from simkit.core.playout import move_values, playout
from simkit.core.rng import GameRng, game_seed, seat_streams
from simkit.core.strategy import make_strategy


def position(game: str, spec, rules, names, seed, decisions):
    """Game ``seed`` of ``names`` after ``decisions`` decisions (None if it is over first)."""
    players = [make_strategy(name, game) for name in names]
    engine, rngs = seat_streams(game_seed(seed, 0), len(players))
    state = spec.new_state(rules, len(players), engine)
    for _ in range(decisions):
        if state.is_terminal():
            return None
        seat = state.current_player()
        state.apply(players[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
    return None if state.is_terminal() else state


def positions_along(game: str, spec, rules, names, seed, depths):
    """Game ``seed`` of ``names`` at each of ``depths`` decisions, in order, one game played on
    (a playout to the end costs about one game's play: three positions of a game are cheaper than
    three games); the same state object each time, until the game is over."""
    players = [make_strategy(name, game) for name in names]
    engine, rngs = seat_streams(game_seed(seed, 0), len(players))
    state = spec.new_state(rules, len(players), engine)
    played = 0
    for depth in sorted(depths):
        while played < depth and not state.is_terminal():
            seat = state.current_player()
            state.apply(players[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
            played += 1
        if state.is_terminal():
            return
        yield depth, state


def playout_of(world, action, policy, seat, stream, horizon):
    """The Python playout of ``action`` in ``world`` (the world left as it was)."""
    trial = world.clone()
    trial.apply(action)
    return playout(trial, policy, seat, GameRng(stream), horizon)


def python_values(world, seat, legal, policy, stream, horizon):
    """Every move's (win shares, margins) by Python playouts, as the compiled ``playouts`` gives."""
    values = [playout_of(world, a, policy, seat, stream, horizon) for a in legal]
    return np.array([v[0] for v in values]), np.array([v[1] for v in values])


def assert_equal_playouts(game, fast_playouts, state, world_seed, policy, stream, horizon):
    """The compiled playouts of every move at ``state`` (a world drawn with ``world_seed``, the
    policy named ``policy`` drawing from ``stream``) equal the Python playouts."""
    seat, legal = state.current_player(), state.legal_actions()
    world = state.sample_hidden(seat, GameRng(world_seed))
    player = make_strategy(policy, game)
    compiled = fast_playouts.playouts(world, seat, legal, player, GameRng(stream), horizon)
    expected = python_values(world, seat, legal, player, stream, horizon)
    assert compiled is not None
    np.testing.assert_array_equal(compiled[0], expected[0])
    np.testing.assert_array_equal(compiled[1], expected[1])


def assert_equal_along(game, spec, fast_playouts, rules, names, seed, depths, **drawn) -> int:
    """:func:`assert_equal_playouts` at each of :func:`positions_along`'s positions (the world
    seed moved on by the depth; ``drawn``: world_seed, policy, stream, horizon); how many there
    were (none: the game ended first)."""
    world_seed = drawn.pop("world_seed")
    tested = 0
    for depth, state in positions_along(game, spec, rules, names, seed, depths):
        assert_equal_playouts(game, fast_playouts, state, world_seed + depth, **drawn)
        tested += 1
    return tested


class Copycat:
    """A policy with no compiled form: plays the first legal move."""

    name = "copycat"

    def choose(self, view, legal, rng):
        return legal[0]


def assert_move_values_go_compiled(monkeypatch, fast_playouts, state, policy, playouts, horizon=0):
    """``move_values`` at ``state`` asks ``fast_playouts.playouts`` for every world, gives what it
    gives with the compiled engine out of the way, and plays a policy with no compiled form in
    Python."""
    asked = []
    real = fast_playouts.playouts

    def spy(*args):
        values = real(*args)
        asked.append(values is not None)
        return values

    seat, legal = state.current_player(), state.legal_actions()

    def values(player):
        sample = lambda r: state.sample_hidden(seat, r)  # noqa: E731
        return move_values(sample, seat, legal, player, playouts, GameRng(3), horizon)

    monkeypatch.setattr(fast_playouts, "playouts", spy)
    compiled = values(policy)
    assert asked == [True] * playouts
    asked.clear()
    with monkeypatch.context() as patched:
        patched.setattr(playouts_module, "compiled_playouts", lambda state_type: None)
        python = values(policy)
    np.testing.assert_array_equal(compiled, python)
    values(Copycat())
    assert asked == [False] * playouts
