"""Backpacks & Blisters (Ragnar Brothers, Second Edition): a day's rambling round Keswick.

Ramblers play cards of circles and triangles to walk the northern Lake District, placing stones
on Prime Locations for points, racing for Cairns, riding the Ferry and the Buses and enjoying
Refreshments, and must be back in Keswick by 6 p.m. or lose everything. Solo and 2-6 players.
"""

from simkit.core.game import GameSpec
from simkit.games.backpacks_and_blisters.rules import Rules, load_data
from simkit.games.backpacks_and_blisters.state import HONOURS, new_state

GAME = GameSpec(
    name="backpacks-and-blisters",
    title="Backpacks & Blisters",
    min_players=1,
    max_players=6,
    rules_type=Rules,
    new_state=new_state,
    default_strategy="peak-bagger",
    typical_players=4,
    turn_unit="a 20-minute turn of the Time chart (every Rambler's turn, or Lunch or Tea)",
    score_meaning="points",
    sentinels=(("x_return_time", -1),),
    extra_columns=(
        "x_prime_locations",
        "x_cairn_points",
        "x_secret_desires",
        "x_rides",
        "x_refreshments",
        "x_returned",
        "x_return_time",
        "x_rainy_turns",
        "x_honour",
    ),
    load_data=load_data,
    honours=HONOURS,
    fast_engine="simkit.games.backpacks_and_blisters.fast",
)
