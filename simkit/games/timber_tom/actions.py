"""The actions of a Timber Tom turn, and their words for logs and replays.

A move is played step by step (one action per space stepped onto, with the way a tree on it is
cleared), because the paths of a 6-space move with jumps, tailwinds, trades and clearings are too
many to list as whole moves. Everything the rules force (fees, restoring, card effects, dice) is
done by the engine; every choice the rulebook leaves to a hiker is an action:

``("step", node, how)``   step onto ``node``; ``how`` clears a tree there: "", "axe", "saw",
                          "141" (the One-for-One rule), "wild", "roll4" (the Rolling-4 tree)
``("extra", kind)``       trade a supply "pack", a Heli-"flight" token or the "wild" card for spaces
``("stop",)``             end the move here;  ``("turn_back",)`` give up a move that cannot end
``("clear", node, how)``  after the move, clear a tree next to the hiker ("axe", "saw"; -1: done)
``("wild", 1 | 0)``       a Wild card just drawn: play it at once (2 more spaces) or keep it
``("emergency", peak)``   forfeit that peak's Treasure and be flown back to Base Camp
``("fly", pad)``          fly to a helipad (-1: stay);  ``("radio", refuge)``  radio to a refuge
``("hotspot", "plant" | "card")``   on a Radio Hot-spot: plant by the zone, or draw a card
``("draw", 1 | 0)``       on a Snow Cap: draw a card or not
``("lift", space)``       remove a tree (ring relief, Rolling 4; -1: none)
``("plant", space)``      plant a tree;  ``("uproot", space)``  take a tree when the box is empty
"""

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


def tray_text(
    b: bd.Board, tokens: tuple[int, int, int, int, int], wild: bool, treasures: int
) -> str:
    """A hiker's Player-tray in words: (packs, axes, chainsaws, flights, radios), the Wild card
    and the Treasures (bits by peak)."""
    packs, axes, saws, flights, radios = tokens
    held = [b.peak_names[p] for p in range(len(b.treasures)) if treasures >> p & 1]
    return (
        f"{packs} packs, {axes} axes, {saws} chainsaw(s), {flights} flight(s), {radios} "
        f"radio(s){', the Wild card' if wild else ''}; Treasures: " + (", ".join(held) or "none")
    )
