"""Compiled playouts of Hike It!: every move's win share and margin in a sampled world, equal to
the Python playouts' for the same world and stream, from positions played through the engine."""

from __future__ import annotations

from collections import Counter

from hike_it.test_hike_it_fast import GAME, SPEC, STRATEGIES, rule_variants
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from playout_checks import assert_equal_along, assert_move_values_go_compiled
from playout_checks import assert_equal_playouts as shared_check
from playout_checks import position as played_to

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.hike_it import fast_playouts
from simkit.games.hike_it.phases import BEAR_STEP, OVER, PHASES
from simkit.games.hike_it.rules import Rules


def position(rules, names, seed, decisions):
    return played_to(GAME, SPEC, rules, names, seed, decisions)


# The compiled heuristics (the planner's variants and ``random``, whose draws test the stream).
POLICIES = STRATEGIES


def assert_equal_playouts(state, world_seed, policy, stream, horizon):
    shared_check(GAME, fast_playouts, state, world_seed, policy, stream, horizon)


@settings(max_examples=40, deadline=None)
@given(
    rules=st.one_of(st.just(Rules()), rule_variants()),
    names=st.lists(st.sampled_from(STRATEGIES), min_size=2, max_size=4),  # the game seats 2-4
    seed=st.integers(0, 2**63),
    depths=st.lists(st.integers(0, 300), min_size=1, max_size=3),
    policy=st.sampled_from(POLICIES),
    world_seed=st.integers(0, 2**64 - 1),
    stream=st.integers(0, 2**64 - 1),
    horizon=st.sampled_from([0, 0, 1, 5, 60]),
)
def test_compiled_playouts_equal_python_playouts(
    rules, names, seed, depths, policy, world_seed, stream, horizon
):
    """Positions at a few depths of one seeded game."""
    drawn = dict(world_seed=world_seed, policy=policy, stream=stream, horizon=horizon)
    assume(assert_equal_along(GAME, SPEC, fast_playouts, rules, names, seed, depths, **drawn))


def test_every_kind_of_decision_is_taken_up_where_the_python_engine_waits():
    """Along whole games with trading and a small hand limit, decisions of every phase (the trade
    offers, the bears' moves, the hand limit, resting ...) are played on compiled from where the
    Python engine waits, and agree."""
    tested = Counter()
    rules = Rules(trade_offers=2, trade_window=True, turn_limit=40, hand_limit=3)
    for seed in range(4):
        in_game = Counter()
        players = [make_strategy(n, GAME) for n in ("random", "planner", "random", "careful")]
        engine, rngs = seat_streams(game_seed(seed, 0), len(players))
        state = SPEC.new_state(rules, len(players), engine)
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            mauled = state.phase == BEAR_STEP and state.bear_turn.hit  # rare: a bear paused
            if in_game[state.phase] < 2 or mauled:  # a few of each kind a game
                in_game[state.phase] += 1
                tested[PHASES[state.phase]] += 1
                tested["mauled"] += bool(mauled)
                assert_equal_playouts(state, seed, "random", 5, 12)
            state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
    assert set(tested) == set(PHASES) - {PHASES[OVER]} | {"mauled"}


def test_move_values_plays_on_the_compiled_engine_when_the_policy_has_a_compiled_form(
    monkeypatch,
):
    state = position(Rules(), ["planner"] * 3, 11, 60)
    policy = make_strategy("planner", GAME)
    assert_move_values_go_compiled(monkeypatch, fast_playouts, state, policy, 4)
