"""Trade offers (Trading): the choices while an offer is composed and answered, the window of
offers after each turn, and settling an accepted offer. What may be traded and whether an offer
fits is :mod:`~simkit.games.hike_it.trading`'s, on packs; :class:`Offers` is the trading in
progress, whose handlers take the game ``g`` for the packs and seats they change."""

from __future__ import annotations

from simkit.games.hike_it import day, trading
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
from simkit.games.hike_it.rules import Rules


def offer_actions(
    rules: Rules,
    step: str,
    mine: trading.Pack,
    theirs: trading.Pack,
    gives: tuple[int, ...],
    gets: tuple[int, ...],
    bounds: tuple[bool, bool],
) -> list[tuple]:
    """Composing an offer (``step`` "give": another thing to give, or once something is offered
    the first thing asked; "get": another thing asked, or the offer as it stands), then answering
    it ("answer"). ``bounds``: whether the offerer, the receiver must stay within the hand
    limit."""
    if step != "answer":
        asks = trading.can_ask(rules.decks, theirs, gives, gets, rules.trade_items)
        if step == "get":
            return [*(("get", c) for c in asks), ("propose",)]
        out = [("give", c) for c in trading.can_give(rules.decks, mine, gives, rules.trade_items)]
        return out + [("get", c) for c in asks] if gives else out
    ok = trading.can_accept(rules, mine, theirs, gives, gets, *bounds)
    return [("accept",), ("decline",)] if ok else [("decline",)]


def trade_actions(mine: trading.Pack, partners: dict[int, trading.Pack]) -> list[tuple]:
    """Offer a trade to a hiker of one's region (holding something to give), or ask that hiker
    (holding something) to make an offer."""
    out: list[tuple] = []
    holding = trading.holds_anything(mine)
    for s, theirs in partners.items():
        if holding:
            out.append(("trade", s))
        if trading.holds_anything(theirs):
            out.append(("ask", s))
    return out


def window_actions(sets: list[tuple], mine: trading.Pack, partners: list[int]) -> list[tuple]:
    """In the window after a turn: pass, or offer one trade to a hiker of one's region, or
    exchange skill cards for a token (``sets``: a free action "any time during the game");
    none: nothing to decide."""
    if partners and not trading.holds_anything(mine):
        partners = []
    offers = [("trade", s) for s in partners]
    return [("pass",), *sets, *offers] if offers or sets else []


def hand_bound(seat: int, turn: int, in_window: bool) -> bool:
    """Whether a trade must leave ``seat`` within the hand limit: everyone but the hiker whose
    turn it is (it discards at its end of turn); in the window after a turn, everyone."""
    return seat != turn or in_window


def settle(
    decks,
    offerer: int,
    receiver: int,
    mine: trading.Pack,
    theirs: trading.Pack,
    gives: tuple[int, ...],
    gets: tuple[int, ...],
) -> list[tuple[int, int]]:
    """Hand over an accepted offer between the offerer's pack ``mine`` and the receiver's
    ``theirs``; returns the scenic tokens owed, (giver, receiver) each: the giver picks which."""
    owed: list[tuple[int, int]] = []
    for src, dst, codes in ((mine, theirs, gives), (theirs, mine, gets)):
        for code in codes:
            if code == trading.SCENIC_TOKEN:
                owed.append((offerer, receiver) if src is mine else (receiver, offerer))
            else:
                trading.transfer(decks, src, dst, code)
    return owed


def tiles_got(got: tuple[int, ...]) -> tuple[int, int]:
    """The water and gear tiles among things received (acquired, when during one's turn)."""
    return sum(1 for c in got if c == WATER_ITEM), sum(1 for c in got if c < WATER_ITEM)


def window_order(order: list[int], turn_index: int) -> list[int]:
    """Trading and skill set exchanges "at any time" (Trading; Available Actions), made finite:
    after each turn every other hiker, in turn order from the one after, may make one offer."""
    n = len(order)
    return [order[(turn_index + i) % n] for i in range(1, n)]


