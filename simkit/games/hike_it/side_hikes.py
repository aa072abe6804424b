"""Side hike objectives (Side Hikes): each card's goal checked against one hiker's state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simkit.games.hike_it.data import REGIONS, SideHike

if TYPE_CHECKING:
    from simkit.games.hike_it.state import HikeState


def achieved(state: HikeState, seat: int, card: SideHike, end_of_turn: bool) -> bool:
    """Whether ``seat`` meets ``card``'s objective now.

    ``finish_health`` is met only at the moment the hike is completed (the state marks it);
    ``hand_full`` only at the end of a turn.
    """
    obj, n = card.objective, card.n
    tokens = state.tokens[seat]
    if obj == "masteries":
        return sum(1 for t in tokens if t >= 2) >= n
    if obj == "hike_in_turn":
        return state.miles_today >= n and state.seat_now == seat
    if obj == "water_and_gear_in_turn":
        return state.seat_now == seat and state.water_today >= 1 and state.gear_today >= 1
    if obj == "water_in_turn":
        return state.seat_now == seat and state.water_today >= n
    if obj == "gear_in_turn":
        return state.seat_now == seat and state.gear_today >= n
    if obj == "finish_health":
        return state.finish_health[seat] >= n
    if obj == "skill_set_tokens":
        return sum(tokens) >= n
    if obj == "scenic_tokens":
        return len(state.scenic[seat]) >= n
    if obj == "scenic_type":
        scenic_of = state.board.park.scenic
        return sum(1 for s in state.scenic[seat] if scenic_of[s] == card.scenic_type) >= n
    if obj == "campfires":
        return state.campfires_used[seat] >= n
    if obj == "hand_full":
        return end_of_turn and state.seat_now == seat and len(state.hand[seat]) >= n
    if obj == "token_regions":
        region_of = state.board.park.region
        return len({region_of[s] for s in state.scenic[seat]}) == len(REGIONS)
    if obj == "columns":
        return sum(state.columns_done[seat]) >= n
    if obj == "token_types":
        return sum(1 for t in tokens if t >= 1) >= n
    raise ValueError(f"unknown side hike objective {obj!r}")


def describe(card: SideHike, points: int) -> str:
    what = card.objective.replace("_", " ")
    if card.scenic_type >= 0:
        from simkit.games.hike_it.data import SCENIC_TYPES

        what = f"{card.n} {SCENIC_TYPES[card.scenic_type]} scenic tokens"
    elif card.n:
        what = f"{what} {card.n}"
    return f"{what} ({points} points)"
