"""On the last leg, the Wild card first (shipped, issue 11), or a supply pack first and the Wild
last (the walkers before it, kept here to measure against)? A drawn finish counts a pack 1.5
points and the Wild card nothing. Measured paired on shared seeds, as ``planting.py``. Run:

    .venv/bin/python experiments/timber-tom/wild_first.py --strategy trailblazer --players 2
"""

from __future__ import annotations

from simkit.core import paired
from simkit.strategies.timber_tom import Trailblazer, _target

GAME = "timber-tom"


def _old_trade(self, view, legal):
    """``_Walker._trade`` before the fix: a pack or a flight before the Wild card, on the last
    leg too."""
    me, b = view.seat, view.board
    home = _target(view, me) == (b.camp,)
    if not (home or self.trade_to_treasure):
        return None
    dist = self._walk_field(view)
    here = view.positions[me]
    need = 0 if home else self._pack_need(view)
    spare = max(0, view.supply_packs[me] - need)
    flights = view.heli_flights[me] if (home or self.spend_flights) else 0
    wild = 2 if view.wild_cards[me] and not view.wild_active else 0
    if not 0 < dist[here] <= spare + 2 * flights + wild or self._good_end(view, legal):
        return None
    if ("extra", "pack") in legal and spare and (dist[here] % 2 or not flights):
        return ("extra", "pack")
    if ("extra", "flight") in legal and flights:
        return ("extra", "flight")
    if ("extra", "wild") in legal and wild:
        return ("extra", "wild")
    return None


class TrailblazerBefore(Trailblazer):
    """``trailblazer`` trading as before the fix, for the audit: ``--strategy
    wild_first:TrailblazerBefore`` with this folder on ``PYTHONPATH``."""

    _trade = _old_trade


def before_the_fix(player):
    """``player`` trading the Wild card last, as before the fix."""
    return paired.earlier_form(player, _trade=_old_trade)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "trailblazer", "Wild-first trading")
