"""Timber Tom (Marco Bing, PYXI 2009): a race over a mountain pegboard for two Treasures and back
to Base Camp, slowed by the trees the other hikers plant. See README.md for the rules as played."""

from simkit.core.game import GameSpec
from simkit.games.timber_tom.rules import Rules, load_data
from simkit.games.timber_tom.state import new_state

GAME = GameSpec(
    name="timber-tom",
    title="Timber Tom",
    min_players=2,
    max_players=6,
    rules_type=Rules,
    new_state=new_state,
    default_strategy="trailblazer",
    typical_players=4,
    turn_unit="round (every hiker still racing moves once)",
    score_meaning="resource count of a drawn game (supply packs, Heli-flights, radios, saws, axes)",
    score_decides=False,
    sentinels=(("x_moves_to_finish", -1),),
    extra_columns=(
        "x_treasures",
        "x_trees_planted",
        "x_trees_cleared",
        "x_supply_packs_used",
        "x_flights",
        "x_cards_drawn",
        "x_emergencies",
        "x_moves_to_finish",
        "x_drawn",
    ),
    load_data=load_data,
    fast_engine="simkit.games.timber_tom.fast",
)
