"""Trade offers (Trading): the choices while an offer is composed and answered, the window of
offers after each turn, and settling an accepted offer. What may be
traded and whether an offer fits is :mod:`~simkit.games.hike_it.trading`'s, on packs; the
engine's handlers (``HikeState._do_trade`` ...) pass in the packs and seats."""

from __future__ import annotations

from simkit.games.hike_it import trading
from simkit.games.hike_it.data import WATER_ITEM
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
