"""Overcoming challenges on weather and trail cards (Your Turn: Overcoming Challenges; Skill
Masteries; Extreme Challenges).

A hiker's means are its storage (tiles per item), its skill cards per type and its skill set
tokens per type; the functions below take exactly those rows.
"""

from __future__ import annotations

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
