"""Compiled playouts of Timber Tom: every move's win share and margin in a sampled world, equal to
the Python playouts' for the same world and stream, from positions played through the engine
(every kind of decision, in the middle of a move too, rule variants, two to six hikers, cut at any
horizon and scored on the race's standing)."""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from playout_checks import assert_equal_along, assert_move_values_go_compiled, playout_of
from playout_checks import assert_equal_playouts as shared_check
from playout_checks import position as played_to
from sizes import size
from timber_tom.test_timber_tom_fast import GAME, SPEC, STYLES, rule_variants

from simkit.core.rng import GameRng, game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.timber_tom import fast, fast_playouts
from simkit.games.timber_tom.rules import Rules
from simkit.games.timber_tom.turn_order import PHASE_NAMES


def position(rules, names, seed, decisions):
    return played_to(GAME, SPEC, rules, names, seed, decisions)


def assert_equal_playouts(state, world_seed, policy, stream, horizon):
    shared_check(GAME, fast_playouts, state, world_seed, policy, stream, horizon)


@settings(max_examples=size(15, 60), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    rules=st.one_of(st.just(Rules()), rule_variants()),
    names=st.lists(st.sampled_from(STYLES), min_size=2, max_size=6),
    seed=st.integers(0, 2**63),
    depths=st.lists(st.integers(0, 250), min_size=1, max_size=3),
    policy=st.sampled_from(STYLES),
    world_seed=st.integers(0, 2**64 - 1),
    stream=st.integers(0, 2**64 - 1),
    horizon=st.sampled_from([0, 0, 1, 5, 40]),
)
def test_compiled_playouts_equal_python_playouts(
    rules, names, seed, depths, policy, world_seed, stream, horizon
):
    """Positions at a few depths of one seeded game."""
    drawn = dict(world_seed=world_seed, policy=policy, stream=stream, horizon=horizon)
    assume(assert_equal_along(GAME, SPEC, fast_playouts, rules, names, seed, depths, **drawn))


def test_every_kind_of_decision_is_taken_up_where_the_python_engine_waits():
    """Along whole games with few axes, a small Tree Box and the cards, decisions of every phase
    (steps and trades in the middle of a move, lifting, planting, uprooting, flights, the hot-spot,
    the Snow Cap card, clearing after a move, a Wild card just drawn) are played on compiled from
    where the Python engine waits, and agree; a move given up is among them (its snapshot)."""
    tested = Counter()
    rules = Rules(tree_box=8, turn_limit=40)
    styles = ("random", "trailblazer", "random", "blocker:tree_cost=8")
    for seed in range(size(6, 12)):
        in_game = Counter()
        players = [make_strategy(name, GAME) for name in styles]
        engine, rngs = seat_streams(game_seed(seed, 0), len(players))
        state = SPEC.new_state(rules, len(players), engine)
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            kind = PHASE_NAMES[state.phase]
            if in_game[kind] < 3 or ("turn_back",) in legal and in_game["turn_back"] < 2:
                in_game[kind] += 1
                tested[kind] += 1
                in_game["turn_back"] += ("turn_back",) in legal
                tested["turn_back"] += ("turn_back",) in legal
                assert_equal_playouts(state, seed, "random", 5, 12)
            state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
    assert set(tested) >= set(PHASE_NAMES) | {"turn_back"}, tested


def test_a_playout_cut_short_is_scored_on_the_race_standing():
    """At a horizon of one decision every move's values are the Python playout's, scored on
    ``evaluation.standing`` (the spaces each hiker has still to go)."""
    state = position(Rules(), ["trailblazer"] * 3, 5, 40)
    seat, legal = state.current_player(), state.legal_actions()
    player = make_strategy("trailblazer", GAME)
    wins, margins = fast_playouts.playouts(state, seat, legal, player, GameRng(1), 1)
    for i, action in enumerate(legal):
        assert (wins[i], margins[i]) == playout_of(state, action, player, seat, 1, 1)


def test_playouts_start_with_players_that_remember_nothing():
    """A walker keeps the distance fields it read first in a turn for the rest of it. One that
    has read them here, then plays a playout of the same turn in which a tree now stands on the
    step it chose, plays it as a new walker does: a playout does not depend on what the policy
    object saw before it (without ``playout.fresh`` a move of each position below differs)."""
    for seed in range(3):
        state = position(Rules(), ["trailblazer"] * 3, seed, 10)
        seat = state.current_player()
        used = make_strategy("trailblazer", GAME)
        step = used.choose(state.view(seat), state.legal_actions(), GameRng(1))
        world = state.clone()
        world.trees[step[1]] = 1
        world._legal = None
        for action in world.legal_actions():
            assert playout_of(world, action, used, seat, 7, 4) == playout_of(
                world, action, make_strategy("trailblazer", GAME), seat, 7, 4
            )


def test_a_strategy_without_a_compiled_form_or_a_foreign_move_is_left_to_python():
    state = position(Rules(), ["trailblazer"] * 2, 3, 20)
    seat, legal = state.current_player(), state.legal_actions()
    assert fast_playouts.playouts(state, seat, legal, object(), GameRng(1)) is None
    foreign = [("step", -5, "")]
    policy = make_strategy("random", GAME)
    assert fast_playouts.playouts(state, seat, foreign, policy, GameRng(1)) is None


def test_move_values_plays_on_the_compiled_engine_when_the_policy_has_a_compiled_form(
    monkeypatch,
):
    state = position(Rules(), ["trailblazer"] * 3, 11, 60)
    policy = make_strategy("trailblazer", GAME)
    assert_move_values_go_compiled(monkeypatch, fast_playouts, state, policy, 4, horizon=8)


def test_the_engine_hook_is_the_compiled_playouts():
    state = position(Rules(), ["climber"] * 2, 4, 25)
    seat, legal = state.current_player(), state.legal_actions()
    policy = make_strategy("climber", GAME)
    hooked = fast.playouts(state, seat, legal, policy, GameRng(2), 6)
    direct = fast_playouts.playouts(state, seat, legal, policy, GameRng(2), 6)
    np.testing.assert_array_equal(hooked, direct)
