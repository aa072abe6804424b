"""The actions of a Backpacks & Blisters turn in words, for logs and replays (the actions are listed
in state.py's docstring)."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.cards import card_text
from simkit.games.backpacks_and_blisters.rules import EQUIPMENT, Rules


def describe(rules: Rules, action) -> str:
    names = rules.board.names
    kind = action[0]
    if kind == "equip":
        return f"take the {EQUIPMENT[action[1]]}"
    if kind == "play":
        return f"play {card_text(rules, action[1])}"
    if kind == "move":
        bought = action[3] if len(action) > 3 else 0
        return (
            f"walk to {names[action[1]]}"
            + (f" buying {bought} Chocolate bar(s) on the way" if bought else "")
            + (" eating Chocolate" if action[2] else "")
        )
    if kind == "ride":
        ride = "the Ferry" if action[1] == "ferry" else f"the {action[1]} bus"
        return f"ride {ride} to {names[action[2]]}"
    if kind == "refresh":
        dropped = ", ".join(card_text(rules, c) for c in action[1:]) or "nothing"
        return f"enjoy Refreshments, discarding {dropped}"
    if kind == "buy":
        return "buy a bar of Chocolate"
    if kind == "end":
        return "end the turn"
    if kind == "discard":
        return f"discard {card_text(rules, action[1])}"
    if kind == "vote":
        return f"vote for Rambler {action[1]} to carry the Heavy Rucksack"
    return f"give the Heavy Rucksack to Rambler {action[1]}"
