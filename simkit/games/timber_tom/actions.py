"""The actions of a Timber Tom turn in words, for logs and replays (the list of actions is in
state.py's docstring and the README)."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd


def describe(b: bd.Board, action) -> str:
    kind, *args = action
    if kind == "step":
        how = f", clearing its tree ({args[1]})" if args[1] else ""
        return f"step to {b.where(args[0])}{how}"
    if kind in ("lift", "plant", "uproot", "fly", "radio"):
        if args[0] < 0:
            return f"{kind}: no"
        return f"{kind} at {b.where(args[0])}"
    if kind == "clear":
        if args[0] < 0:
            return "clear no more trees"
        return f"clear the tree at {b.where(args[0])} ({args[1]})"
    if kind == "wild":
        return "play the Wild card at once" if args[0] else "keep the Wild card"
    if kind == "emergency":
        return f"emergency: give up the Treasure of {b.peak_names[args[0]]}"
    if kind == "extra":
        return f"trade a {args[0]} for extra spaces"
    if kind == "draw":
        return "draw a card" if args[0] else "draw no card"
    if kind == "hotspot":
        return "on the hot-spot: " + ("draw a card" if args[0] == "card" else "plant trees")
    if kind == "turn_back":
        return "give up the move and go back to its start"
    if kind == "stop":
        return "end the move here"
    return " ".join(str(a) for a in action)
