"""Every Let's Take a Hike rule field and strategy parameter says what it means (`simkit rules
lets-take-a-hike`, `simkit strategies lets-take-a-hike`), read through ``describe_rules`` and
``StrategyInfo.param_help`` as the commands print them."""

from __future__ import annotations

import pytest

from simkit.core.rules import describe_rules
from simkit.core.strategy import strategies_for
from simkit.games.lets_take_a_hike.cards import Rules

FIELDS = {f.name: f for f in describe_rules(Rules())}
HEURISTICS = {
    name: info
    for name, info in strategies_for("lets-take-a-hike").items()
    if info.games is not None
}


def test_the_rule_fields_include_the_item_cards_and_the_hazards():
    assert {"items", "hazards.raccoon", "hazards.bear", "backpack_deal"} <= set(FIELDS)


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_every_rule_field_has_a_help_text(name):
    assert len(FIELDS[name].help.split()) >= 2, f"rule field {name} has no help text"


def test_the_heuristics_are_registered():
    assert {"bold", "greedy", "cautious", "threshold"} <= set(HEURISTICS)


@pytest.mark.parametrize("name", sorted(HEURISTICS))
def test_every_heuristic_parameter_has_its_own_description(name):
    info = HEURISTICS[name]
    told = info.param_help()
    assert set(told) == set(info.params())
    missing = [p for p in info.params() if len(told[p].split()) < 3]
    assert missing == []
    assert len(set(told.values())) == len(told), f"{name}: two parameters share one text"


# Each threshold counts either cards in the backpack or miles (backpack or hiking pile): the help
# must say which, since 5 cards and 5 miles are very different backpacks.
UNITS = [
    ("cautious", "full", "cards"),
    ("greedy", "take_at", "miles"),
    ("greedy", "hike_at", "cards"),
    ("bold", "reserve", "miles"),
    ("bold", "enough", "miles"),
    ("bold", "hike_miles", "miles"),
    ("threshold", "hike", "cards"),
    ("threshold", "drop", "miles"),
    ("threshold", "reserve", "miles"),
]


def test_the_listed_parameters_exist():
    listed = {(name, param) for name, param, _ in UNITS}
    every = {(name, p) for name, info in HEURISTICS.items() for p in info.params()}
    assert listed <= every


@pytest.mark.parametrize(("name", "param", "unit"), UNITS)
def test_a_threshold_says_what_it_counts(name, param, unit):
    told = HEURISTICS[name].param_help()[param]
    assert unit in told.split()
    other = {"cards": "miles", "miles": "cards"}[unit]
    assert other not in told.split()
