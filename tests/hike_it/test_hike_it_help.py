"""Every Hike It! rule field and strategy parameter says what it means (`simkit rules hike-it`,
`simkit strategies hike-it`)."""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

from simkit.core.rules import rule_fields
from simkit.core.strategy import strategies_for
from simkit.games.hike_it.rules import Rules

RULE_FIELDS = rule_fields(Rules())
STRATEGIES = {
    name: info.cls
    for name, info in strategies_for("hike-it").items()
    if info.games is not None  # the game's own, not the generic ones
}


def test_the_rule_fields_include_the_component_data_and_the_tuples():
    # The fields that once had no help text are among those checked below.
    for name in ("park.edges", "decks.trail", "decks.gear", "campfire_bonus", "rest_cost"):
        assert name in RULE_FIELDS


@pytest.mark.parametrize("name", sorted(RULE_FIELDS))
def test_every_rule_field_has_a_help_text(name):
    told = RULE_FIELDS[name].metadata.get("help", "")
    assert len(told.split()) >= 2, f"rule field {name} has no help text"


def _line_comment(cls: type, field: str) -> str:
    """The comment on ``field``'s line in ``cls`` or the class it inherits the field from
    (nearest first), as ``simkit strategies`` reads it."""
    pattern = re.compile(rf"^[ \t]+{field}\s*:[^#\n]*#(?P<comment>[^\n]+)$", re.M)
    for klass in cls.__mro__:
        try:
            found = pattern.search(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        if found:
            return found["comment"].strip()
    return ""


def test_hike_it_has_its_four_strategies():
    assert {"planner", "rusher", "collector", "careful"} <= set(STRATEGIES)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy_parameter_has_a_help_text(name):
    cls = STRATEGIES[name]
    for f in dataclasses.fields(cls):
        if f.init:
            told = f.metadata.get("help") or _line_comment(cls, f.name)
            assert len(told.split()) >= 2, f"{name}: parameter {f.name} has no help text"
