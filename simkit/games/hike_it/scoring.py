"""Scoring and tie-breaks (Scoring; Tie Breaking), from one hiker's final counts."""

from __future__ import annotations

from typing import NamedTuple


class Tally(NamedTuple):
    """What scores at the end: counts of one hiker's things."""

    tokens: int  # skill set tokens
    health: int
    scenic: int  # scenic tokens
    side_hike_points: int
    bonus: int  # trailhead bonus tile


def score(rules, t: Tally) -> int:
    """Skill set tokens x5, health x2, scenic tokens x1, completed side hikes, trailhead bonus."""
    return (
        rules.token_points * t.tokens
        + rules.health_points * t.health
        + rules.scenic_points * t.scenic
        + t.side_hike_points
        + t.bonus
    )


def tie_key(rules, t: Tally) -> tuple[int, int, int, int]:
    """Points, then scenic tokens, then skill set tokens, then health; equal keys share victory."""
    return (score(rules, t), t.scenic, t.tokens, t.health)
