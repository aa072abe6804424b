"""Compiled playouts of Backpacks & Blisters: every move's win share and margin in a sampled world,
equal to the Python playouts' for the same world and stream, from positions played through the
engine (every kind of decision, rule variants, one to six players, cut at any horizon)."""

from __future__ import annotations

from collections import Counter

import numpy as np
from backpacks_and_blisters.test_backpacks_and_blisters_fast import (
    GAME,
    SPEC,
    STRATEGIES,
    rule_variants,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from playout_checks import assert_move_values_go_compiled, playout_of
from playout_checks import position as played_to
from sizes import size

from simkit.core import playout as playouts_module
from simkit.core.rng import GameRng, game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.backpacks_and_blisters import day, fast, fast_playouts
from simkit.games.backpacks_and_blisters.rules import Rules


def position(rules, names, seed, decisions):
    return played_to(GAME, SPEC, rules, names, seed, decisions)


# Python playouts of the planners cost a good part of a second a game: the heavy checks compare a
# few moves of each decision (every move is played by the kernel all the same).
MOVES_COMPARED = 3


def assert_moves_equal(world, seat, legal, policy, stream, horizon, moves):
    """The compiled playouts of every move, and the Python playouts of ``moves`` (indices) the
    same."""
    compiled = fast_playouts.playouts(world, seat, legal, policy, GameRng(stream), horizon)
    assert compiled is not None
    wins, margins = compiled
    assert wins.shape == margins.shape == (len(legal),)
    for i in moves:
        expected = playout_of(world, legal[i], policy, seat, stream, horizon)
        assert (wins[i], margins[i]) == expected, (legal[i], horizon)


@settings(max_examples=size(200, 800), deadline=None)
@given(
    rules=st.one_of(st.just(Rules()), rule_variants()),
    names=st.lists(st.sampled_from(["random"] * 3 + STRATEGIES), min_size=1, max_size=6),
    seed=st.integers(0, 2**63),
    decisions=st.integers(0, 160),
    policy=st.sampled_from(STRATEGIES),
    world_seed=st.integers(0, 2**64 - 1),
    stream=st.integers(0, 2**64 - 1),
    horizon=st.sampled_from([0, 0, 1, 3, 12, 60]),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=MOVES_COMPARED),
)
def test_compiled_playouts_equal_python_playouts(
    rules, names, seed, decisions, policy, world_seed, stream, horizon, picks
):
    state = position(rules, names, seed, decisions)
    assume(state is not None)
    seat, legal = state.current_player(), state.legal_actions()
    world = state.sample_hidden(seat, GameRng(world_seed))
    moves = sorted({p % len(legal) for p in picks})
    player = make_strategy(policy, GAME)
    assert_moves_equal(world, seat, legal, player, stream, horizon, moves)


def test_every_phase_is_taken_up_where_the_python_engine_waits():
    """Along whole games, every kind of decision (Equipment, a turn's start, the walk's end, the
    shop in a turn and at a break, the discards after a ride, of the Compass and at a break, the
    vote and its tie) is played on compiled from where the Python engine waits, and agrees on
    every move, at every horizon."""
    tested = Counter()
    # A vote every turn the Heavy Rucksack is carried, drawn early; five players tie votes.
    rules = Rules(rucksack_turns=1, rucksack_depth=8, start_money=5, ride_cost=1)
    policy = make_strategy("random", GAME)
    for seed in range(10):
        in_game = Counter()
        n = 2 + seed % 4
        players = [make_strategy("random", GAME)] * n
        engine, rngs = seat_streams(game_seed(seed, 0), n)
        state = SPEC.new_state(rules, n, engine)
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            where = (state.phase, bool(state.break_shop))
            if in_game[where] < 2:  # a few of each kind a game
                in_game[where] += 1
                tested[where] += 1
                world = state.sample_hidden(seat, GameRng(seed))
                horizon = (0, 1, 4)[in_game[where] % 3]
                everything = range(len(legal))
                assert_moves_equal(world, seat, legal, policy, 5 + seed, horizon, everything)
            state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
    phases = {phase for phase, _ in tested}
    assert phases == set(range(len(day.PHASE_NAMES))) - {day.OVER}
    assert tested[(day.SHOP, True)] and tested[(day.SHOP, False)]


def test_a_solo_game_is_played_on_compiled():
    """Solo: the Equipment used once each, the Heavy Rucksack every other hour, the rain record."""
    policy = make_strategy("peak-bagger", GAME)
    for seed in range(3):
        for decisions in (0, 30, 60):
            state = position(Rules(), ["random"], seed, decisions)
            if state is None:
                continue
            legal = state.legal_actions()
            world = state.sample_hidden(0, GameRng(seed))
            assert_moves_equal(world, 0, legal, policy, seed, 0, range(min(len(legal), 3)))


def test_what_the_engine_cannot_take_is_left_to_python():
    state = position(Rules(), ["random"] * 3, 4, 20)
    seat, legal = state.current_player(), state.legal_actions()
    policy = make_strategy("peak-bagger", GAME)

    class Copycat:
        def choose(self, view, legal, rng):
            return legal[0]

    assert fast_playouts.playouts(state, seat, legal, Copycat(), GameRng(1)) is None
    assert fast_playouts.playouts(state, seat, [*legal, ("vote", 0)], policy, GameRng(1)) is None
    assert fast_playouts.playouts(state, (seat + 1) % 3, legal, policy, GameRng(1)) is None
    assert fast_playouts.playouts(state, seat, legal, policy, GameRng(1)) is not None


def test_some_of_the_moves_in_any_order_are_valued_as_among_all():
    """The audit's second look values the best and the played move only."""
    policy = make_strategy("peak-bagger", GAME)
    for decisions in (5, 25, 45):
        state = position(Rules(), ["random"] * 2, 7, decisions)
        seat, legal = state.current_player(), state.legal_actions()
        world = state.sample_hidden(seat, GameRng(2))
        every = fast_playouts.playouts(world, seat, legal, policy, GameRng(3), 0)
        pair = [legal[-1], legal[0]]
        some = fast_playouts.playouts(world, seat, pair, policy, GameRng(3), 0)
        np.testing.assert_array_equal(some[0], every[0][[-1, 0]])
        np.testing.assert_array_equal(some[1], every[1][[-1, 0]])


def test_move_values_plays_on_the_compiled_engine_when_the_policy_has_a_compiled_form(
    monkeypatch,
):
    state = position(Rules(), ["random"] * 3, 11, 30)
    policy = make_strategy("random", GAME)
    assert_move_values_go_compiled(monkeypatch, fast_playouts, state, policy, 4, horizon=6)
    assert playouts_module.cheap_playouts(GAME)
    assert playouts_module.compiled_playouts(type(state)) is fast.playouts
