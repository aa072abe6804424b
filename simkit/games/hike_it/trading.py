"""Trading between hikers in the same region (Trading).

An offer is a bundle of up to ``trade_items`` things for up to as many. Tradeable things are coded as small integers: 0-5 a gear or water tile of that item type, 6-11 a
skill card of that type, 12-17 a skill set token of that type, 18 a scenic token. Side hikes,
waypoints and campfires cannot be traded and have no code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simkit.games.hike_it.data import ITEMS

if TYPE_CHECKING:
    from simkit.games.hike_it.state import HikeState

N_ITEMS = len(ITEMS)
CARD, TOKEN, SCENIC_TOKEN = N_ITEMS, 2 * N_ITEMS, 3 * N_ITEMS
CODES = range(SCENIC_TOKEN + 1)


def is_tile(code: int) -> bool:
    return code < CARD


def text(code: int) -> str:
    if code == SCENIC_TOKEN:
        return "a scenic token"
    kind = ("tile", "skill card", "skill set token")[code // N_ITEMS]
    return f"a {ITEMS[code % N_ITEMS]} {kind}"


def texts(codes: tuple[int, ...]) -> str:
    return " and ".join(text(c) for c in codes)


def count(state: HikeState, seat: int, code: int) -> int:
    """How many of the thing ``code`` names ``seat`` holds."""
    if code < CARD:
        return state.storage[seat][code]
    if code < TOKEN:
        return state.hand_count(seat, code - CARD)
    if code < SCENIC_TOKEN:
        return state.tokens[seat][code - TOKEN]
    return len(state.scenic[seat])


def holds_anything(state: HikeState, seat: int) -> bool:
    return bool(
        state.tiles(seat) or state.hand[seat] or sum(state.tokens[seat]) or state.scenic[seat]
    )


def partners(state: HikeState, seat: int) -> list[int]:
    """Hikers still in the park and in the same region (players who have left cannot trade)."""
    region = state.region_of(seat)
    return [
        s for s in range(state.n) if s != seat and state.in_park(s) and state.region_of(s) == region
    ]


def fits(state: HikeState, seat: int, gets: tuple[int, ...], gives: tuple[int, ...]) -> bool:
    """Whether ``seat``'s storage still holds at most its limit after the swap."""
    change = sum(map(is_tile, gets)) - sum(map(is_tile, gives))
    return state.tiles(seat) + change <= state.rules.storage


def _cards(codes: tuple[int, ...]) -> int:
    return sum(1 for c in codes if CARD <= c < TOKEN)


def hand_fits(state: HikeState, seat: int, gets: tuple[int, ...], gives: tuple[int, ...]) -> bool:
    """The hiker whose turn it is not may not end up above the hand limit (assumed: it would have
    no end of turn to discard at)."""
    return len(state.hand[seat]) + _cards(gets) - _cards(gives) <= state.rules.hand_limit


def transfer(state: HikeState, src: int, dst: int, code: int) -> None:
    if code < CARD:
        state.storage[src][code] -= 1
        state.storage[dst][code] += 1
    elif code < TOKEN:
        t = code - CARD
        # the giver keeps its paw cards when it can (they can still shoo a bear)
        card = min((c for c in state.hand[src] if state.skill_type(c) == t), key=state.is_paw)
        state.hand[src].remove(card)
        state.hand[dst].append(card)
    elif code < SCENIC_TOKEN:
        t = code - TOKEN
        state.tokens[src][t] -= 1
        state.tokens[dst][t] += 1
        state.complete_columns(dst)
    else:
        state.scenic[dst].append(state.scenic[src].pop())
