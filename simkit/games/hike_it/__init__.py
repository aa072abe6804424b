"""Hike It! The Backpacking Board Game (Zykotic Games): 2-4 hikers in the Great Smoky Mountains."""

from simkit.core.game import GameSpec
from simkit.games.hike_it.data import load_data
from simkit.games.hike_it.rules import Rules
from simkit.games.hike_it.state import new_state

GAME = GameSpec(
    name="hike-it",
    title="Hike It! The Backpacking Board Game",
    min_players=2,
    max_players=4,
    rules_type=Rules,
    new_state=new_state,
    default_strategy="planner",
    typical_players=4,
    turn_unit="day (one round: every player takes a turn)",
    score_meaning="points",
    extra_columns=(
        "x_scenic_tokens",
        "x_skill_set_tokens",
        "x_health",
        "x_side_hike_points",
        "x_trailhead_bonus",
        "x_finished",
        "x_knocked_out",
        "x_days",
        "x_weather_hits",
        "x_trades",
    ),
    load_data=load_data,
    fast_engine="simkit.games.hike_it.fast",
)
