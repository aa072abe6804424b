"""Property tests: random legal play (and heuristic play mixed with random) keeps every invariant,
ends by 6 p.m., and scores add up; rule variants drawn from the declared ranges do the same."""

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simkit.core.rng import GameRng
from simkit.core.rules import rule_fields
from simkit.core.strategy import make_strategy
from simkit.games.backpacks_and_blisters import GAME
from simkit.games.backpacks_and_blisters.rules import Rules
from simkit.games.backpacks_and_blisters.state import CATEGORIES, IN_DECK

RULES = Rules()
PEAK = make_strategy("peak-bagger", GAME.name)
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(rules, n, seed, heuristic_share=0.0):
    state = GAME.new_state(rules, n, GameRng(seed))
    rng = GameRng(seed ^ 0x5EED)
    decisions = 0
    while not state.is_terminal():
        state.invariants()
        legal = state.legal_actions()
        assert legal
        seat = state.current_player()
        if rng.random() < heuristic_share:
            action = PEAK.choose(state.view(seat), legal, rng)
        else:
            action = legal[rng.below(len(legal))]
        state.apply(action)
        decisions += 1
        assert decisions < 5000
    state.invariants()
    return state


def check_outcome(state, n):
    out = state.outcome()
    assert len(out.scores) == n and out.turns <= state.board.n_turns
    for seat in range(n):
        assert sum(state.ledger[seat][c] for c in CATEGORIES) == out.scores[seat]
        if out.end_reason == "normal" and not out.extras["x_returned"][seat]:
            assert out.scores[seat] == 0
    for name in GAME.extra_columns:
        assert len(out.extras[name]) == n
    assert abs(sum(out.win_shares) - 1.0) < 1e-9


@SETTINGS
@given(seed=st.integers(0, 2**32), n=st.integers(1, 6))
def test_random_play_keeps_invariants_and_ends_by_6pm(seed, n):
    state = play(RULES, n, seed)
    assert state.end_reason == "normal"
    check_outcome(state, n)


@SETTINGS
@given(seed=st.integers(0, 2**32), n=st.integers(1, 6))
def test_heuristic_play_mixed_with_random_keeps_invariants(seed, n):
    state = play(RULES, n, seed, heuristic_share=0.8)
    check_outcome(state, n)


def variant(data):
    changes = {}
    for name, f in rule_fields(RULES).items():
        meta, default = f.metadata, getattr(RULES, name)
        if meta.get("choices"):
            changes[name] = data.draw(st.sampled_from(meta["choices"]), label=name)
        elif isinstance(default, bool):
            changes[name] = data.draw(st.booleans(), label=name)
        elif isinstance(default, int) and meta.get("lo") is not None:
            changes[name] = data.draw(st.integers(int(meta["lo"]), int(meta["hi"])), label=name)
    return dataclasses.replace(RULES, **changes)


@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32), n=st.integers(1, 6))
def test_rule_variants_from_the_declared_ranges(data, seed, n):
    rules = variant(data)
    rules.validate()
    state = play(rules, n, seed, heuristic_share=0.5)
    assert state.end_reason in ("normal", "turn_limit")
    check_outcome(state, n)


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6), steps=st.integers(0, 150))
def test_clone_is_independent_and_replays_identically(seed, n, steps):
    state = GAME.new_state(RULES, n, GameRng(seed))
    rng = GameRng(seed + 1)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    copy = state.clone()
    snapshot = state.view(0)
    rng_a, rng_b = GameRng(7), GameRng(7)
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(legal[rng_a.below(len(legal))])
    assert state.view(0) == snapshot  # the original did not move
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng_b.below(len(legal))])
    assert state.outcome() == copy.outcome()


def test_same_seed_same_game():
    a, b = play(RULES, 4, 123, 0.5), play(RULES, 4, 123, 0.5)
    assert a.outcome() == b.outcome()


def test_the_heavy_rucksack_is_conserved_while_in_play():
    state = play(RULES, 3, 99)
    assert state.rucksack.where != IN_DECK or state.faces.rucksack in state.deck + state.discard


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(1, 6))
def test_scores_equal_the_sum_of_the_logged_scoring_events(seed, n):
    state = GAME.new_state(RULES, n, GameRng(seed), log=True)
    rng = GameRng(seed + 3)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        state.apply(
            PEAK.choose(state.view(seat), legal, rng)
            if rng.random() < 0.7
            else legal[rng.below(len(legal))]
        )
    logged = [0] * n
    for line in state.events:
        words = line.split()
        if len(words) > 3 and words[0] == "Rambler" and words[2] == "scores":
            logged[int(words[1])] += int(words[3])
    assert tuple(float(x) for x in logged) == state.outcome().scores
