"""Issue 15: `simkit rules GAME` lists every rule field with its help text and `simkit strategies
GAME` explains every parameter of every strategy, for every registered game. Both commands print
what ``describe_rules`` and ``StrategyInfo.param_help`` return, so these read the same."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from simkit.core import registry
from simkit.core.rules import describe_rules, rule
from simkit.core.strategy import StrategyInfo, strategies_for

GAMES = sorted(registry.games())


def explains(text: str) -> bool:
    """A help text that says something: at least two words."""
    return len(text.split()) >= 2


def undescribed_rules(rules) -> list[str]:
    """The rule fields (dotted names) that `simkit rules` would print with no help line."""
    return [f.name for f in describe_rules(rules) if not explains(f.help)]


def undescribed_params(info: StrategyInfo) -> list[str]:
    """The parameters `simkit strategies` would print as "no description", and those that share
    their description with another parameter of the same strategy (a docstring clause naming two
    parameters, say): such a line tells the reader what neither one does on its own."""
    told = info.param_help()
    missing = [p for p in info.params() if not explains(told.get(p, ""))]
    texts = [told.get(p, "") for p in info.params()]
    shared = [p for p, t in zip(info.params(), texts, strict=True) if t and texts.count(t) > 1]
    return missing + shared


def test_all_four_games_are_checked():
    assert {"timber-tom", "lets-take-a-hike", "hike-it", "backpacks-and-blisters"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_field_has_a_help_text(game):
    rules = registry.game(game).default_rules()
    assert describe_rules(rules), f"{game} lists no rule fields"
    assert undescribed_rules(rules) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_strategy_parameter_has_its_own_description(game):
    found = strategies_for(game)
    assert "search" in found and "blunder" in found
    missing = {name: undescribed_params(info) for name, info in found.items()}
    assert {name: params for name, params in missing.items() if params} == {}


@pytest.mark.parametrize("game", GAMES)
def test_param_help_covers_exactly_the_parameters(game):
    for name, info in strategies_for(game).items():
        assert set(info.param_help()) == set(info.params()), name


@pytest.mark.parametrize("name", ["search", "blunder"])
def test_the_generic_players_say_what_each_parameter_does(name):
    # They serve every game: their help comes from their own fields, not a game's.
    info = strategies_for("lets-take-a-hike")[name]
    assert info.games is None
    assert info.param_help() == strategies_for("timber-tom")[name].param_help()
    assert undescribed_params(info) == []


# ---------------------------------------------------------------- the checks can fail


@dataclass(frozen=True)
class _ToyPoints:
    gold: int = rule(3, lo=0, hi=9, help="points per gold nugget")
    silver: int = rule(1, lo=0, hi=9)


@dataclass(frozen=True)
class _ToyRules:
    rounds: int = rule(10, lo=1, hi=99, help="rounds before the game ends")
    deck: tuple = (1, 2, 3)
    points: _ToyPoints = field(default_factory=_ToyPoints)


@dataclass
class _ToyPlayer:
    """Draws until it holds ``hand`` or ``risk`` cards."""

    limit: int = 4  # cards held before it stops drawing
    hand: int = 5
    risk: int = 2
    bluff: bool = False

    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


def test_a_rule_field_without_help_is_found_nested_or_component_data():
    assert undescribed_rules(_ToyRules()) == ["deck", "points.silver"]


def test_a_parameter_with_no_or_a_shared_description_is_found():
    info = StrategyInfo("toy", _ToyPlayer, ("toy",))
    # bluff: nothing; hand and risk: the one clause that names both
    assert sorted(undescribed_params(info)) == ["bluff", "hand", "risk"]