class Offers:
    """The trading in progress: the offer being made, as (offerer, receiver[, gives[, gets]]);
    the offers the hiker whose turn it is may still make; the decision the offer interrupted
    (to go back to); the hikers still to decide in the window after a turn; and the scenic
    tokens an accepted offer still owes, (giver, receiver) each."""

    __slots__ = ("offer", "left", "back", "window", "scenic_owed")
    HANDLES = ("trade", "ask", "give", "get", "propose", "accept", "decline", "scenic", "pass")

    def __init__(self, left: int) -> None:
        self.offer: tuple = ()
        self.left = left
        self.back = -1
        self.window: tuple[int, ...] = ()
        self.scenic_owed: tuple[tuple[int, int], ...] = ()

    def clone(self) -> Offers:
        c = Offers.__new__(Offers)
        c.offer, c.left, c.back = self.offer, self.left, self.back
        c.window, c.scenic_owed = self.window, self.scenic_owed  # tuples: replaced, never changed
        return c

    def new_turn(self, left: int) -> None:
        self.offer, self.left, self.back = (), left, -1

    def unanswered(self) -> bool:
        """An offer made and not yet accepted: what it shows is still in the offerer's hand (an
        accepted one still open while scenic tokens are handed over has been settled)."""
        return bool(self.offer) and not self.scenic_owed

    def deciding(self, phase: int) -> int:
        """Who decides in a trading phase: the offerer makes the offer, the receiver answers it,
        the next hiker of the window offers or passes, the giver picks the scenic token."""
        if phase == TRADE_ANSWER:
            return self.offer[1]
        if phase == TRADE_WINDOW:
            return self.window[0]
        if phase == GIVE_SCENIC:
            return self.scenic_owed[0][0]
        return self.offer[0]

    # the choices
    def offer_actions(self, g, phase: int) -> list[tuple]:
        offerer, receiver, gives, gets = self.offer
        bounds = (self.hand_bound(g, offerer), self.hand_bound(g, receiver))
        composing = "answer" if phase == TRADE_ANSWER else "get" if phase == TRADE_GET else "give"
        mine, theirs = g.pack(offerer), g.pack(receiver)
        return offer_actions(g.rules, composing, mine, theirs, gives, gets, bounds)

    def trade_actions(self, g, seat: int) -> list[tuple]:
        if not self.left:
            return []
        partners = self.partners(g, seat)  # first: most of the time there is none
        if not partners:
            return []
        return trade_actions(g.pack(seat), {s: g.pack(s) for s in partners})

    def window_actions(self, g, seat: int) -> list[tuple]:
        if not g.in_park(seat):
            return []
        r = g.rules
        partners = self.partners(g, seat) if r.trade_window and r.trade_offers else []
        return window_actions(g.set_actions(seat), g.pack(seat), partners)

    def partners(self, g, seat: int) -> list[int]:
        """Hikers still in the park and in the same region (players who have left cannot trade)."""
        region = g.region_of(seat)
        return [s for s in range(g.n) if s != seat and g.in_park(s) and g.region_of(s) == region]

    def hand_bound(self, g, seat: int) -> bool:
        return hand_bound(seat, g.seat_now, g.stage == WINDOW)

    def scenic_actions(self, g) -> list[tuple]:
        giver = self.scenic_owed[0][0]
        park = g.board.park
        choices = trading.scenic_choices(g.pack(giver), park.scenic, park.region)
        return [("scenic", x) for x in choices]

    # composing and answering an offer
    def do_trade(self, g, seat: int, partner: int) -> None:
        self.open(g, seat, partner)

    def do_ask(self, g, seat: int, partner: int) -> None:
        self.open(g, partner, seat)

    def open(self, g, offerer: int, receiver: int) -> None:
        if g.stage != WINDOW:  # the window allows one offer a hiker on its own
            self.left -= 1
        self.back = g.prev_phase
        self.offer = (offerer, receiver, (), ())
        g.phase = TRADE_GIVE

    def do_give(self, g, seat: int, code: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self.offer = (offerer, receiver, (*gives, code), gets)
        g.phase = TRADE_GIVE

    def do_get(self, g, seat: int, code: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self.offer = (offerer, receiver, gives, (*gets, code))
        g.phase = TRADE_GET

    def do_propose(self, g, seat: int) -> None:
        g.phase = TRADE_ANSWER

    def do_accept(self, g, seat: int) -> None:
        offerer, receiver, gives, gets = self.offer
        mine, theirs = g.pack(offerer), g.pack(receiver)
        self.scenic_owed += tuple(
            settle(g.rules.decks, offerer, receiver, mine, theirs, gives, gets)
        )
        g.complete_columns(receiver)  # a traded token can complete a column
        g.complete_columns(offerer)
        if g.stage != WINDOW:  # a tile acquired by trade during one's turn counts as acquired
            turn = g.seat_now
            got = gives if turn == receiver else gets if turn == offerer else ()
            water, gear = tiles_got(got)
            g.afternoon.water_today += water
            g.afternoon.gear_today += gear
        g.trades[offerer] += 1
        g.trades[receiver] += 1
        g.record(
            ("between turns, " if g.stage == WINDOW else "")
            + f"{g.who(offerer)} trades {trading.texts(gives)} to {g.who(receiver)} "
            f"for {trading.texts(gets)}"
        )
        self.hand_over_scenic(g)

    def hand_over_scenic(self, g) -> None:
        """Traded scenic tokens: the giver chooses which (only one kind held: no choice)."""
        while self.scenic_owed:
            legal = self.scenic_actions(g)
            if len(legal) > 1:
                g.phase = GIVE_SCENIC
                return
            self.give_scenic(g, legal[0][1])
        self.close(g)

    def give_scenic(self, g, space: int) -> None:
        (giver, receiver), self.scenic_owed = self.scenic_owed[0], self.scenic_owed[1:]
        trading.give_scenic(g.pack(giver), g.pack(receiver), space)
        g.record(f"{g.who(giver)} hands over the scenic token of {g.space_name(space)}")

    def do_scenic(self, g, seat: int, space: int) -> None:
        self.give_scenic(g, space)
        self.hand_over_scenic(g)

    def do_decline(self, g, seat: int) -> None:
        offerer, receiver, gives, gets = self.offer
        g.record(
            f"{g.who(receiver)} declines {g.who(offerer)}'s offer of "
            f"{trading.texts(gives)} for {trading.texts(gets)}"
        )
        self.close(g)

    def close(self, g) -> None:
        self.offer = ()
        back, self.back = self.back, -1
        if back == PAY:  # back to the challenge, which a trade may have settled
            g.challenge.again(g)
        elif back == HAND:  # the end of the turn checks the hand again
            g.stage = END_TURN
        elif back == TRADE_WINDOW:  # that hiker's one offer is made: the next one decides
            self.window = self.window[1:]
        else:
            g.phase = back

    # the window after a turn
    def do_pass(self, g, seat: int) -> None:
        self.window = self.window[1:]

    def open_window(self, g) -> None:
        """Trading and skill set exchanges "at any time" (Trading; Available Actions), made
        finite: after each turn every other hiker, in turn order, may make one offer to a hiker
        of its own region, who accepts or declines (with the trading window on), and exchange
        skill cards for tokens (always)."""
        g.stage = WINDOW
        self.window = tuple(window_order(g.order, g.order_index))

    def window_step(self, g) -> None:
        """The next hiker of the window with a choice decides; the others are skipped."""
        while self.window:
            if self.window_actions(g, self.window[0]):
                g.phase = TRADE_WINDOW
                return
            self.window = self.window[1:]
        day.next_turn(g)
