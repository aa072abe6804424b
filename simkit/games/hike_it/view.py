"""What one seat may see: the whole board and every packboard, its own hand and side hikes;
:func:`build` makes it from the game."""

from __future__ import annotations

from typing import Any, NamedTuple

from simkit.games.hike_it.phases import PAY, PHASES, STATUS, WAYPOINT

_new = tuple.__new__  # a named tuple from a tuple of its fields, in order


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
    window: tuple[int, ...]  # hikers still to decide in the trading window after a turn
    offers_left: int  # trade offers the current hiker may still make this turn
    turn: int  # the hiker whose turn it is (another may be deciding a trade or a bear)
    # the rules and the precomputed map, for planning (the same objects for every seat)
    rules: Any
    board: Any

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]


def build(g, seat: int) -> HikeView:
    """The view of ``seat``. Built for every decision, so built the cheap way: each named tuple
    straight from a tuple in its fields' order (keywords cost several times more), and the three
    lists as long as the map reused while they are unchanged."""
    players = tuple(
        [
            _new(
                PlayerView,
                (
                    g.pos[s],
                    g.home[s],
                    STATUS[g.status[s]],
                    g.health[s],
                    tuple(g.storage[s]),
                    len(g.hand[s]),
                    tuple(g.tokens[s]),
                    tuple(g.waypoints[s]),
                    g.claimed[s],
                    tuple(g.scenic[s]),
                    g.campfires_used[s],
                    tuple(g.side_done[s]),
                    len(g.side_hand[s]),
                    g.bonus[s],
                ),
            )
            for s in range(g.n)
        ]
    )
    phase, afternoon, offers, bear = g.phase, g.afternoon, g.offers, g.bear_turn
    return _new(
        HikeView,
        (
            seat,
            PHASES[phase],
            g.day,
            players,
            tuple(sorted(g.hand[seat])),
            tuple(g.side_hand[seat]),
            tuple(g.order),
            tuple(g.bottom_row),
            tuple(g.forecast),
            g.morning.dice,
            afternoon.actions,
            afternoon.camped,
            g.challenge.req if phase == PAY or offers.back == PAY else (),
            tuple(g.face_up),
            tuple(g.token_supply),
            tuple(g.water_supply),
            g.water_discard,
            tuple(map(tuple, g.box)),
            len(g.bag),
            tuple(g.bear_pos),
            g.aggressive,
            _unchanged(g.view_cache, "scenic_on", g.scenic_on),
            _unchanged(g.view_cache, "waypoint_owner", g.waypoint_owner),
            _unchanged(g.view_cache, "campfire_at", g.campfire_at),
            bear.face,
            bear.steps,
            bear.moving,
            tuple(g.dealt[seat]) if phase == WAYPOINT else (),
            afternoon.miles_today,
            offers.offer,
            offers.window,
            offers.left,
            g.seat_now,
            g.rules,
            g.board,
        ),
    )


def _unchanged(seen: dict[str, tuple[list, tuple]], name: str, now: list) -> tuple:
    """``tuple(now)`` for a list as long as the map: the tuple of the last view while the list
    holds the same values (comparing is ten times cheaper than copying), else anew. Compared,
    not tracked, so a list edited by hand is seen at once."""
    last = seen.get(name)
    if last is None or last[0] != now:
        last = seen[name] = (list(now), tuple(now))
    return last[1]
