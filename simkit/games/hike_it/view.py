"""What one seat may see: the whole board and every packboard, its own hand and side hikes."""

from __future__ import annotations

from typing import Any, NamedTuple


class PlayerView(NamedTuple):
    """A hiker's public packboard (other hikers' skill cards and side hikes stay hidden)."""

    pos: int
    home: int
    status: str
    health: int
    storage: tuple[int, ...]  # tiles per item type
    hand_size: int
    tokens: tuple[int, ...]  # skill set tokens per type
    waypoints: tuple[int, ...]  # chosen waypoint spaces (their markers are on the board)
    claimed: int
    scenic: tuple[int, ...]  # spaces whose scenic tokens the hiker holds
    campfires_used: int
    side_done: tuple[int, ...]  # revealed (completed) side hike cards
    side_held: int
    bonus: int


class HikeView(NamedTuple):
    """Immutable (a named tuple: cheap to build once per decision) and comparable with ==."""

    seat: int
    phase: str
    day: int
    players: tuple[PlayerView, ...]
    hand: tuple[int, ...]  # own skill cards (card // per_type = type; low ranks carry the paw)
    side_hand: tuple[int, ...]  # own unfinished side hike cards
    order: tuple[int, ...]
    bottom_row: tuple[int, ...]
    forecast: tuple[int, ...]  # weather card ids: today, tomorrow, two days out
    dice: tuple[str, ...]
    actions: int
    camped: bool
    pay_req: tuple[int, ...]
    face_up: tuple[int, ...]
    token_supply: tuple[int, ...]
    water_supply: tuple[int, ...]
    water_discard: int
    box: tuple[tuple[int, ...], ...]
    bag_size: int
    bears: tuple[int, ...]
    aggressive: bool
    scenic_on: tuple[bool, ...]
    waypoint_owner: tuple[int, ...]
    campfire_at: tuple[int, ...]
    bear_face: str
    bear_steps: int
    bear_moving: int
    dealt: tuple[int, ...]  # scenic token types dealt (only while choosing waypoints)
    miles_today: int
    offer: tuple  # (offerer, receiver, gives, gets) while a trade is made; gives/gets: codes
    offers_left: int  # trade offers the current hiker may still make this turn
    turn: int  # the hiker whose turn it is (another may be deciding a trade or a bear)
    # the rules and the precomputed map, for planning (the same objects for every seat)
    rules: Any
    board: Any

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]
