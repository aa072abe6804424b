"""The engine's trading (Trading): offers in turn and in the window after each turn, their
composition, answers, hand-over (the giver picks a traded scenic token), and the window's out-of-turn
skill set exchanges. A mixin of :class:`~simkit.games.hike_it.state.HikeState`; what may be
traded and whether an offer fits is :mod:`~simkit.games.hike_it.trading`'s, on packs."""

from __future__ import annotations

from simkit.games.hike_it import trading
from simkit.games.hike_it.data import WATER_ITEM
from simkit.games.hike_it.phases import (
    END_TURN,
    GIVE_SCENIC,
    HAND,
    PAY,
    TRADE_ANSWER,
    TRADE_GET,
    TRADE_GIVE,
    TRADE_WINDOW,
    WINDOW,
)


class TradeOffers:
    """Part of the game state: its methods use the state's attributes."""

    def _offer_actions(self, phase: int) -> list[tuple]:
        """Composing an offer (another thing to give or to ask, or propose it), then answering."""
        offerer, receiver, gives, gets = self.offer
        r, mine, theirs = self.rules, self.pack(offerer), self.pack(receiver)
        if phase != TRADE_ANSWER:
            asks = trading.can_ask(r.decks, theirs, gives, gets, r.trade_items)
            if phase == TRADE_GET:  # another thing asked, or the offer as it stands
                return [*(("get", c) for c in asks), ("propose",)]
            # another thing to give, or (once something is offered) the first thing asked
            out = [("give", c) for c in trading.can_give(r.decks, mine, gives, r.trade_items)]
            return out + [("get", c) for c in asks] if gives else out
        ok = trading.can_accept(
            r, mine, theirs, gives, gets, self._hand_bound(offerer), self._hand_bound(receiver)
        )
        return [("accept",), ("decline",)] if ok else [("decline",)]

    def _trade_actions(self, seat: int) -> list[tuple]:
        """Offer a trade to a hiker of one's region, or ask that hiker to make an offer."""
        if not self.offers_left:
            return []
        partners = self.partners(seat)  # first: most of the time there is none
        if not partners:
            return []
        out: list[tuple] = []
        mine = trading.holds_anything(self.pack(seat))
        for s in partners:
            if mine:
                out.append(("trade", s))
            if trading.holds_anything(self.pack(s)):
                out.append(("ask", s))
        return out

    def _window_actions(self, seat: int) -> list[tuple]:
        """Pass, or offer one trade to a hiker of one's region, or exchange skill cards for a
        token (a free action "any time during the game"); none: nothing to decide."""
        if not self.in_park(seat):
            return []
        sets = self._set_actions(seat)
        r = self.rules
        partners = self.partners(seat) if r.trade_window and r.trade_offers else []
        if partners and not trading.holds_anything(self.pack(seat)):
            partners = []
        offers = [("trade", s) for s in partners]
        return [("pass",), *sets, *offers] if offers or sets else []

    def partners(self, seat: int) -> list[int]:
        """Hikers still in the park and in the same region (players who have left cannot trade)."""
        region = self.region_of(seat)
        return [
            s
            for s in range(self.n)
            if s != seat and self.in_park(s) and self.region_of(s) == region
        ]

    def _hand_bound(self, seat: int) -> bool:
        """Whether a trade must leave ``seat`` within the hand limit: everyone but the hiker whose
        turn it is (it discards at its end of turn); in the window after a turn, everyone."""
        return seat != self.seat_now or self.stage == WINDOW

    def _do_trade(self, seat: int, partner: int) -> None:
        self._open_trade(seat, partner)

    def _do_ask(self, seat: int, partner: int) -> None:
        self._open_trade(partner, seat)

    def _open_trade(self, offerer: int, receiver: int) -> None:
        if self.stage != WINDOW:  # the window allows one offer a hiker on its own
            self.offers_left -= 1
        self.trade_return = self.prev_phase
        self.offer = (offerer, receiver, (), ())
        self.phase = TRADE_GIVE

    def _do_give(self, seat: int, code: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self.offer = (offerer, receiver, (*gives, code), gets)
        self.phase = TRADE_GIVE

    def _do_get(self, seat: int, code: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self.offer = (offerer, receiver, gives, (*gets, code))
        self.phase = TRADE_GET

    def _do_propose(self, seat: int) -> None:
        self.phase = TRADE_ANSWER

    def _do_accept(self, seat: int) -> None:
        offerer, receiver, gives, gets = self.offer
        d, mine, theirs = self.rules.decks, self.pack(offerer), self.pack(receiver)
        for src, dst, codes in ((mine, theirs, gives), (theirs, mine, gets)):
            for code in codes:
                if code == trading.SCENIC_TOKEN:  # the giver picks which one, below
                    self.scenic_owed.append(
                        (offerer, receiver) if src is mine else (receiver, offerer)
                    )
                else:
                    trading.transfer(d, src, dst, code)
        self.complete_columns(receiver)  # a traded token can complete a column
        self.complete_columns(offerer)
        if self.stage != WINDOW:  # a tile acquired by trade during one's turn counts as acquired
            turn = self.seat_now
            got = gives if turn == receiver else gets if turn == offerer else ()
            self.water_today += sum(1 for c in got if c == WATER_ITEM)
            self.gear_today += sum(1 for c in got if c < WATER_ITEM)
        self.trades[offerer] += 1
        self.trades[receiver] += 1
        self._log(
            ("between turns, " if self.stage == WINDOW else "")
            + f"{self._who(offerer)} trades {trading.texts(gives)} to {self._who(receiver)} "
            f"for {trading.texts(gets)}"
        )
        self._hand_over_scenic()

    def _hand_over_scenic(self) -> None:
        """Traded scenic tokens: the giver chooses which (only one kind held: no choice)."""
        while self.scenic_owed:
            legal = self._scenic_actions()
            if len(legal) > 1:
                self.phase = GIVE_SCENIC
                return
            self._give_scenic(legal[0][1])
        self._close_trade()

    def _scenic_actions(self) -> list[tuple]:
        giver = self.scenic_owed[0][0]
        park = self.board.park
        return [
            ("scenic", x)
            for x in trading.scenic_choices(self.pack(giver), park.scenic, park.region)
        ]

    def _give_scenic(self, space: int) -> None:
        giver, receiver = self.scenic_owed.pop(0)
        trading.give_scenic(self.pack(giver), self.pack(receiver), space)
        self._log(f"{self._who(giver)} hands over the scenic token of {self._name(space)}")

    def _do_scenic(self, seat: int, space: int) -> None:
        self._give_scenic(space)
        self._hand_over_scenic()

    def _do_decline(self, seat: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self._log(
            f"{self._who(receiver)} declines {self._who(offerer)}'s offer of "
            f"{trading.texts(gives)} for {trading.texts(gets)}"
        )
        self._close_trade()

    def _close_trade(self) -> None:
        self.offer = ()
        back, self.trade_return = self.trade_return, -1
        if back == PAY:  # back to the challenge, which a trade may have settled
            self._challenge(self.pay_req, self.pay_source, self.after_pay)
        elif back == HAND:  # the end of the turn checks the hand again
            self.stage = END_TURN
        elif back == TRADE_WINDOW:  # that hiker's one offer is made: the next one decides
            self.window.pop(0)
        else:
            self.phase = back

    def _do_pass(self, seat: int) -> None:
        self.window.pop(0)

    def _open_window(self) -> None:
        """Trading and skill set exchanges "at any time" (Trading; Available Actions), made
        finite: after each turn every other hiker, in turn order, may make one offer to a hiker
        of its own region, who accepts or declines (with the trading window on), and exchange
        skill cards for tokens (always)."""
        self.stage = WINDOW
        k, order = self.order_index, self.order
        self.window = [order[(k + i) % self.n] for i in range(1, self.n)]

    def _window_step(self) -> None:
        """The next hiker of the window with a choice decides; the others are skipped."""
        while self.window:
            if self._window_actions(self.window[0]):
                self.phase = TRADE_WINDOW
                return
            self.window.pop(0)
        self._next_turn()
