"""Overcoming challenges on weather and trail cards (Your Turn: Overcoming Challenges; Skill
Masteries; Extreme Challenges).

A hiker's means are its storage (tiles per item), its skill cards per type and its skill set
tokens per type; the rules below take exactly those rows. :class:`Challenge` is the challenge
being met; :func:`meet` and its handlers take the game ``g`` for the pieces they change.
"""

from __future__ import annotations

from typing import NamedTuple

from simkit.games.hike_it import skill_cards
from simkit.games.hike_it.data import ITEMS
from simkit.games.hike_it.phases import END_TURN, PAY, RESTING, START

METHODS = ("tile", "cards", "token")


def has_mastery(tokens: list[int], item: int) -> bool:
    """Two or more identical skill set tokens overcome that item's challenges without discarding."""
    return tokens[item] >= 2


def can_pay(
    storage: list[int], cards: list[int], tokens: list[int], set_cost: int, item, method, times
) -> bool:
    if method == "tile":
        return storage[item] >= times
    if method == "cards":
        return cards[item] >= set_cost * times
    return tokens[item] >= times


def uncovered(tokens: list[int], req: tuple[int, ...]) -> list[int]:
    """The required items no mastery covers (an extreme card lists two)."""
    return [it for it in req if not has_mastery(tokens, it)]


def pay_options(
    storage: list[int], cards: list[int], tokens: list[int], set_cost: int, req: tuple[int, ...]
) -> list[tuple]:
    """Ways to overcome a challenge needing the items ``req``: ("pay", method[, method])."""
    need = uncovered(tokens, req)
    if not need:
        return []

    def can(item, method, times=1):
        return can_pay(storage, cards, tokens, set_cost, item, method, times)

    per_item = [[m for m in METHODS if can(it, m)] for it in need]
    if len(need) == 1:
        return [("pay", m) for m in per_item[0]]
    out = []
    a, b = need
    for m1 in per_item[0]:
        for m2 in per_item[1]:
            if a == b and m1 == m2 and not can(a, m1, 2):
                continue
            if a == b and m2 < m1:
                continue
            out.append(("pay", m1, m2))
    return out


class Challenge(NamedTuple):
    """The challenge being met: the items it requires, what set it (the weather or a trail card)
    and the stage the turn goes on to once it is overcome or suffered. Never changed, only
    replaced: a copy of the game shares it."""

    req: tuple[int, ...] = ()
    source: str = ""
    after: int = START

    HANDLES = ("pay", "suffer")

    def options(self, g, seat: int) -> list[tuple]:
        """Ways for ``seat`` to overcome it."""
        return options(g, seat, self.req)

    def again(self, g) -> None:
        """Back to the challenge after a skill set exchange or a trade, which may settle it."""
        meet(g, self.req, self.source, self.after)

    def do_pay(self, g, seat: int, *methods: str) -> None:
        needs = uncovered(g.tokens[seat], self.req)
        for item, method in zip(needs, methods, strict=True):
            _pay(g, seat, item, method)
        g.record(
            f"{g.who(seat)} overcomes the {self.source} "
            f"({' and '.join(ITEMS[i] for i in self.req)}) with {' and '.join(methods)}"
        )
        g.owed.skill_picks += 1
        g.stage = self.after

    def do_suffer(self, g, seat: int) -> None:
        suffer(g)


def options(g, seat: int, req: tuple[int, ...]) -> list[tuple]:
    """Ways for ``seat`` to overcome a challenge needing the items ``req`` (one or two)."""
    cards = skill_cards.by_type(g.rules.decks, g.hand[seat])
    return pay_options(g.storage[seat], cards, g.tokens[seat], g.rules.set_cost, req)


def meet(g, req: tuple[int, ...], source: str, after: int) -> None:
    """Meet a challenge: masteries overcome it for free; else the hiker decides (or suffers)."""
    seat = g.seat_now
    g.challenge = Challenge(req, source, after)
    needs = " and ".join(ITEMS[i] for i in req)
    if all(has_mastery(g.tokens[seat], it) for it in req):
        g.record(f"{g.who(seat)} overcomes the {source} ({needs}) with a skill mastery")
        g.owed.skill_picks += 1
        g.stage = after
    elif options(g, seat, req) or g.offers.trade_actions(g, seat):
        g.phase = PAY  # pay, trade for what is missing, or take the loss
    else:
        suffer(g)


def suffer(g) -> None:
    """The hiker cannot or will not meet the challenge: 1 health lost; at 0 it lies down."""
    seat = g.seat_now
    g.change_health(seat, -1)
    g.record(
        f"{g.who(seat)} cannot or will not meet the {g.challenge.source} and loses 1 health "
        f"(now {g.health[seat]})"
    )
    g.stage = g.challenge.after
    if g.health[seat] < 1:
        g.status[seat] = RESTING
        g.record(f"{g.who(seat)} lies down and will rest next turn")
        g.stage = END_TURN


def _pay(g, seat: int, item: int, method: str) -> None:
    if method == "tile":
        g.drop_tile(seat, item)
    elif method == "cards":
        g.discard_cards(seat, item, g.rules.set_cost)
    else:
        g.tokens[seat][item] -= 1
        g.token_supply[item] += 1
