"""The actions of a Hike It! game, and their words for logs and replays.

Actions are tuples whose first element names the choice (``describe`` puts one in words):

setup      ("waypoint", space) ("trailhead", space)
morning    ("reroll",) ("face_weather",)
challenge  ("pay", method[, method]) ("suffer",)    method: "tile", "cards", "token"
afternoon  ("hike", space) ("water",) ("gear", type) ("bag",) ("dump", item) ("campfire",)
           ("turn_order",) ("shoo", space) ("recycle",) ("end",)
any time   ("set", type)    skill cards for a token: afternoon, hand limit, challenge, morning,
           resting, and out of turn in the window
picks      ("skill", slot) ("refill", region) ("keep", side_hike) ("discard", type)
resting    ("rest", levels)
bears      ("bear", bear[, space[, "trail"]]) ("bear_step", space)
trading    ("trade", hiker) ("ask", hiker) ("give", code) ("get", code) ("propose",)
           ("accept",) ("decline",) ("scenic", space)    codes: see trading.py; the giver of a
           traded scenic token picks which one
window     ("pass",) ("trade", hiker) ("set", type)    after each turn, for the other hikers
"""

from __future__ import annotations

from simkit.games.hike_it import side_hikes, trading
from simkit.games.hike_it.data import ITEMS, REGIONS


def describe(names, side_cards, action) -> str:
    """An action in words, with the park's space ``names`` and the ``side_cards``."""
    kind, args = action[0], action[1:]
    if kind in ("hike", "waypoint", "trailhead", "shoo", "bear_step"):
        return f"{kind.replace('_', ' ')} {names[args[0]]}"
    if kind in ("gear", "dump", "set", "discard"):
        return f"{kind} {ITEMS[args[0]]}"
    if kind == "refill":
        return f"refill the {REGIONS[args[0]]} water supply"
    if kind == "bear":
        to = f" to {names[args[1]]}" if len(args) > 1 else ""
        return f"move the {REGIONS[args[0]]} bear{to}"
    if kind == "pay":
        return "overcome with " + " and ".join(args)
    if kind in ("give", "get"):
        return f"{kind} {trading.text(args[0])}"
    if kind == "trade":
        return f"offer a trade to Hiker {args[0]}"
    if kind == "ask":
        return f"ask Hiker {args[0]} for a trade offer"
    if kind == "pass":
        return "make no trade offer"
    if kind == "scenic":
        return f"hand over the scenic token of {names[args[0]]}"
    if kind == "keep":
        return "keep side hike " + side_hikes.describe(side_cards[args[0]], 0)
    return " ".join(str(a) for a in action).replace("_", " ")
