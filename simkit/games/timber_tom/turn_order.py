"""Who moves next (To start the game: the Chief Hiker first, "followed by the other players in a
clockwise direction"; 11. Hiking Cards: a hiker made to miss a move)."""

from __future__ import annotations


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
