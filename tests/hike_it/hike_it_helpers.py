"""What the Hike It! scenario tests share: the default park, space names, and handing out pieces."""

from __future__ import annotations

import dataclasses

from simkit.core.rng import GameRng
from simkit.games.hike_it import phases as P
from simkit.games.hike_it import state as S
from simkit.games.hike_it.data import WEATHER_KINDS
from simkit.games.hike_it.rules import Rules
from simkit.games.hike_it.state import new_state

RULES = Rules()
PARK = RULES.park
SHELTER, CLOTHING, FOOD, TOOLS, FIRST_AID, WATER = range(6)


def sp(name: str) -> int:
    return PARK.index(name)


def give_gear(st: S.HikeState, seat: int, item: int, k: int = 1) -> None:
    """Move ``k`` tiles of ``item`` from the bag (water from its discards) into a hiker's storage."""
    for _ in range(k):
        if item == WATER:
            st.water_discard -= 1
        else:
            st.bag.remove(item)
        st.storage[seat][item] += 1


def give_cards(st: S.HikeState, seat: int, item: int, k: int) -> None:
    """Move ``k`` skill cards of type ``item`` from the skill deck into a hiker's hand."""
    per = RULES.decks.skill_per_type
    for card in [c for c in st.skill_deck if c // per == item][:k]:
        st.skill_deck.remove(card)
        st.hand[seat].append(card)


def started(n: int = 4, seed: int = 1, **rules) -> S.HikeState:
    """A game just past setup (first legal choices), everything pending cleared.

    Trading is off unless a test turns it on, so that legal action lists stay those of the rule
    under test.
    """
    rules.setdefault("trade_offers", 0)
    st = new_state(dataclasses.replace(RULES, **rules), n, GameRng(seed))
    while st.phase in (P.WAYPOINT, P.TRAILHEAD):
        st.apply(st.legal_actions()[0])
    # undo the first morning the engine already played for seat 0
    st.owed.refill = [0, 0, 0]
    st.health = [st.rules.health_start] * n
    st.weather_hits = [0] * n
    st.status = [P.HIKING] * n
    st.reset_turn()
    return st


def afternoon(st: S.HikeState, seat: int, at: int, actions: int = 10) -> S.HikeState:
    st.seat_now = seat
    st.order_index = st.order.index(seat)
    st.reset_turn()
    st.pos[seat] = at
    st.afternoon.actions = actions
    st.stage, st.phase = P.IN_AFTERNOON, P.AFTERNOON
    return st


def weather_card(st: S.HikeState, kind: str, req: tuple[int, ...] | None = None) -> int:
    k = WEATHER_KINDS.index(kind)
    return next(
        i for i, c in enumerate(st.weather_cards) if c[0] == k and (req is None or c[1] == req)
    )


def morning(st: S.HikeState, seat: int, at: int, kind: str, dice: tuple[str, ...], req=None):
    """Seat ``seat`` starts its turn at ``at`` with today's card of ``kind`` and these dice."""
    st.seat_now = seat
    st.order_index = st.order.index(seat)
    st.reset_turn()
    st.pos[seat] = at
    card = weather_card(st, kind, req)
    if card in st.weather_deck:
        st.weather_deck.remove(card)
        st.weather_deck.append(st.forecast[0])
    elif card in st.forecast:
        i = st.forecast.index(card)
        st.forecast[i] = st.forecast[0]
    elif card in st.weather_discard:
        st.weather_discard.remove(card)
        st.weather_discard.append(st.forecast[0])
    st.forecast[0] = card
    st.morning.dice = dice
    st.stage, st.phase = P.MORNING, -1
    st._advance()
    st.invariants()
    return st


def give_token(st: S.HikeState, seat: int, item: int, k: int = 1) -> None:
    st.token_supply[item] -= k
    st.tokens[seat][item] += k
