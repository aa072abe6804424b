"""The conformance suite (simkit.core.conformance) on every registered game, and on broken toy games
to show that it catches what it should."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from race_game import RACE, RaceRules, RaceState

from simkit.core import conformance, registry
from simkit.core.conformance import GameConformance

GAMES = list(registry.games().values())
CASES = [(spec, n) for spec in GAMES for n in spec.player_counts]
IDS = [f"{spec.name}-{n}p" for spec, n in CASES]
GAME_IDS = [g.name for g in GAMES]


def test_registry_has_the_reference_game():
    assert "lets-take-a-hike" in registry.games()


@pytest.mark.parametrize(("spec", "n"), CASES, ids=IDS)
@pytest.mark.parametrize("check", conformance.PER_PLAYER_COUNT, ids=lambda c: c.__name__)
def test_every_player_count(check, spec, n):
    check(spec, n)


@pytest.mark.parametrize("spec", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("check", conformance.PER_GAME, ids=lambda c: c.__name__)
def test_every_game(check, spec):
    check(spec)


class TestRaceThroughTheHelperClass(GameConformance):
    """The pytest helper a plug-in game uses, here on the dice race (by its spec, not registered).
    The race has no heuristics of its own and keeps no log, so those two checks must fail."""

    game = RACE

    def test_spec_is_complete(self):
        with pytest.raises(AssertionError, match="at least three heuristics"):
            super().test_spec_is_complete()

    def test_log_tells_the_game_in_words(self):
        with pytest.raises(AssertionError, match="tells the game in words"):
            super().test_log_tells_the_game_in_words()


class _Leaky(RaceState):
    """A race whose clone shares the engine's generator with the original."""

    def clone(self):
        other = super().clone()
        other.rng = self.rng
        return other


class _Lenient(RaceState):
    """A race that takes any action as a roll."""

    def apply(self, action):
        super().apply(0)


def _race(state_type):
    """The race with ``state_type`` as its state, slow enough (1 hit in 100) to last many rolls."""

    def new(rules, n, rng, log=False):
        return state_type(rules, n, rng)

    slow = functools.partial(RaceRules, sides=100, hits=1, first_hits=1)
    return dataclasses.replace(RACE, new_state=new, rules_type=slow)


def test_the_suite_catches_a_clone_that_shares_state():
    with pytest.raises(AssertionError):
        conformance.check_clone(_race(_Leaky))


def test_the_suite_passes_a_sound_race():
    conformance.check_clone(_race(RaceState))
    conformance.check_illegal_action(_race(RaceState), 2)


def test_the_suite_catches_an_illegal_action_accepted():
    with pytest.raises(AssertionError, match="illegal action was accepted"):
        conformance.check_illegal_action(_race(_Lenient), 2)


def test_the_rules_are_stated():
    assert len(conformance.RULES) >= 8
    assert any("at least three heuristics" in rule for rule in conformance.RULES)


def test_the_guide_states_every_rule_of_the_suite():
    from pathlib import Path

    guide = (Path(__file__).parent.parent / "docs" / "adding-a-game.md").read_text()
    plain = " ".join(guide.replace("`", "").replace("**", "").split())
    for rule in conformance.RULES:
        assert rule in plain, rule
