"""The solo game: the honours table for the final score, and the rain record (a point per rainy
turn above ``solo_rain_allowance``); the Equipment tiles are each taken once in the day."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.rules import Rules

HONOURS = (
    (100, "Verily you are the Lord of the Hills"),
    (90, "You have the constitution of a mountain goat"),
    (80, "You stride whilst others merely walk"),
    (70, "You are now a true Rambler - with stout legs!"),
    (60, "Take a guide with you next time"),
    (50, "Stop taking photos"),
    (-(10**9), "Don't leave the house!"),
)


def honour(score: float) -> str:
    """The solo game's honour for a final score."""
    return next(name for least, name in HONOURS if score >= least)


def honour_level(score: float) -> int:
    """The honours table's row for a final score: 100, 90, ... 50, or 0 below 50 points."""
    return max(next(least for least, _ in HONOURS if score >= least), 0)


def rain_record(rules: Rules, rainy_turns: int) -> int:
    """The solo Rambler's points for enduring the rain: one per rainy turn above the allowance."""
    return max(rainy_turns - rules.solo_rain_allowance, 0)


def free_equipment(tiles: int, used: list[int], held: list[int], solo: bool) -> list[int]:
    """The Equipment tiles a Rambler may choose: solo, those not yet used today; otherwise those
    no one else holds."""
    taken = set(used) if solo else set(held)
    return [t for t in range(tiles) if t not in taken]
