"""Scoring and tie-breaks (Scoring; Tie Breaking)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from simkit.games.hike_it.state import HikeState


def side_hike_points(state: HikeState, seat: int) -> int:
    r = state.rules
    n_easy = state.n_easy
    return sum(r.easy_points if c < n_easy else r.difficult_points for c in state.side_done[seat])


def score(state: HikeState, seat: int) -> int:
    """Skill set tokens x5, health x2, scenic tokens x1, completed side hikes, trailhead bonus."""
    r = state.rules
    return (
        r.token_points * sum(state.tokens[seat])
        + r.health_points * state.health[seat]
        + r.scenic_points * len(state.scenic[seat])
        + side_hike_points(state, seat)
        + state.bonus[seat]
    )


def tie_key(state: HikeState, seat: int) -> tuple[int, int, int, int]:
    """Points, then scenic tokens, then skill set tokens, then health; equal keys share victory."""
    return (
        score(state, seat),
        len(state.scenic[seat]),
        sum(state.tokens[seat]),
        state.health[seat],
    )
