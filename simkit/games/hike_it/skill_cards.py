"""Skill cards, skill set tokens and skill columns (Skill Cards; Skill Set Tokens).

Cards are numbered so that ``card // per_type`` is the type and the low ranks of each type carry
the bear paw. Functions take a hand, a deck or a token row and the deck's numbers (``Decks``).
"""

from __future__ import annotations

from simkit.core.rng import GameRng
from simkit.games.hike_it.data import ITEMS, Decks


def skill_type(decks: Decks, card: int) -> int:
    return card // decks.skill_per_type


def is_paw(decks: Decks, card: int) -> bool:
    return card % decks.skill_per_type < decks.paws_per_type


def count(decks: Decks, hand: list[int], t: int) -> int:
    # A range test per card rather than a call, as trade offers ask this for every type.
    per = decks.skill_per_type
    low = t * per
    return sum(1 for c in hand if low <= c < low + per)


def by_type(decks: Decks, hand: list[int]) -> list[int]:
    per = decks.skill_per_type
    held = [0] * len(ITEMS)
    for c in hand:
        held[c // per] += 1
    return held


def paws(decks: Decks, hand: list[int]) -> int:
    return sum(1 for c in hand if is_paw(decks, c))


def discard(
    decks: Decks, hand: list[int], pile: list[int], t: int, k: int, paw: bool = False
) -> None:
    """Discard ``k`` cards of type ``t`` (or ``k`` paw cards of any type) onto ``pile``.

    Which copies go is the engine's pick: paw cards are kept when the type is what counts (they
    can still shoo a bear); when paws are what counts, the commonest type goes first.
    """
    for _ in range(k):
        if paw:
            cands = [c for c in hand if is_paw(decks, c)]
            card = max(cands, key=lambda c: (count(decks, hand, skill_type(decks, c)), -c))
        else:
            cands = [c for c in hand if skill_type(decks, c) == t]
            card = min(cands, key=lambda c: (is_paw(decks, c), c))
        hand.remove(card)
        pile.append(card)


def draw(deck: list[int], pile: list[int], rng: GameRng) -> int:
    """The top card, the discards reshuffled when the deck runs out (-1: none left at all)."""
    if not deck and pile:
        deck.extend(pile)
        pile.clear()
        rng.shuffle(deck)
    return deck.pop() if deck else -1


def refill_row(face_up: list[int], deck: list[int], pile: list[int], rng: GameRng) -> None:
    for i, c in enumerate(face_up):
        if c < 0:
            face_up[i] = draw(deck, pile, rng)


def set_types(decks: Decks, hand: list[int], supply: list[int], cost: int) -> list[int]:
    """Token types the hand can make now: ``cost`` matching cards and a token left in supply."""
    held = by_type(decks, hand)
    return [t for t in range(len(ITEMS)) if supply[t] and held[t] >= cost]


def new_columns(decks: Decks, tokens: list[int], done: list[bool]) -> int:
    """Mark columns of skill set tokens completed for the first time; how many (each +1 health).
    A column completed before and broken by a discard does not count again."""
    k = 0
    for c, column in enumerate(decks.columns):
        if not done[c] and all(tokens[x] for x in column):
            done[c] = True
            k += 1
    return k
