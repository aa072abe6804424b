"""Compiled playouts of Let's Take a Hike: every move's win share and margin in a sampled world,
equal to the Python playouts' for the same world and stream, from positions played through the
engine."""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from playout_checks import assert_equal_playouts, assert_move_values_go_compiled, python_values
from playout_checks import position as played_to
from test_fast_path import GAME, SPEC, STRATEGIES, rule_variants

from simkit.core.rng import GameRng, game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.lets_take_a_hike import fast_playouts
from simkit.games.lets_take_a_hike.cards import Rules
from simkit.games.lets_take_a_hike.state import Phase


def position(rules, names, seed, decisions):
    """The game after ``decisions`` decisions; None if it is over first or cannot be dealt (too
    few Item cards for the rules drawn)."""
    try:
        return played_to(GAME, SPEC, rules, names, seed, decisions)
    except Exception:
        return None


@settings(max_examples=60, deadline=None)
@given(
    rules=st.one_of(st.just(Rules()), rule_variants()),
    names=st.lists(st.sampled_from(STRATEGIES), min_size=2, max_size=5),
    seed=st.integers(0, 2**63),
    decisions=st.integers(0, 250),
    policy=st.sampled_from(STRATEGIES),
    world_seed=st.integers(0, 2**64 - 1),
    stream=st.integers(0, 2**64 - 1),
    horizon=st.sampled_from([0, 0, 1, 4, 40]),
)
def test_compiled_playouts_equal_python_playouts(
    rules, names, seed, decisions, policy, world_seed, stream, horizon
):
    state = position(rules, names, seed, decisions)
    assume(state is not None)
    assert_equal_playouts(GAME, fast_playouts, state, world_seed, policy, stream, horizon)


def test_every_phase_is_taken_up_where_the_python_engine_waits():
    """Along whole games, every kind of decision (draw or hike, discard, join, continue, take)
    is played on compiled from where the Python engine waits, and agrees."""
    tested = Counter()
    policy = make_strategy("bold", GAME)
    for seed in range(12):
        in_game = Counter()
        players = [make_strategy(name, GAME) for name in ("random", "bold", "greedy", "cautious")]
        engine, rngs = seat_streams(game_seed(seed, 0), len(players))
        state = SPEC.new_state(Rules(), len(players), engine)
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            if in_game[state.phase] < 3:  # a few of each kind a game
                in_game[state.phase] += 1
                tested[state.phase] += 1
                world = state.sample_hidden(seat, GameRng(seed))
                compiled = fast_playouts.playouts(world, seat, legal, policy, GameRng(5), 0)
                expected = python_values(world, seat, legal, policy, 5, 0)
                np.testing.assert_array_equal(compiled, expected)
            state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
    assert set(tested) == set(Phase) - {Phase.OVER}
    assert min(tested.values()) >= 3


def test_move_values_plays_on_the_compiled_engine_when_the_policy_has_a_compiled_form(
    monkeypatch,
):
    state = position(Rules(), ["bold"] * 3, 11, 30)
    assert_move_values_go_compiled(
        monkeypatch, fast_playouts, state, make_strategy("bold", GAME), 6
    )
