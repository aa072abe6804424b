"""Winning (13. Winning (Fair and Square)): when the race ends and how hikers rank. The drawn
game's resource count is in scoring.py."""

from __future__ import annotations

from simkit.games.timber_tom.treasures import held


def round_ends_game(fair_and_square: bool, finished) -> bool:
    """At the end of a round: the round of the first return has been played out, so every hiker
    who came home in it is drawn (rules 1-3: the Chief Hiker home first can be drawn by the
    others' next move; those home before the Chief draw)."""
    return fair_and_square and any(finished)


def rank_key(end_reason: str, finished: bool, treasures: int, resources: tuple) -> tuple:
    """Higher is better: home first, then the drawn game's resource count; at the turn cap the
    most Treasures, then resources."""
    if end_reason == "normal":
        return (int(finished), *resources)
    return (held(treasures), *resources)


def drawn(finished) -> tuple[int, ...]:
    """The hikers in a drawn game: home in the same round as another, decided by resources."""
    tie = sum(finished) > 1
    return tuple(int(f and tie) for f in finished)
