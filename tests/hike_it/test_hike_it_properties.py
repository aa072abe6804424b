"""Property tests: random legal play keeps every invariant and ends; rule variants too."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simkit.core.rng import GameRng
from simkit.core.rules import rule_fields
from simkit.games.hike_it import GAME
from simkit.games.hike_it.phases import TRADE_ANSWER
from simkit.games.hike_it.rules import Rules, WeatherDeck
from simkit.games.hike_it.state import new_state

RULES = Rules()
FAST = dataclasses.replace(RULES, turn_limit=40)


def play(state, rng: GameRng, check: bool = True, max_steps: int = 50_000):
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, (state.phase, state.stage)
        turn_of = state.seat_now
        if check and state.phase == TRADE_ANSWER:  # in turn or in the window after a turn
            offerer, receiver = state.offers.offer[:2]
            assert state.in_park(offerer) and state.in_park(receiver)
            assert state.region_of(offerer) == state.region_of(receiver)
        state.apply(legal[rng.below(len(legal))])
        steps += 1
        assert steps < max_steps
        if check:
            state.invariants()
            if state.seat_now != turn_of:  # a turn ended: that hiker is within the hand limit
                assert len(state.hand[turn_of]) <= state.rules.hand_limit
    return steps


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.integers(2, 4))
def test_random_play_keeps_invariants_and_terminates(seed, n):
    state = new_state(FAST, n, GameRng(seed))
    play(state, GameRng(seed ^ 0x5EED))
    out = state.outcome()
    assert out.end_reason in ("normal", "turn_limit")
    assert len(out.scores) == n and abs(sum(out.win_shares) - 1) < 1e-9
    assert set(out.extras) == set(GAME.extra_columns)
    assert all(len(v) == n for v in out.extras.values())


def _variant(draw) -> Rules:
    fields = rule_fields(RULES)
    changes: dict = {}
    weather: dict = {}
    for name, f in fields.items():
        meta = f.metadata
        if not meta or draw(st.booleans()):
            continue
        if meta.get("choices"):
            value = draw(st.sampled_from(meta["choices"]))
        elif isinstance(f.default, bool):
            value = draw(st.booleans())
        elif meta.get("lo") is not None and meta.get("hi") is not None:
            value = draw(st.integers(int(meta["lo"]), int(meta["hi"])))
        else:
            continue
        if name.startswith("weather."):
            weather[name.split(".")[1]] = value
        elif name != "turn_limit":
            changes[name] = value
    rules = dataclasses.replace(RULES, turn_limit=30, **changes)
    if weather:
        rules = dataclasses.replace(rules, weather=dataclasses.replace(WeatherDeck(), **weather))
    return rules


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32), n=st.integers(2, 4))
def test_rule_variants_play_to_the_end(data, seed, n):
    rules = _variant(data.draw)
    try:
        rules.validate()
    except Exception:
        return  # a variant the rules reject up front is not a game
    state = new_state(rules, n, GameRng(seed))
    play(state, GameRng(seed + 1))
    assert state.is_terminal()


def test_same_seed_same_game_and_clone_is_independent():
    a = new_state(FAST, 3, GameRng(11), log=True)
    b = new_state(FAST, 3, GameRng(11), log=True)
    play(a, GameRng(5), check=False)
    play(b, GameRng(5), check=False)
    assert a.outcome() == b.outcome() and a.events == b.events
    c = new_state(FAST, 3, GameRng(12))
    for _ in range(30):
        c.apply(c.legal_actions()[0])
    d = c.clone()
    before = c.view(0)
    play(d, GameRng(1), check=False)
    assert c.view(0) == before and not c.is_terminal()


def test_view_hides_other_hands_and_sample_hidden_is_consistent():
    state = new_state(FAST, 4, GameRng(21))
    rng = GameRng(3)
    for _ in range(200):
        state.apply(state.legal_actions()[rng.below(len(state.legal_actions()))])
    view = state.view(0)
    assert not hasattr(view, "hands")
    assert view.players[1].hand_size == len(state.hand[1])
    sampled = state.sample_hidden(0, GameRng(9))
    assert sampled.view(0) == view
    sampled.invariants()
    assert sorted(sampled.hand[0]) == sorted(state.hand[0])
    play(sampled, GameRng(4), check=False)


def test_events_tell_the_game_when_logging():
    state = new_state(FAST, 2, GameRng(2), log=True)
    play(state, GameRng(2), check=False)
    text = "\n".join(state.events)
    assert "chooses waypoint" in text and "rolls the weather dice" in text
    assert "draws a trail card" in text
    quiet = new_state(FAST, 2, GameRng(2))
    play(quiet, GameRng(2), check=False)
    assert quiet.events == []


def test_every_action_has_plain_words():
    state = new_state(FAST, 3, GameRng(8))
    rng = GameRng(8)
    seen = set()
    while not state.is_terminal():
        legal = state.legal_actions()
        for action in legal:
            text = state.action_text(action)
            assert text and "(" not in text
            seen.add(action[0])
        state.apply(legal[rng.below(len(legal))])
    assert {"waypoint", "trailhead", "hike", "end", "pass", "trade"} <= seen
