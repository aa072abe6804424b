"""Every Timber Tom rule field and strategy parameter says what it means (`simkit rules
timber-tom`, `simkit strategies timber-tom`), read through ``describe_rules`` and
``StrategyInfo.param_help`` as the commands print them."""

from __future__ import annotations

import pytest

from simkit.core.rules import describe_rules
from simkit.core.strategy import strategies_for
from simkit.games.timber_tom.rules import Rules

FIELDS = {f.name: f for f in describe_rules(Rules())}
STYLES = {
    name: info for name, info in strategies_for("timber-tom").items() if info.games is not None
}


def test_the_fields_that_once_had_no_help_are_listed():
    points = {name for name in FIELDS if name.startswith("points.")}
    resources = ("supply_pack", "heli_flight", "heli_radio", "chainsaw", "axe")
    assert points == {f"points.{r}" for r in resources}
    assert {"board.map", "board.legend", "board.peaks", "deck"} <= set(FIELDS)


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_every_rule_field_has_a_help_text(name):
    assert len(FIELDS[name].help.split()) >= 2, f"rule field {name} has no help text"


@pytest.mark.parametrize(
    ("name", "resource", "points"),
    [
        ("points.supply_pack", "Supply Pack", 1.5),
        ("points.heli_flight", "Heli-flight", 1.5),
        ("points.heli_radio", "heli-radio", 1.0),
        ("points.chainsaw", "Chainsaw", 1.0),
        ("points.axe", "Axe", 0.5),
    ],
)
def test_the_drawn_game_points_name_their_resource_and_rulebook_section(name, resource, points):
    # 13. Scoring a Drawn Game: 1 1/2, 1 1/2, 1, 1, 1/2 points per resource left
    field = FIELDS[name]
    assert field.default == points
    assert resource.lower() in field.help.lower()
    assert "13. Scoring a Drawn Game" in field.help


def test_the_three_styles_are_registered():
    assert set(STYLES) == {"trailblazer", "blocker", "climber"}


@pytest.mark.parametrize("name", sorted(STYLES))
def test_every_style_parameter_has_a_description(name):
    info = STYLES[name]
    told = info.param_help()
    assert set(told) == set(info.params())
    missing = [p for p in info.params() if len(told[p].split()) < 3]
    assert missing == []


def test_the_styles_share_one_meaning_per_parameter():
    # A style changes a parameter's default, never what it means: a style's docstring clause
    # ("cutting through trees ... (tree_cost 1)") must not stand in for the parameter's help.
    helps = [info.param_help() for info in STYLES.values()]
    assert all(h == helps[0] for h in helps)
    assert len(set(helps[0].values())) == len(helps[0])
