"""The conformance suite every registered game must pass (OpenSpiel-style API checks)."""

from __future__ import annotations

import pytest

from simkit.core import registry
from simkit.core.errors import IllegalAction
from simkit.core.game import GameSpec, Outcome
from simkit.core.rng import GameRng, game_seed, seat_streams

GAMES = list(registry.games().values())
CASES = [(spec, n) for spec in GAMES for n in spec.player_counts]
IDS = [f"{spec.name}-{n}p" for spec, n in CASES]
SEEDS = 4


def random_game(spec: GameSpec, n: int, seed: int, check=True, log=False):
    engine, seats = seat_streams(seed, n)
    state = spec.new_state(spec.default_rules(), n, engine, log=log)
    actions = []
    if check:
        state.invariants()
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        seat = state.current_player()
        assert 0 <= seat < n
        action = legal[seats[seat].below(len(legal))]
        actions.append(action)
        state.apply(action)
        if check:
            state.invariants()
    return state, actions


def test_registry_has_the_reference_game():
    assert "lets-take-a-hike" in registry.games()


@pytest.mark.parametrize(("spec", "n"), CASES, ids=IDS)
def test_random_play_keeps_invariants_and_ends(spec, n):
    for k in range(SEEDS):
        state, _ = random_game(spec, n, game_seed(7, k))
        outcome = state.outcome()
        assert isinstance(outcome, Outcome)
        assert len(outcome.scores) == len(outcome.ranks) == len(outcome.win_shares) == n
        assert all(1 <= r <= n for r in outcome.ranks)
        assert min(outcome.ranks) == 1
        assert outcome.end_reason
        total = sum(outcome.win_shares)
        assert abs(total - 1.0) < 1e-9 or (outcome.end_reason != "normal" and total == 0)
        for seat, share in enumerate(outcome.win_shares):
            assert (share > 0) == (outcome.ranks[seat] == 1) or total == 0
        for column in spec.extra_columns:
            assert column.startswith("x_")
            assert len(outcome.extras[column]) == n
        assert outcome.turns == state.turns() >= 0
        assert len(state.scores()) == n


@pytest.mark.parametrize(("spec", "n"), CASES, ids=IDS)
def test_illegal_actions_are_refused_and_change_nothing(spec, n):
    engine, _ = seat_streams(3, n)
    state = spec.new_state(spec.default_rules(), n, engine)
    seat = state.current_player()
    before = state.view(seat)
    with pytest.raises(IllegalAction):
        state.apply(("surely", "not", "an", "action"))
    assert state.view(seat) == before


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
def test_same_seed_same_game(spec):
    n = spec.typical_players
    first, a1 = random_game(spec, n, 99, check=False)
    second, a2 = random_game(spec, n, 99, check=False)
    assert a1 == a2
    assert first.outcome() == second.outcome()


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
def test_clone_is_independent(spec):
    n = spec.typical_players
    engine, seats = seat_streams(5, n)
    state = spec.new_state(spec.default_rules(), n, engine)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    views = [state.view(s) for s in range(n)]
    copy = state.clone()
    rng = GameRng(1)
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(legal[rng.below(len(legal))])
    assert [state.view(s) for s in range(n)] == views
    # The original plays on exactly as an untouched copy would.
    twin = state.clone()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply(action)
        twin.apply(action)
    assert state.outcome() == twin.outcome()


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
def test_sampled_hidden_information_is_invisible_to_the_seat(spec):
    n = spec.typical_players
    rng = GameRng(11)
    for k in range(SEEDS):
        engine, seats = seat_streams(game_seed(3, k), n)
        state = spec.new_state(spec.default_rules(), n, engine)
        steps = 0
        while not state.is_terminal() and steps < 400:
            seat = state.current_player()
            sampled = state.sample_hidden(seat, rng)
            assert sampled.view(seat) == state.view(seat)
            sampled.invariants()
            legal = state.legal_actions()
            assert sampled.legal_actions() == legal
            state.apply(legal[seats[seat].below(len(legal))])
            steps += 1


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
def test_log_tells_the_game_in_words(spec):
    state, actions = random_game(spec, spec.typical_players, 21, check=False, log=True)
    assert state.events and all(isinstance(line, str) for line in state.events)
    quiet, _ = random_game(spec, spec.typical_players, 21, check=False)
    assert quiet.events == []
    assert all(isinstance(state.action_text(a), str) for a in actions[:50])


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
def test_spec_is_complete(spec):
    from simkit.core.strategy import strategies_for

    assert spec.min_players <= spec.typical_players <= spec.max_players
    available = strategies_for(spec.name)
    assert spec.default_strategy in available
    assert "random" in available
    heuristics = [name for name, info in available.items() if info.games]
    assert len(heuristics) >= 3, "each game ships at least three heuristics"
    for info in available.values():
        assert info.summary, f"strategy {info.name} needs a docstring saying what it plays"
    assert "turn_limit" in {f for f in spec.default_rules().__dataclass_fields__}
