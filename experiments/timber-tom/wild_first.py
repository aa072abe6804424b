"""On the last leg, the Wild card first (shipped, issue 11), or a supply pack first and the Wild
last (the walkers before it, kept here to measure against)? A drawn finish counts a pack 1.5
points and the Wild card nothing. Measured paired on shared seeds, as ``planting.py``. Run:

    .venv/bin/python experiments/timber-tom/wild_first.py --strategy trailblazer --players 2
"""

from __future__ import annotations

from simkit.core import paired
from simkit.strategies.timber_tom import Trailblazer, _Walker

GAME = "timber-tom"


def _old_trade(self, view, legal):
    """``_Walker._trade`` before the fix: a pack or a flight token before the Wild card, on the
    last leg too (the shipped rule with the Wild out of reach, then with it)."""
    without_wild = [a for a in legal if a != ("extra", "wild")]
    return _Walker._trade(self, view, without_wild) or _Walker._trade(self, view, legal)


class TrailblazerBefore(Trailblazer):
    """``trailblazer`` trading as before the fix, for the audit: ``--strategy
    wild_first:TrailblazerBefore`` with this folder on ``PYTHONPATH``."""

    _trade = _old_trade


def before_the_fix(player):
    """``player`` trading the Wild card last, as before the fix."""
    return paired.earlier_form(player, _trade=_old_trade)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "trailblazer", "Wild-first trading")
