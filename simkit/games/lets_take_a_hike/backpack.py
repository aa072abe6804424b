"""The backpack: seven spaces, one card each, every item only where its card allows.

Players may rearrange at any time, so whether a set of items fits is a bipartite matching problem
(cards to spaces), not first-come placement. A backpack is a count vector packed into one integer
(``4`` bits per item type), so adding or removing a card is one addition and every question about
a backpack is a cached table lookup.

By Hall's theorem (deficiency form), the most cards of a backpack that can be placed is
``n - max(0, max over space sets X of (cards that fit only inside X) - |X|)``.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from simkit.games.lets_take_a_hike.cards import (
    BEAR_SPRAY,
    GRANOLA_BAR,
    HAZARDS,
    SOCKS,
    SPACES,
    Rules,
)

BITS = 4
NIBBLE = (1 << BITS) - 1


class Tables:
    """Everything precomputed from one ``Rules``: card codes, miles, masks and backpack caches."""

    def __init__(self, rules: Rules):
        self.rules = rules
        items = rules.items
        self.n_items = len(items)
        self.names = tuple(it.name for it in items) + tuple(h.capitalize() for h in HAZARDS)
        self.miles = tuple(it.miles for it in items)
        self.masks = tuple(sum(1 << SPACES.index(s) for s in it.spaces) for it in items)
        self.unit = tuple(1 << (BITS * t) for t in range(self.n_items))
        names = [it.name for it in items]
        self.granola = names.index(GRANOLA_BAR)
        self.socks = names.index(SOCKS)
        self.bear_spray = names.index(BEAR_SPRAY)
        self.raccoon, self.skunk, self.blister, self.bear = (self.n_items + i for i in range(4))
        self.copies = tuple(it.copies for it in items) + rules.hazards.as_tuple()
        # _inside[t, X] = 1 if a card of type t fits only inside space set X; so for a count vector
        # c, (c @ _inside)[X] is the number of cards that need X, and Hall's condition compares it
        # with X's capacity.
        subsets = range(1 << len(SPACES))
        self._inside = np.array(
            [[1 if m & ~x == 0 else 0 for x in subsets] for m in self.masks], dtype=np.int64
        )
        self._capacity = np.array([bin(x).count("1") for x in subsets], dtype=np.int64)
        self._miles = np.array(self.miles, dtype=np.int64)
        self._cache: dict[int, tuple[int, int, int]] = {}

    def is_item(self, card: int) -> bool:
        return card < self.n_items

    def count(self, pack: int, t: int) -> int:
        return (pack >> (BITS * t)) & NIBBLE

    def counts(self, pack: int) -> list[int]:
        return [(pack >> (BITS * t)) & NIBBLE for t in range(self.n_items)]

    def types_in(self, pack: int) -> list[int]:
        return [t for t in range(self.n_items) if (pack >> (BITS * t)) & NIBBLE]

    def _facts(self, pack: int) -> tuple[int, int, int]:
        """(cards, miles, most placeable cards) of a pack, computed once per distinct pack."""
        facts = self._cache.get(pack)
        if facts is None:
            counts = np.array(self.counts(pack), dtype=np.int64)
            excess = int((counts @ self._inside - self._capacity).max(initial=0))
            cards = int(counts.sum())
            facts = (cards, int(counts @ self._miles), cards - max(excess, 0))
            self._cache[pack] = facts
        return facts

    def size(self, pack: int) -> int:
        return self._facts(pack)[0]

    def total_miles(self, pack: int) -> int:
        return self._facts(pack)[1]

    def placeable(self, pack: int) -> int:
        """The most cards of ``pack`` that the seven spaces can hold at once."""
        return self._facts(pack)[2]

    def fits(self, pack: int) -> bool:
        facts = self._facts(pack)
        return facts[0] == facts[2]

    def keepable_discards(self, pack: int) -> list[int]:
        """Item types whose discard keeps the most placeable cards: the choices when a pack overflows."""
        best = self.placeable(pack)
        return [t for t in self.types_in(pack) if self.placeable(pack - self.unit[t]) == best]

    def placement(self, pack: int) -> dict[str, str] | None:
        """One arrangement of a fitting pack, space by space (for logs and tests), or None."""
        cards = [t for t in self.types_in(pack) for _ in range(self.count(pack, t))]
        owner: dict[int, int] = {}

        def place(i: int, seen: set[int]) -> bool:
            for s in range(len(SPACES)):
                if self.masks[cards[i]] >> s & 1 and s not in seen:
                    seen.add(s)
                    if s not in owner or place(owner[s], seen):
                        owner[s] = i
                        return True
            return False

        if not all(place(i, set()) for i in range(len(cards))):
            return None
        return {SPACES[s]: self.names[cards[i]] for s, i in sorted(owner.items())}


@cache
def tables(rules: Rules) -> Tables:
    return Tables(rules)
