"""Refreshments and Chocolate, in a turn: how the game changes as the Rambler to play enjoys
Refreshments (pay, discard any, draw back up, score) or buys a bar of Chocolate at a Refreshment
location, in its turn or at Lunch and Tea.

The rules themselves are in refreshments.py (where and when they serve, what a bar costs); this
is the turn's bookkeeping of them, mixed into the game's state (state.py)."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.day import REFRESH, SHOP
from simkit.games.backpacks_and_blisters.refreshments import can_buy, serving


class RefreshmentHandlers:
    """The actions ``refresh``, ``buy`` and ``end`` (no bar), and the shop's offer.

    Part of the game's state: changes the Rambler's money, bar, hand and points."""

    def _refreshments_open(self, seat: int) -> bool:
        return serving(self.board, self.pos[seat], self.turn)

    def _can_buy(self, seat: int) -> bool:
        bar, money = self.chocolate[seat], self.money[seat]
        return can_buy(self.rules, self.board, self.turn, self.pos[seat], bar, money)

    def _refresh(self, drop: tuple[int, ...]) -> None:
        seat, r = self.cur, self.rules
        self.this_turn = self.this_turn._replace(doing=REFRESH)
        self.money[seat] -= r.refresh_cost
        self.refreshments[seat] += 1
        self._say(
            f"{self._clock()} Rambler {seat} enjoys Refreshments at "
            f"{self.board.names[self.pos[seat]]}, discarding {len(drop)} card(s)."
        )
        for card in drop:
            self.hands[seat].remove(card)
            self.discard.append(card)
        self._add(seat, "refreshment", r.refresh_points, "Refreshments")
        while len(self.hands[seat]) < self._hand_limit():
            if self._draw(seat) is None:
                break
        self._offer_shop()

    def _buy(self) -> None:
        seat = self.cur
        self.money[seat] -= self.rules.chocolate_cost
        self.chocolate[seat] = True
        self._say(f"Rambler {seat} buys a bar of Chocolate.")
        if self.phase == SHOP:
            self._after_shop()

    def _after_shop(self) -> None:
        """A shop closes: back to the turn, or to the next Rambler's shop at Lunch or Tea."""
        if self.break_shop:
            self.break_shop.pop(0)
            self._next_break_shop()
        else:
            self._continue_turn()

    def _offer_shop(self) -> None:
        if self._can_buy(self.cur):
            self.phase = SHOP
        else:
            self._continue_turn()
