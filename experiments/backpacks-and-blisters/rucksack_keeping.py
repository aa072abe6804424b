"""How long should a carrier who decides every vote keep the Heavy Rucksack? Until it is home from
4 p.m., paying a point of pace every turn till then (shipped, issue 11), or for the hero's 5 points
whenever it can get home at all, less two turns' pace (the planners before it, kept here to
measure against: kept from 11 a.m., the Rucksack slowed every card for the rest of the day).
Measured paired on shared seeds, as ``experiments/timber-tom/planting.py``. Run:

    .venv/bin/python experiments/backpacks-and-blisters/rucksack_keeping.py --players 2
"""

from __future__ import annotations

import math

from simkit.core import paired
from simkit.strategies import backpacks_and_blisters as bb

GAME = "backpacks-and-blisters"
_Plan = bb._Plan


class _PlanBefore(_Plan):
    def rucksack_gain(self, seat: int) -> float:
        """``_Plan.rucksack_gain`` before the fix: a carrier deciding every vote counts the hero's
        points less two turns' pace, however many turns it carries the Rucksack for them."""
        if not self.keeps_at_will(seat) or self.view.positions[seat] in (-1, self.board.start):
            return _Plan.rucksack_gain(self, seat)
        v, b, r = self.view, self.board, self.rules
        space = v.positions[seat]
        if math.ceil(bb.home_turns(b, 1.2, 0.6)[space]) + 1 > self.turns_after:
            return bb.STRANDED
        slow = self.style.rucksack_caution
        pace = bb.home_turns(b, self.style.home_circles - slow, self.style.home_triangles - slow)
        home = math.ceil(pace[space])
        burden = -1.0 * r.rucksack_turns
        last = v.turn + self.turns_after
        if home <= self.turns_after and last >= b.return_from_turn and v.turn + home < b.n_turns:
            return r.rucksack_hero + burden / 2
        return burden


def _choose_before(self, view, legal_actions, rng):
    """The planner's choice with the earlier ``rucksack_gain`` (its plan is a ``_PlanBefore``)."""
    bb._Plan = _PlanBefore
    try:
        return bb.Planner.choose(self, view, legal_actions, rng)
    finally:
        bb._Plan = _Plan


class PeakBaggerBefore(bb.PeakBagger):
    """``peak-bagger`` as before the fix, for the audit: ``--strategy
    rucksack_keeping:PeakBaggerBefore`` with this folder on ``PYTHONPATH``."""

    choose = _choose_before


def before_the_fix(player):
    """``player`` keeping the Rucksack as before the fix (the same parameters otherwise)."""
    return paired.earlier_form(player, choose=_choose_before)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "peak-bagger", "Rucksack keeping")
