"""What the Hike It! scenario tests share: the default park, space names, and handing out pieces."""

from __future__ import annotations

from simkit.games.hike_it import state as S
from simkit.games.hike_it.rules import Rules

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
