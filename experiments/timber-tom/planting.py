"""Where a walker plants its trees: where the rival cannot walk round them (shipped, issue 11), or
on the first space of the rival's walk ``ahead`` spaces out (the walkers before it, kept here to
measure against)? Measured paired on shared seeds.

Every seed is played twice with the seats of the two swapped (``simkit.core.paired``), so each
pair of games gives the shipped walker's win share with the seating balanced. Python engine: the
old rule has no compiled form. Run:

    .venv/bin/python experiments/timber-tom/planting.py --strategy trailblazer --players 2
"""

from __future__ import annotations

import numpy as np

from simkit.core import paired
from simkit.games.timber_tom import fast_searches
from simkit.strategies.timber_tom import Trailblazer, _target

GAME = "timber-tom"


def _old_plant(self, view, legal, rng):
    """The walkers' planting before issue 11: off their own way, on the first open space of the
    rival's walk to its goal ``ahead`` spaces out, else the open space nearest the rival."""
    mine = self._own_ways(view)
    spaces = np.array([a[1] for a in legal], dtype=np.int64)
    kept = spaces[(spaces >= 0) & ~mine[spaces]]
    if kept.size:
        spaces = kept
    rival = self._rival(view)
    if rival < 0:
        return ("plant", int(spaces[rng.below(len(spaces))]))
    dist = self._field_array(view, _target(view, rival), False)
    route = fast_searches.downhill(view.board, dist, view.positions[rival], 40)
    open_ = np.zeros(len(mine), dtype=np.bool_)
    open_[spaces[spaces >= 0]] = True
    return ("plant", self._on_way_or_near(view, spaces, open_, route, rival))


class TrailblazerBefore(Trailblazer):
    """``trailblazer`` planting as before the fix, for the audit: ``--strategy
    planting:TrailblazerBefore`` with this folder on ``PYTHONPATH``."""

    _plant = _old_plant


def before_the_fix(player):
    """``player`` as it planted before the fix (the same parameters, the same walking)."""
    return paired.earlier_form(player, _plant=_old_plant)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "trailblazer", "planting")
