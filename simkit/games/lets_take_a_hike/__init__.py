"""Let's Take a Hike (StrataMax Games, 2011): the card game of packing a backpack and hiking for miles."""

from simkit.core.game import GameSpec
from simkit.games.lets_take_a_hike.cards import Rules, load_cards
from simkit.games.lets_take_a_hike.state import State, new_state

GAME = GameSpec(
    name="lets-take-a-hike",
    title="Let's Take a Hike",
    min_players=2,
    max_players=5,
    rules_type=Rules,
    new_state=new_state,
    default_strategy="bold",
    typical_players=4,
    turn_unit="player turns: one draw, or one whole hike with everyone on it",
    score_meaning="miles in the scoring pile",
    extra_columns=(
        "x_cards_scored",
        "x_hikes_led",
        "x_hikes_joined",
        "x_cards_lost_to_hazards",
        "x_busts",
        "x_backpack_miles",
        "x_drawoff",
    ),
    load_data=load_cards,
    fast_engine="simkit.games.lets_take_a_hike.fast",
)

__all__ = ["GAME", "Rules", "State", "new_state"]
