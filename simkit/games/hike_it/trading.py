"""Trading between hikers in the same region (Trading).

An offer is a bundle of up to ``trade_items`` things for up to as many. Tradeable things are coded
as small integers: 0-5 a gear or water tile of that item type, 6-11 a skill card of that type,
12-17 a skill set token of that type, 18 a scenic token (the giver chooses which one when the
trade is made). Side hikes, waypoints and campfires cannot be traded and have no code.

Functions take a hiker's :class:`Pack` (its tradeable holdings), never the whole game.
"""

from __future__ import annotations

from typing import NamedTuple

from simkit.games.hike_it import skill_cards
from simkit.games.hike_it.data import ITEMS, Decks

N_ITEMS = len(ITEMS)
CARD, TOKEN, SCENIC_TOKEN = N_ITEMS, 2 * N_ITEMS, 3 * N_ITEMS
CODES = range(SCENIC_TOKEN + 1)


class Pack(NamedTuple):
    """The tradeable things one hiker holds: the game's own lists, so a transfer changes them."""

    storage: list[int]  # tiles per item
    hand: list[int]  # skill cards
    tokens: list[int]  # skill set tokens per type
    scenic: list[int]  # spaces whose scenic tokens it holds


def is_tile(code: int) -> bool:
    return code < CARD


def text(code: int) -> str:
    if code == SCENIC_TOKEN:
        return "a scenic token"
    kind = ("tile", "skill card", "skill set token")[code // N_ITEMS]
    return f"a {ITEMS[code % N_ITEMS]} {kind}"


def texts(codes: tuple[int, ...]) -> str:
    return " and ".join(text(c) for c in codes)


def count(decks: Decks, pack: Pack, code: int) -> int:
    """How many of the thing ``code`` names the pack holds."""
    if code < CARD:
        return pack.storage[code]
    if code < TOKEN:
        return skill_cards.count(decks, pack.hand, code - CARD)
    if code < SCENIC_TOKEN:
        return pack.tokens[code - TOKEN]
    return len(pack.scenic)


def holdings(decks: Decks, pack: Pack) -> list[int]:
    """:func:`count` of every code at once, indexed by code (an offer weighs every code)."""
    cards = skill_cards.by_type(decks, pack.hand)
    return [*pack.storage, *cards, *pack.tokens, len(pack.scenic)]


def holds_anything(pack: Pack) -> bool:
    return bool(sum(pack.storage) or pack.hand or sum(pack.tokens) or pack.scenic)


def fits(pack: Pack, storage: int, gets: tuple[int, ...], gives: tuple[int, ...]) -> bool:
    """Whether the pack's storage still holds at most ``storage`` tiles after the swap."""
    change = sum(map(is_tile, gets)) - sum(map(is_tile, gives))
    return sum(pack.storage) + change <= storage


def _cards(codes: tuple[int, ...]) -> int:
    return sum(1 for c in codes if CARD <= c < TOKEN)


def hand_fits(pack: Pack, hand_limit: int, gets: tuple[int, ...], gives: tuple[int, ...]) -> bool:
    """The hiker whose turn it is not may not end up above the hand limit (assumed: it would have
    no end of turn to discard at)."""
    return len(pack.hand) + _cards(gets) - _cards(gives) <= hand_limit


def transfer(decks: Decks, src: Pack, dst: Pack, code: int) -> None:
    """Move one thing from ``src`` to ``dst``."""
    if code < CARD:
        src.storage[code] -= 1
        dst.storage[code] += 1
    elif code < TOKEN:
        card = card_given(decks, src.hand, code - CARD)
        src.hand.remove(card)
        dst.hand.append(card)
    elif code < SCENIC_TOKEN:
        src.tokens[code - TOKEN] -= 1
        dst.tokens[code - TOKEN] += 1
    else:
        dst.scenic.append(src.scenic.pop())


def card_given(decks: Decks, hand: list[int], skill_type: int) -> int:
    """The skill card of ``skill_type`` a hiker hands over: a plain one when it can (its paw cards
    can still shoo a bear)."""
    return min(
        (c for c in hand if skill_cards.skill_type(decks, c) == skill_type),
        key=lambda c: skill_cards.is_paw(decks, c),
    )


def shown_cards(decks: Decks, hand: list[int], codes: tuple[int, ...]) -> list[int]:
    """The skill cards an open offer of ``codes`` has shown the table: the ones :func:`transfer`
    would hand over. A world redrawn for another hiker keeps them in the offerer's hand, or an
    accepted offer would ask for a card that is no longer there."""
    rest = list(hand)
    shown = []
    for code in codes:
        if CARD <= code < TOKEN:
            card = card_given(decks, rest, code - CARD)
            rest.remove(card)
            shown.append(card)
    return shown


def give_scenic(src: Pack, dst: Pack, space: int) -> None:
    src.scenic.remove(space)
    dst.scenic.append(space)


def scenic_choices(pack: Pack, scenic_type, region) -> list[int]:
    """One token of each distinct kind the giver may hand over (same type and region: the same
    token as far as any rule or objective can tell), by the first collected of each kind."""
    seen: set[tuple[int, int]] = set()
    out = []
    for s in pack.scenic:
        key = (scenic_type[s], region[s])
        if key not in seen:
            seen.add(key)
            out.append(s)
    return out


def can_give(decks: Decks, mine: Pack, gives: tuple[int, ...], most: int) -> list[int]:
    """Codes the offerer may add to what it gives: things it holds beyond those already offered."""
    if len(gives) >= most:
        return []
    held = holdings(decks, mine)
    return [c for c in CODES if held[c] > gives.count(c)]


def can_ask(
    decks: Decks, theirs: Pack, gives: tuple[int, ...], gets: tuple[int, ...], most: int
) -> list[int]:
    """Codes the offerer may ask for: things the other holds (its skill cards are hidden, so any
    type), never one of the things it gives."""
    if len(gets) >= most:
        return []
    held = holdings(decks, theirs)
    return [c for c in CODES if c not in gives and (CARD <= c < TOKEN or held[c] > gets.count(c))]


def can_accept(
    rules,
    mine: Pack,
    theirs: Pack,
    gives: tuple[int, ...],
    gets: tuple[int, ...],
    mine_bound: bool,
    theirs_bound: bool,
) -> bool:
    """Whether the receiver (``theirs``) can take the offer: it holds what is asked, both
    storages stay within their limit, and the hand limit holds for each side ``*_bound``."""
    return (
        all(count(rules.decks, theirs, c) >= gets.count(c) for c in set(gets))
        and fits(theirs, rules.storage, gives, gets)
        and fits(mine, rules.storage, gets, gives)
        and (not theirs_bound or hand_fits(theirs, rules.hand_limit, gives, gets))
        and (not mine_bound or hand_fits(mine, rules.hand_limit, gets, gives))
    )
