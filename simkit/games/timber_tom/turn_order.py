"""Who moves next (To start the game: the Chief Hiker first, "followed by the other players in a
clockwise direction"; 11. Hiking Cards: a hiker made to miss a move), and the stages and decision
phases of a hiker's turn."""

from __future__ import annotations

# Decision phases: what the hiker to play decides next.
MOVE, LIFT, PLANT, UPROOT, FLY, HOTSPOT, SNOW_CARD, CLEAR, WILD_NOW = range(9)
PHASE_NAMES = ("move", "lift", "plant", "uproot", "fly", "hotspot", "snow_card", "clear", "wild")
# Stages of a turn, in order: ring relief (4.), the move, right after it (3. Rolling 4, 5.
# clearing), the landing's trees and cards.
S_RELIEF, S_MOVE, S_AFTER_MOVE, S_TREES = range(4)


def next_in_round(seat: int, finished: list[bool], skip: list[bool]) -> tuple[int, list[int]]:
    """The next hiker after ``seat`` to move in this round (``len(finished)``: the round is over)
    and the hikers passed over who miss this move (their ``skip`` is spent). Hikers home with
    the Treasures take no further part."""
    missed: list[int] = []
    for s in range(seat + 1, len(finished)):
        if finished[s]:
            continue
        if skip[s]:
            skip[s] = False
            missed.append(s)
            continue
        return s, missed
    return len(finished), missed
